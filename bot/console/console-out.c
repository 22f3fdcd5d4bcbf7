/*
 * console-out.c: the console's outbox, printed.  Rows are composed as
 * for a chat (compose_batch()), so playing here goes through the same
 * words and buttons: a terminal shows text only, so the buttons of a
 * turn are numbered lines (a number typed presses one), a document is
 * its JSON on one line, and the edits of a chat app are the board
 * printed again, once it has changed.  A question whether a person is
 * in a game's group is answered at once: yes (the console's people are
 * its terminal's).
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "console-int.h"
#include "log.h"
#include "xmalloc.h"

/* Print text, one chat message, with the chat's id in --events mode. */
void
console_print(struct console *c, const char *chat, const char *text)
{
	const char	*p, *e;

	if (!c->events) {
		fputs(text, stdout);
		if (*text != '\0' && text[strlen(text) - 1] != '\n')
			fputc('\n', stdout);
		return;
	}
	for (p = text; *p != '\0'; p = *e == '\0' ? e : e + 1) {
		e = p + strcspn(p, "\n");
		printf("[%s] %.*s\n", chat, (int)(e - p), p);
	}
}

/* Print what the console says of its own (enum compose_console). */
void
console_say(struct console *c, int what, int64_t arg)
{
	struct rbuf	b = { NULL, 0, 0 };

	compose_console(c->lang, what, arg, &b);
	console_print(c, CONSOLE_CHAT, b.s != NULL ? b.s : "");
	rbuf_free(&b);
}

/*
 * Print a document's JSON (a game's record) on one line, after its
 * caption: a terminal cannot take a file, but the line can be saved
 * under the caption's name or piped to tacctl replay -.
 */
static void
console_document(struct console *c, const char *chat,
    const struct compose_msg *m)
{
	json_t	*j;
	char	*line;

	if ((j = json_loadb((const char *)m->file, m->filelen, 0, NULL)) ==
	    NULL || (line = json_dumps(j, JSON_COMPACT |
	    JSON_PRESERVE_ORDER)) == NULL) {
		console_print(c, chat, (const char *)m->file);
		json_decref(j);
		return;
	}
	console_print(c, chat, line);
	free(line);
	json_decref(j);
}

/*
 * Print the buttons of a turn or menu message as numbered lines (no more
 * than a chat shows buttons: twelve) and keep them: a number typed
 * presses its button.  Only presses: a terminal opens no link.
 */
static void
console_keys(struct console *c, const char *chat, struct compose_msg *m)
{
	struct rbuf	b = { NULL, 0, 0 };
	size_t		i, n;

	compose_keys_free(&c->keys);
	c->keys = m->keys;
	memset(&m->keys, 0, sizeof m->keys);
	for (i = n = 0; i < c->keys.n; i++) {
		if (c->keys.k[i].link == COMPOSE_PRESS)
			c->keys.k[n++] = c->keys.k[i];
	}
	c->keys.n = n;
	for (i = 0; i < c->keys.n; i++)
		rbuf_add(&b, "%3zu. %s\n", i + 1, c->keys.k[i].label);
	/* A lesson's choices are pressed, not typed as moves. */
	c->lesson = compose_kind_is(m->kind, COMPOSE_K_LESSON);
	compose_console(c->lang, c->lesson ? COMPOSE_CON_LESSON :
	    COMPOSE_CON_CHOICES, 0, &b);
	console_print(c, chat, b.s);
	rbuf_free(&b);
}

/* Print a composed message in chat; remember a board as it looked. */
static void
console_show(struct console *c, const char *chat, struct compose_msg *m)
{
	if (m->text.len > 0)
		console_print(c, chat, m->text.s);
	if (m->file != NULL)
		console_document(c, chat, m);
	if (m->form == COMPOSE_BOARD) {
		c->shown_game = m->game;
		c->shown_key = m->boardkey;
	}
	if (!c->events && compose_kind_is(m->kind, COMPOSE_K_CHOICES) &&
	    m->keys.n > 0)
		console_keys(c, chat, m);
}

