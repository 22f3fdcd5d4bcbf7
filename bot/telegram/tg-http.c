/*
 * tg-http.c: Bot API calls over libcurl's multi interface, driven by the
 * libevent loop (the hiperfifo recipe): libcurl says which sockets to
 * watch (CURLMOPT_SOCKETFUNCTION) and when to time out
 * (CURLMOPT_TIMERFUNCTION); the loop tells it what happened with
 * curl_multi_socket_action().  Nothing here blocks.
 *
 * A call's URL holds the token: it is never logged, and libcurl's error
 * texts are cleaned of it before anyone sees them.
 *
 * An answer becomes a struct tg_result here, for every caller alike: a
 * retry_after is clamped to TG_RETRY_MIN..TG_RETRY_MAX seconds (a server
 * that says "wait 2^63 s" or "wait 0 s" is neither obeyed to the letter
 * nor allowed to make us spin), and a list call (getUpdates) leaves its
 * "result" as text for the caller to decode element by element.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdlib.h>
#include <string.h>

#include "bridge-jscan.h"
#include "log.h"
#include "tg-int.h"
#include "xmalloc.h"

struct tg_call {
	struct tg		*tg;
	CURL			*easy;
	struct curl_slist	*hdrs;
	curl_mime		*mime;		/* a multipart body, or NULL */
	char			*req;		/* the JSON request body */
	char			*buf;		/* the answer */
	size_t			 len;
	size_t			 size;
	int			 over;		/* the answer was too big */
	int			 list;		/* leave "result" as text */
	char			 method[32];
	char			 err[CURL_ERROR_SIZE];
	tg_http_cb		 cb;
	void			*arg;
	TAILQ_ENTRY(tg_call)	 entry;
};

/* A watched socket: libcurl's per-socket pointer. */
struct tg_sock {
	struct event	*ev;
};

static void	tg_http_check(struct tg *);

/* Cut every copy of the token out of s, in place. */
static void
tg_http_redact(struct tg *tg, char *s)
{
	size_t	 n = strlen(tg->token);
	char	*p;

	if (n == 0)
		return;
	while ((p = strstr(s, tg->token)) != NULL) {
		memcpy(p, "<token>", n < 7 ? n : 7);
		memmove(p + (n < 7 ? n : 7), p + n, strlen(p + n) + 1);
	}
}

/* Keep what the server sends, up to TG_MAXBODY. */
static size_t
tg_http_write(char *data, size_t size, size_t nmemb, void *arg)
{
	struct tg_call	*c = arg;
	size_t		 n = size * nmemb;

	if (c->len + n > TG_MAXBODY) {
		c->over = 1;
		return (0);	/* stops the transfer */
	}
	if (c->len + n + 1 > c->size) {
		c->size = (c->len + n + 1) * 2;
		c->buf = xrealloc(c->buf, c->size);
	}
	memcpy(c->buf + c->len, data, n);
	c->len += n;
	c->buf[c->len] = '\0';
	return (n);
}

/* Free a call that has left the multi handle. */
static void
tg_http_free_call(struct tg_call *c)
{
	curl_easy_cleanup(c->easy);
	curl_slist_free_all(c->hdrs);
	curl_mime_free(c->mime);
	free(c->req);
	free(c->buf);
	free(c);
}

/*
 * A retry_after of seconds as we obey it: at least TG_RETRY_MIN (0 or
 * less would spin), at most TG_RETRY_MAX (more would stop us for good, and
 * its milliseconds would not even fit).
 */
int64_t
tg_http_retry(int64_t seconds)
{
	if (seconds < TG_RETRY_MIN)
		return (TG_RETRY_MIN);
	if (seconds > TG_RETRY_MAX)
		return (TG_RETRY_MAX);
	return (seconds);
}

/*
 * The answer's JSON, NULL if it is not JSON.  For a list call whose
 * "result" is an array, only the rest (the envelope) goes through jansson,
 * with "result" emptied, and r->list points at the array's text: one bad
 * element must not make the whole answer unreadable.
 */
static json_t *
tg_http_parse(struct tg_call *c, struct tg_result *r)
{
	struct bridge_span	 sp;
	json_error_t	 jerr;
	json_t		*root;
	char		*text;
	size_t		 n;

	if (c->buf == NULL)
		return (NULL);
	if (!c->list || bridge_jscan_member(c->buf, c->len, "result",
	    &sp) != 0 ||
	    c->buf[sp.off] != '[')
		return (json_loadb(c->buf, c->len, 0, &jerr));
	n = c->len - sp.len + 2;
	text = xmalloc(n);
	memcpy(text, c->buf, sp.off);
	memcpy(text + sp.off, "[]", 2);
	memcpy(text + sp.off + 2, c->buf + sp.off + sp.len,
	    c->len - sp.off - sp.len);
	root = json_loadb(text, n, JSON_REJECT_DUPLICATES, &jerr);
	free(text);
	if (root != NULL) {
		r->list = c->buf + sp.off;
		r->listlen = sp.len;
	}
	return (root);
}

