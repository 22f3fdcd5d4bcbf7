#!/bin/sh
# rule-ids.sh: every rule id of RULES.md needs a test that names it.
#
# An id such as C4.6 is named by a test function test_C4_6_<what>: the dot
# becomes an underscore, and what follows the id must not continue it
# (test_M1_x names M1, test_M10_x and test_C4_6_x do not name M1 or C4).
# Exits 77 (skipped) when RULES.md cannot be found.

: "${top_srcdir:=$(dirname "$0")/..}"
: "${SHARED_DIR:=$top_srcdir/../shared}"
rules=$SHARED_DIR/RULES.md

if [ ! -r "$rules" ]; then
	echo "rule ids: $rules not found (set SHARED_DIR), skipped"
	exit 77
fi

# Rule lines are list items: "- **C4.6** ..." or "- **A1 Angel (...)**".
ids=$(sed -n 's/^[[:space:]]*- \*\*\([BDMCTAY][0-9][0-9]*\(\.[0-9][0-9]*\)\{0,1\}\)[^0-9.].*/\1/p' \
    "$rules")
if [ -z "$ids" ]; then
	echo "rule ids: no ids found in $rules"
	exit 1
fi

names=$(cat "$top_srcdir"/tests/*.c 2>/dev/null |
    grep -o 'test_[A-Za-z0-9_]*' | sort -u)

checked=0
missing=""
for id in $ids; do
	checked=$((checked + 1))
	stem=test_$(echo "$id" | tr . _)
	if ! printf '%s\n' "$names" |
	    grep -Eq "^$stem(\$|_\$|_[^0-9]|[^0-9_])"; then
		missing="$missing $id"
	fi
done

nmissing=$(echo $missing | wc -w)
echo "rule ids: $checked checked, $nmissing missing"
if [ "$nmissing" -ne 0 ]; then
	echo "no test_<ID>_... function in tests/*.c for:"
	for id in $missing; do
		echo "	$id"
	done
	exit 1
fi
exit 0
