/*
 * check_web.c: the service as the Mini App's API uses it
 * (src/service/service-web.c, in the JSON src/compose/compose-web.c
 * makes of it, as the API answers): a person's games, a game as each person
 * may see it (their own hand only; nothing hidden leaks to others), a
 * game shown only to its players and to holders of its key (the same
 * answer for a stranger as for no game), its keys unguessable, every
 * move of its past replayed from the log, the moves in words, the legal
 * list only on their move, and actions played as a button's /play: a
 * stale turn or the wrong person refused with a code and no row, a retry
 * of an applied action answered without a second move, and the log
 * advanced exactly as by the same /play.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_daemon.h"
#include "compose.h"

/*
 * A game of a platform by its handle as user sees it at move at (-1:
 * now), in lang: 1 found (*out set), 0 none.
 */
static int
view_at(const char *platform, const char *user, const char *handle,
    int64_t at, const char *lang, json_t **out)
{
	struct svc_web_game	*w;
	int			 rc;

	*out = NULL;
	ck_assert_ptr_nonnull(w = malloc(sizeof *w));
	rc = svc_web_game(fx.svc, handle, platform, user, at, w);
	ck_assert_int_ge(rc, 0);
	if (rc == 1)
		*out = compose_web_game(w, lang);
	svc_web_game_free(w);
	free(w);
	return (rc);
}

/* A game of a platform by its number as user sees it: 1 (*out), 0. */
static int
view_on(const char *platform, const char *user, int64_t game, json_t **out)
{
	char	num[24];

	snprintf(num, sizeof num, "%lld", (long long)game);
	return (view_at(platform, user, num, -1, "en", out));
}

/* A game by its number as user sees it: 1 found (*out set), 0 none. */
static int
view(const char *user, int64_t game, json_t **out)
{
	return (view_on("test", user, game, out));
}

/* A game's key, as its links carry it. */
static const char *
key_of(int64_t game)
{
	static char	key[SVC_KEY_MAX];

	ck_assert_int_eq(svc_game_key(fx.svc, game, key), 1);
	return (key);
}

/* The person's games, as the app gets them. */
static json_t *
games(const char *user)
{
	struct svc_web_games	*w;
	json_t			*o;

	ck_assert_ptr_nonnull(w = malloc(sizeof *w));
	ck_assert_int_eq(svc_web_games(fx.svc, "test", user, w), 0);
	o = compose_web_games(w, "en");
	free(w);
	return (o);
}

/*
 * Play an action for user as the app would: 0 applied (*out: {applied,
 * turn[, again]}), 1 refused (*out: {code, args}).
 */
static int
app_play(const char *user, int64_t game, int64_t turn, const char *action,
    json_t **out)
{
	struct svc_event	ev;
	struct svc_web_result	r;

	memset(&ev, 0, sizeof ev);
	ev.kind = SVC_EV_APP;
	ev.platform = "test";
	ev.update_id = -1;
	ev.chat = user;
	ev.private_chat = 1;
	ev.user = user;
	ev.user_name = user;
	ev.text = action;
	ev.game = game;
	ev.turn = turn;
	/* Refused or applied, it is decided: 0 either way. */
	ck_assert_int_eq(svc_web_play(fx.svc, &ev, &r), 0);
	if (!r.applied) {
		ck_assert_str_ne(r.code, "");
		*out = json_pack("{s:s, s:O?}", "code", r.code, "args", r.args);
		json_decref(r.args);
		return (1);
	}
	*out = r.again ? json_pack("{s:b, s:b, s:I}", "applied", 1, "again", 1,
	    "turn", (json_int_t)r.turn) : json_pack("{s:b, s:I}", "applied", 1,
	    "turn", (json_int_t)r.turn);
	return (0);
}

/* The hand of seat s in a view, as a JSON text. */
static char *
hand(json_t *v, int s)
{
	return (json_dumps(json_array_get(json_object_get(json_object_get(v,
	    "position"), "hands"), (size_t)s), JSON_COMPACT));
}

