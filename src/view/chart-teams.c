/*
 * chart-teams.c: a line per team over the points of a chart (chart.h),
 * the one shown when a game ends: each team's marbles at home after each
 * round.
 *
 * A team's line is drawn in its first seat's colour, with a marker shape
 * of its own (circle, square, diamond), so that colour is not the only
 * thing telling two lines apart; lines with equal values are drawn a few
 * pixels apart so that both show.  The top of the scale (every marble of
 * a team at home: the goal) is dashed.  The legend gives each team's
 * members as the board does: a marble in the seat's colour with its
 * letter, then the name.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <cairo.h>

#include "chart.h"
#include "i18n.h"
#include "picture-int.h"
#include "render.h"

#define TEAMS_PLOT	300	/* the plot's height at 800 wide */
#define TEAMS_AXIS	62	/* the x axis' numbers and its word */
#define TEAMS_ROW	36	/* a legend row */
#define TEAMS_MARKERS	40	/* points drawn with markers, at most */

/* The picture's height for its width w (scale k). */
double
chart_teams_height(const struct chart *c, double w, double k)
{
	(void)w;
	return ((CHART_HEAD + 16 + TEAMS_PLOT + TEAMS_AXIS +
	    c->nteams * TEAMS_ROW + 10) * k);
}

/* Draw team t's marker (t picks the shape) at (x, y), radius r. */
static void
teams_marker(const struct pic *p, int t, int seat, double x, double y,
    double r)
{
	cairo_t	*cr = p->cr;

	cairo_new_path(cr);
	switch (t % 3) {
	case 0:
		cairo_arc(cr, x, y, r, 0, 2 * PIC_PI);
		break;
	case 1:
		cairo_rectangle(cr, x - r * 0.9, y - r * 0.9, r * 1.8, r * 1.8);
		break;
	default:
		cairo_move_to(cr, x, y - r * 1.25);
		cairo_line_to(cr, x + r * 1.25, y);
		cairo_line_to(cr, x, y + r * 1.25);
		cairo_line_to(cr, x - r * 1.25, y);
		cairo_close_path(cr);
		break;
	}
	pic_colour(p, seat, 0);
	cairo_fill_preserve(cr);
	cairo_set_source_rgb(cr, 0.15, 0.15, 0.15);
	cairo_set_line_width(cr, r * 0.3);
	cairo_stroke(cr);
}

/* The step between numbered rounds on an axis of xmax rounds. */
static int
teams_step(double xmax)
{
	if (xmax <= 12)
		return (1);
	if (xmax <= 30)
		return (5);
	if (xmax <= 60)
		return (10);
	return (20);
}

/* The scale, the goal dashed, the axes and their numbers. */
static void
teams_axes(cairo_t *cr, const struct chart *c, double x0, double x1,
    double y0, double y1, double k)
{
	double	xmax = c->x[c->n - 1], ymax = c->base, y, x, last = 0,
		dash[1] = { 6 * k };
	char	num[32];
	int	v, step;

	cairo_set_font_size(cr, 15 * k);
	for (v = 0; v <= (int)ymax; v++) {
		y = y0 - (y0 - y1) * v / ymax;
		cairo_set_source_rgb(cr, 0.9, 0.9, 0.92);
		cairo_set_line_width(cr, 1 * k);
		cairo_move_to(cr, x0, y);
		cairo_line_to(cr, x1, y);
		cairo_stroke(cr);
		if (ymax > 8 && v % 2 != 0)
			continue;
		cairo_set_source_rgb(cr, 0.4, 0.4, 0.45);
		snprintf(num, sizeof num, "%d", v);
		chart_text(cr, num, x0 - 8 * k, y + 5 * k, 2);
	}
	cairo_set_source_rgb(cr, 0.55, 0.55, 0.6);
	cairo_set_line_width(cr, 1.5 * k);
	cairo_set_dash(cr, dash, 1, 0);
	cairo_move_to(cr, x0, y1);
	cairo_line_to(cr, x1, y1);
	cairo_stroke(cr);
	cairo_set_dash(cr, NULL, 0, 0);
	cairo_set_source_rgb(cr, 0.6, 0.6, 0.65);
	cairo_move_to(cr, x0, y1);
	cairo_line_to(cr, x0, y0);
	cairo_line_to(cr, x1, y0);
	cairo_stroke(cr);
	step = teams_step(xmax);
	cairo_set_source_rgb(cr, 0.4, 0.4, 0.45);
	for (v = 0; v <= (int)xmax; v += step) {
		last = x = x0 + (x1 - x0) * v / xmax;
		snprintf(num, sizeof num, "%d", v);
		chart_text(cr, num, x, y0 + 22 * k, 1);
	}
	/* The last round, unless a numbered one sits right there. */
	if (x1 - last > 30 * k) {
		snprintf(num, sizeof num, "%.0f", xmax);
		chart_text(cr, num, x1, y0 + 22 * k, 1);
	}
	chart_text(cr, c->axis, (x0 + x1) / 2, y0 + 46 * k, 1);
}

