#!/bin/bash
# bench.sh: the daemon's load benchmark (make bench-daemon; not part of
# make check).  GAMES simulated 4-player games (default 20), each in its
# own group chat with four people, are interleaved into one stream of
# events and fed to one tacd --events; it prints events per second and
# the time per event, every event being one committed transaction.
. "${abs_top_srcdir:-${top_srcdir:-.}}/tests/daemon/lib.sh"

games=${GAMES:-20}
"$TACCTL" sim --games "$games" --seed 1 --record rec >/dev/null
for ((i = 1; i <= games; i++)); do
	"$MKSTREAM" "$(printf 'rec/game-%06d.json' "$i")" "c$i" "$i" "$games" \
	    >"s$i"
done
# Round robin: one event of each game in turn, update ids ascending.
paste -d '\n' s* | grep -v '^$' >stream
events=$(wc -l <stream)

conf b.conf "$scratch/b"
t0=$(date +%s%N)
"$TACD" -f b.conf --events <stream >/dev/null 2>b.err
rc=$?
ns=$(($(date +%s%N) - t0))
check "tacd exits 0" [ "$rc" -eq 0 ]
over=$("$TACCTL" -f b.conf games | grep -c ' over ')
check "all $games games end ($over)" [ "$over" -eq "$games" ]
check "the logs replay" bash -c "'$TACCTL' -f b.conf verify >/dev/null"
echo "bench: $games games, $events events in $((ns / 1000000)) ms:" \
    "$((events * 1000000000 / ns)) events/s," \
    "$((ns / events / 1000)) us per event"
finish
