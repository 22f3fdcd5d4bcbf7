/*
 * tg-send.c: the outbox, delivered through the Bot API: what goes out
 * next, and when.
 *
 * Many chats at once, one call in flight per chat (a chat's messages stay
 * in order: the service keeps each chat's rows as a queue), at most
 * TG_INFLIGHT calls in all, inside Telegram's limits as token buckets:
 * about one message a second per chat, twenty a minute per group, thirty
 * a second overall.  Each round (tg_send_pump()) looks at the button
 * answers and at every chat with rows (the answers have slots of their
 * own, and go first, also right after updates come: tg_send_answers_now()
 * runs before the daemon's timers); what may go is taken from the
 * outbox as a batch (svc_outbox_take()), composed whole (compose_batch())
 * and made into its call (tg-out.c) just before it goes, and the sender
 * then sleeps on one timer until the next thing comes due: a row put
 * off, a bucket refilling, the API back.  A call's answer is read by
 * tg-result.c, and the next round starts.
 *
 * A call that only tidies (a pin, the taking away of a message that
 * went anew) holds no chat: it goes beside the chat's messages, which
 * never wait for it, and an edit that would change nothing (its words,
 * buttons and picture as the message has them: tg_chat_said()) is not
 * sent.
 *
 * Nothing waits here that a restart would lose: the edits of a board
 * after moves are rows too.  Rows kept back by a bucket stay as they are
 * in the outbox: a chat that must wait costs no read and no write.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "log.h"
#include "tg-int.h"
#include "xmalloc.h"

static void	tg_send_pump(struct tg *);
static void	tg_send_done(struct tg *, const struct tg_result *, void *);
static void	tg_send_queued(void *, const char *);

/*
 * Take a token of the chat's buckets and of the global one, or none:
 * 0 when taken, else the seconds until they all have one.
 */
static double
tg_send_tokens(struct tg *tg, struct tg_chat *c, double now)
{
	double	w = 0.0, x;

	if (c != NULL) {
		if ((x = bridge_bucket_wait(&c->b, now)) > w)
			w = x;
		if ((x = bridge_bucket_wait(&c->m, now)) > w)
			w = x;
	}
	if ((x = bridge_bucket_wait(&tg->global, now)) > w)
		w = x;
	if (w > 0)
		return (w);
	if (c != NULL) {
		bridge_bucket_take(&c->b);
		bridge_bucket_take(&c->m);
	}
	bridge_bucket_take(&tg->global);
	return (0.0);
}

