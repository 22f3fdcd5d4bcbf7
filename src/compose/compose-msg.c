/*
 * compose-msg.c: an outbox row made into one whole message: its text, its
 * buttons, whether it is a board picture, which earlier message it
 * replaces, the rows it delivers (a burst of a chat's short notices is
 * one message) and what is to be edited after it.  Everything is read
 * from the service here, before a bridge sends anything: a bridge only
 * puts the message into its platform's terms and makes the call.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "compose.h"
#include "i18n.h"
#include "log.h"
#include "xmalloc.h"

/* Cut the trailing newlines of a text. */
static void
compose_trim(struct rbuf *b)
{
	while (b->len > 0 && b->s[b->len - 1] == '\n')
		b->s[--b->len] = '\0';
}

/*
 * The game whose board a row asks to show again: an "info" row saying
 * the chat's board style changed (a board of the other kind is posted).
 * 0 if none.
 */
static int64_t
compose_restyled(const struct svc_out *out)
{
	const char	*code;

	if (out->type != SVC_OUT_INFO)
		return (0);
	code = json_string_value(json_object_get(out->data, "code"));
	if (code == NULL || strcmp(code, "board") != 0)
		return (0);
	return (out->game != 0 ? out->game :
	    json_integer_value(json_object_get(out->data, "game")));
}

/* What a delivered notice asks to edit after it: the board, the lobby. */
static void
compose_after(struct compose_msg *m, const struct svc_out *out)
{
	int64_t	game;

	if (svc_kind_is(out->type, SVC_OF_MOVES) && out->game != 0)
		m->board = out->game;
	else if ((game = compose_restyled(out)) != 0)
		m->board = game;
	if (out->type == SVC_OUT_ABORTED && out->game != 0)
		m->lobby = out->game;
}

/*
 * Add the chat's next rows to a notice while they are notices too, are
 * due, and the text stays within o->merge characters.
 */
static void
compose_merge(struct svc *svc, const struct svc_out *out,
    const struct compose_opts *o, struct compose_msg *m)
{
	struct svc_out	 next;
	struct rbuf	 t = { NULL, 0, 0 };
	int64_t		 after = out->id;
	int		 rc;

	while (m->nrows < COMPOSE_MERGE) {
		if ((rc = svc_outbox_after(svc, out->platform, out->chat, after,
		    &next)) <= 0) {
			if (rc < 0)
				log_warnx("outbox: %s", svc_error(svc));
			break;
		}
		if (!svc_kind_is(next.type, SVC_OF_NOTICE)) {
			svc_out_free(&next);
			break;
		}
		rbuf_reset(&t);
		compose_text(svc, &next, &o->r, &t);
		compose_trim(&t);
		if (m->text.len + t.len + 1 > o->merge) {
			svc_out_free(&next);
			break;
		}
		if (t.len > 0) {
			if (m->text.len > 0)
				rbuf_addstr(&m->text, "\n");
			rbuf_addstr(&m->text, t.s);
		}
		m->rows[m->nrows++] = next.id;
		compose_after(m, &next);
		after = next.id;
		svc_out_free(&next);
	}
	rbuf_free(&t);
}

/* The message id of a payload member, into buf ("" if none). */
static void
compose_msgid(const struct svc_out *out, const char *key, char *buf,
    size_t len)
{
	json_t	*v = json_object_get(out->data, key);

	buf[0] = '\0';
	if (json_is_integer(v) && json_integer_value(v) > 0)
		snprintf(buf, len, "%lld", (long long)json_integer_value(v));
}

/*
 * A message to edit is named by its id in a row; the bridge may have
 * stored it with more ("photo:ID": a photo is edited otherwise).  Use
 * the stored reference when it names that message: the row's own "ref",
 * or the person's remembered turn message.
 */
static void
compose_editref(struct svc *svc, const struct svc_out *out,
    struct compose_msg *m)
{
	const char	*ref, *p;
	char		 kept[32];

