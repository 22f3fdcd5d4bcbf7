#!/bin/bash
# hookflood.sh: the webhook server under attack from anyone who can reach
# its port (no secret needed), with tacd held to 256 descriptors (ulimit
# -n, as a tight LimitNOFILE would): 1,100 idle connections at once, then
# 50 clients that trickle a request one byte a second, then idle floods
# past the descriptor limit itself (webhook_max_connections above it).
# Throughout, real updates posted with the secret are answered 200 and
# applied once each (one lobby per group, each update posted twice),
# tacd's log stays small, and slow requests are cut after the deadline
# (10 s in all), not before.
#
# Each flood presses until the real updates are answered (tests/tg/
# flood.js opens again what tacd closes, until told to stop), and each
# check is of a state or an order: a real update is answered while the
# flood presses, never "within so many seconds"; a tacd that starved it
# would not answer before the flood stops, and the hang guard would end
# the test.  How fast the answers come and how much CPU tacd spends
# meanwhile are printed, not asserted; make bench-flood holds each flood
# HOOKFLOOD_HOLD seconds (15) and prints those figures.
. "${abs_top_srcdir:-${top_srcdir:-.}}/tests/tg/lib.sh"

fake_start
port=$(node -e 'const s=require("net").createServer().listen(0,
    "127.0.0.1",()=>{console.log(s.address().port);s.close()})')
printf 'hook-secret_0123456789\n' >secret
chmod 600 secret
hz=$(getconf CLK_TCK)
posted=0 retried=0

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
	wait_until "grep -q 'webhook on' $log || ! kill -0 $TACD_PID" &&
	    grep -q 'webhook on' "$log" ||
	    { echo "the webhook server did not start"; cat "$log"; exit 1; }
}

# Post a real update (a /new in a group of its own) twice, as Telegram
# may; add the milliseconds until the first answer to $delays (printed,
# not asserted) and its status to $statuses.  A delivery whose connection
# tacd closed before it was read (a sender connects, then writes: until
# its bytes come it is as idle as the flood's, and the oldest over the
# cap goes) is tried again, as Telegram tries a failed delivery again, at
# most twice; $retried counts those (printed).  A tacd that starved the
# real updates fails all three.
real_update() {
	local n=$((posted + 1)) req t0 st r try

	req=$(printf '{"url": "http://127.0.0.1:%d/", "secret": "%s", "body":
	    {"update_id": %d, "message": {"message_id": %d, "from": {"id": %d,
	    "first_name": "P%d"}, "chat": {"id": -%d, "type": "group",
	    "title": "G%d"}, "text": "/new"}}}' "$port" \
	    hook-secret_0123456789 "$n" "$n" "$((100 + n))" "$n" \
	    "$((500 + n))" "$n")
	t0=$(date +%s%N)	# not asserted: printed
	for try in 1 2 3; do
		r=$(ctl /ctl/webhook "$req")
		st=$(echo "$r" | sed -n 's/.*"status":\([0-9]*\).*/\1/p')
		[ "$st" = 0 ] || break
		echo "update $n, delivery $try: $r"
		retried=$((retried + 1))
	done
	posted=$n
	statuses="$statuses ${st:-none}"
	delays="$delays $((($(date +%s%N) - t0) / 1000000))"	# not asserted
	[ "$st" = 200 ] && ctl /ctl/webhook "$req" >/dev/null
}

# Was every real update since statuses was emptied answered 200?
answered() {
	[ -n "$statuses" ] && [ -z "$(echo $statuses | tr ' ' '\n' |
	    grep -vx 200)" ]
}

# One number out of flood.js's last line: flood_get FILE KEY.
flood_get() {
	node -e 'const l=require("fs").readFileSync(process.argv[1], "utf8")
	    .trim().split("\n").filter((x) => x.startsWith("{"));
	    console.log(JSON.parse(l[l.length - 1])[process.argv[2]])' "$1" "$2"
}

# Start flood.js: flood_start FILE COUNT MODE; $flood is its pid.  Wait
# until every connection is made (or refused), but in mode again, whose
# connections past the descriptor limit may take a minute of SYN retries
# to be refused.
flood_start() {
	node "$TG_DIR/flood.js" "$port" "$2" "$3" >"$1" &
	flood=$!
	[ "$3" = again ] ||
	    wait_until "grep -q '^ready' $1 || ! kill -0 $flood"
}

# Ask the running flood for its numbers (SIGUSR1): the new last line of
# FILE.
flood_now() {
	local n

	n=$(grep -c . "$1")
	kill -USR1 "$flood"
	wait_until "[ \$(grep -c . $1) -gt $n ] || ! kill -0 $flood"
}

# Hold the flood as make bench-flood asks (HOOKFLOOD_HOLD seconds), then
# release it (SIGUSR2) and wait for its end.
flood_end() {
	[ -n "${HOOKFLOOD_HOLD:-}" ] && sleep "$HOOKFLOOD_HOLD"	# not asserted: the bench's
	kill -USR2 "$flood"
	wait "$flood"
}

# tacd's CPU time so far, in clock ticks (user + system): printed only.
ticks() {
	awk '{ print $14 + $15 }' "/proc/$TACD_PID/stat"	# not asserted
}

