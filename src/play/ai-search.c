/*
 * ai-search.c: the searching player (level 2).
 *
 * Determinized Monte Carlo: each iteration deals the cards the view does
 * not show (other hands, gifts in flight, the deck) at random but
 * consistently with it: every copy of the deck's composition that is not
 * in our hand, the discards or our gift is somewhere hidden, and each
 * seat holds as many cards as the view says.  On that deal every
 * candidate (the heuristic's best few, and the Devil when it can be
 * played) is played and the round is played out by the heuristic; the
 * candidate with the best mean outcome wins.  All candidates see the same
 * deals, which makes their comparison fair.  The iteration budget makes
 * the choice a pure function of the seed; the time cap only stops a
 * search that would run far too long.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ai-int.h"
#include "now.h"

#define SEARCH_ITERS	32	/* default deals per decision */
#define SEARCH_CANDS	6	/* the heuristic's best few are searched */
#define SEARCH_PLIES	48	/* a rollout stops here if the round goes on */
#define SEARCH_WIN	30000	/* a won rollout, in board points */
#define SEARCH_MARGIN	400	/* heuristic gap beyond which we do not look */
#define RATE_ITERS	64	/* deals of a rating, at most */

/* One candidate of the root. */
struct search_cand {
	struct tac_action	a;
	int			idx;	/* in the root list, or AI_DEVIL... */
	long			heur;	/* the heuristic's score */
	long long		sum;	/* outcomes over the deals */
};

/*
 * Deal the hidden cards of view v at random into d: the other hands, the
 * face-down gifts and the deck.  -1 if the view's counts do not add up
 * (then d is not to be used).
 */
static int
search_deal(const struct tac_state *v, struct tac_state *d, uint64_t *rng)
{
	uint8_t	count[TAC_NCARDS], pool[TAC_MAXDECK];
	int	c, i, k, n = 0, need = 0, me = v->turn, seen;

	*d = *v;
	tac_deck_fill(&v->cfg, count);
	for (i = 0; i < v->cfg.nseats; i++) {
		seen = i == me || (v->phase == TAC_PH_DEVIL && i == v->victim);
		for (c = 0; c < TAC_NCARDS; c++) {
			if (seen) {
				if (count[c] < v->hand[i][c])
					return (-1);
				count[c] -= v->hand[i][c];
			}
		}
		if (!seen)
			need += v->nhand[i];
		if (v->gift[i] == TAC_NCARDS)
			need++;
		else if (v->gift[i] != TAC_NONE && count[v->gift[i]]-- == 0)
			return (-1);
	}
	for (c = 0; c < TAC_NCARDS; c++) {
		if (count[c] < v->discards[c])
			return (-1);
		count[c] -= v->discards[c];
		for (k = 0; k < count[c]; k++)
			pool[n++] = c;
	}
	if (n != need + v->ndeck)
		return (-1);
	for (i = n - 1; i > 0; i--) {
		k = (int)(tac_rng_next(rng) % (uint64_t)(i + 1));
		c = pool[i], pool[i] = pool[k], pool[k] = c;
	}
	n = 0;
	for (i = 0; i < v->cfg.nseats; i++) {
		seen = i == me || (v->phase == TAC_PH_DEVIL && i == v->victim);
		if (!seen)
			for (k = 0; k < v->nhand[i]; k++)
				d->hand[i][pool[n++]]++;
		if (v->gift[i] == TAC_NCARDS)
			d->gift[i] = pool[n++];
	}
	for (k = 0; k < v->ndeck; k++)
		d->deck[k] = pool[n++];
	d->rng = tac_rng_next(rng);
	return (0);
}

/*
 * Play the Devil (or a TAC on a Devil) in deal d: the best of its
 * actions by the heuristic, now that the victim's hand is known.
 */
static int
search_devil(struct tac_state *d, int tac, struct tac_list *l,
    uint64_t *rng)
{
	struct ai_seats	as;
	uint32_t	nbest = 0;
	long		v, best = 0;
	int		i, pick = -1;

	if (tac_legal(d, l) <= 0)
		return (-1);
	ai_seats_init(d, &as);
	for (i = 0; i < l->n; i++) {
		if (!l->a[i].devil || l->a[i].tac != tac)
			continue;
		v = ai_heur_score(d, &as, &l->a[i]);
		if (pick < 0 || v > best) {
			best = v;
			nbest = 1;
			pick = i;
		} else if (v == best && tac_rng_next(rng) % ++nbest == 0)
			pick = i;
	}
	if (pick < 0)
		return (-1);
	tac_play(d, &l->a[pick]);
	return (0);
}

