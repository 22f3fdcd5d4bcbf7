/*
 * tg-result.c: what the answer to a delivery call means for its rows.
 *
 * Every failure has an end:
 *   ok				done, with the message id (for later edits)
 *   400 not modified		done
 *   400 migrate_to_chat_id	the service moves the chat; the row goes to
 *				the new id at once
 *   400, a fallback left	the edited message is gone: post it anew; a
 *				photo refused: the text board instead
 *   400, 403			dropped, with a log line; a person who cannot
 *				be written to (403, or 400 "chat not found")
 *				is named in their group once, with the link
 *				that opens the chat and brings their cards,
 *				and again whenever a reminder of their turn
 *				cannot reach them
 *   429			put off by retry_after (clamped to 1 s .. 1 h
 *				by tg_http_retry()), not counted as an attempt
 *   5xx, no answer		when other calls worked meanwhile, this
 *				message is the trouble: again after 1, 2, 4
 *				... s, given up after TG_MAXTRIES (a photo
 *				falls back to text first); when nothing
 *				worked, the API is down: everything waits,
 *				1, 2, 4 ... 60 s, and no attempt counts
 * A row that fails keeps only its own chat waiting, and only for as long
 * as its attempts last.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "compose.h"
#include "log.h"
#include "now.h"
#include "render.h"
#include "tg-int.h"
#include "xmalloc.h"

/* The deep-link notice about a person, sent to their game's group. */
struct tg_notice {
	char		 user[64];
	char		 group[64];
};

/*
 * Mark a call's rows: done (all of them, with the message id), dropped
 * (all), or put off: retried or deferred (the first only: the chat's
 * later rows wait behind it, and are merged again when it comes due).
 */
