/*
 * service-seat.c: who sits in a seat: a lobby's seats and its start, and
 * a running game's seats changing hands: a person joining it, a seat its
 * person left taken over, a person's seat given to the AI and taken back
 * (the commands that ask for it are service-away.c's).
 *
 * In a running game /join takes a seat an AI plays at once.  A seat whose
 * person left (the AI plays it for them, "away") is theirs still: someone
 * else takes it over only when its owner or another player of the game
 * agrees.  The group is asked (a "confirm" row, what "seat", with Yes and
 * No: "admit SEAT USER yes|no"), the ask waits in the store (seat_asks)
 * until a player answers, for at most SVC_SEAT_ASK_TTL, and the one who
 * asked is told either way.  A new ask for a seat can only follow its
 * person's latest leaving: asks from before it are forgotten then.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "ai.h"
#include "service-int.h"

/* Save a changed lobby and show it in its chat again. */
int
svc_lobby_changed(struct svc *svc, struct svc_gm *gm)
{
	if (svc_game_save(svc, gm) != 0)
		return (-1);
	return (svc_put_chat(svc, gm, gm->g.state == STORE_LOBBY ?
	    SVC_OUT_LOBBY : SVC_OUT_ABORTED, json_object()));
}

/* Read a seat number argument; -1 if it is not one of the game's seats. */
int
svc_seat_arg(const struct svc_gm *gm, const char *s)
{
	char	*end;
	long	 n;

	n = strtol(s, &end, 10);
	if (end == s || (*end != '\0' && !isspace((unsigned char)*end)) ||
	    n < 0 || n >= gm->g.cfg.nseats)
		return (-1);
	return ((int)n);
}

/* Refuse unless the game is a lobby: 1 lobby, 0 refused, -1 failure. */
int
svc_in_lobby(struct svc_ctx *ctx, const struct svc_gm *gm)
{
	if (gm->g.state == STORE_LOBBY)
		return (1);
	return (svc_refuse(ctx, "not_lobby", "{s:I, s:b}", "game",
	    (json_int_t)gm->g.id, "over", gm->g.state != STORE_PLAYING) == 0 ?
	    0 : -1);
}

/* Pass a lobby's creator role on to another person, if there is one. */
void
svc_new_creator(struct svc_gm *gm)
{
	int	s;

	gm->g.creator = 0;
	for (s = 0; s < gm->g.cfg.nseats; s++) {
		if (gm->g.seats[s].user != 0) {
			gm->g.creator = gm->g.seats[s].user;
			return;
		}
	}
}

/* The person who sent the event, as a seat's occupant. */
void
svc_me(struct svc_ctx *ctx, struct store_seat *p)
{
	memset(p, 0, sizeof *p);
	p->user = ctx->user;
	snprintf(p->pid, sizeof p->pid, "%s", ctx->ev->user);
	snprintf(p->name, sizeof p->name, "%s", ctx->ev->user_name != NULL ?
	    ctx->ev->user_name : ctx->ev->user);
	snprintf(p->lang, sizeof p->lang, "%s", ctx->user_lang);
}

/*
 * Put someone (or nobody: a zeroed seat) into a seat, in memory and store.
 * A premove is its person's: one chosen by whoever sat there before goes
 * when the seat passes to someone else, never played or refused to them.
 */
int
svc_seat_set(struct svc *svc, struct svc_gm *gm, int seat,
    const struct store_seat *p)
{
	if (gm->g.state == STORE_PLAYING && gm->g.seats[seat].user != p->user &&
	    svc_premove_drop(svc, gm, seat) != 0)
		return (-1);
	gm->g.seats[seat] = *p;
	if (p->ai > 0 && p->user == 0)
		snprintf(gm->g.seats[seat].name, sizeof gm->g.seats[seat].name,
		    "AI %d", seat);
	if (store_seat_put(svc->store, gm->g.id, seat, p) != 0)
		return (svc_store_fail(svc));
	return (0);
}

