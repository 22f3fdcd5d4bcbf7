#!/bin/bash
# failover.sh: two tacd on one store, one active, the other a standby;
# the active one is killed with kill -9 again and again while several
# games take their updates from the fake Bot API, and the standby takes
# over each time (a new standby is started beside it).  At the end:
#   - every kill hit the active tacd, and each time the standby became
#     active (its log says so) and a new one started as a standby;
#   - no tacd polled Telegram before its log said it was active (the
#     standby takes no updates);
#   - every game's log equals its record, and the store holds exactly
#     the records' actions: no update applied twice, none lost;
#   - every group got its game complete and in order (tests/tg/order.js),
#     a message repeated only right after a kill (tests/tg/failover.js);
#   - tacctl verify is clean;
#   - an active tacd whose lock file is removed stops acting and stands
#     by (the path PostgreSQL takes when its lock's connection goes),
#     then leads again and answers.
# The kills are spread over the games: the k-th once the store holds
# k/(KILLS+1) of all actions.  To tell the killed process's calls from
# its successor's, the standby is stopped (SIGSTOP) before each kill and
# let go once the fake's call counter is read.
#
# KILLS (10), GAMES (3).  FAILOVER_BENCH=1 (make bench-failover): the
# standby is not stopped, the time from each kill to the standby's
# "active" line is measured (its log is watched every 10 ms), and the
# last line gives the median and the maximum; the messages' order is not
# checked there (without the stop, the kill's bound is not exact).
#
# FAILOVER_DB=pg (tests/pg/failover.sh, make bench-failover-pg): the
# store is a throwaway PostgreSQL cluster (tests/pg/cluster.sh, whose
# psql reads it here), both tacd name it with database =, the lead is
# its advisory lock; the lost lead below is then the lock's session
# ended by the server (pg_terminate_backend) instead of a lock file
# removed: the standby takes over, and the one whose session was ended
# leads again, on a session made anew, once the other is killed.
if [ "${FAILOVER_DB:-}" = pg ] && [ -z "${TACD_TEST_DATABASE:-}" ]; then
	src=${abs_top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}
	exec bash "$src/tests/pg/cluster.sh" bash "$src/tests/tg/failover.sh"
fi
. "${abs_top_srcdir:-${top_srcdir:-.}}/tests/tg/lib.sh"

kills_wanted=${KILLS:-10}
games=${GAMES:-3}
bench=${FAILOVER_BENCH:-}
STANDBY_PID=
runs=0

# Stop the standby too (the active one is TACD_PID, lib.sh's).
failover_cleanup() {
	[ -n "$STANDBY_PID" ] && kill -9 "$STANDBY_PID" 2>/dev/null
	tg_cleanup
}
trap failover_cleanup EXIT

fake_start
"$TACCTL" sim --games "$games" --seed 29 --policy greedy --record rec >/dev/null
for ((g = 1; g <= games; g++)); do
	"$MKSTREAM" "rec/game-00000$g.json" "c$g" "$g" "$games"
done | sort -t: -k2 -n >stream
node "$TG_DIR/tgstream.js" stream >updates.json
last=$(sed -n '$s/.*"update_id":\([0-9]*\).*/\1/p' stream)
actions=0
for ((g = 1; g <= games; g++)); do
	actions=$((actions + $(record_actions "rec/game-00000$g.json" |
	    wc -l)))
done
pg=
if [ "${FAILOVER_DB:-}" = pg ]; then
	pg=1
	tgconf tacd.conf "$scratch/db" "database = $TACD_TEST_DATABASE"
else
	tgconf tacd.conf "$scratch/db"
fi

# One query's rows on the store, whichever it is: store_sql SQL.
store_sql() {
	if [ -n "$pg" ]; then
		"$TACD_TEST_PGBIN/psql" -X -q -t -A -v ON_ERROR_STOP=1 \
		    -d "$TACD_TEST_DATABASE" -c "$1"
	else
		"$SQLEXEC" db/tacd.db "$1"
	fi
}

# The actions the store holds.
progress() {
	store_sql 'SELECT count(*) FROM actions' 2>/dev/null || echo 0
}

# Is the outbox all sent?
all_sent() {
	[ "$(store_sql 'SELECT count(*) FROM outbox WHERE sent = 0')" = 0 ]
}

# Start a tacd with a log of its own (run-N.log); sets NEW_PID, NEW_LOG.
start_one() {
	runs=$((runs + 1))
	NEW_LOG=run-$runs.log
	"$TACD" -d -f tacd.conf >"$NEW_LOG" 2>&1 &
	NEW_PID=$!
}

