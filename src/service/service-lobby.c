/*
 * service-lobby.c: opening a game, its options, taking and leaving seats,
 * AI players, starting and aborting, replacing and resuming a person, and
 * the chat's language.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "lang.h"
#include "service-int.h"
#include "ai.h"

#define SVC_SEED_MASK	((UINT64_C(1) << 53) - 1)	/* exact in JSON */

/* A lobby's options, as /new and /options read them. */
struct svc_opts {
	struct tac_config	cfg;
	int64_t			deadline;
	uint64_t		seed;
	int			seeded;
	int			ai;		/* AI level, 1 or 2 */
	int			hints;		/* hints=on|off */
};

/* Read a duration: off, or N followed by s, m, h or d; -1 if bad. */
static int64_t
svc_duration(const char *s)
{
	long long	 n;
	char		*end;

	if (strcasecmp(s, "off") == 0 || strcasecmp(s, "none") == 0 ||
	    strcmp(s, "0") == 0)
		return (0);
	errno = 0;
	n = strtoll(s, &end, 10);
	if (end == s || errno != 0 || n <= 0 || n > SVC_DEADLINE_MAX)
		return (-1);
	switch (tolower((unsigned char)*end)) {
	case 's':
		break;
	case 'm':
		n *= 60;
		break;
	case 'h':
		n *= 3600;
		break;
	case 'd':
		n *= 86400;
		break;
	default:
		return (-1);
	}
	if (end[1] != '\0' || n < 60 || n > SVC_DEADLINE_MAX)
		return (-1);
	return (n);
}

/*
 * Apply the words of /new or /options to o.  -1 for a word we do not know
 * or options that do not fit together, with the values of the refusal
 * ("bad_option") in *bad: what was wrong ("deadline", "ai", "seed",
 * "option", "rules") and the word, or the rules' reason.
 */
static int
svc_options_parse(char *args, struct svc_opts *o, json_t **bad)
{
	struct tac_why	 why;
	char		*w, *last, *end;
	int		 teams = 0;

	for (w = strtok_r(args, " \t", &last); w != NULL;
	    w = strtok_r(NULL, " \t", &last)) {
		if (strcmp(w, "4") == 0 || strcmp(w, "6") == 0)
			o->cfg.nseats = *w - '0';
		else if (strcasecmp(w, "pairs") == 0)
			o->cfg.triples = 0, teams = 1;
		else if (strcasecmp(w, "triples") == 0)
			o->cfg.triples = 1, teams = 1;
		else if (strcasecmp(w, "master") == 0)
			o->cfg.master = 1;
		else if (strcasecmp(w, "nomaster") == 0 ||
		    strcasecmp(w, "no-master") == 0)
			o->cfg.master = 0;
		else if (strcasecmp(w, "tac") == 0)
			o->cfg.names = TAC_NAMES_TAC;
		else if (strcasecmp(w, "taker") == 0)
			o->cfg.names = TAC_NAMES_TAKER;
		else if (strncasecmp(w, "deadline=", 9) == 0) {
			if ((o->deadline = svc_duration(w + 9)) < 0) {
				*bad = json_pack("{s:s, s:s}", "what",
				    "deadline", "word", w + 9);
				return (-1);
			}
		} else if (strncasecmp(w, "ai=", 3) == 0) {
			if ((w[3] != '1' && w[3] != '2') || w[4] != '\0') {
				*bad = json_pack("{s:s, s:s}", "what", "ai",
				    "word", w + 3);
				return (-1);
			}
			o->ai = w[3] - '0';
		} else if (strncasecmp(w, "hints=", 6) == 0) {
			if (strcasecmp(w + 6, "on") != 0 &&
			    strcasecmp(w + 6, "off") != 0) {
				*bad = json_pack("{s:s, s:s}", "what", "hints",
				    "word", w + 6);
				return (-1);
			}
			o->hints = strcasecmp(w + 6, "on") == 0;
		} else if (strncasecmp(w, "seed=", 5) == 0) {
			errno = 0;
			o->seed = strtoull(w + 5, &end, 10);
			if (!isdigit((unsigned char)w[5]) || *end != '\0' ||
			    errno != 0) {
				*bad = json_pack("{s:s, s:s}", "what", "seed",
				    "word", w + 5);
				return (-1);
			}
			o->seeded = 1;
		} else {
			*bad = json_pack("{s:s, s:s}", "what", "option",
			    "word", w);
			return (-1);
		}
	}
	/* "/options 4" in a lobby of triples means pairs. */
	if (o->cfg.nseats == 4 && !teams)
		o->cfg.triples = 0;
	if (tac_config_check_why(&o->cfg, &why) != 0) {
		*bad = json_pack("{s:s, s:o}", "what", "rules", "reason",
		    svc_why(&why));
		return (-1);
	}
	return (0);
}

