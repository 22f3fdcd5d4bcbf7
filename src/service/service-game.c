/*
 * service-game.c: a game loaded for work and saved after it (its row,
 * its position from the cache, the snapshot or the log), the game a
 * command names (svc_game_find(), through the access rule), the seat to
 * act, and the read-only views the renderers and the bridges ask for.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "service-int.h"
#include "tacjson.h"

/*
 * Rebuild a game's position from the truth: its seed and its log.  Used
 * when the snapshot is missing or does not load.
 */
static int
svc_game_replay(struct svc *svc, struct svc_gm *gm)
{
	struct tac_record	rec;
	struct tac_action	a;
	char			why[256];
	size_t			i;
	int			rc;

	if ((rc = store_record(svc->store, gm->g.id, &rec)) <= 0) {
		svc->bad_game = rc == -2 ? gm->g.id : 0;
		return (rc < 0 ? svc_fail(svc, "game #%lld: %s",
		    (long long)gm->g.id, store_error(svc->store)) :
		    svc_fail(svc, "game #%lld vanished", (long long)gm->g.id));
	}
	if (tac_config_check(&rec.cfg, why, sizeof why) != 0) {
		svc_fail(svc, "game #%lld: %s", (long long)gm->g.id, why);
		goto fail;
	}
	tac_init(&gm->st, &rec.cfg, rec.seed);
	for (i = 0; i < rec.nactions; i++) {
		if (tac_action_parse(rec.actions[i], &a, why, sizeof why) != 0 ||
		    tac_apply(&gm->st, &a, svc->list, why, sizeof why) < 0) {
			svc_fail(svc, "game #%lld: action %zu \"%s\": %s",
			    (long long)gm->g.id, i, rec.actions[i], why);
			goto fail;
		}
	}
	tac_record_free(&rec);
	gm->started = 1;
	return (0);
fail:
	svc->bad_game = gm->g.id;
	tac_record_free(&rec);
	return (-1);
}

/*
 * Load a game: its row, seats and (once started) its position, from the
 * cache, the snapshot or, failing both, by replaying the log.  1 loaded,
 * 0 no such game, -1 failure.
 */
int
svc_game_load(struct svc *svc, int64_t id, struct svc_gm *gm)
{
	struct svc_cached	*c = &svc->cache[id % SVC_CACHE];
	json_t			*j;
	char			*snap = NULL, why[256];
	int			 rc;

	memset(gm, 0, sizeof *gm);
	if ((rc = store_game_get(svc->store, id, &gm->g, NULL)) <= 0)
		return (rc < 0 ? svc_store_fail(svc) : 0);
	if (svc_gifts_load(svc, gm) != 0)
		return (-1);
	if (c->id == id && c->turn_no == gm->g.turn_no) {
		gm->st = c->st;
		gm->started = 1;
		return (svc_gifts_load(svc, gm) == 0 ? 1 : -1);
	}
	if (store_game_snapshot(svc->store, id, &snap) < 0)
		return (svc_store_fail(svc));
	if (snap == NULL && gm->g.state != STORE_PLAYING &&
	    gm->g.state != STORE_OVER)
		return (1);	/* a lobby, or one aborted before it began */
	if (snap != NULL) {
		j = json_loads(snap, 0, NULL);
		free(snap);
		if (j != NULL && tac_position_load(&gm->st, j, why,
		    sizeof why) == 0)
			gm->started = 1;
		json_decref(j);
	}
	if (!gm->started && svc_game_replay(svc, gm) != 0)
		return (-1);
	c->id = id;
	c->turn_no = gm->g.turn_no;
	c->st = gm->st;
	return (svc_gifts_load(svc, gm) == 0 ? 1 : -1);
}

