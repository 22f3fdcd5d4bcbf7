/*
 * movegen.c: every legal action of the seat to act (Y1).
 *
 * Candidates are cheap to name (a marble and a card); whether one is
 * legal is decided by the same board functions that check a player's
 * action, so the list and the checks cannot disagree.
 */
#include <string.h>

#include "internal.h"

/* A generation in progress. */
struct gen {
	const struct tac_state *s;
	struct tac_list	*l;		/* NULL: only count */
	uint8_t		 nh[TAC_MAXSEATS];	/* hand sizes once played */
	uint8_t		 tac;		/* prefixes of the actions pushed */
	uint8_t		 devil;
	int		 n;
};

static void	gen_function(struct gen *, const struct tac_board *, int, int);

/* Append an action to the list; count it either way. */
int
gen_push(struct tac_list *l, const struct tac_action *a)
{
	if (l == NULL)
		return 0;
	if (l->n >= TAC_MAXACTIONS) {
		l->overflow = 1;
		return -1;
	}
	l->a[l->n++] = *a;
	return 0;
}

/* Push an action with the generation's prefixes. */
static void
gen_add(struct gen *g, int card, int op, int nseg, int from, int to)
{
	struct tac_action a;

	memset(&a, 0, sizeof a);
	a.op = op;
	a.tac = g->tac;
	a.devil = g->devil;
	a.card = card;
	a.nseg = nseg;
	if (nseg > 0) {
		a.seg[0].from = from;
		a.seg[0].to = to;
	}
	g->n++;
	gen_push(g->l, &a);
}

/* Try the places one marble can reach with n steps in direction dir. */
static void
gen_marble(struct gen *g, const struct fn_ctx *ctx, const struct tac_board *b,
    int card, int from, int n, int dir)
{
	const struct tac_state *s = g->s;
	struct tac_board nb;
	int o, cand[2], nc = 0, i, d, start, L = s->nfields;

	o = board_owner(s, b, from);
	if (TAC_LOC_ISHOME(from)) {
		if (dir > 0 && TAC_LOC_DEPTH(from) + n <= 4)
			cand[nc++] = from + n;
	} else {
		cand[nc++] = (from + dir * n + L) % L;
		start = board_start(s, o);
		d = dir > 0 ? (start - from + L) % L : (from - start + L) % L;
		if (n - d >= 1 && n - d <= 4)
			cand[nc++] = TAC_LOC_HOME(o, n - d);
	}
	for (i = 0; i < nc; i++) {
		nb = *b;
		if (board_move(ctx, &nb, from, cand[i], n, dir, NULL) == 0)
			gen_add(g, card, TAC_OP_MOVE, 1, from, cand[i]);
	}
}

/* Moves of a number card for the seats in ctx (C1-C3, C5, M8). */
static void
gen_moves(struct gen *g, const struct fn_ctx *ctx, const struct tac_board *b,
    int card, int n, int dir)
{
	const struct tac_state *s = g->s;
	struct tac_board nb;
	int o, f, k, noop = 0;

	for (o = 0; o < s->cfg.nseats; o++) {
		if ((ctx->seats & (1U << o)) == 0)
			continue;
		if ((card == TAC_C1 || card == TAC_C13 || card == TAC_ANGEL) &&
		    b->base[o] > 0) {
			nb = *b;
			if (board_enter(ctx, &nb, board_start(s, o), NULL) == 0) {
				/*
				 * Entering onto one's own fresh marble changes
				 * nothing; for several teammates (M15) that is
				 * one outcome, listed once.
				 */
				if (memcmp(&nb, b, sizeof nb) != 0 || noop++ == 0)
					gen_add(g, card, TAC_OP_MOVE, 1,
					    TAC_LOC_BASE, board_start(s, o));
			}
		}
		for (f = 0; f < s->nfields; f++)
			if (b->field[f] == o)
				gen_marble(g, ctx, b, card, f, n, dir);
		for (k = 1; k <= 4; k++)
			if (b->home[o] & (1U << (k - 1)))
				gen_marble(g, ctx, b, card,
				    TAC_LOC_HOME(o, k), n, dir);
	}
}

/* Trickster: every distinct swap of two circle marbles (C6). */
static void
gen_swaps(struct gen *g, const struct fn_ctx *ctx, const struct tac_board *b)
{
	const struct tac_state *s = g->s;
	int x, y, c, same = 0;
	uint8_t freshdone = 0;

	if (!board_oncircle(s, b, ctx->seats))
		return;
	for (x = 0; x < s->nfields; x++) {
		if (b->field[x] < 0)
			continue;
		for (y = x + 1; y < s->nfields; y++) {
			if (b->field[y] < 0)
				continue;
			c = b->field[x];
			if (b->field[y] == c) {
				/*
				 * Two marbles of one colour: the board only
				 * changes if one was fresh on its start.
				 */
				if ((b->fresh & (1U << c)) &&
				    (x == board_start(s, c) ||
				    y == board_start(s, c))) {
					if (freshdone & (1U << c))
						continue;
					freshdone |= 1U << c;
				} else {
					if (same)
						continue;
					same = 1;
				}
			}
			gen_add(g, TAC_TR, TAC_OP_SWAP, 1, x, y);
		}
	}
}

