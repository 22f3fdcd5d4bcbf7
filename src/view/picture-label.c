/*
 * picture-label.c: each seat's label on a board picture (its marble's
 * mark, name and cards left) near its base.  The words are measured and
 * placed first (pic_words_plan(), the middle's in picture-text.c), so
 * that the arrows and numbers can keep off them, and drawn last.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "i18n.h"
#include "picture-int.h"
#include "render.h"
#include "utf8.h"

/* The name of seat s as the text lines say it (no width limit). */
const char *
pic_who(const struct pic *p, int s)
{
	if (p->o != NULL && p->o->names[s] != NULL &&
	    p->o->names[s][0] != '\0')
		return (p->o->names[s]);
	return (tr(p->lang, render_colour(s)));
}

/* Copy seat s's name, cut with an ellipsis to fit width w. */
static void
pic_name(const struct pic *p, int s, double w, char *buf, size_t len)
{
	cairo_text_extents_t	 e;
	size_t			 n;

	snprintf(buf, len, "%s", pic_who(p, s));
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

/*
 * Find a place for seat s's label box (w by h): near its base, off the
 * circle with its numbers, off every base with its start field's number
 * and the labels placed before.
 * Candidates turn away from the start field's direction in 5 degree
 * steps, so that side seats move their labels toward the corners.
 */
static void
pic_label_place(const struct pic *p, int s, double w, double h,
    struct picture_box *box)
{
	struct picture_box	 base, first;
	double			 a0, a, nx, ny, d, m = p->size *
				    PIC_LABEL_MARGIN;
	int			 k, t, ok;

	a0 = pic_field_angle(p, tac_start(p->st, s));
	d = p->mr * PIC_LABEL_BASE;
	for (k = 0; k < PIC_LABEL_TRIES; k++) {
		a = a0 + ((k + 1) / 2) * (k % 2 ? -1 : 1) * PIC_LABEL_STEP;
		box->x = p->cx + p->size * PIC_LABEL_R * cos(a) - w / 2;
		box->y = p->cy + p->size * PIC_LABEL_R * sin(a) - h / 2;
		box->w = w;
		box->h = h;
		if (box->x < m)
			box->x = m;
		if (box->x + w > p->size - m)
			box->x = p->size - m - w;
		if (box->y < m)
			box->y = m;
		if (box->y + h > p->size - m)
			box->y = p->size - m - h;
		if (k == 0)
			first = *box;

		/* The point of the box nearest the centre, off the numbers. */
		nx = fmin(fmax(p->cx, box->x), box->x + w);
		ny = fmin(fmax(p->cy, box->y), box->y + h);
		ok = hypot(nx - p->cx, ny - p->cy) > p->r + p->size *
		    PIC_LABEL_CLEAR;
		for (t = 0; ok && t < p->nseats; t++) {
			pic_base_xy(p, t, &base.x, &base.y);
			base.x -= d;
			base.y -= d;
			base.w = base.h = 2 * d;
			/* ... and off its start field's number beside it. */
			ok = !pic_box_hits(box, &base) && !pic_box_hits(box,
			    &p->g->field[tac_start(p->st, t)]);
		}
		for (t = 0; ok && t < s; t++)
			ok = !pic_box_hits(box, &p->g->label[t]);
		if (ok)
			return;
	}
	*box = first;
}

/*
 * Measure and place seat s's label: its name cut to fit, the count of
 * its cards, the box (the pointer's room at its left included).
 */
static void
pic_label_plan(struct pic *p, int s)
{
	cairo_t			*cr = p->cr;
	cairo_text_extents_t	 e;
	double			 w, h, fs, pad;
	int			 turn = s == p->w.turn;

	fs = p->size * PIC_LABEL_FONT;
	pad = fs * 0.45;
	cairo_select_font_face(cr, PIC_FONT, CAIRO_FONT_SLANT_NORMAL,
	    turn ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_font_size(cr, fs);
	pic_name(p, s, p->size * 0.15, p->w.name[s], sizeof p->w.name[s]);
	cairo_text_extents(cr, p->w.name[s], &e);
	p->w.namew[s] = e.x_advance;
	snprintf(p->w.cards[s], sizeof p->w.cards[s], "%d", p->st->nhand[s]);
	cairo_text_extents(cr, p->w.cards[s], &e);
	p->w.cardw[s] = e.x_advance;

	/* pointer room, mark, name, card icon, count */
	w = fs + pad + 2 * p->mr + pad + p->w.namew[s] + pad * 1.6 +
	    fs * 0.62 + pad * 0.5 + p->w.cardw[s] + pad;
	h = fs * 1.75;
	pic_label_place(p, s, w, h, &p->g->label[s]);
}

/*
 * Draw seat s's label in its box: its marble mark, name and a card with
 * the number of cards left.  The seat to act gets a thick frame and a
 * pointer, so that the turn does not depend on colour either.
 */
static void
pic_label_draw(const struct pic *p, int s)
{
	cairo_t				*cr = p->cr;
	const struct picture_box	*box = &p->g->label[s];
	double				 x, y, w, h, fs, pad, tw, cw;
	int				 turn = s == p->w.turn;

	fs = p->size * PIC_LABEL_FONT;
	pad = fs * 0.45;
	tw = p->w.namew[s];
	cw = p->w.cardw[s];
	x = box->x + fs;
	y = box->y;
	w = box->w - fs;
	h = box->h;

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
	pic_text_at(p, p->w.name[s], x + tw / 2, y + h / 2);
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
	pic_text_at(p, p->w.cards[s], x + cw / 2, y + h / 2);
}

/* Draw every seat's label. */
void
pic_labels_draw(const struct pic *p)
{
	int	s;

	for (s = 0; s < p->nseats; s++)
		pic_label_draw(p, s);
}

/*
 * Measure and place the words: the seat to act, every seat's label,
 * then the middle's paragraphs (picture-text.c).
 */
void
pic_words_plan(struct pic *p)
{
	const struct tac_state	*st = p->st;
	int			 s;

	p->w.turn = st->phase != TAC_PH_OVER && st->phase != TAC_PH_DEAL ?
	    st->turn : -1;
	for (s = 0; s < p->nseats; s++)
		pic_label_plan(p, s);
	pic_middle_plan(p);
}
