/*
 * ai.c: the AI players' entry points and the levels.
 *
 * ai_choose() sees only a view (tac_view(): doc/rules.md Y3) and refuses
 * anything else, so no level can read a hidden card.  One thing a view
 * cannot decide: the engine lists a Devil's actions by the victim's
 * cards, which a view hides.  A player at the table first plays the
 * Devil and then sees the hand; ai_choose() does the same by answering
 * AI_DEVIL (or AI_TACDEVIL), and ai_choose_devil() then chooses the
 * victim's card from a view that shows that one hand.  ai_decide() does
 * both steps for a caller that holds the full state.
 */
#include <string.h>

#include "ai-int.h"

/* A decision's seed from a game's seed and its turn number. */
uint64_t
ai_seed(uint64_t game, uint64_t turn)
{
	uint64_t	x;

	x = game ^ (turn * UINT64_C(0xd1b54a32d192ed03));
	tac_rng_next(&x);
	return (tac_rng_next(&x));
}

/* Fill in the seats, starts and sides of a position. */
void
ai_seats_init(const struct tac_state *st, struct ai_seats *as)
{
	int	s;

	as->ns = st->cfg.nseats;
	as->nf = st->nfields;
	as->coop = st->cfg.coop != 0;
	as->nteams = as->coop ? 1 : tac_nteams(st);
	for (s = 0; s < as->ns; s++) {
		as->team[s] = as->coop ? 0 : tac_team(st, s);
		as->start[s] = tac_start(st, s);
	}
}

/* The card an action takes from the acting seat's hand, or TAC_NONE. */
int
ai_consumed(const struct tac_state *st, const struct tac_action *a)
{
	if (st->phase == TAC_PH_DEVIL)
		return (TAC_NONE);	/* the victim's card */
	if (a->tac)
		return (TAC_TAC);
	if (a->devil)
		return (TAC_DEVIL);
	return (a->card);
}

/* Who receives seat's card in the exchange (D7). */
int
ai_receiver(const struct tac_state *st, int seat)
{
	int	ns = st->cfg.nseats;

	if (!st->cfg.triples)
		return (tac_partner(st, seat));
	if (st->round % 2 == 1)
		return ((seat + 2) % ns);
	return ((seat + ns - 2) % ns);
}

/*
 * Is st a view of the seat to act: no other hand (but a Devil victim's
 * in the Devil phase), no deck order and no generator state?
 */
int
ai_is_view(const struct tac_state *st)
{
	static const uint8_t	zero[TAC_MAXDECK];
	int			i;

	if (st->rng != 0 || memcmp(st->deck, zero, sizeof st->deck) != 0)
		return (0);
	for (i = 0; i < st->cfg.nseats; i++) {
		if (i == st->turn || (st->phase == TAC_PH_DEVIL &&
		    i == st->victim))
			continue;
		if (memcmp(st->hand[i], zero, sizeof st->hand[i]) != 0)
			return (0);
	}
	return (1);
}

/* May the seat to act play the Devil, or a TAC on a Devil (tac)? */
int
ai_devil_ok(const struct tac_state *st, int tac)
{
	int	me = st->turn, next = (me + 1) % st->cfg.nseats;

	if (st->nhand[next] == 0)
		return (0);	/* A2.5 */
	if (!tac)
		return ((st->phase == TAC_PH_PLAY ||
		    st->phase == TAC_PH_FOOL) && st->hand[me][TAC_DEVIL] > 0);
	return ((st->phase == TAC_PH_PLAY || st->phase == TAC_PH_FOOL ||
	    st->phase == TAC_PH_FORCED) && st->hand[me][TAC_TAC] > 0 &&
	    st->played > 0 && st->undo.card == TAC_DEVIL && !st->undo.final);
}

/*
 * The heuristic's choice in a view, the Devil included: index, AI_DEVIL
 * or AI_TACDEVIL.  When the view lists only discards but a Devil can be
 * played, the Devil must be (M2): the discards exist only in the view.
 */