/* Refuse options (svc_options_parse()'s values, taken over). */
static int
svc_bad_option(struct svc_ctx *ctx, json_t *bad)
{
	return (svc_refuse(ctx, "bad_option", "o", bad != NULL ? bad :
	    json_object()));
}

/* The person who sent the event, as a seat's occupant. */
static void
svc_me(struct svc_ctx *ctx, struct store_seat *p)
{
	memset(p, 0, sizeof *p);
	p->user = ctx->user;
	snprintf(p->pid, sizeof p->pid, "%s", ctx->ev->user);
	snprintf(p->name, sizeof p->name, "%s", ctx->ev->user_name != NULL ?
	    ctx->ev->user_name : ctx->ev->user);
	snprintf(p->lang, sizeof p->lang, "%s", ctx->user_lang);
}

/* Put someone (or nobody: a zeroed seat) into a seat, in memory and store. */
static int
svc_seat_set(struct svc *svc, struct svc_gm *gm, int seat,
    const struct store_seat *p)
{
	gm->g.seats[seat] = *p;
	if (p->ai > 0 && p->user == 0)
		snprintf(gm->g.seats[seat].name, sizeof gm->g.seats[seat].name,
		    "AI %d", seat);
	if (store_seat_put(svc->store, gm->g.id, seat, p) != 0)
		return (svc_store_fail(svc));
	return (0);
}

/* Save a changed lobby and show it in its chat again. */
static int
svc_lobby_changed(struct svc *svc, struct svc_gm *gm)
{
	if (svc_game_save(svc, gm) != 0)
		return (-1);
	return (svc_put_chat(svc, gm, gm->g.state == STORE_LOBBY ?
	    SVC_OUT_LOBBY : SVC_OUT_ABORTED, json_object()));
}

/* Tell a game's chat that a seat changed hands: joined, left, ... */
static int
svc_seat_news(struct svc *svc, struct svc_gm *gm, int seat,
    const char *change)
{
	return (svc_put_chat(svc, gm, SVC_OUT_SEAT, json_pack("{s:i, s:s, s:s}",
	    "seat", seat, "change", change, "name", gm->g.seats[seat].name)));
}

/*
 * The AI plays a person's seat of a running game from now on (they left,
 * or were replaced: change says which, for the chat's news).
 */
static int
svc_seat_away(struct svc *svc, struct svc_gm *gm, int seat,
    const char *change)
{
	gm->g.seats[seat].away = 1;
	if (svc_seat_set(svc, gm, seat, &gm->g.seats[seat]) != 0 ||
	    svc_schedule(svc, gm, 0) != 0 || svc_game_save(svc, gm) != 0)
		return (-1);
	return (svc_seat_news(svc, gm, seat, change));
}

/* Read a seat number argument; -1 if it is not one of the game's seats. */
static int
svc_seat_arg(const struct svc_gm *gm, const char *s)
{
	char	*end;
	long	 n;

	n = strtol(s, &end, 10);
	if (end == s || (*end != '\0' && !isspace((unsigned char)*end)) ||
	    n < 0 || n >= gm->g.cfg.nseats)
		return (-1);
	return ((int)n);
}

/* Refuse unless the game is a lobby: 1 lobby, 0 refused, -1 failure. */
static int
svc_in_lobby(struct svc_ctx *ctx, const struct svc_gm *gm)
{
	if (gm->g.state == STORE_LOBBY)
		return (1);
	return (svc_refuse(ctx, "not_lobby", "{s:I, s:b}", "game",
	    (json_int_t)gm->g.id, "over", gm->g.state != STORE_PLAYING) == 0 ?
	    0 : -1);
}

