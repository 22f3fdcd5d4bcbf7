#!/bin/bash
# tests/view/po.sh: the catalogs (src/view/po/) as translators and the
# build see them.  Each LANG.po passes msgfmt -c (every translation takes
# its message's arguments, in C's format rules), is complete (nothing
# untranslated or fuzzy), and holds exactly the messages of tacd.pot; and
# tacd.pot holds exactly the messages the sources have (make update-po
# was run after the last change of a message).
. "${abs_top_srcdir:-${top_srcdir:-.}}/tests/daemon/lib.sh"

po=$top_srcdir/src/view/po
for prog in msgfmt xgettext msgcmp msgcat; do
	if ! command -v $prog >/dev/null; then
		echo "$prog: not installed (Debian's gettext has it)"
		exit 1
	fi
done

# The messages of a catalog or template, one a line, sorted.
ids() {
	msgcat --no-location --no-wrap --sort-output "$1" |
	    sed -n '/^msgctxt\|^msgid/p' | tr '\n' ' ' |
	    sed 's/ msgid/\nmsgid/g; s/msgctxt/\nmsgctxt/g' | sed '/^$/d' |
	    sed 's/^\(msgctxt "[^"]*"\) msgid/\1|msgid/' | sort -u
}

# The template made afresh from the sources, as make update-po makes it:
# make check passes its list and keywords (Makefile.am's po_sources and
# po_keywords).  By hand, the C files of those folders that are the
# project's own (tests/sources.sh), never a generated one.
if [ -n "${po_sources:-}" ]; then
	sources=$po_sources
else
	. "$top_srcdir/tests/sources.sh"
	sources=$(sources_list "$top_srcdir" src/view src/compose bot \
	    src/engine | grep '\.c$') || exit 99
	# The lessons' texts are data of the play layer.
	sources="$sources src/play/lessons.c"
fi
: "${po_keywords:=-k -ktr:2 -ktrn:2,3 -ktrc:2c,3 -kN_ -kNC_:1c,2 \
    -kwhy_fail:2 -knotation_fail:2}"
(cd "$top_srcdir" && xgettext -L C --from-code=UTF-8 $po_keywords \
    --msgid-bugs-address=none -o - $sources) >fresh.pot 2>xgettext.err
check "xgettext reads the $(wc -w <<<"$sources") sources" [ -s fresh.pot ]
ids fresh.pot >fresh.ids
ids "$po/tacd.pot" >pot.ids
check "tacd.pot has every message of the sources ($(wc -l <fresh.ids))" \
    [ -z "$(comm -23 fresh.ids pot.ids)" ]
comm -23 fresh.ids pot.ids | sed 's/^/  not in tacd.pot: /' | head -5
check "tacd.pot has no message the sources lost" \
    [ -z "$(comm -13 fresh.ids pot.ids)" ]
comm -13 fresh.ids pot.ids | sed 's/^/  stale in tacd.pot: /' | head -5

for f in "$po"/*.po; do
	lang=$(basename "$f" .po)
	msgfmt -c --statistics -o /dev/null "$f" >stats 2>&1
	check "$lang.po passes msgfmt -c" [ $? -eq 0 ]
	check "$lang.po is complete: $(cat stats)" \
	    bash -c "! grep -Eq 'fuzzy|untranslated' stats"
	ids "$f" >lang.ids
	check "$lang.po has exactly tacd.pot's messages" cmp -s lang.ids pot.ids
	check "$lang.po has a plural rule" grep -q '^"Plural-Forms: ' "$f"
done
finish
