/*
 * check_json.c: positions (tac-position/1) and views (Y3).
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>
#include <jansson.h>

#include "tac.h"
#include "tacjson.h"
#include "testutil.h"

/* The position of doc/notation.md. */
static const char json_example[] =
    "{\"format\": \"tac-position/1\", \"players\": 4, \"teams\": \"pairs\","
    " \"master\": true, \"names\": \"tac\", \"dealer\": 3, \"round\": 1,"
    " \"played\": 0, \"turn\": 0,"
    " \"marbles\": [[\"B\", \"B\", \"0*\", \"H2\"], [\"B\", \"B\", \"B\", \"B\"],"
    "  [\"33\", \"B\", \"B\", \"B\"], [\"B\", \"B\", \"B\", \"B\"]],"
    " \"hands\": [[\"1\", \"7\"], [\"TAC\", \"5\"], [\"8\"], [\"TR\", \"13\"]]}";

/*
 * A position with every optional field, written exactly as a full save
 * writes it (keys in order, marbles and cards in canonical order).
 */
static const char json_full[] =
    "{\"format\": \"tac-position/1\", \"players\": 4, \"teams\": \"pairs\","
    " \"master\": true, \"names\": \"taker\", \"dealer\": 1, \"round\": 3,"
    " \"played\": 7, \"turn\": 2,"
    " \"marbles\": [[\"B\", \"0*\", \"5\", \"H4\"], [\"16\", \"17\", \"H1\","
    "  \"H2\"], [\"B\", \"B\", \"33\", \"63\"], [\"B\", \"48*\", \"49\","
    "  \"H3\"]],"
    " \"hands\": [[\"1\", \"7\", \"TAC\"], [\"5\"], [], [\"13\", \"FOOL\"]],"
    " \"phase\": \"devil\", \"victim\": 3, \"winner\": null,"
    " \"announce\": [true, false, false, true],"
    " \"gifts\": [null, \"9\", null, null],"
    " \"deck\": [\"12\", \"2\", \"3\"],"
    " \"discards\": [\"4\", \"4\", \"ANGEL\"],"
    " \"undo\": {\"card\": \"TR\", \"final\": false, \"marbles\":"
    "  [[\"B\", \"0*\", \"5\", \"H4\"], [\"16\", \"33\", \"H1\", \"H2\"],"
    "  [\"B\", \"B\", \"17\", \"63\"], [\"B\", \"48*\", \"49\", \"H3\"]]},"
    " \"rng\": \"00000000000000ff\", \"external\": true}";

/* Load a position that must load. */
static void
json_load_ok(struct tac_state *st, const json_t *j)
{
	char	why[160] = "";

	ck_assert_msg(tac_position_load(st, j, why, sizeof why) == 0, "%s",
	    why);
}

/*
 * Load the example with one member replaced (value NULL: removed); it
 * must fail; return the reason.
 */
static const char *
json_refuse(const char *base, const char *key, const char *value)
{
	static char		 why[160];
	struct tac_state	 st;
	json_t			*j = tu_json(base);

	if (value == NULL)
		json_object_del(j, key);
	else
		json_object_set_new(j, key, tu_json(value));
	why[0] = '\0';
	ck_assert_msg(tac_position_load(&st, j, why, sizeof why) == -1,
	    "%s = %s loaded", key, value != NULL ? value : "(removed)");
	json_decref(j);
	return (why);
}

