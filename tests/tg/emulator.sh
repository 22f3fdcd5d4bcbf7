#!/bin/bash
# emulator.sh: a whole game against telegram-test-api, the Bot API
# emulator from npm (4.2.1, installed into the build tree when this runs;
# no network means FAIL, not a skip), played the way people play it: four
# simulated users open the lobby and take their seats with its buttons
# (Join a link into the private chat, followed as "/start jID"),
# and play a recorded game (every card, TAC plays, 7 splits) by pressing
# the buttons of their private turn messages, walking the menus (a 7
# split step by step, with a wrong turn and "back"), and by typing /play
# for two moves; each turn message then shows what was played, without
# buttons.  tests/tg/drive.js plays and checks each step; what the
# bot sent is then read from the emulator and checked, and the game's log
# must equal the record.  At the end it prints what the game cost in
# messages and calls (group, per person, per move) and the wall time
# Telegram's rate limits would give it.
. "${abs_top_srcdir:-${top_srcdir:-.}}/tests/tg/lib.sh"

[ -x "$top_builddir/tests/tg/menupath" ] ||
    { echo "tests/tg/menupath: not built"; exit 99; }
emu_start
ok "telegram-test-api runs"
button_game
n=$(wc -l <plan.txt)
# The game has what the test claims it plays.
has() { grep -Eq "\"action\": \"$1" plan.txt; }
check "the record has $n actions" [ "$n" -gt 100 ]
for what in 1 2 3 4 5 6 7 8 9 10 12 13 TR ANGEL WARRIOR; do
	check "the record plays a $what" has "$what [^d]"
done
for what in 'TAC ' 'DEVIL [^T]' 'FOOL"' '7 [^ ]+>[^ ]+ [^ ]+>'; do
	check "the record plays \"$what\"" has "$what"
done
split=$(grep -E '"action": "7 [0-9B]+>[^ ]+ [0-9]+>' plan.txt |
    grep -v '"wrong": ""' | head -n 1 | sed 's/^{"i": \([0-9]*\),.*/\1/')
check "a 7 split with a wrong turn to take ($split)" [ -n "$split" ]
# Two moves are typed: one in the group, one in a private chat.
typed=$(grep -n '"path": "[0-9a-zA-Z]' plan.txt | sed -n '6p;40p' |
    sed 's/^[0-9]*:{"i": \([0-9]*\),.*/\1/' | paste -sd, -)

tgconf tacd.conf "$scratch/db"
tacd_start tacd.conf tacd.log
check "tacd knows the bot" wait_until "grep -q 'telegram: bot @' tacd.log"
node "$TG_DIR/drive.js" "$FAKE_URL" "$TOKEN" plan.txt "$GAME_RSEED" \
    "detour=$split" "typed=$typed" stale=60 seen=seen.json \
    >drive.out 2>drive.err
rc=$?
cat drive.out
count_checks drive.out
check "the driver played all $n actions" [ $rc -eq 0 ]
[ $rc -eq 0 ] || tail -n 5 drive.err
check "the game is over" wait_until \
    "'$TACCTL' -f tacd.conf games | grep -q over"
"$TACCTL" -f tacd.conf export 1 >got.json
check "the log equals the record" \
    cmp -s <(record_actions got.json) <(record_actions rec/game-000001.json)
# The outbox drains: every row delivered.
check "the outbox drains" wait_until "delivered db/tacd.db"
ctl /getUpdatesHistory "{\"token\": \"$TOKEN\"}" >history.json
ctl /calls >calls.json

# What the bot sent, everywhere (edits are applied in place).
node - plan.txt >checks.out <<'JS'
const fs = require('fs');
const h = JSON.parse(fs.readFileSync('history.json')).result;
const plan = fs.readFileSync(process.argv[2], 'utf8').trim().split('\n')
    .map(l => JSON.parse(l));
const say = (ok, what) => console.log((ok ? 'ok: ' : 'FAIL: ') + what);
const html = (t) => t.replace(/&lt;/g, '<').replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"').replace(/&amp;/g, '&');
const bot = h.filter(x => x.message && x.message.chat_id !== undefined)
    .map(x => ({ chat: String(x.message.chat_id), id: x.messageId,
    text: html(String(x.message.text || '')),
    keys: ((x.message.reply_markup || {}).inline_keyboard || []).flat() }));
const group = bot.filter(m => m.chat === '-77');
// The live message's lines of moves are edited away as the game goes:
// every text a group message had when the driver looked counts.
const seen = JSON.parse(fs.readFileSync('seen.json')).map(html);
const lines = group.map(m => m.text).concat(seen).join('\n').split('\n');
const names = ['Anna', 'Clara', 'Boris', 'Dmitri'];	// seats 0..3
const boards = group.filter(m => /^<pre>/.test(m.text));
say(boards.length === 1, 'one board message in the group (' +
    boards.length + ')');
