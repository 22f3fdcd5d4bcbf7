/*
 * compose-web.c: the Mini App's JSON (compose.h), beside the chat's
 * messages: the same facts of the service (service-web.c), the same
 * words of the catalogs, in the person's language.
 *
 * The page fills "%s" and "%d" in order; a count stands behind a label
 * ("Steps left: 3") so that no plural form is needed.  Moves are said in
 * words as the chat's buttons and move lines say them (render-move.c):
 * the last move, and each legal move with the steps of it that can be
 * chosen one by one, so that the page words a move while it is built.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "compose-int.h"
#include "i18n.h"
#include "lang.h"
#include "tacjson.h"

/* The page's words: its key, and the English message id. */
static const struct {
	const char	*key;
	const char	*msgid;
} compose_web_texts[] = {
	{ "title", N_("TAC board") },
	{ "games", N_("Your games") },
	{ "no_games", N_("You have no open game. Start one in a group with "
	    "/new.") },
	/* TRANSLATORS: the Mini App; %d a game's number. */
	{ "game", N_("Game #%d") },
	/* TRANSLATORS: %s the group's title. */
	{ "group", N_("Group: %s") },
	{ "your_turn", N_("Your turn.") },
	/* TRANSLATORS: the Mini App, the exchange: the viewer gave. */
	{ "gave_wait", N_("You have given your card: the others are still "
	    "choosing theirs.") },
	/* TRANSLATORS: the Mini App; %s a player's name. */
	{ "turn_of", N_("%s's turn.") },
	{ "lobby", N_("The game has not started yet.") },
	{ "over", N_("The game is over.") },
	{ "aborted", N_("The game was aborted.") },
	{ "watching", N_("You are watching: you do not play in this game.") },
	{ "hand", N_("Your cards") },
	/* TRANSLATORS: the Mini App; %s a player's name. */
	{ "hand_of", N_("The cards of %s") },
	{ "pick_card", N_("Choose a card.") },
	{ "pick_gift", N_("Choose the card to give to your partner.") },
	{ "pick_marble", N_("Choose a marble.") },
	{ "pick_target", N_("Choose where it goes.") },
	{ "pick_swap", N_("Choose the marble to swap with.") },
	{ "pick_what", N_("Choose what the card does.") },
	/* TRANSLATORS: the Mini App, a seven being split; %d the steps
	 * still to move. */
	{ "steps_left", N_("Steps left: %d") },
	{ "ready", N_("The move is ready: send it, or go back.") },
	/* TRANSLATORS: the Mini App's buttons, short. */
	{ "play", N_("Send") },
	{ "back", N_("Back") },
	{ "discard", N_("Discard the card") },
	{ "skip", N_("Skip the next player") },
	/* TRANSLATORS: the Mini App; %s a move in the notation. */
	{ "last", N_("Last move: %s") },
	/* TRANSLATORS: the Mini App; %d the cards in a player's hand. */
	{ "cards_left", N_("Cards: %d") },
	{ "sending", N_("Sending the move…") },
	/* TRANSLATORS: the Mini App; %s the move just sent. */
	{ "played", N_("Played: %s") },
	{ "offline", N_("No connection; trying again.") },
	{ "expired", N_("This page has expired: open the board again from the "
	    "chat.") },
	{ "not_found", N_("There is no such game.") },
	/* TRANSLATORS: a button's label in the Mini App, beside a light
	   bulb; it asks for the AI's suggestion for your turn. */
	{ "hint", N_("Hint") },
	{ "busy", N_("Too many requests: wait a second.") },
	{ "failed", N_("The server could not do it now: try again in a "
	    "moment.") },
	/* TRANSLATORS: the Mini App, after a player's name on the board:
	   the viewer's partner (pairs) or a team-mate (teams of three). */
	{ "partner", N_("partner") },
	{ "teammate", N_("team-mate") },
	/* TRANSLATORS: the Mini App, after the viewer's own name on the
	   board. */
	{ "you", N_("you") },
	/* TRANSLATORS: the Mini App: a watcher chooses the seat whose view
	   the board shows; the players' names follow as buttons. */
	{ "view_from", N_("The board as this player sees it:") },
	/* TRANSLATORS: the Mini App's replay: %d the move shown, %d how
	   many moves the game has. */
	{ "move_of", N_("Move %d of %d") },
	{ "moves", N_("The game's moves") },
	/* TRANSLATORS: the Mini App's replay buttons (read out by screen
	   readers; on screen they are arrows). */
	{ "first", N_("The first move") },
	{ "prev", N_("One move back") },
	{ "next", N_("One move on") },
	{ "end", N_("The latest move") },
	{ "play_moves", N_("Play the moves") },
	{ "pause", N_("Pause") },
	/* TRANSLATORS: the Mini App: the replay shows an earlier move while
	   the game goes on. */
	{ "earlier", N_("An earlier move: the game goes on.") },
	/* TRANSLATORS: the Mini App; %s the winners' names. */
	{ "won", N_("The game is over: %s won.") },
	/* TRANSLATORS: the Mini App: the board's description for screen
	   readers; %s whose view it is. */
	{ "board_of", N_("The board, as %s sees it") },
	/* TRANSLATORS: the Mini App, read out by screen readers: a marble
	   to choose; %s its place (a field's number, "home 2", "base"). */
	{ "marble_at", N_("The marble on %s") },
	/* TRANSLATORS: the Mini App, read out by screen readers: where the
	   chosen marble may go; %s the place. */
	{ "goes_to", N_("To %s") },
	{ "place_home", N_("home %d") },
	{ "place_base", N_("base") },
};

