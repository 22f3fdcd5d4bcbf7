/*
 * service-stats.c: the statistics commands: /stats, /top, /history, and
 * a finished game's /summary, /moves and /record (the buttons of
 * /history).
 *
 * The numbers come from the store's statistics tables, which the store
 * keeps from the logs (store-stats.c); the rows written here carry them
 * as data, and src/compose/ makes the text and the charts.  Privacy: a
 * group's tables leave out the people who said /stats off; a person's
 * numbers are only shown in a group where they played (or to themselves
 * in private); a game's summary and record only in its own chat or to
 * someone who played it.  (A game's end and its record file are
 * service-end.c's.)
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "service-cmds.h"
#include "tacjson.h"

#define SVC_STATS_PLAYERS	10	/* rows of a group's table */
#define SVC_STATS_PAIRS		3
#define SVC_STATS_TOP		15
#define SVC_STATS_HISTORY	10
#define SVC_STATS_SERIES	60	/* points of a rating chart */
#define SVC_RECORD_PAGE		80	/* actions on one page of a record */

/* Queue a row in the chat that asked; p NULL: the store's query failed. */
static int
svc_stats_reply(struct svc_ctx *ctx, int kind, json_t *p)
{
	if (p == NULL)
		return (svc_store_fail(ctx->svc));
	return (svc_reply(ctx, kind, p));
}

/*
 * Give a row of numbers the naming of the games they come from (chat,
 * else the person user's): cards read as those games named them, not
 * as the reader's language would start a game.  0, -1 failure.
 */
static int
svc_stats_naming(struct svc_ctx *ctx, int64_t chat, int64_t user, json_t *p)
{
	int	names, rc;

	if ((rc = store_stats_names(ctx->svc->store, chat, user, &names)) < 0)
		return (svc_store_fail(ctx->svc));
	if (rc == 1)
		json_object_set_new(p, "names", json_integer(names));
	return (0);
}

/* The chart of a group's wins per player ("wins"), from its table. */
static json_t *
svc_chart_wins(json_t *players)
{
	json_t	*bars, *p;
	size_t	 i;

	bars = json_array();
	json_array_foreach(players, i, p) {
		json_array_append_new(bars, json_pack("{s:O, s:O, s:O, s:O}",
		    "name", json_object_get(p, "name"), "ai",
		    json_object_get(p, "ai"), "value", json_object_get(p,
		    "wins"), "games", json_object_get(p, "games")));
	}
	return (json_pack("{s:s, s:o}", "chart", "wins", "bars", bars));
}

/* A group's statistics: its games in sum, its players and best pairs. */
static int
svc_stats_group(struct svc_ctx *ctx)
{
	struct store	*s = ctx->svc->store;
	json_t		*totals, *players, *pairs, *cards, *p;

	if ((totals = store_stats_chat(s, ctx->chat)) == NULL)
		return (svc_store_fail(ctx->svc));
	if (json_integer_value(json_object_get(totals, "games")) == 0) {
		json_decref(totals);
		return (svc_tell(ctx, 0, "no_stats", NULL));
	}
	players = store_stats_players(s, ctx->chat, 0, 1, SVC_STATS_PLAYERS);
	pairs = store_stats_pairs(s, ctx->chat, 1, SVC_STATS_PAIRS);
	cards = store_stats_cards(s, 0, ctx->chat);
	if (players == NULL || pairs == NULL || cards == NULL) {
		json_decref(totals);
		json_decref(players);
		json_decref(pairs);
		json_decref(cards);
		return (svc_store_fail(ctx->svc));
	}
	p = json_pack("{s:s, s:o, s:O, s:o, s:o}", "scope", "chat", "totals",
	    totals, "players", players, "pairs", pairs, "cards", cards);
	if (svc_stats_naming(ctx, ctx->chat, 0, p) != 0) {
		json_decref(p);
		json_decref(players);
		return (-1);
	}
	if (svc_reply(ctx, SVC_OUT_STATS, p) != 0) {
		json_decref(players);
		return (-1);
	}
	p = svc_chart_wins(players);
	json_decref(players);
	return (svc_reply(ctx, SVC_OUT_CHART, p));
}

