/*
 * lessons.c: the tutorial's lessons (lesson.h), as data.
 *
 * Each is a position of four seats with master cards, the learner in
 * seat 0 (start field 0), Boris on their left (seat 1), Anna their
 * partner (seat 2) and Carl on their right (seat 3).  The texts are
 * message ids: xgettext finds them through N_(), the catalogs translate
 * them (each with a comment for its translators: in which lesson, which
 * part, what its "%s" is), and src/compose/ fills each "%s" with the
 * next card of cards[] in the learner's words.  A new lesson is a new entry here, and the
 * tests (tests/check_lesson.c) check every entry: the position loads,
 * the answer is legal and solves it, and a move that does not is
 * refused with the lesson's reason.
 */
#include "lesson.h"

#define N_(s)	(s)
#define NOCARD	{ TAC_NONE, TAC_NONE, TAC_NONE }

/* The start of every lesson's position: who deals, the round. */
#define POS(played, turn, marbles, hands)				\
	"{\"format\": \"tac-position/1\", \"players\": 4, "		\
	"\"teams\": \"pairs\", \"master\": true, \"names\": \"tac\", "	\
	"\"dealer\": 2, \"round\": 1, \"played\": " #played ", "	\
	"\"turn\": " #turn ", \"marbles\": " marbles ", "		\
	"\"hands\": " hands "}"

/* The other seats' cards, when the lesson does not need them. */
#define OTHERS	"[\"2\", \"3\"], [\"4\", \"6\"], [\"9\", \"10\"]"
#define EMPTY	"[\"B\", \"B\", \"B\", \"B\"]"

