/*
 * hint.c: the hint for the seat to act (hint.h).
 *
 * The seed is a hash of what the view holds, field by field (never the
 * struct's bytes: padding is not data), so a hint depends on nothing the
 * seat cannot see.  The reason looks at what the chosen action does to
 * the board the evaluation scores, and names the biggest of its terms:
 * a marble home (EV_HOME) outweighs a kick (the kicked marble's worth),
 * a kick outweighs a marble entered (EV_CIRCLE), which outweighs a
 * threat lifted (EV_RISK of a marble's worth) and plain progress
 * (EV_STEP a field).  What a card does by itself (the only move, a
 * skip, the Devil, a gift) is said before the board.
 */
#include <stdio.h>
#include <string.h>

#include "ai-int.h"
#include "hint.h"

#define HINT_SAVE_MIN	40	/* risk lifted that counts as a save */
#define HINT_SETBACK_MIN 40	/* an opponent's loss that counts */

static const char *const hint_names[HINT_NWHY] = {
	[HINT_ONLY] = "only",
	[HINT_WIN] = "win",
	[HINT_STOP] = "stop",
	[HINT_UNDO] = "undo",
	[HINT_HOME] = "home",
	[HINT_KICK] = "kick",
	[HINT_ENTER] = "enter",
	[HINT_PARTNER] = "partner",
	[HINT_SAVE] = "save",
	[HINT_SKIP] = "skip",
	[HINT_DEVIL] = "devil",
	[HINT_NEWHAND] = "newhand",
	[HINT_SETBACK] = "setback",
	[HINT_FORWARD] = "forward",
	[HINT_GIVE_ENTER] = "give_enter",
	[HINT_GIVE] = "give",
	[HINT_DISCARD] = "discard",
	[HINT_LEAST] = "least",
	[HINT_HELP] = "help",
	[HINT_MUST] = "must",
};

/* The name of a reason, as payloads carry it ("kick"); "?" if none. */
const char *
hint_why_name(int why)
{
	if (why < 0 || why >= HINT_NWHY)
		return ("?");
	return (hint_names[why]);
}

/* The reason of a name, -1 for a name no reason has. */
int
hint_why_find(const char *name)
{
	int	i;

	for (i = 0; name != NULL && i < HINT_NWHY; i++)
		if (strcmp(hint_names[i], name) == 0)
			return (i);
	return (-1);
}

/* Add n bytes to an FNV-1a hash. */
static void
hint_mix(uint64_t *h, const uint8_t *p, size_t n)
{
	size_t	i;

	for (i = 0; i < n; i++)
		*h = (*h ^ p[i]) * UINT64_C(1099511628211);
}

/* Add one number to the hash, as two bytes. */
static void
hint_mix16(uint64_t *h, unsigned v)
{
	uint8_t	b[2] = { (uint8_t)(v & 0xff), (uint8_t)(v >> 8) };

	hint_mix(h, b, 2);
}

/* Add a board to the hash. */
static void
hint_mix_board(uint64_t *h, const struct tac_board *b)
{
	hint_mix(h, (const uint8_t *)b->field, sizeof b->field);
	hint_mix(h, b->home, sizeof b->home);
	hint_mix(h, b->base, sizeof b->base);
	hint_mix(h, &b->fresh, 1);
}

/*
 * The seed of a view's hint: a hash of everything the seat to act may
 * know, and of nothing else (a view holds nothing else: tac_view()).
 */
uint64_t
hint_seed(const struct tac_state *v)
{
	uint64_t	h = UINT64_C(1469598103934665603);
	int		s;

	hint_mix16(&h, v->cfg.nseats);
	hint_mix16(&h, v->cfg.triples);
	hint_mix16(&h, v->cfg.master);
	hint_mix16(&h, v->nfields);
	hint_mix16(&h, v->phase);
	hint_mix16(&h, v->turn);
	hint_mix16(&h, v->victim);
	hint_mix16(&h, v->dealer);
	hint_mix16(&h, v->announce);
	hint_mix16(&h, v->round);
	hint_mix16(&h, v->played);
	hint_mix16(&h, v->ndeck);
	for (s = 0; s < v->cfg.nseats && s < TAC_MAXSEATS; s++) {
		hint_mix16(&h, v->nhand[s]);
		hint_mix16(&h, v->gift[s]);
		hint_mix(&h, v->hand[s], sizeof v->hand[s]);
	}
	hint_mix(&h, v->discards, sizeof v->discards);
	hint_mix_board(&h, &v->b);
	hint_mix_board(&h, &v->undo.before);
	hint_mix16(&h, v->undo.card);
	hint_mix16(&h, v->undo.final);
	/* Team-TAC's only (other games' hints stay as they were). */
	if (v->cfg.coop) {
		hint_mix16(&h, v->cfg.coop);
		hint_mix16(&h, v->cards & 0xffff);
		hint_mix16(&h, v->cards >> 16);
	}
	return (ai_seed(h, 0));
}

