/*
 * service-outbox.c: the outbox as the bridges see it (service.h): which
 * chats have rows, a chat's next message taken as a batch, and how its
 * delivery went.
 *
 * Everything a person must get is a row, written in the transaction of
 * what made it, so order, rate limits and crash safety hold for all of
 * it; a bridge keeps nothing that a restart would lose.  Two kinds of row
 * are written here rather than by a command:
 *   - the edit of a board after the rows that told its moves, and of a
 *     lobby once it started or ended ("edit-board", "edit-lobby", queued
 *     by svc_edit_after() from svc_put_chat()), when that chat has such a
 *     message to edit: one remembered, or one on its way (taken);
 *   - the notice that a person cannot be written to privately
 *     ("unreachable"), when a bridge finishes a batch so: in the person's
 *     game's chat, once per person until a message reaches them (in
 *     memory: after a restart the chat may be told once more), and for
 *     every reminder of their turn.
 *
 * What is taken and not yet finished is kept in memory (the head of each
 * batch out): a chat's queue is not handed out twice, the answers (which
 * go several at once) are handed out one by one, and an edit is queued
 * even while the message it would edit is still on its way.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <sys/types.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "log.h"
#include "service-int.h"
#include "xmalloc.h"

/*
 * A row's payload parsed, or an empty object: a payload the store holds
 * that does not parse (a hand-edited database) is logged, and the row
 * goes out as well as it can without it.
 */
static json_t *
svc_out_parse(int64_t id, const char *payload)
{
	json_error_t	 jerr;
	json_t		*p;

	if ((p = json_loads(payload != NULL ? payload : "{}", 0, &jerr)) !=
	    NULL && json_is_object(p))
		return (p);
	json_decref(p);
	log_warnx("outbox row %lld: payload is not a JSON object: %s",
	    (long long)id, jerr.text);
	return (json_object());
}

/* Hand a store's row over to the bridge's struct (the payload moves). */
static void
svc_out_copy(struct svc_out *out, struct store_out *o)
{
	memset(out, 0, sizeof *out);
	out->id = o->id;
	snprintf(out->platform, sizeof out->platform, "%s", o->platform);
	snprintf(out->chat, sizeof out->chat, "%s", o->chat);
	out->game = o->game;
	snprintf(out->kind, sizeof out->kind, "%s", o->kind);
	out->type = svc_kind_find(o->kind);
	out->payload = o->payload;
	o->payload = NULL;
	out->data = svc_out_parse(out->id, out->payload);
	out->attempts = o->attempts;
	out->due = o->due;
}

/* Free what an outbox row owns. */
void
svc_out_free(struct svc_out *out)
{
	if (out == NULL)
		return;
	free(out->payload);
	out->payload = NULL;
	json_decref(out->data);
	out->data = NULL;
}

/* The chats of a platform that have rows to deliver (service.h). */
int
svc_outbox_chats(struct svc *svc, const char *platform, int all,
    void (*cb)(void *, const char *), void *arg)
{
	size_t	i;

	if (all && store_out_chats(svc->store, platform, cb, arg) != 0)
		return (svc_store_fail(svc));
	for (i = 0; i < svc->ntouched; ) {
		if (strcmp(svc->touched[i].platform, platform) != 0) {
			i++;
			continue;
		}
		if (!all)
			cb(arg, svc->touched[i].chat);
		svc->touched[i] = svc->touched[--svc->ntouched];
	}
	return (0);
}

/* Remember a batch's head as taken. */
static void
svc_taken_add(struct svc *svc, const struct svc_out *head)
{
	struct svc_taken	*t;

	if (svc->ntaken == svc->staken) {
		svc->staken = svc->staken == 0 ? 64 : svc->staken * 2;
		svc->taken = xreallocarray(svc->taken, svc->staken,
		    sizeof *svc->taken);
	}
	t = &svc->taken[svc->ntaken++];
	t->id = head->id;
	snprintf(t->platform, sizeof t->platform, "%s", head->platform);
	snprintf(t->chat, sizeof t->chat, "%s", head->chat);
	t->game = head->game != 0 ? head->game :
	    json_integer_value(json_object_get(head->data, "game"));
	t->type = head->type;
}

/* Give a batch back as it is: its rows stay to deliver. */
void
svc_batch_free(struct svc *svc, struct svc_batch *b)
{
	struct svc_taken	*t;
	int			 i;

	if (b->n > 0 && (t = svc_taken_find(svc, b->row[0].id)) != NULL)
		*t = svc->taken[--svc->ntaken];
	for (i = 0; i < b->n; i++)
		svc_out_free(&b->row[i]);
	b->n = 0;
}

