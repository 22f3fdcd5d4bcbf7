#!/usr/bin/env bash
# tests/picture/bench.sh: not a test (make bench-picture).  What the
# pictures a game sends cost (tests/picture/bench_picture.c): first the
# instructions of one picture of each kind as callgrind counts them, the
# difference between 9 pictures and 1 divided by 8, so that neither the
# start nor a busy machine moves it (when valgrind is installed); then N
# (10000) pictures of each kind with their times, bytes and memory.
set -u

: "${top_srcdir:=$(cd "$(dirname "$0")/../.." && pwd)}"
: "${top_builddir:=$top_srcdir}"
bench=$top_builddir/tests/picture/bench_picture
cases=$top_srcdir/tests/picture/cases
n=${N:-10000}

# The instructions callgrind counts for kind $1 drawn $2 times.
count() {
	valgrind --tool=callgrind --callgrind-out-file=/dev/null \
	    "$bench" -n "$2" -k "$1" "$cases" 2>&1 >/dev/null |
	    sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}

if command -v valgrind >/dev/null; then
	for kind in board options turned chart; do
		one=$(count "$kind" 1)
		nine=$(count "$kind" 9)
		if [ -n "$one" ] && [ -n "$nine" ]; then
			echo "$kind: $(( (nine - one) / 8 )) instructions a" \
			    "picture (callgrind, (9 pictures - 1) / 8)"
		else
			echo "$kind: callgrind counted nothing"
		fi
	done
else
	echo "valgrind is not installed: no instruction counts"
fi
"$bench" -n "$n" "$cases"
