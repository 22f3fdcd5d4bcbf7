/*
 * service-holiday.c: a person away from all their running games for a
 * while (/away, /back: service-away.c), kept in the store (user_away,
 * away_games) so that a restart goes on with it.
 *
 * They choose how.  Their clocks stop: a turn of theirs, in every game,
 * counts its time from their return on (svc_seat_due() reads a seat's
 * person's away_until), one that was running when they left keeps what
 * it had left (its waking seconds, or a time bank's rest, paused; an
 * exchange's time, shared by all who give, starts anew from then), and
 * their groups' live messages say until when they are away.  Or the AI
 * plays for them, as after /leave (svc_seat_away(): the group is told
 * once, their turns are played at once), and gives each seat back when
 * they return.  Being away ends by /back or at its time: its timer is
 * the row's until, run by svc_timers() beside the games'.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <string.h>

#include "service-int.h"

/*
 * Stop the clocks of seat's person (away until a->until) in one game:
 * a turn of theirs that runs keeps what it has left, and the turn is
 * scheduled again (its time counted from their return).  0, -1.
 */
static int
svc_holiday_stop(struct svc *svc, struct svc_gm *gm, int seat,
    const struct store_away *a)
{
	struct store_seat	*p = &gm->g.seats[seat];
	struct store_away_game	 ag;
	struct store_pace	 pc;
	struct svc_ptime	 pt;

	p->away_until = a->until;
	p->away_ai = 0;
	if (gm->g.actor == seat && !p->away && gm->g.due > svc->now &&
	    gm->st.phase != TAC_PH_EXCHANGE) {
		if (store_game_pace(svc->store, gm->g.id, &pc) < 0)
			return (svc_store_fail(svc));
		if (pc.bank > 0) {
			if (svc_bank_pause(svc, gm, seat) != 0)
				return (-1);
		} else {
			svc_user_time(svc, p->user, p->lang, &pt);
			memset(&ag, 0, sizeof ag);
			ag.turn = gm->g.turn_no;
			ag.left = zone_awake(pt.zone, pt.quiet_start,
			    pt.quiet_end, svc->now, gm->g.due);
			if (store_away_game_put(svc->store, p->user, gm->g.id,
			    &ag) != 0)
				return (svc_store_fail(svc));
		}
	}
	if (svc_schedule(svc, gm, 0) != 0 || svc_game_save(svc, gm) != 0)
		return (-1);
	return (svc_edit_after(svc, gm, SVC_OUT_EDIT_BOARD));
}

/*
 * Person user is away until a->until, as a says, in all their running
 * games (those they sit in and play themselves, for the AI's way): how
 * many, into *games.  0, -1 failure.
 */
int
svc_holiday_begin(struct svc *svc, int64_t user, const struct store_away *a,
    int *games)
{
	struct store_away_game	 ag;
	struct svc_gm		 gm;
	int64_t			 ids[SVC_AWAY_GAMES];
	int			 mine[SVC_AWAY_GAMES];
	int			 i, n, rc, me;

	*games = 0;
	if (store_away_put(svc->store, user, a) != 0)
		return (svc_store_fail(svc));
	if ((n = store_user_games(svc->store, user, ids, mine,
	    SVC_AWAY_GAMES)) < 0)
		return (svc_store_fail(svc));
	for (i = 0; i < n && i < SVC_AWAY_GAMES; i++) {
		if ((rc = svc_game_load(svc, ids[i], &gm)) < 0)
			return (-1);
		if (rc == 0 || gm.g.state != STORE_PLAYING || !gm.started ||
		    (me = svc_seat_of(&gm, user)) < 0 ||
		    gm.g.seats[me].away == STORE_AWAY_GONE)
			continue;
		if (!a->ai) {
			(*games)++;
			if (svc_holiday_stop(svc, &gm, me, a) != 0)
				return (-1);
			continue;
		}
		/* A seat the AI plays already (/leave) stays as it is. */
		if (gm.g.seats[me].away)
			continue;
		(*games)++;
		memset(&ag, 0, sizeof ag);
		ag.ai = 1;
		ag.turn = ag.left = -1;
		if (store_away_game_put(svc->store, user, gm.g.id, &ag) != 0)
			return (svc_store_fail(svc));
		gm.g.seats[me].away_until = a->until;
		gm.g.seats[me].away_ai = 1;
		if (svc_seat_away(svc, &gm, me, "holiday") != 0)
			return (-1);
	}
	return (0);
}