/* The name of a game state, as the API says it. */
const char *
compose_web_state(int state)
{
	static const char	*names[] = { "lobby", "playing", "over",
				    "aborted" };

	return (state >= 0 && state <= SVC_ABORTED ? names[state] : "?");
}

/* The page's words in lang: {key: words}. */
static json_t *
compose_web_texts_of(const char *lang)
{
	json_t	*text = json_object();
	size_t	 i;

	for (i = 0; i < sizeof compose_web_texts / sizeof compose_web_texts[0];
	    i++)
		json_object_set_new(text, compose_web_texts[i].key,
		    json_string(tr(lang, compose_web_texts[i].msgid)));
	return (text);
}

/* {"lang", "text": {key: words}} in lang, for the page. */
json_t *
compose_web_strings(const char *lang)
{
	return (json_pack("{s:s, s:o}", "lang", lang, "text",
	    compose_web_texts_of(lang)));
}

/* The page's words in every language: {lang: {key: words}}. */
json_t *
compose_web_words_all(void)
{
	json_t		*all = json_object();
	const char	*l;
	size_t		 i;

	for (i = 0; (l = lang_code(i)) != NULL; i++)
		json_object_set_new(all, l, compose_web_texts_of(l));
	return (all);
}

/*
 * A game's words: {"cards": {NOTATION: name}, "colours": [name]} in
 * lang, the cards named as the game names them (TAC or TAKER).
 */
static json_t *
compose_web_words(const char *lang, int names)
{
	json_t	*cards = json_object(), *colours = json_array();
	int	 c, s;

	for (c = 0; c < TAC_NCARDS; c++)
		json_object_set_new(cards, tac_card_name(c),
		    json_string(render_card(lang, names, c)));
	for (s = 0; s < TAC_MAXSEATS; s++)
		json_array_append_new(colours, json_string(tr(lang,
		    render_colour(s))));
	return (json_pack("{s:o, s:o}", "cards", cards, "colours", colours));
}

/*
 * {"games": [{id, key, state, turn, seat, my_turn, players, title}],
 * lang}.
 */
json_t *
compose_web_games(const struct svc_web_games *w, const char *lang)
{
	const struct svc_web_entry	*e;
	json_t				*games = json_array();
	int				 i;

	for (i = 0; i < w->n; i++) {
		e = &w->game[i];
		json_array_append_new(games, json_pack("{s:I, s:s, s:s, s:I, "
		    "s:i, s:b, s:i, s:s}", "id", (json_int_t)e->id, "key",
		    e->key, "state",
		    compose_web_state(e->state), "turn", (json_int_t)e->turn,
		    "seat", e->seat, "my_turn", e->my_turn, "players",
		    e->players, "title", e->title));
	}
	return (json_pack("{s:o, s:s}", "games", games, "lang", lang));
}

/*
 * The seats: names as stored, AI levels, who is away, who is a person,
 * and each one's team (the engine's; in Team-TAC everyone's is one).
 */
