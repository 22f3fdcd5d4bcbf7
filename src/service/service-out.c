/*
 * service-out.c: writing outbox rows (the semantic messages bot/ renders)
 * and the outbox calls of the bridges.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "log.h"
#include "service-int.h"
#include "xmalloc.h"

static int	svc_info(struct svc_ctx *, int64_t, const char *, json_t *);

/*
 * Queue one row.  The payload reference is taken over (and released)
 * whatever happens.
 */
int
svc_put(struct svc *svc, const char *platform, const char *chat,
    int64_t game, int kind, json_t *payload)
{
	char	*text;
	int64_t	 id;

	/* jansson refuses text that is not UTF-8, and runs out of memory. */
	if (payload == NULL)
		return (svc_fail(svc, "a %s row could not be made",
		    svc_kind_name(kind)));
	text = json_dumps(payload, JSON_COMPACT);
	json_decref(payload);
	if (text == NULL)
		return (svc_fail(svc, "a %s row could not be written",
		    svc_kind_name(kind)));
	id = store_out_add(svc->store, platform, chat, game,
	    svc_kind_name(kind), text, svc->now);
	free(text);
	if (id < 0)
		return (svc_store_fail(svc));
	svc_touch(svc, platform, chat);
	return (0);
}

/* Set a member unless the payload already has it. */
static void
svc_default(json_t *payload, const char *key, json_t *v)
{
	if (json_object_get(payload, key) == NULL)
		json_object_set_new(payload, key, v);
	else
		json_decref(v);
}

/* Queue a row for a game's chat, in the chat's language. */
int
svc_put_chat(struct svc *svc, const struct svc_gm *gm, int kind,
    json_t *payload)
{
	if (payload == NULL)
		return (svc_put(svc, "", "", 0, kind, NULL));
	svc_default(payload, "game", json_integer(gm->g.id));
	svc_default(payload, "lang", json_string(gm->g.lang));
	return (svc_put(svc, gm->g.platform, gm->g.chat_pid, gm->g.id, kind,
	    payload));
}

/*
 * Queue a private row for the person in a seat, in their language.  Seats
 * without a person need no messages: the payload is just dropped.
 */
int
svc_put_seat(struct svc *svc, const struct svc_gm *gm, int seat,
    int kind, json_t *payload)
{
	const struct store_seat	*p = &gm->g.seats[seat];

	if (payload == NULL)
		return (svc_put(svc, "", "", 0, kind, NULL));
	if (p->user == 0 || p->pid[0] == '\0') {
		json_decref(payload);
		return (0);
	}
	svc_default(payload, "game", json_integer(gm->g.id));
	svc_default(payload, "seat", json_integer(seat));
	svc_default(payload, "lang", json_string(p->lang));
	return (svc_put(svc, gm->g.platform, p->pid, gm->g.id, kind, payload));
}

/* Queue the same kind of private row, {game, seat}, for every person. */
int
svc_put_seats(struct svc *svc, const struct svc_gm *gm, int kind)
{
	int	i;

	for (i = 0; i < gm->g.cfg.nseats; i++) {
		if (svc_put_seat(svc, gm, i, kind, json_object()) != 0)
			return (-1);
	}
	return (0);
}

/*
 * Queue a row in the chat the event came from, in that chat's language
 * (a private chat speaks its person's).
 */
int
svc_reply(struct svc_ctx *ctx, int kind, json_t *payload)
{
	const struct svc_event	*ev = ctx->ev;

	if (payload == NULL)
		return (svc_put(ctx->svc, "", "", 0, kind, NULL));
	svc_default(payload, "lang", json_string(ev->private_chat ?
	    ctx->user_lang : ctx->chat_lang));
	return (svc_put(ctx->svc, ev->platform, ev->chat, 0, kind, payload));
}

/*
 * Queue a button press's answer: a message (code and its values, taken
 * over) or none (code NULL: just stop the spinner).
 */
static int
svc_answer_text(struct svc_ctx *ctx, const char *code, json_t *args,
    int alert)
{
	json_t	*p;

	ctx->answered = 1;
	p = json_pack("{s:s, s:s?, s:b, s:s}", "callback", ctx->ev->callback,
	    "code", code, "alert", alert, "lang", ctx->ev->private_chat ?
	    ctx->user_lang : ctx->chat_lang);
	if (p != NULL && args != NULL)
		json_object_set_new(p, "args", args);
	else
		json_decref(args);
	return (svc_put(ctx->svc, ctx->ev->platform, "", 0, SVC_OUT_ANSWER,
	    p));
}

