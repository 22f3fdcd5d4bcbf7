/*
 * service-core.c: what every floor of the service leans on: a failure's
 * message, one piece of work's transaction, the seat and the rights a
 * person has in a game, and a game's facts for the renderers.  It calls
 * no other file of the service.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "service-int.h"

/* Keep a failure's message in the service and return -1. */
int
svc_fail(struct svc *svc, const char *fmt, ...)
{
	va_list	ap;

	va_start(ap, fmt);
	vsnprintf(svc->err, sizeof svc->err, fmt, ap);
	va_end(ap);
	return (-1);
}

/* Take the store's failure message as the service's; return -1. */
int
svc_store_fail(struct svc *svc)
{
	return (svc_fail(svc, "store: %s", store_error(svc->store)));
}

/* The last failure's message. */
const char *
svc_error(struct svc *svc)
{
	return (svc->err);
}

/* Forget every cached position (their transaction was rolled back). */
void
svc_cache_clear(struct svc *svc)
{
	int	i;

	for (i = 0; i < SVC_CACHE; i++)
		svc->cache[i].id = 0;
	for (i = 0; i < SVC_FRAMES; i++)
		svc->frames[i].id = 0;
}

/* Open the transaction of one piece of work (a savepoint in a batch). */
int
svc_txn_begin(struct svc *svc)
{
	if (svc->batch) {
		if (svc->broken)
			return (svc_fail(svc, "the batch's transaction was "
			    "lost: end the batch and feed its events again"));
		if (store_savepoint(svc->store) != 0)
			return (svc_store_fail(svc));
		return (0);
	}
	if (store_begin(svc->store) != 0)
		return (svc_store_fail(svc));
	return (0);
}

/*
 * Finish one piece of work: keep it when ok, else undo it.  -1 when it
 * was not kept.  If SQLite dropped a batch's whole transaction (it may on
 * a full disk), the batch is marked broken so that svc_batch_end fails.
 */
int
svc_txn_end(struct svc *svc, int ok)
{
	struct store	*s = svc->store;

	if (svc->batch) {
		if (ok && store_release(s) == 0)
			return (0);
		if (ok)
			svc_store_fail(svc);
		svc_cache_clear(svc);
		store_rollback_to(s);
		if (!store_in_txn(s))
			svc->broken = 1;
		return (-1);
	}
	if (ok && store_commit(s) == 0)
		return (0);
	if (ok)
		svc_store_fail(svc);
	svc_cache_clear(svc);
	store_rollback(s);
	return (-1);
}

/* Is the person the game's creator or an admin of the game's chat? */
int
svc_is_admin(struct svc_ctx *ctx, const struct svc_gm *gm)
{
	if (ctx->user != 0 && ctx->user == gm->g.creator)
		return (1);
	return (ctx->ev->admin && ctx->chat == gm->g.chat);
}

/* The seat a person holds in a game, -1 if none. */
int
svc_seat_of(const struct svc_gm *gm, int64_t user)
{
	int	i;

	for (i = 0; i < gm->g.cfg.nseats; i++) {
		if (user != 0 && gm->g.seats[i].user == user)
			return (i);
	}
	return (-1);
}

/* A game's facts for the renderers, from its store row. */
int
svc_game_facts(struct svc *svc, const struct store_game *sg,
    struct svc_game *out)
{
	struct svc_seat		*p;
	struct store_pace	 pc;
	int			 i;

	memset(out, 0, sizeof *out);
	out->id = sg->id;
	out->state = sg->state;
	snprintf(out->platform, sizeof out->platform, "%s", sg->platform);
	snprintf(out->chat, sizeof out->chat, "%s", sg->chat_pid);
	snprintf(out->title, sizeof out->title, "%s", sg->title);
	out->private = sg->private;
	snprintf(out->lang, sizeof out->lang, "%s", sg->lang);
	out->cfg = sg->cfg;
	out->deadline = sg->deadline;
	out->turn_no = sg->turn_no;
	out->due = sg->due;
	snprintf(out->creator, sizeof out->creator, "%s", sg->creator_pid);
	for (i = 0; i < sg->cfg.nseats; i++) {
		p = &out->seats[i];
		p->ai = sg->seats[i].ai;
		p->away = sg->seats[i].away;
		/* One gone from the group is no longer shown there. */
		if (sg->seats[i].away != STORE_AWAY_GONE) {
			p->away_until = sg->seats[i].away_until;
			p->away_ai = sg->seats[i].away_ai;
		}
		snprintf(p->user, sizeof p->user, "%s", sg->seats[i].pid);
		snprintf(p->name, sizeof p->name, "%s", sg->seats[i].name);
	}
	out->actor = sg->actor;
	out->winner = sg->winner;
	out->remind = sg->remind;
	out->ai = sg->ai > 0 ? sg->ai : 1;
	out->hints = sg->hints;
	out->created = sg->created;
	out->updated = sg->updated;
	snprintf(out->board, sizeof out->board, "%s",
	    strcmp(sg->board, "text") == 0 ? "text" : "picture");
	if (store_last_action(svc->store, sg->id, &out->last_seat, out->last,
	    sizeof out->last) < 0 ||
	    store_game_pace(svc->store, sg->id, &pc) < 0)
		return (svc_store_fail(svc));
	out->autoplay = pc.autoplay;
	out->bank = pc.bank;
	out->bonus = pc.bonus;
	/* A gift stays secret, as in the "moved" rows. */
	if (strncmp(out->last, "give ", 5) == 0)
		snprintf(out->last, sizeof out->last, "give");
	return (0);
}

/* {game} of the chat's open game, {} if none: a reply in its naming. */
json_t *
svc_chat_game_of(struct svc_ctx *ctx)
{
	int64_t	id;

	if ((id = store_chat_game(ctx->svc->store, ctx->chat)) <= 0)
		return (json_object());
	return (json_pack("{s:I}", "game", (json_int_t)id));
}
