/*
 * service.c: the service's life, one event's transaction, group commit,
 * and the read-only queries renderers use.  The event's command is read
 * and run by service-cmd.c.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "service-int.h"
#include "xmalloc.h"

/* The real clock, when the caller gives none. */
static int64_t
svc_realtime(void *arg)
{
	(void)arg;
	return ((int64_t)time(NULL));
}

/* Start the service over an open store. */
struct svc *
svc_open(struct store *store, svc_clock_fn clock, void *arg)
{
	struct svc	*svc;
	struct timespec	 ts;

	svc = xcalloc(1, sizeof *svc);
	svc->list = xmalloc(sizeof *svc->list);
	svc->cache = xcalloc(SVC_CACHE, sizeof *svc->cache);
	svc->store = store;
	svc->clock = clock != NULL ? clock : svc_realtime;
	svc->clock_arg = arg;
	/* Seeds of new games only need to differ, not to be secret. */
	clock_gettime(CLOCK_REALTIME, &ts);
	svc->rng = (uint64_t)ts.tv_sec * 1000000007u ^ (uint64_t)ts.tv_nsec ^
	    ((uint64_t)getpid() << 32);
	svc->housekept = svc->clock(svc->clock_arg);
	svc->lobby_cap = SVC_LOBBIES;
	return (svc);
}

/* Stop the service; the store stays open (the caller closes it). */
void
svc_close(struct svc *svc)
{
	if (svc == NULL)
		return;
	if (svc->batch)
		store_rollback(svc->store);
	json_decref(svc->refusal);
	json_decref(svc->hinted);
	svc_review_close(svc);
	free(svc->cache);
	free(svc->touched);
	free(svc->taken);
	free(svc->told);
	free(svc->list);
	free(svc);
}

/* How long a turn without a deadline waits before its reminder. */
void
svc_set_remind(struct svc *svc, int64_t seconds)
{
	svc->idle_remind = seconds > 0 ? seconds : 0;
}

/* Have fn called after each commit of people's events (service.h). */
void
svc_on_commit(struct svc *svc, void (*fn)(void *), void *arg)
{
	svc->committed = fn;
	svc->committed_arg = arg;
}

/* People's events were committed: tell whoever asked. */
static void
svc_committed(struct svc *svc)
{
	if (svc->committed != NULL)
		svc->committed(svc->committed_arg);
}

/* Start a batch: the following events share one transaction. */
int
svc_batch_begin(struct svc *svc)
{
	if (svc->batch)
		return (svc_fail(svc, "a batch is already open"));
	if (store_begin(svc->store) != 0)
		return (svc_store_fail(svc));
	svc->batch = 1;
	svc->broken = 0;
	return (0);
}

/* Commit a batch; -1: none of its events were kept. */
int
svc_batch_end(struct svc *svc)
{
	int	broken = svc->broken;

	if (!svc->batch)
		return (svc_fail(svc, "no batch is open"));
	svc->batch = 0;
	svc->broken = 0;
	if (broken) {
		svc_cache_clear(svc);
		store_rollback(svc->store);
		return (svc_fail(svc, "the batch's transaction was lost"));
	}
	if (store_commit(svc->store) != 0) {
		svc_store_fail(svc);
		svc_cache_clear(svc);
		store_rollback(svc->store);
		return (-1);
	}
	svc_housekeep(svc);
	svc_committed(svc);
	return (0);
}

/* Process one event in one transaction (see service.h). */
int
svc_event(struct svc *svc, const struct svc_event *ev)
{
	int	rc;

	svc->now = svc->clock(svc->clock_arg);
	if (ev->platform == NULL || *ev->platform == '\0')
		rc = svc_fail(svc, "an event without a platform");
	else if ((rc = svc_txn_begin(svc)) == 0) {
		rc = svc_event_run(svc, ev, 0, SVC_MEMBER_UNKNOWN);
		if (svc_txn_end(svc, rc == 0) != 0)
			rc = -1;
	}
	/* The event is kept: pruning's failure is not the event's. */
	if (rc == 0)
		svc_housekeep(svc);
	if (rc == 0 && !svc->batch)
		svc_committed(svc);
	return (rc);
}

/* The open game of a chat (platform and platform chat id). */
int64_t
svc_chat_game(struct svc *svc, const char *platform, const char *chat)
{
	int64_t	id;

	if ((id = store_chat_game_pid(svc->store, platform, chat)) < 0)
		svc_store_fail(svc);
	return (id);
}

/* The highest update id processed on a platform, -1 if none. */
int64_t
svc_update_offset(struct svc *svc, const char *platform)
{
	char	key[64], buf[32];
	int	rc;

	snprintf(key, sizeof key, "offset:%s", platform);
	if ((rc = store_kv_get(svc->store, key, buf, sizeof buf)) <= 0) {
		if (rc < 0)
			svc_store_fail(svc);
		return (-1);
	}
	return (strtoll(buf, NULL, 10));
}

/* Install how /play reads a move written in words (service.h). */
void
svc_set_reader(struct svc *svc, svc_read_fn fn, void *arg)
{
	svc->reader = fn;
	svc->reader_arg = arg;
}

/*
 * A chat got a new platform id: move it in one transaction (see
 * store_chat_migrate() for a new id that is already known).  A game the
 * move had to abort is told in the chat.
 */
int
svc_chat_migrate(struct svc *svc, const char *platform, const char *from,
    const char *to)
{
	struct store_game	g;
	int64_t			aborted;
	int			rc;

	svc->now = svc->clock(svc->clock_arg);
	if (svc_txn_begin(svc) != 0)
		return (-1);
	if ((rc = store_chat_migrate(svc->store, platform, from, to,
	    &aborted)) != 0)
		svc_store_fail(svc);
	else if (aborted > 0) {
		if ((rc = store_game_get(svc->store, aborted, &g, NULL)) != 1)
			rc = rc < 0 ? svc_store_fail(svc) : svc_fail(svc,
			    "game #%lld vanished", (long long)aborted);
		else
			rc = svc_put(svc, platform, to, aborted, SVC_OUT_ABORTED,
			    json_pack("{s:I, s:s}", "game", (json_int_t)aborted,
			    "lang", g.lang));
	}
	/* The chat's undelivered rows are the new id's now. */
	svc_touch(svc, platform, to);
	return (svc_txn_end(svc, rc == 0));
}
