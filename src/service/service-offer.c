/*
 * service-offer.c: a rematch's offer once it is made (/rematch is
 * service-rematch.c's): the lobby it opened starts as soon as every seat
 * is taken, and the offer ends with it; an offer nobody completed lapses
 * a day after it was made (SVC_REMATCH_TTL), its lobby closed and its
 * group told once.  The lapse is the lobby's timer (games.due), so it
 * survives a restart.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <string.h>

#include "service-int.h"

/* Is every seat of a lobby taken, by a person or an AI? */
int
svc_offer_full(const struct svc_gm *gm)
{
	int	s;

	for (s = 0; s < gm->g.cfg.nseats; s++) {
		if (gm->g.seats[s].user == 0 && gm->g.seats[s].ai == 0)
			return (0);
	}
	return (1);
}

/*
 * Is seat s of a rematch's lobby kept from user: its invitee has not
 * answered yet, and it is someone else who asks?  r NULL: no offer.
 */
int
svc_offer_held(const struct store_rematch *r, int s, int64_t user)
{
	return (r != NULL && r->seat[s].user != 0 && r->seat[s].user != user &&
	    r->seat[s].answer == STORE_REMATCH_WAIT);
}

/*
 * Start a rematch's lobby, every seat taken: the game begins as any
 * lobby's does (which ends the offer), without the lapse's timer.
 */
int
svc_offer_begin(struct svc *svc, struct svc_gm *gm)
{
	gm->g.due = 0;
	return (svc_game_begin(svc, gm));
}

/*
 * A lobby's timer came due: a rematch's offer lapses (its lobby is
 * closed, its group told once, in the transaction that ends the offer);
 * a lobby without one just loses the timer.  1 when something happened,
 * -1 on failure.
 */
int
svc_offer_lapse(struct svc *svc, struct svc_gm *gm)
{
	struct store_rematch	r;
	int			rc;

	if ((rc = store_rematch_get(svc->store, gm->g.id, &r)) < 0)
		return (svc_store_fail(svc));
	gm->g.due = 0;
	if (rc == 0)
		return (svc_game_save(svc, gm) != 0 ? -1 : 1);
	gm->g.state = STORE_ABORTED;
	if (store_rematch_del(svc->store, gm->g.id) != 0)
		return (svc_store_fail(svc));
	if (svc_game_save(svc, gm) != 0 || svc_put_chat(svc, gm,
	    SVC_OUT_REMATCH, json_pack("{s:s, s:I}", "what", "lapsed", "old",
	    (json_int_t)r.old)) != 0 || svc_edit_after(svc, gm,
	    SVC_OUT_EDIT_LOBBY) != 0)
		return (-1);
	return (1);
}
