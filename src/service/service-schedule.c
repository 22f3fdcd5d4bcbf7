/*
 * service-schedule.c: who acts next and when their time is up (the
 * timers are columns of the game's row, run by service-timer.c), and
 * telling a person what waits for them: the turn, or in an exchange the
 * gift, with its buttons, else their cards.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <string.h>

#include "service-int.h"

/*
 * Is the turn of gm's seat to act a person's with exactly one legal
 * action, in a game that plays those by themselves (auto=on)?  1 with
 * the action in *act, 0 no, -1 failure.
 */
int
svc_turn_forced(struct svc *svc, const struct svc_gm *gm,
    struct tac_action *act)
{
	const struct store_seat	*p;
	struct store_pace	 pc;

	if (!gm->started || gm->st.phase == TAC_PH_EXCHANGE ||
	    gm->st.phase == TAC_PH_OVER || gm->st.phase == TAC_PH_DEAL)
		return (0);
	p = &gm->g.seats[gm->st.turn];
	if (p->ai > 0 || p->away || p->user == 0)
		return (0);
	if (store_game_pace(svc->store, gm->g.id, &pc) < 0)
		return (svc_store_fail(svc));
	if (!pc.autoplay || tac_legal(&gm->st, svc->list) != 1)
		return (0);
	*act = svc->list->a[0];
	return (1);
}

/*
 * Work out who acts next and when their time is up: an AI (or a person
 * who is away) acts at once, through svc_timers(); a person gets the
 * game's deadline and a reminder at four fifths of it
 * (service-remind.c), or without a
 * deadline a reminder once the turn has waited svc_set_remind()'s time
 * (so the game does not wait unseen for someone who cannot be written
 * to: the bridge tells their group); their quiet hours not counted
 * (svc_seat_due()): nobody loses a turn, or is reminded, while asleep.
 * A turn of one legal action in a game that plays those by itself is
 * due at once and told by its "forced" row instead (service-timer.c), and
 * so is a turn whose premove is still legal (service-premove.c); one that
 * is not is dropped and the "turn" row says so.  With notify, a person whose turn
 * it is now is told (in an exchange, everyone who must give), their
 * "turn" row carrying news[seat] (what changed their cards; taken over,
 * and NULLed) when news is not NULL.  The caller saves the game.
 */
int
svc_schedule_news(struct svc *svc, struct svc_gm *gm, int notify,
    json_t **news)
{
	struct store_game	*g = &gm->g;
	struct store_seat	*p;
	struct store_pace	 pc;
	struct tac_action	 act;
	int64_t			 secs;
	json_t			*j;
	int			 rc, premove;

	g->due = g->remind = 0;
	if (g->state != STORE_PLAYING || !gm->started ||
	    gm->st.phase == TAC_PH_OVER) {
		g->actor = -1;
		return (0);
	}
	if (gm->st.phase == TAC_PH_EXCHANGE)
		return (svc_gift_schedule(svc, gm, notify, news));
	g->actor = gm->st.turn;
	p = &g->seats[g->actor];
	if (p->ai > 0 || p->away || p->user == 0) {
		g->due = svc->now;
		return (0);
	}
	if ((rc = svc_turn_forced(svc, gm, &act)) != 0) {
		g->due = svc->now;
		return (rc < 0 ? -1 : 0);
	}
	/*
	 * A premove still legal is due at once: svc_turn_done() plays it
	 * right after the move that passed the turn, the timers if anything
	 * else scheduled it.
	 */
	if ((premove = svc_premove_due(svc, gm, &act)) == 1) {
		g->due = svc->now;
		return (0);
	}
	if (premove < 0)
		return (-1);
	if (store_game_pace(svc->store, g->id, &pc) < 0)
		return (svc_store_fail(svc));
	if (pc.bank > 0) {
		if (svc_bank_start(svc, gm, g->actor, &pc, &g->due,
		    &g->remind) != 0)
			return (-1);
	} else if (g->deadline > 0) {
		if ((secs = svc_away_left(svc, gm, g->actor)) < 0)
			return (-1);
		g->due = svc_seat_due(svc, p, secs);
		if ((secs = svc_remind_after(secs)) > 0)
			g->remind = svc_seat_due(svc, p, secs);
	} else if (svc->idle_remind > 0)
		g->remind = svc_seat_due(svc, p, svc->idle_remind);
	if (g->due > 0 && svc_digest_arm(svc, gm, g->actor) != 0)
		return (-1);
	if (!notify)
		return (0);
	j = json_pack("{s:I, s:I}", "turn", (json_int_t)g->turn_no, "due",
	    (json_int_t)g->due);
	if (j != NULL && news != NULL && news[g->actor] != NULL) {
		json_object_set_new(j, "news", news[g->actor]);
		news[g->actor] = NULL;
	}
	/* A premove the board made impossible: dropped, and said why. */
	if (premove == 2) {
		if (svc_premove_drop(svc, gm, g->actor) != 0) {
			json_decref(j);
			return (-1);
		}
		json_object_set_new(j, "premove", json_string("changed"));
	}
	return (svc_put_seat(svc, gm, g->actor, SVC_OUT_TURN, j));
}

