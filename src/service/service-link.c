/*
 * service-link.c: "/start" as people first meet it: a greeting in a
 * private chat, the greeting of a group the bot was just added to, and
 * the deep links the bridges post ("/start jKEY" joins the game whose key
 * is KEY, "/start hID" opens one's hand in game ID; service-payload.c
 * reads them).  A join link asks for a seat, which only the game's group
 * may have (svc_access(): from a private chat, the platform is asked
 * first); a hand link is its players' alone.  Whatever the link, a
 * person who holds a seat gets, at once, their cards and the buttons of
 * what waits for them (svc_pending()), and so does a person who says a
 * plain /start (as Telegram's Restart does, once they unblock the bot)
 * for each game that waits on them.  Anything else is the lobby's
 * /start.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "service-cmds.h"

/* Tell a person in a lobby that they have a seat in it. */
static int
svc_link_seated(struct svc_ctx *ctx, const struct svc_gm *gm, int seat)
{
	return (svc_tell(ctx, gm->g.id, "seated", "{s:i, s:I}", "seat", seat,
	    "game", (json_int_t)gm->g.id));
}

/*
 * A deep link of a kind (enum svc_link) to game id.  Joining takes a
 * seat as /join does (a lobby's free seat, an AI's in a running game,
 * one's own again from the AI); a person who has a seat already gets
 * what is pending for them, whichever the link.
 */
static int
svc_link_follow(struct svc_ctx *ctx, int kind, int64_t id)
{
	struct svc_gm	gm;
	int		rc, me;

	ctx->pick = id;
	ctx->args[0] = '\0';
	ctx->want = kind == SVC_LINK_JOIN ? SVC_WANT_SEAT : SVC_WANT_SEE;
	if ((rc = svc_game_find(ctx, &gm)) <= 0)
		return (rc);
	if (gm.g.state >= STORE_OVER)
		return (svc_refuse(ctx, "game_over", "{s:I}", "game",
		    (json_int_t)gm.g.id));
	me = svc_seat_of(&gm, ctx->user);
	if (me < 0 && kind == SVC_LINK_HAND)
		return (svc_refuse(ctx, "not_in_game", "{s:I}", "game",
		    (json_int_t)gm.g.id));
	if (me < 0 || (kind == SVC_LINK_JOIN && gm.g.seats[me].away)) {
		/* /join queues the cards of a running game's seat. */
		if ((rc = svc_seat_join(ctx)) != 0 || gm.g.state != STORE_LOBBY)
			return (rc);
		if ((rc = svc_game_find(ctx, &gm)) <= 0)
			return (rc);
		if ((me = svc_seat_of(&gm, ctx->user)) < 0)
			return (0);	/* refused: the person was told */
	}
	if (gm.g.state == STORE_LOBBY)
		return (svc_link_seated(ctx, &gm, me));
	return (svc_pending(ctx->svc, &gm, me));
}

/*
 * After a private chat's greeting: what waits for the person, the cards
 * and buttons of each game whose turn (or gift) is theirs, as a link
 * would bring them.  0, -1 on failure.
 */
static int
svc_link_waiting(struct svc_ctx *ctx)
{
	struct svc_gm	gm;
	int64_t		ids[SVC_WEB_GAMES];
	int		myturn[SVC_WEB_GAMES], i, n, rc, me;

	if ((n = svc_user_games(ctx->svc, ctx->user, ids, myturn,
	    SVC_WEB_GAMES)) < 0)
		return (-1);
	for (i = 0; i < n && i < SVC_WEB_GAMES; i++) {
		if (!myturn[i])
			continue;
		if ((rc = svc_game_load(ctx->svc, ids[i], &gm)) < 0)
			return (-1);
		if (rc == 1 && (me = svc_seat_of(&gm, ctx->user)) >= 0 &&
		    svc_pending(ctx->svc, &gm, me) != 0)
			return (-1);
	}
	return (0);
}

/*
 * /start: a deep link's payload, a greeting, or the lobby's start.  A
 * private chat without a game of its own greets the person (whatever
 * word follows, as a link from elsewhere may carry one), then brings
 * what waits for them; a group greets the people who just added the bot
 * ("/start new": Telegram sends the startgroup link's payload).
 */
static int
svc_cmd_link(struct svc_ctx *ctx)
{
	char	key[SVC_KEY_MAX];
	int64_t	id;
	int	kind;

	if (ctx->pick == 0 && svc_payload_key(ctx->args, key) ==
	    SVC_LINK_JOIN) {
		ctx->bykey = 1;
		if ((id = store_key_game(ctx->svc->store, key)) < 0)
			return (svc_store_fail(ctx->svc));
		if (id == 0)
			return (svc_no_game(ctx, 0));
		return (svc_link_follow(ctx, SVC_LINK_JOIN, id));
	}
	if ((kind = svc_payload_parse(ctx->args, &id)) != SVC_LINK_NONE &&
	    ctx->pick == 0)
		return (svc_link_follow(ctx, kind, id));
	if (ctx->ev->private_chat && ctx->pick == 0) {
		if ((id = store_chat_game(ctx->svc->store, ctx->chat)) < 0)
			return (svc_store_fail(ctx->svc));
		if (id == 0 && svc_reply(ctx, SVC_OUT_HELP, json_pack("{s:s, "
		    "s:s?}", "welcome", "private", "name",
		    ctx->ev->user_name)) != 0)
			return (-1);
		if (id == 0)
			return (svc_link_waiting(ctx));
	}
	if (!ctx->ev->private_chat && ctx->pick == 0 &&
	    strcmp(ctx->args, "new") == 0)
		return (svc_reply(ctx, SVC_OUT_HELP, json_pack("{s:s}",
		    "welcome", "group")));
	return (svc_lobby_start(ctx));
}

/* /start: who is who may start a lobby; a link or a greeting is anyone's. */
static const struct svc_command svc_start_entry = {
	.name = "start",
	.about = N_("Start the game once every seat is taken"),
	.about_private = N_("Welcome, and how to play"),
	.where = SVC_IN_ANY,
	.menu = SVC_IN_ANY,
	.who = SVC_BY_ADMIN,
	.want = SVC_WANT_SEE,
	.fn = svc_cmd_link,
};

/* /start's entry. */
const struct svc_command *const svc_link_commands[] = {
	&svc_start_entry,
	NULL
};