/*
 * Add the notices due after the batch's head to it, while they come one
 * after another in its chat: a burst that may go as one message.
 */
static int
svc_batch_merge(struct svc *svc, struct svc_batch *b, int64_t now)
{
	struct store_out	o;
	int			rc;

	while (b->n < SVC_MERGE) {
		if ((rc = store_out_first(svc->store, b->row[0].platform,
		    b->row[0].chat, b->row[b->n - 1].id, &o)) < 0)
			return (svc_store_fail(svc));
		if (rc == 0)
			break;
		if (o.due > now || !svc_kind_is(svc_kind_find(o.kind),
		    SVC_OF_NOTICE)) {
			store_out_free(&o);
			break;
		}
		svc_out_copy(&b->row[b->n++], &o);
	}
	return (0);
}

/*
 * The first row of the answers' queue (chat "") that is due and not on
 * its way into o: 1, 0 with *due (0: none waits), -1.
 */
static int
svc_take_answer(struct svc *svc, const char *platform, int64_t now,
    struct store_out *o, int64_t *due)
{
	int64_t	after = 0;
	int	rc;

	for (;;) {
		if ((rc = store_out_first(svc->store, platform, "", after,
		    o)) <= 0)
			return (rc < 0 ? svc_store_fail(svc) : 0);
		after = o->id;
		if (svc_taken_find(svc, o->id) == NULL && o->due <= now)
			return (1);
		if (svc_taken_find(svc, o->id) == NULL && (*due == 0 ||
		    o->due < *due))
			*due = o->due;
		store_out_free(o);
	}
}

/*
 * The first row of a chat's queue that holds it into o, looking past the
 * rows that only tidy (a pin) while they are out or not due yet: they go
 * beside the chat's messages, never before them.  1, 0 with *due (0:
 * none waits), -1.
 */
static int
svc_take_chat(struct svc *svc, const char *platform, const char *chat,
    int64_t now, struct store_out *o, int64_t *due)
{
	int64_t	after = 0;
	int	rc, n;

	for (n = 0; ; n++) {
		if ((rc = store_out_first(svc->store, platform, chat, after,
		    o)) <= 0)
			return (rc);
		if (n == SVC_MERGE || !svc_kind_is(svc_kind_find(o->kind),
		    SVC_OF_TIDY) || (svc_taken_find(svc, o->id) == NULL &&
		    o->due <= now))
			return (1);
		if (svc_taken_find(svc, o->id) == NULL && (*due == 0 ||
		    o->due < *due))
			*due = o->due;
		after = o->id;
		store_out_free(o);
	}
}

/* The next message of a chat (service.h). */
int
svc_outbox_take(struct svc *svc, const char *platform, const char *chat,
    struct svc_batch *b)
{
	struct store_out	o;
	int64_t			now = svc->clock(svc->clock_arg), tidy = 0;
	int			rc;

	memset(b, 0, sizeof *b);
	if (chat == NULL)
		rc = store_out_next(svc->store, platform, now, &o);
	else if (*chat == '\0')
		rc = svc_take_answer(svc, platform, now, &o, &b->due);
	else if ((rc = svc_take_chat(svc, platform, chat, now, &o,
	    &tidy)) == 0)
		b->due = tidy;
	if (rc < 0)
		return (chat != NULL && *chat == '\0' ? -1 :
		    svc_store_fail(svc));
	if (rc == 0)
		return (0);
	if (svc_taken_find(svc, o.id) != NULL || o.due > now) {
		b->due = svc_taken_find(svc, o.id) != NULL ? tidy : o.due;
		if (tidy > 0 && b->due > tidy)
			b->due = tidy;
		store_out_free(&o);
		return (0);
	}
	svc_out_copy(&b->row[b->n++], &o);
	if (svc_kind_is(b->row[0].type, SVC_OF_NOTICE) &&
	    svc_batch_merge(svc, b, now) != 0) {
		svc_batch_free(svc, b);
		return (-1);
	}
	svc_taken_add(svc, &b->row[0]);
	return (1);
}

/* Was a person's chat told that they cannot be reached?  Its slot, -1. */
static ssize_t
svc_told_find(struct svc *svc, const char *platform, const char *chat)
{
	size_t	i;

	for (i = 0; i < svc->ntold; i++) {
		if (strcmp(svc->told[i].chat, chat) == 0 &&
		    strcmp(svc->told[i].platform, platform) == 0)
			return ((ssize_t)i);
	}
	return (-1);
}

