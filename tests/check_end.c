/*
 * check_end.c: a game's end through the real service and store.  The
 * game's chat gets, after the "over" row, the summary (the statistics
 * tables' numbers, the same /summary gives) and the chart of each team's
 * marbles at home per round, whose numbers are those of the game's own
 * log replayed apart; /record gives a "document" row whose record
 * (svc_game_record()) replays to the game's final position; who may ask
 * for it; /moves is the pages, and the page buttons of before still
 * work; an aborted game gets no summary; a known record's summary
 * has the numbers counted apart from it.
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
	rnd_state = 12;
}

/* And leaves nothing behind. */
static void
teardown(void)
{
	td_done(&stats_td);
}

/*
 * Open a game in g1 (u0 and u1, two AI players) and play it to its
 * end, keeping the rows of the end undelivered: they are drained after.
 */
static int64_t
end_game(void)
{
	int64_t	id;
	int	steps;

	ck_assert_int_eq(td_event(&stats_td, "g1", 0, "u0", 0,
	    "/new seed=11"), 0);
	ck_assert_int_eq(td_event(&stats_td, "g1", 0, "u1", 0, "/join"), 0);
	ck_assert_int_eq(td_event(&stats_td, "g1", 0, "u0", 0, "/ai all"), 0);
	ck_assert_int_eq(td_event(&stats_td, "g1", 0, "u0", 0, "/start"), 0);
	id = td_game(&stats_td, "g1");
	for (steps = 0; steps < MAXSTEPS; steps++) {
		td_run_timers(&stats_td);
		if (td_info(&stats_td, id)->state != SVC_PLAYING)
			break;
		stats_td.now += 3;
		play_random(id, "g1");
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

/* The index of the first delivered row of a kind in chat, or -1. */
static int
end_at(const char *kind, const char *chat)
{
	int	i;

	for (i = 0; i < stats_td.nout; i++) {
		if (strcmp(stats_td.out[i].kind, kind) == 0 &&
		    strcmp(stats_td.out[i].chat, chat) == 0)
			return (i);
	}
	return (-1);
}

/* Game id's record as the service gives it, loaded. */
static void
end_record(int64_t id, struct tac_record *rec)
{
	json_t	*j;
	char	*text, err[256];

	ck_assert_int_eq(svc_game_record(stats_td.svc, id, &text), 0);
	ck_assert_ptr_nonnull(j = json_loads(text, 0, NULL));
	ck_assert_msg(tac_record_load(rec, j, err, sizeof err) == 0, "%s",
	    err);
	json_decref(j);
	free(text);
}

/*
 * Replay game id's record apart and check the "homes" of a chart row:
 * per round, each team's marbles at home after its last action, read
 * off the board here; the last round's winners all home.
 */
static void
end_check_homes(int64_t id, const struct td_out *o)
{
	struct tac_record	 rec;
	struct tac_state	 st, before;
	struct tac_action	 a;
	struct tac_list		*l;
	json_t			*homes, *row;
	char			 err[256];
	size_t			 i;
	int			 seat, t, k, n, r;

	ck_assert_ptr_nonnull(l = malloc(sizeof *l));
	end_record(id, &rec);
	homes = json_object_get(o->payload, "homes");
	tac_init(&st, &rec.cfg, rec.seed);
	for (i = 0; i < rec.nactions; i++) {
		ck_assert_int_eq(tac_action_parse(rec.actions[i], &a, err,
		    sizeof err), 0);
		before = st;
		ck_assert_int_ge(tac_apply(&st, &a, l, err, sizeof err), 0);
		if (st.round == before.round && st.phase != TAC_PH_OVER)
			continue;
		r = before.round;
		ck_assert_ptr_nonnull(row = json_array_get(homes, r - 1));
		ck_assert_int_eq(json_array_size(row), tac_nteams(&st));
		for (t = 0; t < tac_nteams(&st); t++) {
			for (seat = n = 0; seat < st.cfg.nseats; seat++) {
				for (k = 0; tac_team(&st, seat) == t &&
				    k < TAC_MARBLES; k++)
					n += (st.b.home[seat] >> k) & 1;
			}
			ck_assert_msg(json_integer_value(json_array_get(row,
			    t)) == n, "round %d, team %d: %lld, counted %d", r,
			    t, (long long)json_integer_value(json_array_get(row,
			    t)), n);
		}
	}
	ck_assert_int_eq(st.phase, TAC_PH_OVER);
	ck_assert_int_eq(json_array_size(homes), st.round);
	ck_assert_int_eq(td_int(o, "rounds"), st.round);
	ck_assert_int_eq(json_integer_value(json_array_get(json_array_get(
	    homes, st.round - 1), st.winner)), 8);
	tac_record_free(&rec);
	free(l);
}

/*
 * The end: "over", then the summary (end: 1) and the chart, in the
 * game's chat, in that order; the summary is the statistics tables'
 * (rounds, the seats' numbers), and the chart's seats are its seats.
 */
START_TEST(test_end_summary)
{
	struct td_out	*sum, *chart;
	json_t		*s, *seats, *v;
	int64_t		 id;
	int		 over, isum, ichart;
	size_t		 i;

	id = end_game();
	ck_assert_int_ge((over = end_at("over", "g1")), 0);
	ck_assert_int_gt((isum = end_at("summary", "g1")), over);
	ck_assert_int_gt((ichart = end_at("chart", "g1")), isum);
	ck_assert_int_eq(td_count(&stats_td, "summary", NULL), 1);
	sum = &stats_td.out[isum];
	chart = &stats_td.out[ichart];
	ck_assert_int_eq(td_int(sum, "game"), id);
	ck_assert_int_eq(td_int(sum, "end"), 1);
	ck_assert_str_eq(td_str(sum, "lang"), "en");
	s = json_object_get(sum->payload, "summary");
	ck_assert_int_eq(json_integer_value(json_object_get(s, "rounds")),
	    q(&stats_td, "SELECT rounds FROM stats_games WHERE game = %lld",
	    (long long)id));
	ck_assert_int_eq(json_integer_value(json_object_get(s, "actions")),
	    td_info(&stats_td, id)->turn_no);
	ck_assert_int_eq(json_integer_value(json_object_get(s, "winner")),
	    td_info(&stats_td, id)->winner);
	seats = json_object_get(s, "seats");
	ck_assert_uint_eq(json_array_size(seats), 4);
	json_array_foreach(seats, i, v) {
		ck_assert_int_eq(json_integer_value(json_object_get(v,
		    "kicks_given")), q(&stats_td, "SELECT kicks_given FROM "
		    "stats_seats WHERE game = %lld AND seat = %zu",
		    (long long)id, i));
		ck_assert_int_eq(json_integer_value(json_object_get(v, "tacs")),
		    q(&stats_td, "SELECT tacs FROM stats_seats WHERE game = "
		    "%lld AND seat = %zu", (long long)id, i));
	}

	ck_assert_str_eq(td_str(chart, "chart"), "homes");
	ck_assert_int_eq(td_int(chart, "game"), id);
	ck_assert_int_eq(td_int(chart, "rounds"), json_integer_value(
	    json_object_get(s, "rounds")));
	json_array_foreach(json_object_get(chart->payload, "seats"), i, v) {
		ck_assert_int_eq(json_integer_value(json_object_get(v, "seat")),
		    (json_int_t)i);
		ck_assert_int_eq(json_integer_value(json_object_get(v, "team")),
		    (json_int_t)(i % 2));
		ck_assert(json_equal(json_object_get(v, "name"),
		    json_object_get(json_array_get(seats, i), "name")));
	}
	ck_assert_str_eq(json_string_value(json_object_get(json_array_get(
	    json_object_get(chart->payload, "seats"), 1), "name")), "Name-u1");
	end_check_homes(id, chart);

	/* /summary later says the same, with the same chart. */
	s = json_incref(json_object_get(sum->payload, "summary"));
	v = json_incref(chart->payload);
	td_clear(&stats_td);
	ck_assert_int_eq(td_event(&stats_td, "g1", 0, "u1", 0,
	    "/summary #1"), 0);
	td_drain(&stats_td);
	ck_assert_ptr_nonnull(sum = td_find(&stats_td, "summary", "g1"));
	ck_assert(json_equal(json_object_get(sum->payload, "summary"), s));
	ck_assert_int_eq(td_int(sum, "end"), -1);
	ck_assert_ptr_nonnull(chart = td_find(&stats_td, "chart", "g1"));
	ck_assert(json_equal(json_object_get(chart->payload, "homes"),
	    json_object_get(v, "homes")));
	json_decref(s);
	json_decref(v);
}
END_TEST

/*
 * /record: a "document" row; its record replays to the game's final
 * position.  Bare numbers, pages of old buttons, /moves; who may ask.
 */
START_TEST(test_end_record)
{
	struct tac_record	 rec;
	struct tac_state	 st, end;
	struct tac_list		*l;
	struct td_out		*o;
	char			 err[256];
	int64_t			 id, run;

	ck_assert_ptr_nonnull(l = malloc(sizeof *l));
	id = end_game();
	td_clear(&stats_td);
	ck_assert_int_eq(td_event(&stats_td, "g1", 0, "u0", 0, "/record #1"),
	    0);
	td_drain(&stats_td);
	ck_assert_ptr_nonnull(o = td_find(&stats_td, "document", "g1"));
	ck_assert_int_eq(td_int(o, "game"), id);
	ck_assert_int_eq(td_count(&stats_td, NULL, NULL), 1);
	td_clear(&stats_td);

	end_record(id, &rec);
	ck_assert_int_eq(rec.seeded, 1);
	ck_assert_int_eq(rec.seed, 11);
	ck_assert_int_eq(rec.cfg.nseats, 4);
	ck_assert_int_eq((int64_t)rec.nactions, td_info(&stats_td, id)->turn_no);
	ck_assert_msg(tac_record_replay(&rec, &st, l, NULL, err,
	    sizeof err) == 0, "%s", err);
	ck_assert_int_eq(svc_game_position(stats_td.svc, id, -1, &end), 0);
	ck_assert_int_eq(st.phase, TAC_PH_OVER);
	ck_assert(memcmp(&st, &end, sizeof st) == 0);
	tac_record_free(&rec);

	/* "/record 1" is "/record #1"; a player in private may ask. */
	ck_assert_int_eq(td_event(&stats_td, "u1", 1, "u1", 0, "/record 1"),
	    0);
	td_drain(&stats_td);
	ck_assert_ptr_nonnull(o = td_find(&stats_td, "document", "u1"));
	ck_assert_int_eq(td_int(o, "game"), id);
	td_clear(&stats_td);
	/* Nobody else, and not in another chat. */
	td_event(&stats_td, "u5", 1, "u5", 0, "/record 1");
	td_expect_error(&stats_td, "no_game", "a stranger in private");
	td_event(&stats_td, "g5", 0, "u5", 0, "/record #1");
	td_expect_error(&stats_td, "no_game", "another chat");
	td_event(&stats_td, "g1", 0, "u0", 0, "/record");
	td_expect_error(&stats_td, "usage", "no game named");
	td_event(&stats_td, "g1", 0, "u0", 0, "/record #9");
	td_expect_error(&stats_td, "no_game", "no such game");
	ck_assert_int_eq(td_count(&stats_td, "document", NULL), 0);

	/* Not a game that is still on. */
	ck_assert_int_eq(td_event(&stats_td, "g1", 0, "u0", 0, "/new"), 0);
	ck_assert_int_eq(td_event(&stats_td, "g1", 0, "u0", 0, "/ai all"), 0);
	ck_assert_int_eq(td_event(&stats_td, "g1", 0, "u0", 0, "/start"), 0);
	run = td_game(&stats_td, "g1");
	td_clear(&stats_td);
	ck_assert_int_eq(run, 2);
	td_event(&stats_td, "g1", 0, "u0", 0, "/record #2");
	td_expect_error(&stats_td, "not_over", "a running game");

	/* The pages: /moves, and the "record PAGE" buttons sent before. */
	td_event(&stats_td, "g1", 0, "u0", 0, "/moves #1");
	td_drain(&stats_td);
	ck_assert_ptr_nonnull(o = td_find(&stats_td, "record", "g1"));
	ck_assert_int_eq(td_int(o, "page"), 1);
	td_clear(&stats_td);
	ck_assert_int_eq(td_button(&stats_td, "g1", "u0", "1::record 2"), 0);
	td_drain(&stats_td);
	ck_assert_ptr_nonnull(o = td_find(&stats_td, "record", "g1"));
	ck_assert_int_eq(td_int(o, "page"), 2);
	ck_assert_int_eq(td_count(&stats_td, "document", NULL), 0);
	td_clear(&stats_td);
	td_event(&stats_td, "g1", 0, "u0", 0, "/moves 1");
	td_expect_error(&stats_td, "usage", "/moves without a #");
	free(l);
}
END_TEST

/* A seat's numbers in a game, counted apart from the statistics. */
struct end_count {
	int	played;
	int	given;
	int	taken;
	int	tacs;
};

/*
 * Count a record's seats' numbers by replaying it here: a card played
 * (not a gift, not a discard), a TAC (played, or played as a card), and
 * a kick: a marble of another seat back in its base after the action.
 */
static void
end_count(const struct tac_record *rec, struct end_count *c)
{
	struct tac_state	 st, before;
	struct tac_action	 a;
	struct tac_list		*l;
	char			 why[256];
	size_t			 i;
	int			 seat, s;

	ck_assert_ptr_nonnull(l = malloc(sizeof *l));
	memset(c, 0, sizeof *c * TAC_MAXSEATS);
	tac_init(&st, &rec->cfg, rec->seed);
	for (i = 0; i < rec->nactions; i++) {
		seat = st.turn;
		before = st;
		ck_assert_msg(tac_action_parse(rec->actions[i], &a, why,
		    sizeof why) == 0, "%s: %s", rec->actions[i], why);
		ck_assert_msg(tac_apply(&st, &a, l, why, sizeof why) >= 0,
		    "%s: %s", rec->actions[i], why);
		if (strncmp(rec->actions[i], "give", 4) != 0 &&
		    a.op != TAC_OP_DISCARD) {
			c[seat].played++;
			if (a.tac || (!a.devil && a.card == TAC_TAC))
				c[seat].tacs++;
		}
		for (s = 0; s < st.cfg.nseats; s++) {
			if (s != seat && st.b.base[s] > before.b.base[s]) {
				c[seat].given += st.b.base[s] - before.b.base[s];
				c[s].taken += st.b.base[s] - before.b.base[s];
			}
		}
	}
	ck_assert_int_eq(st.phase, TAC_PH_OVER);
	free(l);
}

/*
 * A known record (tests/picture/cases/homes4.json, the golden chart's
 * game) played through the service by four people: its summary's
 * numbers, as the row has them and as the group reads them, are those
 * counted apart from the record, and those known of that game.
 */
START_TEST(test_end_known_record)
{
	/*
	 * homes4.json's seats: cards, kicks given, taken, TACs (its 294
	 * cards played and 14 TACs are also what its actions' text says).
	 */
	static const struct end_count known[4] = {
		{ 77, 7, 15, 3 }, { 65, 5, 8, 5 }, { 77, 7, 6, 2 },
		{ 75, 13, 3, 4 },
	};
	struct end_count	 c[TAC_MAXSEATS];
	struct tac_record	 rec;
	struct tac_state	 st;
	struct tac_action	 a;
	struct tac_list		*l;
	struct svc_game		 g;
	struct td_out		*o;
	struct rbuf		 b = { NULL, 0, 0 };
	json_t			*j, *seats, *v;
	const char		*top;
	char			 path[512], cmd[200], why[256], *line, *nl;
	size_t			 i;
	int64_t			 id;
	int			 seat;

	if ((top = getenv("abs_top_srcdir")) == NULL &&
	    (top = getenv("top_srcdir")) == NULL)
		top = ".";
	snprintf(path, sizeof path, "%s/tests/picture/cases/homes4.json", top);
	ck_assert_msg((j = json_load_file(path, 0, NULL)) != NULL, "%s", path);
	ck_assert_msg(tac_record_load(&rec, j, why, sizeof why) == 0, "%s",
	    why);
	json_decref(j);
	end_count(&rec, c);

	snprintf(cmd, sizeof cmd, "4 pairs %s %s seed=%llu",
	    rec.cfg.master ? "master" : "nomaster",
	    rec.cfg.names == TAC_NAMES_TAKER ? "taker" : "tac",
	    (unsigned long long)rec.seed);
	id = td_lobby4(&stats_td, "g1", cmd);
	ck_assert_int_eq(svc_game_info(stats_td.svc, id, &g), 1);
	ck_assert_ptr_nonnull(l = malloc(sizeof *l));
	tac_init(&st, &rec.cfg, rec.seed);
	for (i = 0; i < rec.nactions; i++) {
		seat = st.turn;
		ck_assert_int_eq(tac_action_parse(rec.actions[i], &a, why,
		    sizeof why), 0);
		ck_assert_int_ge(tac_apply(&st, &a, l, why, sizeof why), 0);
		if (i + 1 < rec.nactions && i % 100 == 99) {
			td_drain(&stats_td);
			td_clear(&stats_td);
		}
		stats_td.now += 5;
		snprintf(cmd, sizeof cmd, "/play %s", rec.actions[i]);
		ck_assert_int_eq(td_event(&stats_td, "g1", 0,
		    g.seats[seat].user, 0, cmd), 0);
	}
	free(l);
	ck_assert_int_eq(td_info(&stats_td, id)->state, SVC_OVER);
	td_drain(&stats_td);

	ck_assert_ptr_nonnull(o = td_find(&stats_td, "summary", "g1"));
	seats = json_object_get(json_object_get(o->payload, "summary"),
	    "seats");
	ck_assert_uint_eq(json_array_size(seats), 4);
	/* Read three days on: when it ended is said relative, never as
	   UTC's date. */
	compose_summary("en", TAC_NAMES_TAC, o->payload,
	    stats_td.now + 3 * 86400 + 600, &b);
	ck_assert_msg(strstr(b.s, " ended 3 days ago: ") != NULL, "%s", b.s);
	/* The seats' lines follow the line of the game and that of the won. */
	ck_assert_ptr_nonnull(line = strchr(b.s, '\n'));
	ck_assert_ptr_nonnull(line = strchr(line + 1, '\n'));
	json_array_foreach(seats, i, v) {
		ck_assert_int_eq(json_integer_value(json_object_get(v,
		    "played")), c[i].played);
		ck_assert_int_eq(json_integer_value(json_object_get(v,
		    "kicks_given")), c[i].given);
		ck_assert_int_eq(json_integer_value(json_object_get(v,
		    "kicks_taken")), c[i].taken);
		ck_assert_int_eq(json_integer_value(json_object_get(v, "tacs")),
		    c[i].tacs);
		ck_assert_mem_eq(&c[i], &known[i], sizeof c[i]);
		line++;
		ck_assert_ptr_nonnull(nl = strchr(line, '\n'));
		*nl = '\0';
		snprintf(cmd, sizeof cmd, ": cards: %d, kicks given/taken: "
		    "%d/%d, TAC: %d, rating: ", c[i].played, c[i].given,
		    c[i].taken, c[i].tacs);
		ck_assert_msg(strstr(line, cmd) != NULL, "seat %zu: \"%s\"",
		    i, line);
		line = nl;
	}
	rbuf_free(&b);
	tac_record_free(&rec);
}
END_TEST

/* An aborted game ends without a summary. */
START_TEST(test_end_aborted)
{
	int64_t	id;
	int	i;

	ck_assert_int_eq(td_event(&stats_td, "g1", 0, "u0", 0, "/new"), 0);
	ck_assert_int_eq(td_event(&stats_td, "g1", 0, "u0", 0, "/ai all"), 0);
	ck_assert_int_eq(td_event(&stats_td, "g1", 0, "u0", 0, "/start"), 0);
	id = td_game(&stats_td, "g1");
	/*
	 * A dozen of u0's turns, the AI playing the rest: about three
	 * rounds.  Forty were enough, once in about 200 games, for the AI
	 * to finish the game before it could be aborted.
	 */
	for (i = 0; i < 12; i++) {
		td_run_timers(&stats_td);
		play_random(id, "g1");
	}
	ck_assert_int_eq(td_info(&stats_td, id)->state, SVC_PLAYING);
	ck_assert_int_eq(td_event(&stats_td, "g1", 0, "u0", 0, "/abort yes"), 0);
	td_drain(&stats_td);
	ck_assert_int_ge(end_at("aborted", "g1"), 0);
	ck_assert_int_eq(td_count(&stats_td, "summary", NULL), 0);
	ck_assert_int_eq(td_count(&stats_td, "chart", NULL), 0);
}
END_TEST

/* The game end's suite. */
Suite *
suite_end(void)
{
	Suite	*s;
	TCase	*tc;

	s = suite_create("end");
	tc = tcase_create("end");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, test_end_summary);
	tcase_add_test(tc, test_end_record);
	tcase_add_test(tc, test_end_known_record);
	tcase_add_test(tc, test_end_aborted);
	suite_add_tcase(s, tc);
	return (s);
}
