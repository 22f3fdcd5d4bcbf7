/*
 * check_tg_stub.c: the Bot API calls of the Telegram bridge, kept for
 * the test to answer (check_tg_stub.h).  It stands in for tg-http.c, the
 * only file of the bridge that touches the network: everything above it
 * (the sender, the failure table, the calls composed messages become)
 * runs as in tacd.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>

#include "check_tg_stub.h"

static TAILQ_HEAD(, stub_call)	stub_calls = TAILQ_HEAD_INITIALIZER(stub_calls);

/* Keep a call; its params are taken. */
static void
stub_keep(const char *method, json_t *params, const char *file, size_t len,
    tg_http_cb cb, void *arg)
{
	struct stub_call	*c;

	ck_assert_ptr_nonnull(c = calloc(1, sizeof *c));
	snprintf(c->method, sizeof c->method, "%s", method);
	c->params = params != NULL ? params : json_object();
	snprintf(c->file, sizeof c->file, "%s", file != NULL ? file : "");
	c->len = len;
	c->cb = cb;
	c->arg = arg;
	TAILQ_INSERT_TAIL(&stub_calls, c, entry);
}

/* tg_http_init(): nothing to set up. */
int
tg_http_init(struct tg *tg)
{
	(void)tg;
	return (0);
}

/* Cancel a call: its callback hears so (and frees what it was given). */
static void
stub_cancel(struct tg *tg, struct stub_call *c)
{
	struct tg_result	r;

	TAILQ_REMOVE(&stub_calls, c, entry);
	memset(&r, 0, sizeof r);
	r.method = c->method;
	r.cancelled = 1;
	r.transport = 1;
	r.desc = "cancelled";
	c->cb(tg, &r, c->arg);
	json_decref(c->params);
	free(c);
}

/* tg_http_free(): every call still out is cancelled, as in tg-http.c. */
void
tg_http_free(struct tg *tg)
{
	struct stub_call	*c;

	while ((c = TAILQ_FIRST(&stub_calls)) != NULL)
		stub_cancel(tg, c);
}

/* tg_http_call(): kept. */
void
tg_http_call(struct tg *tg, const char *method, json_t *params, long timeout,
    tg_http_cb cb, void *arg)
{
	(void)tg;
	(void)timeout;
	stub_keep(method, params, NULL, 0, cb, arg);
}

/* tg_http_call_list(): kept (getUpdates: the tests never answer it). */
void
tg_http_call_list(struct tg *tg, const char *method, json_t *params,
    long timeout, tg_http_cb cb, void *arg)
{
	(void)tg;
	(void)timeout;
	stub_keep(method, params, NULL, 0, cb, arg);
}

/* tg_http_upload(): kept, with the size of the file. */
void
tg_http_upload(struct tg *tg, const char *method, json_t *fields,
    const char *filefield, const unsigned char *data, size_t len,
    long timeout, tg_http_cb cb, void *arg)
{
	(void)tg;
	(void)data;
	(void)timeout;
	stub_keep(method, fields, filefield, len, cb, arg);
}

/* tg_http_upload_file(): the same. */
void
tg_http_upload_file(struct tg *tg, const char *method, json_t *fields,
    const char *filefield, const char *filename, const char *type,
    const unsigned char *data, size_t len, long timeout, tg_http_cb cb,
    void *arg)
{
	(void)filename;
	(void)type;
	tg_http_upload(tg, method, fields, filefield, data, len, timeout, cb,
	    arg);
}

/* The first call of a method waiting (NULL: any), or NULL. */
struct stub_call *
stub_first(const char *method)
{
	struct stub_call	*c;

	TAILQ_FOREACH(c, &stub_calls, entry) {
		if (method == NULL || strcmp(c->method, method) == 0)
			return (c);
	}
	return (NULL);
}

/* How many calls of a method wait (NULL: any). */
int
stub_count(const char *method)
{
	struct stub_call	*c;
	int			 n = 0;

	TAILQ_FOREACH(c, &stub_calls, entry)
		n += method == NULL || strcmp(c->method, method) == 0;
	return (n);
}

/* The chat a call goes to ("" if none). */
const char *
stub_chat(const struct stub_call *c)
{
	const char	*s = json_string_value(json_object_get(c->params,
			    "chat_id"));

	return (s != NULL ? s : "");
}

/* Answer a call as tg-http.c would make the answer; the call goes. */
void
stub_answer(struct tg *tg, struct stub_call *c, const struct stub_answer *a)
{
	struct tg_result	r;

	TAILQ_REMOVE(&stub_calls, c, entry);
	memset(&r, 0, sizeof r);
	r.method = c->method;
	r.status = a->status;
	r.transport = a->status == 0;
	r.ok = a->status == 200;
	r.result = a->result;
	r.desc = a->desc != NULL ? a->desc : r.ok ? "ok" : "no description";
	r.retry_after = a->retry_after;
	r.migrate = a->migrate;
	c->cb(tg, &r, c->arg);
	json_decref(c->params);
	free(c);
}

/* Answer a call "ok", with a message of this id (0: true, no message). */
void
stub_ok(struct tg *tg, struct stub_call *c, int64_t id)
{
	struct stub_answer	 a;
	json_t			*res;

	memset(&a, 0, sizeof a);
	a.status = 200;
	res = id > 0 ? json_pack("{s:I}", "message_id", (json_int_t)id) :
	    json_true();
	a.result = res;
	stub_answer(tg, c, &a);
	json_decref(res);
}

/* Cancel the calls of a method waiting: they will never be answered. */
void
stub_drop(struct tg *tg, const char *method)
{
	struct stub_call	*c, *next;

	for (c = TAILQ_FIRST(&stub_calls); c != NULL; c = next) {
		next = TAILQ_NEXT(c, entry);
		if (strcmp(c->method, method) == 0)
			stub_cancel(tg, c);
	}
}
