/*
 * service-web.c: the service as an app sees it (service.h): a person's
 * games, one game as they may see it at any of its moves with their legal
 * actions, and their action played as a button's /play would be.  Facts
 * only: the app's JSON and its words are made in
 * src/compose/compose-web.c.
 *
 * Who may see a game: its players, and whoever has its key (the links
 * its chat was given carry it); to anyone else it does not exist
 * (svc_access()).  What
 * they see is the engine's view (doc/rules.md Y3): their own hand, the
 * sizes of the others, never the deck; a watcher sees every hand hidden,
 * and once the game is over everyone sees every hand of its replay.  A
 * move of the past is the log replayed with the engine (the log is the
 * truth).  The legal actions come from the engine on the whole position,
 * so they are the ones /play accepts.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "service-int.h"
#include "xmalloc.h"

/*
 * The person's users.id on a platform and their language (lang may be
 * NULL; "" if unknown): 0 if unknown, -1 on failure.
 */
int64_t
svc_web_user(struct svc *svc, const char *platform, const char *pid,
    char *lang)
{
	int64_t	id;

	if ((id = store_user_find(svc->store, platform, pid, lang)) < 0)
		svc_store_fail(svc);
	return (id);
}

/* The person's open games, with whose turn it is. */
int
svc_web_games(struct svc *svc, const char *platform, const char *pid,
    struct svc_web_games *out)
{
	struct store_game	 g;
	struct svc_web_entry	*e;
	int64_t			 uid, ids[SVC_WEB_GAMES];
	int			 myturn[SVC_WEB_GAMES], n, i, s;
	char			 lang[LANG_MAX];

	memset(out, 0, sizeof *out);
	if ((uid = svc_web_user(svc, platform, pid, lang)) < 0)
		return (-1);
	if (uid > 0)
		snprintf(out->lang, sizeof out->lang, "%s", lang);
	n = 0;
	if (uid > 0 && (n = svc_user_games(svc, uid, ids, myturn,
	    SVC_WEB_GAMES)) < 0)
		return (-1);
	if (n > SVC_WEB_GAMES)
		n = SVC_WEB_GAMES;
	for (i = 0; i < n; i++) {
		if (store_game_get(svc->store, ids[i], &g, NULL) <= 0)
			continue;
		for (s = 0; s < g.cfg.nseats && g.seats[s].user != uid; s++)
			;
		e = &out->game[out->n++];
		e->id = g.id;
		e->state = g.state;
		e->turn = g.turn_no;
		e->seat = s < g.cfg.nseats ? s : -1;
		e->my_turn = myturn[i];
		e->players = g.cfg.nseats;
		snprintf(e->title, sizeof e->title, "%s", g.title);
		if (store_key_get(svc->store, g.id, e->key) < 0)
			return (svc_store_fail(svc));
	}
	return (0);
}

_Static_assert(SVC_KEYLEN == STORE_KEYLEN && SVC_KEY_MAX > STORE_KEYLEN,
    "a key reads as the store makes it");

