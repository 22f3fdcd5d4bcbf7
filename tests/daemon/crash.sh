#!/bin/bash
# crash.sh: kill -9 tacd at chosen points of a scripted game (tacd
# --events), restart it and resend the whole stream each time; at the end
# the game's action log must equal that of an uninterrupted run and that
# of the simulated game the stream came from: nothing lost, nothing
# applied twice.
#
# The kills spread over the whole game: the k-th of KILLS (default 50)
# comes once the store holds k/(KILLS+1) of the game's actions (read with
# sqlexec while tacd writes), and each run is fed the stream only up to
# the next point, so that it is still at work or waiting for more when it
# dies.  Each kill must hit a running tacd, and the store must hold, after
# it, at least the point's actions and at most the next point's.  SEED
# (default 26, a short game) picks the game.
. "${abs_top_srcdir:-${top_srcdir:-.}}/tests/daemon/lib.sh"

kills_wanted=${KILLS:-50}
seed=${SEED:-26}

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

# The uninterrupted run: how many actions the game has.
conf ref.conf "$scratch/ref"
"$TACD" -f ref.conf --events <stream >ref.out 2>ref.err
check "the uninterrupted run exits 0" [ $? -eq 0 ]
"$TACCTL" -f ref.conf export 1 >ref.json
check "the uninterrupted run played the record" \
    cmp -s <(record_actions ref.json) <(record_actions rec/game-000001.json)
check "no move was refused" bash -c "! grep -q 'not your turn' ref.out"
actions=$("$SQLEXEC" ref/tacd.db 'SELECT count(*) FROM actions')
check "the game has more actions than kills ($actions)" \
    [ "$actions" -gt $((2 * kills_wanted)) ]

# The actions the killed runs' store holds.
progress() {
	"$SQLEXEC" crash/tacd.db 'SELECT count(*) FROM actions' 2>/dev/null ||
	    echo 0
}

# Kill runs.  The stream opens the game in 5 events; event 5 + a is
# action a (a deal's gifts are logged together once the last is in).
conf crash.conf "$scratch/crash"
kills=0
busy=0
wrong=
points=
for ((k = 1; k <= kills_wanted; k++)); do
	at=$((k * actions / (kills_wanted + 1)))
	next=$(((k + 1) * actions / (kills_wanted + 1)))
	rm -f in.fifo
	mkfifo in.fifo
	"$TACD" -f crash.conf --events <in.fifo >/dev/null 2>>crash.err &
	pid=$!
	exec 3>in.fifo
	head -n $((5 + next)) stream >&3 &
	writer=$!
	wait_moving "[ \$(progress) -ge $at ] || ! kill -0 $pid" progress
	if kill -9 "$pid" 2>/dev/null; then
		kills=$((kills + 1))
	fi
	wait "$pid" 2>/dev/null
	exec 3>&-
	wait "$writer" 2>/dev/null
	got=$(progress)
	points="$points $got"
	[ "$got" -lt "$next" ] && busy=$((busy + 1))
	[ "$got" -ge "$at" ] && [ "$got" -le "$next" ] ||
	    wrong="$wrong $k:$got($at..$next)"
done
check "$kills kills of a running tacd, one at each point" \
    [ "$kills" -eq "$kills_wanted" ]
check "each kill came at its point of the game, 1/$((kills_wanted + 1)) of its $actions actions apart (wrong:${wrong:- none})" \
    [ -z "$wrong" ]
echo "actions held after each kill:$points"

# The last run sees the stream through.
before=$(progress)
check "the last run starts past the last point ($before of $actions)" \
    [ "$before" -ge $((kills_wanted * actions / (kills_wanted + 1))) ]
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
echo "crash: $events events, $actions actions, $kills kills ($busy before" \
    "their run had applied all it was sent), $before actions in before the" \
    "last run"

finish
