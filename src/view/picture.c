/*
 * picture.c: a position drawn as a PNG with cairo.
 *
 * The circle of fields runs clockwise from the bottom seat's start at
 * the bottom (seat 0's in a group; a player's own in their chat, as the
 * Mini App turns it); each seat's home goes inward from its start field
 * and its base sits outside it, with a label (name, cards left) beyond.
 * Everything is placed first (picture-place.c: the plan, which
 * picture_geometry() hands the tests), then drawn.  Seat colours are
 * the Okabe-Ito palette, which people with the common kinds of colour
 * blindness tell apart, and every marble also carries its colour's
 * initial.  Text uses cairo's toy font API with one fixed family so that
 * the golden images stay stable; sizes are fractions of the picture's
 * width, so any size draws the same picture.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <fontconfig/fontconfig.h>

#include "i18n.h"
#include "picture-int.h"
#include "render.h"
#include "utf8.h"
#include "xmalloc.h"

#define PIC_DEFSIZE	1024
#define PIC_MINSIZE	128
#define PIC_MAXSIZE	4096

/* Okabe-Ito vermillion, blue, bluish green, yellow, reddish purple. */
static const double pic_rgb[TAC_MAXSEATS][3] = {
	{ 0.835, 0.369, 0.000 },
	{ 0.000, 0.447, 0.698 },
	{ 0.000, 0.620, 0.451 },
	{ 0.941, 0.894, 0.259 },
	{ 0.800, 0.475, 0.655 },
	{ 0.960, 0.960, 0.960 }
};

/*
 * The angle of circle field f: the bottom seat's start at the bottom
 * (seat 0's on a group's board), clockwise.
 */
double
pic_field_angle(const struct pic *p, int f)
{
	return (PIC_PI / 2 + 2 * PIC_PI * (f - p->rot) / p->st->nfields);
}

/* The point at radius rad from the centre in the direction of field f. */
void
pic_field_xy(const struct pic *p, int f, double rad, double *x, double *y)
{
	double	a = pic_field_angle(p, f);

	*x = p->cx + rad * cos(a);
	*y = p->cy + rad * sin(a);
}

/*
 * The box of field f's number, centred on its ink (as pic_text_at()
 * writes it: as wide as its digits, as high as one): outside the circle
 * beyond the field; a start field's beside its base, level with the
 * base's inner slots, on the side of the fields after it.  An arrow
 * from a base runs straight between the base and its start field, so a
 * number beyond the field would lie under it; beside the base no arrow
 * goes (enters side by side leave the base less than a slot's reach
 * aside, picture-path.c).
 */
void
pic_number_box(const struct pic *p, int f, struct picture_box *b)
{
	double	fs, a, tx, ty, x, y, reach, d = p->mr * 1.12;
	int	start = pic_start_seat(p, f) >= 0;

	fs = p->size * (start ? PIC_START_FONT : PIC_NUMBER_FONT);
	b->w = (f < 10 ? 1 : 2) * fs * (start ? PIC_DIGIT_BOLD_W :
	    PIC_DIGIT_W) + PIC_DIGIT_HINT;
	b->h = fs * PIC_DIGIT_H + PIC_DIGIT_HINT;
	if (!start) {
		pic_field_xy(p, f, p->r + p->fr + p->size * PIC_NUMBER_OFS, &x,
		    &y);
	} else {
		/* Along the circle's way: the base's reach, then the box's. */
		a = pic_field_angle(p, f);
		tx = -sin(a);
		ty = cos(a);
		reach = d * (fabs(tx) + fabs(ty)) + p->mr * PIC_SLOT_R +
		    p->size * PIC_START_GAP + b->w / 2 * fabs(tx) + b->h / 2 *
		    fabs(ty);
		pic_field_xy(p, f, p->r + p->bofs - d, &x, &y);
		x += tx * reach;
		y += ty * reach;
	}
	b->x = x - b->w / 2;
	b->y = y - b->h / 2;
}

/* Where home field k (1..4) of seat s is: inward from its start field. */
void
pic_home_xy(const struct pic *p, int s, int k, double *x, double *y)
{
	pic_field_xy(p, tac_start(p->st, s), p->r - k * p->hstep, x, y);
}

/* The centre of seat s's base, outside its start field. */
void
pic_base_xy(const struct pic *p, int s, double *x, double *y)
{
	pic_field_xy(p, tac_start(p->st, s), p->r + p->bofs, x, y);
}

/* Slot i (0..3) of seat s's base: a 2 x 2 square. */
void
pic_slot_xy(const struct pic *p, int s, int i, double *x, double *y)
{
	double	d = p->mr * 1.12;

	pic_base_xy(p, s, x, y);
	*x += (i & 1) ? d : -d;
	*y += (i & 2) ? d : -d;
}

