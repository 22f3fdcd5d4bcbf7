#!/bin/bash
# bench.sh: not a test.  Updates per second through the whole Telegram
# path: the fake Bot API on loopback, getUpdates long polling, the game
# service's transactions, the outbox rendered and sent back.  GAMES (10)
# recorded games are played at once in GAMES groups; FAKE_LATENCY_MS (0)
# delays every answer of the fake API, as a round trip to Telegram does
# (150 is a normal one from a server).  While their messages go out, a
# person in a new private chat asks /help every PROBE_MS (250) ms and
# the time to the bot's reply is measured; then each group's move lines
# are checked against its game's log, in order.  Last, for latency, LAT
# (300) updates are fed one at a time and the time from queueing to
# Telegram's confirmation (the next getUpdates after the commit) measured.
# Ten games take a while: the waits' hang guard is 15 minutes.
HANG_GUARD=${HANG_GUARD:-900}
. "${abs_top_srcdir:-${top_srcdir:-.}}/tests/tg/lib.sh"

games=${GAMES:-10}
lat=${LAT:-300}
probe_ms=${PROBE_MS:-250}
echo "bench: fake API latency ${FAKE_LATENCY_MS:-0} ms per call"
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
wait_until "grep -q 'polling from' tacd.log 2>/dev/null"
t0=$(date +%s%N)
ctl /ctl/updates @updates.json >/dev/null
wait_until "[ \"\$(state_get s.confirmed)\" -ge $last ]" ||
    echo "bench: not all updates were confirmed"
t1=$(date +%s%N)
# Probes from new private chats (ids 900001 on) while the games' messages
# go out, until nothing more is sent for a second.
prev=-1 p=0
while :; do
	p=$((p + 1))
	ctl /ctl/updates "[{\"message\": {\"message_id\": 1, \"from\":
	    {\"id\": $((900000 + p)), \"first_name\": \"Probe\"}, \"chat\":
	    {\"id\": $((900000 + p)), \"type\": \"private\"}, \"text\":
	    \"/help\"}}]" >/dev/null
	sleep "$(printf '0.%03d' "$probe_ms")"
	cur=$(state_get 's.sent - s.probes')
	if [ "$cur" -eq "$prev" ]; then
		sleep 1
		[ "$(state_get 's.sent - s.probes')" -eq "$cur" ] && break
	fi
	prev=$cur
	[ $(( ($(date +%s%N) - t0) / 1000000000 )) -gt 1200 ] && break
done
t2=$(date +%s%N)
sent=$(state_get 's.sent - s.probes')
in_ms=$(((t1 - t0) / 1000000))
all_ms=$(((t2 - t0) / 1000000 - 1000))	# less the quiet second
echo "bench: $total updates of $games games in $in_ms ms:" \
    "$((total * 1000 / (in_ms > 0 ? in_ms : 1))) updates/s committed"
echo "bench: $sent messages sent by $all_ms ms:" \
    "$((sent * 1000 / (all_ms > 0 ? all_ms : 1))) messages/s"
FAKE_CTL="$FAKE_URL/ctl/replies?from=900001&to=999999"
r=$(ctl '')
FAKE_CTL=$FAKE_URL
echo "bench: $p probes meanwhile, update to first reply:" \
    "p50 $(sed -n 's/.*"p50":\([0-9]*\).*/\1/p' <<<"$r") ms," \
    "p99 $(sed -n 's/.*"p99":\([0-9]*\).*/\1/p' <<<"$r") ms," \
    "max $(sed -n 's/.*"max":\([0-9]*\).*/\1/p' <<<"$r") ms," \
    "$(sed -n 's/.*"n":\([0-9]*\).*/\1/p' <<<"$r") answered"
curl -s "$FAKE_URL/ctl/sent" >sent.json
inorder=0
for ((g = 1; g <= games; g++)); do
	node "$TG_DIR/order.js" sent.json "rec/game-$(printf %06d "$g").json" \
	    "$( [ $g -eq 1 ] && echo -1001 || echo "-$((1000 + g))")" \
	    >order.out && inorder=$((inorder + 1))
	[ $g -eq 1 ] && cat order.out
done
echo "bench: $inorder of $games groups got their move lines in order"

# Latency: one update at a time, each a /board in the first game's group.
before=$(state_get s.nlat)
for ((i = 1; i <= lat; i++)); do
	id=$((last + i))
	ctl /ctl/updates "[{\"update_id\": $id, \"message\": {\"message_id\": $id,
	    \"from\": {\"id\": 1001, \"first_name\": \"B\"}, \"chat\": {\"id\": -1001,
	    \"type\": \"group\"}, \"text\": \"/board\"}}]" >/dev/null
	wait_until "[ \"\$(state_get s.confirmed)\" -ge $id ]" || break
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
