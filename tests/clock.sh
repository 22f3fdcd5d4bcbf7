#!/bin/bash
# tests/clock.sh: no check of the suite compares a clock.  How fast
# something goes is measured by the benchmarks (make bench-*, which
# print it), never asserted: a test that reads the time fails on a loaded
# machine or in the sanitizer build for no fault of the product.  A test
# checks an order or the thing itself, and waits for a state, with the
# hang guard (HANG_GUARD, tests/daemon/lib.sh) as its only bound.
#
# A line of tests/ that reads a clock or sets a time limit must say why,
# on that line, with one of:
#   hang guard   a bound only a hang reaches (HANG_GUARD, HANG_GUARD_MS,
#                or a named guard of its own);
#   lower bound  a wait that must last at least so long: a slow machine
#                only lengthens it;
#   not asserted a stamp that is printed or orders events, never compared
#                with a duration, or a date that a Bot API object carries.
# The benchmarks (files named *bench*), the fuzzers' corpora and the
# documents are not read, nor this check and its test; Check's
# tcase_set_timeout() is a hang guard by name.
#
# Run by make check; by hand: bash tests/clock.sh [SRCDIR [FILE...]]
# (FILEs relative to SRCDIR: only those are read; the test of this check
# plants one).
. "$(dirname "$0")/sources.sh"

top=${1:-${top_srcdir:-$(dirname "$0")/..}}
[ $# -gt 0 ] && shift

# What reads a clock or bounds a wait, in C, shell, JavaScript and SQL.
clock='time\((NULL|0)\)|clock_gettime|gettimeofday|now_(mono|ms|cpu_ms)\(|'
clock+='[^_a-z]clock\(\)|Date\.now\(|new Date\(\)|performance\.now|'
clock+='process\.(hrtime|cpuUsage)|date \+%[sN]|EPOCHREALTIME|\$SECONDS|'
clock+='/proc/[^ ]*/stat[^u]|/stat"|--max-time|[^_]timeout[:=] *[0-9]|'
clock+='wait_(until|for) .* [0-9]+ *(\|\||$)|'"'now'"
# What says why.
why='hang guard|HANG_GUARD|lower bound|not asserted'

# Print FILE's lines as "N:line", a shell script's lines continued with a
# backslash joined into the first (numbered so): a wait's bound may sit on
# the line after it.
numbered() {
	case $1 in
	*.sh) awk '{
		if (cont)
			buf = buf " " $0
		else {
			buf = $0
			start = NR
		}
		cont = sub(/\\$/, "", buf)
		if (!cont)
			print start ":" buf
	} END { if (cont) print start ":" buf }' "$1" ;;
	*) grep -n '' "$1" ;;
	esac
}

if [ $# -gt 0 ]; then
	given=1
	files=$(printf '%s\n' "$@")
else
	files=$(sources_list "$top" tests) || exit 99
fi
bad=0
n=0
while IFS= read -r f; do
	case $f in
	*bench*|tests/fuzz/corpus/*|tests/clock.sh|tests/clock-check.sh|\
	    *.png|*.json|*.md) continue ;;
	esac
	n=$((n + 1))
	while IFS= read -r hit; do
		echo "FAIL: $f:$hit"
		bad=$((bad + 1))
	done < <(numbered "$top/$f" | grep -E -- "$clock" | grep -vE -- "$why" |
	    grep -v 'tcase_set_timeout')
done <<<"$files"
if [ "$n" -eq 0 ] && [ -z "${given:-}" ]; then
	echo "no test file found under $top/tests"
	exit 99
fi
if [ "$bad" -gt 0 ]; then
	echo "$bad lines of tests/ read a clock or bound a wait without saying" \
	    "why (hang guard, lower bound, not asserted): wait for the state" \
	    "instead, or move the figure to a make bench-* target"
	exit 1
fi
echo "$n files of tests/: every clock is a hang guard, a lower bound or" \
    "not asserted"
