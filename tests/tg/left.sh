#!/bin/bash
# left.sh: a player leaves the group, the real tacd against the fake Bot
# API.  Four people of group -1001 start game #1; 1003 (seat 2) leaves
# the group: Telegram says it twice, by the group's service message
# (left_chat_member) and by a chat_member update (which tacd asks for).
# The group is told once that the AI plays the seat, 1003 once, in
# private, with no button and no link; the AI gives 1003's card of the
# exchange and 1003's turn message loses its buttons; the others give
# theirs by their buttons and the game goes on.  The same leaving said
# again, both ways, tells nobody and changes nothing; 1003's old join
# link and /resume seat them no more.
. "${abs_top_srcdir:-${top_srcdir:-.}}/tests/tg/lib.sh"

fake_start
# Everything the bot sent to CHAT, one JSON a line (sendMessage and
# edits, with their buttons).
sent_to() {
	ctl /ctl/sent | node -e 'let t="";process.stdin.on("data",d=>t+=d);
	    process.stdin.on("end",()=>{for (const m of JSON.parse(t).result)
		if (m.chat === process.argv[1])
			console.log(JSON.stringify(m));
	    })' -- "$1"
}
# The leaving of USER, as Telegram says it: left_msg USER (the group's
# service message), left_member USER (a chat_member update).  Each takes
# the next update id and waits until tacd confirmed it.
left_msg() {
	id=$((id + 1))
	ctl /ctl/updates "[{\"update_id\": $id, \"message\": {\"message_id\":
	    $id, \"date\": 1700000000, \"from\": {\"id\": $1, \"is_bot\":
	    false, \"first_name\": \"P$1\"}, \"chat\": {\"id\": -1001, \"type\":
	    \"group\", \"title\": \"T-1001\"}, \"left_chat_member\": {\"id\": $1,
	    \"is_bot\": false, \"first_name\": \"P$1\"}}}]" >/dev/null
	wait_until "[ \"\$(state_get s.confirmed)\" -ge $id ]"
}
left_member() {
	id=$((id + 1))
	ctl /ctl/updates "[{\"update_id\": $id, \"chat_member\": {\"chat\":
	    {\"id\": -1001, \"type\": \"group\", \"title\": \"T-1001\"},
	    \"from\": {\"id\": $1, \"is_bot\": false, \"first_name\": \"P$1\"},
	    \"date\": 1700000000, \"old_chat_member\": {\"status\": \"member\",
	    \"user\": {\"id\": $1, \"is_bot\": false, \"first_name\": \"P$1\"}},
	    \"new_chat_member\": {\"status\": \"left\", \"user\": {\"id\": $1,
	    \"is_bot\": false, \"first_name\": \"P$1\"}}}}]" >/dev/null
	wait_until "[ \"\$(state_get s.confirmed)\" -ge $id ]"
}
# How many of the bot's messages in CHAT, as they stand now, have buttons.
with_buttons() {
	ctl /ctl/messages | node -e 'let t="";process.stdin.on("data",d=>t+=d);
	    process.stdin.on("end",()=>{console.log(JSON.parse(t).result.filter(
	    m => m.chat === process.argv[1] && m.reply_markup && JSON.parse(
	    m.reply_markup).inline_keyboard.flat().length > 0).length)})' \
	    -- "$1"
}
# The messages the bot sent (not edits) to CHAT: how many.
new_to() {
	sent_to "$1" | grep -Ec '"method":"send(Message|Photo|Document)"'
}
# give USER: USER presses the first button of their turn message (a
# card to give), and tacd confirms the press.
give() {
	local m

	m=$(ctl /ctl/messages | node -e 'let t="";process.stdin.on("data",
	    d=>t+=d);process.stdin.on("end",()=>{const m=JSON.parse(t).result
	    .find(x => x.chat === process.argv[1] && x.reply_markup &&
	    JSON.parse(x.reply_markup).inline_keyboard.flat().length > 0);console.log(m ? m.message_id + " " +
	    JSON.parse(m.reply_markup).inline_keyboard[0][0].callback_data :
	    "")})' -- "$1")
	id=$((id + 1))
	ctl /ctl/updates "[{\"update_id\": $id, \"callback_query\": {\"id\":
	    \"cb$id\", \"from\": {\"id\": $1, \"is_bot\": false,
	    \"first_name\": \"P$1\"}, \"chat_instance\": \"ci\", \"message\":
	    {\"message_id\": ${m%% *}, \"chat\": {\"id\": $1, \"type\":
	    \"private\", \"first_name\": \"P$1\"}}, \"data\": \"${m#* }\"}}]" \
	    >/dev/null
	wait_until "[ \"\$(state_get s.confirmed)\" -ge $id ]"
}
# The seats of game 1: seat user away, one a line.
seats() {
	"$SQLEXEC" "$db" 'SELECT s.seat, u.pid, s.away FROM seats s JOIN users u
	    ON u.id = s.user WHERE s.game = 1 ORDER BY s.seat'
}

tgconf tacd.conf "$scratch/db"
db=$scratch/db/tacd.db
tacd_start tacd.conf tacd.log
check "tacd knows the bot" wait_until "grep -q 'telegram: bot @' tacd.log"
check "getUpdates asks for chat_member, and for what it asked before" \
    wait_until "[ \"\$(state_get 'JSON.stringify(s.allowed)')\" = \
    '[\"message\",\"callback_query\",\"chat_member\"]' ]"

send -1001 1001 /new
for p in 1002 1003 1004; do
	send -1001 "$p" /join
done
send -1001 1001 /start
check "game #1 runs" wait_until "[ \"\$(\"$SQLEXEC\" '$db' \
    'SELECT state FROM games WHERE id = 1')\" = 1 ]"
check "1003 sits in seat 2" [ "$(seats | grep -c '^2|1003|0$')" = 1 ]
wait_until "delivered '$db'"
key=$(sent_to -1001 | sed -n 's/.*start=j\([A-Za-z0-9]\{22\}\).*/\1/p' |
    head -1)
check "the lobby had a join link ($key)" [ -n "$key" ]
group_before=$(sent_to -1001 | grep -c 'sendMessage')
private_before=$(new_to 1003)
check "1003's turn message has its buttons" [ "$(with_buttons 1003)" = 1 ]

# 1003 leaves: the service message, then the member update.
left_msg 1003
left_member 1003
check "the AI plays seat 2 now, for good" \
    [ "$(seats | grep -c '^2|1003|2$')" = 1 ]
wait_until "delivered '$db'"
check "the group is told once" [ "$(sent_count \
    'P1003 is no longer in the group; the AI plays the [A-Za-z]+ seat from now on')" = 1 ]
check "... in one new message" [ "$(sent_to -1001 | grep -c 'sendMessage')" \
    = $((group_before + 1)) ]
check "1003 gets one private message" \
    [ "$(new_to 1003)" = $((private_before + 1)) ]
last=$(sent_to 1003 | grep '"method":"sendMessage"' | tail -1)
check "... that says why" bash -c "printf '%s' '$last' | grep -q \
    'You are no longer in the group .*T-1001.*, so the AI plays your seat in game #1 from now on'"
check "... without a button" bash -c \
    "! printf '%s' '$last' | grep -q 'inline_keyboard'"
check "... without a link" bash -c \
    "! printf '%s' '$last' | grep -Eq 't\\.me|start=|https?:'"
check "the AI gives 1003's card of the exchange" wait_until "[ -n \"\$(\
    \"$SQLEXEC\" '$db' \"SELECT value FROM kv WHERE key = 'gift:1:2' AND
    value LIKE '% 1 %'\")\" ]"
wait_until "delivered '$db'"
check "1003's turn message has no buttons any more" \
    [ "$(with_buttons 1003)" = 0 ]
# The others give: the exchange is done, the game goes on.
for p in 1001 1002 1004; do
	give "$p"
done
check "the exchange is done" wait_until "[ \"\$(\"$SQLEXEC\" '$db' \
    \"SELECT count(*) FROM kv WHERE key LIKE 'gift:1:%'\")\" = 0 ]"
wait_until "delivered '$db'"
check "1003 got no new message since" \
    [ "$(new_to 1003)" = $((private_before + 1)) ]

# Said again, both ways: nothing changes, nobody is told.
seats >seats.before
sent_before=$(ctl /ctl/sent | node -e 'let t="";process.stdin.on("data",
    d=>t+=d);process.stdin.on("end",()=>console.log(JSON.parse(t).result
    .length))')
left_member 1003
left_msg 1003
wait_until "delivered '$db'"
seats >seats.after
check "the seats are as they were" cmp -s seats.before seats.after
check "nothing more was sent" [ "$(ctl /ctl/sent | node -e 'let t="";
    process.stdin.on("data",d=>t+=d);process.stdin.on("end",()=>console.log(
    JSON.parse(t).result.length))')" = "$sent_before" ]

# The old join link: Telegram says 1003 left; no seat, told so.
ctl /ctl/members '{"chat": "-1001", "members": {"1001": "creator",
    "1002": "member", "1004": "member", "1003": "left"}}' >/dev/null
send 1003 1003 "/start j$key"
check "1003's join link is refused" wait_until "sent_to 1003 | grep -q \
    'Only the people of a game.s group can take a seat in it'"
check "... and seats them no more" \
    [ "$(seats | grep -c '^2|1003|2$')" = 1 ]
send 1003 1003 /resume
check "1003's /resume finds no game" wait_until "sent_to 1003 | grep -q \
    'There is no game #1\\.'"
check "... and changes nothing" [ "$(seats | grep -c '^2|1003|2$')" = 1 ]

tacd_stop
check "tacd exits 0" [ $? -eq 0 ]
check "no crash, no sanitizer report" bash -c \
    "! grep -Eq 'AddressSanitizer|runtime error|fatal' tacd.log"
finish
