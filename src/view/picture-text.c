/*
 * picture-text.c: the words in the middle of a board picture, wrapped to
 * fit: whose turn it is (or the result; "Your turn." to its reader), in
 * Team-TAC the cards played so far over it, and the last action under it.  They are measured and
 * placed with the rest of the plan, so that arrows and numbers keep off
 * them, and drawn last.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <string.h>

#include "i18n.h"
#include "picture-int.h"
#include "render.h"

/*
 * Write the line that says how the picture's reader acts, when it is
 * their turn: 1, or 0 when it is not.
 */
static int
pic_yourline(const struct pic *p, char *buf, size_t len)
{
	const struct tac_state	*st = p->st;
	int			 names = st->cfg.names;

	if (p->o == NULL || !p->o->yours || p->o->reader != st->turn)
		return (0);
	switch (st->phase) {
	case TAC_PH_PLAY:
		snprintf(buf, len, "%s", tr(p->lang, "Your turn."));
		return (1);
	case TAC_PH_FOOL:
		/* TRANSLATORS: the picture of the reader's turn; %s the
		   Fool's name. */
		snprintf(buf, len, tr(p->lang, "You play one more card (%s)."),
		    render_card(p->lang, names, TAC_FOOL));
		return (1);
	case TAC_PH_SKIP:
		snprintf(buf, len, tr(p->lang, "An 8 skips you: discard a card, "
		    "or answer with your %s."), render_card(p->lang, names,
		    TAC_TAC));
		return (1);
	case TAC_PH_DEVIL:
		/* TRANSLATORS: the picture of the reader's turn; %s a
		   player's name, %s the Devil's name. */
		snprintf(buf, len, tr(p->lang, "You play a card from the hand "
		    "of %s (%s)."), pic_who(p, st->victim % p->nseats),
		    render_card(p->lang, names, TAC_DEVIL));
		return (1);
	case TAC_PH_FORCED:
		/* TRANSLATORS: the picture of the reader's turn (T10); %s
		   the TAC card's name. */
		snprintf(buf, len, tr(p->lang, "You must undo the winning move "
		    "with your %s."), render_card(p->lang, names, TAC_TAC));
		return (1);
	default:
		return (0);
	}
}

/*
 * Write the line that says who acts and how, as the text board does,
 * and to the picture's reader when it is their turn.
 */
static void
pic_turnline(const struct pic *p, char *buf, size_t len)
{
	const struct tac_state	*st = p->st;
	const char		*who = pic_who(p, st->turn), *wait[TAC_MAXSEATS];
	struct rbuf		 list = { NULL, 0, 0 };
	int			 names = st->cfg.names, s, n;
	size_t			 used;

	if (pic_yourline(p, buf, len))
		return;
	switch (st->phase) {
	case TAC_PH_OVER:
		if (st->cfg.coop) {
			/* Everyone won together: the cards it took. */
			render_coop(p->lang, st, &list);
			snprintf(buf, len, "%s", list.s != NULL ? list.s : "");
			rbuf_free(&list);
			break;
		}
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

/*
 * Wrap paragraph i of the middle, centred on y with font size fs in the
 * current font, and add each line's ink box to the plan: the middle's
 * text that arrows and numbers keep off.
 */
static void
pic_paragraph_plan(struct pic *p, int i, const char *text, double y,
    double fs, double w, int bold, double grey)
{
	cairo_text_extents_t	 e;
	struct picture_geom	*g = p->g;
	struct picture_box	*b;
	double			 ym;
	int			 k, n;

	cairo_select_font_face(p->cr, PIC_FONT, CAIRO_FONT_SLANT_NORMAL, bold ?
	    CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_font_size(p->cr, fs);
	n = pic_wrap(p, text, w, p->w.mid[i]);
	p->w.nmid[i] = n;
	p->w.midfs[i] = fs;
	p->w.midbold[i] = bold;
	p->w.midgrey[i] = grey;
	for (k = 0; k < n; k++) {
		ym = y + (k - (n - 1) / 2.0) * fs * 1.3;
		cairo_text_extents(p->cr, p->w.mid[i][k], &e);
		/* Where to write it to centre its ink, as pic_text_at(). */
		p->w.midx[i][k] = p->cx - e.width / 2 - e.x_bearing;
		p->w.midy[i][k] = ym - e.height / 2 - e.y_bearing;
		b = &g->centre[g->ncentre++];
		b->x = p->cx - e.width / 2;
		b->y = ym - e.height / 2;
		b->w = e.width;
		b->h = e.height;
	}
}

/*
 * Move paragraph i, planned last, right above the middle's line of text
 * k, a gap between: however many lines it wrapped to, it stays as close
 * to the middle as it can, clear of the homes that reach in.
 */
static void
pic_paragraph_above(struct pic *p, int i, int k, double gap)
{
	struct picture_geom	*g = p->g;
	struct picture_box	*last;
	double			 dy;
	int			 j, n = p->w.nmid[i];

	if (n == 0)
		return;
	last = &g->centre[g->ncentre - 1];
	dy = g->centre[k].y - gap - (last->y + last->h);
	for (j = 0; j < n; j++) {
		p->w.midy[i][j] += dy;
		g->centre[g->ncentre - n + j].y += dy;
	}
}

/*
 * Measure and place the middle's paragraphs: whose turn it is or the
 * result; in Team-TAC, above it, the cards played so far; the last
 * action in the words compose gives, else in notation.
 */
void
pic_middle_plan(struct pic *p)
{
	const struct tac_state	*st = p->st;
	struct rbuf		 coop = { NULL, 0, 0 };
	char			 line[512], act[128];
	double			 w;
	int			 i;

	for (i = 0; i < PIC_MIDS; i++)
		p->w.nmid[i] = 0;
	/* Six homes come closer to the middle than four. */
	w = p->size * (p->nseats == 6 ? 0.19 : 0.25);
	pic_turnline(p, line, sizeof line);
	pic_paragraph_plan(p, PIC_MID_TURN, line, p->cy - p->size * 0.035,
	    p->size * 0.024, w, 1, 0.08);
	if (st->cfg.coop && st->phase != TAC_PH_OVER) {
		render_coop(p->lang, st, &coop);
		pic_paragraph_plan(p, PIC_MID_COOP, coop.s != NULL ? coop.s :
		    "", p->cy, p->size * 0.02, w, 0, 0.2);
		rbuf_free(&coop);
		pic_paragraph_above(p, PIC_MID_COOP, 0, p->size * 0.012);
	}

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
	pic_paragraph_plan(p, PIC_MID_LAST, line, p->cy + p->size * 0.055,
	    p->size * 0.02, w, 0, 0.3);
}

/* Draw the middle's paragraphs where they were placed. */
void
pic_centre_draw(const struct pic *p)
{
	cairo_t	*cr = p->cr;
	int	 i, k;

	for (i = 0; i < PIC_MIDS; i++) {
		cairo_select_font_face(cr, PIC_FONT, CAIRO_FONT_SLANT_NORMAL,
		    p->w.midbold[i] ? CAIRO_FONT_WEIGHT_BOLD :
		    CAIRO_FONT_WEIGHT_NORMAL);
		cairo_set_source_rgb(cr, p->w.midgrey[i], p->w.midgrey[i],
		    p->w.midgrey[i]);
		cairo_set_font_size(cr, p->w.midfs[i]);
		for (k = 0; k < p->w.nmid[i]; k++) {
			cairo_move_to(cr, p->w.midx[i][k], p->w.midy[i][k]);
			cairo_show_text(cr, p->w.mid[i][k]);
		}
	}
}
