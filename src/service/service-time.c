/*
 * service-time.c: each person's own time (zone.h): their zone and quiet
 * hours as they set them in /settings, or until then their language's;
 * and a turn's deadline that waits for their morning.  The bottom of
 * the core: it calls only the store.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <string.h>

#include "service-int.h"

/* The service's clock, now (compose reads its times against it). */
int64_t
svc_now(struct svc *svc)
{
	return (svc->clock(svc->clock_arg));
}

/*
 * The time of person user (users.id, 0: nobody known) whose language is
 * lang, into t: what they set, else their language's zone (none for a
 * language that says nothing of where one lives) and quiet hours of
 * 23:00-08:00 there.  0, or -1 on failure (t holds the defaults).
 */
int
svc_user_time(struct svc *svc, int64_t user, const char *lang,
    struct svc_ptime *t)
{
	struct store_utime	u;
	const char		*z;
	int			rc = 0;

	memset(t, 0, sizeof *t);
	t->quiet_start = ZONE_QUIET_START;
	t->quiet_end = ZONE_QUIET_END;
	if (user > 0 && (rc = store_user_time(svc->store, user, &u)) == 1) {
		t->quiet_start = u.quiet_start;
		t->quiet_end = u.quiet_end;
		if (u.zone[0] != '\0' && zone_valid(u.zone)) {
			snprintf(t->zone, sizeof t->zone, "%s", u.zone);
			t->chosen = 1;
			return (0);
		}
	}
	if ((z = zone_of_lang(lang)) != NULL)
		snprintf(t->zone, sizeof t->zone, "%s", z);
	return (rc < 0 ? svc_store_fail(svc) : 0);
}

/* svc_user_time() of a person named by their platform id. */
int
svc_person_time(struct svc *svc, const char *platform, const char *pid,
    struct svc_ptime *t)
{
	char	lang[LANG_MAX];
	int64_t	user;

	if ((user = store_user_find(svc->store, platform, pid, lang)) < 0) {
		svc_user_time(svc, 0, NULL, t);
		return (svc_store_fail(svc));
	}
	return (svc_user_time(svc, user, user > 0 ? lang : NULL, t));
}

/* Is person user in their quiet hours at t? */
int
svc_user_quiet(struct svc *svc, int64_t user, const char *lang, int64_t t)
{
	struct svc_ptime	pt;

	svc_user_time(svc, user, lang, &pt);
	return (zone_quiet(pt.zone, pt.quiet_start, pt.quiet_end, t));
}

/*
 * Is seat's person away at t with their clocks stopped (/away: their
 * turns wait for them, service-holiday.c)?
 */
int
svc_clock_stopped(const struct store_seat *p, int64_t t)
{
	return (p->user != 0 && p->ai == 0 && !p->away_ai &&
	    p->away_until > t);
}

/*
 * When the secs seconds of a turn that began at start for seat's person
 * are up, their quiet hours not counted: nobody loses a turn asleep.
 * Nor while away with their clocks stopped: the turn counts from their
 * return.
 */
static int64_t
svc_seat_due_from(struct svc *svc, const struct store_seat *p,
    int64_t start, int64_t secs)
{
	struct svc_ptime	pt;

	if (p->user == 0 || p->ai > 0)
		return (start + secs);
	if (svc_clock_stopped(p, start))
		start = p->away_until;
	svc_user_time(svc, p->user, p->lang, &pt);
	return (zone_due(pt.zone, pt.quiet_start, pt.quiet_end, start, secs));
}

/* svc_seat_due_from() of a turn that begins now. */
int64_t
svc_seat_due(struct svc *svc, const struct store_seat *p, int64_t secs)
{
	return (svc_seat_due_from(svc, p, svc->now, secs));
}

/*
 * The turn of seat (a person's) in a game with a time bank (pc) runs:
 * from now, or from when it began if it runs already (a turn scheduled
 * again keeps its start).  Its end into *due, its reminder at three
 * quarters of the bank into *remind (0: none).  0, -1 failure.
 */
