#!/bin/bash
# gameend.sh: a game's end in a Telegram group, through the real tacd and
# the fake Bot API.  Four people play a recorded game to its end as typed
# commands; the group gets the line naming the winners, the summary (the
# winners, rounds, time, each player's cards, kicks and TACs) and the
# chart of each team's marbles at home per round as a PNG photo.  Then
# "/record 1" uploads tac-game-1.json with sendDocument (a multipart
# upload, as tests/tg/photo.sh checks photos): its bytes are the record
# tacctl export gives, and tacctl replay takes them to the same final
# position as the record the game was played from.  A player gets it in
# private, a stranger (in private, or in another group) does not; a
# refused document (400 in the group, 403 in a private chat) becomes a
# text that says so; no such game and no game named are answered as
# such; /moves pages the actions.
. "${abs_top_srcdir:-${top_srcdir:-.}}/tests/tg/lib.sh"

fake_start
"$TACCTL" sim --games 1 --seed 26 --policy greedy --record rec >/dev/null
"$MKSTREAM" rec/game-000001.json >stream
node "$TG_DIR/tgstream.js" stream -1001 >updates.json
total=$(wc -l <stream)
check "the stream has the whole game ($total updates)" [ "$total" -gt 100 ]

# How many calls the bot made match a JavaScript condition on x.
sent_count() {
	ctl /ctl/sent | node -e 'let t="";process.stdin.on("data",d=>t+=d);
	    process.stdin.on("end",()=>{const s=JSON.parse(t).result;
	    console.log(s.filter(x => eval(process.argv[1])).length)})' "$1"
}
# Wait for the n-th call (default 1) matching a condition.
wait_sent() {
	wait_until "[ \"\$(sent_count '$1')\" -ge ${2:-1} ]"
}
# A typed command: say CHAT USER NAME TEXT (a chat > 0 is private).
say() {
	node -e '
const [chat, user, name, text] = process.argv.slice(1);
const c = Number(chat) > 0 ? { id: Number(chat), type: "private",
    first_name: name } : { id: Number(chat), type: "group",
    title: "Another table" };
console.log(JSON.stringify([{ message: { message_id: 1, date: 1700000000,
    from: { id: Number(user), is_bot: false, first_name: name,
    language_code: "en" }, chat: c, text: text } }]));' -- "$@" >say.json
	ctl /ctl/updates @say.json >/dev/null
}

tgconf tacd.conf "$scratch/db"
tacd_start tacd.conf tacd.log
ctl /ctl/updates @updates.json >/dev/null
check "the game's updates are confirmed" \
    wait_moving "[ \"\$(state_get s.confirmed)\" -ge $total ]" \
    "state_get s.confirmed"
check "the group gets the chart of the homes" \
    wait_sent 'x.chat === "-1001" && x.method === "sendPhoto" &&
    /^Marbles at home/.test(x.caption || "")'

# The record, in the group and to a player in private; a stranger asks
# in private and in another group.
say -1001 1000 Anna "/record 1"
check "/record 1 in the group: a document" \
    wait_sent 'x.chat === "-1001" && x.method === "sendDocument"'
say 1000 1000 Anna "/record #1"
check "/record #1 from a player in private: a document" \
    wait_sent 'x.chat === "1000" && x.method === "sendDocument"'
say 2005 2005 Eve "/record 1"
check "a stranger in private is answered" wait_sent 'x.chat === "2005"'
say -1005 2005 Eve "/record 1"
check "a stranger in another group is answered" \
    wait_sent 'x.chat === "-1005"'

# No such game, and no game named.
say -1001 1003 Dmitri "/record 99"
check "/record 99: answered" wait_sent 'x.chat === "-1001" &&
    /#99/.test(x.text || "")'
say -1001 1003 Dmitri "/record"
check "/record alone: answered" wait_sent 'x.chat === "-1001" &&
    /^Say which game/.test(x.text || "")'

# Refused documents: the group 400, Boris's private chat 403.
ctl /ctl/chat '{"chat": "-1001", "fault": "document:400"}' >/dev/null
ctl /ctl/chat '{"chat": "1001", "fault": "document:403"}' >/dev/null
say -1001 1000 Anna "/record 1"
check "a refused document in the group becomes a text" \
    wait_sent 'x.chat === "-1001" && /could not be sent as a file/.test(
    x.text || "")'
say 1001 1001 Boris "/record 1"
check "a document refused with 403 in private becomes a text" \
    wait_sent 'x.chat === "1001" && /could not be sent as a file/.test(
    x.text || "")'
ctl /ctl/chat '{"chat": "-1001", "fault": ""}' >/dev/null
say -1001 1002 Clara "/moves #1"
check "/moves #1 pages the actions" \
    wait_sent 'x.chat === "-1001" && /^Game #1, page 1 of /.test(
    x.text || "")'
tacd_stop
check "tacd exits 0" [ $? -eq 0 ]

ctl /ctl/sent >sent.json
"$TACCTL" export -d "$scratch/db/tacd.db" 1 >export.json
"$TACCTL" replay rec/game-000001.json >want.json
node - >checks.out <<'JS'
const fs = require('fs');
const sent = JSON.parse(fs.readFileSync('sent.json')).result;
const say = (ok, what) => console.log((ok ? 'ok: ' : 'FAIL: ') + what);
const to = (chat) => sent.filter(s => s.chat === chat);
const group = to('-1001');

