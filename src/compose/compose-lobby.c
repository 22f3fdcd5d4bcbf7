/*
 * compose-lobby.c: the lobby: its text (options, seats, what to do next)
 * and its buttons (join, a team, add an AI, options, start, cancel), the
 * options message with its headings and buttons, and the question asked
 * before /abort or /leave: the "lobby", "edit-lobby", "aborted",
 * "options" and "confirm" rows.  Every button's data is the service's button data
 * (svc_button_data()): the game and a command, valid at any turn.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <string.h>

#include <jansson.h>

#include "compose-int.h"
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
	compose_pace_clock(lang, g, b);
	rbuf_add(b, ", %s", g->hints ? tr(lang, "hints on") :
	    tr(lang, "hints off"));
	/* TRANSLATORS: a game's options line: a turn with only one
	   possible move is played by itself (auto=on), or waits. */
	rbuf_add(b, ", %s", g->autoplay ? tr(lang, "one-move turns play "
	    "themselves") : tr(lang, "one-move turns wait"));
	if (g->cfg.coop)
		rbuf_add(b, ", %s", tr(lang, "everyone together"));
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
 * options, start, cancel.  None once the lobby is over.  key: the game's
 * (svc_game_key()), for its join link; NULL or "": none.
 */
void
compose_keys_lobby(const struct svc_game *g, const char *lang,
    const char *key, struct compose_keys *k)
{
	struct tac_state	 st;
	struct rbuf		 b = { NULL, 0, 0 }, colours = { NULL, 0, 0 };
	char			 cmd[32], payload[SVC_PAYLOAD_MAX];
	int			 t, s, n, free_seats;

	if (g->state != SVC_LOBBY)
		return;
	/*
	 * In a group, Join opens the person's private chat with the bot,
	 * which seats them ("/start jKEY", the game's key: a link that
	 * leaves the group names the game by nothing else): whoever joins
	 * can be written to before the game starts.
	 */
	if (!g->private && key != NULL && svc_payload_format_key(payload,
	    sizeof payload, key) > 0)
		/* TRANSLATORS: a button's label, at most 40 characters
		   (shorter is better on a phone). */
		compose_keys_link(k, tr(lang, "Join"), COMPOSE_LINK_START,
		    payload);
	else
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
	/* TRANSLATORS: a button's label, at most 40 characters (shorter is
	   better on a phone): the usual game, one team wins. */
	compose_option(k, g, tr(lang, "team against team"), !g->cfg.coop,
	    "nocoop");
	/* TRANSLATORS: a button's label, at most 40 characters (shorter is
	   better on a phone), and an option in a game's options line: the
	   cooperative game (Team-TAC), all players against the deck, who
	   win together. */
	compose_option(k, g, tr(lang, "everyone together"), g->cfg.coop,
	    "coop");
	compose_keys_newrow(k);
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
		    g->bank == 0 && g->deadline == dl[i].secs, dl[i].word);
	/* TRANSLATORS: a button's label, at most 40 characters (shorter is
	   better on a phone): a time bank of two days for each player. */
	compose_option(k, g, tr(lang, "bank of 2 days"), g->bank == 172800,
	    "bank=2d");
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
	/* TRANSLATORS: a button's label, at most 40 characters (shorter is
	   better on a phone): a turn with one possible move plays itself. */
	compose_option(k, g, tr(lang, "One move: play it"), g->autoplay,
	    "auto=on");
	/* TRANSLATORS: a button's label, at most 40 characters (shorter is
	   better on a phone): a turn with one possible move waits. */
	compose_option(k, g, tr(lang, "One move: wait"), !g->autoplay,
	    "auto=off");
	compose_keys_newrow(k);
	/* TRANSLATORS: a button's label, at most 40 characters (shorter is
	   better on a phone): the options are chosen, back to the lobby. */
	compose_keys_add(k, tr(lang, "Done"), g->id, -1, "options done");
	compose_keys_newrow(k);
}

/*
 * Append the options message: a heading a line, each with its choice,
 * in the order of the buttons' rows.
 */
