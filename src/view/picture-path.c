/*
 * picture-path.c: the paths of the arrows on a board picture, planned
 * before anything is drawn: the last action's segments or the choices
 * of the seat to act, each a polyline with its heads in the plan
 * (p->g->arrow[], p->g->pt[]).
 *
 * An arrow along the circle follows it on a track just inside the
 * fields, so that a long move does not cut across the board and hide
 * the marbles.  Arrows that share a stretch of that track (the moves of
 * one marble with several cards, a 7's segments over one another) run
 * side by side instead: each gets a lane, the shortest the outermost,
 * and leaves its marble and reaches its field on the track, dipping to
 * its lane in between; into a home, its last leg runs beside the home
 * column at its lane's distance.  Enters that share a path run in
 * parallel.  A swap is a straight line between its two marbles, bent
 * away from the middle when it would cross the middle's text.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "picture-int.h"

#define PIC_ARC_STEP	(PIC_PI / 72)	/* an arc's steps, at most */
#define PIC_RAMP	1.0	/* fields a lane's dip takes */
#define PIC_BOW		2.0	/* ... or half of an arrow shorter than
				   twice this */
#define PIC_LANES	8	/* lanes along the circle, at most */
#define PIC_SIDE_LANES	4	/* ... beside a home, or from a base */

/* What an arrow runs along, for lanes: the circle, a home, a base. */
#define PIC_T_NONE	(-1)
#define PIC_T_CIRCLE	0
#define PIC_T_HOME	1			/* + the seat */
#define PIC_T_BASE	(1 + TAC_MAXSEATS)	/* + the seat */

/* One segment to draw, before its path is made. */
struct pic_leg {
	int	from, to;	/* its places */
	int	bseat;		/* whose base a "B" of it is */
	int	back;		/* walked backwards (a 4) */
	int	swap;		/* both ways, a straight line */
	int	num;		/* its number, 0: none */
	int	option;		/* one of the choices */
	int	track;		/* PIC_T_* (+ seat) */
	double	lo, len;	/* the stretch of the track it takes */
	int	lane;
};

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

/* How far from the track lane k runs. */
static double
pic_lane_depth(const struct pic *p, int k)
{
	return (k * p->lane);
}

/*
 * How far beside a home column an arrow in lane k runs: the first lane
 * clear of the home's marbles, the next ones further out.
 */
static double
pic_lane_side(const struct pic *p, int k)
{
	return (p->mr * 1.9 + k * p->size * PIC_SIDE_LANE);
}

/*
 * Beside home field k of seat s, off from its column, on the side the
 * circle comes from: an arrow in a home runs along the column rather
 * than over its marbles.
 */
static void
pic_home_side(const struct pic *p, int s, int k, double off, double *x,
    double *y)
{
	double	a;

	a = pic_field_angle(p, tac_start(p->st, s));
	pic_home_xy(p, s, k, x, y);
	*x += off * sin(a);
	*y -= off * cos(a);
}

/* 0 at 0, 1 from 1 on, smooth in between. */
static double
pic_smooth(double t)
{
	if (t <= 0)
		return (0);
	if (t >= 1)
		return (1);
	return (t * t * (3 - 2 * t));
}

/*
 * Append an arc from angle a0 on by da radians (< 0: backwards) at
 * depth below the track, dipping to it from the track at the start and,
 * unless it goes on into a home (out = 0), rising back at the end.  The
 * dips take finer steps than the rest, so that they bend smoothly.
 */
