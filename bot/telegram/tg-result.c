/*
 * tg-result.c: what the answer to a delivery call means for its rows.
 *
 * Every failure has an end:
 *   ok				done, with the message's name (for later
 *				edits)
 *   400 not modified		done
 *   400 migrate_to_chat_id	the service moves the chat; the rows go to
 *				the new id at once
 *   400, a fallback left	the edited message is gone: post it anew; a
 *				photo refused: the text instead (and text
 *				boards in that chat for an hour); a
 *				document refused (also 403): a text that
 *				says so instead
 *   ok, posted anew		done; the message it stands for is taken
 *				away (deleted, or else its buttons), the
 *				answer to that only logged
 *   400, 403, 404		dropped, with a log line (404: a method this
 *				API does not have); a person who cannot
 *				be written to (403, or 400 "chat not found")
 *				is dropped as unreachable: the service tells
 *				their game's group once, with the link that
 *				opens the chat and brings their cards, and
 *				again whenever a reminder of their turn
 *				cannot reach them (an outbox row, in that
 *				group's order)
 *   429			put off by retry_after (clamped to 1 s .. 1 h
 *				by tg_http_retry()), not counted as an attempt
 *   getChatMember		the answer goes to the service (a "member"
 *				row): ok with the person's status, 400 "user
 *				not found" (no member), else it could not
 *				say; a 429 waits as any row does
 *   5xx, no answer		when other calls worked meanwhile, or the
 *				API itself answered (a 5xx other than a
 *				gateway's 502, 503, 504), this message is
 *				the trouble: again after 1, 2, 4 ... s,
 *				given up after TG_MAXTRIES (a photo or a
 *				document falls back to text first); else
 *				the API is down: everything waits, 1, 2, 4
 *				... 60 s, and no attempt counts
 *   a call that only tidies	(a pin) the same, but given up after
 *				TG_TIDYTRIES, and its chat's messages go on
 *				meanwhile: it holds no chat
 * A row that fails keeps only its own chat waiting, and only for as long
 * as its attempts last.  tests/check_tg_result.c drives this table
 * against a stub of tg-http.c.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "log.h"
#include "tg-int.h"

/* Finish the call's rows as fate says (enum svc_fate), logged if it fails. */
static void
tg_result_finish(struct tg *tg, struct tg_req *req, int fate, int64_t when,
    const char *ref)
{
	int64_t	id = req->b.n > 0 ? req->b.row[0].id : 0;

	if (req->b.n == 0)
		return;
	if (svc_outbox_finish(tg->svc, &req->b, fate, when, ref) != 0)
		log_warnx("telegram: outbox row %lld: %s", (long long)id,
		    svc_error(tg->svc));
}

/*
 * The call worked (or changed nothing): its rows are done, with the
 * message's name (the edited one's, or the new one's) for later edits.
 */
static void
tg_result_ok(struct tg *tg, struct tg_req *req, const struct tg_result *r,
    struct tg_chat *c)
{
	json_t	*mid;
	char	 ref[SVC_REF_MAX];
	int	 photo;

	snprintf(ref, sizeof ref, "%s", req->edit);
	mid = json_object_get(r->result, "message_id");
	if (r->ok && json_is_integer(mid)) {
		tg_ref_make(ref, sizeof ref, json_integer_value(mid),
		    req->photo);
		tg_chat_say(tg, req->chat, json_integer_value(mid), req->said);
		/* A new message of ours: it may bury a live message. */
		if (req->edit[0] == '\0')
			tg_chat_saw(tg, req->chat, json_integer_value(mid),
			    -1);
		/* A live message posted (anew): its reposts count from it. */
		if (req->live && json_integer_value(mid) != tg_ref_id(
		    req->edit, &photo))
			tg_chat_posted(tg, req->chat, json_integer_value(mid),
			    tg_now());
	} else if (req->edit[0] != '\0') {
		/* "Not modified": it says so already. */
		tg_chat_say(tg, req->chat, tg_ref_id(req->edit, &photo),
		    req->said);
	}
	if (c != NULL)
		c->failures = 0;
	tg_result_finish(tg, req, SVC_DONE, 0, ref[0] != '\0' ? ref : NULL);
}

/*
 * The message req stood for went anew at the bottom of its chat: take
 * the old one away (deleteMessage), or, when it cannot be deleted (more
 * than two days old), leave it as a plain snapshot without its buttons.
 * TG_RESEND with the call set, TG_OVER when nothing is left to do.
 */
