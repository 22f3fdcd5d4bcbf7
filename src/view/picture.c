/*
 * picture.c: a position drawn as a PNG with cairo.
 *
 * The circle of fields runs clockwise from seat 0's start at the bottom;
 * each seat's home goes inward from its start field and its base sits
 * outside it, with a label (name, cards left) beyond.  Seat colours are
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

#define PIC_DEFSIZE	1024
#define PIC_MINSIZE	128
#define PIC_MAXSIZE	4096
#define PIC_MAXLINES	4

/* Okabe-Ito vermillion, blue, bluish green, yellow, reddish purple. */
static const double pic_rgb[TAC_MAXSEATS][3] = {
	{ 0.835, 0.369, 0.000 },
	{ 0.000, 0.447, 0.698 },
	{ 0.000, 0.620, 0.451 },
	{ 0.941, 0.894, 0.259 },
	{ 0.800, 0.475, 0.655 },
	{ 0.960, 0.960, 0.960 }
};

/* The angle of circle field f: seat 0's start at the bottom, clockwise. */
double
pic_field_angle(const struct pic *p, int f)
{
	return (PIC_PI / 2 + 2 * PIC_PI * f / p->st->nfields);
}

/* The point at radius rad from the centre in the direction of field f. */
void
pic_field_xy(const struct pic *p, int f, double rad, double *x, double *y)
{
	double	a = pic_field_angle(p, f);

	*x = p->cx + rad * cos(a);
	*y = p->cy + rad * sin(a);
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
	cairo_t	*cr = p->cr;
	double	 x, y, x2, y2;
	char	 num[8];
	int	 f, s, k, i;

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
		pic_field_xy(p, f, p->r + p->fr + p->size * PIC_NUMBER_OFS, &x,
		    &y);
		pic_text_at(p, num, x, y);
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

/* Copy seat s's name, cut with an ellipsis to fit width w. */
static void
pic_name(const struct pic *p, int s, double w, char *buf, size_t len)
{
	cairo_text_extents_t	 e;
	const char		*name = NULL;
	size_t			 n;

	if (p->o != NULL && p->o->names[s] != NULL &&
	    p->o->names[s][0] != '\0')
		name = p->o->names[s];
	else
		name = tr(p->lang, render_colour(s));
	snprintf(buf, len, "%s", name);
	for (;;) {
		cairo_text_extents(p->cr, buf, &e);
		if (e.x_advance <= w || (n = strlen(buf)) == 0)
			break;
		/* Drop whole UTF-8 characters, then the ellipsis. */
		if (n >= 3 && strcmp(buf + n - 3, "\xe2\x80\xa6") == 0)
			n -= 3;
		while (n > 0 && utf8_cont((unsigned char)buf[n - 1]))
			n--;
		if (n > 0)
			n--;
		if (n == 0) {
			buf[0] = '\0';
			break;
		}
		memcpy(buf + n, "\xe2\x80\xa6", 4);
	}
}

/* Draw a rectangle with rounded corners as the current path. */
static void
pic_rounded(cairo_t *cr, double x, double y, double w, double h, double r)
{
	cairo_new_path(cr);
	cairo_arc(cr, x + w - r, y + r, r, -PIC_PI / 2, 0);
	cairo_arc(cr, x + w - r, y + h - r, r, 0, PIC_PI / 2);
	cairo_arc(cr, x + r, y + h - r, r, PIC_PI / 2, PIC_PI);
	cairo_arc(cr, x + r, y + r, r, PIC_PI, 3 * PIC_PI / 2);
	cairo_close_path(cr);
}

/* Do two boxes (x, y, w, h) overlap? */
static int
pic_overlap(const double *a, const double *b)
{
	return (a[0] < b[0] + b[2] && b[0] < a[0] + a[2] &&
	    a[1] < b[1] + b[3] && b[1] < a[1] + a[3]);
}

/*
 * Find a place for seat s's label box (w by h): near its base, off the
 * circle with its numbers, off every base and the labels placed before.
 * Candidates turn away from the start field's direction in 5 degree
 * steps, so that side seats move their labels toward the corners.
 */
static void
pic_label_place(const struct pic *p, int s, double w, double h,
    double placed[][4], int nplaced, double *box)
{
	double	a0, a, x, y, nx, ny, d, m = p->size * PIC_LABEL_MARGIN;
	double	base[4], first[4];
	int	k, t, ok;

	a0 = pic_field_angle(p, tac_start(p->st, s));
	d = p->mr * PIC_LABEL_BASE;
	for (k = 0; k < PIC_LABEL_TRIES; k++) {
		a = a0 + ((k + 1) / 2) * (k % 2 ? -1 : 1) * PIC_LABEL_STEP;
		x = p->cx + p->size * PIC_LABEL_R * cos(a) - w / 2;
		y = p->cy + p->size * PIC_LABEL_R * sin(a) - h / 2;
		if (x < m)
			x = m;
		if (x + w > p->size - m)
			x = p->size - m - w;
		if (y < m)
			y = m;
		if (y + h > p->size - m)
			y = p->size - m - h;
		box[0] = x;
		box[1] = y;
		box[2] = w;
		box[3] = h;
		if (k == 0)
			memcpy(first, box, sizeof first);

		/* The point of the box nearest the centre, off the numbers. */
		nx = p->cx < x ? x : (p->cx > x + w ? x + w : p->cx);
		ny = p->cy < y ? y : (p->cy > y + h ? y + h : p->cy);
		ok = hypot(nx - p->cx, ny - p->cy) > p->r + p->size *
		    PIC_LABEL_CLEAR;
		for (t = 0; ok && t < p->nseats; t++) {
			pic_base_xy(p, t, &base[0], &base[1]);
			base[0] -= d;
			base[1] -= d;
			base[2] = base[3] = 2 * d;
			ok = !pic_overlap(box, base);
		}
		for (t = 0; ok && t < nplaced; t++)
			ok = !pic_overlap(box, placed[t]);
		if (ok)
			return;
	}
	memcpy(box, first, sizeof first);
}

/*
 * Draw seat s's label near its base: its marble mark, name and a card
 * with the number of cards left.  The seat to act gets a thick frame and
 * a pointer, so that the turn does not depend on colour either.  The box
 * is added to placed[].
 */
static void
pic_label(const struct pic *p, int s, int turn, double placed[][4],
    int nplaced)
{
	cairo_t			*cr = p->cr;
	cairo_text_extents_t	 e;
	char			 name[128], cards[8];
	double			 x, y, w, h, fs, tw, cw, pad, *box;

	fs = p->size * PIC_LABEL_FONT;
	pad = fs * 0.45;
	cairo_select_font_face(cr, PIC_FONT, CAIRO_FONT_SLANT_NORMAL,
	    turn ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_font_size(cr, fs);
	pic_name(p, s, p->size * 0.15, name, sizeof name);
	cairo_text_extents(cr, name, &e);
	tw = e.x_advance;
	snprintf(cards, sizeof cards, "%d", p->st->nhand[s]);
	cairo_text_extents(cr, cards, &e);
	cw = e.x_advance;

	/* pointer room, mark, name, card icon, count */
	w = fs + pad + 2 * p->mr + pad + tw + pad * 1.6 + fs * 0.62 +
	    pad * 0.5 + cw + pad;
	h = fs * 1.75;
	box = placed[nplaced];
	pic_label_place(p, s, w, h, placed, nplaced, box);
	x = box[0] + fs;
	y = box[1];
	w -= fs;

	pic_rounded(cr, x, y, w, h, h * 0.3);
	if (turn)
		cairo_set_source_rgb(cr, PIC_LABEL_TURN);
	else
		cairo_set_source_rgb(cr, PIC_LABEL_BG);
	cairo_fill_preserve(cr);
	cairo_set_source_rgb(cr, PIC_LABEL_RIM);
	cairo_set_line_width(cr, p->size * (turn ? PIC_LABEL_TURN_W :
	    PIC_LABEL_W));
	cairo_stroke(cr);
	if (turn) {
		cairo_move_to(cr, x - fs * 0.2, y + h / 2);
		cairo_line_to(cr, x - fs * 0.9, y + h / 2 - fs * 0.45);
		cairo_line_to(cr, x - fs * 0.9, y + h / 2 + fs * 0.45);
		cairo_close_path(cr);
		cairo_fill(cr);
	}

	pic_marble(p, x + pad + p->mr, y + h / 2, p->mr * 0.9, s, 0);
	cairo_select_font_face(cr, PIC_FONT, CAIRO_FONT_SLANT_NORMAL,
	    turn ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_font_size(cr, fs);
	cairo_set_source_rgb(cr, PIC_LABEL_TEXT);
	x += pad + 2 * p->mr + pad;
	pic_text_at(p, name, x + tw / 2, y + h / 2);
	x += tw + pad * 1.6;

	/* A card standing for the hand, then how many are left. */
	pic_rounded(cr, x, y + h / 2 - fs * 0.45, fs * 0.62, fs * 0.9,
	    fs * 0.1);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_fill_preserve(cr);
	cairo_set_source_rgb(cr, 0.3, 0.3, 0.3);
	cairo_set_line_width(cr, p->size * 0.0018);
	cairo_stroke(cr);
	x += fs * 0.62 + pad * 0.5;
	cairo_set_source_rgb(cr, PIC_LABEL_TEXT);
	pic_text_at(p, cards, x + cw / 2, y + h / 2);
}

/* The name of seat s as the text lines say it (no width limit). */
static const char *
pic_who(const struct pic *p, int s)
{
	if (p->o != NULL && p->o->names[s] != NULL &&
	    p->o->names[s][0] != '\0')
		return (p->o->names[s]);
	return (tr(p->lang, render_colour(s)));
}

/* Write the line that says who acts and how, as the text board does. */
static void
pic_turnline(const struct pic *p, char *buf, size_t len)
{
	const struct tac_state	*st = p->st;
	const char		*who = pic_who(p, st->turn), *wait[TAC_MAXSEATS];
	struct rbuf		 list = { NULL, 0, 0 };
	int			 names = st->cfg.names, s, n;
	size_t			 used;

	switch (st->phase) {
	case TAC_PH_OVER:
		if (st->winner == TAC_NONE) {
			snprintf(buf, len, "%s",
			    tr(p->lang, "The game ended without a winner."));
			break;
		}
		used = snprintf(buf, len, "%s",
		    tr(p->lang, "Game over. The winners:"));
		for (s = n = 0; s < p->nseats && used < len; s++) {
			if (tac_team(st, s) != st->winner)
				continue;
			used += snprintf(buf + used, len - used, "%s%s",
			    n++ == 0 ? " " : ", ", pic_who(p, s));
		}
		break;
	case TAC_PH_DEAL:
		snprintf(buf, len, "%s", tr(p->lang, "Dealing the cards."));
		break;
	case TAC_PH_EXCHANGE:
		/* Everyone gives at once: who has not given yet. */
		for (s = n = 0; s < p->nseats; s++) {
			if (st->gift[s] == TAC_NONE)
				wait[n++] = pic_who(p, s);
		}
		render_list(p->lang, wait, n, &list);
		if (n == p->nseats)
			snprintf(buf, len, "%s", tr(p->lang, "Exchange: "
			    "everyone gives a card to a partner."));
		else
			snprintf(buf, len, tr(p->lang, "Exchange: waiting for "
			    "%s."), list.s != NULL ? list.s : "");
		rbuf_free(&list);
		break;
	case TAC_PH_FOOL:
		snprintf(buf, len, tr(p->lang, "%s plays one more card (%s)."),
		    who, render_card(p->lang, names, TAC_FOOL));
		break;
	case TAC_PH_SKIP:
		snprintf(buf, len, tr(p->lang, "%s is skipped by an 8: discard "
		    "a card or answer with a %s."), who,
		    render_card(p->lang, names, TAC_TAC));
		break;
	case TAC_PH_DEVIL:
		snprintf(buf, len, tr(p->lang, "%s plays a card from the hand "
		    "of %s (%s)."), who, pic_who(p, st->victim % p->nseats),
		    render_card(p->lang, names, TAC_DEVIL));
		break;
	case TAC_PH_FORCED:
		snprintf(buf, len, tr(p->lang, "%s may undo the winning move "
		    "with a %s."), who, render_card(p->lang, names, TAC_TAC));
		break;
	default:
		snprintf(buf, len, tr(p->lang, "%s's turn."), who);
		break;
	}
}

/*
 * Break text into at most PIC_MAXLINES lines of width w in the current
 * font, at blanks; a word wider than w gets a line of its own.
 */
static int
pic_wrap(const struct pic *p, const char *text, double w,
    char lines[PIC_MAXLINES][256])
{
	cairo_text_extents_t	 e;
	char			 try[256];
	const char		*word, *end;
	int			 n = 0;

	lines[0][0] = '\0';
	for (word = text; *word != '\0' && n < PIC_MAXLINES; word = end) {
		while (*word == ' ')
			word++;
		if (*word == '\0')
			break;
		for (end = word; *end != '\0' && *end != ' '; end++)
			;
		if (lines[n][0] == '\0')
			snprintf(try, sizeof try, "%.*s", (int)(end - word),
			    word);
		else
			snprintf(try, sizeof try, "%s %.*s", lines[n],
			    (int)(end - word), word);
		cairo_text_extents(p->cr, try, &e);
		if (e.x_advance > w && lines[n][0] != '\0') {
			if (++n == PIC_MAXLINES)
				break;
			snprintf(lines[n], sizeof lines[n], "%.*s",
			    (int)(end - word), word);
		} else
			memcpy(lines[n], try, sizeof lines[n]);
	}
	if (n < PIC_MAXLINES && lines[n][0] != '\0')
		n++;
	return (n);
}

/* Draw wrapped text centred on (x, y) with the given font size. */
static void
pic_paragraph(const struct pic *p, const char *text, double x, double y,
    double fs, double w)
{
	char	lines[PIC_MAXLINES][256];
	int	i, n;

	cairo_set_font_size(p->cr, fs);
	n = pic_wrap(p, text, w, lines);
	for (i = 0; i < n; i++)
		pic_text_at(p, lines[i], x, y + (i - (n - 1) / 2.0) * fs * 1.3);
}

/*
 * The middle of the circle: whose turn it is (or the result) and the last
 * action, in the words compose gives (else in notation).
 */
static void
pic_centre(const struct pic *p)
{
	cairo_t	*cr = p->cr;
	char	 line[512], act[128];
	double	 w;

	/* Six homes come closer to the middle than four. */
	w = p->size * (p->nseats == 6 ? 0.19 : 0.25);
	pic_turnline(p, line, sizeof line);
	cairo_select_font_face(cr, PIC_FONT, CAIRO_FONT_SLANT_NORMAL,
	    CAIRO_FONT_WEIGHT_BOLD);
	cairo_set_source_rgb(cr, 0.08, 0.08, 0.08);
	pic_paragraph(p, line, p->cx, p->cy - p->size * 0.035,
	    p->size * 0.024, w);

	if (p->o == NULL || p->o->last == NULL)
		return;
	tac_action_format(p->o->last, act, sizeof act);
	if (p->o->lastline != NULL)
		snprintf(line, sizeof line, "%s", p->o->lastline);
	else if (p->o->last_seat >= 0 && p->o->last_seat < p->nseats)
		snprintf(line, sizeof line, "%s: %s",
		    pic_who(p, p->o->last_seat), act);
	else
		snprintf(line, sizeof line, "%s", act);
	cairo_select_font_face(cr, PIC_FONT, CAIRO_FONT_SLANT_NORMAL,
	    CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_source_rgb(cr, 0.3, 0.3, 0.3);
	pic_paragraph(p, line, p->cx, p->cy + p->size * 0.055,
	    p->size * 0.02, w);
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

/* Where things go on a picture of st, size pixels wide (no drawing). */
void
pic_setup(struct pic *p, const struct tac_state *st, int size)
{
	memset(p, 0, sizeof *p);
	p->st = st;
	p->nseats = st->cfg.nseats;
	p->size = size;
	p->cx = p->cy = size / 2.0;
	p->r = size * 0.31;
	p->fr = size * 0.0128;
	p->mr = size * 0.0122;
	p->hstep = size * 0.041;
	p->bofs = size * 0.072;
}

/*
 * Draw what changes from picture to picture over the empty board: the
 * marbles, the last action or the choices, the labels and the middle.
 */
void
pic_draw(struct pic *p)
{
	const struct tac_state	*st = p->st;
	double			 placed[TAC_MAXSEATS][4];
	int			 s, turn;

	if (p->o != NULL && p->o->opts != NULL) {
		pic_marbles(p);
		pic_options(p);
	} else {
		pic_kicked(p, 0);
		pic_marbles(p);
		pic_arrows(p);
		pic_kicked(p, 1);
	}
	turn = st->phase != TAC_PH_OVER && st->phase != TAC_PH_DEAL;
	for (s = 0; s < p->nseats; s++)
		pic_label(p, s, turn && s == st->turn, placed, s);
	pic_centre(p);
}

/*
 * Draw st as a PNG into a malloc'd buffer; see picture.h.  A board of a
 * cached size is drawn over its layer's empty board and written with the
 * layer's palette; another one is drawn whole and quantised on its own.
 */
int
picture_render(const struct tac_state *st, const struct picture_opts *o,
    unsigned char **png, size_t *len)
{
	struct pic_layer	*layer;
	cairo_surface_t		*sf;
	struct pic		 p;
	int			 size, rv = -1;

	size = (o == NULL || o->size == 0) ? PIC_DEFSIZE : o->size;
	if (size < PIC_MINSIZE || size > PIC_MAXSIZE || !pic_valid(st))
		return (-1);

	if ((layer = pic_layer_get(st, size)) != NULL)
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
	pic_setup(&p, st, size);
	p.cr = cairo_create(sf);
	p.o = o;
	p.lang = (o != NULL && o->lang != NULL) ? o->lang : "en";

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
	cairo_destroy(p.cr);
	/* The layer's surface is its empty board again for the next. */
	if (layer != NULL)
		pic_layer_clean(layer);
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
