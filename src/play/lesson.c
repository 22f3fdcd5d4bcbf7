/*
 * lesson.c: a lesson's position, and whether a move solves it
 * (lesson.h; the lessons themselves are the data of lessons.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "lesson.h"
#include "tacjson.h"

/* Lesson i (from 0), or NULL. */
const struct lesson *
lesson_get(int i)
{
	if (i < 0 || i >= lessons_n)
		return (NULL);
	return (&lessons[i]);
}

/* The index of the lesson with this id, -1 if none has it. */
int
lesson_find(const char *id)
{
	int	i;

	for (i = 0; id != NULL && i < lessons_n; i++)
		if (strcmp(lessons[i].id, id) == 0)
			return (i);
	return (-1);
}

/*
 * The position of lesson l in the edition names (enum tac_names), its
 * setup played: the learner's turn.  0, or -1 with the reason in err
 * (a broken lesson: the tests see to it that none is).
 */
int
lesson_position(const struct lesson *l, int names, struct tac_state *st,
    char *err, size_t len)
{
	struct tac_action	 a;
	struct tac_list		*list = NULL;
	json_error_t		 jerr;
	json_t			*j;
	char			 step[128];
	const char		*p, *e;
	size_t			 n;
	int			 rc = -1;

	if ((j = json_loads(l->position, 0, &jerr)) == NULL) {
		snprintf(err, len, "lesson %s: %s", l->id, jerr.text);
		return (-1);
	}
	if (tac_position_load(st, j, err, len) != 0)
		goto out;
	st->cfg.names = names == TAC_NAMES_TAKER ? TAC_NAMES_TAKER :
	    TAC_NAMES_TAC;
	for (p = l->setup; p != NULL && *p != '\0'; p = *e != '\0' ? e + 1 :
	    e) {
		e = p + strcspn(p, ";");
		n = (size_t)(e - p) < sizeof step ? (size_t)(e - p) :
		    sizeof step - 1;
		memcpy(step, p, n);
		step[n] = '\0';
		if (list == NULL && (list = malloc(sizeof *list)) == NULL) {
			snprintf(err, len, "out of memory");
			goto out;
		}
		if (tac_action_parse(step, &a, err, len) != 0 ||
		    tac_apply(st, &a, list, err, len) < 0)
			goto out;
	}
	if (st->phase == TAC_PH_OVER || st->turn != LESSON_SEAT) {
		snprintf(err, len, "lesson %s: not the learner's turn", l->id);
		goto out;
	}
	rc = 0;
out:
	free(list);
	json_decref(j);
	return (rc);
}

/* Marbles at home of a seat on board b: the bits of its home. */
static int
lesson_homes(const struct tac_board *b, int s)
{
	return (__builtin_popcount(b->home[s] & 0xfU));
}

/* Does the position after the learner's move meet goal g? */
static int
lesson_goal(const struct lesson_goal *g, const struct tac_state *before,
    const struct tac_state *after)
{
	const struct tac_board	*b0 = &before->b, *b1 = &after->b;
	int			 s = g->seat;

	switch (g->kind) {
	case LESSON_NONE:
		return (1);
	case LESSON_ENTER:
		return (b1->base[s] < b0->base[s] &&
		    b1->field[tac_start(after, s)] == s);
	case LESSON_HOME:
		return (lesson_homes(b1, s) > lesson_homes(b0, s));
	case LESSON_DEEP:
		return ((b1->home[s] >> (g->arg - 1)) & 1);
	case LESSON_KICK:
		return (b1->base[s] > b0->base[s]);
	case LESSON_FIELD:
		return (g->arg >= 0 && g->arg < after->nfields &&
		    b1->field[g->arg] == s);
	case LESSON_SKIP:
		return (after->phase == TAC_PH_SKIP && after->turn == s);
	case LESSON_HOLDS:
		return (g->arg >= 0 && g->arg < TAC_NCARDS &&
		    after->hand[s][g->arg] > 0);
	}
	return (0);
}

/* Does the move from before to after solve lesson l? */
int
lesson_solves(const struct lesson *l, const struct tac_state *before,
    const struct tac_state *after)
{
	int	i;

	for (i = 0; i < LESSON_GOALS; i++)
		if (!lesson_goal(&l->goal[i], before, after))
			return (0);
	return (1);
}

/*
 * The learner plays a in lesson l's position st: 1 it solves the
 * lesson, 0 it is legal but does not, -1 the rules refuse it (the
 * reason in why).  st is left as it was; list is scratch.
 */
int
lesson_try(const struct lesson *l, const struct tac_state *st,
    const struct tac_action *a, struct tac_list *list, struct tac_why *why)
{
	struct tac_state	after = *st;

	if (tac_apply_why(&after, a, list, why) < 0)
		return (-1);
	return (lesson_solves(l, st, &after));
}
