/*
 * service-out.c: writing outbox rows, the semantic messages src/compose/
 * words at delivery (service-outbox.c delivers them).
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

	/* jansson refuses text that is not UTF-8 (json_pack() gives NULL). */
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

/*
 * Queue a row for a game's chat, in the chat's language, and the edits of
 * the chat's board or lobby message that it calls for.
 */
int
svc_put_chat(struct svc *svc, const struct svc_gm *gm, int kind,
    json_t *payload)
{
	if (payload == NULL)
		return (svc_put(svc, "", "", 0, kind, NULL));
	svc_default(payload, "game", json_integer(gm->g.id));
	svc_default(payload, "lang", json_string(gm->g.lang));
	if (svc_put(svc, gm->g.platform, gm->g.chat_pid, gm->g.id, kind,
	    payload) != 0)
		return (-1);
	/* What the chat's board or lobby message shows has changed. */
	if (svc_kind_is(kind, SVC_OF_MOVES))
		return (svc_edit_after(svc, gm, SVC_OUT_EDIT_BOARD));
	/* A lobby message says the game began, or was aborted before. */
	if ((kind == SVC_OUT_ABORTED && !gm->started) ||
	    (kind == SVC_OUT_BOARD && gm->g.state == STORE_PLAYING))
		return (svc_edit_after(svc, gm, SVC_OUT_EDIT_LOBBY));
	return (0);
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
	/*
	 * Nobody, or one who left the group: nothing more of it for them,
	 * but the retiring of a turn message they have ("played"), which
	 * takes its buttons away.
	 */
	if (p->user == 0 || p->pid[0] == '\0' || (p->away ==
	    STORE_AWAY_GONE && kind != SVC_OUT_PLAYED)) {
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
 * Answer a button press with the hint of game's turn (a "hint" row's
 * payload, taken over), shown until the person closes it: 1 once
 * queued, 0 when the event is no press still to answer (hint is not
 * taken), -1 on failure.
 */
int
svc_answer_hint(struct svc_ctx *ctx, int64_t game, json_t *hint)
{
	json_t	*p;

	if (ctx->ev->kind != SVC_EV_BUTTON || ctx->ev->callback == NULL ||
	    ctx->answered)
		return (0);
	ctx->answered = 1;
	p = json_pack("{s:s, s:b, s:s, s:I}", "callback", ctx->ev->callback,
	    "alert", 1, "lang", ctx->ev->private_chat ? ctx->user_lang :
	    ctx->chat_lang, "game", (json_int_t)game);
	if (p != NULL)
		json_object_set_new(p, "hint", hint);
	else
		json_decref(hint);
	return (svc_put(ctx->svc, ctx->ev->platform, "", 0, SVC_OUT_ANSWER,
	    p) == 0 ? 1 : -1);
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
 * engine's message id, args: [{k: kind, v: number} or {k: "s" or "A",
 * s: text, an action's notation}]}, for the renderer to word
 * (src/view/render-why.c).
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
		if (w->arg[i].kind == 's' || w->arg[i].kind == 'A')
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
 * in doc/service.md) and its values, json_pack's fmt and arguments (fmt
 * NULL: none), which the renderer puts into the person's language.  A button
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

/* The taken batch whose head is row id, or NULL. */
struct svc_taken *
svc_taken_find(struct svc *svc, int64_t id)
{
	size_t	i;

	for (i = 0; i < svc->ntaken; i++) {
		if (svc->taken[i].id == id)
			return (&svc->taken[i]);
	}
	return (NULL);
}

/*
 * Is a row of kind about game in a chat on its way (taken, not yet
 * finished)?
 */
int
svc_taken_is(struct svc *svc, const char *platform, const char *chat,
    int64_t game, int kind)
{
	size_t	i;

	for (i = 0; i < svc->ntaken; i++) {
		if (svc->taken[i].game == game && svc->taken[i].type == kind &&
		    strcmp(svc->taken[i].chat, chat) == 0 &&
		    strcmp(svc->taken[i].platform, platform) == 0)
			return (1);
	}
	return (0);
}

/*
 * Queue the edit of a game's board or lobby message in its chat (kind
 * SVC_OUT_EDIT_BOARD or _LOBBY), after rows that changed what it shows,
 * unless one waits already (it is moved behind them, so that a burst of
 * notices stays one message and one edit follows it): when the chat has
 * such a message (the store remembers it, or it is on its way), and the
 * game is not played in a person's private chat (whose turn messages
 * show the board).  A board or lobby row that is still to go shows the
 * game as it is then and needs no edit.
 */
int
svc_edit_after(struct svc *svc, const struct svc_gm *gm, int kind)
{
	const struct store_game	*g = &gm->g;
	const char		*of;
	int64_t			 id;
	char			 ref[SVC_REF_MAX];
	int			 rc, of_kind;

	if (g->private)
		return (0);
	of_kind = kind == SVC_OUT_EDIT_BOARD ? SVC_OUT_BOARD : SVC_OUT_LOBBY;
	of = svc_kind_name(of_kind);
	if ((id = store_out_find(svc->store, g->platform, g->chat_pid, g->id,
	    svc_kind_name(kind))) < 0)
		return (svc_store_fail(svc));
	if (id > 0 && svc_taken_find(svc, id) == NULL)
		return (store_out_last(svc->store, id) != 0 ?
		    svc_store_fail(svc) : 0);
	if ((rc = store_message(svc->store, g->id, g->chat_pid, of, ref,
	    sizeof ref)) < 0)
		return (svc_store_fail(svc));
	if (rc == 0 && !svc_taken_is(svc, g->platform, g->chat_pid, g->id,
	    of_kind))
		return (0);
	return (svc_put(svc, g->platform, g->chat_pid, g->id, kind,
	    json_pack("{s:I, s:s}", "game", (json_int_t)g->id, "lang",
	    g->lang)));
}

/* Keep an app's refusal for svc_web_play() (args taken over). */
int
svc_web_refuse(struct svc_ctx *ctx, const char *code, json_t *args)
{
	struct svc	*svc = ctx->svc;

	json_decref(svc->refusal);
	svc->refusal = json_pack("{s:s, s:o}", "code", code, "args", args);
	return (0);
}