/* /new [options]: open a lobby in this chat, the creator in seat 0. */
int
svc_cmd_new(struct svc_ctx *ctx)
{
	struct svc	*svc = ctx->svc;
	struct svc_gm	 gm;
	struct svc_opts	 o;
	json_t		*bad = NULL;
	int64_t		 open;

	if ((open = store_chat_game(svc->store, ctx->chat)) < 0)
		return (svc_store_fail(svc));
	if (open > 0)
		return (svc_refuse(ctx, "game_open", "{s:I}", "game",
		    (json_int_t)open));
	/*
	 * A group speaks the language of the person who opens a game, until
	 * someone says /lang there; a private chat is its person's.
	 */
	if (!ctx->ev->private_chat && store_chat_default_lang(svc->store,
	    ctx->chat, ctx->user_lang, ctx->chat_lang) != 0)
		return (svc_store_fail(svc));
	memset(&o, 0, sizeof o);
	o.cfg.nseats = 4;
	o.cfg.master = 1;
	/* A Russian table plays with the Russian edition's names. */
	o.cfg.names = strcmp(ctx->chat_lang, "ru") == 0 ? TAC_NAMES_TAKER :
	    TAC_NAMES_TAC;
	o.ai = AI_HEURISTIC;
	o.hints = 1;
	if (svc_options_parse(ctx->args, &o, &bad) != 0)
		return (svc_bad_option(ctx, bad));

	memset(&gm, 0, sizeof gm);
	gm.g.chat = ctx->chat;
	snprintf(gm.g.platform, sizeof gm.g.platform, "%s", ctx->ev->platform);
	snprintf(gm.g.chat_pid, sizeof gm.g.chat_pid, "%s", ctx->ev->chat);
	snprintf(gm.g.lang, sizeof gm.g.lang, "%s", ctx->chat_lang);
	gm.g.state = STORE_LOBBY;
	gm.g.cfg = o.cfg;
	gm.g.seed = o.seeded ? o.seed : tac_rng_next(&svc->rng) & SVC_SEED_MASK;
	gm.g.deadline = o.deadline;
	gm.g.ai = o.ai;
	gm.g.hints = o.hints;
	gm.g.creator = ctx->user;
	snprintf(gm.g.creator_pid, sizeof gm.g.creator_pid, "%s",
	    ctx->ev->user);
	gm.g.actor = gm.g.winner = -1;
	gm.g.created = gm.g.updated = svc->now;
	svc_me(ctx, &gm.g.seats[0]);
	if (store_game_create(svc->store, &gm.g) < 0)
		return (svc_store_fail(svc));
	return (svc_put_chat(svc, &gm, SVC_OUT_LOBBY, json_object()));
}

/*
 * Show a game's options: in the message pressed (the lobby's, which the
 * options stand in for until Done), or in a new one; done: the options
 * are chosen, the message goes back to the lobby (or, not the lobby's,
 * loses its buttons).
 */
static int
svc_options_show(struct svc_ctx *ctx, const struct svc_gm *gm, int done)
{
	return (svc_reply(ctx, SVC_OUT_OPTIONS, json_pack("{s:I, s:s?, s:b}",
	    "game", (json_int_t)gm->g.id, "message", ctx->ev->message, "done",
	    done)));
}

/*
 * /options [options|done]: show them; the creator may change them in a
 * lobby.  Pressed under the lobby message, the options take its place,
 * edited as they change, until Done.
 */