/* Marbles at home of a seat: the bits of its home. */
static int
hint_homes(const struct tac_board *b, int s)
{
	return (__builtin_popcount(b->home[s] & 0xfU));
}

/* Does every legal action of l discard? */
static int
hint_all_discards(const struct tac_list *l)
{
	int	i;

	for (i = 0; i < l->n; i++)
		if (l->a[i].op != TAC_OP_DISCARD)
			return (0);
	return (l->n > 0);
}

/*
 * The seat a finished player moved for (M15, K2): the first whose
 * marbles are not where they were, -1 when none moved.
 */
static int
hint_for(const struct tac_state *v, const struct tac_board *b0,
    const struct tac_board *b1)
{
	int	s, f;

	for (s = 0; s < v->cfg.nseats; s++) {
		if (s == v->turn)
			continue;
		if (b0->home[s] != b1->home[s] || b0->base[s] != b1->base[s])
			return (s);
		for (f = 0; f < v->nfields; f++)
			if ((b0->field[f] == s) != (b1->field[f] == s))
				return (s);
	}
	return (-1);
}

/*
 * The reason for what the board shows after action a of view v (before
 * it: v->b), in the order of the evaluation's weights; *seat the seat
 * it names.
 */
static int
hint_board(const struct tac_state *v, const struct tac_state *after,
    const struct tac_action *a, const struct ai_seats *as, int *seat)
{
	const struct tac_board	*b0 = &v->b, *b1 = &after->b;
	int			 me = v->turn, team = as->team[me], s, prev;
	long			 own = 0, loss, most = 0, w;

	prev = (me + as->ns - 1) % as->ns;
	for (s = 0; s < as->ns; s++) {
		if (as->team[s] == team && b1->base[s] < b0->base[s] &&
		    a->tac && as->team[prev] != team) {
			*seat = prev;
			return (HINT_UNDO);
		}
	}
	for (s = 0; s < as->ns; s++)
		if (as->team[s] == team && hint_homes(b1, s) > hint_homes(b0, s))
			return (HINT_HOME);
	for (s = 0; s < as->ns; s++) {
		if (as->team[s] == team || b1->base[s] <= b0->base[s])
			continue;
		loss = ai_seat_worth(v, b0, as, s) -
		    ai_seat_worth(after, b1, as, s);
		if (*seat < 0 || loss > most) {
			*seat = s;
			most = loss;
		}
	}
	if (*seat >= 0)
		return (HINT_KICK);
	for (s = 0; s < as->ns; s++)
		if (as->team[s] == team && b1->base[s] < b0->base[s])
			return (HINT_ENTER);
	if (b0->home[me] == 0xf) {
		*seat = hint_for(v, b0, b1);
		if (*seat >= 0 && tac_team(v, *seat) != tac_team(v, me))
			return (HINT_HELP);
		if (*seat < 0)
			*seat = tac_partner(v, me);
		return (HINT_PARTNER);
	}
	if (ai_risk(v, b0, as, team) - ai_risk(after, b1, as, team) >=
	    HINT_SAVE_MIN)
		return (HINT_SAVE);
	for (s = 0; s < as->ns; s++) {
		w = ai_seat_worth(after, b1, as, s) - ai_seat_worth(v, b0, as, s);
		if (as->team[s] == team)
			own += w;
		else if (-w > most) {
			most = -w;
			*seat = s;
		}
	}
	if (a->op == TAC_OP_SWAP && most >= HINT_SETBACK_MIN && most > own)
		return (HINT_SETBACK);
	*seat = -1;
	return (own > 0 ? HINT_FORWARD : HINT_LEAST);
}

/*
 * Why the hint plays a (devil: the Devil, or a TAC on it, which a view
 * cannot list) in view v: an enum hint_why, and in *seat the seat the
 * reason names (-1 none).  l is scratch.
 */
