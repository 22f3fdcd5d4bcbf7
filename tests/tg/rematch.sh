#!/bin/bash
# rematch.sh: a rematch through the real tacd and the fake Bot API.  Four
# people play a recorded game to its end as typed commands; Boris presses
# the summary's "Rematch, new teams"; Anna, Clara and Dmitri are each
# asked in their private chat and press "I'm in"; tacd is killed with
# kill -9 between two of the presses and started again; the last press
# starts game #2, everyone but the first seat one seat on.  Every press
# is answered at once: a stranger pressing the question's button gets
# the very answer a game that does not exist gets, and a press after the
# start says the offer is over.
. "${abs_top_srcdir:-${top_srcdir:-.}}/tests/tg/lib.sh"

fake_start
"$TACCTL" sim --games 1 --seed 26 --policy greedy --record rec >/dev/null
"$MKSTREAM" rec/game-000001.json >stream
node "$TG_DIR/tgstream.js" stream -1001 >updates.json
total=$(wc -l <stream)

# A press: press ID USER CHAT DATA [MESSAGE] (a chat > 0 is the person's
# private one; the message pressed, 1 unless named).
press() {
	node -e '
const [id, user, chat, data, msg] = process.argv.slice(1);
const c = Number(chat) > 0 ? { id: Number(chat), type: "private",
    first_name: "P" + user } : { id: Number(chat), type: "group",
    title: "TAC table" };
console.log(JSON.stringify([{ callback_query: { id: id, from: {
    id: Number(user), is_bot: false, first_name: "P" + user,
    language_code: "en" }, chat_instance: "ci", data: data,
    message: { message_id: Number(msg || 1), chat: c } } }]));' -- "$@" \
	    >press.json
	ctl /ctl/updates @press.json >/dev/null
}
# The message that asks person USER: its id.
ask_id() {
	ctl /ctl/sent | node -e 'let t="";process.stdin.on("data",d=>t+=d);
	    process.stdin.on("end",()=>{const a=JSON.parse(t).result.find(x =>
	    x.chat === process.argv[1] && /Are you in\?/.test(x.text || ""));
	    console.log(a ? a.message_id : 0)})' "$1"
}
# The answer to press ID, once it came: its text ("" none).
answer_of() {
	ctl /ctl/sent | node -e 'let t="";process.stdin.on("data",d=>t+=d);
	    process.stdin.on("end",()=>{const a=JSON.parse(t).result.find(x =>
	    x.method === "answerCallbackQuery" && x.callback ===
	    process.argv[1]); console.log(a ? "said:" + (a.text || "") :
	    "")})' "$1"
}
# Wait for press ID's answer and check its text: answered ID TEXT WHAT.
answered() {
	wait_until "[ -n \"\$(answer_of $1)\" ]"
	check "$3 ($(answer_of "$1"))" [ "$(answer_of "$1")" = "said:$2" ]
}

tgconf tacd.conf "$scratch/db"
db=$scratch/db/tacd.db
tacd_start tacd.conf tacd.log
ctl /ctl/updates @updates.json >/dev/null
check "the recorded game is played to its end" wait_until "[ \"\$(\
    \"$SQLEXEC\" '$db' 'SELECT state FROM games WHERE id = 1')\" = 2 ]"
wait_until "delivered '$db'"
check "the summary has the Rematch buttons" [ "$(ctl /ctl/sent |
    grep -o '1::rematch[a-z ]*' | sort -u | tr '\n' ,)" = \
    "1::rematch,1::rematch rotate," ]

press r1 1001 -1001 "1::rematch rotate"
answered r1 "Your rematch is offered; the others are asked in their private chats." \
    "Boris's press is answered"
wait_until "delivered '$db'"
check "game #2 is a lobby" [ "$("$SQLEXEC" "$db" \
    'SELECT state FROM games WHERE id = 2')" = 0 ]
for u in 1000 1002 1003; do
	check "person $u is asked in private, under the group's title" [ "$(ctl /ctl/sent | node -e '
	    let t="";process.stdin.on("data",d=>t+=d);process.stdin.on("end",
	    ()=>{console.log(JSON.parse(t).result.filter(x => x.chat ===
	    process.argv[1] && /Are you in\? The offer lapses in a day\./.test(
	    x.text || "") && /^<b>TAC table<\/b>\n[^<]+$/.test(x.text) &&
	    x.text.split("TAC table").length === 2 && /1::rematch yes 2/.test(x.reply_markup || "") &&
	    /1::rematch no 2/.test(x.reply_markup || "")).length)})' "$u")" = 1 ]
done
check "Boris is not asked" [ "$(sent_count '"chat":"1001".*Are you in')" = 0 ]
check "the group is told of the offer" [ "$(sent_count \
    'offers a rematch of game #1: the same people and options, the teams changed\.')" = 1 ]

# A stranger presses the question's button: the no-game answer.
press s1 2005 2005 "1::rematch yes 2"
answered s1 "There is no game #1." "a stranger gets the no-game answer"
press s2 2005 2005 "9::rematch yes 2"
answered s2 "There is no game #9." "... word for word as for a game nobody has"

press a1 1000 1000 "1::rematch yes 2" "$(ask_id 1000)"
answered a1 "You are in the rematch." "Anna's yes is answered"

# kill -9, and again: the offer and Anna's yes are the store's.
kill -9 "$TACD_PID"
wait "$TACD_PID" 2>/dev/null
tacd_start tacd.conf tacd.log
press c1 1002 1002 "1::rematch yes 2" "$(ask_id 1002)"
answered c1 "You are in the rematch." "after kill -9, Clara's yes is answered"
check "game #2 waits for Dmitri" [ "$("$SQLEXEC" "$db" \
    'SELECT state FROM games WHERE id = 2')" = 0 ]
press d1 1003 1003 "1::rematch yes 2" "$(ask_id 1003)"
answered d1 "You are in the rematch." "Dmitri's yes is answered"
check "game #2 starts with the last yes" wait_until "[ \"\$(\"$SQLEXEC\" \
    '$db' 'SELECT state FROM games WHERE id = 2')\" = 1 ]"
check "everyone but the first seat is one seat on" [ "$("$SQLEXEC" "$db" \
    'SELECT count(*) FROM seats o JOIN seats n ON n.game = 2 AND
    n.seat = CASE WHEN o.seat = 0 THEN 0 ELSE o.seat % 3 + 1 END AND
    n.user = o.user WHERE o.game = 1')" = 4 ]
check "the offer is gone" [ "$("$SQLEXEC" "$db" \
    'SELECT count(*) FROM rematches')" = 0 ]
press a2 1000 1000 "1::rematch yes 2"
answered a2 "This rematch offer is over." "a press after the start is answered"
wait_until "delivered '$db'"
check "Anna's question shows her answer, its buttons gone" [ "$(ctl \
    /ctl/sent | node -e 'let t="";process.stdin.on("data",d=>t+=d);
    process.stdin.on("end",()=>{console.log(JSON.parse(t).result.filter(x =>
    x.chat === "1000" && x.method === "editMessageText" && /^<b>TAC table<\/b>\nYou are in the rematch of game #1, in the [A-Za-z]+ seat\./.test(x.text || "") &&
    !/rematch/.test(x.reply_markup || "")).length)})')" = 1 ]
tacd_stop
check "tacd exits 0" [ $? -eq 0 ]
check "no crash" bash -c \
    "! grep -Eq 'AddressSanitizer|runtime error|fatal' tacd.log"
check "the token is in no log" bash -c \
    "! grep -q 'AAE-test' tacd.log fake.err"
finish
