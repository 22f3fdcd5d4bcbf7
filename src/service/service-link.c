/*
 * service-link.c: "/start" as people first meet it: a greeting in a
 * private chat, the greeting of a group the bot was just added to, and
 * the deep links the bridges post ("/start jID" joins game ID, "/start
 * hID" opens one's hand in it; service-payload.c reads them).  Whatever
 * the link, a person who holds a seat gets, at once, their cards and the
 * buttons of what waits for them (svc_pending()).  Anything else is the
 * lobby's /start.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "service-int.h"

/*
 * Queue what a person needs to act in a running game: on their turn the
 * turn message (what to do, their cards, the buttons of the turn's first
 * step: a card to play, the card to give in the exchange, a follow-up's
 * choices), else their cards.  A seat the AI plays for gets the cards.
 */
int
svc_pending(struct svc *svc, struct svc_gm *gm, int seat)
{
	const struct store_game	*g = &gm->g;

	if (gm->st.phase == TAC_PH_EXCHANGE ? svc_gift_asked(gm, seat) :
	    g->state == STORE_PLAYING && gm->started &&
	    gm->st.phase != TAC_PH_OVER && gm->st.turn == seat &&
	    !g->seats[seat].away)
		return (svc_put_seat(svc, gm, seat, SVC_OUT_TURN,
		    json_pack("{s:I, s:I}", "turn", (json_int_t)g->turn_no,
		    "due", (json_int_t)g->due)));
	return (svc_put_seat(svc, gm, seat, SVC_OUT_HAND, json_object()));
}

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
		if ((rc = svc_cmd_join(ctx)) != 0 || gm.g.state != STORE_LOBBY)
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
 * /start: a deep link's payload, a greeting, or the lobby's start.  A
 * private chat without a game of its own greets the person (whatever
 * word follows, as a link from elsewhere may carry one); a group greets
 * the people who just added the bot ("/start new": Telegram sends the
 * startgroup link's payload).
 */
int
svc_cmd_link(struct svc_ctx *ctx)
{
	int64_t	id;
	int	kind;

	if ((kind = svc_payload_parse(ctx->args, &id)) != SVC_LINK_NONE &&
	    ctx->pick == 0)
		return (svc_link_follow(ctx, kind, id));
	if (ctx->ev->private_chat && ctx->pick == 0) {
		if ((id = store_chat_game(ctx->svc->store, ctx->chat)) < 0)
			return (svc_store_fail(ctx->svc));
		if (id == 0)
			return (svc_reply(ctx, SVC_OUT_HELP, json_pack("{s:s, "
			    "s:s?}", "welcome", "private", "name",
			    ctx->ev->user_name)));
	}
	if (!ctx->ev->private_chat && ctx->pick == 0 &&
	    strcmp(ctx->args, "new") == 0)
		return (svc_reply(ctx, SVC_OUT_HELP, json_pack("{s:s}",
		    "welcome", "group")));
	return (svc_cmd_start(ctx));
}
