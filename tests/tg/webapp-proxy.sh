#!/bin/bash
# webapp-proxy.sh: the Mini App behind nginx, configured with the
# location block tacd(8) shows (taken from the man page itself, so the
# page and the test cannot drift apart): the API checks of webapp-api.js,
# the long poll among them, all through the proxy.
. "${abs_top_srcdir:-${top_srcdir:-.}}/tests/tg/lib.sh"

if ! command -v nginx >/dev/null && [ ! -x /usr/sbin/nginx ]; then
	echo "no nginx: install Debian's nginx-light (bash .ci/deps does it)"
	exit 1
fi
NGINX=$(command -v nginx || echo /usr/sbin/nginx)

# A free port on 127.0.0.1.
free_port() {
	node -e 'const s=require("net").createServer().listen(0,
	    "127.0.0.1",()=>{console.log(s.address().port);s.close()})'
}

fake_start
button_game
port=$(free_port)
nport=$(free_port)
tgconf tacd.conf "$scratch/db" "webapp_listen = 127.0.0.1:$port" \
    'webapp_url = https://example.test/tac/' 'webapp_short_name = tacboard' \
    'webapp_max_age = 600'
tacd_start tacd.conf tacd.log
check "the Mini App listens" wait_until \
    "grep -q 'telegram: webapp on 127.0.0.1:$port' tacd.log" 20

# The man page's nginx block, between "for nginx:" and its .Ed, with the
# example port replaced by this run's.
sed -n '/^for nginx:$/,/^\.Ed$/p' "$top_srcdir/src/tacd.8" |
    sed '1,2d;$d' | sed "s/127\.0\.0\.1:8081/127.0.0.1:$port/" >location
check "the man page has an nginx location for /tac/" \
    grep -q "^location /tac/ {" location
mkdir -p ngx
{
	printf 'daemon off;\nworker_processes 1;\n'
	printf 'error_log %s/ngx/error.log;\npid %s/ngx/nginx.pid;\n' \
	    "$scratch" "$scratch"
	printf 'events { worker_connections 256; }\nhttp {\n'
	printf '\taccess_log %s/ngx/access.log;\n' "$scratch"
	for t in client_body proxy fastcgi uwsgi scgi; do
		printf '\t%s_temp_path %s/ngx/%s;\n' "$t" "$scratch" "$t"
	done
	printf '\tserver {\n\t\tlisten 127.0.0.1:%d;\n' "$nport"
	cat location
	printf '\t}\n}\n'
} >ngx/nginx.conf
"$NGINX" -t -p "$scratch/ngx" -c "$scratch/ngx/nginx.conf" >ngx/t.out 2>&1
check "nginx takes the configuration" [ $? -eq 0 ]
"$NGINX" -p "$scratch/ngx" -c "$scratch/ngx/nginx.conf" 2>ngx/run.err &
npid=$!
check "nginx answers" wait_until \
    "curl -s -o /dev/null http://127.0.0.1:$nport/tac/" 10

node "$TG_DIR/webapp-api.js" "http://127.0.0.1:$nport/tac" "$FAKE_URL" \
    "$TOKEN" rec/game-000001.json 600 proxied >api.out 2>api.err
rc=$?
cat api.out
[ $rc -eq 0 ] || { cat api.err; tail -5 ngx/error.log; }
count_checks api.out
check "the API checks all ran through nginx" [ $rc -eq 0 ]
check "nginx carried the requests" grep -q '"GET /tac/api/games' \
    ngx/access.log
kill "$npid" 2>/dev/null
wait "$npid" 2>/dev/null
check "tacd stops cleanly" tacd_stop
finish
