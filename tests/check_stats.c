/*
 * check_stats.c: the statistics and the rating through the real service
 * and store: a whole game's counts against what a spectator of it saw,
 * the rating's known cases, the commands and their privacy, the tables
 * kept at each game's end against a rebuild from the logs after many
 * random games, and the migration from schema 4 with games in it.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check_daemon.h"
#include "tacjson.h"

#define MAXSTEPS	20000
#define DEADLINE	7200	/* deadline=2h */

static struct td	td;

/* Each test starts with an empty database and service. */
static void
setup(void)
{
	td_init(&td, STORE_NOSYNC);
	td_open(&td);
}

/* And leaves nothing behind. */
static void
teardown(void)
{
	td_done(&td);
}

/* users.id of a platform user id. */
static int64_t
uid(struct td *t, const char *pid)
{
	char	sql[128];

	snprintf(sql, sizeof sql, "SELECT id FROM users WHERE pid = '%s'", pid);
	return (td_sql_int(t, sql));
}

/* One number of the statistics: printf-style SQL, its first column. */
static int64_t
q(struct td *t, const char *fmt, ...)
    __attribute__((__format__(__printf__, 2, 3)));
static int64_t
q(struct td *t, const char *fmt, ...)
{
	va_list	ap;
	char	sql[512];

	va_start(ap, fmt);
	vsnprintf(sql, sizeof sql, fmt, ap);
	va_end(ap);
	return (td_sql_int(t, sql));
}

/* A rating (a REAL) from SQL. */
static double
qr(struct td *t, const char *sql)
{
	sqlite3_stmt	*st;
	double		 v = -1;

	ck_assert_int_eq(sqlite3_prepare_v2(store_db(t->store), sql, -1, &st,
	    NULL), SQLITE_OK);
	if (sqlite3_step(st) == SQLITE_ROW)
		v = sqlite3_column_double(st, 0);
	sqlite3_finalize(st);
	return (v);
}

/* What a spectator saw of one game: per seat, and the game's end. */
struct seen {
	int	played[TAC_MAXSEATS];
	int	tacs[TAC_MAXSEATS];
	int	given[TAC_MAXSEATS];
	int	taken[TAC_MAXSEATS];
	int	takeovers[TAC_MAXSEATS];
	int	actions;
	int	last_seat;
	int	last_tac;
	int64_t	first_at;
	int64_t	last_at;
};

/*
 * Take in the one action that took the game from before to the position
 * now, as its "moved" row tells it: the card (a gift's is secret and
 * plays none; a discard plays none) and the bases that grew.
 */
static void
see(struct seen *w, int64_t game, const struct tac_state *before)
{
	struct tac_state	 after;
	struct tac_action	 a;
	struct td_out		*o;
	const char		*text;
	char			 why[128];
	int			 seat, s, n = 0, i;

	td_drain(&td);
	ck_assert_int_eq(svc_game_position(td.svc, game, -1, &after), 0);
	for (i = 0; i < td.nout; i++) {
		o = &td.out[i];
		if (strcmp(o->kind, "moved") != 0)
			continue;
		n++;
		seat = (int)td_int(o, "seat");
		text = td_str(o, "action");
		ck_assert_ptr_nonnull(text);
		if (strcmp(text, "give") != 0) {
			ck_assert_int_eq(tac_action_parse(text, &a, why,
			    sizeof why), 0);
			/* A discard plays none; else the card written first. */
			if (a.op != TAC_OP_DISCARD) {
				w->played[seat]++;
				if (a.tac || (!a.devil && a.card == TAC_TAC))
					w->tacs[seat]++;
			}
			w->last_tac = a.tac;
		} else
			w->last_tac = 0;
		if (strcmp(td_str(o, "by"), "timeout") == 0)
			w->takeovers[seat]++;
		for (s = 0; s < after.cfg.nseats; s++) {
			if (s != seat && after.b.base[s] > before->b.base[s]) {
				w->given[seat] += after.b.base[s] -
				    before->b.base[s];
				w->taken[s] += after.b.base[s] -
				    before->b.base[s];
			}
		}
		if (w->actions++ == 0)
			w->first_at = td.now;
		w->last_at = td.now;
		w->last_seat = seat;
	}
	ck_assert_int_eq(n, 1);
	td_clear(&td);
}

/*
 * A whole game of four people in g1, watched action by action: each
 * plays its first legal action 7 seconds after the last; every 40th
 * turn nobody plays and the deadline passes (the AI takes over).  The
 * tables then hold exactly what was seen.
 */