static void
pic_line_arc(const struct pic *p, struct pic_line *l, double a0, double da,
    double depth, int out)
{
	double	rad, t, ramp, dip, len = fabs(da), zone[4], at, step;
	int	i, n, z;

	/* A short arrow dips in one smooth bow. */
	ramp = 0;
	if (depth > 0)
		ramp = len < 2 * PIC_BOW * 2 * PIC_PI / p->st->nfields ? len / 2 :
		    PIC_RAMP * 2 * PIC_PI / p->st->nfields;
	zone[0] = 0;
	zone[1] = ramp;
	zone[2] = out ? len - ramp : len;
	zone[3] = len;
	pic_line_add(l, p->cx + pic_track(p) * cos(a0), p->cy + pic_track(p) *
	    sin(a0));
	for (z = 0; z < 3; z++) {
		if (zone[z + 1] - zone[z] <= 0)
			continue;
		step = z == 1 ? PIC_ARC_STEP : ramp / 6;
		n = (int)((zone[z + 1] - zone[z]) / step) + 1;
		for (i = 1; i <= n; i++) {
			at = zone[z] + (zone[z + 1] - zone[z]) * i / n;
			dip = 1;
			if (ramp > 0) {
				dip = pic_smooth(at / ramp);
				if (out)
					dip *= pic_smooth((len - at) / ramp);
			}
			rad = pic_track(p) - depth * dip;
			t = da < 0 ? -at : at;
			pic_line_add(l, p->cx + rad * cos(a0 + t),
			    p->cy + rad * sin(a0 + t));
		}
	}
}

/*
 * The path of a leg along the circle, maybe into a home: on the track,
 * in its lane between its ends; into a home, its last leg beside the
 * home column.
 */
static void
pic_leg_circle(const struct pic *p, const struct pic_leg *g,
    struct pic_line *l)
{
	double	x, y, a0, a1, da, depth, off, rad, step, full = 2 * PIC_PI;
	int	s;

	step = full / p->st->nfields;
	depth = pic_lane_depth(p, g->lane);
	a0 = pic_field_angle(p, g->from);
	if (!TAC_LOC_ISHOME(g->to)) {
		a1 = pic_field_angle(p, g->to);
		da = fmod(a1 - a0 + 2 * full, full);
		if (g->back)
			da -= full;
		pic_line_arc(p, l, a0, da, depth, 1);
		return;
	}
	/*
	 * Into a home: the arc stops short of the start field by the leg's
	 * distance from the column, but never less than a third of a field
	 * after it began.
	 */
	s = TAC_LOC_SEAT(g->to);
	rad = pic_track(p) - depth;
	da = fmod(pic_field_angle(p, tac_start(p->st, s)) - a0 + 2 * full,
	    full);
	off = pic_lane_side(p, g->lane);
	if (g->lane > 0)
		off = fmax(pic_lane_side(p, 0), fmin(off, (da - step / 3) *
		    rad));
	pic_line_arc(p, l, a0, da - off / rad, depth, 0);
	pic_home_side(p, s, TAC_LOC_DEPTH(g->to), off, &x, &y);
	pic_line_add(l, x, y);
}

/* Does a polyline come within m of the middle's text? */
static int
pic_line_meets_centre(const struct pic *p, const struct pic_line *l,
    double m)
{
	int	i, k;

	for (k = 0; k < p->g->ncentre; k++)
		for (i = 0; i + 1 < l->n; i++)
			if (pic_seg_meets(l->x[i], l->y[i], l->x[i + 1],
			    l->y[i + 1], &p->g->centre[k], m))
				return (1);
	return (0);
}

static void	pic_head_plan(const struct pic *, const struct pic_line *, int,
		    double [3][2]);

/*
 * Does a swap's line, trimmed at its marbles as it will be drawn, come
 * over a field between its two marbles or a field's number (its line
 * with its white rim, or the box around a head with its rim), or is it
 * too short to show?  Only a swap between near fields runs that close
 * to the ring.
 */
