/*
 * service-away.c: the commands of a seat whose person is away: /leave
 * (the AI plays on for them; a lobby's seat is freed), /replace (the
 * creator or an admin lets the AI play a person's seat), /resume (the
 * person takes it back) and /admit (the buttons of the question
 * whether someone may take over a seat its person left; service-seat.c
 * asks it).
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "service-cmds.h"

/*
 * /leave: leave the lobby; in a running game the AI plays on for you.
 * It asks first (service-ask.c).
 */
static int
svc_cmd_leave(struct svc_ctx *ctx)
{
	struct svc		*svc = ctx->svc;
	struct svc_gm		 gm;
	int			 rc, me, yes;

	if ((rc = svc_game_find(ctx, &gm)) <= 0)
		return (rc);
	if ((me = svc_seat_of(&gm, ctx->user)) < 0)
		return (svc_refuse(ctx, "not_in_game", "{s:I}", "game",
		    (json_int_t)gm.g.id));
	if (gm.g.state == STORE_PLAYING && gm.g.seats[me].away)
		return (svc_refuse(ctx, "already_away", NULL));
	if (gm.g.state > STORE_PLAYING)
		return (svc_refuse(ctx, "game_over", "{s:I}", "game",
		    (json_int_t)gm.g.id));
	if ((rc = svc_ask(ctx, &gm, "leave", &yes)) != 0 || !yes)
		return (rc);
	if (svc_ask_done(ctx, &gm, "leave", "yes") != 0)
		return (-1);
	if (gm.g.state == STORE_LOBBY)
		return (svc_seat_free(svc, &gm, me));
	return (svc_seat_away(svc, &gm, me, "left"));
}

/*
 * The question's message shows its answer: yes (who asked plays now) or
 * no, and who answered, without its buttons.
 */
static int
svc_admit_done(struct svc_ctx *ctx, const struct svc_gm *gm, int seat,
    const struct store_seat *who, const char *answer)
{
	if (ctx->ev->message == NULL)
		return (0);
	return (svc_reply(ctx, SVC_OUT_CONFIRM, json_pack("{s:I, s:s, s:i, "
	    "s:s, s:s, s:s?, s:s}", "game", (json_int_t)gm->g.id, "what",
	    "seat", "seat", seat, "name", who->name, "done", answer, "by",
	    ctx->ev->user_name, "message", ctx->ev->message)));
}

/*
 * /admit SEAT USER yes|no (the buttons of the question svc_seat_ask()
 * put): a player of the game lets the person (users.id) who asked take
 * over seat SEAT, or not.  An ask that is gone, too old, or for a seat
 * whose person came back (or was taken meanwhile) is out of date.
 */
static int
svc_cmd_admit(struct svc_ctx *ctx)
{
	struct svc		*svc = ctx->svc;
	struct svc_gm		 gm;
	struct store_seat	 who;
	long long		 user;
	int64_t			 at;
	char			 word[8];
	int			 rc, seat;

	if ((rc = svc_game_find(ctx, &gm)) <= 0 ||
	    (rc = svc_running(ctx, &gm)) <= 0)
		return (rc);
	/* Its buttons' words only: anything else is no answer of theirs. */
	if (sscanf(ctx->args, "%d %lld %7s", &seat, &user, word) != 3 ||
	    seat < 0 || seat >= gm.g.cfg.nseats || (strcmp(word, "yes") != 0 &&
	    strcmp(word, "no") != 0))
		return (svc_refuse(ctx, "stale", NULL));
	if (svc_seat_of(&gm, ctx->user) < 0)
		return (svc_refuse(ctx, "not_in_game", "{s:I}", "game",
		    (json_int_t)gm.g.id));
	if ((rc = store_seat_ask_get(svc->store, gm.g.id, seat, user, &who,
	    &at)) < 0)
		return (svc_store_fail(svc));
	if (rc == 0 || svc->now - at > SVC_SEAT_ASK_TTL ||
	    !gm.g.seats[seat].away || gm.g.seats[seat].user == 0 ||
	    svc_seat_of(&gm, user) >= 0)
		return (svc_refuse(ctx, "stale", NULL));
	if (strcmp(word, "no") == 0) {
		if (store_seat_asks_clear(svc->store, gm.g.id, seat) != 0)
			return (svc_store_fail(svc));
		if (svc_admit_done(ctx, &gm, seat, &who, "no") != 0)
			return (-1);
		/* Who asked hears it privately, in their language. */
		return (svc_put(svc, gm.g.platform, who.pid, gm.g.id,
		    SVC_OUT_INFO, json_pack("{s:s, s:{s:I}, s:s, s:s, s:I}",
		    "code", "seat_refused", "args", "game", (json_int_t)gm.g.id,
		    "user", who.pid, "lang", who.lang, "game",
		    (json_int_t)gm.g.id)));
	}
	if (svc_admit_done(ctx, &gm, seat, &who, "yes") != 0)
		return (-1);
	return (svc_seat_take(svc, &gm, seat, &who, "joined"));
}

