#!/bin/bash
# answers.sh: getUpdates answers that misbehave, through the real tacd and
# the fake Bot API.
#  1. A recorded game with poison updates among its moves: a \u0000, a
#     lone surrogate, bytes that are not UTF-8, and ids that cannot be
#     read.  Each bad one is logged once and passed; every move is
#     applied, once.
#  2. Another game whose answers list their updates in descending order:
#     every move is applied, in order.
#  3. 60,000 updates waiting, with answers that ignore the limit (all of
#     them, under the 4 MB cap, every time), and ten groups' commands
#     spread through them: tacd takes at most 100 per answer, its loop
#     stays responsive (the systemd watchdog is petted in every stretch
#     of 200 answers) and each group gets its reply right after its
#     command is reached (before tacd asks for the updates 1,000 past
#     it).  Orders, read from the fake's log (tests/tg/drain.js), never
#     durations.
#  4. 429s with retry_after 2^63-1, 10^12, 0 and -5: the wait is clamped
#     to 1 h or 1 s (seen in the log; a test run waits a thousandth of
#     it: 3.6 s at least, as the fake saw the next call), and polling
#     resumes.
# Nothing is lost or doubled, and the log stays small.
. "${abs_top_srcdir:-${top_srcdir:-.}}/tests/tg/lib.sh"

# The game's records: two games of the sim's seed 26.
"$TACCTL" sim --games 2 --seed 26 --record rec >/dev/null
"$MKSTREAM" rec/game-000001.json >stream1
"$MKSTREAM" rec/game-000002.json c2 >stream2
node "$TG_DIR/tgstream.js" stream1 -1001 >game1.json
node "$TG_DIR/tgstream.js" stream2 >game2.json

# Game 1 with poison, numbered from 1 as one stream; the bad ones' ids
# (readable, then unreadable) go to poison.txt.  Raw bytes travel base64.
node -e '
const fs = require("fs");
const good = JSON.parse(fs.readFileSync("game1.json"));
const who = { from: { id: 1001, first_name: "Anna" },
    chat: { id: -1001, type: "group", title: "TAC table" } };
const bad = {
	30: ["nul", "/play a\\u0000b"],
	90: ["surrogate", "\\ud800 /board"],
	151: ["utf8", null],
	170: ["noid", "/board"],
};
const out = [], ids = [[], []];
let id = 1;
for (const u of good) {
	while (bad[id]) {
		const [kind, text] = bad[id];
		const m = Object.assign({ message_id: id }, who);
		let t = JSON.stringify({ update_id: id, message: m });
		if (kind === "noid")
			t = t.replace("\"update_id\":" + id,
			    "\"update_id\":\"" + id + "\"");
		let b = Buffer.from(t.slice(0, -2) + ",\"text\":\"" +
		    (text || "") + "\"}}");
		if (kind === "utf8")
			b = Buffer.concat([b.subarray(0, b.length - 3),
			    Buffer.from([0xff, 0xfe, 0xc3]), b.subarray(b.length - 3)]);
		out.push({ update_id: id, base64: b.toString("base64") });
		ids[kind === "noid" ? 1 : 0].push(id++);
	}
	u.update_id = u.message.message_id = id++;
	out.push({ update_id: u.update_id,
	    base64: Buffer.from(JSON.stringify(u)).toString("base64") });
}
// The last of all cannot be read: it stands alone in the last answer.
out.push({ update_id: id, base64: Buffer.from("{\"update_id\":" + id +
    ".5,\"message\":{}}").toString("base64") });
ids[1].push(id);
fs.writeFileSync("poisoned.json", JSON.stringify(out));
fs.writeFileSync("poison.txt", ids[0].join(" ") + "\n" + ids[1].join(" ") +
    "\n");
'
read -r readable <poison.txt
unreadable=$(sed -n 2p poison.txt)
total1=$(node -e 'console.log(JSON.parse(require("fs").readFileSync(
    "poisoned.json")).length)')

fake_start
tgconf tacd.conf "$scratch/db"
ctl /ctl/raw @poisoned.json >/dev/null
tacd_start tacd.conf tacd.log
check "1: every update of the poisoned game is confirmed ($total1)" \
    wait_until "[ \"\$(state_get s.confirmed)\" -ge $total1 ]"
check "1: the game is over" wait_until \
    "'$TACCTL' -f tacd.conf games | grep -q '^1 .*over'"
"$TACCTL" -f tacd.conf export 1 >got1.json
check "1: its log equals the record" \
    cmp -s <(record_actions got1.json) <(record_actions rec/game-000001.json)
