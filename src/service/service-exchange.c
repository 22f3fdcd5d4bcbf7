/*
 * service-exchange.c: the exchange after a deal (D7), all at once.
 *
 * Everyone gives face down at the same time: at the deal every person
 * who must give gets their buttons together, and the AI gives for the
 * seats it plays as soon as its timer runs, none waiting for another.
 * The rules take the gifts one seat after another in play order, and so
 * does the log (doc/notation.md), so a gift is kept in the store (store-
 * gift.c) until the last one is in; then all are applied and logged in
 * that order, in one transaction, and the group hears one line.  Until
 * then the game's turn number does not move, so nobody's buttons go out
 * of date, and a gift given survives a restart in the same transaction
 * as the press that gave it.
 *
 * A gift is final once given, as a card played is: it lies face down
 * before the partner (D7), and a press is a move.  The exchange has the
 * turn's deadline: whoever has not given when it passes has the AI give
 * for them, and each of them gets the reminder.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <string.h>

#include "service-int.h"


/*
 * The exchange of round is over: a group's live message says so, among
 * its moves (no message of its own there); a private game's chat gets
 * the row.
 */
static int
svc_exchanged(struct svc *svc, struct svc_gm *gm, int round)
{
	json_t	*j;
	int	 told;

	j = json_pack("{s:s, s:i}", "action", "exchanged", "round", round);
	if ((told = svc_live_told(svc, gm, j)) != 0)
		json_decref(j);
	if (told < 0)
		return (-1);
	if (told > 0)
		return (svc_edit_after(svc, gm, SVC_OUT_EDIT_BOARD));
	return (svc_put_chat(svc, gm, SVC_OUT_EXCHANGED, j));
}
/*
 * Every gift is in: apply them all in play order, log them so (each as
 * its giver gave it, at its time), tell the group once and each person
 * what they received, and pass the turn to the first player.
 */
static int
svc_gift_apply(struct svc *svc, struct svc_gm *gm)
{
	struct store_game	*g = &gm->g;
	struct tac_state	 before = gm->st;
	struct tac_action	 a;
	json_t			*news[TAC_MAXSEATS];
	char			 text[32], why[256];
	int			 k, s, ns = g->cfg.nseats;

	memset(news, 0, sizeof news);
	for (k = 0; k < ns; k++) {
		s = svc_gift_seat(&before, k);
		memset(&a, 0, sizeof a);
		a.op = TAC_OP_GIVE;
		a.card = (uint8_t)gm->gift[s].card;
		if (tac_apply(&gm->st, &a, svc->list, why, sizeof why) < 0) {
			svc_news_free(news);
			return (svc_fail(svc, "game #%lld: seat %d's gift: %s",
			    (long long)g->id, s, why));
		}
		tac_action_format(&a, text, sizeof text);
		if (store_action_add(svc->store, g->id, g->turn_no, s, text,
		    gm->gift[s].who, gm->gift[s].at) != 0) {
			svc_news_free(news);
			return (svc_store_fail(svc));
		}
		g->turn_no++;
		news[tac_receiver(&before, s)] = json_pack("{s:s, s:i, s:i}",
		    "what", "gift", "from", s, "card", a.card);
	}
	if (store_gifts_clear(svc->store, g->id) != 0) {
		svc_news_free(news);
		return (svc_store_fail(svc));
	}
	if (svc_gifts_load(svc, gm) != 0 || svc_exchanged(svc, gm,
	    before.round) != 0) {
		svc_news_free(news);
		return (-1);
	}
	return (svc_turn_next(svc, gm, news));
}

/*
 * Seat gives a (checked: svc_gift_check()), who being STORE_BY_*: keep
 * it face down, retire the person's buttons and, when it is the last
 * gift, apply them all.
 */
