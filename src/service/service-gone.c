/*
 * service-gone.c: a member who left a group (SVC_EV_LEFT: they left, or
 * were removed).  Their seat in the group's game is no longer theirs to
 * play: in a lobby it is freed, as /leave frees it; in a running game
 * the AI plays it from now on, as after /leave, the group is told once
 * and so are they, privately, with no way back in: they are not of the
 * group any more, so svc_access() no longer counts them a player of it
 * (STORE_AWAY_GONE) and a seat goes to them only as to anyone outside
 * the group, when the platform says they are a member again.
 *
 * A platform may say it twice (Telegram: a service message and a member
 * update for the one leaving, or an update delivered again): a seat
 * already marked gone, or a lobby they no longer sit in, changes nothing
 * and tells nobody.  A seat the AI played already (/leave, /replace) is
 * marked gone without a word: the group heard of it then.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <string.h>

#include "service-int.h"

/*
 * Tell the person privately that the AI plays their seat now.  The row
 * names no game of its own (game 0, no "game" member): it carries no
 * button or link into the game, and a private chat that refuses it is
 * not announced in the group ("unreachable") with a link to join.
 */
static int
svc_gone_tell(struct svc *svc, const struct svc_gm *gm, int seat)
{
	const struct store_seat	*p = &gm->g.seats[seat];

	return (svc_put(svc, gm->g.platform, p->pid, 0, SVC_OUT_INFO,
	    json_pack("{s:s, s:{s:I, s:s}, s:s, s:s}", "code", "left_group",
	    "args", "game", (json_int_t)gm->g.id, "group", gm->g.title,
	    "user", p->pid, "lang", p->lang)));
}

/*
 * A person (ev->user) is no longer a member of a group (ev->chat): their
 * seat in its game, if they have one, as the file's comment says.  0
 * done (also when there was nothing to do), -1 failed.
 */
int
svc_gone(struct svc *svc, const struct svc_event *ev)
{
	struct svc_gm	gm;
	int64_t		user, id = 0;
	int		rc, seat;

	if (ev->chat == NULL || ev->user == NULL || ev->private_chat)
		return (0);
	/* Never seen, or no game in the group: nothing of theirs there. */
	if ((user = store_user_find(svc->store, ev->platform, ev->user,
	    NULL)) <= 0 || (id = store_chat_game_pid(svc->store,
	    ev->platform, ev->chat)) <= 0)
		return (user < 0 || id < 0 ? svc_store_fail(svc) : 0);
	svc->bad_game = 0;
	if ((rc = svc_game_load(svc, id, &gm)) <= 0)
		/* A game whose log does not replay stays as it is. */
		return (rc == 0 || svc->bad_game ? 0 : -1);
	if ((seat = svc_seat_of(&gm, user)) < 0)
		return (0);
	if (gm.g.state == STORE_LOBBY)
		return (svc_seat_free(svc, &gm, seat));
	if (gm.g.state != STORE_PLAYING ||
	    gm.g.seats[seat].away == STORE_AWAY_GONE)
		return (0);
	if (gm.g.seats[seat].away) {
		gm.g.seats[seat].away = STORE_AWAY_GONE;
		return (svc_seat_set(svc, &gm, seat, &gm.g.seats[seat]));
	}
	gm.g.seats[seat].away = STORE_AWAY_GONE;
	if (svc_seat_away(svc, &gm, seat, "gone") != 0)
		return (-1);
	return (svc_gone_tell(svc, &gm, seat));
}
