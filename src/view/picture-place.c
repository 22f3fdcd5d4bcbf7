/*
 * picture-place.c: the plan of a board picture (struct picture_geom),
 * made before anything is drawn, so that nothing written covers
 * anything else: where the places and the fields' numbers are, the
 * words (picture-label.c), the arrows' paths (picture-path.c), then the
 * marks of kicked marbles and the arrows' numbers, each put where
 * nothing is yet.
 *
 * A number or a mark is tried at places near what it belongs to, best
 * first: a number beside its arrow's head on the side of the middle,
 * then further back along the arrow and further aside (on the arrow
 * itself where it is long), on the other side last; a kicked marble's
 * mark beyond its field's number, then a little aside.  A place is
 * taken only if it keeps off the picture's edge, the other numbers and
 * marks, the arrowheads, the places (fields, homes, base slots), the
 * fields' numbers, the labels and the middle's text; of those, the one
 * over the fewest other arrows wins, nearness breaking ties.  Only if
 * none is free does a spiral around the first place search further.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <math.h>
#include <string.h>

#include "picture-int.h"

#define PIC_GAP		0.003	/* kept between things, of the width */
#define PIC_FIELDS_NEAR	3	/* fields either side that something as
				   big as a number may reach */
#define PIC_SOFT	1.5	/* the cost of lying over another arrow, in
				   radii of what is placed further away */
#define PIC_OUTSIDE	4.0	/* ... of lying across the circle of fields
				   from what it belongs to */

/* The length of (dx, dy): sqrt, which is much cheaper than hypot(). */
static inline double
pic_len(double dx, double dy)
{
	return (sqrt(dx * dx + dy * dy));
}

/* Do two boxes overlap? */
int
pic_box_hits(const struct picture_box *a, const struct picture_box *b)
{
	return (a->x < b->x + b->w && b->x < a->x + a->w &&
	    a->y < b->y + b->h && b->y < a->y + a->h);
}

/* Does box b come within r of the point (x, y)? */
static int
pic_box_near(const struct picture_box *b, double x, double y, double r)
{
	double	dx, dy;

	dx = x < b->x ? b->x - x : x > b->x + b->w ? x - b->x - b->w : 0;
	dy = y < b->y ? b->y - y : y > b->y + b->h ? y - b->y - b->h : 0;
	return (dx * dx + dy * dy < r * r);
}

/* The box of side 2r around (x, y), grown by m. */
static struct picture_box
pic_box_at(double x, double y, double r, double m)
{
	struct picture_box	b;

	b.x = x - r - m;
	b.y = y - r - m;
	b.w = b.h = 2 * (r + m);
	return (b);
}

/* The box around a head's triangle, its white rim included. */
static struct picture_box
pic_head_box(const struct pic *p, const double tri[3][2])
{
	struct picture_box	b;
	double			x0, y0, x1, y1, m = p->size * PIC_HEAD_RIM / 2;
	int			i;

	x0 = x1 = tri[0][0];
	y0 = y1 = tri[0][1];
	for (i = 1; i < 3; i++) {
		x0 = fmin(x0, tri[i][0]);
		x1 = fmax(x1, tri[i][0]);
		y0 = fmin(y0, tri[i][1]);
		y1 = fmax(y1, tri[i][1]);
	}
	b.x = x0 - m;
	b.y = y0 - m;
	b.w = x1 - x0 + 2 * m;
	b.h = y1 - y0 + 2 * m;
	return (b);
}

/*
 * The fixed part of the plan: the size, the start fields, the places
 * and the boxes of the fields' numbers (as pic_board() writes them,
 * centred on their ink: as wide as their digits, as high as one).
 */
static void
pic_plan_board(struct pic *p)
{
	struct picture_geom	*g = p->g;
	int			 f, s, k;

	g->size = p->size;
	g->cx = p->cx;
	g->cy = p->cy;
	g->r = p->r;
	g->nseats = p->nseats;
	g->nfields = p->st->nfields;
	g->bottom = p->bottom;
	g->ncentre = g->nkick = g->nnum = g->narrow = g->npts = 0;
	g->nplace = 0;
	g->placer = p->fr;
	for (f = 0; f < g->nfields; f++) {
		pic_number_box(p, f, &g->field[f]);
		pic_field_xy(p, f, p->r, &g->place[g->nplace][0],
		    &g->place[g->nplace][1]);
		g->nplace++;
	}
	for (s = 0; s < p->nseats; s++) {
		pic_field_xy(p, tac_start(p->st, s), p->r, &g->start[s][0],
		    &g->start[s][1]);
		for (k = 0; k < TAC_MARBLES; k++) {
			pic_home_xy(p, s, k + 1, &g->place[g->nplace][0],
			    &g->place[g->nplace][1]);
			g->nplace++;
			pic_slot_xy(p, s, k, &g->place[g->nplace][0],
			    &g->place[g->nplace][1]);
			g->nplace++;
		}
	}
}

