#!/bin/bash
# premove.sh: premoves through the real tacd and the fake Bot API.  Four
# people play game #1 by the buttons of their turn messages.  While one
# is to act, the person after them asks /premove privately and presses
# its buttons until tacd answers "Saved: ..."; then the one to act plays.
# Turn after turn, until both were seen: a premove still legal is played
# at once when its turn comes (its person is told privately, the log has
# it as their own move, and the group's live message shows it); one the
# board made impossible is not played, and its person's turn message
# says so and asks as usual.  The first premove kept outlives a kill -9
# of tacd and is played all the same.  Deterministic: the seed and the buttons
# pressed are fixed; a generous number of turns is the hang guard.
. "${abs_top_srcdir:-${top_srcdir:-.}}/tests/tg/lib.sh"

fake_start
tgconf tacd.conf "$scratch/db"
db=$scratch/db/tacd.db
tacd_start tacd.conf tacd.log
check "tacd knows the bot" wait_until "grep -q 'telegram: bot @' tacd.log"

sql() { "$SQLEXEC" "$db" "$1"; }

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
	wait_until "delivered '$db'"
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
# match ERE: "MESSAGE_ID DATA" of its first (or with last, its last
# such) button; "" when none.
keys_of() {
	ctl /ctl/messages | node -e 'let t="";process.stdin.on("data",d=>t+=d);
	    process.stdin.on("end",()=>{const [chat, re, last] =
	    process.argv.slice(1); const r = new RegExp(re);
	    const ms = JSON.parse(t).result.filter(m => String(m.chat) ===
	    chat && !m.deleted && m.reply_markup);
	    for (let i = ms.length - 1; i >= 0; i--) {
		const k = JSON.parse(ms[i].reply_markup).inline_keyboard || [];
		const d = k.flat().map(b => b.callback_data || "").filter(x =>
		    r.test(x));
		if (d.length) { console.log(ms[i].message_id + " " +
		    (last === "last" ? d[d.length - 1] : d[0])); return; }
	    }})' -- "$1" "$2" "${3:-}"
}
# USER plays what waits for them (a turn, a gift) by the first button of
# each step of their turn message's menu.
act() {
	local k n=0

	while k=$(keys_of "$1" ':menu ') && [ -n "$k" ]; do
		press "$1" "${k#* }" "${k%% *}"
		n=$((n + 1))
		[ $n -lt 20 ] || { echo "act $1: no end"; return 1; }
	done
}
# The user (Telegram id) in seat S of game #1.
user_of() {
	sql "SELECT u.pid FROM seats s JOIN users u ON u.id = s.user
	    WHERE s.game = 1 AND s.seat = $1"
}
# Texts the bot sent (or edited) to CHAT after sequence number SEQ.
texts_after() {
	ctl /ctl/sent | node -e 'let t="";process.stdin.on("data",d=>t+=d);
	    process.stdin.on("end",()=>{const [chat, seq] =
	    process.argv.slice(1); for (const m of JSON.parse(t).result)
		if (String(m.chat) === chat && m.seq > Number(seq))
			console.log(m.text || m.caption || "")})' -- "$1" "$2"
}
seq_now() { state_get 's.seq'; }

for u in 1000 1001 1002 1003; do
	send "$u" "$u" "/start"
done
send -1001 1000 "/new auto=off seed=3"
for u in 1001 1002 1003; do
	send -1001 "$u" "/join"
done
send -1001 1000 "/start"
check "game #1 runs" [ "$(sql 'SELECT state FROM games WHERE id = 1')" = 1 ]