START_TEST(test_stats_counts_whole_game)
{
	struct seen		 w;
	struct tac_state	 before, end;
	struct svc_game		*g;
	int64_t			 id, p;
	int			 steps, s, team, won, rounds;
	char			 pid[8], sql[128];

	memset(&w, 0, sizeof w);
	id = td_lobby4(&td, "g1", "seed=11 deadline=2h");
	td_drain(&td);
	td_clear(&td);
	for (steps = 0; steps < MAXSTEPS; steps++) {
		g = td_info(&td, id);
		if (g->state != SVC_PLAYING)
			break;
		ck_assert_int_eq(svc_game_position(td.svc, id, -1, &before), 0);
		if (steps % 40 == 39) {
			td.now += DEADLINE + 1;
			ck_assert_int_eq(td_run_timers(&td), 1);
		} else {
			td.now += 7;
			ck_assert_int_eq(td_play_first(&td, id, "g1"), 0);
		}
		see(&w, id, &before);
	}
	g = td_info(&td, id);
	ck_assert_int_eq(g->state, SVC_OVER);
	ck_assert_int_eq(svc_game_position(td.svc, id, -1, &end), 0);
	rounds = end.round;

	/* The game. */
	ck_assert_int_eq(q(&td, "SELECT count(*) FROM stats_games"), 1);
	ck_assert_int_eq(q(&td, "SELECT actions FROM stats_games"), w.actions);
	ck_assert_int_eq(q(&td, "SELECT actions FROM stats_games"),
	    g->turn_no);
	ck_assert_int_eq(q(&td, "SELECT rounds FROM stats_games"), rounds);
	ck_assert_int_eq(q(&td, "SELECT started FROM stats_games"),
	    w.first_at);
	ck_assert_int_eq(q(&td, "SELECT ended FROM stats_games"), w.last_at);
	ck_assert_int_eq(q(&td, "SELECT winner FROM stats_games"), g->winner);
	ck_assert_int_eq(q(&td, "SELECT finisher FROM stats_games"),
	    w.last_seat);
	ck_assert_int_eq(q(&td, "SELECT by_tac FROM stats_games"), w.last_tac);
	ck_assert_int_eq(q(&td, "SELECT finished FROM games WHERE id = %lld",
	    (long long)id), 1);
	ck_assert_int_gt(q(&td, "SELECT takeovers FROM stats_games"), 0);

	/* Each seat, and each person's totals in the chat. */
	for (s = 0; s < 4; s++) {
		snprintf(pid, sizeof pid, "u%d", s);
		p = uid(&td, pid);
		team = s % 2;
		won = team == g->winner;
		ck_assert_int_eq(q(&td, "SELECT player FROM stats_seats WHERE "
		    "seat = %d", s), p);
		ck_assert_int_eq(q(&td, "SELECT played FROM stats_seats WHERE "
		    "seat = %d", s), w.played[s]);
		ck_assert_int_eq(q(&td, "SELECT tacs FROM stats_seats WHERE "
		    "seat = %d", s), w.tacs[s]);
		ck_assert_int_eq(q(&td, "SELECT kicks_given FROM stats_seats "
		    "WHERE seat = %d", s), w.given[s]);
		ck_assert_int_eq(q(&td, "SELECT kicks_taken FROM stats_seats "
		    "WHERE seat = %d", s), w.taken[s]);
		ck_assert_int_eq(q(&td, "SELECT takeovers FROM stats_seats "
		    "WHERE seat = %d", s), w.takeovers[s]);
		ck_assert_int_eq(q(&td, "SELECT won FROM stats_seats WHERE "
		    "seat = %d", s), won);
		ck_assert_int_eq(q(&td, "SELECT games FROM stats_players WHERE "
		    "player = %lld", (long long)p), 1);
		ck_assert_int_eq(q(&td, "SELECT wins FROM stats_players WHERE "
		    "player = %lld", (long long)p), won);
		ck_assert_int_eq(q(&td, "SELECT seconds FROM stats_players "
		    "WHERE player = %lld", (long long)p), w.last_at -
		    w.first_at);
		ck_assert_int_eq(q(&td, "SELECT sum(n) FROM stats_cards WHERE "
		    "player = %lld", (long long)p), w.played[s]);
		ck_assert_int_eq(q(&td, "SELECT coalesce(sum(n), 0) FROM "
		    "stats_cards WHERE player = %lld AND card = 'TAC'",
		    (long long)p), w.tacs[s]);
		/* Four newcomers: the winners gain 16, the losers lose 16. */
		snprintf(sql, sizeof sql, "SELECT rating FROM ratings WHERE "
		    "player = %lld", (long long)p);
		ck_assert_double_eq_tol(qr(&td, sql), won ? 1516 : 1484, 1e-9);
	}
	ck_assert_int_eq(q(&td, "SELECT count(*) FROM ratings"), 4);
	ck_assert_int_eq(q(&td, "SELECT count(*) FROM stats_pairs WHERE "
	    "games = 1"), 2);
	ck_assert_int_eq(q(&td, "SELECT count(*) FROM stats_pairs WHERE "
	    "a = %lld AND b = %lld", (long long)uid(&td, "u0"),
	    (long long)uid(&td, "u2")), 1);
	/* What was seen is not nothing: the counts were put to a test. */
	ck_assert_int_gt(w.given[0] + w.given[1] + w.given[2] + w.given[3], 0);
	ck_assert_int_gt(w.played[0], 0);
}
END_TEST