/*
 * The values of a message: json_pack's fmt (NULL: none) with its
 * arguments, as an object; NULL if they cannot be made.
 */
static json_t *
svc_args(const char *fmt, va_list ap)
{
	json_error_t	jerr;

	if (fmt == NULL)
		return (json_object());
	return (json_vpack_ex(&jerr, 0, fmt, ap));
}

/* Stop a button's spinner if nothing has answered the press yet. */
int
svc_answer(struct svc_ctx *ctx)
{
	if (ctx->ev->kind != SVC_EV_BUTTON || ctx->ev->callback == NULL ||
	    ctx->answered)
		return (0);
	return (svc_answer_text(ctx, NULL, NULL, 0));
}

/*
 * The rules' reason for a refusal as values of a message: {fmt: the
 * engine's message id, args: [{k: kind, v: number} or {k: "s", s:
 * text}]}, for the renderer to word (src/view/render-why.c).
 */
json_t *
svc_why(const struct tac_why *w)
{
	json_t	*args, *a;
	char	 k[2];
	int	 i;

	args = json_array();
	for (i = 0; w->fmt != NULL && i < w->nargs; i++) {
		k[0] = (char)w->arg[i].kind;
		k[1] = '\0';
		if (w->arg[i].kind == 's')
			a = json_pack("{s:s, s:s}", "k", k, "s", w->arg[i].s);
		else
			a = json_pack("{s:s, s:i}", "k", k, "v", w->arg[i].v);
		json_array_append_new(args, a != NULL ? a : json_object());
	}
	return (json_pack("{s:s, s:o}", "fmt", w->fmt != NULL ? w->fmt : "",
	    "args", args));
}

/*
 * Refuse a command: tell the person why, as a message code (the list is
 * in service.h) and its values, json_pack's fmt and arguments (fmt NULL:
 * none), which the renderer puts into the person's language.  A button
 * press is answered with the reason; typed text gets an "error" row in
 * its chat; an app's event keeps it for its caller.  0 once queued, -1
 * on failure.
 */
int
svc_refuse(struct svc_ctx *ctx, const char *code, const char *fmt, ...)
{
	va_list	 ap;
	json_t	*args, *p;

	va_start(ap, fmt);
	args = svc_args(fmt, ap);
	va_end(ap);
	if (args == NULL)
		return (svc_fail(ctx->svc, "%s: bad message values", code));
	if (ctx->ev->kind == SVC_EV_APP)
		return (svc_web_refuse(ctx, code, args));
	if (ctx->ev->kind == SVC_EV_BUTTON && ctx->ev->callback != NULL &&
	    !ctx->answered)
		return (svc_answer_text(ctx, code, args, 1));
	p = json_pack("{s:s, s:o, s:s}", "code", code, "args", args, "user",
	    ctx->ev->user);
	return (svc_reply(ctx, SVC_OUT_ERROR, p));
}

/*
 * Confirm something to the person in the event's chat ("info"): a code
 * and its values, as svc_refuse().
 */
int
svc_tell(struct svc_ctx *ctx, int64_t game, const char *code,
    const char *fmt, ...)
{
	va_list	 ap;
	json_t	*args;

	va_start(ap, fmt);
	args = svc_args(fmt, ap);
	va_end(ap);
	return (svc_info(ctx, game, code, args));
}

/* An "info" row of a code and its values (taken over). */
static int
svc_info(struct svc_ctx *ctx, int64_t game, const char *code, json_t *args)
{
	json_t	*p;

	if (args == NULL)
		return (svc_fail(ctx->svc, "%s: bad message values", code));
	p = json_pack("{s:s, s:o, s:s}", "code", code, "args", args, "user",
	    ctx->ev->user);
	if (p != NULL && game != 0)
		json_object_set_new(p, "game", json_integer(game));
	return (svc_reply(ctx, SVC_OUT_INFO, p));
}

/*
 * Tell the person something that needs no message of its own where they
 * are: a button press is answered with it (no alert), anything else
 * gets an "info" row, as svc_tell().
 */
