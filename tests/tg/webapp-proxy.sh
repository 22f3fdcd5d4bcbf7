#!/bin/bash
# webapp-proxy.sh: the Mini App behind nginx, then behind Caddy, each
# configured with the block tacd(8) shows (taken from the man page
# itself, so the page and the test cannot drift apart): the API checks
# of webapp-api.js, the long poll among them, through each proxy, with a
# fresh fake Bot API and database each time.
. "${abs_top_srcdir:-${top_srcdir:-.}}/tests/tg/lib.sh"

NGINX=$(command -v nginx || echo /usr/sbin/nginx)
CADDY=$(command -v caddy || echo /usr/bin/caddy)
if [ ! -x "$NGINX" ] || [ ! -x "$CADDY" ]; then
	echo "no nginx or no caddy: apt-get install nginx-light caddy"
	exit 1
fi

# The lines of the man page's example after "for NAME:", inside its
# .Bd/.Ed: man_block NAME.
man_block() {
	sed -n "/^$1$/,/^\.Ed$/p" "$top_srcdir/src/tacd.8" | sed '1,2d;$d'
}

# Start tacd with the Mini App on a fresh database; its port in $port.
app_start() {
	[ -n "${FAKE_PID:-}" ] && kill "$FAKE_PID" 2>/dev/null
	fake_start
	port=$(free_port)
	tgconf "tacd-$1.conf" "$scratch/db-$1" \
	    "webapp_listen = 127.0.0.1:$port" \
	    'webapp_url = https://example.test/tac/' \
	    'webapp_short_name = tacboard' 'webapp_max_age = 600'
	tacd_start "tacd-$1.conf" "tacd-$1.log"
	check "$1: the Mini App listens" wait_until \
	    "grep -q 'telegram: webapp on 127.0.0.1:$port' tacd-$1.log"
}

# The API checks through the proxy at BASE; then stop it (PID) and
# tacd: through NAME BASE PID LOG.
through() {
	local rc

	check "$1 answers" wait_until "curl -s -o /dev/null $2/"
	TACD_LOG=tacd-${1,,}.log node "$TG_DIR/webapp-api.js" "$2" \
	    "$FAKE_URL" "$TOKEN" \
	    rec/game-000001.json 600 proxied >"api-$1.out" 2>"api-$1.err"
	rc=$?
	sed "s/^/$1: /" "api-$1.out"
	[ $rc -eq 0 ] || { cat "api-$1.err"; tail -5 "$4"; }
	count_checks "api-$1.out"
	check "$1: the API checks all ran through it" [ $rc -eq 0 ]
	kill "$3" 2>/dev/null
	wait "$3" 2>/dev/null
	check "$1: tacd stops cleanly" tacd_stop
}

button_game

# 1. nginx: the location block inside a server of this run's port.
app_start nginx
nport=$(free_port)
man_block 'for nginx:' | sed "s/127\.0\.0\.1:8081/127.0.0.1:$port/" \
    >location
check "the man page has an nginx location for /tac/" \
    grep -q "^location /tac/ {" location
mkdir -p ngx
{
	printf 'daemon off;\nworker_processes 1;\n'
	printf 'error_log %s/ngx/error.log;\npid %s/ngx/nginx.pid;\n' \
	    "$scratch" "$scratch"
	printf 'events { worker_connections 1024; }\nhttp {\n'
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
through nginx "http://127.0.0.1:$nport/tac" $! ngx/error.log
check "nginx carried the requests" grep -q '"GET /tac/api/games' \
    ngx/access.log

# 2. Caddy: the site block, its name made this run's plain-HTTP address
# (the real one gets its certificate from the network).
app_start caddy
cport=$(free_port)
man_block 'or for Caddy:' | sed -e "1s|^[^ ]* {|http://127.0.0.1:$cport {|" \
    -e "s/127\.0\.0\.1:8081/127.0.0.1:$port/" >Caddyfile
printf '{\n\tadmin off\n\tstorage file_system %s/caddy\n}\n' \
    "$scratch" | cat - Caddyfile >Caddyfile.run
check "the man page has a Caddy block for /tac/*" \
    grep -q 'handle_path /tac/\*' Caddyfile.run
HOME=$scratch XDG_DATA_HOME=$scratch/caddy XDG_CONFIG_HOME=$scratch/caddy \
    "$CADDY" run --adapter caddyfile --config Caddyfile.run >caddy.log 2>&1 &
through Caddy "http://127.0.0.1:$cport/tac" $! caddy.log
finish