static int
pic_swap_meets_ring(const struct pic *p, const struct pic_leg *g,
    const struct pic_line *l)
{
	struct picture_box	h;
	struct pic_line		t = *l;
	double			tri[3][2], m = p->size * PIC_ARROW_HALO / 2;
	double			x, y;
	int			i, f, e;

	/* Too short for its two heads and a stretch of line between. */
	if (pic_line_len(l) - p->mr * 2.9 < p->size * PIC_HEAD_LEN * 3)
		return (1);
	pic_line_trim(&t, p->mr * 1.45, 0);
	pic_line_trim(&t, p->mr * 1.45, 1);
	for (f = 0; f < p->st->nfields; f++)
		for (i = 0; i + 1 < t.n; i++) {
			if (pic_seg_meets(t.x[i], t.y[i], t.x[i + 1],
			    t.y[i + 1], &p->g->field[f], m))
				return (1);
			if (f == g->from || f == g->to)
				continue;
			pic_field_xy(p, f, p->r, &x, &y);
			if (pic_seg_dist(x, y, t.x[i], t.y[i], t.x[i + 1],
			    t.y[i + 1]) < p->fr + m)
				return (1);
		}
	for (e = 0; e < 2 && t.n >= 2; e++) {
		pic_head_plan(p, &t, e, tri);
		h.x = fmin(tri[0][0], fmin(tri[1][0], tri[2][0]));
		h.y = fmin(tri[0][1], fmin(tri[1][1], tri[2][1]));
		h.w = fmax(tri[0][0], fmax(tri[1][0], tri[2][0])) - h.x;
		h.h = fmax(tri[0][1], fmax(tri[1][1], tri[2][1])) - h.y;
		/* With the head's white rim. */
		h.x -= p->size * PIC_HEAD_RIM / 2;
		h.y -= p->size * PIC_HEAD_RIM / 2;
		h.w += p->size * PIC_HEAD_RIM;
		h.h += p->size * PIC_HEAD_RIM;
		for (f = 0; f < p->st->nfields; f++)
			if (pic_box_hits(&h, &p->g->field[f]))
				return (1);
	}
	return (0);
}

/*
 * The path of a swap: straight from marble to marble; when that crosses
 * the middle's text, a curve bulging away from the middle, bent further
 * until it is clear; when it runs over the fields between or their
 * numbers (two marbles near each other on the circle), a curve bulging
 * toward the middle, long enough for its two heads and a stretch of line
 * between them (a straight one between neighbours was not drawn at all).
 */
static void
pic_leg_swap(const struct pic *p, const struct pic_leg *g,
    struct pic_line *l)
{
	double	x0, y0, x1, y1, mx, my, nx, ny, d, h, cx, cy, t, m, step;
	int	i, centre, ring;

	pic_loc_xy(p, g->from, 0, &x0, &y0);
	pic_loc_xy(p, g->to, 0, &x1, &y1);
	pic_line_add(l, x0, y0);
	pic_line_add(l, x1, y1);
	m = p->size * (PIC_ARROW_HALO / 2 + 0.004);
	centre = pic_line_meets_centre(p, l, m);
	ring = !centre && pic_swap_meets_ring(p, g, l);
	if (!centre && !ring)
		return;
	mx = (x0 + x1) / 2;
	my = (y0 + y1) / 2;
	if ((d = hypot(x1 - x0, y1 - y0)) == 0)
		return;
	nx = -(y1 - y0) / d;
	ny = (x1 - x0) / d;
	/* Away from the middle: the side its midpoint lies on. */
	if ((mx - p->cx) * nx + (my - p->cy) * ny < 0) {
		nx = -nx;
		ny = -ny;
	}
	/* Toward it, in finer steps, off the ring. */
	step = p->size * 0.04;
	if (ring) {
		nx = -nx;
		ny = -ny;
		step = p->size * 0.01;
	}
	for (h = step; h < p->r * 2; h += step) {
		l->n = 0;
		if (ring) {
			pic_line_loop(l, x0, y0, x1, y1, nx * h, ny * h);
			if (!pic_line_meets_centre(p, l, m) &&
			    !pic_swap_meets_ring(p, g, l))
				return;
			continue;
		}
		/* A quadratic curve; its middle lies h / 2 off the line. */
		cx = mx + nx * h;
		cy = my + ny * h;
		for (i = 0; i <= 24; i++) {
			t = i / 24.0;
			pic_line_add(l, (1 - t) * (1 - t) * x0 + 2 * t *
			    (1 - t) * cx + t * t * x1, (1 - t) * (1 - t) * y0 +
			    2 * t * (1 - t) * cy + t * t * y1);
		}
		if (!pic_line_meets_centre(p, l, m))
			return;
	}
}

/*
 * The path of one leg, trimmed where the marbles are: along the circle
 * (into a home), inside a home, to or from a base, or a swap.
 */
