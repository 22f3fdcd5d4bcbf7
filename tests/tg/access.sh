#!/bin/bash
# access.sh: who may see or act on a game, the real tacd against the
# fake Bot API, whose getChatMember answers as the test sets each group's
# people.  Game 1 is group -1001's ("T-1001": 1001 to 1004 and 1006 in
# it, 1005 left it, 1007 was removed); 2001 plays in group -1002.
# Strangers (9991 in no group; 2001 writing in -1002 and privately) name
# game 1 by number with every command that names a game, in its lobby
# and while it runs, and by its key: each gets the words a game that is
# not there gets ("There is no game #1.", or the same for #77), or, with
# the key, that only its group's people take a seat; nothing the bot
# sends them names the group, its people, its board or its key.  The
# lobby's Join link carries the key, never the number; members join by
# it (Telegram asked each time), 1005 and 1007 do not.  /board #1 in a
# player's private chat has the Mini App's button with the key.  1004
# blocked the bot before the start: once they unblock it, a plain /start
# brings the greeting and then their turn with its buttons.  1003 leaves
# the running game; 1006 follows the link and the group is asked: a
# stranger's press is refused, a player's yes (answered at once) seats
# 1006 with 1003's cards.
. "${abs_top_srcdir:-${top_srcdir:-.}}/tests/tg/lib.sh"

fake_start
ctl /ctl/members '{"chat": "-1001", "members": {"1001": "creator",
    "1002": "member", "1003": "member", "1004": "member", "1005": "left",
    "1006": "member", "1007": "kicked"}}' >/dev/null
ctl /ctl/members '{"chat": "-1002", "members": {"2001": "creator"}}' \
    >/dev/null
# The bot's messages as they stand now, as JSON lines: chat, id, text,
# the buttons' callback data or url.
messages() {
	ctl /ctl/messages | node -e 'let t="";process.stdin.on("data",d=>t+=d);
	    process.stdin.on("end",()=>{for (const m of JSON.parse(t).result) {
		const k = m.reply_markup ? JSON.parse(m.reply_markup)
		    .inline_keyboard.flat() : [];
		console.log(JSON.stringify({chat: m.chat, id: m.message_id,
		    text: m.text || m.caption || "", keys: k.map(b =>
		    b.callback_data || b.url || (b.web_app || {}).url)}));
	    }})'
}
# Does a message of the bot in CHAT, as it stands now, match an ERE?
has_message() {
	messages | grep -F "\"chat\":\"$1\"" | grep -Eq -- "$2"
}
# How many messages of the bot in CHAT match an ERE now.
count_messages() {
	messages | grep -F "\"chat\":\"$1\"" | grep -Ec -- "$2"
}
# Everything the bot sent to CHAT (texts, captions, buttons), one a line.
sent_to() {
	ctl /ctl/sent | node -e 'let t="";process.stdin.on("data",d=>t+=d);
	    process.stdin.on("end",()=>{for (const m of JSON.parse(t).result)
		if (m.chat === process.argv[1])
			console.log(JSON.stringify(m));
	    })' -- "$1"
}
# press CHAT USER MESSAGE DATA: a person presses a button of a message.
press() {
	id=$((id + 1))
	ctl /ctl/updates "[{\"update_id\": $id, \"callback_query\": {\"id\":
	    \"cb$id\", \"from\": {\"id\": $2, \"is_bot\": false,
	    \"first_name\": \"P$2\"}, \"message\": {\"message_id\": $3,
	    \"chat\": {\"id\": $1, \"type\": \"group\", \"title\": \"T$1\"}},
	    \"data\": \"$4\"}}]" >/dev/null
	wait_until "[ \"\$(state_get s.confirmed)\" -ge $id ]"
}
# The answer to press number N ("null" when it had no words), or "".
answer_of() {
	ctl /ctl/sent | node -e 'let t="";process.stdin.on("data",d=>t+=d);
	    process.stdin.on("end",()=>{const a=JSON.parse(t).result.find(m =>
		m.method === "answerCallbackQuery" &&
		m.callback === "cb" + process.argv[1]);
		console.log(a ? JSON.stringify(a.text) : "")})' "$1"
}
# Does a command fail?
not() {
	! "$@"
}
# Did anything the bot sent a stranger name game 1's group, its people,
# its board's link or its key?
leaked() {
	(sent_to 9991; sent_to 2001; sent_to -1002) |
	    grep -Eq "T-1001|P100[1-7]|$key|\\?g=|start=j1\""
}