/* Tell a game's chat that a seat changed hands: joined, left, ... */
int
svc_seat_news(struct svc *svc, struct svc_gm *gm, int seat,
    const char *change)
{
	return (svc_put_chat(svc, gm, SVC_OUT_SEAT, json_pack("{s:i, s:s, s:s}",
	    "seat", seat, "change", change, "name", gm->g.seats[seat].name)));
}

/*
 * The AI plays a person's seat of a running game from now on (they left,
 * were replaced, or left the group: change says which, for the chat's
 * news; a seat marked STORE_AWAY_GONE already keeps that reason).
 * Whoever asked for the seat before asks again: the table answers for
 * this leaving only.
 */
int
svc_seat_away(struct svc *svc, struct svc_gm *gm, int seat,
    const char *change)
{
	if (gm->g.seats[seat].away != STORE_AWAY_GONE)
		gm->g.seats[seat].away = STORE_AWAY;
	if (svc_seat_set(svc, gm, seat, &gm->g.seats[seat]) != 0 ||
	    svc_schedule(svc, gm, 0) != 0 || svc_game_save(svc, gm) != 0)
		return (-1);
	if (store_seat_asks_clear(svc->store, gm->g.id, seat) != 0)
		return (svc_store_fail(svc));
	return (svc_seat_news(svc, gm, seat, change));
}

/*
 * A person's seat of a lobby is free again (they left it, or its group):
 * the creator's role passes on, and a lobby nobody is left to start ends
 * (a rematch's offer too); its message shows it.
 */
int
svc_seat_free(struct svc *svc, struct svc_gm *gm, int seat)
{
	struct store_seat	none;
	int64_t			was = gm->g.seats[seat].user;

	memset(&none, 0, sizeof none);
	if (svc_seat_set(svc, gm, seat, &none) != 0)
		return (-1);
	if (gm->g.creator == was)
		svc_new_creator(gm);
	if (gm->g.creator == 0) {
		gm->g.state = STORE_ABORTED;
		if (store_rematch_del(svc->store, gm->g.id) != 0)
			return (svc_store_fail(svc));
	}
	return (svc_lobby_changed(svc, gm));
}

/*
 * Seat p in a running game's seat, told to the chat as change ("joined",
 * "resumed"), and give them what waits for them: their turn's buttons,
 * else their cards.  The seat's asks go.
 */
int
svc_seat_take(struct svc *svc, struct svc_gm *gm, int seat,
    const struct store_seat *p, const char *change)
{
	if (svc_seat_set(svc, gm, seat, p) != 0 ||
	    svc_schedule(svc, gm, 0) != 0 ||
	    svc_game_save(svc, gm) != 0 ||
	    svc_pending(svc, gm, seat) != 0)
		return (-1);
	if (store_seat_asks_clear(svc->store, gm->g.id, seat) != 0)
		return (svc_store_fail(svc));
	return (svc_seat_news(svc, gm, seat, change));
}

/*
 * Ask the group whether ctx's person may take over a seat its person
 * left: the ask is kept, the group asked (once while an ask of theirs
 * waits), the person told.
 */
static int
svc_seat_ask(struct svc_ctx *ctx, struct svc_gm *gm, int seat)
{
	struct svc		*svc = ctx->svc;
	struct store_seat	 p, was;
	int64_t			 at;
	int			 rc;

	svc_me(ctx, &p);
	if ((rc = store_seat_ask_get(svc->store, gm->g.id, seat, ctx->user,
	    &was, &at)) < 0)
		return (svc_store_fail(svc));
	if (rc == 0 || svc->now - at > SVC_SEAT_ASK_TTL) {
		if (store_seat_ask_put(svc->store, gm->g.id, seat, &p,
		    svc->now) != 0)
			return (svc_store_fail(svc));
		if (svc_put_chat(svc, gm, SVC_OUT_CONFIRM, json_pack("{s:s, "
		    "s:i, s:I, s:s, s:i}", "what", "seat", "seat", seat,
		    "asker", (json_int_t)ctx->user, "name", p.name, "state",
		    gm->g.state)) != 0)
			return (-1);
	}
	return (svc_tell(ctx, gm->g.id, "seat_asked", "{s:I, s:i}", "game",
	    (json_int_t)gm->g.id, "seat", seat));
}