static void
pic_leg_line(const struct pic *p, const struct pic_leg *g,
    struct pic_line *l)
{
	double	x0, y0, x1, y1, dx, dy, d, off, a, t0 = 0, t1 = 0;
	int	k = g->lane;

	l->n = 0;
	if (g->swap) {
		pic_leg_swap(p, g, l);
		t0 = t1 = p->mr * 1.45;
	} else if (g->from == TAC_LOC_BASE || g->to == TAC_LOC_BASE) {
		/*
		 * Straight; enters that share it leave the base side by side
		 * and meet at the field, so that their heads keep off the
		 * neighbours' numbers.  The second one leans to the side of
		 * the fields after the start field (of the two sides, the one
		 * that crossed fewer of those numbers over check_overlap's
		 * games); even the fourth stays short of the start field's
		 * number beside the base (pic_number_box()).
		 */
		pic_loc_xy(p, g->from, g->bseat, &x0, &y0);
		pic_loc_xy(p, g->to, g->bseat, &x1, &y1);
		off = (k + 1) / 2 * (k % 2 ? 1 : -1) * p->size *
		    PIC_BASE_LANE;
		a = pic_field_angle(p, tac_start(p->st, g->bseat));
		if ((d = hypot(x1 - x0, y1 - y0)) > 0) {
			dx = -(y1 - y0) / d;
			dy = (x1 - x0) / d;
			/* +: toward the fields after the start field. */
			if (dx * -sin(a) + dy * cos(a) < 0)
				off = -off;
			if (g->from == TAC_LOC_BASE) {
				x0 += dx * off;
				y0 += dy * off;
			} else {
				x1 += dx * off;
				y1 += dy * off;
			}
		}
		pic_line_add(l, x0, y0);
		pic_line_add(l, x1, y1);
		t0 = g->from == TAC_LOC_BASE ? 0 : p->mr * 1.1;
		t1 = g->to == TAC_LOC_BASE ? p->mr * 2.4 : p->mr * 1.45;
	} else if (TAC_LOC_ISHOME(g->from)) {
		/* Homes are only ever left for the same home. */
		pic_home_side(p, TAC_LOC_SEAT(g->from), TAC_LOC_DEPTH(g->from),
		    pic_lane_side(p, k), &x0, &y0);
		pic_line_add(l, x0, y0);
		if (TAC_LOC_ISHOME(g->to))
			pic_home_side(p, TAC_LOC_SEAT(g->to),
			    TAC_LOC_DEPTH(g->to), pic_lane_side(p, k), &x1,
			    &y1);
		else
			pic_loc_xy(p, g->to, g->bseat, &x1, &y1);
		pic_line_add(l, x1, y1);
	} else
		pic_leg_circle(p, g, l);
	pic_line_trim(l, t0, 0);
	pic_line_trim(l, t1, 1);
}

/*
 * Which track a leg runs along and the stretch it takes: fields along
 * the circle, depths in a home, the one path from a base.
 */
static void
pic_leg_track(const struct pic *p, struct pic_leg *g)
{
	int	n = p->st->nfields, end;

	g->track = PIC_T_NONE;
	g->lo = g->len = 0;
	if (g->swap)
		return;
	if (g->from == TAC_LOC_BASE || g->to == TAC_LOC_BASE) {
		g->track = PIC_T_BASE + g->bseat;
		g->len = 1;
	} else if (TAC_LOC_ISHOME(g->from)) {
		if (!TAC_LOC_ISHOME(g->to))
			return;
		g->track = PIC_T_HOME + TAC_LOC_SEAT(g->from);
		g->lo = fmin(TAC_LOC_DEPTH(g->from), TAC_LOC_DEPTH(g->to));
		g->len = abs(TAC_LOC_DEPTH(g->to) - TAC_LOC_DEPTH(g->from));
	} else {
		g->track = PIC_T_CIRCLE;
		end = TAC_LOC_ISHOME(g->to) ?
		    tac_start(p->st, TAC_LOC_SEAT(g->to)) : g->to;
		if (g->back && !TAC_LOC_ISHOME(g->to)) {
			g->lo = end;
			g->len = (g->from - end + n) % n;
		} else {
			g->lo = g->from;
			g->len = (end - g->from + n) % n;
			/* On beside the home column. */
			if (TAC_LOC_ISHOME(g->to))
				g->len += 0.5;
		}
	}
}

