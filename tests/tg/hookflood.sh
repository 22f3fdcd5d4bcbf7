#!/bin/bash
# hookflood.sh: the webhook server under attack from anyone who can reach
# its port (no secret needed), with tacd held to 256 descriptors (ulimit
# -n, as a tight LimitNOFILE would): 1,100 idle connections at once, then
# 50 clients that trickle a request one byte a second, then idle floods
# past the descriptor limit itself (webhook_max_connections above it).
# Throughout, real updates posted with the secret are answered 200 and
# applied once each (one lobby per group, each update posted twice),
# tacd's CPU stays low, its log stays small, and slow requests are cut
# after the deadline (10 s in all).
. "${abs_top_srcdir:-${top_srcdir:-.}}/tests/tg/lib.sh"

fake_start
port=$(node -e 'const s=require("net").createServer().listen(0,
    "127.0.0.1",()=>{console.log(s.address().port);s.close()})')
printf 'hook-secret_0123456789\n' >secret
hz=$(getconf CLK_TCK)
posted=0

# Start tacd with 256 descriptors, logging to $log: hook_start LOG
# [extra configuration lines].
hook_start() {
	log=$1
	shift
	tgconf tacd.conf "$scratch/db" telegram_mode=webhook \
	    "webhook_listen = 127.0.0.1:$port" \
	    "webhook_secret_file = $scratch/secret" "$@"
	: >"$log"
	(ulimit -n 256 && exec "$TACD" -d -f tacd.conf) >"$log" 2>&1 &
	TACD_PID=$!
	wait_until "grep -q 'webhook on' $log" 10 ||
	    { echo "the webhook server did not start"; cat "$log"; exit 1; }
}

# tacd's CPU time so far, in clock ticks (user + system).
ticks() {
	awk '{ print $14 + $15 }' "/proc/$TACD_PID/stat"
}

# Post a real update (a /new in a group of its own) twice, as Telegram
# may; add the milliseconds until the first 200 (or FAIL) to $delays.
real_update() {
	local n=$((posted + 1)) req t0 st

	req=$(printf '{"url": "http://127.0.0.1:%d/", "secret": "%s", "body":
	    {"update_id": %d, "message": {"message_id": %d, "from": {"id": %d,
	    "first_name": "P%d"}, "chat": {"id": -%d, "type": "group",
	    "title": "G%d"}, "text": "/new"}}}' "$port" \
	    hook-secret_0123456789 "$n" "$n" "$((100 + n))" "$n" \
	    "$((500 + n))" "$n")
	t0=$(date +%s%N)
	st=$(ctl /ctl/webhook "$req" | sed -n 's/.*"status":\([0-9]*\).*/\1/p')
	posted=$n
	if [ "$st" != 200 ]; then
		delays="$delays FAIL($st)"
		return
	fi
	delays="$delays $((($(date +%s%N) - t0) / 1000000))"
	ctl /ctl/webhook "$req" >/dev/null
}

# Did every real update since delays was emptied get its 200 in time?
answered() {
	local d

	for d in $delays; do
		case $d in FAIL*) return 1 ;; esac
		[ "$d" -lt "$1" ] || return 1
	done
}

# One number out of flood.js's line: flood_get FILE KEY.
flood_get() {
	node -e 'const o=JSON.parse(require("fs").readFileSync(process.argv[1]));
	    console.log(o[process.argv[2]])' "$1" "$2"
}

# tacd's CPU between two tick counts and times (ns): "P% (T ticks in S s)".
cpu_use() {
	echo "$((($2 - $1) * 100 * 1000000000 / hz / ($4 - $3)))% ($(($2 - $1))" \
	    "ticks in $((($4 - $3) / 1000000000)) s)"
}

hook_start tacd1.log
delays=
real_update
check "a real update before the flood ($delays ms)" answered 5000

# 1. 1,100 idle connections at once, held for 15 s, then each still open
#    probed with a request line and given 12 s more: the full listen queue
#    lets tacd see some late, and some never (flood.js).
t0=$(date +%s%N) c0=$(ticks)
fds0=$(ls "/proc/$TACD_PID/fd" | wc -l)
node "$TG_DIR/flood.js" "$port" 1100 idle 15 12 >idle.json &
flood=$!
sleep 3
fds=$(ls "/proc/$TACD_PID/fd" | wc -l)
check "tacd holds at most 64 connections ($fds descriptors, $fds0 before)" \
    [ "$fds" -le $((fds0 + 64)) ]
