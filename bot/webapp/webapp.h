/*
 * webapp.h: the Telegram Mini App, a bridge of its own: a page served by
 * tacd (bot/webapp/page/) and its JSON API, for a person whose Telegram
 * init data is good.  tacd.c starts it beside the others when
 * webapp_listen is set; the buttons that open it are the Telegram
 * bridge's (they come with the chat's messages).
 *
 * Errors: webapp_start() returns NULL with *cause set (malloc'd) when the
 * bridge cannot start; past that, nothing fails to its caller: an API
 * request the service cannot answer is answered 500.
 */
#ifndef WEBAPP_H
#define WEBAPP_H

struct event_base;
struct config;
struct svc;
struct webapp;

struct webapp	*webapp_start(struct event_base *, struct svc *,
		     const struct config *, char **);
void		 webapp_kick(struct webapp *);
void		 webapp_stop(struct webapp *);
void		 webapp_free(struct webapp *);

#endif /* WEBAPP_H */
