/*
 * tg-hook.c: webhook mode.  An evhttp server on webhook_listen takes the
 * updates Telegram (or a TLS proxy in front of tacd) POSTs.  Every request
 * must carry the secret token in X-Telegram-Bot-Api-Secret-Token: none is
 * 401, a wrong one 403, compared in constant time.  Bodies are capped.
 * An update is answered 200 once committed; when the service fails it is
 * answered 500, so Telegram sends it again.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE		/* asprintf */
#endif

#include <stdlib.h>
#include <string.h>

#include <event2/buffer.h>
#include <event2/http.h>
#include <event2/keyvalq_struct.h>

#include "log.h"
#include "tg-int.h"
#include "xmalloc.h"

#define TG_HOOK_MAXBODY	(1024 * 1024)

/* Compare two strings in time that depends only on their lengths. */
static int
tg_hook_equal(const char *a, const char *b)
{
	size_t		 la = strlen(a), lb = strlen(b), i;
	unsigned char	 d = la != lb;

	for (i = 0; i < la; i++)
		d |= (unsigned char)a[i] ^ (unsigned char)b[lb == 0 ? 0 :
		    i % lb];
	return (d == 0);
}

/* Answer a request with a status and a short body. */
static void
tg_hook_reply(struct evhttp_request *req, int code, const char *why)
{
	struct evbuffer	*b;

	if ((b = evbuffer_new()) == NULL)
		fatalx("%s: evbuffer_new", __func__);
	evbuffer_add_printf(b, "%s\n", why);
	evhttp_add_header(evhttp_request_get_output_headers(req),
	    "Content-Type", "text/plain");
	evhttp_send_reply(req, code, why, b);
	evbuffer_free(b);
}

/* One request to the webhook. */
static void
tg_hook_request(struct evhttp_request *req, void *arg)
{
	struct tg		*tg = arg;
	struct tg_update	*u;
	struct evbuffer		*in;
	const char		*secret;
	char			*body;
	size_t			 len;
	int			 rc;

	if (tg->stopping) {
		tg_hook_reply(req, 503, "Stopping");
		return;
	}
	secret = evhttp_find_header(evhttp_request_get_input_headers(req),
	    "X-Telegram-Bot-Api-Secret-Token");
	if (secret == NULL) {
		log_warnx("telegram: webhook request without the secret");
		tg_hook_reply(req, 401, "Unauthorized");
		return;
	}
	if (!tg_hook_equal(secret, tg->secret)) {
		log_warnx("telegram: webhook request with a wrong secret");
		tg_hook_reply(req, 403, "Forbidden");
		return;
	}
	if (evhttp_request_get_command(req) != EVHTTP_REQ_POST) {
		tg_hook_reply(req, 405, "Method Not Allowed");
		return;
	}
	in = evhttp_request_get_input_buffer(req);
	len = evbuffer_get_length(in);
	body = xmalloc(len + 1);
	u = xmalloc(sizeof *u);
	evbuffer_remove(in, body, len);
	body[len] = '\0';
	rc = tg_update_parse(body, len, tg->botname, u);
	free(body);
	if (rc < 0) {
		/* Sending it again would not help: take it and drop it. */
		log_warnx("telegram: webhook: not an update, dropped");
		tg_hook_reply(req, 200, "OK");
	} else if (tg_poll_feed(tg, u) != 0)
		tg_hook_reply(req, 500, "Internal Server Error");
	else {
		tg_hook_reply(req, 200, "OK");
		tg_after(tg);
	}
	free(u);
}

/* Listen on webhook_listen; -1 with *cause (malloc'd) on failure. */
int
tg_hook_start(struct tg *tg, char **cause)
{
	char		 host[128], *colon;
	unsigned short	 port;

	snprintf(host, sizeof host, "%s", tg->listen);
	if ((colon = strrchr(host, ':')) == NULL) {
		*cause = xstrdup("webhook_listen: not HOST:PORT");
		return (-1);
	}
	*colon = '\0';
	port = (unsigned short)atoi(colon + 1);
	/* "[::1]:8443" */
	if (host[0] == '[' && colon[-1] == ']') {
		colon[-1] = '\0';
		memmove(host, host + 1, strlen(host));
	}
	if ((tg->http = evhttp_new(tg->base)) == NULL)
		fatalx("%s: evhttp_new", __func__);
	evhttp_set_max_body_size(tg->http, TG_HOOK_MAXBODY);
	evhttp_set_max_headers_size(tg->http, 16384);
	evhttp_set_timeout(tg->http, 30);
	evhttp_set_allowed_methods(tg->http, EVHTTP_REQ_POST | EVHTTP_REQ_GET);
	evhttp_set_gencb(tg->http, tg_hook_request, tg);
	if (evhttp_bind_socket(tg->http, host, port) != 0) {
		xasprintf(cause, "webhook_listen %s: cannot listen",
		    tg->listen);
		evhttp_free(tg->http);
		tg->http = NULL;
		return (-1);
	}
	log_info("telegram: webhook on %s", tg->listen);
	return (0);
}

/* Stop the webhook server. */
void
tg_hook_stop(struct tg *tg)
{
	if (tg->http != NULL)
		evhttp_free(tg->http);
	tg->http = NULL;
}