	if (m->edit[0] == '\0')
		return;
	ref = json_string_value(json_object_get(out->data, "ref"));
	if (ref == NULL && svc_message(svc, m->game, m->chat,
	    svc_kind_name(SVC_OUT_TURN), kept, sizeof kept) == 1)
		ref = kept;
	if (ref == NULL || (p = strrchr(ref, ':')) == NULL ||
	    strcmp(p + 1, m->edit) != 0)
		return;
	snprintf(m->edit, sizeof m->edit, "%s", ref);
}

/* The remembered message of a game's board or lobby in a chat, or "". */
static void
compose_kept(struct svc *svc, int64_t game, const char *chat, int kind,
    char *buf, size_t len)
{
	if (svc_message(svc, game, chat, svc_kind_name(kind), buf, len) != 1)
		buf[0] = '\0';
}

/*
 * Compose the message that delivers row out (and maybe the notices that
 * follow it in its chat): 1 with m filled (free it with
 * compose_msg_free()), 0 when there is nothing to send: the row is out
 * of date (a turn or menu of a turn that has moved on) or says nothing,
 * and is done as it is.
 */
int
compose_row(struct svc *svc, const struct svc_out *out,
    const struct compose_opts *o, struct compose_msg *m)
{
	struct rbuf	 scratch = { NULL, 0, 0 };
	json_t		*v;
	const char	*lang, *path;
	int		 seat;

	memset(m, 0, sizeof *m);
	m->kind = out->type;
	snprintf(m->chat, sizeof m->chat, "%s", out->chat);
	m->rows[m->nrows++] = out->id;
	/* Replies to a person name their game in the payload only. */
	m->game = out->game != 0 ? out->game :
	    json_integer_value(json_object_get(out->data, "game"));
	if (m->game != 0 && svc_game_info(svc, m->game, &m->g) == 0)
		m->have = 1;
	lang = json_string_value(json_object_get(out->data, "lang"));
	if (lang != NULL && i18n_known(lang))
		lang = i18n_norm(lang);
	else if (m->have && m->g.lang[0] != '\0')
		lang = m->g.lang;
	else
		lang = o->r.lang != NULL ? o->r.lang : "en";
	snprintf(m->lang, sizeof m->lang, "%s", lang);
	/* From the copy: lang may be m->g.lang itself. */
	snprintf(m->g.lang, sizeof m->g.lang, "%s", m->lang);
	seat = (int)json_integer_value(json_object_get(out->data, "seat"));
	m->seat = seat;

	switch (out->type) {
	case SVC_OUT_MENU:
		/* A menu of a turn that has moved on shows nothing. */
		v = json_object_get(out->data, "turn");
		path = json_string_value(json_object_get(out->data, "path"));
		if (!m->have || path == NULL || (json_is_integer(v) &&
		    json_integer_value(v) != m->g.turn_no) ||
		    compose_menu(svc, &m->g, seat, path, &m->text,
		    &m->keys) != 0)
			return (compose_none(m));
		m->setkeys = 1;
		compose_msgid(out, "message", m->edit, sizeof m->edit);
		compose_editref(svc, out, m);
		return (1);
	case SVC_OUT_PLAYED:
		/* The turn message's buttons are dead: edit them away. */
		path = json_string_value(json_object_get(out->data, "action"));
		compose_msgid(out, "message", m->edit, sizeof m->edit);
		if (!m->have || path == NULL || m->edit[0] == '\0')
			return (compose_none(m));
		compose_editref(svc, out, m);
		compose_played(&m->g, out->data, &m->text);
		m->setkeys = 1;
		m->editonly = 1;
		return (1);
	case SVC_OUT_DOCUMENT:
		return (compose_document(svc, out, m));
	case SVC_OUT_HINT:
	case SVC_OUT_LESSON:
	case SVC_OUT_REVIEW:
		return (compose_learn_row(svc, out, o, m));
	case SVC_OUT_TURN:
		/* A backlog's old "your turn": the person has moved on. */
		v = json_object_get(out->data, "turn");
		if (m->have && json_is_integer(v) && json_integer_value(v) !=
		    m->g.turn_no)
			return (compose_none(m));
		break;
	default:
		break;
	}

	compose_text(svc, out, &o->r, &m->text);
	compose_trim(&m->text);
	switch (out->type) {
	case SVC_OUT_BOARD:
		if (!m->have)
			break;
		m->mono = 1;
		m->picture = strcmp(m->g.board, "text") != 0 &&
		    m->g.state != SVC_LOBBY;
		compose_kept(svc, m->game, m->chat, SVC_OUT_BOARD, m->edit,
		    sizeof m->edit);
		/* The first board: the lobby's buttons must go. */
		if (m->edit[0] == '\0' && m->g.state != SVC_LOBBY)
			m->lobby = m->game;
		return (1);
	case SVC_OUT_TURN:
		compose_turnmsg(svc, m, seat, !o->r.menu);
		compose_hint_key(m);
		break;
	case SVC_OUT_SUMMARY:
		compose_review_key(out, m);
		break;
	case SVC_OUT_LOBBY:
		if (!m->have)
			break;
		compose_keys_lobby(&m->g, lang, &m->keys);
		m->setkeys = 1;
		compose_kept(svc, m->game, m->chat, SVC_OUT_LOBBY, m->edit,
		    sizeof m->edit);
		break;
	case SVC_OUT_OPTIONS:
		if (!m->have)
			break;
		compose_keys_options(&m->g, lang, &m->keys);
		m->setkeys = 1;
		break;
	case SVC_OUT_HISTORY:
	case SVC_OUT_RECORD:
		compose_stats_keys(lang, out, &m->keys);
		m->setkeys = 1;
		/* A record's page turned: its message shows the new page. */
		if (out->type == SVC_OUT_RECORD)
			compose_msgid(out, "message", m->edit, sizeof m->edit);
		break;
	case SVC_OUT_HELP:
		/* A greeting's buttons: add the bot to a group, and so on. */
		if (compose_greeting(out->data) != 0) {
			compose_welcome(lang, compose_greeting(out->data), NULL,
			    &scratch, &m->keys);
			rbuf_free(&scratch);
			m->setkeys = 1;
		}
		break;
	case SVC_OUT_CHART:
		m->chart = xmalloc(sizeof *m->chart);
		if (compose_chart(lang, out->data, m->chart) != 0)
			return (compose_none(m));
		m->picture = 1;
		break;
	default:
		break;
	}
	if (m->text.len == 0)
		return (compose_none(m));
	if (svc_kind_is(out->type, SVC_OF_NOTICE)) {
		compose_after(m, out);
		if (o->merge > 0)
			compose_merge(svc, out, o, m);
	}
	return (1);
}

