/*
 * check_stats.c: the statistics and the rating through the real service
 * and store: a whole game's counts against what a spectator of it saw,
 * the rating's known cases and AI players, the commands and their
 * privacy.  check_stats_log.c holds the tables against the logs.
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

struct td	stats_td;	/* shared with check_stats_log.c */

/* Each test starts with an empty database and service. */
static void
setup(void)
{
	td_init(&stats_td, STORE_NOSYNC);
	td_open(&stats_td);
}

/* And leaves nothing behind. */
static void
teardown(void)
{
	td_done(&stats_td);
}

/* users.id of a platform user id. */
int64_t
uid(struct td *t, const char *pid)
{
	char	sql[128];

	snprintf(sql, sizeof sql, "SELECT id FROM users WHERE pid = '%s'", pid);
	return (td_sql_int(t, sql));
}

/* One number of the statistics: printf-style SQL, its first column. */
int64_t
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
	double	 v = -1;

	ck_assert_int_ge(store_sql_double(t->store, sql, &v), 0);
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
	int	gifting;	/* an exchange's gifts are being given */
	int	last_seat;
	int	last_tac;
	int64_t	told;		/* the live message told up to this turn */
	int64_t	first_at;
	int64_t	last_at;
};

/*
 * Take in an exchange's step (before: its position): the group hears
 * nothing of a gift until the last is in, then its live message tells
 * the exchange's end for all of them (a gift plays no card); a deadline that passed tells of
 * each gift the AI made for a person ("takeover").
 */
static void
see_gifts(struct seen *w, int64_t game, const struct tac_state *before,
    const struct tac_state *after)
{
	struct td_out	*o;
	int		 i, done;

	done = after->phase != TAC_PH_EXCHANGE || after->round != before->round;
	ck_assert_int_eq(td_count(&stats_td, "moved", NULL), 0);
	ck_assert_int_eq(td_count(&stats_td, "exchanged", NULL), 0);
	ck_assert_int_eq(td_exchanged(&stats_td, game) == before->round,
	    done);
	for (i = 0; i < stats_td.nout; i++) {
		o = &stats_td.out[i];
		if (strcmp(o->kind, "takeover") == 0) {
			ck_assert_str_eq(td_str(o, "action"), "give");
			w->takeovers[td_int(o, "seat")]++;
		}
	}
	if (w->actions == 0 && !w->gifting)
		w->first_at = stats_td.now;
	w->gifting = !done;
	if (done)
		w->actions += before->cfg.nseats;
}

/*
 * Take in the one action that took the game from before to the position
 * now, as the group's live message tells it (svc_live()): the card (a
 * discard plays none) and the bases that grew; an exchange's as
 * see_gifts() does.
 */
