/*
 * check_overlap.c: nothing written on a board picture covers anything
 * else, over thousands of positions of simulated games (random play, 4
 * and 6 seats, Team-TAC too), by the boxes picture_geometry() gives (what
 * picture_render() draws, placed by the same code):
 *
 *  - the turn's choices as a turn notice draws them (the menu's flat
 *    root, drawn from the seat to act), two random actions as a review
 *    draws them (any action, 7s of many segments too), and the group's
 *    board with the action just played and the marbles it kicked;
 *  - no arrow's number overlaps another number, a field's number, a
 *    place (field, home field, base slot), an arrowhead, a label, a
 *    kicked marble's mark or the middle's text;
 *  - no kicked marble's mark overlaps a field's number, another mark or
 *    a label;
 *  - no arrow (its white rim included) nor arrowhead crosses the
 *    middle's text;
 *  - no arrow (its line with its white rim, from its start to where it
 *    stops short of its end field, and its head with its rim) crosses
 *    any field's number, a start field's (which a base's arrow runs
 *    past) or another; nor does a seat's label cover one;
 *  - the seat a picture is drawn from sits at the bottom: its start
 *    field right below the middle, its label the lowest, every seat
 *    turned with it, for each seat of 4 and of 6.
 *
 * The boxes the checks rely on are checked too: a field number's box
 * holds its ink as cairo measures it, and a rendered picture has each
 * number's disc where its box says.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cairo.h>
#include <check.h>

#include "menu.h"
#include "picture-int.h"
#include "policy.h"

#define POSITIONS	3000	/* positions checked, at least */
#define GAMES_MAX	400
#define ACTIONS		400	/* of each game: many games, not few long */

/* What the simulation checked, for the summary line. */
struct tally {
	long	positions, pictures, arrows, numbers, kicks, bent, coop;
	long	fieldnums;	/* arrows checked against fields' numbers */
	long	crossed;	/* ... that crossed one */
	long	crossed_start;	/* ... a start field's */
};

/* Do two boxes overlap (touching is not overlapping)? */
static int
boxes_hit(const struct picture_box *a, const struct picture_box *b)
{
	return (a->x < b->x + b->w && b->x < a->x + a->w &&
	    a->y < b->y + b->h && b->y < a->y + a->h);
}

/* Does box b come closer than r to the point (x, y)? */
static int
box_near(const struct picture_box *b, double x, double y, double r)
{
	double	dx, dy;

	dx = fmax(fmax(b->x - x, x - b->x - b->w), 0);
	dy = fmax(fmax(b->y - y, y - b->y - b->h), 0);
	return (dx * dx + dy * dy < r * r);
}

/* The distance between the point (x, y) and the segment a-b. */
static double
seg_dist(double x, double y, const double a[2], const double b[2])
{
	double	dx = b[0] - a[0], dy = b[1] - a[1], d, t;

	d = dx * dx + dy * dy;
	t = d > 0 ? ((x - a[0]) * dx + (y - a[1]) * dy) / d : 0;
	t = fmin(fmax(t, 0), 1);
	return (hypot(a[0] + t * dx - x, a[1] + t * dy - y));
}

/*
 * Does the segment a-b come closer than m to box c?  It does if an end
 * is within m, or if it crosses the box: it meets one of the box's
 * edges, or lies inside it; else the nearest points are an end and the
 * box, or a corner and the segment.
 */
static int
seg_near_box(const double a[2], const double b[2],
    const struct picture_box *c, double m)
{
	double	k[4][2] = { { c->x, c->y }, { c->x + c->w, c->y },
		    { c->x + c->w, c->y + c->h }, { c->x, c->y + c->h } };
	double	d1, d2, d3, d4;
	int	i;

	if (box_near(c, a[0], a[1], m) || box_near(c, b[0], b[1], m))
		return (1);
	for (i = 0; i < 4; i++) {
		if (seg_dist(k[i][0], k[i][1], a, b) < m)
			return (1);
		/* Proper crossing of edge k[i]-k[i+1]. */
		d1 = (b[0] - a[0]) * (k[i][1] - a[1]) - (b[1] - a[1]) *
		    (k[i][0] - a[0]);
		d2 = (b[0] - a[0]) * (k[(i + 1) % 4][1] - a[1]) -
		    (b[1] - a[1]) * (k[(i + 1) % 4][0] - a[0]);
		d3 = (k[(i + 1) % 4][0] - k[i][0]) * (a[1] - k[i][1]) -
		    (k[(i + 1) % 4][1] - k[i][1]) * (a[0] - k[i][0]);
		d4 = (k[(i + 1) % 4][0] - k[i][0]) * (b[1] - k[i][1]) -
		    (k[(i + 1) % 4][1] - k[i][1]) * (b[0] - k[i][0]);
		if (((d1 < 0) != (d2 < 0)) && ((d3 < 0) != (d4 < 0)))
			return (1);
	}
	return (0);
}

