/*
 * service-rematch.c: /rematch, the game played again.  Pressed at a
 * game's end (its summary's buttons) or typed, it opens a lobby in the
 * game's chat with the same options and the same people in the same
 * seats, or with the teams changed (rotate: everyone but the first seat
 * moves one seat on, so that each plays with someone else); AI seats
 * are carried over, the one who asked sits at once, and every other
 * person is asked in their private chat to confirm with one press.  The
 * game starts once every seat is taken; its creator (or an admin) may
 * start it sooner, the AI in the seats still empty.  The offer lapses
 * after a day (service-offer.c).  The buttons of the private question
 * name the finished game, so that only its players may answer, as
 * svc_access() says.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "service-cmds.h"

/* The seat of the lobby that old seat s takes (rotate: teams change). */
static int
svc_rematch_seat(int nseats, int s, int rotate)
{
	if (!rotate || s == 0)
		return (s);
	return (s % (nseats - 1) + 1);
}

/*
 * The game a typed /rematch is about, when none is named: the chat's
 * last finished game; none while the chat has an open one (refused).
 * 1 with ctx->pick set, 0 refused, -1 failure.
 */
static int
svc_rematch_pick(struct svc_ctx *ctx)
{
	json_t	*last;
	int64_t	 open, id;

	if (ctx->pick != 0)
		return (1);
	if ((open = store_chat_game(ctx->svc->store, ctx->chat)) < 0)
		return (svc_store_fail(ctx->svc));
	if (open > 0)
		return (svc_refuse(ctx, "game_open", "{s:I}", "game",
		    (json_int_t)open) == 0 ? 0 : -1);
	if ((last = store_stats_history(ctx->svc->store, ctx->chat, 1)) ==
	    NULL)
		return (svc_store_fail(ctx->svc));
	id = json_integer_value(json_object_get(json_array_get(last, 0),
	    "game"));
	json_decref(last);
	if (id <= 0)
		return (svc_refuse(ctx, "no_game", "{s:s}", "where", "chat") ==
		    0 ? 0 : -1);
	ctx->pick = id;
	return (1);
}

/*
 * Offer a rematch of the finished game: the lobby, the offer kept, the
 * group told, each person asked privately.  Nobody to ask (the others
 * are AI players): it starts at once.
 */
static int
svc_rematch_offer(struct svc_ctx *ctx, int rotate)
{
	struct svc		*svc = ctx->svc;
	struct svc_gm		 old, gm;
	struct store_rematch	 r;
	struct store_pace	 pace;
	const struct store_seat	*p;
	int64_t			 open;
	int			 rc, s, ns, asked = 0;

	if ((rc = svc_rematch_pick(ctx)) <= 0)
		return (rc);
	ctx->row_only = 1;
	if ((rc = svc_game_find(ctx, &old)) <= 0)
		return (rc);
	if (old.g.state != STORE_OVER)
		return (svc_refuse(ctx, "not_over", "{s:I}", "game",
		    (json_int_t)old.g.id));
	if ((rc = svc_may(ctx, &old)) <= 0)
		return (rc);
	/* One open game a chat: a rematch under way is that one. */
	if ((open = store_chat_game(svc->store, old.g.chat)) < 0)
		return (svc_store_fail(svc));
	if (open > 0)
		return (svc_refuse(ctx, "game_open", "{s:I}", "game",
		    (json_int_t)open));

	memset(&gm, 0, sizeof gm);
	memset(&r, 0, sizeof r);
	gm.g = old.g;
	memset(gm.g.seats, 0, sizeof gm.g.seats);
	gm.g.id = 0;
	gm.g.state = STORE_LOBBY;
	gm.g.seed = tac_rng_next(&svc->rng) & ((UINT64_C(1) << 53) - 1);
	gm.g.creator = ctx->user;
	snprintf(gm.g.creator_pid, sizeof gm.g.creator_pid, "%s",
	    ctx->ev->user);
	gm.g.turn_no = 0;
	gm.g.actor = gm.g.winner = -1;
	gm.g.remind = 0;
	gm.g.created = gm.g.updated = svc->now;
	/* The lobby's timer is the offer's lapse. */
	gm.g.due = r.expires = svc->now + SVC_REMATCH_TTL;
	r.rotate = rotate;
	r.old = old.g.id;
	for (s = 0; s < old.g.cfg.nseats; s++) {
		p = &old.g.seats[s];
		ns = svc_rematch_seat(old.g.cfg.nseats, s, rotate);
		/* One who left the group is not asked: the seat is free. */
		if (p->user != 0 && p->user == ctx->user)
			svc_me(ctx, &gm.g.seats[ns]);
		else if (p->user != 0 && p->away != STORE_AWAY_GONE) {
			r.seat[ns].user = p->user;
			r.seat[ns].was = s;
			r.seat[ns].answer = STORE_REMATCH_WAIT;
			asked++;
		} else if (p->ai > 0)
			gm.g.seats[ns].ai = p->ai;
	}
	/* The same options: the game's pace (auto=, bank=) is beside it. */
	if (store_game_pace(svc->store, old.g.id, &pace) < 0 ||
	    store_game_create(svc->store, &gm.g) < 0 ||
	    store_game_pace_put(svc->store, gm.g.id, &pace) != 0)
		return (svc_store_fail(svc));
	r.game = gm.g.id;
	if (store_rematch_put(svc->store, &r) != 0)
		return (svc_store_fail(svc));
	if ((rc = svc_game_load(svc, gm.g.id, &gm)) <= 0)
		return (rc < 0 ? -1 : svc_fail(svc, "rematch: no lobby"));
	if (asked == 0)
		return (svc_offer_begin(svc, &gm));
	if (svc_put_chat(svc, &gm, SVC_OUT_LOBBY, json_object()) != 0 ||
	    svc_put_chat(svc, &gm, SVC_OUT_REMATCH, json_pack("{s:s, s:I, "
	    "s:s, s:i, s:I}", "what", "offer", "old", (json_int_t)old.g.id,
	    "by", ctx->ev->user_name != NULL ? ctx->ev->user_name : "",
	    "rotate", rotate, "expires", (json_int_t)r.expires)) != 0)
		return (-1);
	for (ns = 0; ns < gm.g.cfg.nseats; ns++) {
		if (r.seat[ns].user == 0)
			continue;
		if (svc_put_seat(svc, &old, r.seat[ns].was,
		    SVC_OUT_REMATCH_ASK, json_pack("{s:I, s:i, s:s, s:i, s:I}",
		    "lobby", (json_int_t)gm.g.id, "seat", ns, "by",
		    ctx->ev->user_name != NULL ? ctx->ev->user_name : "",
		    "rotate", rotate, "expires", (json_int_t)r.expires)) != 0)
			return (-1);
	}
	return (svc_notify(ctx, "rematch_offered", "{s:I}", "game",
	    (json_int_t)gm.g.id));
}

