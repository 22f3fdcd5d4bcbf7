/*
 * service-ai.c: the AI's choice for a seat, as the timers (a turn) and
 * the exchange (a gift) ask for it.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <string.h>

#include "ai.h"
#include "service-int.h"

/*
 * The AI's action for seat in st (the position as seat acts in it), at
 * the seat's level: an AI seat plays at its own, a person's turn at the
 * game's.  Its choice is a pure function of the game's seed and n, the
 * action's number in the log, so a replay of the same events plays the
 * same game.  0, or -1 when st has no legal action.
 */
int
svc_ai_choose(struct svc *svc, const struct svc_gm *gm, int seat,
    const struct tac_state *st, int64_t n, struct tac_action *act)
{
	static const struct ai_budget budget = { AI_DAEMON_ITERS, AI_DAEMON_MS };
	const struct store_seat	*p = &gm->g.seats[seat];
	int			 nl, i, k, level;

	level = p->ai > 0 && p->user == 0 ? p->ai : gm->g.ai;
	if (level < AI_HEURISTIC || level > AI_MAXLEVEL)
		level = AI_HEURISTIC;
	/* The AI sees only the seat's view (Y3); the list is its scratch. */
	k = ai_decide(st, level, ai_seed(gm->g.seed, (uint64_t)n), &budget,
	    svc->list, act);
	if ((nl = tac_legal(st, svc->list)) <= 0)
		return (-1);
	for (i = 0; k == 0 && i < nl; i++)
		if (tac_action_equal(act, &svc->list->a[i]))
			break;
	if (k != 0 || i >= nl)
		i = 0;	/* cannot happen: the first legal action */
	*act = svc->list->a[i];
	return (0);
}