/*
 * One player's statistics, in a chat (0: all of them): totals, best
 * partners, cards, and the chart of their rating.  0 also when they have
 * none (*none set).
 */
static int
svc_stats_one(struct svc_ctx *ctx, int64_t player, int64_t chat, int *none)
{
	struct store	*s = ctx->svc->store;
	json_t		*me, *partners, *cards, *series, *p;
	int		 failed;

	*none = 0;
	if ((me = store_stats_person(s, player, chat, &failed)) == NULL) {
		if (failed)
			return (svc_store_fail(ctx->svc));
		*none = 1;
		return (0);
	}
	partners = store_stats_partners(s, player, chat, SVC_STATS_PAIRS);
	cards = store_stats_cards(s, player, chat);
	series = store_stats_series(s, player, SVC_STATS_SERIES);
	if (partners == NULL || cards == NULL || series == NULL) {
		json_decref(me);
		json_decref(partners);
		json_decref(cards);
		json_decref(series);
		return (svc_store_fail(ctx->svc));
	}
	p = json_pack("{s:s, s:s, s:O, s:o, s:o}", "scope", "person", "where",
	    chat != 0 ? "chat" : "all", "person", me, "partners", partners,
	    "cards", cards);
	if (svc_stats_naming(ctx, chat, chat != 0 ? 0 : player, p) != 0) {
		json_decref(p);
		json_decref(me);
		json_decref(series);
		return (-1);
	}
	if (svc_reply(ctx, SVC_OUT_STATS, p) != 0) {
		json_decref(me);
		json_decref(series);
		return (-1);
	}
	p = json_pack("{s:s, s:O, s:O, s:o}", "chart", "rating", "name",
	    json_object_get(me, "name"), "ai", json_object_get(me, "ai"),
	    "points", series);
	json_decref(me);
	return (svc_reply(ctx, SVC_OUT_CHART, p));
}

/* /stats NAME in a group: a member's numbers in this group. */
static int
svc_stats_named(struct svc_ctx *ctx, const char *name)
{
	json_t	*found, *who;
	int	 none, rc;

	if (*name == '@')
		name++;
	if ((found = store_stats_named(ctx->svc->store, ctx->chat, name,
	    2)) == NULL)
		return (svc_store_fail(ctx->svc));
	if (json_array_size(found) == 0) {
		json_decref(found);
		return (svc_refuse(ctx, "no_such_player", "{s:s}",
		    "name", name));
	}
	if (json_array_size(found) > 1) {
		json_decref(found);
		return (svc_refuse(ctx, "which_person", "{s:s}", "name",
		    name));
	}
	who = json_array_get(found, 0);
	if (json_integer_value(json_object_get(who, "hidden")) != 0 &&
	    json_integer_value(json_object_get(who, "player")) != ctx->user) {
		json_decref(found);
		return (svc_refuse(ctx, "stats_hidden", "{s:s}", "name",
		    name));
	}
	rc = svc_stats_one(ctx, json_integer_value(json_object_get(who,
	    "player")), ctx->chat, &none);
	json_decref(found);
	return (rc);
}

/*
 * /stats: a group's table, or in a private chat the person's own over
 * all groups; /stats NAME: a member's in this group; /stats off|on: hide
 * from the group tables, or show again.
 */