for id in $readable; do
	check "1: bad update $id is logged once" \
	    [ "$(grep -c "update $id is not valid JSON" tacd.log)" -eq 1 ]
done
# 170 is passed with the answer it is in; the last comes again alone
# after its answer and is passed by its place (tg-poll.c's rule).
n=$(grep -c 'without a readable id' tacd.log)
check "1: the unreadable ones ($unreadable) are logged, briefly ($n lines)" \
    [ "$n" -eq 3 ]
check "1: ... and the last is passed by its place" \
    grep -q "without a readable id, skipped up to $total1\$" tacd.log
dups=$(state_get s.stats.duplicates)
check "1: nothing came twice but the unreadable last ($dups)" [ "$dups" -eq 1 ]

# 2. Game 2, its ids after game 1's, listed in descending order.
node -e '
const fs = require("fs");
const a = JSON.parse(fs.readFileSync("game2.json"));
a.forEach((u, i) => {
	u.update_id = u.message.message_id = +process.argv[1] + i;
});
fs.writeFileSync("game2.json", JSON.stringify(a));' $((total1 + 1))
total2=$((total1 + $(wc -l <stream2)))
ctl /ctl/shape '{"reverse": true}' >/dev/null
ctl /ctl/updates @game2.json >/dev/null
check "2: every update of the reversed game is confirmed" \
    wait_until "[ \"\$(state_get s.confirmed)\" -ge $total2 ]"
check "2: the game is over" wait_until \
    "'$TACCTL' -f tacd.conf games | grep -q '^2 .*over'"
"$TACCTL" -f tacd.conf export 2 >got2.json
check "2: its log equals the record" \
    cmp -s <(record_actions got2.json) <(record_actions rec/game-000002.json)
check "2: nothing came twice" [ "$(state_get s.stats.duplicates)" -eq "$dups" ]
tacd_stop
check "tacd exits 0" [ $? -eq 0 ]
kill "$FAKE_PID"
wait "$FAKE_PID" 2>/dev/null
cp tacd.log tacd12.log

# 3. A backlog of 60,000 (ids from 1 in a new fake), each group's /help
# among them; the watchdog pets every 50 ms, each ping stamped as read
# (the stamps order the pings among the fake's answers).
fake_start
tgconf tacd.conf "$scratch/db3"
node -e '
const out = [];
for (let id = 1; id <= 60000; id++) {
	if (id % 6000 === 1) {
		const g = -(2000 + (id - 1) / 6000);
		out.push({ update_id: id, message: { message_id: id,
		    from: { id: 7, first_name: "Vera" },
		    chat: { id: g, type: "group", title: "G" },
		    text: "/help" } });
	} else
		out.push({ update_id: id, message: { chat: { id: -3 },
		    text: "x" } });
}
process.stdout.write(JSON.stringify(out));' >backlog.json
watch=
for ((k = 0; k < 10; k++)); do
	watch="$watch -$((2000 + k)):$((6000 * k + 1))"
done
check "3: the backlog is under the 4 MB cap ($(wc -c <backlog.json) bytes)" \
    [ "$(wc -c <backlog.json)" -lt 4194304 ]
ctl /ctl/shape '{"nolimit": true}' >/dev/null
ctl /ctl/updates @backlog.json >/dev/null
"$NOTIFY_LISTEN" "$scratch/notify" "$HANG_GUARD" |
    perl -MTime::HiRes=time -ne '$| = 1; printf "%.3f %s", time, $_' \
    >notify.log &	# not asserted: the stamps order
wait_until "[ -S '$scratch/notify' ]"
: >tacd.log
NOTIFY_SOCKET=$scratch/notify WATCHDOG_USEC=100000 tacd_start tacd.conf \
    tacd.log
