/*
 * compose.c: outbox rows to text.  A row names a game and what happened;
 * the text is made now, from the game as it is now, in the row's
 * language.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <jansson.h>

#include "compose-int.h"
#include "i18n.h"
#include "xmalloc.h"

/* A member of a payload as an integer, or def. */
int64_t
compose_int(json_t *p, const char *key, int64_t def)
{
	json_t	*v = json_object_get(p, key);

	return (json_is_integer(v) ? (int64_t)json_integer_value(v) : def);
}

/* A member of a payload as a string, or NULL. */
const char *
compose_str(json_t *p, const char *key)
{
	return (json_string_value(json_object_get(p, key)));
}

/*
 * Append a logged action in words for a reader (render-move.c), seat
 * its player (you: the reader), with what the row's payload p tells of
 * it: whose marbles it moved and whom it kicked.  Text that is no
 * action is shown as it is.
 */
void
compose_words(const struct render_game *g, int seat, int you,
    const char *text, json_t *p, struct rbuf *b)
{
	struct tac_action	 a;
	struct render_move	 mv;
	json_t			*v;
	char			 why[128];
	size_t			 i;

	if (text == NULL || tac_action_parse(text, &a, why, sizeof why) != 0) {
		rbuf_addstr(b, text != NULL ? text : "?");
		return;
	}
	memset(&mv, 0, sizeof mv);
	mv.a = &a;
	mv.seat = seat;
	mv.you = you;
	mv.names = RENDER_NAMECHARS;
	for (i = 0; i < TAC_MAXSEG; i++)
		mv.marbles[i] = -1;
	json_array_foreach(json_object_get(p, "marbles"), i, v) {
		if (i < TAC_MAXSEG && json_is_integer(v))
			mv.marbles[i] = (int)json_integer_value(v);
	}
	json_array_foreach(json_object_get(p, "kicked"), i, v) {
		if (mv.nkicked < TAC_MAXSEATS && json_is_integer(v))
			mv.kicked[mv.nkicked++] = (int)json_integer_value(v);
	}
	render_move_words(g, &mv, 0, render_move_ntok(&a), b);
}

/* Append "Anna: 7: 12 → 14, then 40 → 45, kicks Boris" ("moved"). */
void
compose_moved(const struct render_opts *o, const struct render_game *g,
    json_t *p, struct rbuf *b)
{
	const char		*lang = render_lang(g, o->lang), *text, *by;
	struct tac_action	 a;
	char			 why[128], *who;
	int			 seat;

	seat = (int)compose_int(p, "seat", -1);
	text = compose_str(p, "action");
	who = render_seat_dup(o, g, seat);
	/* The service writes a bare "give"; a card, if any, is not shown. */
	if (text != NULL && (strcmp(text, "give") == 0 ||
	    (tac_action_parse(text, &a, why, sizeof why) == 0 &&
	    a.op == TAC_OP_GIVE))) {
		/* The exchange is face down (D7): never show the card. */
		/* TRANSLATORS: a move line in the group; %s a player's
		   name; the card is secret. */
		rbuf_add(b, tr(lang, "%s gave a card."), who);
		rbuf_addstr(b, "\n");
		free(who);
		return;
	}
	by = compose_str(p, "by");
	if (by != NULL && strcmp(by, "person") != 0 && seat >= 0 &&
	    seat < TAC_MAXSEATS && g->seats[seat].ai == 0)
		/* TRANSLATORS: a player's name, for a turn the AI played
		   for them. */
		rbuf_add(b, tr(lang, "%s (AI)"), who);
	else
		rbuf_addstr(b, who);
	rbuf_addstr(b, ": ");
	free(who);
	compose_words(g, seat, 0, text, p, b);
	rbuf_addstr(b, "\n");
}

/*
 * Append the news of a seat changing hands ("seat" rows), the seat in
 * words: its colour, and its team's colours ("Team Blue+Yellow", as the
 * lobby's buttons say).
 */
