#!/bin/bash
# tests/pg/daemon.sh: the real tacd and tacctl on PostgreSQL.  Three
# simulated games, interleaved into one stream of events, go through
# tacd --events with database = the throwaway cluster's URI and a
# password file named in the configuration (refused while others may read
# it); every game ends, tacctl
# lists them, verify replays every log, stats counts them, an
# exported record replays, a second run of the same
# stream changes nothing (each update applied once), and an SQLite
# tacd.db is never made.
if [ -z "${TACD_TEST_DATABASE:-}" ]; then
	src=${abs_top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}
	exec bash "$src/tests/pg/cluster.sh" bash "$src/tests/pg/daemon.sh"
fi
. "${abs_top_srcdir:-${top_srcdir:-.}}/tests/daemon/lib.sh"

games=3
"$TACCTL" sim --games "$games" --seed 3 --record rec >/dev/null
for ((i = 1; i <= games; i++)); do
	"$MKSTREAM" "$(printf 'rec/game-%06d.json' "$i")" "c$i" "$i" "$games" \
	    >"s$i"
done
paste -d '\n' s* | grep -v '^$' >stream

{
	conf /dev/stdout "$scratch/st"
	printf 'database = %s\ndatabase_password_file = %s\n' \
	    "$TACD_TEST_DATABASE" "$scratch/pw"
} >p.conf
# A password file others may read is refused, as the token's is, and
# the reason names the file and the cure.
echo secret >pw
chmod 644 pw
"$TACD" -f p.conf --events <stream >/dev/null 2>p.err
check "tacd refuses a password file of mode 0644" [ $? -ne 0 ]
check "and says why" grep -q 'pw: mode 0644 lets others.*chmod 600' p.err
"$TACCTL" -f p.conf games >t.out 2>&1
check "tacctl refuses it too" [ $? -ne 0 ]
check "and says why" grep -q 'chmod 600' t.out
chmod 600 pw
"$TACD" -f p.conf --events <stream >/dev/null 2>p.err
check "tacd exits 0 on PostgreSQL" [ $? -eq 0 ]
over=$("$TACCTL" -f p.conf games | grep -c ' over ')
check "all $games games end ($over)" [ "$over" -eq "$games" ]
check "tacctl verify replays every log" \
    bash -c "'$TACCTL' -f p.conf verify >/dev/null"
check "tacctl stats has the $games groups' games" [ "$("$TACCTL" -f p.conf \
    stats --json | grep -c '"platform": "console".*"games": 1}')" -eq "$games" ]
check "tacctl export gives a record that replays" \
    bash -c "'$TACCTL' -f p.conf export 1 >r.json && '$TACCTL' replay r.json \
    >/dev/null"
actions=$("$TACCTL" -f p.conf show 1 | wc -l)
"$TACD" -f p.conf --events <stream >/dev/null 2>>p.err
check "the same stream again exits 0" [ $? -eq 0 ]
check "and applies nothing twice" \
    [ "$("$TACCTL" -f p.conf show 1 | wc -l)" -eq "$actions" ]
check "no SQLite file is made" [ ! -e "$scratch/st/tacd.db" ]
check "tacctl backup says to use pg_dump" \
    bash -c "'$TACCTL' -f p.conf backup b.db 2>&1 | grep -q pg_dump"
finish