# tacd's CPU between two tick counts and times (ns): "P% (T ticks in S s)".
cpu_use() {
	echo "$((($2 - $1) * 100 * 1000000000 / hz / ($4 - $3)))% ($(($2 - $1))" \
	    "ticks in $((($4 - $3) / 1000000000)) s)"
}

hook_start tacd1.log
statuses=
real_update
check "a real update before the flood ($delays ms)" answered

# 1. 1,100 idle connections at once, pressing while five real updates
#    are posted; then each still open is probed with a request line: the
#    full listen queue lets tacd see some late, and some never
#    (flood.js), and tacd closes or resets each.
t0=$(date +%s%N) c0=$(ticks)	# not asserted: printed
fds0=$(ls "/proc/$TACD_PID/fd" | wc -l)
fds() { ls "/proc/$TACD_PID/fd" | wc -l; }
flood_start idle.json 1100 idle
check "the flood fills tacd's connections" \
    wait_until "[ \$(fds) -ge $((fds0 + 32)) ]"
# A batch just accepted is over the cap until tacd closes the oldest: a
# state to reach while 1,100 press, which a tacd without a cap never does.
# A burst may pass the cap by its slack (an eighth, at least 4) for a
# second, so that people's requests in flight are not cut: 64 + 8.
check "tacd holds at most 72 connections (64 and a burst's 8) while the flood presses" \
    wait_until "[ \$(fds) -le $((fds0 + 72)) ]"
fds=$(fds)
echo "descriptors: $fds, $fds0 before"
statuses= delays=
for i in 1 2 3 4 5; do
	real_update
done
flood_end
t1=$(date +%s%N) c1=$(ticks)	# not asserted: printed
cpu=$(cpu_use "$c0" "$c1" "$t0" "$t1")
echo "idle flood: $(tail -n 1 idle.json); real updates in ms:$delays; CPU $cpu"
check "real updates were answered while the idle flood pressed ($statuses)" \
    answered
check "all 1,100 connected" [ "$(flood_get idle.json opened)" -ge 1100 ]
check "none left open ($(flood_get idle.json closed) closed by tacd, $(flood_get idle.json lost) reset)" \
    [ "$(flood_get idle.json open)" -eq 0 ]
check "tacd is alive" kill -0 "$TACD_PID"

# 2. Slowloris: 50 requests at a byte a second, under the connection cap,
#    each cut by tacd's deadline (and opened again while the real updates
#    are posted).
t0=$(date +%s%N) c0=$(ticks)	# not asserted: printed
flood_start slow.json 50 slow
statuses= delays=
for i in 1 2 3; do
	real_update
done
flood_end
t1=$(date +%s%N) c1=$(ticks)	# not asserted: printed
cpu=$(cpu_use "$c0" "$c1" "$t0" "$t1")
echo "slow clients: $(tail -n 1 slow.json); real updates in ms:$delays; CPU $cpu"
check "real updates were answered among slow clients ($statuses)" answered
check "every slow client was cut ($(flood_get slow.json closed) cut, $(flood_get slow.json open) left)" \
    bash -c "[ $(flood_get slow.json closed) -ge 50 ] &&
    [ $(flood_get slow.json open) -eq 0 ]"
check "... not before 10 s ($(flood_get slow.json firstClose) ms)" \
    [ "$(flood_get slow.json firstClose)" -ge 9900 ]	# lower bound
check "... before its request was whole ($(flood_get slow.json maxSent) of $(flood_get slow.json request) bytes)" \
    [ "$(flood_get slow.json maxSent)" -lt "$(flood_get slow.json request)" ]
tacd_stop
check "tacd exits 0" [ $? -eq 0 ]

# 3. A limit above the descriptors: accept() itself fails, and tacd
#    pauses it rather than spin.  A real update posted meanwhile waits in
#    the listen queue; once the flood lets go it is answered, not lost.
hook_start tacd2.log webhook_max_connections=1000
t0=$(date +%s%N) c0=$(ticks)	# not asserted: printed
flood_start fds.json 400 again
check "accept() failed and was paused" wait_until \
    "grep -q 'failed accepts paused the listener (Too many open files)' $log"
statuses= delays=
(real_update; echo "$statuses|$delays" >fds.real) &
waiting=$!
posted=$((posted + 1))
flood_now fds.json
pressing=$(flood_get fds.json open)
check "the flood presses past the descriptors ($pressing of its connections open)" \
    [ "${pressing:-0}" -gt 256 ]
check "tacd is alive" kill -0 "$TACD_PID"
flood_end
wait "$waiting"
IFS='|' read -r statuses delays <fds.real
t1=$(date +%s%N) c1=$(ticks)	# not asserted: printed
cpu=$(cpu_use "$c0" "$c1" "$t0" "$t1")
echo "descriptor flood: $(tail -n 1 fds.json); a real update in$delays ms; CPU $cpu"
check "a real update posted at the descriptor limit was answered ($statuses)" \
    answered
check "the flood wrote few lines ($(wc -l <$log))" [ "$(wc -l <$log)" -le 12 ]
statuses= delays=
real_update
check "a real update after the flood ($delays ms)" answered
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
echo "deliveries tried again after tacd closed them unread: $retried"
finish
