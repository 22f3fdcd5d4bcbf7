#!/bin/bash
# tests/view/terms.sh: every catalog holds to its language's glossary
# (src/view/po/LANG.terms: the edition's words, those to use and those
# never to use), and every message that takes values, and every lesson's
# text, has a TRANSLATORS comment; the English glossary is checked on the
# messages themselves (tacd.pot).  Then the test of the test: copies of
# the catalogs with one term broken and one comment removed each must
# fail, naming those messages, and a glossary line that makes no sense
# must fail too.  tests/view/terms (terms.c) is the checker.
. "${abs_top_srcdir:-${top_srcdir:-.}}/tests/daemon/lib.sh"

po=$top_srcdir/src/view/po
terms=$top_builddir/tests/view/terms
if [ ! -x "$terms" ]; then
	echo "$terms: not built"
	exit 99
fi

# Each check's name ends in the checker's count: the glossary's terms and
# words, the messages read.
"$terms" -s -c "$po/en.terms" "$po/tacd.pot" >en.out
check "tacd.pot holds to en.terms, and every message with values or of a \
lesson has its comment: $(tail -n 1 en.out)" [ $? -eq 0 ]
grep -v ' faults$' en.out | head -20
for lang in ru de ka; do
	"$terms" -c "$po/$lang.terms" "$po/$lang.po" >$lang.out
	check "$lang.po holds to $lang.terms: $(tail -n 1 $lang.out)" \
	    [ $? -eq 0 ]
	grep -v ' faults$' $lang.out | head -20
done

# plant FILE MSGID FROM TO: in the message MSGID of FILE (a one-line
# msgid), its translation's FROM (a regular expression) becomes TO; with
# FROM empty, its comments for translators are taken away.
plant() {
	awk -v id="msgid \"$2\"" -v from="$3" -v to="$4" '
	function flush(   i, hit) {
		for (i = 1; i <= n; i++)
			if (line[i] == id)
				hit = 1
		for (i = 1; i <= n; i++) {
			if (hit && from == "" && line[i] ~ /^#\. /)
				continue
			if (hit && from != "" && line[i] ~ /^msgstr/ &&
			    !done) {
				done = sub(from, to, line[i])
			}
			print line[i]
		}
		n = 0
	}
	/^$/ { flush(); print; next }
	{ line[++n] = $0 }
	END { flush() }' "$1"
}

# expect NAME OUT PATTERN...: the checker failed (its status in $rc),
# and its output OUT names each pattern.
expect() {
	local name=$1 out=$2 p miss=

	shift 2
	for p in "$@"; do
		grep -qF -- "$p" "$out" || miss="$miss [$p]"
	done
	check "$name (status $rc)${miss:+, missing:$miss}" \
	    [ "$rc" -eq 1 -a -z "$miss" ]
}

# Russian: «Раунд» for a deal's number, a message with values bare.
plant "$po/ru.po" 'Round %d: new cards.' 'Раздача' 'Раунд' >ru1.po
plant ru1.po 'Your turn in game #%lld.' '' '' >ru2.po
check "the planted Russian catalog differs in two places" \
    [ "$(diff "$po/ru.po" ru2.po | grep -c '^[<>]')" -ge 3 ]
"$terms" -c "$po/ru.terms" ru2.po >planted-ru.out
rc=$?
expect "ru: «Раунд» and a missing comment are caught" planted-ru.out \
    '"Round %d: new cards.": says "раунд"' \
    '"Your turn in game #%lld.": has no TRANSLATORS comment'

# German: the lesson titled "Das Ziel" again, a lesson's text bare.
plant "$po/de.po" 'The home' 'Das Haus' 'Das Ziel' >de1.po
plant de1.po 'The 8' '' '' >de2.po
"$terms" -c "$po/de.terms" de2.po >planted-de.out
rc=$?
expect "de: Ziel for home and a lesson without comment are caught" \
    planted-de.out '"The home": says "ziel"' \
    '"The 8": has no TRANSLATORS comment (a lesson'

# Georgian: a kick said with the verb of a discard.
plant "$po/ka.po" "It kicks %s's marble." 'გამოაგდებს' 'გადააგდებს' >ka1.po
"$terms" -c "$po/ka.terms" ka1.po >planted-ka.out
rc=$?
expect "ka: a kick said as a discard is caught" planted-ka.out \
    "\"It kicks %s's marble.\": says \"გადააგდ\" where the term kick"

# English: ASCII arrows in a message; a message with values bare.
sed 's/^msgid "more →"$/msgid "more ->"/' "$po/tacd.pot" >en1.pot
plant en1.pot 'Hint for game #%lld:' '' '' >en2.pot
"$terms" -s -c "$po/en.terms" en2.pot >planted-en.out
rc=$?
expect "en: an ASCII arrow and a bare message with values are caught" \
    planted-en.out '"more ->": says "->"' \
    '"Hint for game #%lld:": has no TRANSLATORS comment'

# A glossary line the checker cannot read is an error, never a pass.
{ cat "$po/ru.terms"; echo 'usse выби*'; } >bad.terms
"$terms" -c bad.terms "$po/ru.po" >bad.out 2>&1
rc=$?
check "a glossary with a line of no kind is refused (status $rc)" \
    bash -c "[ $rc -eq 2 ] && grep -q 'what is \"usse\"' bad.out"
finish
