#!/bin/bash
# langs.sh: a whole console game in each language tacd speaks, with the
# help, the rules, refusals, the statistics after the end, and a person
# named in that language's script.  What tacd writes must be of that
# language only: in Russian and Georgian no Latin word but notation,
# commands, and what the person typed; in German none of a list of
# English words; in English no Cyrillic or Georgian letter.
. "${abs_top_srcdir:-${top_srcdir:-.}}/tests/daemon/lib.sh"

# The session: the help, the rules, the hand and the board, four inputs
# that are refused, an option that cannot change now, the whole game by
# the menu's first move, then the statistics.
session() {
	printf '%s\n' /help /rules /hand /board '/play 99 Z>Z' \
	    '/play 13 B>0' /fly xyz '/options 5'
	yes 1 | head -n 2000
	printf '%s\n' /stats /history /top
}

# The Latin words of a text, one a line, but commands ("/lang"), units
# after a number (30m, 2h), and what the person typed back to them
# (quoted: «xyz», „xyz“).
latin_words() {
	sed -e 's#/[a-z]*##g' -e 's/[0-9][a-z]*//g' \
	    -e 's/«[^»]*»//g' -e 's/„[^“]*“//g' "$1" |
	    grep -o '[A-Za-z][A-Za-z]*' | sort -u
}

# Notation (card words, B and H, give), the TAC card's name, the AI's
# name in Georgian, the language codes, and the keys Ctrl-D.
allowed='^(TAC|TR|DEVIL|WARRIOR|ANGEL|FOOL|B|H|A|give|discard|x|AI|en|ru|de|ka|'
allowed="${allowed}Ctrl|D)\$"
# English words no German sentence has.
english='(the|and|you|your|is|of|to|with|games?|turn|cards?|players?|rounds?|'
english="${english}home|wins?|won|not|has|have|there|this|that|moves?|marbles?|"
english="${english}level|rating|dealer|seat|exchange|discards?|skip|none|"
english="${english}nobody|first|here)"

for lang in en ru de ka; do
	case $lang in
	en) name=Anna over='^Game over\. The winners: ' ;;
	ru) name=Аня over='^Игра окончена\. Победители: ' ;;
	de) name=Anke over='^Spiel vorbei\. Gewonnen haben: ' ;;
	ka) name=ნინო over='^თამაში დასრულდა\. გამარჯვებულები: ' ;;
	esac
	conf $lang.conf "$scratch/$lang"
	session | USER=$name "$TACD" -f $lang.conf --console --lang $lang \
	    seed=5 >$lang.out 2>$lang.err
	check "$lang: the console game exits 0" [ $? -eq 0 ]
	check "$lang: no warnings" [ ! -s $lang.err ]
	[ -s $lang.err ] && head $lang.err
	check "$lang: the game ends" grep -q "$over" $lang.out
	check "$lang: $name plays" grep -q "$name" $lang.out
	check "$lang: the history comes after the end" bash -c \
	    "sed -n '/$over/,\$p' $lang.out | grep -q '^#1 20[0-9-]*: '"
	case $lang in
	en)
		# grep says 1 for no line found, 2 for trouble.
		LC_ALL=C.UTF-8 grep -qP '[\x{0400}-\x{04FF}\x{10A0}-\x{10FF}]' \
		    en.out
		check "en: no Cyrillic or Georgian letter" [ $? -eq 1 ]
		;;
	de)
		words=$(latin_words de.out | grep -E -x "$english" |
		    paste -sd' ')
		check "de: no English words ($words)" [ -z "$words" ]
		;;
	ru | ka)
		words=$(latin_words $lang.out | grep -E -v "$allowed" |
		    paste -sd' ')
		check "$lang: no Latin word but notation ($words)" \
		    [ -z "$words" ]
		;;
	esac
done

# The checks see what they look for: Cyrillic in the Russian game,
# English words in the English one.
LC_ALL=C.UTF-8 grep -qP '[\x{0400}-\x{04FF}]' ru.out
check "the letter check finds Cyrillic in ru.out" [ $? -eq 0 ]
latin_words en.out >en.words
check "the word checks find English in en.out" \
    [ -n "$(grep -E -v "$allowed" en.words)" -a \
    -n "$(grep -E -x "$english" en.words)" ]

# The words differ between the languages: the same game, told four ways.
check "each language's output is its own" \
    [ "$(md5sum en.out ru.out de.out ka.out | cut -c1-32 | sort -u |
    wc -l)" -eq 4 ]

finish
