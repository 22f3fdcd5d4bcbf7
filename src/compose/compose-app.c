/*
 * compose-app.c: the buttons that open the bridge's app (the Mini App)
 * on a game, under the messages that are about one: a running game's
 * board in its group and its players' turn, menu and hand; a finished
 * game's summary (at its end, and /summary) and each game of /history,
 * to watch its replay.  A button names the game by its key (service.h),
 * never by its number: whoever sees the message may watch the game, and
 * nobody else can find it.  Who sees these messages is the game's chat
 * and its players (the service sends them nowhere else).
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <string.h>

#include "compose-int.h"
#include "i18n.h"

/* A button labelled label that opens the app on game: 1, 0 none made. */
static int
compose_app_key(struct compose_ctx *c, int64_t game, const char *label,
    struct compose_keys *k)
{
	char	key[SVC_KEY_MAX];

	if (!c->o->app || game <= 0 || svc_game_key(c->svc, game, key) != 1)
		return (0);
	compose_keys_link(k, label, COMPOSE_LINK_APP, key);
	return (1);
}

/* The replay button of one game of a history (a row of it). */
void
compose_app_history(struct compose_ctx *c, const char *lang, int64_t game,
    struct compose_keys *k)
{
	char	label[128];

	/* TRANSLATORS: a button's label, at most 40 characters (shorter is
	   better on a phone); %lld a game's number; it opens the game's
	   replay in the Mini App. */
	snprintf(label, sizeof label, tr(lang, "#%lld replay"),
	    (long long)game);
	compose_app_key(c, game, label, k);
}

/*
 * The button of a message about game m->game, of a kind with flags
 * (COMPOSE_K_*), if it has one: "Open the board" under a running game's
 * board in its group and its players' turn, menu and hand, "Watch the
 * replay" under a finished game's summary.
 */
void
compose_app(struct compose_ctx *c, struct compose_msg *m, int flags)
{
	const char	*label;

	if (!c->have || m->game <= 0)
		return;
	if ((flags & COMPOSE_K_REPLAY) && c->g.state == SVC_OVER)
		/* TRANSLATORS: a button's label, at most 40 characters
		   (shorter is better on a phone); it opens the game's
		   replay in the Mini App. */
		label = tr(m->lang, "Watch the replay");
	else if (c->g.state == SVC_PLAYING && ((flags & COMPOSE_K_APP) ||
	    ((flags & COMPOSE_K_APP_GROUP) && !c->g.private)))
		/* TRANSLATORS: a button's label, at most 40 characters
		   (shorter is better on a phone); it opens the Mini App. */
		label = tr(m->lang, "Open the board");
	else
		return;
	compose_keys_newrow(&m->keys);
	if (compose_app_key(c, m->game, label, &m->keys) &&
	    (flags & COMPOSE_K_REPLAY))
		m->setkeys = 1;
	compose_keys_newrow(&m->keys);
}
