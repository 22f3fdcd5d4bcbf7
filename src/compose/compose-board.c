/*
 * compose-board.c: a game's board in its chat ("board" rows, /board), its
 * edits after the game moved ("edit-board") and its pin ("pin-board").
 * The text board stands in for the picture a picture chat wants; in a
 * group, a running game's board is its live message (compose-live.c).
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

/* A game's board: the text board, and the picture a picture chat wants. */
static void
compose_board_picture(struct compose_ctx *c, struct compose_msg *m)
{
	m->mono = 1;
	if (c->g.started)
		m->boardkey = compose_boardkey(&c->st);
	if (c->o->pictures && c->g.started && c->g.state != SVC_LOBBY &&
	    strcmp(c->g.board, "text") != 0) {
		m->picture = xmalloc(sizeof *m->picture);
		compose_picture_board(c, m->picture);
		m->picture->bottom = compose_picture_bottom(&c->g, m->chat);
		/* TRANSLATORS: the caption under the board's picture;
		 * %lld a game's number. */
		rbuf_add(&m->caption, tr(m->lang, "Game #%lld."),
		    (long long)c->g.id);
	}
}

/*
 * The board as it is now, whatever the row: the lobby while there is
 * one, the board once the game has begun, in the message m->replaces
 * names; a group's live message there.
 */
static int
compose_board(struct compose_ctx *c, const struct svc_out *out,
    struct compose_msg *m)
{
	const struct svc_game	*g = &c->g;
	struct render_game	 t;

	if (!c->have)
		return (compose_unsaid(out, m));
	compose_game(g, &t);
	if (g->state == SVC_LOBBY || g->state == SVC_ABORTED)
		compose_lobby(&c->o->r, g, &m->text);
	else if (g->started)
		render_board(&c->o->r, &t, &c->st, &m->text);
	rbuf_trim(&m->text);
	compose_board_picture(c, m);
	if (g->started && g->state != SVC_LOBBY && compose_live_row(c, out))
		compose_live(c, m);
	return (m->form);
}

/*
 * A "board" row: a new message with the board (/board, the start), or,
 * at the bottom of the chat, the one it replaces taken away.
 */
int
compose_board_make(struct compose_ctx *c, const struct svc_out *out,
    struct compose_msg *m)
{
	compose_kept(c, m, SVC_OUT_BOARD);
	if (compose_board(c, out, m) == COMPOSE_NONE)
		return (COMPOSE_NONE);
	/* /board: at the bottom of the chat, the one before taken away. */
	m->repost = m->replaces[0] != '\0' &&
	    json_is_true(json_object_get(out->data, "bottom"));
	return (m->form);
}

/* An "edit-board" row: the kept board shown as it is now, if there is one. */
int
compose_edit_board_make(struct compose_ctx *c, const struct svc_out *out,
    struct compose_msg *m)
{
	if (!c->have || !compose_kept(c, m, SVC_OUT_BOARD))
		return (compose_none(m));
	return (compose_board(c, out, m));
}

/* A "pin-board" row: pin the board as it is now, or unpin the one named. */
int
compose_pin_make(struct compose_ctx *c, const struct svc_out *out,
    struct compose_msg *m)
{
	m->pin = !json_is_false(json_object_get(out->data, "pin"));
	if (m->pin)
		compose_kept(c, m, SVC_OUT_BOARD);
	else
		compose_named(out, "message", m);
	if (!c->have || m->replaces[0] == '\0')
		return (compose_none(m));
	m->silent = 1;
	return (m->form);
}
