#!/usr/bin/env bash
# tests/tacctl/run.sh: end-to-end checks of tacctl (legal, apply, replay, sim).
# Run by `make check` with top_srcdir and top_builddir set; prints one line
# per check and a final "N passed, M failed" line; exits non-zero on failure.
set -u

here=$(cd "$(dirname "$0")" && pwd)
: "${top_srcdir:=$here/../..}"
: "${top_builddir:=$top_srcdir}"
tacctl=${TACCTL:-$top_builddir/src/tacctl/tacctl}
data=$top_srcdir/tests/tacctl
pos=$data/notation.json

tmp=$(mktemp -d "${TMPDIR:-/tmp}/tacctl-test.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT

npass=0
nfail=0

# Record a passed check.
pass() {
	npass=$((npass + 1))
	echo "ok - $1"
}

# Record a failed check, with what the last command printed.
fail() {
	nfail=$((nfail + 1))
	echo "FAIL - $1"
	sed -n '1,10s/^/    out: /p' "$tmp/out"
	sed -n '1,10s/^/    err: /p' "$tmp/err"
}

# Run tacctl with the given arguments; sets rc, stdout in $tmp/out.
run() {
	"$tacctl" "$@" >"$tmp/out" 2>"$tmp/err"
	rc=$?
}

# Check the last run's exit code.
expect_rc() {
	if [ "$rc" -eq "$1" ]; then pass "$2"; else fail "$2 (exit $rc, want $1)"; fi
}

# Check that a file of the last run holds an exact line.
expect_line() {
	if grep -qxF -- "$2" "$tmp/$1"; then pass "$3"; else fail "$3"; fi
}

# Check that a file of the last run matches an extended regex.
expect_match() {
	if grep -qE -- "$2" "$tmp/$1"; then pass "$3"; else fail "$3"; fi
}

# Check that stdout of the last run is exactly the given lines, any order.
expect_set() {
	local name=$1
	shift
	printf '%s\n' "$@" | sort >"$tmp/want"
	if sort "$tmp/out" | cmp -s - "$tmp/want"; then
		pass "$name"
	else
		fail "$name (want: $*)"
	fi
}

if [ ! -x "$tacctl" ]; then
	echo "FAIL - $tacctl not built"
	echo "0 passed, 1 failed"
	exit 1
fi

# --- usage errors: exit 2 with a usage line --------------------------------
run
expect_rc 2 "no command exits 2"
expect_match err '^usage: ' "no command prints the usage"
run frobnicate
expect_rc 2 "unknown command exits 2"
run legal
expect_rc 2 "legal without a position exits 2"
run apply "$pos"
expect_rc 2 "apply without an action exits 2"
run sim --games 1
expect_rc 2 "sim without --seed exits 2"
run sim --games 1 --seed 1 --players 5
expect_rc 2 "sim --players 5 exits 2"
run sim --games 1 --seed 1 --players 4 --teams triples
expect_rc 2 "sim: 4 players in triples exits 2"
run sim --games x --seed 1
expect_rc 2 "sim --games x exits 2"

# --- legal on the doc/notation.md example -----------------------------------
# Seat 0 holds 1 and 7, a fresh marble on its start 0 and one on H2; played
# is 0, so no TAC anywhere (T9).  The fresh marble moves on (M9).
run legal "$pos"
expect_rc 0 "legal on the notation example exits 0"
expect_line out "1 0>1" "seat 0 moves its fresh marble with the 1"
expect_line out "1 0H2>0H3" "seat 0 moves in its home with the 1 (M13)"
expect_line out "7 0>7" "seat 0 moves one marble 7"
if grep -qE '^(7|1) .*0>0H' "$tmp/out"; then
	fail "the fresh marble does not enter its home (M9)"
else
	pass "the fresh marble does not enter its home (M9)"
fi
if grep -qvE '^(1|7) ' "$tmp/out"; then
	fail "seat 0 plays only its 1 and its 7"
else
	pass "seat 0 plays only its 1 and its 7"
fi
run legal - <"$pos"
expect_line out "1 0>1" "legal reads the position from stdin"

# Seat 1 (TAC, 5, all in base) after "1 0>1": only the TAC can do
# anything: it takes the 1 and enters (T1, T3); the 5 has no marble.
run legal "$pos" "1 0>1"
expect_set "after 1 0>1 seat 1 can only TAC the 1 to enter" "TAC 1 B>16"
# After "7 0>7" the TAC cannot use the 7 (no marble out, T2): discard (M3).
run legal "$pos" "7 0>7"
expect_set "after 7 0>7 seat 1 discards one of its cards" \
	"5 discard" "TAC discard"
# Seat 2 (an 8, a marble on 33) moves 8 or skips seat 3 (C5).
run legal "$pos" "7 0>7" "5 discard"
expect_set "seat 2 moves its 8 or skips" "8 33>41" "8 skip"
# Seat 3 (TR, 13, all in base): the Trickster needs a marble out (C6.1).
run legal "$pos" "7 0>7" "5 discard" "8 33>41"
expect_set "seat 3 can only enter with its 13" "13 B>48"
run legal "$pos" "7   0>7" "5 DISCARD"
expect_rc 0 "actions are whitespace- and case-tolerant"

# --- apply -------------------------------------------------------------------
run apply "$pos" "1 0>1"
expect_rc 0 "apply 1 0>1 exits 0"
expect_match out '"turn": 1,' "apply passes the turn to seat 1"
expect_match out '\["B", "B", "1", "H2"\]' "apply moves seat 0's marble to 1"
expect_match out '"played": 1,' "apply counts the card play"
cp "$tmp/out" "$tmp/after.json"
run legal "$tmp/after.json"
expect_set "apply's output loads again as a position" "TAC 1 B>16"
run apply "$tmp/after.json" "TAC 1 B>16"
expect_rc 0 "apply of a TAC on apply's output"
expect_match out '\["B", "B", "B", "16\*"\]' "the TAC player enters fresh"

run apply "$pos" "13 B>0"
expect_rc 1 "apply of a card not held exits 1"
expect_match err '^tacctl: illegal action 1 "13 B>0": .+' \
	"illegal action message names action 1 and its text"
run apply "$pos" "1 0>1" "5 16>21"
expect_rc 1 "a second illegal action exits 1"
expect_match err '^tacctl: illegal action 2 "5 16>21": .+' \
	"illegal action message names action 2"
if [ -s "$tmp/out" ]; then fail "nothing printed on an illegal action"; \
	else pass "nothing printed on an illegal action"; fi
run apply "$pos" "13 B>>16"
expect_rc 2 "a malformed action exits 2"
expect_match err '^tacctl: bad action 1 "13 B>>16": .+' \
	"malformed action message names the action"

# --- bad input: one line naming the problem, exit 2 -------------------------
run legal "$data/bad-syntax.json"
expect_rc 2 "malformed JSON exits 2"
expect_match err '^tacctl: .*bad-syntax\.json:5:' \
	"malformed JSON names the file and line"
run legal "$data/bad-players.json"
expect_rc 2 "players 5 exits 2"
expect_match err '^tacctl: .*players' "players 5 names the field"
run legal "$data/bad-marble.json"
expect_rc 2 "a marble on field 99 exits 2"
expect_match err '^tacctl: .*marbles' "a bad marble names the field"
run legal "$tmp/no-such-file.json"
expect_rc 2 "a missing file exits 2"
run replay "$data/bad-record.json"
expect_rc 2 "a record with a bad actions field exits 2"
expect_match err '^tacctl: .*actions' "a bad record names the field"
run legal - </dev/null
expect_rc 2 "empty stdin exits 2"
for f in bad-syntax bad-players bad-marble; do
	run legal "$data/$f.json"
	[ "$(wc -l <"$tmp/err")" -eq 1 ] && pass "$f: the error is one line" ||
		fail "$f: the error is one line"
done

# --- replay ------------------------------------------------------------------
run replay "$data/illegal-record.json"
expect_rc 1 "replay of an illegal action exits 1"
expect_match err 'actions\[0\] \(0-based\) "13 B>16"' \
	"replay names the illegal action's 0-based index"

# --- sim with --record, then replay every game -------------------------------
run sim --games 4 --seed 7 --record "$tmp/rec"
expect_rc 0 "sim --record exits 0"
expect_match out '"errors": 0' "sim --record has no errors"
n=$(ls "$tmp/rec" | wc -l)
[ "$n" -eq 4 ] && pass "sim wrote 4 records" || fail "sim wrote $n records"
cp "$tmp/out" "$tmp/sim1"
for rec in "$tmp"/rec/game-*.json; do
	name=$(basename "$rec")
	run replay "$rec"
	expect_rc 0 "replay $name agrees with its recorded result"
	expect_match out '"result": \{"over": true, "winner": [0-9]' \
		"replay $name ends the game with a winner"
done
cp "$tmp/out" "$tmp/final.json"
run legal "$tmp/final.json"
expect_rc 0 "replay's final position loads as a position"
[ -s "$tmp/out" ] && fail "a finished game has no legal action" || \
	pass "a finished game has no legal action"

# A record whose result is wrong must be refused.
sed 's/"result": {"winner": [0-9]*/"result": {"winner": 5/' \
	"$tmp/rec/game-000001.json" >"$tmp/wrong.json"
run replay "$tmp/wrong.json"
expect_rc 1 "replay refuses a record with a wrong winner"
expect_match err 'result\.winner' "the wrong winner is named"

# The same seed gives the same games (Y2); the play order does not matter.
run sim --games 4 --seed 7 --record "$tmp/rec2"
diff -r "$tmp/rec" "$tmp/rec2" >/dev/null && \
	pass "the same seed records the same games" || \
	fail "the same seed records the same games"
run sim --games 4 --seed 8 --record "$tmp/rec3"
cmp -s "$tmp/rec/game-000001.json" "$tmp/rec3/game-000001.json" && \
	fail "another seed records other games" || \
	pass "another seed records other games"

# tac_apply (--check) plays the same games as the fast tac_play.
run sim --games 4 --seed 7 --check --record "$tmp/rec4"
diff -r "$tmp/rec" "$tmp/rec4" >/dev/null && \
	pass "sim --check records the same games as tac_play" || \
	fail "sim --check records the same games as tac_play"

# --- sim in every configuration, checked with tac_apply -----------------------
for conf in "--players 4" "--players 4 --no-master" \
    "--players 6 --teams pairs" "--players 6 --teams triples" \
    "--players 6 --teams pairs --no-master" \
    "--players 6 --teams triples --no-master" \
    "--players 4 --policy greedy" "--players 6 --teams triples --policy greedy"
do
	# shellcheck disable=SC2086
	run sim --games 5 --seed 11 --check $conf
	expect_rc 0 "sim $conf exits 0"
	expect_match out '"errors": 0' "sim $conf has no errors"
	expect_match out '"games": 5' "sim $conf played 5 games"
done
run sim --games 2 --seed 3 --players 6 --teams triples --record "$tmp/rec6"
for rec in "$tmp"/rec6/game-*.json; do
	run replay "$rec"
	expect_rc 0 "replay of 6-seat triples $(basename "$rec")"
done

# A game cut short by --max-actions counts as an error.
run sim --games 1 --seed 1 --max-actions 10
expect_rc 1 "sim exits 1 on a game that does not end"
expect_match out '"errors": 1' "a game that does not end is an error"

# --- Team-TAC (rules K) -------------------------------------------------------
coop=$data/coop.json
run legal "$coop"
expect_rc 0 "legal of a Team-TAC position exits 0"
# K2: a team that is home moves the others' marbles, entering too.
expect_set "legal in Team-TAC: the home team moves for seats 1 and 3" \
	"3 14>17" "3 14>1H1" "13 14>27" "13 B>16" "13 B>48"
run apply "$coop" "3 14>1H1"
expect_rc 0 "apply in Team-TAC exits 0"
expect_match out '"coop": true' "the position stays a Team-TAC one"
expect_match out '"cards": 152' "K6: the card played is counted"
sed 's/"coop": true/"coop": 1/' "$coop" >"$tmp/badcoop.json"
run legal "$tmp/badcoop.json"
expect_rc 2 "a coop that is not true or false exits 2"
expect_match err 'coop' "the bad coop is named"
grep -v '"coop"' "$coop" >"$tmp/nocoop.json"
run legal "$tmp/nocoop.json"
expect_rc 2 "cards in a game that is not Team-TAC exits 2"
expect_match err 'cards' "the stray cards are named"
run sim --games 5 --seed 11 --coop --check --record "$tmp/coop"
expect_rc 0 "sim --coop exits 0"
expect_match out '"won": 5' "sim --coop: every game won together"
expect_match out '"cards": \{"games": 5, "median": ' \
	"sim --coop reports the cards played"
for rec in "$tmp"/coop/game-*.json; do
	name=$(basename "$rec")
	run replay "$rec"
	expect_rc 0 "replay of Team-TAC $name agrees with its result"
	expect_match out '"result": \{"over": true, "winner": null, '\
'"actions": [0-9]+, "cards": [0-9]+\}' "replay $name: won together, its cards"
done
sed 's/"cards": \([0-9]*\)}/"cards": 1\1}/' "$tmp/coop/game-000001.json" \
	>"$tmp/wrongcards.json"
run replay "$tmp/wrongcards.json"
expect_rc 1 "replay refuses a record with wrong cards"
expect_match err 'result\.cards' "the wrong cards are named"
for conf in "--players 6 --teams pairs --policy greedy" \
    "--players 6 --teams triples --policy heuristic"; do
	# shellcheck disable=SC2086
	run sim --games 3 --seed 5 --coop $conf
	expect_rc 0 "sim --coop $conf exits 0"
	expect_match out '"won": 3' "sim --coop $conf: won together"
done
run sim --games 2 --seed 5 --policy heuristic
expect_rc 0 "sim --policy heuristic exits 0 in the usual game"
expect_match out '"wins": \[' "the usual game reports each team's wins"
# --jobs plays the same games in several processes.
run sim --games 7 --seed 9 --coop --policy greedy --record "$tmp/one"
grep -v '"seconds"\|_per_sec' "$tmp/out" >"$tmp/one.json"
run sim --games 7 --seed 9 --coop --policy greedy --jobs 3 --record "$tmp/three"
expect_rc 0 "sim --jobs 3 exits 0"
grep -v '"seconds"\|_per_sec' "$tmp/out" >"$tmp/three.json"
cmp -s "$tmp/one.json" "$tmp/three.json" && diff -r "$tmp/one" "$tmp/three" \
    >/dev/null && pass "sim --jobs 3 plays and counts the same games" || \
	fail "sim --jobs 3 plays and counts the same games"

# --- hint and review ----------------------------------------------------------
hint=$data/hint-seven.json
run hint "$hint"
expect_rc 0 "hint exits 0"
head -n 1 "$tmp/out" >"$tmp/move"
expect_line move "7 20>22 60>0H1" "the hint splits the 7: home and a kick"
expect_line out "It brings a marble home." "the hint says why"
cp "$tmp/out" "$tmp/hint1"
# Other cards in the other hands: the seat cannot see them, nor the hint.
sed 's/\[\["7", "9"\], \["2", "3"\], \["4", "6"\], \["9", "10"\]\]/[["7", "9"], ["13", "TAC"], ["1", "1"], ["8", "12"]]/' \
    "$hint" >"$tmp/other.json"
cmp -s "$hint" "$tmp/other.json" && fail "the other hands were dealt anew"
run hint "$tmp/other.json"
expect_rc 0 "hint with other hidden hands exits 0"
cmp -s "$tmp/out" "$tmp/hint1" && \
	pass "the hint is the same whatever the hidden hands" || \
	fail "the hint is the same whatever the hidden hands"
run hint --lang ru "$hint"
expect_line out "Этот ход приводит шарик домой." "hint --lang ru says why in Russian"
run hint "$data/bad-syntax.json"
expect_rc 2 "hint of a bad file exits 2"
run sim --games 1 --seed 5 --record "$tmp/revrec"
run review --seats 0 "$tmp/revrec/game-000001.json"
expect_rc 0 "review exits 0"
expect_match out '"ms_per_game": ' "review prints the time per game"
expect_match out '"seat": 0, "picks": ' "review rates the seat asked for"

echo "$npass passed, $nfail failed"
[ "$nfail" -eq 0 ]
