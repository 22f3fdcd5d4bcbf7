/*
 * tg-poll.c: getUpdates long polling.
 *
 * The offset asked for is one past the highest update id the service has
 * committed (it stores it in the same transaction as the move), so
 * Telegram forgets an update only once it is safely applied; a crash
 * before that brings it again, and the service's dedup makes the second
 * time a no-op.  One answer's updates are committed as one batch (each in
 * its own savepoint): if the batch fails, none is confirmed and all come
 * again.  A group's move to a supergroup is applied where its update
 * stands, inside the batch.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "log.h"
#include "tg-int.h"
#include "xmalloc.h"

static void	tg_poll_call(struct tg *);

/* Wait a while before the next getUpdates (ms). */
static void
tg_poll_later(struct tg *tg, long ms)
{
	struct timeval	tv;

	tv.tv_sec = ms / 1000;
	tv.tv_usec = (ms % 1000) * 1000;
	evtimer_add(tg->ev_poll, &tv);
}

/*
 * Feed one update to the service; 0 done (applied, refused, or only
 * recorded), -1 when the service failed and the update must come again.
 */
int
tg_poll_feed(struct tg *tg, struct tg_update *u)
{
	char	*cause = NULL;

	tg_admin_see(tg, u);
	if (svc_event(tg->svc, &u->ev, &cause) != 0) {
		log_warnx("telegram: update %lld: %s",
		    (long long)u->ev.update_id, cause != NULL ? cause :
		    "failed");
		free(cause);
		return (-1);
	}
	/* A press the service could not take still needs its answer. */
	if (u->callback[0] != '\0' && u->ev.data == NULL)
		tg_send_answer(tg, u->callback);
	/*
	 * Moved at once, in the same batch: the updates after it in this
	 * answer may already come from the new id and must find the game.
	 */
	if (u->migrate[0] != '\0')
		tg_send_moved(tg, u->chat, u->migrate);
	return (0);
}

/*
 * Commit one answer's updates; the highest id committed (-1: none).
 * *failed is set when the service failed: the rest must come again.
 */
static int64_t
tg_poll_apply(struct tg *tg, json_t *list, int *failed)
{
	struct tg_update	*u;
	json_t			*v;
	size_t			 i;
	int64_t			 high = -1;
	int			 batch;

	u = xmalloc(sizeof *u);
	batch = json_array_size(list) > 1 && svc_batch_begin(tg->svc) == 0;
	json_array_foreach(list, i, v) {
		if (tg_update_json(v, tg->botname, u) < 0) {
			log_warnx("telegram: an update without an id, "
			    "skipped");
			continue;
		}
		if (tg_poll_feed(tg, u) != 0) {
			*failed = 1;
			break;
		}
		if (u->ev.update_id > high)
			high = u->ev.update_id;
	}
	if (batch && svc_batch_end(tg->svc) != 0) {
		log_warnx("telegram: a batch of updates failed: %s",
		    svc_error(tg->svc));
		high = -1;
		*failed = 1;
	}
	free(u);
	return (high);
}

/* A getUpdates answer. */
static void
tg_poll_done(struct tg *tg, const struct tg_result *r, void *arg)
{
	int64_t	high;
	long	wait;
	int	failed = 0;

	(void)arg;
	tg->polling = 0;
	if (tg->stopping || r->cancelled)
		return;
	if (!r->ok || !json_is_array(r->result)) {
		if (r->retry_after > 0)
			wait = (long)r->retry_after * 1000;
		else {
			wait = 500L << (tg->poll_fails < 6 ? tg->poll_fails : 6);
			tg->poll_fails++;
		}
		log_warnx("telegram: getUpdates: %s%s; again in %ld ms",
		    r->status != 0 ? "" : "no answer: ", r->desc, wait);
		tg_poll_later(tg, wait);
		return;
	}
	tg->poll_fails = 0;
	if (json_array_size(r->result) == 0) {
		/* An emulator answers at once: do not spin. */
		tg_poll_later(tg, tg->scale > 1 ? 20 : 300);
		return;
	}
	high = tg_poll_apply(tg, r->result, &failed);
	if (high >= tg->offset)
		tg->offset = high + 1;
	tg_after(tg);
	if (failed) {
		/* The service failed: ask again from the same offset. */
		tg_poll_later(tg, 1000);
		return;
	}
	tg_poll_call(tg);
}

/* Ask for the updates after the offset, waiting up to the poll timeout. */
static void
tg_poll_call(struct tg *tg)
{
	json_t	*p;

	if (tg->stopping || tg->polling)
		return;
	tg->polling = 1;
	p = json_pack("{s:I, s:i, s:i, s:[s,s]}", "offset",
	    (json_int_t)tg->offset, "timeout", TG_POLL_TIMEOUT, "limit", 100,
	    "allowed_updates", "message", "callback_query");
	tg_http_call(tg, "getUpdates", p, TG_POLL_TIMEOUT + 15, tg_poll_done,
	    NULL);
}

/* The pause after an empty or failed answer is over. */
static void
tg_poll_timer(evutil_socket_t fd, short what, void *arg)
{
	(void)fd;
	(void)what;
	tg_poll_call(arg);
}

/* Start polling from one past the highest update id committed. */
void
tg_poll_start(struct tg *tg)
{
	int64_t	last;

	if (tg->ev_poll == NULL &&
	    (tg->ev_poll = evtimer_new(tg->base, tg_poll_timer, tg)) == NULL)
		fatalx("%s: evtimer_new", __func__);
	last = svc_update_offset(tg->svc, TG_PLATFORM);
	tg->offset = last >= 0 ? last + 1 : 0;
	log_info("telegram: polling from update %lld", (long long)tg->offset);
	tg_poll_call(tg);
}

/* Stop polling; an answer still on its way is ignored. */
void
tg_poll_stop(struct tg *tg)
{
	if (tg->ev_poll != NULL) {
		event_free(tg->ev_poll);
		tg->ev_poll = NULL;
	}
}