/* Give back the tokens of a call that was not made after all. */
static void
tg_send_untake(struct tg *tg, struct tg_chat *c)
{
	if (c != NULL) {
		bridge_bucket_give(&c->b);
		bridge_bucket_give(&c->m);
	}
	bridge_bucket_give(&tg->global);
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

/* Send req's call as it is set: an upload when it carries a file. */
static void
tg_send_call(struct tg *tg, struct tg_req *req)
{
	json_t	*params = req->params;

	req->params = NULL;
	req->started = tg_now();
	if (req->file[0] != '\0' && req->png != NULL && req->fname[0] != '\0')
		tg_http_upload_file(tg, req->method, params, req->file,
		    req->fname, "application/json", req->png, req->pnglen, 60,
		    tg_send_done, req);
	else if (req->file[0] != '\0' && req->png != NULL)
		tg_http_upload(tg, req->method, params, req->file, req->png,
		    req->pnglen, 60, tg_send_done, req);
	else
		tg_http_call(tg, req->method, params, 30, tg_send_done, req);
}

/* A call is over: its chat (or answer slot) is free again. */
static void
tg_send_release(struct tg *tg, struct tg_req *req)
{
	struct tg_chat	*c;

	tg->inflight--;
	if (req->beside) {
		/*
		 * It held nothing, but while it was out its chat may have
		 * left the queue (its only row was this one, taken): the
		 * chat is looked at again, or a retry of it would wait for
		 * the chat's next new row, which may never come.
		 */
		tg_send_queued(tg, req->chat);
		return;
	}
	if (req->answer) {
		tg->nanswering--;
		/* Another answer may come due (this one, retried). */
		tg->answers = 1;
	} else if ((c = tg_chat_find(tg, req->chat)) != NULL) {
		c->busy = 0;
		c->next = 0;
	}
}

/* Free a call's record, its batch given back if it still holds one. */
static void
tg_send_free_req(struct tg *tg, struct tg_req *req)
{
	if (req->b.n > 0)
		svc_batch_free(tg->svc, &req->b);
	tg_out_free(req);
	free(req);
}

/* The answer to a delivery call: read it, then send on. */
static void
tg_send_done(struct tg *tg, const struct tg_result *r, void *arg)
{
	struct tg_req	*req = arg;

	if (!r->cancelled && tg_result_read(tg, req, r) == TG_RESEND) {
		/*
		 * The same chat's next call: what goes instead, or the
		 * taking away of the message that went anew, which only
		 * tidies: the chat's next message need not wait for it.
		 */
		if (req->after > 0 && !req->beside) {
			tg_send_release(tg, req);
			tg->inflight++;
			req->beside = 1;
			tg_send_call(tg, req);
			tg_send_kick(tg);
			return;
		}
		tg_send_call(tg, req);
		return;
	}
	tg_send_release(tg, req);
	tg_send_free_req(tg, req);
	if (!r->cancelled)
		tg_send_kick(tg);
}

/*
 * Finish req's rows without a call (fate, ref: as svc_outbox_finish()
 * takes them) and free it.  0.
 */
static int
tg_send_nocall(struct tg *tg, struct tg_req *req, int fate, const char *ref)
{
	if (svc_outbox_finish(tg->svc, &req->b, fate, 0, ref) != 0)
		log_warnx("telegram: outbox: %s", svc_error(tg->svc));
	tg_send_free_req(tg, req);
	return (0);
}

/*
 * Deliver the batch req holds (its tokens taken): 1 if a call went out
 * that holds the chat, 2 one that goes beside its messages (a pin), 0
 * when its message needed none (its rows are done now, and the chat's
 * next rows may go at once); req is the call's now, or freed.
 */
static int
tg_send_batch(struct tg *tg, struct tg_chat *c, struct tg_req *req)
{
	struct compose_msg	m;
	char			ref[SVC_REF_MAX];

	if (compose_batch(tg->svc, &req->b, &tg->copts, &m) == COMPOSE_NONE) {
		/* Nothing to say (an old turn notice): done as it is. */
		compose_msg_free(&m);
		return (tg_send_nocall(tg, req, SVC_DONE, NULL));
	}
	if (m.form == COMPOSE_PIN && m.pin && !tg_chat_maypin(tg, m.chat)) {
		/* As if refused: the live message is posted anew instead. */
		log_info("telegram: no pin in %s: its admins could not be "
		    "read, or the bot may not pin there", m.chat);
		compose_msg_free(&m);
		return (tg_send_nocall(tg, req, SVC_DROP, NULL));
	}
	tg_out_make(tg, &m, req);
	compose_msg_free(&m);
	if (req->edit[0] != '\0' && req->drop[0] == '\0' &&
	    strncmp(req->method, "edit", 4) == 0 &&
	    tg_chat_said(tg, req->chat, req->edit, req->said)) {
		/* An edit that would change nothing: it is done as it is. */
		snprintf(ref, sizeof ref, "%s", req->edit);
		return (tg_send_nocall(tg, req, SVC_DONE, ref));
	}
	tg->inflight++;
	if (req->answer)
		tg->nanswering++;
	else if (c != NULL && !req->beside)
		c->busy = 1;
	tg_send_call(tg, req);
	return (req->beside ? 2 : 1);
}

/* Keep the earliest of the times the sender must wake at. */
static void
tg_send_wake(double *wake, double at)
{
	if (*wake == 0 || at < *wake)
		*wake = at;
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
	struct tg_req	*req;
	double		 w;
	int		 rc;

	if (!tg->answers || tg->answers_next > now) {
		if (tg->answers)
			tg_send_wake(wake, tg->answers_next);
		return;
	}
	tg->answers_next = 0;
	while (tg->nanswering < TG_ANSWERS && tg->inflight < TG_INFLIGHT) {
		if ((w = tg_send_tokens(tg, NULL, now)) > 0) {
			tg_send_answerlater(tg, now + w, wake);
			return;
		}
		req = xcalloc(1, sizeof *req);
		if ((rc = svc_outbox_take(tg->svc, TG_PLATFORM, "",
		    &req->b)) != 1) {
			tg_send_untake(tg, NULL);
			if (rc < 0)
				log_warnx("telegram: outbox: %s",
				    svc_error(tg->svc));
			else if (req->b.due > 0)
				tg_send_answerlater(tg, now +
				    (double)(req->b.due - wall), wake);
			else
				tg->answers = 0;	/* none waits */
			free(req);
			return;
		}
		if (!tg_send_batch(tg, NULL, req))
			tg_send_untake(tg, NULL);
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
	c = tg_chat_get(tg, chat, tg_now());
	c->next = 0;
	if (c->queued)
		return;
	c->queued = 1;
	/*
	 * A chat that had nothing waiting goes first: its row is most
	 * likely the reply to what someone just did, and it should not wait
	 * behind every busy chat's backlog.  Chats that send move to the
	 * tail (tg_send_queues()), so a busy chat still gets its turn.
	 */
	TAILQ_INSERT_HEAD(&tg->chat_queue, c, queueq);
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
 * Chat c's queue: its next message goes when it is due and the chat may
 * send; a message that needs no call is done and the next one looked
 * at.  1 if a call went out.
 */
static int
tg_send_queue(struct tg *tg, struct tg_chat *c, double now, int64_t wall,
    double *wake)
{
	struct tg_req	*req;
	double		 w;
	int		 n, rc;

	for (n = 0; n < 64; n++) {
		if (c->hold > now)
			return (tg_send_later(c, c->hold, wake));
		if ((w = tg_send_tokens(tg, c, now)) > 0)
			return (tg_send_later(c, now + w, wake));
		req = xcalloc(1, sizeof *req);
		if ((rc = svc_outbox_take(tg->svc, TG_PLATFORM, c->id,
		    &req->b)) != 1) {
			tg_send_untake(tg, c);
			if (rc < 0)
				log_warnx("telegram: outbox: %s",
				    svc_error(tg->svc));
			else if (req->b.due > 0)
				tg_send_later(c, now + (double)(req->b.due -
				    wall), wake);
			else
				tg_send_unqueue(tg, c);
			free(req);
			return (0);
		}
		if ((rc = tg_send_batch(tg, c, req)) == 1)
			return (1);
		if (rc == 0)
			tg_send_untake(tg, c);
		/* A pin goes beside: the chat's next message may go too. */
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

	/* Each chat once: those that sent are moved behind the others. */
	n = tg->nqueued;
	for (i = 0, c = TAILQ_FIRST(&tg->chat_queue); i < n && c != NULL &&
	    tg->inflight - tg->nanswering < TG_INFLIGHT - TG_ANSWERS; i++,
	    c = next) {
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
		if (tg_now() > until && i + 1 < n && next != NULL)
			return (1);
	}
	return (0);
}

/*
 * One round: send what may go now, then sleep until the next thing
 * comes due (the answers of the calls out start rounds of their own).
 * Nothing goes before getMe told who we are: links need our name.
 */
static void
tg_send_pump(struct tg *tg)
{
	struct timeval	 tv;
	double		 now, wake = 0, d;
	int64_t		 wall;

	if (tg->stopping || tg->ev_send == NULL || tg->botname[0] == '\0')
		return;
	if (tg->pumping) {
		tg->again = 1;
		return;
	}
	tg->pumping = 1;
	do {
		tg->again = 0;
		now = tg_now();
		wall = tg_wall();
		if (tg->down_until > now) {
			tg_send_wake(&wake, tg->down_until);
			break;
		}
		/* Which chats got rows: their queues, and the answers. */
		if (svc_outbox_chats(tg->svc, TG_PLATFORM, !tg->scanned,
		    tg_send_queued, tg) == 0)
			tg->scanned = 1;
		else
			log_warnx("telegram: outbox: %s", svc_error(tg->svc));
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
		if ((d = wake - tg_now()) < 0.001)
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

/*
 * Updates were just committed: answer their button presses now, before
 * the daemon runs the AI's moves that came due and before any chat's
 * messages (their queues are only noted, for the round that follows).  A
 * press answered late shows a spinner, and Telegram drops an answer that
 * comes after a few seconds.
 */
void
tg_send_answers_now(struct tg *tg)
{
	double	wake = 0;

	if (tg->stopping || tg->ev_send == NULL || tg->botname[0] == '\0' ||
	    tg->pumping || tg->down_until > tg_now())
		return;
	if (svc_outbox_chats(tg->svc, TG_PLATFORM, !tg->scanned,
	    tg_send_queued, tg) == 0)
		tg->scanned = 1;
	else
		log_warnx("telegram: outbox: %s", svc_error(tg->svc));
	/* A later one (a bucket, a retry) is the next round's to wake for. */
	tg_send_answers(tg, tg_now(), tg_wall(), &wake);
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
	bridge_bucket_init(&tg->global, 30.0 * tg->scale, 30, tg_now());
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
}
