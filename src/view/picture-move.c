/*
 * picture-move.c: the arrows, their numbers and the kicked marbles on
 * the board picture, drawn where the plan put them (picture-path.c,
 * picture-place.c): the last action's arrows (every segment of a 7,
 * numbered; both ways for a swap; from the base for an enter) and the
 * marbles it kicked, found by comparing the board before the action
 * with the board after it; or the choices of the seat to act, drawn the
 * same way in blue, each with its number.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "picture-int.h"

/* The ink of the choices' arrows and numbers. */
static const double pic_ink[3] = { 0.08, 0.2, 0.55 };

/* Add a head's triangle to the path. */
static void
pic_head_path(cairo_t *cr, const double tri[3][2])
{
	cairo_move_to(cr, tri[0][0], tri[0][1]);
	cairo_line_to(cr, tri[1][0], tri[1][1]);
	cairo_line_to(cr, tri[2][0], tri[2][1]);
	cairo_close_path(cr);
}

/*
 * The shaft of arrow w, cut short of a head's tip so that the head stays
 * sharp, as the current path.
 */
static void
pic_shaft_path(const struct pic *p, const struct picture_arrow *w)
{
	const double	(*pt)[2] = p->g->pt + w->first;
	double		 cut = p->size * 0.015, x, y, d = 1, left;
	int		 a = 0, b = w->n - 1, i;

	cairo_new_path(p->cr);
	/* The last point kept at each end, the cut taken off it. */
	for (left = cut; b > 0; b--) {
		d = hypot(pt[b][0] - pt[b - 1][0], pt[b][1] - pt[b - 1][1]);
		if (d > left)
			break;
		left -= d;
	}
	if (b == 0)
		return;
	x = pt[b][0] + (pt[b - 1][0] - pt[b][0]) * left / d;
	y = pt[b][1] + (pt[b - 1][1] - pt[b][1]) * left / d;
	if (w->heads == 2) {
		for (left = cut; a < b - 1; a++) {
			d = hypot(pt[a + 1][0] - pt[a][0], pt[a + 1][1] -
			    pt[a][1]);
			if (d > left)
				break;
			left -= d;
		}
		d = hypot(pt[a + 1][0] - pt[a][0], pt[a + 1][1] - pt[a][1]);
		if (d <= left)
			return;
		cairo_move_to(p->cr, pt[a][0] + (pt[a + 1][0] - pt[a][0]) *
		    left / d, pt[a][1] + (pt[a + 1][1] - pt[a][1]) * left / d);
	} else
		cairo_move_to(p->cr, pt[0][0], pt[0][1]);
	for (i = a + 1; i < b; i++)
		cairo_line_to(p->cr, pt[i][0], pt[i][1]);
	cairo_line_to(p->cr, x, y);
}

/*
 * Stroke arrow w with its heads: white first and wider, then black (or
 * rgb), so it shows on any colour.
 */
static void
pic_arrow_stroke(const struct pic *p, const struct picture_arrow *w,
    const double *rgb)
{
	cairo_t		*cr = p->cr;
	int		 pass, k;

	cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
	cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
	for (pass = 0; pass < 2; pass++) {
		if (pass == 0)
			cairo_set_source_rgb(cr, 1, 1, 1);
		else if (rgb != NULL)
			cairo_set_source_rgb(cr, rgb[0], rgb[1], rgb[2]);
		else
			cairo_set_source_rgb(cr, 0.05, 0.05, 0.05);
		cairo_set_line_width(cr, p->size * (pass == 0 ?
		    PIC_ARROW_HALO : PIC_ARROW_INK));
		pic_shaft_path(p, w);
		cairo_stroke(cr);
		for (k = 0; k < w->heads; k++)
			pic_head_path(cr, w->head[k]);
		if (pass == 0) {
			cairo_set_line_width(cr, p->size * PIC_HEAD_RIM);
			cairo_stroke_preserve(cr);
		}
		cairo_fill(cr);
	}
}

/* Draw every arrow of the plan: the choices blue, the last action black. */
void
pic_arrows_draw(const struct pic *p)
{
	const struct picture_arrow	*w;
	int				 i;

	for (i = 0; i < p->g->narrow; i++) {
		w = &p->g->arrow[i];
		pic_arrow_stroke(p, w, w->option ? pic_ink : NULL);
	}
}

