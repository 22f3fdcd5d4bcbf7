/*
 * compose-news.c: a game's news in its chat, one line each: a move
 * ("moved"), a seat that changed hands ("seat"), the exchange done
 * ("exchanged"), a deadline passed ("takeover"), the result ("over");
 * and an action in words, which the other kinds' files use too (a
 * played turn, a page of a record, the live message's last moves).
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "compose-int.h"
#include "i18n.h"

/*
 * Append a logged action in words for reader (a seat, or RENDER_NOBODY:
 * a group; render-move.c), seat its player, with what the row's payload
 * p tells of it: whose marbles it moved, whom it kicked, whose card play
 * a TAC undid.  Text that is no action is shown as it is.
 */
void
compose_words(const struct render_game *g, int seat, int reader,
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
	render_move_start(&mv, &a, seat, reader);
	json_array_foreach(json_object_get(p, "marbles"), i, v) {
		if (i < TAC_MAXSEG && json_is_integer(v))
			mv.marbles[i] = (int)json_integer_value(v);
	}
	json_array_foreach(json_object_get(p, "kicked"), i, v) {
		if (mv.nkicked < TAC_MAXSEATS && json_is_integer(v))
			mv.kicked[mv.nkicked++] = (int)json_integer_value(v);
	}
	if (json_is_integer(v = json_object_get(p, "undid")))
		mv.undone = (int)json_integer_value(v);
	render_move_words(g, &mv, 0, render_move_ntok(&a), b);
}

/*
 * Append an action's words (compose_words()) quoted, for a sentence that
 * names the move a person chose or got ("your next move will be
 * “Discard 10”"): they are its button's words, capital and all, which
 * would read wrong bare in the middle of a sentence.
 */
void
compose_words_quoted(const struct render_game *g, int seat, int reader,
    const char *text, json_t *p, struct rbuf *b)
{
	struct rbuf	w = { NULL, 0, 0 };

	compose_words(g, seat, reader, text, p, &w);
	/* TRANSLATORS: a move's words quoted inside a sentence, as its
	   button shows them: the language's quotation marks around %s
	   («%s» in Russian, „%s“ in German). */
	rbuf_add(b, tr(render_lang(g, NULL), "“%s”"), w.s != NULL ? w.s :
	    "");
	rbuf_free(&w);
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
	if (text != NULL && strcmp(text, "exchanged") == 0) {
		/* The exchange's end, among a live message's moves. */
		rbuf_add(b, tr(lang, "Round %d: the cards are exchanged."),
		    (int)compose_int(p, "round", 0));
		rbuf_addstr(b, "\n");
		return;
	}
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
	compose_words(g, seat, RENDER_NOBODY, text, p, b);
	rbuf_addstr(b, "\n");
}

/* A "moved" row: the move's line. */
int
compose_moved_make(struct compose_ctx *c, const struct svc_out *out,
    struct compose_msg *m)
{
	struct render_game	t;

	if (!c->have)
		return (compose_unsaid(out, m));
	compose_game(&c->g, &t);
	compose_moved(&c->o->r, &t, out->data, &m->text);
	return (m->form);
}

/*
 * A "seat" row: the news of a seat changing hands, the seat in words:
 * its colour, and its team's colours ("Team Blue+Yellow", as the
 * lobby's buttons say).
 */
int
compose_seat_make(struct compose_ctx *c, const struct svc_out *out,
    struct compose_msg *m)
{
	const char		*lang = m->lang, *change, *full, *colour;
	struct render_game	 t;
	struct tac_state	 st;
	struct rbuf		 team = { NULL, 0, 0 }, *b = &m->text;
	char			 name[UTF8_NAMEMAX];
	int			 seat;