int
svc_cmd_options(struct svc_ctx *ctx)
{
	struct svc_gm	 gm;
	struct svc_opts	 o;
	json_t		*bad = NULL;
	int		 rc, s;

	if ((rc = svc_game_find(ctx, &gm)) <= 0)
		return (rc);
	if (strcmp(ctx->args, "done") == 0)
		return (svc_options_show(ctx, &gm, 1));
	if (ctx->args[0] == '\0' && (rc = svc_ask_lobby(ctx, &gm)) != 1)
		return (rc < 0 ? -1 : svc_options_show(ctx, &gm, 0));
	if ((rc = svc_in_lobby(ctx, &gm)) <= 0)
		return (rc);
	if (!svc_is_admin(ctx, &gm))
		return (svc_refuse(ctx, "not_creator", "{s:s}", "to",
		    "options"));
	/* The lobby's Options button: they take the lobby's place. */
	if (ctx->args[0] == '\0')
		return (svc_options_show(ctx, &gm, 0));
	memset(&o, 0, sizeof o);
	o.cfg = gm.g.cfg;
	o.deadline = gm.g.deadline;
	o.ai = gm.g.ai > 0 ? gm.g.ai : AI_HEURISTIC;
	o.hints = gm.g.hints;
	if (svc_options_parse(ctx->args, &o, &bad) != 0)
		return (svc_bad_option(ctx, bad));
	for (s = o.cfg.nseats; s < gm.g.cfg.nseats; s++) {
		if (gm.g.seats[s].user != 0 || gm.g.seats[s].ai != 0)
			return (svc_refuse(ctx, "seat_taken", "{s:i, s:i, s:I}",
			    "seat", s, "players", o.cfg.nseats, "game",
			    (json_int_t)gm.g.id));
	}
	gm.g.cfg = o.cfg;
	gm.g.deadline = o.deadline;
	gm.g.ai = o.ai;
	gm.g.hints = o.hints;
	for (s = 0; s < gm.g.cfg.nseats; s++) {
		/* The lobby's AI players take the new level. */
		if (gm.g.seats[s].ai > 0 && gm.g.seats[s].user == 0 &&
		    gm.g.seats[s].ai != o.ai) {
			gm.g.seats[s].ai = o.ai;
			if (store_seat_put(ctx->svc->store, gm.g.id, s,
			    &gm.g.seats[s]) != 0)
				return (svc_store_fail(ctx->svc));
		}
	}
	if (o.seeded)
		gm.g.seed = o.seed;
	if (ctx->ev->message == NULL)
		return (svc_lobby_changed(ctx->svc, &gm));
	/* Pressed: the options message shows them changed. */
	if ((rc = svc_ask_lobby(ctx, &gm)) < 0 ||
	    svc_game_save(ctx->svc, &gm) != 0)
		return (-1);
	if (rc == 0 && svc_put_chat(ctx->svc, &gm, SVC_OUT_LOBBY,
	    json_object()) != 0)
		return (-1);
	return (svc_options_show(ctx, &gm, 0));
}

/* /join in a running game: take over a seat the AI plays. */
static int
svc_join_running(struct svc_ctx *ctx, struct svc_gm *gm, int me, int seat)
{
	struct svc		*svc = ctx->svc;
	struct store_seat	 p;
	int			 s;

	if (me >= 0 && !gm->g.seats[me].away)
		return (svc_refuse(ctx, "already_seated", "{s:I}", "game",
		    (json_int_t)gm->g.id));
	if (me >= 0)
		seat = me;		/* joining again is resuming */
	for (s = 0; seat < 0 && s < gm->g.cfg.nseats; s++) {
		if (gm->g.seats[s].ai > 0 || gm->g.seats[s].away)
			seat = s;
	}
	if (seat < 0)
		return (svc_refuse(ctx, "full", "{s:I}", "game",
		    (json_int_t)gm->g.id));
	if (gm->g.seats[seat].ai == 0 && !gm->g.seats[seat].away)
		return (svc_refuse(ctx, "seat_taken", "{s:i, s:I}", "seat",
		    seat, "game", (json_int_t)gm->g.id));
	svc_me(ctx, &p);
	/* What waits for them: their turn's buttons, else their cards. */
	if (svc_seat_set(svc, gm, seat, &p) != 0 ||
	    svc_schedule(svc, gm, 0) != 0 ||
	    svc_game_save(svc, gm) != 0 ||
	    svc_pending(svc, gm, seat) != 0)
		return (-1);
	return (svc_seat_news(svc, gm, seat, me >= 0 ? "resumed" : "joined"));
}

