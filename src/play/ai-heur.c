/*
 * ai-heur.c: the heuristic player (level 1).
 *
 * Every legal action is played on a copy of the position and scored: the
 * board's worth for the team (ai-eval.c) plus the worth of the cards the
 * player keeps, plus a few terms the board does not show (a skipped or
 * Devilled opponent loses a card, a Fool swaps hands).  Playing a TAC
 * therefore costs the TAC's worth and is done when the board gains more:
 * undoing a kick of a far marble, a winning move.  The exchange gives
 * the partner the card it needs most for what we lose by giving it.  In
 * Team-TAC all seats are one side (ai_seats_init()): a skip or a Devil
 * costs the table a card, and every marble's progress is ours.
 */
#include <string.h>

#include "ai-int.h"

#define HEUR_SKIP	40	/* a skipped opponent discards a card */
#define HEUR_DEVIL	70	/* the victim's card played against it */
#define HEUR_GIFT	80	/* percent of a gift's worth to the receiver */

/*
 * The worth of giving card c to the receiver r in the exchange: what r
 * can do with it, less what we lose.  A 1 or 13 helps a partner with
 * marbles in its base that did not say it holds one (D6).
 */
static long
heur_gift(const struct tac_state *st, const struct ai_seats *as, int me,
    int c)
{
	const struct tac_board	*b = &st->b;
	long			 keep, give;
	int			 r;

	r = ai_receiver(st, me);
	keep = ai_card_worth(st, b, as, me, c, st->hand[me][c]);
	give = ai_card_worth(st, b, as, r, c, 1);
	if ((c == TAC_C1 || c == TAC_C13) && b->base[r] > 0 &&
	    b->home[r] != 0xf)
		give += (st->announce & (1U << r)) ? 10 : 60;
	return (give * HEUR_GIFT / 100 - keep);
}

/*
 * Score one legal action of the seat to act: higher is better for its
 * team.  Works on a view as well as on a full state: only the acting
 * seat's cards are read.
 */
long
ai_heur_score(const struct tac_state *st, const struct ai_seats *as,
    const struct tac_action *a)
{
	struct tac_state	copy;
	uint8_t			hand[TAC_NCARDS];
	int			me = st->turn, team = as->team[me], c, unknown;
	long			v;

	if (st->phase == TAC_PH_EXCHANGE)
		return (ai_eval(st, &st->b, as, team) +
		    heur_gift(st, as, me, a->card));
	copy = *st;
	tac_play(&copy, a);
	if (tac_coop_won(&copy))
		return (AI_WIN);	/* K5: everyone wins */
	if (copy.phase == TAC_PH_OVER && copy.winner != TAC_NONE)
		return (copy.winner == team ? AI_WIN : -AI_WIN);
	v = ai_eval(&copy, &copy.b, as, team);
	if (copy.phase == TAC_PH_FORCED && copy.winner == TAC_NONE &&
	    (as->coop || as->team[copy.turn] != team))
		v -= 400;	/* they must TAC our winning move */

	/* The cards kept, from the hand before: a new deal is not ours yet. */
	memcpy(hand, st->hand[me], sizeof hand);
	unknown = 0;
	if ((c = ai_consumed(st, a)) != TAC_NONE && hand[c] > 0)
		hand[c]--;
	if (a->op == TAC_OP_NONE && a->card == TAC_FOOL && !a->devil) {
		/* A4: our hand goes right, we get the left one's. */
		memset(hand, 0, sizeof hand);
		unknown = st->nhand[(me + 1) % as->ns];
	}
	v += ai_hand_worth(st, &copy.b, as, me, hand, unknown);
	if (a->op == TAC_OP_SKIP || (a->devil && st->phase != TAC_PH_DEVIL))
		v += as->team[(me + 1) % as->ns] == team ? -HEUR_SKIP :
		    HEUR_SKIP;
	return (v);
}

/*
 * The score of playing the Devil (tac 0) or a TAC on a Devil (tac 1)
 * seen from a view that cannot show the victim's hand: the board stays,
 * the card leaves our hand, and the victim loses a turn to us.
 */
long
ai_heur_devil(const struct tac_state *st, const struct ai_seats *as, int tac)
{
	uint8_t	hand[TAC_NCARDS];
	int	me = st->turn, team = as->team[me];
	long	v;

	memcpy(hand, st->hand[me], sizeof hand);
	hand[tac ? TAC_TAC : TAC_DEVIL]--;
	v = ai_eval(st, tac ? &st->undo.before : &st->b, as, team);
	v += ai_hand_worth(st, &st->b, as, me, hand, 0);
	v += as->team[(me + 1) % as->ns] == team ? -HEUR_DEVIL : HEUR_DEVIL;
	return (v);
}

/*
 * Pick the best-scoring action of list l in position st, ties broken by
 * the generator; the scores are left in scores when it is not NULL.
 */
int
ai_heur_pick(const struct tac_state *st, const struct tac_list *l,
    uint64_t *rng, long *scores)
{
	struct ai_seats	as;
	long		v, best = 0;
	uint32_t	nbest = 0;
	int		i, pick = -1;

	ai_seats_init(st, &as);
	for (i = 0; i < l->n; i++) {
		v = ai_heur_score(st, &as, &l->a[i]);
		if (scores != NULL)
			scores[i] = v;
		if (pick < 0 || v > best) {
			best = v;
			nbest = 1;
			pick = i;
		} else if (v == best && tac_rng_next(rng) % ++nbest == 0)
			pick = i;
	}
	return (pick);
}
