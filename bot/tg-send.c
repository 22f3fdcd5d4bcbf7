/*
 * tg-send.c: the outbox, delivered through the Bot API.
 *
 * One call at a time: make it (tg-out.c: a row, or a burst of a chat's
 * notices merged into one message; an edit of the lobby, the board or a
 * menu), check the rate limits (token buckets: about one message a
 * second per chat, twenty a minute per group, thirty a second overall),
 * send it, then mark its rows done, put off, or dropped, as the answer
 * says.  A row of a chat that must wait for its bucket is deferred
 * (svc_outbox_defer(): no attempt counted), which holds back that chat's
 * later rows too (the service keeps a chat's rows in order) but not
 * other chats'.
 *
 * Answers: ok -> done (with the message id, for later edits); "message is
 * not modified" -> done; a failed edit (400: the message is gone) -> the
 * same text (or photo) as a new message; 429 -> deferred by retry_after;
 * 5xx, no answer -> again with exponential backoff; 403 (never started,
 * blocked) -> dropped, and the group is told once, with the deep link
 * that opens the private chat; 400 with migrate_to_chat_id -> the service
 * moves the chat (svc_chat_migrate()) and the row goes to the new id;
 * other 400s -> dropped.
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
#include "i18n.h"
#include "log.h"
#include "now.h"
#include "tg-int.h"
#include "xmalloc.h"

#define TG_MAXTRIES	20	/* attempts before a row is given up */
#define TG_BACKOFF_MAX	300	/* seconds between attempts, at most */

/* What a call's callback needs to know of the rows it delivers. */
struct tg_sent {
	int64_t		 ids[TG_MERGE];	/* outbox rows; none: not a row */
	int		 nids;
	int64_t		 game;
	int		 attempts;
	int		 answer;	/* answerCallbackQuery */
	char		 chat[64];
	char		 edit[32];	/* the message an edit targets */
	json_t		*fallback;	/* a new message's params if it fails */
	char		 fbmethod[32];	/* its method, "": sendMessage */
	char		 fbfile[16];	/* its PNG's form field, "" if none */
	unsigned char	*png;		/* the photo, for the fallback */
	size_t		 pnglen;
	int		 photo;		/* the message is a photo */
	int64_t		 shown;		/* a board of this game: remember it */
	int64_t		 board;		/* moves of this game were told */
	int64_t		 lobby;		/* this game's lobby ended */
};

/* What becomes of a call's rows. */
enum tg_mark { TG_DONE, TG_RETRY, TG_DEFER, TG_DROP };

/* The deep-link notice about a person, sent to their game's group. */
struct tg_notice {
	char		 user[64];
	char		 group[64];
};

static void	tg_send_next(struct tg *);
static void	tg_send_migrate(struct tg *, const char *, int64_t);
static void	tg_send_dirty(struct tg *, const char *, int64_t, int);
static void	tg_send_done(struct tg *, const struct tg_result *, void *);

/* Take one token from a bucket; 0, or the seconds until one is there. */
double
tg_bucket_take(struct tg_bucket *b, double now)
{
	b->tokens += (now - b->at) * b->rate;
	if (b->tokens > b->burst)
		b->tokens = b->burst;
	b->at = now;
	if (b->tokens >= 1.0) {
		b->tokens -= 1.0;
		return (0.0);
	}
	return ((1.0 - b->tokens) / b->rate);
}