static int
ai_heur_choose(const struct tac_state *v, const struct tac_list *l,
    uint64_t seed)
{
	struct ai_seats	as;
	uint64_t	rng = seed;
	long		best = 0, d;
	int		i, k, only = 1, pick;

	ai_seats_init(v, &as);
	pick = k = ai_heur_pick(v, l, &rng, NULL);
	if (k >= 0)
		best = ai_heur_score(v, &as, &l->a[k]);
	for (i = 0; i < l->n; i++)
		if (l->a[i].op != TAC_OP_DISCARD)
			only = 0;
	for (i = 0; i < 2; i++) {
		if (!ai_devil_ok(v, i))
			continue;
		d = ai_heur_devil(v, &as, i);
		if (pick < 0 || only || d > best) {
			best = d;
			pick = i ? AI_TACDEVIL : AI_DEVIL;
			only = 0;
		}
	}
	return (pick);
}

/*
 * Choose an action for the seat to act in view (a tac_view() of that
 * seat) at the given level.  Returns the index of the action in
 * tac_legal(view), AI_DEVIL or AI_TACDEVIL (see ai_choose_devil()), or
 * -1 when view is not a view or has no action.  scratch is the caller's
 * list, overwritten.
 */
int
ai_choose(const struct tac_state *view, int level, uint64_t seed,
    const struct ai_budget *budget, struct tac_list *scratch)
{
	int	n;

	if (!ai_is_view(view) || tac_over(view))
		return (-1);
	if ((n = tac_legal(view, scratch)) < 0)
		return (-1);
	if (n == 0 && !ai_devil_ok(view, 0) && !ai_devil_ok(view, 1))
		return (-1);
	if (n == 1 && !ai_devil_ok(view, 0) && !ai_devil_ok(view, 1))
		return (0);
	if (level >= AI_SEARCH)
		return (ai_search_pick(view, scratch, seed, budget));
	return (ai_heur_choose(view, scratch, seed));
}

/*
 * After AI_DEVIL (tac 0) or AI_TACDEVIL (tac 1): view is the same view
 * with the victim's hand shown, as the table shows it to a Devil player.
 * Returns the index in tac_legal(view) of the best Devil action.
 */
int
ai_choose_devil(const struct tac_state *view, int tac, uint64_t seed,
    struct tac_list *scratch)
{
	struct ai_seats	as;
	uint64_t	rng = seed;
	uint32_t	nbest = 0;
	long		v, best = 0;
	int		i, pick = -1;

	if (tac_legal(view, scratch) <= 0)
		return (-1);
	ai_seats_init(view, &as);
	for (i = 0; i < scratch->n; i++) {
		if (!scratch->a[i].devil || scratch->a[i].tac != tac)
			continue;
		v = ai_heur_score(view, &as, &scratch->a[i]);
		if (pick < 0 || v > best) {
			best = v;
			nbest = 1;
			pick = i;
		} else if (v == best && tac_rng_next(&rng) % ++nbest == 0)
			pick = i;
	}
	return (pick);
}

/*
 * For a caller with the full state st (the daemon, tacctl arena): the
 * action of the seat to act, chosen from its view only.  0 and the
 * action in *out, -1 when there is none.
 */
int
ai_decide(const struct tac_state *st, int level, uint64_t seed,
    const struct ai_budget *budget, struct tac_list *scratch,
    struct tac_action *out)
{
	struct tac_state	v;
	int			k, victim;

	tac_view(st, st->turn, &v);
	k = ai_choose(&v, level, seed, budget, scratch);
	if (k == AI_DEVIL || k == AI_TACDEVIL) {
		victim = (st->turn + 1) % st->cfg.nseats;
		memcpy(v.hand[victim], st->hand[victim], sizeof v.hand[victim]);
		k = ai_choose_devil(&v, k == AI_TACDEVIL, seed, scratch);
	} else if (k >= 0 && level >= AI_SEARCH)
		tac_legal(&v, scratch);	/* the search reused the list */
	if (k < 0 || k >= scratch->n)
		return (-1);
	*out = scratch->a[k];
	return (0);
}