/* /join [SEAT]: take a seat in the lobby, or an AI's seat in a game. */
int
svc_cmd_join(struct svc_ctx *ctx)
{
	struct svc		*svc = ctx->svc;
	struct svc_gm		 gm;
	struct store_seat	 p;
	int			 rc, me, s, seat = -1;

	if ((rc = svc_game_find(ctx, &gm)) <= 0)
		return (rc);
	if (gm.g.state >= STORE_OVER)
		return (svc_refuse(ctx, "game_over", "{s:I}", "game",
		    (json_int_t)gm.g.id));
	if (ctx->args[0] != '\0' && (seat = svc_seat_arg(&gm, ctx->args)) < 0)
		return (svc_refuse(ctx, "bad_seat", "{s:s, s:i}", "word",
		    ctx->args, "last", gm.g.cfg.nseats - 1));
	me = svc_seat_of(&gm, ctx->user);
	if (gm.g.state == STORE_PLAYING)
		return (svc_join_running(ctx, &gm, me, seat));

	if (me >= 0)
		return (svc_refuse(ctx, "already_seated", "{s:I}", "game",
		    (json_int_t)gm.g.id));
	/* A free seat first; an AI's seat only when none is free. */
	for (s = 0; seat < 0 && s < gm.g.cfg.nseats; s++) {
		if (gm.g.seats[s].user == 0 && gm.g.seats[s].ai == 0)
			seat = s;
	}
	for (s = 0; seat < 0 && s < gm.g.cfg.nseats; s++) {
		if (gm.g.seats[s].user == 0)
			seat = s;
	}
	if (seat < 0)
		return (svc_refuse(ctx, "full", "{s:I}", "game",
		    (json_int_t)gm.g.id));
	if (gm.g.seats[seat].user != 0)
		return (svc_refuse(ctx, "seat_taken", "{s:i, s:I}", "seat",
		    seat, "game", (json_int_t)gm.g.id));
	svc_me(ctx, &p);
	if (svc_seat_set(svc, &gm, seat, &p) != 0)
		return (-1);
	return (svc_lobby_changed(svc, &gm));
}

/* Pass a lobby's creator role on to another person, if there is one. */
static void
svc_new_creator(struct svc_gm *gm)
{
	int	s;

	gm->g.creator = 0;
	for (s = 0; s < gm->g.cfg.nseats; s++) {
		if (gm->g.seats[s].user != 0) {
			gm->g.creator = gm->g.seats[s].user;
			return;
		}
	}
}

/*
 * /leave: leave the lobby; in a running game the AI plays on for you.
 * It asks first (service-ask.c).
 */
int
svc_cmd_leave(struct svc_ctx *ctx)
{
	struct svc		*svc = ctx->svc;
	struct svc_gm		 gm;
	struct store_seat	 none;
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
	if (gm.g.state == STORE_LOBBY) {
		memset(&none, 0, sizeof none);
		if (svc_seat_set(svc, &gm, me, &none) != 0)
			return (-1);
		if (gm.g.creator == ctx->user)
			svc_new_creator(&gm);
		if (gm.g.creator == 0)	/* nobody left to start it */
			gm.g.state = STORE_ABORTED;
		return (svc_lobby_changed(svc, &gm));
	}
	return (svc_seat_away(svc, &gm, me, "left"));
}

/* /team N: move to a free seat of team N. */
int
svc_cmd_team(struct svc_ctx *ctx)
{
	struct svc		*svc = ctx->svc;
	struct svc_gm		 gm;
	struct tac_state	 st;
	struct store_seat	 none;
	char			*end;
	long			 team;
	int			 rc, me, s, to = -1;

	if ((rc = svc_game_find(ctx, &gm)) <= 0 ||
	    (rc = svc_in_lobby(ctx, &gm)) <= 0)
		return (rc);
	if ((me = svc_seat_of(&gm, ctx->user)) < 0)
		return (svc_refuse(ctx, "not_in_game", "{s:I}", "game",
		    (json_int_t)gm.g.id));
	memset(&st, 0, sizeof st);
	st.cfg = gm.g.cfg;
	team = strtol(ctx->args, &end, 10);
	if (end == ctx->args || *end != '\0' || team < 0 ||
	    team >= tac_nteams(&st))
		return (svc_refuse(ctx, "bad_team", "{s:i}", "last",
		    tac_nteams(&st) - 1));
	if (tac_team(&st, me) == team)
		return (svc_refuse(ctx, "same_team", NULL));
	for (s = 0; to < 0 && s < gm.g.cfg.nseats; s++) {
		if (tac_team(&st, s) == team && gm.g.seats[s].user == 0 &&
		    gm.g.seats[s].ai == 0)
			to = s;
	}
	if (to < 0)
		return (svc_refuse(ctx, "team_full", NULL));
	memset(&none, 0, sizeof none);
	if (svc_seat_set(svc, &gm, to, &gm.g.seats[me]) != 0 ||
	    svc_seat_set(svc, &gm, me, &none) != 0)
		return (-1);
	return (svc_lobby_changed(svc, &gm));
}