// The end: the winners' line, the summary, then the chart.
const over = group.findIndex(s => /Game over\. Team .* won: /.test(
    s.text || ''));
const sum = group.findIndex(s => /^Game #1 ended /.test(s.text || ''));
const chart = group.findIndex(s => s.method === 'sendPhoto' &&
    /^Marbles at home, game #1: /.test(s.caption || ''));
say(over >= 0 && sum > over && chart > sum, 'the winners, the summary, ' +
    'the chart, in that order (' + [over, sum, chart] + ')');
const st = sum >= 0 ? group[sum].text : '';
say(/rounds: \d+, actions: \d+, time: /.test(st),
    'the summary has the rounds and the time');
say(['Anna', 'Boris', 'Clara', 'Dmitri'].every(n => new RegExp(n +
    ': cards: \\d+, kicks given/taken: \\d+/\\d+, TAC: \\d+').test(st)),
    'the summary has each player\'s cards, kicks and TACs');
say(/^Won: (Anna, Clara|Boris, Dmitri)\./m.test(st),
    'the summary names the winners');
const c = chart >= 0 ? group[chart] : null;
say(c && c.photo.png && c.photo.width === 800 && c.photo.height > 400,
    'the chart is an 800 pixel PNG (' + (c ? c.photo.width + 'x' +
    c.photo.height : 'none') + ')');
say(c && /Anna \+ Clara: \d; Boris \+ Dmitri: \d/.test(c.caption),
    'its caption names the teams: ' + (c ? c.caption : ''));

// The documents: the record's bytes, the name, the caption.
const docs = sent.filter(s => s.method === 'sendDocument');
say(docs.length === 2 && docs[0].chat === '-1001' && docs[1].chat === '1000',
    'two documents, to the group and to Anna (' + docs.map(d => d.chat) +
    ')');
const d = docs[0];
say(d && d.document.file_name === 'tac-game-1.json' &&
    d.document.mime_type === 'application/json',
    'it is tac-game-1.json, application/json');
say(d && d.caption === 'The record of game #1: every deal and every ' +
    'move, to keep, or to watch the game again.',
    'its caption says what it is');
if (d)
	fs.writeFileSync('doc.json', Buffer.from(d.document.base64, 'base64'));
say(docs.length === 2 && docs[1].document.sha1 === d.document.sha1,
    'the private one is the same file');
const ex = JSON.parse(fs.readFileSync('export.json'));
let doc = null;
try { doc = JSON.parse(fs.readFileSync('doc.json')); } catch (e) {}
say(doc && JSON.stringify(doc) === JSON.stringify(ex),
    'the document is the record tacctl export gives');
say(doc && doc.actions.length > 100 && doc.format === 'tac-record/1',
    'a tac-record/1 of ' + (doc ? doc.actions.length : 0) + ' actions');

// Who may not: no document to a stranger.
say(to('2005').length === 1 && to('2005')[0].method === 'sendMessage' &&
    to("2005")[0].text === "There is no game #1.",
    'the stranger in private is refused: ' + (to('2005')[0] || {}).text);
say(to('-1005').length === 1 && to('-1005')[0].method === 'sendMessage',
    'the stranger in another group is refused: ' +
    (to('-1005')[0] || {}).text);

say(to('-1005').length === 1 && to('-1005')[0].text ===
    'There is no game #1.', 'the other group is told there is no such game');
say(group.some(s => s.text === 'There is no game #99.'),
    '/record 99: there is no game #99');
say(group.some(s => s.text === 'Say which game, as in /record #12.'),
    '/record alone: say which game');

// Refused documents: a text that says so.
const fb = (chat) => sent.filter(s => s.chat === chat &&
    s.method === 'sendMessage' && s.text === 'The record of game #1 ' +
    'could not be sent as a file. /moves #1 lists its actions.');
say(fb('-1001').length === 1, 'the group\'s refused document: one text');
say(fb('1001').length === 1, 'Boris\'s refused document (403): one text');
say(sent.filter(s => s.method === 'sendDocument').length === 2,
    'no refused document counts as sent');

// The pages of the moves, with their next button.
const mv = group.find(s => /^Game #1, page 1 of /.test(s.text || ''));
say(mv && JSON.parse(mv.reply_markup).inline_keyboard[0].some(b =>
    b.callback_data === '1::moves 2'), 'the moves\' page has its next button');
JS
cat checks.out
count_checks checks.out
check "the checks ran" [ "$(wc -l <checks.out)" -eq 21 ]
"$TACCTL" replay doc.json >got.json 2>replay.err
check "tacctl replay takes the document" [ $? -eq 0 ]
check "... to the final position of the record played" cmp -s got.json \
    want.json
check "... a game that is over" grep -q '"over": true' got.json
check "tacd logged the refusals and the way out" \
    grep -q 'sendDocument in -1001: .*; a text instead' tacd.log
check "the token is in no output" bash -c \
    "! grep -q 'AAE-test' tacd.log fake.err"
finish