static int
svc_cmd_stats(struct svc_ctx *ctx)
{
	int	none, rc;

	if (strcmp(ctx->args, "off") == 0 || strcmp(ctx->args, "on") == 0) {
		if (store_stats_hide(ctx->svc->store, ctx->user,
		    strcmp(ctx->args, "off") == 0) != 0)
			return (svc_store_fail(ctx->svc));
		return (strcmp(ctx->args, "off") == 0 ?
		    svc_tell(ctx, 0, "stats_off", NULL) :
		    svc_tell(ctx, 0, "stats_on", NULL));
	}
	if (ctx->args[0] != '\0') {
		if (ctx->ev->private_chat)
			return (svc_refuse(ctx, "group_only", "{s:s}",
			    "command", "stats NAME"));
		return (svc_stats_named(ctx, ctx->args));
	}
	if (!ctx->ev->private_chat)
		return (svc_stats_group(ctx));
	if ((rc = svc_stats_one(ctx, ctx->user, 0, &none)) != 0 || !none)
		return (rc);
	return (svc_tell(ctx, 0, "no_stats_yet", NULL));
}

/* /top coop: a group's best games of Team-TAC, the fewest cards first. */
static int
svc_top_coop(struct svc_ctx *ctx)
{
	json_t	*games, *p;

	if ((games = store_stats_coop(ctx->svc->store, ctx->chat,
	    SVC_STATS_TOP)) == NULL)
		return (svc_store_fail(ctx->svc));
	if (json_array_size(games) == 0) {
		json_decref(games);
		return (svc_tell(ctx, 0, "no_coop_stats", NULL));
	}
	p = json_pack("{s:o}", "coop", games);
	return (svc_reply(ctx, SVC_OUT_TOP, p));
}

/* /top [coop]: a group's players by rating, or its best Team-TAC games. */
static int
svc_cmd_top(struct svc_ctx *ctx)
{
	json_t	*players, *p;

	if (ctx->ev->private_chat)
		return (svc_refuse(ctx, "group_only", "{s:s}", "command",
		    "top"));
	if (strcasecmp(ctx->args, "coop") == 0)
		return (svc_top_coop(ctx));
	if (ctx->args[0] != '\0')
		return (svc_refuse(ctx, "usage", "{s:s}", "command", "top"));
	if ((players = store_stats_players(ctx->svc->store, ctx->chat, 1, 1,
	    SVC_STATS_TOP)) == NULL)
		return (svc_store_fail(ctx->svc));
	if (json_array_size(players) == 0) {
		json_decref(players);
		return (svc_tell(ctx, 0, "no_stats", NULL));
	}
	p = json_pack("{s:o}", "players", players);
	if (svc_stats_naming(ctx, ctx->chat, 0, p) != 0) {
		json_decref(p);
		return (-1);
	}
	return (svc_reply(ctx, SVC_OUT_TOP, p));
}

/* /history: the chat's last finished games (in private: the person's). */
static int
svc_cmd_history(struct svc_ctx *ctx)
{
	json_t	*games;

	if (ctx->ev->private_chat)
		games = store_stats_history_of(ctx->svc->store, ctx->user,
		    SVC_STATS_HISTORY);
	else
		games = store_stats_history(ctx->svc->store, ctx->chat,
		    SVC_STATS_HISTORY);
	if (games == NULL)
		return (svc_store_fail(ctx->svc));
	if (json_array_size(games) == 0) {
		json_decref(games);
		return (ctx->ev->private_chat ? svc_tell(ctx, 0,
		    "no_stats_yet", NULL) :
		    svc_tell(ctx, 0, "no_stats", NULL));
	}
	return (svc_reply(ctx, SVC_OUT_HISTORY, json_pack("{s:o}", "games",
	    games)));
}

/*
 * The finished game a /summary, /moves or /record names, when the person
 * may see it (svc_access(): asked in its own chat, or by someone who
 * played it).  1 with g read, 0 refused (told why), -1 failure.
 */
static int
svc_finished(struct svc_ctx *ctx, struct store_game *g)
{
	int	rc;

	if (ctx->pick == 0)
		return (svc_refuse(ctx, "usage", "{s:s}", "command",
		    ctx->cmd));
	if ((rc = svc_game_named(ctx, ctx->pick, g)) <= 0)
		return (rc);
	if (g->state != STORE_OVER)
		return (svc_refuse(ctx, "not_over", "{s:I}", "game",
		    (json_int_t)g->id));
	return (1);
}