/* How much two legs' stretches of one track overlap. */
static double
pic_leg_overlap(const struct pic *p, const struct pic_leg *a,
    const struct pic_leg *b)
{
	double	best = 0, lo, hi, n = p->st->nfields;
	int	k;

	if (a->track != b->track || a->track == PIC_T_NONE)
		return (0);
	if (a->track >= PIC_T_BASE)
		return (1);
	for (k = -1; k <= 1; k++) {
		if (a->track != PIC_T_CIRCLE && k != 0)
			continue;
		lo = fmax(a->lo, b->lo + k * n);
		hi = fmin(a->lo + a->len, b->lo + b->len + k * n);
		best = fmax(best, hi - lo);
	}
	return (best);
}

/*
 * How deep the lanes along the circle may go together: an arc that deep
 * passes outside every corner of the middle's lines of text.
 */
static double
pic_lanes_room(const struct pic *p)
{
	const struct picture_box	*b;
	double				 far = 0;
	int				 k;

	for (k = 0; k < p->g->ncentre; k++) {
		b = &p->g->centre[k];
		far = fmax(far, hypot(fmax(fabs(b->x - p->cx),
		    fabs(b->x + b->w - p->cx)), fmax(fabs(b->y - p->cy),
		    fabs(b->y + b->h - p->cy))));
	}
	return (fmax(0, pic_track(p) - far - p->size * (PIC_ARROW_HALO / 2 +
	    0.004)));
}

/*
 * Give each leg a lane: the shortest first, each the first lane no leg
 * of the same track already takes where they overlap (by more than
 * half a field: two arrows that only meet end to end share one).  Then
 * space the lanes along the circle: far apart when there are few, so
 * that a number fits beside a head between them.
 */
static void
pic_lanes(struct pic *p, struct pic_leg *g, int n)
{
	int	order[PICTURE_MAXARROWS], i, j, k, t, used, deepest = 0;

	for (i = 0; i < n; i++) {
		/* Insertion by length, stable. */
		for (j = i; j > 0 && g[order[j - 1]].len > g[i].len; j--)
			order[j] = order[j - 1];
		order[j] = i;
	}
	for (i = 0; i < n; i++) {
		t = order[i];
		g[t].lane = 0;
		if (g[t].track == PIC_T_NONE)
			continue;
		used = 0;
		for (j = 0; j < i; j++) {
			k = order[j];
			if (pic_leg_overlap(p, &g[t], &g[k]) > 0.5 ||
			    (g[t].track != PIC_T_CIRCLE &&
			    pic_leg_overlap(p, &g[t], &g[k]) > 0))
				used |= 1 << g[k].lane;
		}
		while (used & (1 << g[t].lane))
			g[t].lane++;
		if (g[t].track == PIC_T_CIRCLE && g[t].lane >= PIC_LANES)
			g[t].lane = PIC_LANES - 1;
		else if (g[t].track != PIC_T_CIRCLE &&
		    g[t].lane >= PIC_SIDE_LANES)
			g[t].lane = PIC_SIDE_LANES - 1;
		if (g[t].track == PIC_T_CIRCLE && g[t].lane > deepest)
			deepest = g[t].lane;
	}
	/* Few lanes far apart, many closer, all off the middle's text. */
	p->lane = p->size * PIC_LANE;
	if (deepest > 0)
		p->lane = fmin(p->lane, fmin(p->size * PIC_LANES_DEPTH,
		    pic_lanes_room(p)) / deepest);
}

/*
 * Add the legs of action a (every segment of a move, a swap) to g[*n]:
 * numbered num (0: none; -1: by segment, from 1, when there are more
 * than one).
 */