/* The doc/notation.md example builds the whole state. */
START_TEST(test_json_position_example)
{
	struct tac_state	 st;
	json_t			*j = tu_json(json_example);
	int			 f;

	memset(&st, 0x5a, sizeof st);
	json_load_ok(&st, j);
	json_decref(j);
	ck_assert_int_eq(st.cfg.nseats, 4);
	ck_assert_int_eq(st.cfg.triples, 0);
	ck_assert_int_eq(st.cfg.master, 1);
	ck_assert_int_eq(st.cfg.names, TAC_NAMES_TAC);
	ck_assert_int_eq(st.nfields, 64);
	ck_assert_int_eq(st.phase, TAC_PH_PLAY);
	ck_assert_int_eq(st.dealer, 3);
	ck_assert_int_eq(st.round, 1);
	ck_assert_int_eq(st.played, 0);
	ck_assert_int_eq(st.turn, 0);
	ck_assert_int_eq(st.winner, TAC_NONE);
	ck_assert_int_eq(st.external, 0);
	ck_assert_int_eq(st.undo.card, TAC_NONE);
	for (f = 0; f < TAC_MAXFIELDS; f++)
		ck_assert_int_eq(st.b.field[f], f == 0 ? 0 : f == 33 ? 2 : -1);
	ck_assert_int_eq(st.b.base[0], 2);
	ck_assert_int_eq(st.b.base[1], 4);
	ck_assert_int_eq(st.b.base[2], 3);
	ck_assert_int_eq(st.b.base[4], 0);
	ck_assert_int_eq(st.b.home[0], 0x2);
	ck_assert_int_eq(st.b.fresh, 0x1);
	ck_assert_int_eq(st.b.pad, 0);
	ck_assert_int_eq(st.hand[0][TAC_C1], 1);
	ck_assert_int_eq(st.hand[0][TAC_C7], 1);
	ck_assert_int_eq(st.hand[1][TAC_TAC], 1);
	ck_assert_int_eq(st.hand[3][TAC_TR], 1);
	ck_assert_int_eq(st.nhand[0], 2);
	ck_assert_int_eq(st.nhand[2], 1);
	ck_assert_int_eq(st.nhand[4], 0);
	ck_assert_int_eq(st.ndeck, 0);
	ck_assert_int_eq(st.gift[0], TAC_NONE);
	ck_assert_int_eq(st.gift[5], TAC_NONE);
	ck_assert_int_eq(st.announce, 0);
}
END_TEST

/* A full save writes back exactly what was loaded, keys in order. */
START_TEST(test_json_position_round_trip)
{
	static const char *const keys[] = {
		"format", "players", "teams", "master", "names", "dealer",
		"round", "played", "turn", "marbles", "hands", "phase",
		"victim", "winner", "announce", "gifts", "deck", "discards",
		"undo", "rng", "external"
	};
	struct tac_state	 st, st2;
	json_t			*in = tu_json(json_full), *one, *two;
	char			*a, *b;
	void			*it;
	size_t			 i;

	json_load_ok(&st, in);
	ck_assert_int_eq(st.phase, TAC_PH_DEVIL);
	ck_assert_int_eq(st.victim, 3);
	ck_assert_int_eq(st.announce, 0x9);
	ck_assert_int_eq(st.gift[1], TAC_C9);
	ck_assert_int_eq(st.ndeck, 3);
	ck_assert_int_eq(st.deck[2], TAC_C12);	/* the top */
	ck_assert_int_eq(st.deck[0], TAC_C3);
	ck_assert_int_eq(st.discards[TAC_C4], 2);
	ck_assert_int_eq(st.undo.card, TAC_TR);
	ck_assert_int_eq(st.undo.before.field[17], 2);
	ck_assert_int_eq(st.b.fresh, 0x9);
	ck_assert_uint_eq(st.rng, 0xff);
	ck_assert_int_eq(st.external, 1);
	ck_assert_int_eq(st.cfg.names, TAC_NAMES_TAKER);

	one = tac_position_save(&st, -1);
	ck_assert_ptr_nonnull(one);
	ck_assert(json_equal(in, one));
	for (it = json_object_iter(one), i = 0; it != NULL;
	    it = json_object_iter_next(one, it), i++) {
		ck_assert_uint_lt(i, sizeof keys / sizeof keys[0]);
		ck_assert_str_eq(json_object_iter_key(it), keys[i]);
	}
	ck_assert_uint_eq(i, sizeof keys / sizeof keys[0]);

	json_load_ok(&st2, one);
	ck_assert_mem_eq(&st, &st2, sizeof st);
	two = tac_position_save(&st2, -1);
	a = tu_json_text(one);
	b = tu_json_text(two);
	ck_assert_str_eq(a, b);
	free(a);
	free(b);
	json_decref(in);
	json_decref(one);
	json_decref(two);
}
END_TEST

