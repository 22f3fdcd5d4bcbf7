/*
 * service-web.c: the service as an app sees it (service.h): a person's
 * games, one game as they may see it with their legal actions, and their
 * action played as a button's /play would be.
 *
 * What a person may see is the engine's view (RULES.md Y3): their own
 * hand, the sizes of the others, never the deck; someone who does not
 * play in the game sees every hand hidden.  The legal actions come from
 * the engine on the whole position, so they are the ones /play accepts.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "service-int.h"
#include "tacjson.h"

#define SVC_WEB_GAMES	32	/* open games listed, at most */

/* The name of a game state, as the API says it. */
static const char *
svc_web_state(int state)
{
	static const char	*names[] = { "lobby", "playing", "over",
				    "aborted" };

	return (state >= 0 && state <= STORE_ABORTED ? names[state] : "?");
}

/*
 * The person's users.id on a platform and their language (lang may be
 * NULL; "" if unknown): 0 if unknown, -1 on failure.
 */
static int64_t
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
    json_t **out)
{
	struct store_game	 g;
	int64_t			 uid, ids[SVC_WEB_GAMES];
	int			 myturn[SVC_WEB_GAMES], n, i, s;
	char			 lang[LANG_MAX];
	json_t			*games;

	*out = NULL;
	if ((uid = svc_web_user(svc, platform, pid, lang)) < 0)
		return (-1);
	n = 0;
	if (uid > 0 && (n = store_user_games(svc->store, uid, ids, myturn,
	    SVC_WEB_GAMES)) < 0)
		return (svc_store_fail(svc));
	if (n > SVC_WEB_GAMES)
		n = SVC_WEB_GAMES;
	games = json_array();
	for (i = 0; i < n; i++) {
		if (store_game_get(svc->store, ids[i], &g, NULL) <= 0)
			continue;
		for (s = 0; s < g.cfg.nseats && g.seats[s].user != uid; s++)
			;
		json_array_append_new(games, json_pack("{s:I, s:s, s:I, "
		    "s:i, s:b, s:s, s:i}", "id", (json_int_t)g.id, "state",
		    svc_web_state(g.state), "turn", (json_int_t)g.turn_no,
		    "seat", s < g.cfg.nseats ? s : -1, "my_turn", myturn[i],
		    "chat", g.chat_pid, "players", g.cfg.nseats));
	}
	*out = json_pack("{s:o, s:s}", "games", games, "lang", lang);
	return (*out != NULL ? 0 : svc_fail(svc, "out of memory"));
}

/* The seats: names as stored, AI levels, who is away. */
static json_t *
svc_web_seats(const struct svc_gm *gm)
{
	const struct store_seat	*p;
	json_t			*arr = json_array();
	int			 s;

	for (s = 0; s < gm->g.cfg.nseats; s++) {
		p = &gm->g.seats[s];
		json_array_append_new(arr, json_pack("{s:s, s:i, s:b, s:b}",
		    "name", p->name, "ai", p->ai, "away", p->away, "person",
		    p->user != 0));
	}
	return (arr);
}

/* The legal actions of the seat to act, in canonical notation. */
static json_t *
svc_web_legal(struct svc *svc, const struct svc_gm *gm)
{
	json_t	*arr = json_array();
	char	 text[160];
	int	 i, n;

	n = tac_legal(&gm->st, svc->list);
	for (i = 0; i < n; i++) {
		tac_action_format(&svc->list->a[i], text, sizeof text);
		json_array_append_new(arr, json_string(text));
	}
	return (arr);
}

/* The last action: seat and text (a gift hidden unless it was theirs). */
static json_t *
svc_web_last(struct svc *svc, const struct svc_gm *gm, int seat)
{
	char	text[160];
	int	who, rc;

	if ((rc = store_last_action(svc->store, gm->g.id, &who, text,
	    sizeof text)) <= 0)
		return (rc < 0 ? NULL : json_null());
	if (strncmp(text, "give ", 5) == 0 && who != seat)
		text[4] = '\0';
	return (json_pack("{s:i, s:s}", "seat", who, "action", text));
}

