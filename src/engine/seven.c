/*
 * seven.c: the 7, seven single steps shared among marbles (C4).
 *
 * The generator searches step by step.  Different step orders often reach
 * the same intermediate position, so every node is remembered in the
 * list's memo table and searched once; the outcomes are deduplicated the
 * same way.  A player's 7 is checked by walking its segments through the
 * same step function, so both agree on every rule.
 */
#include <string.h>

#include "internal.h"

/* One node of the search: the board and what the 7 has done so far. */
struct node {
	struct tac_board b;
	uint8_t		 moved[TAC_MAXSEATS];	/* bit k-1: marble on Hk stepped */
	uint8_t		 stage;		/* 0 own marbles, 1 others (C4.6, K3) */
	uint8_t		 chosen;	/* triples, Team-TAC: the seat moved
					   for, or TAC_NONE */
	uint8_t		 r;		/* steps left */
};

/* What stays fixed during one 7. */
struct seven {
	const struct tac_state *s;
	struct tac_list	*l;		/* NULL: only ask whether one exists */
	struct tac_action proto;	/* prefixes for the actions found */
	int		 player;
	uint8_t		 stuck[TAC_MAXSEATS];	/* stuck at the start (C4.4) */
	uint8_t		 mates;		/* seats of stage 1 */
	int		 found;
	int		 nstep;
	uint8_t		 sfrom[7], sto[7];
};

/* Return the home bits of seat that are stuck on this board (M14). */
static uint8_t
seven_stuck(uint8_t home)
{
	uint8_t stuck = 0;
	int k;

	/* A marble is stuck when every field deeper than it is taken. */
	for (k = 4; k >= 1; k--) {
		if ((home & (1U << (k - 1))) == 0)
			break;
		stuck |= 1U << (k - 1);
	}
	return stuck;
}

/*
 * Return the seats whose marbles may step at this node.  In Team-TAC the
 * seats the player moves for follow the board as the 7 goes (K3).
 */
static uint8_t
seven_mask(const struct seven *sv, const struct node *nd)
{
	if (nd->stage == 0)
		return 1U << sv->player;
	if (nd->chosen != TAC_NONE)
		return 1U << nd->chosen;
	if (sv->s->cfg.coop)
		return game_ctrl(sv->s, &nd->b, sv->player);
	return sv->mates;
}

/*
 * Move on to the teammates once the player's own marbles are home; in
 * Team-TAC, once the seat moved for is home, to the next (K3).
 */
static void
seven_settle(const struct seven *sv, struct node *nd)
{
	if (nd->stage == 0 && board_done(&nd->b, sv->player) && nd->r > 0)
		nd->stage = 1;
	if (sv->s->cfg.coop && nd->stage == 1 && nd->chosen != TAC_NONE &&
	    board_done(&nd->b, nd->chosen) && nd->r > 0)
		nd->chosen = TAC_NONE;
}

/*
 * Take one step from 'from' to the neighbouring place 'to' if the rules
 * allow it (C4.2-C4.6, M9, M14); the node is changed only on success.
 */
static int
seven_step(const struct seven *sv, struct node *nd, int from, int to,
    struct tac_why *why)
{
	const struct tac_state *s = sv->s;
	struct tac_board *b = &nd->b;
	int o, k, j, start;

