/*
 * service-timer.c: what happens without an event: AI seats acting, turns
 * whose deadline passed (the AI plays them), reminders before a deadline,
 * and pruning old rows.  The timers are columns of the games table, so
 * they survive a restart.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <string.h>

#include "ai.h"
#include "now.h"
#include "service-int.h"

/*
 * Let the AI play the turn of the seat to act.  who is STORE_BY_AI or
 * STORE_BY_TIMEOUT.
 */
int
svc_ai_move(struct svc *svc, struct svc_gm *gm, int who)
{
	struct tac_state	 before;
	struct tac_action	 act;
	char			 text[160];
	int			 seat = gm->st.turn;

	if (svc_ai_choose(svc, gm, seat, &gm->st, gm->g.turn_no, &act) != 0) {
		/* The engine found nothing to do: stop asking it. */
		gm->g.due = gm->g.remind = 0;
		return (svc_game_save(svc, gm));
	}
	before = gm->st;
	tac_play(&gm->st, &act);
	if (who == STORE_BY_TIMEOUT) {
		tac_action_format(&act, text, sizeof text);
		if (svc_put_chat(svc, gm, SVC_OUT_TAKEOVER, json_pack("{s:i, s:s}",
		    "seat", seat, "action", text)) != 0)
			return (-1);
	}
	return (svc_turn_done(svc, gm, seat, &before, &act, who));
}

/*
 * Play the one legal action act of a person's turn for them, as their
 * own move (the group sees it like any other), and tell them privately
 * what was played.
 */
static int
svc_forced_move(struct svc *svc, struct svc_gm *gm,
    const struct tac_action *act)
{
	struct tac_state	 before;
	char			 text[160];
	int			 seat = gm->st.turn;

	before = gm->st;
	tac_action_format(act, text, sizeof text);
	if (svc_put_seat(svc, gm, seat, SVC_OUT_FORCED, json_pack("{s:s, "
	    "s:I}", "action", text, "turn", (json_int_t)gm->g.turn_no)) != 0)
		return (-1);
	tac_play(&gm->st, act);
	return (svc_turn_done(svc, gm, seat, &before, act, STORE_BY_PERSON));
}

/*
 * Run the timer of one game that is due: the AI's move or an expired
 * turn, else a reminder.  1 when something happened, 0 when nothing was
 * due after all, -1 on failure.
 */
static int
svc_timer_game(struct svc *svc, int64_t id)
{
	struct svc_gm		 gm;
	struct store_seat	*p;
	struct tac_action	 act;
	int			 rc;

	if ((rc = svc_game_load(svc, id, &gm)) <= 0)
		return (rc);
	/* A lobby's timer: a rematch's offer lapses. */
	if (gm.g.state == STORE_LOBBY && gm.g.due > 0 && gm.g.due <= svc->now)
		return (svc_offer_lapse(svc, &gm));
	if (gm.g.state != STORE_PLAYING || !gm.started ||
	    gm.st.phase == TAC_PH_OVER) {
		/* A timer left behind: clear it. */
		if (svc_schedule(svc, &gm, 0) != 0 ||
		    svc_game_save(svc, &gm) != 0)
			return (-1);
		return (0);
	}
	if (gm.st.phase == TAC_PH_EXCHANGE)
		return (svc_gift_timer(svc, &gm));
	if (gm.g.actor != gm.st.turn)	/* cannot happen; heal it */
		return (svc_schedule(svc, &gm, 1) != 0 ||
		    svc_game_save(svc, &gm) != 0 ? -1 : 1);
	p = &gm.g.seats[gm.g.actor];
	if (gm.g.due > 0 && gm.g.due <= svc->now) {
		/*
		 * The person's premove first: they chose it (one a move
		 * passed the turn to is played with that move; this is one
		 * a schedule found, as after a seat changed hands).
		 */
		if ((rc = svc_premove_due(svc, &gm, &act)) == 1)
			return (svc_turn_premove(svc, &gm, &act) != 0 ? -1 :
			    1);
		/*
		 * One that cannot be played was kept only by a schedule
		 * that told nobody (svc_schedule() without notify): the
		 * turn's time ran out all the same.
		 */
		if (rc == 2 && svc_premove_drop(svc, &gm, gm.st.turn) != 0)
			return (-1);
		if (rc < 0 || (rc = svc_turn_forced(svc, &gm, &act)) != 0)
			return (rc < 0 || svc_forced_move(svc, &gm, &act) != 0 ?
			    -1 : 1);
		if (p->ai > 0 || p->away || p->user == 0)
			rc = svc_ai_move(svc, &gm, STORE_BY_AI);
		else
			rc = svc_ai_move(svc, &gm, STORE_BY_TIMEOUT);
		return (rc != 0 ? -1 : 1);
	}
	if (gm.g.remind > 0 && gm.g.remind <= svc->now) {
		gm.g.remind = 0;
		if (svc_remind_seat(svc, &gm, gm.g.actor, gm.g.due) != 0)
			return (-1);
		if (store_game_put(svc->store, &gm.g, NULL) != 0)
			return (svc_store_fail(svc));
		return (1);
	}
	return (0);
}