/* The box around a head's triangle (the white rim is added by callers). */
static struct picture_box
head_box(const double tri[3][2])
{
	struct picture_box	b;
	double			x0, y0, x1, y1;
	int			i;

	x0 = x1 = tri[0][0];
	y0 = y1 = tri[0][1];
	for (i = 1; i < 3; i++) {
		x0 = fmin(x0, tri[i][0]);
		x1 = fmax(x1, tri[i][0]);
		y0 = fmin(y0, tri[i][1]);
		y1 = fmax(y1, tri[i][1]);
	}
	b.x = x0;
	b.y = y0;
	b.w = x1 - x0;
	b.h = y1 - y0;
	return (b);
}

/* Grow a box by m on every side. */
static struct picture_box
grown(struct picture_box b, double m)
{
	b.x -= m;
	b.y -= m;
	b.w += 2 * m;
	b.h += 2 * m;
	return (b);
}

/*
 * Does arrow w (its line with the white rim, its heads with theirs) come
 * over field number box b?
 */
static int
arrow_on_box(const struct picture_geom *g, const struct picture_arrow *w,
    const struct picture_box *b)
{
	struct picture_box	h;
	int			j;

	for (j = 0; j + 1 < w->n; j++)
		if (seg_near_box(g->pt[w->first + j], g->pt[w->first + j + 1],
		    b, g->halo / 2))
			return (1);
	for (j = 0; j < w->heads; j++) {
		h = grown(head_box(w->head[j]), g->size * 0.0035);
		if (boxes_hit(&h, b))
			return (1);
	}
	return (0);
}

/*
 * Count the arrows of a plan that cross a field's number (t->crossed,
 * t->crossed_start for a start field's), reporting the first few: the
 * test fails on the total, after the whole simulation, so that it says
 * how many there are.
 */
static void
check_field_numbers(const struct picture_geom *g, const char *what,
    struct tally *t)
{
	const struct picture_arrow	*w;
	int				 i, f, s, start, hit;

	for (i = 0; i < g->narrow; i++) {
		w = &g->arrow[i];
		t->fieldnums++;
		for (hit = 0, f = 0; !hit && f < g->nfields; f++) {
			if (!arrow_on_box(g, w, &g->field[f]))
				continue;
			for (start = 0, s = 0; s < g->nseats; s++)
				start |= f == g->nfields / g->nseats * s;
			hit = 1;
			t->crossed++;
			t->crossed_start += start;
			if (t->crossed <= 8)
				printf("%s: arrow %d crosses field %d's "
				    "number\n", what, i, f);
		}
	}
	/* A label covers no field's number either. */
	for (s = 0; s < g->nseats; s++)
		for (f = 0; f < g->nfields; f++)
			ck_assert_msg(!boxes_hit(&g->label[s], &g->field[f]),
			    "%s: seat %d's label on field %d's number", what,
			    s, f);
}