/* The seat whose start field f is, or -1. */
int
pic_start_seat(const struct pic *p, int f)
{
	int	s;

	for (s = 0; s < p->nseats; s++) {
		if (tac_start(p->st, s) == f)
			return (s);
	}
	return (-1);
}

/*
 * Where a location of an action is: a circle field, a home field, or a
 * base (whose seat the caller works out and passes as bseat).
 */
void
pic_loc_xy(const struct pic *p, int loc, int bseat, double *x, double *y)
{
	if (loc == TAC_LOC_BASE)
		pic_base_xy(p, bseat, x, y);
	else if (TAC_LOC_ISHOME(loc))
		pic_home_xy(p, TAC_LOC_SEAT(loc), TAC_LOC_DEPTH(loc), x, y);
	else
		pic_field_xy(p, loc, p->r, x, y);
}

/*
 * Set seat s's colour, mixed with white by pale (0: pure, 1: white; < 0:
 * darker, for rims).  With pale != 0 (the board's places and lines, not
 * marbles) White is drawn as grey so that its places show on the light
 * background.
 */
void
pic_colour(const struct pic *p, int s, double pale)
{
	double	rgb[3];

	pic_rgb_of(s, pale, rgb);
	cairo_set_source_rgb(p->cr, rgb[0], rgb[1], rgb[2]);
}

/* Seat s's colour mixed by pale, as pic_colour() sets it, into rgb. */
void
pic_rgb_of(int s, double pale, double rgb[3])
{
	static const double	 grey[3] = { 0.55, 0.55, 0.55 };
	const double		*c = pic_rgb[s];
	int			 i;

	if (pale != 0 && c[0] + c[1] + c[2] > 2.7)
		c = grey;
	for (i = 0; i < 3; i++)
		rgb[i] = pale < 0 ? c[i] * (1 + pale) : c[i] + (1 - c[i]) * pale;
}

/* Copy the first UTF-8 character of seat s's colour name: its mark. */
static void
pic_mark(const struct pic *p, int s, char *buf, size_t len)
{
	const char	*name = tr(p->lang, render_colour(s));
	size_t		 n;

	n = utf8_first(name);
	if (n >= len)
		n = 0;
	memcpy(buf, name, n);
	buf[n] = '\0';
}

/* Draw text centred on (x, y) in the current font and colour. */
void
pic_text_at(const struct pic *p, const char *s, double x, double y)
{
	cairo_text_extents_t	e;

	cairo_text_extents(p->cr, s, &e);
	cairo_move_to(p->cr, x - e.width / 2 - e.x_bearing,
	    y - e.height / 2 - e.y_bearing);
	cairo_show_text(p->cr, s);
}

/*
 * Draw a marble of seat s at (x, y) with radius r: its colour, a dark rim
 * and its letter; fresh ones (on their start, not yet moved) get a dashed
 * ring so that they are told apart from a marble that came round.
 */
void
pic_marble(const struct pic *p, double x, double y, double r, int s,
    int fresh)
{
	cairo_t		*cr = p->cr;
	const double	*c = pic_rgb[s];
	double		 lum, dash[1];
	char		 mark[8];

	cairo_new_path(cr);
	cairo_arc(cr, x, y, r, 0, 2 * PIC_PI);
	pic_colour(p, s, 0);
	cairo_fill_preserve(cr);
	cairo_set_source_rgb(cr, PIC_MARBLE_RIM);
	cairo_set_line_width(cr, r * PIC_MARBLE_RIM_W);
	cairo_stroke(cr);

	if (fresh) {
		dash[0] = r * 0.35;
		cairo_set_dash(cr, dash, 1, 0);
		cairo_set_line_width(cr, r * 0.16);
		cairo_arc(cr, x, y, r * 1.38, 0, 2 * PIC_PI);
		cairo_stroke(cr);
		cairo_set_dash(cr, NULL, 0, 0);
	}

	/* Light colours take a black letter, dark ones a white one. */
	lum = 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
	if (lum > 0.5)
		cairo_set_source_rgb(cr, 0, 0, 0);
	else
		cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_select_font_face(cr, PIC_FONT, CAIRO_FONT_SLANT_NORMAL,
	    CAIRO_FONT_WEIGHT_BOLD);
	cairo_set_font_size(cr, r * 1.2);
	pic_mark(p, s, mark, sizeof mark);
	pic_text_at(p, mark, x, y);
}

/* Draw an empty place: a disc with a rim, in a seat's pale colour or -1. */
static void
pic_place(const struct pic *p, double x, double y, int s, double rim)
{
	cairo_t	*cr = p->cr;

	cairo_new_path(cr);
	cairo_arc(cr, x, y, p->fr, 0, 2 * PIC_PI);
	if (s >= 0)
		pic_colour(p, s, PIC_PALE_PLACE);
	else
		cairo_set_source_rgb(cr, PIC_FIELD);
	cairo_fill_preserve(cr);
	if (s >= 0)
		pic_colour(p, s, PIC_PALE_RIM);
	else
		cairo_set_source_rgb(cr, PIC_FIELD_RIM);
	cairo_set_line_width(cr, rim);
	cairo_stroke(cr);
}