static int
tg_result_drop(struct tg *tg, struct tg_req *req)
{
	int64_t	id;
	int	photo;

	if (req->drop[0] == '\0' || tg->stopping ||
	    (id = tg_ref_id(req->drop, &photo)) <= 0)
		return (TG_OVER);
	json_decref(req->params);
	json_decref(req->fallback);
	json_decref(req->textfb);
	req->fallback = req->textfb = NULL;
	free(req->png);
	req->png = NULL;
	req->pnglen = 0;
	req->file[0] = req->fname[0] = '\0';
	req->params = json_pack("{s:s, s:I}", "chat_id", tg_chat_target(tg,
	    req->chat), "message_id", (json_int_t)id);
	if (req->after == 0)
		snprintf(req->method, sizeof req->method, "deleteMessage");
	else {
		snprintf(req->method, sizeof req->method,
		    "editMessageReplyMarkup");
		json_object_set_new(req->params, "reply_markup", json_pack(
		    "{s:[]}", "inline_keyboard"));
		req->drop[0] = '\0';
	}
	req->after++;
	return (TG_RESEND);
}

/*
 * The answer to taking an old message away: done, or, when it could not
 * be deleted and had buttons, its buttons go instead.
 */
static int
tg_result_after(struct tg *tg, struct tg_req *req, const struct tg_result *r)
{
	if (r->ok || req->after > 1)
		return (TG_OVER);
	log_info("telegram: %s in %s: %s; %s", r->method, req->chat, r->desc,
	    req->dropkeys ? "its buttons go instead" : "it stays as it is");
	if (!req->dropkeys || r->status != 400)
		return (TG_OVER);
	return (tg_result_drop(tg, req));
}

/* Make req's call the one its fallback params describe (taken). */
static void
tg_result_instead(struct tg_req *req, const char *method, json_t *params,
    const char *file)
{
	req->said = 0;		/* not the message that was hashed */
	json_decref(req->params);
	req->params = params;
	snprintf(req->method, sizeof req->method, "%s", method);
	snprintf(req->file, sizeof req->file, "%s", file != NULL ? file : "");
}

/*
 * A refusal (400) with a way out left: the message to edit is gone (post
 * it anew), a photo was refused (the text instead), or a document (the
 * text that says so instead).  1 with req set to the next call.
 */
static int
tg_result_fallback(struct tg *tg, struct tg_req *req,
    const struct tg_result *r)
{
	if (req->fallback != NULL) {
		log_info("telegram: %s in %s: %s; sending a new message",
		    r->method, req->chat, r->desc);
		req->edit[0] = '\0';
		tg_result_instead(req, req->fbmethod[0] != '\0' ?
		    req->fbmethod : "sendMessage", req->fallback, req->fbfile);
		req->fallback = NULL;
		return (1);
	}
	if (req->textfb != NULL && req->photo) {
		log_info("telegram: %s in %s: %s; the text board instead",
		    r->method, req->chat, r->desc);
		/* The chat's next boards are text, for an hour. */
		tg_chat_get(tg, req->chat, tg_now())->nophoto = tg_now() +
		    TG_NOPHOTO;
		req->edit[0] = '\0';
		req->photo = 0;
	} else if (req->textfb != NULL && req->doc) {
		log_info("telegram: %s in %s: %s; a text instead", r->method,
		    req->chat, r->desc);
		req->doc = 0;
	} else
		return (0);
	free(req->png);
	req->png = NULL;
	req->pnglen = 0;
	tg_result_instead(req, "sendMessage", req->textfb, NULL);
	req->textfb = NULL;
	return (1);
}

/* Put a call's rows off until now + wait. */
static void
tg_result_later(struct tg *tg, struct tg_req *req, struct tg_chat *c,
    int fate, int64_t wait)
{
	if (c != NULL)
		c->hold = tg_now() + (double)wait;
	tg_result_finish(tg, req, fate, tg_wall() + wait, NULL);
}

/*
 * Does a failure say the API is down, not this call: no HTTP answer or a
 * gateway's, and nothing worked since the call went out?  A 500 of the
 * API itself is about the call (a pin it cannot do): taken for an outage,
 * a chat whose only row keeps failing would wait for ever, no other call
 * ever working in between.
 */
static int
tg_result_down(const struct tg *tg, const struct tg_req *req,
    const struct tg_result *r)
{
	if (tg->last_ok >= req->started)
		return (0);
	return (r->transport || r->status == 502 || r->status == 503 ||
	    r->status == 504);
}

