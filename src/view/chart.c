/*
 * chart.c: bars and lines with cairo (chart.h), written as PNG by the
 * board pictures' encoder (picture-png.c); the per-team lines are
 * chart-teams.c's.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <cairo.h>

#include "chart.h"
#include "picture-int.h"


/* Set a grey or a colour, as 0..1 components. */
static void
chart_rgb(cairo_t *cr, double r, double g, double b)
{
	cairo_set_source_rgb(cr, r, g, b);
}

/* Write s with its left end (align 0), centre (1) or right (2) at x. */
void
chart_text(cairo_t *cr, const char *s, double x, double y, int align)
{
	cairo_text_extents_t	e;

	cairo_text_extents(cr, s, &e);
	if (align == 1)
		x -= e.width / 2 + e.x_bearing;
	else if (align == 2)
		x -= e.width + e.x_bearing;
	cairo_move_to(cr, x, y);
	cairo_show_text(cr, s);
}

/* Draw the title and the note. */
static void
chart_head(cairo_t *cr, const struct chart *c, double w, double k)
{
	cairo_select_font_face(cr, PIC_FONT, CAIRO_FONT_SLANT_NORMAL,
	    CAIRO_FONT_WEIGHT_BOLD);
	cairo_set_font_size(cr, 26 * k);
	chart_rgb(cr, 0.15, 0.15, 0.2);
	chart_text(cr, c->title, w / 2, 38 * k, 1);
	cairo_select_font_face(cr, PIC_FONT, CAIRO_FONT_SLANT_NORMAL,
	    CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_font_size(cr, 16 * k);
	chart_rgb(cr, 0.4, 0.4, 0.45);
	chart_text(cr, c->note, w / 2, 66 * k, 1);
}

/* Horizontal bars: the total light, the value dark over it, labelled. */
static void
chart_bars(cairo_t *cr, const struct chart *c, double w, double k)
{
	double	max = 1, x0 = 230 * k, x1 = w - 90 * k, y, len;
	char	num[64];
	int	i;

	for (i = 0; i < c->n; i++) {
		if (c->total[i] > max)
			max = c->total[i];
		if (c->value[i] > max)
			max = c->value[i];
	}
	cairo_set_font_size(cr, 17 * k);
	for (i = 0; i < c->n; i++) {
		y = CHART_HEAD * k + i * CHART_BAR * k;
		len = (x1 - x0) * c->total[i] / max;
		chart_rgb(cr, 0.82, 0.86, 0.93);
		cairo_rectangle(cr, x0, y + 5 * k, len, (CHART_BAR - 10) * k);
		cairo_fill(cr);
		len = (x1 - x0) * c->value[i] / max;
		chart_rgb(cr, 0.2, 0.42, 0.75);
		cairo_rectangle(cr, x0, y + 5 * k, len, (CHART_BAR - 10) * k);
		cairo_fill(cr);
		chart_rgb(cr, 0.15, 0.15, 0.2);
		chart_text(cr, c->label[i], x0 - 10 * k, y + 23 * k, 2);
		snprintf(num, sizeof num, "%.0f / %.0f", c->value[i],
		    c->total[i]);
		chart_text(cr, num, x0 + (x1 - x0) * (c->total[i] > c->value[i]
		    ? c->total[i] : c->value[i]) / max + 8 * k, y + 23 * k, 0);
	}
}

/* A line through the points, its range on the left, a dashed base. */
static void
chart_line(cairo_t *cr, const struct chart *c, double w, double h, double k)
{
	double	lo, hi, x0 = 90 * k, x1 = w - 30 * k, y0 = h - 40 * k,
		y1 = CHART_HEAD * k + 10 * k, x, y, dash[1] = { 6 * k };
	char	num[64];
	int	i;

	lo = hi = c->base > 0 ? c->base : c->value[0];
	for (i = 0; i < c->n; i++) {
		lo = fmin(lo, c->value[i]);
		hi = fmax(hi, c->value[i]);
	}
	if (hi - lo < 20) {
		lo -= 10;
		hi += 10;
	}
#define CHART_Y(v)	(y0 - (y0 - y1) * ((v) - lo) / (hi - lo))
#define CHART_X(i)	(c->n > 1 ? x0 + (x1 - x0) * (i) / (c->n - 1) : \
			    (x0 + x1) / 2)
	chart_rgb(cr, 0.6, 0.6, 0.65);
	cairo_set_line_width(cr, 1.5 * k);
	cairo_move_to(cr, x0, y1);
	cairo_line_to(cr, x0, y0);
	cairo_line_to(cr, x1, y0);
	cairo_stroke(cr);
	cairo_set_font_size(cr, 15 * k);
	snprintf(num, sizeof num, "%.0f", hi);
	chart_text(cr, num, x0 - 8 * k, y1 + 5 * k, 2);
	snprintf(num, sizeof num, "%.0f", lo);
	chart_text(cr, num, x0 - 8 * k, y0, 2);
	if (c->base > 0) {
		cairo_set_dash(cr, dash, 1, 0);
		cairo_move_to(cr, x0, CHART_Y(c->base));
		cairo_line_to(cr, x1, CHART_Y(c->base));
		cairo_stroke(cr);
		cairo_set_dash(cr, NULL, 0, 0);
		snprintf(num, sizeof num, "%.0f", c->base);
		chart_text(cr, num, x0 - 8 * k, CHART_Y(c->base) + 5 * k, 2);
	}
	chart_rgb(cr, 0.2, 0.42, 0.75);
	cairo_set_line_width(cr, 3 * k);
	for (i = 0; i < c->n; i++) {
		if (i == 0)
			cairo_move_to(cr, CHART_X(i), CHART_Y(c->value[i]));
		else
			cairo_line_to(cr, CHART_X(i), CHART_Y(c->value[i]));
	}
	cairo_stroke(cr);
	for (i = 0; i < c->n; i++) {
		x = CHART_X(i);
		y = CHART_Y(c->value[i]);
		cairo_arc(cr, x, y, 4 * k, 0, 2 * PIC_PI);
		cairo_fill(cr);
	}
	chart_rgb(cr, 0.15, 0.15, 0.2);
	snprintf(num, sizeof num, "%.0f", c->value[c->n - 1]);
	chart_text(cr, num, CHART_X(c->n - 1), CHART_Y(c->value[c->n - 1]) -
	    12 * k, c->n > 1 ? 2 : 1);
#undef CHART_X
#undef CHART_Y
}