/*
 * Person user is back (by /back, or their time away is up): in each of
 * their running games a seat the AI was given is theirs again (the
 * group told, their turn given to them), a stopped turn runs again from
 * now with what it had left.  How many games, into *games; with tell,
 * the person is told so (silently, an "away" row: their time is up).
 * 0 when they were not away, 1 back, -1 failure.
 */
int
svc_holiday_end(struct svc *svc, int64_t user, int tell, int *games)
{
	struct store_seat	 who;		/* where to tell them */
	char			 platform[16];
	struct store_away	 a;
	struct store_away_game	 ag;
	struct svc_gm		 gm;
	struct store_seat	*p;
	int64_t			 ids[SVC_AWAY_GAMES];
	int			 mine[SVC_AWAY_GAMES];
	int			 i, n, rc, me;

	*games = 0;
	memset(&who, 0, sizeof who);
	if ((rc = store_away_get(svc->store, user, &a)) <= 0)
		return (rc < 0 ? svc_store_fail(svc) : 0);
	if ((n = store_user_games(svc->store, user, ids, mine,
	    SVC_AWAY_GAMES)) < 0)
		return (svc_store_fail(svc));
	for (i = 0; i < n && i < SVC_AWAY_GAMES; i++) {
		if ((rc = svc_game_load(svc, ids[i], &gm)) < 0)
			return (-1);
		if (rc == 0 || gm.g.state != STORE_PLAYING || !gm.started ||
		    (me = svc_seat_of(&gm, user)) < 0)
			continue;
		p = &gm.g.seats[me];
		if (who.user == 0) {
			who = *p;
			snprintf(platform, sizeof platform, "%s",
			    gm.g.platform);
		}
		/* A seat its person's leaving the group took stays the AI's. */
		if (p->away == STORE_AWAY_GONE)
			continue;
		p->away_until = 0;
		p->away_ai = 0;
		if ((rc = store_away_game(svc->store, user, gm.g.id,
		    &ag)) < 0)
			return (svc_store_fail(svc));
		if (a.ai && (rc == 0 || !ag.ai))
			continue;	/* not given to the AI by /away */
		(*games)++;
		if (a.ai && p->away) {
			p->away = 0;
			if (svc_seat_take(svc, &gm, me, p, "resumed") != 0)
				return (-1);
			continue;
		}
		if (svc_schedule(svc, &gm, 0) != 0 ||
		    svc_game_save(svc, &gm) != 0 ||
		    svc_edit_after(svc, &gm, SVC_OUT_EDIT_BOARD) != 0)
			return (-1);
	}
	if (store_away_del(svc->store, user) != 0)
		return (svc_store_fail(svc));
	if (tell && who.user != 0 && who.pid[0] != '\0' &&
	    svc_put(svc, platform, who.pid, 0, SVC_OUT_AWAY, json_pack("{s:b, "
	    "s:b, s:i, s:s}", "back", 1, "ended", 1, "games", *games, "lang",
	    who.lang)) != 0)
		return (-1);
	return (1);
}

/*
 * End being away for the people whose time is up at svc->now, each in
 * a transaction of its own: how many, -1 failure.
 */
int
svc_holiday_timers(struct svc *svc)
{
	int64_t	users[SVC_TIMER_BATCH];
	int	i, n, games, rc;

	if ((n = store_away_due(svc->store, svc->now, users,
	    SVC_TIMER_BATCH)) < 0)
		return (svc_store_fail(svc));
	for (i = 0; i < n; i++) {
		if (svc_txn_begin(svc) != 0)
			return (-1);
		rc = svc_holiday_end(svc, users[i], 1, &games);
		if (svc_txn_end(svc, rc >= 0) != 0)
			return (-1);
	}
	return (n);
}
