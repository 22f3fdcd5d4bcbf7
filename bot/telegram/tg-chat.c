/*
 * tg-chat.c: what the Telegram bridge keeps per chat, in one table: the
 * chat's rate limits and failures (tg-send.c, tg-result.c), a new id the
 * service could not record, whether its photos were refused, a group's
 * admins (tg-admin.c), and the newest message ids seen in a group and
 * its live messages not pinned (is a repost due?).  Nothing here must
 * outlive a restart: what must reach a person is an outbox row.
 *
 * Entries are found by chat id through a hash table and kept in order of
 * use.  One eviction policy: past TG_CHATS entries, the least recently
 * used entry that holds nothing pending is let go.  What it held is a
 * cache that comes back (a full rate bucket, admins asked again); an
 * entry with pending work (a new id, an admin call out, a call in
 * flight, rows queued) is never let go, so the table grows rather than
 * drop anything.
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
	return (c->moved[0] != '\0' || c->fetching || c->busy || c->queued);
}

/* Let an entry go. */
static void
tg_chat_drop(struct tg *tg, struct tg_chat *c)
{
	LIST_REMOVE(c, hash);
	TAILQ_REMOVE(&tg->chat_lru, c, lru);
	tg->nchats--;
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
	bridge_bucket_init(&c->b, 1.0 * tg->scale, 3, now);
	if (tg_chat_group(id))
		bridge_bucket_init(&c->m, 20.0 / 60 * tg->scale, 20, now);
	LIST_INSERT_HEAD(&tg->chat_hash[tg_chat_hash(id)], c, hash);
	TAILQ_INSERT_TAIL(&tg->chat_lru, c, lru);
	tg->nchats++;
	tg_chat_evict(tg);
	return (c);
}

/* Is a chat id a group's (negative ids are groups and channels)? */
int
tg_chat_group(const char *chat)
{
	return (chat[0] == '-');
}

/*
 * The id a chat has now, after a migration to a supergroup that the
 * service could not record (normally the rows themselves moved).
 */
const char *
tg_chat_target(struct tg *tg, const char *chat)
{
	struct tg_chat	*c;

	if ((c = tg_chat_find(tg, chat)) != NULL && c->moved[0] != '\0')
		return (c->moved);
	return (chat);
}

/*
 * A group became a supergroup with a new id: the service moves its games,
 * settings and undelivered rows there for good; if that fails, the
 * bridge at least sends there until it restarts.
 */
void
tg_chat_moved(struct tg *tg, const char *chat, const char *to)
{
	struct tg_chat	*c;

	if (strcmp(chat, to) == 0 || strcmp(tg_chat_target(tg, chat), to) ==
	    0)
		return;
	if (svc_chat_migrate(tg->svc, TG_PLATFORM, chat, to) == 0) {
		log_info("telegram: chat %s became %s; its games moved", chat,
		    to);
		return;
	}
	log_warnx("telegram: chat %s became %s, but its games did not move: "
	    "%s; sending there for now", chat, to, svc_error(tg->svc));
	c = tg_chat_get(tg, chat, tg_now());
	snprintf(c->moved, sizeof c->moved, "%s", to);
}

/*
 * A message with id was seen in a group: one we received (super: the
 * update said the chat is a supergroup, 1, or a basic group, 0) or one
 * we sent (super -1: as known).  The newest TG_SEEN are kept, so that a
 * message seen twice counts once; a new one counts for each live
 * message posted before it (tg_chat_due()).
 */
void
tg_chat_saw(struct tg *tg, const char *chat, int64_t id, int super)
{
	struct tg_chat	*c;
	int		 i, low = 0;

	if (id <= 0 || !tg_chat_group(chat))
		return;
	c = tg_chat_get(tg, chat, tg_now());
	if (super >= 0)
		c->super = super;
	if (id > c->seen_max)
		c->seen_max = id;
	for (i = 0; i < c->nseen; i++) {
		if (c->seen[i] == id)
			return;
		if (c->seen[i] < c->seen[low])
			low = i;
	}
	if (c->nseen < TG_SEEN)
		c->seen[c->nseen++] = id;
	else if (id > c->seen[low])
		c->seen[low] = id;
	else
		return;
	for (i = 0; i < c->nlive; i++) {
		if (c->live[i].id < id)
			c->live[i].after++;
	}
}

/*
 * A group's live message not pinned was posted (anew) with id at now: a
 * repost of it is counted from here.  The oldest of TG_LIVE is let go
 * (one open game a chat: the others are over).
 */
void
tg_chat_posted(struct tg *tg, const char *chat, int64_t id, double now)
{
	struct tg_chat	*c;
	int		 i, low = 0;

	if (id <= 0 || !tg_chat_group(chat))
		return;
	c = tg_chat_get(tg, chat, tg_now());
	for (i = 0; i < c->nlive; i++) {
		if (c->live[i].id == id)
			break;
		if (c->live[i].id < c->live[low].id)
			low = i;
	}
	if (i == c->nlive) {
		if (c->nlive < TG_LIVE)
			i = c->nlive++;
		else
			i = low;
	}
	c->live[i].id = id;
	c->live[i].posted = now;
	c->live[i].after = 0;
}