/*
 * Play deal d on with the heuristic for every seat until the round ends
 * (or SEARCH_PLIES), then score it for team: the board, and while cards
 * are left, the hands.
 */
static long
search_rollout(struct tac_state *d, const struct ai_seats *as, int team,
    struct tac_list *l, uint64_t *rng)
{
	int	ply, k, round = d->round, s;
	long	v;

	for (ply = 0; ply < SEARCH_PLIES && !tac_over(d) &&
	    d->round == round; ply++) {
		if (tac_legal(d, l) <= 0)
			break;
		if ((k = ai_heur_pick(d, l, rng, NULL)) < 0)
			break;
		tac_play(d, &l->a[k]);
	}
	if (tac_coop_won(d))
		return (SEARCH_WIN);	/* K5: everyone wins */
	if (tac_over(d))
		return (d->winner == team ? SEARCH_WIN : -SEARCH_WIN);
	v = ai_eval(d, &d->b, as, team);
	if (d->round != round)
		return (v);
	for (s = 0; s < as->ns; s++) {
		k = (int)ai_hand_worth(d, &d->b, as, s, d->hand[s], 0);
		v += as->team[s] == team ? k : -k / (as->nteams - 1);
	}
	return (v);
}

/* Sort candidates by the heuristic's score, best first. */
static int
search_cmp(const void *x, const void *y)
{
	const struct search_cand	*a = x, *b = y;

	if (a->heur != b->heur)
		return (a->heur > b->heur ? -1 : 1);
	return (a->idx - b->idx);
}

/*
 * The root's candidates: the heuristic's best SEARCH_CANDS actions of l
 * within SEARCH_MARGIN of the best, and the Devil plays a view cannot
 * list.  Returns how many, in c.
 */
static int
search_cands(const struct tac_state *v, const struct tac_list *l,
    struct search_cand *c)
{
	struct ai_seats	as;
	struct search_cand t;
	int		i, j, n = 0, only = 1, tac;

	ai_seats_init(v, &as);
	for (i = 0; i < l->n; i++)
		if (l->a[i].op != TAC_OP_DISCARD)
			only = 0;
	for (tac = 0; tac < 2; tac++) {
		if (!ai_devil_ok(v, tac))
			continue;
		memset(&c[n], 0, sizeof c[n]);
		c[n].idx = tac ? AI_TACDEVIL : AI_DEVIL;
		c[n].heur = ai_heur_devil(v, &as, tac);
		n++;
	}
	if (n > 0 && only)
		l = NULL;	/* M2: the discards are the view's, not real */
	for (i = 0; l != NULL && i < l->n; i++) {
		t.a = l->a[i];
		t.idx = i;
		t.heur = ai_heur_score(v, &as, &l->a[i]);
		t.sum = 0;
		/* Keep the best SEARCH_CANDS + 2 (room for the Devils). */
		if (n == SEARCH_CANDS + 2) {
			if (t.heur <= c[n - 1].heur)
				continue;
			n--;
		}
		for (j = n; j > 0 && search_cmp(&t, &c[j - 1]) < 0; j--)
			c[j] = c[j - 1];
		c[j] = t;
		n++;
	}
	qsort(c, n, sizeof c[0], search_cmp);
	for (i = 1; i < n; i++)
		if (c[i].heur < c[0].heur - SEARCH_MARGIN ||
		    (i >= SEARCH_CANDS && c[i].idx >= 0))
			break;
	return (i < n ? i : n);
}

/*
 * Play each of the n candidates c on the same deals of view v (at most
 * iters; a time cap of ms stops early, 0: none), adding the outcomes to
 * their sums, and when out is not NULL keeping each in out[iters * i +
 * deal].  l is scratch.  Returns the deals played.
 */
