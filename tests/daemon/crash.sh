#!/bin/bash
# crash.sh: kill -9 tacd at random moments while it plays a scripted
# stream of moves (tacd --events), restart it and resend the whole stream
# each time; at the end the game's action log must equal that of an
# uninterrupted run and that of the simulated game the stream came from:
# nothing lost, nothing applied twice.
#
# KILLS (default 50) sets how many kills must hit a running tacd; SEED
# (default 26, a short game) picks the game.
. "${abs_top_srcdir:-${top_srcdir:-.}}/tests/daemon/lib.sh"

kills_wanted=${KILLS:-50}
seed=${SEED:-26}
RANDOM=$seed

# The game: one simulated 4-player game, as four people's stream.
"$TACCTL" sim --games 1 --seed "$seed" --record rec >/dev/null
check "tacctl sim made a record" [ -s rec/game-000001.json ]
"$MKSTREAM" rec/game-000001.json >stream
check "mkstream made the stream" [ -s stream ]
events=$(wc -l <stream)

# The action texts of a record, one a line.
record_actions() {
	sed -n '/^  "actions": \[/,/^  \]/p' "$1" |
	    sed -n 's/^    "\(.*\)",\{0,1\}$/\1/p'
}

# The uninterrupted run, timed: it sets the scale of the kill delays.
conf ref.conf "$scratch/ref"
t0=$(date +%s%N)
"$TACD" -f ref.conf --events <stream >ref.out 2>ref.err
check "the uninterrupted run exits 0" [ $? -eq 0 ]
ms=$((($(date +%s%N) - t0) / 1000000))
"$TACCTL" -f ref.conf export 1 >ref.json
check "the uninterrupted run played the record" \
    cmp -s <(record_actions ref.json) <(record_actions rec/game-000001.json)
check "no move was refused" bash -c "! grep -q 'not your turn' ref.out"

# Kill runs: each is killed after a random delay of up to a thirtieth of
# the uninterrupted run, so the kills spread over the whole stream (a run
# first skips what earlier runs committed, then goes on from there).
conf crash.conf "$scratch/crash"
max=$((ms / 30 + 2))
kills=0
runs=0
while [ "$kills" -lt "$kills_wanted" ] &&
    [ "$runs" -lt $((kills_wanted * 10)) ]; do
	"$TACD" -f crash.conf --events <stream >/dev/null 2>>crash.err &
	pid=$!
	delay=$((RANDOM % max))
	sleep "$((delay / 1000)).$(printf '%03d' $((delay % 1000)))"
	if kill -9 "$pid" 2>/dev/null; then
		kills=$((kills + 1))
	elif [ "$max" -gt 10 ]; then
		max=$((max * 2 / 3))	# it had finished: aim earlier
	fi
	wait "$pid" 2>/dev/null
	runs=$((runs + 1))
done
check "$kills kills of a running tacd in $runs runs" \
    [ "$kills" -ge "$kills_wanted" ]

# How far the killed runs got (the turn column of tacctl games).
before=$("$TACCTL" -f crash.conf games 2>/dev/null | awk '$1 == 1 { print $7 }')

# The last run sees the stream through.
"$TACD" -f crash.conf --events <stream >/dev/null 2>>crash.err
check "the final run exits 0" [ $? -eq 0 ]
"$TACCTL" -f crash.conf export 1 >crash.json 2>&1
check "the crashed game's log equals the uninterrupted one's" \
    cmp -s crash.json ref.json
[ -s crash.json ] && diff ref.json crash.json | head -5
check "the log replays to the stored snapshot" \
    bash -c "'$TACCTL' -f crash.conf verify >/dev/null"
ngames=$("$TACCTL" -f crash.conf games | grep -c '^ *[0-9]')
check "exactly one game ($ngames)" [ "$ngames" -eq 1 ]
check "no warnings but the kills'" \
    bash -c "! grep -v 'Killed' crash.err | grep -q ."
grep -v Killed crash.err | head -5
echo "crash: $events events, uninterrupted run ${ms} ms, $kills kills in" \
    "$runs runs, ${before:-0} moves in before the last run"

finish
