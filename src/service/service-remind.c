/*
 * service-remind.c: a turn's reminder.  At four fifths of the time a
 * person has for their turn (the game's deadline, or what is left of
 * their time bank; waking time, as the deadline counts it) they are told
 * privately that the turn waits and how long until the AI plays it:
 * once a turn (a seat's last reminded turn is kept with the row, in the
 * same transaction), and not when they looked at the game during that
 * turn (pressed one of its buttons, opened its Mini App), nor while they
 * are away.  The time is a column of the game's row (games.remind), run
 * by service-timer.c and service-exchange.c like the deadline.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <string.h>

#include "service-int.h"

/*
 * The seconds into a turn of secs seconds at which its reminder goes:
 * four fifths of it (0: the turn is too short for one).
 */
int64_t
svc_remind_after(int64_t secs)
{
	return (secs >= SVC_REMIND_MIN ? secs - secs / 5 : 0);
}

/*
 * Is seat's person away (/away) at t: their clocks stopped, or the AI
 * playing for them?
 */
static int
svc_remind_away(const struct store_seat *p, int64_t t)
{
	return (p->away_until > t);
}

/*
 * Remind seat's person of their turn in gm, whose time is up at due (0:
 * a turn without a deadline, svc_set_remind()): unless the seat is not
 * a person's who can be told (nobody, an AI, one the AI plays for, one
 * away), or was reminded of this turn already, or looked at the game
 * during it.  0, -1 failure.
 */
int
svc_remind_seat(struct svc *svc, const struct svc_gm *gm, int seat,
    int64_t due)
{
	const struct store_seat	*p = &gm->g.seats[seat];
	int64_t			 looked, reminded;

	if (p->user == 0 || p->ai > 0 || p->away ||
	    svc_remind_away(p, svc->now))
		return (0);
	if (store_remind_get(svc->store, gm->g.id, seat, &looked,
	    &reminded) != 0)
		return (svc_store_fail(svc));
	if (looked == gm->g.turn_no || reminded == gm->g.turn_no)
		return (0);
	if (store_remind_sent(svc->store, gm->g.id, seat, gm->g.turn_no) != 0)
		return (svc_store_fail(svc));
	return (svc_put_seat(svc, gm, seat, SVC_OUT_REMINDER,
	    json_pack("{s:I}", "due", (json_int_t)due)));
}

/*
 * Person user looked at game (pressed a button of it, opened its Mini
 * App): their turn running now needs no reminder.  0, -1 failure.
 */
int
svc_remind_looked(struct svc *svc, int64_t game, int64_t user)
{
	if (game <= 0 || user <= 0)
		return (0);
	if (store_remind_looked(svc->store, game, user) != 0)
		return (svc_store_fail(svc));
	return (0);
}

/*
 * The Mini App showed seat its turn in gm: the same, written only when
 * this turn was not seen yet (the app asks again and again).
 */
int
svc_remind_opened(struct svc *svc, const struct svc_gm *gm, int seat)
{
	int64_t	looked, reminded;

	if (store_remind_get(svc->store, gm->g.id, seat, &looked,
	    &reminded) != 0)
		return (svc_store_fail(svc));
	if (looked == gm->g.turn_no)
		return (0);
	return (svc_remind_looked(svc, gm->g.id, gm->g.seats[seat].user));
}