static void
see(struct seen *w, int64_t game, const struct tac_state *before)
{
	struct tac_state	 after;
	struct tac_action	 a;
	struct svc_live		 l;
	json_t			*o;
	const char		*text;
	char			 why[128];
	int			 seat, s, n = 0;
	size_t			 i;

	td_drain(&stats_td);
	ck_assert_int_eq(svc_game_position(stats_td.svc, game, -1, &after), 0);
	ck_assert_int_ge(svc_live(stats_td.svc, game, &l), 0);
	if (before->phase == TAC_PH_EXCHANGE) {
		/* The live message tells a gift face down: "give". */
		json_array_foreach(l.moves, i, o) {
			if (json_integer_value(json_object_get(o, "turn")) <=
			    w->told)
				continue;
			w->told = json_integer_value(json_object_get(o, "turn"));
			ck_assert_str_eq(json_string_value(json_object_get(o,
			    "action")), "give");
		}
		svc_live_free(&l);
		see_gifts(w, game, before, &after);
		td_clear(&stats_td);
		return;
	}
	json_array_foreach(l.moves, i, o) {
		if (json_integer_value(json_object_get(o, "turn")) <= w->told)
			continue;
		w->told = json_integer_value(json_object_get(o, "turn"));
		n++;
		seat = (int)json_integer_value(json_object_get(o, "seat"));
		text = json_string_value(json_object_get(o, "action"));
		ck_assert_ptr_nonnull(text);
		ck_assert_int_eq(tac_action_parse(text, &a, why, sizeof why), 0);
		/* A discard plays none; else the card written first. */
		if (a.op != TAC_OP_DISCARD) {
			w->played[seat]++;
			if (a.tac || (!a.devil && a.card == TAC_TAC))
				w->tacs[seat]++;
		}
		w->last_tac = a.tac;
		if (strcmp(json_string_value(json_object_get(o, "by")),
		    "timeout") == 0)
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
			w->first_at = stats_td.now;
		w->last_at = stats_td.now;
		w->last_seat = seat;
	}
	svc_live_free(&l);
	ck_assert_int_eq(n, 1);
	td_clear(&stats_td);
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
	id = td_lobby4(&stats_td, "g1", "seed=11 deadline=2h");
	td_drain(&stats_td);
	td_clear(&stats_td);
	for (steps = 0; steps < MAXSTEPS; steps++) {
		g = td_info(&stats_td, id);
		if (g->state != SVC_PLAYING)
			break;
		ck_assert_int_eq(svc_game_position(stats_td.svc, id, -1, &before), 0);
		if (steps % 40 == 39) {
			stats_td.now += DEADLINE + 1;
			ck_assert_int_eq(td_run_timers(&stats_td), 1);
		} else {
			stats_td.now += 7;
			ck_assert_int_eq(td_play_first(&stats_td, id, "g1"), 0);
		}
		see(&w, id, &before);
	}
	g = td_info(&stats_td, id);
	ck_assert_int_eq(g->state, SVC_OVER);
	ck_assert_int_eq(svc_game_position(stats_td.svc, id, -1, &end), 0);
	rounds = end.round;

	/* The game. */
	ck_assert_int_eq(q(&stats_td, "SELECT count(*) FROM stats_games"), 1);
	ck_assert_int_eq(q(&stats_td, "SELECT actions FROM stats_games"), w.actions);
	ck_assert_int_eq(q(&stats_td, "SELECT actions FROM stats_games"),
	    g->turn_no);
	ck_assert_int_eq(q(&stats_td, "SELECT rounds FROM stats_games"), rounds);
	ck_assert_int_eq(q(&stats_td, "SELECT started FROM stats_games"),
	    w.first_at);
	ck_assert_int_eq(q(&stats_td, "SELECT ended FROM stats_games"), w.last_at);
	ck_assert_int_eq(q(&stats_td, "SELECT winner FROM stats_games"), g->winner);
	ck_assert_int_eq(q(&stats_td, "SELECT finisher FROM stats_games"),
	    w.last_seat);
	ck_assert_int_eq(q(&stats_td, "SELECT by_tac FROM stats_games"), w.last_tac);
	ck_assert_int_eq(q(&stats_td, "SELECT finished FROM games WHERE id = %lld",
	    (long long)id), 1);
	ck_assert_int_gt(q(&stats_td, "SELECT takeovers FROM stats_games"), 0);

	/* Each seat, and each person's totals in the chat. */
	for (s = 0; s < 4; s++) {
		snprintf(pid, sizeof pid, "u%d", s);
		p = uid(&stats_td, pid);
		team = s % 2;
		won = team == g->winner;
		ck_assert_int_eq(q(&stats_td, "SELECT player FROM stats_seats WHERE "
		    "seat = %d", s), p);
		ck_assert_int_eq(q(&stats_td, "SELECT played FROM stats_seats WHERE "
		    "seat = %d", s), w.played[s]);
		ck_assert_int_eq(q(&stats_td, "SELECT tacs FROM stats_seats WHERE "
		    "seat = %d", s), w.tacs[s]);
		ck_assert_int_eq(q(&stats_td, "SELECT kicks_given FROM stats_seats "
		    "WHERE seat = %d", s), w.given[s]);
		ck_assert_int_eq(q(&stats_td, "SELECT kicks_taken FROM stats_seats "
		    "WHERE seat = %d", s), w.taken[s]);
		ck_assert_int_eq(q(&stats_td, "SELECT takeovers FROM stats_seats "
		    "WHERE seat = %d", s), w.takeovers[s]);
		ck_assert_int_eq(q(&stats_td, "SELECT won FROM stats_seats WHERE "
		    "seat = %d", s), won);
		ck_assert_int_eq(q(&stats_td, "SELECT games FROM stats_players WHERE "
		    "player = %lld", (long long)p), 1);
		ck_assert_int_eq(q(&stats_td, "SELECT wins FROM stats_players WHERE "
		    "player = %lld", (long long)p), won);
		ck_assert_int_eq(q(&stats_td, "SELECT seconds FROM stats_players "
		    "WHERE player = %lld", (long long)p), w.last_at -
		    w.first_at);
		ck_assert_int_eq(q(&stats_td, "SELECT sum(n) FROM stats_cards WHERE "
		    "player = %lld", (long long)p), w.played[s]);
		ck_assert_int_eq(q(&stats_td, "SELECT coalesce(sum(n), 0) FROM "
		    "stats_cards WHERE player = %lld AND card = 'TAC'",
		    (long long)p), w.tacs[s]);
		/* Four newcomers: the winners gain 16, the losers lose 16. */
		snprintf(sql, sizeof sql, "SELECT rating FROM ratings WHERE "
		    "player = %lld", (long long)p);
		ck_assert_double_eq_tol(qr(&stats_td, sql), won ? 1516 : 1484, 1e-9);
	}
	ck_assert_int_eq(q(&stats_td, "SELECT count(*) FROM ratings"), 4);
	ck_assert_int_eq(q(&stats_td, "SELECT count(*) FROM stats_pairs WHERE "
	    "games = 1"), 2);
	ck_assert_int_eq(q(&stats_td, "SELECT count(*) FROM stats_pairs WHERE "
	    "a = %lld AND b = %lld", (long long)uid(&stats_td, "u0"),
	    (long long)uid(&stats_td, "u2")), 1);
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

/* Play game id to its end: people play random legal actions, AI by timers. */
void
play_out(int64_t id, const char *chat)
{
	struct svc_game	*g;
	int		 steps;

	for (steps = 0; steps < MAXSTEPS; steps++) {
		td_run_timers(&stats_td);
		g = td_info(&stats_td, id);
		if (g->state != SVC_PLAYING)
			break;
		stats_td.now += 3;
		play_random(id, chat);
		if (steps % 100 == 99) {
			td_drain(&stats_td);
			td_clear(&stats_td);
		}
	}
	td_drain(&stats_td);
	td_clear(&stats_td);
	ck_assert_msg(td_info(&stats_td, id)->state == SVC_OVER, "game %lld in %s "
	    "did not end: %lld actions", (long long)id, chat,
	    (long long)td_info(&stats_td, id)->turn_no);
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

	td_say(&stats_td, "u0", "/new seed=3");
	td_say(&stats_td, "u0", "/ai all");
	td_say(&stats_td, "u0", "/start");
	id = td_game(&stats_td, "g1");
	play_out(id, "g1");
	g = td_info(&stats_td, id);
	won = g->winner == 0;
	u0 = uid(&stats_td, "u0");
	me = qr(&stats_td, "SELECT rating FROM ratings WHERE player > 0");
	ai = qr(&stats_td, "SELECT rating FROM ratings WHERE player = -1");
	ck_assert_double_eq_tol(me, won ? 1516 : 1484, 1e-9);
	ck_assert_double_eq_tol(ai, won ? 1484 : 1516, 1e-9);
	ck_assert_int_eq(q(&stats_td, "SELECT games FROM ratings WHERE player = -1"),
	    3);
	ck_assert_int_eq(q(&stats_td, "SELECT games FROM stats_players WHERE "
	    "player = -1"), 3);
	ck_assert_int_eq(q(&stats_td, "SELECT count(*) FROM stats_pairs"), 1);

	/* Game 2, from these ratings: team 0's mean is (me + ai) / 2. */
	stats_td.now += 100;
	td_say(&stats_td, "u0", "/new seed=8");
	td_say(&stats_td, "u0", "/ai all");
	td_say(&stats_td, "u0", "/start");
	id = td_game(&stats_td, "g1");
	play_out(id, "g1");
	g = td_info(&stats_td, id);
	e = 1 / (1 + pow(10, (ai - (me + ai) / 2) / 400));
	d = g->winner == 0 ? 32 * (1 - e) : -32 * e;
	ck_assert_double_eq_tol(qr(&stats_td, "SELECT rating FROM ratings WHERE "
	    "player > 0"), me + d, 1e-9);
	ck_assert_double_eq_tol(qr(&stats_td, "SELECT rating FROM ratings WHERE "
	    "player = -1"), ai + d - 2 * d, 1e-9);
	ck_assert_int_eq(q(&stats_td, "SELECT games FROM stats_players WHERE "
	    "player = %lld", (long long)u0), 2);
}
END_TEST

uint64_t	rnd_state;	/* rnd()'s generator, set by each test */

/* A number below n from the test's own generator (fixed seed). */
unsigned
rnd(unsigned n)
{
	return (tac_rng_below(&rnd_state, n));
}

/*
 * Open a random game in chat: 4 or 6 seats, pairs or triples, a few of
 * the people u0..u7 and AI players in the rest, sometimes a deadline.
 */
int64_t
open_random(const char *chat, int seed)
{
	char	cmd[128], who[8];
	int	nseats = rnd(3) == 0 ? 6 : 4, j, n;

	snprintf(who, sizeof who, "u%u", rnd(8));
	snprintf(cmd, sizeof cmd, "/new %d %s seed=%d%s", nseats,
	    nseats == 6 && rnd(2) ? "triples" : "pairs", seed,
	    rnd(3) == 0 ? " deadline=2h" : "");
	ck_assert_int_eq(td_event(&stats_td, chat, 0, who, 0, cmd), 0);
	n = (int)rnd((unsigned)nseats);
	for (j = 0; j < n; j++) {
		snprintf(cmd, sizeof cmd, "u%u", rnd(8));
		ck_assert_int_eq(td_event(&stats_td, chat, 0, cmd, 0, "/join"), 0);
	}
	ck_assert_int_eq(td_event(&stats_td, chat, 0, who, 0, "/ai all"), 0);
	ck_assert_int_eq(td_event(&stats_td, chat, 0, who, 0, "/start"), 0);
	return (td_game(&stats_td, chat));
}

/* The person to act in game id plays a random legal action. */
void
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
	ck_assert_int_eq(svc_game_position(stats_td.svc, id, -1, &st), 0);
	ck_assert_int_gt((n = tac_legal(&st, l)), 0);
	tac_action_format(&l->a[rnd((unsigned)n)], act, sizeof act);
	snprintf(text, sizeof text, "/play %s", act);
	g = td_info(&stats_td, id);
	ck_assert_int_eq(td_event(&stats_td, chat, 0, g->seats[st.turn].user, 0,
	    text), 0);
}