/* The team Elo's known cases. */
START_TEST(test_stats_rating_known_cases)
{
	double	r[6], d[6], e;
	int	team4[4] = { 0, 1, 0, 1 }, team6[6] = { 0, 1, 2, 0, 1, 2 };
	int	gap[4] = { 0, 1, -1, 1 }, i;

	/* Equal teams: 16 points each way. */
	for (i = 0; i < 4; i++)
		r[i] = 1500;
	store_rating_update(4, r, team4, 2, 0, d);
	ck_assert_double_eq_tol(d[0], 16, 1e-9);
	ck_assert_double_eq_tol(d[2], 16, 1e-9);
	ck_assert_double_eq_tol(d[1], -16, 1e-9);
	ck_assert_double_eq_tol(d[3], -16, 1e-9);

	/* The stronger team (1600 against 1400) wins: 7.69 points. */
	r[0] = r[2] = 1600;
	r[1] = r[3] = 1400;
	store_rating_update(4, r, team4, 2, 0, d);
	e = 1 / (1 + pow(10, -200.0 / 400));
	ck_assert_double_eq_tol(d[0], 32 * (1 - e), 1e-9);
	ck_assert_double_eq_tol(d[0], 7.6880, 1e-4);
	ck_assert_double_eq_tol(d[1], -7.6880, 1e-4);
	/* The weaker one wins: 24.31. */
	store_rating_update(4, r, team4, 2, 1, d);
	ck_assert_double_eq_tol(d[1], 24.3119, 1e-4);
	ck_assert_double_eq_tol(d[0], -24.3119, 1e-4);

	/* The mean is the team's: 1700 and 1500 weigh as 1600. */
	r[0] = 1700;
	r[2] = 1500;
	store_rating_update(4, r, team4, 2, 0, d);
	ck_assert_double_eq_tol(d[0], 7.6880, 1e-4);
	ck_assert_double_eq_tol(d[2], 7.6880, 1e-4);

	/* Three pairs, all even: the winners take 8 from each other pair. */
	for (i = 0; i < 6; i++)
		r[i] = 1500;
	store_rating_update(6, r, team6, 3, 2, d);
	ck_assert_double_eq_tol(d[2], 16, 1e-9);
	ck_assert_double_eq_tol(d[5], 16, 1e-9);
	for (i = 0; i < 6; i++) {
		if (team6[i] != 2)
			ck_assert_double_eq_tol(d[i], -8, 1e-9);
	}

	/* No winner: nothing changes; an empty seat never does. */
	store_rating_update(4, r, team4, 2, -1, d);
	for (i = 0; i < 4; i++)
		ck_assert_double_eq_tol(d[i], 0, 1e-12);
	r[0] = 1600;
	r[1] = r[3] = 1500;
	store_rating_update(4, r, gap, 2, 0, d);
	ck_assert_double_eq_tol(d[2], 0, 1e-12);
	ck_assert_double_eq_tol(d[0], 32 * (1 - 1 / (1 + pow(10,
	    -100.0 / 400))), 1e-9);
}
END_TEST

static void	play_random(int64_t, const char *);

/* Play game id to its end: people play random legal actions, AI by timers. */
static void
play_out(int64_t id, const char *chat)
{
	struct svc_game	*g;
	int		 steps;

	for (steps = 0; steps < MAXSTEPS; steps++) {
		td_run_timers(&td);
		g = td_info(&td, id);
		if (g->state != SVC_PLAYING)
			break;
		td.now += 3;
		play_random(id, chat);
		if (steps % 100 == 99) {
			td_drain(&td);
			td_clear(&td);
		}
	}
	td_drain(&td);
	td_clear(&td);
	ck_assert_msg(td_info(&td, id)->state == SVC_OVER, "game %lld in %s "
	    "did not end: %lld actions", (long long)id, chat,
	    (long long)td_info(&td, id)->turn_no);
}

/*
 * AI players are rated as players of their own: one person and three
 * AI seats (level 1 in the person's team and both of the other) make
 * the AI gain in one seat what it loses in two.  The second game starts
 * from the first's ratings.
 */
START_TEST(test_stats_rating_ai_player)
{
	struct svc_game	*g;
	double		 me, ai, e, d;
	int64_t		 id, u0;
	int		 won;

	td_say(&td, "u0", "/new seed=3");
	td_say(&td, "u0", "/ai all");
	td_say(&td, "u0", "/start");
	id = td_game(&td, "g1");
	play_out(id, "g1");
	g = td_info(&td, id);
	won = g->winner == 0;
	u0 = uid(&td, "u0");
	me = qr(&td, "SELECT rating FROM ratings WHERE player > 0");
	ai = qr(&td, "SELECT rating FROM ratings WHERE player = -1");
	ck_assert_double_eq_tol(me, won ? 1516 : 1484, 1e-9);
	ck_assert_double_eq_tol(ai, won ? 1484 : 1516, 1e-9);
	ck_assert_int_eq(q(&td, "SELECT games FROM ratings WHERE player = -1"),
	    3);
	ck_assert_int_eq(q(&td, "SELECT games FROM stats_players WHERE "
	    "player = -1"), 3);
	ck_assert_int_eq(q(&td, "SELECT count(*) FROM stats_pairs"), 1);

	/* Game 2, from these ratings: team 0's mean is (me + ai) / 2. */
	td.now += 100;
	td_say(&td, "u0", "/new seed=8");
	td_say(&td, "u0", "/ai all");
	td_say(&td, "u0", "/start");
	id = td_game(&td, "g1");
	play_out(id, "g1");
	g = td_info(&td, id);
	e = 1 / (1 + pow(10, (ai - (me + ai) / 2) / 400));
	d = g->winner == 0 ? 32 * (1 - e) : -32 * e;
	ck_assert_double_eq_tol(qr(&td, "SELECT rating FROM ratings WHERE "
	    "player > 0"), me + d, 1e-9);
	ck_assert_double_eq_tol(qr(&td, "SELECT rating FROM ratings WHERE "
	    "player = -1"), ai + d - 2 * d, 1e-9);
	ck_assert_int_eq(q(&td, "SELECT games FROM stats_players WHERE "
	    "player = %lld", (long long)u0), 2);
}
END_TEST

