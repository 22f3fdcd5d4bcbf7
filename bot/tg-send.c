/*
 * tg-send.c: the outbox, delivered through the Bot API: what goes out
 * next, and when.
 *
 * Many chats at once, one call in flight per chat (a chat's messages stay
 * in order: the service keeps each chat's rows as a queue), at most
 * TG_INFLIGHT calls in all, inside Telegram's limits as token buckets:
 * about one message a second per chat, twenty a minute per group, thirty
 * a second overall.  Each round (tg_send_pump()) looks at the board and
 * lobby edits waiting, the button answers, and the first row of every
 * chat's queue; what may go goes, composed whole (tg-out.c) just before
 * its call, and the sender then sleeps on one timer until the next thing
 * comes due: a row put off, a bucket refilling, the API back.  A call's
 * answer is read in tg-result.c, which starts the next round.
 *
 * Rows kept back by a bucket stay as they are in the outbox: a chat that
 * must wait costs no write.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "compose.h"
#include "log.h"
#include "now.h"
#include "tg-int.h"
#include "xmalloc.h"

static void	tg_send_pump(struct tg *);

/* Set a bucket up, full: rate tokens a second, up to burst. */
void
tg_bucket_init(struct tg_bucket *b, double rate, double burst, double now)
{
	b->rate = rate;
	b->burst = burst;
	b->tokens = burst;
	b->at = now;
}

/* Refill a bucket to now; 0 if a token is there, else the seconds to one. */
double
tg_bucket_wait(struct tg_bucket *b, double now)
{
	if (b->rate <= 0)
		return (0.0);
	b->tokens += (now - b->at) * b->rate;
	if (b->tokens > b->burst)
		b->tokens = b->burst;
	b->at = now;
	if (b->tokens >= 1.0)
		return (0.0);
	return ((1.0 - b->tokens) / b->rate);
}

/* Take the token tg_bucket_wait() found. */
void
tg_bucket_take(struct tg_bucket *b)
{
	if (b->rate > 0)
		b->tokens -= 1.0;
}

/* Empty a bucket for secs seconds (Telegram said wait). */
void
tg_bucket_hold(struct tg_bucket *b, double now, double secs)
{
	if (b->rate <= 0)
		return;
	b->tokens = -secs * b->rate;
	b->at = now;
}

/*
 * Take a token of the chat's buckets and of the global one, or none:
 * 0 when taken, else the seconds until they all have one.
 */
static double
tg_send_tokens(struct tg *tg, struct tg_chat *c, double now)
{
	double	w = 0.0, x;

	if (c != NULL) {
		if ((x = tg_bucket_wait(&c->b, now)) > w)
			w = x;
		if ((x = tg_bucket_wait(&c->m, now)) > w)
			w = x;
	}
	if ((x = tg_bucket_wait(&tg->global, now)) > w)
		w = x;
	if (w > 0)
		return (w);
	if (c != NULL) {
		tg_bucket_take(&c->b);
		tg_bucket_take(&c->m);
	}
	tg_bucket_take(&tg->global);
	return (0.0);
}

/* Give back the tokens of a call that was not made after all. */
static void
tg_send_untake(struct tg *tg, struct tg_chat *c)
{
	if (c != NULL) {
		c->b.tokens += c->b.rate > 0 ? 1.0 : 0.0;
		c->m.tokens += c->m.rate > 0 ? 1.0 : 0.0;
	}
	tg->global.tokens += 1.0;
}

/*
 * The id a chat has now, after a migration to a supergroup that the
 * service could not record (normally the rows themselves moved).
 */
const char *
tg_send_target(struct tg *tg, const char *chat)
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
tg_send_moved(struct tg *tg, const char *chat, const char *to)
{
	struct tg_chat	*c;

	if (strcmp(chat, to) == 0 || strcmp(tg_send_target(tg, chat), to) ==
	    0)
		return;
	if (svc_chat_migrate(tg->svc, TG_PLATFORM, chat, to) == 0) {
		log_info("telegram: chat %s became %s; its games moved", chat,
		    to);
		return;
	}
	log_warnx("telegram: chat %s became %s, but its games did not move: "
	    "%s; sending there for now", chat, to, svc_error(tg->svc));
	c = tg_chat_get(tg, chat, now_mono());
	snprintf(c->moved, sizeof c->moved, "%s", to);
}

