/*
 * service-member.c: asking a game's platform whether a person is in the
 * game's group, before they take a seat from outside it (a join link, or
 * "/join #ID", in their private chat: svc_access()).
 *
 * The service cannot wait for the platform, so the question is an outbox
 * row ("member", in the person's private chat, after what they were told
 * before): its bridge asks (Telegram: getChatMember) and hands the answer
 * back with svc_outbox_member(), which, in one transaction, marks the row
 * done and runs the person's command again as they sent it, this time
 * with the answer: everything (the game, its seats, the person's right
 * to them) is decided afresh then.  A crash before that commit leaves the
 * row to deliver: the bridge asks again.  A row answered more than
 * SVC_MEMBER_TTL after it was asked seats nobody (the person is told to
 * try again), so that an old question, kept waiting by an outage, never
 * seats someone on an answer they no longer expect.  One question per
 * person and game waits at a time.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <string.h>

#include "service-int.h"

#define SVC_MEMBER_TTL	600	/* seconds an answer may take */

/*
 * The platform's answer to a "member" row (inside the caller's
 * transaction): the person's command runs again, in their private chat,
 * with it; an answer that came too late counts as none.  0, -1.
 */
int
svc_member_answer(struct svc *svc, const struct svc_out *row, int member)
{
	struct svc_event	 ev;
	json_t			*p = row->data;
	const char		*user, *text, *name;
	int64_t			 game, asked;

	game = json_integer_value(json_object_get(p, "game"));
	asked = json_integer_value(json_object_get(p, "asked"));
	user = json_string_value(json_object_get(p, "user"));
	text = json_string_value(json_object_get(p, "text"));
	name = json_string_value(json_object_get(p, "name"));
	if (game <= 0 || user == NULL || text == NULL)
		return (0);		/* not ours to run: done */
	if (member != SVC_MEMBER_UNKNOWN && (asked > svc->now ||
	    svc->now - asked > SVC_MEMBER_TTL))
		member = SVC_MEMBER_UNKNOWN;
	memset(&ev, 0, sizeof ev);
	ev.kind = SVC_EV_TEXT;
	ev.platform = row->platform;
	ev.update_id = -1;
	ev.chat = row->chat;
	ev.private_chat = 1;
	ev.chat_title = name;
	ev.user = user;
	ev.user_name = name;
	ev.lang = json_string_value(json_object_get(p, "lang"));
	ev.text = text;
	return (svc_event_run(svc, &ev, game, member));
}

/*
 * The answer to a "member" row (service.h, service-member.c): in one
 * transaction the row is done and the command that asked runs again with
 * the answer; the batch is freed.
 */
int
svc_outbox_member(struct svc *svc, struct svc_batch *b, int member)
{
	int	rc;

	if (b->n == 0)
		return (svc_fail(svc, "outbox: an empty batch"));
	svc->now = svc->clock(svc->clock_arg);
	if ((rc = svc_txn_begin(svc)) == 0)
		rc = svc_txn_end(svc, svc_finish_rows(svc, b, SVC_DONE, 0,
		    NULL) == 0 && (b->row[0].type != SVC_OUT_MEMBER ||
		    svc_member_answer(svc, &b->row[0], member) == 0));
	svc_batch_free(svc, b);
	return (rc);
}