/*
 * Is box b (around (x, y), of half side r) clear of everything that
 * must not be covered: the edge, the numbers and marks placed, the
 * arrowheads, the middle's text, the labels, the fields' numbers and
 * the places?
 */
static int
pic_spot_clear(const struct pic *p, const struct picture_box *b, double x,
    double y, double r)
{
	const struct picture_geom	*g = p->g;
	struct picture_box		 h;
	double				 m = p->size * PIC_GAP, rho, ring, reach;
	int				 i, k, f0, near;

	if (b->x < m || b->y < m || b->x + b->w > p->size - m ||
	    b->y + b->h > p->size - m)
		return (0);
	for (i = 0; i < g->nnum; i++)
		if (pic_box_near(&g->num[i], x, y, r * 1.42 + m) &&
		    pic_box_hits(b, &g->num[i]))
			return (0);
	for (i = 0; i < g->nkick; i++)
		if (pic_box_hits(b, &g->kick[i]))
			return (0);
	for (i = 0; i < g->narrow; i++)
		for (k = 0; k < g->arrow[i].heads; k++) {
			h = pic_head_box(p, g->arrow[i].head[k]);
			if (pic_box_hits(b, &h))
				return (0);
		}
	for (i = 0; i < g->ncentre; i++)
		if (pic_box_hits(b, &g->centre[i]))
			return (0);
	for (i = 0; i < g->nseats; i++)
		if (pic_box_hits(b, &g->label[i]) ||
		    pic_box_hits(b, &g->field[tac_start(p->st, i)]))
			return (0);
	/*
	 * The fields and their numbers lie on rings, a field's width
	 * apart: look only near them, at the fields nearest in angle.
	 */
	rho = pic_len(x - p->cx, y - p->cy);
	ring = p->r + p->fr + p->size * PIC_NUMBER_OFS;
	near = fabs(rho - ring) < r * 1.42 + p->size * 0.02;
	if (near || fabs(rho - p->r) < g->placer + r * 1.42 + m) {
		f0 = (int)lround((atan2(y - p->cy, x - p->cx) - PIC_PI / 2) *
		    g->nfields / (2 * PIC_PI)) + p->rot;
		for (k = -PIC_FIELDS_NEAR; k <= PIC_FIELDS_NEAR; k++) {
			i = ((f0 + k) % g->nfields + g->nfields) % g->nfields;
			if ((near && pic_box_hits(b, &g->field[i])) ||
			    pic_box_near(b, g->place[i][0], g->place[i][1],
			    g->placer + m))
				return (0);
		}
	}
	/* Home fields lie inside the circle, base slots beyond it. */
	reach = g->placer + r * 1.42 + m;
	if (rho < p->r - p->hstep + reach || rho > p->r + p->bofs -
	    p->mr * 1.6 - reach)
		for (i = g->nfields; i < g->nplace; i++)
			if (pic_box_near(b, g->place[i][0], g->place[i][1],
			    g->placer + m))
				return (0);
	return (1);
}

/* The distance from (x, y) to arrow w's line. */
static double
pic_arrow_dist(const struct pic *p, const struct picture_arrow *w, double x,
    double y)
{
	const double	*a, *b;
	double		 d, t, dx, dy, px, py, best = 1e9;
	int		 k;

	for (k = 0; k + 1 < w->n; k++) {
		a = p->g->pt[w->first + k];
		b = p->g->pt[w->first + k + 1];
		dx = b[0] - a[0];
		dy = b[1] - a[1];
		d = dx * dx + dy * dy;
		t = d > 0 ? ((x - a[0]) * dx + (y - a[1]) * dy) / d : 0;
		t = t < 0 ? 0 : t > 1 ? 1 : t;
		px = a[0] + t * dx - x;
		py = a[1] + t * dy - y;
		best = fmin(best, px * px + py * py);
	}
	return (sqrt(best));
}

