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

/* The game a row is about: its own, or (replies) its payload's. */
int64_t
compose_row_game(const struct svc_out *out)
{
	return (out->game != 0 ? out->game :
	    json_integer_value(json_object_get(out->data, "game")));
}

/*
 * Read game id into c unless it is the game read already: 1 when it is
 * there, 0 when not (or id is 0).
 */
int
compose_ctx_game(struct compose_ctx *c, int64_t id)
{
	if (id == c->id)
		return (c->have);
	c->id = id;
	c->have = 0;
	if (id > 0 && svc_game_view(c->svc, id, &c->g, &c->st) == 1)
		c->have = 1;
	return (c->have);
}

/*
 * The language a row is read in: its own (a private row speaks its
 * person's), else its game's chat's, else the bridge's.
 */
void
compose_row_lang(struct compose_ctx *c, const struct svc_out *out, char *buf,
    size_t len)
{
	const char	*lang = compose_str(out->data, "lang");

	if (lang != NULL && i18n_known(lang))
		lang = i18n_norm(lang);
	else if (compose_ctx_game(c, compose_row_game(out)) &&
	    c->g.lang[0] != '\0')
		lang = c->g.lang;
	else
		lang = c->o->r.lang != NULL ? c->o->r.lang : "en";
	snprintf(buf, len, "%s", lang);
}

/*
 * A message a row names by the reference its bridge gave (the pressed
 * message in "message", a turn message in "ref"), into m->replaces.  A
 * row of an older tacd names it by a number, which is used as it is.
 */
void
compose_named(const struct svc_out *out, const char *key,
    struct compose_msg *m)
{
	json_t	*v = json_object_get(out->data, key);

	m->replaces[0] = '\0';
	if (json_is_string(v))
		snprintf(m->replaces, sizeof m->replaces, "%s",
		    json_string_value(v));
	else if (json_is_integer(v) && json_integer_value(v) > 0)
		snprintf(m->replaces, sizeof m->replaces, "%lld",
		    (long long)json_integer_value(v));
}

/* The remembered message of the game's board or lobby in the chat. */
static int
compose_kept(struct compose_ctx *c, struct compose_msg *m, int kind)
{
	if (svc_message(c->svc, m->game, m->chat, svc_kind_name(kind),
	    m->replaces, sizeof m->replaces) == 1)
		return (1);
	m->replaces[0] = '\0';
	return (0);
}

/* A message with nothing to send (its rows are done): COMPOSE_NONE. */
int
compose_none(struct compose_msg *m)
{
	compose_msg_free(m);
	m->form = COMPOSE_NONE;
	return (COMPOSE_NONE);
}

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
 * Add the batch's next notices to the message while the text stays
 * within o->merge characters; the batch keeps the rows it delivers.
 */
static void
compose_merge(struct compose_ctx *c, struct svc_batch *b,
    struct compose_msg *m)
{
	struct rbuf	t = { NULL, 0, 0 };
	int		i;

	for (i = 1; i < b->n && c->o->merge > 0; i++) {
		/* A move the group's live message tells is only delivered. */
		if (b->row[i].type == SVC_OUT_MOVED &&
		    compose_live_row(c, &b->row[i]))
			continue;
		rbuf_reset(&t);
		compose_text(c, &b->row[i], &t);
		rbuf_trim(&t);
		if (m->text.len + t.len + 1 > c->o->merge)
			break;
		if (t.len > 0) {
			if (m->text.len > 0)
				rbuf_addstr(&m->text, "\n");
			rbuf_addstr(&m->text, t.s);
		}
	}
	compose_keep(b, i);
	rbuf_free(&t);
}

/*
 * Where a turn notice's game is played: the group's title and a link to
 * its board message there, when the bridge has such links.
 */
static void
compose_where(struct compose_ctx *c, struct compose_msg *m)
{
	char	ref[SVC_REF_MAX], url[256];

	if (!c->have || strcmp(c->g.chat, m->chat) == 0)
		return;
	if (c->g.title[0] != '\0' && !c->g.private) {
		rbuf_addstr(&m->text, "\n");
		/* TRANSLATORS: under a private message; %s the title of
		 * the group that plays the game. */
		rbuf_add(&m->text, tr(m->lang, "Group: %s"), c->g.title);
	}
	if (c->o->link != NULL && svc_message(c->svc, c->g.id, c->g.chat,
	    svc_kind_name(SVC_OUT_BOARD), ref, sizeof ref) == 1 &&
	    c->o->link(c->o->arg, COMPOSE_LINK_MESSAGE, c->g.chat, ref, url,
	    sizeof url) == 0)
		rbuf_add(&m->text, "\n%s", url);
}