/* Compose and print a row the console made up itself. */
void
console_render(struct console *c, int kind, int64_t game, json_t *data)
{
	struct svc_batch	*b;
	struct compose_msg	 m;

	b = xcalloc(1, sizeof *b);
	svc_out_make(&b->row[0], kind, game, data);
	snprintf(b->row[0].chat, sizeof b->row[0].chat, "%s", CONSOLE_CHAT);
	b->n = 1;
	if (compose_batch(c->svc, b, &c->copts, &m) != COMPOSE_NONE)
		console_show(c, CONSOLE_CHAT, &m);
	compose_msg_free(&m);
	svc_batch_free(c->svc, b);
	free(b);
}

/* Print the rows held back, in the order of their kinds (lobby first). */
static void
console_flush(struct console *c)
{
	int	k;

	for (k = 0; k < SVC_OUT_NKINDS; k++) {
		if (c->held[k] != 0)
			console_render(c, k, c->held[k], NULL);
		c->held[k] = 0;
	}
}

/* Is a row held back that is about another game than game? */
static int
console_held_other(const struct console *c, int64_t game)
{
	int	k;

	for (k = 0; k < SVC_OUT_NKINDS; k++) {
		if (c->held[k] != 0 && c->held[k] != game)
			return (1);
	}
	return (0);
}

/*
 * Print one row that is not held back; a "your turn" shows the board
 * before it when the board changed since it was printed, and a move's
 * line leaves the board held back for the board after the moves.
 */
static void
console_row(struct console *c, struct svc_batch *b)
{
	const struct svc_out	*out = &b->row[0];
	struct compose_msg	 m;
	int			 form;

	form = compose_batch(c->svc, b, &c->copts, &m);
	if (compose_kind_is(out->type, COMPOSE_K_YOURTURN) && !c->events &&
	    out->game != 0 && form != COMPOSE_NONE &&
	    (c->shown_game != out->game || c->shown_key != m.boardkey))
		c->held[SVC_OUT_BOARD] = out->game;
	if (!compose_kind_is(out->type, COMPOSE_K_MOVE))
		console_flush(c);
	if (form != COMPOSE_NONE)
		console_show(c, out->chat, &m);
	compose_msg_free(&m);
	if (compose_kind_is(out->type, COMPOSE_K_END) && !c->events)
		console_say(c, COMPOSE_CON_AGAIN, 0);
}

/*
 * Deliver every due outbox row of the console platform.  A chat edits one
 * lobby and one board message as the game goes; a terminal cannot, so
 * those rows are held back and only the last of a run is printed (three
 * AI moves print as three lines and one board), and the board is shown
 * again right before the person's turn.
 */
void
console_deliver(struct console *c)
{
	struct svc_batch	*b;
	int			 r, n = 0;

	b = xcalloc(1, sizeof *b);
	while ((r = svc_outbox_take(c->svc, CONSOLE_PLATFORM, NULL, b)) == 1) {
		n++;
		if (console_held_other(c, b->row[0].game))
			console_flush(c);
		/*
		 * Whether a person is in a game's group: the console's people
		 * are its terminal's, so they are.
		 */
		if (compose_kind_is(b->row[0].type, COMPOSE_K_ASK)) {
			if (svc_outbox_member(c->svc, b, SVC_MEMBER_YES) != 0) {
				log_warnx("console: an outbox row not "
				    "answered: %s", svc_error(c->svc));
				break;
			}
			continue;
		}
		if (compose_kind_is(b->row[0].type, COMPOSE_K_STATE))
			c->held[b->row[0].type] = b->row[0].game;
		else
			console_row(c, b);
		if (svc_outbox_finish(c->svc, b, SVC_DONE, 0, NULL) != 0) {
			log_warnx("console: an outbox row not marked sent: %s",
			    svc_error(c->svc));
			break;
		}
	}
	if (r < 0)
		log_warnx("console: cannot read the outbox: %s",
		    svc_error(c->svc));
	free(b);
	console_flush(c);
	if (n > 0 && c->tty && !c->stopped)
		fputs("> ", stdout);
	fflush(stdout);
}