int
svc_notify(struct svc_ctx *ctx, const char *code, const char *fmt, ...)
{
	va_list	 ap;
	json_t	*args;

	va_start(ap, fmt);
	args = svc_args(fmt, ap);
	va_end(ap);
	if (args != NULL && ctx->ev->kind == SVC_EV_BUTTON &&
	    ctx->ev->callback != NULL && !ctx->answered)
		return (svc_answer_text(ctx, code, args, 0));
	return (svc_info(ctx, 0, code, args));
}

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
}

/*
 * Remember the platform's message id of a delivered row that is edited
 * later: a game's board or lobby, and a person's live turn message (a
 * "turn" row, or a "menu" row sent as a new message) while its turn is
 * the game's current one, so that it is retired once the move is made.
 */
static int
svc_out_remember(struct svc *svc, const struct svc_out *out,
    const char *message)
{
	struct store_game	 g;
	json_t			*v;
	const char		*kind = out->kind;
	int			 rc;

	if (out->game == 0 || (!svc_kind_is(out->type, SVC_OF_KEEP) &&
	    !svc_kind_is(out->type, SVC_OF_TURN)))
		return (0);
	if ((rc = store_game_get(svc->store, out->game, &g, NULL)) <= 0)
		return (rc);
	if (svc_kind_is(out->type, SVC_OF_TURN)) {
		/* A menu that edited the pressed message made no new one. */
		v = json_object_get(out->data, "message");
		if (out->type == SVC_OUT_MENU && json_integer_value(v) != 0)
			return (0);
		v = json_object_get(out->data, "turn");
		if (!json_is_integer(v) || json_integer_value(v) != g.turn_no)
			return (0);
		kind = svc_kind_name(SVC_OUT_TURN);
	}
	return (store_message_put(svc->store, out->game, out->chat, kind,
	    message, svc->clock(svc->clock_arg)));
}

/* The next message due for a platform (see service.h). */
int
svc_outbox_next(struct svc *svc, const char *platform, struct svc_out *out)
{
	struct store_out	o;
	int			rc;

	memset(out, 0, sizeof *out);
	rc = store_out_next(svc->store, platform, svc->clock(svc->clock_arg),
	    &o);
	if (rc <= 0) {
		if (rc < 0)
			svc_store_fail(svc);
		return (rc);
	}
	svc_out_copy(out, &o);
	return (1);
}

/*
 * Note that a chat got rows, for svc_outbox_chats().  Rows of a rolled
 * back transaction leave a chat here too: its bridge then finds nothing,
 * which costs one look.
 */
