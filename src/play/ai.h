/*
 * ai.h: AI players that play from one seat's view (doc/rules.md Y3).
 *
 * Level 1 is a fast heuristic (one-ply evaluation with card economy);
 * level 2 searches: it samples the hidden hands consistent with the view
 * and plays each candidate out with the heuristic.  Both are pure
 * functions of the view and the seed, so a game replays the same.
 */
#ifndef AI_H
#define AI_H

#include <stdint.h>

#include "tac.h"

#define AI_HEURISTIC	1
#define AI_SEARCH	2
#define AI_MAXLEVEL	2

/*
 * ai_choose() returns these instead of an index when the best action is
 * to play the Devil (or to TAC a Devil): its actions depend on the
 * victim's hand, which the view does not show (see ai_decide()).
 */
#define AI_DEVIL	(-2)
#define AI_TACDEVIL	(-3)

/* How much a search may spend on one decision. */
struct ai_budget {
	int		iters;		/* sampled deals; 0: the default */
	int		ms;		/* wall-clock cap, 0: none (not exact) */
};

/* The daemon's budget: deterministic, sized to stay well under 200 ms. */
#define AI_DAEMON_ITERS	32
#define AI_DAEMON_MS	200

/*
 * A decision rated by the search (ai_rate()): the best candidate and the
 * mean outcomes, over the same deals, of it and of the action played, in
 * the search's points (a marble out of the base is worth about 220, a
 * won play-out 30000), and the standard error of their difference over
 * those deals: a play-out's luck can be worth a game.  choices is how
 * many candidates were compared: 1 means there was nothing to choose.
 */
struct ai_rating {
	int		best;		/* index, AI_DEVIL or AI_TACDEVIL */
	long		best_value;
	long		played_value;
	long		spread;
	int		choices;
};

int	ai_choose(const struct tac_state *, int, uint64_t,
	    const struct ai_budget *, struct tac_list *);
int	ai_choose_devil(const struct tac_state *, int, uint64_t,
	    struct tac_list *);
int	ai_decide(const struct tac_state *, int, uint64_t,
	    const struct ai_budget *, struct tac_list *, struct tac_action *);
int	ai_rate(const struct tac_state *, int, uint64_t, int,
	    struct tac_list *, struct ai_rating *);
int	ai_is_view(const struct tac_state *);
uint64_t ai_seed(uint64_t, uint64_t);

#endif /* AI_H */
