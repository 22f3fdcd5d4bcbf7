/*
 * compose-lobby.c: the lobby: its text (options, seats, what to do next)
 * and its buttons (join, a team, add an AI, options, start, cancel), and
 * the options' buttons.  Every button's data is the service's button data
 * (svc_button_data()): the game and a command, valid at any turn.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <string.h>

#include "compose.h"
#include "i18n.h"

/* Append a game's options: "4 players, pairs, master cards, ...". */
static void
compose_options(const char *lang, const struct svc_game *g, struct rbuf *b)
{
	/* TRANSLATORS: a game's options line; %d the number of players (4
	   or 6). */
	rbuf_add(b, trn(lang, "%d player", "%d players",
	    (unsigned long)g->cfg.nseats), g->cfg.nseats);
	rbuf_add(b, ", %s, %s, %s, ",
	    g->cfg.triples ? tr(lang, "two teams of three") :
	    tr(lang, "teams of two"),
	    g->cfg.master ? tr(lang, "master cards") :
	    tr(lang, "no master cards"),
	    g->cfg.names == TAC_NAMES_TAKER ? tr(lang, "TAKER names") :
	    tr(lang, "TAC names"));
	render_deadline(lang, g->deadline, b);
	rbuf_add(b, ", %s", g->hints ? tr(lang, "hints on") :
	    tr(lang, "hints off"));
}

/* Append the lobby: options, seats, and what to do next. */
void
compose_lobby(const struct render_opts *o, const struct svc_game *g,
    struct rbuf *b)
{
	const char	*lang = g->lang[0] != '\0' ? g->lang :
			    o->lang != NULL ? o->lang : "en";
	int		 s, free_seats = 0;

	switch (g->state) {
	case SVC_ABORTED:
		/* TRANSLATORS: %lld a game's number. */
		rbuf_add(b, tr(lang, "Game #%lld was aborted."),
		    (long long)g->id);
		rbuf_addstr(b, "\n");
		return;
	case SVC_PLAYING:
		/* TRANSLATORS: %lld a game's number; the game's options
		   follow. */
		rbuf_add(b, tr(lang, "Game #%lld has started."),
		    (long long)g->id);
		break;
	case SVC_OVER:
		/* TRANSLATORS: %lld a game's number. */
		rbuf_add(b, tr(lang, "Game #%lld is over."), (long long)g->id);
		break;
	default:
		/* TRANSLATORS: %lld a game's number; the game's options and
		   seats follow. */
		rbuf_add(b, tr(lang, "New game #%lld."), (long long)g->id);
		break;
	}
	rbuf_addstr(b, " ");
	compose_options(lang, g, b);
	rbuf_addstr(b, "\n");
	for (s = 0; s < g->cfg.nseats; s++) {
		rbuf_add(b, "%2d. ", s);
		render_mark(o, lang, s, b);
		rbuf_add(b, " %s: ", tr(lang, render_colour(s)));
		if (g->seats[s].ai != 0)
			rbuf_add(b, tr(lang, "AI %d"), s);
		else if (g->seats[s].user[0] == '\0') {
			rbuf_addstr(b, tr(lang, "free"));
			free_seats++;
		} else
			render_name(g->seats[s].name, b);
		rbuf_addstr(b, "\n");
	}
	if (g->state != SVC_LOBBY)
		return;
	if (free_seats > 0)
		rbuf_addstr(b, tr(lang, "/join to take a seat, /ai to add an "
		    "AI player, /start when every seat is taken."));
	else
		rbuf_addstr(b, tr(lang, "Every seat is taken: the creator "
		    "may /start."));
	rbuf_addstr(b, "\n");
}

/*
 * The lobby's buttons: join, one per team with a free seat, add an AI,
 * options, start, cancel.  None once the lobby is over.
 */
void
compose_keys_lobby(const struct svc_game *g, const char *lang,
    struct compose_keys *k)
{
	struct tac_state	 st;
	struct rbuf		 b = { NULL, 0, 0 }, colours = { NULL, 0, 0 };
	char			 cmd[32];
	int			 t, s, n, free_seats;

	if (g->state != SVC_LOBBY)
		return;
	/* TRANSLATORS: a button's label, at most 40 characters (shorter is
	   better on a phone). */
	compose_keys_add(k, tr(lang, "Join"), g->id, -1, "join");
	/* TRANSLATORS: a button's label, at most 40 characters (shorter is
	   better on a phone). */
	compose_keys_add(k, tr(lang, "Add AI"), g->id, -1, "ai");
	compose_keys_newrow(k);