int
svc_bank_start(struct svc *svc, const struct svc_gm *gm, int seat,
    const struct store_pace *pc, int64_t *due, int64_t *remind)
{
	const struct store_seat	*p = &gm->g.seats[seat];
	int64_t			 left, since;
	int			 rc;

	if ((rc = store_seat_bank(svc->store, gm->g.id, seat, &left,
	    &since)) < 0)
		return (svc_store_fail(svc));
	if (rc == 0)
		left = pc->bank;
	/* A person away with their clocks stopped: it runs once back. */
	if (since == 0 && !svc_clock_stopped(p, svc->now)) {
		since = svc->now;
		if (store_seat_bank_put(svc->store, gm->g.id, seat, left,
		    since) != 0)
			return (svc_store_fail(svc));
	}
	if (since == 0)
		since = svc->now;
	*due = svc_seat_due_from(svc, p, since, left);
	*remind = left >= SVC_REMIND_MIN ? svc_seat_due_from(svc, p, since,
	    left - left / 4) : 0;
	return (0);
}

/*
 * Seat's turn ended (timeout: the AI played it after its time ran out):
 * what it spent of its person's bank, their quiet hours not counted, is
 * taken off and a move's bonus given back, capped at the reserve; run
 * out, the bank holds the bonus alone.  Nothing in a game without a
 * bank, or for a turn that was not running on a bank (the AI's, an away
 * person's).  0, -1 failure.
 */
int
svc_bank_spend(struct svc *svc, const struct svc_gm *gm, int seat,
    int timeout)
{
	const struct store_seat	*p = &gm->g.seats[seat];
	struct store_pace	 pc;
	struct svc_ptime	 pt;
	int64_t			 left, since, used;

	if (store_game_pace(svc->store, gm->g.id, &pc) < 0 ||
	    (pc.bank > 0 && store_seat_bank(svc->store, gm->g.id, seat, &left,
	    &since) < 0))
		return (svc_store_fail(svc));
	if (pc.bank <= 0 || since == 0)
		return (0);
	svc_user_time(svc, p->user, p->lang, &pt);
	used = zone_awake(pt.zone, pt.quiet_start, pt.quiet_end, since,
	    svc->now);
	left = left > used ? left - used : 0;
	left = timeout ? pc.bonus : left + pc.bonus;
	if (left > pc.bank)
		left = pc.bank;
	if (store_seat_bank_put(svc->store, gm->g.id, seat, left, 0) != 0)
		return (svc_store_fail(svc));
	return (0);
}

/*
 * Seat's person goes away with their clocks stopped while their turn
 * runs on a time bank: what it spent so far is taken off (no bonus: no
 * move was made) and the bank waits, not running, for their return.
 * 0, -1 failure.
 */
int
svc_bank_pause(struct svc *svc, const struct svc_gm *gm, int seat)
{
	const struct store_seat	*p = &gm->g.seats[seat];
	struct svc_ptime	 pt;
	int64_t			 left, since, used;

	if (store_seat_bank(svc->store, gm->g.id, seat, &left, &since) < 0)
		return (svc_store_fail(svc));
	if (since == 0 || since >= svc->now)
		return (0);
	svc_user_time(svc, p->user, p->lang, &pt);
	used = zone_awake(pt.zone, pt.quiet_start, pt.quiet_end, since,
	    svc->now);
	left = left > used ? left - used : 0;
	if (store_seat_bank_put(svc->store, gm->g.id, seat, left, 0) != 0)
		return (svc_store_fail(svc));
	return (0);
}

/*
 * The seconds seat's turn (a person's, in a game with a deadline per
 * turn) has: the game's deadline, or what was left of this very turn
 * when its person's clocks stopped.  -1 failure.
 */
int64_t
svc_away_left(struct svc *svc, const struct svc_gm *gm, int seat)
{
	struct store_away_game	ag;
	int			rc;

	if (gm->g.seats[seat].user == 0)
		return (gm->g.deadline);
	if ((rc = store_away_game(svc->store, gm->g.seats[seat].user,
	    gm->g.id, &ag)) < 0)
		return (svc_store_fail(svc));
	if (rc == 1 && ag.turn == gm->g.turn_no && ag.left >= 0 &&
	    ag.left < gm->g.deadline)
		return (ag.left);
	return (gm->g.deadline);
}
