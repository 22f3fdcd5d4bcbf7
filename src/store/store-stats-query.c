/*
 * store-stats-query.c: reading the statistics tables (store-stats.c).
 *
 * Each query returns its rows as a JSON array of objects named after the
 * columns, the shape the service's payloads and tacctl's --json take, so
 * no struct stands between a column and its reader.  A player is
 * users.id for a person, -LEVEL for an AI level; every row about players
 * has "ai" (the level, 0 for a person), "user" (the platform id, "" for
 * an AI) and "name".  Hidden people (/stats off) have "hidden": 1, and
 * queries for a group's tables leave them out when asked to.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store-int.h"

/* The columns that say who a player is, for a player column P. */
#define WHO(p, u) \
	"CASE WHEN " p " < 0 THEN -" p " ELSE 0 END AS ai, " \
	"coalesce(" u ".pid, '') AS user, coalesce(" u ".name, '') AS name, " \
	"coalesce(" u ".hidden, 0) AS hidden"

/* A column's value as JSON. */
static json_t *
stats_value(struct db_stmt *q, int col)
{
	const char	*t;
	json_t		*v;

	switch (db_column_type(q, col)) {
	case DB_INTEGER:
		return (json_integer(db_column_int64(q, col)));
	case DB_FLOAT:
		return (json_real(db_column_double(q, col)));
	case DB_NULL:
		return (json_null());
	default:
		t = (const char *)db_column_text(q, col);
		/* A name that is not UTF-8 (jansson refuses it) reads "?". */
		if ((v = json_string(t != NULL ? t : "")) == NULL)
			v = json_string("?");
		return (v);
	}
}

/*
 * Run a query with integers v[0..n-1] bound to ?1.. and text (if not
 * NULL) to ?9: its rows as an array of objects, NULL on failure.
 */
static json_t *
stats_rows(struct store *s, const char *sql, int n, const int64_t *v,
    const char *text)
{
	struct db_stmt	*q;
	json_t		*rows, *row;
	int		 i, rc, ncol;

	if (db_prepare(s->db, sql, &q) != DB_OK) {
		store_sqlfail(s, "stats query");
		return (NULL);
	}
	for (i = 0; i < n; i++)
		db_bind_int64(q, i + 1, v[i]);
	if (text != NULL)
		store_bind_text(q, 9, text);
	rows = json_array();
	while ((rc = db_step(q)) == DB_ROW) {
		/* Known once a row is read (PostgreSQL runs it at the step). */
		ncol = db_column_count(q);
		row = json_object();
		for (i = 0; i < ncol; i++)
			json_object_set_new(row, db_column_name(q, i),
			    stats_value(q, i));
		json_array_append_new(rows, row);
	}
	if (rc != DB_DONE) {
		store_sqlfail(s, "stats query");
		json_decref(rows);
		rows = NULL;
	}
	db_finalize(q);
	return (rows);
}

/* The first row of a query, NULL when there is none or on failure. */
static json_t *
stats_row(struct store *s, const char *sql, int n, const int64_t *v,
    int *failed)
{
	json_t	*rows, *row;

	*failed = 0;
	if ((rows = stats_rows(s, sql, n, v, NULL)) == NULL) {
		*failed = 1;
		return (NULL);
	}
	row = json_incref(json_array_get(rows, 0));
	json_decref(rows);
	return (row);
}

/*
 * A chat's players, most wins first (by_rating: best rating first), at
 * most limit; with public, hidden people are left out.
 */
json_t *
store_stats_players(struct store *s, int64_t chat, int by_rating,
    int public, int limit)
{
	return (stats_rows(s, by_rating ?
	    "SELECT p.player, " WHO("p.player", "u") ", p.games, p.wins, "
	    "p.rounds, p.seconds, p.played, p.kicks_given, p.kicks_taken, "
	    "p.tacs, p.tac_wins, p.takeovers, coalesce(r.rating, 1500.0) AS "
	    "rating FROM stats_players p LEFT JOIN users u ON u.id = "
	    "p.player LEFT JOIN ratings r ON r.player = p.player WHERE "
	    "p.chat = ?1 AND (?2 = 0 OR coalesce(u.hidden, 0) = 0) ORDER BY "
	    "rating DESC, p.games DESC, p.player LIMIT ?3" :
	    "SELECT p.player, " WHO("p.player", "u") ", p.games, p.wins, "
	    "p.rounds, p.seconds, p.played, p.kicks_given, p.kicks_taken, "
	    "p.tacs, p.tac_wins, p.takeovers, coalesce(r.rating, 1500.0) AS "
	    "rating FROM stats_players p LEFT JOIN users u ON u.id = "
	    "p.player LEFT JOIN ratings r ON r.player = p.player WHERE "
	    "p.chat = ?1 AND (?2 = 0 OR coalesce(u.hidden, 0) = 0) ORDER BY "
	    "p.wins DESC, p.games ASC, p.player LIMIT ?3", 3,
	    (int64_t[]){ chat, public != 0, limit }, NULL));
}