	o = board_owner(s, b, from);
	if (o < 0)
		return why_fail(why, "no marble on %L", from);
	if ((seven_mask(sv, nd) & (1U << o)) == 0) {
		if (nd->stage == 1 && o == sv->player)
			/* TRANSLATORS: why a move is refused (a 7). */
			return why_fail(why, "your last marble is home: the "
			    "rest of the 7 must move your partner's marbles");
		return why_fail(why, "the marble on %L is not one you may move",
		    from);
	}
	if (TAC_LOC_ISHOME(from)) {
		k = TAC_LOC_DEPTH(from);
		if (!TAC_LOC_ISHOME(to) || TAC_LOC_SEAT(to) != o)
			return why_fail(why, "a marble in a home never returns "
			    "to the circle");
		j = TAC_LOC_DEPTH(to);
		if (sv->stuck[o] & (1U << (k - 1)))
			/* TRANSLATORS: why a move is refused (a 7); %L a
			   place (a field, the base, a home field); a marble
			   on the deepest free field of its home is stuck
			   for good. */
			return why_fail(why, "the marble on %L is stuck and "
			    "cannot move", from);
		if (j < k && (nd->moved[o] & (1U << (k - 1))) == 0)
			/* TRANSLATORS: why a move is refused (a 7 in a
			   home); %L a place (a field, the base, a home
			   field). */
			return why_fail(why, "the marble on %L must step forward "
			    "before it steps back", from);
		if (b->home[o] & (1U << (j - 1)))
			return why_fail(why, "marble on %L cannot pass the "
			    "marble on %L", from, to);
		b->home[o] &= ~(1U << (k - 1));
		b->home[o] |= 1U << (j - 1);
		nd->moved[o] &= ~(1U << (k - 1));
		nd->moved[o] |= 1U << (j - 1);
	} else if (TAC_LOC_ISHOME(to)) {
		start = board_start(s, o);
		if (from != start || TAC_LOC_SEAT(to) != o ||
		    TAC_LOC_DEPTH(to) != 1)
			/* TRANSLATORS: why a move is refused (a 7); %L a
			   place (a field, the base, a home field): where
			   the marble is, where it was asked to go. */
			return why_fail(why, "the marble on %L cannot step "
			    "to %L", from, to);
		if (b->fresh & (1U << o))
			return why_fail(why, "the marble on %L is fresh and "
			    "cannot go into its home from its start field",
			    from);
		if (b->home[o] & 1U)
			return why_fail(why, "marble on %L cannot pass the "
			    "marble on %L", from, to);
		board_take(s, b, from);
		b->home[o] |= 1U;
		nd->moved[o] |= 1U;
	} else {
		if (to != (from + 1) % s->nfields)
			return why_fail(why, "the marble on %L cannot step "
			    "to %L", from, to);
		board_take(s, b, from);
		board_put(s, b, to, o);		/* C4.2: kicks what it meets */
	}
	if (nd->stage == 1 && nd->chosen == TAC_NONE &&
	    (s->cfg.triples || s->cfg.coop))
		nd->chosen = o;
	nd->r--;
	seven_settle(sv, nd);
	return 0;
}

_Static_assert(sizeof(struct tac_board) % 8 == 0, "board hashes by words");

/* Hash a node for the memo table, a word at a time. */
static uint64_t
seven_hash(const struct node *nd, uint64_t key)
{
	uint64_t h = key * 0x9e3779b97f4a7c15ULL, w;
	size_t i;

	for (i = 0; i + 8 <= sizeof nd->b; i += 8) {
		memcpy(&w, (const uint8_t *)&nd->b + i, 8);
		h = (h ^ w) * 0xff51afd7ed558ccdULL;
		h ^= h >> 32;
	}
	return h;
}

/* Remember a node; return 1 if it was seen before in this search. */
static int
seven_seen(struct tac_memo *m, const struct node *nd, uint64_t key)
{
	uint64_t h = seven_hash(nd, key);
	uint32_t i, slot;

	for (i = 0; i < 8; i++) {
		slot = (h + i) & (TAC_MEMO - 1);
		if (m->stamp[slot] != m->gen) {
			m->stamp[slot] = m->gen;
			m->key[slot] = key;
			m->bkey[slot] = nd->b;
			return 0;
		}
		if (m->key[slot] == key &&
		    memcmp(&m->bkey[slot], &nd->b, sizeof nd->b) == 0)
			return 1;
	}
	return 0;	/* table crowded here: search again, still correct */
}

/* Remember an outcome exactly; return 1 if it is new. */
static int
seven_outcome(struct tac_memo *m, const struct tac_board *b)
{
	struct node nd;
	uint32_t i, slot;
	uint64_t h;

	nd.b = *b;
	h = seven_hash(&nd, 0);
	for (i = 0; i < TAC_OUTCOMES; i++) {
		slot = (h + i) % TAC_OUTCOMES;
		if (m->ostamp[slot] != m->gen) {
			m->ostamp[slot] = m->gen;
			m->out[slot] = *b;
			return 1;
		}
		if (memcmp(&m->out[slot], b, sizeof *b) == 0)
			return 0;
	}
	return 1;	/* more outcomes than a list holds: it overflows */
}

/* Pack what besides the board decides a node's future. */
static uint64_t
seven_key(const struct node *nd)
{
	uint64_t key = nd->r | (uint64_t)nd->stage << 3 |
	    (uint64_t)nd->chosen << 4;
	int i;

	for (i = 0; i < TAC_MAXSEATS; i++)
		key |= (uint64_t)(nd->moved[i] & 0xf) << (12 + 4 * i);
	return key | 1ULL << 63;	/* never equal to a terminal key */
}

