/*
 * tg-hook.c: webhook mode.  A guarded evhttp server (bridge-httpd.c) on
 * webhook_listen takes the updates Telegram (or a TLS proxy in front of
 * tacd) POSTs.  Every request must carry the secret token in
 * X-Telegram-Bot-Api-Secret-Token: none is 401, a wrong one 403, compared
 * in constant time.  Bodies are capped.  An update is answered 200 once
 * committed; when the service fails it is answered 500, so Telegram
 * sends it again.
 *
 * Anyone who can reach the port can open connections, secret or not:
 * bridge-httpd.c keeps them within webhook_max_connections and a deadline.
 */
#include <stdlib.h>
#include <string.h>

#include <event2/buffer.h>
#include <event2/http.h>

#include "bridge-httpd.h"
#include "log.h"
#include "tg-int.h"
#include "xmalloc.h"

#define TG_HOOK_MAXBODY		(1024 * 1024)

/* What the webhook counts besides bridge-httpd.c's troubles. */
enum {
	TG_HOOK_REFUSED = BRIDGE_HTTPD_OWN,	/* requests without the right
						   secret */
	TG_HOOK_JUNK			/* bodies that are not an update */
};

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

	/* The next request on this connection gets a deadline of its own. */
	bridge_httpd_rearm(tg->hook, req);
	if (tg->stopping) {
		bridge_httpd_reply(req, 503, "Stopping");
		return;
	}
	secret = evhttp_find_header(evhttp_request_get_input_headers(req),
	    "X-Telegram-Bot-Api-Secret-Token");
	if (secret == NULL) {
		bridge_httpd_trouble(tg->hook, TG_HOOK_REFUSED);
		bridge_httpd_reply(req, 401, "Unauthorized");
		return;
	}
	if (!bridge_httpd_equal(secret, tg->secret)) {
		bridge_httpd_trouble(tg->hook, TG_HOOK_REFUSED);
		bridge_httpd_reply(req, 403, "Forbidden");
		return;
	}
	if (evhttp_request_get_command(req) != EVHTTP_REQ_POST) {
		bridge_httpd_reply(req, 405, "Method Not Allowed");
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
		bridge_httpd_trouble(tg->hook, TG_HOOK_JUNK);
		bridge_httpd_reply(req, 200, "OK");
	} else if (tg_feed(tg, u) != 0)
		bridge_httpd_reply(req, 500, "Internal Server Error");
	else {
		bridge_httpd_reply(req, 200, "OK");
		tg_after(tg);
	}
	free(u);
}

/* Listen on webhook_listen; -1 with *cause (malloc'd) on failure. */
int
tg_hook_start(struct tg *tg, char **cause)
{
	struct bridge_httpd_opts	o;

	memset(&o, 0, sizeof o);
	o.name = "telegram: webhook";
	o.setting = "webhook_listen";
	o.listen = tg->listen;
	o.maxconns = tg->maxconns;
	o.maxbody = TG_HOOK_MAXBODY;
	o.maxheaders = 16384;
	o.methods = EVHTTP_REQ_POST | EVHTTP_REQ_GET;
	o.troubles[0] = "requests refused without the secret";
	o.troubles[1] = "bodies dropped as no update";
	o.request = tg_hook_request;
	o.arg = tg;
	if ((tg->hook = bridge_httpd_start(tg->base, &o, cause)) == NULL)
		return (-1);
	return (0);
}

/* Stop the webhook server: its connections close, the counts are told. */
void
tg_hook_stop(struct tg *tg)
{
	bridge_httpd_stop(tg->hook);
	tg->hook = NULL;
}