/* Every player's totals over all chats, best rating first. */
json_t *
store_stats_everyone(struct store *s, int limit)
{
	return (stats_rows(s, "SELECT p.player, " WHO("p.player", "u") ", "
	    "sum(p.games) AS games, sum(p.wins) AS wins, sum(p.rounds) AS "
	    "rounds, sum(p.seconds) AS seconds, sum(p.played) AS played, "
	    "sum(p.kicks_given) AS kicks_given, sum(p.kicks_taken) AS "
	    "kicks_taken, sum(p.tacs) AS tacs, sum(p.tac_wins) AS tac_wins, "
	    "sum(p.takeovers) AS takeovers, coalesce(r.rating, 1500.0) AS "
	    "rating FROM stats_players p LEFT JOIN users u ON u.id = "
	    "p.player LEFT JOIN ratings r ON r.player = p.player GROUP BY "
	    "p.player, u.id, r.player ORDER BY rating DESC, games DESC, "
	    "p.player LIMIT ?1", 1,
	    (int64_t[]){ limit }, NULL));
}

/*
 * One player's totals in a chat (chat 0: over all chats): an object, or
 * NULL when they have played no game there (*failed says whether the
 * query failed).
 */
json_t *
store_stats_person(struct store *s, int64_t player, int64_t chat,
    int *failed)
{
	return (stats_row(s, "SELECT p.player, " WHO("p.player", "u") ", "
	    "sum(p.games) AS games, sum(p.wins) AS wins, sum(p.rounds) AS "
	    "rounds, sum(p.seconds) AS seconds, sum(p.played) AS played, "
	    "sum(p.kicks_given) AS kicks_given, sum(p.kicks_taken) AS "
	    "kicks_taken, sum(p.tacs) AS tacs, sum(p.tac_wins) AS tac_wins, "
	    "sum(p.takeovers) AS takeovers, coalesce(r.rating, 1500.0) AS "
	    "rating, count(DISTINCT p.chat) AS chats FROM stats_players p "
	    "LEFT JOIN users u ON u.id = p.player LEFT JOIN ratings r ON "
	    "r.player = p.player WHERE p.player = ?1 AND (?2 = 0 OR p.chat = "
	    "?2) GROUP BY p.player, u.id, r.player", 2,
	    (int64_t[]){ player, chat }, failed));
}

/*
 * A chat's pairs of teammates, most wins first, at most limit; with
 * public, pairs with a hidden person are left out.
 */
json_t *
store_stats_pairs(struct store *s, int64_t chat, int public, int limit)
{
	return (stats_rows(s, "SELECT x.a, CASE WHEN x.a < 0 THEN -x.a ELSE 0 "
	    "END AS a_ai, coalesce(ua.name, '') AS a_name, x.b, CASE WHEN "
	    "x.b < 0 THEN -x.b ELSE 0 END AS b_ai, coalesce(ub.name, '') AS "
	    "b_name, x.games, x.wins FROM stats_pairs x LEFT JOIN users ua ON "
	    "ua.id = x.a LEFT JOIN users ub ON ub.id = x.b WHERE x.chat = ?1 "
	    "AND (?2 = 0 OR (coalesce(ua.hidden, 0) = 0 AND "
	    "coalesce(ub.hidden, 0) = 0)) ORDER BY x.wins DESC, x.games ASC, "
	    "x.a, x.b LIMIT ?3", 3, (int64_t[]){ chat, public != 0, limit },
	    NULL));
}

/*
 * A player's partners in a chat (0: all chats), most wins together
 * first, at most limit.
 */