static uint64_t	rnd_state;

/* A number below n from the test's own generator (fixed seed). */
static unsigned
rnd(unsigned n)
{
	return (tac_rng_below(&rnd_state, n));
}

/*
 * Open a random game in chat: 4 or 6 seats, pairs or triples, a few of
 * the people u0..u7 and AI players in the rest, sometimes a deadline.
 */
static int64_t
open_random(const char *chat, int seed)
{
	char	cmd[128], who[8];
	int	nseats = rnd(3) == 0 ? 6 : 4, j, n;

	snprintf(who, sizeof who, "u%u", rnd(8));
	snprintf(cmd, sizeof cmd, "/new %d %s seed=%d%s", nseats,
	    nseats == 6 && rnd(2) ? "triples" : "pairs", seed,
	    rnd(3) == 0 ? " deadline=2h" : "");
	ck_assert_int_eq(td_event(&td, chat, 0, who, 0, cmd), 0);
	n = (int)rnd((unsigned)nseats);
	for (j = 0; j < n; j++) {
		snprintf(cmd, sizeof cmd, "u%u", rnd(8));
		ck_assert_int_eq(td_event(&td, chat, 0, cmd, 0, "/join"), 0);
	}
	ck_assert_int_eq(td_event(&td, chat, 0, who, 0, "/ai all"), 0);
	ck_assert_int_eq(td_event(&td, chat, 0, who, 0, "/start"), 0);
	return (td_game(&td, chat));
}

/* The person to act in game id plays a random legal action. */
static void
play_random(int64_t id, const char *chat)
{
	static struct tac_list	*l;
	struct tac_state	 st;
	struct svc_game		*g;
	char			 act[160], text[200];
	int			 n;

	if (l == NULL)
		l = malloc(sizeof *l);
	ck_assert_ptr_nonnull(l);
	ck_assert_int_eq(svc_game_position(td.svc, id, -1, &st), 0);
	ck_assert_int_gt((n = tac_legal(&st, l)), 0);
	tac_action_format(&l->a[rnd((unsigned)n)], act, sizeof act);
	snprintf(text, sizeof text, "/play %s", act);
	g = td_info(&td, id);
	ck_assert_int_eq(td_event(&td, chat, 0, g->seats[st.turn].user, 0,
	    text), 0);
}

/* Append a table's rows, sorted, each value exactly, to buf. */
static void
dump_table(struct td *t, const char *table, char **buf, size_t *len)
{
	sqlite3_stmt	*st;
	FILE		*f;
	char		 sql[128];
	int		 i, n;

	f = open_memstream(buf, len);
	ck_assert_ptr_nonnull(f);
	snprintf(sql, sizeof sql, "SELECT * FROM %s ORDER BY 1, 2, 3", table);
	if (strcmp(table, "ratings") == 0 || strcmp(table, "stats_games") == 0)
		snprintf(sql, sizeof sql, "SELECT * FROM %s ORDER BY 1", table);
	ck_assert_int_eq(sqlite3_prepare_v2(store_db(t->store), sql, -1, &st,
	    NULL), SQLITE_OK);
	fprintf(f, "%s:\n", table);
	n = sqlite3_column_count(st);
	while (sqlite3_step(st) == SQLITE_ROW) {
		for (i = 0; i < n; i++) {
			if (sqlite3_column_type(st, i) == SQLITE_FLOAT)
				fprintf(f, " %a", sqlite3_column_double(st, i));
			else
				fprintf(f, " %s", (const char *)
				    sqlite3_column_text(st, i));
		}
		fputc('\n', f);
	}
	sqlite3_finalize(st);
	fclose(f);
}

/* Every statistics table as text, to compare two of them exactly. */
static char *
dump_stats(struct td *t)
{
	static const char *const tables[] = {
		"stats_games", "stats_seats", "stats_players", "stats_pairs",
		"stats_cards", "ratings"
	};
	char	*all = NULL, *one;
	size_t	 i, len, alen = 0;
	FILE	*f;

	f = open_memstream(&all, &alen);
	ck_assert_ptr_nonnull(f);
	for (i = 0; i < sizeof tables / sizeof tables[0]; i++) {
		dump_table(t, tables[i], &one, &len);
		fputs(one, f);
		free(one);
	}
	fclose(f);
	return (all);
}