/* /ai [SEAT|all]: AI players take free seats of the lobby. */
int
svc_cmd_ai(struct svc_ctx *ctx)
{
	struct svc		*svc = ctx->svc;
	struct svc_gm		 gm;
	struct store_seat	 ai;
	int			 rc, s, seat = -1, all, n = 0;

	if ((rc = svc_game_find(ctx, &gm)) <= 0)
		return (rc);
	if (gm.g.state == STORE_PLAYING && ctx->args[0] != '\0') {
		/* In a running game "/ai 2" is "/replace 2 ai". */
		snprintf(ctx->args + strlen(ctx->args), sizeof ctx->args -
		    strlen(ctx->args), " ai");
		return (svc_cmd_replace(ctx));
	}
	if ((rc = svc_in_lobby(ctx, &gm)) <= 0)
		return (rc);
	if (svc_seat_of(&gm, ctx->user) < 0 && !svc_is_admin(ctx, &gm))
		return (svc_refuse(ctx, "not_in_game", "{s:s}", "to", "ai"));
	all = strcasecmp(ctx->args, "all") == 0;
	if (!all && ctx->args[0] != '\0' &&
	    (seat = svc_seat_arg(&gm, ctx->args)) < 0)
		return (svc_refuse(ctx, "bad_seat", "{s:s, s:i}", "word",
		    ctx->args, "last", gm.g.cfg.nseats - 1));
	if (seat >= 0 && (gm.g.seats[seat].user != 0 ||
	    gm.g.seats[seat].ai != 0))
		return (svc_refuse(ctx, "seat_taken", "{s:i, s:I}", "seat",
		    seat, "game", (json_int_t)gm.g.id));
	memset(&ai, 0, sizeof ai);
	ai.ai = gm.g.ai > 0 ? gm.g.ai : AI_HEURISTIC;
	for (s = 0; s < gm.g.cfg.nseats; s++) {
		if (gm.g.seats[s].user != 0 || gm.g.seats[s].ai != 0 ||
		    (seat >= 0 && s != seat))
			continue;
		if (svc_seat_set(svc, &gm, s, &ai) != 0)
			return (-1);
		n++;
		if (!all)
			break;
	}
	if (n == 0)
		return (svc_refuse(ctx, "full", "{s:I}", "game",
		    (json_int_t)gm.g.id));
	return (svc_lobby_changed(svc, &gm));
}

/* /start: the creator (or an admin) starts a full lobby. */
int
svc_cmd_start(struct svc_ctx *ctx)
{
	struct svc_gm	 gm;
	json_t		*free_seats;
	int		 rc, s;

	if ((rc = svc_game_find(ctx, &gm)) <= 0 ||
	    (rc = svc_in_lobby(ctx, &gm)) <= 0)
		return (rc);
	if (!svc_is_admin(ctx, &gm))
		return (svc_refuse(ctx, "not_creator", "{s:s}", "to", "start"));
	free_seats = json_array();
	for (s = 0; s < gm.g.cfg.nseats; s++) {
		if (gm.g.seats[s].user == 0 && gm.g.seats[s].ai == 0)
			json_array_append_new(free_seats, json_integer(s));
	}
	if (json_array_size(free_seats) > 0)
		return (svc_refuse(ctx, "seats_free", "{s:o, s:I}", "seats",
		    free_seats, "game", (json_int_t)gm.g.id));
	json_decref(free_seats);
	return (svc_game_begin(ctx->svc, &gm));
}

/*
 * /abort: the creator or a chat admin ends the lobby or game, once they
 * said yes (service-ask.c).  It needs only the game's row, so even a game
 * whose log is damaged can be ended.
 */
