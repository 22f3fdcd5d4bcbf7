/*
 * check_coop.c: Team-TAC (rules K) through the real service and store.
 * /new coop opens a lobby of it, its options say so in words and may be
 * changed back; a game played to its end tells everyone they won
 * together with the cards it took, in the group and in each person's
 * private chat, in every language; its summary has the cards; it
 * changes no rating and counts in no player's wins; /top coop lists a
 * group's best scores, the fewest cards first, and says so when there
 * are none; a rebuild of the statistics gives the same.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_daemon.h"
#include "compose.h"
#include "tacjson.h"

#define MAXSTEPS	20000

/* Each test starts with an empty database and service. */
static void
setup(void)
{
	td_init(&stats_td, STORE_NOSYNC);
	td_open(&stats_td);
	rnd_state = 33;
}

/* And leaves nothing behind. */
static void
teardown(void)
{
	td_done(&stats_td);
}

/* Compose a delivered row in lang as a bridge would: its text (freed by
   the caller), NULL when it makes no message. */
static char *
co_text(const struct td_out *t, const char *lang)
{
	struct compose_opts	 o;
	struct compose_msg	 m;
	struct svc_batch	*b;
	json_t			*p;
	char			*text = NULL;

	memset(&o, 0, sizeof o);
	o.r.menu = 1;
	ck_assert_ptr_nonnull(b = calloc(1, sizeof *b));
	p = json_deep_copy(t->payload);
	if (lang != NULL)
		json_object_set_new(p, "lang", json_string(lang));
	svc_out_make(&b->row[0], svc_kind_find(t->kind), json_integer_value(
	    json_object_get(t->payload, "game")), p);
	b->row[0].id = t->id;
	b->n = 1;
	snprintf(b->row[0].chat, sizeof b->row[0].chat, "%s", t->chat);
	if (compose_batch(stats_td.svc, b, &o, &m) != COMPOSE_NONE) {
		text = strdup(m.text.s != NULL ? m.text.s : "");
		compose_msg_free(&m);
	}
	svc_batch_free(stats_td.svc, b);
	free(b);
	return (text);
}

/* The last delivered row of a kind in a chat (NULL: any), or NULL. */
static struct td_out *
co_last(const char *kind, const char *chat)
{
	int	i;

	for (i = stats_td.nout - 1; i >= 0; i--)
		if (strcmp(stats_td.out[i].kind, kind) == 0 &&
		    (chat == NULL || strcmp(stats_td.out[i].chat, chat) == 0))
			return (&stats_td.out[i]);
	return (NULL);
}

/* A row's text in lang holds want. */
static void
co_says(const struct td_out *t, const char *lang, const char *want)
{
	char	*text;

	ck_assert_ptr_nonnull(t);
	text = co_text(t, lang);
	ck_assert_msg(text != NULL && strstr(text, want) != NULL,
	    "%s row in %s: \"%s\" lacks \"%s\"", t->kind, lang,
	    text != NULL ? text : "(none)", want);
	free(text);
}

/*
 * Open a Team-TAC game in chat (u0 and three AI players, seed) and play
 * it to its end, u0 choosing at random; its id.
 */
static int64_t
co_play(const char *chat, int seed)
{
	char	cmd[64];
	int64_t	id;
	int	steps;

	snprintf(cmd, sizeof cmd, "/new coop seed=%d", seed);
	ck_assert_int_eq(td_event(&stats_td, chat, 0, "u0", 0, cmd), 0);
	ck_assert_int_eq(td_event(&stats_td, chat, 0, "u0", 0, "/ai all"), 0);
	ck_assert_int_eq(td_event(&stats_td, chat, 0, "u0", 0, "/start"), 0);
	id = td_game(&stats_td, chat);
	ck_assert_int_eq(td_info(&stats_td, id)->cfg.coop, 1);
	for (steps = 0; steps < MAXSTEPS; steps++) {
		td_run_timers(&stats_td);
		if (td_info(&stats_td, id)->state != SVC_PLAYING)
			break;
		stats_td.now += 3;
		play_random(id, chat);
		if (steps % 100 == 99 &&
		    td_info(&stats_td, id)->state == SVC_PLAYING) {
			td_drain(&stats_td);
			td_clear(&stats_td);
		}
	}
	ck_assert_int_eq(td_info(&stats_td, id)->state, SVC_OVER);
	td_drain(&stats_td);
	return (id);
}

/*
 * /new coop: the lobby is one of Team-TAC, its options say "everyone
 * together" in words in every language, and the creator may change it
 * back and forth; a stranger's word is refused.
 */
