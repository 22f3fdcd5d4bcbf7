/*
 * lesson.h: the tutorial's lessons, one rule each.
 *
 * A lesson is data (lessons.c): a small position (tac-position/1), the
 * plays that lead to it, what the learner is to achieve there, and its
 * texts, message ids of the catalogs, with the rule's id (RULES.md).
 * The learner plays seat 0 of four; seat 1 is on their left, seat 2 is
 * their partner.  Any legal move that achieves the goal solves the
 * lesson, so the texts ask for an outcome ("bring the marble home"), not
 * for one way of writing it; answer is one such move, which the tests
 * check and a learner is shown after a second miss.
 *
 * The texts may name cards: each "%s" of a text is filled with the next
 * card of cards[], in the learner's language and edition (TAC or TAKER
 * names).
 */
#ifndef LESSON_H
#define LESSON_H

#include "tac.h"

/* What a goal asks of the position after the learner's move. */
enum lesson_goal_kind {
	LESSON_NONE,
	LESSON_ENTER,		/* seat's base lost a marble to its start */
	LESSON_HOME,		/* seat has more marbles at home */
	LESSON_DEEP,		/* seat has a marble on home field arg */
	LESSON_KICK,		/* seat's base gained a marble */
	LESSON_FIELD,		/* seat has a marble on circle field arg */
	LESSON_SKIP,		/* the next player is made to skip */
	LESSON_HOLDS		/* seat holds card arg */
};

struct lesson_goal {
	int		 kind;		/* enum lesson_goal_kind */
	int		 seat;
	int		 arg;
};

#define LESSON_CARDS	3
#define LESSON_GOALS	2
#define LESSON_SEAT	0	/* the learner's seat */
#define LESSON_SETUP_SEAT 3	/* who plays a lesson's setup: Carl, on the
				   learner's right (the tests check it) */

struct lesson {
	const char	*id;		/* "enter": as progress is stored */
	const char	*rule;		/* "M8": the rule it teaches */
	const char	*title;		/* message ids (catalogs) */
	const char	*task;		/* what to do */
	const char	*why;		/* the rule, said after a wrong move */
	const char	*done;		/* said after the right one */
	int		 cards[LESSON_CARDS];	/* named by the texts' %s */
	int		 master;	/* 1: a master card's lesson */
	const char	*position;	/* tac-position/1 */
	const char	*setup;		/* plays before the learner's turn,
					   ';' between them, or NULL */
	const char	*answer;	/* one move that solves it */
	struct lesson_goal goal[LESSON_GOALS];	/* all must hold */
};

/* lessons.c */
extern const struct lesson lessons[];
extern const int lessons_n;

/* lesson.c */
const struct lesson *lesson_get(int);
int		 lesson_find(const char *);
int		 lesson_position(const struct lesson *, int, struct tac_state *,
		     char *, size_t);
int		 lesson_solves(const struct lesson *, const struct tac_state *,
		     const struct tac_state *);
int		 lesson_try(const struct lesson *, const struct tac_state *,
		     const struct tac_action *, struct tac_list *,
		     struct tac_why *);

#endif /* LESSON_H */