/* Two dumps must be the same; the message shows where they part. */
static void
same_text(const char *a, const char *b)
{
	size_t	i;

	for (i = 0; a[i] != '\0' && a[i] == b[i]; i++)
		;
	ck_assert_msg(a[i] == b[i], "they differ at byte %zu: \"%.60s\" "
	    "against \"%.60s\"", i, a + (i > 20 ? i - 20 : 0),
	    b + (i > 20 ? i - 20 : 0));
}

/*
 * Many random games at once in three chats (4 and 6 seats, pairs and
 * triples, people and AI, deadlines that pass, a game aborted), ending
 * in an interleaved order: the tables kept at each end equal a rebuild
 * from the logs, value for value.
 */
START_TEST(test_stats_rebuild_equals_incremental)
{
	static const char *const chats[] = { "g1", "g2", "g3" };
	struct svc_game	*g;
	int64_t		 ids[3], over;
	char		*kept, *rebuilt;
	int		 opened = 0, left = 3, c, steps, seat, aborted = 0;

	rnd_state = 20261201;
	for (c = 0; c < 3; c++)
		ids[c] = open_random(chats[c], ++opened);
	for (steps = 0; left > 0 && steps < 200000; steps++) {
		c = (int)rnd(3);
		if (ids[c] == 0)
			continue;
		g = td_info(&td, ids[c]);
		if (g->state != SVC_PLAYING) {
			if (opened < 30) {
				td.now += 60;
				ids[c] = open_random(chats[c], ++opened);
			} else {
				ids[c] = 0;
				left--;
			}
			continue;
		}
		seat = g->actor;
		td.now += 1 + rnd(5);
		if (seat < 0 || g->seats[seat].ai > 0 || g->seats[seat].away ||
		    g->seats[seat].user[0] == '\0')
			ck_assert_int_ge(svc_timers(td.svc), 0);
		else if (g->deadline > 0 && rnd(15) == 0) {
			td.now += g->deadline + 1;
			td_run_timers(&td);
		} else if (!aborted && opened == 12 && g->turn_no > 40) {
			aborted = 1;
			ck_assert_int_eq(td_event(&td, chats[c], 0, "boss", 1,
			    "/abort"), 0);
		} else
			play_random(ids[c], chats[c]);
		if (steps == 5000)
			ck_assert_int_eq(td_event(&td, "u3", 1, "u3", 0,
			    "/stats off"), 0);
	}
	ck_assert_int_eq(left, 0);
	over = q(&td, "SELECT count(*) FROM games WHERE state = 2");
	ck_assert_int_ge(over, 28);
	ck_assert_int_eq(q(&td, "SELECT count(*) FROM games WHERE state = 3"),
	    1);
	ck_assert_int_eq(q(&td, "SELECT count(*) FROM stats_games"), over);
	ck_assert_int_eq(q(&td, "SELECT count(DISTINCT finished) FROM games "
	    "WHERE state = 2"), over);
	ck_assert_int_eq(q(&td, "SELECT sum(games) FROM stats_players"),
	    q(&td, "SELECT count(*) FROM stats_seats"));
	ck_assert_int_gt(q(&td, "SELECT count(*) FROM ratings WHERE rating "
	    "!= 1500"), 4);
	ck_assert_int_gt(q(&td, "SELECT count(*) FROM stats_players WHERE "
	    "player > 0"), 5);
	ck_assert_int_gt(q(&td, "SELECT sum(takeovers) FROM stats_games"), 0);
	ck_assert_int_eq(q(&td, "SELECT hidden FROM users WHERE pid = 'u3'"),
	    1);
	/* Games in different chats ended out of their id order. */
	ck_assert_int_gt(q(&td, "SELECT count(*) FROM games a JOIN games b ON "
	    "a.id < b.id AND a.finished > b.finished WHERE a.state = 2 AND "
	    "b.state = 2"), 0);

	kept = dump_stats(&td);
	ck_assert_int_eq(store_begin(td.store), 0);
	ck_assert_int_eq(store_stats_rebuild(td.store), over);
	ck_assert_int_eq(store_commit(td.store), 0);
	rebuilt = dump_stats(&td);
	same_text(kept, rebuilt);
	free(kept);
	free(rebuilt);
}
END_TEST

/*
 * A database of schema 4 (before the statistics) with games in it:
 * three finished games, one running and one aborted, copied from a
 * database where they were played.  Opening it migrates to the tables
 * and fills them: exactly as they were kept where the games were played.
 */
