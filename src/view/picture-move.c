/*
 * picture-move.c: the last action on the board picture: an arrow per
 * segment (every segment of a 7, numbered; both ways for a swap; from the
 * base for an enter) and the marbles it kicked, found by comparing the
 * board before the action with the board after it.  Or the choices of
 * the seat to act, drawn the same way in blue, each with its number.
 *
 * Arrows along the circle follow it on a track just inside the fields, so
 * that a long move does not cut across the board and hide the marbles.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "picture-int.h"

#define PIC_MAXPTS	256

/* A polyline: an arrow's path before it is stroked. */
struct pic_line {
	int	n;
	double	x[PIC_MAXPTS];
	double	y[PIC_MAXPTS];
};

/* Add a point to a polyline (quietly full: the arc steps keep it short). */
static void
pic_line_add(struct pic_line *l, double x, double y)
{
	if (l->n == PIC_MAXPTS)
		return;
	l->x[l->n] = x;
	l->y[l->n] = y;
	l->n++;
}

/* Is loc a place of this board (a garbled action draws nothing)? */
static int
pic_loc_ok(const struct pic *p, int loc)
{
	if (loc == TAC_LOC_BASE)
		return (1);
	if (TAC_LOC_ISHOME(loc))
		return (TAC_LOC_SEAT(loc) < p->nseats);
	return (loc < p->st->nfields);
}

/* Whose base an action's "B" is: the start's owner or the moved marble's. */
static int
pic_base_seat(const struct pic *p, int from, int to)
{
	const struct tac_board	*before = p->was;
	int			 s = -1;

	if (from == TAC_LOC_BASE && !TAC_LOC_ISHOME(to) && to != TAC_LOC_BASE)
		s = pic_start_seat(p, to);
	else if (to == TAC_LOC_BASE && before != NULL &&
	    from != TAC_LOC_BASE && !TAC_LOC_ISHOME(from))
		s = before->field[from];
	if (s < 0 || s >= p->nseats)
		s = p->who;
	if (s < 0 || s >= p->nseats)
		s = 0;
	return (s);
}

/* The radius of the arrow track, between the circle and the homes. */
static double
pic_track(const struct pic *p)
{
	return (p->r - p->hstep * 0.5);
}

/*
 * Append an arc on the arrow track from angle a0 on by da radians (< 0:
 * backwards), in steps of about three degrees.
 */
static void
pic_line_arc(const struct pic *p, struct pic_line *l, double a0, double da)
{
	double	rad = pic_track(p);
	int	i, n;

	n = (int)(fabs(da) / (PIC_PI / 60)) + 1;
	for (i = 0; i <= n; i++)
		pic_line_add(l, p->cx + rad * cos(a0 + da * i / n),
		    p->cy + rad * sin(a0 + da * i / n));
}

/*
 * Beside home field k of seat s, on the side the circle comes from: an
 * arrow in a home runs along the column rather than over its marbles.
 */
static void
pic_home_side(const struct pic *p, int s, int k, double *x, double *y)
{
	double	a, off = p->mr * 1.9;

	a = pic_field_angle(p, tac_start(p->st, s));
	pic_home_xy(p, s, k, x, y);
	*x += off * sin(a);
	*y -= off * cos(a);
}

/*
 * The path of one segment and how much of each end a marble covers
 * (*t0, *t1).  Along the circle the path follows the track just inside
 * the fields and ends beside the target; into a home it turns down
 * beside the home column; to or from a base it is straight.
 */
static void
pic_seg_line(const struct pic *p, int from, int to, int back,
    struct pic_line *l, double *t0, double *t1)
{
	double	x, y, a0, a1, da, full = 2 * PIC_PI;
	int	bseat, s = 0;