/* Warrior: each marble of the seats in ctx takes the next one's field (A3). */
static void
gen_warrior(struct gen *g, const struct fn_ctx *ctx, const struct tac_board *b)
{
	const struct tac_state *s = g->s;
	int x, y;

	for (x = 0; x < s->nfields; x++) {
		if (b->field[x] < 0 || (ctx->seats & (1U << b->field[x])) == 0)
			continue;
		y = board_ahead(s, b, x);
		gen_add(g, TAC_WARRIOR, TAC_OP_MOVE, 1, x,
		    y < 0 ? TAC_LOC_BASE : y);
	}
}

/* Return the seat the Angel acts on for player (A1, K4), or -1. */
int
gen_angel_target(const struct tac_state *s, const struct tac_board *b,
    int player)
{
	int ns = s->cfg.nseats, t = (player + 1) % ns, i, m;

	if (!board_done(b, t))
		return t;
	for (i = 1; i < ns; i++) {
		m = (t + i) % ns;
		if (tac_team(s, m) == tac_team(s, t) && !board_done(b, m))
			return m;
	}
	/* K4: that whole team is home: the next seat not home. */
	for (i = 1; s->cfg.coop && i < ns; i++) {
		m = (t + i) % ns;
		if (!board_done(b, m))
			return m;
	}
	return -1;
}

/* Angel: a marble out of the next player's base, else 1 or 13 (A1). */
static void
gen_angel(struct gen *g, const struct tac_board *b, int player)
{
	const struct tac_state *s = g->s;
	struct fn_ctx ctx;
	struct tac_board nb;
	int t, f, k;

	t = gen_angel_target(s, b, player);
	if (t < 0)
		return;
	ctx.s = s;
	ctx.player = player;
	ctx.seats = 1U << t;
	if (b->base[t] > 0) {
		nb = *b;
		if (board_enter(&ctx, &nb, board_start(s, t), NULL) == 0)
			gen_add(g, TAC_ANGEL, TAC_OP_MOVE, 1, TAC_LOC_BASE,
			    board_start(s, t));
		return;
	}
	for (f = 0; f < s->nfields; f++) {
		if (b->field[f] != t)
			continue;
		gen_marble(g, &ctx, b, TAC_ANGEL, f, 1, 1);
		gen_marble(g, &ctx, b, TAC_ANGEL, f, 13, 1);
	}
	for (k = 1; k <= 4; k++)
		if (b->home[t] & (1U << (k - 1)))
			gen_marble(g, &ctx, b, TAC_ANGEL, TAC_LOC_HOME(t, k),
			    1, 1);
}

/*
 * Devil: player plays one card of victim's hand for victim (A2); if no
 * card has an action, one of them is discarded.
 */
static void
gen_devil(struct gen *g, const struct tac_board *b, int player, int victim)
{
	const struct tac_state *s = g->s;
	int c, i, before = g->n, olddevil = g->devil, ns = s->cfg.nseats;

	(void)player;
	if (g->nh[victim] == 0)
		return;			/* A2.5 */
	g->devil = 1;
	for (c = 0; c < TAC_NCARDS; c++) {
		if (s->hand[victim][c] == 0)
			continue;
		if (c == TAC_TAC) {
			/* A2.2: the victim then plays the Devil on its next. */
			if (g->nh[(victim + 1) % ns] > 0)
				gen_add(g, TAC_TAC, TAC_OP_NONE, 0, 0, 0);
		} else if (c == TAC_FOOL) {
			for (i = 0; i < ns; i++)
				if (i != victim && g->nh[i] > 0)
					break;
			if (i < ns)
				gen_add(g, TAC_FOOL, TAC_OP_NONE, 0, 0, 0);
		} else
			gen_function(g, b, victim, c);
		if (g->l == NULL && g->n > before)
			break;
	}
	if (g->n == before)
		for (c = 0; c < TAC_NCARDS; c++)
			if (s->hand[victim][c] > 0)
				gen_add(g, c, TAC_OP_DISCARD, 0, 0, 0);
	g->devil = olddevil;
}

