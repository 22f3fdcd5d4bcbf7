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
 *
 * An answer is taken apart by bridge-jscan.c rather than given to jansson
 * whole, so that an update jansson refuses (a \u0000, a lone surrogate,
 * bytes that are not UTF-8) spoils only itself: it is logged, recorded
 * as seen (the offset moves past it) and skipped, and the rest is
 * applied.  Whatever order an answer lists them in, updates are applied
 * in ascending update_id; ids below the offset are old (an emulator's
 * replay) and ignored; and at most TG_POLL_LIMIT, the limit asked for, are
 * taken from one answer: the rest are not confirmed, so they come again.
 * One answer, however large, holds the loop for one batch only.
 *
 * An update whose id cannot be read even by the tolerant scan (no plain
 * integer "update_id" at the top of an object) is skipped, and what is
 * confirmed rests on the ids that can be read:
 *   - if the answer has readable ids at or above the offset, we confirm up
 *     to the highest one taken.  Telegram lists ascending ids, so an
 *     unreadable update listed before it is below it and goes with it; one
 *     above it comes again at the head of the next answer, and the next
 *     readable id passes it.  No readable update is ever passed unapplied:
 *     the taken ones are the lowest readable ids.
 *   - if no id in the answer is readable, its n elements are the n lowest
 *     ids at or above the offset, so every id up to offset + n - 1 is one
 *     of them: confirming that much forgets nothing this answer did not
 *     hold, and we do not ask for the same answer forever.  (n is capped
 *     at TG_POLL_LIMIT: of a longer answer, the lowest that many.)
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridge-jscan.h"
#include "log.h"
#include "tg-int.h"
#include "xmalloc.h"

/* One update of an answer: its text's place and its id. */
struct tg_poll_item {
	struct bridge_span	 sp;
	int64_t		 id;		/* -1: unreadable */
	size_t		 at;		/* its place in the answer */
};

/* An answer's updates, as bridge_jscan_array() finds them. */
struct tg_poll_list {
	const char		*text;
	struct tg_poll_item	*items;
	size_t			 n;
	size_t			 size;
};

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

/* Keep one element of an answer with its id (bridge_jscan_array's callback). */
static void
tg_poll_add(void *arg, const struct bridge_span *sp)
{
	struct tg_poll_list	*l = arg;
	struct tg_poll_item	*it;

	if (l->n == l->size) {
		l->size = l->size == 0 ? 128 : l->size * 2;
		l->items = xreallocarray(l->items, l->size, sizeof *l->items);
	}
	it = &l->items[l->n];
	it->sp = *sp;
	it->at = l->n++;
	it->id = bridge_jscan_id(l->text + sp->off, sp->len);
}

/* Ascending ids; the same id in the answer's order. */
static int
tg_poll_cmp(const void *a, const void *b)
{
	const struct tg_poll_item	*x = a, *y = b;

	if (x->id != y->id)
		return (x->id < y->id ? -1 : 1);
	return (x->at < y->at ? -1 : x->at > y->at);
}

/*
 * Choose what to apply of an answer's list: the readable ids at or above
 * the offset, ascending, each once (l->n of them, at the head of
 * l->items); how many to take of them, at most TG_POLL_LIMIT, or -1 if
 * the list is broken.  *unreadable counts the elements whose id could not
 * be read.
 */
static long
tg_poll_take(struct tg *tg, const char *text, size_t len,
    struct tg_poll_list *l, size_t *unreadable)
{
	size_t	i, n = 0;

	l->text = text;
	if (bridge_jscan_array(text, len, tg_poll_add, l) < 0)
		return (-1);
	*unreadable = 0;
	for (i = 0; i < l->n; i++) {
		if (l->items[i].id < 0)
			(*unreadable)++;
		else if (l->items[i].id >= tg->offset)
			l->items[n++] = l->items[i];
	}
	if (n > 1)
		qsort(l->items, n, sizeof *l->items, tg_poll_cmp);
	l->n = n;
	for (i = n = 0; i < l->n; i++) {
		if (n > 0 && l->items[n - 1].id == l->items[i].id)
			continue;	/* listed twice: once is enough */
		l->items[n++] = l->items[i];
	}
	l->n = n;
	return ((long)(n < TG_POLL_LIMIT ? n : TG_POLL_LIMIT));
}

/*
 * Decode one element into u; -1 (logged, u left a bare record of the id)
 * if jansson refuses it or it is no update with the id the scan read.
 */
static int
tg_poll_decode(struct tg *tg, const char *text, const struct tg_poll_item *it,
    struct tg_update *u)
{
	json_error_t	 jerr;
	json_t		*v;
	int		 rc = -1;