/*
 * Compose the edit of a game's board (after moves) or lobby (once it is
 * over) message in a chat: 1 with m filled, 0 when there is no such
 * message (the service's "board" row posts the board) or nothing to show.
 * The message delivers no row.
 */
int
compose_edit(struct svc *svc, const char *chat, int64_t game, int kind,
    const struct compose_opts *o, struct compose_msg *m)
{
	struct svc_out	out;
	char		kept[32];
	int		rc;

	compose_kept(svc, game, chat, kind, kept, sizeof kept);
	if (kept[0] == '\0')
		return (0);
	svc_out_make(&out, kind, game, NULL);
	snprintf(out.chat, sizeof out.chat, "%s", chat);
	rc = compose_row(svc, &out, o, m);
	svc_out_free(&out);
	if (rc == 0)
		return (0);
	m->nrows = 0;		/* no row: nothing to mark */
	m->board = m->lobby = 0;
	/* A board message that is gone is posted anew; a lobby's is not. */
	m->editonly = kind != SVC_OUT_BOARD;
	return (1);
}

/* A message with nothing to send (its rows are done): 0. */
int
compose_none(struct compose_msg *m)
{
	compose_msg_free(m);
	m->empty = 1;
	return (0);
}

/* Release what a message holds. */
void
compose_msg_free(struct compose_msg *m)
{
	rbuf_free(&m->text);
	compose_keys_free(&m->keys);
	free(m->chart);
	m->chart = NULL;
	free(m->file);
	m->file = NULL;
	free(m->pos);
	m->pos = NULL;
	rbuf_free(&m->alt);
}
