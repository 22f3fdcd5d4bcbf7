#!/usr/bin/env bash
# tests/picture/run.sh: the board pictures (src/view/picture.c through
# tacctl render) against golden images, compared by pngdiff: no pixel may
# be more than 64 off in a channel from every pixel of the other image
# within one pixel of it (antialiasing), and none may be over that (no
# budget); that the comparison does catch a real change; that every case
# at 1024 pixels is a palette PNG of at most 60 KB; tacctl render's
# errors; and a short render loop, which the sanitizer build turns into
# a leak check.  Prints one line per check and "N passed, M failed".
set -u

here=$(cd "$(dirname "$0")" && pwd)
: "${top_srcdir:=$here/../..}"
: "${top_builddir:=$top_srcdir}"
tacctl=${TACCTL:-$top_builddir/src/tacctl/tacctl}
pngdiff=$top_builddir/tests/picture/pngdiff
golden=$top_srcdir/tests/picture/golden
cases=$top_srcdir/tests/picture/cases
. "$top_srcdir/tests/picture/cases.sh"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/picture-test.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
: >"$tmp/out"
: >"$tmp/err"

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

# Run a command; sets rc, its output in $tmp/out and $tmp/err.
run() {
	"$@" >"$tmp/out" 2>"$tmp/err"
	rc=$?
}

# Check the last run's exit code.
expect_rc() {
	if [ "$rc" -eq "$1" ]; then pass "$2"; else fail "$2 (exit $rc)"; fi
}

# Render one case and compare it with its golden image.
check_one() {
	local name=$1

	shift
	run "$tacctl" render --size "$picture_size" -o "$tmp/$name.png" "$@"
	expect_rc 0 "render $name"
	run "$pngdiff" -d "$tmp/$name-diff.png" "$golden/$name.png" \
	    "$tmp/$name.png"
	expect_rc 0 "$name matches its golden image"
}

picture_cases check_one

# Render one case at the size Telegram gets: an 8-bit palette PNG (bit
# depth at byte 24 and colour type 3 at byte 25, in IHDR) of at most
# 60 KB, since every move sends one.
check_bytes() {
	local name=$1 bytes kind why

	shift
	run "$tacctl" render -o "$tmp/$name-1024.png" "$@"
	bytes=$(wc -c <"$tmp/$name-1024.png")
	kind=$(od -An -tu1 -j24 -N2 "$tmp/$name-1024.png" | tr -s ' ')
	if [ "$rc" -eq 0 ] && [ "$kind" = " 8 3" ] && [ "$bytes" -le 60000 ]
	then
		pass "$name at 1024 is a palette PNG of $bytes bytes"
	else
		why="exit $rc, depth and type$kind, $bytes bytes"
		fail "$name at 1024 is a palette PNG of <= 60000 bytes ($why)"
	fi
}

picture_cases check_bytes
# A heavier board than the cases: 6 seats, a move, long names.
check_bytes names6 --lang ru --last 'TR 8<>50' \
    --names 'Александра,Борис,Chloé Wilhelmina-Fitzgerald,Dmitri,Евгений,Фёдор'\
    "$cases/swap.json"
# Georgian's letters weigh more: the largest board tried.
check_bytes names6-ka --lang ka --last 'TR 8<>50' \
    --names 'Player 46-0,Player 46-1,Player 46-2,Player 46-3,Player 46-4,Player 46-5' \
    "$cases/swap.json"

# The tolerance does not hide a real change: another board, and the same
# board without its last move's arrows and marks.
run "$pngdiff" "$golden/start4.png" "$golden/start6.png"
expect_rc 1 "4 and 6 seats differ"
run "$tacctl" apply "$cases/seven.json" '7 12>13 60>0H1 0H3>0H4'
cp "$tmp/out" "$tmp/after.json"
run "$tacctl" render --size "$picture_size" -o "$tmp/noarrow.png" \
    "$tmp/after.json"
expect_rc 0 "render the 7's outcome without the move"
run "$pngdiff" "$golden/seven.png" "$tmp/noarrow.png"
expect_rc 1 "a missing 7 is found"
# The choices are drawn: the same position without --options differs.
run "$tacctl" render --size "$picture_size" -o "$tmp/nooptions.png" \
    "$cases/options.json"
expect_rc 0 "render the options position without its choices"
run "$pngdiff" "$golden/options.png" "$tmp/nooptions.png"
expect_rc 1 "missing choice arrows are found"
# One letter of one name (Dmitri, Dmitry: 582 pixels when written).
run "$tacctl" render --size "$picture_size" -o "$tmp/letter.png" \
    --names 'Anna,Борис,Chloé Wilhelmina-Fitzgerald,Dmitry' \
    --last '13 B>16' "$cases/mid.json"
expect_rc 0 "render mid with one letter of a name changed"
run "$pngdiff" "$golden/mid.png" "$tmp/letter.png"
expect_rc 1 "a changed letter is found"
run "$pngdiff" -b 0 "$tmp/seven.png" "$tmp/seven.png"
expect_rc 0 "an image equals itself with no budget"
# The chart of the homes: a name of its legend (Boris, Borya: 548
# pixels at 768), and another game.
run "$tacctl" render --size "$picture_size" -o "$tmp/homes-name.png" \
    --homes --names 'Anna,Borya,Clara,Dmitri' --record "$cases/homes4.json"