/*
 * No answer, or a server error.  If another call worked since this one
 * went out, or the API answered it, the trouble is this message's: it is
 * tried again a few times, then given up.  If the API is down, everything
 * waits, and no attempt counts.  TG_RESEND when a fallback goes instead.
 */
static int
tg_result_failed(struct tg *tg, struct tg_req *req, const struct tg_result *r,
    struct tg_chat *c)
{
	double	now = tg_now();
	int64_t	wait;
	int	tries;

	if (tg_result_down(tg, req, r)) {
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
		tg_result_later(tg, req, NULL, SVC_DEFER, tg->down_wait);
		return (TG_OVER);
	}
	/*
	 * A chat that just had a row given up gets one try per row until a
	 * call to it works again: a chat that always fails drains, logged
	 * once, instead of keeping each of its rows for a minute.
	 */
	tries = (req->b.n > 0 ? req->b.row[0].attempts : 0) + 1;
	if (req->beside) {
		/* It only tidies: a few tries, and the chat never waits. */
		if (tries >= TG_TIDYTRIES) {
			log_warnx("telegram: %s to %s: %s; given up after %d "
			    "tries", r->method, req->chat, r->desc, tries);
			tg_result_finish(tg, req, SVC_DROP, 0, NULL);
			return (TG_OVER);
		}
		tg_result_later(tg, req, NULL, SVC_RETRY,
		    (int64_t)1 << (tries - 1));
		return (TG_OVER);
	}
	if (c != NULL)
		c->failures++;
	if (tries >= (req->answer ? 3 : c != NULL && c->failures >
	    TG_MAXTRIES ? 1 : TG_MAXTRIES)) {
		if (!req->answer && req->textfb != NULL && (req->photo ||
		    req->doc) && tg_result_fallback(tg, req, r))
			return (TG_RESEND);
		if (c == NULL || c->failures <= TG_MAXTRIES + 1)
			log_warnx("telegram: %s to %s: %s; given up after %d "
			    "tries%s", r->method, req->answer ? "a button" :
			    req->chat, r->desc, tries, c != NULL &&
			    c->failures > TG_MAXTRIES ? " (its next rows get "
			    "one each until a call works)" : "");
		tg_result_finish(tg, req, SVC_DROP, 0, NULL);
		return (TG_OVER);
	}
	wait = (int64_t)1 << (tries - 1);
	if (wait > TG_BACKOFF_MAX)
		wait = TG_BACKOFF_MAX;
	log_warnx("telegram: %s to %s: %s%s; again in %lld s", r->method,
	    req->answer ? "a button" : req->chat, r->transport ?
	    "no answer: " : "", r->desc, (long long)wait);
	tg_result_later(tg, req, c, SVC_RETRY, wait);
	return (TG_OVER);
}

/* Telegram answered: the API is up. */
static void
tg_result_up(struct tg *tg, double now)
{
	tg->last_ok = now;
	if (tg->down_since != 0) {
		log_info("telegram: the Bot API answers again, after %.0f s",
		    now - tg->down_since);
		tg->down_since = 0;
	}
	tg->down_wait = 0;
	tg->down_until = 0;
}

/* A refusal (400, 403) with no way out: the rows are dropped. */
static void
tg_result_refused(struct tg *tg, struct tg_req *req, const struct tg_result *r)
{
	int	fate = SVC_DROP;

	log_warnx("telegram: %s to %s refused: %s; dropped", r->method,
	    req->answer ? "a button" : req->chat, r->desc);
	/* Someone who never started the bot, or blocked it. */
	if (!req->answer && !tg_chat_group(req->chat) && (r->status == 403 ||
	    (r->desc != NULL && strstr(r->desc, "chat not found") != NULL)))
		fate = SVC_UNREACHABLE;
	tg_result_finish(tg, req, fate, 0, NULL);
}

/*
 * What getChatMember's ChatMember says (enum svc_member): the group's
 * creator, an administrator, a member, or one restricted who is still a
 * member is in it; one who left, was removed, or whom Telegram does not
 * know there ("user not found") is not.
 */
static int
tg_result_status(const struct tg_result *r)
{
	const char	*status;

	if (!r->ok)
		return (r->status == 400 && r->desc != NULL &&
		    strstr(r->desc, "user not found") != NULL ?
		    SVC_MEMBER_NO : SVC_MEMBER_UNKNOWN);
	if ((status = json_string_value(json_object_get(r->result,
	    "status"))) == NULL)
		return (SVC_MEMBER_UNKNOWN);
	if (strcmp(status, "creator") == 0 ||
	    strcmp(status, "administrator") == 0 ||
	    strcmp(status, "member") == 0)
		return (SVC_MEMBER_YES);
	if (strcmp(status, "restricted") == 0)
		return (json_is_true(json_object_get(r->result, "is_member")) ?
		    SVC_MEMBER_YES : SVC_MEMBER_NO);
	if (strcmp(status, "left") == 0 || strcmp(status, "kicked") == 0)
		return (SVC_MEMBER_NO);
	return (SVC_MEMBER_UNKNOWN);
}