/* A hand seen (a JSON text) is as long as the real one, all "?". */
static void
hidden(const char *seen, const char *real)
{
	json_t	*a = json_loads(seen, JSON_DECODE_ANY, NULL);
	json_t	*b = json_loads(real, JSON_DECODE_ANY, NULL);
	size_t	 i;

	ck_assert_int_gt(json_array_size(b), 0);
	ck_assert_int_eq(json_array_size(a), json_array_size(b));
	for (i = 0; i < json_array_size(a); i++)
		ck_assert_str_eq(json_string_value(json_array_get(a, i)), "?");
	json_decref(a);
	json_decref(b);
}

/* Every card of a hand seen is "?". */
static void
all_hidden(json_t *h)
{
	size_t	i;

	for (i = 0; i < json_array_size(h); i++)
		ck_assert_str_eq(json_string_value(json_array_get(h, i)), "?");
}

/* How many actions a game's log holds. */
static int64_t
nactions(int64_t game)
{
	char	sql[128];

	snprintf(sql, sizeof sql, "SELECT count(*) FROM actions WHERE "
	    "game = %lld", (long long)game);
	return (td_sql_int(&fx, sql));
}

/* The person's games; another person has none. */
START_TEST(test_web_games)
{
	json_t	*o, *g;
	int64_t	 game;

	game = td_lobby4(&fx, "g1", "4");
	o = games("u2");
	ck_assert_int_eq(json_array_size(json_object_get(o, "games")), 1);
	g = json_array_get(json_object_get(o, "games"), 0);
	ck_assert_int_eq(json_integer_value(json_object_get(g, "id")), game);
	ck_assert_int_eq(json_integer_value(json_object_get(g, "seat")), 2);
	ck_assert_str_eq(json_string_value(json_object_get(g, "state")),
	    "playing");
	ck_assert_str_eq(json_string_value(json_object_get(g, "title")),
	    "Chat g1");
	json_decref(o);
	o = games("nobody");
	ck_assert_int_eq(json_array_size(json_object_get(o, "games")), 0);
	json_decref(o);
	/* Asking wrote nothing: an unknown person is still unknown. */
	ck_assert_int_eq(td_sql_int(&fx, "SELECT count(*) FROM users WHERE "
	    "pid = 'nobody'"), 0);
}
END_TEST

/* Own hand only; others and spectators see none; no deck, no seed. */
START_TEST(test_web_privacy)
{
	json_t	*full, *v, *w, *pos;
	char	*a, *b, *text;
	int64_t	 game;
	int	 s, t;

	game = td_lobby4(&fx, "g1", "4");
	full = json_pack("{s:o}", "position", td_pos_json(&fx, game));
	for (s = 0; s < 4; s++) {
		char	user[8];

		snprintf(user, sizeof user, "u%d", s);
		ck_assert_int_eq(view(user, game, &v), 1);
		ck_assert_int_eq(json_integer_value(json_object_get(v, "seat")),
		    s);
		for (t = 0; t < 4; t++) {
			a = hand(v, t);
			b = hand(full, t);
			if (t == s)
				ck_assert_str_eq(a, b);
			else
				hidden(a, b);
			free(a);
			free(b);
		}
		pos = json_object_get(v, "position");
		ck_assert_ptr_null(json_object_get(pos, "deck"));
		ck_assert_ptr_null(json_object_get(pos, "rng"));
		json_decref(v);
	}
	/*
	 * Someone who does not play, and someone never seen: the game's
	 * number tells them nothing, its key shows the public board.
	 */
	ck_assert_int_eq(td_event(&fx, "g1", 0, "u9", 0, "/board"), 0);
	ck_assert_int_eq(view("u9", game, &w), 0);
	ck_assert_ptr_null(w);
	ck_assert_int_eq(view_at("test", "u9", key_of(game), -1, "en", &w), 1);
	ck_assert(json_is_null(json_object_get(w, "seat")));
	ck_assert_int_eq(json_array_size(json_object_get(w, "legal")), 0);
	ck_assert_int_eq(json_object_size(json_object_get(w, "moves")), 0);
	text = json_dumps(json_object_get(json_object_get(w, "position"),
	    "hands"), JSON_COMPACT);
	ck_assert_ptr_null(strstr(text, "\"1"));
	for (s = 0; s < 4; s++) {
		a = hand(w, s);
		b = hand(full, s);
		hidden(a, b);
		free(a);
		free(b);
	}
	free(text);
	json_decref(w);
	ck_assert_int_eq(view("stranger", game, &w), 0);
	ck_assert_int_eq(view_at("test", "stranger", key_of(game), -1, "en",
	    &w), 1);
	ck_assert(json_is_null(json_object_get(w, "seat")));
	json_decref(w);
	/* A player by the key is still the player. */
	ck_assert_int_eq(view_at("test", "u1", key_of(game), -1, "en", &w), 1);
	ck_assert_int_eq(json_integer_value(json_object_get(w, "seat")), 1);
	json_decref(w);
	/* No such game, or one of another platform. */
	ck_assert_int_eq(view("u0", game + 100, &w), 0);
	ck_assert_int_eq(view_on("other", "u0", game, &w), 0);
	ck_assert_int_eq(view_at("other", "u0", key_of(game), -1, "en", &w),
	    0);
	json_decref(full);
}
END_TEST