static void
pic_legs_add(const struct pic *p, const struct tac_action *a, int num,
    int option, struct pic_leg *g, int *n)
{
	struct pic_leg	*l;
	int		 k, nseg;

	if (a->op != TAC_OP_MOVE && a->op != TAC_OP_SWAP)
		return;
	nseg = a->nseg > TAC_MAXSEG ? TAC_MAXSEG : a->nseg;
	for (k = 0; k < nseg && *n < PICTURE_MAXARROWS; k++) {
		if (!pic_loc_ok(p, a->seg[k].from) ||
		    !pic_loc_ok(p, a->seg[k].to) ||
		    a->seg[k].from == a->seg[k].to)
			continue;
		l = &g[(*n)++];
		memset(l, 0, sizeof *l);
		l->from = a->seg[k].from;
		l->to = a->seg[k].to;
		l->bseat = pic_base_seat(p, l->from, l->to);
		l->back = a->card == TAC_C4;
		l->swap = a->op == TAC_OP_SWAP;
		l->num = num >= 0 ? num : nseg > 1 ? k + 1 : 0;
		l->option = option;
		pic_leg_track(p, l);
	}
}

/* Add a head to arrow w at the end of l (end = 1) or its start. */
static void
pic_head_plan(const struct pic *p, const struct pic_line *l, int end,
    double tri[3][2])
{
	double	tx, ty, dx, dy, d, len = p->size * PIC_HEAD_LEN;
	double	w = len * 0.55;
	int	a, b;

	a = end ? l->n - 1 : 0;
	b = end ? l->n - 2 : 1;
	tx = l->x[a];
	ty = l->y[a];
	dx = tx - l->x[b];
	dy = ty - l->y[b];
	if ((d = hypot(dx, dy)) == 0)
		d = 1;
	dx /= d;
	dy /= d;
	tri[0][0] = tx;
	tri[0][1] = ty;
	tri[1][0] = tx - dx * len - dy * w;
	tri[1][1] = ty - dy * len + dx * w;
	tri[2][0] = tx - dx * len + dy * w;
	tri[2][1] = ty - dy * len - dx * w;
}

/* Put leg g's path into the plan as an arrow. */
static void
pic_arrow_add(struct pic *p, const struct pic_leg *g)
{
	struct picture_geom	*G = p->g;
	struct picture_arrow	*w;
	struct pic_line		 l;
	int			 i;

	pic_leg_line(p, g, &l);
	if (l.n < 2 || G->narrow == PICTURE_MAXARROWS ||
	    G->npts + l.n > PICTURE_MAXPTS)
		return;
	w = &G->arrow[G->narrow++];
	memset(w, 0, sizeof *w);
	w->first = G->npts;
	w->n = l.n;
	for (i = 0; i < l.n; i++) {
		G->pt[G->npts][0] = l.x[i];
		G->pt[G->npts][1] = l.y[i];
		G->npts++;
	}
	w->heads = g->swap ? 2 : 1;
	pic_head_plan(p, &l, 1, w->head[0]);
	if (w->heads == 2)
		pic_head_plan(p, &l, 0, w->head[1]);
	w->num = g->num;
	w->box = -1;
	w->option = g->option;
}

/*
 * Plan the arrows: the choices of the seat to act (numbered as their
 * buttons) on the board as it is, or else the last action's segments
 * (numbered when there are several) from the board before it.
 */
void
pic_paths_plan(struct pic *p)
{
	struct pic_leg	legs[PICTURE_MAXARROWS];
	int		i, n = 0, nopts;

	p->g->narrow = p->g->npts = 0;
	p->g->halo = p->size * PIC_ARROW_HALO;
	if (p->o == NULL)
		return;
	if (p->o->opts != NULL) {
		p->was = &p->st->b;
		p->who = p->st->turn;
		nopts = p->o->nopts < PICTURE_MAXOPTS ? p->o->nopts :
		    PICTURE_MAXOPTS;
		for (i = 0; i < nopts; i++)
			pic_legs_add(p, &p->o->opts[i], i + 1, 1, legs, &n);
	} else if (p->o->last != NULL) {
		p->was = p->o->before;
		p->who = p->o->last_seat;
		pic_legs_add(p, p->o->last, -1, 0, legs, &n);
	}
	pic_lanes(p, legs, n);
	for (i = 0; i < n; i++)
		pic_arrow_add(p, &legs[i]);
}