/* Every way a position can be wrong is named with its field. */
START_TEST(test_json_position_load_errors)
{
	static const char *const cases[][3] = {
		{ "marbles", "[[\"B\",\"B\",\"0*\",\"H2\"],[\"B\",\"B\",\"B\","
		    "\"B\"],[\"70\",\"B\",\"B\",\"B\"],[\"B\",\"B\",\"B\","
		    "\"B\"]]", "marbles[2][0]: \"70\" is not a field" },
		{ "marbles", "[[\"B\",\"B\",\"0*\",\"33\"],[\"B\",\"B\",\"B\","
		    "\"B\"],[\"33\",\"B\",\"B\",\"B\"],[\"B\",\"B\",\"B\","
		    "\"B\"]]", "marbles: two marbles on field 33" },
		{ "marbles", "[[\"B\",\"B\",\"16*\",\"H2\"],[\"B\",\"B\",\"B\","
		    "\"B\"],[\"33\",\"B\",\"B\",\"B\"],[\"B\",\"B\",\"B\","
		    "\"B\"]]", "marbles[0][2]: \"16*\" is not seat 0's start" },
		{ "marbles", "[[\"B\",\"B\",\"0*\",\"H5\"],[\"B\",\"B\",\"B\","
		    "\"B\"],[\"33\",\"B\",\"B\",\"B\"],[\"B\",\"B\",\"B\","
		    "\"B\"]]", "marbles[0][3]: \"H5\" is not a home field" },
		{ "marbles", "[[\"B\",\"H2\",\"0*\",\"H2\"],[\"B\",\"B\",\"B\","
		    "\"B\"],[\"33\",\"B\",\"B\",\"B\"],[\"B\",\"B\",\"B\","
		    "\"B\"]]", "marbles[0]: two marbles on H2" },
		{ "marbles", "[[\"B \",\"B\",\"0*\",\"H2\"],[\"B\",\"B\",\"B\","
		    "\"B\"],[\"33\",\"B\",\"B\",\"B\"],[\"B\",\"B\",\"B\","
		    "\"B\"]]", "marbles[0][0]: \"B \" is not a place" },
		{ "marbles", "[[\"B\",\"B\",\"0*\",\"H2\"],[\"B\",\"B\",\"B\","
		    "\"B\"],[\"033\",\"B\",\"B\",\"B\"],[\"B\",\"B\",\"B\","
		    "\"B\"]]", "marbles[2][0]: \"033\" is not a field" },
		{ "marbles", "[[1,\"B\",\"0*\",\"H2\"],[\"B\",\"B\",\"B\","
		    "\"B\"],[\"33\",\"B\",\"B\",\"B\"],[\"B\",\"B\",\"B\","
		    "\"B\"]]", "marbles[0][0]: must be a place" },
		{ "marbles", "[[\"B\",\"B\",\"0*\",\"H2\"],[\"B\",\"B\",\"B\"],"
		    "[\"33\",\"B\",\"B\",\"B\"],[\"B\",\"B\",\"B\",\"B\"]]",
		    "marbles[1]: must list 4 marbles" },
		{ "marbles", "[[\"B\",\"B\",\"0*\",\"H2\"]]",
		    "marbles: must be an array of 4 seats" },
		{ "marbles", NULL, "marbles: missing" },
		{ "hands", "[[\"1\",\"7\"],[\"TAC\",\"11\"],[\"8\"],[\"TR\","
		    "\"13\"]]", "hands[1][1]: unknown card \"11\"" },
		{ "hands", "[[\"7\",\"7\",\"7\",\"7\",\"7\"],[\"7\",\"7\","
		    "\"7\",\"7\"],[],[]]", "hands: more 7s than the deck has" },
		{ "hands", "[[\"1\"],[5],[],[]]",
		    "hands[1][0]: must be a card name" },
		{ "hands", "[[\"1\"],\"5\",[],[]]",
		    "hands[1]: must be an array of cards" },
		{ "hands", "[[],[],[]]", "hands: must be an array of 4 hands" },
		{ "hands", NULL, "hands: missing" },
		{ "turn", "4", "turn: must be 0..3" },
		{ "turn", "-1", "turn: must be 0..3" },
		{ "turn", "\"0\"", "turn: must be 0..3" },
		{ "turn", "1.0", "turn: must be 0..3" },
		{ "turn", NULL, "turn: missing" },
		{ "dealer", "9", "dealer: must be 0..3" },
		{ "round", "-1", "round: must be 0..65535" },
		{ "played", "70000", "played: must be 0..65535" },
		{ "format", "\"tac-position/2\"",
		    "format: must be \"tac-position/1\"" },
		{ "format", NULL, "format: missing" },
		{ "players", "5", "players: must be 4 or 6" },
		{ "players", NULL, "players: missing" },
		{ "teams", "\"triples\"", "teams: triples need 6 players" },
		{ "teams", "\"x\"", "teams: must be \"pairs\" or \"triples\"" },
		{ "names", "\"tak\"", "names: must be \"tac\" or \"taker\"" },
		{ "master", "\"yes\"", "master: must be true or false" },
		{ "phase", "\"bogus\"", "phase: must be deal, exchange, play, "
		    "fool, skip, devil, forced or over" },
		{ "phase", "\"devil\"", "victim: needed in the devil phase" },
		{ "victim", "4", "victim: must be 0..3" },
		{ "winner", "2", "winner: must be 0..1" },
		{ "announce", "[true]", "announce: must be 4 booleans" },
		{ "announce", "[true,false,1,false]",
		    "announce[2]: must be true or false" },
		{ "gifts", "[null,\"11\",null,null]",
		    "gifts[1]: unknown card \"11\"" },
		{ "gifts", "[\"TAC\",\"TAC\",\"TAC\",\"TAC\"]",
		    "gifts: more TACs than the deck has" },
		{ "gifts", "[null]", "gifts: must be 4 cards or nulls" },
		{ "deck", "[\"5\",\"x\"]", "deck[1]: unknown card \"x\"" },
		{ "deck", "[\"TAC\",\"TAC\",\"TAC\",\"TAC\"]",
		    "deck: more TACs than the deck has" },
		{ "deck", "{}", "deck: must be an array of cards" },
		{ "discards", "[\"FOOL\",\"FOOL\"]",
		    "discards: more FOOLs than the deck has" },
		{ "undo", "\"x\"", "undo: must be an object" },
		{ "undo", "{}", "undo.card: missing" },
		{ "undo", "{\"card\":\"11\"}", "undo.card: unknown card \"11\"" },
		{ "undo", "{\"card\":\"13\",\"final\":1}",
		    "undo.final: must be true or false" },
		{ "undo", "{\"card\":\"13\"}", "undo.marbles: missing" },
		{ "undo", "{\"card\":\"13\",\"marbles\":[[\"B\",\"B\",\"0*\","
		    "\"H2\"],[\"B\",\"B\",\"B\",\"B\"],[\"70\",\"B\",\"B\","
		    "\"B\"],[\"B\",\"B\",\"B\",\"B\"]]}",
		    "undo.marbles[2][0]: \"70\" is not a field" },
		{ "rng", "\"xyz\"", "rng: must be hex digits" },
		{ "rng", "\"\"", "rng: must be 1..16 hex digits" },
		{ "rng", "\"00000000000000000\"",
		    "rng: must be 1..16 hex digits" },
		{ "rng", "255", "rng: must be hex digits" },
		{ "external", "\"no\"", "external: must be true or false" }
	};
	size_t	i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++)
		ck_assert_str_eq(json_refuse(json_example, cases[i][0],
		    cases[i][1]), cases[i][2]);
	/* Without master cards there is no Angel to hold. */
	ck_assert_str_eq(json_refuse("{\"format\": \"tac-position/1\","
	    " \"players\": 4, \"teams\": \"pairs\", \"master\": false,"
	    " \"names\": \"tac\", \"dealer\": 3, \"round\": 1, \"played\": 0,"
	    " \"turn\": 0, \"marbles\": [[\"B\", \"B\", \"B\", \"B\"],"
	    " [\"B\", \"B\", \"B\", \"B\"], [\"B\", \"B\", \"B\", \"B\"],"
	    " [\"B\", \"B\", \"B\", \"B\"]], \"hands\": [[], [], [], []]}",
	    "hands", "[[\"ANGEL\"],[],[],[]]"),
	    "hands: more ANGELs than the deck has");
	ck_assert_str_eq(json_refuse(json_example, "players", "6"),
	    "marbles: must be an array of 6 seats");
}
END_TEST