/*
 * Keys: 22 letters and digits, one per game, unlike each other; a wrong
 * one, a number not one's own and a handle of another shape are all
 * refused alike.
 */
START_TEST(test_web_keys)
{
	json_t		*w;
	char		 k1[SVC_KEY_MAX], k2[SVC_KEY_MAX], bad[SVC_KEY_MAX];
	const char	*handles[] = { "", "0", "-1", "1x", "abc", "12345678901234"
			    "567890", "ABCDEFGHIJKLMNOPQRSTUVW" };
	int64_t		 g1, g2, id;
	size_t		 i;

	g1 = td_lobby4(&fx, "g1", "4");
	g2 = td_lobby4(&fx, "g2", "4");
	snprintf(k1, sizeof k1, "%s", key_of(g1));
	snprintf(k2, sizeof k2, "%s", key_of(g2));
	ck_assert_int_eq(strlen(k1), 22);
	ck_assert_int_eq(strspn(k1, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghij"
	    "klmnopqrstuvwxyz0123456789"), 22);
	ck_assert_str_ne(k1, k2);
	ck_assert_int_eq(td_sql_int(&fx, "SELECT count(DISTINCT key) FROM "
	    "game_keys"), 2);
	ck_assert_int_eq(svc_web_find(fx.svc, k2, "test", "nobody", &id), 1);
	ck_assert_int_eq(id, g2);
	/* One letter changed: no game. */
	snprintf(bad, sizeof bad, "%s", k1);
	bad[5] = bad[5] == 'a' ? 'b' : 'a';
	ck_assert_int_eq(svc_web_find(fx.svc, bad, "test", "nobody", &id), 0);
	ck_assert_int_eq(id, 0);
	for (i = 0; i < sizeof handles / sizeof handles[0]; i++) {
		ck_assert_int_eq(svc_web_find(fx.svc, handles[i], "test", "u0",
		    &id), 0);
		ck_assert_int_eq(view_at("test", "u0", handles[i], -1, "en",
		    &w), 0);
	}
	/* A player's own number; not someone else's. */
	ck_assert_int_eq(svc_web_find(fx.svc, "1", "test", "u0", &id), 1);
	ck_assert_int_eq(id, g1);
	ck_assert_int_eq(svc_web_find(fx.svc, "2", "test", "u9", &id), 0);
}
END_TEST

/*
 * Every move of the past, replayed from the log: the same board as the
 * game had then, the action that led there in words with the board
 * before it; while the game runs, hands stay hidden in the past too; once
 * it is over, every hand is shown.
 */