/*
 * The private question answered, in the message pressed: done "in" or
 * "out".
 */
static int
svc_rematch_done(struct svc_ctx *ctx, const struct svc_gm *old,
    const struct store_rematch *r, int seat, const char *done)
{
	return (svc_put_seat(ctx->svc, old, r->seat[seat].was,
	    SVC_OUT_REMATCH_ASK, json_pack("{s:I, s:i, s:i, s:I, s:s, s:s?}",
	    "lobby", (json_int_t)r->game, "seat", seat, "rotate", r->rotate,
	    "expires", (json_int_t)r->expires, "done", done, "message",
	    ctx->ev->message)));
}

/*
 * "/rematch yes LOBBY" or "no LOBBY", pressed under the question: the
 * finished game named is the person's (only its players get here), the
 * offer its rematch's.  In: seated (in their seat, else a free one),
 * and the game starts when that was the last; out: the group hears it.
 */
static int
svc_rematch_reply(struct svc_ctx *ctx, int yes, const char *arg)
{
	struct svc		*svc = ctx->svc;
	struct svc_gm		 old, gm;
	struct store_rematch	 r;
	struct store_seat	 me;
	char			*end;
	long long		 lobby;
	int			 rc, s, seat = -1, to = -1;

	lobby = strtoll(arg, &end, 10);
	if (end == arg || *end != '\0' || lobby <= 0)
		return (svc_refuse(ctx, "usage", "{s:s}", "command",
		    "rematch"));
	ctx->row_only = 1;
	if ((rc = svc_game_find(ctx, &old)) <= 0)
		return (rc);
	if ((rc = store_rematch_get(svc->store, lobby, &r)) < 0)
		return (svc_store_fail(svc));
	if (rc == 1 && r.old == old.g.id &&
	    (rc = svc_game_load(svc, lobby, &gm)) < 0)
		return (-1);
	if (rc != 1 || r.old != old.g.id || gm.g.state != STORE_LOBBY)
		return (svc_notify(ctx, "rematch_gone", "{s:I}", "game",
		    (json_int_t)old.g.id));
	for (s = 0; s < gm.g.cfg.nseats; s++) {
		if (r.seat[s].user == ctx->user)
			seat = s;
	}
	if (seat < 0 || r.seat[seat].answer != STORE_REMATCH_WAIT ||
	    svc_seat_of(&gm, ctx->user) >= 0)
		return (svc_notify(ctx, "rematch_answered", "{s:I}", "game",
		    (json_int_t)gm.g.id));
	if (!yes) {
		if (store_rematch_answer(svc->store, lobby, seat,
		    STORE_REMATCH_OUT) != 0)
			return (svc_store_fail(svc));
		if (svc_rematch_done(ctx, &old, &r, seat, "out") != 0 ||
		    svc_put_chat(svc, &gm, SVC_OUT_REMATCH, json_pack(
		    "{s:s, s:I, s:s, s:i}", "what", "declined", "old",
		    (json_int_t)old.g.id, "name", old.g.seats[r.seat[seat].was].
		    name, "seat", seat)) != 0)
			return (-1);
		return (svc_notify(ctx, "rematch_out", "{s:I}", "game",
		    (json_int_t)gm.g.id));
	}
	/* Their seat, unless someone took it from the lobby meanwhile. */
	for (s = 0; to < 0 && s < gm.g.cfg.nseats; s++) {
		rc = (seat + s) % gm.g.cfg.nseats;
		if (gm.g.seats[rc].user == 0 && gm.g.seats[rc].ai == 0)
			to = rc;
	}
	if (to < 0)
		return (svc_refuse(ctx, "full", "{s:I}", "game",
		    (json_int_t)gm.g.id));
	svc_me(ctx, &me);
	if (store_rematch_answer(svc->store, lobby, seat, STORE_REMATCH_IN) !=
	    0)
		return (svc_store_fail(svc));
	if (svc_seat_set(svc, &gm, to, &me) != 0 ||
	    svc_rematch_done(ctx, &old, &r, seat, "in") != 0 ||
	    svc_notify(ctx, "rematch_in", "{s:I}", "game",
	    (json_int_t)gm.g.id) != 0)
		return (-1);
	if (svc_offer_full(&gm))
		return (svc_offer_begin(svc, &gm));
	return (svc_lobby_changed(svc, &gm));
}