/* A game's board: the text board, and the picture a picture chat wants. */
static int
compose_board(struct compose_ctx *c, struct compose_msg *m)
{
	m->form = COMPOSE_BOARD;
	if (!c->have)
		return (m->form);
	m->mono = 1;
	if (c->g.started)
		m->boardkey = compose_boardkey(&c->st);
	if (c->o->pictures && c->g.started && c->g.state != SVC_LOBBY &&
	    strcmp(c->g.board, "text") != 0) {
		m->picture = xmalloc(sizeof *m->picture);
		compose_picture_board(c, m->picture);
		/* TRANSLATORS: the caption under the board's picture;
		 * %lld a game's number. */
		rbuf_add(&m->caption, tr(m->lang, "Game #%lld."),
		    (long long)c->g.id);
	}
	return (m->form);
}

/* The answer to a button press: a few words, or none (the spinner stops). */
static int
compose_answer(struct compose_ctx *c, const struct svc_out *out,
    struct compose_msg *m)
{
	const char	*cb = compose_str(out->data, "callback");

	m->form = COMPOSE_ANSWER;
	snprintf(m->callback, sizeof m->callback, "%s", cb != NULL ? cb : "");
	m->alert = json_is_true(json_object_get(out->data, "alert"));
	compose_text(c, out, &m->text);
	rbuf_trim(&m->text);
	return (m->form);
}

/* What a group is told of a person the bot cannot write to. */
static int
compose_unreached(struct compose_ctx *c, const struct svc_out *out,
    struct compose_msg *m)
{
	char	payload[SVC_PAYLOAD_MAX], url[256], name[UTF8_NAMEMAX];

	if (svc_payload_format(payload, sizeof payload, compose_int(out->data,
	    "seat", -1) >= 0 ? SVC_LINK_HAND : SVC_LINK_JOIN, m->game) < 0 ||
	    c->o->link == NULL || c->o->link(c->o->arg, COMPOSE_LINK_START,
	    m->chat, payload, url, sizeof url) != 0)
		return (compose_none(m));
	utf8_shorten(compose_str(out->data, "name") != NULL ?
	    compose_str(out->data, "name") : "?", RENDER_NAMECHARS, name,
	    sizeof name);
	compose_unreachable(m->lang, name, url, json_is_true(json_object_get(
	    out->data, "turn")) ? m->game : 0, &m->text);
	m->form = COMPOSE_TEXT;
	return (m->form);
}

/*
 * The rows that are edits of an earlier message, or say nothing when the
 * game has moved on: their message, or -1 when the row is an ordinary
 * one (its text is composed next).
 */
static int
compose_special(struct compose_ctx *c, const struct svc_out *out,
    struct compose_msg *m)
{
	struct tac_state	 st;
	json_t			*v;
	const char		*path;

	switch (out->type) {
	case SVC_OUT_ANSWER:
		return (compose_answer(c, out, m));
	case SVC_OUT_UNREACHABLE:
		return (compose_unreached(c, out, m));
	case SVC_OUT_DOCUMENT:
		return (compose_document(c, m));
	case SVC_OUT_MENU:
		/* A menu of a turn that has moved on shows nothing. */
		v = json_object_get(out->data, "turn");
		path = compose_str(out->data, "path");
		if (!c->have || path == NULL || (json_is_integer(v) &&
		    json_integer_value(v) != c->g.turn_no) ||
		    compose_menu(c, (int)compose_int(out->data, "seat", 0),
		    path, &m->text, &m->keys) != 0)
			return (compose_none(m));
		m->setkeys = 1;
		compose_named(out, "message", m);
		m->form = COMPOSE_TEXT;
		return (m->form);
	case SVC_OUT_PLAYED:
		/* The turn message's buttons are dead: edit them away. */
		compose_named(out, "ref", m);
		if (m->replaces[0] == '\0')
			compose_named(out, "message", m);
		if (!c->have || compose_str(out->data, "action") == NULL ||
		    m->replaces[0] == '\0')
			return (compose_none(m));
		compose_played(&c->g, out->data, &m->text);
		m->setkeys = 1;
		m->editonly = 1;
		m->form = COMPOSE_TEXT;
		return (m->form);
	case SVC_OUT_HINT:
	case SVC_OUT_LESSON:
	case SVC_OUT_REVIEW:
		return (compose_learn_row(c, out, m));
	case SVC_OUT_TURN:
		/*
		 * A backlog's old "your turn": the person has moved on (or
		 * has given their card in the exchange).
		 */
		v = json_object_get(out->data, "turn");
		if (c->have && ((json_is_integer(v) && json_integer_value(v) !=
		    c->g.turn_no) || (c->g.started && !compose_acting(c,
		    (int)compose_int(out->data, "seat", -1), &st))))
			return (compose_none(m));
		return (-1);
	case SVC_OUT_PIN_BOARD:
		/* Pin the board as it is now, or unpin the one named. */
		m->pin = !json_is_false(json_object_get(out->data, "pin"));
		if (m->pin)
			compose_kept(c, m, SVC_OUT_BOARD);
		else
			compose_named(out, "message", m);
		if (!c->have || m->replaces[0] == '\0')
			return (compose_none(m));
		m->form = COMPOSE_PIN;
		m->silent = 1;
		return (m->form);
	case SVC_OUT_RETIRE:
		/* The game ended: its old turn message loses its buttons. */
		compose_named(out, "ref", m);
		if (m->replaces[0] == '\0')
			return (compose_none(m));
		m->setkeys = 1;
		m->editonly = 1;
		m->keysonly = 1;
		m->form = COMPOSE_TEXT;
		return (m->form);
	case SVC_OUT_EDIT_BOARD:
	case SVC_OUT_EDIT_LOBBY:
		/* An edit with no message to edit has nothing to do. */
		if (!c->have || !compose_kept(c, m, out->type ==
		    SVC_OUT_EDIT_BOARD ? SVC_OUT_BOARD : SVC_OUT_LOBBY))
			return (compose_none(m));
		return (-1);
	default:
		return (-1);
	}
}