/* Forget that a person's chat was told about (they are reachable). */
static void
svc_told_forget(struct svc *svc, const char *platform, const char *chat)
{
	ssize_t	i;

	if (svc->ntold > 0 && (i = svc_told_find(svc, platform, chat)) >= 0)
		svc->told[i] = svc->told[--svc->ntold];
}

/* Remember that a person's chat was told about. */
static void
svc_told_add(struct svc *svc, const char *platform, const char *chat)
{
	if (svc_told_find(svc, platform, chat) >= 0)
		return;
	if (svc->ntold == svc->stold) {
		svc->stold = svc->stold == 0 ? 16 : svc->stold * 2;
		svc->told = xreallocarray(svc->told, svc->stold,
		    sizeof *svc->told);
	}
	snprintf(svc->told[svc->ntold].platform, sizeof svc->told[0].platform,
	    "%s", platform);
	snprintf(svc->told[svc->ntold].chat, sizeof svc->told[0].chat, "%s",
	    chat);
	svc->ntold++;
}

/*
 * A person's private chat refused the batch's head: queue the notice to
 * their game's chat (doc/service.md: "unreachable"), once per person,
 * and for each reminder of their turn.  A row of no game, or of a game that is
 * played in that very chat, or of one who left its group, tells nobody.
 */
static int
svc_unreachable(struct svc *svc, const struct svc_out *head)
{
	struct store_game	 g;
	int64_t			 game;
	int			 s, seat = -1, turn, rc;

	game = head->game != 0 ? head->game :
	    json_integer_value(json_object_get(head->data, "game"));
	turn = head->type == SVC_OUT_REMINDER;
	if (game <= 0 || (!turn && svc_told_find(svc, head->platform,
	    head->chat) >= 0))
		return (0);
	if ((rc = store_game_get(svc->store, game, &g, NULL)) <= 0)
		return (rc < 0 ? svc_store_fail(svc) : 0);
	if (strcmp(g.platform, head->platform) != 0 ||
	    strcmp(g.chat_pid, head->chat) == 0)
		return (0);
	for (s = 0; s < g.cfg.nseats; s++) {
		if (g.seats[s].user != 0 && strcmp(g.seats[s].pid,
		    head->chat) == 0)
			seat = s;
	}
	/* One who left the group is not announced there, with a link. */
	if (seat >= 0 && g.seats[seat].away == STORE_AWAY_GONE)
		return (0);
	svc->now = svc->clock(svc->clock_arg);
	if (svc_put(svc, g.platform, g.chat_pid, g.id, SVC_OUT_UNREACHABLE,
	    json_pack("{s:I, s:s, s:s, s:i, s:b, s:s}", "game",
	    (json_int_t)g.id, "user", head->chat, "name", seat >= 0 ?
	    g.seats[seat].name : "?", "seat", seat, "turn", turn, "lang",
	    g.lang)) != 0)
		return (-1);
	svc_told_add(svc, head->platform, head->chat);
	return (0);
}

/*
 * Remember the message that delivered a row that is edited later: a
 * person's last lesson, a game's board or lobby (also when an edit of it
 * posted it anew), and a person's live turn message (a "turn" row, or a "menu" row sent as a
 * new message) while its turn is the game's current one, so that it is
 * retired once the move is made.  A board posted as a new message may
 * be a group's live message, which is pinned; a pin's outcome is kept.
 * 0, or -1 with the failure said.
 */