start_one
TACD_PID=$NEW_PID
ACTIVE_LOG=$NEW_LOG
check "the first tacd is active" wait_for "$ACTIVE_LOG" 'active: this tacd'
start_one
STANDBY_PID=$NEW_PID
STANDBY_LOG=$NEW_LOG
check "the second waits as a standby" \
    wait_for "$STANDBY_LOG" 'standby: another tacd is active'

# Ten updates an answer, each answer a tenth of a second late: the games
# take some seconds, and each kill lands near its point.
ctl /ctl/limit '{"limit": 10}' >/dev/null
ctl /ctl/fault '{"method": "getUpdates", "fault": "slow:100", "count": 100000}' \
    >/dev/null
ctl /ctl/updates @updates.json >/dev/null

kills=0
takeovers=0
standbys=0
points=
times=
: >bounds
for ((k = 1; k <= kills_wanted; k++)); do
	at=$((k * actions / (kills_wanted + 1)))
	wait_moving "[ \$(progress) -ge $at ] || ! kill -0 $TACD_PID" progress
	[ -z "$bench" ] && kill -STOP "$STANDBY_PID"
	t0=$(date +%s%N)	# not asserted: bench-failover measures from here
	if kill -9 "$TACD_PID" 2>/dev/null; then
		kills=$((kills + 1))
	fi
	wait "$TACD_PID" 2>/dev/null
	if [ -z "$bench" ]; then
		state_get s.seq >>bounds
		kill -CONT "$STANDBY_PID"
		wait_for "$STANDBY_LOG" 'active: this tacd' &&
		    takeovers=$((takeovers + 1))
	else
		# The standby's "active" line, watched closely (a measure,
		# never a check: the hang guard bounds it).
		for ((i = 0; i < HANG_GUARD * 100; i++)); do
			grep -q 'active: this tacd' "$STANDBY_LOG" && break
			sleep 0.01
		done
		t1=$(date +%s%N)	# not asserted: printed by bench-failover
		grep -q 'active: this tacd' "$STANDBY_LOG" &&
		    takeovers=$((takeovers + 1))
		times="$times $(((t1 - t0) / 1000000))"
	fi
	points="$points $(progress)"
	TACD_PID=$STANDBY_PID
	ACTIVE_LOG=$STANDBY_LOG
	start_one
	STANDBY_PID=$NEW_PID
	STANDBY_LOG=$NEW_LOG
	wait_for "$STANDBY_LOG" 'standby: another tacd is active' &&
	    standbys=$((standbys + 1))
done
echo "actions held at each kill:$points (of $actions)"
check "$kills kills of the active tacd" [ "$kills" -eq "$kills_wanted" ]
check "the standby took over after each ($takeovers)" \
    [ "$takeovers" -eq "$kills_wanted" ]
check "a new standby waited after each ($standbys)" \
    [ "$standbys" -eq "$kills_wanted" ]
ctl /ctl/fault '{"method": "getUpdates", "fault": "clear"}' >/dev/null
check "the last active tacd confirms every update" wait_moving \
    "[ \"\$(state_get s.confirmed)\" -ge $last ]" "state_get s.confirmed"
check "every game ends" wait_moving \
    "[ \"\$(store_sql 'SELECT count(*) FROM games
    WHERE state = 2')\" -eq $games ]" progress
check "the outbox is delivered" wait_moving all_sent \
    "state_get s.sent"

# Neither stands by forever nor polls before it leads.
premature=0
for ((r = 1; r <= runs; r++)); do
	a=$(grep -n -m1 'active: this tacd' "run-$r.log" | cut -d: -f1)
	p=$(grep -n -m1 'polling from' "run-$r.log" | cut -d: -f1)
	if [ -n "$p" ] && { [ -z "$a" ] || [ "$p" -lt "$a" ]; }; then
		premature=$((premature + 1))
		echo "run $r polled before it was active"
	fi
done
check "no tacd polled before it was active ($runs runs)" \
    [ "$premature" -eq 0 ]
check "the standby still waits and has not polled" \
    bash -c "! grep -q 'polling from' $STANDBY_LOG"


