#!/bin/bash
# stats.sh: three recorded games played through tacd --events by four
# people in one group, then /stats, /top, /history and a game's summary
# and moves pages as the console bridge renders them, in English and
# in Russian; /stats off and a member's numbers; tacctl stats and its
# JSON, and --rebuild giving the same tables back.
. "${abs_top_srcdir:-${top_srcdir:-.}}/tests/daemon/lib.sh"

# One event line with the next update id: ev CHAT USER NAME TEXT, or
# ev CHAT USER NAME "" DATA for a button.
id=900000
ev() {
	id=$((id + 1))
	printf '{"update_id": %d, "chat": "%s", "user": "%s", "name": "%s", ' \
	    "$id" "$1" "$2" "$3"
	if [ -n "${5:-}" ]; then
		printf '"data": "%s", "admin": true}\n' "$5"
	else
		printf '"text": "%s", "admin": true}\n' "$4"
	fi
}

# The lines of the output between two markers (an unknown command
# answers "I do not know /NAME"): section FROM TO.
section() {
	sed -n "/I do not know \/$1\b/,/I do not know \/$2\b/p" out
}

"$TACCTL" sim --games 3 --seed 7 --record rec >sim.json 2>&1
check "three records" [ "$(ls rec | wc -l)" -eq 3 ]
n=0
for r in rec/*.json; do
	"$MKSTREAM" "$r" c1 $((n * 100000 + 1)) >>stream
	n=$((n + 1))
done
{
	ev c1 u0 Anna "/mark0"
	ev c1 u0 Anna "/stats"
	ev c1 u0 Anna "/mark1"
	ev c1 u2 Clara "/top"
	ev c1 u2 Clara "/mark2"
	ev c1 u2 Clara "/history"
	ev c1 u2 Clara "/mark3"
	ev c1 u2 Clara "" "1::summary"
	ev c1 u2 Clara "/mark4"
	ev c1 u2 Clara "" "1::moves 2"
	ev c1 u2 Clara "/mark5"
	ev c1 u3 Dmitri "/stats @Boris"
	ev c1 u3 Dmitri "/mark6"
	ev u1 u1 Boris "/stats off"
	ev c1 u3 Dmitri "/stats"
	ev c1 u3 Dmitri "/stats @Boris"
	ev c1 u3 Dmitri "/mark7"
	ev u1 u1 Boris "/stats on"
	ev u0 u0 Anna "/stats"
	ev c1 u0 Anna "/mark8"
	ev c1 u0 Anna "/lang ru"
	ev c1 u0 Anna "/stats"
	ev c1 u0 Anna "/mark9"
	ev c1 u0 Anna "/top"
	ev c1 u0 Anna "/history"
	ev c1 u0 Anna "" "2::summary"
	ev c1 u0 Anna "/markz"
	ev c1 u0 Anna "/record #1"
	ev c1 u0 Anna "/marky"
} >>stream

conf s.conf "$scratch/s"
"$TACD" -f s.conf --events <stream >out 2>err
check "tacd --events exits 0" [ $? -eq 0 ]
check "no warnings" [ ! -s err ]
[ -s err ] && head err
check "three games ended" \
    [ "$(grep -c '^\[c1\] Game over' out)" -eq 3 ]

# English: the group's table, its chart, the ratings, the history.
section mark0 mark1 >en.stats
check "/stats: the group's games" \
    grep -q '^\[c1\] Games played here: 3; rounds per game: ' en.stats
check "/stats: the top players" \
    grep -q '^\[c1\] Top players (kicks given/taken):' en.stats
for who in Anna Boris Clara Dmitri; do
	check "/stats lists $who with 3 games" \
	    grep -q "^\[c1\] [1-4]\. $who: games: 3, wins: [0-3] " en.stats
done
check "/stats: the best pairs" grep -q '^\[c1\] Best pairs:' en.stats
check "/stats: the cards played here" \
    grep -q '^\[c1\] Cards played here: [0-9A-Za-z]* x[0-9]*, ' en.stats
check "/stats: the chart's words" \
    grep -q '^\[c1\] Wins per player: ' en.stats
wins=$(sed -n 's/^\[c1\] [1-4]\. [A-Za-z]*: games: 3, wins: \([0-3]\) .*/\1/p' \
    en.stats | awk "{ n += \$1 } END { print n }")
check "two winners a game: 6 wins in all ($wins)" [ "$wins" = 6 ]
section mark1 mark2 >en.top
check "/top: the ratings" \
    grep -q '^\[c1\] Ratings (everyone starts at 1500):' en.top
check "/top: four players" \
    [ "$(grep -c '^\[c1\] [1-4]\. ' en.top)" -eq 4 ]
section mark2 mark3 >en.history
check "/history: the last games" grep -q '^\[c1\] The last games:' en.history
check "/history: the last first" \
    [ "$(sed -n 's/^\[c1\] #\([0-9]*\) .*/\1/p' en.history | paste -sd,)" \
    = 3,2,1 ]
check "/history: the teams" \
    grep -q '^\[c1\] #1 ([0-9]* min ago): Anna, Clara vs Boris, Dmitri\. Won: ' \
    en.history
section mark3 mark4 >en.summary
check "the summary button" grep -q '^\[c1\] Game #1 ended [0-9]* min ago: ' en.summary
check "... each seat" \
    [ "$(grep -c ': cards: [0-9]*, kicks given/taken: [0-9]*/[0-9]*' en.summary)" -eq 4 ]
