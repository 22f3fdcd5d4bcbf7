/*
 * service-menu.c: the buttons' side of a turn (/menu walks menu.h's
 * tree), a chat's board style, and a chat that moves to a new id.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "menu.h"
#include "service-int.h"
#include "xmalloc.h"

/*
 * /menu [PATH]: the seat to act walks its menu.  A path naming a complete
 * action plays it through /play, so the log, the rows and the update
 * offset are what a typed /play makes; any other node goes to the
 * person's private chat as a "menu" row, to edit the pressed message.
 */
int
svc_cmd_menu(struct svc_ctx *ctx)
{
	struct svc		*svc = ctx->svc;
	struct svc_gm		 gm;
	struct tac_state	 st;
	struct tac_action	 a;
	struct menu		*m;
	char			 text[160];
	int			 rc, seat;

	if ((rc = svc_actor(ctx, &gm, &seat)) <= 0)
		return (rc);
	svc_acting(&gm, seat, &st);
	if (menu_action(&st, seat, ctx->args, &a, svc->list) == 0) {
		tac_action_format(&a, text, sizeof text);
		snprintf(ctx->args, sizeof ctx->args, "%s", text);
		return (svc_cmd_play(ctx));
	}
	m = xmalloc(sizeof *m);
	rc = menu_build(&st, seat, ctx->args, m, svc->list);
	free(m);
	if (rc != 0)
		return (svc_refuse(ctx, "stale", NULL));
	return (svc_put_seat(svc, &gm, seat, SVC_OUT_MENU, json_pack("{s:I, s:s, "
	    "s:s?}", "turn", (json_int_t)gm.g.turn_no, "path", ctx->args,
	    "message", ctx->ev->message)));
}

/*
 * /board picture|text: how the chat's board is drawn.  A private chat is
 * its person's own; in a group the players of its game and the chat's
 * admins may choose.
 */
int
svc_board_style(struct svc_ctx *ctx)
{
	struct svc	*svc = ctx->svc;
	struct svc_gm	 gm;
	const char	*style;
	int64_t		 id;
	int		 ok;

	if (strcasecmp(ctx->args, "picture") == 0)
		style = "picture";
	else if (strcasecmp(ctx->args, "text") == 0)
		style = "text";
	else
		return (svc_refuse(ctx, "usage", "{s:s}", "command", "board"));
	if ((id = store_chat_game(svc->store, ctx->chat)) < 0)
		return (svc_store_fail(svc));
	ok = ctx->ev->private_chat || ctx->ev->admin;
	if (!ok && id > 0) {
		memset(&gm, 0, sizeof gm);
		if (store_game_get(svc->store, id, &gm.g, NULL) < 0)
			return (svc_store_fail(svc));
		ok = svc_seat_of(&gm, ctx->user) >= 0 ||
		    ctx->user == gm.g.creator;
	}
	if (!ok)
		return (svc_refuse(ctx, "not_in_game", "{s:s}", "to", "board"));
	if (store_chat_set_board(svc->store, ctx->chat, style) != 0)
		return (svc_store_fail(svc));
	if (svc_tell(ctx, id, "board", "{s:s}", "style", style) != 0)
		return (-1);
	if (id <= 0)
		return (0);
	/* The board is shown anew in its new style. */
	memset(&gm, 0, sizeof gm);
	if (store_game_get(svc->store, id, &gm.g, NULL) <= 0)
		return (svc_store_fail(svc));
	return (svc_edit_after(svc, &gm, SVC_OUT_EDIT_BOARD));
}

/*
 * A chat got a new platform id: move it in one transaction (see
 * store_chat_migrate() for a new id that is already known).  A game the
 * move had to abort is told in the chat.
 */
int
svc_chat_migrate(struct svc *svc, const char *platform, const char *from,
    const char *to)
{
	struct store_game	g;
	int64_t			aborted;
	int			rc;

	svc->now = svc->clock(svc->clock_arg);
	if (svc_txn_begin(svc) != 0)
		return (-1);
	if ((rc = store_chat_migrate(svc->store, platform, from, to,
	    &aborted)) != 0)
		svc_store_fail(svc);
	else if (aborted > 0) {
		if ((rc = store_game_get(svc->store, aborted, &g, NULL)) != 1)
			rc = rc < 0 ? svc_store_fail(svc) : svc_fail(svc,
			    "game #%lld vanished", (long long)aborted);
		else
			rc = svc_put(svc, platform, to, aborted, SVC_OUT_ABORTED,
			    json_pack("{s:I, s:s}", "game", (json_int_t)aborted,
			    "lang", g.lang));
	}
	/* The chat's undelivered rows are the new id's now. */
	svc_touch(svc, platform, to);
	return (svc_txn_end(svc, rc == 0));
}
