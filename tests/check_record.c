/*
 * check_record.c: game records (tac-record/1) and their replay (Y2).
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>
#include <jansson.h>

#include "tac.h"
#include "tacjson.h"
#include "testutil.h"

/* Records keep their seed (as a string beyond 2^53), deals and actions. */
START_TEST(test_json_record_round_trip)
{
	static const char *const records[] = {
		"{\"format\": \"tac-record/1\", \"players\": 4, \"teams\":"
		" \"pairs\", \"master\": true, \"names\": \"taker\","
		" \"seed\": 42, \"actions\": [\"give 9\", \"13 B>16\"]}",
		"{\"format\": \"tac-record/1\", \"players\": 4, \"teams\":"
		" \"pairs\", \"master\": false, \"names\": \"tac\","
		" \"seed\": \"18446744073709551615\", \"actions\": []}",
		"{\"format\": \"tac-record/1\", \"players\": 4, \"teams\":"
		" \"pairs\", \"master\": true, \"names\": \"tac\","
		" \"dealer\": 3, \"deals\": [[[\"1\", \"2\", \"3\", \"4\", \"5\"],"
		" [\"6\", \"7\", \"8\", \"9\", \"10\"], [\"12\", \"13\", \"TR\","
		" \"TAC\", \"ANGEL\"], [\"1\", \"1\", \"DEVIL\", \"WARRIOR\","
		" \"FOOL\"]]], \"actions\": [\"give 1\"]}"
	};
	struct tac_record	 rec, rec2;
	json_t			*in, *one, *two;
	char			 why[160] = "";
	size_t			 i;

	for (i = 0; i < sizeof records / sizeof records[0]; i++) {
		in = tu_json(records[i]);
		ck_assert_msg(tac_record_load(&rec, in, why, sizeof why) == 0,
		    "%s", why);
		one = tac_record_save(&rec);
		ck_assert_ptr_nonnull(one);
		ck_assert_msg(json_equal(in, one), "record %zu", i);
		ck_assert_int_eq(tac_record_load(&rec2, one, why, sizeof why),
		    0);
		two = tac_record_save(&rec2);
		ck_assert(json_equal(one, two));
		tac_record_free(&rec2);
		json_decref(one);
		json_decref(two);
		json_decref(in);
		if (i == 1) {
			ck_assert(rec.seeded);
			ck_assert_uint_eq(rec.seed, UINT64_MAX);
		}
		if (i == 2) {
			ck_assert(!rec.seeded);
			ck_assert_int_eq(rec.dealer, 3);
			ck_assert_int_eq(rec.ndeals, 1);
			ck_assert_int_eq(rec.deals[0][3][TAC_C1], 2);
			ck_assert_uint_eq(rec.nactions, 1);
			ck_assert_str_eq(rec.actions[0], "give 1");
		}
		tac_record_free(&rec);
		ck_assert_ptr_null(rec.actions);
	}

	/* 2^53 still goes out as a number, 2^53 + 1 as a string. */
	memset(&rec, 0, sizeof rec);
	rec.cfg.nseats = 4;
	rec.seeded = 1;
	rec.seed = UINT64_C(1) << 53;
	one = tac_record_save(&rec);
	ck_assert(json_is_integer(json_object_get(one, "seed")));
	json_decref(one);
	rec.seed++;
	one = tac_record_save(&rec);
	ck_assert_str_eq(json_string_value(json_object_get(one, "seed")),
	    "9007199254740993");
	json_decref(one);
}
END_TEST

/* Load a record with one member replaced (NULL: removed); return why. */
static const char *
json_record_refuse(const char *key, json_t *value)
{
	static const char	 base[] =
	    "{\"format\": \"tac-record/1\", \"players\": 4, \"teams\":"
	    " \"pairs\", \"master\": true, \"names\": \"tac\","
	    " \"dealer\": 0, \"deals\": [[[\"1\"], [\"2\"], [\"3\"], [\"4\"]]],"
	    " \"actions\": [\"give 1\"]}";
	static char		 why[160];
	struct tac_record	 rec;
	json_t			*j = tu_json(base);

	if (value == NULL)
		json_object_del(j, key);
	else
		json_object_set_new(j, key, value);
	why[0] = '\0';
	ck_assert_msg(tac_record_load(&rec, j, why, sizeof why) == -1,
	    "record with a changed %s loaded", key);
	ck_assert_ptr_null(rec.actions);
	ck_assert_ptr_null(rec.deals);
	tac_record_free(&rec);
	json_decref(j);
	return (why);
}