START_TEST(test_stats_migration_from_v4)
{
	struct store	*s;
	sqlite3		*db;
	char		 v4[sizeof td.path], sql[1024], *played, *migrated;
	char		*cause;
	int64_t		 id;
	int		 i;

	/* Play them: one after another, a few seconds apart. */
	for (i = 0; i < 2; i++) {
		td.now += 50;
		id = td_lobby4(&td, "g1", i == 0 ? "seed=4" : "6 seed=5");
		if (i == 1) {
			/* A six-seat lobby: two more people join. */
			ck_assert_int_eq(td_info(&td, id)->state, SVC_LOBBY);
			td_event(&td, "g1", 0, "u4", 0, "/join");
			td_event(&td, "g1", 0, "u5", 0, "/join");
			td_event(&td, "g1", 0, "u0", 0, "/start");
			id = td_game(&td, "g1");
		}
		play_out(id, "g1");
	}
	td.now += 50;
	td_event(&td, "g2", 0, "u6", 0, "/new seed=6");
	td_event(&td, "g2", 0, "u6", 0, "/ai all");
	td_event(&td, "g2", 0, "u6", 0, "/start");
	play_out(td_game(&td, "g2"), "g2");
	td.now += 50;
	id = td_lobby4(&td, "g3", "seed=7");
	for (i = 0; i < 10; i++)
		ck_assert_int_eq(td_play_first(&td, id, "g3"), 0);
	td_event(&td, "g4", 0, "u7", 0, "/new");
	td_event(&td, "g4", 0, "u7", 0, "/abort");
	ck_assert_int_eq(q(&td, "SELECT count(*) FROM games WHERE state = 2"),
	    3);
	ck_assert_int_eq(q(&td, "SELECT count(*) FROM stats_games"), 3);
	played = dump_stats(&td);

	/* The same rows in a database of schema 4. */
	snprintf(v4, sizeof v4, "%.280s/v4.db", td.dir);
	s = store_open_version(v4, STORE_NOSYNC, 4, &cause);
	ck_assert_msg(s != NULL, "%s", cause);
	store_close(s);
	ck_assert_int_eq(sqlite3_open(v4, &db), SQLITE_OK);
	snprintf(sql, sizeof sql, "ATTACH '%s' AS a; "
	    "INSERT INTO chats (id, platform, pid, title, private, lang, board) "
	    "SELECT id, platform, pid, title, private, lang, board FROM "
	    "a.chats; INSERT INTO users (id, platform, pid, name, lang) "
	    "SELECT id, platform, pid, name, lang FROM a.users; "
	    "INSERT INTO games (id, chat, state, players, triples, master, "
	    "names, seed, deadline, creator, turn_no, actor, due, winner, "
	    "created, updated, snapshot, remind, ai) SELECT id, chat, state, "
	    "players, triples, master, names, seed, deadline, creator, "
	    "turn_no, actor, due, winner, created, updated, snapshot, remind, "
	    "ai FROM a.games; INSERT INTO seats SELECT * FROM a.seats; "
	    "INSERT INTO actions SELECT * FROM a.actions; DETACH a", td.path);
	ck_assert_int_eq(sqlite3_exec(db, sql, NULL, NULL, NULL), SQLITE_OK);
	sqlite3_close(db);

	/* Open it as tacd does. */
	td_close(&td);
	snprintf(td.path, sizeof td.path, "%s", v4);
	td_open(&td);
	ck_assert_int_eq(store_version(td.store), store_latest());
	ck_assert_int_eq(q(&td, "SELECT count(*) FROM kv WHERE key = "
	    "'stats:fill'"), 0);
	ck_assert_int_eq(q(&td, "SELECT count(*) FROM games WHERE finished > "
	    "0"), 3);
	migrated = dump_stats(&td);
	same_text(migrated, played);
	free(played);
	free(migrated);

	/* The running game goes on and is added when it ends. */
	play_out(id, "g3");
	ck_assert_int_eq(q(&td, "SELECT count(*) FROM stats_games"), 4);
	ck_assert_int_eq(q(&td, "SELECT finished FROM games WHERE id = %lld",
	    (long long)id), 4);
}
END_TEST

/* The one delivered row of a kind, after draining. */
static struct td_out *
row(const char *kind)
{
	struct td_out	*o;

	td_drain(&td);
	o = td_find(&td, kind, NULL);
	ck_assert_msg(o != NULL, "no %s row among %d", kind, td.nout);
	return (o);
}

/* The number of players in a row's "players". */
static size_t
nplayers(const struct td_out *o)
{
	return (json_array_size(json_object_get(o->payload, "players")));
}

/* Is a platform user among a row's players? */
static int
has_player(const struct td_out *o, const char *user)
{
	json_t	*p;
	size_t	 i;

	json_array_foreach(json_object_get(o->payload, "players"), i, p) {
		if (strcmp(json_string_value(json_object_get(p, "user")),
		    user) == 0)
			return (1);
	}
	return (0);
}

/*
 * The commands: a group's table and chart, a member's, one's own in
 * private, /top in rating order, /history with its buttons, a game's
 * summary and record pages; and privacy: /stats off, a person who never
 * played in a group, a game of another chat.
 */
