/*
 * tg-keys.c: inline keyboards (reply_markup) for the lobby, the options
 * and a player's action menu, and the button labels people read.
 *
 * Pure: the keyboards come from a game's description and a menu node
 * (menu.h); nothing here calls the API or the service, so the unit tests
 * check them without a network.  Every button's data is the service's
 * button data (svc_button_data()): the game, the turn (menu buttons
 * only: they go stale when the turn moves on) and a command.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "log.h"
#include "render.h"
#include "tg-keys.h"

/* The colours of seats, as in render.c, for team labels. */
static const char *const tg_keys_colours[TAC_MAXSEATS] = {
	N_("Red"), N_("Blue"), N_("Green"), N_("Yellow"), N_("Purple"),
	N_("White")
};

/* The characters (not bytes) of UTF-8 text. */
static size_t
tg_keys_width(const char *s)
{
	size_t	n = 0;

	for (; *s != '\0'; s++) {
		if (((unsigned char)*s & 0xc0) != 0x80)
			n++;
	}
	return (n);
}

/*
 * A button: label and command for game at turn (turn < 0: valid at any
 * turn).  NULL when the data would not fit in 64 bytes: the button is
 * left out rather than cut, as cut data would name another command.
 */
static json_t *
tg_keys_button(const char *label, int64_t game, int64_t turn,
    const char *cmd)
{
	char	data[SVC_BUTTON_MAX + 1];

	if (svc_button_data(data, sizeof data, game, turn, cmd) < 0) {
		log_warnx("telegram: button \"%s\" of game %lld does not fit",
		    cmd, (long long)game);
		return (NULL);
	}
	return (json_pack("{s:s, s:s}", "text", label, "callback_data",
	    data));
}

/* Append a button to a row, if it could be made. */
static void
tg_keys_put(json_t *row, json_t *button)
{
	if (button != NULL)
		json_array_append_new(row, button);
}

/* Append a row to a keyboard, unless it is empty. */
static void
tg_keys_row(json_t *rows, json_t *row)
{
	if (json_array_size(row) > 0)
		json_array_append(rows, row);
	json_decref(row);
}

/* Wrap the rows as a reply_markup object (takes the rows). */
static json_t *
tg_keys_markup(json_t *rows)
{
	return (json_pack("{s:o}", "inline_keyboard", rows));
}

/* An empty keyboard: an edit with it takes the buttons away. */
json_t *
tg_keys_none(void)
{
	return (tg_keys_markup(json_array()));
}

/*
 * The lobby's buttons: join, one per team with a free seat, add an AI,
 * options, start, cancel.  An empty keyboard once the lobby is over.
 */
json_t *
tg_keys_lobby(const struct svc_game *g, const char *lang)
{
	struct tac_state	 st;
	struct rbuf		 b = { NULL, 0, 0 }, colours = { NULL, 0, 0 };
	json_t			*rows, *row;
	char			 cmd[32];
	int			 t, s, n, free_seats;

	if (g->state != SVC_LOBBY)
		return (tg_keys_none());
	rows = json_array();
	row = json_array();
	tg_keys_put(row, tg_keys_button(tr(lang, "Join"), g->id, -1, "join"));
	tg_keys_put(row, tg_keys_button(tr(lang, "Add AI"), g->id, -1, "ai"));
	tg_keys_row(rows, row);

	/* The engine knows the teams; only the configuration is needed. */
	memset(&st, 0, sizeof st);
	st.cfg = g->cfg;
	row = json_array();
	for (t = 0; t < tac_nteams(&st); t++) {
		rbuf_reset(&colours);
		for (s = 0, n = 0, free_seats = 0; s < g->cfg.nseats &&
		    s < TAC_MAXSEATS; s++) {
			if (tac_team(&st, s) != t)
				continue;
			if (g->seats[s].user[0] == '\0' && g->seats[s].ai == 0)
				free_seats++;
			rbuf_add(&colours, "%s%s", n++ == 0 ? "" : "+",
			    tr(lang, tg_keys_colours[s]));
		}
		if (free_seats == 0 || colours.s == NULL)
			continue;
		snprintf(cmd, sizeof cmd, "team %d", t);
		rbuf_reset(&b);
		rbuf_add(&b, tr(lang, "Team %s"), colours.s);
		tg_keys_put(row, tg_keys_button(b.s, g->id, -1, cmd));
	}
	tg_keys_row(rows, row);

	row = json_array();
	tg_keys_put(row, tg_keys_button(tr(lang, "Options"), g->id, -1,
	    "options"));
	tg_keys_put(row, tg_keys_button(tr(lang, "Start"), g->id, -1,
	    "start"));
	tg_keys_put(row, tg_keys_button(tr(lang, "Cancel"), g->id, -1,
	    "abort"));
	tg_keys_row(rows, row);
	rbuf_free(&b);
	rbuf_free(&colours);
	return (tg_keys_markup(rows));
}