int
svc_cmd_abort(struct svc_ctx *ctx)
{
	struct svc_gm	gm;
	int		rc, yes, was;

	ctx->row_only = 1;
	if ((rc = svc_game_find(ctx, &gm)) <= 0)
		return (rc);
	if (gm.g.state >= STORE_OVER)
		return (svc_refuse(ctx, "game_over", "{s:I}", "game",
		    (json_int_t)gm.g.id));
	if (!svc_is_admin(ctx, &gm))
		return (svc_refuse(ctx, "not_creator", "{s:s}", "to", "abort"));
	if ((rc = svc_ask(ctx, &gm, "abort", &yes)) != 0 || !yes)
		return (rc);
	if (svc_ask_done(ctx, &gm, "abort", "yes") != 0)
		return (-1);
	was = gm.g.state;
	gm.g.state = STORE_ABORTED;
	if (svc_schedule(ctx->svc, &gm, 0) != 0 ||
	    svc_game_save(ctx->svc, &gm) != 0)
		return (-1);
	/* Gifts of an exchange under way go with the game. */
	if (store_gifts_clear(ctx->svc->store, gm.g.id) != 0)
		return (svc_store_fail(ctx->svc));
	if (svc_put_chat(ctx->svc, &gm, SVC_OUT_ABORTED, json_pack("{s:s}",
	    "by", ctx->ev->user)) != 0)
		return (-1);
	if (was == STORE_PLAYING && svc_end_tell(ctx->svc, &gm,
	    ctx->ev->user) != 0)
		return (-1);
	return (svc_live_end(ctx->svc, &gm));
}

/* /replace SEAT ai: the AI plays a person's seat until they /resume. */
int
svc_cmd_replace(struct svc_ctx *ctx)
{
	struct svc		*svc = ctx->svc;
	struct svc_gm		 gm;
	struct store_seat	 ai;
	char			*what;
	int64_t			 was;
	int			 rc, seat;

	if ((rc = svc_game_find(ctx, &gm)) <= 0)
		return (rc);
	if (gm.g.state >= STORE_OVER)
		return (svc_refuse(ctx, "game_over", "{s:I}", "game",
		    (json_int_t)gm.g.id));
	if (!svc_is_admin(ctx, &gm))
		return (svc_refuse(ctx, "not_creator", "{s:s}", "to",
		    "replace"));
	what = ctx->args + strcspn(ctx->args, " \t");
	what += strspn(what, " \t");
	if ((seat = svc_seat_arg(&gm, ctx->args)) < 0 ||
	    strcasecmp(what, "ai") != 0)
		return (svc_refuse(ctx, "usage", "{s:s, s:i}", "command",
		    "replace", "last", gm.g.cfg.nseats - 1));
	if (gm.g.seats[seat].user == 0)
		return (svc_refuse(ctx, "not_a_person", "{s:i, s:I}", "seat",
		    seat, "game", (json_int_t)gm.g.id));
	if (gm.g.state == STORE_LOBBY) {
		was = gm.g.seats[seat].user;
		memset(&ai, 0, sizeof ai);
		ai.ai = gm.g.ai > 0 ? gm.g.ai : AI_HEURISTIC;
		if (svc_seat_set(svc, &gm, seat, &ai) != 0)
			return (-1);
		if (gm.g.creator == was)
			svc_new_creator(&gm);
		return (svc_lobby_changed(svc, &gm));
	}
	if (gm.g.seats[seat].away)
		return (svc_refuse(ctx, "already_away", "{s:i, s:I}", "seat",
		    seat, "game", (json_int_t)gm.g.id));
	return (svc_seat_away(svc, &gm, seat, "replaced"));
}

/* /resume: a person takes their seat back from the AI. */
int
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
 * /lang en|ru|de|ka: the chat's language (a private chat's is its
 * person's).
 */
int
svc_cmd_lang(struct svc_ctx *ctx)
{
	struct store	*s = ctx->svc->store;
	const char	*lang;
	char		 list[64];

	if ((lang = lang_find(ctx->args)) == NULL ||
	    strlen(ctx->args) != strlen(lang)) {
		lang_list(list, sizeof list);
		return (svc_refuse(ctx, "bad_lang", "{s:s}", "langs", list));
	}
	if (store_chat_set_lang(s, ctx->chat, lang) != 0 ||
	    (ctx->ev->private_chat && store_user_set_lang(s, ctx->user,
	    lang) != 0))
		return (svc_store_fail(ctx->svc));
	snprintf(ctx->chat_lang, sizeof ctx->chat_lang, "%s", lang);
	if (ctx->ev->private_chat)
		snprintf(ctx->user_lang, sizeof ctx->user_lang, "%s", lang);
	return (svc_tell(ctx, 0, "lang", "{s:s}", "lang", lang));
}