/*
 * The answer to getChatMember (a "member" row): Telegram's word goes to
 * the service, which runs the person's command again with it.  A 429 is
 * waited out as for any row; any other failure (no answer, a 5xx, the
 * group gone: 400, the bot removed from it: 403) is an answer too, "it
 * could not say": the person is told and nothing changes, so that a join
 * never waits on an outage.
 */
static int
tg_result_member(struct tg *tg, struct tg_req *req, const struct tg_result *r)
{
	struct tg_chat	*c = tg_chat_get(tg, req->chat, tg_now());
	int64_t		 wait, id = req->b.n > 0 ? req->b.row[0].id : 0;
	int		 member;

	if (r->status == 429) {
		tg_result_up(tg, tg_now());
		wait = r->retry_after > 0 ? r->retry_after : TG_RETRY_MIN;
		tg_result_later(tg, req, c, SVC_DEFER, wait);
		return (TG_OVER);
	}
	if (r->ok || r->status == 400 || r->status == 403)
		tg_result_up(tg, tg_now());
	member = tg_result_status(r);
	if (!r->ok)
		log_warnx("telegram: getChatMember for %s: %s%s", req->chat,
		    r->transport ? "no answer: " : "", r->desc != NULL ?
		    r->desc : "?");
	if (req->b.n > 0 && svc_outbox_member(tg->svc, &req->b, member) != 0)
		log_warnx("telegram: outbox row %lld: %s", (long long)id,
		    svc_error(tg->svc));
	return (TG_OVER);
}

/*
 * The answer to a delivery call (send, edit, answerCallbackQuery): what
 * becomes of its rows (finished with the service), and whether a call
 * that goes instead is set in req (TG_RESEND) or it is over (TG_OVER).
 */
int
tg_result_read(struct tg *tg, struct tg_req *req, const struct tg_result *r)
{
	struct tg_chat	*c = NULL;
	double		 now = tg_now();
	int64_t		 wait;
	char		 to[32];
	int		 notmod;

	if (req->after > 0)
		return (tg_result_after(tg, req, r));
	if (req->member)
		return (tg_result_member(tg, req, r));
	notmod = r->status == 400 && r->desc != NULL &&
	    strstr(r->desc, "message is not modified") != NULL;
	/* A document may be refused with a 403 too (no right to send). */
	if (!r->ok && !notmod && (r->status == 400 || (r->status == 403 &&
	    req->doc)) && r->migrate == 0 && !req->answer && !tg->stopping &&
	    tg_result_fallback(tg, req, r))
		return (TG_RESEND);
	if (!req->answer)
		c = tg_chat_get(tg, req->chat, now);
	if (r->ok || notmod || r->status == 400 || r->status == 403 ||
	    r->status == 404 || r->status == 429)
		tg_result_up(tg, now);
	if (r->ok || notmod) {
		tg_result_ok(tg, req, r, c);
		if (r->ok)
			return (tg_result_drop(tg, req));
	} else if (r->status == 429) {
		/*
		 * Nothing failed: Telegram said wait; not an attempt.  The
		 * wait is within 1 s .. 1 h already (tg_http_retry()).
		 */
		wait = r->retry_after > 0 ? r->retry_after : TG_RETRY_MIN;
		log_info("telegram: %s: too many requests, waiting %lld s",
		    r->method, (long long)wait);
		if (c != NULL) {
			bridge_bucket_hold(&c->b, now, (double)wait);
			bridge_bucket_hold(&c->m, now, (double)wait);
		}
		tg_result_later(tg, req, c, SVC_DEFER, wait);
	} else if (r->status == 400 && r->migrate != 0 && !req->answer) {
		/* The rows move with the chat, and go to its new id now. */
		snprintf(to, sizeof to, "%lld", (long long)r->migrate);
		if (!tg->stopping)
			tg_chat_moved(tg, req->chat, to);
		tg_result_later(tg, req, NULL, SVC_DEFER, 0);
	} else if (r->status == 400 || r->status == 403 || r->status == 404)
		tg_result_refused(tg, req, r);
	else
		return (tg_result_failed(tg, req, r, c));
	return (TG_OVER);
}
