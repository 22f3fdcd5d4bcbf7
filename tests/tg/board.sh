#!/bin/bash
# board.sh: a group's live message stays one, and an event is told once,
# through the real tacd and the fake Bot API (which answers an edit of a
# deleted message "message to edit not found", as Telegram does).
#   -1001: moves, then /board, then more moves: exactly one live board
#          is left in the group, the one /board posted, and the moves
#          after it edit it (no edit of the one it replaced, no third
#          copy);
#   -1002: /abort, then Yes pressed: the abort makes one new group
#          message (the question, which then says it);
#   -1003: /abort yes typed: one new group message.
. "${abs_top_srcdir:-${top_srcdir:-.}}/tests/tg/lib.sh"

fake_start
"$TACCTL" sim --games 1 --seed 26 --policy greedy --record rec >/dev/null
DB=$scratch/db/tacd.db

# Everything the bot sent (sends, edits, deletes, pins), as JSON lines.
sent() {
	ctl /ctl/sent | node -e 'let t="";process.stdin.on("data",d=>t+=d);
	    process.stdin.on("end",()=>{for (const m of JSON.parse(t).result)
		console.log(JSON.stringify(m))})'
}
# New messages the bot sent to CHAT so far.
sends() {
	sent | grep -F "\"chat\":\"$1\"" | grep -c '"method":"send'
}
# Wait until every update is taken and the outbox is empty.
settle() {
	wait_until "[ \"\$(state_get s.queued)\" -eq 0 ] &&
	    [ \"\$(\"$SQLEXEC\" \"$DB\" 'SELECT count(*) FROM outbox WHERE
	    sent = 0')\" -eq 0 ]"
}
# feed N FROM TO: updates FROM..TO-1 of game N's stream.
feed() {
	node -e 'const u = JSON.parse(require("fs").readFileSync(
	    process.argv[1])); console.log(JSON.stringify(u.slice(
	    Number(process.argv[2]), Number(process.argv[3]))))' \
	    "updates$1.json" "$2" "$3" >feed.json
	last=$(node -e 'const u = JSON.parse(require("fs").readFileSync(
	    process.argv[1])); console.log(u[u.length - 1].update_id)' feed.json)
	ctl /ctl/updates @feed.json >/dev/null
	settle
}
# say CHAT USER TEXT: a person types in a group.
say() {
	ctl /ctl/updates "[{\"update_id\": $((last + 1)),
	    \"message\": {\"message_id\": 1, \"date\":
	    1700000000, \"from\": {\"id\": $2, \"is_bot\": false,
	    \"first_name\": \"P$2\", \"language_code\": \"en\"},
	    \"chat\": {\"id\": $1, \"type\": \"group\", \"title\": \"T\"},
	    \"text\": \"$3\"}}]" >/dev/null
	last=$((last + 1))
	settle
}
# The group's messages as they stand that are the game's live board
# (a photo whose caption names the game and its round): "id edits" lines.
boards() {
	ctl /ctl/messages | node -e 'let t="";process.stdin.on("data",
	    d=>t+=d);process.stdin.on("end",()=>{for (const m of
	    JSON.parse(t).result) if (m.chat === process.argv[1] &&
	    !m.deleted && m.photo && /^Game #\d+, round/.test(m.caption ||
	    "")) console.log(m.message_id + " " + m.edits)})' -- "$1"
}

for n in 1 2 3; do
	# Ids two apart: what people type in between takes the odd ones.
	"$MKSTREAM" rec/game-000001.json "c$n" $((n * 100000)) 2 >"stream$n"
	node "$TG_DIR/tgstream.js" "stream$n" >"updates$n.json"
done

tgconf tacd.conf "$scratch/db"
tacd_start tacd.conf tacd.log

# 1: /board in the middle of the game.
feed 1 0 40
check "-1001: one live board before /board" [ "$(boards -1001 | wc -l)" -eq 1 ]
say -1001 1000 "/board"
read -r after _ <<<"$(boards -1001 | tail -n 1)"
check "-1001: after /board, one live board" [ "$(boards -1001 | wc -l)" -eq 1 ]
# One at a time, so that each move is an edit of its own.
for i in $(seq 40 59); do
	feed 1 "$i" $((i + 1))
done
check "-1001: after the moves, still one live board" \
    [ "$(boards -1001 | wc -l)" -eq 1 ]
read -r id edits <<<"$(boards -1001 | tail -n 1)"
check "-1001: it is the one /board posted ($id, $after)" \
    [ -n "$id" ] && [ "$id" = "$after" ]
check "-1001: the moves edited it ($edits edits)" [ "${edits:-0}" -ge 10 ]
check "-1001: no edit went to a message that is gone" \
    bash -c "! grep -q 'edit.*-1001.*not found' tacd.log"

# 2: /abort, then Yes.
feed 2 0 30
before=$(sends -1002)
say -1002 2000 "/abort"
q=$(sent | grep -F '"chat":"-1002"' | grep '"method":"send' | tail -n 1)
qid=$(node -e 'console.log(JSON.parse(process.argv[1]).message_id)' "$q")
yes=$(node -e 'const m = JSON.parse(process.argv[1]);
    const k = JSON.parse(m.reply_markup || "null") || m.reply_markup;
    for (const r of k.inline_keyboard) for (const b of r)
	if (/yes/i.test(b.text)) console.log(b.callback_data)' "$q")
check "-1002: the question has a Yes button" [ -n "$yes" ]
ctl /ctl/updates "[{\"update_id\": $((last + 1)),
    \"callback_query\": {\"id\": \"cbabort\", \"from\":
    {\"id\": 2000, \"is_bot\": false, \"first_name\": \"P\"},
    \"message\": {\"message_id\": $qid, \"chat\": {\"id\": -1002,
    \"type\": \"group\", \"title\": \"T\"}}, \"data\": \"$yes\"}}]" \
    >/dev/null
settle
n=$(($(sends -1002) - before))
check "-1002: the abort made one new group message ($n)" [ "$n" -eq 1 ]
said=$(ctl /ctl/messages | node -e 'let t="";process.stdin.on("data",
    d=>t+=d);process.stdin.on("end",()=>{const m=JSON.parse(t).result.find(
    x => x.chat === "-1002" && x.message_id === Number(process.argv[1]));
    console.log(m ? m.text : "")})' "$qid")
check "-1002: the question says the game was aborted ($said)" \
    grep -q aborted <<<"$said"

# 3: /abort yes, typed.
feed 3 0 30
before=$(sends -1003)
say -1003 3000 "/abort yes"
n=$(($(sends -1003) - before))
check "-1003: the abort made one new group message ($n)" [ "$n" -eq 1 ]

sent >sent.jsonl
tacd_stop
check "tacd exits 0" [ $? -eq 0 ]
check "no crash" bash -c \
    "! grep -Eq 'AddressSanitizer|runtime error|fatal' tacd.log"
finish
