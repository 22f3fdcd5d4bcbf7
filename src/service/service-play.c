/*
 * service-play.c: the commands of a running game: /play (an action typed
 * in notation, or in words with svc_set_reader()'s reader), /menu (the
 * buttons' walk of menu.h's tree: a complete action is played as /play
 * plays it), /hand, /board (with a word, the chat's board style),
 * /hint (service-hint.c has what it says) and /premove (a play chosen
 * ahead of the turn, service-premove.c).
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "hint.h"
#include "menu.h"
#include "service-cmds.h"
#include "xmalloc.h"

/*
 * /board picture|text: how the chat's board is drawn.  A private chat is
 * its person's own; in a group the players of its game and the chat's
 * admins may choose.
 */
static int
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
 * Read what a person gave /play as an action in st, gm's position as
 * they act in it: the notation, else (with a reader installed) the move
 * as their language shows it.  0, 1 when it is no action (why says why),
 * -1 on failure.
 */
static int
svc_play_read(struct svc_ctx *ctx, const struct svc_gm *gm,
    const struct tac_state *st, struct tac_action *a, struct tac_why *why)
{
	struct svc		*svc = ctx->svc;
	struct svc_game		 g;
	const char		*langs[2];
	int			 rc;

	if (tac_action_parse_why(ctx->args, a, why) == 0)
		return (0);
	if (svc->reader == NULL)
		return (1);
	if ((rc = svc_game_info(svc, gm->g.id, &g)) != 1)
		return (rc == 0 ? svc_fail(svc, "game #%lld is gone",
		    (long long)gm->g.id) : -1);
	langs[0] = ctx->user_lang;
	langs[1] = gm->g.lang;
	return (svc->reader(svc->reader_arg, &g, langs, 2, st, ctx->args, a,
	    why) == 0 ? 0 : 1);
}

/*
 * Play the person's action (ctx->args) for their seat in gm, the game
 * they act in (svc_actor()): checked by the engine, then logged.
 */
static int
svc_play(struct svc_ctx *ctx, struct svc_gm *gm, int seat)
{
	struct svc		*svc = ctx->svc;
	struct tac_state	 before;
	struct tac_action	 a;
	struct tac_why		 why;
	int			 rc, idx, gift;

	if (ctx->args[0] == '\0')
		return (svc_refuse(ctx, "usage", "{s:s, s:i}", "command",
		    "play", "field", tac_start(&gm->st, seat)));
	/* The rules' reason goes as its message id and values. */
	svc_acting(gm, seat, &before);
	if ((rc = svc_play_read(ctx, gm, &before, &a, &why)) != 0)
		return (rc < 0 ? -1 : svc_refuse(ctx, "bad_action",
		    "{s:o, s:I}", "reason", svc_why(&why), "game",
		    (json_int_t)gm->g.id));
	if ((gift = gm->st.phase == TAC_PH_EXCHANGE))
		rc = svc_gift_check(svc, gm, seat, &a, &why);
	else {
		before = gm->st;
		if ((idx = tac_apply_why(&gm->st, &a, svc->list, &why)) >= 0)
			a = svc->list->a[idx];	/* the canonical form */
		rc = idx >= 0 ? 0 : -1;
	}
	if (rc != 0)
		return (svc_refuse(ctx, "illegal", "{s:o, s:I}", "reason",
		    svc_why(&why), "game", (json_int_t)gm->g.id));

	/* Playing again takes the seat back from the AI. */
	if (gm->g.seats[seat].away) {
		gm->g.seats[seat].away = 0;
		if (store_seat_put(svc->store, gm->g.id, seat,
		    &gm->g.seats[seat]) != 0)
			return (svc_store_fail(svc));
	}
	if (gift)
		return (svc_gift_give(svc, gm, seat, &a, STORE_BY_PERSON));
	return (svc_turn_done(svc, gm, seat, &before, &a, STORE_BY_PERSON));
}

/* /play ACTION: the person's action, checked by the engine. */
static int
svc_cmd_play(struct svc_ctx *ctx)
{
	struct svc_gm	gm;
	int		rc, seat;

	if ((rc = svc_actor(ctx, &gm, &seat)) <= 0)
		return (rc);
	return (svc_play(ctx, &gm, seat));
}

/*
 * /hand: the person's cards, in their private chat, with the buttons of
 * what waits for them (svc_pending()).
 */
static int
svc_cmd_hand(struct svc_ctx *ctx)
{
	struct svc_gm	gm;
	int		rc, seat;

	if ((rc = svc_game_find(ctx, &gm)) <= 0 ||
	    (rc = svc_running(ctx, &gm)) <= 0)
		return (rc);
	if ((seat = svc_seat_of(&gm, ctx->user)) < 0)
		return (svc_refuse(ctx, "not_in_game", "{s:I}", "game",
		    (json_int_t)gm.g.id));
	return (svc_pending(ctx->svc, &gm, seat));
}

/*
 * /board: the board (or the lobby) at the bottom of the chat that asked
 * (the one shown before there is taken away); with a word, the chat's
 * board style.
 */
