#!/bin/bash
# pictures.sh: board pictures through the fake Bot API.  Two groups play
# the first moves of recorded games: one keeps the default board style
# ("picture") and must get its board as a PNG by sendPhoto once, then by
# editMessageMedia after the moves (each edit a new image); the other
# says "/board text" and must get the text board ("<pre>") edited by
# editMessageText, and no photo.
. "${abs_top_srcdir:-${top_srcdir:-.}}/tests/tg/lib.sh"

fake_start
"$TACCTL" sim --games 2 --seed 26 --record rec >/dev/null
"$MKSTREAM" rec/game-000001.json c1 1 2 | head -n 22 >s1
"$MKSTREAM" rec/game-000002.json c2 2 2 | head -n 22 >s2
sort -t: -k2 -n s1 s2 >stream
node "$TG_DIR/tgstream.js" stream -1001 >updates.json
# Group -1002 wants text: "/board text" right after its /new.
node -e '
const fs = require("fs");
const a = JSON.parse(fs.readFileSync("updates.json"));
const i = a.findIndex(u => u.message.chat.id === -1002);
const u = JSON.parse(JSON.stringify(a[i]));
u.message.text = "/board text";
a.splice(i + 1, 0, u);
a.forEach((u, k) => { u.update_id = k + 1; u.message.message_id = k + 1;
	fs.writeFileSync("u" + k + ".json", JSON.stringify([u])); });
fs.writeFileSync("updates.json", JSON.stringify(a));'
total=$(node -e 'console.log(JSON.parse(require("fs").readFileSync(
    "updates.json")).length)')
moves=$(grep -c '"chat":"c1".*/play [^g]' s1)
check "group -1001 plays $moves moves" [ "$moves" -ge 10 ]

tgconf tacd.conf "$scratch/db"
tacd_start tacd.conf tacd.log
# One update at a time, each sent on only when the bot has said all it
# had to say about the one before (boards render at delivery: a burst
# would show only the last position).
drained() {
	wait_until "delivered db/tacd.db"
}
fed=0
for ((k = 0; k < total; k++)); do
	ctl /ctl/updates "@u$k.json" >/dev/null
	wait_until "[ \"\$(state_get s.confirmed)\" -gt $k ]" || break
	drained
	fed=$((fed + 1))
done
check "the $total updates were taken one by one" [ "$fed" -eq "$total" ]
tacd_stop
check "tacd exits 0" [ $? -eq 0 ]
ctl /ctl/sent >sent.json
ctl /ctl/messages >messages.json

node - "$moves" >checks.out <<'JS'
const fs = require('fs');
const sent = JSON.parse(fs.readFileSync('sent.json')).result;
const msgs = JSON.parse(fs.readFileSync('messages.json')).result;
const moves = Number(process.argv[2]);
const say = (ok, what) => console.log((ok ? 'ok: ' : 'FAIL: ') + what);
const to = (chat, method) => sent.filter(s => s.chat === chat &&
    s.method === method);

// The picture group.
const photos = to('-1001', 'sendPhoto');
say(photos.length === 1, 'one sendPhoto to the picture group (' +
    photos.length + ')');
say(photos.length > 0 && photos[0].photo.png && photos[0].photo.width >= 512,
    'it carried a PNG board, ' + (photos.length ? photos[0].photo.width +
    'x' + photos[0].photo.height : 'none'));
const media = to('-1001', 'editMessageMedia');
say(media.length >= moves && media.every(m => m.photo && m.photo.png &&
    photos.length > 0 && m.message_id === photos[0].message_id),
    'the picture was replaced by editMessageMedia after the moves (' +
    media.length + ' edits for ' + moves + ' moves)');
let changed = 0;
for (let i = 1; i < media.length; i++)
	if (media[i].photo.sha1 !== media[i - 1].photo.sha1)
		changed++;
say(media.length > 1 && changed === media.length - 1,
    'each edit brought a new image');
say(!sent.some(s => s.chat === '-1001' && /^<pre>/.test(s.text || '')),
    'no text board in the picture group');

// The text group.
const boards = to('-1002', 'sendMessage').filter(s => /^<pre>/.test(s.text));
say(boards.length === 1, 'one text board in the text group');
say(to('-1002', 'editMessageText').some(s => boards.length > 0 &&
    s.message_id === boards[0].message_id && /^<pre>/.test(s.text)),
    'the text board was edited after moves');
say(to('-1002', 'sendPhoto').length === 0 &&
    to('-1002', 'editMessageMedia').length === 0, 'no photo in the text group');
JS
cat checks.out
count_checks checks.out
check "the checks ran" [ "$(wc -l <checks.out)" -eq 8 ]
check "no crash" bash -c \
    "! grep -Eq 'AddressSanitizer|runtime error|fatal' tacd.log"
check "the token is in no log" bash -c "! grep -q 'AAE-test' tacd.log fake.err"
finish