/* Check one picture's plan; what is wrong goes to the test's failure. */
static void
check_geom(const struct picture_geom *g, const char *what, struct tally *t)
{
	const struct picture_arrow	*w;
	struct picture_box		 h;
	double				 rim = g->size * 0.0035;
	int				 i, j, k, s;

	t->pictures++;
	t->arrows += g->narrow;
	t->kicks += g->nkick;
	check_field_numbers(g, what, t);
	for (i = 0; i < g->narrow; i++) {
		w = &g->arrow[i];
		ck_assert_msg(w->n >= 2 && w->first + w->n <= g->npts,
		    "%s: arrow %d has %d points", what, i, w->n);
		ck_assert_msg((w->num > 0) == (w->box >= 0) && w->box <
		    g->nnum, "%s: arrow %d: number %d in box %d", what, i,
		    w->num, w->box);
		if (w->n > 2 && w->heads == 2)
			t->bent++;
		/* Arrows, rims and heads keep off the middle's text. */
		for (k = 0; k < g->ncentre; k++) {
			for (j = 0; j + 1 < w->n; j++)
				ck_assert_msg(!seg_near_box(g->pt[w->first + j],
				    g->pt[w->first + j + 1], &g->centre[k],
				    g->halo / 2), "%s: arrow %d crosses the "
				    "middle's line %d", what, i, k);
			for (j = 0; j < w->heads; j++) {
				h = grown(head_box(w->head[j]), rim);
				ck_assert_msg(!boxes_hit(&h, &g->centre[k]),
				    "%s: arrow %d's head on the middle's "
				    "line %d", what, i, k);
			}
		}
	}
	for (i = 0; i < g->nnum; i++) {
		t->numbers++;
		for (j = 0; j < i; j++)
			ck_assert_msg(!boxes_hit(&g->num[i], &g->num[j]),
			    "%s: numbers %d and %d overlap", what, i, j);
		for (j = 0; j < g->nfields; j++)
			ck_assert_msg(!boxes_hit(&g->num[i], &g->field[j]),
			    "%s: number %d on field %d's number", what, i, j);
		for (j = 0; j < g->nplace; j++)
			ck_assert_msg(!box_near(&g->num[i], g->place[j][0],
			    g->place[j][1], g->placer), "%s: number %d on "
			    "place %d", what, i, j);
		for (s = 0; s < g->nseats; s++)
			ck_assert_msg(!boxes_hit(&g->num[i], &g->label[s]),
			    "%s: number %d on seat %d's label", what, i, s);
		for (j = 0; j < g->ncentre; j++)
			ck_assert_msg(!boxes_hit(&g->num[i], &g->centre[j]),
			    "%s: number %d on the middle's line %d", what, i,
			    j);
		for (j = 0; j < g->nkick; j++)
			ck_assert_msg(!boxes_hit(&g->num[i], &g->kick[j]),
			    "%s: number %d on kicked mark %d", what, i, j);
		for (j = 0; j < g->narrow; j++)
			for (k = 0; k < g->arrow[j].heads; k++) {
				h = grown(head_box(g->arrow[j].head[k]), rim);
				ck_assert_msg(!boxes_hit(&g->num[i], &h),
				    "%s: number %d on arrow %d's head", what,
				    i, j);
			}
	}
	for (i = 0; i < g->nkick; i++) {
		for (j = 0; j < g->nfields; j++)
			ck_assert_msg(!boxes_hit(&g->kick[i], &g->field[j]),
			    "%s: kicked mark %d on field %d's number", what, i,
			    j);
		for (j = 0; j < i; j++)
			ck_assert_msg(!boxes_hit(&g->kick[i], &g->kick[j]),
			    "%s: kicked marks %d and %d overlap", what, i, j);
		for (s = 0; s < g->nseats; s++)
			ck_assert_msg(!boxes_hit(&g->kick[i], &g->label[s]),
			    "%s: kicked mark %d on seat %d's label", what, i,
			    s);
	}
}

/*
 * Check that the picture's bottom seat sits at the bottom: its start
 * field right below the middle on the circle, its label the lowest of
 * all, and every seat's start field turned with it.
 */
static void
check_bottom(const struct tac_state *st, const struct picture_geom *g,
    int b)
{
	double	a, want;
	int	s;

	ck_assert_int_eq(g->bottom, b);
	ck_assert_msg(fabs(g->start[b][0] - g->cx) < 0.5 &&
	    fabs(g->start[b][1] - (g->cy + g->r)) < 0.5,
	    "seat %d of %d is not at the bottom", b, g->nseats);
	for (s = 0; s < g->nseats; s++) {
		if (s != b)
			ck_assert_msg(g->label[s].y + g->label[s].h / 2 <
			    g->label[b].y + g->label[b].h / 2, "seat %d's "
			    "label below seat %d's, drawn from %d", s, b, b);
		a = atan2(g->start[s][1] - g->cy, g->start[s][0] - g->cx);
		want = PIC_PI / 2 + 2 * PIC_PI * (tac_start(st, s) -
		    tac_start(st, b)) / st->nfields;
		ck_assert_msg(fabs(remainder(a - want, 2 * PIC_PI)) < 1e-6,
		    "seat %d's start turned wrong, drawn from %d", s, b);
	}
}