START_TEST(test_coop_lobby)
{
	int64_t	id;

	ck_assert_int_eq(td_say(&stats_td, "u0", "/new coop"), 0);
	id = td_game(&stats_td, "g1");
	ck_assert_int_eq(td_info(&stats_td, id)->cfg.coop, 1);
	td_drain(&stats_td);
	co_says(co_last("lobby", "g1"), "en", "everyone together");
	ck_assert_int_eq(td_say(&stats_td, "u0", "/options"), 0);
	td_drain(&stats_td);
	co_says(co_last("options", "g1"), "en", "Play: everyone together");
	co_says(co_last("options", "g1"), "ru", "все вместе");
	co_says(co_last("options", "g1"), "de", "alle zusammen");
	co_says(co_last("options", "g1"), "ka", "ყველა ერთად");
	ck_assert_int_eq(td_say(&stats_td, "u0", "/options nocoop"), 0);
	ck_assert_int_eq(td_info(&stats_td, id)->cfg.coop, 0);
	ck_assert_int_eq(td_say(&stats_td, "u0", "/options"), 0);
	td_drain(&stats_td);
	co_says(co_last("options", "g1"), "en", "Play: team against team");
	/* Someone else may not change it. */
	ck_assert_int_eq(td_say(&stats_td, "u1", "/options coop"), 0);
	ck_assert_int_eq(td_info(&stats_td, id)->cfg.coop, 0);
	ck_assert_int_eq(td_say(&stats_td, "u0", "/options coop"), 0);
	ck_assert_int_eq(td_info(&stats_td, id)->cfg.coop, 1);
	/* Kept: the store has it. */
	td_reopen(&stats_td);
	ck_assert_int_eq(td_info(&stats_td, id)->cfg.coop, 1);
}
END_TEST

/*
 * A whole game: the group and each person are told everyone won, with
 * the cards played (the position's own count); the summary has them;
 * no rating moves, no player's wins count; a rebuild agrees.
 */
START_TEST(test_coop_end)
{
	struct tac_state	 st;
	struct td_out		*over, *sum, *ended;
	int64_t			 id, cards;
	json_t			*g;

	id = co_play("g1", 5);
	ck_assert_int_eq(svc_game_position(stats_td.svc, id, -1, &st), 0);
	ck_assert(tac_coop_won(&st));
	cards = tac_cards_played(&st);
	ck_assert_int_gt(cards, 0);
	ck_assert_ptr_nonnull(over = co_last("over", "g1"));
	ck_assert_int_eq(td_int(over, "cards"), cards);
	co_says(over, "en", "everyone won together");
	co_says(over, "ru", "все победили вместе");
	ck_assert_ptr_nonnull(ended = co_last("ended", "u0"));
	co_says(ended, "en", "you all won together");
	co_says(ended, "de", "gemeinsam gewonnen");
	co_says(ended, "ka", "ერთად");
	ck_assert_ptr_nonnull(sum = co_last("summary", "g1"));
	g = json_object_get(sum->payload, "summary");
	ck_assert_int_eq(json_integer_value(json_object_get(g, "coop")), 1);
	ck_assert_int_eq(json_integer_value(json_object_get(g, "cards")),
	    cards);
	co_says(sum, "en", "you all won, with");
	/* No rating moved, no player's games or wins counted. */
	ck_assert_int_eq(q(&stats_td, "SELECT count(*) FROM ratings"), 0);
	ck_assert_int_eq(q(&stats_td, "SELECT count(*) FROM stats_players"),
	    0);
	ck_assert_int_eq(q(&stats_td, "SELECT count(*) FROM stats_seats "
	    "WHERE rating_before <> rating_after"), 0);
	ck_assert_int_eq(q(&stats_td, "SELECT cards FROM stats_games WHERE "
	    "game = %lld AND coop = 1", (long long)id), cards);
	/* The cards count by kind as in any game. */
	ck_assert_int_gt(q(&stats_td, "SELECT sum(n) FROM stats_cards"), 0);
	/* A rebuild from the logs gives the same. */
	ck_assert_int_eq(store_begin(stats_td.store), 0);
	ck_assert_int_eq(store_stats_rebuild(stats_td.store, NULL), 1);
	ck_assert_int_eq(store_commit(stats_td.store), 0);
	ck_assert_int_eq(q(&stats_td, "SELECT cards FROM stats_games WHERE "
	    "game = %lld AND coop = 1", (long long)id), cards);
	ck_assert_int_eq(q(&stats_td, "SELECT count(*) FROM ratings"), 0);
}
END_TEST

/*
 * /top coop: none yet says so; then the group's games, the fewest cards
 * first, with who played; only in a group; another word is refused
 * with how to say it; /top alone still lists ratings (none here).
 */