static int
search_run(const struct tac_state *v, struct tac_list *l,
    struct search_cand *c, int n, uint64_t seed, int iters, int ms,
    long *out)
{
	long			 o;
	struct tac_state	deal, d;
	struct ai_seats		as;
	uint64_t		rng = seed, r, r0;
	double			t0;
	int			i, it, done = 0, team;

	ai_seats_init(v, &as);
	team = as.team[v->turn];
	t0 = now_ms();
	for (it = 0; it < iters; it++) {
		if (ms > 0 && it > 0 && now_ms() - t0 > ms)
			break;
		if (search_deal(v, &deal, &rng) != 0)
			break;
		r0 = tac_rng_next(&rng);
		for (i = 0; i < n; i++) {
			d = deal;
			r = r0;	/* the same play-out chances for each */
			if (c[i].idx >= 0) {
				tac_play(&d, &c[i].a);
				o = search_rollout(&d, &as, team, l, &r);
			} else if (search_devil(&d, c[i].idx == AI_TACDEVIL, l,
			    &r) != 0)
				o = -2 * SEARCH_WIN;
			else
				o = search_rollout(&d, &as, team, l, &r);
			c[i].sum += o;
			if (out != NULL)
				out[iters * i + it] = o;
		}
		done++;
	}
	return (done);
}

/*
 * Choose for view v, whose legal actions are in l (which is then reused):
 * an index into l, AI_DEVIL or AI_TACDEVIL.
 */
int
ai_search_pick(const struct tac_state *v, struct tac_list *l, uint64_t seed,
    const struct ai_budget *budget)
{
	struct search_cand	c[SEARCH_CANDS + 2];
	int			n, i, iters, best;

	n = search_cands(v, l, c);
	if (n <= 1)
		return (n == 1 ? c[0].idx : -1);
	iters = budget != NULL && budget->iters > 0 ? budget->iters :
	    SEARCH_ITERS;
	if (search_run(v, l, c, n, seed, iters, budget != NULL ?
	    budget->ms : 0, NULL) == 0)
		return (c[0].idx);
	best = 0;
	for (i = 1; i < n; i++)
		if (c[i].sum > c[best].sum)
			best = i;
	return (c[best].idx);
}

/*
 * The standard error, in points, of the mean of the differences between
 * candidates a and b over done deals (the outcomes of search_run()).
 */
static long
search_spread(const long *out, int iters, int a, int b, int done)
{
	double	d, sum = 0, sq = 0, var;
	int	it;

	if (done < 2)
		return (0);
	for (it = 0; it < done; it++) {
		d = (double)(out[iters * a + it] - out[iters * b + it]);
		sum += d;
		sq += d * d;
	}
	var = (sq - sum * sum / done) / (done - 1);
	return (var > 0 ? (long)sqrt(var / done) : 0);
}

/*
 * Rate the action played (an index of tac_legal(view), AI_DEVIL or
 * AI_TACDEVIL) against the search's candidates in view, on iters deals
 * (0: the default; at most RATE_ITERS) and no time cap, so the rating is
 * a pure function of the view and the seed.  0 with r filled, and
 * tac_legal(view) in l again; -1 when view is not a view, has no action
 * or played is none of them.
 */
int
ai_rate(const struct tac_state *view, int played, uint64_t seed, int iters,
    struct tac_list *l, struct ai_rating *r)
{
	struct search_cand	c[SEARCH_CANDS + 3];
	long			out[(SEARCH_CANDS + 3) * RATE_ITERS];
	int			n, i, k = -1, best, done;

	memset(r, 0, sizeof *r);
	if (!ai_is_view(view) || tac_over(view) || tac_legal(view, l) < 0)
		return (-1);
	if (played >= l->n || played < AI_TACDEVIL ||
	    (played < 0 && !ai_devil_ok(view, played == AI_TACDEVIL)))
		return (-1);
	if (iters <= 0 || iters > RATE_ITERS)
		iters = iters <= 0 ? SEARCH_ITERS : RATE_ITERS;
	n = search_cands(view, l, c);
	for (i = 0; i < n; i++)
		if (c[i].idx == played)
			k = i;
	if (k < 0) {
		memset(&c[n], 0, sizeof c[n]);
		c[n].idx = played;
		if (played >= 0)
			c[n].a = l->a[played];
		k = n++;
	}
	r->choices = n;
	r->best = c[0].idx;
	if (n > 1 && (done = search_run(view, l, c, n, seed, iters, 0,
	    out)) > 0) {
		for (i = 1, best = 0; i < n; i++)
			if (c[i].sum > c[best].sum)
				best = i;
		r->best = c[best].idx;
		r->best_value = (long)(c[best].sum / done);
		r->played_value = (long)(c[k].sum / done);
		r->spread = search_spread(out, iters, best, k, done);
	}
	tac_legal(view, l);
	return (0);
}