/* Each team's line, its markers and its last value. */
static void
teams_lines(const struct pic *p, const struct chart *c, double x0,
    double x1, double y0, double y1, double k)
{
	cairo_t			*cr = p->cr;
	const struct chart_team	*tm;
	double			 xmax = c->x[c->n - 1], x, y, dy, lx;
	char			 num[32];
	int			 t, i, u, same;

	cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
	for (t = 0; t < c->nteams; t++) {
		tm = &c->team[t];
		if (tm->n == 0)
			continue;
		dy = (t - (c->nteams - 1) / 2.0) * 3.5 * k;
		cairo_new_path(cr);
		for (i = 0; i < c->n; i++) {
			x = x0 + (x1 - x0) * c->x[i] / xmax;
			y = y0 - (y0 - y1) * tm->value[i] / c->base + dy;
			if (i == 0)
				cairo_move_to(cr, x, y);
			else
				cairo_line_to(cr, x, y);
		}
		pic_colour(p, tm->seat[0], 0);
		cairo_set_line_width(cr, 3.5 * k);
		cairo_stroke(cr);
		for (i = 0; i < c->n; i++) {
			if (c->n > TEAMS_MARKERS && i != c->n - 1)
				continue;
			teams_marker(p, t, tm->seat[0], x0 + (x1 - x0) *
			    c->x[i] / xmax, y0 - (y0 - y1) * tm->value[i] /
			    c->base + dy, 5 * k);
		}
		/* Equal last values: the later team's number moves right. */
		for (u = same = 0; u < t; u++)
			same += c->team[u].value[c->n - 1] ==
			    tm->value[c->n - 1];
		lx = x1 + 10 * k + same * 20 * k;
		cairo_select_font_face(cr, PIC_FONT, CAIRO_FONT_SLANT_NORMAL,
		    CAIRO_FONT_WEIGHT_BOLD);
		cairo_set_font_size(cr, 16 * k);
		cairo_set_source_rgb(cr, 0.15, 0.15, 0.2);
		snprintf(num, sizeof num, "%.0f", tm->value[c->n - 1]);
		chart_text(cr, num, lx, y0 - (y0 - y1) * tm->value[c->n - 1] /
		    c->base + dy + 6 * k, 0);
	}
	cairo_select_font_face(cr, PIC_FONT, CAIRO_FONT_SLANT_NORMAL,
	    CAIRO_FONT_WEIGHT_NORMAL);
}

