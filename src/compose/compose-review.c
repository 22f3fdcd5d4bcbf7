/*
 * compose-review.c: a person's review of a finished game ("review" rows
 * of src/service/service-review.c): a first message with the game's
 * best move and whether decisions follow, then one message per
 * decision, in the order they were made, with the board as it was then
 * (a picture where the bridge shows them: the better move drawn as ①,
 * the one played as ②), what was played and the better move, both in
 * words, and why it is better.
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
#include "xmalloc.h"

#define COMPOSE_GLASS	"\xf0\x9f\x94\x8d"	/* 🔍 */

/*
 * Append an action of the review (payload member key) played by seat in
 * st, in the words for reader (a seat); a: it.  -1 when it does not
 * read.  Whose card play a TAC in it undid is not known.
 */
static int
compose_review_move(const struct render_game *t, const struct tac_state *st,
    int seat, int reader, json_t *p, const char *key, struct tac_action *a,
    struct rbuf *b)
{
	struct render_game	 g = *t;
	struct render_move	 mv;
	const char		*text = json_string_value(json_object_get(p,
				    key));
	char			 err[128];

	if (text == NULL || tac_action_parse(text, a, err, sizeof err) != 0)
		return (-1);
	g.lastplay = 0;
	render_move_init(&mv, &g, st, a, seat, reader);
	render_move_words(&g, &mv, 0, render_move_ntok(a), b);
	return (0);
}

/*
 * The first message: the game's best move, then what follows (the
 * decisions, each a message of its own), or that nothing does.
 */
static int
compose_review_head(struct compose_ctx *c, json_t *p, struct compose_msg *m)
{
	struct render_game	 t;
	struct render_opts	 o = { RENDER_PLAIN, NULL, NULL, 0 };
	struct tac_state	 st;
	struct tac_action	 a;
	struct rbuf		 move = { NULL, 0, 0 };
	json_t			*best = json_object_get(p, "best");
	char			*who;
	int			 n, seat;

	compose_game(&c->g, &t);
	o.lang = m->lang;
	n = (int)json_integer_value(json_object_get(p, "picks"));
	rbuf_add(&m->text, "%s ", COMPOSE_GLASS);
	/* TRANSLATORS: a review's first line; %lld a game's number. */
	rbuf_add(&m->text, tr(m->lang, "Your review of game #%lld."),
	    (long long)m->game);
	rbuf_addstr(&m->text, " ");
	seat = (int)json_integer_value(json_object_get(best, "seat"));
	if (json_is_object(best) && seat >= 0 && seat < TAC_MAXSEATS &&
	    svc_game_position_at(c->svc, m->game, json_integer_value(
	    json_object_get(best, "n")), -1, &st) == 0 &&
	    compose_review_move(&t, &st, seat, (int)compose_int(p, "seat", -1),
	    best, "action", &a, &move) == 0) {
		who = render_seat_dup(&o, &t, seat);
		/* TRANSLATORS: a review: %s a player's name, %d the round
		   (a deal and its plays, as the live message counts
		   them), %s the move in words. */
		rbuf_add(&m->text, tr(m->lang, "The best move of the game, the "
		    "one that gained its team the most: %s, round %d: %s."), who,
		    st.round, move.s);
		rbuf_addstr(&m->text, "\n");
		free(who);
	}
	rbuf_free(&move);
	if (n == 0)
		rbuf_addstr(&m->text, tr(m->lang, "In none of your decisions "
		    "does the AI, seeing what you saw then, find a clearly "
		    "better move. Well played."));
	else
		/* TRANSLATORS: a review's first message ends so; the
		   decisions follow, each a message of its own. */
		rbuf_addstr(&m->text, tr(m->lang, "Here is where the AI, seeing "
		    "only what you saw then, finds a clearly better move:"));
	rbuf_addstr(&m->text, "\n");
	return (m->form);
}

/* One decision: the board then, what was played, what was better. */
static int
compose_review_pick(struct compose_ctx *c, json_t *p, struct compose_msg *m)
{
	struct render_game	 t;
	struct tac_state	 st;
	struct tac_action	 played, better;
	struct compose_picture	*pic;
	struct rbuf		 w = { NULL, 0, 0 };
	int			 devil, pictures = compose_pictures(c->o, p);
	int			 seat = (int)compose_int(p, "seat", 0);

	if (svc_game_position_at(c->svc, m->game, json_integer_value(
	    json_object_get(p, "n")), seat, &st) != 0)
		return (compose_none(m));
	compose_game(&c->g, &t);
	if (compose_review_move(&t, &st, seat, seat, p, "played", &played,
	    &w) != 0) {
		rbuf_free(&w);
		return (compose_none(m));
	}
	/* TRANSLATORS: a review's decision: %lld its number, %lld how
	   many there are, %d the round (a deal and its plays, as the live
	   message counts them), %s the move played, in words. */
	rbuf_add(&m->text, tr(m->lang, "%lld of %lld. Round %d: you played %s."),
	    (long long)json_integer_value(json_object_get(p, "i")),
	    (long long)json_integer_value(json_object_get(p, "of")), st.round,
	    w.s);
	rbuf_addstr(&m->text, "\n");
	rbuf_reset(&w);
	devil = json_integer_value(json_object_get(p, "devil")) != 0;
	if (devil)
		/* TRANSLATORS: a review's better move, after "Better:": the
		   Devil; %s its name in the game's edition. */
		rbuf_add(&w, tr(m->lang, "the %s"), render_card(m->lang,
		    t.cfg.names, TAC_DEVIL));
	else if (compose_review_move(&t, &st, seat, seat, p, "better", &better,
	    &w) != 0) {
		rbuf_free(&w);
		return (compose_none(m));
	}
	/* TRANSLATORS: a review's better move; %s the move in words (or
	   "the [Devil]"). */
	rbuf_add(&m->text, tr(m->lang, "Better: %s."), w.s);
	rbuf_free(&w);
	rbuf_addstr(&m->text, " ");
	render_hint_why(&t, json_string_value(json_object_get(p, "why")),
	    (int)json_integer_value(json_object_get(p, "about")), &m->text);
	rbuf_addstr(&m->text, "\n");
	if (pictures) {
		/* ① the better move, ② the one played, as on the board. */
		pic = xcalloc(1, sizeof *pic);
		pic->st = st;
		compose_picture_names(&c->g, pic);
		pic->bottom = seat;
		pic->yours = 1;
		pic->reader = seat;
		if (!devil)
			pic->opts[pic->nopts++] = better;
		pic->opts[pic->nopts++] = played;
		rbuf_addstr(&m->text, tr(m->lang, "On the picture: \xe2\x91\xa0 "
		    "the better move, \xe2\x91\xa1 yours."));
		m->picture = pic;
		m->form = COMPOSE_TURN;
	} else {
		render_board(&c->o->r, &t, &st, &m->text);
		m->mono = 1;
	}
	return (m->form);
}

/* A "review" row: the first message, or one decision. */
int
compose_review_make(struct compose_ctx *c, const struct svc_out *out,
    struct compose_msg *m)
{
	const char	*part = json_string_value(json_object_get(out->data,
			    "part"));

	if (!c->have || part == NULL)
		return (compose_none(m));
	if (strcmp(part, "head") == 0)
		return (compose_review_head(c, out->data, m));
	if (strcmp(part, "pick") == 0)
		return (compose_review_pick(c, out->data, m));
	return (compose_none(m));
}
