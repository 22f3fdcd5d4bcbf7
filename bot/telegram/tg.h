/*
 * tg.h: the Telegram bridge.  Updates come from the Bot API (getUpdates
 * long polling, or a webhook server) and go into the game service as
 * struct svc_event; the service's "telegram" outbox rows are composed
 * (src/compose/) and sent back through the Bot API, within Telegram's
 * rate limits.
 *
 * All HTTP runs through libcurl's multi interface on the daemon's libevent
 * loop: nothing here ever blocks.
 *
 * Errors: tg_start() returns NULL with *cause set (malloc'd) when the
 * bridge cannot start; past that, nothing fails to its caller: a call
 * that fails is logged and its rows follow the failure table of
 * tg-result.c.  The parsers return -1 for what is no update.
 *
 * In the tests' build only (TACD_TEST: tests/libtactest.a, the daemon
 * tests/tg/tacd), TACD_TELEGRAM_FAST=1 in the environment multiplies the
 * rate limits by a thousand, and divides the waits a 429 to getUpdates
 * asks for by as much: the tests run whole games against a local fake.
 */
#ifndef TG_H
#define TG_H

#include <stddef.h>
#include <stdint.h>

#include "service.h"
#include "utf8.h"

#define TG_PLATFORM	"telegram"
#define TG_MAXTEXT	16384	/* bytes of message text accepted */

struct event_base;
struct config;
struct tg;

/* A parsed update; ev points into the other members. */
struct tg_update {
	struct svc_event	 ev;
	char			 callback[80];
	char			 chat[32];
	char			 user[32];
	char			 name[UTF8_NAMEMAX];
	char			 title[UTF8_NAMEMAX];
	char			 lang[16];
	char			 migrate[32];	/* the chat's new id, or "" */
	char			 message[SVC_REF_MAX];	/* a pressed message */
	int64_t			 msgid;		/* a message's own id, 0 none */
	int			 super;		/* its chat is a supergroup */
	char			 text[TG_MAXTEXT];
};

/* A person, as a Telegram User object names them. */
struct tg_person {
	char			 user[32];	/* the id, as text */
	char			 name[UTF8_NAMEMAX];
	char			 lang[16];	/* language_code, "" if none */
};

/*
 * How the bridge names a message (tg-ref.c): "ID", or "photo:ID" for a
 * photo, whose words are a caption and which no edit makes text.
 */
#define TG_PHOTO_PREFIX	"photo:"

/* tg.c */
struct tg	*tg_start(struct event_base *, struct svc *,
		     const struct config *, char **);
void		 tg_deliver(struct tg *);
void		 tg_stop(struct tg *);
void		 tg_free(struct tg *);

/* tg-update.c */
struct json_t;
int		 tg_update_json(struct json_t *, const char *,
		     struct tg_update *);
int		 tg_update_parse(const char *, size_t, const char *,
		     struct tg_update *);
int		 tg_update_person(struct json_t *, struct tg_person *);

/* tg-ref.c */
void		 tg_ref_make(char *, size_t, int64_t, int);
int64_t		 tg_ref_id(const char *, int *);

#endif /* TG_H */