/* The legend: a row per team, its line's sample and its members. */
static void
teams_legend(const struct pic *p, const struct chart *c, double x0,
    double top, double k)
{
	cairo_t			*cr = p->cr;
	const struct chart_team	*tm;
	cairo_text_extents_t	 e;
	double			 x, y;
	int			 t, i;

	for (t = 0; t < c->nteams; t++) {
		tm = &c->team[t];
		if (tm->n == 0)
			continue;
		y = top + t * TEAMS_ROW * k + TEAMS_ROW * k / 2;
		pic_colour(p, tm->seat[0], 0);
		cairo_set_line_width(cr, 3.5 * k);
		cairo_move_to(cr, x0, y);
		cairo_line_to(cr, x0 + 36 * k, y);
		cairo_stroke(cr);
		teams_marker(p, t, tm->seat[0], x0 + 18 * k, y, 5 * k);
		x = x0 + 52 * k;
		for (i = 0; i < tm->n; i++) {
			pic_marble(p, x + 11 * k, y, 11 * k, tm->seat[i], 0);
			cairo_select_font_face(cr, PIC_FONT,
			    CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
			cairo_set_font_size(cr, 17 * k);
			cairo_set_source_rgb(cr, 0.15, 0.15, 0.2);
			chart_text(cr, tm->name[i], x + 28 * k, y + 6 * k, 0);
			cairo_text_extents(cr, tm->name[i], &e);
			x += 28 * k + e.x_advance + 24 * k;
		}
	}
}

/* Draw a CHART_TEAMS chart under its head (chart_render()). */
void
chart_teams(cairo_t *cr, const struct chart *c, double w, double k)
{
	struct pic	p;
	double		x0 = 64 * k, x1 = w - 64 * k, y1, y0;

	if (c->base <= 0 || c->x[c->n - 1] <= 0)
		return;
	memset(&p, 0, sizeof p);
	p.cr = cr;
	p.lang = c->lang[0] != '\0' ? c->lang : "en";
	y1 = (CHART_HEAD + 16) * k;
	y0 = y1 + TEAMS_PLOT * k;
	teams_axes(cr, c, x0, x1, y0, y1, k);
	teams_lines(&p, c, x0, x1, y0, y1, k);
	teams_legend(&p, c, x0, y0 + TEAMS_AXIS * k, k);
}

/* Build the chart of each team's marbles at home (chart.h). */
int
chart_homes(struct chart *c, const char *lang, int64_t game,
    const struct chart_seats *who, const struct tac_homes *h)
{
	struct chart_team	*tm;
	const char		*name;
	int			 s, t, i, r, most = 1;

	memset(c, 0, sizeof *c);
	if (h->n < 1 || h->nteams < 1)
		return (-1);
	c->kind = CHART_TEAMS;
	snprintf(c->lang, sizeof c->lang, "%s", lang);
	if (game > 0)
		/* TRANSLATORS: a chart's title; %lld the game's number. */
		snprintf(c->title, sizeof c->title, tr(lang, "Marbles at home, "
		    "game #%lld"), (long long)game);
	else
		/* TRANSLATORS: a chart's title, when the game has no
		   number. */
		snprintf(c->title, sizeof c->title, "%s", tr(lang, "Marbles at "
		    "home"));
	/* TRANSLATORS: a chart's caption, under its title. */
	snprintf(c->note, sizeof c->note, "%s", tr(lang, "each team's marbles "
	    "at home after each round"));
	/* TRANSLATORS: the label of a chart's horizontal axis: the rounds
	   (deals) of a game; short. */
	snprintf(c->axis, sizeof c->axis, "%s", trc(lang, "chart axis",
	    "round"));
	c->nteams = h->nteams < CHART_TEAMS_MAX ? h->nteams : CHART_TEAMS_MAX;
	for (s = 0; s < who->nseats && s < TAC_MAXSEATS; s++) {
		t = who->team[s];
		if (t < 0 || t >= c->nteams || c->team[t].n == CHART_MEMBERS)
			continue;
		tm = &c->team[t];
		name = who->name[s];
		if (name == NULL || *name == '\0')
			name = tr(lang, render_colour(s));
		tm->seat[tm->n] = s;
		utf8_shorten(name, RENDER_NAMECHARS, tm->name[tm->n],
		    sizeof tm->name[tm->n]);
		if (++tm->n > most)
			most = tm->n;
	}
	c->base = TAC_MARBLES * most;
	/* The start, then every round; a long game's rounds are sampled. */
	c->n = h->n + 1 <= CHART_MAX ? h->n + 1 : CHART_MAX;
	for (i = 0; i < c->n; i++) {
		r = c->n == h->n + 1 ? i : (int)llround((double)i * h->n /
		    (c->n - 1));
		/* The last slot holds the last round, however many. */
		c->x[i] = r == h->n ? h->rounds : r;
		for (t = 0; t < c->nteams; t++)
			c->team[t].value[i] = r == 0 ? 0 : h->home[r - 1][t];
	}
	return (0);
}