/*
 * The options message: in the message pressed (the lobby's, which they
 * stand in for), with a button per choice and Done; once done, the
 * lobby again there, or the options alone without buttons.
 */
static void
compose_options_msg(struct compose_ctx *c, const struct svc_out *out,
    struct compose_msg *m)
{
	char	lobby[SVC_REF_MAX];

	compose_named(out, "message", m);
	m->setkeys = 1;
	if (!json_is_true(json_object_get(out->data, "done"))) {
		compose_keys_options(&c->g, m->lang, &m->keys);
		return;
	}
	m->editonly = 1;
	if (m->replaces[0] == '\0' || svc_message(c->svc, c->g.id, m->chat,
	    svc_kind_name(SVC_OUT_LOBBY), lobby, sizeof lobby) != 1 ||
	    strcmp(lobby, m->replaces) != 0)
		return;
	rbuf_reset(&m->text);
	compose_lobby(&c->o->r, &c->g, &m->text);
	rbuf_trim(&m->text);
	compose_keys_lobby(&c->g, m->lang, &m->keys);
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
		if (b->row[i].type != SVC_OUT_MOVED ||
		    !compose_live_row(c, &b->row[i]))
			break;
	}
	return (i);
}

/*
 * Does a message of the batch's rows call for a notification?  What a
 * person is told privately does, and in a group what it should notice:
 * a new game, the start, a seat that changed hands, a deadline passed,
 * a person who cannot be reached, the end.  The routine rest is silent:
 * replies to commands, the board shown again, the summary after the
 * end (its line of winners notified).
 */