/* A finished transfer: make its result and hand it to the callback. */
static void
tg_http_done(struct tg *tg, struct tg_call *c, CURLcode code)
{
	struct tg_result	 r;
	json_t			*root = NULL, *p;

	memset(&r, 0, sizeof r);
	r.method = c->method;
	curl_easy_getinfo(c->easy, CURLINFO_RESPONSE_CODE, &r.status);
	if (code != CURLE_OK) {
		r.transport = 1;
		r.status = 0;
		if (c->over)
			snprintf(c->err, sizeof c->err, "answer over %d bytes",
			    TG_MAXBODY);
		else if (c->err[0] == '\0')
			snprintf(c->err, sizeof c->err, "%s",
			    curl_easy_strerror(code));
		tg_http_redact(tg, c->err);
		r.desc = c->err;
	} else if ((root = tg_http_parse(c, &r)) == NULL ||
	    !json_is_object(root)) {
		/* Not Telegram's JSON: a proxy's page, or garbage. */
		snprintf(c->err, sizeof c->err, "HTTP %ld: not a JSON answer",
		    r.status);
		r.desc = c->err;
		r.list = NULL;
		if (r.status < 500)
			r.status = 502;
	} else {
		r.ok = json_is_true(json_object_get(root, "ok"));
		r.result = r.list != NULL ? NULL : json_object_get(root,
		    "result");
		r.desc = json_string_value(json_object_get(root,
		    "description"));
		p = json_object_get(root, "parameters");
		if (json_is_integer(json_object_get(p, "retry_after")))
			r.retry_after = tg_http_retry(json_integer_value(
			    json_object_get(p, "retry_after")));
		if (json_is_integer(json_object_get(p, "migrate_to_chat_id")))
			r.migrate = json_integer_value(json_object_get(p,
			    "migrate_to_chat_id"));
		if (r.desc == NULL)
			r.desc = r.ok ? "ok" : "no description";
		if (r.ok && r.status != 200)
			r.ok = 0;
	}
	c->cb(tg, &r, c->arg);
	json_decref(root);
}

/* Collect the finished transfers. */
static void
tg_http_check(struct tg *tg)
{
	CURLMsg		*m;
	struct tg_call	*c;
	int		 left;

	while ((m = curl_multi_info_read(tg->multi, &left)) != NULL) {
		if (m->msg != CURLMSG_DONE)
			continue;
		curl_easy_getinfo(m->easy_handle, CURLINFO_PRIVATE, (char **)&c);
		curl_multi_remove_handle(tg->multi, c->easy);
		TAILQ_REMOVE(&tg->calls, c, entry);
		tg_http_done(tg, c, m->data.result);
		tg_http_free_call(c);
	}
}

/* A watched socket is ready: tell libcurl. */
static void
tg_http_event(evutil_socket_t fd, short what, void *arg)
{
	struct tg	*tg = arg;
	int		 flags = 0, running;

	if (what & EV_READ)
		flags |= CURL_CSELECT_IN;
	if (what & EV_WRITE)
		flags |= CURL_CSELECT_OUT;
	curl_multi_socket_action(tg->multi, fd, flags, &running);
	tg_http_check(tg);
}

/* libcurl's timeout passed. */
static void
tg_http_timeout(evutil_socket_t fd, short what, void *arg)
{
	struct tg	*tg = arg;
	int		 running;

	(void)fd;
	(void)what;
	curl_multi_socket_action(tg->multi, CURL_SOCKET_TIMEOUT, 0, &running);
	tg_http_check(tg);
}

/* libcurl asks for a timeout in ms (-1: none). */
static int
tg_http_timer(CURLM *multi, long ms, void *arg)
{
	struct tg	*tg = arg;
	struct timeval	 tv;

	(void)multi;
	if (ms < 0) {
		evtimer_del(tg->ev_curl);
		return (0);
	}
	tv.tv_sec = ms / 1000;
	tv.tv_usec = (ms % 1000) * 1000;
	evtimer_add(tg->ev_curl, &tv);
	return (0);
}