static int
svc_cmd_board(struct svc_ctx *ctx)
{
	struct svc_gm	gm;
	int		rc;

	if (ctx->args[0] != '\0')
		return (svc_board_style(ctx));
	if ((rc = svc_game_find(ctx, &gm)) <= 0)
		return (rc);
	return (svc_reply(ctx, gm.started ? SVC_OUT_BOARD : SVC_OUT_LOBBY,
	    json_pack("{s:I, s:b}", "game", (json_int_t)gm.g.id, "bottom",
	    1)));
}

/*
 * /menu [PATH]: the seat to act walks its menu.  A path naming a complete
 * action is played as /play plays it (svc_play()), so the log, the rows
 * and the update offset are what a typed /play makes; any other node goes
 * to the person's private chat as a "menu" row, to edit the pressed
 * message.
 */
static int
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
		return (svc_play(ctx, &gm, seat));
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
 * /hint: the hint for the person's turn, privately.  From an app, the
 * answer is kept for svc_web_hint() instead of a row; a press of the 💡
 * button is answered with it, and the pressed turn message marks the
 * button toward it, so that message stays the last one, its buttons in
 * reach.
 */
static int
svc_cmd_hint(struct svc_ctx *ctx)
{
	struct svc		*svc = ctx->svc;
	struct svc_gm		 gm;
	struct tac_state	 acting, view;
	struct hint		 h;
	json_t			*p, *mark;
	int			 rc, seat;

	if ((rc = svc_actor(ctx, &gm, &seat)) <= 0)
		return (rc);
	if (!gm.g.hints)
		return (svc_refuse(ctx, "hints_off", "{s:I}", "game",
		    (json_int_t)gm.g.id));
	/* In an exchange, the position in which the person gives. */
	svc_acting(&gm, seat, &acting);
	tac_view(&acting, seat, &view);
	if (hint_choose(&view, svc->list, &h) != 0)
		return (svc_refuse(ctx, "no_hint", "{s:I}", "game",
		    (json_int_t)gm.g.id));
	if (store_hint_take(svc->store, gm.g.id, ctx->user, gm.g.turn_no) < 0)
		return (svc_store_fail(svc));
	p = svc_hint_json(&h);
	json_object_set_new(p, "turn", json_integer(gm.g.turn_no));
	json_object_set_new(p, "seat", json_integer(seat));
	if (ctx->ev->kind == SVC_EV_APP) {
		json_decref(svc->hinted);
		svc->hinted = p;
		return (0);
	}
	mark = ctx->ev->message == NULL || !ctx->ev->private_chat ? NULL :
	    json_pack("{s:I, s:s, s:O}", "turn", (json_int_t)gm.g.turn_no,
	    "message", ctx->ev->message, "hint", json_object_get(p,
	    "action"));
	if ((rc = svc_answer_hint(ctx, gm.g.id, p)) == 0) {
		json_decref(mark);
		return (svc_put_seat(svc, &gm, seat, SVC_OUT_HINT, p));
	}
	if (rc < 0 || mark == NULL) {
		json_decref(mark);
		return (rc < 0 ? -1 : 0);
	}
	return (svc_put_seat(svc, &gm, seat, SVC_OUT_TURN, mark));
}

/*
 * Keep the premove the person chose at path of their menu in ahead (the
 * position as if it were their turn): a leaf, checked by the engine
 * there.  A TAC is never kept: what it would undo is not known yet.
 */
static int
svc_premove_keep(struct svc_ctx *ctx, struct svc_gm *gm, int seat,
    const struct tac_state *ahead, const struct tac_action *a)
{
	struct svc		*svc = ctx->svc;
	struct store_premove	 pm;

	if (a->tac)
		return (svc_refuse(ctx, "premove_tac", "{s:I}", "game",
		    (json_int_t)gm->g.id));
	memset(&pm, 0, sizeof pm);
	pm.user = ctx->user;
	pm.round = ahead->round;
	pm.made = svc->now;
	tac_action_format(a, pm.action, sizeof pm.action);
	if (store_premove_put(svc->store, gm->g.id, seat, &pm) != 0)
		return (svc_store_fail(svc));
	if (svc_notify(ctx, "premove_saved", "{s:I, s:i, s:s}", "game",
	    (json_int_t)gm->g.id, "seat", seat, "action", pm.action) != 0)
		return (-1);
	return (svc_put_seat(svc, gm, seat, SVC_OUT_PREMOVE, json_pack(
	    "{s:I, s:s, s:s?}", "turn", (json_int_t)gm->g.turn_no, "action",
	    pm.action, "message", ctx->ev->message)));
}

/*
 * /premove [off]: while it is not their turn, a person chooses their next
 * play from their hand against the board as it is, by the buttons of
 * their turn's menu ("premove =PATH" walks it, a leaf keeps the play);
 * it is played when their turn comes if it is still legal exactly so
 * (service-premove.c).  "off" drops it.  On their turn, the turn itself.
 */
