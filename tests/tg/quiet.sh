#!/bin/bash
# quiet.sh: how quiet a group is, measured (make bench-quiet; no figure
# is asserted).  The button tests' recorded game is played by four
# people through the real tacd and the fake Bot API, one move at a
# time (tests/tg/live.js), three times: in a group where the bot may pin, the moves typed there; in one where it may
# not, the moves typed there; and in one where it may not, the moves
# typed in the people's private chats.  Each prints the group's new
# messages and API calls a move, and the calls by method; the checks of
# tests/tg/live.js are printed too.
# QUIET_BUILD: another build tree to measure (an older tacd), with this
# tree's scripts.
. "${abs_top_srcdir:-${top_srcdir:-.}}/tests/tg/lib.sh"

fake_start
button_game
# The game in two groups: c1 (-1001, people 1000-1003) and c2 (-1002,
# people 2000-2003), its update ids after c1's.
"$MKSTREAM" rec/game-000001.json >stream1
"$MKSTREAM" rec/game-000001.json c2 1001 >stream2
"$MKSTREAM" rec/game-000001.json c3 2001 >stream3
moves=$(($(wc -l <stream1) - 5))
# Russian names; the opener's Telegram speaks Russian, so the group does.
# The people's messages are numbered by the fake, among the bot's, as
# Telegram numbers a basic group's.  In group 2 the moves are typed in
# each person's private chat, where their turn messages are.
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
	if (process.argv[1] === "private" && /^\/play/.test(m.text)) {
		m.chat = { id: m.from.id, type: "private",
		    first_name: m.from.first_name };
		m.text = m.text.replace(/@TacTestBot/, "");
	}
}
console.log(JSON.stringify(u));' "$2"
}
cyrillic stream1 group >updates1.json
cyrillic stream2 group >updates2.json
cyrillic stream3 private >updates3.json

# play N GROUP: feed updatesN.json in play/N, check what the group got.
play() {
	local n sends calls words

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
	read -r _ sends <<<"$(grep '^sends ' "live$1.out")"
	read -r _ calls <<<"$(grep '^calls ' "live$1.out")"
	check "$3: all $moves moves were fed" [ "${n:-0}" -eq "$moves" ]
	echo "$3: new group messages a move: $(per "${sends:-0}")" \
	    "($sends / $moves)"
	echo "$3: group API calls a move: $(per "${calls:-0}")" \
	    "($calls / $moves)"
	grep '^by method ' "live$1.out" | sed "s/^/$3: /"
	# TAC is the edition's name ("названия TAC"), as
	# tests/daemon/langs.sh allows it.
	words=$(latin_words "play$1/texts.txt" | grep -v -x TAC |
	    paste -sd' ')
	check "$3: every group text and caption is Russian ($words)" \
	    [ -z "$words" ]
	check "$3: the group was told things" \
	    [ "$(wc -l <"play$1/texts.txt")" -gt 10 ]
}
per() {
	awk -v a="$1" -v b="$moves" 'BEGIN { printf "%.3f", a / b }'
}

tgconf tacd.conf "$scratch/db"
tacd_start tacd.conf tacd.log
play 1 -1001 "pinned, moves typed in the group"
ctl /ctl/pin '{"chat": "-1002", "allow": false}' >/dev/null
play 2 -1002 "no pin, moves typed in the group"
ctl /ctl/pin '{"chat": "-1003", "allow": false}' >/dev/null
play 3 -1003 "no pin, moves typed in private"
tacd_stop
check "tacd exits 0" [ $? -eq 0 ]
finish