/* The actions of card function fn played as player on board b. */
static void
gen_function(struct gen *g, const struct tac_board *b, int player, int fn)
{
	const struct tac_state *s = g->s;
	struct fn_ctx ctx;
	struct tac_action proto;
	int i, ns = s->cfg.nseats;

	ctx.s = s;
	ctx.player = player;
	ctx.seats = game_ctrl(s, b, player);
	switch (fn) {
	case TAC_FOOL:
		for (i = 0; i < ns; i++)
			if (i != player && g->nh[i] > 0)
				break;
		if (i < ns)			/* A4.4 */
			gen_add(g, TAC_FOOL, TAC_OP_NONE, 0, 0, 0);
		break;
	case TAC_DEVIL:
		gen_devil(g, b, player, (player + 1) % ns);
		break;
	case TAC_TR:
		gen_swaps(g, &ctx, b);
		break;
	case TAC_WARRIOR:
		gen_warrior(g, &ctx, b);
		break;
	case TAC_ANGEL:
		gen_angel(g, b, player);
		break;
	case TAC_C7:
		memset(&proto, 0, sizeof proto);
		proto.tac = g->tac;
		proto.devil = g->devil;
		g->n += seven_gen(&ctx, b, &proto, g->l);
		break;
	case TAC_C4:
		gen_moves(g, &ctx, b, fn, 4, -1);
		break;
	case TAC_C8:
		gen_moves(g, &ctx, b, fn, 8, 1);
		/* C5.1, C5.3: an own marble out, and a next player with cards. */
		if (board_oncircle(s, b, ctx.seats) &&
		    g->nh[(player + 1) % ns] > 0)
			gen_add(g, TAC_C8, TAC_OP_SKIP, 0, 0, 0);
		break;
	case TAC_TAC:
		break;			/* never a function: see tac_play() */
	default:
		gen_moves(g, &ctx, b, fn, board_steps(fn), 1);
		break;
	}
}

/* Prepare a generation for 'seat' playing one card of its own hand. */
static void
gen_begin(struct gen *g, const struct tac_state *s, struct tac_list *l,
    int seat, int card)
{
	memset(g, 0, sizeof *g);
	g->s = s;
	g->l = l;
	memcpy(g->nh, s->nhand, sizeof g->nh);
	if (card != TAC_NONE)
		g->nh[seat]--;
}

/* The TAC actions of seat, taking the last card play (T1-T12). */
static void
gen_tac_into(struct gen *g, int seat)
{
	const struct tac_state *s = g->s;
	int oldtac = g->tac;

	if (s->hand[seat][TAC_TAC] == 0 || s->played == 0 ||	/* T9 */
	    s->undo.card == TAC_NONE || s->undo.final)		/* T10 */
		return;
	g->tac = 1;
	gen_function(g, &s->undo.before, seat, s->undo.card);
	g->tac = oldtac;
}

/* Count (l NULL) or list the TAC actions of seat. */
int
gen_tac(const struct tac_state *s, int seat, struct tac_list *l)
{
	struct gen g;

	gen_begin(&g, s, l, seat, TAC_TAC);
	gen_tac_into(&g, seat);
	return g.n;
}

/* Every card of seat's hand; discards only when none can be played (M2). */
static void
gen_hand(const struct tac_state *s, int seat, struct tac_list *l, int skipped)
{
	struct gen g;
	int c, n = 0;

	for (c = 0; c < TAC_NCARDS; c++) {
		if (s->hand[seat][c] == 0 || (skipped && c != TAC_TAC))
			continue;
		gen_begin(&g, s, l, seat, c);
		if (c == TAC_TAC)
			gen_tac_into(&g, seat);
		else
			gen_function(&g, &s->b, seat, c);
		n += g.n;
	}
	if (n > 0 && !skipped)
		return;
	gen_begin(&g, s, l, seat, TAC_NONE);
	for (c = 0; c < TAC_NCARDS; c++)
		if (s->hand[seat][c] > 0)
			gen_add(&g, c, TAC_OP_DISCARD, 0, 0, 0);
}

/* List every legal action of the seat to act; -1 if the list overflowed. */
int
tac_legal(const struct tac_state *s, struct tac_list *l)
{
	struct gen g;
	int c;

	l->n = 0;
	l->overflow = 0;
	switch (s->phase) {
	case TAC_PH_EXCHANGE:
		gen_begin(&g, s, l, s->turn, TAC_NONE);
		for (c = 0; c < TAC_NCARDS; c++)
			if (s->hand[s->turn][c] > 0)
				gen_add(&g, c, TAC_OP_GIVE, 0, 0, 0);
		break;
	case TAC_PH_PLAY:
	case TAC_PH_FOOL:
		gen_hand(s, s->turn, l, 0);
		break;
	case TAC_PH_SKIP:
		gen_hand(s, s->turn, l, 1);
		break;
	case TAC_PH_FORCED:
		gen_tac(s, s->turn, l);
		break;
	case TAC_PH_DEVIL:
		gen_begin(&g, s, l, s->turn, TAC_NONE);
		gen_devil(&g, &s->b, s->turn, s->victim);
		break;
	default:
		break;
	}
	return l->overflow ? -1 : l->n;
}