	if (!c->have)
		return (compose_unsaid(out, m));
	compose_game(&c->g, &t);
	seat = (int)compose_int(out->data, "seat", -1);
	change = compose_str(out->data, "change");
	if ((full = compose_str(out->data, "name")) == NULL)
		full = "?";
	utf8_shorten(full, RENDER_NAMECHARS, name, sizeof name);
	if (change == NULL)
		change = "";
	colour = tr(lang, render_colour(seat));
	memset(&st, 0, sizeof st);
	st.cfg = t.cfg;
	if (seat >= 0 && seat < t.cfg.nseats)
		render_team_colours(lang, &t, tac_team(&st, seat), &team);
	if (strcmp(change, "joined") == 0)
		/* TRANSLATORS: %s a player's name, %s a seat's colour, %s
		   its team's colours ("Blue+Yellow"). */
		rbuf_add(b, tr(lang, "%s takes the %s seat, in team %s."),
		    name, colour, team.s != NULL ? team.s : "");
	else if (strcmp(change, "left") == 0)
		/* TRANSLATORS: %s a player's name, %s a seat's colour. */
		rbuf_add(b, tr(lang, "%s left; the AI plays the %s seat."),
		    name, colour);
	else if (strcmp(change, "gone") == 0)
		/* TRANSLATORS: in the group; %s a player's name, %s a
		   seat's colour.  They left the group (or were removed). */
		rbuf_add(b, tr(lang, "%s is no longer in the group; the AI "
		    "plays the %s seat from now on."), name, colour);
	else if (strcmp(change, "holiday") == 0)
		/* TRANSLATORS: %s a player's name, %s a seat's colour. */
		rbuf_add(b, tr(lang, "%s is away for a while; the AI plays the "
		    "%s seat until they are back."), name, colour);
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
	return (m->form);
}

/* An "exchanged" row: everyone has given a card after a deal. */
int
compose_exchanged_make(struct compose_ctx *c, const struct svc_out *out,
    struct compose_msg *m)
{
	if (!c->have)
		return (compose_unsaid(out, m));
	/* TRANSLATORS: in the group, once everyone has given a card
	   after a deal; %d the round's number. */
	rbuf_add(&m->text, tr(m->lang, "Round %d: the cards are exchanged."),
	    (int)compose_int(out->data, "round", 0));
	rbuf_addstr(&m->text, "\n");
	return (m->form);
}

/* A "takeover" row: a deadline passed, and what the AI did for them. */
int
compose_takeover_make(struct compose_ctx *c, const struct svc_out *out,
    struct compose_msg *m)
{
	struct render_game	 t;
	struct rbuf		 act = { NULL, 0, 0 };
	json_t			*p = out->data;
	const char		*action = compose_str(p, "action");
	char			*who;
	int			 seat = (int)compose_int(p, "seat", -1);

	if (!c->have)
		return (compose_unsaid(out, m));
	compose_game(&c->g, &t);
	who = render_seat_dup(&c->o->r, &t, seat);
	if (action != NULL && strcmp(action, "give") == 0)
		/* TRANSLATORS: in the group: the exchange's deadline
		   passed; %s a player's name. */
		rbuf_add(&m->text, tr(m->lang, "Time is up for %s; the AI "
		    "chose the card to give."), who);
	else {
		compose_words_quoted(&t, seat, RENDER_NOBODY, action, p,
		    &act);
		/* TRANSLATORS: %s a player's name, %s the move in words,
		   quoted ("“5: 33 → 38”"). */
		rbuf_add(&m->text, tr(m->lang, "Time is up for %s; the AI "
		    "played: %s."), who, act.s);
	}
	rbuf_addstr(&m->text, "\n");
	free(who);
	rbuf_free(&act);
	return (m->form);
}

/* An "over" row: who won. */
int
compose_over_make(struct compose_ctx *c, const struct svc_out *out,
    struct compose_msg *m)
{
	struct render_game	 t;
	json_t			*w = json_object_get(out->data, "winner");

	if (!c->have)
		return (compose_unsaid(out, m));
	if (c->g.cfg.coop) {
		/* Rules K5, K6: everyone won, with the cards it took. */
		render_coop_result(m->lang, (uint32_t)compose_int(out->data,
		    "cards", 0), &m->text);
		rbuf_addstr(&m->text, "\n");
		return (m->form);
	}
	compose_game(&c->g, &t);
	render_result(&c->o->r, &t, json_is_integer(w) ?
	    (int)json_integer_value(w) : -1, &m->text);
	return (m->form);
}