/* An option button, marked when it is the current choice. */
static json_t *
tg_keys_option(const struct svc_game *g, const char *label, int current,
    const char *word)
{
	char	text[96], cmd[48];

	snprintf(text, sizeof text, "%s%s", current ? "\xe2\x9c\x93 " : "",
	    label);
	snprintf(cmd, sizeof cmd, "options %s", word);
	return (tg_keys_button(text, g->id, -1, cmd));
}

/*
 * The options' buttons, one row per option, the current choice ticked:
 * pressing one sends "/options WORD", which only the creator (or an
 * admin) may do; the service checks.  No buttons once the game started.
 */
json_t *
tg_keys_options(const struct svc_game *g, const char *lang)
{
	static const struct {
		const char	*label;
		const char	*word;
		int64_t		 secs;
	} dl[] = {
		{ N_("30 min"), "deadline=30m", 1800 },
		{ N_("2 h"), "deadline=2h", 7200 },
		{ N_("3 d"), "deadline=3d", 259200 },
		{ N_("no limit"), "deadline=off", 0 },
	};
	json_t	*rows, *row;
	size_t	 i;
	int	 six = g->cfg.nseats == 6, taker;

	if (g->state != SVC_LOBBY)
		return (tg_keys_none());
	taker = g->cfg.names == TAC_NAMES_TAKER;
	rows = json_array();
	row = json_array();
	tg_keys_put(row, tg_keys_option(g, tr(lang, "4 players"), !six, "4"));
	tg_keys_put(row, tg_keys_option(g, tr(lang, "6 players"), six, "6"));
	tg_keys_row(rows, row);
	if (six) {
		row = json_array();
		tg_keys_put(row, tg_keys_option(g, tr(lang, "teams of two"),
		    !g->cfg.triples, "pairs"));
		tg_keys_put(row, tg_keys_option(g, tr(lang,
		    "two teams of three"), g->cfg.triples, "triples"));
		tg_keys_row(rows, row);
	}
	row = json_array();
	tg_keys_put(row, tg_keys_option(g, tr(lang, "master cards"),
	    g->cfg.master, "master"));
	tg_keys_put(row, tg_keys_option(g, tr(lang, "no master cards"),
	    !g->cfg.master, "nomaster"));
	tg_keys_row(rows, row);
	row = json_array();
	tg_keys_put(row, tg_keys_option(g, tr(lang, "TAC names"), !taker,
	    "tac"));
	tg_keys_put(row, tg_keys_option(g, tr(lang, "TAKER names"), taker,
	    "taker"));
	tg_keys_row(rows, row);
	row = json_array();
	for (i = 0; i < sizeof dl / sizeof dl[0]; i++)
		tg_keys_put(row, tg_keys_option(g, tr(lang, dl[i].label),
		    g->deadline == dl[i].secs, dl[i].word));
	tg_keys_row(rows, row);
	row = json_array();
	tg_keys_put(row, tg_keys_option(g, tr(lang, "AI quick"), g->ai != 2,
	    "ai=1"));
	tg_keys_put(row, tg_keys_option(g, tr(lang, "AI strong"), g->ai == 2,
	    "ai=2"));
	tg_keys_row(rows, row);
	return (tg_keys_markup(rows));
}

/* Is this word of the notation one of the prefixes (TAC, DEVIL)? */
static int
tg_keys_prefixword(const char *w, size_t n)
{
	int	c = tac_card_parse(w, n);

	return (c == TAC_TAC || c == TAC_DEVIL);
}

/*
 * Append one word of the body of an action (after the card) as people
 * read it: "12>" is "12 ->", "12>14" is "12 -> 14", "3<>40" is "3 <-> 40",
 * "discard" and "skip" in the reader's language.
 */
static void
tg_keys_bodyword(const char *lang, const char *w, size_t n, struct rbuf *b)
{
	size_t	i;

	if (n == 7 && strncmp(w, "discard", 7) == 0) {
		rbuf_addstr(b, tr(lang, "discard"));
		return;
	}
	if (n == 4 && strncmp(w, "skip", 4) == 0) {
		rbuf_addstr(b, tr(lang, "skip"));
		return;
	}
	for (i = 0; i < n; i++) {
		if (w[i] == '<' && i + 1 < n && w[i + 1] == '>') {
			rbuf_addstr(b, i > 0 ? " <->" : "<->");
			if (i + 2 < n)
				rbuf_addstr(b, " ");
			i++;
		} else if (w[i] == '>') {
			rbuf_addstr(b, i > 0 ? " ->" : "->");
			if (i + 1 < n)
				rbuf_addstr(b, " ");
		} else
			rbuf_add(b, "%c", w[i]);
	}
}

