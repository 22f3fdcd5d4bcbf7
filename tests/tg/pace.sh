#!/bin/bash
# pace.sh: a game's pace as a person meets it, the real tacd against the
# fake Bot API; three games of one person and three AIs each, run side by
# side (their waits are real time, so they overlap):
#  - the morning digest: P1003, whose quiet hours end on the first whole
#    minute at least 70 s away, is asked for a card in three groups'
#    games (a minute a turn) during them; the store sets their digest
#    for that minute; when it comes, one private message lists the three
#    groups, a button each, and no reminder of those turns comes before
#    the AI gives for them once their minute is up;
#  - a time bank running out: P1002 gives their card, then does not act
#    on their turn (bank=1m, the smallest the options take); when the
#    bank is spent, the AI plays that turn and the group is told as
#    after a deadline (what the bank holds then is not checked: with the
#    smallest bank a move's time back is the whole reserve, so it would
#    not tell the two apart);
#  - a forced turn: P1001 plays by the first button of each step of
#    their turn messages (auto=on, the default) until a turn of theirs
#    has exactly one legal action: it is played for them as their own
#    move, and they are told privately what was played.
# Every check waits for a state; the hang guards are the lib's and a
# number of presses.
. "${abs_top_srcdir:-${top_srcdir:-.}}/tests/tg/lib.sh"

fake_start
tgconf tacd.conf "$scratch/db" "idle_reminder = off"
db=$scratch/db/tacd.db
tacd_start tacd.conf tacd.log
check "tacd knows the bot" wait_until "grep -q 'telegram: bot @' tacd.log"

sql() { "$SQLEXEC" "$db" "$1"; }

# The bot's messages to CHAT that match an ERE, as JSON lines.
sent_to() {
	ctl /ctl/sent | node -e 'let t="";process.stdin.on("data",d=>t+=d);
	    process.stdin.on("end",()=>{const re=new RegExp(process.argv[2]);
	    for (const m of JSON.parse(t).result)
		if (m.method !== "answerCallbackQuery" &&
		    String(m.chat) === process.argv[1] &&
		    re.test(m.text || m.caption || ""))
			console.log(JSON.stringify({method: m.method,
			    text: m.text || m.caption,
			    keys: m.reply_markup ? (JSON.parse(m.reply_markup)
			    .inline_keyboard || []).flat().map(b => b.text) :
			    [], quiet: !!m.disable_notification}));})' -- "$1" "$2"
}
# A press: press USER DATA MESSAGE, in USER's private chat, with the
# next update id (send's count, lib.sh), answered before it returns.
presses=0
press() {
	presses=$((presses + 1))
	id=$((id + 1))
	node -e '
const [id, user, data, msg, update] = process.argv.slice(1);
console.log(JSON.stringify([{ update_id: Number(update),
    callback_query: { id: id, from: {
    id: Number(user), is_bot: false, first_name: "P" + user,
    language_code: "en" }, chat_instance: "ci", data: data,
    message: { message_id: Number(msg), chat: { id: Number(user),
    type: "private", first_name: "P" + user } } } }]));' -- \
	    "p$presses" "$1" "$2" "$3" "$id" >press.json
	ctl /ctl/updates @press.json >/dev/null
	wait_until "[ -n \"\$(answer_of p$presses)\" ]"
}
# The answer to press ID, once it came: "said:TEXT", "" before.
answer_of() {
	ctl /ctl/sent | node -e 'let t="";process.stdin.on("data",d=>t+=d);
	    process.stdin.on("end",()=>{const a=JSON.parse(t).result.find(x =>
	    x.method === "answerCallbackQuery" && x.callback ===
	    process.argv[1]); console.log(a ? "said:" + (a.text || "") :
	    "")})' "$1"
}
# The newest message in USER's chat, as it stands, whose buttons' data
# match ERE: "MESSAGE_ID DATA" of its first such button; "" when none.
keys_of() {
	ctl /ctl/messages | node -e 'let t="";process.stdin.on("data",d=>t+=d);
	    process.stdin.on("end",()=>{const [chat, re] =
	    process.argv.slice(1); const r = new RegExp(re);
	    const ms = JSON.parse(t).result.filter(m => String(m.chat) ===
	    chat && !m.deleted && m.reply_markup);
	    for (let i = ms.length - 1; i >= 0; i--) {
		const k = JSON.parse(ms[i].reply_markup).inline_keyboard || [];
		const d = k.flat().map(b => b.callback_data || "").filter(x =>
		    r.test(x));
		if (d.length) { console.log(ms[i].message_id + " " + d[0]);
		    return; }
	    }})' -- "$1" "$2"
}
# The game number of group CHAT's game.
game_of() {
	sql "SELECT g.id FROM games g JOIN chats c ON c.id = g.chat
	    WHERE c.pid = '$1' ORDER BY g.id DESC LIMIT 1"
}
# The seat of person USER in game GAME.
seat_of() {
	sql "SELECT s.seat FROM seats s JOIN users u ON u.id = s.user
	    WHERE s.game = $2 AND u.pid = '$1'"
}
# How many of GAME's actions the AI played after the deadline.
timeouts() {
	sql "SELECT count(*) FROM actions WHERE game = $1 AND who = 2"
}