/*
 * /summary #ID: a finished game's summary, then the chart of its teams'
 * marbles at home per round (none when its log does not replay).
 */
static int
svc_cmd_summary(struct svc_ctx *ctx)
{
	struct store_game	 g;
	json_t			*sum, *chart;
	int			 rc, failed;

	if ((rc = svc_finished(ctx, &g)) <= 0)
		return (rc);
	if ((sum = store_stats_game(ctx->svc->store, g.id, &failed)) == NULL) {
		if (failed)
			return (svc_store_fail(ctx->svc));
		return (svc_refuse(ctx, "no_game_stats", "{s:I}", "game",
		    (json_int_t)g.id));
	}
	if (svc_summary_hints(ctx->svc, sum) != 0) {
		json_decref(sum);
		return (-1);
	}
	chart = svc_end_chart(ctx->svc, g.id, json_object_get(sum, "seats"),
	    &failed);
	if (chart == NULL && failed) {
		json_decref(sum);
		return (-1);
	}
	if (svc_stats_reply(ctx, SVC_OUT_SUMMARY, json_pack("{s:I, s:o}",
	    "game", (json_int_t)g.id, "summary", sum)) != 0) {
		json_decref(chart);
		return (-1);
	}
	return (chart != NULL ? svc_reply(ctx, SVC_OUT_CHART, chart) : 0);
}

/*
 * The actions first..last - 1 of finished game g, [seat, action, facts]
 * each: what it did, for its words (svc_turn_facts(); a gift's "to",
 * who received it), from the log replayed.  NULL on failure; an action
 * that does not replay (a damaged log) and those after it come without
 * facts, as the log has them.
 */
static json_t *
svc_page_actions(struct svc *svc, const struct store_game *g, int64_t first,
    int64_t last)
{
	struct tac_record	 rec;
	struct tac_state	 st, before;
	struct tac_action	 a;
	json_t			*actions, *facts;
	char			 why[256];
	size_t			 i;
	int			 rc, ok, prev = -1;

	if ((rc = store_record(svc->store, g->id, &rec)) == -1)
		return (NULL);
	actions = json_array();
	if (rc != 1)
		return (actions);
	memset(&st, 0, sizeof st);
	ok = tac_config_check(&rec.cfg, why, sizeof why) == 0;
	if (ok)
		tac_init(&st, &rec.cfg, rec.seed);
	for (i = 0; i < rec.nactions && (int64_t)i < last; i++) {
		/* Who played the action before: a TAC undid it. */
		if (i > 0)
			prev = before.turn;
		before = st;
		ok = ok && tac_action_parse(rec.actions[i], &a, why,
		    sizeof why) == 0 && tac_apply(&st, &a, svc->list, why,
		    sizeof why) >= 0;
		if ((int64_t)i < first)
			continue;
		if (!ok) {
			json_array_append_new(actions, json_pack("[i, s]", -1,
			    rec.actions[i]));
			continue;
		}
		facts = svc_turn_facts(&before, &st, &a, prev);
		if (a.op == TAC_OP_GIVE)
			json_object_set_new(facts, "to", json_integer(
			    tac_receiver(&before, before.turn)));
		json_array_append_new(actions, json_pack("[i, s, o]",
		    before.turn, rec.actions[i], facts));
	}
	tac_record_free(&rec);
	return (actions);
}

/*
 * A page of a finished game's actions (ctx->args: its number, 1 when
 * empty).  From a page's own buttons it edits their message; else it is
 * a new one.
 */