/*
 * /join in a running game: take over a seat the AI plays (an AI's at
 * once; one whose person left once the table agrees), or one's own back.
 */
int
svc_join_running(struct svc_ctx *ctx, struct svc_gm *gm, int me, int seat)
{
	const struct store_seat	*s;
	struct store_seat	 p;
	int			 i;

	if (me >= 0 && !gm->g.seats[me].away)
		return (svc_refuse(ctx, "already_seated", "{s:I}", "game",
		    (json_int_t)gm->g.id));
	if (me >= 0)
		seat = me;		/* joining again is resuming */
	/* An AI's seat first: it needs nobody's yes. */
	for (i = 0; seat < 0 && i < gm->g.cfg.nseats; i++) {
		if (gm->g.seats[i].user == 0 && gm->g.seats[i].ai > 0)
			seat = i;
	}
	for (i = 0; seat < 0 && i < gm->g.cfg.nseats; i++) {
		if (gm->g.seats[i].away)
			seat = i;
	}
	if (seat < 0)
		return (svc_refuse(ctx, "full", "{s:I}", "game",
		    (json_int_t)gm->g.id));
	s = &gm->g.seats[seat];
	if (s->ai == 0 && !s->away)
		return (svc_refuse(ctx, "seat_taken", "{s:i, s:I}", "seat",
		    seat, "game", (json_int_t)gm->g.id));
	if (me < 0 && s->user != 0)
		return (svc_seat_ask(ctx, gm, seat));
	svc_me(ctx, &p);
	return (svc_seat_take(ctx->svc, gm, seat, &p, me >= 0 ? "resumed" :
	    "joined"));
}

/*
 * /join [SEAT], and a join link: take a seat in the lobby, or an AI's
 * seat in a running game.
 */
int
svc_seat_join(struct svc_ctx *ctx)
{
	struct svc		*svc = ctx->svc;
	struct svc_gm		 gm;
	struct store_seat	 p;
	struct store_rematch	 r, *offer;
	int			 rc, me, s, seat = -1;

	if ((rc = svc_game_find(ctx, &gm)) <= 0)
		return (rc);
	if (gm.g.state >= STORE_OVER)
		return (svc_refuse(ctx, "game_over", "{s:I}", "game",
		    (json_int_t)gm.g.id));
	if (ctx->args[0] != '\0' && (seat = svc_seat_arg(&gm, ctx->args)) < 0)
		return (svc_refuse(ctx, "bad_seat", "{s:s, s:i}", "word",
		    ctx->args, "last", gm.g.cfg.nseats - 1));
	me = svc_seat_of(&gm, ctx->user);
	if (gm.g.state == STORE_PLAYING)
		return (svc_join_running(ctx, &gm, me, seat));

	if (me >= 0)
		return (svc_refuse(ctx, "already_seated", "{s:I}", "game",
		    (json_int_t)gm.g.id));
	/* A rematch keeps each invited person's seat until they answer. */
	if ((rc = store_rematch_get(svc->store, gm.g.id, &r)) < 0)
		return (svc_store_fail(svc));
	offer = rc == 1 ? &r : NULL;
	if (seat >= 0 && svc_offer_held(offer, seat, ctx->user))
		return (svc_refuse(ctx, "seat_held", "{s:i, s:I}", "seat",
		    seat, "game", (json_int_t)gm.g.id));
	/* Their own kept seat, a free one, an AI's only when none is free. */
	for (s = 0; seat < 0 && offer != NULL && s < gm.g.cfg.nseats; s++) {
		if (r.seat[s].user == ctx->user && gm.g.seats[s].user == 0 &&
		    gm.g.seats[s].ai == 0)
			seat = s;
	}
	for (s = 0; seat < 0 && s < gm.g.cfg.nseats; s++) {
		if (gm.g.seats[s].user == 0 && gm.g.seats[s].ai == 0 &&
		    !svc_offer_held(offer, s, ctx->user))
			seat = s;
	}
	for (s = 0; seat < 0 && s < gm.g.cfg.nseats; s++) {
		if (gm.g.seats[s].user == 0 && gm.g.seats[s].ai > 0)
			seat = s;
	}
	for (s = 0; seat < 0 && s < gm.g.cfg.nseats; s++) {
		if (svc_offer_held(offer, s, ctx->user))
			return (svc_refuse(ctx, "seat_held", "{s:I}", "game",
			    (json_int_t)gm.g.id));
	}
	if (seat < 0)
		return (svc_refuse(ctx, "full", "{s:I}", "game",
		    (json_int_t)gm.g.id));
	if (gm.g.seats[seat].user != 0)
		return (svc_refuse(ctx, "seat_taken", "{s:i, s:I}", "seat",
		    seat, "game", (json_int_t)gm.g.id));
	svc_me(ctx, &p);
	if (svc_seat_set(svc, &gm, seat, &p) != 0)
		return (-1);
	if (offer == NULL)
		return (svc_lobby_changed(svc, &gm));
	/* An invited person who joins is in, as if they had pressed "in". */
	for (s = 0; s < gm.g.cfg.nseats; s++) {
		if (r.seat[s].user == ctx->user &&
		    r.seat[s].answer == STORE_REMATCH_WAIT &&
		    store_rematch_answer(svc->store, gm.g.id, s,
		    STORE_REMATCH_IN) != 0)
			return (svc_store_fail(svc));
	}
	if (svc_offer_full(&gm))
		return (svc_offer_begin(svc, &gm));
	return (svc_lobby_changed(svc, &gm));
}

