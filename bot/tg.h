/*
 * tg.h: the Telegram bridge.  Updates come from the Bot API (getUpdates
 * long polling, or a webhook server) and go into the game service as
 * struct svc_event; the service's "telegram" outbox rows are rendered and
 * sent back through the Bot API, within Telegram's rate limits.
 *
 * All HTTP runs through libcurl's multi interface on the daemon's libevent
 * loop: nothing here ever blocks.
 *
 * TACD_TELEGRAM_FAST=1 in the environment multiplies the rate limits by a
 * thousand, and divides the waits a 429 to getUpdates asks for by as much:
 * for the tests, which run whole games against a local fake.
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

/* What the bridge asks of the daemon. */
struct tg_hooks {
	void	(*work)(void *);	/* run the timers that are due */
	void	 *arg;
};

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
	char			 text[TG_MAXTEXT];
};

/* A person, as a Telegram User object names them. */
struct tg_person {
	char			 user[32];	/* the id, as text */
	char			 name[UTF8_NAMEMAX];
	char			 lang[16];	/* language_code, "" if none */
};

/* tg.c */
struct tg	*tg_start(struct event_base *, struct svc *,
		     const struct config *, const struct tg_hooks *, char **);
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

#endif /* TG_H */