/*
 * What lying at (x, y) with half side r costs among the arrows: each
 * one it covers (its own only when it lies beside it, own = 0, rather
 * than on it), and another one nearer than its own (own >= 0), which
 * would seem to be the one it numbers.  An arrow whose box is further
 * than both is not measured.
 */
static double
pic_spot_arrows(const struct pic *p, double x, double y, double r, int own,
    int on)
{
	const struct picture_geom	*g = p->g;
	double				 d, mine = 1e9, near = 1e9, cost = 0;
	double				 cover = r + g->halo / 2;
	int				 i;

	if (own >= 0)
		mine = pic_arrow_dist(p, &g->arrow[own], x, y);
	for (i = 0; i < g->narrow; i++) {
		if (i != own && !pic_box_near(&p->abox[i], x, y,
		    fmax(cover, fmin(mine, near))))
			continue;
		d = i == own ? mine : pic_arrow_dist(p, &g->arrow[i], x, y);
		if (d < cover && !(i == own && on))
			cost += PIC_SOFT;
		if (i != own)
			near = fmin(near, d);
	}
	if (own >= 0 && near < mine)
		cost += PIC_SOFT / 2;
	return (cost);
}

/* The box around each arrow's line, for pic_spot_arrows(). */
static void
pic_arrow_boxes(struct pic *p)
{
	const struct picture_arrow	*w;
	const double			(*pt)[2];
	double				 x0, y0, x1, y1;
	int				 i, k;

	for (i = 0; i < p->g->narrow; i++) {
		w = &p->g->arrow[i];
		pt = p->g->pt + w->first;
		x0 = x1 = pt[0][0];
		y0 = y1 = pt[0][1];
		for (k = 1; k < w->n; k++) {
			x0 = fmin(x0, pt[k][0]);
			x1 = fmax(x1, pt[k][0]);
			y0 = fmin(y0, pt[k][1]);
			y1 = fmax(y1, pt[k][1]);
		}
		p->abox[i].x = x0;
		p->abox[i].y = y0;
		p->abox[i].w = x1 - x0;
		p->abox[i].h = y1 - y0;
	}
}

/*
 * The point of arrow w at distance s from its end (its head), and the
 * unit normal there that points to the middle's side.
 */
static void
pic_arrow_at(const struct pic *p, const struct picture_arrow *w, double s,
    double *x, double *y, double *nx, double *ny)
{
	const double	(*pt)[2] = p->g->pt + w->first;
	double		 dx = 0, dy = 0, d = 0, t;
	int		 k;

	for (k = w->n - 1; k > 0; k--) {
		dx = pt[k][0] - pt[k - 1][0];
		dy = pt[k][1] - pt[k - 1][1];
		d = pic_len(dx, dy);
		if (s <= d || k == 1)
			break;
		s -= d;
	}
	t = d > 0 ? fmin(s / d, 1) : 0;
	*x = pt[k][0] - dx * t;
	*y = pt[k][1] - dy * t;
	if (d == 0)
		d = 1;
	*nx = -dy / d;
	*ny = dx / d;
	if ((p->cx - *x) * *nx + (p->cy - *y) * *ny < 0) {
		*nx = -*nx;
		*ny = -*ny;
	}
}

/* The length of arrow w. */
static double
pic_arrow_len(const struct pic *p, const struct picture_arrow *w)
{
	const double	(*pt)[2] = p->g->pt + w->first;
	double		 len = 0;
	int		 k;

	for (k = 1; k < w->n; k++)
		len += pic_len(pt[k][0] - pt[k - 1][0], pt[k][1] - pt[k - 1][1]);
	return (len);
}

/*
 * What it costs to write something at (x, y) for what is at (ax, ay):
 * PIC_OUTSIDE when the circle of fields lies between them.
 */
static double
pic_across(const struct pic *p, double ax, double ay, double x, double y)
{
	int	in;

	in = pic_len(ax - p->cx, ay - p->cy) < p->r;
	return (in != (pic_len(x - p->cx, y - p->cy) < p->r) ? PIC_OUTSIDE :
	    0);
}

/* The best spot found so far for a number or a mark. */
struct pic_spot {
	double	cost;
	double	x, y;
};

/*
 * Try (x, y) for something of half side r, whose place costs cost before
 * the arrows (for arrow own's number, on it or beside it): keep it in
 * best if it is clear and cheaper.
 */