tgconf tacd.conf "$scratch/db" "webapp_listen = 127.0.0.1:$(free_port)" \
    "webapp_url = https://app.example/tac"
tacd_start tacd.conf tacd.log
check "tacd knows the bot" wait_until "grep -q 'telegram: bot @' tacd.log"

send -1001 1001 /new
check "the lobby's Join is a link with the game's key" wait_until \
    "has_message -1001 'New game #1.*\"https://t.me/TacTestBot\\?start=j[A-Za-z0-9]{22}\"'"
key=$(messages | grep -F '"chat":"-1001"' |
    sed -n 's/.*start=j\([A-Za-z0-9]\{22\}\)".*/\1/p' | head -1)
check "... and not its number" \
    [ "$(count_messages -1001 'start=j1"')" -eq 0 ]
send -1002 2001 /new

# stranger CHAT USER WHERE COMMAND...: each command in CHAT by USER gets
# "There is no game #N." (N the number it names) there, and nothing else.
stranger() {
	local chat=$1 user=$2 where=$3 cmd n before

	shift 3
	for cmd in "$@"; do
		n=$(printf '%s' "$cmd" | sed -n 's/.*[#jh]\([0-9][0-9]*\).*/\1/p')
		before=$(count_messages "$chat" "There is no game #$n\\.")
		send "$chat" "$user" "$cmd"
		check "$where: $cmd: there is no game #$n" wait_until \
		    "[ \$(count_messages '$chat' 'There is no game #$n\\.') -gt $before ]"
	done
}
lobby_cmds=('/start j1' '/join #1' '/board #1' '/options #1' '/start h1'
    '/hand #1' '/team #1 1' '/ai #1' '/start #1' '/abort #1 yes'
    '/leave #1 yes' '/summary #1' '/board #77' '/start j77')
stranger 9991 9991 "a stranger's lobby" "${lobby_cmds[@]}"
stranger -1002 2001 "another group's lobby" '/board #1' '/join #1' \
    '/options #1' '/start #1' '/abort #1 yes' '/hand #1' '/board #77'
send 9991 9991 "/start j$key"
check "the key holder is told only a group's people take a seat" \
    wait_until "has_message 9991 'Only the people of a game.s group can take a seat in it'"

# The group's people join by the link; who left or was removed does not.
for p in 1002 1003; do
	send "$p" "$p" "/start j$key"
	check "$p follows the link: seated" wait_until \
	    "has_message $p 'You have a seat in game #1'"
done
for p in 1005 1007; do
	send "$p" "$p" "/start j$key"
	check "$p (not in the group) is told so" wait_until \
	    "has_message $p 'Only the people of a game.s group can take a seat'"
	check "... and has no seat" not has_message -1001 "P$p"
done
check "getChatMember was asked about -1001's people" \
    [ "$(state_get 's.chatCalls["-1001"].getChatMember')" -ge 4 ]
send -1001 1004 /join
# 1004 blocks the bot before the start.
ctl /ctl/chat '{"chat": "1004", "fault": "403"}' >/dev/null
send -1001 1001 /start
check "the game starts" wait_until "has_message -1001 'Game #1'"
check "the group is told 1004 cannot be reached" wait_until \
    "[ \"\$(sent_count 'P1004: I cannot write to you privately')\" -ge 1 ]"

stranger 9991 9991 "a stranger's running game" '/board #1' '/hand #1' \
    '/start h1' '/start j1' '/join #1' '/summary #1' '/moves #1' \
    '/record #1' '/review #1' '/resume #1' '/leave #1 yes' \
    '/replace #1 1 ai' '/hint #1' '/play #1 13 B>0' '/menu #1' \
    '/board #77'
stranger -1002 2001 "another group's running game" '/board #1' \
    '/hand #1' '/replace #1 1 ai' '/abort #1 yes' '/summary #1'
stranger 2001 2001 "another group's player, privately" '/board #1' \
    '/start h1' '/join #1' '/hand #1'
check "nothing of game 1 reached the strangers" not leaked
check "game 1 is as it was" bash -c "! '$TACCTL' -f tacd.conf show 1 |
    grep -E '9991|2001'"

# A player's /board #1, privately: the board, with the Mini App's key.
send 1002 1002 '/board #1'
check "a player's private /board #1 opens the Mini App with the key" \
    wait_until "sent_to 1002 | grep -q 'app.example/tac?g=$key'"

# 1004 unblocks the bot; Telegram's Restart sends a plain /start.
ctl /ctl/chat '{"chat": "1004", "fault": ""}' >/dev/null
send 1004 1004 /start
check "1004's plain /start: the greeting" wait_until \
    "has_message 1004 'Hello, P1004!'"
check "... and then the turn that waits, with its buttons" wait_until \
    "has_message 1004 'Your turn in game #1.*\"1:[0-9]+:menu '"
greet=$(messages | grep -F '"chat":"1004"' | grep -F 'Hello, P1004' |
    sed -n 's/.*"id":\([0-9]*\).*/\1/p' | head -1)
turnmsg=$(messages | grep -F '"chat":"1004"' | grep -F 'Your turn' |
    sed -n 's/.*"id":\([0-9]*\).*/\1/p' | head -1)
check "... in that order ($greet, $turnmsg)" [ "${greet:-0}" -lt "${turnmsg:-0}" ]

# 1003 leaves; the AI plays their seat.  1006 asks for it.
send -1001 1003 '/leave yes'
check "1003 left" wait_until "has_message -1001 'P1003 left; the AI plays'"
send 1006 1006 "/start j$key"
check "the group is asked whether 1006 may take 1003's seat" wait_until \
    "has_message -1001 'P1006 asks to take over the seat of P1003'"
check "1006 is told the players are asked" wait_until \
    "has_message 1006 'I asked the players of game #1 whether you may take over'"
check "1006 has no seat yet" bash -c \
    "! '$TACCTL' -f tacd.conf show 1 | grep -q 'P1006'"
qline=$(messages | grep -F '"chat":"-1001"' | grep -F 'P1006 asks to take')
qid=$(printf '%s' "$qline" | sed -n 's/.*"id":\([0-9]*\).*/\1/p')
yes=$(printf '%s' "$qline" | grep -o '"1::admit [0-9]* [0-9]* yes"' |
    tr -d '"')
check "the question has a Yes button ($yes)" [ -n "$yes" ]
send 1007 1007 "/start j$key"
check "1007, removed from the group, cannot ask" wait_until \
    "[ \$(count_messages 1007 'Only the people of a game.s group') -ge 2 ]"
press -1001 9991 "$qid" "$yes"
check "a stranger's yes is refused at once" wait_until \
    "[ \"\$(answer_of $id)\" = '\"You are not in game #1.\"' ]"
check "... and seats nobody" bash -c \
    "! '$TACCTL' -f tacd.conf show 1 | grep -q 'P1006'"
press -1001 1002 "$qid" "$yes"
check "a player's yes is answered at once" wait_until \
    "[ -n \"\$(answer_of $id)\" ]"
check "1006 plays the seat now" wait_until \
    "'$TACCTL' -f tacd.conf show 1 | grep -q 'P1006 user 1006'"
check "1003 no longer does" bash -c \
    "! '$TACCTL' -f tacd.conf show 1 | grep -q 'user 1003'"
check "1006 gets the seat's cards" wait_until \
    "has_message 1006 'Game #1.*(Your cards|Your turn)'"
check "the group hears of it" wait_until \
    "has_message -1001 'P1006 takes the [A-Za-z]+ seat'"
check "the question shows the answer" wait_until \
    "has_message -1001 'P1002 agreed: P1006 plays that seat now'"

# The creator ends game 1: a finished game answers strangers the same.
send -1001 1001 '/abort yes'
check "game 1 is over" wait_until \
    "'$TACCTL' -f tacd.conf show 1 | grep -q aborted"
stranger 9991 9991 "a stranger's finished game" '/board #1' '/summary #1' \
    '/moves #1' '/record #1' '/review #1' '/start h1' '/start j1' \
    '/join #1' '/resume #1'
stranger -1002 2001 "another group's finished game" '/board #1' \
    '/summary #1' '/moves #1' '/record #1'
check "nothing of the finished game reached the strangers" not leaked

tacd_stop
check "tacd exits 0" [ $? -eq 0 ]
check "no crash, no sanitizer report" bash -c \
    "! grep -Eq 'AddressSanitizer|runtime error|fatal' tacd.log"
finish
