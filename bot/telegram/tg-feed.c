/*
 * tg-feed.c: the one way an update enters the service, whether it came
 * by getUpdates (tg-poll.c) or by the webhook (tg-hook.c), and what
 * the bridge does after a commit (the daemon's after-commit step runs
 * the timers and delivers, from its loop).  A group's update asks for its admins in the
 * background (tg-admin.c); a press the service cannot take is answered
 * at once, or the person's button spins; a group that became a
 * supergroup is moved where its update stands, so that the updates
 * after it, which may come from the new id, find its games.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include "log.h"
#include "tg-int.h"

/*
 * Feed one update to the service; 0 done (applied, refused, or only
 * recorded), -1 when the service failed and the update must come again.
 */
int
tg_feed(struct tg *tg, struct tg_update *u)
{
	tg_admin_see(tg, u);
	if (svc_event(tg->svc, &u->ev) != 0) {
		log_warnx("telegram: update %lld: %s",
		    (long long)u->ev.update_id, svc_error(tg->svc));
		return (-1);
	}
	if (u->msgid > 0)
		tg_chat_saw(tg, u->chat, u->msgid, u->super);
	/* A press the service could not take still needs its answer. */
	if (u->callback[0] != '\0' && u->ev.data == NULL)
		tg_send_answer(tg, u->callback);
	if (u->migrate[0] != '\0')
		tg_chat_moved(tg, u->chat, u->migrate);
	return (0);
}

/*
 * Updates committed: their button presses are answered at once.  The
 * rest of their messages go when the daemon's loop wakes the bridge
 * (tg_deliver()), after the timers that came due with them.
 */
void
tg_after(struct tg *tg)
{
	tg_send_answers_now(tg);
}
