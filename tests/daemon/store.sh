#!/bin/bash
# store.sh: what the real tacd does with a database that is not a sound
# tacd database, and with one deleted under it.
#
# 1. Another program's SQLite file as tacd.db: refused, a non-zero exit,
#    the file unchanged byte for byte, no -wal or -shm made.
# 2. A tacd.db with a damaged page: refused, unchanged, with how to
#    restore; doing what the message says brings the games back.
# 3. tacd.db deleted under a running tacd: the next commit is refused,
#    tacd logs it and exits non-zero; what the file held is saved beside
#    it, and no WAL of the lost file is left to be replayed.
. "${abs_top_srcdir:-${top_srcdir:-.}}/tests/daemon/lib.sh"

if [ ! -x "$SQLEXEC" ]; then
	echo "$SQLEXEC: not built"
	exit 99
fi

# The turn of game 1 of a database: turn DB.
turn() {
	"$TACCTL" games -d "$1" 2>/dev/null | awk '$1 == 1 { print $7 }'
}

# 1. A foreign database, in WAL mode (a plain read-only open of it makes
# a -wal and a -shm).
mkdir f
conf f.conf "$scratch/f"
"$SQLEXEC" f/tacd.db "PRAGMA journal_mode = WAL; CREATE TABLE notes (t);
    INSERT INTO notes VALUES ('not a game')" >/dev/null
check "the foreign file has no -wal after its own program closed it" \
    [ ! -e f/tacd.db-wal ]
cp f/tacd.db f.orig
"$TACD" -f f.conf --events </dev/null >f.out 2>f.err
check "tacd refuses a foreign database with a non-zero exit" [ $? -ne 0 ]
check "... naming the file once" \
    grep -q "fatal: $scratch/f/tacd.db: not a tacd database (it has tables" \
    f.err
cat f.err
check "... and leaves it unchanged" cmp -s f/tacd.db f.orig
check "... with no -wal, -shm or -journal" \
    [ ! -e f/tacd.db-wal -a ! -e f/tacd.db-shm -a ! -e f/tacd.db-journal ]
"$TACCTL" -f f.conf games >/dev/null 2>f2.err
check "tacctl refuses it too" grep -q 'not a tacd database' f2.err
check "... and leaves it unchanged" cmp -s f/tacd.db f.orig
check "... with no -wal or -shm" [ ! -e f/tacd.db-wal -a ! -e f/tacd.db-shm ]
# In rollback-journal mode, with an application_id of its own: switching
# it to WAL would change it for good.
"$SQLEXEC" f/tacd.db "PRAGMA journal_mode = DELETE;
    PRAGMA application_id = 4242" >/dev/null
cp f/tacd.db f.orig
"$TACD" -f f.conf --events </dev/null >/dev/null 2>f3.err
check "another application_id is refused" \
    grep -q 'application_id 0x00001092' f3.err
check "... unchanged, still not in WAL mode" cmp -s f/tacd.db f.orig

# A game to play: one simulated 4-player game as four people's events.
"$TACCTL" sim --games 1 --seed 3 --record rec >/dev/null
"$MKSTREAM" rec/game-000001.json >stream
check "mkstream made the stream" [ -s stream ]