static int
svc_moves_page(struct svc_ctx *ctx)
{
	struct store_game	 g;
	json_t			*actions;
	int64_t			 page = 1, pages, first;
	int			 rc;

	if ((rc = svc_finished(ctx, &g)) <= 0)
		return (rc);
	if (ctx->args[0] != '\0')
		page = strtoll(ctx->args, NULL, 10);
	pages = g.turn_no > 0 ? (g.turn_no + SVC_RECORD_PAGE - 1) /
	    SVC_RECORD_PAGE : 1;
	if (page < 1 || page > pages)
		return (svc_refuse(ctx, "bad_page", "{s:I, s:I}", "game",
		    (json_int_t)g.id, "pages", (json_int_t)pages));
	first = (page - 1) * SVC_RECORD_PAGE;
	if ((actions = svc_page_actions(ctx->svc, &g, first, first +
	    SVC_RECORD_PAGE)) == NULL)
		return (svc_store_fail(ctx->svc));
	return (svc_reply(ctx, SVC_OUT_RECORD, json_pack("{s:I, s:I, s:I, "
	    "s:I, s:o, s:s?}", "game", (json_int_t)g.id, "page",
	    (json_int_t)page, "pages", (json_int_t)pages, "first",
	    (json_int_t)first, "actions", actions, "message",
	    ctx->ev->kind == SVC_EV_BUTTON && ctx->args[0] != '\0' ?
	    ctx->ev->message : NULL)));
}

/* /moves #ID [PAGE]: a page of a finished game's actions. */
static int
svc_cmd_moves(struct svc_ctx *ctx)
{
	return (svc_moves_page(ctx));
}

/*
 * "/record 12": the game's number without its "#" is taken as "#12";
 * what follows it stays the arguments.
 */
static void
svc_record_pick(struct svc_ctx *ctx)
{
	char	*end, *p;

	if (ctx->pick != 0 || !isdigit((unsigned char)ctx->args[0]))
		return;
	ctx->pick = strtoll(ctx->args, &end, 10);
	if (*end != '\0' && !isspace((unsigned char)*end)) {
		ctx->pick = 0;
		return;
	}
	for (p = end; isspace((unsigned char)*p); p++)
		;
	memmove(ctx->args, p, strlen(p) + 1);
}

/*
 * /record #ID: a finished game's record as a file.  With a page after
 * the game ("/record #ID 2", the buttons of pages sent before /moves
 * had its name) it is the page, as /moves.
 */
static int
svc_cmd_record(struct svc_ctx *ctx)
{
	struct store_game	g;
	int			rc;

	svc_record_pick(ctx);
	if (ctx->args[0] != '\0')
		return (svc_moves_page(ctx));
	if ((rc = svc_finished(ctx, &g)) <= 0)
		return (rc);
	return (svc_reply(ctx, SVC_OUT_DOCUMENT, json_pack("{s:I}", "game",
	    (json_int_t)g.id)));
}

/* The person's last finished game, for a bare /review; 0 if none. */
static int64_t
svc_review_last(struct svc_ctx *ctx)
{
	json_t	*games;
	int64_t	 id;

	if ((games = store_stats_history_of(ctx->svc->store, ctx->user,
	    1)) == NULL)
		return (-1);
	id = json_integer_value(json_object_get(json_array_get(games, 0),
	    "game"));
	json_decref(games);
	return (id);
}

/*
 * /review #ID (or the game-end message's button): the person's review
 * of a game they played, privately; "/review" alone is their last
 * finished game's.
 */
