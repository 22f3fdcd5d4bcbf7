#!/bin/bash
# onboard.sh: how people get into games, the real tacd against the fake
# Bot API.  At start tacd sets the command lists of Telegram's menu
# (setMyCommands: default, private and group scopes, English for all and
# each other language by language_code).  A first private /start greets
# the person in their language_code (English, Russian) with a button
# that adds the bot to a group; a group that added it (/start new) is
# greeted with a button to the private chat.  A person who never
# started the bot (403) opens a game with AI players: their private
# messages fail, the group is told once with the link ?start=h1, and
# since the game has no deadline, a reminder (idle_reminder = 3s) that
# cannot reach them tells the group again; once they follow the link,
# /start j1 and /start h1 bring their cards with the turn's buttons, and
# they give their card and play a move by pressing them.  A person
# Telegram does not know (400 chat not found) is told about the same
# way; a person of that group (getChatMember says so) following the old
# link /start j2 takes an AI's seat of that game with its cards.  A
# lobby's Join is the link ?start=jKEY, the game's key: a person who
# never opened the bot follows it, is seated and told so privately, and
# gets the exchange's buttons privately at the start, the group told
# nothing.
. "${abs_top_srcdir:-${top_srcdir:-.}}/tests/tg/lib.sh"

fake_start
ctl /ctl/chat '{"chat": "1003", "fault": "403"}' >/dev/null
ctl /ctl/chat '{"chat": "1004", "fault": "notfound"}' >/dev/null
ctl /ctl/chat '{"chat": "1008", "fault": "403"}' >/dev/null
# The bot's messages as they stand now, as JSON lines: chat, id, text,
# the buttons' callback data or url.
messages() {
	ctl /ctl/messages | node -e 'let t="";process.stdin.on("data",d=>t+=d);
	    process.stdin.on("end",()=>{for (const m of JSON.parse(t).result) {
		const k = m.reply_markup ? JSON.parse(m.reply_markup)
		    .inline_keyboard.flat() : [];
		console.log(JSON.stringify({chat: m.chat, id: m.message_id,
		    text: m.text || m.caption || "", keys: k.map(b =>
		    b.callback_data || b.url)}));
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

tgconf tacd.conf "$scratch/db" "idle_reminder = 3s"
tacd_start tacd.conf tacd.log
check "tacd knows the bot" wait_until "grep -q 'telegram: bot @' tacd.log"

# Telegram's menu: every scope in every language.
check "the command lists were set (12 calls)" wait_until \
    "[ \"\$(state_get 's.calls.setMyCommands || 0')\" -ge 12 ]"
ctl /ctl/commands >commands.json
node - commands.json >checks.out <<'JS'
const calls = JSON.parse(require('fs').readFileSync(process.argv[2])).result;
const say = (ok, what) => console.log((ok ? 'ok: ' : 'FAIL: ') + what);
say(calls.length === 12, 'every setMyCommands call was accepted (' +
    calls.length + ')');
for (const scope of ['default', 'all_private_chats', 'all_group_chats'])
	for (const lang of [null, 'ru', 'de', 'ka'])
		say(calls.filter(c => c.scope.type === scope &&
		    c.language_code === lang).length === 1,
		    'one list for ' + scope + ' in ' + (lang || 'English'));
const list = (scope, lang) => (calls.find(c => c.scope.type === scope &&
    c.language_code === lang) || { commands: [] }).commands;
const names = (l) => l.map(c => c.command).join(' ');
say(/^start hand .*help$/.test(names(list('all_private_chats', null))),
    'private chats: ' + names(list('all_private_chats', null)));
say(/^new join start .*help$/.test(names(list('all_group_chats', null))),
    'groups: ' + names(list('all_group_chats', null)));
const ru = list('all_group_chats', 'ru'), en = list('all_group_chats', null);
say(ru.length === en.length && ru.every((c, i) => c.command ===
    en[i].command && /[а-я]/.test(c.description) &&
    c.description !== en[i].description), 'the Russian group list is ' +
    'Russian: ' + (ru[0] || {}).description);
JS
cat checks.out
count_checks checks.out

# A first private /start, in the person's language.
send 1010 1010 /start en
send 1011 1011 /start ru-RU
check "the English greeting came" wait_until \
    "has_message 1010 'Hello, P1010! I host games of TAC'"
check "it has the button that adds the bot to a group" \
    has_message 1010 'Hello, P1010!.*"https://t.me/TacTestBot\?startgroup=new"'
check "it says how to play" has_message 1010 'How to play: add me'
check "the Russian greeting came" wait_until \
    "has_message 1011 'Здравствуйте, P1011! Я провожу'"
check "it has the button too" \
    has_message 1011 '"https://t.me/TacTestBot\?startgroup=new"'
check "the Russian greeting has no English" \
    [ "$(count_messages 1011 'Hello|How to play')" -eq 0 ]
# The startgroup link's /start in the group.
send -1009 1010 '/start@TacTestBot new' en
check "the group is greeted, with a button to the private chat" \
    wait_until "has_message -1009 'Hello! I host games of TAC here.*\"https://t.me/TacTestBot\\?start=hello\"'"

# Game 1: the one person in it never started the bot.
send -1001 1003 '/new auto=off'
send -1001 1003 '/ai all'
send -1001 1003 /start
check "the group is told about 1003, with the hand link" wait_until \
    "[ \"\$(sent_count 'cannot write to you privately. Open .*start=h1')\" \
    -ge 1 ]"
# The turn message is one picture with the hand and the buttons (no
# "Your cards" text before it): the first private call refused is it.
check "1003's turn message failed with 403" \
    grep -q 'sendPhoto to 1003 refused: Forbidden' tacd.log
check "the reminder of 1003's turn tells the group" wait_until \
    "[ \"\$(sent_count 'P1003, it is your turn in game #1, and I cannot write to you privately. Open https://t.me/TacTestBot.start=h1')\" -ge 1 ]"
check "... after the private reminder failed with 403 too" \
    grep -q 'sendMessage to 1003 refused: Forbidden' tacd.log
check "the first notice came once" \
    [ "$(sent_count 'P1003: I cannot write to you privately')" -eq 1 ]
check "nothing reached 1003" [ "$(count_messages 1003 .)" -eq 0 ]
"$TACCTL" -f tacd.conf show 1 >show1.txt
turn=$(sed -n 's/^deadline 0s, turn \([0-9]*\), actor 0,.*/\1/p' show1.txt)
check "the game waits for 1003 (seat 0) at turn $turn" [ -n "$turn" ]

# 1003 follows the link: the chat opens (no more 403), /start j1.
ctl /ctl/chat '{"chat": "1003", "fault": ""}' >/dev/null
send 1003 1003 '/start j1'
check "/start j1 brings 1003's turn: the cards" wait_until \
    "has_message 1003 'Your turn in game #1.*Your cards:'"
check "... and the buttons of the turn" has_message 1003 "\"1:$turn:menu "
check "not \"you have a seat already\"" \
    [ "$(count_messages 1003 'seat in game #1 already')" -eq 0 ]
send 1003 1003 '/start h1'
check "/start h1 brings them again" wait_until \
    "[ \$(count_messages 1003 '\"1:$turn:menu ') -ge 2 ]"

# 1003 plays by pressing the buttons of the last turn message, and
# then, now that the chat is open, the next turn's message as it comes.
# The presses are updates 500 on; the script's own go on from 1000.
node - "$FAKE_CTL" 1003 "$turn" 500 >press.out 2>press.err <<'JS'
const [ctl, user, first, base] = process.argv.slice(2);
const say = (ok, what) => console.log((ok ? 'ok: ' : 'FAIL: ') + what);
const get = async (p) => (await (await fetch(ctl + p)).json()).result;
const post = async (p, b) => (await (await fetch(ctl + p, { method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(b) })).json()).result;
const sleep = (ms) => new Promise(r => setTimeout(r, ms));
const guard = Number(process.env.HANG_GUARD) * 1000;	// hang guard
let update = Number(base);
// The person's message with the buttons of a turn (the last one), or null.
const turnMessage = async (pred) => {
	const l = (await get('/ctl/messages')).filter(m => m.chat === user &&
	    pred(m.reply_markup));
	return l.length ? l[l.length - 1] : null;
};
const keysOf = (m) => m.reply_markup ?
    JSON.parse(m.reply_markup).inline_keyboard.flat() : [];
// Walk a turn message's menu by its first entries to a move.
const play = async (msg) => {
	let presses = 0, seen = msg.edits;
	for (; presses < 12; presses++) {
		const now = (await get('/ctl/messages')).find(m =>
		    m.chat === user && m.message_id === msg.message_id);
		const b = keysOf(now).find(k => k.callback_data &&
		    !/^\d+:\d*:menu $/.test(k.callback_data) &&
		    k.text !== '\u2190 back');
		if (!b)
			break;
		await post('/ctl/updates', [{ update_id: update++,
		    callback_query: { id: 'cb' + update, from: {
		    id: Number(user), is_bot: false, first_name: 'P' + user },
		    message: { message_id: msg.message_id, chat: {
		    id: Number(user), type: 'private' } },
		    data: b.callback_data } }]);
		const end = Date.now() + guard;	// hang guard
		while (Date.now() < end) {	// hang guard
			const m = (await get('/ctl/messages')).find(x =>
			    x.chat === user && x.message_id === msg.message_id);
			if (m.edits > seen) {
				seen = m.edits;
				break;
			}
			await sleep(50);
		}
	}
	return (await get('/ctl/messages')).find(m => m.chat === user &&
	    m.message_id === msg.message_id);
};
(async () => {
	let msg = await turnMessage(k => k.includes('"1:' + first + ':menu '));
	let done = await play(msg);
	// A turn message may be a picture: its words are the caption.  The
	// game opens with the deal's exchange: the first turn is a gift,
	// and its message names who gets the card (seat 0's partner, AI 2).
	say(/^<b>T-?\d+<\/b>\nGame #1\. You gave the \S+ to AI 2\. /.test(done.text ||
	    done.caption) && !done.reply_markup.includes('callback_data'),
	    'turn ' + first + ': the message shows the gift, without ' +
	    'buttons: ' + (done.text || done.caption));
	// The next turn of 1003's comes as a message of its own.
	const later = (m) => {
		const t = /"1:(\d+):menu /.exec(m);
		return t !== null && Number(t[1]) > Number(first);
	};
	const end = Date.now() + guard;	// hang guard
	while (!(msg = await turnMessage(later)) && Date.now() < end)	// hang guard
		await sleep(50);
	say(msg !== null, 'the next turn came privately');
	if (msg === null)
		return;
	done = await play(msg);
	say(/^<b>T-?\d+<\/b>\nGame #1\. You played: /.test(done.text || done.caption) &&
	    !done.reply_markup.includes('callback_data'), 'the next turn ' +
	    'was played by buttons too: ' + (done.text || done.caption));
})();
JS
cat press.out
count_checks press.out
id=1000
check "the moves are in the log as 1003's own" wait_until \
    "[ \$('$TACCTL' -f tacd.conf show 1 | grep -Ec '^ +[0-9]+ +0 +person ') \
    -eq 2 ]"
# Everyone gives at once: the four gifts are recorded together once all
# are in, in play order from the dealer's left, so 1003's (seat 0) is
# one of turns $turn to $turn+3, not always the first.
"$TACCTL" -f tacd.conf show 1 >show1-end.txt
gifts=$(awk -v t="$turn" '$1 >= t && $1 < t + 4 && $6 == "give" {
    printf "%s:%s ", $2, $3 }' show1-end.txt)
# Are the gifts (SEAT:BY ...) four, seat after seat, one of them 1003's?
gifts_ok() {
	echo "$gifts" | awk '{ if (NF != 4) exit 1
	    for (i = 2; i <= NF; i++)
		if (substr($i, 1, 1) != (substr($(i - 1), 1, 1) + 1) % 4)
			exit 1 }' && echo "$gifts" | grep -q '0:person'
}
check "the exchange at turn $turn: four gifts in play order, 1003's own ($gifts)" \
    gifts_ok

# Game 2: a person Telegram does not know (400 chat not found).
send -1002 1004 /new
send -1002 1004 '/ai all'
send -1002 1004 /start
check "the group is told about 1004 too, with the link ?start=h2" \
    wait_until "[ \"\$(sent_count 'P1004: I cannot write to you privately. Open https://t.me/TacTestBot.start=h2')\" -eq 1 ]"
# A member of the group follows an old join link: an AI's seat, with its
# cards, once Telegram said 1006 is in the group.
send 1006 1006 '/start j2'
check "/start j2 seats 1006 in an AI's seat" wait_until \
    "'$TACCTL' -f tacd.conf show 2 | grep -q 'P1006 user 1006'"
check "1006 gets the cards" wait_until \
    "has_message 1006 'Game #2.*Your cards:'"
check "... after getChatMember about 1006 in -1002" \
    [ "$(state_get 's.chatCalls["-1002"].getChatMember')" -ge 1 ]
# In words: the seat's colour and team, no seat number.
check "the group hears of it" wait_until \
    "has_message -1002 'P1006 takes the Blue seat, in team Blue\\+Yellow\\.'"

# Game 3: the join link of a lobby, followed by 1008, who never opened
# the bot: following it opens the private chat (no more 403), so the
# bot reaches them before the start and at it.
send -1007 1007 /new
check "the lobby's Join is the link ?start=jKEY, the game's key" wait_until \
    "has_message -1007 'New game #3.*\"https://t.me/TacTestBot\\?start=j[A-Za-z0-9]{22}\"'"
key=$(messages | grep -F '"chat":"-1007"' |
    sed -n 's/.*start=j\([A-Za-z0-9]\{22\}\)".*/\1/p' | head -1)
ctl /ctl/chat '{"chat": "1008", "fault": ""}' >/dev/null
send 1008 1008 "/start j$key"
check "/start jKEY says the seat privately" wait_until \
    "has_message 1008 'You have a seat in game #3 \\(Blue\\)'"
check "the lobby shows 1008" wait_until \
    "has_message -1007 'New game #3.*P1008'"
send -1007 1007 '/ai all'
send -1007 1007 /start
check "at the start 1008 gets the exchange's buttons privately" wait_until \
    "has_message 1008 'Your turn in game #3\\..*Give a card to .*\"3:[0-9]+:menu '"
check "the group is told nothing about reaching 1008" \
    [ "$(count_messages -1007 'P1008.*cannot write to you')" -eq 0 ]
check "no call to 1008 was refused" bash -c "! grep -q 'to 1008 refused' tacd.log"

tacd_stop
check "tacd exits 0" [ $? -eq 0 ]
check "no setMyCommands failed" bash -c "! grep -q 'setMyCommands.*:' tacd.log"
check "no crash, no sanitizer report" bash -c \
    "! grep -Eq 'AddressSanitizer|runtime error|fatal' tacd.log"
finish