/* Turn the steps taken into segments and list the action. */
static void
seven_emit(struct seven *sv)
{
	struct tac_action a = sv->proto;
	int i, back, pback = 0;

	a.op = TAC_OP_MOVE;
	a.card = TAC_C7;
	a.nseg = 0;
	for (i = 0; i < sv->nstep; i++) {
		back = TAC_LOC_ISHOME(sv->sfrom[i]) &&
		    TAC_LOC_ISHOME(sv->sto[i]) &&
		    TAC_LOC_DEPTH(sv->sto[i]) < TAC_LOC_DEPTH(sv->sfrom[i]);
		if (a.nseg > 0 && a.seg[a.nseg - 1].to == sv->sfrom[i] &&
		    back == pback) {
			a.seg[a.nseg - 1].to = sv->sto[i];
		} else {
			a.seg[a.nseg].from = sv->sfrom[i];
			a.seg[a.nseg].to = sv->sto[i];
			a.nseg++;
		}
		pback = back;
	}
	gen_push(sv->l, &a);
}

/* Search every way to spend the remaining steps from this node. */
static void
seven_search(struct seven *sv, const struct node *nd)
{
	const struct tac_state *s = sv->s;
	struct node next;
	uint8_t mask;
	int o, f, k, start, cand[2], nc, i;

	if (sv->l == NULL && sv->found)
		return;
	if (nd->r == 0) {
		if (sv->l != NULL && !seven_outcome(&sv->l->memo, &nd->b))
			return;
		sv->found++;
		if (sv->l != NULL)
			seven_emit(sv);
		return;
	}
	if (sv->l != NULL && seven_seen(&sv->l->memo, nd, seven_key(nd)))
		return;
	mask = seven_mask(sv, nd);
	for (o = 0; o < s->cfg.nseats; o++) {
		if ((mask & (1U << o)) == 0)
			continue;
		start = board_start(s, o);
		for (f = 0; f < s->nfields; f++) {
			if (nd->b.field[f] != o)
				continue;
			nc = 0;
			cand[nc++] = (f + 1) % s->nfields;
			if (f == start)
				cand[nc++] = TAC_LOC_HOME(o, 1);
			for (i = 0; i < nc; i++) {
				next = *nd;
				if (seven_step(sv, &next, f, cand[i], NULL))
					continue;
				sv->sfrom[sv->nstep] = f;
				sv->sto[sv->nstep++] = cand[i];
				seven_search(sv, &next);
				sv->nstep--;
			}
		}
		for (k = 1; k <= 4; k++) {
			if ((nd->b.home[o] & (1U << (k - 1))) == 0)
				continue;
			nc = 0;
			if (k < 4)
				cand[nc++] = TAC_LOC_HOME(o, k + 1);
			if (k > 1)
				cand[nc++] = TAC_LOC_HOME(o, k - 1);
			for (i = 0; i < nc; i++) {
				next = *nd;
				if (seven_step(sv, &next, TAC_LOC_HOME(o, k),
				    cand[i], NULL))
					continue;
				sv->sfrom[sv->nstep] = TAC_LOC_HOME(o, k);
				sv->sto[sv->nstep++] = cand[i];
				seven_search(sv, &next);
				sv->nstep--;
			}
		}
	}
}

/* Prepare a search or a check for ctx->player's 7 on board b. */
static void
seven_setup(struct seven *sv, struct node *nd, const struct fn_ctx *ctx,
    const struct tac_board *b)
{
	const struct tac_state *s = ctx->s;
	int i, team = tac_team(s, ctx->player);

	memset(sv, 0, sizeof *sv);
	memset(nd, 0, sizeof *nd);
	sv->s = s;
	sv->player = ctx->player;
	for (i = 0; i < s->cfg.nseats; i++) {
		sv->stuck[i] = seven_stuck(b->home[i]);
		if (i != ctx->player && tac_team(s, i) == team &&
		    !board_done(b, i))
			sv->mates |= 1U << i;
	}
	if (sv->mates == 0)
		for (i = 0; i < s->cfg.nseats; i++)
			if (i != ctx->player && tac_team(s, i) == team)
				sv->mates |= 1U << i;
	nd->b = *b;
	nd->r = 7;
	nd->chosen = TAC_NONE;
	seven_settle(sv, nd);		/* M15: all home, play for the team */
}

/*
 * List every distinct 7 of ctx->player on board b, with proto's prefixes;
 * with a NULL list, only say whether there is one.  Returns how many.
 */