static json_t *
compose_web_seats(const struct svc_web_game *w)
{
	const struct svc_game	*g = &w->g;
	struct tac_state	 st;
	json_t			*arr = json_array();
	int			 s;

	tac_init(&st, &g->cfg, 1);
	for (s = 0; s < g->cfg.nseats; s++)
		json_array_append_new(arr, json_pack("{s:s, s:i, s:b, s:b, "
		    "s:i}", "name", g->seats[s].name, "ai", g->seats[s].ai,
		    "away", g->seats[s].away, "person", g->seats[s].user[0] !=
		    '\0', "team", g->cfg.coop ? 0 : tac_team(&st, s)));
	return (arr);
}

/* The seats' names as the chat's texts show them, in lang. */
static json_t *
compose_web_names(const struct svc_game *g, const char *lang)
{
	struct render_opts	 ro = { RENDER_PLAIN, NULL, NULL, 0 };
	struct render_game	 t;
	struct rbuf		 b = { NULL, 0, 0 };
	json_t			*arr = json_array();
	int			 s;

	compose_game(g, &t);
	snprintf(t.lang, sizeof t.lang, "%s", lang);
	ro.lang = lang;
	for (s = 0; s < g->cfg.nseats; s++) {
		rbuf_reset(&b);
		render_seat(&ro, &t, s, &b);
		json_array_append_new(arr, json_string(b.s != NULL ? b.s :
		    "?"));
	}
	rbuf_free(&b);
	return (arr);
}

/* Their legal actions in canonical notation. */
static json_t *
compose_web_legal(const struct svc_web_game *w)
{
	json_t	*arr = json_array();
	char	 text[160];
	int	 i;

	for (i = 0; i < w->nlegal; i++) {
		tac_action_format(&w->legal[i], text, sizeof text);
		json_array_append_new(arr, json_string(text));
	}
	return (arr);
}

/* The game as the view words it, in lang. */
static void
compose_web_rgame(const struct svc_web_game *w, const char *lang,
    struct render_game *t)
{
	compose_game(&w->g, t);
	snprintf(t->lang, sizeof t->lang, "%s", lang);
}

/* The first n tokens of an action's text into buf ("7 12>14"). */
static void
compose_web_tokens(const char *text, int n, char *buf, size_t len)
{
	const char	*p = text;

	while (*p != '\0' && (n > 1 || *p != ' ')) {
		if (*p++ == ' ')
			n--;
	}
	snprintf(buf, len, "%.*s", (int)(p - text), text);
}

/*
 * Each legal action in words, and each part of it that the page lets the
 * player choose one after the other (the card alone, then each step of a
 * 7 added): {NOTATION: words}, NOTATION the action's first tokens.
 */
static json_t *
compose_web_moves(const struct svc_web_game *w, const char *lang)
{
	const struct tac_action	*a;
	struct render_game	 t;
	struct render_move	 mv;
	struct rbuf		 b = { NULL, 0, 0 };
	json_t			*o = json_object();
	char			 text[160], key[160];
	int			 i, k, head, parts, ntok;

	compose_web_rgame(w, lang, &t);
	for (i = 0; i < w->nlegal; i++) {
		a = &w->legal[i];
		tac_action_format(a, text, sizeof text);
		render_move_init(&mv, &t, &w->view, a, w->seat, w->seat);
		ntok = render_move_ntok(a);
		/* The card (and TAC, Devil), then a token a segment. */
		head = !!a->tac + !!a->devil + 1;
		parts = a->op == TAC_OP_GIVE ? 0 : a->op == TAC_OP_MOVE ?
		    a->nseg : 1;
		for (k = 0; k <= parts; k++) {
			if (k == parts)
				snprintf(key, sizeof key, "%s", text);
			else
				compose_web_tokens(text, head + k, key,
				    sizeof key);
			rbuf_reset(&b);
			render_move_words(&t, &mv, 0, k == parts ? ntok :
			    head + 2 * k, &b);
			json_object_set_new(o, key, json_string(b.s != NULL ?
			    b.s : ""));
		}
	}
	rbuf_free(&b);
	return (o);
}

/*
 * The action that led to the move shown, as the chat's move line says
 * it: "Anna: 7: 12 → 14, then 40 → 45, kicks Boris", or that a card was
 * given (face down unless it was the viewer's).
 */