/*
 * The lobby's /start: the creator (or an admin: /start's entry says) starts
 * a full lobby.
 */
int
svc_lobby_start(struct svc_ctx *ctx)
{
	struct svc_gm	 gm;
	json_t		*free_seats;
	int		 rc, s;

	if ((rc = svc_game_find(ctx, &gm)) <= 0 ||
	    (rc = svc_in_lobby(ctx, &gm)) <= 0)
		return (rc);
	if ((rc = svc_may(ctx, &gm)) <= 0)
		return (rc);
	free_seats = json_array();
	for (s = 0; s < gm.g.cfg.nseats; s++) {
		if (gm.g.seats[s].user == 0 && gm.g.seats[s].ai == 0)
			json_array_append_new(free_seats, json_integer(s));
	}
	if (json_array_size(free_seats) > 0)
		return (svc_refuse(ctx, "seats_free", "{s:o, s:I}", "seats",
		    free_seats, "game", (json_int_t)gm.g.id));
	json_decref(free_seats);
	return (svc_game_begin(ctx->svc, &gm));
}

/*
 * /replace SEAT ai once its game is found and the person may: the AI
 * plays a person's seat until they /resume.
 */
int
svc_seat_replace(struct svc_ctx *ctx, struct svc_gm *gm)
{
	struct svc		*svc = ctx->svc;
	struct store_seat	 ai;
	char			*what;
	int64_t			 was;
	int			 seat;

	what = ctx->args + strcspn(ctx->args, " \t");
	what += strspn(what, " \t");
	if ((seat = svc_seat_arg(gm, ctx->args)) < 0 ||
	    strcasecmp(what, "ai") != 0)
		return (svc_refuse(ctx, "usage", "{s:s, s:i}", "command",
		    "replace", "last", gm->g.cfg.nseats - 1));
	if (gm->g.seats[seat].user == 0)
		return (svc_refuse(ctx, "not_a_person", "{s:i, s:I}", "seat",
		    seat, "game", (json_int_t)gm->g.id));
	if (gm->g.state == STORE_LOBBY) {
		was = gm->g.seats[seat].user;
		memset(&ai, 0, sizeof ai);
		ai.ai = gm->g.ai > 0 ? gm->g.ai : AI_HEURISTIC;
		if (svc_seat_set(svc, gm, seat, &ai) != 0)
			return (-1);
		if (gm->g.creator == was)
			svc_new_creator(gm);
		return (svc_lobby_changed(svc, gm));
	}
	if (gm->g.seats[seat].away)
		return (svc_refuse(ctx, "already_away", "{s:i, s:I}", "seat",
		    seat, "game", (json_int_t)gm->g.id));
	return (svc_seat_away(svc, gm, seat, "replaced"));
}