static void
compose_seatnews(const struct render_game *t, json_t *p, struct rbuf *b)
{
	const char		*lang = t->lang, *change, *full, *colour;
	struct tac_state	 st;
	struct rbuf		 team = { NULL, 0, 0 };
	char			 name[UTF8_NAMEMAX];
	int			 seat;

	seat = (int)compose_int(p, "seat", -1);
	change = compose_str(p, "change");
	if ((full = compose_str(p, "name")) == NULL)
		full = "?";
	utf8_shorten(full, RENDER_NAMECHARS, name, sizeof name);
	if (change == NULL)
		change = "";
	colour = tr(lang, render_colour(seat));
	memset(&st, 0, sizeof st);
	st.cfg = t->cfg;
	if (seat >= 0 && seat < t->cfg.nseats)
		render_team_colours(lang, t, tac_team(&st, seat), &team);
	if (strcmp(change, "joined") == 0)
		/* TRANSLATORS: %s a player's name, %s a seat's colour, %s
		   its team's colours ("Blue+Yellow"). */
		rbuf_add(b, tr(lang, "%s takes the %s seat, in team %s."),
		    name, colour, team.s != NULL ? team.s : "");
	else if (strcmp(change, "left") == 0)
		/* TRANSLATORS: %s a player's name, %s a seat's colour. */
		rbuf_add(b, tr(lang, "%s left; the AI plays the %s seat."),
		    name, colour);
	else if (strcmp(change, "replaced") == 0)
		/* TRANSLATORS: %s a seat's colour, %s a player's name. */
		rbuf_add(b, tr(lang, "The AI plays the %s seat for %s now."),
		    colour, name);
	else if (strcmp(change, "resumed") == 0)
		/* TRANSLATORS: %s a player's name, %s a seat's colour. */
		rbuf_add(b, tr(lang, "%s plays the %s seat again."), name,
		    colour);
	else
		rbuf_add(b, "%s: %s", name, colour);
	rbuf_addstr(b, "\n");
	rbuf_free(&team);
}

/* Append the command list (the answer to /help). */
static void
compose_help(const char *lang, struct rbuf *b)
{
	rbuf_addstr(b, tr(lang, "Commands:"));
	rbuf_addstr(b, "\n");
	rbuf_addstr(b, tr(lang, "/new [4|6] [pairs|triples] [master|nomaster] "
	    "[tac|taker] [deadline=30m|2h|3d|off] - open a game here"));
	rbuf_addstr(b, "\n");
	rbuf_addstr(b, tr(lang, "/join [SEAT], /leave, /team N, /ai [SEAT|all] "
	    "- seats (numbered from 0)"));
	rbuf_addstr(b, "\n");
	rbuf_addstr(b, tr(lang, "/start, /abort, /options - run the game"));
	rbuf_addstr(b, "\n");
	rbuf_addstr(b, tr(lang, "/play ACTION (or just the action, e.g. "
	    "7 12>14 40>45), /hand, /board - play"));
	rbuf_addstr(b, "\n");
	rbuf_addstr(b, tr(lang, "/replace SEAT ai, /resume - let the AI play "
	    "a seat, and take it back"));
	rbuf_addstr(b, "\n");
	rbuf_addstr(b, tr(lang, "/stats [NAME|off|on], /top, /history - "
	    "statistics, ratings and past games"));
	rbuf_addstr(b, "\n");
	rbuf_addstr(b, tr(lang, "/summary #ID, /moves #ID, /record #ID - a "
	    "finished game's summary, its actions, its record as a file"));
	rbuf_addstr(b, "\n");
	rbuf_addstr(b, tr(lang, "/hint, /learn, /review #ID - a hint on "
	    "your turn, lessons, your review of a finished game"));
	rbuf_addstr(b, "\n");
	rbuf_addstr(b, tr(lang, "/lang en|ru|de|ka, /rules, /help"));
	rbuf_addstr(b, "\n");
}