/* Write a game's row and, once started, its snapshot. */
int
svc_game_save(struct svc *svc, struct svc_gm *gm)
{
	struct svc_cached	*c;
	json_t			*j;
	char			*snap = NULL;
	int			 rc;

	gm->g.updated = svc->now;
	if (gm->started) {
		j = tac_position_save(&gm->st, -1);
		snap = json_dumps(j, JSON_COMPACT);
		json_decref(j);
	}
	rc = store_game_put(svc->store, &gm->g, snap);
	free(snap);
	if (rc != 0)
		return (svc_store_fail(svc));
	if (gm->started) {
		c = &svc->cache[gm->g.id % SVC_CACHE];
		c->id = gm->g.id;
		c->turn_no = gm->g.turn_no;
		c->st = gm->st;
	}
	return (0);
}

/*
 * Find the game a command is about (doc/service.md): the one picked with
 * "#ID" (or a button's, or a link's), the chat's game, or in a private
 * chat the person's game that waits for them; the person must be one it
 * is for (svc_access(), as the command asks: ctx->want).  1 loaded, 0
 * refused (the person was told), -1 failure.
 */
int
svc_game_find(struct svc_ctx *ctx, struct svc_gm *gm)
{
	struct svc	*svc = ctx->svc;
	int64_t		 id, ids[8];
	int		 myturn[8], i, n, nwait = 0, rc;
	char		 list[128];
	size_t		 len = 0;

	if ((id = ctx->pick) == 0 &&
	    (id = store_chat_game(svc->store, ctx->chat)) < 0)
		return (svc_store_fail(svc));
	if (id == 0 && !ctx->ev->private_chat)
		return (svc_refuse(ctx, "no_game", "{s:s}", "where", "chat"));
	if (id == 0) {
		if ((n = svc_user_games(svc, ctx->user, ids, myturn, 8)) < 0)
			return (-1);
		if (n == 0)
			return (svc_refuse(ctx, "no_game", "{s:s}", "where",
			    "you"));
		list[0] = '\0';
		for (i = 0; i < n && i < 8; i++) {
			if (myturn[i] && nwait++ == 0)
				id = ids[i];
			len += snprintf(list + len, sizeof list - len, "%s#%lld",
			    i > 0 ? ", " : "", (long long)ids[i]);
			if (len >= sizeof list)
				len = sizeof list - 1;
		}
		if (nwait != 1 && n == 1)
			id = ids[0];
		else if (nwait != 1)
			return (svc_refuse(ctx, "which_game", "{s:s, s:s, s:I}",
			    "games", list, "command", ctx->cmd, "game",
			    (json_int_t)ids[0]));
	}
	memset(gm, 0, sizeof *gm);
	if ((rc = svc_game_named(ctx, id, &gm->g)) <= 0 || ctx->row_only)
		return (rc);
	if ((rc = svc_game_load(svc, id, gm)) == 0)
		return (svc_no_game(ctx, id));
	/*
	 * A command typed that shows the game to its sender (/hand, /play,
	 * /board: "looks" in its entry): they are looking at it, as with a
	 * press (svc_event()), and their turn running now needs no
	 * reminder.
	 */
	if (rc == 1 && ctx->ev->kind == SVC_EV_TEXT && ctx->command != NULL &&
	    ctx->command->looks && svc_seat_of(gm, ctx->user) >= 0 &&
	    svc_remind_looked(svc, id, ctx->user) != 0)
		return (-1);
	return (rc);
}

/* Refuse unless the game is running; 1 running, 0 refused, -1 failure. */
int
svc_running(struct svc_ctx *ctx, const struct svc_gm *gm)
{
	switch (gm->g.state) {
	case STORE_PLAYING:
		return (1);
	case STORE_LOBBY:
		return (svc_refuse(ctx, "not_started", "{s:I}", "game",
		    (json_int_t)gm->g.id) == 0 ? 0 : -1);
	default:
		return (svc_refuse(ctx, "game_over", "{s:I}", "game",
		    (json_int_t)gm->g.id) == 0 ? 0 : -1);
	}
}

/*
 * The running game a command names and the caller's seat in it, when the
 * caller is the one to act (in an exchange: one who has not given yet):
 * 1; else 0 (refused, the person was told why) or -1 on failure.
 */
