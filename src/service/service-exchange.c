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

/* Read the gifts given so far, when gm's exchange is under way. */
int
svc_gifts_load(struct svc *svc, struct svc_gm *gm)
{
	int	s, n;

	for (s = 0; s < TAC_MAXSEATS; s++) {
		gm->gift[s].card = -1;
		gm->gift[s].who = 0;
		gm->gift[s].at = 0;
	}
	gm->ngifts = 0;
	if (!gm->started || gm->g.state != STORE_PLAYING ||
	    gm->st.phase != TAC_PH_EXCHANGE)
		return (0);
	if ((n = store_gifts(svc->store, gm->g.id, gm->g.turn_no,
	    gm->gift)) < 0)
		return (svc_store_fail(svc));
	gm->ngifts = n;
	return (0);
}

/* Has seat still to give in gm's exchange? */
int
svc_gift_due(const struct svc_gm *gm, int seat)
{
	return (gm->started && gm->g.state == STORE_PLAYING &&
	    gm->st.phase == TAC_PH_EXCHANGE && seat >= 0 &&
	    seat < gm->g.cfg.nseats && gm->gift[seat].card < 0);
}

/* Does the AI give for seat (an AI's, a person's who is away, nobody's)? */
static int
svc_gift_ai(const struct svc_gm *gm, int seat)
{
	const struct store_seat	*p = &gm->g.seats[seat];

	return (p->ai > 0 || p->away || p->user == 0);
}

/* Is seat's person to give now (and not the AI for them)? */
int
svc_gift_asked(const struct svc_gm *gm, int seat)
{
	return (svc_gift_due(gm, seat) && !svc_gift_ai(gm, seat));
}

/* The seat that gives k-th in play order, from the dealer's left. */
static int
svc_gift_seat(const struct tac_state *st, int k)
{
	return ((st->dealer + 1 + k) % st->cfg.nseats);
}

/* Lay seat's gift card down in st: out of the hand, face down. */
static void
svc_gift_lay(struct tac_state *st, int seat, int card)
{
	st->gift[seat] = (uint8_t)card;
	st->hand[seat][card]--;
	st->nhand[seat]--;
}

/*
 * The position as seat gives in it, for the rules' checks, the menus and
 * the AI: the rules' own when seat's turn to give comes, the seats
 * before it in play order having given (their gift, or where they have
 * not given yet one of their cards: only its being face down shows, and
 * only seat's own hand counts here), those after it not yet.  It is a
 * position the rules reach, so the AI may play the exchange on from it.
 */
void
svc_gift_state(const struct svc_gm *gm, int seat, struct tac_state *st)
{
	int	k, s, c;

	*st = gm->st;
	for (k = 0; k < st->cfg.nseats; k++) {
		if ((s = svc_gift_seat(st, k)) == seat)
			break;
		c = gm->gift[s].card;
		if (c < 0 || st->hand[s][c] == 0)
			for (c = 0; c < TAC_NCARDS && st->hand[s][c] == 0; c++)
				;
		if (c < TAC_NCARDS)
			svc_gift_lay(st, s, c);
	}
	st->turn = (uint8_t)seat;
}

/*
 * The position as people see it during an exchange: every gift given
 * laid down (tac_view() shows another's face down), and to act the first
 * seat in play order that has not given.  Only for showing: the rules
 * never take it.  Any other position is the game's.
 */
void
svc_gift_shown(const struct svc_gm *gm, struct tac_state *st)
{
	int	k, s, c;

	*st = gm->st;
	if (!gm->started || gm->g.state != STORE_PLAYING ||
	    st->phase != TAC_PH_EXCHANGE)
		return;
	for (s = 0; s < st->cfg.nseats; s++) {
		if ((c = gm->gift[s].card) >= 0 && st->hand[s][c] > 0)
			svc_gift_lay(st, s, c);
	}
	for (k = 0; k < st->cfg.nseats; k++) {
		if (st->gift[s = svc_gift_seat(st, k)] == TAC_NONE) {
			st->turn = (uint8_t)s;
			break;
		}
	}
}

/*
 * Check seat's gift a as the rules do, into its canonical form: 0, or
 * -1 with the reason in why.
 */
int
svc_gift_check(struct svc *svc, const struct svc_gm *gm, int seat,
    struct tac_action *a, struct tac_why *why)
{
	struct tac_state	st;
	int			idx;

	svc_gift_state(gm, seat, &st);
	if ((idx = tac_apply_why(&st, a, svc->list, why)) < 0)
		return (-1);
	*a = svc->list->a[idx];
	return (0);
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
	if (svc_gifts_load(svc, gm) != 0 || svc_put_chat(svc, gm,
	    SVC_OUT_EXCHANGED, json_pack("{s:i}", "round", before.round)) != 0) {
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
	int64_t			 due;
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
	due = g->deadline > 0 ? svc->now + g->deadline : 0;
	if (ai)
		g->due = svc->now;
	else if (g->deadline > 0) {
		g->due = due;
		if (g->deadline >= SVC_REMIND_MIN)
			g->remind = g->due - g->deadline / 4;
	} else if (svc->idle_remind > 0)
		g->remind = svc->now + svc->idle_remind;
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
			if (svc_gift_asked(gm, s) && svc_put_seat(svc, gm, s,
			    SVC_OUT_REMINDER, json_pack("{s:I}", "due",
			    (json_int_t)g->due)) != 0)
				return (-1);
		}
		if (store_game_put(svc->store, g, NULL) != 0)
			return (svc_store_fail(svc));
		return (1);
	}
	return (0);
}

/*
 * The open games a person sits in (store_user_games()), myturn[i] set
 * also where an exchange waits for their gift: n, -1 on failure.
 */
int
svc_user_games(struct svc *svc, int64_t user, int64_t *ids, int *myturn,
    int max)
{
	struct svc_gm	gm;
	int		i, n, rc;

	if ((n = store_user_games(svc->store, user, ids, myturn, max)) < 0)
		return (svc_store_fail(svc));
	for (i = 0; i < n && i < max; i++) {
		if (myturn[i])
			continue;
		if ((rc = svc_game_load(svc, ids[i], &gm)) < 0)
			return (-1);
		myturn[i] = rc == 1 && gm.st.phase == TAC_PH_EXCHANGE &&
		    svc_gift_asked(&gm, svc_seat_of(&gm, user));
	}
	return (n);
}