/* Append a summary of the rules (the answer to /rules). */
static void
compose_rules(const char *lang, int names, struct rbuf *b)
{
	const char	*tac = render_card(lang, names, TAC_TAC);

	/*
	 * TRANSLATORS: the first %s is the game's name (TAC, or TAKER in the
	 * Russian edition, as its TAC card is called), the second the
	 * Trickster's name, the third the TAC card's, in the game's naming.
	 */
	rbuf_add(b, tr(lang, "%s in short: two teams race to bring all their "
	    "marbles from the base around the circle into their homes. On "
	    "your turn play one card: a 1 or 13 puts a marble on your start "
	    "field; numbers move one marble forward (the 4 backwards), and no "
	    "marble may jump over another; a 7 splits seven steps among your "
	    "marbles and kicks every marble it passes; an 8 moves 8 or makes "
	    "the next player skip; the %s swaps two marbles; the %s takes "
	    "back the previous card, and you play that card yourself. Ending "
	    "a move on a marble sends that marble back to its base. Partners "
	    "give each other one card after each deal. If no card can move, "
	    "you discard one. Once your marbles are home, you play for your "
	    "partner."),
	    tac, render_card(lang, names, TAC_TR), tac);
	rbuf_addstr(b, "\n");
}

/* The people at a game's table, as the view needs them. */
void
compose_game(const struct svc_game *g, struct render_game *t)
{
	int	s;

	memset(t, 0, sizeof *t);
	t->id = g->id;
	snprintf(t->lang, sizeof t->lang, "%s", g->lang);
	t->cfg = g->cfg;
	for (s = 0; s < TAC_MAXSEATS; s++) {
		/* An AI's name is the view's, in the reader's language. */
		if (g->seats[s].ai == 0)
			snprintf(t->seats[s].name, sizeof t->seats[s].name,
			    "%s", g->seats[s].name);
		t->seats[s].ai = g->seats[s].ai;
		t->seats[s].away = g->seats[s].away;
	}
}

/*
 * Compose one outbox row's text into b, from the game c read.  Returns
 * 0, or -1 when the row could not be composed properly (b then holds a
 * plain fallback text).
 */