/* The plan of st drawn with o, checked. */
static void
check_one(const struct tac_state *st, const struct picture_opts *o,
    const char *what, struct tally *t, struct picture_geom *g)
{
	ck_assert_int_eq(picture_geometry(st, o, g), 0);
	check_geom(g, what, t);
	t->coop += st->cfg.coop;
	if (g->narrow > 0)
		check_bottom(st, g, o->bottom);
}

/* Free the font caches so that the leak checker sees only real leaks. */
static void
teardown(void)
{
	picture_exit();
}

/*
 * Random games of 4 and 6 seats (every fifth of Team-TAC, whose middle
 * has one more line): at every few actions, the turn's choices drawn
 * from the seat to act, two random actions as a review shows them, and
 * the group's board after the action played.
 */
START_TEST(test_simulated)
{
	static const char	*names[TAC_MAXSEATS] = { "Олег", "Света",
				    "Миша", "Катя", "Chloé Wilhelmina", "Ян" };
	struct tac_config	 cfg = { 4, 0, 1, TAC_NAMES_TAKER, 0 };
	struct tac_state	 st;
	struct tac_board	 before;
	struct tac_action	 a, opts[PICTURE_MAXOPTS], two[2];
	struct tac_list		*l;
	struct menu		*m;
	struct picture_opts	 o;
	struct picture_geom	*g;
	struct tally		 t;
	char			 what[96];
	uint64_t		 rng = 1;
	int			 game, k, n, i, acts;

	l = malloc(sizeof *l);
	m = malloc(sizeof *m);
	g = malloc(sizeof *g);
	ck_assert(l != NULL && m != NULL && g != NULL);
	memset(&t, 0, sizeof t);
	for (game = 0; game < GAMES_MAX && t.positions < POSITIONS; game++) {
		cfg.nseats = game % 2 ? 6 : 4;
		cfg.triples = game % 4 == 3;
		/* Every fifth game Team-TAC: its line over the turn's. */
		cfg.coop = game % 5 == 2;
		tac_init(&st, &cfg, (uint64_t)game + 1);
		memset(&o, 0, sizeof o);
		for (i = 0; i < TAC_MAXSEATS; i++)
			o.names[i] = names[i];
		o.lang = game % 3 == 0 ? "ru" : "en";
		for (acts = 0; !tac_over(&st) && acts < ACTIONS; acts++) {
			if ((n = tac_legal(&st, l)) <= 0)
				break;
			k = policy_random(&st, l, &rng);
			a = l->a[k];
			if (acts % 3 == 0 && (a.op == TAC_OP_MOVE ||
			    a.op == TAC_OP_SWAP)) {
				t.positions++;
				o.size = t.positions % 10 == 0 ? 768 : 1024;
				/* A random pair, as a review's two. */
				two[0] = a;
				two[1] = l->a[tac_rng_below(&rng, l->n)];
				o.opts = two;
				o.nopts = 2;
				o.bottom = st.turn;
				snprintf(what, sizeof what, "game %d action %d "
				    "(review)", game, acts);
				check_one(&st, &o, what, &t, g);
				/* The turn notice's, when the root is flat. */
				if (menu_build(&st, st.turn, "", m, l) == 0 &&
				    m->flat) {
					for (i = 0; i < m->n && i <
					    PICTURE_MAXOPTS; i++)
						opts[i] = m->e[i].a;
					o.opts = opts;
					o.nopts = i;
					snprintf(what, sizeof what, "game %d "
					    "action %d (turn)", game, acts);
					check_one(&st, &o, what, &t, g);
				}
				o.opts = NULL;
				o.nopts = 0;
			}
			before = st.b;
			o.last_seat = st.turn;
			tac_play(&st, &a);
			if (acts % 3 == 0 && (a.op == TAC_OP_MOVE ||
			    a.op == TAC_OP_SWAP)) {
				o.last = &a;
				o.before = &before;
				o.bottom = 0;
				snprintf(what, sizeof what, "game %d action %d "
				    "(board)", game, acts);
				check_one(&st, &o, what, &t, g);
				o.last = NULL;
				o.before = NULL;
			}
		}
	}
	printf("overlap: %ld positions of %d games, %ld pictures, %ld arrows "
	    "(%ld swaps bent), %ld numbers, %ld kicked marks, %ld pictures of "
	    "Team-TAC: no overlap\n", t.positions, game, t.pictures, t.arrows,
	    t.bent, t.numbers, t.kicks, t.coop);
	printf("overlap: %ld arrows checked against every field's number: "
	    "%ld cross one (%ld a start field's)\n", t.fieldnums, t.crossed,
	    t.crossed_start);
	fflush(stdout);
	ck_assert_msg(t.crossed == 0, "%ld of %ld arrows cross a field's "
	    "number (%ld a start field's)", t.crossed, t.fieldnums,
	    t.crossed_start);
	ck_assert_int_ge(t.positions, POSITIONS);
	ck_assert_int_gt(t.kicks, 100);
	ck_assert_int_gt(t.bent, 10);
	ck_assert_int_gt(t.coop, 100);
	free(g);
	free(m);
	free(l);
}
END_TEST

