/*
 * tg.c: the Telegram bridge's life: the token and secret from their
 * files, getMe (our username, for "/cmd@BotName" and the links of its
 * messages: nothing is sent before it is known), the command lists of
 * Telegram's menu (tg-commands.c), then polling or the webhook server,
 * and the outbox sender throughout.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE		/* asprintf, explicit_bzero */
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bridge-secret.h"
#include "secret.h"
#include "config.h"
#include "log.h"
#include "now.h"
#include "tg-int.h"
#include "xmalloc.h"

static void	tg_getme(struct tg *);

static int	tg_curl_inited;

/* getMe answered: remember our username, then start taking updates. */
static void
tg_getme_done(struct tg *tg, const struct tg_result *r, void *arg)
{
	struct timeval	 tv;
	const char	*name;
	int		 wait;

	(void)arg;
	if (r->cancelled)
		return;
	name = json_string_value(json_object_get(r->result, "username"));
	if (!r->ok || name == NULL) {
		wait = 1 << (tg->start_fails < 6 ? tg->start_fails : 6);
		tg->start_fails++;
		log_warnx("telegram: getMe: %s; again in %d s", r->desc, wait);
		tv.tv_sec = wait;
		tv.tv_usec = 0;
		evtimer_add(tg->ev_start, &tv);
		return;
	}
	snprintf(tg->botname, sizeof tg->botname, "%s", name);
	tg->botid = json_integer_value(json_object_get(r->result, "id"));
	log_info("telegram: bot @%s, %s", tg->botname, tg->webhook ?
	    "webhook" : "polling");
	/* Telegram's menu lists our commands, in the person's language. */
	tg_commands_set(tg);
	if (!tg->webhook)
		tg_poll_start(tg);
	tg_send_kick(tg);
}

/* Ask who we are. */
static void
tg_getme(struct tg *tg)
{
	if (tg->stopping)
		return;
	tg_http_call(tg, "getMe", NULL, 30, tg_getme_done, NULL);
}

/* The getMe retry timer fired. */
static void
tg_start_timer(evutil_socket_t fd, short what, void *arg)
{
	(void)fd;
	(void)what;
	tg_getme(arg);
}

/*
 * A bridge set up as the configuration says, not started: no call is
 * made, nothing is sent (tg_start() starts it; the unit tests drive one
 * as it is).  It cannot fail.
 */
struct tg *
tg_new(struct event_base *base, struct svc *svc, const struct config *conf)
{
	struct tg	*tg;
#ifdef TACD_TEST
	const char	*fast;
#endif
	size_t		 n;

	tg = xcalloc(1, sizeof *tg);
	tg_chat_init(tg);
	tg->base = base;
	tg->svc = svc;
	tg->webhook = strcmp(conf->telegram_mode, "webhook") == 0;
	snprintf(tg->api, sizeof tg->api, "%s", conf->telegram_api_url);
	n = strlen(tg->api);
	while (n > 0 && tg->api[n - 1] == '/')
		tg->api[--n] = '\0';
	snprintf(tg->ca, sizeof tg->ca, "%s", conf->telegram_ca_file);
	snprintf(tg->listen, sizeof tg->listen, "%s", conf->webhook_listen);
	tg->maxconns = (size_t)atoi(conf->webhook_max_connections);
	tg->repost_after = atoi(conf->repost_messages);
	tg->repost_wait = (double)config_duration(conf->repost_interval);
#ifdef TACD_TEST
	/*
	 * The tests' build of this file (tests/libtactest.a) runs many games
	 * through a local fake: TACD_TELEGRAM_FAST=1 lifts the limits.
	 */
	fast = getenv("TACD_TELEGRAM_FAST");
	tg->scale = fast != NULL && *fast == '1' ? 1000.0 : 1.0;
#else
	tg->scale = 1.0;
#endif
	/* The Mini App runs beside (webapp/): its buttons are ours. */
	if (conf->webapp_listen[0] != '\0') {
		snprintf(tg->appurl, sizeof tg->appurl, "%s",
		    conf->webapp_url);
		snprintf(tg->appname, sizeof tg->appname, "%s",
		    conf->webapp_short_name);
	}
	tg->copts.r.style = RENDER_PLAIN;
	tg->copts.r.lang = "en";
	/* Escaping may grow text: merge well within a message. */
	tg->copts.merge = TG_TEXTMAX / 5 * 4;
	tg->copts.pictures = 1;
	/* A group's game has one live message: moves edit it. */
	tg->copts.live = 1;
	tg->copts.app = conf->webapp_listen[0] != '\0';
	tg->copts.link = tg_out_link;
	tg->copts.arg = tg;
	return (tg);
}

