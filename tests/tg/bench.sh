#!/bin/bash
# bench.sh: not a test.  Updates per second through the whole Telegram
# path: the fake Bot API on loopback, getUpdates long polling, the game
# service's transactions, the outbox rendered and sent back.  GAMES (10)
# recorded games are played at once in GAMES groups; then, for latency,
# LAT (300) updates are fed one at a time and the time from queueing to
# Telegram's confirmation (the next getUpdates after the commit) measured.
. "${abs_top_srcdir:-${top_srcdir:-.}}/tests/tg/lib.sh"

games=${GAMES:-10}
lat=${LAT:-300}
fake_start
"$TACCTL" sim --games "$((games + 1))" --seed 7 --record rec >/dev/null
for ((g = 1; g <= games; g++)); do
	"$MKSTREAM" "rec/game-$(printf %06d "$g").json" "c$g" "$g" "$games"
done | sort -t: -k2 -n >stream
node "$TG_DIR/tgstream.js" stream >updates.json
total=$(wc -l <stream)
last=$(sed -n '$s/.*"update_id":\([0-9]*\).*/\1/p' stream)
tgconf tacd.conf "$scratch/db"
tacd_start tacd.conf tacd.log
wait_until "grep -q 'polling from' tacd.log 2>/dev/null" 10
t0=$(date +%s%N)
ctl /ctl/updates @updates.json >/dev/null
wait_until "[ \"\$(state_get s.confirmed)\" -ge $last ]" 600 ||
    echo "bench: not all updates were confirmed"
t1=$(date +%s%N)
prev=-1
wait_until '[ "$(state_get s.sent)" -eq "$prev" ] ||
    { prev=$(state_get s.sent); false; }' 600
t2=$(date +%s%N)
sent=$(state_get s.sent)
in_ms=$(((t1 - t0) / 1000000))
all_ms=$(((t2 - t0) / 1000000 - 1000))	# less the quiet second
echo "bench: $total updates of $games games in $in_ms ms:" \
    "$((total * 1000 / (in_ms > 0 ? in_ms : 1))) updates/s committed"
echo "bench: $sent messages sent by $all_ms ms:" \
    "$((sent * 1000 / (all_ms > 0 ? all_ms : 1))) messages/s"

# Latency: one update at a time, each a /board in the first game's group.
before=$(state_get s.nlat)
for ((i = 1; i <= lat; i++)); do
	id=$((last + i))
	ctl /ctl/updates "[{\"update_id\": $id, \"message\": {\"message_id\": $id,
	    \"from\": {\"id\": 1001, \"first_name\": \"B\"}, \"chat\": {\"id\": -1001,
	    \"type\": \"group\"}, \"text\": \"/board\"}}]" >/dev/null
	wait_until "[ \"\$(state_get s.confirmed)\" -ge $id ]" 30 || break
done
n=$(($(state_get s.nlat) - before))
FAKE_CTL=$FAKE_URL/ctl/state?last=$n
echo "bench: latency of $n single updates, queued to confirmed:" \
    "p50 $(ctl '' | sed -n 's/.*"p50":\([0-9]*\).*/\1/p') ms," \
    "p99 $(ctl '' | sed -n 's/.*"p99":\([0-9]*\).*/\1/p') ms"
FAKE_CTL=$FAKE_URL
tacd_stop
"$TACCTL" -f tacd.conf verify >/dev/null && echo "bench: the games verify"
finish