	bseat = pic_base_seat(p, from, to);
	l->n = 0;
	*t0 = *t1 = 0;
	if (from == TAC_LOC_BASE || to == TAC_LOC_BASE) {
		pic_loc_xy(p, from, bseat, &x, &y);
		pic_line_add(l, x, y);
		pic_loc_xy(p, to, bseat, &x, &y);
		pic_line_add(l, x, y);
		*t0 = from == TAC_LOC_BASE ? 0 : p->mr * 1.1;
		*t1 = to == TAC_LOC_BASE ? p->mr * 2.4 : p->mr * 1.45;
		return;
	}
	if (TAC_LOC_ISHOME(from)) {
		/* Homes are only ever left for the same home. */
		pic_home_side(p, TAC_LOC_SEAT(from), TAC_LOC_DEPTH(from), &x,
		    &y);
		pic_line_add(l, x, y);
		if (TAC_LOC_ISHOME(to))
			pic_home_side(p, TAC_LOC_SEAT(to), TAC_LOC_DEPTH(to),
			    &x, &y);
		else
			pic_loc_xy(p, to, bseat, &x, &y);
		pic_line_add(l, x, y);
		return;
	}

	a0 = pic_field_angle(p, from);
	if (TAC_LOC_ISHOME(to)) {
		s = TAC_LOC_SEAT(to);
		a1 = pic_field_angle(p, tac_start(p->st, s)) -
		    p->mr * 1.9 / pic_track(p);
	} else
		a1 = pic_field_angle(p, to);
	da = fmod(a1 - a0 + 2 * full, full);
	if (back)
		da -= full;
	pic_line_arc(p, l, a0, da);
	if (TAC_LOC_ISHOME(to)) {
		pic_home_side(p, s, TAC_LOC_DEPTH(to), &x, &y);
		pic_line_add(l, x, y);
	}
}

/* Cut len off the start (end = 0) or the end (end = 1) of a polyline. */
static void
pic_line_trim(struct pic_line *l, double len, int end)
{
	double	dx, dy, d, t;
	int	a, b;

	while (l->n >= 2 && len > 0) {
		a = end ? l->n - 1 : 0;
		b = end ? l->n - 2 : 1;
		dx = l->x[b] - l->x[a];
		dy = l->y[b] - l->y[a];
		d = sqrt(dx * dx + dy * dy);
		if (d > len) {
			t = len / d;
			l->x[a] += dx * t;
			l->y[a] += dy * t;
			return;
		}
		len -= d;
		if (end)
			l->n--;
		else {
			memmove(l->x, l->x + 1, (l->n - 1) * sizeof l->x[0]);
			memmove(l->y, l->y + 1, (l->n - 1) * sizeof l->y[0]);
			l->n--;
		}
	}
}

/*
 * Where a segment's number goes: just behind the arrow's tail, so that
 * it never hides the head of a short arrow.
 */
static void
pic_line_tail(const struct pic *p, const struct pic_line *l, double *x,
    double *y)
{
	double	dx, dy, d;

	dx = l->x[1] - l->x[0];
	dy = l->y[1] - l->y[0];
	*x = l->x[0];
	*y = l->y[0];
	if ((d = hypot(dx, dy)) == 0)
		return;
	*x -= dx / d * p->size * 0.011;
	*y -= dy / d * p->size * 0.011;
}

/* Add an arrowhead at the end (end = 1) or start of a polyline to the path. */
static void
pic_line_head(const struct pic *p, const struct pic_line *l, int end)
{
	double	tx, ty, dx, dy, d, len = p->size * 0.021, w = len * 0.55;
	int	a, b;

	a = end ? l->n - 1 : 0;
	b = end ? l->n - 2 : 1;
	tx = l->x[a];
	ty = l->y[a];
	dx = tx - l->x[b];
	dy = ty - l->y[b];
	if ((d = hypot(dx, dy)) == 0)
		return;
	dx /= d;
	dy /= d;
	cairo_move_to(p->cr, tx, ty);
	cairo_line_to(p->cr, tx - dx * len - dy * w, ty - dy * len + dx * w);
	cairo_line_to(p->cr, tx - dx * len + dy * w, ty - dy * len - dx * w);
	cairo_close_path(p->cr);
}

/*
 * Stroke a polyline with arrowheads (heads: 1 at the end, 2 at both
 * ends): white first and wider, then black (or rgb), so it shows on any
 * colour.
 */