int
svc_gift_give(struct svc *svc, struct svc_gm *gm, int seat,
    const struct tac_action *a, int who)
{
	struct store_gift	 gift;
	json_t			*facts;
	char			 text[32];
	int			 k, rc;

	if (!svc_gift_due(gm, seat))
		return (svc_fail(svc, "game #%lld: seat %d has given",
		    (long long)gm->g.id, seat));
	gift.card = a->card;
	gift.who = who;
	gift.at = svc->now;
	if (store_gift_put(svc->store, gm->g.id, seat, gm->g.turn_no,
	    &gift) != 0)
		return (svc_store_fail(svc));
	gm->gift[seat] = gift;
	gm->ngifts++;
	/* Their turn message shows what they gave, and to whom. */
	tac_action_format(a, text, sizeof text);
	facts = json_pack("{s:i}", "to", tac_receiver(&gm->st, seat));
	rc = svc_turn_retire(svc, gm, seat, text, facts);
	json_decref(facts);
	if (rc != 0)
		return (-1);
	if (gm->ngifts == gm->g.cfg.nseats)
		return (svc_gift_apply(svc, gm));
	for (k = 0; k < gm->g.cfg.nseats; k++) {
		if (svc_gift_due(gm, svc_gift_seat(&gm->st, k))) {
			gm->g.actor = svc_gift_seat(&gm->st, k);
			break;
		}
	}
	gm->g.updated = svc->now;
	if (store_game_put(svc->store, &gm->g, NULL) != 0)
		return (svc_store_fail(svc));
	/* The group's board says who is still to give. */
	return (svc_edit_after(svc, gm, SVC_OUT_EDIT_BOARD));
}

/*
 * The AI gives for seat (k-th in play order): as the AI plays the seat,
 * or (timeout) for a person whose time is up, which the group is told.
 */
static int
svc_gift_auto(struct svc *svc, struct svc_gm *gm, int seat, int k,
    int timeout)
{
	struct tac_state	st;
	struct tac_action	a;

	svc_gift_state(gm, seat, &st);
	if (svc_ai_choose(svc, gm, seat, &st, gm->g.turn_no + k, &a) != 0)
		return (svc_fail(svc, "game #%lld: seat %d has nothing to "
		    "give", (long long)gm->g.id, seat));
	if (timeout && svc_put_chat(svc, gm, SVC_OUT_TAKEOVER,
	    json_pack("{s:i, s:s}", "seat", seat, "action", "give")) != 0)
		return (-1);
	return (svc_gift_give(svc, gm, seat, &a, timeout ? STORE_BY_TIMEOUT :
	    STORE_BY_AI));
}

/*
 * The exchange's timer (svc_timers()): the AI's gifts, then those of the
 * people whose deadline passed, else the reminders of those who have not
 * given.  1 when something happened, 0 when nothing was due, -1.
 */
int
svc_gift_timer(struct svc *svc, struct svc_gm *gm)
{
	struct store_game	*g = &gm->g;
	int			 k, s, ai = 0, timeout;

	if (g->due > 0 && g->due <= svc->now) {
		for (s = 0; s < g->cfg.nseats; s++)
			ai |= svc_gift_due(gm, s) && svc_gift_ai(gm, s);
		/* The AI's own gifts first; the people's once their time is up. */
		timeout = !ai;
		for (k = 0; k < g->cfg.nseats &&
		    gm->st.phase == TAC_PH_EXCHANGE; k++) {
			s = svc_gift_seat(&gm->st, k);
			if (svc_gift_due(gm, s) && (timeout ||
			    svc_gift_ai(gm, s)) && svc_gift_auto(svc, gm, s, k,
			    timeout) != 0)
				return (-1);
		}
		if (gm->st.phase != TAC_PH_EXCHANGE)
			return (1);
		if (svc_gift_schedule(svc, gm, 0, NULL) != 0 ||
		    svc_game_save(svc, gm) != 0)
			return (-1);
		return (1);
	}
	if (g->remind > 0 && g->remind <= svc->now) {
		g->remind = 0;
		for (s = 0; s < g->cfg.nseats; s++) {
			if (svc_gift_asked(gm, s) && svc_remind_seat(svc, gm,
			    s, g->due) != 0)
				return (-1);
		}
		if (store_game_put(svc->store, g, NULL) != 0)
			return (svc_store_fail(svc));
		return (1);
	}
	return (0);
}

