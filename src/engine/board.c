/*
 * board.c: the circle, the homes and the bases, and single marble moves.
 *
 * Every move the engine makes goes through board_move() or board_enter(),
 * whether the move generator is trying a candidate or a player's action is
 * being checked, so the rules of movement live in one place.
 */
#include <stdarg.h>
#include <string.h>

#include "internal.h"

/* Copy a text value into a reason, cut on a UTF-8 boundary if long. */
static void
why_copy(char *dst, size_t size, const char *src)
{
	size_t n;

	if (src == NULL)
		src = "";
	n = strlen(src);
	if (n >= size) {
		n = size - 1;
		while (n > 0 && ((unsigned char)src[n] & 0xc0) == 0x80)
			n--;
	}
	memcpy(dst, src, n);
	dst[n] = '\0';
}

/*
 * Store a reason and copies of its values; always return -1.  fmt's
 * conversions (tac.h) say what each value is: an int for %d, %C, %P and
 * %L, a const char * for %s, a const struct tac_action * for %A (kept
 * as its notation).  An unknown conversion ends the values, and so does
 * a fifth one: tests/check_why.c finds such a fmt.
 */
int
why_set(struct tac_why *why, const char *fmt, ...)
{
	struct tac_why_arg *arg;
	const char *p;
	va_list ap;

	if (why == NULL)
		return -1;
	memset(why, 0, sizeof *why);
	why->fmt = fmt;
	va_start(ap, fmt);
	for (p = fmt; *p != '\0'; p++) {
		if (*p != '%')
			continue;
		if (*++p == '%')
			continue;
		if (*p == '\0' || strchr("dsCPLA", *p) == NULL ||
		    why->nargs == TAC_WHY_MAXARGS)
			break;
		arg = &why->arg[why->nargs++];
		arg->kind = *p;
		if (*p == 's')
			why_copy(arg->s, sizeof arg->s,
			    va_arg(ap, const char *));
		else if (*p == 'A')
			tac_action_format(va_arg(ap, const struct tac_action *),
			    arg->s, sizeof arg->s);
		else
			arg->v = va_arg(ap, int);
	}
	va_end(ap);
	return -1;
}

/* Start a call that may refuse: no reason yet. */
void
why_clear(struct tac_why *why)
{
	if (why != NULL) {
		why->fmt = NULL;
		why->nargs = 0;
	}
}

/*
 * Write a reason into a caller's buffer as the string APIs always did:
 * nothing when there is no reason or no room.
 */
void
why_text(const struct tac_why *why, char *buf, size_t len)
{
	if (why->fmt != NULL && buf != NULL && len > 0)
		tac_why_format(why, buf, len);
}

/* Return how far a number card moves a marble, 0 for the others. */
int
board_steps(int card)
{
	if (card <= TAC_C10)
		return card + 1;
	if (card == TAC_C12)
		return 12;
	if (card == TAC_C13)
		return 13;
	return 0;
}

/* Return the number of fields between two start fields. */
int
board_spacing(const struct tac_state *s)
{
	return s->nfields / s->cfg.nseats;
}

/* Return seat's start field (B1, B2). */
int
board_start(const struct tac_state *s, int seat)
{
	return seat * board_spacing(s);
}

/* Return the seat whose start field f is, or -1. */
int
board_start_owner(const struct tac_state *s, int f)
{
	int sp = board_spacing(s);

	if (f < 0 || f >= s->nfields || f % sp != 0)
		return -1;
	return f / sp;
}

/* Has seat brought all four marbles home? */
int
board_done(const struct tac_board *b, int seat)
{
	return b->home[seat] == HOME_FULL;
}

/* Is a marble of one of the seats in mask on the circle? */
int
board_oncircle(const struct tac_state *s, const struct tac_board *b,
    uint8_t mask)
{
	int f;

	for (f = 0; f < s->nfields; f++)
		if (b->field[f] >= 0 && (mask & (1U << b->field[f])))
			return 1;
	return 0;
}

/* Count seat's marbles anywhere: always 4 on a sound board. */
int
board_count(const struct tac_state *s, const struct tac_board *b, int seat)
{
	int f, n;

	n = b->base[seat] + __builtin_popcount(b->home[seat]);
	for (f = 0; f < s->nfields; f++)
		if (b->field[f] == seat)
			n++;
	return n;
}

/* Return the seat of the marble at a place, or -1. */
int
board_owner(const struct tac_state *s, const struct tac_board *b, int loc)
{
	int seat;

	if (loc == TAC_LOC_BASE)
		return -1;
	if (TAC_LOC_ISHOME(loc)) {
		seat = TAC_LOC_SEAT(loc);
		if (seat >= s->cfg.nseats)
			return -1;
		if (b->home[seat] & (1U << (TAC_LOC_DEPTH(loc) - 1)))
			return seat;
		return -1;
	}
	if (loc >= s->nfields)
		return -1;
	return b->field[loc];
}

