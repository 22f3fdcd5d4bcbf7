/*
 * compose-web.c: the Mini App's JSON (compose.h), beside the chat's
 * messages: the same facts of the service (service-web.c), the same
 * words of the catalogs, in the person's language.
 *
 * The page fills "%s" and "%d" in order; a count stands behind a label
 * ("Steps left: 3") so that no plural form is needed.
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
};

/* The name of a game state, as the API says it. */
const char *
compose_web_state(int state)
{
	static const char	*names[] = { "lobby", "playing", "over",
				    "aborted" };

	return (state >= 0 && state <= SVC_ABORTED ? names[state] : "?");
}

/* {"lang", "text": {key: words}} in lang, for the page. */
json_t *
compose_web_strings(const char *lang)
{
	json_t	*text = json_object();
	size_t	 i;

	for (i = 0; i < sizeof compose_web_texts / sizeof compose_web_texts[0];
	    i++)
		json_object_set_new(text, compose_web_texts[i].key,
		    json_string(tr(lang, compose_web_texts[i].msgid)));
	return (json_pack("{s:s, s:o}", "lang", lang, "text", text));
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

/* {"games": [{id, state, turn, seat, my_turn, players, title}], lang}. */
json_t *
compose_web_games(const struct svc_web_games *w, const char *lang)
{
	const struct svc_web_entry	*e;
	json_t				*games = json_array();
	int				 i;

	for (i = 0; i < w->n; i++) {
		e = &w->game[i];
		json_array_append_new(games, json_pack("{s:I, s:s, s:I, s:i, "
		    "s:b, s:i, s:s}", "id", (json_int_t)e->id, "state",
		    compose_web_state(e->state), "turn", (json_int_t)e->turn,
		    "seat", e->seat, "my_turn", e->my_turn, "players",
		    e->players, "title", e->title));
	}
	return (json_pack("{s:o, s:s}", "games", games, "lang", lang));
}

/* The seats: names as stored, AI levels, who is away, who is a person. */
static json_t *
compose_web_seats(const struct svc_game *g)
{
	json_t	*arr = json_array();
	int	 s;

	for (s = 0; s < g->cfg.nseats; s++)
		json_array_append_new(arr, json_pack("{s:s, s:i, s:b, s:b}",
		    "name", g->seats[s].name, "ai", g->seats[s].ai, "away",
		    g->seats[s].away, "person", g->seats[s].user[0] != '\0'));
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

/*
 * One game as the person may see it: {id, state, turn, actor, players,
 * seat (null for others), winner, seats, last: {seat, action} or null,
 * legal, position: tac-position/1 with their own hand only (none in a
 * lobby), lang, names, words, title}.
 */
json_t *
compose_web_game(const struct svc_web_game *w, const char *lang)
{
	const struct svc_game	*g = &w->g;
	json_t			*last, *pos;

	last = w->has_last ? json_pack("{s:i, s:s}", "seat", w->last_seat,
	    "action", w->last) : json_null();
	pos = g->started ? tac_position_save(&w->view, w->seat >= 0 ? w->seat :
	    TAC_MAXSEATS) : json_null();
	return (json_pack("{s:I, s:s, s:I, s:i, s:i, s:o, s:o, s:o, s:o, "
	    "s:o, s:o, s:s, s:o, s:o, s:s, s:o}", "id", (json_int_t)g->id, "state",
	    compose_web_state(g->state), "turn", (json_int_t)g->turn_no,
	    "actor", g->actor, "players", g->cfg.nseats, "seats",
	    compose_web_seats(g), "last", last, "legal", compose_web_legal(w),
	    "position", pos, "seat", w->seat >= 0 ? json_integer(w->seat) :
	    json_null(), "winner", g->winner >= 0 ? json_integer(g->winner) :
	    json_null(), "lang", lang, "names", compose_web_names(g, lang),
	    "words", compose_web_words(lang, g->cfg.names), "title",
	    g->title, "hints", json_boolean(g->hints)));
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