/* Odd but sound positions load; a non-object does not. */
START_TEST(test_json_position_load_edges)
{
	struct tac_state	 st;
	json_t			*j;
	char			 why[160];

	/* Unknown fields are ignored; an empty hand to play is allowed. */
	j = tu_json(json_example);
	json_object_set_new(j, "comment", json_string("hello"));
	json_object_set_new(j, "deck_size", json_integer(7));
	json_object_set_new(j, "turn", json_integer(2));
	json_object_set_new(j, "hands", tu_json("[[\"1\"],[],[],[]]"));
	json_object_set_new(j, "winner", json_null());
	json_object_set_new(j, "rng", json_string("DEADbeef"));
	json_load_ok(&st, j);
	ck_assert_int_eq(st.nhand[2], 0);
	ck_assert_uint_eq(st.rng, 0xdeadbeef);
	json_decref(j);

	j = tu_json("[1, 2]");
	ck_assert_int_eq(tac_position_load(&st, j, why, sizeof why), -1);
	ck_assert_str_eq(why, "position: must be a JSON object");
	ck_assert_int_eq(tac_position_load(&st, j, NULL, 0), -1);
	json_decref(j);
}
END_TEST

/* Six seats: 66 fields, starts at 11*s, teams of three. */
START_TEST(test_json_position_six_players)
{
	static const char six[] =
	    "{\"format\": \"tac-position/1\", \"players\": 6,"
	    " \"teams\": \"triples\", \"master\": false, \"names\": \"tac\","
	    " \"dealer\": 5, \"round\": 2, \"played\": 3, \"turn\": 4,"
	    " \"marbles\": [[\"B\", \"B\", \"B\", \"65\"],"
	    "  [\"B\", \"B\", \"11*\", \"H1\"], [\"B\", \"B\", \"B\", \"B\"],"
	    "  [\"B\", \"B\", \"B\", \"B\"], [\"B\", \"B\", \"B\", \"B\"],"
	    "  [\"B\", \"B\", \"B\", \"55*\"]],"
	    " \"hands\": [[\"10\"], [], [], [], [\"9\", \"12\"], []]}";
	struct tac_state	 st;
	json_t			*in = tu_json(six), *out;

	json_load_ok(&st, in);
	ck_assert_int_eq(st.nfields, 66);
	ck_assert_int_eq(st.cfg.triples, 1);
	ck_assert_int_eq(st.b.field[65], 0);
	ck_assert_int_eq(st.b.field[11], 1);
	ck_assert_int_eq(st.b.fresh, 0x22);
	out = tac_position_save(&st, -1);
	ck_assert_ptr_nonnull(out);
	ck_assert_str_eq(json_string_value(json_array_get(json_array_get(
	    json_object_get(out, "marbles"), 5), 3)), "55*");
	json_decref(out);
	json_decref(in);

	ck_assert_str_eq(json_refuse(six, "marbles",
	    "[[\"B\",\"B\",\"B\",\"66\"],[\"B\",\"B\",\"B\",\"B\"],[\"B\","
	    "\"B\",\"B\",\"B\"],[\"B\",\"B\",\"B\",\"B\"],[\"B\",\"B\",\"B\","
	    "\"B\"],[\"B\",\"B\",\"B\",\"B\"]]"),
	    "marbles[0][3]: \"66\" is not a field");
	ck_assert_str_eq(json_refuse(six, "marbles",
	    "[[\"B\",\"B\",\"B\",\"B\"],[\"B\",\"B\",\"B\",\"B\"],[\"B\","
	    "\"B\",\"B\",\"11*\"],[\"B\",\"B\",\"B\",\"B\"],[\"B\",\"B\",\"B\","
	    "\"B\"],[\"B\",\"B\",\"B\",\"B\"]]"),
	    "marbles[2][3]: \"11*\" is not seat 2's start");
	ck_assert_str_eq(json_refuse(six, "hands",
	    "[[\"12\",\"12\",\"12\",\"12\",\"12\",\"12\"],[],[],[],[],[]]"),
	    "hands: more 12s than the deck has");
	ck_assert_str_eq(json_refuse(six, "winner", "2"),
	    "winner: must be 0..1");
}
END_TEST