/* A direct answer's reply: nothing to mark, failures only logged. */
static void
tg_send_answered(struct tg *tg, const struct tg_result *r, void *arg)
{
	(void)tg;
	(void)arg;
	if (!r->cancelled && !r->ok)
		log_debug("telegram: answerCallbackQuery: %s", r->desc);
}

/*
 * Answer a button press the service could not take (no person or chat
 * in it): every press is answered, or the person's button spins.
 */
void
tg_send_answer(struct tg *tg, const char *callback)
{
	if (tg->stopping)
		return;
	tg_http_call(tg, "answerCallbackQuery", json_pack("{s:s}",
	    "callback_query_id", callback), 30, tg_send_answered, NULL);
}

/* Free a call's record. */
void
tg_send_sentfree(struct tg_sent *s)
{
	json_decref(s->fallback);
	json_decref(s->textfb);
	free(s->png);
	free(s);
}

/*
 * Make a call for s (params taken): an upload when it carries a photo
 * or a document.
 */
void
tg_send_call(struct tg *tg, struct tg_sent *s, const char *method,
    json_t *params, const char *file)
{
	s->started = now_mono();
	if (file != NULL && *file != '\0' && s->png != NULL &&
	    s->fname[0] != '\0')
		tg_http_upload_file(tg, method, params, file, s->fname,
		    "application/json", s->png, s->pnglen, 60, tg_result_done,
		    s);
	else if (file != NULL && *file != '\0' && s->png != NULL)
		tg_http_upload(tg, method, params, file, s->png, s->pnglen, 60,
		    tg_result_done, s);
	else
		tg_http_call(tg, method, params, 30, tg_result_done, s);
}

/* A call is over: its chat (or answer slot) is free again. */
void
tg_send_release(struct tg *tg, struct tg_sent *s)
{
	struct tg_chat	*c;
	int		 i;

	tg->inflight--;
	if (s->answer) {
		for (i = 0; i < TG_ANSWERS; i++) {
			if (tg->answering[i] == s->ids[0])
				tg->answering[i] = 0;
		}
		tg->answers = 1;
	} else if ((c = tg_chat_find(tg, s->chat)) != NULL) {
		c->busy = 0;
		c->next = 0;
	}
}

/* A new call record for chat (or an answer: chat ""). */
static struct tg_sent *
tg_send_new(const char *chat)
{
	struct tg_sent	*s;

	s = xcalloc(1, sizeof *s);
	snprintf(s->chat, sizeof s->chat, "%s", chat);
	return (s);
}

/*
 * Send the call a request describes, its record s taking over what the
 * answer needs (the fallbacks, the photo); req is freed.
 */
static void
tg_send_req(struct tg *tg, struct tg_chat *c, struct tg_sent *s,
    struct tg_req *req)
{
	memcpy(s->ids, req->ids, sizeof s->ids);
	s->nids = req->nids;
	s->board = req->board;
	s->lobby = req->lobby;
	snprintf(s->edit, sizeof s->edit, "%s", req->edit);
	snprintf(s->orig, sizeof s->orig, "%s", req->edit);
	s->fallback = req->fallback;
	req->fallback = NULL;
	s->textfb = req->textfb;
	req->textfb = NULL;
	snprintf(s->fbmethod, sizeof s->fbmethod, "%s", req->fbmethod);
	snprintf(s->fbfile, sizeof s->fbfile, "%s", req->fbfile);
	s->png = req->png;
	s->pnglen = req->pnglen;
	req->png = NULL;
	s->photo = req->photo;
	snprintf(s->fname, sizeof s->fname, "%s", req->fname);
	s->doc = req->doc;
	s->shown = req->shown;
	c->busy = 1;
	tg->inflight++;
	tg_send_call(tg, s, req->method, req->params, req->file);
	req->params = NULL;
	tg_out_free(req);
}

/*
 * Make chat c's first edit that has a message to edit: 1 if a call went
 * out, 0 if it had none (its tokens are given back by the caller).
 */