int
hint_reason(const struct tac_state *v, const struct tac_action *a,
    int devil, struct tac_list *l, int *seat)
{
	struct tac_state	after;
	struct ai_seats		as;
	int			me = v->turn, n, r;

	*seat = -1;
	ai_seats_init(v, &as);
	n = tac_legal(v, l);
	n += ai_devil_ok(v, 0) + ai_devil_ok(v, 1);
	if (n == 1)
		return (HINT_ONLY);
	if (devil) {
		*seat = (me + 1) % as.ns;
		return (HINT_DEVIL);
	}
	if (v->phase == TAC_PH_EXCHANGE) {
		r = ai_receiver(v, me);
		*seat = r;
		if ((a->card == TAC_C1 || a->card == TAC_C13) &&
		    v->b.base[r] > 0 && v->b.home[r] != 0xf)
			return (HINT_GIVE_ENTER);
		return (HINT_GIVE);
	}
	if (a->op == TAC_OP_DISCARD && hint_all_discards(l))
		return (HINT_DISCARD);
	after = *v;
	tac_play(&after, a);
	if (tac_coop_won(&after) || (after.phase == TAC_PH_OVER &&
	    after.winner == as.team[me] && !v->cfg.coop))
		return (HINT_WIN);
	if (v->phase == TAC_PH_FORCED && a->tac) {
		*seat = (me + as.ns - 1) % as.ns;
		return (v->cfg.coop ? HINT_MUST : HINT_STOP);
	}
	if (a->op == TAC_OP_SKIP) {
		*seat = (me + 1) % as.ns;
		return (HINT_SKIP);
	}
	if (a->op == TAC_OP_NONE && a->card == TAC_FOOL && !a->devil)
		return (HINT_NEWHAND);
	return (hint_board(v, &after, a, &as, seat));
}

/*
 * The hint for the seat to act in view v (a tac_view() of that seat):
 * 0 with *h filled, -1 when v is not a view or the seat has nothing to
 * play.  l is scratch.
 */
int
hint_choose(const struct tac_state *v, struct tac_list *l, struct hint *h)
{
	struct ai_budget	budget = { HINT_ITERS, 0 };
	int			k;

	memset(h, 0, sizeof *h);
	h->seat = -1;
	if ((k = ai_choose(v, HINT_LEVEL, hint_seed(v), &budget, l)) == -1)
		return (-1);
	if (k == AI_DEVIL || k == AI_TACDEVIL) {
		h->devil = k == AI_DEVIL ? 1 : 2;
		h->a.devil = 1;
		h->a.tac = k == AI_TACDEVIL;
		h->a.card = TAC_DEVIL;
		h->a.op = TAC_OP_NONE;
	} else {
		/* The search played its deals on the list: list again. */
		if (tac_legal(v, l) <= k)
			return (-1);
		h->a = l->a[k];
	}
	h->why = hint_reason(v, &h->a, h->devil, l, &h->seat);
	return (0);
}

/*
 * For a caller with the full state st (tacctl arena): the hint's action
 * for the seat to act, made whole when it is the Devil by the best of
 * the victim's cards as the AI plays them once they are shown (A2).  0
 * with *out set, -1 when there is none.
 */
int
hint_decide(const struct tac_state *st, struct tac_list *l,
    struct tac_action *out)
{
	struct tac_state	v;
	struct hint		h;
	int			k, victim;

	tac_view(st, st->turn, &v);
	if (hint_choose(&v, l, &h) != 0)
		return (-1);
	if (!h.devil) {
		*out = h.a;
		return (0);
	}
	victim = (st->turn + 1) % st->cfg.nseats;
	memcpy(v.hand[victim], st->hand[victim], sizeof v.hand[victim]);
	if ((k = ai_choose_devil(&v, h.devil == 2, hint_seed(&v), l)) < 0)
		return (-1);
	*out = l->a[k];
	return (0);
}

/*
 * Write a hint's move in notation: the action, or for the Devil just
 * "DEVIL" ("TAC DEVIL"), the card the seat is to play.
 */
size_t
hint_format(const struct hint *h, char *buf, size_t len)
{
	if (h->devil)
		return ((size_t)snprintf(buf, len, "%s", h->devil == 2 ?
		    "TAC DEVIL" : "DEVIL"));
	return (tac_action_format(&h->a, buf, len));
}
