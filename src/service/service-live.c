/*
 * service-live.c: a group's live message of a game.  One message in the
 * game's chat (its "board" row's) shows the board, the last moves in
 * words and whose turn it is: the moves are not messages of their own
 * there (no "moved" rows: svc_live_told() keeps them for the message),
 * the message is edited after them ("edit-board"), and kept
 * in sight: pinned, silently, where the bot may pin ("pin-board" rows),
 * else posted anew at the bottom by its bridge once other messages have
 * buried it.
 *
 * What it tells is kept here, in the store (sql/0008-live.sql), written
 * in the transaction of the move: the last SVC_LIVE_MOVES moves, with
 * the facts that word them (whose marbles moved, who was kicked), and
 * whether it is pinned, so that a restart goes on editing and pinning
 * the same message.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "service-int.h"

/* Does the game have a live message in its chat (a group's game)? */
static int
svc_live_has(const struct store_game *g)
{
	return (!g->private && g->chat_pid[0] != '\0');
}

/*
 * Add one move's values (a "moved" row's: seat, action, by, turn,
 * kicked, marbles; copied) to what the game's live message tells: 1
 * told, 0 when the game has none (its chat gets the row), -1 failure.
 */
int
svc_live_told(struct svc *svc, const struct svc_gm *gm, json_t *moved)
{
	struct store_live	 l;
	json_t			*moves, *m;
	char			*text;
	int			 rc;

	if (!svc_live_has(&gm->g))
		return (0);
	if (store_live_get(svc->store, gm->g.id, &l) < 0) {
		store_live_free(&l);
		return (svc_store_fail(svc));
	}
	if ((moves = json_loads(l.moves, 0, NULL)) == NULL ||
	    !json_is_array(moves)) {
		json_decref(moves);
		moves = json_array();
	}
	store_live_free(&l);
	m = json_deep_copy(moved);
	json_object_del(m, "lang");
	json_object_del(m, "game");
	json_array_append_new(moves, m);
	while (json_array_size(moves) > SVC_LIVE_MOVES)
		json_array_remove(moves, 0);
	text = json_dumps(moves, JSON_COMPACT);
	json_decref(moves);
	rc = store_live_moves(svc->store, gm->g.id, text);
	free(text);
	return (rc != 0 ? svc_store_fail(svc) : 1);
}

/* Queue a pin (or, with unpin, the unpinning of message) of the game's. */
static int
svc_live_put_pin(struct svc *svc, const struct store_game *g, int pin,
    const char *message)
{
	json_t	*p;

	p = json_pack("{s:I, s:b, s:s}", "game", (json_int_t)g->id, "pin", pin,
	    "lang", g->lang);
	if (p != NULL && message != NULL)
		json_object_set_new(p, "message", json_string(message));
	return (svc_put(svc, g->platform, g->chat_pid, g->id,
	    SVC_OUT_PIN_BOARD, p));
}

/*
 * A board row of a game (or its edit) was delivered as a new message,
 * ref, in the game's chat: pin it, unless the chat lets the bot pin
 * nothing, it is pinned already, or a pin waits (it pins the board as
 * it is then).
 */
int
svc_live_delivered(struct svc *svc, const struct svc_out *out,
    const char *ref)
{
	struct store_game	 g;
	struct store_live	 l;
	int64_t			 id;
	int			 rc, pin;

	if ((rc = store_game_get(svc->store, out->game, &g, NULL)) <= 0)
		return (rc < 0 ? svc_store_fail(svc) : 0);
	if (!svc_live_has(&g) || g.state != STORE_PLAYING ||
	    strcmp(g.chat_pid, out->chat) != 0 ||
	    strcmp(g.platform, out->platform) != 0)
		return (0);
	if (store_live_get(svc->store, g.id, &l) < 0) {
		store_live_free(&l);
		return (svc_store_fail(svc));
	}
	pin = l.pin >= 0 && strcmp(l.pinned, ref) != 0;
	store_live_free(&l);
	if (!pin)
		return (0);
	if ((id = store_out_find(svc->store, g.platform, g.chat_pid, g.id,
	    svc_kind_name(SVC_OUT_PIN_BOARD))) < 0)
		return (svc_store_fail(svc));
	if (id > 0)
		return (0);
	svc->now = svc->clock(svc->clock_arg);
	return (svc_live_put_pin(svc, &g, 1, NULL));
}

/*
 * How a "pin-board" row went (its fate, enum svc_fate; ref: the message
 * it pinned or unpinned): a pin done is kept, one refused tells that the
 * chat lets the bot pin nothing (its live message is posted anew instead
 * when buried); an unpinning done or refused leaves nothing pinned.
 */
int
svc_live_pinned(struct svc *svc, const struct svc_out *out, int fate,
    const char *ref)
{
	struct store_live	l;
	int			rc, pin, unpin;

	if (out->game <= 0)
		return (0);
	unpin = json_is_false(json_object_get(out->data, "pin"));
	if (fate == SVC_DONE && ref == NULL)
		return (0);	/* nothing went (a console's) */
	if (store_live_get(svc->store, out->game, &l) < 0) {
		store_live_free(&l);
		return (svc_store_fail(svc));
	}
	pin = l.pin;
	store_live_free(&l);
	if (unpin)
		rc = store_live_pin(svc->store, out->game, "", pin);
	else if (fate == SVC_DONE)
		rc = store_live_pin(svc->store, out->game, ref, 1);
	else
		rc = store_live_pin(svc->store, out->game, "", -1);
	return (rc != 0 ? svc_store_fail(svc) : 0);
}

/*
 * The game ended or was aborted: its live message shows how, and is
 * unpinned (the chat's pin is for a game that goes on).
 */
int
svc_live_end(struct svc *svc, const struct svc_gm *gm)
{
	struct store_live	l;
	int			rc = 0;

	if (!svc_live_has(&gm->g))
		return (0);
	if (svc_edit_after(svc, gm, SVC_OUT_EDIT_BOARD) != 0)
		return (-1);
	if (store_live_get(svc->store, gm->g.id, &l) < 0)
		rc = svc_store_fail(svc);
	else if (l.pinned[0] != '\0')
		rc = svc_live_put_pin(svc, &gm->g, 0, l.pinned);
	store_live_free(&l);
	return (rc);
}

/* What a game's live message tells and whether it is pinned (service.h). */
int
svc_live(struct svc *svc, int64_t game, struct svc_live *out)
{
	struct store_live	l;
	int			rc;

	memset(out, 0, sizeof *out);
	if ((rc = store_live_get(svc->store, game, &l)) < 0) {
		store_live_free(&l);
		out->moves = json_array();
		return (svc_store_fail(svc));
	}
	if ((out->moves = json_loads(l.moves, 0, NULL)) == NULL ||
	    !json_is_array(out->moves)) {
		json_decref(out->moves);
		out->moves = json_array();
	}
	snprintf(out->pinned, sizeof out->pinned, "%s", l.pinned);
	out->pin = l.pin;
	store_live_free(&l);
	return (rc);
}

/* Release what svc_live() gave. */
void
svc_live_free(struct svc_live *l)
{
	json_decref(l->moves);
	l->moves = NULL;
}