/* svc_schedule_news() without news. */
int
svc_schedule(struct svc *svc, struct svc_gm *gm, int notify)
{
	return (svc_schedule_news(svc, gm, notify, NULL));
}

/* Release what is left of news[] (svc_turn_next()'s). */
void
svc_news_free(json_t **news)
{
	int	s;

	for (s = 0; s < TAC_MAXSEATS; s++) {
		json_decref(news[s]);
		news[s] = NULL;
	}
}

/*
 * When secs of the exchange's time are up for all who must still give,
 * each counting their own waking time (0 for secs 0): the latest of
 * their svc_seat_due().
 */
static int64_t
svc_gift_due_at(struct svc *svc, const struct svc_gm *gm, int64_t secs)
{
	int64_t	due = 0, d;
	int	s;

	if (secs <= 0)
		return (0);
	for (s = 0; s < gm->g.cfg.nseats; s++) {
		if (!svc_gift_asked(gm, s))
			continue;
		if ((d = svc_seat_due(svc, &gm->g.seats[s], secs)) > due)
			due = d;
	}
	return (due > 0 ? due : svc->now + secs);
}

/*
 * The exchange's time in a game with a time bank: as long as the most
 * that is left of the banks of those who still give (a gift spends no
 * bank).  -1 failure.
 */
static int64_t
svc_gift_bank(struct svc *svc, const struct svc_gm *gm,
    const struct store_pace *pc)
{
	int64_t	most = 0, left, since;
	int	s, rc;

	for (s = 0; s < gm->g.cfg.nseats; s++) {
		if (!svc_gift_asked(gm, s))
			continue;
		if ((rc = store_seat_bank(svc->store, gm->g.id, s, &left,
		    &since)) < 0)
			return (svc_store_fail(svc));
		if (rc == 0)
			left = pc->bank;
		if (left > most)
			most = left;
	}
	return (most);
}

/*
 * The exchange's part of svc_schedule_news(): the first seat in play
 * order that has not given is the one "to act"; while the AI has gifts
 * to make it acts at once (svc_gift_timer()), then the people who have
 * not given get the turn's deadline and reminder.  With notify, each of
 * them is told, with their news.
 */
int
svc_gift_schedule(struct svc *svc, struct svc_gm *gm, int notify,
    json_t **news)
{
	struct store_game	*g = &gm->g;
	struct store_pace	 pc;
	int64_t			 due, secs = g->deadline;
	json_t			*j;
	int			 k, s, ai = 0;

	g->actor = -1;
	g->due = g->remind = 0;
	for (k = g->cfg.nseats - 1; k >= 0; k--) {
		s = svc_gift_seat(&gm->st, k);
		if (!svc_gift_due(gm, s))
			continue;
		g->actor = s;
		ai |= svc_gift_ai(gm, s);
	}
	if (store_game_pace(svc->store, g->id, &pc) < 0)
		return (svc_store_fail(svc));
	if (pc.bank > 0 && (secs = svc_gift_bank(svc, gm, &pc)) < 0)
		return (-1);
	due = svc_gift_due_at(svc, gm, secs);
	if (ai)
		g->due = svc->now;
	else if (secs > 0) {
		g->due = due;
		if ((secs = svc_remind_after(secs)) > 0)
			g->remind = svc_gift_due_at(svc, gm, secs);
	} else if (svc->idle_remind > 0)
		g->remind = svc_gift_due_at(svc, gm, svc->idle_remind);
	for (s = 0; !ai && g->due > 0 && s < g->cfg.nseats; s++)
		if (svc_gift_asked(gm, s) && svc_digest_arm(svc, gm, s) != 0)
			return (-1);
	for (s = 0; notify && s < g->cfg.nseats; s++) {
		if (!svc_gift_asked(gm, s))
			continue;
		j = json_pack("{s:I, s:I}", "turn", (json_int_t)g->turn_no,
		    "due", (json_int_t)due);
		if (j != NULL && news != NULL && news[s] != NULL) {
			json_object_set_new(j, "news", news[s]);
			news[s] = NULL;
		}
		if (svc_put_seat(svc, gm, s, SVC_OUT_TURN, j) != 0)
			return (-1);
	}
	return (0);
}

/*
 * Queue what a person needs to act in a running game: on their turn the
 * turn message (what to do, their cards, the buttons of the turn's first
 * step: a card to play, the card to give in the exchange, a follow-up's
 * choices), else their cards.  A seat the AI plays for gets the cards.
 */
int
svc_pending(struct svc *svc, struct svc_gm *gm, int seat)
{
	const struct store_game	*g = &gm->g;

	if (gm->st.phase == TAC_PH_EXCHANGE ? svc_gift_asked(gm, seat) :
	    g->state == STORE_PLAYING && gm->started &&
	    gm->st.phase != TAC_PH_OVER && gm->st.turn == seat &&
	    !g->seats[seat].away)
		return (svc_put_seat(svc, gm, seat, SVC_OUT_TURN,
		    json_pack("{s:I, s:I}", "turn", (json_int_t)g->turn_no,
		    "due", (json_int_t)g->due)));
	return (svc_put_seat(svc, gm, seat, SVC_OUT_HAND, json_object()));
}
