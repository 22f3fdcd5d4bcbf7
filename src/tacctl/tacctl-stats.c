/*
 * tacctl-stats.c: tacctl stats: the statistics and ratings tacd keeps
 * (store-stats.c), for one chat or over all of them, as a table or as
 * JSON; --rebuild recomputes every table from the action logs.
 *
 * It reads the database read-only (safe while tacd runs); --rebuild
 * writes, in one transaction, as tacd does at a game's end.  Admins see
 * everyone, also the people who hid from the group tables ("hidden").
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tacctl.h"
#include "store.h"

#define STATS_ALL	1000000	/* no limit, in practice */

/* A rating as the JSON shows it: to one decimal. */
static json_t *
stats_rating(json_t *v)
{
	return (json_real(round(json_number_value(v) * 10) / 10));
}

/*
 * The players of the query rows, in the issue's shape: user, name,
 * games, wins, rating, and the other numbers as they are.
 */
static json_t *
stats_players_json(json_t *rows)
{
	json_t		*out, *p, *o, *v;
	const char	*key;
	size_t		 i;

	out = json_array();
	json_array_foreach(rows, i, p) {
		o = json_object();
		json_object_foreach(p, key, v) {
			if (strcmp(key, "rating") == 0)
				json_object_set_new(o, key, stats_rating(v));
			else
				json_object_set(o, key, v);
		}
		/* An AI level's "user" names it: "ai:1". */
		if (json_integer_value(json_object_get(p, "ai")) > 0)
			json_object_set_new(o, "user", json_sprintf("ai:%lld",
			    (long long)json_integer_value(json_object_get(p,
			    "ai"))));
		json_array_append_new(out, o);
	}
	return (out);
}

/* Print the players as a table. */
static void
stats_print_players(json_t *players)
{
	json_t		*p;
	const char	*name;
	size_t		 i;

	printf("%4s  %-20s %-24s %6s %6s %8s\n", "#", "user", "name", "games",
	    "wins", "rating");
	json_array_foreach(players, i, p) {
		name = json_string_value(json_object_get(p, "name"));
		printf("%4zu  %-20s %-24s %6lld %6lld %8.1f%s\n", i + 1,
		    json_string_value(json_object_get(p, "user")),
		    name != NULL && *name != '\0' ? name : "(AI)",
		    (long long)json_integer_value(json_object_get(p, "games")),
		    (long long)json_integer_value(json_object_get(p, "wins")),
		    json_number_value(json_object_get(p, "rating")),
		    json_integer_value(json_object_get(p, "hidden")) ?
		    "  (hidden)" : "");
	}
}

/* Rebuild every statistics table from the logs, in one transaction. */
static int
stats_rebuild(const char *conf, const char *db)
{
	struct store	*s;
	int64_t		 n, skipped;

	s = tacctl_db_open(conf, db, 0);
	if (store_begin(s) != 0 ||
	    (n = store_stats_rebuild(s, &skipped)) < 0 ||
	    store_commit(s) != 0) {
		fprintf(stderr, "%s: stats --rebuild: %s\n", tacctl_progname,
		    store_error(s));
		store_rollback(s);
		store_close(s);
		return (TACCTL_BADINPUT);
	}
	printf("rebuilt the statistics of %lld finished games from their "
	    "logs\n", (long long)n);
	if (skipped > 0)
		printf("left out %lld games whose logs do not replay (see "
		    "tacctl verify)\n", (long long)skipped);
	store_close(s);
	return (0);
}

/* tacctl stats [-d DB] [--chat ID] [--json] [--rebuild] */
int
cmd_stats(int argc, char **argv)
{
	static const struct option	longopts[] = {
		{ "config", required_argument, NULL, 'f' },
		{ "db", required_argument, NULL, 'd' },
		{ "chat", required_argument, NULL, 'c' },
		{ "json", no_argument, NULL, 'j' },
		{ "rebuild", no_argument, NULL, 'r' },
		{ NULL, 0, NULL, 0 }
	};
	struct store	*s;
	const char	*conf = tacctl_config, *db = NULL, *chat = NULL;
	json_t		*rows = NULL, *out, *players, *totals = NULL, *chats;
	int64_t		 id = 0;
	int		 ch, json = 0, rebuild = 0, rc = TACCTL_BADINPUT;

	while ((ch = getopt_long(argc, argv, "+f:d:", longopts, NULL)) != -1) {
		switch (ch) {
		case 'f':
			conf = optarg;
			break;
		case 'd':
			db = optarg;
			break;
		case 'c':
			chat = optarg;
			break;
		case 'j':
			json = 1;
			break;
		case 'r':
			rebuild = 1;
			break;
		default:
			tacctl_usage();
		}
	}
	if (optind != argc || (rebuild && (chat != NULL || json)))
		tacctl_usage();
	if (rebuild)
		return (stats_rebuild(conf, db));

	s = tacctl_db_open(conf, db, STORE_RDONLY);
	if (store_version(s) < STORE_STATS_VERSION)
		tacctl_die(TACCTL_BADINPUT, "the database has no statistics "
		    "yet (schema %d): tacd adds them when it opens it",
		    store_version(s));
	out = json_object();
	if (chat != NULL) {
		if ((id = store_stats_chat_id(s, chat)) == 0 || id == -2) {
			fprintf(stderr, "%s: chat %s: %s\n", tacctl_progname,
			    chat, id == 0 ? "no such chat" : "more than one "
			    "platform has a chat with that id");
			goto out;
		}
		if (id < 0 || (rows = store_stats_players(s, id, 1, 0,
		    STATS_ALL)) == NULL || (totals = store_stats_chat(s,
		    id)) == NULL)
			goto fail;
		json_object_set_new(out, "chat", json_string(chat));
		json_object_set(out, "games", json_object_get(totals,
		    "games"));
	} else {
		if ((rows = store_stats_everyone(s, STATS_ALL)) == NULL ||
		    (chats = store_stats_chats(s)) == NULL)
			goto fail;
		json_object_set_new(out, "chats", chats);
	}
	players = stats_players_json(rows);
	json_object_set_new(out, "players", players);
	if (json)
		tacctl_print_json(stdout, out);
	else {
		if (chat != NULL)
			printf("chat %s: %lld finished games\n", chat,
			    (long long)json_integer_value(json_object_get(totals,
			    "games")));
		else
			printf("all chats: %zu chats with finished games\n",
			    json_array_size(json_object_get(out, "chats")));
		stats_print_players(players);
	}
	rc = 0;
	goto out;
fail:
	fprintf(stderr, "%s: stats: %s\n", tacctl_progname, store_error(s));
out:
	json_decref(rows);
	json_decref(totals);
	json_decref(out);
	store_close(s);
	return (rc);
}
