/*
 * compose-live.c: a group's live message of a game (service-live.c), one
 * message for the whole game, edited as it goes: the board (its picture,
 * or the text board), the last moves in words, whose turn it is and
 * until when.  A picture chat gets the words as the picture's caption,
 * the picture's own line the last move in words; a text chat the text
 * board with the words under it.  The moves have no rows of their own
 * in such a group: this message tells them.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compose-int.h"
#include "i18n.h"

/*
 * Is row out for the group chat of a game whose live message its bridge
 * keeps (the game is read into c)?
 */
int
compose_live_row(struct compose_ctx *c, const struct svc_out *out)
{
	if (!c->o->live || !compose_ctx_game(c, compose_row_game(out)))
		return (0);
	return (!c->g.private && strcmp(c->g.chat, out->chat) == 0 &&
	    strcmp(c->g.platform, out->platform) == 0);
}

/*
 * Append whose turn it is (the result, once over) and until when: the
 * deadline of a person's turn, after which the AI plays it.
 */
static void
compose_live_turn(struct compose_ctx *c, const struct render_game *t,
    struct rbuf *b)
{
	const struct svc_game	*g = &c->g;
	const struct svc_seat	*p;
	struct rbuf		 left = { NULL, 0, 0 };
	int64_t			 now = svc_now(c->svc);

	if (g->state == SVC_ABORTED) {
		rbuf_add(b, tr(t->lang, "Game #%lld was aborted."),
		    (long long)g->id);
		rbuf_addstr(b, "\n");
		return;
	}
	render_turnline(&c->o->r, t, &c->st, b);
	compose_away_live(g, t->lang, now, b);
	if (g->state != SVC_PLAYING || g->due <= 0 || g->actor < 0 ||
	    g->actor >= g->cfg.nseats)
		return;
	p = &g->seats[g->actor];
	if (p->ai > 0 || p->away || p->user[0] == '\0')
		return;
	render_span(t->lang, g->due > now ? g->due - now : 0, &left);
	/* TRANSLATORS: under the group's board, after whose turn it is;
	   %s how long they have left ("3 h 20 min", "2 days"). */
	rbuf_add(b, tr(t->lang, "%s left; then the AI plays."), left.s);
	rbuf_free(&left);
	rbuf_addstr(b, "\n");
}

/*
 * The last move in words, for the picture's own line: the live
 * message's newest move when it is the game's last action.
 */
static void
compose_live_last(struct compose_ctx *c, const struct render_game *t,
    json_t *moves, struct compose_picture *p)
{
	struct rbuf	 b = { NULL, 0, 0 };
	json_t		*last;

	if ((last = json_array_get(moves, json_array_size(moves) - 1)) ==
	    NULL || compose_int(last, "turn", -1) != c->g.turn_no)
		return;
	compose_moved(&c->o->r, t, last, &b);
	rbuf_trim(&b);
	if (b.s != NULL)
		snprintf(p->lastline, sizeof p->lastline, "%s", b.s);
	rbuf_free(&b);
}

/*
 * Make m, a board of a game that has begun (the game read into c, m's
 * picture and kept message set), the game's live message in its group:
 * the text board and the words under it, the picture's caption and last
 * line, and whether it is pinned.
 */
void
compose_live(struct compose_ctx *c, struct compose_msg *m)
{
	const struct render_opts *o = &c->o->r;
	struct render_game	 t;
	struct svc_live		 l;
	struct rbuf		 words = { NULL, 0, 0 };
	size_t			 i, n, from, head;

	compose_game(&c->g, &t);
	svc_live(c->svc, c->g.id, &l);
	/* Once over, it is edited where it is: nothing to keep in sight. */
	m->live = c->g.state == SVC_PLAYING;
	m->pinned = l.pin > 0 && l.pinned[0] != '\0' &&
	    strcmp(l.pinned, m->replaces) == 0;
	/* The last moves: as many as there are seats, a round of turns. */
	n = json_array_size(l.moves);
	from = n > (size_t)c->g.cfg.nseats ? n - (size_t)c->g.cfg.nseats : 0;
	for (i = from; i < n; i++)
		compose_moved(o, &t, json_array_get(l.moves, i), &words);
	compose_live_turn(c, &t, &words);

	rbuf_reset(&m->text);
	render_board_top(o, &t, &c->st, &m->text);
	m->mono = 1;
	m->monolen = m->text.len;
	rbuf_addstr(&m->text, words.s != NULL ? words.s : "");
	rbuf_trim(&m->text);
	if (m->picture != NULL) {
		/* The text board's first line says the game and round. */
		head = m->text.s != NULL ? strcspn(m->text.s, "\n") : 0;
		rbuf_reset(&m->caption);
		rbuf_addn(&m->caption, m->text.s != NULL ? m->text.s : "",
		    head);
		rbuf_addstr(&m->caption, "\n");
		rbuf_addstr(&m->caption, words.s != NULL ? words.s : "");
		rbuf_trim(&m->caption);
		compose_live_last(c, &t, l.moves, m->picture);
	}
	svc_live_free(&l);
	rbuf_free(&words);
}