static int
tg_send_edit(struct tg *tg, struct tg_chat *c)
{
	struct tg_sent	*s;
	struct tg_edit	 e;
	struct tg_req	 req;

	while (tg_chat_edit_take(tg, c, &e)) {
		if (tg_out_edit(tg, c->id, e.game, e.kind, &req) == 0) {
			tg_out_free(&req);
			continue;
		}
		s = tg_send_new(c->id);
		s->game = e.game;
		s->kind = e.kind;
		s->attempts = e.attempts;
		tg_send_req(tg, c, s, &req);
		return (1);
	}
	return (0);
}

/* The call answering a button press (an "answer" row). */
static json_t *
tg_send_answerparams(struct tg *tg, const struct svc_out *out)
{
	static const struct render_opts o = { RENDER_PLAIN, "en", NULL, 0 };
	struct rbuf	 b = { NULL, 0, 0 };
	json_t		*p;
	const char	*cb;

	compose_text(tg->svc, out, &o, &b);
	while (b.len > 0 && b.s[b.len - 1] == '\n')
		b.s[--b.len] = '\0';
	cb = json_string_value(json_object_get(out->data, "callback"));
	p = json_pack("{s:s}", "callback_query_id", cb != NULL ? cb : "");
	if (b.len > 0)
		json_object_set_new(p, "text", json_stringn(b.s, b.len > 200 ?
		    200 : b.len));
	if (json_is_true(json_object_get(out->data, "alert")))
		json_object_set_new(p, "show_alert", json_true());
	rbuf_free(&b);
	return (p);
}

/* Answer one button press (answer row id) in a free answer slot. */
static void
tg_send_answerrow(struct tg *tg, int64_t id, int slot)
{
	struct tg_sent	*s;
	struct svc_out	 out;

	if (svc_outbox_get(tg->svc, id, &out) != 1)
		return;
	s = tg_send_new("");
	s->answer = 1;
	s->ids[s->nids++] = out.id;
	s->attempts = out.attempts;
	tg->answering[slot] = out.id;
	tg->inflight++;
	tg_send_call(tg, s, "answerCallbackQuery", tg_send_answerparams(tg,
	    &out), NULL);
	svc_out_free(&out);
}

/*
 * Deliver row id (the first of chat c's queue): 1 if a call went out, 0
 * when the row needed none (it is done now, and the chat's next row may
 * go at once).
 */
static int
tg_send_row(struct tg *tg, struct tg_chat *c, int64_t id)
{
	struct tg_sent	*s;
	struct svc_out	 out;
	struct tg_req	 req;
	int		 i, rc = 0;

	if (svc_outbox_get(tg->svc, id, &out) != 1)
		return (0);
	if (tg_out_make(tg, &out, &req) == 0) {
		/* Nothing to say (an old turn notice): done as it is. */
		for (i = 0; i < req.nids; i++) {
			if (svc_outbox_done(tg->svc, req.ids[i], NULL) != 0)
				log_warnx("telegram: outbox row %lld: %s",
				    (long long)req.ids[i], svc_error(tg->svc));
		}
		tg_out_free(&req);
		goto out;
	}
	s = tg_send_new(out.chat);
	s->game = out.game;
	s->attempts = out.attempts;
	tg_send_req(tg, c, s, &req);
	rc = 1;
out:
	svc_out_free(&out);
	return (rc);
}

/* Keep the earliest of the times the sender must wake at. */
static void
tg_send_wake(double *wake, double at)
{
	if (*wake == 0 || at < *wake)
		*wake = at;
}

/* Board and lobby edits, for chats that are free and may send. */
static void
tg_send_edits(struct tg *tg, double now, double *wake)
{
	struct tg_chat	*c, *next;
	double		 w;

	for (c = TAILQ_FIRST(&tg->chat_edits); c != NULL &&
	    tg->inflight < TG_INFLIGHT; c = next) {
		next = TAILQ_NEXT(c, editq);
		if (c->busy)
			continue;
		if (c->hold > now) {
			tg_send_wake(wake, c->hold);
			continue;
		}
		if ((w = tg_send_tokens(tg, c, now)) > 0) {
			tg_send_wake(wake, now + w);
			continue;
		}
		if (!tg_send_edit(tg, c))
			tg_send_untake(tg, c);
	}
}