/* /replace SEAT ai: the AI plays a person's seat until they /resume. */
static int
svc_cmd_replace(struct svc_ctx *ctx)
{
	struct svc_gm	gm;
	int		rc;

	if ((rc = svc_game_find(ctx, &gm)) <= 0)
		return (rc);
	if (gm.g.state >= STORE_OVER)
		return (svc_refuse(ctx, "game_over", "{s:I}", "game",
		    (json_int_t)gm.g.id));
	if ((rc = svc_may(ctx, &gm)) <= 0)
		return (rc);
	return (svc_seat_replace(ctx, &gm));
}

/* /resume: a person takes their seat back from the AI. */
static int
svc_cmd_resume(struct svc_ctx *ctx)
{
	struct svc	*svc = ctx->svc;
	struct svc_gm	 gm;
	int		 rc, me;

	if ((rc = svc_game_find(ctx, &gm)) <= 0)
		return (rc);
	if (gm.g.state != STORE_PLAYING)
		return (svc_refuse(ctx, "not_playing", "{s:I}", "game",
		    (json_int_t)gm.g.id));
	if ((me = svc_seat_of(&gm, ctx->user)) < 0)
		return (svc_refuse(ctx, "not_in_game", "{s:I}", "game",
		    (json_int_t)gm.g.id));
	if (!gm.g.seats[me].away)
		return (svc_refuse(ctx, "not_away", NULL));
	gm.g.seats[me].away = 0;
	if (svc_seat_set(svc, &gm, me, &gm.g.seats[me]) != 0 ||
	    svc_schedule(svc, &gm, 0) != 0 || svc_game_save(svc, &gm) != 0 ||
	    svc_pending(svc, &gm, me) != 0)
		return (-1);
	return (svc_seat_news(svc, &gm, me, "resumed"));
}

/* /leave */
static const struct svc_command svc_leave_entry = {
	.name = "leave",
	.about = N_("Leave; the AI plays on for you"),
	.where = SVC_IN_ANY,
	.menu = SVC_IN_GROUP,
	.who = SVC_BY_ANYONE,
	.want = SVC_WANT_SEE,
	.fn = svc_cmd_leave,
};

/* /replace */
static const struct svc_command svc_replace_entry = {
	.name = "replace",
	.args = N_("SEAT ai"),
	.about = N_("Let the AI play a person's seat until they resume"),
	.where = SVC_IN_ANY,
	.who = SVC_BY_ADMIN,
	.want = SVC_WANT_SEE,
	.fn = svc_cmd_replace,
};

/* /resume */
static const struct svc_command svc_resume_entry = {
	.name = "resume",
	.about = N_("Take your seat back from the AI"),
	.where = SVC_IN_ANY,
	.menu = SVC_IN_ANY,
	.who = SVC_BY_ANYONE,
	.want = SVC_WANT_SEE,
	.fn = svc_cmd_resume,
};

/* /admit */
static const struct svc_command svc_admit_entry = {
	.name = "admit",
	.where = SVC_IN_ANY,
	.who = SVC_BY_PLAYER,
	.want = SVC_WANT_SEE,
	.fn = svc_cmd_admit,
};

/* The commands of a seat whose person is away. */
const struct svc_command *const svc_away_commands[] = {
	&svc_leave_entry,
	&svc_replace_entry,
	&svc_resume_entry,
	&svc_admit_entry,
	NULL
};
