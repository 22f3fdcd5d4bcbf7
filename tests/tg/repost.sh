#!/bin/bash
# repost.sh: without pin rights, a group's live message is posted anew
# at most once per repost_messages messages and repost_interval
# (tacd.conf(5)), not after every move typed in the group.  The button
# tests' recorded game is played by four people through the real tacd
# and the fake Bot API, one move at a time (tests/tg/live.js), each move
# typed in the group, where the bot may not pin, twice:
#   -1001, a basic group, the defaults (10 messages, 10 minutes): the
#          game takes less than the interval, so the live message is
#          never posted anew, only edited (no old one deleted);
#   -1002, a supergroup (its message ids count every message), with
#          repost_interval off: the live message is posted anew, its old
#          one deleted each time, and only once at least 10 messages
#          came after the one before (its id and the next's are more
#          than 10 apart).
# Either way every move still edits or posts the live message, which
# names the person to act.
. "${abs_top_srcdir:-${top_srcdir:-.}}/tests/tg/lib.sh"

fake_start
button_game
"$MKSTREAM" rec/game-000001.json >stream1
"$MKSTREAM" rec/game-000001.json c2 1001 >stream2
moves=$(($(wc -l <stream1) - 5))
# Russian names, as live.sh and quiet.sh play it (HEAD below is the
# Russian live message's); group 2 is a supergroup.
cyrillic() {
	node "$TG_DIR/tgstream.js" "$1" >en.json
	node -e '
const fs = require("fs");
const names = { Anna: "Аня", Boris: "Борис", Clara: "Клара",
    Dmitri: "Дмитрий" };
const u = JSON.parse(fs.readFileSync("en.json"));
for (const x of u) {
	const m = x.message;
	m.from.first_name = names[m.from.first_name];
	m.from.language_code = m.from.id % 1000 === 0 ? "ru" : "en";
	delete m.message_id;
	if (process.argv[1] === "supergroup" && m.chat.id < 0)
		m.chat.type = "supergroup";
}
console.log(JSON.stringify(u));' "$2"
}
cyrillic stream1 group >updates1.json
cyrillic stream2 supergroup >updates2.json

# play N GROUP WHAT: feed updatesN.json in playN, check the game.
play() {
	local n

	mkdir -p "play$1"
	(cd "play$1" && node "$TG_DIR/live.js" "$FAKE_CTL" \
	    "../updates$1.json" 4 "$2" "$SQLEXEC" "$scratch/db/tacd.db" \
	    "^Игра #$1, раздача " '^Игра окончена\. ' \
	    '^Обмен: все отдают ' >live.out 2>live.err)
	rc=$?
	sed "s/^\(ok\|FAIL\): /\1: $3: /" "play$1/live.out" >"live$1.out"
	cat "live$1.out"
	[ $rc -eq 0 ] || tail -n 5 "play$1/live.err"
	count_checks "live$1.out"
	check "$3: the game was played to its end" [ $rc -eq 0 ]
	read -r _ n <<<"$(grep '^moves ' "live$1.out")"
	check "$3: all $moves moves were fed" [ "${n:-0}" -eq "$moves" ]
}

# posts N: of the group's calls during game N (playN/group.json), the
# live message's posts (new messages whose words begin as it does), in
# order, as "ID ID ...", and then on a line of its own the messages
# deleted.
posts() {
	node -e '
const fs = require("fs");
const { words } = require(process.argv[2]);
const g = JSON.parse(fs.readFileSync(process.argv[1]));
const head = new RegExp(process.argv[3]);
console.log(g.filter((x) => /^send/.test(x.method) && head.test(words(x)))
    .map((x) => x.message_id).join(" "));
console.log(g.filter((x) => x.method === "deleteMessage")
    .map((x) => x.message_id).join(" "));' \
	    "play$1/group.json" "$TG_DIR/ctl.js" "^Игра #$1, раздача "
}

# The defaults: the game is shorter than 10 minutes.
tgconf tacd.conf "$scratch/db"
tacd_start tacd.conf tacd.log
ctl /ctl/pin '{"chat": "-1001", "allow": false}' >/dev/null
play 1 -1001 "basic group, defaults"
{ read -r p1; read -r d1; } <<<"$(posts 1)"
echo "basic group, defaults: live message posts: ${p1:-none};" \
    "deleted: ${d1:-none}"
set -- $p1
check "basic group, defaults: the live message was posted once and never anew ($# posts)" \
    [ $# -eq 1 ]
check "basic group, defaults: no message was deleted (${d1:-none})" \
    [ -z "$d1" ]
tacd_stop
check "tacd exits 0" [ $? -eq 0 ]

# No interval: a repost as soon as 10 messages buried it.
tgconf tacd2.conf "$scratch/db" "repost_interval = off"
tacd_start tacd2.conf tacd.log
ctl /ctl/pin '{"chat": "-1002", "allow": false}' >/dev/null
play 2 -1002 "supergroup, repost_interval off"
{ read -r p2; read -r d2; } <<<"$(posts 2)"
echo "supergroup, repost_interval off: live message posts: ${p2:-none};" \
    "deleted: ${d2:-none}"
set -- $p2
n2=$#
check "supergroup, repost_interval off: the live message was posted anew ($n2 posts)" \
    [ "$n2" -ge 2 ]
check "supergroup, repost_interval off: at most once per 10 of the $moves moves typed" \
    [ $(((n2 - 1) * 10)) -le "$moves" ]
gaps=ok
prev=
for p in $p2; do
	[ -n "$prev" ] && [ $((p - prev - 1)) -lt 10 ] &&
	    gaps="$prev then $p"
	prev=$p
done
check "supergroup, repost_interval off: each post anew came once 10 messages followed the one before ($gaps)" \
    [ "$gaps" = ok ]
old=$(echo "$p2" | awk '{ $NF = ""; print }' | xargs)
check "supergroup, repost_interval off: each old one was deleted (${d2:-none} for ${old:-none})" \
    [ "$d2" = "$old" ]
tacd_stop
check "tacd exits 0" [ $? -eq 0 ]
check "the games verify" "$TACCTL" -f tacd.conf verify
check "no crash" bash -c \
    "! grep -Eq 'AddressSanitizer|runtime error|fatal' tacd.log"
finish
