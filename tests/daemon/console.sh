#!/bin/bash
# console.sh: whole games through tacd --console with scripted input, in
# English and Russian, and a game stopped mid-way that resumes on restart
# exactly where it was.
#
# The person always picks the first choice of the menu ("1"), which
# may open the next step of a move.  After each
# line the AI seats play until it is the person's turn again, so a given
# seed and a given number of lines make one exact game.
. "${abs_top_srcdir:-${top_srcdir:-.}}/tests/daemon/lib.sh"

# Type "1" n times (and maybe a first line): ones N [FIRST].
ones() {
	[ -n "${2:-}" ] && printf '%s\n' "$2"
	yes 1 | head -n "$1"
}

# The action log of game 1 of a configuration: actions CONF.
actions() {
	"$TACCTL" -f "$1" export 1 | grep -v '^  "seed"'
}

# 1. A whole 4-player game, to the end.
conf a.conf "$scratch/a"
umask 022
ones 2000 | "$TACD" -f a.conf --console seed=5 >a.out 2>a.err
check "a console game exits 0" [ $? -eq 0 ]
check "it shows the menu" grep -q '^  1\. ' a.out
check "it shows the board" grep -q '^R  0 ' a.out
# The choices are a chat's buttons as numbered lines: never more than 12
# at once; a 7 or a swap goes on step by step.
most=$(awk '/^ *[0-9]+\. /{ if (++n > m) m = n; next } { n = 0 }
    END { print m + 0 }' a.out)
check "at most 12 numbered lines at once ($most)" \
    [ "$most" -ge 2 -a "$most" -le 12 ]
check "a choice opens the next step" grep -q '^Choose the next step\.' a.out
check "moves are told in words" grep -q '^  [0-9]\. .* → ' a.out
check "it shows the hand" grep -q '^Your cards: ' a.out
# The end names the winning team by its colours, then its players.
check "the game ends" grep -q '^Game over\. Team .* won: ' a.out
check "no warnings" [ ! -s a.err ]
[ -s a.err ] && head a.err
# The database holds hidden cards: its owner's alone, whatever the umask.
check "the database is its owner's alone ($(stat -c %a "$scratch/a/tacd.db"))" \
    [ "$(stat -c %a "$scratch/a/tacd.db")" = 600 ]
check "tacctl -f finds the game" \
    bash -c "'$TACCTL' -f a.conf games | grep -q '^ *1 '"
check "the log replays to the stored game" \
    bash -c "'$TACCTL' -f a.conf verify 1 >/dev/null"
"$TACCTL" -f a.conf export 1 >a.json
check "the exported record replays" \
    bash -c "'$TACCTL' replay a.json >/dev/null"

# 2. Six players in teams of three with TAKER names, in Russian.
conf b.conf "$scratch/b"
ones 3000 /lang\ ru | "$TACD" -f b.conf --console 6 triples taker seed=9 \
    >b.out 2>b.err
check "a Russian 6-player game exits 0" [ $? -eq 0 ]
check "it speaks Russian" grep -q '^Ваши карты: ' b.out
check "with six rows" grep -q '^Б 55 ' b.out
check "it ends" grep -q '^Игра окончена\. Победила команда ' b.out
check "the log replays" \
    bash -c "'$TACCTL' -f b.conf verify 1 >/dev/null"

# 3. A game stopped after 15 moves resumes where it was and plays on to
# exactly the game an uninterrupted run plays.
conf c.conf "$scratch/c"
ones 15 | "$TACD" -f c.conf --console seed=21 >c1.out 2>c.err
check "the first half exits 0" [ $? -eq 0 ]
"$TACCTL" -f c.conf show 1 >show1 2>&1
check "the game is still running" grep -qi 'playing' show1
n1=$(actions c.conf | grep -c '^    "')
ones 2000 | "$TACD" -f c.conf --console seed=21 >c2.out 2>>c.err
check "the second half exits 0" [ $? -eq 0 ]
check "it resumes game 1" grep -q '^Resuming game #1\.' c2.out
check "no second game was made" \
    bash -c "! '$TACCTL' -f c.conf show 2 >/dev/null 2>&1"
check "the game ends" grep -q '^Game over' c2.out
n2=$(actions c.conf | grep -c '^    "')
check "moves were kept and added ($n1 then $n2)" \
    [ "$n1" -gt 0 -a "$n2" -gt "$n1" ]

conf d.conf "$scratch/d"
ones 2015 | "$TACD" -f d.conf --console seed=21 >d.out 2>/dev/null
actions c.conf >c.log
actions d.conf >d.log
check "the resumed game equals an uninterrupted one" cmp -s c.log d.log
check "no warnings" [ ! -s c.err ]
[ -s c.err ] && head c.err

# 4. After the end, /new starts the next game with its AI players.
conf f.conf "$scratch/f"
(ones 2000; echo '/new 4 taker seed=3'; ones 5) |
    "$TACD" -f f.conf --console seed=5 >f.out 2>f.err
check "/new after a game starts game 2" grep -q '^Game #2 has started' f.out
check "... and it is played" grep -q '^Your turn in game #2\.' f.out
check "the end says how to go on" grep -q '^Type /new to play again' f.out

# 5. A person's typing: notation, commands, wrong input.
conf e.conf "$scratch/e"
printf '%s\n' '/board' 'give 99' '99' '/hand' '/quit' 'never read' |
    "$TACD" -f e.conf --console seed=5 >e.out 2>&1
check "/quit exits 0" [ $? -eq 0 ]
check "bad notation is refused" grep -q '^bad card\|unknown card\|card' e.out
check "a number out of range is refused" \
    grep -q '^Pick a number from 1 to ' e.out
# /hand brings the turn message again: what to do, the hand, the choices.
check "/hand answers" bash -c "sed -n '/^Pick a number/,\$p' e.out |
    grep -q '^Your cards: '"


finish