/* An answer row waits until at: look at the answers again then. */
static void
tg_send_answerlater(struct tg *tg, double at, double *wake)
{
	if (tg->answers_next == 0 || at < tg->answers_next)
		tg->answers_next = at;
	tg_send_wake(wake, at);
}

/* Button answers: no order, no chat limits; a few slots of their own. */
static void
tg_send_answers(struct tg *tg, double now, int64_t wall, double *wake)
{
	struct svc_head	 h[TG_ANSWERS * 2];
	double		 w;
	int		 i, j, n, slot;

	if (!tg->answers || tg->answers_next > now) {
		if (tg->answers)
			tg_send_wake(wake, tg->answers_next);
		return;
	}
	tg->answers_next = 0;
	if ((n = svc_outbox_answers(tg->svc, TG_PLATFORM, h,
	    TG_ANSWERS * 2)) < 0) {
		log_warnx("telegram: outbox: %s", svc_error(tg->svc));
		return;
	}
	/* Looked at all of them: none waits unless one is left below. */
	tg->answers = n == TG_ANSWERS * 2;
	for (i = 0; i < n && tg->inflight < TG_INFLIGHT; i++) {
		for (j = 0, slot = -1; j < TG_ANSWERS; j++) {
			if (tg->answering[j] == h[i].id)
				break;
			if (tg->answering[j] == 0 && slot < 0)
				slot = j;
		}
		if (j < TG_ANSWERS)
			continue;		/* out already: its answer looks */
		tg->answers = 1;
		if (slot < 0)
			return;
		if (h[i].due > wall) {
			tg_send_answerlater(tg, now + (double)(h[i].due - wall),
			    wake);
			continue;
		}
		if ((w = tg_send_tokens(tg, NULL, now)) > 0) {
			tg_send_answerlater(tg, now + w, wake);
			return;
		}
		tg_send_answerrow(tg, h[i].id, slot);
	}
}

/* A chat got rows (svc_outbox_chats()): its queue is looked at. */
static void
tg_send_queued(void *arg, const char *chat)
{
	struct tg	*tg = arg;
	struct tg_chat	*c;

	if (*chat == '\0') {
		tg->answers = 1;
		tg->answers_next = 0;
		return;
	}
	c = tg_chat_get(tg, chat, now_mono());
	c->next = 0;
	if (c->queued)
		return;
	c->queued = 1;
	TAILQ_INSERT_TAIL(&tg->chat_queue, c, queueq);
	tg->nqueued++;
}

/*
 * The chat's queue is empty (or the chat asked for none): it leaves the
 * list until the service says it got rows again.
 */
static void
tg_send_unqueue(struct tg *tg, struct tg_chat *c)
{
	if (!c->queued)
		return;
	c->queued = 0;
	TAILQ_REMOVE(&tg->chat_queue, c, queueq);
	tg->nqueued--;
}

/* Chat c sends nothing before at: not looked at again until then.  0. */
static int
tg_send_later(struct tg_chat *c, double at, double *wake)
{
	c->next = at;
	tg_send_wake(wake, at);
	return (0);
}

/*
 * Chat c's queue: its first row goes when it is due and the chat may
 * send; a row that needs no call is done and the next one looked at.
 * 1 if a call went out.
 */
static int
tg_send_queue(struct tg *tg, struct tg_chat *c, double now, int64_t wall,
    double *wake)
{
	struct svc_head	 h;
	double		 w;
	int		 n, rc;

	for (n = 0; n < 64; n++) {
		if ((rc = svc_outbox_head(tg->svc, TG_PLATFORM, c->id,
		    &h)) <= 0) {
			if (rc < 0)
				log_warnx("telegram: outbox: %s",
				    svc_error(tg->svc));
			else
				tg_send_unqueue(tg, c);
			return (0);
		}
		if (h.due > wall)
			return (tg_send_later(c, now + (double)(h.due - wall),
			    wake));
		if (c->hold > now)
			return (tg_send_later(c, c->hold, wake));
		if ((w = tg_send_tokens(tg, c, now)) > 0)
			return (tg_send_later(c, now + w, wake));
		if (tg_send_row(tg, c, h.id))
			return (1);
		tg_send_untake(tg, c);
	}
	tg_send_wake(wake, now);	/* more later: do not hold the loop */
	return (0);
}

