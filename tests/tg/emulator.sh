#!/bin/bash
# emulator.sh: tacd against telegram-test-api, the Bot API emulator from
# npm (4.2.1, installed into the build tree when this runs; no network
# means FAIL, not a skip).  Four simulated people open a game in a group,
# join, start it and play the first moves of a recorded game; what the bot
# sends back is read from the emulator and checked.
. "${abs_top_srcdir:-${top_srcdir:-.}}/tests/tg/lib.sh"

npmdir=$top_builddir/tests/tg/npm
if [ ! -f "$npmdir/node_modules/telegram-test-api/package.json" ]; then
	mkdir -p "$npmdir"
	if ! (cd "$npmdir" && npm install --no-audit --no-fund \
	    --loglevel=error telegram-test-api@4.2.1) >npm.log 2>&1; then
		cat npm.log
		bad "npm install telegram-test-api@4.2.1"
		finish
	fi
fi
ok "telegram-test-api is installed"

port=$(node -e 'const s=require("net").createServer().listen(0,
    "127.0.0.1",()=>{console.log(s.address().port);s.close()})')
NODE_PATH=$npmdir/node_modules node "$TG_DIR/emulator.js" "$port" \
    >fake.out 2>fake.err &
FAKE_PID=$!
check "the emulator starts" wait_until "grep -q listening fake.out" 20
FAKE_URL=http://127.0.0.1:$port
FAKE_CTL=$FAKE_URL

# The first moves of a recorded game, as the four people type them.
"$TACCTL" sim --games 1 --seed 26 --record rec >/dev/null
"$MKSTREAM" rec/game-000001.json | head -n 12 >stream
node "$TG_DIR/tgstream.js" stream -77 TestNameBot >updates.json
tgconf tacd.conf "$scratch/db"
tacd_start tacd.conf tacd.log
check "tacd knows the bot" wait_until "grep -q 'telegram: bot @' tacd.log" 20

# Each update goes in through the emulator's user side, in order.
node -e '
const ups = JSON.parse(require("fs").readFileSync("updates.json"));
const [url, token] = process.argv.slice(1);
(async () => {
	for (const u of ups) {
		const m = u.message;
		const body = { botToken: token, date: Date.now(), text: m.text,
		    from: Object.assign({ username: "p" + m.from.id }, m.from),
		    chat: m.chat, entities: [{ offset: 0, type: "bot_command",
		    length: m.text.split(" ")[0].length }] };
		const r = await fetch(url + "/sendCommand", { method: "POST",
		    headers: { "Content-Type": "application/json" },
		    body: JSON.stringify(body) });
		if (!r.ok) { console.error("sendCommand", r.status); process.exit(1); }
	}
})();' "$FAKE_URL" "$TOKEN"
check "the updates went in" [ $? -eq 0 ]
plays=$(grep -c '/play' stream)
check "the game took the $plays moves" wait_until \
    "'$TACCTL' -f tacd.conf games | awk '\$1 == 1 { print \$7 }' | grep -qx $plays" 30
sleep 1

# What the bot sent, everywhere.
ctl /getUpdatesHistory "{\"token\": \"$TOKEN\"}" >history.json
node -e '
const h = JSON.parse(require("fs").readFileSync("history.json")).result;
const bot = h.filter(x => x.message && x.message.from === undefined ||
    (x.message && x.botToken !== undefined && x.updateId === undefined));
for (const x of h) {
	const m = x.message || {};
	if (m.chat_id !== undefined)
		console.log(m.chat_id + "\t" + String(m.text).split("\n")[0]);
}' >bot.txt
# Rows render at delivery: a lobby row sent after /start shows the game.
check "the group saw the lobby" grep -Eiq $'^-77\t.*game #1' bot.txt
check "the group saw the game start" grep -Eq $'^-77\t.*(started|Round|round)' bot.txt
check "the group saw the exchange" grep -q 'gave a card' bot.txt
for u in 1000 1001 1002 1003; do
	check "person $u got their hand privately" grep -q "^$u"$'\t' bot.txt
done
tacd_stop
check "tacd exits 0" [ $? -eq 0 ]
check "the token is in no log" bash -c "! grep -q 'AAE-test' tacd.log"
check "no crash" bash -c "! grep -Eq 'AddressSanitizer|runtime error|fatal' tacd.log"
finish