/* libcurl asks to watch a socket for what (or to forget it). */
static int
tg_http_socket(CURL *easy, curl_socket_t fd, int what, void *arg,
    void *sockp)
{
	struct tg	*tg = arg;
	struct tg_sock	*s = sockp;
	short		 kind;

	(void)easy;
	if (what == CURL_POLL_REMOVE) {
		if (s != NULL) {
			event_free(s->ev);
			free(s);
			curl_multi_assign(tg->multi, fd, NULL);
		}
		return (0);
	}
	kind = EV_PERSIST;
	if (what & CURL_POLL_IN)
		kind |= EV_READ;
	if (what & CURL_POLL_OUT)
		kind |= EV_WRITE;
	if (s == NULL) {
		s = xcalloc(1, sizeof *s);
		curl_multi_assign(tg->multi, fd, s);
	} else {
		event_free(s->ev);
	}
	if ((s->ev = event_new(tg->base, fd, kind, tg_http_event, tg)) ==
	    NULL || event_add(s->ev, NULL) != 0)
		fatalx("%s: cannot watch a socket", __func__);
	return (0);
}

/* Set up the multi handle on the loop; -1 on failure. */
int
tg_http_init(struct tg *tg)
{
	TAILQ_INIT(&tg->calls);
	if ((tg->multi = curl_multi_init()) == NULL)
		return (-1);
	if ((tg->ev_curl = evtimer_new(tg->base, tg_http_timeout, tg)) ==
	    NULL)
		return (-1);
	curl_multi_setopt(tg->multi, CURLMOPT_SOCKETFUNCTION, tg_http_socket);
	curl_multi_setopt(tg->multi, CURLMOPT_SOCKETDATA, tg);
	curl_multi_setopt(tg->multi, CURLMOPT_TIMERFUNCTION, tg_http_timer);
	curl_multi_setopt(tg->multi, CURLMOPT_TIMERDATA, tg);
	return (0);
}

/* Drop every call in flight (cancelled) and the multi handle. */
void
tg_http_free(struct tg *tg)
{
	struct tg_call		*c;
	struct tg_result	 r;

	if (tg->multi == NULL)
		return;
	while ((c = TAILQ_FIRST(&tg->calls)) != NULL) {
		TAILQ_REMOVE(&tg->calls, c, entry);
		curl_multi_remove_handle(tg->multi, c->easy);
		/* The callback only frees what it was given. */
		memset(&r, 0, sizeof r);
		r.method = c->method;
		r.cancelled = 1;
		r.transport = 1;
		r.desc = "cancelled";
		c->cb(tg, &r, c->arg);
		tg_http_free_call(c);
	}
	curl_multi_cleanup(tg->multi);
	tg->multi = NULL;
	if (tg->ev_curl != NULL)
		event_free(tg->ev_curl);
	tg->ev_curl = NULL;
}

/* A new call of method to the Bot API, its transfer not yet set. */
static struct tg_call *
tg_http_new(struct tg *tg, const char *method, tg_http_cb cb, void *arg)
{
	struct tg_call	*c;

	c = xcalloc(1, sizeof *c);
	c->tg = tg;
	c->cb = cb;
	c->arg = arg;
	snprintf(c->method, sizeof c->method, "%s", method);
	if ((c->easy = curl_easy_init()) == NULL)
		fatalx("%s: curl_easy_init", __func__);
	return (c);
}

/*
 * Set what every call shares (the URL, where the answer goes, timeouts,
 * HTTP(S) only, the CA file) and hand the call to the multi handle.
 */
