/*
 * service-lobby.c: the lobby's commands: opening a game, its options,
 * taking seats, AI players, aborting.  (/start is service-link.c's;
 * /leave, /replace and /resume service-away.c's.)
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

#include "ai.h"
#include "service-cmds.h"
#include "xmalloc.h"

#define SVC_SEED_MASK	((UINT64_C(1) << 53) - 1)	/* exact in JSON */

/* A lobby's options, as /new and /options read them. */
struct svc_opts {
	struct tac_config	cfg;
	int64_t			deadline;
	uint64_t		seed;
	int			seeded;
	int			ai;		/* AI level, 1 or 2 */
	int			hints;		/* hints=on|off */
	struct store_pace	pace;		/* auto=on|off, bank=R[+B] */
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
 * A time bank, "2d" (a reserve; a sixteenth of it, in whole minutes,
 * back per move) or "2d+3h" (the time back said), or "off", into p:
 * 0, or -1 when it is none.
 */
static int
svc_bank_parse(const char *s, struct store_pace *p)
{
	char		 r[16];
	const char	*plus = strchr(s, '+');
	int64_t		 bank, bonus;

	if (strcasecmp(s, "off") == 0) {
		p->bank = p->bonus = 0;
		return (0);
	}
	if (plus == NULL)
		snprintf(r, sizeof r, "%s", s);
	else if (plus - s < (int)sizeof r)
		snprintf(r, sizeof r, "%.*s", (int)(plus - s), s);
	else
		return (-1);
	if ((bank = svc_duration(r)) <= 0)
		return (-1);
	if (plus != NULL) {
		if ((bonus = svc_duration(plus + 1)) <= 0 || bonus > bank)
			return (-1);
	} else if ((bonus = bank / 16 / 60 * 60) < 60)
		bonus = 60;
	p->bank = bank;
	p->bonus = bonus;
	return (0);
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
		else if (strcasecmp(w, "coop") == 0)
			o->cfg.coop = 1;	/* Team-TAC (rules K) */
		else if (strcasecmp(w, "nocoop") == 0 ||
		    strcasecmp(w, "no-coop") == 0)
			o->cfg.coop = 0;
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
			o->pace.bank = o->pace.bonus = 0;
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
		} else if (strncasecmp(w, "auto=", 5) == 0) {
			if (strcasecmp(w + 5, "on") != 0 &&
			    strcasecmp(w + 5, "off") != 0) {
				*bad = json_pack("{s:s, s:s}", "what", "auto",
				    "word", w + 5);
				return (-1);
			}
			o->pace.autoplay = strcasecmp(w + 5, "on") == 0;
		} else if (strncasecmp(w, "bank=", 5) == 0) {
			if (svc_bank_parse(w + 5, &o->pace) != 0) {
				*bad = json_pack("{s:s, s:s}", "what", "bank",
				    "word", w + 5);
				return (-1);
			}
			if (o->pace.bank > 0)
				o->deadline = 0;
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

/*
 * How many lobbies (games not started yet) a person opened and still
 * sits in, in every chat: 0 or more, -1 on failure.
 */
static int
svc_lobbies_of(struct svc *svc, int64_t user)
{
	struct store_game	 g;
	int64_t			*ids;
	int			*mine, n, i, rc, lobbies = 0;

	if ((n = store_user_games(svc->store, user, NULL, NULL, 0)) < 0)
		return (svc_store_fail(svc));
	if (n == 0)
		return (0);
	ids = xreallocarray(NULL, (size_t)n, sizeof *ids);
	mine = xreallocarray(NULL, (size_t)n, sizeof *mine);
	if ((n = store_user_games(svc->store, user, ids, mine, n)) < 0)
		lobbies = svc_store_fail(svc);
	for (i = 0; lobbies >= 0 && i < n; i++) {
		if ((rc = store_game_get(svc->store, ids[i], &g, NULL)) < 0)
			lobbies = svc_store_fail(svc);
		else if (rc == 1 && g.state == STORE_LOBBY && g.creator == user)
			lobbies++;
	}
	free(ids);
	free(mine);
	return (lobbies);
}

/* How many lobbies one person may have opened at once (svc_cmd_new()). */
void
svc_set_lobby_cap(struct svc *svc, int n)
{
	svc->lobby_cap = n > 0 ? n : SVC_LOBBIES;
}

/*
 * /new [options]: open a lobby in this chat, the creator in seat 0; a
 * person opens at most svc_set_lobby_cap()'s lobbies at once, in all
 * chats, so that nobody fills the groups they are in with them.
 */
static int
svc_cmd_new(struct svc_ctx *ctx)
{
	struct svc	*svc = ctx->svc;
	struct svc_gm	 gm;
	struct svc_opts	 o;
	json_t		*bad = NULL;
	int64_t		 open;
	int		 n;

	if ((open = store_chat_game(svc->store, ctx->chat)) < 0)
		return (svc_store_fail(svc));
	if (open > 0)
		return (svc_refuse(ctx, "game_open", "{s:I}", "game",
		    (json_int_t)open));
	if ((n = svc_lobbies_of(svc, ctx->user)) < 0)
		return (-1);
	if (n >= svc->lobby_cap)
		return (svc_refuse(ctx, "too_many_lobbies", "{s:i}", "max",
		    svc->lobby_cap));
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
	o.pace.autoplay = 1;
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
	if (store_game_create(svc->store, &gm.g) < 0 ||
	    store_game_pace_put(svc->store, gm.g.id, &o.pace) != 0)
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
static int
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
	if ((rc = svc_may(ctx, &gm)) <= 0)
		return (rc);
	/* The lobby's Options button: they take the lobby's place. */
	if (ctx->args[0] == '\0')
		return (svc_options_show(ctx, &gm, 0));
	memset(&o, 0, sizeof o);
	o.cfg = gm.g.cfg;
	o.deadline = gm.g.deadline;
	o.ai = gm.g.ai > 0 ? gm.g.ai : AI_HEURISTIC;
	o.hints = gm.g.hints;
	if (store_game_pace(ctx->svc->store, gm.g.id, &o.pace) < 0)
		return (svc_store_fail(ctx->svc));
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
	if (store_game_pace_put(ctx->svc->store, gm.g.id, &o.pace) != 0)
		return (svc_store_fail(ctx->svc));
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

/* /team N: move to a free seat of team N. */
static int
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
static int
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
		if ((rc = svc_may_as(ctx, &gm, SVC_BY_ADMIN, "replace")) <= 0)
			return (rc);
		return (svc_seat_replace(ctx, &gm));
	}
	if ((rc = svc_in_lobby(ctx, &gm)) <= 0)
		return (rc);
	if ((rc = svc_may(ctx, &gm)) <= 0)
		return (rc);
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

/*
 * /abort: the creator or a chat admin ends the lobby or game, once they
 * said yes (service-ask.c).  It needs only the game's row, so even a game
 * whose log is damaged can be ended.
 */
static int
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
	if ((rc = svc_may(ctx, &gm)) <= 0)
		return (rc);
	if ((rc = svc_ask(ctx, &gm, "abort", &yes)) != 0 || !yes)
		return (rc);
	if (svc_ask_done(ctx, &gm, "abort", "yes") != 0)
		return (-1);
	was = gm.g.state;
	gm.g.state = STORE_ABORTED;
	if (svc_schedule(ctx->svc, &gm, 0) != 0 ||
	    svc_game_save(ctx->svc, &gm) != 0)
		return (-1);
	/* Gifts of an exchange under way go with the game, a rematch's
	   offer with its lobby. */
	if (store_gifts_clear(ctx->svc->store, gm.g.id) != 0 ||
	    store_rematch_del(ctx->svc->store, gm.g.id) != 0)
		return (svc_store_fail(ctx->svc));
	/*
	 * Told once: the question pressed in the game's chat now says it
	 * (the lobby, when it was asked there); else a message of its own.
	 */
	if (ctx->ev->message != NULL && strcmp(ctx->ev->chat,
	    gm.g.chat_pid) == 0 && strcmp(ctx->ev->platform,
	    gm.g.platform) == 0) {
		if (!gm.started && svc_edit_after(ctx->svc, &gm,
		    SVC_OUT_EDIT_LOBBY) != 0)
			return (-1);
	} else if (svc_put_chat(ctx->svc, &gm, SVC_OUT_ABORTED,
	    json_pack("{s:s}", "by", ctx->ev->user)) != 0)
		return (-1);
	if (was == STORE_PLAYING && svc_end_tell(ctx->svc, &gm,
	    ctx->ev->user) != 0)
		return (-1);
	return (svc_live_end(ctx->svc, &gm));
}

/* /join [SEAT]: take a seat in the lobby, or an AI's seat in a game. */
static int
svc_cmd_join(struct svc_ctx *ctx)
{
	return (svc_seat_join(ctx));
}

/* /new */
static const struct svc_command svc_new_entry = {
	.name = "new",
	.args = N_("[4|6] [pairs|triples] [master|nomaster] [coop] "
	    "[tac|taker] [deadline=30m|2h|3d|off]"),
	.about = N_("Open a game here"),
	.where = SVC_IN_ANY,
	.menu = SVC_IN_GROUP,
	.who = SVC_BY_ANYONE,
	.want = SVC_WANT_SEE,
	.fn = svc_cmd_new,
};

/* /join */
static const struct svc_command svc_join_entry = {
	.name = "join",
	.args = N_("[SEAT]"),
	.about = N_("Take a seat in the game"),
	.where = SVC_IN_ANY,
	.menu = SVC_IN_GROUP,
	.who = SVC_BY_ANYONE,
	.want = SVC_WANT_SEAT,
	.fn = svc_cmd_join,
};

/* /team */
static const struct svc_command svc_team_entry = {
	.name = "team",
	.args = "N",
	.about = N_("Move to a free seat of team N"),
	.where = SVC_IN_ANY,
	.who = SVC_BY_ANYONE,
	.want = SVC_WANT_SEE,
	.fn = svc_cmd_team,
};

/* /ai */
static const struct svc_command svc_ai_entry = {
	.name = "ai",
	.args = N_("[SEAT|all]"),
	.about = N_("Let the AI take a free seat"),
	.where = SVC_IN_ANY,
	.who = SVC_BY_PLAYER,
	.want = SVC_WANT_SEE,
	.fn = svc_cmd_ai,
};

/* /options: anyone sees them; who is who may change them. */
static const struct svc_command svc_options_entry = {
	.name = "options",
	.about = N_("See the game's options; its creator may change them in "
	    "the lobby"),
	.where = SVC_IN_ANY,
	.who = SVC_BY_ADMIN,
	.want = SVC_WANT_SEE,
	.fn = svc_cmd_options,
};

/* /abort */
static const struct svc_command svc_abort_entry = {
	.name = "abort",
	.about = N_("End the lobby or the game"),
	.where = SVC_IN_ANY,
	.who = SVC_BY_ADMIN,
	.want = SVC_WANT_SEE,
	.fn = svc_cmd_abort,
};

/* The lobby's commands, in the order /help lists them. */
const struct svc_command *const svc_lobby_commands[] = {
	&svc_new_entry,
	&svc_join_entry,
	&svc_team_entry,
	&svc_ai_entry,
	&svc_options_entry,
	&svc_abort_entry,
	NULL
};