played=0 refused=0 turns=0 killed=0
while [ $((played == 0 || refused == 0)) = 1 ] &&
    [ $turns -lt "${PREMOVE_TURNS:-120}" ]; do
	turns=$((turns + 1))
	wait_until "delivered '$db'"
	[ "$(sql 'SELECT state FROM games WHERE id = 1')" = 1 ] || break
	if [ "$(sql "SELECT json_extract(snapshot, '\$.phase') FROM games
	    WHERE id = 1")" = exchange ]; then
		for u in 1000 1001 1002 1003; do act "$u" || break 2; done
		continue
	fi
	actor=$(sql 'SELECT actor FROM games WHERE id = 1')
	a=$(user_of "$actor")
	b=$(user_of $(((actor + 1) % 4)))
	# The next person chooses ahead: the last choice of the first
	# page, then the first of each step, until it is kept.
	send "$b" "$b" "/premove"
	wait_until "delivered '$db'"
	how=last saved=
	for step in 1 2 3 4 5 6 7 8; do
		k=$(keys_of "$b" ':premove =' $how)
		[ -n "$k" ] || break
		press "$b" "${k#* }" "${k%% *}"
		how=first
		case "$(answer_of p$presses)" in
		"said:Saved: your next move will be "*)
			saved=$(answer_of p$presses); break ;;
		esac
	done
	# Once, with a premove kept: kill -9 and start again; it is the
	# store's.
	if [ -n "$saved" ] && [ "$killed" = 0 ]; then
		killed=1
		kill -9 "$TACD_PID"
		wait "$TACD_PID" 2>/dev/null
		tacd_start tacd.conf tacd.log
		check "tacd is back after kill -9" wait_until \
		    "[ \"\$(grep -c 'telegram: bot @' tacd.log)\" -ge 2 ]"
		check "the premove is kept" [ "$(sql \
		    'SELECT count(*) FROM premoves')" = 1 ]
	fi
	seq=$(seq_now)
	n=$(sql 'SELECT count(*) FROM actions WHERE game = 1')
	act "$a" || break
	wait_until "delivered '$db'"
	echo "turn $turns: P$a played, P$b chose ahead: ${saved:-nothing}"
	[ -n "$saved" ] || continue
	after=$(texts_after "$b" "$seq")
	case "$after" in
	*"your turn came and your premove was played: "*)
		played=$((played + 1))
		check "the premove is the move after $a's, $b's own" [ "$(sql \
		    "SELECT seat || ' ' || who FROM actions WHERE game = 1 AND
		    n = $((n + 1))")" = "$(((actor + 1) % 4)) 0" ]
		check "no turn message asked $b for it" [ "$(sql \
		    "SELECT count(*) FROM outbox WHERE kind = 'turn' AND
		    chat = '$b' AND json_extract(payload, '\$.turn') =
		    $((n + 1))")" = 0 ]
		ctl /ctl/messages | node -e 'let t="";process.stdin.on("data",
		    d=>t+=d);process.stdin.on("end",()=>{const ms=JSON.parse(t)
		    .result.filter(m => String(m.chat) === "-1001" &&
		    !m.deleted && m.edits > 0); const m = ms[ms.length - 1];
		    console.log(m ? m.text || m.caption || "" : "")})' >live.txt
		check "the group's live message shows P$b's move" \
		    grep -q "P$b" live.txt
		;;
	*"The board changed: your premove was not played."*)
		refused=$((refused + 1))
		check "the refused premove's person is asked as usual" \
		    bash -c "grep -q 'Your turn in game #1' <<<'$after'"
		check "nothing is kept for $b" [ "$(sql \
		    'SELECT count(*) FROM premoves')" = 0 ]
		;;
	esac
done
echo "turns $turns, premoves played $played, refused $refused"
check "a premove was played when its turn came" [ "$played" -ge 1 ]
check "tacd was killed once with a premove kept" [ "$killed" = 1 ]
check "a premove the board changed was refused, with the reason" \
    [ "$refused" -ge 1 ]
tacd_stop
check "tacd exits 0" [ $? -eq 0 ]
check "no crash" bash -c \
    "! grep -Eq 'AddressSanitizer|runtime error|fatal' tacd.log"
check "the token is in no log" bash -c \
    "! grep -q 'AAE-test' tacd.log fake.err"
finish
