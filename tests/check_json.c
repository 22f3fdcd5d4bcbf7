/*
 * check_json.c: positions (tac-position/1), views (Y3) and game records
 * (tac-record/1) with their replay (Y2).
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>
#include <jansson.h>

#include "tac.h"
#include "tacjson.h"
#include "testutil.h"

/* The position of NOTATION.md. */
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

/* Parse JSON text that the test itself wrote. */
static json_t *
json_must(const char *text)
{
	json_error_t	 err;
	json_t		*j = json_loads(text, JSON_DECODE_ANY, &err);

	ck_assert_msg(j != NULL, "bad test JSON: %s: %s", err.text, text);
	return (j);
}

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
	json_t			*j = json_must(base);

	if (value == NULL)
		json_object_del(j, key);
	else
		json_object_set_new(j, key, json_must(value));
	why[0] = '\0';
	ck_assert_msg(tac_position_load(&st, j, why, sizeof why) == -1,
	    "%s = %s loaded", key, value != NULL ? value : "(removed)");
	json_decref(j);
	return (why);
}

/* Dump JSON compactly, keys in the order written; the caller frees. */
static char *
json_text(const json_t *j)
{
	char	*s = json_dumps(j, JSON_COMPACT | JSON_PRESERVE_ORDER);

	ck_assert_ptr_nonnull(s);
	return (s);
}

/* The NOTATION.md example builds the whole state. */
START_TEST(test_json_position_example)
{
	struct tac_state	 st;
	json_t			*j = json_must(json_example);
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
	json_t			*in = json_must(json_full), *one, *two;
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
	a = json_text(one);
	b = json_text(two);
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
	j = json_must(json_example);
	json_object_set_new(j, "comment", json_string("hello"));
	json_object_set_new(j, "deck_size", json_integer(7));
	json_object_set_new(j, "turn", json_integer(2));
	json_object_set_new(j, "hands", json_must("[[\"1\"],[],[],[]]"));
	json_object_set_new(j, "winner", json_null());
	json_object_set_new(j, "rng", json_string("DEADbeef"));
	json_load_ok(&st, j);
	ck_assert_int_eq(st.nhand[2], 0);
	ck_assert_uint_eq(st.rng, 0xdeadbeef);
	json_decref(j);

	j = json_must("[1, 2]");
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
	json_t			*in = json_must(six), *out;

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
	json_t			*in = json_must(json_full), *v, *hands;
	char			*text;

	json_load_ok(&st, in);
	v = tac_position_save(&st, 0);
	ck_assert_ptr_nonnull(v);
	hands = json_object_get(v, "hands");
	ck_assert(json_equal(json_array_get(hands, 0),
	    json_array_get(json_object_get(in, "hands"), 0)));
	text = json_text(json_array_get(hands, 1));
	ck_assert_str_eq(text, "[\"?\"]");
	free(text);
	ck_assert_uint_eq(json_array_size(json_array_get(hands, 2)), 0);
	text = json_text(json_array_get(hands, 3));
	ck_assert_str_eq(text, "[\"?\",\"?\"]");
	free(text);
	ck_assert_ptr_null(json_object_get(v, "deck"));
	ck_assert_ptr_null(json_object_get(v, "rng"));
	ck_assert_int_eq(json_integer_value(json_object_get(v, "deck_size")),
	    3);
	text = json_text(json_object_get(v, "gifts"));
	ck_assert_str_eq(text, "[null,\"?\",null,null]");
	free(text);
	/* Nothing secret shows anywhere: seat 3's Fool, seat 1's gift. */
	text = json_text(v);
	ck_assert_ptr_null(strstr(text, "FOOL"));
	ck_assert_ptr_null(strstr(text, "\"9\""));
	ck_assert_ptr_nonnull(strstr(text, "\"ANGEL\""));	/* played */
	free(text);
	json_decref(v);

	/* Seat 1 sees its own gift. */
	v = tac_position_save(&st, 1);
	text = json_text(json_object_get(v, "gifts"));
	ck_assert_str_eq(text, "[null,\"9\",null,null]");
	free(text);
	json_decref(v);

	/* A spectator sees no hand at all. */
	v = tac_position_save(&st, 99);
	text = json_text(json_object_get(v, "hands"));
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
	json_t			*in = json_must(json_full), *v;
	char			*text;

	json_load_ok(&st, in);
	v = tac_position_save(&st, 2);		/* turn 2, victim 3 */
	text = json_text(json_object_get(v, "hands"));
	ck_assert_str_eq(text, "[[\"?\",\"?\",\"?\"],[\"?\"],[],"
	    "[\"13\",\"FOOL\"]]");
	free(text);
	json_decref(v);
	json_decref(in);
}
END_TEST