/*
 * Every chat with rows, in turn: a chat that sent goes to the end of the
 * list, so that no busy chat starves the others.  1 when the round ran
 * out of time with chats left to look at.
 */
static int
tg_send_queues(struct tg *tg, double now, int64_t wall, double *wake,
    double until)
{
	struct tg_chat	*c, *next;
	size_t		 i, n;

	if (svc_outbox_chats(tg->svc, TG_PLATFORM, !tg->scanned,
	    tg_send_queued, tg) == 0)
		tg->scanned = 1;
	else
		log_warnx("telegram: outbox: %s", svc_error(tg->svc));
	/* Each chat once: those that sent are moved behind the others. */
	n = tg->nqueued;
	for (i = 0, c = TAILQ_FIRST(&tg->chat_queue); i < n && c != NULL &&
	    tg->inflight < TG_INFLIGHT; i++, c = next) {
		next = TAILQ_NEXT(c, queueq);
		if (c->busy)
			continue;	/* its answer brings the next round */
		if (c->next > now) {
			tg_send_wake(wake, c->next);
			continue;
		}
		if (tg_send_queue(tg, c, now, wall, wake) && c->queued) {
			TAILQ_REMOVE(&tg->chat_queue, c, queueq);
			TAILQ_INSERT_TAIL(&tg->chat_queue, c, queueq);
		}
		if (now_mono() > until && i + 1 < n && next != NULL)
			return (1);
	}
	return (0);
}

/*
 * One round: send what may go now, then sleep until the next thing
 * comes due (the answers of the calls out start rounds of their own).
 */
static void
tg_send_pump(struct tg *tg)
{
	struct timeval	 tv;
	double		 now, wake = 0, d;
	int64_t		 wall;

	if (tg->stopping || tg->ev_send == NULL)
		return;
	if (tg->pumping) {
		tg->again = 1;
		return;
	}
	tg->pumping = 1;
	do {
		tg->again = 0;
		now = now_mono();
		wall = time(NULL);
		if (tg->down_until > now) {
			tg_send_wake(&wake, tg->down_until);
			break;
		}
		tg_send_edits(tg, now, &wake);
		tg_send_answers(tg, now, wall, &wake);
		if (tg_send_queues(tg, now, wall, &wake, now + TG_PUMP_MS /
		    1e3)) {
			/* Out of time: the rest after the loop's other work. */
			tg_send_wake(&wake, now);
			break;
		}
	} while (tg->again && !tg->stopping);
	tg->pumping = 0;
	evtimer_del(tg->ev_send);
	if (wake > 0 && !tg->stopping) {
		if ((d = wake - now_mono()) < 0.001)
			d = 0.001;
		tv.tv_sec = (time_t)d;
		tv.tv_usec = (suseconds_t)((d - floor(d)) * 1e6);
		evtimer_add(tg->ev_send, &tv);
	}
}

/* Deliver what is due (rows were queued, or a call was answered). */
void
tg_send_kick(struct tg *tg)
{
	tg_send_pump(tg);
}

/* The timer: something came due. */
static void
tg_send_timer(evutil_socket_t fd, short what, void *arg)
{
	(void)fd;
	(void)what;
	tg_send_pump(arg);
}

/* Set up the sender: the global bucket and the timer. */
int
tg_send_init(struct tg *tg)
{
	tg_bucket_init(&tg->global, 30.0 * tg->scale, 30, now_mono());
	if ((tg->ev_send = evtimer_new(tg->base, tg_send_timer, tg)) == NULL)
		return (-1);
	return (0);
}

/* Stop the sender. */
void
tg_send_free(struct tg *tg)
{
	if (tg->ev_send != NULL)
		event_free(tg->ev_send);
	tg->ev_send = NULL;
	/* No board is drawn after this: the drawing's caches can go. */
	tg_photo_exit(tg);
}