START_TEST(test_stats_commands)
{
	struct td_out	*o;
	json_t		*p, *prev;
	char		 data[64];
	int64_t		 g1, g2, run;
	size_t		 i;

	td_event(&td, "g1", 0, "u0", 0, "/stats");
	ck_assert_str_eq(td_str(row("info"), "code"), "no_stats");
	td_clear(&td);

	g1 = td_lobby4(&td, "g1", "seed=4");
	play_out(g1, "g1");
	td.now += 30;
	g2 = td_lobby4(&td, "g1", "seed=9");
	play_out(g2, "g1");
	/* u5 plays only in g2's chat "g5". */
	td_event(&td, "g5", 0, "u5", 0, "/new seed=2");
	td_event(&td, "g5", 0, "u5", 0, "/ai all");
	td_event(&td, "g5", 0, "u5", 0, "/start");
	play_out(td_game(&td, "g5"), "g5");
	run = td_lobby4(&td, "g1", "seed=12");
	td_drain(&td);
	td_clear(&td);

	/* The group's table and its chart. */
	ck_assert_int_eq(td_event(&td, "g1", 0, "u0", 0, "/stats"), 0);
	o = row("stats");
	ck_assert_str_eq(o->chat, "g1");
	ck_assert_str_eq(td_str(o, "scope"), "chat");
	ck_assert_int_eq(json_integer_value(json_object_get(json_object_get(
	    o->payload, "totals"), "games")), 2);
	ck_assert_uint_eq(nplayers(o), 4);
	ck_assert(!has_player(o, "u5"));
	ck_assert_uint_eq(json_array_size(json_object_get(o->payload,
	    "pairs")), 2);
	o = td_find(&td, "chart", "g1");
	ck_assert_ptr_nonnull(o);
	ck_assert_str_eq(td_str(o, "chart"), "wins");
	ck_assert_uint_eq(json_array_size(json_object_get(o->payload, "bars")),
	    4);
	td_clear(&td);

	/* /stats off: out of the table, the pairs and a member's lookup. */
	ck_assert_int_eq(td_event(&td, "u1", 1, "u1", 0, "/stats off"), 0);
	ck_assert_str_eq(td_str(row("info"), "code"), "stats_off");
	td_clear(&td);
	td_event(&td, "g1", 0, "u0", 0, "/stats");
	o = row("stats");
	ck_assert_uint_eq(nplayers(o), 3);
	ck_assert(!has_player(o, "u1"));
	ck_assert_uint_eq(json_array_size(json_object_get(o->payload,
	    "pairs")), 1);
	td_clear(&td);
	td_event(&td, "g1", 0, "u0", 0, "/stats @Name-u1");
	td_expect_error(&td, "stats_hidden", "a hidden member");
	td_event(&td, "g1", 0, "u0", 0, "/top");
	ck_assert(!has_player(row("top"), "u1"));
	td_clear(&td);
	/* They still see their own in private. */
	td_event(&td, "u1", 1, "u1", 0, "/stats");
	ck_assert_str_eq(td_str(row("stats"), "scope"), "person");
	td_clear(&td);
	td_event(&td, "u1", 1, "u1", 0, "/stats on");
	ck_assert_str_eq(td_str(row("info"), "code"), "stats_on");
	td_clear(&td);

	/* A member, by name (any case, "@" or not). */
	td_event(&td, "g1", 0, "u0", 0, "/stats @name-U2");
	o = row("stats");
	ck_assert_str_eq(td_str(o, "scope"), "person");
	ck_assert_str_eq(td_str(o, "where"), "chat");
	p = json_object_get(o->payload, "person");
	ck_assert_str_eq(json_string_value(json_object_get(p, "user")), "u2");
	ck_assert_int_eq(json_integer_value(json_object_get(p, "games")), 2);
	ck_assert_int_gt(json_array_size(json_object_get(o->payload, "cards")),
	    3);
	o = td_find(&td, "chart", "g1");
	ck_assert_str_eq(td_str(o, "chart"), "rating");
	ck_assert_uint_eq(json_array_size(json_object_get(o->payload,
	    "points")), 2);
	td_clear(&td);
	/* Nothing about a person in a group where they never played. */
	td_event(&td, "g1", 0, "u0", 0, "/stats Name-u5");
	td_expect_error(&td, "no_such_player", "a stranger to the group");
	td_event(&td, "u5", 1, "u5", 0, "/stats Name-u0");
	td_expect_error(&td, "group_only", "a name in private");

	/* One's own over all groups. */
	td_event(&td, "u0", 1, "u0", 0, "/stats");
	o = row("stats");
	ck_assert_str_eq(td_str(o, "where"), "all");
	ck_assert_int_eq(json_integer_value(json_object_get(json_object_get(
	    o->payload, "person"), "games")), 2);
	ck_assert_ptr_nonnull(td_find(&td, "chart", "u0"));
	td_clear(&td);

	/* /top: the group's players, best rating first. */
	td_event(&td, "g1", 0, "u3", 0, "/top");
	o = row("top");
	ck_assert_uint_eq(nplayers(o), 4);
	prev = NULL;
	json_array_foreach(json_object_get(o->payload, "players"), i, p) {
		if (prev != NULL)
			ck_assert(json_number_value(json_object_get(prev,
			    "rating")) >= json_number_value(json_object_get(p,
			    "rating")));
		prev = p;
	}
	td_clear(&td);
	td_event(&td, "u3", 1, "u3", 0, "/top");
	td_expect_error(&td, "group_only", "/top in private");

	/* /history: the last game first, with its seats. */
	td_event(&td, "g1", 0, "u3", 0, "/history");
	o = row("history");
	p = json_object_get(o->payload, "games");
	ck_assert_uint_eq(json_array_size(p), 2);
	ck_assert_int_eq(json_integer_value(json_object_get(json_array_get(p,
	    0), "game")), g2);
	ck_assert_uint_eq(json_array_size(json_object_get(json_array_get(p, 0),
	    "seats")), 4);
	td_clear(&td);

	/* Its buttons: a summary, a record and its next page. */
	snprintf(data, sizeof data, "%lld::summary", (long long)g1);
	ck_assert_int_eq(td_button(&td, "g1", "u3", data), 0);
	o = row("summary");
	ck_assert_int_eq(td_int(o, "game"), g1);
	ck_assert_int_eq(json_integer_value(json_object_get(json_object_get(
	    o->payload, "summary"), "actions")), td_info(&td, g1)->turn_no);
	td_clear(&td);
	snprintf(data, sizeof data, "%lld::record", (long long)g1);
	ck_assert_int_eq(td_button(&td, "g1", "u3", data), 0);
	o = row("record");
	ck_assert_int_eq(td_int(o, "page"), 1);
	ck_assert_int_eq(td_int(o, "message"), 0);
	ck_assert_int_eq(td_int(o, "pages"), (td_info(&td, g1)->turn_no +
	    79) / 80);
	ck_assert_uint_eq(json_array_size(json_object_get(o->payload,
	    "actions")), 80);
	td_clear(&td);
	snprintf(data, sizeof data, "%lld::record 2", (long long)g1);
	ck_assert_int_eq(td_button(&td, "g1", "u3", data), 0);
	o = row("record");
	ck_assert_int_eq(td_int(o, "page"), 2);
	ck_assert_int_eq(td_int(o, "first"), 80);
	td_clear(&td);
	td_event(&td, "g1", 0, "u3", 0, "/record #1 999");
	td_expect_error(&td, "bad_page", "a page past the end");

	/* Only in the game's chat or to its players; only once it ended. */
	td_event(&td, "g5", 0, "u5", 0, "/summary #1");
	td_expect_error(&td, "no_game", "another chat's game");
	td_event(&td, "u0", 1, "u0", 0, "/summary #1");
	ck_assert_ptr_nonnull(row("summary"));
	td_clear(&td);
	snprintf(data, sizeof data, "/summary #%lld", (long long)run);
	td_event(&td, "g1", 0, "u0", 0, data);
	td_expect_error(&td, "not_over", "a running game");
	td_event(&td, "g1", 0, "u0", 0, "/summary");
	td_expect_error(&td, "usage", "no game named");
}
END_TEST

