#!/bin/bash
# unreach.sh: the notice that a person cannot be written to privately is
# an outbox row of their game's group: it survives kill -9 and comes in
# the group's order.  Person 1003 never started the bot (403) and opens
# a game with AI players while every call to the group fails (500): the
# notice is queued behind the group's other rows, and tacd is killed
# with -9 before any of them went.  Once the group works and tacd runs
# again, the group gets its rows in the order they were written, the
# notice among them, once.  Once 1003 opens the private chat (the link's
# /start h1), the bot reaches them: their turn message comes, and the
# group is not told again.
. "${abs_top_srcdir:-${top_srcdir:-.}}/tests/tg/lib.sh"

fake_start
ctl /ctl/chat '{"chat": "1003", "fault": "403"}' >/dev/null
ctl /ctl/chat '{"chat": "-1001", "fault": "500"}' >/dev/null
sql() {
	"$SQLEXEC" db/tacd.db "$1"
}

tgconf tacd.conf "$scratch/db"
tacd_start tacd.conf tacd.log
check "tacd knows the bot" wait_until "grep -q 'telegram: bot @' tacd.log"
send -1001 1003 /new
send -1001 1003 '/ai all'
send -1001 1003 /start
# The first private call is the turn message of the deal's exchange, one
# picture with the hand and the buttons (no "Your cards" text before it).
check "1003's messages are refused" wait_until \
    "grep -q 'sendPhoto to 1003 refused: Forbidden' tacd.log"
check "the notice waits in the group's queue" wait_until \
    "[ \"\$(sql \"SELECT count(*) FROM outbox WHERE kind = 'unreachable' \
    AND chat = '-1001' AND sent = 0\")\" -eq 1 ]"
check "... behind the group's earlier rows" [ "$(sql "SELECT count(*) \
    FROM outbox WHERE chat = '-1001' AND sent = 0 AND id < (SELECT id FROM \
    outbox WHERE kind = 'unreachable')")" -gt 0 ]
check "nothing reached the group" [ "$(sent_count '"chat":"-1001"')" -eq 0 ]
kill -9 "$TACD_PID"
wait "$TACD_PID" 2>/dev/null
TACD_PID=

ctl /ctl/chat '{"chat": "-1001", "fault": ""}' >/dev/null
tacd_start tacd.conf tacd.log
check "after the restart the group is told" wait_until \
    "[ \"\$(sent_count 'P1003: I cannot write to you privately. Open https://t.me/TacTestBot.start=h1')\" -eq 1 ]"
check "every row of the group is delivered" wait_until \
    "[ \"\$(sql \"SELECT count(*) FROM outbox WHERE chat = '-1001' AND \
    sent = 0\")\" -eq 0 ]"
# The group's new messages, in the order the fake took them, are its
# rows in the order they were written (their ids): the notice in its place.
# The moves are no longer messages of their own in the group (its live
# message, the board's row, tells them), and the exchange waits for
# 1003's gift, so the rows are the lobby, the live message, the notice
# and the live message's pin: each row's message (a picture's without
# its "photo:"), the first time it comes, since later rows of the same
# message edit or pin it (and a burst of notices is one message).
ctl /ctl/sent >sent.json
node -e 'const s=JSON.parse(require("fs").readFileSync("sent.json")).result;
    console.log(s.filter(m => m.chat === "-1001" && /^send(Message|Photo)$/
    .test(m.method)).map(m => m.message_id).join("\n"))' >got.txt
sql "SELECT message FROM outbox WHERE chat = '-1001' AND sent = 1 \
    ORDER BY id" | sed 's/^photo://' | awk '!seen[$0]++' >want.txt
check "the group's messages came in their rows' order" \
    [ "$(sort -n want.txt | tr '\n' ' ')" = "$(tr '\n' ' ' <want.txt)" ]
check "the notice is one of them, after the live message" \
    [ "$(grep -cx "$(sql "SELECT message FROM outbox WHERE kind = \
    'unreachable'")" want.txt)" -eq 1 -a "$(sed -n '$p' want.txt)" = \
    "$(sql "SELECT message FROM outbox WHERE kind = 'unreachable'")" ]
check "and the fake saw them so ($(tr '\n' ' ' <got.txt))" \
    [ "$(tr '\n' ' ' <want.txt)" = "$(tr '\n' ' ' <got.txt)" ]
check "the notice came once" \
    [ "$(sent_count 'cannot write to you privately')" -eq 1 ]
check "nothing reached 1003" [ "$(sent_count '"chat":"1003"')" -eq 0 ]

# 1003 follows the link: the private chat is open, /start h1 is theirs.
refused=$(grep -c 'to 1003 refused' tacd.log)
ctl /ctl/chat '{"chat": "1003", "fault": ""}' >/dev/null
send 1003 1003 '/start h1'
# Has 1003 a turn message of game 1 with the exchange's buttons, headed
# by the group's title?
reached() {
	ctl /ctl/sent >sent-after.json
	node -e 'const s=JSON.parse(require("fs")
	    .readFileSync("sent-after.json")).result;
	    process.exit(s.some(m => m.chat === "1003" &&
	    /^<b>T-?\d+<\/b>\nYour turn in game #1\.\nGive a card to AI 2\./
	    .test(m.caption || m.text || "") && /"1:0:menu /
	    .test(m.reply_markup || "")) ? 0 : 1)'
}
check "once 1003 opens the chat, their turn comes with the gift's buttons" \
    wait_until reached
check "... and nothing to them is refused any more" \
    [ "$(grep -c 'to 1003 refused' tacd.log)" -eq "$refused" ]
check "the group is not told again" \
    [ "$(sent_count 'cannot write to you privately')" -eq 1 ]
tacd_stop
check "tacd exits 0" [ $? -eq 0 ]
check "no crash" bash -c \
    "! grep -Eq 'AddressSanitizer|runtime error|fatal' tacd.log"
finish
