#!/bin/bash
# tests/sizes.sh: no file of code over 800 lines: a file that long holds
# more than one concern, and is split by concern.  It covers the C of
# src/ and bot/, the Mini App's page (its scripts, styles and document)
# and the tests' own code (C, JavaScript, shell); data (records, golden
# pictures, catalogs, lock files, corpora) is not code and is left out.
#
# It reads the project's sources only (tests/sources.sh), so a build in
# the source tree and one beside it give the same answer.  Run by make
# check; by hand: bash tests/sizes.sh [SRCDIR].
maxlines=800

top=${1:-${top_srcdir:-$(dirname "$0")/..}}
cd "$top" || exit 99
. tests/sources.sh

# Print each file of $1 (one a line) that is over maxlines; 1 if any.
check_sizes() {
	local f n fail=0

	while read -r f; do
		[ -n "$f" ] || continue
		n=$(wc -l <"$f")
		if [ "$n" -gt $maxlines ]; then
			echo "FAIL: $f: $n lines (at most $maxlines: split it by concern)"
			fail=1
		fi
	done <<<"$1"
	return $fail
}

files=$(sources_list . src bot tests |
    grep -E '\.(c|h|js|css|html|sh)$') || exit 99
nfiles=$(wc -l <<<"$files")
# A list that lost the tree (a bad parse, a wrong folder) cannot pass.
for must in src/engine/rng.c bot/webapp/page/app.js tests/check_game.c \
    tests/tg/lib.sh; do
	if ! grep -qx "$must" <<<"$files"; then
		echo "FAIL: $must is not among the $nfiles files found"
		exit 1
	fi
done
check_sizes "$files" || { echo "FAIL: files over $maxlines lines"; exit 1; }

# The check must see a long file: one of 801 lines, in a scratch folder.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
seq 801 >"$tmp/long.js"
seq 800 >"$tmp/short.js"
if (cd "$tmp" && check_sizes "$(printf 'long.js\nshort.js\n')") \
    >"$tmp/out"; then
	echo "FAIL: a file of 801 lines passed the check"
	exit 1
fi
if grep -q short.js "$tmp/out"; then
	echo "FAIL: a file of 800 lines failed the check"
	exit 1
fi
sed -n 's/^FAIL: /the self-test is caught: /p' "$tmp/out"
echo "PASS: none of $nfiles files of code is over $maxlines lines"
exit 0