# The lead lost while active (on SQLite only when its lock file goes; on
# PostgreSQL with the connection): the active tacd stops its bridges,
# timers and service at once and stands by, then, the standby held
# stopped meanwhile, takes the new lock file and starts them all again
# in the same process, and answers.
to_chat() {
	ctl /ctl/sent | node -e 'let t="";process.stdin.on("data",d=>t+=d);
	    process.stdin.on("end",()=>{console.log(JSON.parse(t).result
	    .filter(x=>String(x.chat)===process.argv[1]).length)})' -- "$1"
}
if [ -z "$pg" ]; then
	kill -STOP "$STANDBY_PID"
	rm db/tacd.db-lead
	check "the active tacd stands by once its lock file is gone" \
	    wait_for "$ACTIVE_LOG" 'no longer leads the store'
	check "then leads again, in the same process" wait_until \
	    "[ \$(grep -c 'active: this tacd' $ACTIVE_LOG) -ge 2 ]"
	kill -CONT "$STANDBY_PID"
	id=$last
	send 777 777 /help
	check "... and answers" wait_until '[ "$(to_chat 777)" -ge 1 ]'
	check "both still run" kill -0 "$TACD_PID" "$STANDBY_PID"
	check "the standby, let go, still stands by" \
	    bash -c "! grep -q 'polling from\|active: this' $STANDBY_LOG"
else
	# The active tacd's session ended by the server, its lock with it
	# (the process held stopped meanwhile, so that the standby takes
	# the lock first): woken, it finds it no longer leads and stands
	# by.  The new active one killed, it connects anew and leads again
	# in the same process, and answers.
	kill -STOP "$TACD_PID"
	ended=$(store_sql "SELECT count(pg_terminate_backend(pid, 10000))
	    FROM pg_locks WHERE locktype = 'advisory' AND
	    classid = 1413563204 AND granted")
	check "the active tacd's session is ended ($ended)" [ "$ended" = 1 ]
	check "the standby takes over" \
	    wait_for "$STANDBY_LOG" 'active: this tacd'
	kill -CONT "$TACD_PID"
	check "the tacd whose session was ended stands by" \
	    wait_for "$ACTIVE_LOG" 'no longer leads the store'
	kill -9 "$STANDBY_PID"
	wait "$STANDBY_PID" 2>/dev/null
	check "the new active one killed, the other leads again" wait_until \
	    "[ \$(grep -c 'active: this tacd' $ACTIVE_LOG) -ge 2 ]"
	check "... on a session made anew, the lead never failing" \
	    bash -c "! grep -q 'the lead: ' $ACTIVE_LOG"
	start_one
	STANDBY_PID=$NEW_PID
	STANDBY_LOG=$NEW_LOG
	check "a new standby waits" \
	    wait_for "$STANDBY_LOG" 'standby: another tacd is active'
	id=$last
	send 777 777 /help
	check "... and the active one answers" \
	    wait_until '[ "$(to_chat 777)" -ge 1 ]'
	check "both still run" kill -0 "$TACD_PID" "$STANDBY_PID"
fi

for pid in "$STANDBY_PID" "$TACD_PID"; do
	kill -TERM "$pid"
	wait "$pid"
	check "tacd $pid stops on SIGTERM with 0" [ $? -eq 0 ]
done
STANDBY_PID=
TACD_PID=
[ -n "$pg" ] && check "no SQLite file is made" [ ! -e db/tacd.db ]

equal=0
for ((g = 1; g <= games; g++)); do
	"$TACCTL" -f tacd.conf export "$g" >"got$g.json"
	if cmp -s <(record_actions "got$g.json") \
	    <(record_actions "rec/game-00000$g.json"); then
		equal=$((equal + 1))
	else
		echo "game $g differs from its record"
	fi
done
check "every game equals its record ($equal of $games)" [ "$equal" -eq "$games" ]
held=$(progress)
twice=$((held - actions))
check "the store holds each action once ($held of $actions)" \
    [ "$twice" -eq 0 ]
check "the logs replay to the snapshots (tacctl verify)" \
    bash -c "'$TACCTL' -f tacd.conf verify >/dev/null"

if [ -z "$bench" ]; then
	ctl /ctl/sent >sent.json
	said=$(node "$TG_DIR/failover.js" sent.json bounds kept.json)
	check "messages repeated only right after a kill ($said)" \
	    [ $? -eq 0 ]
	for ((g = 1; g <= games; g++)); do
		check "group $g got its game complete and in order" \
		    node "$TG_DIR/order.js" kept.json "rec/game-00000$g.json" \
		    "-100$g"
	done
fi

if [ -n "$bench" ]; then
	read -r median max <<<"$(printf '%s\n' $times | sort -n | awk '
	    { v[NR] = $1 }
	    END {
		if (NR % 2) m = v[(NR + 1) / 2]
		else m = (v[NR / 2] + v[NR / 2 + 1]) / 2
		printf "%.1f %.1f\n", m / 1000, v[NR] / 1000
	    }')"
	echo "takeover times, ms:$times"
	echo "$passed passed, $failed failed"
	echo "failover: $kills kills, takeover median $median s, max $max s," \
	    "games equal $equal/$games, updates applied twice $twice"
	[ "$failed" -eq 0 ]
	exit
fi
finish