/* Take the marble off field f; a marble leaving its start is not fresh. */
void
board_take(const struct tac_state *s, struct tac_board *b, int f)
{
	int owner;

	if (f < 0 || f >= s->nfields)
		return;		/* callers pass circle fields only */
	owner = board_start_owner(s, f);
	b->field[f] = -1;
	if (owner >= 0)
		b->fresh &= ~(1U << owner);
}

/* Put seat's marble on field f, kicking whatever stands there (M7). */
void
board_put(const struct tac_state *s, struct tac_board *b, int f, int seat)
{
	if (b->field[f] >= 0)
		b->base[b->field[f]]++;
	board_take(s, b, f);
	b->field[f] = seat;
}

/* Swap the marbles on two circle fields; neither is fresh after (C6.4). */
void
board_swap(const struct tac_state *s, struct tac_board *b, int x, int y)
{
	int8_t tx = b->field[x], ty = b->field[y];

	board_take(s, b, x);
	board_take(s, b, y);
	b->field[x] = ty;
	b->field[y] = tx;
}

/* Return the nearest occupied field clockwise ahead of x, or -1 (A3). */
int
board_ahead(const struct tac_state *s, const struct tac_board *b, int x)
{
	int i, f;

	for (i = 1; i < s->nfields; i++) {
		f = (x + i) % s->nfields;
		if (b->field[f] >= 0)
			return f;
	}
	return -1;
}

/*
 * Move the marble at 'from' n steps (dir +1 forward, -1 backward for the 4)
 * to 'to', by the rules M5-M13 and C3.  Only the marbles of ctx->seats may
 * move.  On success the board is changed and 0 returned; otherwise the
 * board is untouched and the reason is in why.
 */
int
board_move(const struct fn_ctx *ctx, struct tac_board *b, int from, int to,
    int n, int dir, struct tac_why *why)
{
	const struct tac_state *s = ctx->s;
	int o, k, j, start, pos, step, r, L = s->nfields, wanthome;

	o = board_owner(s, b, from);
	if (o < 0)
		return why_fail(why, "no marble on %L", from);
	if ((ctx->seats & (1U << o)) == 0)
		return why_fail(why, "the marble on %L is not one you may move",
		    from);
	if (to == TAC_LOC_BASE)
		/* TRANSLATORS: why a move is refused; %d a card's number. */
		return why_fail(why, "a %d cannot move a marble to a base", n);
	wanthome = TAC_LOC_ISHOME(to);
	if (wanthome && TAC_LOC_SEAT(to) != o)
		/* TRANSLATORS: why a move is refused; %L a place (a field,
		   the base, a home field): where the marble is, then the
		   home field asked for. */
		return why_fail(why, "the marble on %L cannot enter %L: "
		    "only its own home", from, to);
	if (!wanthome && to >= L)
		/* TRANSLATORS: why a move is refused; %L a place (a field,
		   the base, a home field). */
		return why_fail(why, "%L is not a field", to);

	if (TAC_LOC_ISHOME(from)) {
		/* M12, M13: inside a home, forward only, exact, no jumping. */
		if (dir < 0)
			/* TRANSLATORS: why a move is refused. */
			return why_fail(why, "a marble in a home moves back "
			    "only with a 7");
		if (!wanthome)
			/* TRANSLATORS: why a move is refused. */
			return why_fail(why, "a marble in a home never returns "
			    "to the circle");
		k = TAC_LOC_DEPTH(from);
		if (k + n > 4)
			/* TRANSLATORS: why a move is refused; %d a card's
			   number, %L a place (a field, the base, a home
			   field). */
			return why_fail(why, "a %d from %L would leave the home",
			    n, from);
		for (j = k + 1; j <= k + n; j++)
			if (b->home[o] & (1U << (j - 1)))
				/* TRANSLATORS: why a move is refused; %L a
				   place (a field, the base, a home field):
				   the moving marble, then the one in its
				   way. */
				return why_fail(why, "marble on %L cannot pass "
				    "the marble on %L", from,
				    TAC_LOC_HOME(o, j));
		if (to != TAC_LOC_HOME(o, k + n))
			/* TRANSLATORS: why a move is refused; %d a card's
			   number; %L a place (a field, the base, a home
			   field): where the marble is, where the card takes
			   it, where it was asked to go. */
			return why_fail(why, "a %d takes %L to %L, not %L",
			    n, from, TAC_LOC_HOME(o, k + n), to);
		b->home[o] &= ~(1U << (k - 1));
		b->home[o] |= 1U << (k + n - 1);
		return 0;
	}

	start = board_start(s, o);
	pos = from;
	for (step = 1; step <= n; step++) {
		if (wanthome && pos == start) {
			/* M9/C3: a fresh marble may not turn in at once. */
			if (step == 1 && (b->fresh & (1U << o)))
				/* TRANSLATORS: why a move is refused; %L a
				   place (a field, the base, a home field). */
				return why_fail(why, "the marble on %L is fresh "
				    "and cannot go into its home from its "
				    "start field", from);
			r = n - step + 1;
			if (r > 4)
				break;
			for (j = 1; j <= r; j++)
				if (b->home[o] & (1U << (j - 1)))
					return why_fail(why, "marble on %L "
					    "cannot pass the marble on %L",
					    from, TAC_LOC_HOME(o, j));
			if (to != TAC_LOC_HOME(o, r))
				/* TRANSLATORS: why a move is refused; %d a
				   card's number; %L a place (a field, the
				   base, a home field): where the marble is,
				   the home field the card takes it to, the
				   one asked for. */
				return why_fail(why, "a %d takes %L into %L, "
				    "not %L", n, from, TAC_LOC_HOME(o, r), to);
			board_take(s, b, from);
			b->home[o] |= 1U << (r - 1);
			return 0;
		}
		pos = (pos + dir + L) % L;
		if (step < n && b->field[pos] >= 0)
			return why_fail(why, "marble on %L cannot pass the marble "
			    "on %L", from, pos);
	}
	if (wanthome)
		/* TRANSLATORS: why a move is refused; %d a card's number;
		   %L a place (a field, the base, a home field): where the
		   marble is, the home field asked for. */
		return why_fail(why, "a %d does not take %L into %L", n,
		    from, to);
	if (pos != to)
		return why_fail(why, "a %d takes %L to %L, not %L", n,
		    from, pos, to);
	board_take(s, b, from);
	board_put(s, b, pos, o);
	return 0;
}

