/*
 * compose-msg.c: a batch of outbox rows made into one whole message.
 *
 * The game is read once, here, and handed down: the words, the buttons,
 * the picture's inputs are all made from that one read.  The message
 * says what it is (its form: a text, a board, a turn notice drawn with
 * its choices, a chart, a document, a press's answer), which message it
 * replaces (a reference its bridge made, kept by the service, passed on
 * as it is), and how many of the batch's rows it delivers: a burst of a
 * chat's short notices is one message, as long as the text stays within
 * what the bridge asked for.  A bridge only puts the message into its
 * platform's terms and makes the call.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compose-int.h"
#include "i18n.h"
#include "log.h"
#include "xmalloc.h"

/*
 * Keep the rows of a batch its message delivers, the first n; the rest
 * stay in the outbox, to be taken again.
 */
static void
compose_keep(struct svc_batch *b, int n)
{
	while (b->n > n)
		svc_out_free(&b->row[--b->n]);
}

/*
 * Begin m, the message of row out, with its kind, chat, game and
 * language, the row's game read into c.
 */
static void
compose_begin(struct compose_ctx *c, const struct svc_out *out,
    struct compose_msg *m)
{
	memset(m, 0, sizeof *m);
	m->kind = out->type;
	snprintf(m->chat, sizeof m->chat, "%s", out->chat);
	m->game = compose_row_game(out);
	compose_ctx_row(c, out, m->lang, sizeof m->lang);
}

/*
 * Make row out's message into m (begun) by its kind's entry: its form,
 * or COMPOSE_NONE when there is nothing to send (a kind of words that
 * has none).
 */
static int
compose_make(struct compose_ctx *c, const struct svc_out *out,
    struct compose_msg *m)
{
	const struct compose_kind	*k = compose_kind(out->type);
	int				 form;

	m->form = k->form;
	if ((form = k->make(c, out, m)) == COMPOSE_NONE ||
	    !(k->flags & COMPOSE_K_WORDS))
		return (form);
	rbuf_trim(&m->text);
	if (m->text.len == 0 && m->picture == NULL)
		return (compose_none(m));
	return (form);
}

/*
 * Is row out a move that a group's live message tells, for the group's
 * bridge that keeps it?  The service puts no such row now; one an older
 * tacd queued before an upgrade is delivered by saying nothing.
 */
static int
compose_told_row(struct compose_ctx *c, const struct svc_out *out)
{
	return (compose_kind_is(out->type, COMPOSE_K_MOVE) &&
	    compose_live_row(c, out));
}

/*
 * Add the batch's next notices to the message while the text stays
 * within o->merge characters; the batch keeps the rows it delivers.
 */
static void
compose_merge(struct compose_ctx *c, struct svc_batch *b,
    struct compose_msg *m)
{
	struct compose_msg	n;
	int			i;

	for (i = 1; i < b->n && c->o->merge > 0; i++) {
		/* A move the group's live message tells is only delivered. */
		if (compose_told_row(c, &b->row[i]))
			continue;
		compose_begin(c, &b->row[i], &n);
		compose_make(c, &b->row[i], &n);
		rbuf_trim(&n.text);
		if (m->text.len + n.text.len + 1 > c->o->merge) {
			compose_msg_free(&n);
			break;
		}
		if (n.text.len > 0) {
			if (m->text.len > 0)
				rbuf_addstr(&m->text, "\n");
			rbuf_addstr(&m->text, n.text.s);
		}
		compose_msg_free(&n);
	}
	compose_keep(b, i);
}

/*
 * How many of the batch's first rows are moves a group's live message
 * tells (the first is one): they are delivered by saying nothing.
 */
static int
compose_told(struct compose_ctx *c, struct svc_batch *b)
{
	int	i;

	for (i = 1; i < b->n; i++) {
		if (!compose_told_row(c, &b->row[i]))
			break;
	}
	return (i);
}

/*
 * Does a message of the batch's rows call for a notification?  What a
 * person is told privately does, and in a group what it should notice
 * (the kinds that say so): a new game, the start, a seat that changed
 * hands, a deadline passed, a person who cannot be reached, the end.
 * The routine rest is silent: replies to commands, the board shown
 * again, the summary after the end (its line of winners notified).
 * Nothing a person is told in their quiet hours makes a sound.
 */
static int
compose_notifies(struct compose_ctx *c, const struct svc_batch *b)
{
	const struct svc_out	*out;
	int			 i;

	for (i = 0; i < b->n; i++) {
		out = &b->row[i];
		if (svc_kind_is(out->type, SVC_OF_PRIVATE))
			return (!compose_quiet(c, out));
		if (compose_kind_is(out->type, COMPOSE_K_NOTIFY) ||
		    (compose_kind_is(out->type, COMPOSE_K_NOTIFY_NEW) &&
		    !json_is_true(json_object_get(out->data, "bottom"))))
			return (1);
	}
	return (0);
}

/*
 * Head a message told privately about a game (its kind says so) with
 * the game's name, its group's title, on a line of its own: a person in
 * several games reads first which one it is.  Not a game played in a
 * private chat (it has no group), not a message of the game's own chat,
 * not one whose words stay as they are (only its buttons change).
 */
static void
compose_heading(struct compose_ctx *c, const struct svc_out *out,
    struct compose_msg *m)
{
	struct rbuf	text = { NULL, 0, 0 };

	if (!compose_kind_is(out->type, COMPOSE_K_TITLE) || !c->have ||
	    c->g.private || c->g.title[0] == '\0' || m->keysonly ||
	    m->text.len == 0 || strcmp(c->g.chat, m->chat) == 0)
		return;
	rbuf_addstr(&text, c->g.title);
	m->headlen = text.len;
	rbuf_addstr(&text, "\n");
	rbuf_addstr(&text, m->text.s);
	rbuf_free(&m->text);
	m->text = text;
}

/*
 * Compose the message of a batch (its first row, and maybe the notices
 * after it): its form, with m filled (free it with compose_msg_free());
 * the batch keeps the rows the message delivers.  COMPOSE_NONE when
 * there is nothing to send: the row is out of date (a turn or menu of a
 * turn that has moved on, an edit of no message) or says nothing, and
 * is done as it is.
 */
int
compose_batch(struct svc *svc, struct svc_batch *b,
    const struct compose_opts *o, struct compose_msg *m)
{
	struct compose_ctx	*c;
	const struct svc_out	*out = &b->row[0];
	int			 form;

	c = xcalloc(1, sizeof *c);
	c->svc = svc;
	c->o = o;
	compose_begin(c, out, m);
	compose_keep(b, svc_kind_is(out->type, SVC_OF_NOTICE) ? b->n : 1);
	if (compose_told_row(c, out)) {
		/* Moves a group's live message tells say nothing there. */
		compose_keep(b, compose_told(c, b));
		form = compose_none(m);
	} else if ((form = compose_make(c, out, m)) == COMPOSE_NONE)
		compose_keep(b, 1);
	else {
		compose_heading(c, out, m);
		compose_app(c, m, compose_kind(out->type)->flags);
		/* Last: a merged row of another game reads that game into c. */
		if (svc_kind_is(out->type, SVC_OF_NOTICE))
			compose_merge(c, b, m);
		m->silent = !compose_notifies(c, b);
		m->tidy = svc_kind_is(out->type, SVC_OF_TIDY);
	}
	free(c);
	return (form);
}