/* Every seat of 4 and of 6 drawn at the bottom, arrows or none. */
START_TEST(test_bottom)
{
	struct tac_config	 cfg = { 4, 0, 1, TAC_NAMES_TAC, 0 };
	struct tac_state	 st;
	struct picture_opts	 o;
	struct picture_geom	*g;
	int			 n, b;

	g = malloc(sizeof *g);
	ck_assert_ptr_nonnull(g);
	for (n = 4; n <= 6; n += 2) {
		cfg.nseats = (uint8_t)n;
		tac_init(&st, &cfg, 3);
		memset(&o, 0, sizeof o);
		for (b = 0; b < n; b++) {
			o.bottom = b;
			ck_assert_int_eq(picture_geometry(&st, &o, g), 0);
			check_bottom(&st, g, b);
		}
		/* A seat the board does not have: the group's view. */
		o.bottom = n;
		ck_assert_int_eq(picture_geometry(&st, &o, g), 0);
		check_bottom(&st, g, 0);
	}
	free(g);
}
END_TEST

/*
 * A field number's box holds its ink as cairo measures it, at the sizes
 * drawn, for every number of either board and the start fields' bold.
 */
START_TEST(test_number_boxes)
{
	static const int	 sizes[] = { 300, 768, 1024, 2048 };
	struct tac_config	 cfg = { 4, 0, 1, TAC_NAMES_TAC, 0 };
	struct tac_state	 st;
	struct picture_opts	 o;
	struct picture_geom	*g;
	cairo_surface_t		*sf;
	cairo_text_extents_t	 e;
	cairo_t			*cr;
	char			 num[8];
	double			 fs;
	int			 n, i, f, start;

	g = malloc(sizeof *g);
	ck_assert_ptr_nonnull(g);
	sf = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 1, 1);
	cr = cairo_create(sf);
	for (n = 4; n <= 6; n += 2) {
		cfg.nseats = (uint8_t)n;
		tac_init(&st, &cfg, 3);
		memset(&o, 0, sizeof o);
		for (i = 0; i < 4; i++) {
			o.size = sizes[i];
			ck_assert_int_eq(picture_geometry(&st, &o, g), 0);
			for (f = 0; f < st.nfields; f++) {
				start = f % (st.nfields / n) == 0;
				fs = o.size * (start ? PIC_START_FONT :
				    PIC_NUMBER_FONT);
				cairo_select_font_face(cr, PIC_FONT,
				    CAIRO_FONT_SLANT_NORMAL, start ?
				    CAIRO_FONT_WEIGHT_BOLD :
				    CAIRO_FONT_WEIGHT_NORMAL);
				cairo_set_font_size(cr, fs);
				snprintf(num, sizeof num, "%d", f);
				cairo_text_extents(cr, num, &e);
				/* Both centred on the ink (pic_text_at()). */
				ck_assert_msg(e.width <= g->field[f].w + 0.01 &&
				    e.height <= g->field[f].h + 0.01,
				    "%d at %d: ink %.2f x %.2f, box %.2f x "
				    "%.2f", f, o.size, e.width, e.height,
				    g->field[f].w, g->field[f].h);
			}
		}
	}
	cairo_destroy(cr);
	cairo_surface_destroy(sf);
	free(g);
}
END_TEST

