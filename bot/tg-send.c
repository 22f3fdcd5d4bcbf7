/*
 * tg-send.c: the outbox, delivered through the Bot API.
 *
 * One row at a time: render it, check the rate limits (token buckets:
 * about one message a second per chat, twenty a minute per group, thirty
 * a second overall), send it, then mark it done, retry it later or drop
 * it, as the answer says.  A row of a chat that must wait is put off with
 * svc_outbox_retry(), which holds back that chat's later rows too (the
 * service keeps a chat's rows in order) but not other chats'.
 *
 * Answers: ok -> done (with the message id, for later edits); "message is
 * not modified" -> done; 429 -> again after retry_after; 5xx, no answer
 * -> again with exponential backoff; 403 (never started, blocked) ->
 * dropped, and the group is told once, with the deep link that opens the
 * private chat; 400 with migrate_to_chat_id -> sent to the new id (the
 * game itself stays on the old id until the service can move it); other
 * 400s -> dropped.
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
#include "render.h"
#include "tg-int.h"

#define TG_TEXTMAX	4096	/* characters of a message, after escaping */
#define TG_MAXTRIES	20	/* attempts before a row is given up */
#define TG_BACKOFF_MAX	300	/* seconds between attempts, at most */

/* What a sendMessage callback needs to know of its row. */
struct tg_sent {
	int64_t		 id;		/* outbox row, 0: not a row */
	int64_t		 game;
	int		 attempts;
	int		 answer;	/* answerCallbackQuery */
	char		 chat[64];
};

/* The deep-link notice about a person, sent to their game's group. */
struct tg_notice {
	char		 user[64];
	char		 group[64];
};

static void	tg_send_next(struct tg *);
static void	tg_send_migrate(struct tg *, const char *, int64_t);

/* Take one token from a bucket; 0, or the seconds until one is there. */
static double
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
static void
tg_bucket_init(struct tg_bucket *b, double rate, double burst, double now)
{
	b->rate = rate;
	b->burst = burst;
	b->tokens = burst;
	b->at = now;
}

/* Is a chat id a group's (negative ids are groups and channels)? */
static int
tg_send_group(const char *chat)
{
	return (chat[0] == '-');
}

/* The rate state of a chat, made (or recycled, oldest first) if new. */
static struct tg_chat *
tg_send_chat(struct tg *tg, const char *chat, double now)
{
	struct tg_chat	*c, *old = &tg->chats[0];
	size_t		 i;

	for (i = 0; i < TG_NCHATS; i++) {
		c = &tg->chats[i];
		if (strcmp(c->chat, chat) == 0) {
			c->used = now;
			return (c);
		}
		if (c->used < old->used)
			old = c;
	}
	memset(old, 0, sizeof *old);
	snprintf(old->chat, sizeof old->chat, "%s", chat);
	old->used = now;
	if (tg_send_group(chat))
		tg_bucket_init(&old->b, 20.0 / 60 * tg->scale, 20, now);
	else
		tg_bucket_init(&old->b, 1.0 * tg->scale, 3, now);
	return (old);
}

/* The id a chat has now, after a migration to a supergroup. */
static const char *
tg_send_target(struct tg *tg, const char *chat)
{
	int	i;

	for (i = 0; i < tg->nmigrated; i++) {
		if (strcmp(tg->migrated[i][0], chat) == 0)
			return (tg->migrated[i][1]);
	}
	return (chat);
}

/* Append s to b, HTML-escaped, at most max bytes of s. */
static void
tg_send_escape(struct rbuf *b, const char *s, size_t max)
{
	size_t	i, n = strlen(s);

	if (n > max) {
		/* Cut at a character boundary, and say so. */
		n = max;
		while (n > 0 && ((unsigned char)s[n] & 0xc0) == 0x80)
			n--;
	}
	for (i = 0; i < n; i++) {
		if (s[i] == '<')
			rbuf_addstr(b, "&lt;");
		else if (s[i] == '>')
			rbuf_addstr(b, "&gt;");
		else if (s[i] == '&')
			rbuf_addstr(b, "&amp;");
		else
			rbuf_add(b, "%c", s[i]);
	}
	if (n < strlen(s))
		rbuf_addstr(b, "\xe2\x80\xa6");
}

/*
 * Render a row as HTML text for Telegram into b; 0, or -1 if there is
 * nothing to send.  The board keeps its layout in a <pre> block.
 */
static int
tg_send_render(struct tg *tg, const struct svc_out *out, struct rbuf *b)
{
	struct render_opts	 o;
	struct rbuf		 t = { NULL, 0, 0 };
	int			 pre;

	memset(&o, 0, sizeof o);
	o.style = RENDER_PLAIN;
	o.lang = "en";
	o.viewer = tg_send_group(out->chat) ? NULL : out->chat;
	render_out(tg->svc, out, &o, &t);
	while (t.len > 0 && t.s[t.len - 1] == '\n')
		t.s[--t.len] = '\0';
	if (t.len == 0) {
		rbuf_free(&t);
		return (-1);
	}
	pre = strcmp(out->kind, "board") == 0;
	if (pre)
		rbuf_addstr(b, "<pre>");
	/* Escaping may grow it up to five times: keep within 4096. */
	tg_send_escape(b, t.s, t.len > TG_TEXTMAX / 5 * 4 ? TG_TEXTMAX / 5 *
	    4 : t.len);
	if (pre)
		rbuf_addstr(b, "</pre>");
	rbuf_free(&t);
	return (0);
}