int
seven_gen(const struct fn_ctx *ctx, const struct tac_board *b,
    const struct tac_action *proto, struct tac_list *l)
{
	struct seven sv;
	struct node nd;

	seven_setup(&sv, &nd, ctx, b);
	sv.l = l;
	sv.proto = *proto;
	/* A list fresh from malloc() holds garbage: clear it once. */
	if (l != NULL && l->memo.magic != TAC_MEMO_MAGIC) {
		memset(&l->memo, 0, sizeof l->memo);
		l->memo.magic = TAC_MEMO_MAGIC;
	}
	if (l != NULL && ++l->memo.gen == 0) {
		memset(l->memo.stamp, 0, sizeof l->memo.stamp);
		memset(l->memo.ostamp, 0, sizeof l->memo.ostamp);
		l->memo.gen = 1;
	}
	seven_search(&sv, &nd);
	return sv.found;
}

/* Return the place one step along a segment from 'at' towards 'to'. */
static int
seven_toward(const struct tac_state *s, int o, int at, int to)
{
	if (TAC_LOC_ISHOME(at))
		return TAC_LOC_DEPTH(to) > TAC_LOC_DEPTH(at) ? at + 1 : at - 1;
	if (TAC_LOC_ISHOME(to) && at == board_start(s, o))
		return TAC_LOC_HOME(o, 1);
	return (at + 1) % s->nfields;
}

/* Carry out a player's 7 on board b, checking every step (C4). */
int
seven_exec(const struct fn_ctx *ctx, struct tac_board *b,
    const struct tac_action *a, struct tac_why *why)
{
	const struct tac_state *s = ctx->s;
	struct seven sv;
	struct node nd;
	int i, o, at, n, total = 0, from, to;

	if (a->op != TAC_OP_MOVE || a->nseg < 1)
		/* TRANSLATORS: why a move is refused; FROM>TO: the
		   notation's pattern of a move. */
		return why_fail(why, "a 7 moves marbles: 7 FROM>TO ...");
	for (i = 0; i < a->nseg; i++) {
		from = a->seg[i].from;
		to = a->seg[i].to;
		if (from == TAC_LOC_BASE || to == TAC_LOC_BASE)
			/* TRANSLATORS: why a move is refused; %L a place (a
			   field, the base, a home field): a step typed,
			   from, to. */
			return why_fail(why, "a 7 neither enters nor leaves "
			    "the circle: %L>%L", from, to);
		if (!TAC_LOC_ISHOME(from) && from >= s->nfields)
			return why_fail(why, "%L is not a field", from);
		if (!TAC_LOC_ISHOME(to) && to >= s->nfields)
			return why_fail(why, "%L is not a field", to);
		if (TAC_LOC_ISHOME(from) && !TAC_LOC_ISHOME(to))
			return why_fail(why, "a marble in a home never returns "
			    "to the circle");
		if (TAC_LOC_ISHOME(from))
			n = TAC_LOC_DEPTH(to) - TAC_LOC_DEPTH(from);
		else if (TAC_LOC_ISHOME(to))
			n = (board_start(s, TAC_LOC_SEAT(to)) - from +
			    s->nfields) % s->nfields + TAC_LOC_DEPTH(to);
		else
			n = (to - from + s->nfields) % s->nfields;
		if (TAC_LOC_ISHOME(from) && TAC_LOC_SEAT(from) !=
		    TAC_LOC_SEAT(to))
			/* TRANSLATORS: why a move is refused (a 7); %L a
			   place (a field, the base, a home field): two home
			   fields. */
			return why_fail(why, "%L and %L are in different homes",
			    from, to);
		total += n < 0 ? -n : n;
		if (n == 0)
			/* TRANSLATORS: why a move is refused (a 7); %L a
			   place (a field, the base, a home field): a step
			   typed, from, to. */
			return why_fail(why, "the segment %L>%L has no steps",
			    from, to);
	}
	if (total != 7)
		/* TRANSLATORS: why a move is refused; %d a number of steps. */
		return why_fail(why, "a 7 must use all 7 steps, these segments "
		    "use %d", total);
	seven_setup(&sv, &nd, ctx, b);
	for (i = 0; i < a->nseg; i++) {
		at = a->seg[i].from;
		o = board_owner(s, &nd.b, at);
		if (o < 0)
			return why_fail(why, "no marble on %L", at);
		if (TAC_LOC_ISHOME(a->seg[i].to) &&
		    TAC_LOC_SEAT(a->seg[i].to) != o)
			return why_fail(why, "the marble on %L cannot enter %L: "
			    "only its own home", at, a->seg[i].to);
		while (at != a->seg[i].to) {
			if (nd.r == 0)
				/* TRANSLATORS: why a move is refused. */
				return why_fail(why, "a 7 has only 7 steps");
			n = seven_toward(s, o, at, a->seg[i].to);
			if (seven_step(&sv, &nd, at, n, why))
				return -1;
			at = n;
		}
	}
	*b = nd.b;
	return 0;
}
