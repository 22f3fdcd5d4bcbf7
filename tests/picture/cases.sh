# tests/picture/cases.sh: the board pictures that have golden images, for
# run.sh and regen.sh (sourced).  Each line: a name, then the arguments
# of tacctl render that draw it (without -o).  Goldens are 768 pixels
# wide: big enough to show every mark, small enough to keep in git.
picture_size=768

# Call "$1 NAME ARGS..." once per golden image.
picture_cases() {
	local cases=$top_srcdir/tests/picture/cases

	# 4 and 6 seats at the start (exchange), the 6 in Russian.
	"$1" start4 "$cases/start4.json"
	"$1" start6 --lang ru "$cases/start6.json"
	# Mid-game with homes: an enter from the base that kicks a marble
	# off the start field; names, one Cyrillic and one cut short.
	"$1" mid --names 'Anna,Борис,Chloé Wilhelmina-Fitzgerald,Dmitri' \
	    --last '13 B>16' "$cases/mid.json"
	# A 7 split in three: a kick by landing, one by passing, into the
	# home and a step inside it.
	"$1" seven --last '7 12>13 60>0H1 0H3>0H4' "$cases/seven.json"
	# A swap on the 6-seat board.
	"$1" swap --last 'TR 8<>50' "$cases/swap.json"
	# A turn's choices as numbered arrows: an enter, steps on the
	# circle, backwards with a 4 and one inside the home; then a
	# Trickster's swaps (numbered at their middles) beside a 2.
	"$1" options --options "$cases/options.json"
	"$1" options-swap --options --names 'Anna,Boris,Clara,Dmitri' \
	    "$cases/options-swap.json"
	# A turn's picture as its player gets it, drawn from their seat
	# (Blue at the bottom): four moves of one marble fanned out side by
	# side beside an enter, each number by its arrow's head.
	"$1" fan --options --seat 1 --names 'Oleg,Sveta,Misha,Katya' \
	    "$cases/fan.json"
	# The same on the 6-seat board from a side seat, in German: moves
	# inside the home beside its column, a step back, a short bow.
	"$1" six --options --seat 4 --lang de \
	    --names 'Jonas,Lena,Felix,Mia,Paul,Emma' "$cases/six.json"
	# A swap whose line would cross the middle's text bends around it.
	"$1" swap4 --lang ru --names 'Олег,Света,Миша,Катя' \
	    --last 'TR 21<>52' "$cases/swap4.json"
	# A swap of two marbles two fields apart: a loop inward, off the
	# field between and the numbers.
	"$1" swap-near --last 'TR 60<>62' "$cases/swap-near.json"
	# A recorded game after 152 actions: a 7 from the circle into a home.
	"$1" record --record "$cases/game.json" --at 152
	# The chart a game's end shows: each team's marbles at home per
	# round, two teams of a whole 4-seat game (tacctl sim --seed 5
	# --policy greedy), and three pairs of a 6-seat one in Russian (sim
	# --seed 7 --players 6), whose last values tie.
	"$1" homes4 --homes --names 'Anna,Boris,Clara,Dmitri' \
	    --record "$cases/homes4.json"
	"$1" homes6 --homes --lang ru \
	    --names 'Александра,Борис,Вера,Глеб,Дарья,Евгений' \
	    --record "$cases/homes6.json"
	# Team-TAC (rules K): the cards played so far over whose turn it
	# is, Anna's team home and entering for Dmitri; and its end in
	# Russian, everyone winning together, with the score.
	"$1" coop --names 'Anna,Boris,Clara,Dmitri' --last '13 B>48' \
	    "$cases/coop.json"
	"$1" coop-end --lang ru "$cases/coop-end.json"
}
