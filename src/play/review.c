/*
 * review.c: rating a finished game's decisions (review.h).
 *
 * A decision is rated as a hint is made: on the view of the seat that
 * made it, seeded by that view's hash (hint_seed()), with the search's
 * candidates and the move played compared on the same deals (ai_rate()).
 */
#include <stdio.h>
#include <string.h>

#include "ai-int.h"
#include "review.h"
#include "tacjson.h"

/* An empty review. */
void
review_init(struct review *rv)
{
	memset(rv, 0, sizeof *rv);
	rv->best.n = -1;
	rv->best.seat = -1;
}

/*
 * Keep pick p of seat among its costliest REVIEW_PICKS, costliest
 * first (an earlier decision first among equals).
 */
void
review_keep(struct review *rv, int seat, const struct review_pick *p)
{
	struct review_pick	*list = rv->pick[seat];
	int			 i, n = rv->npick[seat];

	if (seat < 0 || seat >= TAC_MAXSEATS)
		return;
	if (n == REVIEW_PICKS && p->loss <= list[n - 1].loss)
		return;
	if (n < REVIEW_PICKS)
		n++;
	for (i = n - 1; i > 0 && list[i - 1].loss < p->loss; i--)
		list[i] = list[i - 1];
	list[i] = *p;
	rv->npick[seat] = n;
}

/* The index of a in list l, AI_DEVIL or AI_TACDEVIL for a Devil; -1. */
static int
review_index(const struct tac_state *v, const struct tac_action *a,
    const struct tac_list *l)
{
	int	i;

	if (a->devil && v->phase != TAC_PH_DEVIL)
		return (a->tac ? AI_TACDEVIL : AI_DEVIL);
	for (i = 0; i < l->n; i++)
		if (tac_action_equal(a, &l->a[i]))
			return (i);
	return (-1);
}

/* Rate the decision a of the seat to act in st, the n-th action. */
static int
review_rate(struct review *rv, const struct tac_state *st, int n,
    const struct tac_action *a, struct tac_list *l)
{
	struct tac_state	 v;
	struct ai_rating	 r;
	struct review_pick	 p;
	int			 k;

	tac_view(st, st->turn, &v);
	if (tac_legal(&v, l) < 0 || (k = review_index(&v, a, l)) == -1)
		return (-1);
	if (ai_rate(&v, k, hint_seed(&v), REVIEW_ITERS, l, &r) != 0)
		return (-1);
	rv->rated++;
	if (r.choices < 2 || r.best == k ||
	    r.best_value - r.played_value < REVIEW_CLEAR ||
	    r.best_value - r.played_value < REVIEW_SURE * r.spread)
		return (0);
	memset(&p, 0, sizeof p);
	p.n = n;
	p.played = *a;
	p.loss = r.best_value - r.played_value;
	p.better.seat = -1;
	if (r.best < 0) {
		p.better.devil = r.best == AI_DEVIL ? 1 : 2;
		p.better.a.devil = 1;
		p.better.a.tac = r.best == AI_TACDEVIL;
		p.better.a.card = TAC_DEVIL;
		p.better.a.op = TAC_OP_NONE;
	} else
		p.better.a = l->a[r.best];
	p.better.why = hint_reason(&v, &p.better.a, p.better.devil, l,
	    &p.better.seat);
	review_keep(rv, st->turn, &p);
	return (0);
}

/*
 * Add the n-th action of the game, a, played in st by the seat to act:
 * the best move so far is updated, and when rate is set the decision
 * is rated.  0, or -1 when a is no action of st (a broken log).  l is
 * scratch.
 */
int
review_add(struct review *rv, const struct tac_state *st, int n,
    const struct tac_action *a, int rate, struct tac_list *l)
{
	struct tac_state	after;
	struct ai_seats		as;
	long			gain;
	int			team;

	if (rate && review_rate(rv, st, n, a, l) != 0)
		return (-1);
	if (a->op == TAC_OP_GIVE || a->op == TAC_OP_DISCARD)
		return (0);
	after = *st;
	tac_play(&after, a);
	ai_seats_init(st, &as);
	team = as.team[st->turn];
	gain = ai_eval(&after, &after.b, &as, team) -
	    ai_eval(st, &st->b, &as, team);
	if (rv->best.n < 0 || gain > rv->best.gain) {
		rv->best.n = n;
		rv->best.seat = st->turn;
		rv->best.a = *a;
		rv->best.gain = gain;
	}
	return (0);
}

/*
 * Walk a record: st is the game before its action i (tac_record_start()
 * began it, *next_deal as it set), fed the record's next deal when it
 * waits for one; the action in *a.  The caller applies it.  0, or -1
 * with the reason in why.
 */
int
review_next(const struct tac_record *rec, struct tac_state *st,
    int *next_deal, size_t i, struct tac_action *a, char *why, size_t len)
{
	if (i >= rec->nactions) {
		snprintf(why, len, "the record has %zu actions", rec->nactions);
		return (-1);
	}
	if (st->phase == TAC_PH_DEAL) {
		if (rec->seeded || *next_deal >= rec->ndeals) {
			snprintf(why, len, "action %zu waits for a deal the "
			    "record does not have", i);
			return (-1);
		}
		if (tac_deal(st, (const uint8_t (*)[TAC_NCARDS])
		    rec->deals[*next_deal], why, len) != 0)
			return (-1);
		(*next_deal)++;
	}
	return (tac_action_parse(rec->actions[i], a, why, len));
}