static void
pic_line_stroke(const struct pic *p, const struct pic_line *l, int heads,
    const double *rgb)
{
	cairo_t		*cr = p->cr;
	struct pic_line	 body;
	double		 cut = p->size * 0.015;
	int		 pass, i;

	if (l->n < 2)
		return;
	/* The shaft stops short of the tip so that the head stays sharp. */
	body = *l;
	pic_line_trim(&body, cut, 1);
	if (heads == 2)
		pic_line_trim(&body, cut, 0);
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
	cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
	for (pass = 0; pass < 2; pass++) {
		if (pass == 0)
			cairo_set_source_rgb(cr, 1, 1, 1);
		else if (rgb != NULL)
			cairo_set_source_rgb(cr, rgb[0], rgb[1], rgb[2]);
		else
			cairo_set_source_rgb(cr, 0.05, 0.05, 0.05);
		cairo_set_line_width(cr, p->size * (pass == 0 ? 0.0125 :
		    0.0055));
		cairo_new_path(cr);
		if (body.n >= 2) {
			cairo_move_to(cr, body.x[0], body.y[0]);
			for (i = 1; i < body.n; i++)
				cairo_line_to(cr, body.x[i], body.y[i]);
			cairo_stroke(cr);
		}
		pic_line_head(p, l, 1);
		if (heads == 2)
			pic_line_head(p, l, 0);
		if (pass == 0) {
			cairo_set_line_width(cr, p->size * 0.007);
			cairo_stroke_preserve(cr);
		}
		cairo_fill(cr);
	}
}

/* Draw a segment's number in a small disc, for the steps of a 7. */
static void
pic_seg_number(const struct pic *p, const struct pic_line *l, int i)
{
	cairo_t	*cr = p->cr;
	char	 num[4];
	double	 x, y, r = p->size * 0.012;

	pic_line_tail(p, l, &x, &y);
	cairo_new_path(cr);
	cairo_arc(cr, x, y, r, 0, 2 * PIC_PI);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_fill_preserve(cr);
	cairo_set_source_rgb(cr, 0.05, 0.05, 0.05);
	cairo_set_line_width(cr, p->size * 0.0025);
	cairo_stroke(cr);
	cairo_select_font_face(cr, PIC_FONT, CAIRO_FONT_SLANT_NORMAL,
	    CAIRO_FONT_WEIGHT_BOLD);
	cairo_set_font_size(cr, r * 1.4);
	snprintf(num, sizeof num, "%d", i + 1);
	pic_text_at(p, num, x, y);
}

/*
 * The polyline of segment i of action a, trimmed where the marbles
 * are: 0, or -1 when there is nothing to draw (a garbled place, no
 * step).
 */
static int
pic_seg_path(const struct pic *p, const struct tac_action *a, int i,
    struct pic_line *l)
{
	double	t0, t1, x, y;

	if (!pic_loc_ok(p, a->seg[i].from) || !pic_loc_ok(p, a->seg[i].to) ||
	    a->seg[i].from == a->seg[i].to)
		return (-1);
	pic_seg_line(p, a->seg[i].from, a->seg[i].to, a->card == TAC_C4, l,
	    &t0, &t1);
	if (a->op == TAC_OP_SWAP) {
		/* A swap is no walk: a straight line, both ways. */
		l->n = 0;
		pic_loc_xy(p, a->seg[i].from, 0, &x, &y);
		pic_line_add(l, x, y);
		pic_loc_xy(p, a->seg[i].to, 0, &x, &y);
		pic_line_add(l, x, y);
		t0 = t1 = p->mr * 1.45;
	}
	pic_line_trim(l, t0, 0);
	pic_line_trim(l, t1, 1);
	return (l->n >= 2 ? 0 : -1);
}

/* Draw the last action's arrows, if the options name one. */
void
pic_arrows(struct pic *p)
{
	const struct tac_action	*a;
	struct pic_line		 l;
	int			 i, n;

	if (p->o == NULL || (a = p->o->last) == NULL)
		return;
	if (a->op != TAC_OP_MOVE && a->op != TAC_OP_SWAP)
		return;
	p->was = p->o->before;
	p->who = p->o->last_seat;
	n = a->nseg > TAC_MAXSEG ? TAC_MAXSEG : a->nseg;
	for (i = 0; i < n; i++) {
		if (pic_seg_path(p, a, i, &l) != 0)
			continue;
		pic_line_stroke(p, &l, a->op == TAC_OP_SWAP ? 2 : 1, NULL);
		if (n > 1)
			pic_seg_number(p, &l, i);
	}
}