delays=
for i in 1 2 3 4 5; do
	real_update
	sleep 1
done
wait "$flood"
t1=$(date +%s%N) c1=$(ticks)
cpu=$(cpu_use "$c0" "$c1" "$t0" "$t1")
echo "idle flood: $(cat idle.json); real updates in ms:$delays; CPU $cpu"
check "real updates were answered within 5 s during the idle flood" \
    answered 5000
check "all 1,100 connected" [ "$(flood_get idle.json opened)" -eq 1100 ]
check "none left open ($(flood_get idle.json closed) closed by tacd, $(flood_get idle.json lost) reset)" \
    [ "$(flood_get idle.json open)" -eq 0 ]
check "tacd's CPU stayed under 20% ($cpu)" [ "${cpu%%%*}" -lt 20 ]
check "tacd is alive" kill -0 "$TACD_PID"

# 2. Slowloris: 50 requests at a byte a second, under the connection cap.
t0=$(date +%s%N) c0=$(ticks)
node "$TG_DIR/flood.js" "$port" 50 slow 16 >slow.json &
flood=$!
sleep 2
delays=
for i in 1 2 3; do
	real_update
	sleep 1
done
wait "$flood"
t1=$(date +%s%N) c1=$(ticks)
cpu=$(cpu_use "$c0" "$c1" "$t0" "$t1")
echo "slow clients: $(cat slow.json); real updates in ms:$delays; CPU $cpu"
check "real updates were answered within 5 s among slow clients" \
    answered 5000
check "every slow client was cut" [ "$(flood_get slow.json closed)" -eq 50 ]
check "... not before 10 s ($(flood_get slow.json firstClose) ms)" \
    [ "$(flood_get slow.json firstClose)" -ge 9900 ]
check "... nor long after ($(flood_get slow.json lastClose) ms)" \
    [ "$(flood_get slow.json lastClose)" -le 12500 ]
check "tacd's CPU stayed under 20% ($cpu)" [ "${cpu%%%*}" -lt 20 ]
tacd_stop
check "tacd exits 0" [ $? -eq 0 ]

# 3. A limit above the descriptors: accept() itself fails, for 13 s.
hook_start tacd2.log webhook_max_connections=1000
t0=$(date +%s%N) c0=$(ticks)
node "$TG_DIR/flood.js" "$port" 400 again 13 >fds.json &
flood=$!
sleep 3
delays=
real_update
wait "$flood"
t1=$(date +%s%N) c1=$(ticks)
cpu=$(cpu_use "$c0" "$c1" "$t0" "$t1")
echo "descriptor flood: $(cat fds.json); a real update in$delays ms; CPU $cpu"
check "accept() failed and was paused" \
    grep -q 'failed accepts paused the listener (Too many open files)' $log
check "a real update was answered within 15 s at the descriptor limit" \
    answered 15000
check "tacd's CPU stayed under 20% ($cpu)" [ "${cpu%%%*}" -lt 20 ]
check "the flood wrote few lines ($(wc -l <$log))" [ "$(wc -l <$log)" -le 12 ]
delays=
real_update
check "a real update after the flood ($delays ms)" answered 5000
tacd_stop
check "tacd exits 0" [ $? -eq 0 ]

# Nothing lost, nothing doubled: one lobby per real update, in its group.
"$TACCTL" -f tacd.conf games >games
check "every real update made its lobby ($posted)" \
    [ "$(grep -c lobby games)" -eq "$posted" ]
for ((i = 1; i <= posted; i++)); do
	[ "$(grep -c " telegram:-$((500 + i))\$" games)" -eq 1 ] ||
	    bad "group -$((500 + i)) has one lobby"
done
check "the logs are small ($(cat tacd[12].log | wc -c) bytes)" \
    [ "$(cat tacd[12].log | wc -c)" -lt 20000 ]
check "the secret is in no log" bash -c "! grep -q hook-secret tacd[12].log"
check "no crash" bash -c \
    "! grep -Eq 'AddressSanitizer|runtime error|fatal' tacd[12].log"
finish