expect_rc 0 "render homes4 with a name changed"
run "$pngdiff" "$golden/homes4.png" "$tmp/homes-name.png"
expect_rc 1 "a changed name in the chart's legend is found"
run "$tacctl" render --size "$picture_size" -o "$tmp/homes-short.png" \
    --homes --names 'Anna,Boris,Clara,Dmitri' --record "$cases/game.json"
expect_rc 0 "render the homes of a record that stops after round 7"
run "$pngdiff" "$golden/homes4.png" "$tmp/homes-short.png"
expect_rc 1 "another game's homes differ"
# A game longer than the chart's 64 points (random play, 6 seats) is
# drawn from a sample of its rounds, its last round among them.
run "$tacctl" sim --games 1 --seed 2 --players 6 --policy random \
    --record "$tmp/long"
run "$tacctl" render -o "$tmp/homes-long.png" --homes \
    --record "$tmp/long/game-000001.json"
expect_rc 0 "render the homes of a game of more than 64 rounds"
run "$tacctl" replay "$tmp/long/game-000001.json"
rounds=$(sed -n 's/^  "round": \([0-9]*\),$/\1/p' "$tmp/out")
if [ "${rounds:-0}" -gt 64 ]; then
	pass "that game has $rounds rounds"
else
	fail "that game has more than 64 rounds ($rounds)"
fi
run "$tacctl" render -o "$tmp/x.png" --homes "$cases/seven.json"
expect_rc 2 "--homes without a record is a usage error"
run "$tacctl" render -o "$tmp/x.png" --homes --record "$cases/game.json" \
    --at 3
expect_rc 2 "--homes with --at is a usage error"
printf '{"format": "tac-record/1", "players": 4, "seed": 1, "actions": []}' \
    >"$tmp/empty.json"
run "$tacctl" render -o "$tmp/x.png" --homes --record "$tmp/empty.json"
expect_rc 2 "--homes of a record without actions is refused"

# --record --at N draws the position after N actions with the N-th as the
# last move: the same as the position after N-1 actions with --last.
run "$tacctl" render --size 400 -o "$tmp/at152.png" \
    --record "$cases/game.json" --at 152
expect_rc 0 "render --record --at 152"
run "$tacctl" replay "$cases/game-151.json"
cp "$tmp/out" "$tmp/151.json"
run "$tacctl" render --size 400 -o "$tmp/last152.png" \
    --last '7 3>5 46>3H2 3H2>3H1' "$tmp/151.json"
expect_rc 0 "render the position after 151 actions with --last"
run "$pngdiff" -t 0 -b 0 "$tmp/at152.png" "$tmp/last152.png"
expect_rc 0 "... the same picture as --at 152"
run "$tacctl" render --size 400 -o "$tmp/at151.png" \
    --record "$cases/game.json" --at 151
run "$pngdiff" "$tmp/at151.png" "$tmp/at152.png"
expect_rc 1 "--at 151 and --at 152 differ"
run "$tacctl" render -o "$tmp/x.png" --record "$cases/game.json" --at 161
expect_rc 2 "--at past the record's end is refused"
run "$tacctl" render -o "$tmp/x.png" --last '7 12>14' "$cases/seven.json"
expect_rc 1 "an illegal --last is refused"
run "$tacctl" render -o "$tmp/x.png" --last 'bogus' "$cases/seven.json"
expect_rc 2 "a malformed --last is bad input"
run "$tacctl" render -o "$tmp/x.png"
expect_rc 2 "no position is a usage error"
run "$tacctl" render --size 50 -o "$tmp/x.png" "$cases/seven.json"
expect_rc 2 "a too small --size is refused"

# A PNG on stdout, at the default size of 1024.
"$tacctl" render -o - "$cases/swap.json" >"$tmp/stdout.png" 2>"$tmp/err"
rc=$?
expect_rc 0 "render to stdout"
if [ "$(head -c 8 "$tmp/stdout.png" | od -An -tx1 | tr -d ' \n')" = \
    89504e470d0a1a0a ]; then
	pass "stdout holds a PNG"
else
	fail "stdout holds a PNG"
fi
run "$pngdiff" -b 0 "$tmp/stdout.png" "$tmp/stdout.png"
expect_rc 0 "... that cairo reads back"
# The width is the first field of the IHDR chunk, at byte 16.
w=$(od -An -tu1 -j16 -N4 "$tmp/stdout.png" |
    awk '{ print $1 * 16777216 + $2 * 65536 + $3 * 256 + $4 }')
if [ "$w" = 1024 ]; then
	pass "the default size is 1024"
else
	fail "the default size is 1024 (width $w)"
fi

# Many renders of every case: no failure, and under ASan no leak (the
# leak checker runs at exit and fails the command).
run "$tacctl" render --bench 30 --last '7 12>13 60>0H1 0H3>0H4' \
    "$cases/seven.json"
expect_rc 0 "30 renders of the 7 (leak-checked in the sanitizer build)"
if grep -q 'mean .* ms, median .* ms, p99' "$tmp/out" &&
    grep -q '^png bytes: mean [0-9]*, min [0-9]*, max [0-9]*' "$tmp/out"; then
	pass "the benchmark prints its numbers"
else
	fail "the benchmark prints its numbers"
fi
run "$tacctl" render --bench 10 --lang ru "$cases/start6.json"
expect_rc 0 "10 renders of the 6-seat start in Russian"

echo "$npass passed, $nfail failed"
[ "$nfail" -eq 0 ]