/*
 * Start the bridge as the configuration says (telegram_token_file set).
 * NULL with *cause (malloc'd) when it cannot start: a missing token file,
 * no secret in webhook mode, the webhook address taken.
 */
struct tg *
tg_start(struct event_base *base, struct svc *svc, const struct config *conf,
    char **cause)
{
	struct tg	*tg;

	tg = tg_new(base, svc, conf);
	if (secret_read(conf->telegram_token_file, "telegram_token_file",
	    SECRET_WORD, tg->token, sizeof tg->token, cause) != 0)
		goto fail;
	if (tg->webhook) {
		if (conf->webhook_secret_file[0] == '\0') {
			*cause = xstrdup("webhook mode needs webhook_secret_file");
			goto fail;
		}
		tg->secret = xcalloc(1, 257);
		if (secret_read(conf->webhook_secret_file,
		    "webhook_secret_file", SECRET_WORD, tg->secret, 257,
		    cause) != 0)
			goto fail;
		/* Telegram would refuse it at setWebhook: say so now. */
		if (!bridge_secret_token(tg->secret)) {
			xasprintf(cause, "webhook_secret_file %s: the secret "
			    "must be 1 to 256 of A-Z a-z 0-9 _ - (Telegram "
			    "takes no other)", conf->webhook_secret_file);
			goto fail;
		}
	}
	if (!tg_curl_inited) {
		if (curl_global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
			*cause = xstrdup("curl_global_init failed");
			goto fail;
		}
		tg_curl_inited = 1;
	}
	if (tg_http_init(tg) != 0 || tg_send_init(tg) != 0 ||
	    (tg->ev_start = evtimer_new(base, tg_start_timer, tg)) == NULL)
		fatalx("telegram: cannot set up the event loop");
	if (tg->webhook && tg_hook_start(tg, cause) != 0)
		goto fail;
	log_info("telegram: API %s", tg->api);
	tg_getme(tg);
	return (tg);

fail:
	tg_free(tg);
	return (NULL);
}

/* Deliver the outbox now (an event or a timer committed rows). */
void
tg_deliver(struct tg *tg)
{
	if (tg != NULL)
		tg_send_kick(tg);
}

/*
 * Stop taking updates (shutting down).  A getUpdates in flight is
 * dropped: what it would bring is still unconfirmed at Telegram, and the
 * next start asks again from the stored offset.
 */
void
tg_stop(struct tg *tg)
{
	if (tg == NULL || tg->stopping)
		return;
	tg->stopping = 1;
	evtimer_del(tg->ev_start);
	tg_poll_stop(tg);
	tg_hook_stop(tg);
}

/* Free the bridge; calls in flight are dropped. */
void
tg_free(struct tg *tg)
{
	if (tg == NULL)
		return;
	tg_hook_stop(tg);
	tg_poll_stop(tg);
	tg_send_free(tg);
	tg_http_free(tg);
	tg_chat_free(tg);
	if (tg_curl_inited) {
		curl_global_cleanup();
		tg_curl_inited = 0;
	}
	if (tg->ev_start != NULL)
		event_free(tg->ev_start);
	explicit_bzero(tg->token, sizeof tg->token);
	if (tg->secret != NULL) {
		explicit_bzero(tg->secret, 257);
		free(tg->secret);
	}
	free(tg);
}