START_TEST(test_web_replay)
{
	json_t		*now[32] = { NULL }, *v, *last, *pos, *seen = NULL;
	char		*a, *b;
	const char	*line;
	int64_t		 game;
	int		 i, s, t, n;

	/*
	 * 24 actions, or a few more: the gifts of an exchange are logged
	 * together when the last is in, so the turn jumps past the ones
	 * between (and a game's deals decide where its exchanges fall).
	 */
	game = td_lobby4(&fx, "g1", "4");
	for (;;) {
		ck_assert_int_eq(view_at("test", "stranger", key_of(game), -1,
		    "en", &v), 1);
		t = (int)json_integer_value(json_object_get(v, "turn"));
		ck_assert_int_lt(t, 32);
		if (t >= 24 || now[t] != NULL)
			json_decref(v);
		else
			now[t] = v;
		if (t >= 24)
			break;
		td_play_first(&fx, game, "g1");
	}
	n = t;
	for (i = 0; i < n; i++) {
		ck_assert_int_eq(view_at("test", "stranger", key_of(game), i,
		    "en", &v), 1);
		ck_assert_int_eq(json_integer_value(json_object_get(v, "at")),
		    i);
		ck_assert_int_eq(json_integer_value(json_object_get(v,
		    "turn")), n);
		/* Inside an exchange no board was shown: gifts move none. */
		if (now[i] != NULL)
			seen = now[i];
		ck_assert_ptr_nonnull(seen);
		a = json_dumps(json_object_get(json_object_get(v, "position"),
		    "marbles"), JSON_COMPACT);
		b = json_dumps(json_object_get(json_object_get(seen,
		    "position"), "marbles"), JSON_COMPACT);
		ck_assert_str_eq(a, b);
		free(a);
		free(b);
		last = json_object_get(v, "last");
		ck_assert(i == 0 ? json_is_null(last) : json_is_object(last));
		if (i > 0) {
			line = json_string_value(json_object_get(last, "line"));
			ck_assert_ptr_nonnull(line);
			ck_assert_int_gt(strlen(line), 3);
			/* A gift is never shown to a watcher. */
			ck_assert(strncmp(json_string_value(json_object_get(
			    last, "action")), "give ", 5) != 0);
			ck_assert_int_eq(json_array_size(json_object_get(last,
			    "before")), 4);
		}
		/* A watcher of a running game sees no card of the past. */
		pos = json_object_get(json_object_get(v, "position"), "hands");
		for (s = 0; s < 4; s++)
			all_hidden(json_array_get(pos, (size_t)s));
		json_decref(v);
	}
	for (i = 0; i < n; i++)
		json_decref(now[i]);
	/* Past the end, or before the start: as it is now. */
	ck_assert_int_eq(view_at("test", "u0", "1", 99, "en", &v), 1);
	ck_assert_int_eq(json_integer_value(json_object_get(v, "at")), n);
	json_decref(v);
	/* Over: every hand of the replay shown, no deck. */
	td_sql(&fx, "UPDATE games SET state = 2");
	ck_assert_int_eq(view_at("test", "stranger", key_of(game), 3, "en",
	    &v), 1);
	ck_assert(json_is_true(json_object_get(v, "open")));
	pos = json_object_get(v, "position");
	ck_assert_ptr_null(json_object_get(pos, "deck"));
	ck_assert_ptr_null(json_object_get(pos, "rng"));
	for (s = 0; s < 4; s++) {
		a = hand(v, s);
		ck_assert_ptr_null(strstr(a, "?"));
		free(a);
	}
	json_decref(v);
}
END_TEST

/*
 * Moves in words, in the person's language: each legal action and each
 * part of it that can be chosen, the last move as the chat's line says
 * it.
 */
START_TEST(test_web_words)
{
	struct svc_game	*g;
	json_t		*v, *moves;
	const char	*k, *words;
	json_t		*x;
	char		 user[8];
	int64_t		 game;
	int		 i;

	game = td_lobby4(&fx, "g1", "4");
	for (i = 0; i < 8; i++)
		td_play_first(&fx, game, "g1");
	g = td_info(&fx, game);
	snprintf(user, sizeof user, "%s", g->seats[g->actor].user);
	ck_assert_int_eq(view_at("test", user, "1", -1, "ru", &v), 1);
	moves = json_object_get(v, "moves");
	ck_assert_int_ge(json_object_size(moves), json_array_size(
	    json_object_get(v, "legal")));
	for (i = 0; i < (int)json_array_size(json_object_get(v, "legal"));
	    i++) {
		k = json_string_value(json_array_get(json_object_get(v,
		    "legal"), (size_t)i));
		ck_assert_ptr_nonnull(json_object_get(moves, k));
	}
	json_object_foreach(moves, k, x) {
		words = json_string_value(x);
		ck_assert_ptr_nonnull(words);
		ck_assert_int_gt(strlen(words), 0);
		/* Russian words, not the notation of the key (a card
		   alone may be its number). */
		if (strchr(k, ' ') != NULL)
			ck_assert_str_ne(words, k);
	}
	words = json_string_value(json_object_get(json_object_get(v, "last"),
	    "line"));
	ck_assert_ptr_nonnull(words);
	ck_assert_ptr_nonnull(strstr(words, ": "));
	json_decref(v);
}
END_TEST