/* The one delivered row of a kind, after draining. */
static struct td_out *
row(const char *kind)
{
	struct td_out	*o;

	td_drain(&stats_td);
	o = td_find(&stats_td, kind, NULL);
	ck_assert_msg(o != NULL, "no %s row among %d", kind, stats_td.nout);
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
 * summary and the pages of its moves; and privacy: /stats off, a
 * person who never played in a group, a game of another chat.
 */
START_TEST(test_stats_commands)
{
	struct td_out	*o;
	json_t		*p, *prev;
	char		 data[64];
	int64_t		 g1, g2, run;
	size_t		 i;

	td_event(&stats_td, "g1", 0, "u0", 0, "/stats");
	ck_assert_str_eq(td_str(row("info"), "code"), "no_stats");
	td_clear(&stats_td);

	g1 = td_lobby4(&stats_td, "g1", "seed=4");
	play_out(g1, "g1");
	stats_td.now += 30;
	g2 = td_lobby4(&stats_td, "g1", "seed=9");
	play_out(g2, "g1");
	/* u5 plays only in g2's chat "g5". */
	td_event(&stats_td, "g5", 0, "u5", 0, "/new seed=2");
	td_event(&stats_td, "g5", 0, "u5", 0, "/ai all");
	td_event(&stats_td, "g5", 0, "u5", 0, "/start");
	play_out(td_game(&stats_td, "g5"), "g5");
	run = td_lobby4(&stats_td, "g1", "seed=12");
	td_drain(&stats_td);
	td_clear(&stats_td);

	/* The group's table and its chart. */
	ck_assert_int_eq(td_event(&stats_td, "g1", 0, "u0", 0, "/stats"), 0);
	o = row("stats");
	ck_assert_str_eq(o->chat, "g1");
	ck_assert_str_eq(td_str(o, "scope"), "chat");
	ck_assert_int_eq(json_integer_value(json_object_get(json_object_get(
	    o->payload, "totals"), "games")), 2);
	ck_assert_uint_eq(nplayers(o), 4);
	ck_assert(!has_player(o, "u5"));
	ck_assert_uint_eq(json_array_size(json_object_get(o->payload,
	    "pairs")), 2);
	ck_assert_int_gt(json_array_size(json_object_get(o->payload, "cards")),
	    10);
	o = td_find(&stats_td, "chart", "g1");
	ck_assert_ptr_nonnull(o);
	ck_assert_str_eq(td_str(o, "chart"), "wins");
	ck_assert_uint_eq(json_array_size(json_object_get(o->payload, "bars")),
	    4);
	td_clear(&stats_td);

	/* /stats off: out of the table, the pairs and a member's lookup. */
	ck_assert_int_eq(td_event(&stats_td, "u1", 1, "u1", 0, "/stats off"), 0);
	ck_assert_str_eq(td_str(row("info"), "code"), "stats_off");
	td_clear(&stats_td);
	td_event(&stats_td, "g1", 0, "u0", 0, "/stats");
	o = row("stats");
	ck_assert_uint_eq(nplayers(o), 3);
	ck_assert(!has_player(o, "u1"));
	ck_assert_uint_eq(json_array_size(json_object_get(o->payload,
	    "pairs")), 1);
	td_clear(&stats_td);
	td_event(&stats_td, "g1", 0, "u0", 0, "/stats @Name-u1");
	td_expect_error(&stats_td, "stats_hidden", "a hidden member");
	td_event(&stats_td, "g1", 0, "u0", 0, "/top");
	ck_assert(!has_player(row("top"), "u1"));
	td_clear(&stats_td);
	/* They still see their own in private. */
	td_event(&stats_td, "u1", 1, "u1", 0, "/stats");
	ck_assert_str_eq(td_str(row("stats"), "scope"), "person");
	td_clear(&stats_td);
	td_event(&stats_td, "u1", 1, "u1", 0, "/stats on");
	ck_assert_str_eq(td_str(row("info"), "code"), "stats_on");
	td_clear(&stats_td);

	/* A member, by name (any case, "@" or not). */
	td_event(&stats_td, "g1", 0, "u0", 0, "/stats @name-U2");
	o = row("stats");
	ck_assert_str_eq(td_str(o, "scope"), "person");
	ck_assert_str_eq(td_str(o, "where"), "chat");
	p = json_object_get(o->payload, "person");
	ck_assert_str_eq(json_string_value(json_object_get(p, "user")), "u2");
	ck_assert_int_eq(json_integer_value(json_object_get(p, "games")), 2);
	ck_assert_int_gt(json_array_size(json_object_get(o->payload, "cards")),
	    3);
	o = td_find(&stats_td, "chart", "g1");
	ck_assert_str_eq(td_str(o, "chart"), "rating");
	ck_assert_uint_eq(json_array_size(json_object_get(o->payload,
	    "points")), 2);
	td_clear(&stats_td);
	/* Nothing about a person in a group where they never played. */
	td_event(&stats_td, "g1", 0, "u0", 0, "/stats Name-u5");
	td_expect_error(&stats_td, "no_such_player", "a stranger to the group");
	td_event(&stats_td, "u5", 1, "u5", 0, "/stats Name-u0");
	td_expect_error(&stats_td, "group_only", "a name in private");

	/* One's own over all groups. */
	td_event(&stats_td, "u0", 1, "u0", 0, "/stats");
	o = row("stats");
	ck_assert_str_eq(td_str(o, "where"), "all");
	ck_assert_int_eq(json_integer_value(json_object_get(json_object_get(
	    o->payload, "person"), "games")), 2);
	ck_assert_ptr_nonnull(td_find(&stats_td, "chart", "u0"));
	td_clear(&stats_td);

	/* /top: the group's players, best rating first. */
	td_event(&stats_td, "g1", 0, "u3", 0, "/top");
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
	td_clear(&stats_td);
	td_event(&stats_td, "u3", 1, "u3", 0, "/top");
	td_expect_error(&stats_td, "group_only", "/top in private");

	/* /history: the last game first, with its seats. */
	td_event(&stats_td, "g1", 0, "u3", 0, "/history");
	o = row("history");
	p = json_object_get(o->payload, "games");
	ck_assert_uint_eq(json_array_size(p), 2);
	ck_assert_int_eq(json_integer_value(json_object_get(json_array_get(p,
	    0), "game")), g2);
	ck_assert_uint_eq(json_array_size(json_object_get(json_array_get(p, 0),
	    "seats")), 4);
	td_clear(&stats_td);

	/* Its buttons: a summary, the moves and their next page. */
	snprintf(data, sizeof data, "%lld::summary", (long long)g1);
	ck_assert_int_eq(td_button(&stats_td, "g1", "u3", data), 0);
	o = row("summary");
	ck_assert_int_eq(td_int(o, "game"), g1);
	ck_assert_int_eq(json_integer_value(json_object_get(json_object_get(
	    o->payload, "summary"), "actions")), td_info(&stats_td, g1)->turn_no);
	td_clear(&stats_td);
	snprintf(data, sizeof data, "%lld::moves", (long long)g1);
	ck_assert_int_eq(td_button(&stats_td, "g1", "u3", data), 0);
	o = row("record");
	ck_assert_int_eq(td_int(o, "page"), 1);
	/* The first page is a new message: it replaces none. */
	ck_assert_ptr_null(td_str(o, "message"));
	ck_assert_int_eq(td_int(o, "pages"), (td_info(&stats_td, g1)->turn_no +
	    79) / 80);
	ck_assert_uint_eq(json_array_size(json_object_get(o->payload,
	    "actions")), 80);
	td_clear(&stats_td);
	snprintf(data, sizeof data, "%lld::moves 2", (long long)g1);
	ck_assert_int_eq(td_button(&stats_td, "g1", "u3", data), 0);
	o = row("record");
	ck_assert_int_eq(td_int(o, "page"), 2);
	ck_assert_int_eq(td_int(o, "first"), 80);
	td_clear(&stats_td);
	td_event(&stats_td, "g1", 0, "u3", 0, "/moves #1 999");
	td_expect_error(&stats_td, "bad_page", "a page past the end");

	/* Only in the game's chat or to its players; only once it ended. */
	td_event(&stats_td, "g5", 0, "u5", 0, "/summary #1");
	td_expect_error(&stats_td, "no_game", "another chat's game");
	td_event(&stats_td, "u0", 1, "u0", 0, "/summary #1");
	ck_assert_ptr_nonnull(row("summary"));
	td_clear(&stats_td);
	snprintf(data, sizeof data, "/summary #%lld", (long long)run);
	td_event(&stats_td, "g1", 0, "u0", 0, data);
	td_expect_error(&stats_td, "not_over", "a running game");
	td_event(&stats_td, "g1", 0, "u0", 0, "/summary");
	td_expect_error(&stats_td, "usage", "no game named");
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
	suite_add_tcase(s, tc);
	return (s);
}
