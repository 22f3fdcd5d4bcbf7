#!/bin/bash
# clock-check.sh: the test of tests/clock.sh.  It plants files that
# compare a clock, one per language, each in a tree of its own, and the
# check must fail on each and name the line; the same lines saying why
# (a hang guard, a lower bound) must pass.
#
# Run by make check; by hand: bash tests/clock-check.sh [SRCDIR].
top=${1:-${top_srcdir:-$(dirname "$0")/..}}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/tacd-clock.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/tests"
passed=0
failed=0

# One case: plant FILE (under tests/) with TEXT; clock.sh must exit WANT
# and, when it fails, name FILE.
plant() {
	local file=$1 text=$2 want=$3 what=$4 rc

	printf '%s\n' "$text" >"$tmp/tests/$file"
	bash "$top/tests/clock.sh" "$tmp" "tests/$file" >"$tmp/out" 2>&1
	rc=$?
	if [ "$rc" -eq "$want" ] && { [ "$want" -eq 0 ] ||
	    grep -q "^FAIL: tests/$file:1:" "$tmp/out"; }; then
		passed=$((passed + 1))
		echo "ok: $what"
	else
		failed=$((failed + 1))
		echo "FAIL: $what (exit $rc, wanted $want)"
		cat "$tmp/out"
	fi
	rm -f "$tmp/tests/$file"
}

plant a.js "say(Date.now() - t0 < 1000, 'answered within a second');" 1 \
    "a JavaScript check of a duration fails"
plant b.sh 'check "in time" [ $(($(date +%s%N) - t0)) -lt 5000000000 ]' 1 \
    "a shell check of a duration fails"
plant c.c 'ck_assert_int_le(due, (int64_t)time(NULL) + 6);' 1 \
    "a C check against time(NULL) fails"
plant d.sh 'check "answered" wait_until "grep -q x log" 20' 1 \
    "a wait with a bound of its own fails"
plant d2.sh 'check "answered" wait_until \
    "grep -q x log" 20' 1 \
    "a wait with a bound of its own on the line after it fails"
plant e.js "const end = Date.now() + HANG_GUARD_MS;	// hang guard" 0 \
    "a named hang guard passes"
plant f.js "say(ms >= 7000, 'held');	// lower bound" 0 \
    "a check without a clock passes"
plant g.js "const ms = Date.now() - t0;	// lower bound" 0 \
    "a lower bound, said so, passes"
plant tests-bench.sh 't0=$(date +%s%N)' 0 \
    "a benchmark may read the clock"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