void
tg_result_mark(struct tg *tg, const struct tg_sent *s, enum tg_mark how,
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
tg_result_notice_done(struct tg *tg, const struct tg_result *r, void *arg)
{
	struct tg_notice	*n = arg;
	struct tg_chat		*c;
	char			 to[32];

	if (r->cancelled) {
		free(n);
		return;
	}
	if (!r->ok) {
		log_warnx("telegram: notice: %s", r->desc);
		if (r->migrate != 0 && !tg->stopping) {
			snprintf(to, sizeof to, "%lld", (long long)r->migrate);
			tg_send_moved(tg, n->group, to);
		}
		if ((c = tg_chat_find(tg, n->user)) != NULL)
			c->told = 0;
	}
	free(n);
}

/* Did a call deliver a reminder of a person's turn? */
static int
tg_result_reminder(struct tg *tg, const struct tg_sent *s)
{
	struct svc_out	out;
	int		rc;

	if (s->nids == 0 || svc_outbox_get(tg->svc, s->ids[0], &out) != 1)
		return (0);
	rc = out.type == SVC_OUT_REMINDER;
	svc_out_free(&out);
	return (rc);
}

/*
 * A person cannot get private messages (403, or a chat Telegram does not
 * know): tell the game's group how to open the private chat, in the
 * group's language, once per person, and each time a reminder of their
 * turn does not reach them, so that a game without a deadline does not
 * wait unseen.  The link opens their hand ("hID": their cards and what
 * waits for them), or for someone without a seat joins the game.
 */
static void
tg_result_blocked(struct tg *tg, const struct tg_sent *s)
{
	struct svc_game		 g;
	struct tg_notice	*n;
	struct tg_chat		*c;
	struct rbuf		 b = { NULL, 0, 0 }, t = { NULL, 0, 0 };
	const char		*lang;
	char			 link[256], name[UTF8_NAMEMAX] = "?";
	char			 payload[SVC_PAYLOAD_MAX];
	int			 i, seated = 0, turn;

	c = tg_chat_get(tg, s->chat, now_mono());
	turn = tg_result_reminder(tg, s);
	if (c->told && !turn)
		return;
	/* Only a notice sent counts: a message of no game tells nobody. */
	if (s->game == 0 || svc_game_info(tg->svc, s->game, &g) != 0 ||
	    strcmp(g.chat, s->chat) == 0 || tg->botname[0] == '\0')
		return;
	for (i = 0; i < g.cfg.nseats && i < TAC_MAXSEATS; i++) {
		if (strcmp(g.seats[i].user, s->chat) == 0) {
			utf8_shorten(g.seats[i].name, RENDER_NAMECHARS, name,
			    sizeof name);
			seated = 1;
		}
	}
	if (svc_payload_format(payload, sizeof payload, seated ?
	    SVC_LINK_HAND : SVC_LINK_JOIN, s->game) < 0)
		return;
	c->told = 1;
	n = xcalloc(1, sizeof *n);
	snprintf(n->user, sizeof n->user, "%s", s->chat);
	snprintf(n->group, sizeof n->group, "%s", g.chat);
	lang = g.lang[0] != '\0' ? g.lang : "en";
	snprintf(link, sizeof link, "https://t.me/%s?start=%s", tg->botname,
	    payload);
	compose_unreachable(lang, name, link, turn ? s->game : 0, &t);
	tg_out_escape(&b, t.s, 1024);
	tg_http_call(tg, "sendMessage", json_pack("{s:s, s:s, s:s}",
	    "chat_id", tg_send_target(tg, g.chat), "text", b.s, "parse_mode",
	    "HTML"), 30, tg_result_notice_done, n);
	rbuf_free(&b);
	rbuf_free(&t);
}

/*
 * The call worked (or changed nothing): its rows are done, the message
 * id kept for later edits, and what it told is to be edited in: the
 * board after moves, a lobby's buttons once it is over.
 */
static void
tg_result_ok(struct tg *tg, struct tg_sent *s, const struct tg_result *r,
    struct tg_chat *c)
{
	json_t	*mid;
	char	 msg[32];

	snprintf(msg, sizeof msg, "%s", s->edit);
	mid = json_object_get(r->result, "message_id");
	if (r->ok && json_is_integer(mid))
		tg_photo_mkref(msg, sizeof msg, json_integer_value(mid),
		    s->photo);
	if (c != NULL) {
		c->failures = 0;
		/* A person who was out of reach is no longer. */
		c->told = 0;
		if (s->board != 0)
			tg_chat_edit(tg, c, s->board, SVC_OUT_BOARD);
		if (s->lobby != 0)
			tg_chat_edit(tg, c, s->lobby, SVC_OUT_LOBBY);
	}
	/* A board posted anew by an edit: the next edit goes to it. */
	if (s->nids == 0 && s->shown != 0 && msg[0] != '\0' &&
	    strcmp(msg, s->orig) != 0 && svc_message_set(tg->svc, s->shown,
	    s->chat, svc_kind_name(SVC_OUT_BOARD), msg) != 0)
		log_warnx("telegram: board of game %lld: %s",
		    (long long)s->shown, svc_error(tg->svc));
	tg_result_mark(tg, s, TG_DONE, 0, msg[0] != '\0' ? msg : NULL);
}

/*
 * A refusal (400) with a way out left: the message to edit is gone (post
 * it anew), or a photo was refused (the text board instead).  1 if the
 * next call went out.
 */
static int
tg_result_fallback(struct tg *tg, struct tg_sent *s, const struct tg_result *r)
{
	json_t	*p;

	if (s->fallback != NULL) {
		log_info("telegram: %s in %s: %s; sending a new message",
		    r->method, s->chat, r->desc);
		s->edit[0] = '\0';
		p = s->fallback;
		s->fallback = NULL;
		tg_send_call(tg, s, s->fbmethod[0] != '\0' ? s->fbmethod :
		    "sendMessage", p, s->fbfile);
		return (1);
	}
	if (s->textfb != NULL && s->photo) {
		log_info("telegram: %s in %s: %s; the text board instead",
		    r->method, s->chat, r->desc);
		/* The chat's next boards are text, for an hour. */
		tg_chat_get(tg, s->chat, now_mono())->nophoto = now_mono() +
		    TG_NOPHOTO;
		s->edit[0] = '\0';
		s->photo = 0;
		free(s->png);
		s->png = NULL;
		p = s->textfb;
		s->textfb = NULL;
		tg_send_call(tg, s, "sendMessage", p, NULL);
		return (1);
	}
	return (0);
}

/* Put a call's rows (or its edit) off until wall + wait. */
static void
tg_result_later(struct tg *tg, struct tg_sent *s, struct tg_chat *c,
    enum tg_mark how, int64_t wait)
{
	struct tg_edit	*e;

	if (c != NULL)
		c->hold = now_mono() + (double)wait;
	if (s->nids > 0) {
		tg_result_mark(tg, s, how, time(NULL) + wait, NULL);
		return;
	}
	if (c == NULL || s->game == 0)
		return;
	e = tg_chat_edit(tg, c, s->game, s->kind);
	if (how == TG_RETRY && e->attempts < s->attempts + 1)
		e->attempts = s->attempts + 1;
}

/*
 * No answer, or a server error.  If another call worked since this one
 * went out, the trouble is this message's: it is tried again a few
 * times, then given up.  If nothing worked, the API is down: everything
 * waits, and no attempt counts.
 */
static void
tg_result_failed(struct tg *tg, struct tg_sent *s, const struct tg_result *r,
    struct tg_chat *c)
{
	double	now = now_mono();
	int64_t	wait;
	int	tries;

	if (tg->last_ok < s->started) {
		if (now >= tg->down_until)
			tg->down_wait = tg->down_wait == 0 ? 1 :
			    tg->down_wait * 2 > TG_BACKOFF_MAX ?
			    TG_BACKOFF_MAX : tg->down_wait * 2;
		if (tg->down_since == 0) {
			log_warnx("telegram: %s: %s%s; the Bot API seems down, "
			    "waiting", r->method, r->transport ?
			    "no answer: " : "", r->desc);
			tg->down_since = now;
		}
		tg->down_until = now + tg->down_wait;
		tg_result_later(tg, s, NULL, TG_DEFER, tg->down_wait);
		if (s->nids == 0 && c != NULL && s->game != 0)
			tg_chat_edit(tg, c, s->game, s->kind);
		return;
	}
	/*
	 * A chat that just had a row given up gets one try per row until a
	 * call to it works again: a chat that always fails drains, logged
	 * once, instead of keeping each of its rows for a minute.
	 */
	tries = s->attempts + 1;
	if (c != NULL)
		c->failures++;
	if (tries >= (s->answer ? 3 : c != NULL && c->failures >
	    TG_MAXTRIES ? 1 : TG_MAXTRIES)) {
		if (!s->answer && s->textfb != NULL && s->photo &&
		    tg_result_fallback(tg, s, r) == 1)
			return;
		if (c == NULL || c->failures <= TG_MAXTRIES + 1)
			log_warnx("telegram: %s to %s: %s; given up after %d "
			    "tries%s", r->method, s->answer ? "a button" :
			    s->chat, r->desc, tries, c != NULL && c->failures >
			    TG_MAXTRIES ? " (its next rows get one each until "
			    "a call works)" : "");
		tg_result_mark(tg, s, TG_DROP, 0, NULL);
		return;
	}
	wait = (int64_t)1 << (tries - 1);
	if (wait > TG_BACKOFF_MAX)
		wait = TG_BACKOFF_MAX;
	log_warnx("telegram: %s to %s: %s%s; again in %lld s", r->method,
	    s->answer ? "a button" : s->chat, r->transport ? "no answer: " : "",
	    r->desc, (long long)wait);
	tg_result_later(tg, s, c, TG_RETRY, wait);
}

/* The answer to a delivery call (send, edit, answerCallbackQuery). */
void
tg_result_done(struct tg *tg, const struct tg_result *r, void *arg)
{
	struct tg_sent	*s = arg;
	struct tg_chat	*c = NULL;
	double		 now = now_mono();
	int64_t		 wait;
	char		 to[32];
	int		 notmod;

	if (r->cancelled) {
		tg_send_release(tg, s);
		tg_send_sentfree(s);
		return;
	}
	notmod = r->status == 400 && r->desc != NULL &&
	    strstr(r->desc, "message is not modified") != NULL;
	if (!r->ok && !notmod && r->status == 400 && r->migrate == 0 &&
	    !s->answer && !tg->stopping && tg_result_fallback(tg, s, r))
		return;		/* the same chat's next call is out */
	tg_send_release(tg, s);
	if (!s->answer)
		c = tg_chat_get(tg, s->chat, now);
	if (r->ok || notmod || r->status == 400 || r->status == 403 ||
	    r->status == 429) {
		/* Telegram answered: the API is up. */
		tg->last_ok = now;
		if (tg->down_since != 0) {
			log_info("telegram: the Bot API answers again, after "
			    "%.0f s", now - tg->down_since);
			tg->down_since = 0;
		}
		tg->down_wait = 0;
		tg->down_until = 0;
	}
	if (r->ok || notmod)
		tg_result_ok(tg, s, r, c);
	else if (r->status == 429) {
		/*
		 * Nothing failed: Telegram said wait; not an attempt.  The
		 * wait is within 1 s .. 1 h already (tg_http_retry()).
		 */
		wait = r->retry_after > 0 ? r->retry_after : TG_RETRY_MIN;
		log_info("telegram: %s: too many requests, waiting %lld s",
		    r->method, (long long)wait);
		if (c != NULL) {
			tg_bucket_hold(&c->b, now, (double)wait);
			tg_bucket_hold(&c->m, now, (double)wait);
		}
		tg_result_later(tg, s, c, TG_DEFER, wait);
	} else if (r->status == 400 && r->migrate != 0 && !s->answer) {
		/* The rows move with the chat, and go to its new id now. */
		snprintf(to, sizeof to, "%lld", (long long)r->migrate);
		if (!tg->stopping)
			tg_send_moved(tg, s->chat, to);
		tg_result_later(tg, s, NULL, TG_DEFER, 0);
	} else if (r->status == 400 || r->status == 403) {
		log_warnx("telegram: %s to %s refused: %s; dropped", r->method,
		    s->answer ? "a button" : s->chat, r->desc);
		/* Someone who never started the bot, or blocked it. */
		if (!s->answer && !tg_out_group(s->chat) &&
		    (r->status == 403 || (r->desc != NULL &&
		    strstr(r->desc, "chat not found") != NULL)))
			tg_result_blocked(tg, s);
		tg_result_mark(tg, s, TG_DROP, 0, NULL);
	} else
		tg_result_failed(tg, s, r, c);
	tg_send_sentfree(s);
	tg_send_kick(tg);
}