/*
 * Is a repost of a group's live message id due at now: has it been
 * buried by at least repost_messages other messages, and has it stood
 * for repost_interval since it was posted (tacd.conf(5))?  Not due, a
 * move only edits it: that makes no new message, so a group whose chat
 * runs fast gets its live message anew at most once per interval, and
 * one that chats little not at all.  The one place that decides; the
 * caller asks only for a live message that is not pinned.
 *
 * A bot in privacy mode (the default) is sent only commands, replies to
 * it and service messages, never the chatter between them, so burial is
 * told from the message ids it does see: its own messages and the
 * updates it gets carry increasing message_id.  In a supergroup the ids
 * count every message of the chat, seen or not, so the newest id seen
 * tells how many came after; in a basic group they count the bot's own
 * messages across all its chats, so only the messages seen in this one
 * count.  All this is kept in memory: a message the bridge did not see
 * posted (after a restart) is taken as posted now, with the messages
 * after it that it still knows, so that a restart never brings a repost
 * sooner, only later.
 */
int
tg_chat_due(struct tg *tg, const char *chat, int64_t id, double now)
{
	struct tg_chat	*c;
	int64_t		 after;
	int		 i, n = 0;

	if (id <= 0 || !tg_chat_group(chat))
		return (0);
	c = tg_chat_get(tg, chat, tg_now());
	for (i = 0; i < c->nlive; i++) {
		if (c->live[i].id == id)
			break;
	}
	if (i == c->nlive) {
		for (i = 0; i < c->nseen; i++) {
			if (c->seen[i] > id)
				n++;
		}
		tg_chat_posted(tg, chat, id, now);
		for (i = 0; c->live[i].id != id; i++)
			;
		c->live[i].after = n;
	}
	after = c->live[i].after;
	if (c->super && c->seen_max - id > after)
		after = c->seen_max - id;
	return (after >= tg->repost_after &&
	    now - c->live[i].posted >= tg->repost_wait);
}

/*
 * Does message ref of a chat say what said (a hash of its words, buttons
 * and picture, tg_out_make()) already: as it was last sent or edited?
 * Then an edit would change nothing, and is not sent.  Kept in memory
 * only: after a restart one such edit may go, and Telegram answers it
 * "not modified".
 */
int
tg_chat_said(struct tg *tg, const char *chat, const char *ref, uint64_t said)
{
	struct tg_chat	*c;
	int64_t		 id;
	int		 i, photo;

	if (said == 0 || (id = tg_ref_id(ref, &photo)) <= 0 ||
	    (c = tg_chat_find(tg, chat)) == NULL)
		return (0);
	for (i = 0; i < c->nsaid; i++) {
		if (c->said[i].id == id)
			return (c->said[i].said == said);
	}
	return (0);
}

/* Message id of a chat now says what said hashes (0: not known). */
void
tg_chat_say(struct tg *tg, const char *chat, int64_t id, uint64_t said)
{
	struct tg_chat	*c;
	int		 i, low = 0;

	if (id <= 0)
		return;
	c = tg_chat_get(tg, chat, tg_now());
	for (i = 0; i < c->nsaid; i++) {
		if (c->said[i].id == id) {
			c->said[i].said = said;
			return;
		}
		if (c->said[i].id < c->said[low].id)
			low = i;
	}
	if (c->nsaid < TG_SAID)
		i = c->nsaid++;
	else if (id > c->said[low].id)
		i = low;
	else
		return;
	c->said[i].id = id;
	c->said[i].said = said;
}

/*
 * May the bot try to pin in a chat?  Not where the group's admin list
 * could not be read (a pin there is a guess that fails), nor where it
 * lists the bot without the right to pin.
 */
int
tg_chat_maypin(struct tg *tg, const char *chat)
{
	struct tg_chat	*c;

	if ((c = tg_chat_find(tg, chat)) == NULL)
		return (1);
	return (!c->adminfail && !c->nopin);
}

/* Set the table up, empty. */
void
tg_chat_init(struct tg *tg)
{
	size_t	i;

	for (i = 0; i < TG_CHAT_HASH; i++)
		LIST_INIT(&tg->chat_hash[i]);
	TAILQ_INIT(&tg->chat_lru);
	TAILQ_INIT(&tg->chat_queue);
	tg->nchats = 0;
}

/* Let every entry go. */
void
tg_chat_free(struct tg *tg)
{
	struct tg_chat	*c;

	while ((c = TAILQ_FIRST(&tg->chat_lru)) != NULL) {
		if (c->queued) {
			TAILQ_REMOVE(&tg->chat_queue, c, queueq);
			tg->nqueued--;
		}
		tg_chat_drop(tg, c);
	}
}