static void
compose_options_text(const struct svc_game *g, const char *lang,
    struct rbuf *b)
{
	/* TRANSLATORS: the first line of a lobby's options message; %lld
	   a game's number. */
	rbuf_add(b, tr(lang, "Options of game #%lld:"), (long long)g->id);
	rbuf_addstr(b, "\n");
	/* TRANSLATORS: a heading of the options message, before the
	   number of players (4 or 6). */
	rbuf_add(b, "%s %d", tr(lang, "Players:"), g->cfg.nseats);
	if (g->cfg.nseats == 6)
		/* TRANSLATORS: a heading of the options message, before
		   "teams of two" or "two teams of three". */
		rbuf_add(b, "\n%s %s", tr(lang, "Teams:"), g->cfg.triples ?
		    tr(lang, "two teams of three") : tr(lang, "teams of two"));
	/* TRANSLATORS: a heading of the options message, before "team
	   against team" or "everyone together" (the cooperative game). */
	rbuf_add(b, "\n%s %s", tr(lang, "Play:"), g->cfg.coop ?
	    tr(lang, "everyone together") : tr(lang, "team against team"));
	if (g->cfg.coop)
		rbuf_add(b, " (%s)", tr(lang, "you win together against the "
		    "deck, the fewer cards the better"));
	/* TRANSLATORS: a heading of the options message, before "master
	   cards" or "no master cards". */
	rbuf_add(b, "\n%s %s", tr(lang, "Cards:"), g->cfg.master ?
	    tr(lang, "master cards") : tr(lang, "no master cards"));
	/* TRANSLATORS: a heading of the options message, before the
	   naming of the cards ("TAC" or "TAKER"). */
	rbuf_add(b, "\n%s %s", tr(lang, "Names:"), g->cfg.names ==
	    TAC_NAMES_TAKER ?
	    /* TRANSLATORS: after the heading "Names:": the cards have
	       the names of the Russian edition, TAKER. */
	    trc(lang, "names", "TAKER") :
	    /* TRANSLATORS: after the heading "Names:": the cards have
	       TAC's names. */
	    trc(lang, "names", "TAC"));
	/* TRANSLATORS: a heading of the options message, before the time
	   a turn may take ("2 h per turn"). */
	rbuf_add(b, "\n%s ", tr(lang, "Time:"));
	compose_pace_clock(lang, g, b);
	/* TRANSLATORS: a heading of the options message, before how the
	   AI players play ("quick" or "strong"). */
	rbuf_add(b, "\n%s %s", tr(lang, "AI players:"), g->ai == 2 ?
	    /* TRANSLATORS: after the heading "AI players:"; they think
	       longer. */
	    trc(lang, "AI players", "strong") :
	    /* TRANSLATORS: after the heading "AI players:"; they answer
	       at once. */
	    trc(lang, "AI players", "quick"));
	/* TRANSLATORS: a heading of the options message, before "on" or
	   "off". */
	rbuf_add(b, "\n%s %s\n", tr(lang, "Hints:"), g->hints ?
	    /* TRANSLATORS: after the heading "Hints:": players may ask
	       for hints. */
	    trc(lang, "hints", "on") :
	    /* TRANSLATORS: after the heading "Hints:": no hints. */
	    trc(lang, "hints", "off"));
	/* TRANSLATORS: a heading of the options message, before what
	   happens to a turn with only one possible move. */
	rbuf_add(b, "%s %s\n", tr(lang, "A turn with one move:"),
	    g->autoplay ?
	    /* TRANSLATORS: after "A turn with one move:". */
	    tr(lang, "played for its player, who is told") :
	    /* TRANSLATORS: after "A turn with one move:". */
	    tr(lang, "waits for its player"));
	if (g->state == SVC_LOBBY)
		rbuf_addstr(b, tr(lang, "The creator chooses, then presses "
		    "Done."));
	rbuf_addstr(b, "\n");
}

/*
 * Append a question before /abort or /leave (a "confirm" row's payload
 * p, game g), or, once answered, how it went; with its buttons Yes and
 * No into k (NULL: none).
 */