int
compose_text(struct compose_ctx *c, const struct svc_out *out, struct rbuf *b)
{
	const struct render_opts *o = &c->o->r;
	struct svc_game		 g;
	struct render_game	 t;
	struct rbuf		 act = { NULL, 0, 0 };
	json_t			*p = out->data, *w;
	const char		*lang;
	char			*who, when[64];
	int64_t			 id;
	int			 seat, names, rc = 0;

	memset(&g, 0, sizeof g);
	id = compose_row_game(out);
	if (id != 0 && compose_ctx_game(c, id))
		g = c->g;
	else
		id = 0;
	/*
	 * The row's language wins: a private row speaks its person's
	 * language, which may not be the chat's.  Everything below reads
	 * the language from g.
	 */
	compose_row_lang(c, out, g.lang, sizeof g.lang);
	compose_game(&g, &t);
	lang = t.lang;
	seat = (int)compose_int(p, "seat", -1);
	/*
	 * The game's naming, else that of the games a row's numbers come
	 * from (statistics), else the one a chat of lang starts with.
	 */
	names = id != 0 ? g.cfg.names : compose_int(p, "names", -1) >= 0 ?
	    (int)compose_int(p, "names", 0) : strcmp(lang, "ru") == 0 ?
	    TAC_NAMES_TAKER : TAC_NAMES_TAC;

	switch (out->type) {
	case SVC_OUT_ERROR:
	case SVC_OUT_INFO:
	case SVC_OUT_ANSWER:
		compose_say_game(c->svc, c->have ? &c->g : NULL, lang, p, b);
		return (0);
	case SVC_OUT_HELP:
		/* A first /start greets instead (compose-hello.c). */
		if (compose_greeting(p) != 0)
			compose_welcome(lang, compose_greeting(p),
			    compose_str(p, "name"), b, NULL);
		else
			compose_help(lang, b);
		return (0);
	case SVC_OUT_RULES:
		compose_rules(lang, names, b);
		return (0);
	case SVC_OUT_PLAYED:
		/* It edits a turn message: the console has none to edit. */
		return (0);
	case SVC_OUT_STATS:
	case SVC_OUT_TOP:
	case SVC_OUT_HISTORY:
	case SVC_OUT_SUMMARY:
	case SVC_OUT_RECORD:
	case SVC_OUT_CHART:
		compose_stats(c->have && id != 0 ? &g : NULL, lang, names,
		    out, b);
		return (0);
	case SVC_OUT_UNKNOWN:
		break;
	default:
		if (id != 0)
			break;
		rbuf_add(b, "[%s]\n", out->kind);
		return (-1);
	}

	switch (out->type) {
	case SVC_OUT_LOBBY:
	case SVC_OUT_EDIT_LOBBY:
	case SVC_OUT_ABORTED:
		compose_lobby(o, &g, b);
		break;
	case SVC_OUT_OPTIONS:
		compose_options_text(&g, lang, b);
		break;
	case SVC_OUT_CONFIRM:
		compose_confirm(&g, lang, p, b, NULL);
		break;
	case SVC_OUT_BOARD:
	case SVC_OUT_EDIT_BOARD:
		if (g.state == SVC_LOBBY || g.state == SVC_ABORTED)
			compose_lobby(o, &g, b);
		else if (g.started)
			render_board(o, &t, &c->st, b);
		else
			rc = -1;
		break;
	case SVC_OUT_MOVED:
		compose_moved(o, &t, p, b);
		break;
	case SVC_OUT_SEAT:
		compose_seatnews(&t, p, b);
		break;
	case SVC_OUT_HAND:
		if (g.started)
			compose_hand(c, &t, seat, json_object_get(p, "news"), b);
		else
			rc = -1;
		break;
	case SVC_OUT_TURN:
		if (g.started)
			compose_turn(c, &t, seat, compose_int(p, "due", 0),
			    json_object_get(p, "news"), b);
		else
			rc = -1;
		break;
	case SVC_OUT_ENDED:
		compose_ended(&g, seat, p, b);
		break;
	case SVC_OUT_EXCHANGED:
		/* TRANSLATORS: in the group, once everyone has given a card
		   after a deal; %d the round's number. */
		rbuf_add(b, tr(lang, "Round %d: the cards are exchanged."),
		    (int)compose_int(p, "round", 0));
		rbuf_addstr(b, "\n");
		break;
	case SVC_OUT_REMINDER:
		if (compose_int(p, "due", 0) <= 0) {
			/* A turn without a deadline has waited a while. */
			/* TRANSLATORS: %lld a game's number. */
			rbuf_add(b, tr(lang, "Reminder: it is your turn in game "
			    "#%lld. /hand shows your cards and choices again."),
			    (long long)id);
			rbuf_addstr(b, "\n");
			break;
		}
		compose_time(compose_int(p, "due", 0), when, sizeof when);
		/* TRANSLATORS: %lld a game's number, %s a time ("2024-05-01
		   18:30 UTC"). */
		rbuf_add(b, tr(lang, "Reminder: it is your turn in game "
		    "#%lld. If you have not played by %s, an AI plays for "
		    "you."), (long long)id, when);
		rbuf_addstr(b, "\n");
		break;
	case SVC_OUT_TAKEOVER:
		who = render_seat_dup(o, &t, seat);
		if (compose_str(p, "action") != NULL &&
		    strcmp(compose_str(p, "action"), "give") == 0) {
			/* TRANSLATORS: in the group: the exchange's deadline
			   passed; %s a player's name. */
			rbuf_add(b, tr(lang, "Time is up for %s; the AI chose "
			    "the card to give."), who);
			rbuf_addstr(b, "\n");
			free(who);
			break;
		}
		compose_words(&t, seat, 0, compose_str(p, "action"), p, &act);
		/* TRANSLATORS: %s a player's name, %s the move in words. */
		rbuf_add(b, tr(lang, "Time is up for %s; the AI played: %s."),
		    who, act.s);
		rbuf_addstr(b, "\n");
		free(who);
		rbuf_free(&act);
		break;
	case SVC_OUT_OVER:
		w = json_object_get(p, "winner");
		render_result(o, &t, json_is_integer(w) ?
		    (int)json_integer_value(w) : -1, b);
		break;
	default:
		/* A kind this tacd does not know (a newer one's row). */
		rbuf_add(b, "[%s]\n", out->kind);
		rc = -1;
		break;
	}
	return (rc);
}