int
svc_actor(struct svc_ctx *ctx, struct svc_gm *gm, int *seat)
{
	int	rc;

	if ((rc = svc_game_find(ctx, gm)) <= 0 ||
	    (rc = svc_running(ctx, gm)) <= 0)
		return (rc);
	if ((*seat = svc_seat_of(gm, ctx->user)) < 0)
		return (svc_refuse(ctx, "not_in_game", "{s:I}", "game",
		    (json_int_t)gm->g.id));
	if (gm->st.phase == TAC_PH_EXCHANGE) {
		if (svc_gift_due(gm, *seat))
			return (1);
		return (svc_refuse(ctx, "already_given", "{s:I}", "game",
		    (json_int_t)gm->g.id));
	}
	if (gm->st.turn != *seat)
		return (svc_refuse(ctx, "not_your_turn", "{s:i, s:I}", "seat",
		    gm->st.turn, "game", (json_int_t)gm->g.id));
	return (1);
}

/*
 * The position as seat acts in it: the game's, or in an exchange the
 * one in which seat gives (svc_gift_state()).
 */
void
svc_acting(const struct svc_gm *gm, int seat, struct tac_state *st)
{
	if (gm->started && gm->st.phase == TAC_PH_EXCHANGE)
		svc_gift_state(gm, seat, st);
	else
		*st = gm->st;
}

/*
 * The open games a person sits in (store_user_games()), myturn[i] set
 * also where an exchange waits for their gift: n, -1 on failure.
 */
int
svc_user_games(struct svc *svc, int64_t user, int64_t *ids, int *myturn,
    int max)
{
	struct svc_gm	gm;
	int		i, n, rc;

	if ((n = store_user_games(svc->store, user, ids, myturn, max)) < 0)
		return (svc_store_fail(svc));
	for (i = 0; i < n && i < max; i++) {
		if (myturn[i])
			continue;
		if ((rc = svc_game_load(svc, ids[i], &gm)) < 0)
			return (-1);
		myturn[i] = rc == 1 && gm.st.phase == TAC_PH_EXCHANGE &&
		    svc_gift_asked(&gm, svc_seat_of(&gm, user));
	}
	return (n);
}

/* A game read once: its facts, and its whole position (service.h). */
int
svc_game_view(struct svc *svc, int64_t id, struct svc_game *g,
    struct tac_state *st)
{
	struct svc_gm	gm;
	int		rc;

	if ((rc = svc_game_load(svc, id, &gm)) <= 0)
		return (rc);
	if (svc_game_facts(svc, &gm.g, g) != 0)
		return (-1);
	g->started = gm.started;
	/* An exchange shows the gifts given so far, face down. */
	if (gm.started && st != NULL)
		svc_gift_shown(&gm, st);
	return (1);
}

/* Describe a game for the renderers: 1, 0 when there is none, -1. */
int
svc_game_info(struct svc *svc, int64_t id, struct svc_game *out)
{
	struct store_game	g;
	int			rc;

	if ((rc = store_game_get(svc->store, id, &g, NULL)) <= 0)
		return (rc < 0 ? svc_store_fail(svc) : 0);
	return (svc_game_facts(svc, &g, out) == 0 ? 1 : -1);
}

/* A game's position: all of it (seat -1) or as one seat sees it. */
int
svc_game_position(struct svc *svc, int64_t id, int seat,
    struct tac_state *st)
{
	struct svc_gm		gm;
	struct tac_state	shown;
	int			rc;

	if ((rc = svc_game_load(svc, id, &gm)) <= 0) {
		if (rc == 0)
			svc_fail(svc, "there is no game #%lld", (long long)id);
		return (-1);
	}
	if (!gm.started)
		return (svc_fail(svc, "game #%lld has not started",
		    (long long)id));
	svc_gift_shown(&gm, &shown);
	if (seat < 0)
		*st = shown;
	else
		tac_view(&shown, seat, st);
	return (0);
}