/*
 * Draw a number in its disc: a choice's in a dark disc, as its button
 * shows it; a 7's segment's in a small white one.
 */
static void
pic_number_draw(const struct pic *p, const struct picture_arrow *w)
{
	const struct picture_box	*b = &p->g->num[w->box];
	cairo_t				*cr = p->cr;
	char				 text[8];
	double				 x, y, r;

	x = b->x + b->w / 2;
	y = b->y + b->h / 2;
	r = p->size * (w->option ? PIC_OPTNUM_R : PIC_SEGNUM_R);
	cairo_new_path(cr);
	cairo_arc(cr, x, y, r, 0, 2 * PIC_PI);
	if (w->option)
		cairo_set_source_rgb(cr, pic_ink[0], pic_ink[1], pic_ink[2]);
	else
		cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_fill_preserve(cr);
	if (w->option)
		cairo_set_source_rgb(cr, 1, 1, 1);
	else
		cairo_set_source_rgb(cr, 0.05, 0.05, 0.05);
	cairo_set_line_width(cr, p->size * (w->option ? PIC_OPTNUM_RIM :
	    PIC_SEGNUM_RIM));
	cairo_stroke(cr);
	cairo_select_font_face(cr, PIC_FONT, CAIRO_FONT_SLANT_NORMAL,
	    CAIRO_FONT_WEIGHT_BOLD);
	cairo_set_font_size(cr, r * (w->option ? 1.35 : 1.4));
	snprintf(text, sizeof text, "%d", w->num);
	pic_text_at(p, text, x, y);
}

/* Draw the arrows' numbers, over all of the arrows. */
void
pic_numbers_draw(const struct pic *p)
{
	int	i;

	for (i = 0; i < p->g->narrow; i++)
		if (p->g->arrow[i].box >= 0)
			pic_number_draw(p, &p->g->arrow[i]);
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
 * from it (or was landed on), while s's base grew.  Fills p->kicked[f]
 * with the seat or -1 (all -1 when there is nothing to compare, or the
 * picture shows the choices instead).
 */
void
pic_kicks_find(struct pic *p)
{
	const struct tac_board	*before, *after = &p->st->b;
	const struct tac_action	*a;
	int			*kicked = p->kicked;
	int			 s, f, grew;

	for (f = 0; f < TAC_MAXFIELDS; f++)
		kicked[f] = -1;
	if (p->o == NULL || p->o->opts != NULL || (a = p->o->last) == NULL ||
	    (before = p->o->before) == NULL || a->op == TAC_OP_SWAP)
		return;
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
}

/*
 * Mark the kicked marbles: first (mark = 0, under the marbles) a faded
 * ghost on the field each stood on; then (mark = 1, over the arrows) its
 * letter struck through where the plan put it, beyond the field's
 * number.
 */
void
pic_kicked(const struct pic *p, int mark)
{
	const struct picture_box	*b;
	cairo_t				*cr = p->cr;
	double				 x, y, r, dash[1];
	int				 f, i;

	for (f = 0; !mark && f < p->st->nfields; f++) {
		if (p->kicked[f] < 0)
			continue;
		pic_field_xy(p, f, p->r, &x, &y);
		cairo_new_path(cr);
		cairo_arc(cr, x, y, p->mr, 0, 2 * PIC_PI);
		pic_colour(p, p->kicked[f], 0.55);
		cairo_fill_preserve(cr);
		dash[0] = p->mr * 0.4;
		cairo_set_dash(cr, dash, 1, 0);
		cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
		cairo_set_line_width(cr, p->size * 0.0025);
		cairo_stroke(cr);
		cairo_set_dash(cr, NULL, 0, 0);
	}
	for (i = 0; mark && i < p->g->nkick; i++) {
		b = &p->g->kick[i];
		r = p->size * PIC_KICK_R;
		x = b->x + b->w / 2;
		y = b->y + b->h / 2;
		pic_marble(p, x, y, r, p->g->kickseat[i], 0);
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