/* Every way a record can be wrong is named with its field. */
START_TEST(test_json_record_load_errors)
{
	ck_assert_str_eq(json_record_refuse("format",
	    json_string("tac-position/1")),
	    "format: must be \"tac-record/1\"");
	ck_assert_str_eq(json_record_refuse("players", json_integer(3)),
	    "players: must be 4 or 6");
	ck_assert_str_eq(json_record_refuse("seed", json_integer(1)),
	    "seed: give either seed or dealer and deals, not both");
	ck_assert_str_eq(json_record_refuse("deals", NULL),
	    "seed: missing (or dealer and deals)");
	ck_assert_str_eq(json_record_refuse("dealer", NULL),
	    "dealer: missing");
	ck_assert_str_eq(json_record_refuse("dealer", json_integer(4)),
	    "dealer: must be 0..3");
	ck_assert_str_eq(json_record_refuse("deals", json_array()),
	    "deals: must be a non-empty array of deals");
	ck_assert_str_eq(json_record_refuse("deals",
	    tu_json("[[[\"1\"], [\"2\"], [\"3\"]]]")),
	    "deals[0]: must be an array of 4 hands");
	ck_assert_str_eq(json_record_refuse("deals",
	    tu_json("[[[\"1\"], [\"2\"], [\"3\"], [\"4\"]],"
	    " [[\"1\"], [\"11\"], [\"3\"], [\"4\"]]]")),
	    "deals[1][1][0]: unknown card \"11\"");
	ck_assert_str_eq(json_record_refuse("deals",
	    tu_json("[[[\"7\", \"7\", \"7\"], [\"7\", \"7\", \"7\"],"
	    " [\"7\", \"7\", \"7\"], []]]")),
	    "deals[0]: more 7s than the deck has");
	ck_assert_str_eq(json_record_refuse("actions", NULL),
	    "actions: missing");
	ck_assert_str_eq(json_record_refuse("actions",
	    json_string("13 B>16")), "actions: must be an array of strings");
	ck_assert_str_eq(json_record_refuse("actions",
	    tu_json("[\"give 1\", 5]")), "actions[1]: must be a string");
	ck_assert_str_eq(json_record_refuse("actions",
	    json_pack("[s#]", "give\0 1", (size_t)7)),
	    "actions[0]: contains a NUL byte");
}
END_TEST

/* Seeds: integers >= 0 or decimal strings, nothing else. */
START_TEST(test_json_record_seeds)
{
	static const char *const bad[] = {
		"-1", "1.5", "\"\"", "\"018\"", "\"-1\"", "\"1e3\"",
		"\"18446744073709551616\"", "\"99999999999999999999\"", "true"
	};
	struct tac_record	 rec;
	json_t			*j;
	char			 why[160], text[256];
	size_t			 i;

	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		snprintf(text, sizeof text, "{\"format\": \"tac-record/1\","
		    " \"players\": 6, \"teams\": \"pairs\", \"master\": true,"
		    " \"names\": \"tac\", \"seed\": %s, \"actions\": []}",
		    bad[i]);
		j = tu_json(text);
		ck_assert_int_eq(tac_record_load(&rec, j, why, sizeof why), -1);
		ck_assert_str_eq(why, "seed: must be an integer >= 0 or a "
		    "decimal string");
		json_decref(j);
	}
	j = tu_json("{\"format\": \"tac-record/1\", \"players\": 6,"
	    " \"teams\": \"pairs\", \"master\": true, \"names\": \"tac\","
	    " \"seed\": \"12345678901234567890\", \"actions\": []}");
	ck_assert_int_eq(tac_record_load(&rec, j, why, sizeof why), 0);
	ck_assert_uint_eq(rec.seed, UINT64_C(12345678901234567890));
	tac_record_free(&rec);
	json_decref(j);
}
END_TEST

/* Add an action's text to a record being written. */
static void
json_record_add(struct tac_record *rec, const struct tac_action *a)
{
	char	buf[128];

	tac_action_format(a, buf, sizeof buf);
	rec->actions = realloc(rec->actions, (rec->nactions + 1) *
	    sizeof *rec->actions);
	ck_assert_ptr_nonnull(rec->actions);
	rec->actions[rec->nactions] = malloc(strlen(buf) + 1);
	ck_assert_ptr_nonnull(rec->actions[rec->nactions]);
	memcpy(rec->actions[rec->nactions], buf, strlen(buf) + 1);
	rec->nactions++;
}