/* A player's view shows only their own hand, no deck and no rng (Y3). */
START_TEST(test_Y3_view_hides_hands)
{
	struct tac_state	 st;
	json_t			*in = tu_json(json_full), *v, *hands;
	char			*text;

	json_load_ok(&st, in);
	v = tac_position_save(&st, 0);
	ck_assert_ptr_nonnull(v);
	hands = json_object_get(v, "hands");
	ck_assert(json_equal(json_array_get(hands, 0),
	    json_array_get(json_object_get(in, "hands"), 0)));
	text = tu_json_text(json_array_get(hands, 1));
	ck_assert_str_eq(text, "[\"?\"]");
	free(text);
	ck_assert_uint_eq(json_array_size(json_array_get(hands, 2)), 0);
	text = tu_json_text(json_array_get(hands, 3));
	ck_assert_str_eq(text, "[\"?\",\"?\"]");
	free(text);
	ck_assert_ptr_null(json_object_get(v, "deck"));
	ck_assert_ptr_null(json_object_get(v, "rng"));
	ck_assert_int_eq(json_integer_value(json_object_get(v, "deck_size")),
	    3);
	text = tu_json_text(json_object_get(v, "gifts"));
	ck_assert_str_eq(text, "[null,\"?\",null,null]");
	free(text);
	/* Nothing secret shows anywhere: seat 3's Fool, seat 1's gift. */
	text = tu_json_text(v);
	ck_assert_ptr_null(strstr(text, "FOOL"));
	ck_assert_ptr_null(strstr(text, "\"9\""));
	ck_assert_ptr_nonnull(strstr(text, "\"ANGEL\""));	/* played */
	free(text);
	json_decref(v);

	/* Seat 1 sees its own gift. */
	v = tac_position_save(&st, 1);
	text = tu_json_text(json_object_get(v, "gifts"));
	ck_assert_str_eq(text, "[null,\"9\",null,null]");
	free(text);
	json_decref(v);

	/* A spectator sees no hand at all. */
	v = tac_position_save(&st, 99);
	text = tu_json_text(json_object_get(v, "hands"));
	ck_assert_str_eq(text, "[[\"?\",\"?\",\"?\"],[\"?\"],[],[\"?\",\"?\"]]");
	free(text);
	json_decref(v);
	json_decref(in);
}
END_TEST

