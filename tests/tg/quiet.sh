#!/bin/bash
# quiet.sh: how quiet a group is, measured (make bench-quiet; no figure
# is asserted).  The button tests' recorded game is played by four
# people through the real tacd and the fake Bot API, one move at a
# time (tests/tg/live.js), five times: in a group where the bot may
# pin, the moves typed there; in one where it may not, the moves typed
# there; in one where it may not, the moves typed in the people's
# private chats; and, in a group where it may pin and in one where it
# may not, each move pressed as a person does, by the buttons of their
# private turn message (tests/tg/press.js, the paths from
# tests/tg/menupath).  Each prints the group's new messages and API
# calls a move, and the calls by method; the checks of tests/tg/live.js
# are printed too.  At the end a table, per move: the group's new
# messages, edits, deletes, pins and unpins, and all its calls; the
# presses answered; the calls to the players' private chats.
# QUIET_BUILD: another build tree to measure (an older tacd, its own
# tests/tg/menupath for the menus' paths), with this tree's scripts.
. "${abs_top_srcdir:-${top_srcdir:-.}}/tests/tg/lib.sh"

fake_start
button_game
# The menus and the words that open the lobby are the measured build's
# (an older /new knows no "auto=off").
if [ -n "${QUIET_BUILD:-}" ]; then
	"$QUIET_BUILD/tests/tg/menupath" rec/game-000001.json >plan.txt ||
	    { echo "$QUIET_BUILD/tests/tg/menupath failed"; exit 1; }
	MKSTREAM=$QUIET_BUILD/tests/daemon/mkstream
fi
# The game in two groups: c1 (-1001, people 1000-1003) and c2 (-1002,
# people 2000-2003), its update ids after c1's; c3, c4, c5 likewise.
# The presses of c4 take the ids after its stream's, below c5's.
"$MKSTREAM" rec/game-000001.json >stream1
"$MKSTREAM" rec/game-000001.json c2 1001 >stream2
"$MKSTREAM" rec/game-000001.json c3 2001 >stream3
"$MKSTREAM" rec/game-000001.json c4 3001 >stream4
"$MKSTREAM" rec/game-000001.json c5 10001 >stream5
"$MKSTREAM" rec/game-000001.json c6 20001 >stream6
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
cyrillic stream4 group >updates4.json
cyrillic stream5 group >updates5.json
cyrillic stream6 group >updates6.json

# play N GROUP WHAT [pressed] SHORT: feed updatesN.json in play/N (game
# #N), the moves typed or pressed, check what the group got; its row of
# the table to rows.txt, its figures to the summary as SHORT.
summary=
play() {
	local n sends calls words f

	mkdir -p "play$1"
	(cd "play$1" && node "$TG_DIR/live.js" "$FAKE_CTL" \
	    "../updates$1.json" 4 "$2" "$SQLEXEC" "$scratch/db/tacd.db" \
	    "^Игра #$1, раздача " '^Игра окончена\. ' \
	    '^Обмен: все отдают ' ${4:+../plan.txt "$1"} \
	    >live.out 2>live.err)
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
	grep '^by method \|^private by method ' "live$1.out" |
	    sed "s/^/$3: /"
	# What the new messages were: their first lines, numbers as N.
	node -e '
const { words } = require(process.argv[1]);
for (const x of require(process.argv[2]))
	if (/^send/.test(x.method))
		console.log(words(x).split("\n")[0].replace(/[0-9]+/g, "N"));' \
	    "$TG_DIR/ctl.js" "$scratch/play$1/group.json" | sort | uniq -c |
	    sed "s/^ */$3: new: /"
	row="| $3 |"
	for f in sends edits deletes pins calls answers private; do
		row="$row $(per "$(sed -n "s/^$f //p" "live$1.out")") |"
	done
	echo "$row" >>rows.txt
	summary="$summary${summary:+, }$5"
	summary="$summary $(per "${sends:-0}")/$(per "${calls:-0}")"
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
	awk -v a="${1:-0}" -v b="$moves" 'BEGIN { printf "%.3f", a / b }'
}

tgconf tacd.conf "$scratch/db"
tacd_start tacd.conf tacd.log
play 1 -1001 "pinned, moves typed in the group" "" "typed pinned"
ctl /ctl/pin '{"chat": "-1002", "allow": false}' >/dev/null
play 2 -1002 "no pin, moves typed in the group" "" "typed no pin"
ctl /ctl/pin '{"chat": "-1003", "allow": false}' >/dev/null
play 3 -1003 "no pin, moves typed in private" "" "typed in private"
play 4 -1004 "pinned, moves pressed" pressed "pressed pinned"
ctl /ctl/pin '{"chat": "-1005", "allow": false}' >/dev/null
play 5 -1005 "no pin, moves pressed" pressed "pressed no pin"
tacd_stop
check "tacd exits 0" [ $? -eq 0 ]
# A build that has the repost rule (tacd.conf(5)): the game again with
# no time between reposts, so that only repost_messages holds them (the
# game takes less than the default repost_interval, so the second row
# shows the interval alone).
if grep -q repost_interval "$TACD"; then
	tgconf tacd6.conf "$scratch/db" "repost_interval = off"
	tacd_start tacd6.conf tacd6.log
	ctl /ctl/pin '{"chat": "-1006", "allow": false}' >/dev/null
	play 6 -1006 "no pin, moves typed in the group, repost_interval off" \
	    "" "typed no pin, interval off"
	tacd_stop
	check "tacd exits 0 (repost_interval off)" [ $? -eq 0 ]
fi
echo
echo "Per move ($moves moves, the start counted in): the group's new" \
    "messages, edits, deletes, pins and unpins, all its calls; presses" \
    "answered; calls to the players' private chats."
echo
echo "| game | new messages | edits | deletes | pins | group calls |" \
    "answers | private calls |"
echo "|---|---|---|---|---|---|---|---|"
cat rows.txt
echo
echo "quiet: new group messages/group calls a move: $summary"
finish