static int
svc_cmd_premove(struct svc_ctx *ctx)
{
	struct svc		*svc = ctx->svc;
	struct svc_gm		 gm;
	struct tac_state	 ahead;
	struct tac_action	 a;
	struct store_premove	 pm;
	struct menu		*m;
	const char		*path = "";
	int			 rc, seat;

	if ((rc = svc_game_find(ctx, &gm)) <= 0 ||
	    (rc = svc_running(ctx, &gm)) <= 0)
		return (rc);
	if ((seat = svc_seat_of(&gm, ctx->user)) < 0)
		return (svc_refuse(ctx, "not_in_game", "{s:I}", "game",
		    (json_int_t)gm.g.id));
	if (strcasecmp(ctx->args, "off") == 0) {
		if (svc_premove_drop(svc, &gm, seat) != 0)
			return (-1);
		if (svc_notify(ctx, "premove_off", "{s:I}", "game",
		    (json_int_t)gm.g.id) != 0)
			return (-1);
		return (ctx->ev->message == NULL ? 0 : svc_put_seat(svc, &gm,
		    seat, SVC_OUT_PREMOVE, json_pack("{s:I, s:s}", "turn",
		    (json_int_t)gm.g.turn_no, "message", ctx->ev->message)));
	}
	if (gm.st.turn == seat && gm.st.phase != TAC_PH_EXCHANGE)
		return (svc_pending(svc, &gm, seat));
	if (!svc_premove_state(&gm.st, seat, &ahead))
		return (svc_refuse(ctx, "premove_not_now", "{s:I}", "game",
		    (json_int_t)gm.g.id));
	if (ctx->args[0] == '=')
		path = ctx->args + 1;
	else if (ctx->args[0] != '\0')
		return (svc_refuse(ctx, "usage", "{s:s}", "command",
		    "premove"));
	if (menu_action(&ahead, seat, path, &a, svc->list) == 0)
		return (svc_premove_keep(ctx, &gm, seat, &ahead, &a));
	m = xmalloc(sizeof *m);
	rc = menu_build(&ahead, seat, path, m, svc->list);
	free(m);
	if (rc != 0)
		return (svc_refuse(ctx, "stale", NULL));
	if ((rc = store_premove_get(svc->store, gm.g.id, seat, &pm)) < 0)
		return (svc_store_fail(svc));
	return (svc_put_seat(svc, &gm, seat, SVC_OUT_PREMOVE, json_pack(
	    "{s:I, s:s, s:s?, s:s?}", "turn", (json_int_t)gm.g.turn_no,
	    "path", path, "action", rc == 1 && pm.user == ctx->user ?
	    pm.action : NULL, "message", ctx->ev->message)));
}

/* /play */
static const struct svc_command svc_play_entry = {
	.name = "play",
	.args = N_("ACTION"),
	.about = N_("Play a move typed in notation"),
	.where = SVC_IN_ANY,
	.menu = SVC_IN_PRIVATE,
	.who = SVC_BY_ANYONE,
	.want = SVC_WANT_SEE,
	.looks = 1,
	.fn = svc_cmd_play,
};

/* /hand */
static const struct svc_command svc_hand_entry = {
	.name = "hand",
	.about = N_("Your cards and, on your turn, your choices"),
	.where = SVC_IN_ANY,
	.menu = SVC_IN_ANY,
	.who = SVC_BY_ANYONE,
	.want = SVC_WANT_SEE,
	.looks = 1,
	.fn = svc_cmd_hand,
};

/* /board */
static const struct svc_command svc_board_entry = {
	.name = "board",
	.args = N_("[picture|text]"),
	.about = N_("Show the board"),
	.where = SVC_IN_ANY,
	.menu = SVC_IN_ANY,
	.who = SVC_BY_ANYONE,
	.want = SVC_WANT_SEE,
	.looks = 1,
	.fn = svc_cmd_board,
};

/* /menu */
static const struct svc_command svc_menu_entry = {
	.name = "menu",
	.where = SVC_IN_ANY,
	.who = SVC_BY_ANYONE,
	.want = SVC_WANT_SEE,
	.looks = 1,
	.fn = svc_cmd_menu,
};

/* /hint */
static const struct svc_command svc_hint_entry = {
	.name = "hint",
	.about = N_("A hint for your turn"),
	.where = SVC_IN_ANY,
	.menu = SVC_IN_PRIVATE,
	.who = SVC_BY_ANYONE,
	.want = SVC_WANT_SEE,
	.looks = 1,
	.fn = svc_cmd_hint,
};

/* /premove */
static const struct svc_command svc_premove_entry = {
	.name = "premove",
	.args = N_("[off]"),
	.about = N_("Choose your next move before your turn"),
	.where = SVC_IN_PRIVATE,
	.menu = SVC_IN_PRIVATE,
	.who = SVC_BY_ANYONE,
	.want = SVC_WANT_SEE,
	.looks = 1,
	.fn = svc_cmd_premove,
};

/* The commands of a turn, in the order /help lists them. */
const struct svc_command *const svc_play_commands[] = {
	&svc_hand_entry,
	&svc_board_entry,
	&svc_play_entry,
	&svc_hint_entry,
	&svc_premove_entry,
	&svc_menu_entry,
	NULL
};
