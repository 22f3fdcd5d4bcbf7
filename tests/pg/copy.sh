#!/bin/bash
# tests/pg/copy.sh: tacctl copy moves a tacd database from SQLite to
# PostgreSQL and back.  Four simulated games go through the real tacd
# --events on SQLite, two played to the end and two stopped halfway
# (running games).  The database is copied into the throwaway cluster:
# tacctl verify is clean there and every game exports the same.  The
# rest of the running games' events then go to tacd on PostgreSQL (new
# rows after the copied ids), and every game ends as the same events
# played on SQLite alone end.  Copied back into a new SQLite file, the
# games export the same again.  Refused: a target that is not empty (a
# file or the filled cluster, left as it was), a missing source, a
# source of another schema version, a source a tacd is running on; a
# copy that fails halfway leaves the PostgreSQL target empty.
if [ -z "${TACD_TEST_DATABASE:-}" ]; then
	src=${abs_top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}
	exec bash "$src/tests/pg/cluster.sh" bash "$src/tests/pg/copy.sh"
fi
# The SQLite files in memory when there is a tmpfs: tacd syncs each
# event, and the test is about what is copied, not the disk.
[ -d /dev/shm ] && [ -w /dev/shm ] && export TMPDIR=/dev/shm
. "${abs_top_srcdir:-${top_srcdir:-.}}/tests/daemon/lib.sh"

if [ ! -x "$SQLEXEC" ]; then
	echo "$SQLEXEC: not built"
	exit 99
fi
pg=$TACD_TEST_DATABASE

# Every game's export of a database, one file each in DIR: exports DB DIR.
exports() {
	local id

	mkdir -p "$2"
	for id in $("$TACCTL" games -d "$1" | awk '$1 ~ /^[0-9]+$/ { print $1 }'); do
		"$TACCTL" export -d "$1" "$id" >"$2/$id.json" || return 1
	done
	[ -n "$(ls "$2")" ]
}

# Did the command before exit 2 with PATTERN in FILE: refused $? FILE PATTERN.
refused() {
	[ "$1" -eq 2 ] && grep -q -- "$3" "$2"
}