/*
 * The legal list only on one's move, the same the engine gives; an
 * action played through the app advances the log as /play does; the
 * wrong person, a stale turn and a retry.
 */
START_TEST(test_web_play)
{
	json_t		*v, *r, *legal;
	struct svc_game	*g;
	char		 user[8], act[160], other[8];
	int64_t		 game, turn;
	int		 seat, i;

	game = td_lobby4(&fx, "g1", "4");
	/* The exchange first (test_web_exchange): then one acts at a time. */
	for (i = 0; i < 4; i++)
		ck_assert_int_eq(td_play_first(&fx, game, "g1"), 0);
	ck_assert_int_eq(td_info(&fx, game)->turn_no, 4);
	for (i = 0; i < 12; i++) {
		td_drain(&fx);
		td_clear(&fx);
		g = td_info(&fx, game);
		seat = g->actor;
		turn = g->turn_no;
		snprintf(user, sizeof user, "%s", g->seats[seat].user);
		snprintf(other, sizeof other, "%s",
		    g->seats[(seat + 1) % 4].user);
		ck_assert_int_eq(view(user, game, &v), 1);
		legal = json_object_get(v, "legal");
		ck_assert_int_gt(json_array_size(legal), 0);
		ck_assert_int_eq(json_integer_value(json_object_get(v, "turn")),
		    turn);
		td_legal(&fx, game, i % 2, act, sizeof act);
		ck_assert_str_eq(json_string_value(json_array_get(legal,
		    i % 2 ? json_array_size(legal) - 1 : 0)), act);
		json_decref(v);
		ck_assert_int_eq(view(other, game, &v), 1);
		ck_assert_int_eq(json_array_size(json_object_get(v, "legal")),
		    0);
		json_decref(v);

		/* The next player may not play it, not even at this turn. */
		ck_assert_int_eq(app_play(other, game, turn, act, &r), 1);
		ck_assert_str_eq(json_string_value(json_object_get(r, "code")),
		    "not_your_turn");
		json_decref(r);
		/* An old turn is stale. */
		if (turn > 0) {
			ck_assert_int_eq(app_play(user, game, turn - 1, act,
			    &r), 1);
			ck_assert_str_eq(json_string_value(json_object_get(r,
			    "code")), "stale");
			json_decref(r);
		}
		/* Refusals leave no row: the app says why, not the chat. */
		td_drain(&fx);
		ck_assert_int_eq(td_count(&fx, "error", NULL), 0);
		ck_assert_int_eq(td_count(&fx, "answer", NULL), 0);
		td_clear(&fx);
		ck_assert_int_eq(nactions(game), turn);

		ck_assert_int_eq(app_play(user, game, turn, act, &r), 0);
		ck_assert(json_is_true(json_object_get(r, "applied")));
		ck_assert_ptr_null(json_object_get(r, "again"));
		ck_assert_int_eq(json_integer_value(json_object_get(r,
		    "turn")), turn + 1);
		json_decref(r);
		ck_assert_int_eq(nactions(game), turn + 1);
		/* The same request again: answered, nothing applied twice. */
		ck_assert_int_eq(app_play(user, game, turn, act, &r), 0);
		ck_assert(json_is_true(json_object_get(r, "again")));
		json_decref(r);
		ck_assert_int_eq(nactions(game), turn + 1);
		/* The group heard of the move once: its live message. */
		td_drain(&fx);
		ck_assert_int_eq(td_count(&fx, "moved", "g1"), 0);
		ck_assert_int_eq(td_told(&fx, game, turn + 1, NULL), 1);
		td_clear(&fx);
	}
	td_check_replay(&fx, game);
}
END_TEST

/*
 * The exchange through the app: everyone has their gifts listed at once,
 * gives in any order at the same turn number, a retry is answered without
 * a second gift, a second gift is refused; the last one logs all four.
 */