/* Hand cairo the next bytes of a PNG in memory. */
struct membuf {
	const unsigned char	*p;
	size_t			 len, off;
};

/* cairo's stream reader over a struct membuf. */
static cairo_status_t
mem_read(void *closure, unsigned char *data, unsigned int len)
{
	struct membuf	*m = closure;

	if (m->len - m->off < len)
		return (CAIRO_STATUS_READ_ERROR);
	memcpy(data, m->p + m->off, len);
	m->off += len;
	return (CAIRO_STATUS_SUCCESS);
}

/*
 * What picture_render() draws is what picture_geometry() plans: a turn
 * notice's picture, drawn from the seat to act, has each choice's blue
 * disc where its number's box is (a point of the disc beside the digit).
 */
START_TEST(test_drawn_as_planned)
{
	struct tac_config	 cfg = { 4, 0, 1, TAC_NAMES_TAC, 0 };
	struct tac_state	 st;
	struct tac_action	 opts[PICTURE_MAXOPTS];
	struct tac_list		*l;
	struct menu		*m;
	struct picture_opts	 o;
	struct picture_geom	*g;
	struct membuf		 mb;
	cairo_surface_t		*sf;
	const unsigned char	*px;
	unsigned char		*png;
	size_t			 len;
	uint64_t		 rng = 7;
	uint32_t		 c;
	int			 i, acts, drawn = 0, x, y, stride;

	l = malloc(sizeof *l);
	m = malloc(sizeof *m);
	g = malloc(sizeof *g);
	ck_assert(l != NULL && m != NULL && g != NULL);
	tac_init(&st, &cfg, 11);
	for (acts = 0; drawn < 12 && acts < 2000 && !tac_over(&st); acts++) {
		if (menu_build(&st, st.turn, "", m, l) == 0 && m->flat &&
		    acts % 7 == 0) {
			memset(&o, 0, sizeof o);
			for (i = 0; i < m->n; i++)
				opts[i] = m->e[i].a;
			o.opts = opts;
			o.nopts = m->n;
			o.bottom = st.turn;
			o.size = 768;
			ck_assert_int_eq(picture_geometry(&st, &o, g), 0);
			ck_assert_int_eq(picture_render(&st, &o, &png, &len), 0);
			mb.p = png;
			mb.len = len;
			mb.off = 0;
			sf = cairo_image_surface_create_from_png_stream(
			    mem_read, &mb);
			ck_assert_int_eq(cairo_surface_status(sf),
			    CAIRO_STATUS_SUCCESS);
			px = cairo_image_surface_get_data(sf);
			stride = cairo_image_surface_get_stride(sf);
			for (i = 0; i < g->nnum; i++) {
				/* Left of the middle, past any digit. */
				x = (int)(g->num[i].x + g->num[i].w * 0.2);
				y = (int)(g->num[i].y + g->num[i].h / 2);
				memcpy(&c, px + (size_t)y * stride + x * 4, 4);
				ck_assert_msg(((c >> 16) & 0xff) < 60 &&
				    ((c >> 8) & 0xff) < 90 && (c & 0xff) > 100,
				    "action %d: number %d's disc not at its box "
				    "(colour %06x)", acts, i, c & 0xffffff);
			}
			drawn += g->nnum > 0;
			cairo_surface_destroy(sf);
			free(png);
		}
		if (tac_legal(&st, l) <= 0)
			break;
		tac_play(&st, &l->a[policy_random(&st, l, &rng)]);
	}
	ck_assert_int_ge(drawn, 12);
	free(g);
	free(m);
	free(l);
}
END_TEST

/* Run the suite. */
int
main(void)
{
	Suite	*s = suite_create("overlap");
	TCase	*tc = tcase_create("plan");
	SRunner	*sr;
	int	 failed;

	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, test_bottom);
	tcase_add_test(tc, test_number_boxes);
	tcase_add_test(tc, test_drawn_as_planned);
	tcase_add_test(tc, test_simulated);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return (failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE);
}