/* Add the hands just dealt to a record being written. */
static void
json_record_deal(struct tac_record *rec, const struct tac_state *st)
{
	rec->deals = realloc(rec->deals, (rec->ndeals + 1) *
	    sizeof *rec->deals);
	ck_assert_ptr_nonnull(rec->deals);
	memset(rec->deals[rec->ndeals], 0, sizeof rec->deals[0]);
	memcpy(rec->deals[rec->ndeals], st->hand,
	    st->cfg.nseats * sizeof st->hand[0]);
	rec->ndeals++;
}

/*
 * A game played from a seed, written as a seeded record and as a record
 * of its deals, replays through JSON to the same game both ways (Y2).
 */
START_TEST(test_Y2_record_replays_the_game)
{
	static const struct tac_config cfgs[] = {
		{ 4, 0, 1, TAC_NAMES_TAC, 0 },
		{ 6, 1, 0, TAC_NAMES_TAKER, 0 }
	};
	struct tac_list		*list = malloc(sizeof *list);
	struct tac_record	 seeded, dealt, back;
	struct tac_state	 st, re;
	struct tac_action	 a;
	json_t			*j;
	char			 why[160] = "";
	uint64_t		 pick = 3;
	size_t			 failed;
	int			 g, n, round;

	ck_assert_ptr_nonnull(list);
	for (g = 0; g < 4; g++) {
		memset(&seeded, 0, sizeof seeded);
		memset(&dealt, 0, sizeof dealt);
		seeded.cfg = dealt.cfg = cfgs[g % 2];
		seeded.seeded = 1;
		seeded.seed = 500 + g;
		tac_init(&st, &seeded.cfg, seeded.seed);
		dealt.dealer = st.dealer;
		json_record_deal(&dealt, &st);
		round = st.round;
		while (seeded.nactions < 3000 && !tac_over(&st) &&
		    (n = tac_legal(&st, list)) > 0) {
			a = list->a[tac_rng_below(&pick, n)];
			json_record_add(&seeded, &a);
			ck_assert_msg(tac_apply(&st, &a, list, why,
			    sizeof why) >= 0, "%s", why);
			if (st.round != round) {
				round = st.round;
				json_record_deal(&dealt, &st);
			}
		}
		ck_assert_msg(tac_over(&st), "game %d did not end", g);
		dealt.nactions = seeded.nactions;
		dealt.actions = seeded.actions;

		/* The seeded record, through JSON. */
		j = tac_record_save(&seeded);
		ck_assert_ptr_nonnull(j);
		ck_assert_int_eq(tac_record_load(&back, j, why, sizeof why), 0);
		json_decref(j);
		ck_assert_msg(tac_record_replay(&back, &re, list, &failed, why,
		    sizeof why) == 0, "action %zu: %s", failed, why);
		tu_state_eq(&st, &re, "replay");
		tac_record_free(&back);

		/* The dealt record, through JSON: same marbles and hands. */
		j = tac_record_save(&dealt);
		ck_assert_ptr_nonnull(j);
		ck_assert_int_eq(tac_record_load(&back, j, why, sizeof why), 0);
		json_decref(j);
		ck_assert_msg(tac_record_replay(&back, &re, list, &failed, why,
		    sizeof why) == 0, "action %zu: %s", failed, why);
		ck_assert_mem_eq(&st.b, &re.b, sizeof st.b);
		ck_assert_mem_eq(st.hand, re.hand, sizeof st.hand);
		ck_assert_int_eq(st.turn, re.turn);
		ck_assert_int_eq(st.round, re.round);
		ck_assert_int_eq(st.winner, re.winner);
		tac_record_free(&back);

		dealt.actions = NULL;
		dealt.nactions = 0;
		tac_record_free(&dealt);
		tac_record_free(&seeded);
	}
	free(list);
}
END_TEST

/*
 * Play a seeded game into rec (seeded) and dealt (its deals) until the
 * round after the first starts and one more action is played there;
 * return the index of that action.
 */
static size_t
json_play_into_round_two(struct tac_record *rec, struct tac_record *dealt,
    struct tac_list *list)
{
	struct tac_state	st;
	struct tac_action	a;
	char			why[160] = "";
	size_t			first = 0;