const struct lesson lessons[] = {
	{
		"enter", "M8",
		/* TRANSLATORS: lesson 1's title (entering a marble: M8). */
		N_("Entering"),
		/* TRANSLATORS: lesson 1's task; the learner plays; base, start
		   field: the edition's words. */
		N_("One of your marbles is out, on field 20. Bring a second "
		    "one out of your base onto your start field."),
		/* TRANSLATORS: lesson 1, said after a wrong move; the two %s
		   are the cards 1 and 13 by name; "kicked": the edition's word
		   for a marble sent back to its base. */
		N_("Only a %s or a %s puts a marble from your base onto "
		    "your start field; a marble already there is kicked. "
		    "Moving the marble on 20 brings no new one out."),
		/* TRANSLATORS: lesson 1, said once solved; "has just come
		   out": as the board says of such a marble. */
		N_("Right: the new marble is on your start field. It has just "
		    "come out: it must move before it may go into your home."),
		{ TAC_C1, TAC_C13, TAC_NONE }, 0,
		POS(1, 0, "[[\"20\", \"B\", \"B\", \"B\"], " EMPTY ", "
		    EMPTY ", " EMPTY "]", "[[\"13\", \"5\"], " OTHERS "]"),
		NULL, "13 B>0",
		{ { LESSON_ENTER, 0, 0 }, { LESSON_NONE, 0, 0 } }
	},
	{
		"four", "C3",
		/* TRANSLATORS: lesson 2's title (the 4 moves backwards: C3). */
		N_("The 4 backwards"),
		/* TRANSLATORS: lesson 2's task; home: the edition's word. */
		N_("Your marble is two fields past your start field. Bring it "
		    "into your home with this very card."),
		/* TRANSLATORS: lesson 2, said after a wrong move; %s is the
		   card 4. */
		N_("The %s moves a marble 4 fields backwards. A marble 1, 2 or 3 "
		    "fields past your start field goes back over it straight "
		    "into your home."),
		/* TRANSLATORS: lesson 2, said once solved. */
		N_("Right: backwards from field 2 straight into your home. "
		    "The shortest way home can be behind you."),
		{ TAC_C4, TAC_NONE, TAC_NONE }, 0,
		POS(1, 0, "[[\"2\", \"B\", \"B\", \"B\"], " EMPTY ", "
		    EMPTY ", " EMPTY "]", "[[\"4\", \"5\"], " OTHERS "]"),
		NULL, "4 2>0H2",
		{ { LESSON_HOME, 0, 0 }, { LESSON_NONE, 0, 0 } }
	},
	{
		"seven", "C4",
		/* TRANSLATORS: lesson 3's title (the 7 shared among marbles:
		   C4). */
		N_("The 7 split"),
		/* TRANSLATORS: lesson 3's task; Boris is the player on the
		   learner's left; "kicked": the edition's word. */
		N_("Play the 7 so that your marble on 60 goes into your home "
		    "and Boris's marble on 22 is kicked."),
		/* TRANSLATORS: lesson 3, said after a wrong move; %s is the
		   card 7 (a card's name: "the card %s" where the grammar needs
		   it). */
		N_("The %s is seven single steps, shared among your marbles "
		    "as you like, and every marble a step passes or lands on "
		    "is kicked. Five steps take the marble on 60 home; the "
		    "other two reach field 22."),
		/* TRANSLATORS: lesson 3, said once solved. */
		N_("Right: five steps home and two to kick. One 7 did both."),
		{ TAC_C7, TAC_NONE, TAC_NONE }, 0,
		POS(1, 0, "[[\"60\", \"20\", \"B\", \"B\"], [\"22\", \"B\", "
		    "\"B\", \"B\"], " EMPTY ", " EMPTY "]",
		    "[[\"7\", \"9\"], " OTHERS "]"),
		NULL, "7 20>22 60>0H1",
		{ { LESSON_HOME, 0, 0 }, { LESSON_KICK, 1, 0 } }
	},
	{
		"home", "M13",
		/* TRANSLATORS: lesson 4's title (moving inside the home: M13);
		   home: the edition's word. */
		N_("The home"),
		/* TRANSLATORS: lesson 4's task. */
		N_("Make room in your home: move the marble on its first "
		    "field down to the deepest, the fourth."),
		/* TRANSLATORS: lesson 4, said after a wrong move. */
		N_("In the home a marble moves forward by the exact count and "
		    "never jumps over another. Move the marble inside the home "
		    "deep down first, so the marble on 62 can follow it in."),
		/* TRANSLATORS: lesson 4, said once solved. */
		N_("Right: the marble sits deep in your home, and the way in "
		    "is free for the next one."),
		NOCARD, 0,
		POS(1, 0, "[[\"H1\", \"62\", \"B\", \"B\"], " EMPTY ", "
		    EMPTY ", " EMPTY "]", "[[\"3\", \"2\"], " OTHERS "]"),
		NULL, "3 0H1>0H4",
		{ { LESSON_DEEP, 0, 4 }, { LESSON_NONE, 0, 0 } }
	},
	{
		"trickster", "C6",
		/* TRANSLATORS: lesson 5's title; %s is the Trickster's name in
		   the learner's edition. */
		N_("The %s"),
		/* TRANSLATORS: lesson 5's task; %s is the Trickster's name. */
		N_("Boris's marble is on 60, just before your home; yours is "
		    "far back on 10. Use the %s to take his place."),
		/* TRANSLATORS: lesson 5, said after a wrong move; %s is the
		   Trickster's name; a swap kicks no marble. */
		N_("The %s swaps any two marbles on the circle, yours with "
		    "another player's too. The marbles change places over any "
		    "others, and no marble is kicked."),
		/* TRANSLATORS: lesson 5, said once solved. */
		N_("Right: your marble is four fields from your home now, and "
		    "Boris's is far back."),
		{ TAC_TR, TAC_NONE, TAC_NONE }, 0,
		POS(1, 0, "[[\"10\", \"B\", \"B\", \"B\"], [\"60\", \"B\", "
		    "\"B\", \"B\"], " EMPTY ", " EMPTY "]",
		    "[[\"TR\", \"2\"], " OTHERS "]"),
		NULL, "TR 10<>60",
		{ { LESSON_FIELD, 0, 60 }, { LESSON_NONE, 0, 0 } }
	},
	{
		"tac", "T1",
		/* TRANSLATORS: lesson 6's title; %s is the TAC card's name in
		   the learner's edition (TAC, or Taker). */
		N_("The %s card"),
		/* TRANSLATORS: lesson 6's task; Carl is the player on the
		   learner's right; %s is the TAC card's name. */
		N_("Carl, on your right, just entered a marble with a 13 and "
		    "kicked yours off his start field. Undo that with the %s."),
		/* TRANSLATORS: lesson 6, said after a wrong move; %s is the
		   TAC card's name. */
		N_("The %s undoes the previous player's card as if it had "
		    "never been played, and then you play that card "
		    "yourself."),
		/* TRANSLATORS: lesson 6, said once solved. */
		N_("Right: Carl's marble is back in his base, yours is back "
		    "on the circle, and his 13 was yours to play."),
		{ TAC_TAC, TAC_NONE, TAC_NONE }, 0,
		POS(0, 3, "[[\"48\", \"30\", \"B\", \"B\"], " EMPTY ", "
		    EMPTY ", " EMPTY "]",
		    "[[\"TAC\", \"5\"], [\"2\", \"3\"], [\"4\", \"6\"], "
		    "[\"13\"]]"),
		"13 B>48", "TAC 13 48>61",
		{ { LESSON_KICK, 3, 0 }, { LESSON_NONE, 0, 0 } }
	},
	{
		"eight", "C5",
		/* TRANSLATORS: lesson 7's title (the 8: C5). */
		N_("The 8"),
		/* TRANSLATORS: lesson 7's task; skip: the edition's word for a
		   turn an 8 takes away. */
		N_("Boris, on your left, is close to his home. Make him skip "
		    "his turn."),
		/* TRANSLATORS: lesson 7, said after a wrong move; %s is the
		   card 8; discard: put a card away unplayed (never the word
		   for a kick). */
		N_("The %s moves a marble 8 fields forward, or makes the next "
		    "player skip their turn: then all they do is discard a "
		    "card."),
		/* TRANSLATORS: lesson 7, said once solved; discard: put a card
		   away unplayed (never the word for a kick). */
		N_("Right: Boris discards a card instead of moving."),
		{ TAC_C8, TAC_NONE, TAC_NONE }, 0,
		POS(1, 0, "[[\"20\", \"B\", \"B\", \"B\"], [\"12\", \"H1\", "
		    "\"H2\", \"H3\"], " EMPTY ", " EMPTY "]",
		    "[[\"8\", \"3\"], " OTHERS "]"),
		NULL, "8 skip",
		{ { LESSON_SKIP, 1, 0 }, { LESSON_NONE, 0, 0 } }
	},
	{
		"angel", "A1",
		/* TRANSLATORS: lesson 8's title; %s is the Angel's name in the
		   learner's edition. */
		N_("The %s"),
		/* TRANSLATORS: lesson 8's task; %s is the Angel's name; Carl
		   is Boris's partner. */
		N_("The %s plays for the next player, Boris. His base is "
		    "empty, so it moves one of his marbles: make his marble "
		    "on 20 kick his partner Carl's marble on 21."),
		/* TRANSLATORS: lesson 8, said after a wrong move; %s is the
		   Angel's name. */
		N_("The %s brings a marble out of the next player's base or, "
		    "when that base is empty, moves one of their marbles 1 or "
		    "13 fields. A marble it lands on is kicked, whoever's it "
		    "is."),
		/* TRANSLATORS: lesson 8, said once solved. */
		N_("Right: Boris's own marble kicked his partner's."),
		{ TAC_ANGEL, TAC_NONE, TAC_NONE }, 1,
		POS(1, 0, "[[\"40\", \"B\", \"B\", \"B\"], [\"20\", \"H1\", "
		    "\"H2\", \"H3\"], " EMPTY ", [\"21\", \"B\", \"B\", "
		    "\"B\"]]", "[[\"ANGEL\", \"5\"], " OTHERS "]"),
		NULL, "ANGEL 20>21",
		{ { LESSON_KICK, 3, 0 }, { LESSON_NONE, 0, 0 } }
	},
	{
		"devil", "A2",
		/* TRANSLATORS: lesson 9's title; %s is the Devil's name in the
		   learner's edition. */
		N_("The %s"),
		/* TRANSLATORS: lesson 9's task; %s is the Devil's name. */
		N_("Boris, on your left, holds a 9 and a 2. With the %s you "
		    "play one of his cards for him: kick Carl's marble on 39 "
		    "with Boris's marble on 30."),
		/* TRANSLATORS: lesson 9, said after a wrong move; %s is the
		   Devil's name; skip: the edition's word. */
		N_("With the %s you take the next player's cards and play one "
		    "of them for him, with his marbles; he skips his own turn "
		    "then."),
		/* TRANSLATORS: lesson 9, said once solved. */
		N_("Right: you moved Boris's marble 9 fields onto his "
		    "partner's, and his turn is gone too."),
		{ TAC_DEVIL, TAC_NONE, TAC_NONE }, 1,
		POS(1, 0, "[[\"50\", \"B\", \"B\", \"B\"], [\"30\", \"B\", "
		    "\"B\", \"B\"], " EMPTY ", [\"39\", \"B\", \"B\", "
		    "\"B\"]]", "[[\"DEVIL\", \"3\"], [\"9\", \"2\"], [\"4\", "
		    "\"6\"], [\"9\", \"10\"]]"),
		NULL, "DEVIL 9 30>39",
		{ { LESSON_KICK, 3, 0 }, { LESSON_NONE, 0, 0 } }
	},
	{
		"warrior", "A3",
		/* TRANSLATORS: lesson 10's title; %s is the Warrior's name in
		   the learner's edition. */
		N_("The %s"),
		/* TRANSLATORS: lesson 10's task; %s is the Warrior's name. */
		N_("Boris's marble is on 40, far ahead of yours on 10. Kick it "
		    "with the %s."),
		/* TRANSLATORS: lesson 10, said after a wrong move; %s is the
		   Warrior's name. */
		N_("The %s takes your marble onto the nearest marble ahead of "
		    "it on the circle, however far, and kicks that marble."),
		/* TRANSLATORS: lesson 10, said once solved. */
		N_("Right: your marble took field 40 in one go, and Boris's "
		    "went back to his base."),
		{ TAC_WARRIOR, TAC_NONE, TAC_NONE }, 1,
		POS(1, 0, "[[\"10\", \"B\", \"B\", \"B\"], [\"40\", \"B\", "
		    "\"B\", \"B\"], " EMPTY ", " EMPTY "]",
		    "[[\"WARRIOR\", \"5\"], " OTHERS "]"),
		NULL, "WARRIOR 10>40",
		{ { LESSON_KICK, 1, 0 }, { LESSON_NONE, 0, 0 } }
	},
	{
		"fool", "A4",
		/* TRANSLATORS: lesson 11's title; %s is the Fool's name in the
		   learner's edition. */
		N_("The %s"),
		/* TRANSLATORS: lesson 11's task; %s is the Fool's name. */
		N_("Your cards are poor; Boris, on your left, holds a 13, a 1 "
		    "and a 5. Play the %s to get his cards."),
		/* TRANSLATORS: lesson 11, said after a wrong move; %s is the
		   Fool's name. */
		N_("With the %s every player passes all their cards to the "
		    "player on their right. Then you play one more card, from "
		    "the cards you got."),
		/* TRANSLATORS: lesson 11, said once solved. */
		N_("Right: Boris's cards are yours now, and you play one of "
		    "them next."),
		{ TAC_FOOL, TAC_NONE, TAC_NONE }, 1,
		POS(1, 0, "[[\"30\", \"B\", \"B\", \"B\"], " EMPTY ", "
		    EMPTY ", " EMPTY "]", "[[\"FOOL\", \"2\"], [\"13\", "
		    "\"1\", \"5\"], [\"4\", \"6\"], [\"9\", \"10\"]]"),
		NULL, "FOOL",
		{ { LESSON_HOLDS, 0, TAC_C13 }, { LESSON_NONE, 0, 0 } }
	},
};

const int lessons_n = sizeof lessons / sizeof lessons[0];