static void
pic_spot_try(const struct pic *p, double x, double y, double r,
    double cost, int own, int on, struct pic_spot *best)
{
	struct picture_box	b;

	if (cost >= best->cost)
		return;
	b = pic_box_at(x, y, r, 0);
	if (!pic_spot_clear(p, &b, x, y, r))
		return;
	cost += pic_spot_arrows(p, x, y, r, own, on);
	if (cost < best->cost) {
		best->cost = cost;
		best->x = x;
		best->y = y;
	}
}

/* The places to try for one number or mark, with their costs. */
#define PIC_CANDS	320
struct pic_cands {
	int	n;
	struct pic_cand {
		double	x, y, cost;
		int	on;		/* on its own arrow */
	} c[PIC_CANDS];
};

/* Add a place to try. */
static void
pic_cand_add(struct pic_cands *c, double x, double y, double cost, int on)
{
	if (c->n == PIC_CANDS)
		return;
	c->c[c->n].x = x;
	c->c[c->n].y = y;
	c->c[c->n].cost = cost;
	c->c[c->n].on = on;
	c->n++;
}

/*
 * Try the places cheapest first (picked one by one: the first few
 * usually settle it), and stop at the first that costs more before the
 * arrows than the best found costs with them.
 */
static void
pic_cands_try(const struct pic *p, struct pic_cands *c, double r, int own,
    struct pic_spot *best)
{
	int	i, k;

	for (;;) {
		for (i = -1, k = 0; k < c->n; k++)
			if (c->c[k].cost >= 0 && (i < 0 ||
			    c->c[k].cost < c->c[i].cost))
				i = k;
		if (i < 0 || c->c[i].cost >= best->cost)
			break;
		pic_spot_try(p, c->c[i].x, c->c[i].y, r, c->c[i].cost, own,
		    c->c[i].on, best);
		c->c[i].cost = -1;
	}
}

/*
 * Only if nothing near was clear: a spiral around (x, y), outward, for
 * the first clear place.
 */
static void
pic_spot_spiral(const struct pic *p, double x, double y, double r,
    struct pic_spot *best)
{
	double	a;
	int	ring, k;

	for (ring = 1; ring <= 24 && best->cost >= 1e8; ring++)
		for (k = 0; k < 16; k++) {
			a = 2 * PIC_PI * (k + (ring % 2) * 0.5) / 16;
			pic_spot_try(p, x + ring * r * cos(a), y + ring * r *
			    sin(a), r, 1e6 + ring, -1, 0, best);
		}
}

/*
 * Place arrow i's number: beside the arrow (on it, where it is long),
 * where nothing else is, as near its head as that allows (a swap's:
 * its middle), on the middle's side rather than the other.
 */
static void
pic_number_plan(struct pic *p, int i)
{
	struct picture_geom	*g = p->g;
	struct picture_arrow	*w = &g->arrow[i];
	struct pic_spot		 best = { 1e9, 0, 0 };
	struct pic_cands	 c;
	double			 r, len, s, off, x, y, nx, ny, step, ax, ay;
	double			 head = p->size * PIC_HEAD_LEN, sx, sy, tx, ty;
	int			 j, k, side;

	c.n = 0;
	r = p->size * (w->option ? PIC_OPTNUM_R + PIC_OPTNUM_RIM / 2 :
	    PIC_SEGNUM_R + PIC_SEGNUM_RIM / 2);
	len = pic_arrow_len(p, w);
	step = r * 1.2;
	pic_arrow_at(p, w, w->heads == 2 ? len / 2 : 0, &ax, &ay, &nx, &ny);
	for (j = 0; j < 16; j++) {
		/* From the head back, or from a swap's middle outward. */
		if (w->heads == 2)
			s = len / 2 + (j + 1) / 2 * (j % 2 ? 1 : -1) * step;
		else
			s = head * 0.3 + j * step;
		if (s < 0 || s > len)
			continue;
		pic_arrow_at(p, w, s, &x, &y, &nx, &ny);
		for (side = 0; side < 2; side++)
			for (k = 0; k < 5; k++) {
				off = (g->halo / 2 + r + p->size * PIC_GAP +
				    k * r * 0.9) * (side ? -1 : 1);
				tx = x + nx * off;
				ty = y + ny * off;
				pic_cand_add(&c, tx, ty, pic_len(tx - ax,
				    ty - ay) / r + side * 0.5 +
				    pic_across(p, ax, ay, tx, ty), 0);
			}
		/* On the arrow itself, away from its ends. */
		if (s > head + 2 * r && s < len - 2 * r)
			pic_cand_add(&c, x, y, pic_len(x - ax, y - ay) / r + 1,
			    1);
	}
	/* Around the head (a swap's middle): a short arrow has no room. */
	pic_arrow_at(p, w, w->heads == 2 ? len / 2 : 0, &x, &y, &nx, &ny);
	for (k = 0; k < 3; k++)
		for (j = 0; j < 12; j++) {
			off = (g->halo / 2 + r + p->size * PIC_GAP) *
			    (1 + k * 0.45);
			s = 2 * PIC_PI * (j + (k % 2) * 0.5) / 12;
			tx = ax + off * cos(s);
			ty = ay + off * sin(s);
			pic_cand_add(&c, tx, ty, off / r + ((tx - ax) * nx +
			    (ty - ay) * ny < 0 ? 0.5 : 0) +
			    pic_across(p, ax, ay, tx, ty), 0);
		}
	pic_cands_try(p, &c, r, i, &best);
	if (best.cost >= 1e8)
		pic_spot_spiral(p, ax, ay, r, &best);
	if (best.cost >= 1e8) {
		/* Nowhere clear: beside the head, as before. */
		pic_arrow_at(p, w, head, &sx, &sy, &nx, &ny);
		best.x = sx + nx * (g->halo / 2 + r);
		best.y = sy + ny * (g->halo / 2 + r);
	}
	w->box = g->nnum;
	g->num[g->nnum++] = pic_box_at(best.x, best.y, r, 0);
}