/*
 * "/rematch start": the lobby's creator (or an admin) starts it now, the
 * AI in the seats nobody has taken.
 */
static int
svc_rematch_start(struct svc_ctx *ctx)
{
	struct svc		*svc = ctx->svc;
	struct svc_gm		 gm;
	struct store_rematch	 r;
	struct store_seat	 ai;
	int			 rc, s;

	if ((rc = svc_game_find(ctx, &gm)) <= 0)
		return (rc);
	if ((rc = store_rematch_get(svc->store, gm.g.id, &r)) < 0)
		return (svc_store_fail(svc));
	if (rc == 0 || gm.g.state != STORE_LOBBY)
		return (svc_notify(ctx, "rematch_gone", "{s:I}", "game",
		    (json_int_t)gm.g.id));
	if ((rc = svc_may_as(ctx, &gm, SVC_BY_ADMIN, "rematch")) <= 0)
		return (rc);
	memset(&ai, 0, sizeof ai);
	ai.ai = gm.g.ai > 0 ? gm.g.ai : 1;
	for (s = 0; s < gm.g.cfg.nseats; s++) {
		if (gm.g.seats[s].user == 0 && gm.g.seats[s].ai == 0 &&
		    svc_seat_set(svc, &gm, s, &ai) != 0)
			return (-1);
	}
	return (svc_offer_begin(svc, &gm));
}

/*
 * /rematch [rotate], and its buttons: "yes LOBBY", "no LOBBY" (the
 * private question), "start" (the group's offer).
 */
static int
svc_cmd_rematch(struct svc_ctx *ctx)
{
	char	*arg;
	size_t	 n;

	n = strcspn(ctx->args, " \t");
	arg = ctx->args + n;
	arg += strspn(arg, " \t");
	if (n == 3 && strncasecmp(ctx->args, "yes", 3) == 0)
		return (svc_rematch_reply(ctx, 1, arg));
	if (n == 2 && strncasecmp(ctx->args, "no", 2) == 0)
		return (svc_rematch_reply(ctx, 0, arg));
	if (*arg != '\0')
		return (svc_refuse(ctx, "usage", "{s:s}", "command",
		    "rematch"));
	if (strcasecmp(ctx->args, "start") == 0)
		return (svc_rematch_start(ctx));
	if (ctx->args[0] == '\0' || strcasecmp(ctx->args, "keep") == 0)
		return (svc_rematch_offer(ctx, 0));
	if (strcasecmp(ctx->args, "rotate") == 0)
		return (svc_rematch_offer(ctx, 1));
	return (svc_refuse(ctx, "usage", "{s:s}", "command", "rematch"));
}

/* /rematch: a finished game's players (its creator, an admin) offer it. */
static const struct svc_command svc_rematch_entry = {
	.name = "rematch",
	.args = "[rotate]",
	.about = N_("Play the last game again: the same people and options, "
	    "the teams kept or changed"),
	.where = SVC_IN_ANY,
	.menu = SVC_IN_GROUP,
	.who = SVC_BY_PLAYER,
	.want = SVC_WANT_SEE,
	.fn = svc_cmd_rematch,
};

/* The rematch's command. */
const struct svc_command *const svc_rematch_commands[] = {
	&svc_rematch_entry,
	NULL
};