/* Bring a marble from a base onto the start field 'to' (M8). */
int
board_enter(const struct fn_ctx *ctx, struct tac_board *b, int to,
    struct tac_why *why)
{
	const struct tac_state *s = ctx->s;
	int o;

	o = TAC_LOC_ISHOME(to) || to == TAC_LOC_BASE ? -1 :
	    board_start_owner(s, to);
	if (o < 0)
		/* TRANSLATORS: why a move is refused; %L a place (a field,
		   the base, a home field). */
		return why_fail(why, "a marble enters on a start field, "
		    "not on %L", to);
	if ((ctx->seats & (1U << o)) == 0)
		/* TRANSLATORS: why a move is refused; %L a place (a field,
		   the base, a home field). */
		return why_fail(why, "%L is not the start field of a marble "
		    "you may enter", to);
	if (b->base[o] == 0)
		return why_fail(why, "%P has no marble in its base", o);
	b->base[o]--;
	board_put(s, b, to, o);
	b->fresh |= 1U << o;
	return 0;
}

/*
 * Whose marble each segment of an action moves, for words that tell a
 * player's own marbles from others': seats[i] for segment i (a swap:
 * seats[0] the first marble's, seats[1] the second's), -1 where there is
 * none or the action is no move.  The segments are followed on the board
 * the action is played on (a TAC's: the one before the card it takes),
 * so a marble that moves twice in a 7 is known the second time too.
 */
void
tac_marbles(const struct tac_state *s, const struct tac_action *a,
    int seats[TAC_MAXSEG])
{
	struct tac_board	b;
	int			i, n, from, to, o;

	for (i = 0; i < TAC_MAXSEG; i++)
		seats[i] = -1;
	b = a->tac ? s->undo.before : s->b;
	n = a->nseg < TAC_MAXSEG ? a->nseg : TAC_MAXSEG;
	if (a->op == TAC_OP_SWAP && n >= 1) {
		seats[0] = board_owner(s, &b, a->seg[0].from);
		seats[1] = board_owner(s, &b, a->seg[0].to);
		return;
	}
	if (a->op != TAC_OP_MOVE)
		return;
	for (i = 0; i < n; i++) {
		from = a->seg[i].from;
		to = a->seg[i].to;
		if (from == TAC_LOC_BASE)
			o = TAC_LOC_ISHOME(to) || to == TAC_LOC_BASE ? -1 :
			    board_start_owner(s, to);
		else
			o = board_owner(s, &b, from);
		seats[i] = o;
		if (o < 0 || o >= s->cfg.nseats)
			continue;
		/* Follow the marble; what it passes or lands on is gone. */
		if (TAC_LOC_ISHOME(from))
			b.home[o] &= ~(1U << (TAC_LOC_DEPTH(from) - 1));
		else if (from != TAC_LOC_BASE && from < s->nfields)
			b.field[from] = -1;
		if (TAC_LOC_ISHOME(to) && TAC_LOC_SEAT(to) < s->cfg.nseats)
			b.home[TAC_LOC_SEAT(to)] |= 1U <<
			    (TAC_LOC_DEPTH(to) - 1);
		else if (to != TAC_LOC_BASE && to < s->nfields)
			b.field[to] = (int8_t)o;
	}
}