/* Draw a chart as a PNG (chart.h). */
int
chart_render(const struct chart *c, int width, unsigned char **png,
    size_t *len)
{
	cairo_surface_t	*sf;
	cairo_t		*cr;
	double		 k, w, h;
	int		 rc = -1;

	*png = NULL;
	*len = 0;
	if (c->n < 1 || c->n > CHART_MAX)
		return (-1);
	if (width <= 0)
		width = 800;
	if (width < 200 || width > 4096)
		return (-1);
	k = width / 800.0;
	w = width;
	if (c->kind == CHART_BARS)
		h = (CHART_HEAD + c->n * CHART_BAR + 24) * k;
	else if (c->kind == CHART_TEAMS)
		h = chart_teams_height(c, w, k);
	else
		h = w * 0.6;
	sf = cairo_image_surface_create(CAIRO_FORMAT_RGB24, (int)w, (int)h);
	if (cairo_surface_status(sf) != CAIRO_STATUS_SUCCESS)
		goto out;
	cr = cairo_create(sf);
	chart_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	chart_head(cr, c, w, k);
	if (c->kind == CHART_BARS)
		chart_bars(cr, c, w, k);
	else if (c->kind == CHART_TEAMS)
		chart_teams(cr, c, w, k);
	else
		chart_line(cr, c, w, h, k);
	if (cairo_status(cr) == CAIRO_STATUS_SUCCESS)
		rc = pic_png_encode(sf, png, len);
	cairo_destroy(cr);
out:
	cairo_surface_destroy(sf);
	return (rc);
}
