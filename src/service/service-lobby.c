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
 * Apply the words of /new or /options to o.  -1 with the reason in why
 * for a word we do not know or options that do not fit together.
 */
static int
svc_options_parse(char *args, struct svc_opts *o, char *why, size_t len)
{
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
				snprintf(why, len, "bad deadline \"%s\": say "
				    "off, or minutes, hours or days as in 30m, "
				    "2h, 3d (at most 30d)", w + 9);
				return (-1);
			}
		} else if (strncasecmp(w, "ai=", 3) == 0) {
			if ((w[3] != '1' && w[3] != '2') || w[4] != '\0') {
				snprintf(why, len, "bad AI level \"%.16s\": say "
				    "ai=1 (quick) or ai=2 (strong)", w + 3);
				return (-1);
			}
			o->ai = w[3] - '0';
		} else if (strncasecmp(w, "seed=", 5) == 0) {
			errno = 0;
			o->seed = strtoull(w + 5, &end, 10);
			if (!isdigit((unsigned char)w[5]) || *end != '\0' ||
			    errno != 0) {
				snprintf(why, len, "bad seed \"%s\"", w + 5);
				return (-1);
			}
			o->seeded = 1;
		} else {
			snprintf(why, len, "unknown option \"%.32s\": try 4 or "
			    "6, pairs or triples, master or nomaster, tac or "
			    "taker, deadline=2h, ai=2", w);
			return (-1);
		}
	}
	/* "/options 4" in a lobby of triples means pairs. */
	if (o->cfg.nseats == 4 && !teams)
		o->cfg.triples = 0;
	return (tac_config_check(&o->cfg, why, len));
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
	const char	*why;

	if (gm->g.state == STORE_LOBBY)
		return (1);
	why = gm->g.state == STORE_PLAYING ? "has already started" :
	    "is over";
	return (svc_refuse(ctx, "not_lobby", "game #%lld %s",
	    (long long)gm->g.id, why) == 0 ? 0 : -1);
}