/*
 * Two states must be byte-identical, except for bytes that mean nothing
 * and no position holds: deck slots already dealt, and the board before
 * a play when there is nothing to undo.
 */
static void
json_same_state(const struct tac_state *a, const struct tac_state *b)
{
	struct tac_state	x = *a, y = *b;

	memset(x.deck + x.ndeck, 0, sizeof x.deck - x.ndeck);
	memset(y.deck + y.ndeck, 0, sizeof y.deck - y.ndeck);
	if (x.undo.card == TAC_NONE)
		memset(&x.undo.before, 0, sizeof x.undo.before);
	if (y.undo.card == TAC_NONE)
		memset(&y.undo.before, 0, sizeof y.undo.before);
	ck_assert_mem_eq(&x.b, &y.b, sizeof x.b);
	ck_assert_mem_eq(x.hand, y.hand, sizeof x.hand);
	ck_assert_mem_eq(&x.undo, &y.undo, sizeof x.undo);
	ck_assert_mem_eq(&x, &y, sizeof x);
}

/* Positions met in real games survive a full save and load. */
START_TEST(test_json_game_states_round_trip)
{
	static const struct tac_config cfgs[] = {
		{ 4, 0, 1, TAC_NAMES_TAC },
		{ 6, 0, 0, TAC_NAMES_TAKER },
		{ 6, 1, 1, TAC_NAMES_TAC }
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
			json_same_state(&st, &st2);
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
		in = json_must(records[i]);
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
	json_t			*j = json_must(base);

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
	    json_must("[[[\"1\"], [\"2\"], [\"3\"]]]")),
	    "deals[0]: must be an array of 4 hands");
	ck_assert_str_eq(json_record_refuse("deals",
	    json_must("[[[\"1\"], [\"2\"], [\"3\"], [\"4\"]],"
	    " [[\"1\"], [\"11\"], [\"3\"], [\"4\"]]]")),
	    "deals[1][1][0]: unknown card \"11\"");
	ck_assert_str_eq(json_record_refuse("deals",
	    json_must("[[[\"7\", \"7\", \"7\"], [\"7\", \"7\", \"7\"],"
	    " [\"7\", \"7\", \"7\"], []]]")),
	    "deals[0]: more 7s than the deck has");
	ck_assert_str_eq(json_record_refuse("actions", NULL),
	    "actions: missing");
	ck_assert_str_eq(json_record_refuse("actions",
	    json_string("13 B>16")), "actions: must be an array of strings");
	ck_assert_str_eq(json_record_refuse("actions",
	    json_must("[\"give 1\", 5]")), "actions[1]: must be a string");
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
		j = json_must(text);
		ck_assert_int_eq(tac_record_load(&rec, j, why, sizeof why), -1);
		ck_assert_str_eq(why, "seed: must be an integer >= 0 or a "
		    "decimal string");
		json_decref(j);
	}
	j = json_must("{\"format\": \"tac-record/1\", \"players\": 6,"
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
		{ 4, 0, 1, TAC_NAMES_TAC },
		{ 6, 1, 0, TAC_NAMES_TAKER }
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
		json_same_state(&st, &re);
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

/* The JSON suite: positions, views, records and replay. */
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
	tcase_add_test(tc, test_json_record_round_trip);
	tcase_add_test(tc, test_json_record_load_errors);
	tcase_add_test(tc, test_json_record_seeds);
	tcase_add_test(tc, test_Y2_record_replays_the_game);
	tcase_add_test(tc, test_Y2_record_replay_failures);
	tcase_set_timeout(tc, 120);
	suite_add_tcase(s, tc);
	return (s);
}