void
svc_touch(struct svc *svc, const char *platform, const char *chat)
{
	size_t	i;

	for (i = 0; i < svc->ntouched; i++) {
		if (strcmp(svc->touched[i].chat, chat) == 0 &&
		    strcmp(svc->touched[i].platform, platform) == 0)
			return;
	}
	if (svc->ntouched == svc->stouched) {
		svc->stouched = svc->stouched == 0 ? 64 : svc->stouched * 2;
		svc->touched = xreallocarray(svc->touched, svc->stouched,
		    sizeof *svc->touched);
	}
	snprintf(svc->touched[svc->ntouched].platform,
	    sizeof svc->touched[0].platform, "%s", platform);
	snprintf(svc->touched[svc->ntouched].chat,
	    sizeof svc->touched[0].chat, "%s", chat);
	svc->ntouched++;
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

/* The first undelivered row of a chat, due or not: 1, 0 none, -1. */
int
svc_outbox_head(struct svc *svc, const char *platform, const char *chat,
    struct svc_head *h)
{
	struct store_head	sh;
	int			rc;

	if ((rc = store_out_head(svc->store, platform, chat, &sh)) < 0)
		return (svc_store_fail(svc));
	if (rc == 1) {
		h->id = sh.id;
		snprintf(h->chat, sizeof h->chat, "%s", sh.chat);
		h->due = sh.due;
	}
	return (rc);
}

/* The undelivered button answers of a platform (service.h). */
int
svc_outbox_answers(struct svc *svc, const char *platform, struct svc_head *h,
    int max)
{
	struct store_head	 sh[SVC_ANSWERS_MAX];
	int			 i, n;

	if (max > SVC_ANSWERS_MAX)
		max = SVC_ANSWERS_MAX;
	if ((n = store_out_answers(svc->store, platform, sh, max)) < 0)
		return (svc_store_fail(svc));
	for (i = 0; i < n; i++) {
		h[i].id = sh[i].id;
		snprintf(h[i].chat, sizeof h[i].chat, "%s", sh[i].chat);
		h[i].due = sh[i].due;
	}
	return (n);
}

/* One outbox row by id, delivered or not: 1, 0 none, -1 failure. */
int
svc_outbox_get(struct svc *svc, int64_t id, struct svc_out *out)
{
	struct store_out	o;
	int			rc;

	memset(out, 0, sizeof *out);
	if ((rc = store_out_get(svc->store, id, &o)) <= 0) {
		if (rc < 0)
			svc_store_fail(svc);
		return (rc);
	}
	svc_out_copy(out, &o);
	return (1);
}

/* A board or lobby message a bridge posted outside a row (service.h). */
int
svc_message_set(struct svc *svc, int64_t game, const char *chat,
    const char *kind, const char *message)
{
	if (store_message_put(svc->store, game, chat, kind, message,
	    svc->clock(svc->clock_arg)) != 0)
		return (svc_store_fail(svc));
	return (0);
}

/*
 * A message was delivered; message is the platform's id for it or NULL.
 * The id of a message that is edited later is remembered in the same
 * transaction.
 */
int
svc_outbox_done(struct svc *svc, int64_t id, const char *message)
{
	struct store_out	 o;
	struct svc_out		 out;
	int			 rc;

	if (message == NULL) {
		if (store_out_done(svc->store, id, NULL, 1,
		    svc->clock(svc->clock_arg)) != 0)
			return (svc_store_fail(svc));
		return (0);
	}
	if (svc_txn_begin(svc) != 0)
		return (-1);
	memset(&out, 0, sizeof out);
	if ((rc = store_out_get(svc->store, id, &o)) == 1) {
		svc_out_copy(&out, &o);
		if (store_out_done(svc->store, id, message, 1,
		    svc->clock(svc->clock_arg)) != 0 ||
		    svc_out_remember(svc, &out, message) != 0)
			rc = svc_store_fail(svc);
		else
			rc = 0;
		svc_out_free(&out);
	} else if (rc == 0)
		rc = svc_fail(svc, "outbox row %lld: no such row",
		    (long long)id);
	else
		rc = svc_store_fail(svc);
	return (svc_txn_end(svc, rc == 0));
}

/* A message could not be delivered now: try again at 'when'. */
int
svc_outbox_retry(struct svc *svc, int64_t id, int64_t when)
{
	if (store_out_retry(svc->store, id, when, 1) != 0)
		return (svc_store_fail(svc));
	return (0);
}

/* A message can never be delivered: stop trying. */
int
svc_outbox_drop(struct svc *svc, int64_t id)
{
	if (store_out_done(svc->store, id, NULL, 2,
	    svc->clock(svc->clock_arg)) != 0)
		return (svc_store_fail(svc));
	return (0);
}

/* The next undelivered row of a chat after row id, due now (service.h). */
int
svc_outbox_after(struct svc *svc, const char *platform, const char *chat,
    int64_t after, struct svc_out *out)
{
	struct store_out	o;
	int			rc;

	memset(out, 0, sizeof *out);
	rc = store_out_after(svc->store, platform, chat, after,
	    svc->clock(svc->clock_arg), &o);
	if (rc <= 0) {
		if (rc < 0)
			svc_store_fail(svc);
		return (rc);
	}
	svc_out_copy(out, &o);
	return (1);
}

/* A rate limit says wait: try at 'when', no attempt counted. */
int
svc_outbox_defer(struct svc *svc, int64_t id, int64_t when)
{
	if (store_out_retry(svc->store, id, when, 0) != 0)
		return (svc_store_fail(svc));
	return (0);
}

/* The message id last delivered for a game's board or lobby in a chat. */
int
svc_message(struct svc *svc, int64_t game, const char *chat,
    const char *kind, char *buf, size_t len)
{
	int	rc;

	if ((rc = store_message(svc->store, game, chat, kind, buf, len)) < 0)
		svc_store_fail(svc);
	return (rc);
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
