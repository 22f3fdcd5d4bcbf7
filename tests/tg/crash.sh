#!/bin/bash
# crash.sh: kill -9 tacd again and again while it takes a recorded game's
# updates from the fake Bot API, and restart it each time.  Telegram
# forgets an update only when a later getUpdates confirms it, and tacd
# asks from the offset its database committed, so an update received but
# not confirmed comes again after a kill: the game's log must still equal
# the record, with no move lost or applied twice.
#
# KILLS (default 20) sets how many kills must hit a running tacd.
. "${abs_top_srcdir:-${top_srcdir:-.}}/tests/tg/lib.sh"

kills_wanted=${KILLS:-20}
seed=${SEED:-26}
RANDOM=$seed
fake_start
"$TACCTL" sim --games 1 --seed "$seed" --record rec >/dev/null
"$MKSTREAM" rec/game-000001.json >stream
node "$TG_DIR/tgstream.js" stream -1001 >updates.json
total=$(wc -l <stream)
tgconf tacd.conf "$scratch/db"
ctl /ctl/updates @updates.json >/dev/null

ctl /ctl/limit '{"limit": 10}' >/dev/null
# Some answers come slowly, so kills also land between receiving and
# confirming.
ctl /ctl/fault '{"method": "getUpdates", "fault": "slow:300", "count": 1000}' \
    >/dev/null
kills=0
runs=0
while [ "$kills" -lt "$kills_wanted" ] && [ "$runs" -lt $((kills_wanted * 5)) ]
do
	tacd_start tacd.conf tacd.log
	sleep "0.$(printf '%03d' $((RANDOM % 900 + 100)))"
	if kill -9 "$TACD_PID" 2>/dev/null; then
		kills=$((kills + 1))
	fi
	wait "$TACD_PID" 2>/dev/null
	TACD_PID=
	runs=$((runs + 1))
	[ "$(state_get s.confirmed)" -ge "$total" ] && break
done
before=$(state_get s.confirmed)
check "$kills kills in $runs runs ($before of $total updates confirmed)" \
    [ "$kills" -ge 5 ]
ctl /ctl/fault '{"method": "getUpdates", "fault": "clear"}' \
    >/dev/null
tacd_start tacd.conf tacd.log
check "the last run confirms every update" wait_until \
    "[ \"\$(state_get s.confirmed)\" -ge $total ]" 120
tacd_stop
check "tacd exits 0" [ $? -eq 0 ]
"$TACCTL" -f tacd.conf export 1 >got.json
check "the log equals the record" \
    cmp -s <(record_actions got.json) <(record_actions rec/game-000001.json)
check "the log replays to the snapshot" \
    bash -c "'$TACCTL' -f tacd.conf verify >/dev/null"
check "updates were delivered again after kills" \
    [ "$(state_get s.stats.duplicates)" -gt 0 ]
echo "crash: $kills kills, $(state_get s.stats.duplicates) updates delivered" \
    "twice, $(state_get s.sent) messages"
finish
