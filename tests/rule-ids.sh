#!/bin/sh
# rule-ids.sh: every rule id of doc/rules.md needs a test that names it.
#
# An id such as C4.6 is named by a test function test_C4_6_<what>: the dot
# becomes an underscore, and what follows the id must not continue it
# (test_M1_x names M1, test_M10_x and test_C4_6_x do not name M1 or C4).
#
# A rule is a list item that starts with its id in bold ("- **C4.6** ...").
# So that a rule written some other way cannot slip past unchecked, the
# ids read that way must be as many as the document says it has ("There
# are N rule ids below") and as many as its bold ids anywhere.

: "${top_srcdir:=$(dirname "$0")/..}"
rules=$top_srcdir/doc/rules.md

if [ ! -r "$rules" ]; then
	echo "rule ids: $rules not found"
	exit 1
fi

ids=$(sed -n 's/^[[:space:]]*- \*\*\([BDMCTAKY][0-9][0-9]*\(\.[0-9][0-9]*\)\{0,1\}\)\*\*.*/\1/p' \
    "$rules")
nids=$(printf '%s\n' "$ids" | sed '/^$/d' | wc -l)
nbold=$(grep -o '\*\*[BDMCTAKY][0-9]' "$rules" | wc -l)
nsaid=$(sed -n 's/.*There are \([0-9][0-9]*\) rule ids below.*/\1/p' "$rules" |
    head -1)
ndup=$(printf '%s\n' "$ids" | sort | uniq -d | wc -l)
echo "rule ids: $nids rules read, $nbold bold ids, the text says ${nsaid:-?}"
if [ -z "$nsaid" ] || [ "$nids" -ne "$nsaid" ] || [ "$nids" -ne "$nbold" ]; then
	echo "rule ids: the rules read are not all of $rules"
	exit 1
fi
if [ "$ndup" -ne 0 ]; then
	echo "rule ids: an id is given twice:" $(printf '%s\n' "$ids" |
	    sort | uniq -d)
	exit 1
fi

names=$(cat "$top_srcdir"/tests/*.c | grep -o 'test_[A-Za-z0-9_]*' | sort -u)
if [ -z "$names" ]; then
	echo "rule ids: no test functions in $top_srcdir/tests/*.c"
	exit 1
fi

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