# Every row of every table of an SQLite file, each value quoted as its
# type (5, 5.0 and '5' differ), sorted, under the table's name: dump DB.
dump() {
	local t cols

	for t in $("$SQLEXEC" "$1" "SELECT name FROM sqlite_master WHERE
	    type = 'table' AND name NOT LIKE 'sqlite%' ORDER BY name"); do
		cols=$("$SQLEXEC" "$1" "SELECT group_concat('quote(\"' ||
		    name || '\")', ' || ''|'' || ') FROM pragma_table_info('$t')")
		echo "== $t"
		"$SQLEXEC" "$1" "SELECT $cols FROM \"$t\"" | sort
	done
}

# Four games' streams; games 3 and 4 cut in two at their middle.
games=4
"$TACCTL" sim --games "$games" --seed 5 --record rec >/dev/null
for ((i = 1; i <= games; i++)); do
	"$MKSTREAM" "$(printf 'rec/game-%06d.json' "$i")" "c$i" "$i" "$games" \
	    >"s$i"
done
for i in 3 4; do
	half=$(($(wc -l <"s$i") / 2))
	head -n "$half" "s$i" >"a$i"
	tail -n +"$((half + 1))" "s$i" >"b$i"
done
paste -d '\n' s1 s2 a3 a4 | grep -v '^$' >first
paste -d '\n' b3 b4 | grep -v '^$' >rest

# On SQLite: two games end, two are running.
conf l.conf "$scratch/l"
"$TACD" -f l.conf --events <first >/dev/null 2>l.err
check "tacd on SQLite exits 0" [ $? -eq 0 ]
lite=$scratch/l/tacd.db
check "two games over and two playing on SQLite" \
    [ "$("$TACCTL" games -d "$lite" | grep -c ' over ')" -eq 2 -a \
    "$("$TACCTL" games -d "$lite" | grep -c ' playing ')" -eq 2 ]

# The rest of the events on SQLite alone: what the moved games must end
# as (the events before are the same: the file tacd left).
conf r.conf "$scratch/r"
mkdir r
cp "$lite" r/tacd.db
"$TACD" -f r.conf --events <rest >/dev/null 2>r.err
check "the whole games on SQLite all end" \
    [ "$("$TACCTL" games -d r/tacd.db | grep -c ' over ')" -eq "$games" ]

# Refusals that change nothing.
"$TACCTL" copy nothere.db "$pg" >/dev/null 2>m.err
check "a missing source is refused" refused $? m.err 'no database there'
cp "$lite" old.db
"$SQLEXEC" old.db "PRAGMA user_version = $(("$("$SQLEXEC" old.db \
    'PRAGMA user_version')" - 1))" >/dev/null
"$TACCTL" copy old.db "$pg" >/dev/null 2>o.err
check "a source of another schema version is refused" \
    refused $? o.err 'schema version'
# A copy that fails at its last row of game 1's log (text where a number
# goes) leaves nothing: the copy after it finds the target empty.
cp "$lite" bad.db
"$SQLEXEC" bad.db "UPDATE actions SET seat = 'x' WHERE game = 1 AND
    n = (SELECT max(n) FROM actions WHERE game = 1)" >/dev/null
"$TACCTL" copy bad.db "$pg" >/dev/null 2>bad.err
check "a copy that fails halfway exits 2" refused $? bad.err bigint
cat bad.err
check "... and the target has no game" \
    [ -z "$("$TACCTL" games -d "$pg" | awk '$1 ~ /^[0-9]+$/')" ]

# SQLite into PostgreSQL.
"$TACCTL" copy "$lite" "$pg" 2>c.err
check "tacctl copy into PostgreSQL exits 0" [ $? -eq 0 ]
cat c.err
check "tacctl verify on the copy is clean" \
    bash -c "'$TACCTL' verify -d '$pg' >v.out"
exports "$lite" e.lite
exports "$pg" e.pg
check "every game exports the same from the copy" diff -r e.lite e.pg
"$TACCTL" copy "$pg" trip.db 2>t.err
check "and back into a new SQLite file at once exits 0" [ $? -eq 0 ]
cat t.err
dump "$lite" >lite.dump
dump trip.db >trip.dump
check "which holds every row of every table as it was" \
    diff lite.dump trip.dump
echo "$(grep -c '^== ' lite.dump) tables, $(grep -v -c '^== ' lite.dump)" \
    "rows, $(awk '/^== / { t = $2; next } !s[t]++ { n++ } END { print n }' \
    lite.dump) tables with rows; empty:" $(awk '/^== / { if (t != "" && \
    !n) print t; t = $2; n = 0; next } { n++ } END { if (!n) print t }' \
    lite.dump)
"$TACCTL" copy "$lite" "$pg" >/dev/null 2>n.err
check "a PostgreSQL target with rows is refused" refused $? n.err 'not empty'
check "... and left as it was" bash -c "'$TACCTL' games -d '$pg' | \
    grep -c playing | grep -qx 2"

# The running games go on under tacd on PostgreSQL.
{
	conf /dev/stdout "$scratch/p"
	printf 'database = %s\n' "$pg"
} >p.conf
"$TACD" -f p.conf --events <rest >/dev/null 2>p.err
check "tacd on the copy exits 0" [ $? -eq 0 ]
cat p.err
check "every game is over on PostgreSQL" \
    [ "$("$TACCTL" games -d "$pg" | grep -c ' over ')" -eq "$games" ]
exports r/tacd.db e.whole
exports "$pg" e.moved
check "and ends as the games played whole on SQLite" diff -r e.whole e.moved
check "tacctl verify on PostgreSQL is clean" \
    bash -c "'$TACCTL' verify -d '$pg' >/dev/null"

# A tacd running on the source: refused, no file made.  Its stdin a pipe
# held open, it leads until the pipe closes.
mkfifo hold
"$TACD" -f r.conf --events <hold >/dev/null 2>h.err &
held=$!
exec 3>hold
check "a tacd leads the SQLite file" \
    wait_until "! flock -n -s r/tacd.db-lead true"
"$TACCTL" copy r/tacd.db busy.db 2>b1.err
check "tacctl copy refuses an SQLite source a tacd runs on" \
    refused $? b1.err 'a tacd is running on it'
check "... and makes no file" [ ! -e busy.db ]
exec 3>&-
wait "$held"
"$TACD" -f p.conf --events <hold >/dev/null 2>h.err &
held=$!
exec 3>hold
check "a tacd leads the PostgreSQL database" wait_until "[ \"\$(psql -At \
    '$pg' -c \"SELECT count(*) FROM pg_locks WHERE locktype = 'advisory'
    AND classid = 1413563204\")\" = 1 ]"
"$TACCTL" copy "$pg" busy.db 2>b2.err
check "tacctl copy refuses a PostgreSQL source a tacd runs on" \
    refused $? b2.err 'a tacd is running on it'
check "... and makes no file" [ ! -e busy.db ]
exec 3>&-
wait "$held"

# And back into a new SQLite file.
"$TACCTL" copy "$pg" back.db 2>k.err
check "tacctl copy into a new SQLite file exits 0" [ $? -eq 0 ]
cat k.err
check "tacctl verify on it is clean" \
    bash -c "'$TACCTL' verify -d back.db >/dev/null"
exports back.db e.back
check "every game exports the same from it" diff -r e.moved e.back
cp back.db back.orig
"$TACCTL" copy "$pg" back.db >/dev/null 2>x.err
check "an existing file is refused" refused $? x.err 'already exists'
check "... and left as it was" cmp -s back.db back.orig

# Every table with rows: each one the games left empty gets a made-up
# row (1 for an integer, the ids 1 its keys refer to exist; 0.5 for a
# real; 'x' for text), then SQLite into a second PostgreSQL database and
# back into a new file keeps every row as it was.
cp "$lite" full.db
for t in $("$SQLEXEC" full.db "SELECT name FROM sqlite_master WHERE
    type = 'table' AND name NOT LIKE 'sqlite%'"); do
	[ "$("$SQLEXEC" full.db "SELECT count(*) FROM \"$t\"")" = 0 ] ||
		continue
	"$SQLEXEC" full.db "INSERT INTO \"$t\" SELECT $("$SQLEXEC" full.db \
	    "SELECT group_concat(CASE WHEN upper(type) LIKE '%INT%' THEN '1'
	    WHEN upper(type) LIKE '%REAL%' THEN '0.5' ELSE '''x''' END, ', ')
	    FROM pragma_table_info('$t')")" >/dev/null
done
dump full.db >full.dump
check "every table of the made-up file has rows" \
    [ "$(awk '/^== / { if (t != "" && !n) e++; t = $2; n = 0; next }
    { n++ } END { if (!n) e++; print e + 0 }' full.dump)" -eq 0 ]
createdb=$(command -v createdb ||
    ls -d /usr/lib/postgresql/*/bin/createdb 2>/dev/null | sort -V | tail -n 1)
"$createdb" -h "$TACD_TEST_PGDIR" -U tacd full
check "a second database in the cluster" [ $? -eq 0 ]
full="postgresql:///full?host=$TACD_TEST_PGDIR&user=tacd"
echo secret >pw
chmod 600 pw
check "tacctl copy of it into PostgreSQL, a password file named, exits 0" \
    "$TACCTL" copy full.db "$full&password_file=$scratch/pw"
check "and back exits 0" "$TACCTL" copy "$full" full2.db
dump full2.db >full2.dump
check "every row of every table is as it was" diff full.dump full2.dump
finish