static int
svc_cmd_review(struct svc_ctx *ctx)
{
	struct svc		*svc = ctx->svc;
	struct store_game	 g;
	struct store_review	 r;
	char			*end;
	int			 rc, seat;

	if (ctx->pick == 0 && isdigit((unsigned char)ctx->args[0]))
		ctx->pick = strtoll(ctx->args, &end, 10);
	if (ctx->pick == 0 && (ctx->pick = svc_review_last(ctx)) < 0)
		return (svc_store_fail(svc));
	if (ctx->pick == 0)
		return (svc_refuse(ctx, "no_review", NULL));
	if ((rc = svc_game_named(ctx, ctx->pick, &g)) <= 0)
		return (rc);
	for (seat = 0; seat < g.cfg.nseats; seat++)
		if (g.seats[seat].user == ctx->user)
			break;
	if (seat >= g.cfg.nseats)
		return (svc_refuse(ctx, "not_in_game", "{s:I}", "game",
		    (json_int_t)ctx->pick));
	if (g.state != STORE_OVER)
		return (svc_refuse(ctx, "not_over", "{s:I}", "game",
		    (json_int_t)g.id));
	if ((rc = store_review_get(svc->store, g.id, &r)) < 0)
		return (svc_store_fail(svc));
	if (rc == 1 && r.done) {
		rc = svc_review_send(svc, g.id, seat, ctx->ev->platform,
		    ctx->ev->user, ctx->user_lang, r.result);
		store_review_free(&r);
		if (rc != 0 || ctx->ev->private_chat)
			return (rc);
		return (svc_notify(ctx, "review_sent", "{s:I}", "game",
		    (json_int_t)g.id));
	}
	store_review_free(&r);
	/* A game that ended before reviews were made gets one now. */
	if (rc == 0) {
		memset(&r, 0, sizeof r);
		r.game = g.id;
		if (store_review_put(svc->store, &r) != 0)
			return (svc_store_fail(svc));
	}
	if (store_review_ask(svc->store, g.id, ctx->user, ctx->ev->platform,
	    ctx->ev->user, ctx->user_lang) != 0)
		return (svc_store_fail(svc));
	return (svc_notify(ctx, "review_pending", "{s:I}", "game",
	    (json_int_t)g.id));
}

/* /stats */
static const struct svc_command svc_stats_entry = {
	.name = "stats",
	.args = N_("[NAME|off|on]"),
	.about = N_("Statistics and ratings"),
	.where = SVC_IN_ANY,
	.menu = SVC_IN_ANY,
	.who = SVC_BY_ANYONE,
	.want = SVC_WANT_SEE,
	.fn = svc_cmd_stats,
};

/* /top */
static const struct svc_command svc_top_entry = {
	.name = "top",
	.args = "[coop]",
	.about = N_("The players by rating"),
	.where = SVC_IN_ANY,
	.menu = SVC_IN_GROUP,
	.who = SVC_BY_ANYONE,
	.want = SVC_WANT_SEE,
	.fn = svc_cmd_top,
};

/* /history */
static const struct svc_command svc_history_entry = {
	.name = "history",
	.about = N_("The last finished games"),
	.where = SVC_IN_ANY,
	.menu = SVC_IN_ANY,
	.who = SVC_BY_ANYONE,
	.want = SVC_WANT_SEE,
	.fn = svc_cmd_history,
};

/* /summary */
static const struct svc_command svc_summary_entry = {
	.name = "summary",
	.args = "#ID",
	.about = N_("A finished game's summary"),
	.where = SVC_IN_ANY,
	.who = SVC_BY_ANYONE,
	.want = SVC_WANT_SEE,
	.fn = svc_cmd_summary,
};

/* /moves */
static const struct svc_command svc_moves_entry = {
	.name = "moves",
	.args = "#ID",
	.about = N_("A finished game's actions"),
	.where = SVC_IN_ANY,
	.who = SVC_BY_ANYONE,
	.want = SVC_WANT_SEE,
	.fn = svc_cmd_moves,
};

/* /record */
static const struct svc_command svc_record_entry = {
	.name = "record",
	.args = "#ID",
	.about = N_("A finished game's record, as a file"),
	.where = SVC_IN_ANY,
	.who = SVC_BY_ANYONE,
	.want = SVC_WANT_SEE,
	.fn = svc_cmd_record,
};

/* /review */
static const struct svc_command svc_review_entry = {
	.name = "review",
	.args = "[#ID]",
	.about = N_("Your review of a finished game"),
	.where = SVC_IN_ANY,
	.menu = SVC_IN_ANY,
	.who = SVC_BY_ANYONE,
	.want = SVC_WANT_SEE,
	.fn = svc_cmd_review,
};

/* The commands of the numbers and the past games. */
const struct svc_command *const svc_stats_commands[] = {
	&svc_stats_entry,
	&svc_top_entry,
	&svc_history_entry,
	&svc_summary_entry,
	&svc_moves_entry,
	&svc_record_entry,
	&svc_review_entry,
	NULL
};
