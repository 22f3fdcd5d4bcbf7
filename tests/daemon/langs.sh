#!/bin/bash
# langs.sh: a whole console game in each language tacd speaks, with the
# help, the rules, refusals, the statistics after the end, and a person
# named in that language's script.  What tacd writes must be of that
# language only: in Russian and Georgian no Latin word but commands, and
# what the person typed; in German none of a list of English words; in
# English no Cyrillic or Georgian letter.  Moves are typed as the
# language shows them (the gift's button, the notation in the language's
# letters) and played; a card the person does not hold is refused in the
# game's naming, typed in the notation or by the name shown; a Russian
# game shows only the TAKER names, and one made with "tac" only TAC's.
. "${abs_top_srcdir:-${top_srcdir:-.}}/tests/daemon/lib.sh"

# The session: the help, the rules, the hand and the board, four inputs
# that are refused, an option that cannot change now; the gift typed as
# its button says it (the seed deals the person two 2s), a Devil they do
# not hold typed twice, the only move typed in the notation as shown;
# the rest of the game by the menu's first move, then the statistics.
# $1 the gift, $2 the Devil's name in the game, $3 the base's letter.
session() {
	printf '%s\n' /help /rules /hand /board '/play 99 Z>Z' \
	    '/play 13 B>0' /fly xyz '/options 5'
	printf '%s\n' "/play $1" '/play DEVIL 8 40>48' "/play $2 8 40>48" \
	    "/play 13 $3>0"
	yes 1 | head -n 2000
	printf '%s\n' /stats /history /top
}

# The TAC card's name in Georgian, the notation's A<>B, what the person
# typed back to them, the language codes, and the keys Ctrl-D.
allowed='^(TAC|A|B|x|en|ru|de|ka|Ctrl|D)$'
# The TAC edition's card names in Russian (any ending; not ТАКЕР), and
# TAKER's, and the notation's card words (TAC is also the name of the
# edition, "названия TAC"): grep -P patterns, in C.UTF-8.
tac_ru='(?<!\p{L})(Трикстер|ТАК(?!\p{Lu})|Ангел|Дьявол|Воин|Дурак)'
taker_ru='(?<!\p{L})(Мена|Такер|Дар|Флуд|Линч|Ривер)'
notation='\b(TR|ANGEL|DEVIL|WARRIOR|FOOL)\b'

# English words no German sentence has.
english='(the|and|you|your|is|of|to|with|games?|turn|cards?|players?|rounds?|'
english="${english}home|wins?|won|not|has|have|there|this|that|moves?|marbles?|"
english="${english}level|rating|dealer|seat|exchange|discards?|skip|none|"
english="${english}nobody|first|here)"

for run in en ru de ka ru-tac; do
	# The session types every move of the game: no turn plays itself.
	lang=${run%-tac} opts="auto=off seed=5"
	[ $run = ru-tac ] && opts="tac auto=off seed=5"
	case $run in
	en) name=Anna over='^Game over\. Team .* won: '
	    gift='Give 2' devil=Devil base=B
	    no='That is not a move: ' nok='That move is not allowed: '
	    nodevil="${nok}you hold no Devil." ;;
	ru*) name=Аня over='^Игра окончена\. Победила команда '
	    gift='Отдать 2' devil=Флуд base=Л
	    no='Это не ход: ' nok='Такой ход не разрешён: '
	    [ $run = ru-tac ] && devil=Дьявол
	    nodevil="${nok}у вас нет карты $devil." ;;
	de) name=Anke over='^Spiel vorbei\. Team .* hat gewonnen: '
	    gift='2 abgeben' devil=Teufel base=V
	    no='Das ist kein Zug: ' nok='Dieser Zug ist nicht erlaubt: '
	    nodevil="${nok}du hast keine Karte Teufel." ;;
	ka) name=ნინო over='^თამაში დასრულდა\. გაიმარჯვა გუნდმა '
	    gift='გადაცემა: 2' devil=ეშმაკი base=ბ
	    no='ეს სვლა არ არის: ' nok='ეს სვლა დაუშვებელია: '
	    nodevil="${nok}ბარათი ეშმაკი არ გაქვთ." ;;
	esac
	conf $run.conf "$scratch/$run"
	session "$gift" "$devil" "$base" | USER=$name "$TACD" -f $run.conf \
	    --console --lang $lang $opts >$run.out 2>$run.err
	rc=$?
	lang=$run
	check "$lang: the console game exits 0" [ $rc -eq 0 ]
	check "$lang: no warnings" [ ! -s $lang.err ]
	[ -s $lang.err ] && head $lang.err
	check "$lang: the game ends" grep -q "$over" $lang.out
	check "$lang: $name plays" grep -q "$name" $lang.out
	check "$lang: the history comes after the end" bash -c \
	    "sed -n '/$over/,\$p' $lang.out | grep -q '^#1 ([^)]*[0-9][^)]*): '"
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
	ru | ka | ru-tac)
		words=$(latin_words $lang.out | grep -E -v "$allowed" |
		    paste -sd' ')
		check "$lang: no Latin word ($words)" [ -z "$words" ]
		;;
	esac
	# Four refusals were expected (two moves, a word, an option), and two
	# more for the Devil: the gift and the move typed as shown were played.
	check "$lang: the moves typed as shown are played" [ "$(grep -c \
	    "^$no" $lang.out)" -eq 2 -a "$(grep -c "^$nok" $lang.out)" -eq 3 ]
	check "$lang: a card not held is refused in the game's naming" \
	    [ "$(grep -cxF "$nodevil" $lang.out)" -eq 2 ]
	# grep says 1 for no line found, 2 for trouble.
	case $lang in
	ru)
		LC_ALL=C.UTF-8 grep -P "$tac_ru|$notation|\\bTAC\\b" ru.out
		check "ru: no TAC edition's card name in a TAKER game" \
		    [ $? -eq 1 ]
		;;
	ru-tac)
		# The statistics span the chat's games: they name the cards
		# as a Russian chat starts its games, with TAKER's names.
		sed -E '/ (в этой группе|во всех группах):/,$d' ru-tac.out |
		    LC_ALL=C.UTF-8 grep -P "$taker_ru|$notation"
		check "ru-tac: no TAKER card name in a tac game" [ $? -eq 1 ]
		;;
	esac
done

# The name checks see what they look for.
check "the TAC names are found in the tac game" \
    env LC_ALL=C.UTF-8 grep -qP "$tac_ru" ru-tac.out
check "the TAKER names are found in the TAKER game" \
    env LC_ALL=C.UTF-8 grep -qP "$taker_ru" ru.out
check "the TAC names are not found in \"названия ТАКЕР\"" \
    env LC_ALL=C.UTF-8 bash -c "! printf 'названия ТАКЕР\n' |
    grep -qP '$tac_ru'"

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