/* One game as the person may see it (service.h). */
int
svc_web_game(struct svc *svc, int64_t id, const char *platform,
    const char *pid, json_t **out)
{
	struct svc_gm		 gm;
	struct tac_state	 view;
	json_t			*o, *last, *pos = NULL, *legal;
	int64_t			 uid;
	int			 rc, seat = -1, mine;

	*out = NULL;
	if ((uid = svc_web_user(svc, platform, pid, NULL)) < 0)
		return (-1);
	if ((rc = svc_game_load(svc, id, &gm)) <= 0)
		return (rc);
	if (strcmp(gm.g.platform, platform) != 0)
		return (0);
	if (uid > 0)
		seat = svc_seat_of(&gm, uid);
	if ((last = svc_web_last(svc, &gm, seat)) == NULL)
		return (svc_store_fail(svc));
	mine = seat >= 0 && gm.started && gm.g.state == STORE_PLAYING &&
	    gm.st.phase != TAC_PH_OVER && gm.st.phase != TAC_PH_DEAL &&
	    gm.st.turn == seat;
	legal = mine ? svc_web_legal(svc, &gm) : json_array();
	if (gm.started) {
		/* A spectator's view: every hand hidden (json.c). */
		tac_view(&gm.st, seat, &view);
		pos = tac_position_save(&view, seat >= 0 ? seat :
		    TAC_MAXSEATS);
	}
	o = json_pack("{s:I, s:s, s:I, s:i, s:i, s:o, s:o, s:o, s:o}",
	    "id", (json_int_t)gm.g.id, "state", svc_web_state(gm.g.state),
	    "turn", (json_int_t)gm.g.turn_no, "actor", gm.g.actor, "players",
	    gm.g.cfg.nseats, "seats", svc_web_seats(&gm), "last", last,
	    "legal", legal, "position", pos != NULL ? pos : json_null());
	if (o == NULL)
		return (svc_fail(svc, "game #%lld: out of memory",
		    (long long)id));
	json_object_set_new(o, "seat", seat >= 0 ? json_integer(seat) :
	    json_null());
	json_object_set_new(o, "winner", gm.g.winner >= 0 ?
	    json_integer(gm.g.winner) : json_null());
	json_object_set_new(o, "chat", json_string(gm.g.chat_pid));
	json_object_set_new(o, "hints", json_boolean(gm.g.hints));
	*out = o;
	return (1);
}

/* An app's action: the command and its game and turn (svc_event_run). */
int
svc_web_parse(struct svc_ctx *ctx)
{
	const char	*text = ctx->ev->text;
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
	return (0);
}

/* Keep an app's refusal for svc_web_play() (args taken over). */
int
svc_web_refuse(struct svc_ctx *ctx, const char *code, json_t *args)
{
	struct svc	*svc = ctx->svc;

	json_decref(svc->refusal);
	svc->refusal = json_pack("{s:s, s:o}", "code", code, "args", args);
	return (svc->refusal != NULL ? 0 : svc_fail(svc, "out of memory"));
}

/*
 * Was this very action, at this turn, applied for this person before?
 * Then a retry of the request that made it is answered as it was.
 */
static int
svc_web_again(struct svc *svc, const struct svc_event *ev)
{
	struct store_game	g;
	struct tac_action	a;
	char			want[160], got[160], why[256];
	int64_t			uid;
	int			seat, s;

	if (ev->turn < 0 || (uid = svc_web_user(svc, ev->platform,
	    ev->user, NULL)) <= 0 || store_game_get(svc->store, ev->game, &g,
	    NULL) <= 0)
		return (0);
	for (s = 0; s < g.cfg.nseats && g.seats[s].user != uid; s++)
		;
	if (s == g.cfg.nseats || store_action_at(svc->store, ev->game,
	    ev->turn, &seat, got, sizeof got) <= 0 || seat != s ||
	    tac_action_parse(ev->text, &a, why, sizeof why) != 0)
		return (0);
	tac_action_format(&a, want, sizeof want);
	return (strcmp(want, got) == 0);
}

/* Play an app's action (service.h). */
int
svc_web_play(struct svc *svc, const struct svc_event *ev, json_t **out)
{
	struct store_game	 g;
	const char		*code;
	char			*err = NULL;
	json_t			*r;

	*out = NULL;
	if (ev->kind != SVC_EV_APP || ev->text == NULL)
		return (svc_fail(svc, "not an app's action"));
	json_decref(svc->refusal);
	svc->refusal = NULL;
	if (svc_event(svc, ev, &err) != 0) {
		free(err);
		return (-1);
	}
	r = svc->refusal;
	svc->refusal = NULL;
	code = json_string_value(json_object_get(r, "code"));
	if (r != NULL && code != NULL && strcmp(code, "stale") == 0 &&
	    svc_web_again(svc, ev)) {
		json_decref(r);
		*out = json_pack("{s:b, s:b, s:I}", "applied", 1, "again", 1,
		    "turn", (json_int_t)ev->turn + 1);
		return (0);
	}
	if (r != NULL) {
		*out = r;
		return (1);
	}
	if (store_game_get(svc->store, ev->game, &g, NULL) <= 0)
		return (svc_store_fail(svc));
	*out = json_pack("{s:b, s:I}", "applied", 1, "turn",
	    (json_int_t)g.turn_no);
	return (0);
}
