#!/bin/bash
# learn.sh: hints, lessons and reviews in the console, in each language
# tacd speaks.  The person takes lesson 1 by its numbered choices (a
# wrong move gets the rule's reason and another try, then the right
# one), asks /hint on their turn and presses the hint's numbered
# choice, plays the game to its end by the menu's first moves, and asks
# /review #1: it is not done yet, and comes by itself once the idle
# daemon has rated the game.  What tacd writes is of that language only
# (as tests/daemon/langs.sh checks a game).
. "${abs_top_srcdir:-${top_srcdir:-.}}/tests/daemon/lib.sh"

allowed='^(TAC|TR|DEVIL|WARRIOR|ANGEL|FOOL|B|H|A|give|discard|x|AI|en|ru|de|ka|'
allowed="${allowed}Ctrl|D|hints|on|off)\$"
english='(the|and|you|your|is|of|to|with|games?|turn|cards?|players?|rounds?|'
english="${english}home|wins?|won|not|has|have|there|this|that|moves?|marbles?|"
english="${english}lesson|hint|review|better|right|quite|again)"

for lang in en ru de ka; do
	case $lang in
	en) lesson='^Lesson 1 of 11: ' wrong='^Not quite\. ' right='^Right: '
	    hint='^💡 Hint for game #1: ' pending='^I am still going through'
	    review='^🔍 Your review of game #1\. ' ;;
	ru) lesson='^Урок 1 из 11: ' wrong='^Не совсем\. ' right='^Верно: '
	    hint='^💡 Подсказка в игре #1: ' pending='^Я ещё разбираю'
	    review='^🔍 Разбор игры #1\. ' ;;
	de) lesson='^Lektion 1 von 11: ' wrong='^Nicht ganz\. '
	    right='^Richtig: ' hint='^💡 Tipp für Spiel #1: '
	    pending='^Ich gehe Spiel #1 noch durch'
	    review='^🔍 Deine Auswertung von Spiel #1\. ' ;;
	ka) lesson='^გაკვეთილი 1 / 11: ' wrong='^არა, ასე არა\. '
	    right='^სწორია: ' hint='^💡 მინიშნება თამაშისთვის #1: '
	    pending='^თამაშს #1 ჯერ კიდევ ვაანალიზებ'
	    review='^🔍 თამაშის #1 თქვენი ანალიზი\. ' ;;
	esac
	conf $lang.conf "$scratch/$lang"
	rm -f in && mkfifo in
	"$TACD" -f $lang.conf --console --lang $lang seed=5 <in >$lang.out \
	    2>$lang.err &
	pid=$!
	exec 3>in
	# Lesson 1: 1 is "5: 20 -> 25" (no new marble), 2 enters one.  An
	# empty line shows the turn again; /hint; then its number: the menu's
	# last line is the hint's.
	printf '%s\n' '/learn 1' 1 2 '' /hint >&3
	check "$lang: the hint came" wait_for $lang.out "$hint"
	yes 1 | head -n 2000 >&3
	echo '/review #1' >&3
	check "$lang: the review is being made" wait_for $lang.out "$pending"
	check "$lang: the review came by itself" wait_moving \
	    "grep -q -- '$review' $lang.out" \
	    "'$SQLEXEC' $lang/tacd.db 'SELECT next FROM reviews'"
	echo /quit >&3
	exec 3>&-
	wait $pid
	check "$lang: the console exits 0" [ $? -eq 0 ]
	check "$lang: no warnings" [ ! -s $lang.err ]
	[ -s $lang.err ] && head $lang.err
	check "$lang: lesson 1" grep -q "$lesson" $lang.out
	check "$lang: a wrong move gets the rule" grep -q "$wrong" $lang.out
	check "$lang: the right move solves it" grep -q "$right" $lang.out
	check "$lang: the lesson's choices are numbered" \
	    grep -q '^  3\. 13: ' $lang.out
	check "$lang: the game ended" \
	    bash -c "'$TACCTL' -f $lang.conf games | grep -q over"
	n=$(sed -n "/$review/,\$p" $lang.out | grep -c '^[0-9] ')
	check "$lang: $n decisions shown, each with its board" \
	    [ "$(sed -n "/$review/,\$p" $lang.out | grep -c '^[^ ]*  0 ')" -ge "$n" ]
	case $lang in
	en)
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
finish