	memset(rec, 0, sizeof *rec);
	memset(dealt, 0, sizeof *dealt);
	rec->cfg.nseats = dealt->cfg.nseats = 4;
	rec->cfg.master = dealt->cfg.master = 1;
	rec->seeded = 1;
	rec->seed = 99;
	tac_init(&st, &rec->cfg, rec->seed);
	dealt->dealer = st.dealer;
	json_record_deal(dealt, &st);
	while (st.round == 1) {
		ck_assert_int_gt(tac_legal(&st, list), 0);
		a = list->a[0];
		json_record_add(rec, &a);
		ck_assert_msg(tac_apply(&st, &a, list, why, sizeof why) >= 0,
		    "%s", why);
	}
	json_record_deal(dealt, &st);
	first = rec->nactions;
	ck_assert_int_gt(tac_legal(&st, list), 0);
	json_record_add(rec, &list->a[0]);
	dealt->actions = rec->actions;
	dealt->nactions = rec->nactions;
	return (first);
}

/* A replay stops at the first bad action and says why (Y2). */
START_TEST(test_Y2_record_replay_failures)
{
	struct tac_list		*list = malloc(sizeof *list);
	struct tac_record	 rec, dealt;
	struct tac_state	 st;
	char			 why[160], give[32], *keep;
	size_t			 failed, first;
	int			 card;

	ck_assert_ptr_nonnull(list);
	first = json_play_into_round_two(&rec, &dealt, list);

	/* The whole record replays, the seeded and the dealt way. */
	ck_assert_msg(tac_record_replay(&rec, &st, list, &failed, why,
	    sizeof why) == 0, "action %zu: %s", failed, why);
	ck_assert_uint_eq(failed, rec.nactions);
	ck_assert_int_eq(st.round, 2);
	ck_assert_msg(tac_record_replay(&dealt, &st, list, &failed, why,
	    sizeof why) == 0, "action %zu: %s", failed, why);

	/* Text that is no action. */
	keep = rec.actions[1];
	rec.actions[1] = "11 1>2";
	ck_assert_int_eq(tac_record_replay(&rec, &st, list, &failed, why,
	    sizeof why), -1);
	ck_assert_uint_eq(failed, 1);
	ck_assert_str_eq(why, "unknown card \"11\"");

	/* An action the engine refuses: giving a card not held. */
	rec.actions[1] = keep;
	tac_record_start(&rec, &st, NULL, why, sizeof why);
	for (card = 0; st.hand[st.turn][card] != 0; card++)
		;
	snprintf(give, sizeof give, "give %s", tac_card_name(card));
	keep = rec.actions[0];
	rec.actions[0] = give;
	why[0] = '\0';
	ck_assert_int_eq(tac_record_replay(&rec, &st, list, &failed, why,
	    sizeof why), -1);
	ck_assert_uint_eq(failed, 0);
	ck_assert_str_ne(why, "");
	rec.actions[0] = keep;

	/* A record of deals that runs out of deals. */
	dealt.ndeals = 1;
	ck_assert_int_eq(tac_record_replay(&dealt, &st, list, &failed, why,
	    sizeof why), -1);
	ck_assert_uint_eq(failed, first);
	ck_assert_str_eq(why, "deals: the game needs deal 2 and the record "
	    "has 1");

	/* A record may end right after a deal: the deal is fed. */
	dealt.ndeals = 2;
	dealt.nactions = first;
	ck_assert_msg(tac_record_replay(&dealt, &st, list, &failed, why,
	    sizeof why) == 0, "%s", why);
	ck_assert_uint_eq(failed, first);
	ck_assert_int_eq(st.round, 2);
	ck_assert_int_eq(st.phase, TAC_PH_EXCHANGE);

	/* A bad first deal stops the start. */
	dealt.deals[0][0][TAC_C1] += 1;
	dealt.deals[0][0][TAC_C2] += 1;
	ck_assert_int_eq(tac_record_replay(&dealt, &st, list, &failed, why,
	    sizeof why), -1);
	ck_assert_uint_eq(failed, 0);
	ck_assert_msg(strncmp(why, "deals[0]: ", 10) == 0, "%s", why);

	dealt.actions = NULL;
	dealt.nactions = 0;
	tac_record_free(&dealt);
	tac_record_free(&rec);
	free(list);
}
END_TEST

/* The record suite: reading, writing and replaying records. */
Suite *
suite_record(void)
{
	Suite	*s = suite_create("record");
	TCase	*tc = tcase_create("record");

	tcase_add_test(tc, test_json_record_round_trip);
	tcase_add_test(tc, test_json_record_load_errors);
	tcase_add_test(tc, test_json_record_seeds);
	tcase_add_test(tc, test_Y2_record_replays_the_game);
	tcase_add_test(tc, test_Y2_record_replay_failures);
	tcase_set_timeout(tc, 120);
	suite_add_tcase(s, tc);
	return (s);
}