section mark4 mark5 >en.record
check "the record's page 2" grep -q '^\[c1\] Game #1, page 2 of ' en.record
# Each action by its player's name, as the group's lines say it.
check "... from action 81" \
    grep -Eq '^\[c1\] 81\. .*(Anna|Boris|Clara|Dmitri)' en.record
section mark5 mark6 >en.member
check "/stats @Boris: his numbers here" \
    grep -q '^\[c1\] Boris in this group: games: 3' en.member
check "... his rating's chart" grep -q '^\[c1\] Rating of Boris: ' en.member

# /stats off: out of the group's table, and not to be looked up.
section mark6 mark7 >en.hidden
check "/stats off is confirmed" \
    grep -q '^\[u1\] Your statistics are hidden' en.hidden
check "Boris is out of the table" bash -c "! grep -q 'Boris:' en.hidden"
check "... and his pairs" bash -c "! grep -q 'Boris\$' en.hidden"
check "... and cannot be looked up" \
    grep -q '^\[c1\] Boris keeps their statistics to themselves' en.hidden
check "one's own in private" grep -q '^\[u0\] Anna in all groups: games: 3' out

# Russian.
sed -n '/^\[c1\] Теперь я говорю здесь по-русски\.$/,$p' out >ru.rest
check "/stats in Russian" \
    grep -q '^\[c1\] Сыграно игр здесь: 3; раздач за игру: ' ru.rest
check "... the top players" \
    grep -q '^\[c1\] Лучшие игроки (выбил/потерял):' ru.rest
check "... a row" grep -q '^\[c1\] [1-4]\. Anna: игр: 3, побед: ' ru.rest
check "... the chart's words" grep -q '^\[c1\] Победы игроков: ' ru.rest
check "... the cards" grep -q '^\[c1\] Сыграно карт здесь: ' ru.rest
check "/top in Russian" \
    grep -q '^\[c1\] Рейтинг (у всех в начале 1500):' ru.rest
check "/history in Russian" grep -q '^\[c1\] Последние игры:' ru.rest
check "... the teams" \
    grep -q '^\[c1\] #2 ([0-9]* мин назад): Anna, Clara против Boris, Dmitri' ru.rest
check "the summary in Russian" \
    grep -q '^\[c1\] Игра #2 окончена ' ru.rest
check "... a seat" grep -q 'карт: [0-9]*, выбил/потерял: ' ru.rest

# tacctl stats: the same numbers, as a table and as JSON.
"$TACCTL" -f s.conf stats --chat c1 >table 2>&1
check "tacctl stats --chat prints the table" \
    grep -q '^chat c1: 3 finished games' table
check "... with Anna" grep -q ' u0  *Anna  *3 ' table
"$TACCTL" -f s.conf stats --chat c1 --json >a.json 2>&1
check "tacctl stats --json has the players" grep -q '"players": \[' a.json
check "... with user, name, games, wins and rating" \
    bash -c "grep -q '\"user\": \"u0\"' a.json &&
    grep -q '\"name\": \"Anna\"' a.json && grep -q '\"games\": 3' a.json &&
    grep -q '\"wins\": ' a.json && grep -q '\"rating\": 1[0-9]*\.' a.json"
# /record (asked in Russian, after /markz): the console prints the file
# on a line, which replays.
sed -n 's/^\[c1\] \({"format": *"tac-record\/1".*\)$/\1/p' out \
    >console-record.json
check "/record prints the record on a line" \
    [ "$(wc -l <console-record.json)" -eq 1 ]
"$TACCTL" replay - <console-record.json >got-end.json 2>&1
check "... which tacctl replay takes" [ $? -eq 0 ]
"$TACCTL" replay rec/game-000001.json >want-end.json 2>&1
check "... to the first game's end" cmp -s got-end.json want-end.json

"$TACCTL" -f s.conf stats --json >all.json 2>&1
check "tacctl stats (all chats) --json" grep -q '"chats": \[' all.json
"$TACCTL" -f s.conf stats --rebuild >rebuild.out 2>&1
check "tacctl stats --rebuild" \
    grep -q '^rebuilt the statistics of 3 finished games' rebuild.out
"$TACCTL" -f s.conf stats --chat c1 --json >b.json 2>&1
check "the rebuilt tables are the kept ones" cmp -s a.json b.json
"$TACCTL" -f s.conf stats --chat nowhere >/dev/null 2>&1
check "an unknown chat exits 2" [ $? -eq 2 ]

# The fill after an upgrade (as 0006-stats.sql leaves it to do) runs
# before tacd is ready: it tells systemd how far it is and pushes out the
# start timeout, and builds the same tables.
"$SQLEXEC" s/tacd.db "DELETE FROM stats_games; DELETE FROM stats_players;
    INSERT INTO kv (key, value) VALUES ('stats:fill', '1')" >/dev/null
"$NOTIFY_LISTEN" "$scratch/fill.sock" "$HANG_GUARD" >fill.out &
lpid=$!
wait_for fill.out LISTENING=1
NOTIFY_SOCKET=$scratch/fill.sock "$TACD" -f s.conf --events </dev/null \
    >/dev/null 2>fill.err
check "tacd fills the statistics at start" [ $? -eq 0 ]
wait "$lpid"
check "... extending systemd's start timeout" \
    grep -qx 'EXTEND_TIMEOUT_USEC=30060000' fill.out
check "... saying so, before it is ready" \
    bash -c "grep -n . fill.out | grep -m1 -e 'STATUS=building the statistics: 0 of 3 games' -e READY=1 | grep -q building"
"$TACCTL" -f s.conf stats --chat c1 --json >c.json 2>&1
check "... and they are the kept ones" cmp -s a.json c.json

finish