/* /new [options]: open a lobby in this chat, the creator in seat 0. */
int
svc_cmd_new(struct svc_ctx *ctx)
{
	struct svc	*svc = ctx->svc;
	struct svc_gm	 gm;
	struct svc_opts	 o;
	char		 why[256];
	int64_t		 open;

	if ((open = store_chat_game(svc->store, ctx->chat)) < 0)
		return (svc_store_fail(svc));
	if (open > 0)
		return (svc_refuse(ctx, "game_open", "this chat already has "
		    "game #%lld: finish or /abort it first", (long long)open));
	memset(&o, 0, sizeof o);
	o.cfg.nseats = 4;
	o.cfg.master = 1;
	o.ai = AI_HEURISTIC;
	if (svc_options_parse(ctx->args, &o, why, sizeof why) != 0)
		return (svc_refuse(ctx, "bad_option", "%s", why));

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

/* /options [options]: show them; the creator may change them in a lobby. */
int
svc_cmd_options(struct svc_ctx *ctx)
{
	struct svc_gm	gm;
	struct svc_opts	o;
	char		why[256];
	int		rc, s;

	if ((rc = svc_game_find(ctx, &gm)) <= 0)
		return (rc);
	if (ctx->args[0] == '\0')
		return (svc_reply(ctx, SVC_OUT_OPTIONS, json_pack("{s:I}", "game",
		    (json_int_t)gm.g.id)));
	if ((rc = svc_in_lobby(ctx, &gm)) <= 0)
		return (rc);
	if (!svc_is_admin(ctx, &gm))
		return (svc_refuse(ctx, "not_creator", "only the creator or a "
		    "chat admin can change the options"));
	memset(&o, 0, sizeof o);
	o.cfg = gm.g.cfg;
	o.deadline = gm.g.deadline;
	o.ai = gm.g.ai > 0 ? gm.g.ai : AI_HEURISTIC;
	if (svc_options_parse(ctx->args, &o, why, sizeof why) != 0)
		return (svc_refuse(ctx, "bad_option", "%s", why));
	for (s = o.cfg.nseats; s < gm.g.cfg.nseats; s++) {
		if (gm.g.seats[s].user != 0 || gm.g.seats[s].ai != 0)
			return (svc_refuse(ctx, "seat_taken", "seat %d is "
			    "taken: it must be free for %d players", s,
			    o.cfg.nseats));
	}
	gm.g.cfg = o.cfg;
	gm.g.deadline = o.deadline;
	gm.g.ai = o.ai;
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
	return (svc_lobby_changed(ctx->svc, &gm));
}

/* /join in a running game: take over a seat the AI plays. */
static int
svc_join_running(struct svc_ctx *ctx, struct svc_gm *gm, int me, int seat)
{
	struct svc		*svc = ctx->svc;
	struct store_seat	 p;
	int			 s;

	if (me >= 0 && !gm->g.seats[me].away)
		return (svc_refuse(ctx, "already_seated", "you already play "
		    "seat %d", me));
	if (me >= 0)
		seat = me;		/* joining again is resuming */
	for (s = 0; seat < 0 && s < gm->g.cfg.nseats; s++) {
		if (gm->g.seats[s].ai > 0 || gm->g.seats[s].away)
			seat = s;
	}
	if (seat < 0)
		return (svc_refuse(ctx, "full", "every seat of game #%lld "
		    "has its player", (long long)gm->g.id));
	if (gm->g.seats[seat].ai == 0 && !gm->g.seats[seat].away)
		return (svc_refuse(ctx, "seat_taken", "seat %d has its "
		    "player", seat));
	svc_me(ctx, &p);
	if (svc_seat_set(svc, gm, seat, &p) != 0 ||
	    svc_schedule(svc, gm, 1) != 0 ||
	    svc_game_save(svc, gm) != 0 ||
	    svc_put_seat(svc, gm, seat, SVC_OUT_HAND, json_object()) != 0)
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
		return (svc_refuse(ctx, "game_over", "game #%lld is over",
		    (long long)gm.g.id));
	if (ctx->args[0] != '\0' && (seat = svc_seat_arg(&gm, ctx->args)) < 0)
		return (svc_refuse(ctx, "bad_seat", "there is no seat \"%s\": "
		    "seats are 0 to %d", ctx->args, gm.g.cfg.nseats - 1));
	me = svc_seat_of(&gm, ctx->user);
	if (gm.g.state == STORE_PLAYING)
		return (svc_join_running(ctx, &gm, me, seat));

	if (me >= 0)
		return (svc_refuse(ctx, "already_seated", "you already sit in "
		    "seat %d", me));
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
		return (svc_refuse(ctx, "full", "all seats are taken"));
	if (gm.g.seats[seat].user != 0)
		return (svc_refuse(ctx, "seat_taken", "seat %d is taken",
		    seat));
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

/* /leave: leave the lobby; in a running game the AI plays on for you. */
int
svc_cmd_leave(struct svc_ctx *ctx)
{
	struct svc		*svc = ctx->svc;
	struct svc_gm		 gm;
	struct store_seat	 none;
	int			 rc, me;

	if ((rc = svc_game_find(ctx, &gm)) <= 0)
		return (rc);
	if ((me = svc_seat_of(&gm, ctx->user)) < 0)
		return (svc_refuse(ctx, "not_in_game", "you are not in game "
		    "#%lld", (long long)gm.g.id));
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
	if (gm.g.state != STORE_PLAYING)
		return (svc_refuse(ctx, "game_over", "game #%lld is over",
		    (long long)gm.g.id));
	if (gm.g.seats[me].away)
		return (svc_refuse(ctx, "already_away", "the AI already plays "
		    "for you: /resume to play again"));
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
		return (svc_refuse(ctx, "not_in_game", "you are not in game "
		    "#%lld", (long long)gm.g.id));
	memset(&st, 0, sizeof st);
	st.cfg = gm.g.cfg;
	team = strtol(ctx->args, &end, 10);
	if (end == ctx->args || *end != '\0' || team < 0 ||
	    team >= tac_nteams(&st))
		return (svc_refuse(ctx, "bad_team", "teams are 0 to %d",
		    tac_nteams(&st) - 1));
	if (tac_team(&st, me) == team)
		return (svc_refuse(ctx, "same_team", "you are in team %ld "
		    "already", team));
	for (s = 0; to < 0 && s < gm.g.cfg.nseats; s++) {
		if (tac_team(&st, s) == team && gm.g.seats[s].user == 0 &&
		    gm.g.seats[s].ai == 0)
			to = s;
	}
	if (to < 0)
		return (svc_refuse(ctx, "team_full", "team %ld has no free "
		    "seat", team));
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
		return (svc_refuse(ctx, "not_in_game", "only the lobby's "
		    "players or a chat admin can add AI players"));
	all = strcasecmp(ctx->args, "all") == 0;
	if (!all && ctx->args[0] != '\0' &&
	    (seat = svc_seat_arg(&gm, ctx->args)) < 0)
		return (svc_refuse(ctx, "bad_seat", "there is no seat \"%s\": "
		    "seats are 0 to %d", ctx->args, gm.g.cfg.nseats - 1));
	if (seat >= 0 && (gm.g.seats[seat].user != 0 ||
	    gm.g.seats[seat].ai != 0))
		return (svc_refuse(ctx, "seat_taken", "seat %d is taken",
		    seat));
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
		return (svc_refuse(ctx, "full", "all seats are taken"));
	return (svc_lobby_changed(svc, &gm));
}

/* /start: the creator (or an admin) starts a full lobby. */
int
svc_cmd_start(struct svc_ctx *ctx)
{
	struct svc_gm	gm;
	char		seats[32];
	size_t		len = 0;
	int		rc, s;

	if ((rc = svc_game_find(ctx, &gm)) <= 0 ||
	    (rc = svc_in_lobby(ctx, &gm)) <= 0)
		return (rc);
	if (!svc_is_admin(ctx, &gm))
		return (svc_refuse(ctx, "not_creator", "only the creator or a "
		    "chat admin can start the game"));
	seats[0] = '\0';
	for (s = 0; s < gm.g.cfg.nseats; s++) {
		if (gm.g.seats[s].user == 0 && gm.g.seats[s].ai == 0)
			len += snprintf(seats + len, sizeof seats - len, "%s%d",
			    len > 0 ? ", " : "", s);
	}
	if (len > 0)
		return (svc_refuse(ctx, "seats_free", "seats %s are free: "
		    "/join or /ai first", seats));
	return (svc_game_begin(ctx->svc, &gm));
}

/*
 * /abort: the creator or a chat admin ends the lobby or game.  It needs
 * only the game's row, so even a game whose log is damaged can be ended.
 */
int
svc_cmd_abort(struct svc_ctx *ctx)
{
	struct svc_gm	gm;
	int		rc;

	ctx->row_only = 1;
	if ((rc = svc_game_find(ctx, &gm)) <= 0)
		return (rc);
	if (gm.g.state >= STORE_OVER)
		return (svc_refuse(ctx, "game_over", "game #%lld is over",
		    (long long)gm.g.id));
	if (!svc_is_admin(ctx, &gm))
		return (svc_refuse(ctx, "not_creator", "only the creator or a "
		    "chat admin can abort the game"));
	gm.g.state = STORE_ABORTED;
	if (svc_schedule(ctx->svc, &gm, 0) != 0 ||
	    svc_game_save(ctx->svc, &gm) != 0)
		return (-1);
	return (svc_put_chat(ctx->svc, &gm, SVC_OUT_ABORTED, json_pack("{s:s}",
	    "by", ctx->ev->user)));
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
		return (svc_refuse(ctx, "game_over", "game #%lld is over",
		    (long long)gm.g.id));
	if (!svc_is_admin(ctx, &gm))
		return (svc_refuse(ctx, "not_creator", "only the creator or a "
		    "chat admin can replace a player"));
	what = ctx->args + strcspn(ctx->args, " \t");
	what += strspn(what, " \t");
	if ((seat = svc_seat_arg(&gm, ctx->args)) < 0 ||
	    strcasecmp(what, "ai") != 0)
		return (svc_refuse(ctx, "usage", "say /replace SEAT ai, SEAT "
		    "0 to %d", gm.g.cfg.nseats - 1));
	if (gm.g.seats[seat].user == 0)
		return (svc_refuse(ctx, "not_a_person", "seat %d has no "
		    "person to replace", seat));
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
		return (svc_refuse(ctx, "already_away", "the AI already plays "
		    "seat %d", seat));
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
		return (svc_refuse(ctx, "not_playing", "game #%lld is not "
		    "running", (long long)gm.g.id));
	if ((me = svc_seat_of(&gm, ctx->user)) < 0)
		return (svc_refuse(ctx, "not_in_game", "you are not in game "
		    "#%lld", (long long)gm.g.id));
	if (!gm.g.seats[me].away)
		return (svc_refuse(ctx, "not_away", "you play seat %d "
		    "yourself already", me));
	gm.g.seats[me].away = 0;
	if (svc_seat_set(svc, &gm, me, &gm.g.seats[me]) != 0 ||
	    svc_schedule(svc, &gm, 1) != 0 || svc_game_save(svc, &gm) != 0)
		return (-1);
	return (svc_seat_news(svc, &gm, me, "resumed"));
}

/* /lang en|ru: the chat's language (a private chat's is its person's). */
int
svc_cmd_lang(struct svc_ctx *ctx)
{
	struct store	*s = ctx->svc->store;
	const char	*lang;

	if (strcasecmp(ctx->args, "en") == 0)
		lang = "en";
	else if (strcasecmp(ctx->args, "ru") == 0)
		lang = "ru";
	else
		return (svc_refuse(ctx, "bad_lang", "languages: en, ru"));
	if (store_chat_set_lang(s, ctx->chat, lang) != 0 ||
	    (ctx->ev->private_chat && store_user_set_lang(s, ctx->user,
	    lang) != 0))
		return (svc_store_fail(ctx->svc));
	snprintf(ctx->chat_lang, sizeof ctx->chat_lang, "%s", lang);
	if (ctx->ev->private_chat)
		snprintf(ctx->user_lang, sizeof ctx->user_lang, "%s", lang);
	return (svc_tell(ctx, 0, "lang", "language: %s", lang));
}