	v = json_loadb(text + it->sp.off, it->sp.len, JSON_REJECT_DUPLICATES,
	    &jerr);
	if (v == NULL)
		log_warnx("telegram: update %lld is not valid JSON (%.80s), "
		    "skipped", (long long)it->id, jerr.text);
	else if (tg_update_json(v, tg->botname, u) < 0 ||
	    u->ev.update_id != it->id)
		log_warnx("telegram: update %lld is not an update, skipped",
		    (long long)it->id);
	else
		rc = 0;
	json_decref(v);
	if (rc != 0) {
		/* Recorded as seen, so the offset moves past it for good. */
		memset(u, 0, sizeof *u);
		u->ev.platform = TG_PLATFORM;
		u->ev.update_id = it->id;
	}
	return (rc);
}

/*
 * Commit the first n updates of the list, in its order; the highest id
 * committed (-1: none).  *failed is set when the service failed: the rest
 * must come again.
 */
static int64_t
tg_poll_apply(struct tg *tg, const struct tg_poll_list *l, long n,
    int *failed)
{
	struct tg_update	*u;
	int64_t			 high = -1;
	long			 i;
	int			 batch;

	u = xmalloc(sizeof *u);
	batch = n > 1 && svc_batch_begin(tg->svc) == 0;
	for (i = 0; i < n; i++) {
		tg_poll_decode(tg, l->text, &l->items[i], u);
		if (tg_feed(tg, u) != 0) {
			*failed = 1;
			break;
		}
		high = l->items[i].id;
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

/* A failed getUpdates: the wait before the next (ms), logged. */
static long
tg_poll_wait(struct tg *tg, const struct tg_result *r)
{
	long	wait;

	if (r->retry_after > 0)	/* within TG_RETRY_MIN..MAX (tg-http.c) */
		wait = (long)r->retry_after * 1000;
	else {
		wait = 500L << (tg->poll_fails < 6 ? tg->poll_fails : 6);
		tg->poll_fails++;
	}
	log_warnx("telegram: getUpdates: %s%s; again in %ld ms",
	    r->status != 0 ? "" : "no answer: ", r->desc, wait);
	if (r->retry_after > 0 && tg->scale > 1) {
		/* A test run: Telegram's waits shrink with its limits. */
		wait = (long)(wait / tg->scale);
		log_debug("telegram: getUpdates: a test run waits %ld ms",
		    wait);
	}
	return (wait);
}

/* A getUpdates answer. */
static void
tg_poll_done(struct tg *tg, const struct tg_result *r, void *arg)
{
	struct tg_poll_list	 l;
	int64_t			 high;
	size_t			 unreadable = 0;
	long			 n = 0;
	int			 failed = 0;

	(void)arg;
	tg->polling = 0;
	if (tg->stopping || r->cancelled)
		return;
	memset(&l, 0, sizeof l);
	if (!r->ok || r->list == NULL ||
	    (n = tg_poll_take(tg, r->list, r->listlen, &l, &unreadable)) < 0) {
		tg_poll_later(tg, tg_poll_wait(tg, r));
		goto out;
	}
	tg->poll_fails = 0;
	if (n == 0 && unreadable == 0) {
		/* Empty, or only old ids.  An emulator answers at once. */
		tg_poll_later(tg, tg->scale > 1 ? 20 : 300);
		goto out;
	}
	if (n == 0) {
		/* Nothing readable: pass the lowest ids it can hold. */
		if (unreadable > TG_POLL_LIMIT)
			unreadable = TG_POLL_LIMIT;
		tg->offset += (int64_t)unreadable;
		log_warnx("telegram: %zu updates without a readable id, "
		    "skipped up to %lld", unreadable,
		    (long long)tg->offset - 1);
		tg_poll_call(tg);
		goto out;
	}
	/* Logged when they are passed, not while more wait before them. */
	if (unreadable > 0 && l.n <= TG_POLL_LIMIT)
		log_warnx("telegram: %zu updates without a readable id, "
		    "skipped", unreadable);
	high = tg_poll_apply(tg, &l, n, &failed);
	if (high >= tg->offset)
		tg->offset = high + 1;
	tg_after(tg);
	if (failed) {
		/* The service failed: ask again from the same offset. */
		tg_poll_later(tg, 1000);
		goto out;
	}
	/*
	 * The next getUpdates tells Telegram these were taken: it is asked
	 * from the loop's queue, behind the daemon's after-commit step that
	 * their commit queued, so what they caused is on its way first.
	 */
	event_active(tg->ev_poll, EV_TIMEOUT, 0);
out:
	free(l.items);
}

/* Ask for the updates after the offset, waiting up to the poll timeout. */
static void
tg_poll_call(struct tg *tg)
{
	json_t	*p;

	if (tg->stopping || tg->polling)
		return;
	tg->polling = 1;
	/* chat_member: a member's leaving (only to a group's admin bot). */
	p = json_pack("{s:I, s:i, s:i, s:[s,s,s]}", "offset",
	    (json_int_t)tg->offset, "timeout", TG_POLL_TIMEOUT, "limit",
	    TG_POLL_LIMIT, "allowed_updates", "message", "callback_query",
	    "chat_member");
	tg_http_call_list(tg, "getUpdates", p, TG_POLL_TIMEOUT + 15,
	    tg_poll_done, NULL);
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
