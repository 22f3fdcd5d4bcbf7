#!/bin/bash
# edits.sh: the edit of a board after a move is an outbox row, so a
# restart between the move and its edit still edits the board.  Four
# people play a recorded game in a group (the board a photo); once all
# is delivered, Telegram is made to answer the next editMessageMedia
# with 429 (wait 4 s); a move is played, its board edit is put off, and
# tacd is killed with -9 while it waits.  The restarted tacd edits the
# board: the photo shows the move, and no edit waits any more.
. "${abs_top_srcdir:-${top_srcdir:-.}}/tests/tg/lib.sh"

fake_start
"$TACCTL" sim --games 1 --seed 26 --record rec >/dev/null
"$MKSTREAM" rec/game-000001.json >stream
node "$TG_DIR/tgstream.js" stream -1001 >updates.json
# The lobby (5 updates), four gifts and two moves; then one more move.
first=11
pending() {
	"$SQLEXEC" db/tacd.db "SELECT count(*) FROM outbox WHERE sent = 0 $1"
}
# The group's board photo as it stands: its message id and image hash.
board() {
	ctl /ctl/messages | node -e 'let t="";process.stdin.on("data",d=>t+=d);
	    process.stdin.on("end",()=>{const b=JSON.parse(t).result.find(m =>
	    m.chat === "-1001" && m.photo);
	    console.log(b ? b.message_id + " " + b.photo.sha1 + " " + b.edits :
	    "none")})'
}
edits() {
	state_get 's.calls.editMessageMedia || 0'
}

tgconf tacd.conf "$scratch/db"
tacd_start tacd.conf tacd.log
part 0 "$first"
check "the game's first moves are taken" \
    wait_until "[ \"\$(state_get s.confirmed)\" -ge $first ]"
check "and all of it delivered" wait_until "[ \"\$(pending)\" -eq 0 ]"
read -r msg sha n <<<"$(board)"
check "the board is a photo ($msg)" [ "$msg" != none ]

# Told to wait 20 s: long enough that a slow machine still checks and
# kills before the wait is up; the restarted tacd waits out the rest.
ctl /ctl/fault '{"method": "editMessageMedia", "fault": "429:20"}' >/dev/null
before=$(edits)
part "$first" $((first + 1))
check "the next move is taken" \
    wait_until "[ \"\$(state_get s.confirmed)\" -ge $((first + 1)) ]"
check "its board edit was tried, and told to wait" \
    wait_until "[ \"\$(edits)\" -gt $before ]"
check "the edit waits in the outbox" \
    [ "$(pending "AND kind = 'edit-board'")" -eq 1 ]
kill -9 "$TACD_PID"
wait "$TACD_PID" 2>/dev/null
TACD_PID=
check "the board was not edited before the kill" \
    [ "$(board)" = "$msg $sha $n" ]

tacd_start tacd.conf tacd.log
check "the restarted tacd edits the board" wait_until \
    "[ \"\$(board | cut -d' ' -f2)\" != $sha ]"
read -r msg2 sha2 n2 <<<"$(board)"
check "the same message, edited ($n2 edits)" \
    [ "$msg2" = "$msg" -a "$n2" -gt "$n" ]
check "no edit waits" wait_until "[ \"\$(pending)\" -eq 0 ]"
check "the edit was a row, delivered" [ "$("$SQLEXEC" db/tacd.db \
    "SELECT count(*) FROM outbox WHERE kind = 'edit-board' AND sent = 1 \
    AND message = 'photo:$msg'")" -ge 1 ]
tacd_stop
check "tacd exits 0" [ $? -eq 0 ]
check "the game verifies" "$TACCTL" -f tacd.conf verify
check "no crash" bash -c \
    "! grep -Eq 'AddressSanitizer|runtime error|fatal' tacd.log"
finish