	/* The engine knows the teams; only the configuration is needed. */
	memset(&st, 0, sizeof st);
	st.cfg = g->cfg;
	for (t = 0; t < tac_nteams(&st); t++) {
		rbuf_reset(&colours);
		for (s = 0, n = 0, free_seats = 0; s < g->cfg.nseats &&
		    s < TAC_MAXSEATS; s++) {
			if (tac_team(&st, s) != t)
				continue;
			if (g->seats[s].user[0] == '\0' && g->seats[s].ai == 0)
				free_seats++;
			rbuf_add(&colours, "%s%s", n++ == 0 ? "" : "+",
			    tr(lang, render_colour(s)));
		}
		if (free_seats == 0 || colours.s == NULL)
			continue;
		snprintf(cmd, sizeof cmd, "team %d", t);
		rbuf_reset(&b);
		/* TRANSLATORS: a button's label, at most 40 characters
		   (shorter is better on a phone); %s a team's number. */
		rbuf_add(&b, tr(lang, "Team %s"), colours.s);
		compose_keys_add(k, b.s, g->id, -1, cmd);
	}
	compose_keys_newrow(k);

	/* TRANSLATORS: a button's label, at most 40 characters (shorter is
	   better on a phone). */
	compose_keys_add(k, tr(lang, "Options"), g->id, -1, "options");
	/* TRANSLATORS: a button's label, at most 40 characters (shorter is
	   better on a phone); the greeting and the help tell people to
	   press it by this name. */
	compose_keys_add(k, tr(lang, "Start"), g->id, -1, "start");
	/* TRANSLATORS: a button's label, at most 40 characters (shorter is
	   better on a phone). */
	compose_keys_add(k, tr(lang, "Cancel"), g->id, -1, "abort");
	compose_keys_newrow(k);
	rbuf_free(&b);
	rbuf_free(&colours);
}

/* An option button, marked when it is the current choice. */
static void
compose_option(struct compose_keys *k, const struct svc_game *g,
    const char *label, int current, const char *word)
{
	char	text[96], cmd[48];

	snprintf(text, sizeof text, "%s%s", current ? "\xe2\x9c\x93 " : "",
	    label);
	snprintf(cmd, sizeof cmd, "options %s", word);
	compose_keys_add(k, text, g->id, -1, cmd);
}

/*
 * The options' buttons, one row per option, the current choice ticked:
 * pressing one sends "/options WORD", which only the creator (or an
 * admin) may do; the service checks.  None once the game started.
 */
void
compose_keys_options(const struct svc_game *g, const char *lang,
    struct compose_keys *k)
{
	static const struct {
		const char	*label;
		const char	*word;
		int64_t		 secs;
	} dl[] = {
		/* TRANSLATORS: a button's label, at most 40 characters
		   (shorter is better on a phone): a turn deadline. */
		{ N_("30 min"), "deadline=30m", 1800 },
		/* TRANSLATORS: a button's label, at most 40 characters
		   (shorter is better on a phone): a turn deadline. */
		{ N_("2 h"), "deadline=2h", 7200 },
		/* TRANSLATORS: a button's label, at most 40 characters
		   (shorter is better on a phone): a turn deadline of three
		   days. */
		{ N_("3 d"), "deadline=3d", 259200 },
		/* TRANSLATORS: a button's label, at most 40 characters
		   (shorter is better on a phone): no turn deadline. */
		{ N_("no limit"), "deadline=off", 0 },
	};
	size_t	 i;
	int	 six = g->cfg.nseats == 6, taker;

	if (g->state != SVC_LOBBY)
		return;
	taker = g->cfg.names == TAC_NAMES_TAKER;
	/* TRANSLATORS: a button's label, at most 40 characters (shorter is
	   better on a phone). */
	compose_option(k, g, tr(lang, "4 players"), !six, "4");
	/* TRANSLATORS: a button's label, at most 40 characters (shorter is
	   better on a phone). */
	compose_option(k, g, tr(lang, "6 players"), six, "6");
	compose_keys_newrow(k);
	if (six) {
		compose_option(k, g, tr(lang, "teams of two"),
		    !g->cfg.triples, "pairs");
		compose_option(k, g, tr(lang, "two teams of three"),
		    g->cfg.triples, "triples");
		compose_keys_newrow(k);
	}
	compose_option(k, g, tr(lang, "master cards"), g->cfg.master,
	    "master");
	compose_option(k, g, tr(lang, "no master cards"), !g->cfg.master,
	    "nomaster");
	compose_keys_newrow(k);
	compose_option(k, g, tr(lang, "TAC names"), !taker, "tac");
	compose_option(k, g, tr(lang, "TAKER names"), taker, "taker");
	compose_keys_newrow(k);
	for (i = 0; i < sizeof dl / sizeof dl[0]; i++)
		compose_option(k, g, tr(lang, dl[i].label),
		    g->deadline == dl[i].secs, dl[i].word);
	compose_keys_newrow(k);
	/* TRANSLATORS: a button's label, at most 40 characters (shorter is
	   better on a phone): the quick AI level. */
	compose_option(k, g, tr(lang, "AI quick"), g->ai != 2, "ai=1");
	/* TRANSLATORS: a button's label, at most 40 characters (shorter is
	   better on a phone): the strong AI level. */
	compose_option(k, g, tr(lang, "AI strong"), g->ai == 2, "ai=2");
	compose_keys_newrow(k);
	compose_option(k, g, tr(lang, "hints on"), g->hints, "hints=on");
	compose_option(k, g, tr(lang, "hints off"), !g->hints, "hints=off");
	compose_keys_newrow(k);
}
