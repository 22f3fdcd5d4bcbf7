/*
 * service-away.c: the commands of a seat whose person is away: /leave
 * (the AI plays on for them; a lobby's seat is freed), /replace (the
 * creator or an admin lets the AI play a person's seat), /resume (the
 * person takes it back) and /admit (the buttons of the question
 * whether someone may take over a seat its person left; service-seat.c
 * asks it); and /away and /back, a person away from all their games
 * for a while (service-holiday.c).
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

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

/*
 * Read when someone away is back from word w ("5d", "12h", a day
 * "2026-12-20" on their own clock, or "@T" unix time, as /away's buttons
 * say it) into *until: 1, 0 refused (answered), -1 failure.
 */
static int
svc_away_until(struct svc_ctx *ctx, const char *w, int64_t *until)
{
	struct svc_ptime	pt;
	long long		n;
	int			y, m, d, used = 0;
	char			unit;

	*until = -1;
	if (w[0] == '@' && sscanf(w + 1, "%lld%n", &n, &used) == 1 &&
	    w[1 + used] == '\0')
		*until = n;
	else if (sscanf(w, "%4d-%2d-%2d%n", &y, &m, &d, &used) == 3 &&
	    w[used] == '\0') {
		if (svc_user_time(ctx->svc, ctx->user, ctx->user_lang,
		    &pt) != 0)
			return (-1);
		*until = zone_midnight(pt.zone, y, m, d);
	} else if (sscanf(w, "%lld%c%n", &n, &unit, &used) == 2 &&
	    w[used] == '\0' && n > 0 && n <= 1000 &&
	    strchr("dDhH", unit) != NULL)
		*until = ctx->svc->now + n * (unit == 'd' || unit == 'D' ?
		    86400 : 3600);
	if (*until < 0)
		return (svc_refuse(ctx, "away_bad", "{s:s}", "word", w) == 0 ?
		    0 : -1);
	if (*until <= ctx->svc->now)
		return (svc_refuse(ctx, "away_past", "{s:s}", "word", w) == 0 ?
		    0 : -1);
	if (*until - ctx->svc->now > SVC_AWAY_MAX)
		return (svc_refuse(ctx, "away_long", "{s:i}", "days",
		    SVC_AWAY_MAX / 86400) == 0 ? 0 : -1);
	return (1);
}

/*
 * The running games the person sits in (not those of a group they
 * left): how many, -1 failure (a person's lobbies need no holiday:
 * they start nothing without them).
 */
static int
svc_away_games(struct svc_ctx *ctx)
{
	struct svc_gm	gm;
	int64_t		ids[SVC_AWAY_GAMES];
	int		mine[SVC_AWAY_GAMES];
	int		i, n, rc, me, games = 0;

	if ((n = store_user_games(ctx->svc->store, ctx->user, ids, mine,
	    SVC_AWAY_GAMES)) < 0)
		return (svc_store_fail(ctx->svc));
	for (i = 0; i < n && i < SVC_AWAY_GAMES; i++) {
		if ((rc = svc_game_load(ctx->svc, ids[i], &gm)) < 0)
			return (-1);
		if (rc == 1 && gm.g.state == STORE_PLAYING && gm.started &&
		    (me = svc_seat_of(&gm, ctx->user)) >= 0 &&
		    gm.g.seats[me].away != STORE_AWAY_GONE)
			games++;
	}
	return (games);
}

/* An "away" row for the person: p, and after a press its message. */
static int
svc_away_reply(struct svc_ctx *ctx, json_t *p)
{
	if (p != NULL && ctx->ev->message != NULL &&
	    ctx->ev->kind == SVC_EV_BUTTON)
		json_object_set_new(p, "message",
		    json_string(ctx->ev->message));
	return (svc_reply(ctx, SVC_OUT_AWAY, p));
}

/*
 * /away WHEN [stop|ai], privately: away from all one's running games
 * until WHEN, the clocks stopped or the AI playing; without the way,
 * a question with a button for each.
 */
static int
svc_cmd_away(struct svc_ctx *ctx)
{
	struct store_away	a;
	char			when[32], how[8];
	int64_t			until;
	int			rc, n, games;

	when[0] = how[0] = '\0';
	n = sscanf(ctx->args, "%31s %7s", when, how);
	if (n < 1)
		return (svc_refuse(ctx, "away_bad", "{s:s}", "word", ""));
	if (n == 2 && strcasecmp(how, "stop") != 0 &&
	    strcasecmp(how, "ai") != 0)
		return (svc_refuse(ctx, "away_bad", "{s:s}", "word", how));
	if ((rc = svc_away_until(ctx, when, &until)) <= 0)
		return (rc);
	if ((rc = store_away_get(ctx->svc->store, ctx->user, &a)) < 0)
		return (svc_store_fail(ctx->svc));
	if (rc == 1)
		return (svc_refuse(ctx, "away_already", "{s:I}", "until",
		    (json_int_t)a.until));
	if ((games = svc_away_games(ctx)) <= 0)
		return (games < 0 ? -1 : svc_refuse(ctx, "away_no_games",
		    NULL));
	if (n < 2)
		return (svc_away_reply(ctx, json_pack("{s:I, s:i}", "until",
		    (json_int_t)until, "games", games)));
	memset(&a, 0, sizeof a);
	a.until = until;
	a.since = ctx->svc->now;
	a.ai = strcasecmp(how, "ai") == 0;
	if (svc_holiday_begin(ctx->svc, ctx->user, &a, &games) != 0)
		return (-1);
	return (svc_away_reply(ctx, json_pack("{s:I, s:s, s:i}", "until",
	    (json_int_t)until, "how", a.ai ? "ai" : "stop", "games",
	    games)));
}

/* /back: back from away early, in all one's games. */
static int
svc_cmd_back(struct svc_ctx *ctx)
{
	int	rc, games;

	if ((rc = svc_holiday_end(ctx->svc, ctx->user, 0, &games)) <= 0)
		return (rc < 0 ? -1 : svc_refuse(ctx, "away_none", NULL));
	return (svc_away_reply(ctx, json_pack("{s:b, s:i}", "back", 1,
	    "games", games)));
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

/* /away */
static const struct svc_command svc_away_entry = {
	.name = "away",
	.args = N_("5d | 12h | YYYY-MM-DD"),
	.about = N_("Away for a while: your clocks stop, or the AI plays"),
	.where = SVC_IN_PRIVATE,
	.menu = SVC_IN_PRIVATE,
	.who = SVC_BY_ANYONE,
	.want = SVC_WANT_SEE,
	.fn = svc_cmd_away,
};

/* /back */
static const struct svc_command svc_back_entry = {
	.name = "back",
	.about = N_("Back from away, in all your games"),
	.where = SVC_IN_PRIVATE,
	.menu = SVC_IN_PRIVATE,
	.who = SVC_BY_ANYONE,
	.want = SVC_WANT_SEE,
	.fn = svc_cmd_back,
};

/* The commands of a seat whose person is away. */
const struct svc_command *const svc_away_commands[] = {
	&svc_leave_entry,
	&svc_replace_entry,
	&svc_resume_entry,
	&svc_admit_entry,
	&svc_away_entry,
	&svc_back_entry,
	NULL
};