/*
 * A game whose position cannot be rebuilt (its log does not replay) would
 * fail its timer for ever: stop its timers, keeping the reason to report.
 * tacctl verify and show tell an admin what is wrong with it.
 */
static void
svc_timer_stop(struct svc *svc, int64_t id)
{
	struct store_game	g;
	char			err[sizeof svc->err];

	memcpy(err, svc->err, sizeof err);
	if (svc_txn_begin(svc) != 0)
		goto out;
	if (store_game_get(svc->store, id, &g, NULL) == 1) {
		g.due = g.remind = 0;
		if (store_game_put(svc->store, &g, NULL) != 0) {
			svc_txn_end(svc, 0);
			goto out;
		}
	}
	svc_txn_end(svc, 1);
out:
	snprintf(svc->err, sizeof svc->err, "%.400s (its timers are "
	    "stopped)", err);
}

/* The earliest time a timer is due, -1 when none is set (or on failure). */
int64_t
svc_next_timer(struct svc *svc)
{
	int64_t	t;

	if ((t = store_timer_next(svc->store)) < -1) {
		svc_store_fail(svc);
		return (-1);
	}
	return (t);
}

/*
 * Forget delivered messages and processed update ids after a while, in
 * steps of at most SVC_PRUNE rows a table so that no event waits long
 * behind it; while a step was full, the next call goes on.  Runs from
 * svc_timers() and after events, outside any batch.  -1 on failure.
 */
int
svc_housekeep(struct svc *svc)
{
	int	n, m;

	if (svc->batch || svc->now - svc->housekept < SVC_HOUSEKEEP)
		return (0);
	if (svc_txn_begin(svc) != 0)
		return (-1);
	if ((n = store_updates_prune(svc->store, svc->now - SVC_KEEP_SEEN,
	    SVC_PRUNE)) < 0 || (m = store_out_prune(svc->store,
	    svc->now - SVC_KEEP_SENT, SVC_PRUNE)) < 0) {
		svc_store_fail(svc);
		svc_txn_end(svc, 0);
		return (-1);
	}
	if (svc_txn_end(svc, 1) != 0)
		return (-1);
	if (n < SVC_PRUNE && m < SVC_PRUNE)
		svc->housekept = svc->now;
	return (0);
}

/* Let one svc_timers() call work about ms at most (0: no bound). */
void
svc_set_timer_budget(struct svc *svc, int ms)
{
	svc->timer_ms = ms > 0 ? ms : 0;
}

/*
 * Run the timers due now, each game's step in its own transaction, at
 * most SVC_TIMER_BATCH steps per call (a game of AI seats would otherwise
 * play to its end in one go) and, with a budget, about that much work (a
 * strong AI's steps take a while each): the caller's loop takes its
 * other events in between, a button press among them.  Returns the
 * steps done, -1 on failure.
 */
int
svc_timers(struct svc *svc)
{
	int64_t	ids[SVC_TIMER_BATCH];
	double	until = svc->timer_ms > 0 ? now_mono() + svc->timer_ms / 1e3 :
		    0;
	int	i, n, rc, done = 0, idle = 0;

	svc->now = svc->clock(svc->clock_arg);
	/* Those back from away first: their turns' times change. */
	if ((n = svc_holiday_timers(svc)) < 0)
		return (-1);
	done += n;
	/* Mornings' digests before the reminders they stand for. */
	if ((n = svc_digest_timers(svc)) < 0)
		return (-1);
	done += n;
	while (done < SVC_TIMER_BATCH && !idle) {
		n = store_timers_due(svc->store, svc->now, ids,
		    SVC_TIMER_BATCH - done);
		if (n < 0)
			return (svc_store_fail(svc));
		idle = 1;
		for (i = 0; i < n; i++) {
			if (svc_txn_begin(svc) != 0)
				return (-1);
			svc->bad_game = 0;
			rc = svc_timer_game(svc, ids[i]);
			if (svc_txn_end(svc, rc >= 0) != 0) {
				if (svc->bad_game)
					svc_timer_stop(svc, ids[i]);
				return (-1);
			}
			if (rc > 0) {
				done++;
				idle = 0;
			}
			if (until > 0 && now_mono() >= until)
				return (done);
		}
	}
	if (svc_housekeep(svc) != 0)
		return (-1);
	return (done);
}
