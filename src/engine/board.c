/*
 * board.c: the circle, the homes and the bases, and single marble moves.
 *
 * Every move the engine makes goes through board_move() or board_enter(),
 * whether the move generator is trying a candidate or a player's action is
 * being checked, so the rules of movement live in one place.
 */
#include <stdarg.h>
#include <stdio.h>

#include "internal.h"

/* Store a reason, if the caller wants one; always return -1. */
int
why_set(struct why *why, const char *fmt, ...)
{
	va_list ap;

	if (why == NULL || why->buf == NULL || why->len == 0)
		return -1;
	va_start(ap, fmt);
	vsnprintf(why->buf, why->len, fmt, ap);
	va_end(ap);
	return -1;
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

/* Format a place into a small static-free buffer for a reason. */
static const char *
loc_str(int loc, char *buf, size_t len)
{
	tac_loc_format(loc, buf, len);
	return buf;
}

/*
 * Move the marble at 'from' n steps (dir +1 forward, -1 backward for the 4)
 * to 'to', by the rules M5-M13 and C3.  Only the marbles of ctx->seats may
 * move.  On success the board is changed and 0 returned; otherwise the
 * board is untouched and the reason is in why.
 */
int
board_move(const struct fn_ctx *ctx, struct tac_board *b, int from, int to,
    int n, int dir, struct why *why)
{
	const struct tac_state *s = ctx->s;
	char a[8], c[8];
	int o, k, j, start, pos, step, r, L = s->nfields, wanthome;

	o = board_owner(s, b, from);
	if (o < 0)
		return why_fail(why, "no marble on %s", loc_str(from, a,
		    sizeof a));
	if ((ctx->seats & (1U << o)) == 0)
		return why_fail(why, "the marble on %s is not one you may move",
		    loc_str(from, a, sizeof a));
	if (to == TAC_LOC_BASE)
		return why_fail(why, "a %d cannot move a marble to a base", n);
	wanthome = TAC_LOC_ISHOME(to);
	if (wanthome && TAC_LOC_SEAT(to) != o)
		return why_fail(why, "the marble on %s cannot enter %s: "
		    "only its own home", loc_str(from, a, sizeof a),
		    loc_str(to, c, sizeof c));
	if (!wanthome && to >= L)
		return why_fail(why, "%d is not a field", to);

	if (TAC_LOC_ISHOME(from)) {
		/* M12, M13: inside a home, forward only, exact, no jumping. */
		if (dir < 0)
			return why_fail(why, "a marble in a home moves back "
			    "only with a 7");
		if (!wanthome)
			return why_fail(why, "a marble in a home never returns "
			    "to the circle");
		k = TAC_LOC_DEPTH(from);
		if (k + n > 4)
			return why_fail(why, "a %d from %s would leave the home",
			    n, loc_str(from, a, sizeof a));
		for (j = k + 1; j <= k + n; j++)
			if (b->home[o] & (1U << (j - 1)))
				return why_fail(why, "marble on %s cannot pass "
				    "the marble on %s", loc_str(from, a,
				    sizeof a), loc_str(TAC_LOC_HOME(o, j), c,
				    sizeof c));
		if (to != TAC_LOC_HOME(o, k + n))
			return why_fail(why, "a %d takes %s to %dH%d, not %s",
			    n, loc_str(from, a, sizeof a), o, k + n,
			    loc_str(to, c, sizeof c));
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
				return why_fail(why, "the marble on %s is fresh "
				    "and cannot go into its home from its "
				    "start field", loc_str(from, a, sizeof a));
			r = n - step + 1;
			if (r > 4)
				break;
			for (j = 1; j <= r; j++)
				if (b->home[o] & (1U << (j - 1)))
					return why_fail(why, "marble on %s "
					    "cannot pass the marble on %s",
					    loc_str(from, a, sizeof a),
					    loc_str(TAC_LOC_HOME(o, j), c,
					    sizeof c));
			if (to != TAC_LOC_HOME(o, r))
				return why_fail(why, "a %d takes %s into %dH%d, "
				    "not %s", n, loc_str(from, a, sizeof a), o,
				    r, loc_str(to, c, sizeof c));
			board_take(s, b, from);
			b->home[o] |= 1U << (r - 1);
			return 0;
		}
		pos = (pos + dir + L) % L;
		if (step < n && b->field[pos] >= 0)
			return why_fail(why, "marble on %s cannot pass the marble "
			    "on %d", loc_str(from, a, sizeof a), pos);
	}
	if (wanthome)
		return why_fail(why, "a %d does not take %s into %s", n,
		    loc_str(from, a, sizeof a), loc_str(to, c, sizeof c));
	if (pos != to)
		return why_fail(why, "a %d takes %s to %d, not %d", n,
		    loc_str(from, a, sizeof a), pos, to);
	board_take(s, b, from);
	board_put(s, b, pos, o);
	return 0;
}

/* Bring a marble from a base onto the start field 'to' (M8). */
int
board_enter(const struct fn_ctx *ctx, struct tac_board *b, int to,
    struct why *why)
{
	const struct tac_state *s = ctx->s;
	int o;

	o = TAC_LOC_ISHOME(to) || to == TAC_LOC_BASE ? -1 :
	    board_start_owner(s, to);
	if (o < 0)
		return why_fail(why, "a marble enters on a start field, "
		    "not on %d", to);
	if ((ctx->seats & (1U << o)) == 0)
		return why_fail(why, "%d is not the start field of a marble "
		    "you may enter", to);
	if (b->base[o] == 0)
		return why_fail(why, "seat %d has no marble in its base", o);
	b->base[o]--;
	board_put(s, b, to, o);
	b->fresh |= 1U << o;
	return 0;
}