static void
compose_confirm(const struct svc_game *g, const char *lang, json_t *p,
    struct rbuf *b, struct compose_keys *k)
{
	const char	*what, *done, *name, *user;
	char		 cmd[SVC_BUTTON_MAX], who[UTF8_NAMEMAX];
	int		 leave, state;

	what = json_string_value(json_object_get(p, "what"));
	done = json_string_value(json_object_get(p, "done"));
	name = json_string_value(json_object_get(p, "name"));
	user = json_string_value(json_object_get(p, "user"));
	state = (int)json_integer_value(json_object_get(p, "state"));
	if (what != NULL && strcmp(what, "seat") == 0) {
		compose_seat_ask(g, lang, p, b, k);
		return;
	}
	leave = what != NULL && strcmp(what, "leave") == 0;
	utf8_shorten(name != NULL ? name : "?", RENDER_NAMECHARS, who,
	    sizeof who);
	if (done != NULL) {
		if (!leave && strcmp(done, "yes") == 0)
			rbuf_add(b, tr(lang, "Game #%lld was aborted."),
			    (long long)g->id);
		else if (!leave)
			/* TRANSLATORS: %lld a game's number: it was not
			   aborted. */
			rbuf_add(b, tr(lang, "Game #%lld goes on."),
			    (long long)g->id);
		else if (strcmp(done, "yes") == 0)
			/* TRANSLATORS: %s a player's name, %lld a game's
			   number. */
			rbuf_add(b, tr(lang, "%s left game #%lld."), who,
			    (long long)g->id);
		else
			/* TRANSLATORS: %s a player's name, %lld a game's
			   number. */
			rbuf_add(b, tr(lang, "%s stays in game #%lld."), who,
			    (long long)g->id);
		rbuf_addstr(b, "\n");
		return;
	}
	if (!leave)
		/* TRANSLATORS: a question before aborting; %lld a game's
		   number, %s the word yes of your language ([answer] yes),
		   which the bot reads after /abort; /abort is a command:
		   keep it. */
		rbuf_add(b, tr(lang, "End game #%lld for everyone? Press Yes, "
		    "or type /abort %s."), (long long)g->id,
		    compose_answer_word(lang, 1));
	else if (state == SVC_LOBBY)
		/* TRANSLATORS: a question before leaving a lobby; %s the
		   person asked, %lld a game's number, %s the word yes of
		   your language ([answer] yes), which the bot reads after
		   /leave; /leave is a command: keep it. */
		rbuf_add(b, tr(lang, "%s, leave game #%lld? Press Yes, or type "
		    "/leave %s."), who, (long long)g->id,
		    compose_answer_word(lang, 1));
	else
		/* TRANSLATORS: a question before leaving a running game; %s
		   the person asked, %lld a game's number, %s the word yes of
		   your language ([answer] yes), which the bot reads after
		   /leave; /resume and /leave are commands: keep them. */
		rbuf_add(b, tr(lang, "%s, leave game #%lld? The AI plays your "
		    "seat until you type /resume. Press Yes, or type /leave "
		    "%s."), who, (long long)g->id,
		    compose_answer_word(lang, 1));
	rbuf_addstr(b, "\n");
	if (k == NULL)
		return;
	/* The answer names the state asked in (and who asked). */
	snprintf(cmd, sizeof cmd, "%s yes %d%s%s", leave ? "leave" : "abort",
	    state, leave ? " " : "", leave && user != NULL ? user : "");
	compose_keys_add(k, leave ?
	    /* TRANSLATORS: a button's label, at most 40 characters
	       (shorter is better on a phone). */
	    tr(lang, "Yes, leave") :
	    /* TRANSLATORS: a button's label, at most 40 characters
	       (shorter is better on a phone): end the game. */
	    tr(lang, "Yes, end it"), g->id, -1, cmd);
	snprintf(cmd, sizeof cmd, "%s no %d%s%s", leave ? "leave" : "abort",
	    state, leave ? " " : "", leave && user != NULL ? user : "");
	/* TRANSLATORS: a button's label, at most 40 characters (shorter is
	   better on a phone). */
	compose_keys_add(k, tr(lang, "No"), g->id, -1, cmd);
	compose_keys_newrow(k);
}