json_t *
store_stats_partners(struct store *s, int64_t player, int64_t chat,
    int limit)
{
	return (stats_rows(s, "SELECT o.partner AS player, "
	    WHO("o.partner", "u") ", sum(o.games) AS games, sum(o.wins) AS "
	    "wins FROM (SELECT CASE WHEN a = ?1 THEN b ELSE a END AS partner, "
	    "games, wins FROM stats_pairs WHERE (a = ?1 OR b = ?1) AND "
	    "(?2 = 0 OR chat = ?2)) o LEFT JOIN users u ON u.id = o.partner "
	    "GROUP BY o.partner, u.id ORDER BY wins DESC, games ASC, o.partner "
	    "LIMIT ?3", 3, (int64_t[]){ player, chat, limit }, NULL));
}

/*
 * The cards a player (0: everyone) played in a chat (0: all chats), most
 * first.
 */
json_t *
store_stats_cards(struct store *s, int64_t player, int64_t chat)
{
	return (stats_rows(s, "SELECT card, sum(n) AS n FROM stats_cards "
	    "WHERE (?1 = 0 OR player = ?1) AND (?2 = 0 OR chat = ?2) GROUP BY "
	    "card ORDER BY n DESC, card", 2, (int64_t[]){ player, chat },
	    NULL));
}

/*
 * A chat's games in sum: how many, their rounds and seconds, the games a
 * TAC ended and the turns the AI took over.  NULL on failure.
 */
json_t *
store_stats_chat(struct store *s, int64_t chat)
{
	int	failed;

	return (stats_row(s, "SELECT count(*) AS games, coalesce(sum(rounds), "
	    "0) AS rounds, coalesce(sum(ended - started), 0) AS seconds, "
	    "coalesce(sum(by_tac), 0) AS by_tac, coalesce(sum(takeovers), 0) "
	    "AS takeovers FROM stats_games WHERE chat = ?1", 1,
	    (int64_t[]){ chat }, &failed));
}

/* The seats of a finished game, with who sat there and what they did. */
static json_t *
stats_seats(struct store *s, int64_t game)
{
	return (stats_rows(s, "SELECT x.seat, x.team, x.won, x.player, "
	    WHO("x.player", "u") ", x.played, x.kicks_given, x.kicks_taken, "
	    "x.tacs, x.takeovers, x.rating_before, x.rating_after FROM "
	    "stats_seats x LEFT JOIN users u ON u.id = x.player WHERE "
	    "x.game = ?1 ORDER BY x.seat", 1, (int64_t[]){ game }, NULL));
}

/* Give each game of a list its "seats"; -1 on failure. */
static int
stats_add_seats(struct store *s, json_t *games)
{
	json_t	*g, *seats;
	size_t	 i;

	json_array_foreach(games, i, g) {
		seats = stats_seats(s, json_integer_value(json_object_get(g,
		    "game")));
		if (seats == NULL)
			return (-1);
		json_object_set_new(g, "seats", seats);
	}
	return (0);
}

/* A chat's last finished games, the last first, with their seats. */
json_t *
store_stats_history(struct store *s, int64_t chat, int limit)
{
	json_t	*games;

	games = stats_rows(s, "SELECT game, started, ended, rounds, actions, "
	    "winner, finisher, by_tac, takeovers, coop, cards FROM "
	    "stats_games WHERE chat = ?1 ORDER BY finished DESC LIMIT ?2", 2,
	    (int64_t[]){ chat, limit }, NULL);
	if (games != NULL && stats_add_seats(s, games) != 0) {
		json_decref(games);
		games = NULL;
	}
	return (games);
}

/*
 * A chat's best games of Team-TAC: the fewest cards first (the earlier
 * of two equal scores first), at most limit, with their seats.
 */
json_t *
store_stats_coop(struct store *s, int64_t chat, int limit)
{
	json_t	*games;

	games = stats_rows(s, "SELECT game, started, ended, rounds, actions, "
	    "cards FROM stats_games WHERE chat = ?1 AND coop = 1 ORDER BY "
	    "cards, finished LIMIT ?2", 2, (int64_t[]){ chat, limit }, NULL);
	if (games != NULL && stats_add_seats(s, games) != 0) {
		json_decref(games);
		games = NULL;
	}
	return (games);
}

/* A player's last finished games, the last first, with their seats. */
json_t *
store_stats_history_of(struct store *s, int64_t player, int limit)
{
	json_t	*games;

	games = stats_rows(s, "SELECT game, started, ended, rounds, actions, "
	    "winner, finisher, by_tac, takeovers, coop, cards FROM stats_games "
	    "WHERE game IN (SELECT game FROM stats_seats WHERE player = ?1) "
	    "ORDER BY finished DESC LIMIT ?2", 2, (int64_t[]){ player,
	    limit }, NULL);
	if (games != NULL && stats_add_seats(s, games) != 0) {
		json_decref(games);
		games = NULL;
	}
	return (games);
}

