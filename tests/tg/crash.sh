#!/bin/bash
# crash.sh: kill -9 tacd again and again while it takes a recorded game's
# updates from the fake Bot API, and restart it each time.  Telegram
# forgets an update only when a later getUpdates confirms it, and tacd
# asks from the offset its database committed, so an update received but
# not confirmed comes again after a kill: the game's log must still equal
# the record, with no move lost or applied twice.
#
# KILLS (default 20) kills, all of which must hit a running tacd, spread
# over the whole game: the k-th once the store holds k/(KILLS+1) of the
# game's actions (read with sqlexec), and every tenth of the game gets
# one.  Every other kill comes while an answer of getUpdates is half sent
# (the fake's fault "half": its updates handed over, tacd holding half
# the bytes), so the updates it held come again: the fake counts them.
. "${abs_top_srcdir:-${top_srcdir:-.}}/tests/tg/lib.sh"

kills_wanted=${KILLS:-20}
seed=${SEED:-26}
fake_start
"$TACCTL" sim --games 1 --seed "$seed" --record rec >/dev/null
"$MKSTREAM" rec/game-000001.json >stream
node "$TG_DIR/tgstream.js" stream -1001 >updates.json
total=$(wc -l <stream)
actions=$(sed -n '/^  "actions": \[/,/^  \]/p' rec/game-000001.json |
    grep -c '^    "')
tgconf tacd.conf "$scratch/db"
ctl /ctl/updates @updates.json >/dev/null

# The actions the store holds.
progress() {
	"$SQLEXEC" db/tacd.db 'SELECT count(*) FROM actions' 2>/dev/null ||
	    echo 0
}

# Ten updates an answer, each answer a tenth of a second late: the game
# takes some seconds, and a kill lands near its point.
ctl /ctl/limit '{"limit": 10}' >/dev/null
ctl /ctl/fault '{"method": "getUpdates", "fault": "slow:100", "count": 100000}' \
    >/dev/null
kills=0
halves=0
points=
tenths=
for ((k = 1; k <= kills_wanted; k++)); do
	at=$((k * actions / (kills_wanted + 1)))
	tacd_start tacd.conf tacd.log
	wait_moving "[ \$(progress) -ge $at ] || ! kill -0 $TACD_PID" progress
	if [ $((k % 2)) -eq 1 ]; then
		# The next answer is half sent: tacd waits for its rest.
		ctl /ctl/fault '{"method": "getUpdates", "fault": "half",
		    "first": true}' >/dev/null
		wait_until "[ \"\$(state_get s.held)\" -ge 1 ] || ! kill -0 $TACD_PID" &&
		    halves=$((halves + 1))
	fi
	if kill -9 "$TACD_PID" 2>/dev/null; then
		kills=$((kills + 1))
	fi
	wait "$TACD_PID" 2>/dev/null
	TACD_PID=
	got=$(progress)
	points="$points $got"
	[ "$got" -ge "$at" ] || bad "kill $k came before its point ($got < $at)"
	tenths="$tenths $((got * 10 / actions))"
done
before=$(progress)
echo "actions held after each kill:$points (of $actions)"
check "$kills kills of a running tacd" [ "$kills" -eq "$kills_wanted" ]
check "$halves of them while an answer was half sent" \
    [ "$halves" -eq $(((kills_wanted + 1) / 2)) ]
missed=
for ((t = 0; t < 10; t++)); do
	echo " $tenths " | grep -q " $t " || missed="$missed $t"
done
check "every tenth of the game had a kill (missed:${missed:- none})" \
    [ -z "$missed" ]
check "the last run starts short of the end ($before of $actions actions)" \
    [ "$before" -lt "$actions" ]
ctl /ctl/fault '{"method": "getUpdates", "fault": "clear"}' \
    >/dev/null
tacd_start tacd.conf tacd.log
check "the last run confirms every update" wait_moving \
    "[ \"\$(state_get s.confirmed)\" -ge $total ]" "state_get s.confirmed"
tacd_stop
check "tacd exits 0" [ $? -eq 0 ]
"$TACCTL" -f tacd.conf export 1 >got.json
check "the log equals the record" \
    cmp -s <(record_actions got.json) <(record_actions rec/game-000001.json)
check "the log replays to the snapshot" \
    bash -c "'$TACCTL' -f tacd.conf verify >/dev/null"
check "the updates half sent came again ($(state_get s.stats.duplicates) twice)" \
    [ "$(state_get s.stats.duplicates)" -ge "$halves" ]
echo "crash: $kills kills, $(state_get s.stats.duplicates) updates delivered" \
    "twice, $(state_get s.sent) messages"
finish