say(boards.length === 1 && !/round 1,/.test(boards[0].text) &&
    /round \d+/.test(boards[0].text), 'the board message was edited ' +
    'up to the last round');
// The options are the lobby's own message now, edited, not a second one.
say(group.filter(m => /^(New game|Game) #1\b/.test(m.text) &&
    !/^Game #1 ended /.test(m.text)).length === 1,
    'one lobby message in the group');
say(group.some(m => /^Game #1 has started\./.test(m.text)),
    'the lobby message tells the game started');
// What the words of an action must hold: for "7 1>4 32>2H4", "→ 4" and
// "→ home 4"; "Enter a marble" for a marble from the base; "Swap",
// "Discard", "Skip" for the others.
const told = (action) => {
	const words = action.replace(/^(TAC |DEVIL )+/, '').split(' ');
	const want = [];
	for (const w of words.slice(1)) {
		const mv = /^([^<>]+)>(.+)$/.exec(w);
		if (/<>/.test(w))
			want.push('Swap');
		else if (w === 'discard')
			want.push('Discard');
		else if (w === 'skip')
			want.push('Skip');
		else if (mv && mv[1] === 'B')
			want.push('Enter a marble');
		else if (mv)
			want.push('\u2192 ' + mv[2].replace(/^\d+H(\d)$/,
			    'home $1'));
	}
	return want;
};
// Every card play has its line: "Clara: 7: 1 → 4, then 32 → home 4".
let missing = [];
for (const s of plan) {
	if (/^give /.test(s.action))
		continue;
	const re = names[s.seat] + ': ' + (/^TAC /.test(s.action) ? 'TAC ' :
	    /^DEVIL /.test(s.action) ? 'Devil ' : '');
	if (!lines.some(l => l.startsWith(re) && told(s.action).every(w =>
	    l.includes(w))))
		missing.push(s.i + ' ' + s.action);
}
say(missing.length === 0, 'every move has its line in the group' +
    (missing.length ? ' (missing: ' + missing.slice(0, 5).join('; ') + ')' : ''));
say(lines.some(l => /^\w+: TAC /.test(l)), 'a TAC play is told');
say(lines.some(l => /^\w+: 7: .+ \u2192 .+, then .+ \u2192 /.test(l)),
    'a 7 split is told');
// Everyone gives at once: the group hears one line when an exchange is
// complete (not one a gift), and never a card given.
const deals = plan.filter((s, i) => /^give /.test(s.action) &&
    (i === 0 || !/^give /.test(plan[i - 1].action))).length;
say(!group.some(m => /^Round \d+: the cards are exchanged\.$/.test(m.text)) &&
    !lines.some(l => /\bgave (the|you)\b/.test(l)),
    'no exchange is a message of its own (the live message tells ' +
    deals + '), and no card given is told');
// The winners by team, in words (no colour letters).
say(group.some(m => /^Game over\. Team \S+ won: Anna and Boris\.$/.test(m.text)),
    'the group saw the end: Anna and Boris won');
for (const [u, name] of [['1000', 'Anna'], ['1001', 'Boris'],
    ['1002', 'Clara'], ['1003', 'Dmitri']]) {
	const mine = bot.filter(m => m.chat === u);
	const seat = names.indexOf(name);
	const turns = plan.filter(s => s.seat === seat).length;
	// Each turn's message ends as what was played, without buttons
	// (the i-th such message is the person's i-th turn).
	// A gift's ends as what was given to whom.
	const partner = names[(seat + 2) % 4];
	// Each private message of the game is headed by the group's title.
	const done = mine.filter(m => /^<b>TAC table<\/b>\nGame #1\. (You played: |You gave the )/.test(m.text));
	const bad = plan.filter(s => s.seat === seat).filter((s, k) => {
		const m = done[k];
		if (m === undefined || m.keys.length > 0)
			return true;
		if (/^give /.test(s.action))
			return !new RegExp('^<b>TAC table</b>\\nGame #1\\. You gave the .+ to ' +
			    partner + '\\. ').test(m.text);
		return !told(s.action).every(w => m.text.includes(w));
	});
	say(done.length === turns && bad.length === 0, name + '\'s ' +
	    turns + ' turn messages end as "You played: ..." (' +
	    done.length + (bad.length ? '; wrong: ' + bad.slice(0, 3)
	    .map(s => s.i + ' ' + s.action).join('; ') : '') + ')');
	say(!mine.some(m => m.keys.some(b =>
	    /^1:\d+:menu/.test(b.callback_data || ''))), name + ' has no menu ' +
	    'buttons of an old turn left');
	// The deal's cards are in the exchange's turn message (no message
	// of its own); once all have given, the card received and the hand
	// in a message, but in the turn message for whoever acts first.
	const first = plan.filter((s, i) => i > 0 && !/^give /.test(s.action) &&
	    /^give /.test(plan[i - 1].action) && s.seat === seat).length;
	say(mine.filter(m => new RegExp('^<b>TAC table</b>\\nGame #1\\.\\n' + partner +
	    ' gave you the [^\\n]+\\.\\nYour cards: [^\\n]*$').test(m.text))
	    .length === deals - first, name + ' was told the card ' + partner +
	    ' gave and the new hand after ' + (deals - first) + ' exchanges ' +
	    '(and ' + first + ' times in the turn message)');
}
say(!bot.some(m => !/^(-77|100[0-3])$/.test(m.chat)),
    'no message to another chat');
JS
cat checks.out
count_checks checks.out
check "the history checks ran" [ "$(wc -l <checks.out)" -eq 22 ]

# What the game cost, counted from the bot's calls (emulator.js), from
# /new to the summary after the end; per move is per action of the record.
node - "$n" >counts.out <<'JS'
const fs = require('fs');
const calls = JSON.parse(fs.readFileSync('calls.json')).result;
const n = Number(process.argv[2]);
const sends = /^send(Message|Photo|Document)$/;
const edits = /^edit/;
// Calls that put something into a chat (Telegram's limits count them).
const into = calls.filter(c => c.chat !== '' &&
    !/^(getChat|getChatAdministrators|sendChatAction)$/.test(c.method));
const of = (chat) => into.filter(c => c.chat === chat);
const per = (k, what) => k + ' ' + what + ' (' + (k / n).toFixed(2) +
    ' a move)';
const group = of('-77');
const gnew = group.filter(c => sends.test(c.method)).length;
const gedit = group.filter(c => edits.test(c.method)).length;
console.log('counts: ' + n + ' moves; group: ' + per(gnew, 'new messages') +
    ', ' + per(gedit, 'edits') + ', ' + per(group.length, 'API calls'));
let busiest = 0;
for (const [id, name] of [['1000', 'Anna'], ['1001', 'Boris'],
    ['1002', 'Clara'], ['1003', 'Dmitri']]) {
	const mine = of(id);
	busiest = Math.max(busiest, mine.length);
	console.log('counts: ' + name + ' privately: ' + per(mine.filter(c =>
	    sends.test(c.method)).length, 'new messages') + ', ' +
	    per(mine.filter(c => edits.test(c.method)).length, 'edits') +
	    ', ' + per(mine.length, 'API calls'));
}
console.log('counts: ' + calls.filter(c => c.method ===
    'answerCallbackQuery').length + ' presses answered');
// The wall time Telegram's limits alone impose, the players answering at
// once and every chat sending while the others do: the group takes 20
// calls a minute (edits and deletions count as Telegram's flood control
// counts them), a private chat about one a second, the bot 30 a second
// in all; the game lasts at least as long as the slowest of the three.
const secs = Math.max(group.length * 3, busiest, into.length / 30);
console.log('counts: wall time at Telegram\'s limits: at least ' +
    (secs / 60).toFixed(1) + ' min (group ' + (group.length * 3 / 60)
    .toFixed(1) + ' min at 20 a minute, busiest private chat ' +
    (busiest / 60).toFixed(1) + ' min at 1 a second, all ' + into.length +
    ' calls ' + (into.length / 30 / 60).toFixed(1) + ' min at 30 a second)');
console.log((gnew / n <= 0.25 ? 'ok: ' : 'FAIL: ') + 'at most 0.25 new ' +
    'group messages a move (' + (gnew / n).toFixed(2) + ')');
JS
cat counts.out
count_checks counts.out
check "the counts were made" [ "$(grep -c '^counts: ' counts.out)" -eq 7 ]
tacd_stop
check "tacd exits 0" [ $? -eq 0 ]
check "the log replays to the snapshot" \
    bash -c "'$TACCTL' -f tacd.conf verify >/dev/null"
check "the token is in no log" bash -c "! grep -q 'AAE-test' tacd.log"
check "no crash" bash -c \
    "! grep -Eq 'AddressSanitizer|runtime error|fatal' tacd.log"
echo "emulator: $n actions, $(sed -n 's/^stats: //p' drive.out)"
sed -n 's/^counts: /emulator: /p' counts.out
finish