/*
 * Append a fragment of the notation (a menu label, or a whole prefix with
 * before "") as people read it, in the game's card names.  before is the
 * notation chosen up to the fragment: it tells whether the card was named
 * already (a number then is a field, not a card) and whether the fragment
 * goes on a word that is not finished ("7 12>" + "14").
 */
void
tg_keys_pretty(const struct svc_game *g, const char *lang,
    const char *before, const char *frag, struct rbuf *b)
{
	const char	*p, *e;
	size_t		 n;
	int		 card = 0, c, first = 1, give = 0;

	/* How far the action went before the fragment. */
	for (p = before; *p != '\0'; p = e + strspn(e, " ")) {
		p += strspn(p, " ");
		e = p + strcspn(p, " ");
		if (e == p)
			break;
		if (!tg_keys_prefixword(p, (size_t)(e - p)))
			card = 1;
	}
	for (p = frag; *p != '\0'; p = e) {
		p += strspn(p, " ");
		if (*p == '\0')
			break;
		e = p + strcspn(p, " ");
		n = (size_t)(e - p);
		if (!first)
			rbuf_addstr(b, " ");
		first = 0;
		if (give) {
			c = tac_card_parse(p, n);
			rbuf_add(b, tr(lang, "give %s"), c >= 0 ?
			    tac_card_display(c, g->cfg.names) : "?");
			give = 0;
			card = 1;
		} else if (!card && n == 4 && strncmp(p, "give", 4) == 0) {
			give = 1;
			first = 1;
		} else if (!card && (c = tac_card_parse(p, n)) >= 0) {
			rbuf_addstr(b, tac_card_display(c, g->cfg.names));
			if (c != TAC_TAC && c != TAC_DEVIL)
				card = 1;
		} else
			tg_keys_bodyword(lang, p, n, b);
	}
	if (give)
		rbuf_add(b, tr(lang, "give %s"), "");
}

/* The label of a menu entry: "play" for MENU_PLAY, else the fragment. */
static void
tg_keys_label(const struct svc_game *g, const char *lang,
    const struct menu *m, const struct menu_entry *e, struct rbuf *b)
{
	size_t	n = strlen(e->path);

	if (n > 0 && e->path[n - 1] == MENU_PLAY)
		rbuf_addstr(b, tr(lang, "play"));
	else
		tg_keys_pretty(g, lang, m->prefix, e->label, b);
}

/* How many buttons of a width fit on one row of a phone's screen. */
static size_t
tg_keys_perrow(size_t w)
{
	if (w <= 3)
		return (6);
	if (w <= 6)
		return (4);
	if (w <= 10)
		return (3);
	if (w <= 18)
		return (2);
	return (1);
}

/*
 * The buttons of a menu node for game at turn: its entries, several a
 * row by their width ("play" entries last), and "<- back" unless it is
 * the root.  Each presses "/menu PATH".
 */
json_t *
tg_keys_menu(const struct svc_game *g, const char *lang,
    const struct menu *m, int64_t turn)
{
	struct rbuf	 b = { NULL, 0, 0 };
	json_t		*rows, *row, *last;
	char		 cmd[MENU_PATHMAX + 8];
	size_t		 w = 0, per, n;
	int		 i, play;

	for (i = 0; i < m->n; i++) {
		rbuf_reset(&b);
		tg_keys_label(g, lang, m, &m->e[i], &b);
		if (b.s != NULL && tg_keys_width(b.s) > w)
			w = tg_keys_width(b.s);
	}
	per = tg_keys_perrow(w);
	rows = json_array();
	row = json_array();
	last = json_array();
	for (i = 0; i < m->n; i++) {
		rbuf_reset(&b);
		tg_keys_label(g, lang, m, &m->e[i], &b);
		n = strlen(m->e[i].path);
		play = n > 0 && m->e[i].path[n - 1] == MENU_PLAY;
		snprintf(cmd, sizeof cmd, "menu %s", m->e[i].path);
		if (play) {
			tg_keys_put(last, tg_keys_button(b.s != NULL ? b.s : "?",
			    g->id, turn, cmd));
			continue;
		}
		if (json_array_size(row) >= per) {
			tg_keys_row(rows, row);
			row = json_array();
		}
		tg_keys_put(row, tg_keys_button(b.s != NULL ? b.s : "?", g->id,
		    turn, cmd));
	}
	tg_keys_row(rows, row);
	if (!m->top) {
		snprintf(cmd, sizeof cmd, "menu %s", m->back);
		tg_keys_put(last, tg_keys_button(tr(lang, "<- back"), g->id,
		    turn, cmd));
	}
	tg_keys_row(rows, last);
	rbuf_free(&b);
	return (tg_keys_markup(rows));
}
