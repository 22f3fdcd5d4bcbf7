/*
 * compose-pace.c: what keeps a game's pace, told to its people: a turn
 * of one legal action played for its person, the game's clock.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>

#include "compose-int.h"
#include "i18n.h"

/*
 * A "forced" row: the reader had exactly one thing to do, or had chosen
 * it ahead (a premove), and it was done for them, in their words (their
 * own marbles are "your").
 */
int
compose_forced_make(struct compose_ctx *c, const struct svc_out *out,
    struct compose_msg *m)
{
	struct render_game	 t;
	struct rbuf		 act = { NULL, 0, 0 };
	json_t			*p = out->data;
	int			 seat = (int)compose_int(p, "seat", -1);

	if (!c->have)
		return (compose_unsaid(out, m));
	compose_game(&c->g, &t);
	compose_words_quoted(&t, seat, seat, compose_str(p, "action"), p,
	    &act);
	if (json_is_true(json_object_get(p, "premove")))
		/* TRANSLATORS: privately; %lld a game's number, %s the
		   move the reader chose ahead (/premove), in words as its
		   button shows them, quoted ("“5: 33 → 38”"). */
		rbuf_add(&m->text, tr(m->lang, "Game #%lld: your turn came and "
		    "your premove was played: %s."), (long long)c->g.id,
		    act.s != NULL ? act.s : "");
	else
		/* TRANSLATORS: privately; %lld a game's number, %s the move
		   in words as its button shows them, quoted ("“Discard
		   10”"). */
		rbuf_add(&m->text, tr(m->lang, "Game #%lld: you had only one "
		    "move, so it is played for you: %s."), (long long)c->g.id,
		    act.s != NULL ? act.s : "");
	rbuf_addstr(&m->text, "\n");
	rbuf_free(&act);
	return (m->form);
}

/*
 * Append a game's clock: its time bank ("a time bank of 2 days, 3 h back
 * per move") or its time per turn ("2 h per turn").
 */
void
compose_pace_clock(const char *lang, const struct svc_game *g,
    struct rbuf *b)
{
	struct rbuf	bank = { NULL, 0, 0 }, bonus = { NULL, 0, 0 };

	if (g->bank <= 0) {
		render_deadline(lang, g->deadline, b);
		return;
	}
	render_span(lang, g->bank, &bank);
	render_span(lang, g->bonus, &bonus);
	/* TRANSLATORS: a game's options line: each player's time bank,
	   spent on their turns, not in their quiet hours; %s its reserve
	   ("2 days"), %s the time each move gives back ("3 h"). */
	rbuf_add(b, tr(lang, "a time bank of %s each, %s back per move"),
	    bank.s, bonus.s);
	rbuf_free(&bank);
	rbuf_free(&bonus);
}
