#!/bin/bash
# unreach.sh: the notice that a person cannot be written to privately is
# an outbox row of their game's group: it survives kill -9 and comes in
# the group's order.  Person 1003 never started the bot (403) and opens
# a game with AI players while every call to the group fails (500): the
# notice is queued behind the group's other rows, and tacd is killed
# with -9 before any of them went.  Once the group works and tacd runs
# again, the group gets its rows in the order they were written, the
# notice among them, once.
. "${abs_top_srcdir:-${top_srcdir:-.}}/tests/tg/lib.sh"

fake_start
ctl /ctl/chat '{"chat": "1003", "fault": "403"}' >/dev/null
ctl /ctl/chat '{"chat": "-1001", "fault": "500"}' >/dev/null
sql() {
	"$SQLEXEC" db/tacd.db "$1"
}

tgconf tacd.conf "$scratch/db"
tacd_start tacd.conf tacd.log
check "tacd knows the bot" wait_until "grep -q 'telegram: bot @' tacd.log" 20
send -1001 1003 /new
send -1001 1003 '/ai all'
send -1001 1003 /start
check "1003's messages are refused" wait_until \
    "grep -q 'sendMessage to 1003 refused: Forbidden' tacd.log" 20
check "the notice waits in the group's queue" wait_until \
    "[ \"\$(sql \"SELECT count(*) FROM outbox WHERE kind = 'unreachable' \
    AND chat = '-1001' AND sent = 0\")\" -eq 1 ]" 20
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
    "[ \"\$(sent_count 'P1003: I cannot write to you privately. Open https://t.me/TacTestBot.start=h1')\" -eq 1 ]" 30
check "every row of the group is delivered" wait_until \
    "[ \"\$(sql \"SELECT count(*) FROM outbox WHERE chat = '-1001' AND \
    sent = 0\")\" -eq 0 ]" 30
# The group's new messages, in the order the fake took them, are its
# rows in the order they were written (their ids): the notice in its place.
ctl /ctl/sent >sent.json
node -e 'const s=JSON.parse(require("fs").readFileSync("sent.json")).result;
    console.log(s.filter(m => m.chat === "-1001" && m.method ===
    "sendMessage").map(m => m.message_id).join("\n"))' >got.txt
sql "SELECT message FROM outbox WHERE chat = '-1001' AND sent = 1 AND \
    kind IN ('moved', 'seat', 'unreachable', 'info', 'takeover', 'over', \
    'aborted') ORDER BY id" >want.txt
check "the group's notices came in their rows' order" \
    [ "$(sort -n want.txt | tr '\n' ' ')" = "$(tr '\n' ' ' <want.txt)" ]
check "the notice is one of them" grep -qx "$(sql "SELECT message FROM \
    outbox WHERE kind = 'unreachable'")" want.txt
# (A burst of notices is one message: its rows share the message.)
check "and the fake saw them so" [ -z "$(comm -23 <(sort -u want.txt) \
    <(sort -u got.txt))" ]
check "the notice came once" \
    [ "$(sent_count 'cannot write to you privately')" -eq 1 ]
check "nothing reached 1003" [ "$(sent_count '"chat":"1003"')" -eq 0 ]
tacd_stop
check "tacd exits 0" [ $? -eq 0 ]
check "no crash" bash -c \
    "! grep -Eq 'AddressSanitizer|runtime error|fatal' tacd.log"
finish