START_TEST(test_coop_top)
{
	struct td_out	*top;
	json_t		*games;
	int64_t		 a, b, ca, cb;

	ck_assert_int_eq(td_say(&stats_td, "u0", "/top coop"), 0);
	td_drain(&stats_td);
	ck_assert_ptr_nonnull(top = co_last("info", "g1"));
	ck_assert_str_eq(td_str(top, "code"), "no_coop_stats");
	co_says(top, "en", "/new coop opens one");
	co_says(top, "ru", "/new coop");
	td_clear(&stats_td);
	a = co_play("g1", 5);
	b = co_play("g1", 8);
	ca = q(&stats_td, "SELECT cards FROM stats_games WHERE game = %lld",
	    (long long)a);
	cb = q(&stats_td, "SELECT cards FROM stats_games WHERE game = %lld",
	    (long long)b);
	td_clear(&stats_td);
	ck_assert_int_eq(td_say(&stats_td, "u0", "/top coop"), 0);
	td_drain(&stats_td);
	ck_assert_ptr_nonnull(top = co_last("top", "g1"));
	games = json_object_get(top->payload, "coop");
	ck_assert_int_eq(json_array_size(games), 2);
	ck_assert_int_eq(json_integer_value(json_object_get(json_array_get(
	    games, 0), "cards")), ca < cb ? ca : cb);
	ck_assert_int_eq(json_integer_value(json_object_get(json_array_get(
	    games, 1), "cards")), ca < cb ? cb : ca);
	co_says(top, "en", "the fewest cards first");
	co_says(top, "en", "Name-u0");
	co_says(top, "ru", "карт");
	td_clear(&stats_td);
	ck_assert_int_eq(td_event(&stats_td, "u0", 1, "u0", 0, "/top coop"),
	    0);
	td_expect_error(&stats_td, "group_only", "/top coop in private");
	ck_assert_int_eq(td_say(&stats_td, "u0", "/top cop"), 0);
	td_expect_error(&stats_td, "usage", "/top cop");
	ck_assert_int_eq(td_say(&stats_td, "u0", "/top"), 0);
	td_drain(&stats_td);
	ck_assert_ptr_nonnull(top = co_last("info", "g1"));
	ck_assert_str_eq(td_str(top, "code"), "no_stats");
}
END_TEST

/* Game id as u0 sees it in the Mini App, in lang, at move at (-1: now). */
static json_t *
co_web(int64_t id, const char *lang, int64_t at)
{
	struct svc_web_game	*w;
	json_t			*o;
	char			 num[24];

	snprintf(num, sizeof num, "%lld", (long long)id);
	ck_assert_ptr_nonnull(w = malloc(sizeof *w));
	ck_assert_int_eq(svc_web_game(stats_td.svc, num, "test", "u0", at, w),
	    1);
	ck_assert_ptr_nonnull(o = compose_web_game(w, lang));
	svc_web_game_free(w);
	free(w);
	return (o);
}

/*
 * The Mini App shows a Team-TAC game as one team, with the cards played
 * so far in words (at an earlier move, as many as then); at its end the
 * result; any other game has none.
 */
START_TEST(test_coop_web)
{
	struct tac_state	 st;
	json_t			*o, *v;
	const char		*t;
	char			 want[64];
	size_t			 i;
	int64_t			 id;

	id = co_play("g1", 5);
	ck_assert_int_eq(svc_game_position(stats_td.svc, id, -1, &st), 0);
	o = co_web(id, "en", -1);
	json_array_foreach(json_object_get(o, "seats"), i, v)
		ck_assert_int_eq(json_integer_value(json_object_get(v, "team")),
		    0);
	ck_assert_ptr_nonnull(t = json_string_value(json_object_get(o,
	    "together")));
	snprintf(want, sizeof want, "with %u cards played",
	    tac_cards_played(&st));
	ck_assert_msg(strstr(t, "everyone won together") != NULL &&
	    strstr(t, want) != NULL, "%s", t);
	json_decref(o);
	/* An earlier move: the cards played until then. */
	o = co_web(id, "ru", 40);
	ck_assert_ptr_nonnull(t = json_string_value(json_object_get(o,
	    "together")));
	ck_assert_msg(strstr(t, "Все играют вместе") != NULL, "%s", t);
	json_decref(o);
	/* A game of teams has none. */
	ck_assert_int_eq(td_event(&stats_td, "g2", 0, "u0", 0, "/new"), 0);
	ck_assert_int_eq(td_event(&stats_td, "g2", 0, "u0", 0, "/ai all"), 0);
	ck_assert_int_eq(td_event(&stats_td, "g2", 0, "u0", 0, "/start"), 0);
	o = co_web(td_game(&stats_td, "g2"), "en", -1);
	ck_assert(json_is_null(json_object_get(o, "together")));
	json_decref(o);
}
END_TEST

Suite *
suite_coop(void)
{
	Suite	*s;
	TCase	*tc;

	s = suite_create("coop");
	tc = tcase_create("coop");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, test_coop_lobby);
	tcase_add_test(tc, test_coop_end);
	tcase_add_test(tc, test_coop_top);
	tcase_add_test(tc, test_coop_web);
	suite_add_tcase(s, tc);
	return (s);
}
