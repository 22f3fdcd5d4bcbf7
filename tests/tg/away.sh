#!/bin/bash
# away.sh: a holiday, the real tacd against the fake Bot API.  A person
# plays in two groups (one hour a turn, three AIs each) and says privately
# /away 3d stop: the answer names both games, each group's live message
# says they are away and for how long still (never UTC), the store keeps
# it.  After a restart it is as it was (/away again is refused: away
# already).  /back answers for both games and the away lines go from
# the live messages.  /away in a group is answered: say it privately.
# /away without the way asks with buttons; a press is answered and its
# message edited to say what was done, without the buttons.
. "${abs_top_srcdir:-${top_srcdir:-.}}/tests/tg/lib.sh"

fake_start
tgconf tacd.conf "$scratch/db"
tacd_start tacd.conf tacd.log
check "tacd knows the bot" wait_until "grep -q 'telegram: bot @' tacd.log"

send 1001 1001 "/start" en
for g in -1001 -1002; do
	send $g 1001 "/new deadline=1h" en
	send $g 1001 "/ai all" en
	send $g 1001 "/start" en
done
check "the outbox drains" wait_until "delivered db/tacd.db"

# The bot's messages to CHAT that match an ERE, as they stand now (after
# the edits): their words, one a line.
now_in() {
	ctl /ctl/messages | node -e 'let t="";process.stdin.on("data",d=>t+=d);
	    process.stdin.on("end",()=>{const re=new RegExp(process.argv[2]);
	    for (const m of JSON.parse(t).result)
		if (String(m.chat) === process.argv[1] && !m.deleted &&
		    re.test(m.text || m.caption || ""))
			console.log(JSON.stringify(m.text || m.caption));})' \
	    -- "$1" "$2"
}
away_line() {
	[ -n "$(now_in "$1" 'P1001 is away, back in [0-9]+ (days|h);')" ]
}
no_away_line() {
	[ -z "$(now_in "$1" 'is away, back')" ]
}

send 1001 1001 "/away 3d stop" en
check "the outbox drains" wait_until "delivered db/tacd.db"
now_in 1001 'You are away' >reply.json
cat reply.json
check "the answer names both games" \
    grep -q 'You are away, back in [0-9]* days: your clocks stop in 2 games' \
    reply.json
check "the store keeps it" [ "$("$SQLEXEC" db/tacd.db \
    'SELECT count(*) FROM user_away WHERE ai = 0')" = 1 ]
until=$("$SQLEXEC" db/tacd.db 'SELECT until FROM user_away')
check "group 1's live message says who is away" wait_until "away_line -1001"
check "group 2's live message says who is away" wait_until "away_line -1002"
now_in -1001 'is away' | head -c 400; echo
ctl /ctl/sent >all.json
check "nobody reads UTC" [ "$(grep -c 'UTC' all.json)" -eq 0 ]

# In a group: the bot answers to say it privately, nothing changes.
send -1001 1001 "/away 2d" en
check "the outbox drains" wait_until "delivered db/tacd.db"
check "a group is told to say it privately" \
    [ -n "$(now_in -1001 'Say /away to me in our private chat')" ]
check "nothing changed" [ "$("$SQLEXEC" db/tacd.db \
    'SELECT until FROM user_away')" = "$until" ]

# A restart: the same holiday.
tacd_stop
check "tacd exits 0" [ $? -eq 0 ]
tacd_start tacd.conf tacd.log
check "tacd is back" wait_until \
    "[ \"\$(grep -c 'telegram: bot @' tacd.log)\" -ge 2 ]"
check "the holiday is kept" [ "$("$SQLEXEC" db/tacd.db \
    'SELECT until FROM user_away')" = "$until" ]
send 1001 1001 "/away 1d ai" en
check "the outbox drains" wait_until "delivered db/tacd.db"
check "tacd still knows it: away already" \
    [ -n "$(now_in 1001 'You are away already, back in [0-9]+ days')" ]

# Back: both games, and the lines go.
send 1001 1001 "/back" en
check "the outbox drains" wait_until "delivered db/tacd.db"
check "back in both games" \
    [ -n "$(now_in 1001 'Welcome back: your 2 games go on with you')" ]
check "no holiday left in the store" [ "$("$SQLEXEC" db/tacd.db \
    'SELECT count(*) FROM user_away')" = 0 ]
check "group 1's live message no longer says it" \
    wait_until "no_away_line -1001"
check "group 2's live message no longer says it" \
    wait_until "no_away_line -1002"
# The question and its button: the press is answered, its message
# edited to say what was done.
send 1001 1001 "/away 2d" en
check "the outbox drains" wait_until "delivered db/tacd.db"
ctl /ctl/messages | node -e 'let t="";process.stdin.on("data",d=>t+=d);
    process.stdin.on("end",()=>{const m=JSON.parse(t).result.find(m =>
	String(m.chat) === "1001" && /What happens to your games/.test(
	m.text || "") && m.reply_markup);
	const k = m && (typeof m.reply_markup === "string" ?
	    JSON.parse(m.reply_markup) : m.reply_markup);
	if (k) console.log(m.message_id + " " +
	    k.inline_keyboard[0][0].callback_data);})' >ask.txt
cat ask.txt
check "the question has its buttons" grep -q ' 0::away @[0-9]* stop$' ask.txt
qmsg=$(cut -d" " -f1 ask.txt)
qdata=$(cut -d" " -f2- ask.txt)
[ -n "$qmsg" ] || finish
id=$((id + 1))
ctl /ctl/updates "[{\"update_id\": $id, \"callback_query\": {\"id\":
    \"cb$id\", \"from\": {\"id\": 1001, \"is_bot\": false,
    \"first_name\": \"P1001\", \"language_code\": \"en\"}, \"message\":
    {\"message_id\": $qmsg, \"chat\": {\"id\": 1001, \"type\":
    \"private\"}}, \"data\": \"$qdata\"}}]" >/dev/null
wait_until "[ \"\$(state_get s.confirmed)\" -ge $id ]"
check "the outbox drains" wait_until "delivered db/tacd.db"
check "the press is answered" [ -n "$(ctl /ctl/sent | grep -o \
    "\"method\":\"answerCallbackQuery\"[^}]*\"callback\":\"cb$id\"")" ]
ctl /ctl/messages | node -e 'let t="";process.stdin.on("data",d=>t+=d);
    process.stdin.on("end",()=>{const m=JSON.parse(t).result.find(m =>
	String(m.chat) === "1001" && m.message_id === +process.argv[1]);
	console.log(JSON.stringify(m ? m.text : "") +
	    (m && /callback_data/.test(JSON.stringify(m.reply_markup)) ?
	    " buttons" : ""));})' "$qmsg" >edited.json
cat edited.json
check "its message says what was done" \
    grep -q 'You are away, back in [0-9]* \(days\|h\)' edited.json
check "its buttons are gone" bash -c "! grep -q buttons edited.json"
check "the store has it" [ "$("$SQLEXEC" db/tacd.db \
    'SELECT count(*) FROM user_away')" = 1 ]
send 1001 1001 "/back" en
check "the outbox drains" wait_until "delivered db/tacd.db"
tacd_stop
check "tacd exits 0" [ $? -eq 0 ]
check "no crash" bash -c \
    "! grep -Eq 'AddressSanitizer|runtime error|fatal' tacd.log"
finish
