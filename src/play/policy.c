/*
 * policy.c: move choosers for tacctl sim.
 *
 * These are benchmark opponents that exercise the engine with plausible
 * games; they are not the AI players of a later issue.  policy_random picks
 * uniformly among the legal actions; policy_greedy looks one card play ahead
 * and scores the marbles with a crude material count.
 */
#include <limits.h>

#include "policy.h"

/*
 * Weights of the greedy score.  A marble at home is worth more than any
 * marble on the circle, and a marble on the circle more than one in the
 * base, so bringing a marble home or in and kicking an opponent out always
 * pay; among circle marbles, the one that travelled further is worth more.
 */
#define POLICY_HOME	400	/* plus its depth: deep homes block nobody */
#define POLICY_CIRCLE	100	/* plus the fields travelled from the start */
#define POLICY_WIN	1000000

/* Pick a legal action uniformly at random. */
int
policy_random(const struct tac_state *st, const struct tac_list *l,
    uint64_t *rng)
{
	(void)st;
	if (l->n <= 0)
		return (-1);
	return ((int)tac_rng_below(rng, (uint32_t)l->n));
}

/* How far a seat's marble on circle field f has come from its start. */
static int
policy_progress(const struct tac_state *st, const struct tac_board *b,
    int seat, int start, int f)
{
	int	d;

	d = (f - start + st->nfields) % st->nfields;
	/* On its own start and not fresh: it came round, next stop home. */
	if (d == 0 && (b->fresh & (1 << seat)) == 0)
		d = st->nfields;
	return (d);
}

/* Score a board for one team: its marbles' worth minus everyone else's. */
static long
policy_score(const struct tac_state *st, const struct tac_board *b,
    const int *team, const int *start, int me)
{
	long	score = 0, v;
	int	f, s, k;

	for (f = 0; f < st->nfields; f++) {
		if ((s = b->field[f]) < 0)
			continue;
		v = POLICY_CIRCLE + policy_progress(st, b, s, start[s], f);
		score += team[s] == me ? v : -v;
	}
	for (s = 0; s < st->cfg.nseats; s++) {
		v = 0;
		for (k = 1; k <= TAC_MARBLES; k++) {
			if (b->home[s] & (1 << (k - 1)))
				v += POLICY_HOME + k;
		}
		score += team[s] == me ? v : -v;
	}
	return (score);
}

/*
 * Play each legal action on a copy of the position and keep the one with
 * the best score for the acting seat's team; ties are broken at random.
 * Exchange gifts, a Fool and the like leave the board alone, so they tie.
 */
int
policy_greedy(const struct tac_state *st, const struct tac_list *l,
    uint64_t *rng)
{
	struct tac_state	copy;
	int			team[TAC_MAXSEATS], start[TAC_MAXSEATS];
	int			i, s, me, pick = -1;
	uint32_t		nbest = 0;
	long			v, best = LONG_MIN;

	/* Team-TAC (K1): one side, every marble counts for all. */
	for (s = 0; s < st->cfg.nseats; s++) {
		team[s] = st->cfg.coop ? 0 : tac_team(st, s);
		start[s] = tac_start(st, s);
	}
	me = team[st->turn];

	for (i = 0; i < l->n; i++) {
		copy = *st;
		tac_play(&copy, &l->a[i]);
		if (tac_coop_won(&copy))
			v = POLICY_WIN;
		else if (copy.phase == TAC_PH_OVER && copy.winner != TAC_NONE)
			v = copy.winner == me ? POLICY_WIN : -POLICY_WIN;
		else
			v = policy_score(&copy, &copy.b, team, start, me);
		if (v > best) {
			best = v;
			nbest = 1;
			pick = i;
		} else if (v == best && tac_rng_below(rng, ++nbest) == 0)
			pick = i;
	}
	return (pick);
}