/* The Devil player sees the victim's hand it plays from (A2.1, Y3). */
START_TEST(test_Y3_view_devil_sees_victim)
{
	struct tac_state	 st;
	json_t			*in = tu_json(json_full), *v;
	char			*text;

	json_load_ok(&st, in);
	v = tac_position_save(&st, 2);		/* turn 2, victim 3 */
	text = tu_json_text(json_object_get(v, "hands"));
	ck_assert_str_eq(text, "[[\"?\",\"?\",\"?\"],[\"?\"],[],"
	    "[\"13\",\"FOOL\"]]");
	free(text);
	json_decref(v);
	json_decref(in);
}
END_TEST

/* Positions met in real games survive a full save and load. */
START_TEST(test_json_game_states_round_trip)
{
	static const struct tac_config cfgs[] = {
		{ 4, 0, 1, TAC_NAMES_TAC, 0 },
		{ 6, 0, 0, TAC_NAMES_TAKER, 0 },
		{ 6, 1, 1, TAC_NAMES_TAC, 0 }
	};
	struct tac_list		*list = malloc(sizeof *list);
	struct tac_state	 st, st2;
	json_t			*one, *two;
	char			 why[160];
	uint64_t		 pick = 7;
	int			 g, moves, n;

	ck_assert_ptr_nonnull(list);
	for (g = 0; g < 6; g++) {
		tac_init(&st, &cfgs[g % 3], 77 + g);
		for (moves = 0; moves < 600; moves++) {
			one = tac_position_save(&st, -1);
			ck_assert_ptr_nonnull(one);
			ck_assert_msg(tac_position_load(&st2, one, why,
			    sizeof why) == 0, "game %d move %d: %s", g, moves,
			    why);
			tu_state_eq(&st, &st2, "save, load");
			two = tac_position_save(&st2, -1);
			ck_assert(json_equal(one, two));
			json_decref(one);
			json_decref(two);
			if (tac_over(&st) || (n = tac_legal(&st, list)) <= 0)
				break;
			tac_play(&st, &list->a[tac_rng_below(&pick, n)]);
		}
	}
	free(list);
}
END_TEST

/* The JSON suite: positions and views. */
Suite *
suite_json(void)
{
	Suite	*s = suite_create("json");
	TCase	*tc = tcase_create("json");

	tcase_add_test(tc, test_json_position_example);
	tcase_add_test(tc, test_json_position_round_trip);
	tcase_add_test(tc, test_json_position_load_errors);
	tcase_add_test(tc, test_json_position_load_edges);
	tcase_add_test(tc, test_json_position_six_players);
	tcase_add_test(tc, test_Y3_view_hides_hands);
	tcase_add_test(tc, test_Y3_view_devil_sees_victim);
	tcase_add_test(tc, test_json_game_states_round_trip);
	tcase_set_timeout(tc, 120);
	suite_add_tcase(s, tc);
	return (s);
}