static json_t *
compose_web_last(const struct svc_web_game *w, const char *lang)
{
	struct render_opts	 ro = { RENDER_PLAIN, NULL, NULL, 0 };
	struct render_game	 t;
	struct render_move	 mv;
	struct tac_action	 a;
	struct rbuf		 b = { NULL, 0, 0 };
	json_t			*o, *pos;
	char			*who, why[128];

	if (!w->has_last)
		return (json_null());
	compose_web_rgame(w, lang, &t);
	/* Whose card play a TAC of an earlier move undid is not known. */
	t.lastplay = 0;
	ro.lang = lang;
	who = render_seat_dup(&ro, &t, w->last_seat);
	if (tac_action_parse(w->last, &a, why, sizeof why) != 0)
		/* TRANSLATORS: the Mini App's last move: a player gave a
		   card, face down; %s the player's name. */
		rbuf_add(&b, tr(lang, "%s gave a card."), who);
	else {
		render_move_init(&mv, &t, &w->before, &a, w->last_seat,
		    w->seat >= 0 ? w->seat : RENDER_NOBODY);
		rbuf_add(&b, "%s: ", who);
		render_move_words(&t, &mv, 0, render_move_ntok(&a), &b);
	}
	free(who);
	pos = tac_position_save(&w->before, TAC_MAXSEATS);
	o = json_pack("{s:i, s:s, s:s, s:O?}", "seat", w->last_seat,
	    "action", w->last, "line", b.s != NULL ? b.s : "", "before",
	    json_object_get(pos, "marbles"));
	json_decref(pos);
	rbuf_free(&b);
	return (o);
}

/*
 * While an exchange is under way (at the game's move), who has still to
 * give, as the board's line says it; else null.
 */
static json_t *
compose_web_exchange(const struct svc_web_game *w, const char *lang)
{
	struct render_opts	 ro = { RENDER_PLAIN, NULL, NULL, 0 };
	struct render_game	 t;
	struct rbuf		 b = { NULL, 0, 0 };
	json_t			*o;

	if (!w->g.started || w->open || w->at != w->turns ||
	    w->view.phase != TAC_PH_EXCHANGE)
		return (json_null());
	compose_web_rgame(w, lang, &t);
	ro.lang = lang;
	render_turnline(&ro, &t, &w->view, &b);
	o = json_string(b.s != NULL ? b.s : "");
	rbuf_free(&b);
	return (o);
}

/*
 * The position as the person sees it: their own hand, or every hand once
 * the game is over (the deck never).
 */
static json_t *
compose_web_position(const struct svc_web_game *w)
{
	json_t	*pos;

	if (!w->g.started)
		return (json_null());
	if (!w->open)
		return (tac_position_save(&w->view, w->seat >= 0 ? w->seat :
		    TAC_MAXSEATS));
	pos = tac_position_save(&w->view, -1);
	json_object_del(pos, "deck");
	json_object_del(pos, "rng");
	json_object_set_new(pos, "deck_size", json_integer(w->view.ndeck));
	return (pos);
}

/*
 * A game of Team-TAC in words, as its board says it (rules K): the
 * cards played so far at the move shown, or at its end the result;
 * null for any other game, or before its first deal.
 */
static json_t *
compose_web_together(const struct svc_web_game *w, const char *lang)
{
	struct rbuf	 b = { NULL, 0, 0 };
	json_t		*o;

	if (!w->g.cfg.coop || !w->g.started)
		return (json_null());
	render_coop(lang, &w->view, &b);
	o = json_string(b.s != NULL ? b.s : "");
	rbuf_free(&b);
	return (o != NULL ? o : json_null());
}

/*
 * One game as the person may see it, at a move: {id, key, state, turn
 * (actions so far), at (the move shown), actor, players, seat (null for
 * a watcher), winner, open (every hand shown), seats, names, title, last:
 * {seat, action, line, before} or null, legal, moves: {NOTATION: words},
 * position: tac-position/1 as they may see it (none in a lobby), lang,
 * words, hints (the game offers them), exchange: who has still to give,
 * in words, or null, together: a Team-TAC game's cards played, in words,
 * or null}.
 */
