/*
 * service-premove.c: a play a person chooses while it is not their turn
 * (/premove, service-play.c), kept in the store until their turn comes.
 * It is chosen from their hand against the board as it is, as if it
 * were their turn; when the turn comes (svc_schedule_news()) it is
 * played if it is still legal exactly as chosen, the same card moving
 * the same marbles between the same fields, else dropped and the person
 * told so in their turn message.  Only a play of the turn's first card
 * in the deal it was chosen in: never a gift of the exchange, never a
 * follow-up of a Fool, a Devil or a skip, never after a new deal, and
 * only for the person who chose it: the seat passing to someone else
 * drops it (svc_seat_set()).
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <string.h>

#include "service-int.h"

/*
 * The position in which seat may choose a premove in st: st with seat to
 * act at the start of an ordinary turn.  0 when there is none: st is no
 * running play (an exchange, a deal, the end) or seat is to act now.
 */
int
svc_premove_state(const struct tac_state *st, int seat,
    struct tac_state *ahead)
{
	if (seat < 0 || seat >= st->cfg.nseats || st->turn == seat)
		return (0);
	switch (st->phase) {
	case TAC_PH_PLAY:
	case TAC_PH_FOOL:
	case TAC_PH_SKIP:
	case TAC_PH_DEVIL:
	case TAC_PH_FORCED:
		break;
	default:
		return (0);
	}
	*ahead = *st;
	ahead->phase = TAC_PH_PLAY;
	ahead->turn = (uint8_t)seat;
	return (1);
}

/*
 * Is the stored premove of the seat to act in gm still to be played?  1
 * with the action in *act (the engine's own form), 0 when there is none,
 * 2 when there is one that cannot be played as chosen (the caller drops
 * it and tells why), -1 on failure.
 */
int
svc_premove_due(struct svc *svc, const struct svc_gm *gm,
    struct tac_action *act)
{
	const struct store_seat	*p;
	struct store_premove	 pm;
	char			 text[160];
	int			 rc, i, n, seat;

	if (!gm->started || gm->g.state != STORE_PLAYING)
		return (0);
	seat = gm->st.turn;
	if (seat >= gm->g.cfg.nseats)
		return (0);
	if ((rc = store_premove_get(svc->store, gm->g.id, seat, &pm)) <= 0)
		return (rc < 0 ? svc_store_fail(svc) : 0);
	p = &gm->g.seats[seat];
	if (gm->st.phase != TAC_PH_PLAY || pm.round != gm->st.round ||
	    p->ai > 0 || p->away || p->user != pm.user)
		return (2);
	n = tac_legal(&gm->st, svc->list);
	for (i = 0; i < n; i++) {
		tac_action_format(&svc->list->a[i], text, sizeof text);
		if (strcmp(text, pm.action) == 0) {
			*act = svc->list->a[i];
			return (1);
		}
	}
	return (2);
}

/* Drop seat's premove in gm (seat -1: every seat's, as a deal does). */
int
svc_premove_drop(struct svc *svc, const struct svc_gm *gm, int seat)
{
	if (store_premove_del(svc->store, gm->g.id, seat) != 0)
		return (svc_store_fail(svc));
	return (0);
}