# 2. A damaged tacd.db: 299 events played (294 moves; the 300th is a
# gift, logged only once all four have given), a backup taken,
# then the page where the action log's b-tree starts is overwritten.
conf d.conf "$scratch/d"
head -n 299 stream | "$TACD" -f d.conf --events >/dev/null 2>d.err
check "299 events are played" [ "$(turn d/tacd.db)" = 294 ]
"$TACCTL" -f d.conf backup backup.db
check "tacctl backup makes a backup" [ -s backup.db ]
root=$("$SQLEXEC" d/tacd.db "SELECT rootpage FROM sqlite_schema
    WHERE type = 'table' AND name = 'actions'")
psize=$("$SQLEXEC" d/tacd.db "PRAGMA page_size")
check "the action log starts on page $root of $psize bytes" \
    [ "${root:-0}" -gt 1 -a "${psize:-0}" -gt 0 ]
head -c "$psize" /dev/zero | tr '\0' '\377' |
    dd of=d/tacd.db bs="$psize" seek=$((root - 1)) conv=notrunc \
    status=none
cp d/tacd.db d.orig
cp d/tacd.db probe.db
"$SQLEXEC" probe.db "PRAGMA quick_check(1)" >qc.out 2>&1
check "quick_check finds the damage on page $root" \
    grep -q "^Page $root: " qc.out
"$TACD" -f d.conf --events <stream >d.out 2>d2.err
check "tacd refuses the damaged database with a non-zero exit" [ $? -ne 0 ]
check "... saying it is damaged, where" \
    grep -q "$scratch/d/tacd.db: the database is damaged (\*\*\* in database main \*\*\* Page $root: " \
    d2.err
check "... and how to restore it" grep -q 'stop tacd, move the damaged file (with its -wal and -shm files) away and copy the last backup in its place (tacctl backup FILE makes one)' d2.err
cat d2.err
check "... playing nothing" [ ! -s d.out ]
check "... and leaves the file unchanged" cmp -s d/tacd.db d.orig
check "... with no -wal or -shm" [ ! -e d/tacd.db-wal -a ! -e d/tacd.db-shm ]
"$TACCTL" -f d.conf verify >v.out 2>&1
check "tacctl verify finds the damage and exits 1" [ $? -eq 1 ]
check "... saying so" grep -q '^the database file: the database is damaged' \
    v.out
"$TACCTL" -f d.conf backup bad-backup.db >b.out 2>&1
check "tacctl backup of the damaged database fails with 2" [ $? -eq 2 ]
check "... saying so" grep -q 'the database is damaged (.*Page '"$root"': .*no backup written' b.out
cat b.out
check "... and writes no file" [ ! -e bad-backup.db -a ! -e bad-backup.db.tmp ]
check "the good backup passes quick_check" \
    bash -c "'$SQLEXEC' backup.db 'PRAGMA quick_check' | grep -qx ok"
# What the message says: move the damaged file away, copy the backup in.
mv d/tacd.db damaged.db
cp backup.db d/tacd.db
"$TACD" -f d.conf --events <stream >/dev/null 2>d3.err
check "the restored backup starts and the stream finishes the game" \
    [ $? -eq 0 ]
check "... which verifies" bash -c "'$TACCTL' -f d.conf verify >/dev/null"
"$TACCTL" -f d.conf export 1 >d.json
check "... and is the recorded game" \
    bash -c "'$TACCTL' replay d.json | grep -q '\"over\": true'"

# 3. tacd.db deleted while tacd runs: 100 events in (95 moves), the file
# goes, then one more event.
conf l.conf "$scratch/l"
mkfifo in.fifo
"$TACD" -f l.conf --events <in.fifo >l.out 2>l.err &
pid=$!
exec 3>in.fifo
head -n 100 stream >&3
wait_until '[ "$(turn l/tacd.db)" = 95 ]'
check "tacctl reads the live database: 100 events in" \
    [ "$(turn l/tacd.db)" = 95 ]
rm l/tacd.db
sed -n 101p stream >&3
if ! wait_until "! kill -0 $pid 2>/dev/null"; then
	bad "tacd still runs $HANG_GUARD s after its database was deleted"
	kill -9 "$pid"
fi
wait "$pid"
rc=$?
exec 3>&-
check "tacd exits non-zero ($rc), not killed" [ "$rc" -eq 1 ]
check "it logs that the file was deleted, and stops" \
    grep -q "warning: $scratch/l/tacd.db: the database file was deleted or moved away while open; nothing more is committed; stopping" \
    l.err
cat l.err
rescued=$(ls l/tacd.db.rescued-* 2>/dev/null | head -1)
check "what it held is saved ($rescued)" [ -n "$rescued" -a -s "$rescued" ]
check "... and the log says where" grep -q "are saved in $scratch/$rescued" l.err
check "the copy has the 95 moves, not the one refused" \
    [ "$(turn "$rescued")" = 95 ]
check "no -wal or -shm of the lost file is left" \
    [ ! -e l/tacd.db-wal -a ! -e l/tacd.db-shm ]
check "... and no tacd.db" [ ! -e l/tacd.db ]
# As the log says: put the copy in place; the stream finishes the game.
mv "$rescued" l/tacd.db
"$TACD" -f l.conf --events <stream >/dev/null 2>l2.err
check "tacd goes on with the saved copy" [ $? -eq 0 ]
check "... without a warning" [ ! -s l2.err ]
"$TACCTL" -f l.conf export 1 >l.json
check "... to the recorded game's end" \
    bash -c "'$TACCTL' replay l.json | grep -q '\"over\": true'"
check "... which verifies" bash -c "'$TACCTL' -f l.conf verify >/dev/null"

finish