START_TEST(test_web_exchange)
{
	static const int	 order[4] = { 2, 0, 3, 1 };
	json_t			*v, *r, *legal;
	struct svc_game		*g;
	char			 user[4][8], act[4][32];
	int64_t			 game;
	int			 i, s;

	game = td_lobby4(&fx, "g1", "4");
	g = td_info(&fx, game);
	for (s = 0; s < 4; s++) {
		snprintf(user[s], sizeof user[s], "%s", g->seats[s].user);
		ck_assert_int_eq(view(user[s], game, &v), 1);
		legal = json_object_get(v, "legal");
		ck_assert_int_gt(json_array_size(legal), 0);
		snprintf(act[s], sizeof act[s], "%s",
		    json_string_value(json_array_get(legal, 0)));
		ck_assert_int_eq(strncmp(act[s], "give ", 5), 0);
		json_decref(v);
	}
	for (i = 0; i < 4; i++) {
		s = order[i];
		ck_assert_int_eq(app_play(user[s], game, 0, act[s], &r), 0);
		ck_assert(json_is_true(json_object_get(r, "applied")));
		ck_assert_int_eq(json_integer_value(json_object_get(r, "turn")),
		    i < 3 ? 0 : 4);
		json_decref(r);
		ck_assert_int_eq(nactions(game), i < 3 ? 0 : 4);
		/* A retry is the same gift, not a second one. */
		ck_assert_int_eq(app_play(user[s], game, 0, act[s], &r), 0);
		ck_assert(json_is_true(json_object_get(r, "again")));
		json_decref(r);
		if (i == 3)
			break;
		/* Given: nothing more to give, and no second gift. */
		ck_assert_int_eq(view(user[s], game, &v), 1);
		ck_assert_int_eq(json_array_size(json_object_get(v, "legal")),
		    0);
		json_decref(v);
		ck_assert_int_eq(app_play(user[s], game, 0, strcmp(act[s],
		    "give 1") == 0 ? "give 2" : "give 1", &r), 1);
		ck_assert_str_eq(json_string_value(json_object_get(r, "code")),
		    "already_given");
		json_decref(r);
		ck_assert_int_eq(view(user[order[i + 1]], game, &v), 1);
		ck_assert_int_gt(json_array_size(json_object_get(v, "legal")),
		    0);
		json_decref(v);
	}
	ck_assert_int_eq(nactions(game), 4);
	td_check_replay(&fx, game);
}
END_TEST

/* Bad notation and an illegal action: refused with the rules' reason. */
START_TEST(test_web_refused)
{
	struct svc_game	*g;
	json_t		*r;
	int64_t		 game;
	char		 user[8];

	game = td_lobby4(&fx, "g1", "4");
	g = td_info(&fx, game);
	snprintf(user, sizeof user, "%s", g->seats[g->actor].user);
	ck_assert_int_eq(app_play(user, game, g->turn_no, "7 1>9>", &r), 1);
	ck_assert_str_eq(json_string_value(json_object_get(r, "code")),
	    "bad_action");
	ck_assert_ptr_nonnull(json_object_get(json_object_get(r, "args"),
	    "reason"));
	json_decref(r);
	ck_assert_int_eq(app_play(user, game, g->turn_no, "13 B>0", &r),
	    1);
	ck_assert_str_eq(json_string_value(json_object_get(r, "code")),
	    "illegal");
	json_decref(r);
	/* A game that is not there is none, whatever the turn. */
	ck_assert_int_eq(app_play(user, game + 7, 0, "give 1", &r), 1);
	ck_assert_str_eq(json_string_value(json_object_get(r, "code")),
	    "no_game");
	json_decref(r);
	ck_assert_int_eq(nactions(game), 0);
}
END_TEST

/* The web suite. */
Suite *
suite_web(void)
{
	Suite	*s = suite_create("web");
	TCase	*tc = tcase_create("web");

	tcase_add_checked_fixture(tc, fx_setup, fx_teardown);
	tcase_add_test(tc, test_web_games);
	tcase_add_test(tc, test_web_privacy);
	tcase_add_test(tc, test_web_keys);
	tcase_add_test(tc, test_web_replay);
	tcase_add_test(tc, test_web_words);
	tcase_add_test(tc, test_web_play);
	tcase_add_test(tc, test_web_exchange);
	tcase_add_test(tc, test_web_refused);
	suite_add_tcase(s, tc);
	return (s);
}