for u in 1001 1002 1003; do
	send "$u" "$u" "/start" en
done

# The digest's person: UTC's clock, quiet hours from an hour ago to the
# minute that is at least 70 s away (the clock only places them; the
# checks wait for the store's time, not this one).
now=$(date -u +%s)	# not asserted: places the quiet hours
end=$(((now + 70 + 59) / 60 * 60))
from=$(date -u -d "@$((now - 3600))" +%H:%M)
to=$(date -u -d "@$end" +%H:%M)
send 1003 1003 "/settings zone Atlantic/Reykjavik" en
send 1003 1003 "/settings quiet $from-$to" en
for g in -1031 -1032 -1033; do
	send "$g" 1003 "/new deadline=1m auto=off" en
	send "$g" 1003 "/ai all" en
	send "$g" 1003 "/start" en
done
check "the outbox drains" wait_until "delivered '$db'"
for g in -1031 -1032 -1033; do
	n=$(game_of "$g")
	check "game $n ($g) waits for P1003's card until their morning" \
	    [ "$(sql "SELECT json_extract(snapshot, '\$.phase') || ' ' || due
	    FROM games WHERE id = $n")" = "exchange $((end + 60))" ]
done
check "P1003's digest is set for the end of their quiet hours" \
    [ "$(sql "SELECT d.at FROM user_digest d JOIN users u ON u.id = d.user
    WHERE u.pid = '1003'")" = "$end" ]

# The bank's person: bank=1m, auto=off (a turn of one move waits too).
send -1002 1002 "/new bank=1m auto=off" en
send -1002 1002 "/ai all" en
send -1002 1002 "/start" en
bg=$(game_of -1002)
bs=$(seat_of 1002 "$bg")
check "game $bg has a bank of a minute" [ "$(sql "SELECT bank || ' ' ||
    bonus FROM game_pace WHERE game = $bg")" = "60 60" ]
# They give their card by its buttons (a gift spends no bank).
check "P1002 is asked for a card" wait_until \
    "[ -n \"\$(keys_of 1002 ':menu ')\" ]"
# Their moves in the log: the gift is the first, and the last of theirs.
mine() {
	sql "SELECT count(*) FROM actions WHERE game = $bg AND seat = $bs
	    AND who = 0"
}
n=0	# hang guard: the steps of one gift's menu
while [ "$(mine)" = 0 ] && k=$(keys_of 1002 ':menu ') && [ -n "$k" ] &&
    [ $n -lt 20 ]; do
	press 1002 "${k#* }" "${k%% *}"
	n=$((n + 1))
	wait_until "delivered '$db' || [ \"\$(mine)\" != 0 ]"