/* Place the numbers of the arrows that have one, in their order. */
void
pic_numbers_plan(struct pic *p)
{
	int	i;

	for (i = 0; i < p->g->narrow; i++)
		if (p->g->arrow[i].num > 0)
			pic_number_plan(p, i);
}

/*
 * Place the mark of the marble kicked off field f: beyond the field's
 * number, or a little aside, or further out; inside the circle last.
 */
static void
pic_kick_plan(struct pic *p, int f)
{
	struct picture_geom	*g = p->g;
	struct pic_spot		 best = { 1e9, 0, 0 };
	struct pic_cands	 c;
	double			 r, a, a0, rad, step, ring;
	int			 j, k;

	c.n = 0;
	r = p->size * (PIC_KICK_R * 1.2 + 0.002);
	step = 2 * PIC_PI / p->st->nfields;
	a0 = pic_field_angle(p, f);
	ring = p->r + p->fr + p->size * PIC_NUMBER_OFS + p->size *
	    PIC_START_FONT * PIC_DIGIT_H / 2 + PIC_DIGIT_HINT / 2 + p->size *
	    PIC_GAP + r;
	for (k = 0; k < 4; k++) {
		rad = k < 3 ? ring + k * r : p->r - p->fr - r - p->size *
		    PIC_GAP;
		for (j = 0; j < 7; j++) {
			a = a0 + (j + 1) / 2 * (j % 2 ? 1 : -1) * step * 0.5;
			pic_cand_add(&c, p->cx + rad * cos(a), p->cy + rad *
			    sin(a), k * 2 + j, 0);
		}
	}
	pic_cands_try(p, &c, r, -1, &best);
	if (best.cost >= 1e8)
		pic_spot_spiral(p, p->cx + ring * cos(a0), p->cy + ring *
		    sin(a0), r, &best);
	if (best.cost >= 1e8) {
		best.x = p->cx + ring * cos(a0);
		best.y = p->cy + ring * sin(a0);
	}
	g->kickseat[g->nkick] = p->kicked[f];
	g->kick[g->nkick++] = pic_box_at(best.x, best.y, r, 0);
}

/* Place the marks of the marbles the last action kicked. */
void
pic_kicks_plan(struct pic *p)
{
	int	f;

	for (f = 0; f < p->st->nfields; f++)
		if (p->kicked[f] >= 0)
			pic_kick_plan(p, f);
}

/*
 * Plan the whole picture: the board's places and numbers, the words,
 * the arrows, the kicked marbles' marks, then the arrows' numbers.
 */
void
pic_plan(struct pic *p)
{
	pic_plan_board(p);
	pic_words_plan(p);
	pic_paths_plan(p);
	pic_arrow_boxes(p);
	pic_kicks_find(p);
	pic_kicks_plan(p);
	pic_numbers_plan(p);
}