static void
tg_http_start(struct tg *tg, struct tg_call *c, long timeout)
{
	char	url[512];

	snprintf(url, sizeof url, "%s/bot%s/%s", tg->api, tg->token,
	    c->method);
	curl_easy_setopt(c->easy, CURLOPT_URL, url);
	curl_easy_setopt(c->easy, CURLOPT_WRITEFUNCTION, tg_http_write);
	curl_easy_setopt(c->easy, CURLOPT_WRITEDATA, c);
	curl_easy_setopt(c->easy, CURLOPT_ERRORBUFFER, c->err);
	curl_easy_setopt(c->easy, CURLOPT_PRIVATE, c);
	curl_easy_setopt(c->easy, CURLOPT_NOSIGNAL, 1L);
	curl_easy_setopt(c->easy, CURLOPT_TIMEOUT, timeout);
	curl_easy_setopt(c->easy, CURLOPT_CONNECTTIMEOUT, 10L);
#if LIBCURL_VERSION_NUM >= 0x075500
	curl_easy_setopt(c->easy, CURLOPT_PROTOCOLS_STR, "http,https");
#else
	curl_easy_setopt(c->easy, CURLOPT_PROTOCOLS,
	    (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
#endif
	curl_easy_setopt(c->easy, CURLOPT_USERAGENT, "tacd");
	if (tg->ca[0] != '\0')
		curl_easy_setopt(c->easy, CURLOPT_CAINFO, tg->ca);
	TAILQ_INSERT_TAIL(&tg->calls, c, entry);
	if (curl_multi_add_handle(tg->multi, c->easy) != CURLM_OK)
		fatalx("%s: curl_multi_add_handle", __func__);
}

/* A JSON POST of params (the call takes the reference). */
static struct tg_call *
tg_http_post(struct tg *tg, const char *method, json_t *params,
    tg_http_cb cb, void *arg)
{
	struct tg_call	*c;

	c = tg_http_new(tg, method, cb, arg);
	/* No params, or none could be made (bad text): an empty call. */
	if (params == NULL)
		params = json_object();
	c->req = json_dumps(params, JSON_COMPACT);
	json_decref(params);
	c->hdrs = curl_slist_append(NULL, "Content-Type: application/json");
	curl_easy_setopt(c->easy, CURLOPT_HTTPHEADER, c->hdrs);
	curl_easy_setopt(c->easy, CURLOPT_POSTFIELDS, c->req);
	return (c);
}

/*
 * Call a Bot API method with params (a JSON object; the call takes the
 * reference) as a JSON POST.  timeout: seconds for the whole call.  cb
 * runs from the loop once, whatever happens.
 */
void
tg_http_call(struct tg *tg, const char *method, json_t *params, long timeout,
    tg_http_cb cb, void *arg)
{
	tg_http_start(tg, tg_http_post(tg, method, params, cb, arg), timeout);
}

/*
 * As tg_http_call(), for a method whose result is a list (getUpdates):
 * the callback gets the list as text in r->list (r->result is NULL), to
 * decode one element at a time with bridge-jscan.c.
 */
void
tg_http_call_list(struct tg *tg, const char *method, json_t *params,
    long timeout, tg_http_cb cb, void *arg)
{
	struct tg_call	*c;

	c = tg_http_post(tg, method, params, cb, arg);
	c->list = 1;
	tg_http_start(tg, c, timeout);
}

/*
 * Call a Bot API method as a multipart/form-data POST: the fields of
 * fields (a JSON object; the call takes the reference) go as form fields,
 * strings as they are and other values JSON-encoded (reply_markup,
 * media), and data (len bytes of a PNG image, copied now) as the file
 * part named filefield.  Otherwise as tg_http_call().
 */
void
tg_http_upload(struct tg *tg, const char *method, json_t *fields,
    const char *filefield, const unsigned char *data, size_t len,
    long timeout, tg_http_cb cb, void *arg)
{
	tg_http_upload_file(tg, method, fields, filefield, "board.png",
	    "image/png", data, len, timeout, cb, arg);
}

/*
 * The same with the file part's name and type given: a document
 * ("tac-game-12.json", "application/json").
 */
void
tg_http_upload_file(struct tg *tg, const char *method, json_t *fields,
    const char *filefield, const char *filename, const char *type,
    const unsigned char *data, size_t len, long timeout, tg_http_cb cb,
    void *arg)
{
	struct tg_call	*c;
	curl_mimepart	*part;
	const char	*key;
	json_t		*v;
	char		*text;

	c = tg_http_new(tg, method, cb, arg);
	if ((c->mime = curl_mime_init(c->easy)) == NULL)
		fatalx("%s: curl_mime_init", __func__);
	json_object_foreach(fields, key, v) {
		/* Telegram reads numbers and JSON objects from their text. */
		if (json_is_string(v))
			text = xstrdup(json_string_value(v));
		else
			text = json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY);
		if (text == NULL || (part = curl_mime_addpart(c->mime)) ==
		    NULL || curl_mime_name(part, key) != CURLE_OK ||
		    curl_mime_data(part, text, CURL_ZERO_TERMINATED) !=
		    CURLE_OK)
			fatalx("%s: field %s", __func__, key);
		free(text);
	}
	json_decref(fields);
	if ((part = curl_mime_addpart(c->mime)) == NULL ||
	    curl_mime_name(part, filefield) != CURLE_OK ||
	    curl_mime_filename(part, filename) != CURLE_OK ||
	    curl_mime_type(part, type) != CURLE_OK ||
	    curl_mime_data(part, (const char *)data, len) != CURLE_OK)
		fatalx("%s: file part", __func__);
	curl_easy_setopt(c->easy, CURLOPT_MIMEPOST, c->mime);
	tg_http_start(tg, c, timeout);
}