/* Mark a row done, retried or dropped, logging a failure to do so. */
static void
tg_send_mark(struct tg *tg, const struct tg_sent *s, int how, int64_t when,
    const char *message)
{
	int	rc;

	if (s->id == 0)
		return;
	if (how == 0)
		rc = svc_outbox_done(tg->svc, s->id, message);
	else if (how == 1)
		rc = svc_outbox_retry(tg->svc, s->id, when);
	else
		rc = svc_outbox_drop(tg->svc, s->id);
	if (rc != 0)
		log_warnx("telegram: outbox row %lld: %s", (long long)s->id,
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
	int			 i;

	if (r->cancelled) {
		free(n);
		return;
	}
	if (!r->ok) {
		log_warnx("telegram: notice: %s", r->desc);
		if (r->migrate != 0 && !tg->stopping)
			tg_send_migrate(tg, n->group, r->migrate);
		for (i = 0; i < tg->ntold; i++) {
			if (strcmp(tg->told[i], n->user) != 0)
				continue;
			memmove(tg->told[i], tg->told[i + 1],
			    (size_t)(tg->ntold - i - 1) * sizeof tg->told[0]);
			tg->ntold--;
			break;
		}
	}
	free(n);
}

/*
 * A person cannot get private messages (403): tell the game's group,
 * once per person, how to open the private chat (a deep link that also
 * joins the game).
 */
static void
tg_send_blocked(struct tg *tg, const struct tg_sent *s)
{
	struct svc_game		 g;
	struct tg_notice	*n;
	struct rbuf		 b = { NULL, 0, 0 };
	const char		*name = "?";
	int			 i;

	for (i = 0; i < tg->ntold; i++) {
		if (strcmp(tg->told[i], s->chat) == 0)
			return;
	}
	if (tg->ntold < TG_NTOLD)
		snprintf(tg->told[tg->ntold++], sizeof tg->told[0], "%s",
		    s->chat);
	if (s->game == 0 || svc_game_info(tg->svc, s->game, &g) != 0 ||
	    strcmp(g.chat, s->chat) == 0 || tg->botname[0] == '\0')
		return;
	for (i = 0; i < g.cfg.nseats && i < TAC_MAXSEATS; i++) {
		if (strcmp(g.seats[i].user, s->chat) == 0)
			name = g.seats[i].name;
	}
	if ((n = calloc(1, sizeof *n)) == NULL)
		fatal("%s", __func__);
	snprintf(n->user, sizeof n->user, "%s", s->chat);
	snprintf(n->group, sizeof n->group, "%s", g.chat);
	tg_send_escape(&b, name, 64);
	rbuf_add(&b, ": I cannot write to you privately. Open "
	    "https://t.me/%s?start=j%lld and press Start to get your cards.",
	    tg->botname, (long long)s->game);
	tg_http_call(tg, "sendMessage", json_pack("{s:s, s:s, s:s}",
	    "chat_id", tg_send_target(tg, g.chat), "text", b.s, "parse_mode",
	    "HTML"), 30, tg_send_notice_done, n);
	rbuf_free(&b);
}

/* Remember that a group moved to a new (supergroup) id. */
static void
tg_send_migrate(struct tg *tg, const char *chat, int64_t to)
{
	int	i;

	for (i = 0; i < tg->nmigrated; i++) {
		if (strcmp(tg->migrated[i][0], chat) == 0)
			return;
	}
	log_warnx("telegram: chat %s became %lld; sending there (its game "
	    "needs moving)", chat, (long long)to);
	if (tg->nmigrated == TG_NCHATS)
		tg->nmigrated = 0;
	snprintf(tg->migrated[tg->nmigrated][0], sizeof tg->migrated[0][0],
	    "%s", chat);
	snprintf(tg->migrated[tg->nmigrated][1], sizeof tg->migrated[0][1],
	    "%lld", (long long)to);
	tg->nmigrated++;
}

/* The answer to a row's sendMessage or answerCallbackQuery. */
static void
tg_send_done(struct tg *tg, const struct tg_result *r, void *arg)
{
	struct tg_sent	*s = arg;
	struct tg_chat	*c;
	json_t		*mid;
	char		 msg[32];
	int64_t		 now = time(NULL), wait;
	int		 tries;

	if (r->cancelled) {
		free(s);
		return;
	}
	c = s->answer ? NULL : tg_send_chat(tg, s->chat, tg_now());
	if (r->ok) {
		mid = json_object_get(r->result, "message_id");
		msg[0] = '\0';
		if (json_is_integer(mid))
			snprintf(msg, sizeof msg, "%lld",
			    (long long)json_integer_value(mid));
		tg_send_mark(tg, s, 0, 0, msg[0] != '\0' ? msg : NULL);
		if (c != NULL)
			c->failures = 0;
	} else if (r->status == 400 && r->desc != NULL &&
	    strstr(r->desc, "message is not modified") != NULL)
		tg_send_mark(tg, s, 0, 0, NULL);
	else if (r->status == 429) {
		wait = r->retry_after > 0 ? r->retry_after : 1;
		log_info("telegram: %s: too many requests, waiting %lld s",
		    r->method, (long long)wait);
		if (c != NULL) {
			c->b.tokens = -(double)wait * c->b.rate;
			c->b.at = tg_now();
		}
		tg_send_mark(tg, s, 1, now + wait, NULL);
	} else if (r->status == 400 && r->migrate != 0 && !s->answer) {
		tg_send_migrate(tg, s->chat, r->migrate);
		tg_send_mark(tg, s, 1, now, NULL);
	} else if (r->status == 400 || r->status == 403) {
		log_warnx("telegram: %s to %s refused: %s; dropped", r->method,
		    s->answer ? "a button" : s->chat, r->desc);
		tg_send_mark(tg, s, 2, 0, NULL);
		if (r->status == 403 && !s->answer && !tg_send_group(s->chat))
			tg_send_blocked(tg, s);
	} else if ((tries = c != NULL ? ++c->failures : s->attempts + 1) >=
	    TG_MAXTRIES) {
		log_warnx("telegram: %s: %s; given up after %d tries",
		    r->method, r->desc, tries);
		tg_send_mark(tg, s, 2, 0, NULL);
		if (c != NULL)
			c->failures = 0;
	} else {
		/*
		 * 5xx, no answer, a bad token: the same row, later.  The
		 * chat's failures in a row set the backoff, not the row's
		 * attempts, which also count waits for the rate limits.
		 */
		wait = 1 << (tries - 1 < 9 ? tries - 1 : 9);
		if (wait > TG_BACKOFF_MAX)
			wait = TG_BACKOFF_MAX;
		log_warnx("telegram: %s: %s%s; again in %lld s", r->method,
		    r->transport ? "no answer: " : "", r->desc,
		    (long long)wait);
		tg_send_mark(tg, s, 1, now + wait, NULL);
	}
	free(s);
	tg->sending = 0;
	tg_send_next(tg);
}

/* Send one row that is due; 1 if a call went out, 0 if none, -1 wait. */
static int
tg_send_row(struct tg *tg, const struct svc_out *out)
{
	struct tg_sent	*s;
	struct tg_chat	*c;
	struct rbuf	 b = { NULL, 0, 0 };
	json_t		*p, *v;
	double		 now = tg_now(), wait;

	if ((s = calloc(1, sizeof *s)) == NULL)
		fatal("%s", __func__);
	s->id = out->id;
	s->game = out->game;
	s->attempts = out->attempts;
	snprintf(s->chat, sizeof s->chat, "%s", out->chat);
	s->answer = strcmp(out->kind, "answer") == 0;
	if (tg_send_render(tg, out, &b) != 0 && !s->answer) {
		tg_send_mark(tg, s, 0, 0, NULL);	/* nothing to say */
		free(s);
		return (0);
	}
	if (!s->answer) {
		c = tg_send_chat(tg, out->chat, now);
		if ((wait = tg_bucket_take(&c->b, now)) > 0) {
			tg_send_mark(tg, s, 1, time(NULL) + (int64_t)ceil(wait),
			    NULL);
			free(s);
			rbuf_free(&b);
			return (0);
		}
	}
	if ((wait = tg_bucket_take(&tg->global, now)) > 0) {
		/* The row stays as it is; try again when a token is in. */
		free(s);
		rbuf_free(&b);
		return (-1);
	}
	if (s->answer) {
		v = json_loads(out->payload, 0, NULL);
		p = json_pack("{s:s}", "callback_query_id",
		    json_string_value(json_object_get(v, "callback")) != NULL ?
		    json_string_value(json_object_get(v, "callback")) : "");
		if (b.len > 0)
			json_object_set_new(p, "text", json_stringn(b.s,
			    b.len > 200 ? 200 : b.len));
		if (json_is_true(json_object_get(v, "alert")))
			json_object_set_new(p, "show_alert", json_true());
		json_decref(v);
		tg->sending = 1;
		tg_http_call(tg, "answerCallbackQuery", p, 30, tg_send_done, s);
	} else {
		p = json_pack("{s:s, s:s, s:s, s:b}", "chat_id",
		    tg_send_target(tg, out->chat), "text", b.s, "parse_mode",
		    "HTML", "disable_web_page_preview", 1);
		tg->sending = 1;
		tg_http_call(tg, "sendMessage", p, 30, tg_send_done, s);
	}
	rbuf_free(&b);
	return (1);
}

/* Send rows until one call is out, none is due, or the limit says wait. */
static void
tg_send_next(struct tg *tg)
{
	struct svc_out	out;
	int		r, n;

	for (n = 0; !tg->sending && n < 1000; n++) {
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

	tg_bucket_init(&tg->global, 30.0 * tg->scale, 30, tg_now());
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
}
