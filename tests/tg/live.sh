#!/bin/bash
# live.sh: a quiet group in its own language.  Four people play a
# recorded game (the button tests' game: every card, TACs, 7 splits) in
# a Russian group through the real tacd and the fake Bot API, one move
# at a time (tests/tg/live.js): each move is typed once all the one
# before made is delivered.  From the start to the end the group gets
# at most 0.25 new messages and 1.2 API calls a move (the fake counts
# each call by its chat); after every move, gifts included, its live
# message names the person to act; every text and caption the group
# gets is Russian (no Latin word but the edition's name, as
# tests/daemon/langs.sh checks a game), though three of the four
# people's Telegram speaks English.
. "${abs_top_srcdir:-${top_srcdir:-.}}/tests/tg/lib.sh"

fake_start
button_game
"$MKSTREAM" rec/game-000001.json >stream
node "$TG_DIR/tgstream.js" stream -1001 >en.json
# Russian names; the opener's Telegram speaks Russian, so the group does.
node -e '
const fs = require("fs");
const names = { Anna: "Аня", Boris: "Борис", Clara: "Клара",
    Dmitri: "Дмитрий" };
const u = JSON.parse(fs.readFileSync("en.json"));
for (const x of u) {
	x.message.from.first_name = names[x.message.from.first_name];
	x.message.from.language_code = x.message.from.id === 1000 ? "ru" : "en";
}
fs.writeFileSync("updates.json", JSON.stringify(u));'
moves=$(($(wc -l <stream) - 5))

tgconf tacd.conf "$scratch/db"
tacd_start tacd.conf tacd.log
node "$TG_DIR/live.js" "$FAKE_CTL" updates.json 4 -1001 "$SQLEXEC" \
    db/tacd.db '^Игра окончена\. ' '^Обмен: все отдают ' >live.out \
    2>live.err
rc=$?
cat live.out
[ $rc -eq 0 ] || tail -n 5 live.err
count_checks live.out
check "the game was played to its end" [ $rc -eq 0 ]
read -r _ n <<<"$(grep '^moves ' live.out)"
read -r _ sends <<<"$(grep '^sends ' live.out)"
read -r _ calls <<<"$(grep '^calls ' live.out)"
check "all $moves moves were fed" [ "${n:-0}" -eq "$moves" ]
per() {
	awk -v a="$1" -v b="$moves" 'BEGIN { printf "%.3f", a / b }'
}
echo "new group messages a move: $(per "${sends:-0}") ($sends / $moves)"
echo "group API calls a move: $(per "${calls:-0}") ($calls / $moves)"
check "at most 0.25 new group messages a move ($(per "${sends:-0}"))" \
    [ $((${sends:-999999} * 100)) -le $((moves * 25)) ]
check "at most 1.2 group API calls a move ($(per "${calls:-0}"))" \
    [ $((${calls:-999999} * 10)) -le $((moves * 12)) ]

# TAC is the edition's name ("названия TAC"), as tests/daemon/langs.sh
# allows it.
words=$(latin_words texts.txt | grep -v -x TAC | paste -sd' ')
check "every group text and caption is Russian ($words)" [ -z "$words" ]
check "the group was told things ($(wc -l <texts.txt) lines)" \
    [ "$(wc -l <texts.txt)" -gt 10 ]
tacd_stop
check "tacd exits 0" [ $? -eq 0 ]
check "the game verifies" "$TACCTL" -f tacd.conf verify
check "no crash" bash -c \
    "! grep -Eq 'AddressSanitizer|runtime error|fatal' tacd.log"
finish
