/*
 * tg-chat.c: what the Telegram bridge keeps per chat, in one table: the
 * chat's rate limit and failures (tg-send.c), a new id the service could
 * not record, whether a person was told how to open their private chat,
 * the board and lobby messages waiting for an edit, and a group's title
 * and admins (tg-admin.c).
 *
 * Entries are found by chat id through a hash table and kept in order of
 * use.  One eviction policy: past TG_CHATS entries, the least recently
 * used entry that holds nothing pending is let go.  What it held is a
 * cache that comes back (a full rate bucket, admins asked again); an
 * entry with pending work (an edit to make, a new id, an admin call out,
 * a call in flight) is never let go, so the table grows rather than drop
 * anything.
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

/* FNV-1a of a chat id, for its hash chain. */
static unsigned int
tg_chat_hash(const char *id)
{
	unsigned int	h = 2166136261u;

	for (; *id != '\0'; id++)
		h = (h ^ (unsigned char)*id) * 16777619u;
	return (h % TG_CHAT_HASH);
}

/* Does the entry hold anything that would be lost if it went? */
static int
tg_chat_pinned(const struct tg_chat *c)
{
	return (c->nedits > 0 || c->moved[0] != '\0' || c->fetching ||
	    c->busy || c->queued);
}

/* Let an entry go. */
static void
tg_chat_drop(struct tg *tg, struct tg_chat *c)
{
	LIST_REMOVE(c, hash);
	TAILQ_REMOVE(&tg->chat_lru, c, lru);
	tg->nchats--;
	free(c->edits);
	free(c->admins);
	free(c);
}

/* Past the table's size: let the oldest unpinned entries go. */
static void
tg_chat_evict(struct tg *tg)
{
	struct tg_chat	*c, *next;

	/*
	 * Forward only (TAILQ_LAST and TAILQ_PREV break strict aliasing),
	 * and never the last entry: the one just made or used, which the
	 * caller holds.
	 */
	for (c = TAILQ_FIRST(&tg->chat_lru); c != NULL &&
	    tg->nchats > TG_CHATS; c = next) {
		if ((next = TAILQ_NEXT(c, lru)) == NULL)
			break;
		if (tg_chat_pinned(c))
			continue;
		log_debug("telegram: chat %s forgotten (unused longest)",
		    c->id);
		tg_chat_drop(tg, c);
	}
}

/* The entry of a chat, NULL if there is none. */
struct tg_chat *
tg_chat_find(struct tg *tg, const char *id)
{
	struct tg_chat	*c;

	LIST_FOREACH(c, &tg->chat_hash[tg_chat_hash(id)], hash) {
		if (strcmp(c->id, id) == 0)
			return (c);
	}
	return (NULL);
}

/*
 * The entry of a chat, made if new (its rate buckets full: about one
 * message a second, and in a group twenty a minute), and marked as just
 * used.
 */
struct tg_chat *
tg_chat_get(struct tg *tg, const char *id, double now)
{
	struct tg_chat	*c;

	if ((c = tg_chat_find(tg, id)) != NULL) {
		TAILQ_REMOVE(&tg->chat_lru, c, lru);
		TAILQ_INSERT_TAIL(&tg->chat_lru, c, lru);
		c->used = now;
		return (c);
	}
	c = xcalloc(1, sizeof *c);
	snprintf(c->id, sizeof c->id, "%s", id);
	c->used = now;
	c->fetched = -1e9;
	tg_bucket_init(&c->b, 1.0 * tg->scale, 3, now);
	if (tg_out_group(id))
		tg_bucket_init(&c->m, 20.0 / 60 * tg->scale, 20, now);
	LIST_INSERT_HEAD(&tg->chat_hash[tg_chat_hash(id)], c, hash);
	TAILQ_INSERT_TAIL(&tg->chat_lru, c, lru);
	tg->nchats++;
	tg_chat_evict(tg);
	return (c);
}

/*
 * A game's board or lobby message in chat c is to be edited; once per
 * game and kind (the edit shows the game as it is when it is made).  The
 * chat joins the list of chats with edits to make.  Returns the edit.
 */
struct tg_edit *
tg_chat_edit(struct tg *tg, struct tg_chat *c, int64_t game, int kind)
{
	size_t	i;

	for (i = 0; i < c->nedits; i++) {
		if (c->edits[i].game == game && c->edits[i].kind == kind)
			return (&c->edits[i]);
	}
	c->edits = xreallocarray(c->edits, c->nedits + 1, sizeof *c->edits);
	memset(&c->edits[c->nedits], 0, sizeof c->edits[0]);
	c->edits[c->nedits].game = game;
	c->edits[c->nedits].kind = kind;
	if (++c->nedits == 1)
		TAILQ_INSERT_TAIL(&tg->chat_edits, c, editq);
	return (&c->edits[c->nedits - 1]);
}

/* Take chat c's first edit to make (into e): 1, or 0 if none. */
int
tg_chat_edit_take(struct tg *tg, struct tg_chat *c, struct tg_edit *e)
{
	if (c->nedits == 0)
		return (0);
	*e = c->edits[0];
	memmove(&c->edits[0], &c->edits[1], (c->nedits - 1) *
	    sizeof c->edits[0]);
	if (--c->nedits == 0)
		TAILQ_REMOVE(&tg->chat_edits, c, editq);
	return (1);
}

/* Set the table up, empty. */
void
tg_chat_init(struct tg *tg)
{
	size_t	i;

	for (i = 0; i < TG_CHAT_HASH; i++)
		LIST_INIT(&tg->chat_hash[i]);
	TAILQ_INIT(&tg->chat_lru);
	TAILQ_INIT(&tg->chat_edits);
	TAILQ_INIT(&tg->chat_queue);
	tg->nchats = 0;
}

/* Let every entry go. */
void
tg_chat_free(struct tg *tg)
{
	struct tg_chat	*c;

	while ((c = TAILQ_FIRST(&tg->chat_lru)) != NULL) {
		if (c->nedits > 0)
			TAILQ_REMOVE(&tg->chat_edits, c, editq);
		if (c->queued) {
			TAILQ_REMOVE(&tg->chat_queue, c, queueq);
			tg->nqueued--;
		}
		tg_chat_drop(tg, c);
	}
}