/* Is a handle a game's key (its letters and digits, as many)? */
static int
svc_web_iskey(const char *handle)
{
	size_t	n = strlen(handle);

	return (n == STORE_KEYLEN && strspn(handle,
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789") ==
	    n);
}

/*
 * The game a handle names for a person, loaded into gm, with their seat
 * (-1: they only watch).  A handle is a game's key (whoever has it may
 * watch) or its number (only its players may use it: old buttons), as
 * svc_access() says.  1, or 0 for anything else (no such game, another
 * platform's, a number that is not theirs: the same answer, so that a
 * refusal says nothing of a game), -1 failure.  A refusal costs the same
 * whether the game is there or not: a key is one lookup of the keys, a
 * number one lookup of the person's seat in it; only a game the person
 * may see is loaded.
 */
static int
svc_web_open(struct svc *svc, const char *handle, const char *platform,
    const char *pid, struct svc_gm *gm, int *seat)
{
	struct svc_who	 who;
	int64_t		 id = 0, uid;
	size_t		 n = strlen(handle);
	int		 bykey, rc;

	*seat = -1;
	if ((uid = svc_web_user(svc, platform, pid, NULL)) < 0)
		return (-1);
	if ((bykey = svc_web_iskey(handle)) &&
	    (id = store_key_game(svc->store, handle)) < 0)
		return (svc_store_fail(svc));
	if (!bykey && n > 0 && n <= 18 && strspn(handle, "0123456789") == n) {
		id = strtoll(handle, NULL, 10);
		if (uid <= 0)
			return (0);
		if ((rc = store_seat_of(svc->store, id, uid)) < -1)
			return (svc_store_fail(svc));
		if (rc < 0)
			return (0);
	}
	if (id <= 0)
		return (0);
	if ((rc = svc_game_load(svc, id, gm)) <= 0)
		return (rc);
	memset(&who, 0, sizeof who);
	who.platform = platform;
	who.user = uid;
	who.bykey = bykey;
	if (svc_access(&gm->g, &who, SVC_WANT_SEE) != SVC_ALLOW)
		return (0);
	if (uid > 0)
		*seat = svc_seat_of(gm, uid);
	return (1);
}

/* The game a handle names, if the person may see it (service.h). */
int
svc_web_find(struct svc *svc, const char *handle, const char *platform,
    const char *pid, int64_t *id)
{
	struct svc_gm	gm;
	int		seat, rc;

	*id = 0;
	if ((rc = svc_web_open(svc, handle, platform, pid, &gm, &seat)) == 1)
		*id = gm.g.id;
	return (rc);
}

/* A game's key (service.h). */
int
svc_game_key(struct svc *svc, int64_t id, char *buf)
{
	int	rc;

	if ((rc = store_key_get(svc->store, id, buf)) < 0)
		return (svc_store_fail(svc));
	return (rc);
}

/*
 * The positions before and after action at - 1 of a game, by replaying
 * its log (the truth) with the engine, and that action; the last few
 * are kept, so that the watchers of one game replay each move once.
 * NULL on failure.
 */
static const struct svc_frame *
svc_web_frame(struct svc *svc, const struct svc_gm *gm, int64_t at)
{
	struct svc_frame	*f;
	struct tac_record	 rec;
	struct tac_action	 a;
	char			 why[256];
	size_t			 i;
	int			 rc;

	for (i = 0; i < SVC_FRAMES; i++) {
		f = &svc->frames[i];
		if (f->id == gm->g.id && f->created == gm->g.created &&
		    f->at == at)
			return (f);
	}
	f = &svc->frames[svc->nextframe++ % SVC_FRAMES];
	memset(f, 0, sizeof *f);
	if ((rc = store_record(svc->store, gm->g.id, &rec)) <= 0) {
		svc_fail(svc, "game #%lld: %s", (long long)gm->g.id, rc < 0 ?
		    store_error(svc->store) : "its log is gone");
		return (NULL);
	}
	if (at > (int64_t)rec.nactions ||
	    tac_config_check(&rec.cfg, why, sizeof why) != 0) {
		svc_fail(svc, "game #%lld: no move %lld", (long long)gm->g.id,
		    (long long)at);
		goto fail;
	}
	tac_init(&f->st, &rec.cfg, rec.seed);
	for (i = 0; i < (size_t)at; i++) {
		if (i + 1 == (size_t)at)
			f->before = f->st;
		if (tac_action_parse(rec.actions[i], &a, why, sizeof why) != 0 ||
		    tac_apply(&f->st, &a, svc->list, why, sizeof why) < 0) {
			svc_fail(svc, "game #%lld: action %zu \"%s\": %s",
			    (long long)gm->g.id, i, rec.actions[i], why);
			goto fail;
		}
	}
	if (at > 0) {
		snprintf(f->last, sizeof f->last, "%s", rec.actions[at - 1]);
		if (store_action_at(svc->store, gm->g.id, at - 1, &f->last_seat,
		    why, sizeof why) <= 0) {
			svc_store_fail(svc);
			goto fail;
		}
	}
	tac_record_free(&rec);
	f->id = gm->g.id;
	f->created = gm->g.created;
	f->at = at;
	return (f);
fail:
	tac_record_free(&rec);
	memset(f, 0, sizeof *f);
	return (NULL);
}

/*
 * Fill what a person sees of a frame: the position (their own hand; in a
 * game that is over every hand, for its replay), the action that led
 * there and the board before it (a gift hidden unless it was theirs).
 */
static void
svc_web_seen(struct svc_web_game *w, const struct svc_frame *f, int over)
{
	w->open = over;
	if (over) {
		w->view = f->st;
		memset(w->view.deck, 0, sizeof w->view.deck);
		w->view.rng = 0;
	} else
		tac_view(&f->st, w->seat, &w->view);
	if (f->at == 0)
		return;
	w->has_last = 1;
	w->last_seat = f->last_seat;
	snprintf(w->last, sizeof w->last, "%s", f->last);
	if (strncmp(w->last, "give ", 5) == 0 && f->last_seat != w->seat &&
	    !over)
		w->last[4] = '\0';
	tac_view(&f->before, over ? -1 : w->seat, &w->before);
}

/* One game as the person may see it, at one of its moves (service.h). */
int
svc_web_game(struct svc *svc, const char *handle, const char *platform,
    const char *pid, int64_t at, struct svc_web_game *w)
{
	const struct svc_frame	*f;
	struct svc_gm		 gm;
	struct tac_state	 st;
	int			 rc, seat, mine, over;

	memset(w, 0, sizeof *w);
	w->seat = -1;
	if ((rc = svc_web_open(svc, handle, platform, pid, &gm, &seat)) <= 0)
		return (rc);
	w->seat = seat;
	if (svc_game_facts(svc, &gm.g, &w->g) != 0 ||
	    svc_game_key(svc, gm.g.id, w->key) < 0)
		return (-1);
	w->g.started = gm.started;
	w->turns = gm.g.turn_no;
	if (!gm.started)
		return (1);
	w->at = at < 0 || at > gm.g.turn_no ? gm.g.turn_no : at;
	if ((f = svc_web_frame(svc, &gm, w->at)) == NULL)
		return (-1);
	over = gm.g.state == STORE_OVER || gm.g.state == STORE_ABORTED;
	svc_web_seen(w, f, over);
	if (w->at != gm.g.turn_no || over) {
		w->nlegal = 0;
		return (1);
	}
	/*
	 * The game as it stands: the gifts of an exchange under way are not
	 * in the log yet; a giver's own is shown gone from their hand.
	 */
	svc_gift_shown(&gm, &st);
	tac_view(&st, seat, &w->view);
	/* In an exchange each who has not given acts (service-exchange.c). */
	mine = gm.st.phase == TAC_PH_EXCHANGE ? svc_gift_due(&gm, seat) :
	    seat >= 0 && gm.st.turn == seat;
	if (mine)
		svc_acting(&gm, seat, &st);
	/* Their turn, seen: it needs no reminder (service-remind.c). */
	if (mine && seat >= 0 && gm.g.state == STORE_PLAYING &&
	    svc_remind_opened(svc, &gm, seat) != 0)
		return (-1);
	if (seat >= 0 && mine && gm.g.state == STORE_PLAYING &&
	    gm.st.phase != TAC_PH_OVER && gm.st.phase != TAC_PH_DEAL &&
	    (w->nlegal = tac_legal(&st, svc->list)) > 0) {
		w->legal = xreallocarray(NULL, (size_t)w->nlegal,
		    sizeof *w->legal);
		memcpy(w->legal, svc->list->a, (size_t)w->nlegal *
		    sizeof *w->legal);
	} else
		w->nlegal = 0;
	return (1);
}

/* Release what svc_web_game() gave. */
void
svc_web_game_free(struct svc_web_game *w)
{
	free(w->legal);
	w->legal = NULL;
	w->nlegal = 0;
}

/* An app's action: the command and its game and turn (svc_event_run). */
int
svc_web_parse(struct svc_ctx *ctx)
{
	const char	*text = ctx->ev->text;
	int64_t		 id;
	size_t		 n;

	while (*text == ' ')
		text++;
	if ((n = strlen(text)) >= sizeof ctx->args || ctx->ev->game <= 0)
		return (-1);
	/* An app asks for a hint (svc_web_hint()), or plays. */
	if (ctx->svc->web_hint) {
		snprintf(ctx->cmd, sizeof ctx->cmd, "hint");
		n = 0;
		text = "";
	} else
		snprintf(ctx->cmd, sizeof ctx->cmd, "play");
	memcpy(ctx->args, text, n + 1);
	while (n > 0 && ctx->args[n - 1] == ' ')
		ctx->args[--n] = '\0';
	ctx->pick = ctx->ev->game;
	ctx->turn = ctx->ev->turn >= 0 ? ctx->ev->turn : -1;
	/*
	 * A key names the game for whoever holds it (svc_access()); a key
	 * that cannot be read is taken for none (a number: players only).
	 */
	if (ctx->ev->handle != NULL && svc_web_iskey(ctx->ev->handle) &&
	    (id = store_key_game(ctx->svc->store, ctx->ev->handle)) > 0)
		ctx->bykey = id == ctx->pick;
	return (0);
}