done
check "P1002 gave their card" [ "$(mine)" = 1 ]
gift=$(sql "SELECT n FROM actions WHERE game = $bg AND seat = $bs AND
    who = 0")

# The forced turn's person: seed 3, auto=on by default.
send -1001 1001 "/new seed=3" en
send -1001 1001 "/ai all" en
send -1001 1001 "/start" en
fg=$(game_of -1001)
forced="Game #$fg: you had only one move, so it is played for you: "
# Wait for what comes: the notice, a step of a turn's menu, or the end.
next_of_1001() {
	[ -n "$(sent_to 1001 "$forced")" ] ||
	    [ -n "$(keys_of 1001 ':menu ')" ] ||
	    [ "$(sql "SELECT state FROM games WHERE id = $fg")" != 1 ]
}
# Hang guard: a number of presses (a turn takes a few).
while [ $presses -lt 600 ]; do
	wait_until next_of_1001 || break
	[ -z "$(sent_to 1001 "$forced")" ] || break
	k=$(keys_of 1001 ':menu ')
	[ -n "$k" ] || break
	press 1001 "${k#* }" "${k%% *}"
done
echo "P1001 pressed $presses buttons (with P1002's)"
check "the outbox drains" wait_until "delivered '$db'"
sent_to 1001 "$forced" >forced.json
cat forced.json
check "P1001 is told once that their one move was played for them" \
    [ "$(wc -l <forced.json)" -eq 1 ]
# The row the notice was made of names the move and its turn: the log
# has that move at that turn as P1001's own, not the AI's.
row=$(sql "SELECT json_extract(payload, '\$.turn') || ' ' ||
    json_extract(payload, '\$.action') FROM outbox WHERE kind = 'forced'
    AND chat = '1001'")
echo "forced: $row"
check "... the log has that move at that turn, P1001's own" [ "$(sql "SELECT
    count(*) FROM actions WHERE game = $fg AND n = ${row%% *} AND
    seat = $(seat_of 1001 "$fg") AND who = 0 AND action = '${row#* }'")" = 1 ]

# The bank runs out: the AI plays P1002's turn.
check "the AI plays P1002's turn once their bank is spent" wait_until \
    "[ \"\$(timeouts $bg)\" -ge 1 ]"
check "the outbox drains" wait_until "delivered '$db'"
check "... their turn after their gift" [ "$(sql "SELECT count(*) FROM
    actions WHERE game = $bg AND seat = $bs AND who = 2 AND
    n > $gift")" -ge 1 ]
check "... and nothing of theirs but the gift was played by them" \
    [ "$(mine)" = 1 ]
sent_to -1002 'Time is up for P1002; the AI played: ' >takeover.json
cat takeover.json
check "the group is told as after a deadline" [ -s takeover.json ]

# The morning: one digest of the three games, then the AI gives for
# P1003 in each once the minute is up, and no reminder came between.
check "P1003's digest comes" wait_until \
    "[ -n \"\$(sent_to 1003 '^Good morning! Your turn is waiting in')\" ]"
for g in -1031 -1032 -1033; do
	n=$(game_of "$g")
	check "the AI gives for P1003 in game $n once the minute is up" \
	    wait_until "[ \"\$(timeouts $n)\" -ge 1 ]"
done
check "the outbox drains" wait_until "delivered '$db'"
sent_to 1003 '^Good morning! Your turn is waiting in' >digest.json
cat digest.json
check "one digest" [ "$(wc -l <digest.json)" -eq 1 ]
check "... of three games" grep -q 'waiting in 3 games:' digest.json
for g in -1031 -1032 -1033; do
	check "... it lists T$g" grep -q "T$g: waiting for " digest.json
	check "... with a button for it" grep -q "\"T$g\"" digest.json
done
check "... three buttons" [ "$(node -e 'console.log(JSON.parse(require(
    "fs").readFileSync("digest.json", "utf8")).keys.length)')" = 3 ]
check "... it makes a sound (their quiet hours are over)" \
    grep -q '"quiet":false' digest.json
# The reminders P1003 had before the last of the three groups was told
# that the AI gave for them: those of the turns the digest told.
ctl /ctl/sent | node -e 'let t="";process.stdin.on("data",d=>t+=d);
    process.stdin.on("end",()=>{const a=JSON.parse(t).result;
    const told=a.filter(m => /^-103[123]$/.test(String(m.chat)) &&
	/Time is up for P1003; the AI chose the card to give/.test(m.text ||
	m.caption || ""));
    const last=Math.max(...told.map(m => m.seq));
    console.log(told.length + " " + a.filter(m => String(m.chat) ===
	"1003" && m.seq < last && /your turn is waiting; [0-9]+ min left/
	.test(m.text || m.caption || "")).length)})' >reminders.txt
check "the three groups are told the AI gave for P1003" \
    [ "$(cut -d' ' -f1 reminders.txt)" = 3 ]
check "no reminder of those turns" [ "$(cut -d' ' -f2 reminders.txt)" = 0 ]

tacd_stop
check "tacd exits 0" [ $? -eq 0 ]
check "no crash" bash -c \
    "! grep -Eq 'AddressSanitizer|runtime error|fatal' tacd.log"
finish