/*
 * A group becomes a supergroup whose new id already had a finished game
 * of its own (an update came before the migration notice): the new
 * id's statistics join the old row's, and still equal a rebuild.
 */
START_TEST(test_stats_chat_migrate)
{
	char	*kept, *rebuilt;

	rnd_state = 5;
	td_event(&td, "g1", 0, "u0", 0, "/new seed=2");
	td_event(&td, "g1", 0, "u0", 0, "/ai all");
	td_event(&td, "g1", 0, "u0", 0, "/start");
	play_out(td_game(&td, "g1"), "g1");
	td.now += 60;
	td_event(&td, "g9", 0, "u0", 0, "/new seed=3");
	td_event(&td, "g9", 0, "u0", 0, "/ai all");
	td_event(&td, "g9", 0, "u0", 0, "/start");
	play_out(td_game(&td, "g9"), "g9");
	ck_assert_int_eq(q(&td, "SELECT count(DISTINCT chat) FROM "
	    "stats_players"), 2);
	ck_assert_int_eq(svc_chat_migrate(td.svc, "test", "g1", "g9"), 0);
	ck_assert_int_eq(q(&td, "SELECT count(*) FROM chats WHERE pid IN "
	    "('g1', 'g9')"), 1);
	ck_assert_int_eq(q(&td, "SELECT count(DISTINCT chat) FROM "
	    "stats_players"), 1);
	ck_assert_int_eq(q(&td, "SELECT count(DISTINCT chat) FROM "
	    "stats_games"), 1);
	ck_assert_int_eq(q(&td, "SELECT games FROM stats_players WHERE "
	    "player = %lld", (long long)uid(&td, "u0")), 2);
	kept = dump_stats(&td);
	ck_assert_int_eq(store_begin(td.store), 0);
	ck_assert_int_eq(store_stats_rebuild(td.store), 2);
	ck_assert_int_eq(store_commit(td.store), 0);
	rebuilt = dump_stats(&td);
	same_text(kept, rebuilt);
	free(kept);
	free(rebuilt);
}
END_TEST

/* The statistics suite. */
Suite *
suite_stats(void)
{
	Suite	*s;
	TCase	*tc;

	s = suite_create("stats");
	tc = tcase_create("stats");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, test_stats_counts_whole_game);
	tcase_add_test(tc, test_stats_rating_known_cases);
	tcase_add_test(tc, test_stats_rating_ai_player);
	tcase_add_test(tc, test_stats_commands);
	tcase_add_test(tc, test_stats_migration_from_v4);
	tcase_add_test(tc, test_stats_chat_migrate);
	tcase_add_test(tc, test_stats_rebuild_equals_incremental);
	suite_add_tcase(s, tc);
	return (s);
}