# shellcheck disable=SC2086
node "$TG_DIR/drain.js" "$FAKE_CTL" 60000 notify.log $watch >drain.json
echo "backlog: $(cat drain.json)"
# drain.js: ja KEY (a JSON expression on d) out of drain.json.
ja() {
	node -e 'const d = JSON.parse(require("fs").readFileSync("drain.json"));
	    console.log(eval(process.argv[1]))' "$1"
}
check "3: the backlog of 60,000 drained" [ "$(ja d.drained)" = true ]
late=$(ja 'Object.entries(d.chats).filter(([k, c]) => !c.early)
    .map(([k, c]) => k).join(" ")')
check "3: each group's reply went out before tacd asked for the updates 1,000 past its command (late:${late:- none})" \
    [ -z "$late" ]
check "3: every reply is delivered" wait_until "delivered db3/tacd.db"
ctl /ctl/sent >sent3.json
n=$(node -e 'const s = JSON.parse(require("fs").readFileSync("sent3.json"))
    .result; const n = {}; for (const m of s) n[m.chat] = (n[m.chat] || 0) + 1;
    console.log(process.argv.slice(1).map((c) => n[c.split(":")[0]] || 0)
    .join(" "))' -- $watch)
check "3: each group got one reply ($n)" \
    [ "$(echo $n | tr ' ' '\n' | grep -cvx 1)" -eq 0 ]
ctl /ctl/polls >polls.json
node -e '
const p = JSON.parse(require("fs").readFileSync("polls.json")).result;
let most = 0;	/* offset 0 asks from the first, id 1 */
for (let i = 1; i < p.length; i++)
	most = Math.max(most, p[i].offset - Math.max(p[i - 1].offset, 1));
console.log(most + " " + p.length);' >polls.txt
read -r most calls <polls.txt
check "3: at most 100 taken per answer ($most, in $calls calls)" \
    bash -c "[ $most -le 100 ] && [ $calls -ge 600 ]"
tacd_stop
check "tacd exits 0" [ $? -eq 0 ]
# A loop that took the backlog in one go would go unpetted for all of it.
check "3: the watchdog was petted in every stretch of 200 answers ($(ja d.pings) pings in $(ja d.answers) answers)" \
    [ "$(ja d.quiet)" = 0 ] && [ "$(ja d.pings)" -gt 0 ]
check "3: the log is small ($(wc -c <tacd.log) bytes)" \
    [ "$(wc -c <tacd.log)" -lt 20000 ]
cp tacd.log tacd3.log

# 4. Waits a server asks for, from absurd to none.  -v: the debug line
# with the wait a test run takes.
ctl /ctl/shape '{}' >/dev/null
for r in 9223372036854775807 1000000000000 0 -5; do
	ctl /ctl/fault "{\"method\": \"getUpdates\", \"fault\": \"retry:$r\"}" \
	    >/dev/null
done
: >tacd.log
"$TACD" -dv -f tacd.conf >>tacd.log 2>&1 &
TACD_PID=$!
check "4: all four 429s were met" wait_until \
    "ctl /ctl/state | grep -q '\"faults\":{\"getUpdates\":\[\]}'"
ctl /ctl/updates '[{"message": {"message_id": 1, "from": {"id": 7,
    "first_name": "Vera"}, "chat": {"id": -2100, "type": "group",
    "title": "G"}, "text": "/help"}}]' >/dev/null
check "4: polling resumed: a command after them was answered" wait_until \
    "ctl /ctl/sent | grep -q '\"chat\":\"-2100\"'"
ctl /ctl/polls >polls.json
node -e '
const p = JSON.parse(require("fs").readFileSync("polls.json")).result;
const out = [];
for (let i = 0; i + 1 < p.length; i++)
	if (p[i].fault && p[i].fault.startsWith("retry:"))
		out.push(p[i].fault.slice(6) + "=" + (p[i + 1].at - p[i].at));	// lower bound
console.log(out.join(" "));' >waits.txt
echo "429 waits (retry_after=ms to the next call): $(cat waits.txt)"
for w in $(cat waits.txt); do
	r=${w%=*} ms=${w#*=}
	case $r in
	-*|0) ;;	# 1 ms: nothing a clock could tell from no wait
	*) check "4: retry_after $r: a 1 h wait, as a test run 3.6 s at least ($ms ms)" \
		[ "$ms" -ge 3550 ] ;;	# lower bound
	esac
done
check "4: four waits were measured" [ "$(wc -w <waits.txt)" -eq 4 ]
check "4: the log says 1 h twice" \
    [ "$(grep -c 'retry after.*; again in 3600000 ms' tacd.log)" -eq 2 ]
check "4: ... and 1 s twice" \
    [ "$(grep -c 'retry after.*; again in 1000 ms' tacd.log)" -eq 2 ]
check "4: the test run's waits are in the debug log" \
    [ "$(grep -c 'a test run waits 3600 ms' tacd.log)" -eq 2 ] &&
    [ "$(grep -c 'a test run waits 1 ms' tacd.log)" -eq 2 ]
tacd_stop
check "tacd exits 0" [ $? -eq 0 ]
cat tacd12.log tacd3.log >>tacd.log
check "the logs are small ($(wc -c <tacd.log) bytes)" \
    [ "$(wc -c <tacd.log)" -lt 40000 ]
check "no crash, no sanitizer report" bash -c \
    "! grep -Eq 'AddressSanitizer|runtime error|fatal' tacd.log"
check "the token is in no log" bash -c "! grep -q 'AAE-test' tacd.log fake.err"
finish