static int
svc_out_remember(struct svc *svc, const struct svc_out *row, const char *ref)
{
	struct store_game	 g;
	struct svc_out		 o = *row, *out = &o;
	json_t			*v;
	const char		*kind = out->kind;
	char			 old[SVC_REF_MAX];
	int			 rc, fresh = 0;

	/*
	 * A reply names its game in its payload only (/board): the board it
	 * posted is the one later edits go to all the same.
	 */
	if (o.game == 0)
		o.game = json_integer_value(json_object_get(o.data, "game"));
	if (out->type == SVC_OUT_LESSON)
		return (store_chat_message_put(svc->store, out->platform,
		    out->chat, out->kind, ref, svc->clock(svc->clock_arg)) != 0 ?
		    svc_store_fail(svc) : 0);
	if (out->type == SVC_OUT_PIN_BOARD)
		return (svc_live_pinned(svc, out, SVC_DONE, ref));
	if (out->game == 0 || (!svc_kind_is(out->type, SVC_OF_KEEP) &&
	    !svc_kind_is(out->type, SVC_OF_TURN) &&
	    !svc_kind_is(out->type, SVC_OF_EDIT)))
		return (0);
	if (out->type == SVC_OUT_EDIT_BOARD)
		kind = svc_kind_name(SVC_OUT_BOARD);
	else if (out->type == SVC_OUT_EDIT_LOBBY)
		kind = svc_kind_name(SVC_OUT_LOBBY);
	if (svc_kind_is(out->type, SVC_OF_TURN)) {
		/*
		 * A menu, or a turn's buttons marked for its hint, that
		 * edited the pressed message made no new one: the one
		 * remembered stays, as its bridge named it when sending.
		 */
		v = json_object_get(out->data, "message");
		if (json_is_string(v) || json_integer_value(v) != 0)
			return (0);
		if ((rc = store_game_get(svc->store, out->game, &g,
		    NULL)) <= 0)
			return (rc < 0 ? svc_store_fail(svc) : 0);
		v = json_object_get(out->data, "turn");
		if (!json_is_integer(v) || json_integer_value(v) != g.turn_no)
			return (0);
		kind = svc_kind_name(SVC_OUT_TURN);
	}
	if (strcmp(kind, svc_kind_name(SVC_OUT_BOARD)) == 0) {
		if ((rc = store_message(svc->store, out->game, out->chat, kind,
		    old, sizeof old)) < 0)
			return (svc_store_fail(svc));
		fresh = rc == 0 || strcmp(old, ref) != 0;
	}
	if (store_message_put(svc->store, out->game, out->chat, kind, ref,
	    svc->clock(svc->clock_arg)) != 0)
		return (svc_store_fail(svc));
	return (fresh ? svc_live_delivered(svc, out, ref) : 0);
}

/* Mark a batch's rows as fate says, inside the caller's transaction. */
int
svc_finish_rows(struct svc *svc, struct svc_batch *b, int fate, int64_t when,
    const char *ref)
{
	int64_t	now = svc->clock(svc->clock_arg);
	int	i;

	switch (fate) {
	case SVC_DONE:
		for (i = 0; i < b->n; i++) {
			if (store_out_done(svc->store, b->row[i].id, ref, 1,
			    now) != 0)
				return (svc_store_fail(svc));
		}
		if (ref == NULL)
			return (0);	/* nothing went (or the console's) */
		if (svc_out_remember(svc, &b->row[0], ref) != 0)
			return (-1);
		/* A message that reached the chat: its person is reachable. */
		svc_told_forget(svc, b->row[0].platform, b->row[0].chat);
		return (0);
	case SVC_RETRY:
	case SVC_DEFER:
		if (store_out_retry(svc->store, b->row[0].id, when,
		    fate == SVC_RETRY) != 0)
			return (svc_store_fail(svc));
		return (0);
	case SVC_DROP:
	case SVC_UNREACHABLE:
		for (i = 0; i < b->n; i++) {
			if (store_out_done(svc->store, b->row[i].id, NULL, 2,
			    now) != 0)
				return (svc_store_fail(svc));
		}
		/* A pin refused: the chat lets the bot pin nothing. */
		if (b->row[0].type == SVC_OUT_PIN_BOARD &&
		    svc_live_pinned(svc, &b->row[0], fate, NULL) != 0)
			return (-1);
		/* A notice that failed: the next refusal tells again. */
		if (b->row[0].type == SVC_OUT_UNREACHABLE)
			svc_told_forget(svc, b->row[0].platform,
			    json_string_value(json_object_get(b->row[0].data,
			    "user")) != NULL ? json_string_value(
			    json_object_get(b->row[0].data, "user")) : "");
		if (fate == SVC_UNREACHABLE)
			return (svc_unreachable(svc, &b->row[0]));
		return (0);
	}
	return (svc_fail(svc, "outbox: no such fate %d", fate));
}

/* How a batch went (service.h); the batch is freed. */
int
svc_outbox_finish(struct svc *svc, struct svc_batch *b, int fate,
    int64_t when, const char *ref)
{
	int	rc;

	if (b->n == 0)
		return (svc_fail(svc, "outbox: an empty batch"));
	if ((rc = svc_txn_begin(svc)) == 0)
		rc = svc_txn_end(svc, svc_finish_rows(svc, b, fate, when,
		    ref) == 0);
	svc_batch_free(svc, b);
	return (rc);
}

/* The message last delivered for a game's board or lobby in a chat. */
int
svc_message(struct svc *svc, int64_t game, const char *chat,
    const char *kind, char *buf, size_t len)
{
	int	rc;

	if ((rc = store_message(svc->store, game, chat, kind, buf, len)) < 0)
		svc_store_fail(svc);
	return (rc);
}