/* Set a bucket up, full. */
void
tg_bucket_init(struct tg_bucket *b, double rate, double burst, double now)
{
	b->rate = rate;
	b->burst = burst;
	b->tokens = burst;
	b->at = now;
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

/* Free a call's record. */
static void
tg_send_sentfree(struct tg_sent *s)
{
	json_decref(s->fallback);
	free(s->png);
	free(s);
}

/* Make a call (params taken): an upload when it carries a photo. */
static void
tg_send_call(struct tg *tg, const char *method, json_t *params,
    const char *file, const struct tg_sent *s, tg_http_cb cb, void *arg)
{
	if (file != NULL && *file != '\0' && s->png != NULL)
		tg_http_upload(tg, method, params, file, s->png, s->pnglen, 60,
		    cb, arg);
	else
		tg_http_call(tg, method, params, 30, cb, arg);
}

/*
 * Send the call a request describes, its callback record s taking over
 * what the answer needs (the fallback, the photo); req is freed.
 */
static void
tg_send_req(struct tg *tg, struct tg_sent *s, struct tg_req *req)
{
	snprintf(s->edit, sizeof s->edit, "%s", req->edit);
	s->fallback = req->fallback;
	req->fallback = NULL;
	snprintf(s->fbmethod, sizeof s->fbmethod, "%s", req->fbmethod);
	snprintf(s->fbfile, sizeof s->fbfile, "%s", req->fbfile);
	s->png = req->png;
	s->pnglen = req->pnglen;
	req->png = NULL;
	s->photo = req->photo;
	s->shown = req->shown;
	tg->sending = 1;
	tg_send_call(tg, req->method, req->params, req->file, s, tg_send_done,
	    s);
	req->params = NULL;
	tg_out_free(req);
}

/*
 * Mark a call's rows: done (all of them, with the message id), dropped
 * (all), or put off: retried or deferred (the first only: the chat's
 * later rows wait behind it, and are merged again when it comes due).
 */
static void
tg_send_mark(struct tg *tg, const struct tg_sent *s, enum tg_mark how,
    int64_t when, const char *message)
{
	int	rc = 0, i;

	for (i = 0; i < s->nids && rc == 0; i++) {
		switch (how) {
		case TG_DONE:
			rc = svc_outbox_done(tg->svc, s->ids[i], message);
			break;
		case TG_RETRY:
			rc = svc_outbox_retry(tg->svc, s->ids[i], when);
			i = s->nids;
			break;
		case TG_DEFER:
			rc = svc_outbox_defer(tg->svc, s->ids[i], when);
			i = s->nids;
			break;
		case TG_DROP:
			rc = svc_outbox_drop(tg->svc, s->ids[i]);
			break;
		}
	}
	if (rc != 0)
		log_warnx("telegram: outbox row %lld: %s", (long long)s->ids[0],
		    svc_error(tg->svc));
}

/*
 * The deep-link notice (arg, freed here) was sent.  Had it failed, the
 * person is forgotten: their next 403 tries it again.
 */
static void
tg_send_notice_done(struct tg *tg, const struct tg_result *r, void *arg)
{
	struct tg_notice	*n = arg;
	struct tg_chat		*c;

	if (r->cancelled) {
		free(n);
		return;
	}
	if (!r->ok) {
		log_warnx("telegram: notice: %s", r->desc);
		if (r->migrate != 0 && !tg->stopping)
			tg_send_migrate(tg, n->group, r->migrate);
		if ((c = tg_chat_find(tg, n->user)) != NULL)
			c->told = 0;
	}
	free(n);
}

/*
 * A person cannot get private messages (403): tell the game's group,
 * once per person, how to open the private chat (a deep link that also
 * joins the game), in the group's language.
 */
static void
tg_send_blocked(struct tg *tg, const struct tg_sent *s)
{
	struct svc_game		 g;
	struct tg_notice	*n;
	struct tg_chat		*c;
	struct rbuf		 b = { NULL, 0, 0 }, t = { NULL, 0, 0 };
	const char		*name = "?", *lang;
	char			 link[256];
	int			 i;

	c = tg_chat_get(tg, s->chat, now_mono());
	if (c->told)
		return;
	c->told = 1;
	if (s->game == 0 || svc_game_info(tg->svc, s->game, &g) != 0 ||
	    strcmp(g.chat, s->chat) == 0 || tg->botname[0] == '\0')
		return;
	for (i = 0; i < g.cfg.nseats && i < TAC_MAXSEATS; i++) {
		if (strcmp(g.seats[i].user, s->chat) == 0)
			name = g.seats[i].name;
	}
	n = xcalloc(1, sizeof *n);
	snprintf(n->user, sizeof n->user, "%s", s->chat);
	snprintf(n->group, sizeof n->group, "%s", g.chat);
	lang = g.lang[0] != '\0' ? g.lang : "en";
	snprintf(link, sizeof link, "https://t.me/%s?start=j%lld",
	    tg->botname, (long long)s->game);
	rbuf_add(&t, tr(lang, "%s: I cannot write to you privately. Open %s "
	    "and press Start to get your cards."), name, link);
	tg_out_escape(&b, t.s, 1024);
	tg_http_call(tg, "sendMessage", json_pack("{s:s, s:s, s:s}",
	    "chat_id", tg_send_target(tg, g.chat), "text", b.s, "parse_mode",
	    "HTML"), 30, tg_send_notice_done, n);
	rbuf_free(&b);
	rbuf_free(&t);
}

/*
 * Only remember that a group moved to a new (supergroup) id: the
 * fallback when the service cannot move the chat's games.
 */
static void
tg_send_remember(struct tg *tg, const char *chat, const char *to)
{
	struct tg_chat	*c = tg_chat_get(tg, chat, now_mono());

	snprintf(c->moved, sizeof c->moved, "%s", to);
}

/*
 * A group became a supergroup with a new id: the service moves its games,
 * settings and undelivered rows there for good; if that fails, the
 * bridge at least sends there until it restarts.
 */
void
tg_send_moved(struct tg *tg, const char *chat, const char *to)
{
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
	tg_send_remember(tg, chat, to);
}

/* As tg_send_moved(), with the new id as Telegram's number. */
static void
tg_send_migrate(struct tg *tg, const char *chat, int64_t to)
{
	char	id[32];

	snprintf(id, sizeof id, "%lld", (long long)to);
	tg_send_moved(tg, chat, id);
}

/* The answer to a row's call (send, edit, answerCallbackQuery). */
static void
tg_send_done(struct tg *tg, const struct tg_result *r, void *arg)
{
	struct tg_sent	*s = arg;
	struct tg_chat	*c;
	json_t		*mid;
	char		 msg[32];
	int64_t		 now = time(NULL), wait;
	int		 tries, notmod;

	if (r->cancelled) {
		tg_send_sentfree(s);
		return;
	}
	c = s->answer ? NULL : tg_chat_get(tg, s->chat, now_mono());
	notmod = r->status == 400 && r->desc != NULL &&
	    strstr(r->desc, "message is not modified") != NULL;
	if (!r->ok && !notmod && r->status == 400 && r->migrate == 0 &&
	    s->fallback != NULL && !tg->stopping) {
		/* The message to edit is gone (or too old): post anew. */
		log_info("telegram: %s in %s: %s; sending a new message",
		    r->method, s->chat, r->desc);
		s->edit[0] = '\0';
		tg_send_call(tg, s->fbmethod[0] != '\0' ? s->fbmethod :
		    "sendMessage", s->fallback, s->fbfile, s, tg_send_done, s);
		s->fallback = NULL;
		return;
	}
	if ((r->ok || notmod) && s->board != 0)
		tg_send_dirty(tg, s->chat, s->board, SVC_OUT_BOARD);
	if ((r->ok || notmod) && s->lobby != 0)
		tg_send_dirty(tg, s->chat, s->lobby, SVC_OUT_LOBBY);
	if (r->ok) {
		mid = json_object_get(r->result, "message_id");
		snprintf(msg, sizeof msg, "%s", s->edit);
		if (json_is_integer(mid))
			tg_photo_mkref(msg, sizeof msg, json_integer_value(mid),
			    s->photo);
		if (s->shown != 0 && msg[0] != '\0')
			tg_photo_remember(tg, s->chat, s->shown, msg);
		tg_send_mark(tg, s, TG_DONE, 0, msg[0] != '\0' ? msg : NULL);
		if (c != NULL)
			c->failures = 0;
	} else if (notmod) {
		if (s->shown != 0 && s->edit[0] != '\0')
			tg_photo_remember(tg, s->chat, s->shown, s->edit);
		tg_send_mark(tg, s, TG_DONE, 0, s->edit[0] != '\0' ? s->edit :
		    NULL);
	}
	else if (r->status == 429) {
		/* Nothing failed: Telegram said wait; not an attempt. */
		wait = r->retry_after > 0 ? r->retry_after : 1;
		log_info("telegram: %s: too many requests, waiting %lld s",
		    r->method, (long long)wait);
		if (c != NULL) {
			c->b.tokens = -(double)wait * c->b.rate;
			c->b.at = now_mono();
		}
		tg_send_mark(tg, s, TG_DEFER, now + wait, NULL);
	} else if (r->status == 400 && r->migrate != 0 && !s->answer) {
		tg_send_migrate(tg, s->chat, r->migrate);
		tg_send_mark(tg, s, TG_DEFER, now, NULL);
	} else if (r->status == 400 || r->status == 403) {
		log_warnx("telegram: %s to %s refused: %s; dropped", r->method,
		    s->answer ? "a button" : s->chat, r->desc);
		tg_send_mark(tg, s, TG_DROP, 0, NULL);
		if (r->status == 403 && !s->answer && !tg_out_group(s->chat))
			tg_send_blocked(tg, s);
	} else if ((tries = c != NULL ? ++c->failures : s->attempts + 1) >=
	    TG_MAXTRIES) {
		log_warnx("telegram: %s: %s; given up after %d tries",
		    r->method, r->desc, tries);
		tg_send_mark(tg, s, TG_DROP, 0, NULL);
		if (c != NULL)
			c->failures = 0;
	} else {
		/*
		 * 5xx, no answer, a bad token: the same row, later.  The
		 * chat's failures in a row set the backoff, not the row's
		 * attempts.
		 */
		wait = 1 << (tries - 1 < 9 ? tries - 1 : 9);
		if (wait > TG_BACKOFF_MAX)
			wait = TG_BACKOFF_MAX;
		log_warnx("telegram: %s: %s%s; again in %lld s", r->method,
		    r->transport ? "no answer: " : "", r->desc,
		    (long long)wait);
		tg_send_mark(tg, s, TG_RETRY, now + wait, NULL);
	}
	tg_send_sentfree(s);
	tg->sending = 0;
	tg_send_next(tg);
}

/*
 * A game's message of a kind in a chat is to be edited: the board (moves
 * were told) or the lobby (it is over: its buttons go).
 */
static void
tg_send_dirty(struct tg *tg, const char *chat, int64_t game, int kind)
{
	tg_chat_edit(tg, tg_chat_get(tg, chat, now_mono()), game, kind);
}

/*
 * Edit one board (or lobby) message that changed, if its chat's limits
 * allow: 1 if a call went out.  It waits while its chat must wait.
 */
static int
tg_send_board(struct tg *tg)
{
	struct tg_sent	*s;
	struct tg_chat	*c, *next;
	struct tg_req	 req;
	double		 now = now_mono();
	int64_t		 game;
	int		 kind;

	for (c = TAILQ_FIRST(&tg->chat_edits); c != NULL; c = next) {
		next = TAILQ_NEXT(c, editq);
		c->used = now;
		if (tg_bucket_take(&c->b, now) > 0)
			continue;
		if (tg_bucket_take(&tg->global, now) > 0) {
			c->b.tokens += 1.0;
			return (0);
		}
		while (tg_chat_edit_take(tg, c, &game, &kind)) {
			s = xcalloc(1, sizeof *s);
			snprintf(s->chat, sizeof s->chat, "%s", c->id);
			s->game = game;
			if (tg_out_edit(tg, s->chat, s->game, kind, &req) ==
			    0) {
				/* Nothing to edit: the token is not used. */
				tg_send_sentfree(s);
				tg_out_free(&req);
				continue;
			}
			tg_send_req(tg, s, &req);
			return (1);
		}
		c->b.tokens += 1.0;
		tg->global.tokens += 1.0;
	}
	return (0);
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

/* The call answering a button press ("answer" rows). */
static json_t *
tg_send_answerparams(struct tg *tg, const struct svc_out *out)
{
	struct rbuf	 b = { NULL, 0, 0 };
	struct render_opts o;
	json_t		*p, *v;
	const char	*cb;

	memset(&o, 0, sizeof o);
	o.style = RENDER_PLAIN;
	o.lang = "en";
	compose_text(tg->svc, out, &o, &b);
	while (b.len > 0 && b.s[b.len - 1] == '\n')
		b.s[--b.len] = '\0';
	v = out->data;
	cb = json_string_value(json_object_get(v, "callback"));
	p = json_pack("{s:s}", "callback_query_id", cb != NULL ? cb : "");
	if (b.len > 0)
		json_object_set_new(p, "text", json_stringn(b.s, b.len > 200 ?
		    200 : b.len));
	if (json_is_true(json_object_get(v, "alert")))
		json_object_set_new(p, "show_alert", json_true());
	rbuf_free(&b);
	return (p);
}

/* Send one row that is due; 1 if a call went out, 0 if none, -1 wait. */
static int
tg_send_row(struct tg *tg, const struct svc_out *out)
{
	struct tg_sent	*s;
	struct tg_chat	*c;
	struct tg_req	 req;
	double		 now = now_mono(), wait;

	s = xcalloc(1, sizeof *s);
	s->ids[s->nids++] = out->id;
	s->game = out->game;
	s->attempts = out->attempts;
	snprintf(s->chat, sizeof s->chat, "%s", out->chat);
	s->answer = out->type == SVC_OUT_ANSWER;
	memset(&req, 0, sizeof req);
	if (!s->answer) {
		c = tg_chat_get(tg, out->chat, now);
		if ((wait = tg_bucket_take(&c->b, now)) > 0) {
			/* The chat's limit: wait, no attempt counted. */
			tg_send_mark(tg, s, TG_DEFER, time(NULL) +
			    (int64_t)ceil(wait), NULL);
			tg_send_sentfree(s);
			return (0);
		}
	}
	if ((wait = tg_bucket_take(&tg->global, now)) > 0) {
		/* The row stays as it is; try again when a token is in. */
		tg_send_sentfree(s);
		return (-1);
	}
	tg->sending = 1;
	if (s->answer) {
		tg_http_call(tg, "answerCallbackQuery", tg_send_answerparams(tg,
		    out), 30, tg_send_done, s);
		return (1);
	}
	if (tg_out_make(tg, out, &req) == 0) {
		tg->sending = 0;
		tg_send_mark(tg, s, TG_DONE, 0, NULL);	/* nothing to say */
		tg_send_sentfree(s);
		return (0);
	}
	memcpy(s->ids, req.ids, sizeof s->ids);
	s->nids = req.nids;
	s->board = req.board;
	s->lobby = req.lobby;
	tg_send_req(tg, s, &req);
	return (1);
}

/* Send rows until one call is out, none is due, or the limit says wait. */
static void
tg_send_next(struct tg *tg)
{
	struct svc_out	out;
	int		r, n;

	for (n = 0; !tg->sending && n < 1000; n++) {
		if (tg_send_board(tg))
			return;
		if ((r = svc_outbox_next(tg->svc, TG_PLATFORM, &out)) <= 0) {
			if (r < 0)
				log_warnx("telegram: outbox: %s",
				    svc_error(tg->svc));
			return;
		}
		r = tg_send_row(tg, &out);
		svc_out_free(&out);
		if (r < 0)
			return;		/* the sweep comes back soon */
	}
}

/* Deliver what is due (rows were queued, or a put-off row came due). */
void
tg_send_kick(struct tg *tg)
{
	tg_send_next(tg);
}

/* The sweep: put-off rows come due with time, nobody kicks for them. */
static void
tg_send_timer(evutil_socket_t fd, short what, void *arg)
{
	(void)fd;
	(void)what;
	tg_send_next(arg);
}

/* Set up the sender: buckets and the sweep timer. */
int
tg_send_init(struct tg *tg)
{
	struct timeval	tv = { 0, 250000 };

	tg_bucket_init(&tg->global, 30.0 * tg->scale, 30, now_mono());
	if ((tg->ev_send = event_new(tg->base, -1, EV_PERSIST, tg_send_timer,
	    tg)) == NULL || event_add(tg->ev_send, &tv) != 0)
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