/*
 * One finished game's summary with its seats, NULL when the game has
 * none (not finished) or on failure (*failed).
 */
json_t *
store_stats_game(struct store *s, int64_t game, int *failed)
{
	json_t	*g, *one;

	g = stats_row(s, "SELECT game, chat, started, ended, rounds, actions, "
	    "winner, finisher, by_tac, takeovers, coop, cards FROM "
	    "stats_games WHERE game = ?1", 1, (int64_t[]){ game }, failed);
	if (g == NULL)
		return (NULL);
	one = json_array();
	json_array_append(one, g);
	if (stats_add_seats(s, one) != 0) {
		*failed = 1;
		json_decref(g);
		g = NULL;
	}
	json_decref(one);
	return (g);
}

/* A player's rating after each of their last limit games, oldest first. */
json_t *
store_stats_series(struct store *s, int64_t player, int limit)
{
	return (stats_rows(s, "SELECT game, ended, rating FROM (SELECT "
	    "g.game, g.ended, g.finished, max(x.rating_after) AS rating FROM "
	    "stats_seats x JOIN stats_games g ON g.game = x.game WHERE "
	    "x.player = ?1 GROUP BY g.game ORDER BY g.finished DESC LIMIT ?2) "
	    "r ORDER BY finished", 2, (int64_t[]){ player, limit }, NULL));
}

/*
 * The people who played in a chat whose name is name (any case for
 * ASCII letters), at most limit: an array of players.
 */
json_t *
store_stats_named(struct store *s, int64_t chat, const char *name, int limit)
{
	return (stats_rows(s, "SELECT p.player, " WHO("p.player", "u") " FROM "
	    "stats_players p JOIN users u ON u.id = p.player WHERE "
	    "p.chat = ?1 AND (lower(u.name) = lower(?9) OR u.pid = ?9) ORDER "
	    "BY p.games DESC LIMIT ?2", 2, (int64_t[]){ chat, limit }, name));
}

/* The chats with finished games: id, platform, pid, title, games. */
json_t *
store_stats_chats(struct store *s)
{
	return (stats_rows(s, "SELECT c.id AS chat, c.platform, c.pid, "
	    "c.title, count(*) AS games FROM stats_games g JOIN chats c ON "
	    "c.id = g.chat GROUP BY c.id ORDER BY c.id", 0, NULL, NULL));
}

/*
 * The chats.id of a platform chat id, on whichever platform has it: the
 * id, 0 none, -2 several platforms have it, -1 failure.
 */
int64_t
store_stats_chat_id(struct store *s, const char *pid)
{
	json_t	*rows;
	int64_t	 id;

	if ((rows = stats_rows(s, "SELECT id FROM chats WHERE pid = ?9", 0,
	    NULL, pid)) == NULL)
		return (-1);
	if (json_array_size(rows) == 0)
		id = 0;
	else if (json_array_size(rows) > 1)
		id = -2;
	else
		id = json_integer_value(json_object_get(json_array_get(rows, 0),
		    "id"));
	json_decref(rows);
	return (id);
}

/*
 * The naming (enum tac_names) the games of a chat use (user 0), or those
 * a person played (chat 0): the latest finished one's, so that numbers
 * of cards read as the players' games named them.  1 with *names set, 0
 * when there is no such game, -1 failure.
 */
int
store_stats_names(struct store *s, int64_t chat, int64_t user, int *names)
{
	int64_t	 v[2] = { chat, user };
	json_t	*row;
	int	 failed;

	row = stats_row(s, chat != 0 ? "SELECT names FROM games WHERE "
	    "chat = ?1 AND finished > 0 ORDER BY finished DESC LIMIT 1" :
	    "SELECT g.names FROM games g JOIN seats st ON st.game = g.id "
	    "WHERE st.user = ?2 AND g.finished > 0 ORDER BY g.finished DESC "
	    "LIMIT 1", 2, v, &failed);
	if (row == NULL)
		return (failed ? -1 : 0);
	*names = (int)json_integer_value(json_object_get(row, "names"));
	json_decref(row);
	return (1);
}