/*
 * Where a choice's number goes: beside its arrow's head, on the side of
 * the board's middle (off the fields and marbles), moved back along the
 * arrow while it would cover a number already drawn (two choices may
 * end on one field).  The places taken are kept in taken[0..*ntaken).
 */
static void
pic_option_spot(const struct pic *p, const struct pic_line *l,
    double taken[][2], int *ntaken, double *x, double *y)
{
	double	gap = p->size * 0.028, off = p->size * 0.024, dx, dy, nx, ny;
	double	hx = l->x[l->n - 1], hy = l->y[l->n - 1], d, back;
	int	j, k, clash;

	dx = hx - l->x[l->n - 2];
	dy = hy - l->y[l->n - 2];
	if ((d = hypot(dx, dy)) == 0)
		d = 1;
	dx /= d;
	dy /= d;
	nx = -dy;
	ny = dx;
	/* The side of the middle of the board. */
	if ((p->cx - hx) * nx + (p->cy - hy) * ny < 0) {
		nx = -nx;
		ny = -ny;
	}
	for (k = 0; k < 8; k++) {
		back = p->size * 0.006 + k * gap * 0.7;
		*x = hx - dx * back + nx * off;
		*y = hy - dy * back + ny * off;
		for (j = 0, clash = 0; j < *ntaken && !clash; j++)
			clash = hypot(*x - taken[j][0], *y - taken[j][1]) < gap;
		if (!clash)
			break;
	}
	if (*ntaken < PICTURE_MAXOPTS * TAC_MAXSEG) {
		taken[*ntaken][0] = *x;
		taken[*ntaken][1] = *y;
		(*ntaken)++;
	}
}

/* Draw a choice's number in a dark disc, as its button shows it. */
static void
pic_option_number(const struct pic *p, double x, double y, int num)
{
	cairo_t	*cr = p->cr;
	char	 text[8];
	double	 r = p->size * 0.0135;

	cairo_new_path(cr);
	cairo_arc(cr, x, y, r, 0, 2 * PIC_PI);
	cairo_set_source_rgb(cr, 0.08, 0.2, 0.55);
	cairo_fill_preserve(cr);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_set_line_width(cr, p->size * 0.003);
	cairo_stroke(cr);
	cairo_select_font_face(cr, PIC_FONT, CAIRO_FONT_SLANT_NORMAL,
	    CAIRO_FONT_WEIGHT_BOLD);
	cairo_set_font_size(cr, r * 1.35);
	snprintf(text, sizeof text, "%d", num);
	pic_text_at(p, text, x, y);
}

/*
 * Draw the choices of the seat to act as arrows on the board as it is,
 * each numbered as its button (1, 2, ...): every segment of a move, a
 * swap both ways.  Arrows first, numbers over all of them.
 */
void
pic_options(struct pic *p)
{
	static const double	 ink[3] = { 0.08, 0.2, 0.55 };
	const struct tac_action	*a;
	struct pic_line		 l;
	double			 taken[PICTURE_MAXOPTS * TAC_MAXSEG][2], x, y;
	int			 i, k, n, nopts, ntaken = 0, pass;

	if (p->o == NULL || p->o->opts == NULL)
		return;
	nopts = p->o->nopts < PICTURE_MAXOPTS ? p->o->nopts : PICTURE_MAXOPTS;
	p->was = &p->st->b;
	p->who = p->st->turn;
	for (pass = 0; pass < 2; pass++) {
		for (i = 0; i < nopts; i++) {
			a = &p->o->opts[i];
			if (a->op != TAC_OP_MOVE && a->op != TAC_OP_SWAP)
				continue;
			n = a->nseg > TAC_MAXSEG ? TAC_MAXSEG : a->nseg;
			for (k = 0; k < n; k++) {
				if (pic_seg_path(p, a, k, &l) != 0)
					continue;
				if (pass == 0) {
					pic_line_stroke(p, &l, a->op ==
					    TAC_OP_SWAP ? 2 : 1, ink);
					continue;
				}
				/* A swap has two heads: number its middle. */
				if (a->op == TAC_OP_SWAP && l.n == 2) {
					l.x[1] = (l.x[0] + l.x[1]) / 2;
					l.y[1] = (l.y[0] + l.y[1]) / 2;
				}
				pic_option_spot(p, &l, taken, &ntaken, &x, &y);
				pic_option_number(p, x, y, i + 1);
			}
		}
	}
}