json_t *
compose_web_game(const struct svc_web_game *w, const char *lang)
{
	const struct svc_game	*g = &w->g;
	json_t			*o;

	o = json_pack("{s:I, s:s, s:s, s:I, s:I, s:i, s:i, s:o, s:o, s:o, "
	    "s:o, s:o, s:b}", "id", (json_int_t)g->id, "key", w->key, "state",
	    compose_web_state(g->state), "turn", (json_int_t)w->turns, "at",
	    (json_int_t)w->at, "actor", g->actor, "players", g->cfg.nseats,
	    "seats", compose_web_seats(w), "last", compose_web_last(w, lang),
	    "legal", compose_web_legal(w), "moves", compose_web_moves(w, lang),
	    "position", compose_web_position(w), "open", w->open);
	if (o == NULL)
		return (NULL);
	json_object_set_new(o, "seat", w->seat >= 0 ? json_integer(w->seat) :
	    json_null());
	json_object_set_new(o, "winner", g->winner >= 0 ?
	    json_integer(g->winner) : json_null());
	json_object_set_new(o, "lang", json_string(lang));
	json_object_set_new(o, "names", compose_web_names(g, lang));
	json_object_set_new(o, "words", compose_web_words(lang,
	    g->cfg.names));
	json_object_set_new(o, "title", json_string(g->title));
	json_object_set_new(o, "hints", json_boolean(g->hints));
	json_object_set_new(o, "exchange", compose_web_exchange(w, lang));
	json_object_set_new(o, "together", compose_web_together(w, lang));
	return (o);
}

/*
 * The hint an app asked for (svc_web_hint()'s hint, taken over) for
 * game id, with its words in lang as "message", as the 💡 button says
 * it; the game is read once, here.
 */
json_t *
compose_web_hint(struct svc *svc, int64_t id, json_t *hint, const char *lang)
{
	struct svc_game		 g;
	struct tac_state	 st;
	struct rbuf		 b = { NULL, 0, 0 };

	if (svc_game_view(svc, id, &g, &st) == 1) {
		snprintf(g.lang, sizeof g.lang, "%s", lang);
		(void)compose_hint_text(&g, &st, (int)compose_int(hint, "seat",
		    0), hint, &b);
	}
	rbuf_trim(&b);
	json_object_set_new(hint, "message", json_string(b.s != NULL ? b.s :
	    ""));
	rbuf_free(&b);
	return (hint);
}

/* The Mini App's refusals of a request (enum compose_web_error). */
static const struct {
	const char	*code;
	const char	*msgid;
} compose_web_errors[COMPOSE_WEB_NERRORS] = {
	[COMPOSE_WEB_NO_ANSWER] = { "failed",
	    N_("The server could not make the answer.") },
	[COMPOSE_WEB_FAILED] = { "failed",
	    N_("The server could not do it now: try again in a moment.") },
	[COMPOSE_WEB_NO_GAME] = { "no_game", N_("There is no such game.") },
	[COMPOSE_WEB_BAD_REQUEST] = { "bad_request",
	    N_("The request is not one the page sends.") },
	[COMPOSE_WEB_NO_PATH] = { "bad_request",
	    N_("There is no such page.") },
	[COMPOSE_WEB_SEATS] = { "bad_request",
	    N_("A board has 4 or 6 seats.") },
	[COMPOSE_WEB_NOT_FOUND] = { "not_found",
	    N_("There is no such page.") },
	[COMPOSE_WEB_METHOD] = { "method",
	    N_("This address does not take that method.") },
	[COMPOSE_WEB_EXPIRED] = { "unauthorized",
	    N_("This page has expired: open the board again from the chat.") },
	[COMPOSE_WEB_STOPPING] = { "stopping",
	    N_("The server is stopping: try again in a minute.") },
	[COMPOSE_WEB_BUSY] = { "busy",
	    N_("Too many requests: wait a second.") },
};

/* A request refused (enum compose_web_error): {error, message in lang}. */
json_t *
compose_web_error(int why, const char *lang)
{
	if (why < 0 || why >= COMPOSE_WEB_NERRORS)
		why = COMPOSE_WEB_NO_ANSWER;
	return (json_pack("{s:s, s:s}", "error", compose_web_errors[why].code,
	    "message", tr(lang, compose_web_errors[why].msgid)));
}

/*
 * A refused action: {error: its code, message: why, in lang, args: the
 * code's values}.
 */
json_t *
compose_web_refused(struct svc *svc, const struct svc_web_result *r,
    const char *lang)
{
	struct rbuf	 b = { NULL, 0, 0 };
	json_t		*p, *o;

	p = json_pack("{s:s, s:O?}", "code", r->code, "args", r->args);
	compose_say(svc, lang, p, &b);
	json_decref(p);
	while (b.len > 0 && isspace((unsigned char)b.s[b.len - 1]))
		b.s[--b.len] = '\0';
	o = json_pack("{s:s, s:s, s:O?}", "error", r->code, "message",
	    b.s != NULL ? b.s : "", "args", r->args);
	rbuf_free(&b);
	return (o);
}