/*
 * Draw the empty board: the track, fields, starts, homes, bases, numbers.
 * It depends on the number of seats and the size only: a picture of a
 * cached size starts from a copy drawn once (picture-layer.c).
 */
void
pic_board(const struct pic *p)
{
	cairo_t			*cr = p->cr;
	struct picture_box	 b;
	double			 x, y, x2, y2;
	char			 num[8];
	int			 f, s, k, i;

	cairo_set_source_rgb(cr, PIC_BG);
	cairo_paint(cr);

	cairo_set_source_rgb(cr, PIC_TRACK);
	cairo_set_line_width(cr, p->size * PIC_TRACK_W);
	cairo_arc(cr, p->cx, p->cy, p->r, 0, 2 * PIC_PI);
	cairo_stroke(cr);
	for (s = 0; s < p->nseats; s++) {
		pic_home_xy(p, s, 0, &x, &y);
		pic_home_xy(p, s, 4, &x2, &y2);
		pic_colour(p, s, PIC_PALE_LINE);
		cairo_move_to(cr, x, y);
		cairo_line_to(cr, x2, y2);
		cairo_stroke(cr);
	}

	for (f = 0; f < p->st->nfields; f++) {
		pic_field_xy(p, f, p->r, &x, &y);
		s = pic_start_seat(p, f);
		pic_place(p, x, y, s, p->size * (s >= 0 ? PIC_START_W :
		    PIC_FIELD_W));
	}
	for (s = 0; s < p->nseats; s++) {
		for (k = 1; k <= TAC_MARBLES; k++) {
			pic_home_xy(p, s, k, &x, &y);
			pic_place(p, x, y, s, p->size * PIC_HOME_W);
		}
		for (i = 0; i < TAC_MARBLES; i++) {
			pic_slot_xy(p, s, i, &x, &y);
			cairo_new_path(cr);
			cairo_arc(cr, x, y, p->mr * PIC_SLOT_R, 0, 2 * PIC_PI);
			pic_colour(p, s, PIC_PALE_SLOT);
			cairo_fill(cr);
		}
	}

	/* Field numbers, for typing moves; start fields in bold. */
	for (f = 0; f < p->st->nfields; f++) {
		s = pic_start_seat(p, f);
		cairo_select_font_face(cr, PIC_FONT, CAIRO_FONT_SLANT_NORMAL,
		    s >= 0 ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
		cairo_set_font_size(cr, p->size * (s >= 0 ? PIC_START_FONT :
		    PIC_NUMBER_FONT));
		if (s >= 0)
			cairo_set_source_rgb(cr, PIC_START_NUMBER);
		else
			cairo_set_source_rgb(cr, PIC_NUMBER);
		snprintf(num, sizeof num, "%d", f);
		pic_number_box(p, f, &b);
		pic_text_at(p, num, b.x + b.w / 2, b.y + b.h / 2);
	}
}

/* Draw every marble where the board has it. */
static void
pic_marbles(const struct pic *p)
{
	const struct tac_board	*b = &p->st->b;
	double			 x, y;
	int			 f, s, k, n;

	for (f = 0; f < p->st->nfields; f++) {
		s = b->field[f];
		if (s < 0 || s >= p->nseats)
			continue;
		pic_field_xy(p, f, p->r, &x, &y);
		pic_marble(p, x, y, p->mr, s, f == tac_start(p->st, s) &&
		    (b->fresh & (1 << s)));
	}
	for (s = 0; s < p->nseats; s++) {
		for (k = 1; k <= TAC_MARBLES; k++) {
			if (!(b->home[s] & (1 << (k - 1))))
				continue;
			pic_home_xy(p, s, k, &x, &y);
			pic_marble(p, x, y, p->mr, s, 0);
		}
		n = b->base[s] > TAC_MARBLES ? TAC_MARBLES : b->base[s];
		for (k = 0; k < n; k++) {
			pic_slot_xy(p, s, k, &x, &y);
			pic_marble(p, x, y, p->mr * PIC_SLOT_R, s, 0);
		}
	}
}

/* Is the position something we can draw (a loaded position always is)? */
static int
pic_valid(const struct tac_state *st)
{
	if (st->cfg.nseats != 4 && st->cfg.nseats != 6)
		return (0);
	if (st->nfields != (st->cfg.nseats == 4 ? 64 : 66))
		return (0);
	return (st->turn < st->cfg.nseats);
}

/*
 * Where things go on a picture of st, size pixels wide, with seat bottom
 * at the bottom (no drawing).
 */
void
pic_setup(struct pic *p, const struct tac_state *st, int size, int bottom)
{
	memset(p, 0, sizeof *p);
	p->st = st;
	p->nseats = st->cfg.nseats;
	p->bottom = bottom >= 0 && bottom < p->nseats ? bottom : 0;
	p->rot = tac_start(st, p->bottom);
	p->size = size;
	p->cx = p->cy = size / 2.0;
	p->r = size * 0.31;
	p->fr = size * 0.0128;
	p->mr = size * 0.0122;
	p->hstep = size * 0.041;
	p->bofs = size * 0.072;
}

/*
 * Draw what changes from picture to picture over the empty board, where
 * the plan puts it: the marbles, the last action or the choices, the
 * labels and the middle.  p->g holds the plan afterwards.
 */
void
pic_draw(struct pic *p)
{
	pic_plan(p);
	if (p->o != NULL && p->o->opts != NULL) {
		pic_marbles(p);
		pic_arrows_draw(p);
		pic_numbers_draw(p);
	} else {
		pic_kicked(p, 0);
		pic_marbles(p);
		pic_arrows_draw(p);
		pic_numbers_draw(p);
		pic_kicked(p, 1);
	}
	pic_labels_draw(p);
	pic_centre_draw(p);
}

/* The size a picture is drawn at, or -1 if it cannot be drawn. */
static int
pic_size(const struct tac_state *st, const struct picture_opts *o)
{
	int	size;

	size = (o == NULL || o->size == 0) ? PIC_DEFSIZE : o->size;
	if (size < PIC_MINSIZE || size > PIC_MAXSIZE || !pic_valid(st))
		return (-1);
	return (size);
}

/*
 * Draw st as a PNG into a malloc'd buffer; see picture.h.  A board of a
 * cached size is drawn over its layer's empty board (turned to its
 * bottom seat) and written with the layer's palette; another one is
 * drawn whole and quantised on its own.
 */
int
picture_render(const struct tac_state *st, const struct picture_opts *o,
    unsigned char **png, size_t *len)
{
	struct pic_layer	*layer;
	cairo_surface_t		*sf;
	struct pic		 p;
	int			 size, rv = -1;

	if ((size = pic_size(st, o)) < 0)
		return (-1);
	pic_setup(&p, st, size, o != NULL ? o->bottom : 0);
	if ((layer = pic_layer_get(st, size, p.bottom)) != NULL)
		sf = cairo_surface_reference(pic_layer_surface(layer));
	else {
		/* No alpha: the PNG is smaller and quicker to write. */
		sf = cairo_image_surface_create(CAIRO_FORMAT_RGB24, size,
		    size);
	}
	if (cairo_surface_status(sf) != CAIRO_STATUS_SUCCESS) {
		cairo_surface_destroy(sf);
		return (-1);
	}
	p.cr = cairo_create(sf);
	p.o = o;
	p.lang = (o != NULL && o->lang != NULL) ? o->lang : "en";
	p.g = xmalloc(sizeof *p.g);

	if (layer == NULL)
		pic_board(&p);
	pic_draw(&p);
	if (cairo_status(p.cr) == CAIRO_STATUS_SUCCESS) {
		cairo_surface_flush(sf);
		if (layer != NULL)
			rv = pic_layer_encode(layer, png, len);
		else
			rv = pic_png_encode(sf, png, len);
	}
	free(p.g);
	cairo_destroy(p.cr);
	/* The layer's surface is its empty board again for the next. */
	if (layer != NULL)
		pic_layer_clean(layer);
	cairo_surface_destroy(sf);
	return (rv);
}

/*
 * Where picture_render() puts things, planned as it plans them (the
 * words measured on a surface of one pixel) but not drawn; see
 * picture.h.
 */
int
picture_geometry(const struct tac_state *st, const struct picture_opts *o,
    struct picture_geom *g)
{
	cairo_surface_t	*sf;
	struct pic	 p;
	int		 size, rv = -1;

	if ((size = pic_size(st, o)) < 0)
		return (-1);
	pic_setup(&p, st, size, o != NULL ? o->bottom : 0);
	sf = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 1, 1);
	p.cr = cairo_create(sf);
	p.o = o;
	p.lang = (o != NULL && o->lang != NULL) ? o->lang : "en";
	p.g = g;
	pic_plan(&p);
	if (cairo_status(p.cr) == CAIRO_STATUS_SUCCESS)
		rv = 0;
	cairo_destroy(p.cr);
	cairo_surface_destroy(sf);
	return (rv);
}

/* Free cairo's and fontconfig's process-wide caches; see picture.h. */
void
picture_exit(void)
{
	pic_layer_exit();
	cairo_debug_reset_static_data();
	FcFini();
}