/* Is circle field f where a segment of the last action started? */
static int
pic_is_from(const struct tac_action *a, int f)
{
	int	i;

	for (i = 0; i < a->nseg && i < TAC_MAXSEG; i++) {
		if (a->seg[i].from == f)
			return (1);
	}
	return (0);
}

/* Is circle field f where a segment of the last action ended? */
static int
pic_is_to(const struct tac_action *a, int f)
{
	int	i;

	for (i = 0; i < a->nseg && i < TAC_MAXSEG; i++) {
		if (a->seg[i].to == f)
			return (1);
	}
	return (0);
}

/*
 * Find the marbles the last action sent back to their base: a marble of
 * seat s that was on a field the action did not start from, and is gone
 * from it (or was landed on), while s's base grew.  Fills kicked[f] with
 * the seat or -1; 0 when there is nothing to compare.
 */
static int
pic_kicks(const struct pic *p, int kicked[TAC_MAXFIELDS])
{
	const struct tac_board	*before, *after = &p->st->b;
	const struct tac_action	*a;
	int			 s, f, grew;

	for (f = 0; f < TAC_MAXFIELDS; f++)
		kicked[f] = -1;
	if (p->o == NULL || (a = p->o->last) == NULL ||
	    (before = p->o->before) == NULL || a->op == TAC_OP_SWAP)
		return (0);
	for (s = 0; s < p->nseats; s++) {
		grew = after->base[s] - before->base[s];
		for (f = 0; f < p->st->nfields && grew > 0; f++) {
			if (before->field[f] != s || pic_is_from(a, f))
				continue;
			if (after->field[f] == s && !pic_is_to(a, f))
				continue;
			kicked[f] = s;
			grew--;
		}
	}
	return (1);
}

/*
 * Mark the kicked marbles: first (mark = 0, under the marbles) a faded
 * ghost on the field each stood on; then (mark = 1, over the arrows) its
 * letter struck through beside the field, where the field number is, a
 * little aside on a start field so that an enter's arrow does not hide it.
 */
void
pic_kicked(const struct pic *p, int mark)
{
	cairo_t	*cr = p->cr;
	double	 x, y, r, a, dash[1];
	int	 kicked[TAC_MAXFIELDS], f, s;

	if (!pic_kicks(p, kicked))
		return;
	for (f = 0; f < p->st->nfields; f++) {
		if ((s = kicked[f]) < 0)
			continue;
		if (!mark) {
			pic_field_xy(p, f, p->r, &x, &y);
			cairo_new_path(cr);
			cairo_arc(cr, x, y, p->mr, 0, 2 * PIC_PI);
			pic_colour(p, s, 0.55);
			cairo_fill_preserve(cr);
			dash[0] = p->mr * 0.4;
			cairo_set_dash(cr, dash, 1, 0);
			cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
			cairo_set_line_width(cr, p->size * 0.0025);
			cairo_stroke(cr);
			cairo_set_dash(cr, NULL, 0, 0);
			continue;
		}
		r = p->size * 0.0105;
		a = pic_field_angle(p, f);
		if (pic_start_seat(p, f) >= 0)
			a -= 0.75 * 2 * PIC_PI / p->st->nfields;
		x = p->cx + (p->r + p->fr + p->size * 0.014) * cos(a);
		y = p->cy + (p->r + p->fr + p->size * 0.014) * sin(a);
		pic_marble(p, x, y, r, s, 0);
		cairo_set_source_rgb(cr, 0.05, 0.05, 0.05);
		cairo_set_line_width(cr, p->size * 0.004);
		cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
		cairo_move_to(cr, x - r * 1.2, y - r * 1.2);
		cairo_line_to(cr, x + r * 1.2, y + r * 1.2);
		cairo_move_to(cr, x + r * 1.2, y - r * 1.2);
		cairo_line_to(cr, x - r * 1.2, y + r * 1.2);
		cairo_stroke(cr);
	}
}