/* The lobby's buttons under m, its join link with the game's key. */
static void
compose_lobby_keys(struct compose_ctx *c, struct compose_msg *m)
{
	char	key[SVC_KEY_MAX];

	if (svc_game_key(c->svc, c->g.id, key) != 1)
		key[0] = '\0';
	compose_keys_lobby(&c->g, m->lang, key[0] != '\0' ? key : NULL,
	    &m->keys);
}

/*
 * The lobby as it is now, in the message m->replaces names, with its
 * buttons while it is open.
 */
static int
compose_lobby_msg(struct compose_ctx *c, const struct svc_out *out,
    struct compose_msg *m)
{
	if (!c->have)
		return (compose_unsaid(out, m));
	compose_lobby(&c->o->r, &c->g, &m->text);
	compose_lobby_keys(c, m);
	m->setkeys = 1;
	return (m->form);
}

/*
 * A "lobby" row: in the message pressed (one that stood in for the
 * lobby), else in the lobby's own; at the bottom of the chat (/board),
 * the one before taken away.
 */
int
compose_lobby_make(struct compose_ctx *c, const struct svc_out *out,
    struct compose_msg *m)
{
	if (!c->have)
		return (compose_unsaid(out, m));
	compose_named(out, "message", m);
	if (m->replaces[0] == '\0')
		compose_kept(c, m, SVC_OUT_LOBBY);
	compose_lobby_msg(c, out, m);
	m->repost = m->replaces[0] != '\0' &&
	    json_is_true(json_object_get(out->data, "bottom"));
	return (m->form);
}

/* An "edit-lobby" row: the kept lobby shown as it is now, if there is one. */
int
compose_edit_lobby_make(struct compose_ctx *c, const struct svc_out *out,
    struct compose_msg *m)
{
	if (!c->have || !compose_kept(c, m, SVC_OUT_LOBBY))
		return (compose_none(m));
	m->editonly = 1;
	return (compose_lobby_msg(c, out, m));
}

/* An "aborted" row: the lobby's last words, "Game #7 was aborted." */
int
compose_aborted_make(struct compose_ctx *c, const struct svc_out *out,
    struct compose_msg *m)
{
	if (!c->have)
		return (compose_unsaid(out, m));
	compose_lobby(&c->o->r, &c->g, &m->text);
	return (m->form);
}

/*
 * An "options" row: in the message pressed (the lobby's, which they
 * stand in for), with a button per choice and Done; once done, the
 * lobby again there, or the options alone without buttons.
 */
int
compose_options_make(struct compose_ctx *c, const struct svc_out *out,
    struct compose_msg *m)
{
	char	lobby[SVC_REF_MAX];

	if (!c->have)
		return (compose_unsaid(out, m));
	compose_options_text(&c->g, m->lang, &m->text);
	rbuf_trim(&m->text);
	compose_named(out, "message", m);
	m->setkeys = 1;
	if (!json_is_true(json_object_get(out->data, "done"))) {
		compose_keys_options(&c->g, m->lang, &m->keys);
		return (m->form);
	}
	m->editonly = 1;
	if (m->replaces[0] == '\0' || svc_message(c->svc, c->g.id, m->chat,
	    svc_kind_name(SVC_OUT_LOBBY), lobby, sizeof lobby) != 1 ||
	    strcmp(lobby, m->replaces) != 0)
		return (m->form);
	rbuf_reset(&m->text);
	compose_lobby(&c->o->r, &c->g, &m->text);
	compose_lobby_keys(c, m);
	return (m->form);
}

/*
 * A "confirm" row: the question before /abort or /leave, with Yes and
 * No, in the message pressed; once answered, how it went there.
 */
int
compose_confirm_make(struct compose_ctx *c, const struct svc_out *out,
    struct compose_msg *m)
{
	if (!c->have)
		return (compose_unsaid(out, m));
	compose_confirm(&c->g, m->lang, out->data, &m->text, &m->keys);
	compose_named(out, "message", m);
	m->setkeys = 1;
	if (compose_str(out->data, "done") != NULL)
		m->editonly = 1;
	return (m->form);
}
