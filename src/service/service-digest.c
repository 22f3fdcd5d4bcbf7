/*
 * service-digest.c: a person's morning digest.  A person awaited in a
 * game with a clock has a digest set for their next morning (the end of
 * their quiet hours; none for a person without nights).  That morning,
 * awaited in two games or more, they get one private message listing
 * them (the group, how long the turn has waited, the time left, a
 * button to it) instead of a reminder each: those turns count as
 * reminded (service-remind.c).  Awaited in one game, the reminder does.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <string.h>

#include "service-int.h"

#define SVC_DIGEST_GAMES	32	/* games one digest looks at */

/*
 * Seat's person is awaited in gm with a clock: their next morning gets
 * a digest (kept if one is set).  0, -1 failure.
 */
int
svc_digest_arm(struct svc *svc, const struct svc_gm *gm, int seat)
{
	const struct store_seat	*p = &gm->g.seats[seat];
	struct svc_ptime	 pt;
	int64_t			 at;

	if (p->user == 0 || p->ai > 0 || p->away)
		return (0);
	svc_user_time(svc, p->user, p->lang, &pt);
	if ((at = zone_morning(pt.zone, pt.quiet_start, pt.quiet_end,
	    svc->now)) < 0)
		return (0);
	if (store_digest_put(svc->store, p->user, at) != 0)
		return (svc_store_fail(svc));
	return (0);
}

/*
 * Is seat (of person user) awaited in gm now: the game runs, and it is
 * their turn (in an exchange: they still give), and they are not away?
 */
static int
svc_digest_awaited(struct svc *svc, const struct svc_gm *gm, int seat)
{
	const struct store_seat	*p = &gm->g.seats[seat];

	if (gm->g.state != STORE_PLAYING || !gm->started ||
	    gm->st.phase == TAC_PH_OVER || gm->st.phase == TAC_PH_DEAL ||
	    p->ai > 0 || p->away || p->away_until > svc->now)
		return (0);
	return (gm->st.phase == TAC_PH_EXCHANGE ? svc_gift_asked(gm, seat) :
	    gm->st.turn == seat);
}

/* Add seat's turn in gm to the digest's list.  0, -1 failure. */
static int
svc_digest_add(struct svc *svc, const struct svc_gm *gm, int seat,
    json_t *list)
{
	int64_t	since;

	if ((since = store_last_action_at(svc->store, gm->g.id)) < 0)
		return (svc_store_fail(svc));
	if (since == 0)
		since = gm->g.created;
	json_array_append_new(list, json_pack("{s:I, s:i, s:I, s:s, s:I, "
	    "s:I}", "game", (json_int_t)gm->g.id, "seat", seat, "turn",
	    (json_int_t)gm->g.turn_no, "title", gm->g.private ? "" :
	    gm->g.title, "since", (json_int_t)since, "due",
	    (json_int_t)gm->g.due));
	return (0);
}

/*
 * Person user's morning: the digest of the games awaiting them, when
 * there are two or more.  Its row goes either way.  0, -1 failure.
 */
static int
svc_digest_one(struct svc *svc, int64_t user)
{
	int64_t			 ids[SVC_DIGEST_GAMES];
	struct svc_gm		 gm;
	char			 platform[sizeof gm.g.platform];
	char			 pid[sizeof gm.g.seats[0].pid];
	char			 lang[sizeof gm.g.seats[0].lang];
	json_t			*list, *e;
	int			 i, n, s, rc;

	if (store_digest_del(svc->store, user) != 0 ||
	    (n = store_digest_games(svc->store, user, ids,
	    SVC_DIGEST_GAMES)) < 0)
		return (svc_store_fail(svc));
	if (n < 2)
		return (0);
	if ((list = json_array()) == NULL)
		return (svc_fail(svc, "out of memory"));
	platform[0] = pid[0] = lang[0] = '\0';
	for (i = 0; i < n; i++) {
		if ((rc = svc_game_load(svc, ids[i], &gm)) < 0)
			goto fail;
		for (s = 0; rc == 1 && s < gm.g.cfg.nseats; s++) {
			if (gm.g.seats[s].user != user ||
			    !svc_digest_awaited(svc, &gm, s))
				continue;
			if (svc_digest_add(svc, &gm, s, list) != 0)
				goto fail;
			snprintf(platform, sizeof platform, "%s",
			    gm.g.platform);
			snprintf(pid, sizeof pid, "%s", gm.g.seats[s].pid);
			snprintf(lang, sizeof lang, "%s", gm.g.seats[s].lang);
			break;
		}
	}
	if (json_array_size(list) < 2) {
		/* One game or none: its own reminder tells it. */
		json_decref(list);
		return (0);
	}
	/* Those turns are told: no reminder of them follows. */
	for (i = 0; (size_t)i < json_array_size(list); i++) {
		e = json_array_get(list, (size_t)i);
		if (store_remind_sent(svc->store, json_integer_value(
		    json_object_get(e, "game")), (int)json_integer_value(
		    json_object_get(e, "seat")), json_integer_value(
		    json_object_get(e, "turn"))) != 0) {
			svc_store_fail(svc);
			goto fail;
		}
	}
	return (svc_put(svc, platform, pid, 0, SVC_OUT_DIGEST,
	    json_pack("{s:s, s:o}", "lang", lang, "games", list)));
fail:
	json_decref(list);
	return (-1);
}

/*
 * The morning digests due at svc->now, each person's in a transaction
 * of its own: how many, -1 failure.
 */
int
svc_digest_timers(struct svc *svc)
{
	int64_t	users[SVC_TIMER_BATCH];
	int	i, n, rc;

	if ((n = store_digest_due(svc->store, svc->now, users,
	    SVC_TIMER_BATCH)) < 0)
		return (svc_store_fail(svc));
	for (i = 0; i < n; i++) {
		if (svc_txn_begin(svc) != 0)
			return (-1);
		rc = svc_digest_one(svc, users[i]);
		if (svc_txn_end(svc, rc >= 0) != 0)
			return (-1);
	}
	return (n);
}