static int
compose_notifies(const struct svc_batch *b)
{
	const struct svc_out	*out;
	int			 i;

	for (i = 0; i < b->n; i++) {
		out = &b->row[i];
		if (svc_kind_is(out->type, SVC_OF_PRIVATE))
			return (1);
		switch (out->type) {
		case SVC_OUT_LOBBY:
		case SVC_OUT_BOARD:
			if (!json_is_true(json_object_get(out->data, "bottom")))
				return (1);
			break;
		case SVC_OUT_OVER:
		case SVC_OUT_TAKEOVER:
		case SVC_OUT_UNREACHABLE:
		case SVC_OUT_SEAT:
		case SVC_OUT_ABORTED:
			return (1);
		default:
			break;
		}
	}
	return (0);
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
	struct rbuf		 scratch = { NULL, 0, 0 };
	int			 form;

	memset(m, 0, sizeof *m);
	c = xcalloc(1, sizeof *c);
	c->svc = svc;
	c->o = o;
	m->kind = out->type;
	snprintf(m->chat, sizeof m->chat, "%s", out->chat);
	m->game = compose_row_game(out);
	compose_ctx_game(c, m->game);
	compose_row_lang(c, out, m->lang, sizeof m->lang);
	/* What is drawn speaks the reader's language too. */
	if (c->have)
		snprintf(c->g.lang, sizeof c->g.lang, "%s", m->lang);
	compose_keep(b, svc_kind_is(out->type, SVC_OF_NOTICE) ? b->n : 1);
	/* Moves a group's live message tells say nothing of their own. */
	if (out->type == SVC_OUT_MOVED && compose_live_row(c, out)) {
		compose_keep(b, compose_told(c, b));
		free(c);
		return (compose_none(m));
	}
	if ((form = compose_special(c, out, m)) >= 0) {
		if (form != COMPOSE_NONE)
			compose_app(c, m);
		if (form != COMPOSE_NONE && form != COMPOSE_PIN)
			m->silent = !compose_notifies(b);
		goto out;
	}

	compose_text(c, out, &m->text);
	rbuf_trim(&m->text);
	m->form = COMPOSE_TEXT;
	switch (out->type) {
	case SVC_OUT_BOARD:
	case SVC_OUT_EDIT_BOARD:
		if (out->type == SVC_OUT_BOARD)
			compose_kept(c, m, SVC_OUT_BOARD);
		compose_board(c, m);
		if (c->have && c->g.started && c->g.state != SVC_LOBBY &&
		    compose_live_row(c, out))
			compose_live(c, out, m);
		break;
	case SVC_OUT_EDIT_LOBBY:
		m->editonly = 1;
		/* FALLTHROUGH */
	case SVC_OUT_LOBBY:
		if (!c->have)
			break;
		compose_keys_lobby(&c->g, m->lang, &m->keys);
		m->setkeys = 1;
		/* The lobby's message, or one that stood in for it. */
		if (out->type == SVC_OUT_LOBBY)
			compose_named(out, "message", m);
		if (out->type == SVC_OUT_LOBBY && m->replaces[0] == '\0')
			compose_kept(c, m, SVC_OUT_LOBBY);
		break;
	case SVC_OUT_CONFIRM:
		if (!c->have)
			break;
		compose_named(out, "message", m);
		m->setkeys = 1;
		if (compose_str(out->data, "done") != NULL)
			m->editonly = 1;
		else
			compose_confirm(&c->g, m->lang, out->data, &scratch,
			    &m->keys);
		rbuf_free(&scratch);
		break;
	case SVC_OUT_TURN:
		compose_turnmsg(c, m, (int)compose_int(out->data, "seat", 0));
		compose_hint_key(c, m);
		compose_where(c, m);
		break;
	case SVC_OUT_SUMMARY:
		compose_review_key(out, m);
		break;
	case SVC_OUT_OPTIONS:
		if (!c->have)
			break;
		compose_options_msg(c, out, m);
		break;
	case SVC_OUT_HISTORY:
	case SVC_OUT_RECORD:
		compose_stats_keys(c, m->lang, out, &m->keys);
		m->setkeys = 1;
		/* A record's page turned: its message shows the new page. */
		if (out->type == SVC_OUT_RECORD)
			compose_named(out, "message", m);
		break;
	case SVC_OUT_HELP:
		/* A greeting's buttons: add the bot to a group, and so on. */
		if (compose_greeting(out->data) != 0) {
			compose_welcome(m->lang, compose_greeting(out->data),
			    NULL, &scratch, &m->keys);
			rbuf_free(&scratch);
			m->setkeys = 1;
		}
		break;
	case SVC_OUT_CHART:
		m->chart = xmalloc(sizeof *m->chart);
		if (compose_chart(m->lang, out->data, m->chart) != 0) {
			form = compose_none(m);
			goto out;
		}
		m->form = COMPOSE_CHART;
		break;
	default:
		break;
	}
	if (m->text.len == 0) {
		compose_keep(b, 1);
		form = compose_none(m);
		goto out;
	}
	compose_app(c, m);
	/* /board: at the bottom of the chat, the one before taken away. */
	m->repost = (out->type == SVC_OUT_BOARD || out->type ==
	    SVC_OUT_LOBBY) && m->replaces[0] != '\0' &&
	    json_is_true(json_object_get(out->data, "bottom"));
	/* Last: a merged row of another game reads that game into c. */
	if (svc_kind_is(out->type, SVC_OF_NOTICE))
		compose_merge(c, b, m);
	m->silent = !compose_notifies(b);
	form = m->form;
out:
	if (form == COMPOSE_NONE)
		compose_keep(b, 1);
	free(c);
	return (form);
}

/* Release what a message holds. */
void
compose_msg_free(struct compose_msg *m)
{
	rbuf_free(&m->text);
	rbuf_free(&m->caption);
	compose_keys_free(&m->keys);
	free(m->picture);
	m->picture = NULL;
	free(m->chart);
	m->chart = NULL;
	free(m->file);
	m->file = NULL;
	rbuf_free(&m->alt);
}
