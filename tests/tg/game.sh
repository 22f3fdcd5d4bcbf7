#!/bin/bash
# game.sh: a group plays a whole recorded game through the real tacd and
# the fake Bot API over HTTPS (a self-signed certificate, trusted through
# telegram_ca_file), as typed commands of four people, while the API
# misbehaves: malformed, oversized, failed, dropped and rate-limited
# answers to getUpdates and sendMessage, a person who never started the
# bot (403), and the group migrating to a supergroup.  The game's action
# log must equal the record's (no move lost, none applied twice), even
# after the API replays every update, and the token never shows in a log.
. "${abs_top_srcdir:-${top_srcdir:-.}}/tests/tg/lib.sh"

seed=${SEED:-26}
fake_start https
"$TACCTL" sim --games 1 --seed "$seed" --record rec >/dev/null
"$MKSTREAM" rec/game-000001.json >stream
node "$TG_DIR/tgstream.js" stream -1001 >updates.json
total=$(wc -l <stream)
check "the stream has the game ($total updates)" [ "$total" -gt 100 ]
third=$((total / 3))

# Updates in three parts (part, lib.sh); each part gets its own faults.
fault() {
	ctl /ctl/fault "{\"method\": \"$1\", \"fault\": \"$2\", \"count\": ${3:-1}}" \
	    >/dev/null
}
confirmed() {
	[ "$(state_get s.confirmed)" -ge "$1" ]
}

ctl /ctl/chat '{"chat": "1003", "fault": "403"}' >/dev/null
for f in garbage huge 500 drop 429:1; do fault getUpdates "$f"; done
for f in 429:1 500 drop garbage slow:1500 502; do fault sendMessage "$f"; done
tgconf tacd.conf "$scratch/db"
tacd_start tacd.conf tacd.log
part 0 "$third"
check "part 1 is confirmed" wait_moving "confirmed $third" "state_get s.confirmed"

for f in drop 500 garbage; do fault getUpdates "$f"; done
for f in drop 429:2 500; do fault sendMessage "$f"; done
part "$third" $((2 * third))
check "part 2 is confirmed" \
    wait_moving "confirmed $((2 * third))" "state_get s.confirmed"

# The group becomes a supergroup, as Telegram does it: a service message
# in the old chat names the new one, later updates come from the new
# chat, and a message sent to the old one gets 400 migrate_to_chat_id.
ctl /ctl/chat '{"chat": "-1001", "fault": "migrate:-1009"}' >/dev/null
node -e 'const a=JSON.parse(require("fs").readFileSync("updates.json"));
    const from = +process.argv[1];
    const m = JSON.parse(JSON.stringify(a[from]));
    delete m.message.text;
    m.message.migrate_to_chat_id = -1009;
    for (let i = from; i < a.length; i++) {
	a[i].update_id++;
	a[i].message.chat = { id: -1009, type: "supergroup",
	    title: "TAC table" };
    }
    fs = require("fs");
    fs.writeFileSync("updates.json", JSON.stringify(a.slice(0, from)
	.concat([m], a.slice(from))));' $((2 * third))
total=$((total + 1))
part $((2 * third)) "$total"
check "part 3 is confirmed" wait_moving "confirmed $total" "state_get s.confirmed"
check "the game is over" wait_until \
    "'$TACCTL' -f tacd.conf games | grep -q over"
# The outbox drains: every row delivered (or given up by the fault table).
check "the outbox drains" wait_until "delivered db/tacd.db"
"$TACCTL" -f tacd.conf export 1 >got.json
check "the log equals the record" \
    cmp -s <(record_actions got.json) <(record_actions rec/game-000001.json)

# The API replays every update (as an emulator would): nothing changes.
for ((i = 0; i <= total / 100; i++)); do fault getUpdates replay; done
check "the replayed updates came" wait_until \
    "[ \"\$(state_get 's.stats.replayed || 0')\" -ge $total ]"
# tacd has taken an answer whole when it asks for the next.
replays_taken() {
	ctl /ctl/polls | node -e 'let t = ""; process.stdin.on("data",
	    (d) => t += d); process.stdin.on("end", () => { const p =
	    JSON.parse(t).result; let last = -1; p.forEach((x, i) => {
	    if (x.fault === "replay") last = i; });
	    process.exit(last >= 0 && p.length > last + 1 ? 0 : 1); })'
}
check "tacd took the last of them" wait_until replays_taken
"$TACCTL" -f tacd.conf export 1 >again.json
check "replayed updates change nothing" cmp -s got.json again.json
tacd_stop
check "tacd exits 0 on SIGTERM" [ $? -eq 0 ]
check "the log replays to the snapshot" \
    bash -c "'$TACCTL' -f tacd.conf verify >/dev/null"

ctl /ctl/sent >sent.json
check "messages were sent ($(state_get s.sent))" [ "$(state_get s.sent)" -gt 100 ]
check "the board is a picture" grep -q '"method":"sendPhoto".*"png":true' \
    sent.json
check "the moves are HTML" grep -q '"parse_mode":"HTML"' sent.json
check "the group was told once about 1003's private chat" \
    [ "$(grep -o 't.me/TacTestBot?start=h1' sent.json | wc -l)" -eq 1 ]
check "nothing reached 1003" bash -c "! grep -q '\"chat\":\"1003\"' sent.json"
check "after the migration the group gets its messages at -1009" \
    grep -q '"chat":"-1009"' sent.json
check "the bridge moved the chat to -1009" grep -q 'became -1009' tacd.log
check "all faults were met" [ "$(ctl /ctl/state | grep -o '"faults":{[^}]*}' |
    grep -c '\[[^]]')" -eq 0 ]
check "429 was waited out" grep -q 'too many requests' tacd.log
check "no crash, no sanitizer report" bash -c \
    "! grep -Eq 'AddressSanitizer|runtime error|fatal' tacd.log"
check "the token is in no log" bash -c "! grep -q 'AAE-test' tacd.log fake.err"
echo "game: $total updates, $(state_get s.sent) messages," \
    "$(state_get 's.calls.getUpdates') getUpdates calls"
finish
