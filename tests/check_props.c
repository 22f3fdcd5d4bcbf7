/*
 * check_props.c: property tests on random games (Y1, Y2 and the
 * conservation laws of B3/D1-D4), for every configuration.
 *
 * Each configuration plays TAC_PROP_GAMES games (default 300) from fixed
 * seeds.  After every action: marbles and cards are conserved, the board
 * is canonical, every listed action round-trips through the notation and
 * is distinct, an unlisted (mutated) action is refused without touching
 * the state, and the chosen action applies; tac_play() and save/load are
 * compared on samples; every game ends with a winner and its record
 * replays to the same final state.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

#define PROP_GAMES	300	/* per configuration, unless overridden */
#define PROP_BOUND	20000	/* actions after which a game has failed */
#define PROP_TEXT	96

/*
 * A passing ck_assert() writes its location to check's pipe; millions of
 * them cost more than the games.  This one only acts on failure.
 */
#define PROP_ASSERT(c, ...) do {					\
	if (!(c))							\
		prop_fail(__VA_ARGS__);					\
} while (0)

/* One configuration under test. */
struct prop_cfg {
	const char	*name;
	int		 nseats;
	int		 triples;
	int		 master;
	int		 coop;
};

/* What one configuration's games looked like. */
struct prop_stats {
	unsigned long	 actions;
	unsigned long	 longest;
	unsigned long	 mutations;
	unsigned long	 saves;
};

/* A listed action's result, for the distinctness check. */
struct prop_key {
	uint8_t		 kind[4];	/* op, tac, devil, card */
	struct tac_board b;
	int		 index;
};

static struct tac_list	*prop_l;
static char		 prop_ctx[128];	/* the game being played */
static struct prop_key	 prop_keys[TAC_MAXACTIONS];
static struct tac_state	 prop_tmp;

/* The position as JSON, for failure messages (static buffer). */
static const char *
prop_json(const struct tac_state *s)
{
	static char	 buf[3072];
	json_t		*j = tac_position_save(s, -1);
	char		*t = j != NULL ? json_dumps(j, JSON_COMPACT) : NULL;

	snprintf(buf, sizeof buf, "%s", t != NULL ? t : "?");
	free(t);
	json_decref(j);
	return buf;
}

/* Fail the test, naming the configuration and seed of the game. */
static void
prop_fail(const char *fmt, ...)
{
	char	buf[4096];
	va_list	ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	ck_abort_msg("%s: %s", prop_ctx, buf);
}

/* The test's own generator (xorshift64), independent of the engine's. */
static uint32_t
prop_rand(uint64_t *x, uint32_t n)
{
	*x ^= *x << 13;
	*x ^= *x >> 7;
	*x ^= *x << 17;
	return (uint32_t)(*x % n);
}

/* Number of games per configuration: TAC_PROP_GAMES or the default. */
static int
prop_games(void)
{
	const char	*e = getenv("TAC_PROP_GAMES");
	long		 n;

	if (e == NULL || *e == '\0')
		return PROP_GAMES;
	n = strtol(e, NULL, 10);
	return n > 0 ? (int)n : PROP_GAMES;
}

/* Number of set bits of a home byte. */
static int
prop_bits(unsigned v)
{
	int	n = 0;

	for (; v != 0; v >>= 1)
		n += v & 1;
	return n;
}

/* B3: 4 marbles per seat; the board is canonical. */
static void
prop_check_board(const struct tac_state *s, unsigned long step)
{
	int	i, f, n;

	for (i = 0; i < s->cfg.nseats; i++) {
		n = s->b.base[i] + prop_bits(s->b.home[i]);
		for (f = 0; f < s->nfields; f++)
			n += s->b.field[f] == i;
		PROP_ASSERT(n == TAC_MARBLES, "step %lu: seat %d has %d "
		    "marbles", step, i, n);
		PROP_ASSERT(s->b.home[i] < 16, "step %lu: home bits", step);
		if (s->b.fresh & (1 << i))
			PROP_ASSERT(s->b.field[tac_start(s, i)] == i,
			    "step %lu: seat %d fresh off its start", step, i);
	}
	for (f = 0; f < s->nfields; f++)
		PROP_ASSERT(s->b.field[f] >= -1 &&
		    s->b.field[f] < s->cfg.nseats, "step %lu: field %d", step,
		    f);
	for (f = s->nfields; f < TAC_MAXFIELDS; f++)
		PROP_ASSERT(s->b.field[f] == -1, "step %lu: field %d past the "
		    "circle", step, f);
	for (i = s->cfg.nseats; i < TAC_MAXSEATS; i++)
		PROP_ASSERT(s->b.base[i] == 0 && s->b.home[i] == 0, "step %lu: "
		    "seat %d does not exist", step, i);
	PROP_ASSERT(s->b.pad == 0 && (s->b.fresh >> s->cfg.nseats) == 0,
	    "step %lu: pad or fresh bits", step);
}

/* D1-D4: hands + deck + discards + gifts = the deck composition. */
static void
prop_check_cards(const struct tac_state *s, const uint8_t full[TAC_NCARDS],
    unsigned long step)
{
	unsigned	tot[TAC_NCARDS];
	int		c, i, n;

	tu_card_totals(s, tot);
	for (c = 0; c < TAC_NCARDS; c++)
		PROP_ASSERT(tot[c] == full[c], "step %lu: %u x %s, deck has "
		    "%u", step, tot[c], tac_card_name(c), full[c]);
	for (i = 0; i < s->cfg.nseats; i++) {
		for (n = 0, c = 0; c < TAC_NCARDS; c++)
			n += s->hand[i][c];
		PROP_ASSERT(n == s->nhand[i], "step %lu: seat %d nhand",
		    step, i);
	}
}

/* Y1: every listed action formats, parses back equal, and prints again. */
static void
prop_check_notation(const struct tac_list *l, unsigned long step)
{
	struct tac_action	a;
	char			t1[PROP_TEXT], t2[PROP_TEXT], err[256];
	int			i;

	for (i = 0; i < l->n; i++) {
		tac_action_format(&l->a[i], t1, sizeof t1);
		PROP_ASSERT(tac_action_parse(t1, &a, err, sizeof err) >= 0,
		    "step %lu: \"%s\" does not parse: %s", step, t1, err);
		PROP_ASSERT(tac_action_equal(&a, &l->a[i]), "step %lu: "
		    "\"%s\" parses to another action", step, t1);
		tac_action_format(&a, t2, sizeof t2);
		PROP_ASSERT(strcmp(t1, t2) == 0, "step %lu: \"%s\" prints "
		    "back as \"%s\"", step, t1, t2);
	}
}

/* Order keys for the distinctness check. */
static int
prop_key_cmp(const void *a, const void *b)
{
	const struct prop_key	*x = a, *y = b;
	int			 c;

	if ((c = memcmp(x->kind, y->kind, sizeof x->kind)) != 0)
		return c;
	return memcmp(&x->b, &y->b, sizeof x->b);
}

/* Y1: no two listed actions give the same board with the same card. */
static void
prop_check_distinct(const struct tac_state *s, const struct tac_list *l,
    unsigned long step)
{
	char	t1[PROP_TEXT], t2[PROP_TEXT];
	int	i;

	for (i = 0; i < l->n; i++) {
		memset(&prop_keys[i], 0, sizeof prop_keys[i]);
		prop_keys[i].kind[0] = l->a[i].op;
		prop_keys[i].kind[1] = l->a[i].tac;
		prop_keys[i].kind[2] = l->a[i].devil;
		prop_keys[i].kind[3] = l->a[i].card;
		prop_keys[i].index = i;
		tac_action_format(&l->a[i], t1, sizeof t1);
		PROP_ASSERT(tac_result(s, &l->a[i], &prop_keys[i].b) >= 0,
		    "step %lu: no result for listed \"%s\"", step, t1);
	}
	qsort(prop_keys, l->n, sizeof prop_keys[0], prop_key_cmp);
	for (i = 1; i < l->n; i++) {
		if (prop_key_cmp(&prop_keys[i - 1], &prop_keys[i]) != 0)
			continue;
		tac_action_format(&l->a[prop_keys[i - 1].index], t1, sizeof t1);
		tac_action_format(&l->a[prop_keys[i].index], t2, sizeof t2);
		prop_fail("step %lu: \"%s\" and \"%s\" are the same action "
		    "in %s", step, t1, t2, prop_json(s));
	}
}

/* A random place: circle field, some seat's home field, or a base. */
static uint8_t
prop_random_loc(const struct tac_state *s, uint64_t *x)
{
	switch (prop_rand(x, 4)) {
	case 0:
		return TAC_LOC_BASE;
	case 1:
		return TAC_LOC_HOME(prop_rand(x, s->cfg.nseats),
		    1 + prop_rand(x, 4));
	default:
		return prop_rand(x, s->nfields);
	}
}

/*
 * Y1: a listed action with its destination or card changed is refused
 * and leaves the state byte-identical, unless it is another spelling of
 * a listed action (the same resulting state).
 */
static void
prop_check_mutant(const struct tac_state *s, const struct tac_list *l,
    uint64_t *x, unsigned long step)
{
	static struct tac_state	 t, u;
	struct tac_action	 m;
	char			 err[256] = "", text[PROP_TEXT];
	int			 i;

	m = l->a[prop_rand(x, l->n)];
	if (m.nseg > 0 && prop_rand(x, 3) != 0)
		m.seg[m.nseg - 1].to = prop_random_loc(s, x);
	else
		m.card = prop_rand(x, TAC_NCARDS);
	tac_action_format(&m, text, sizeof text);
	memcpy(&t, s, sizeof t);
	if (tac_apply(&t, &m, tu_scratch(), err, sizeof err) < 0) {
		PROP_ASSERT(memcmp(&t, s, sizeof t) == 0, "step %lu: refused "
		    "\"%s\" changed the state (%s)", step, text,
		    tu_state_diff(s, &t));
		PROP_ASSERT(err[0] != '\0', "step %lu: \"%s\" refused "
		    "without a reason", step, text);
		return;
	}
	for (i = 0; i < l->n; i++) {
		if (l->a[i].op != m.op || l->a[i].tac != m.tac ||
		    l->a[i].devil != m.devil || l->a[i].card != m.card)
			continue;
		memcpy(&u, s, sizeof u);
		if (tac_apply(&u, &l->a[i], tu_scratch(), err,
		    sizeof err) >= 0 && memcmp(&u, &t, sizeof u) == 0)
			return;
	}
	prop_fail("step %lu: unlisted \"%s\" was accepted in %s", step,
	    text, prop_json(s));
}

/*
 * M2-M11, C1-C5 against the reference generators of the rules suites,
 * written from doc/rules.md without the engine (testutil.h: tu_ref_diff).
 */
static void
prop_check_reference(const struct tac_state *s, const struct tac_list *l,
    unsigned long step)
{
	const char	*diff;

	if ((diff = tu_ref_diff(s, l)) != NULL)
		prop_fail("step %lu: %s in %s", step, diff, prop_json(s));
}

/* Progress of the acting team after an action: homes, then marbles out. */
static int
prop_score(const struct tac_state *s, const struct tac_board *b, int team)
{
	int	i, score = 0;

	for (i = 0; i < s->cfg.nseats; i++) {
		if (tac_team(s, i) != team)
			continue;
		score += 8 * prop_bits(b->home[i]) + (4 - b->base[i]);
	}
	return score;
}

/*
 * Pick an action: half the time at random, else the one that helps the
 * acting team most (so that games end in a sane number of turns).
 */
static int
prop_choose(const struct tac_state *s, const struct tac_list *l, uint64_t *x)
{
	int	i, best = 0, bestscore = -1, sc, team, ties = 0;

	if (prop_rand(x, 2) == 0)
		return (int)prop_rand(x, l->n);
	team = tac_team(s, s->turn);
	for (i = 0; i < l->n; i++) {
		sc = prop_score(s, &prop_keys[i].b, team);
		if (sc > bestscore) {
			bestscore = sc;
			best = prop_keys[i].index;
			ties = 1;
		} else if (sc == bestscore && prop_rand(x, ++ties) == 0)
			best = prop_keys[i].index;
	}
	return best;
}

/* Save and load the state: the copy must be byte-identical. */
static void
prop_check_save(const struct tac_state *s, unsigned long step)
{
	json_t	*j;
	char	 err[256] = "";

	j = tac_position_save(s, -1);
	PROP_ASSERT(j != NULL, "step %lu: save failed", step);
	memset(&prop_tmp, 0, sizeof prop_tmp);
	PROP_ASSERT(tac_position_load(&prop_tmp, j, err, sizeof err) >= 0,
	    "step %lu: saved position refused: %s", step, err);
	PROP_ASSERT(memcmp(&prop_tmp, s, sizeof prop_tmp) == 0, "step %lu: "
	    "save/load differs in %s (phase %d)", step,
	    tu_state_diff(s, &prop_tmp), s->phase);
	json_decref(j);
}

/* Play one game from a seed, checking everything after every action. */
static void
prop_game(const struct prop_cfg *pc, uint64_t seed, struct prop_stats *st)
{
	static struct tac_state	 s, before, r;
	struct tac_config	 cfg;
	struct tac_record	 rec;
	struct tac_action	 a;
	uint8_t			 full[TAC_NCARDS];
	char			 err[256] = "", (*texts)[PROP_TEXT] = NULL;
	size_t			 cap = 0, done = 0, i;
	uint64_t		 x = seed * 0x9e3779b97f4a7c15ULL + 1;
	unsigned long		 step;
	int			 k, team;

	snprintf(prop_ctx, sizeof prop_ctx, "%s, seed %llu", pc->name,
	    (unsigned long long)seed);
	tu_cfg(&cfg, pc->nseats, pc->triples, pc->master);
	cfg.coop = pc->coop;
	tac_deck_fill(&cfg, full);
	memset(&s, 0, sizeof s);
	tac_init(&s, &cfg, seed);
	for (step = 0; !tac_over(&s); step++) {
		PROP_ASSERT(step < PROP_BOUND, "%s seed %llu: no winner "
		    "after %d actions", pc->name, (unsigned long long)seed,
		    PROP_BOUND);
		prop_check_board(&s, step);
		prop_check_cards(&s, full, step);
		tac_legal(&s, prop_l);
		PROP_ASSERT(prop_l->n > 0, "%s seed %llu step %lu: no legal "
		    "action, phase %d", pc->name, (unsigned long long)seed,
		    step, s.phase);
		PROP_ASSERT(prop_l->overflow == 0, "step %lu: list overflow",
		    step);
		prop_check_notation(prop_l, step);
		prop_check_distinct(&s, prop_l, step);
		prop_check_reference(&s, prop_l, step);
		if (prop_rand(&x, 4) == 0) {
			prop_check_mutant(&s, prop_l, &x, step);
			st->mutations++;
		}
		k = prop_choose(&s, prop_l, &x);
		a = prop_l->a[k];
		if (step >= cap) {
			cap = cap ? cap * 2 : 512;
			texts = realloc(texts, cap * sizeof *texts);
			PROP_ASSERT(texts != NULL, "out of memory");
		}
		tac_action_format(&a, texts[step], PROP_TEXT);
		memcpy(&before, &s, sizeof s);
		PROP_ASSERT(tac_apply(&s, &a, prop_l, err, sizeof err) >= 0,
		    "step %lu: listed \"%s\" refused: %s in %s", step,
		    texts[step], err, prop_json(&before));
		if (tac_result(&before, &a, &r.b) >= 0)
			PROP_ASSERT(memcmp(&r.b, &s.b, sizeof r.b) == 0,
			    "step %lu: tac_result of \"%s\" differs from the "
			    "board applied", step, texts[step]);
		if (prop_rand(&x, 8) == 0) {
			tac_play(&before, &a);
			PROP_ASSERT(memcmp(&before, &s, sizeof s) == 0,
			    "step %lu: tac_play of \"%s\" differs in %s", step,
			    texts[step], tu_state_diff(&s, &before));
		}
		if (prop_rand(&x, 20) == 0) {
			prop_check_save(&s, step);
			st->saves++;
		}
	}
	prop_check_board(&s, step);
	prop_check_cards(&s, full, step);
	ck_assert_int_eq(s.phase, TAC_PH_OVER);
	/* K5: Team-TAC names no winner, and every marble is home. */
	PROP_ASSERT(cfg.coop ? s.winner == TAC_NONE : s.winner <
	    tac_nteams(&s), "%s seed %llu: winner %d", pc->name,
	    (unsigned long long)seed, s.winner);
	team = s.winner;
	for (k = 0; k < s.cfg.nseats; k++)
		if (cfg.coop || tac_team(&s, k) == team)
			PROP_ASSERT(s.b.home[k] == 0xf, "%s seed %llu: seat "
			    "%d of the winners is not home", pc->name,
			    (unsigned long long)seed, k);
	tac_legal(&s, prop_l);
	ck_assert_int_eq(prop_l->n, 0);
	prop_check_save(&s, step);
	st->actions += step;
	if (step > st->longest)
		st->longest = step;

	/* Y2: the record (seed + texts) replays to the same final state. */
	memset(&rec, 0, sizeof rec);
	rec.cfg = cfg;
	rec.seeded = 1;
	rec.seed = seed;
	rec.nactions = step;
	rec.actions = malloc((step + 1) * sizeof *rec.actions);
	ck_assert_ptr_nonnull(rec.actions);
	for (i = 0; i < step; i++)
		rec.actions[i] = texts[i];
	memset(&r, 0, sizeof r);
	PROP_ASSERT(tac_record_replay(&rec, &r, prop_l, &done, err,
	    sizeof err) >= 0, "%s seed %llu: replay failed at %zu: %s",
	    pc->name, (unsigned long long)seed, done, err);
	PROP_ASSERT(memcmp(&r, &s, sizeof r) == 0, "%s seed %llu: replay "
	    "differs in %s", pc->name, (unsigned long long)seed,
	    tu_state_diff(&s, &r));
	free(rec.actions);
	free(texts);
}

/* Play all games of one configuration from fixed seeds. */
static void
prop_run(const struct prop_cfg *pc, uint64_t base)
{
	struct prop_stats	st;
	int			g, n = prop_games();

	if (prop_l == NULL && (prop_l = calloc(1, sizeof *prop_l)) == NULL)
		abort();
	memset(&st, 0, sizeof st);
	for (g = 0; g < n; g++)
		prop_game(pc, base + (uint64_t)g, &st);
	if (getenv("TAC_PROP_VERBOSE") != NULL)
		fprintf(stderr, "%s: %d games, %lu actions, longest %lu, "
		    "%lu mutants, %lu saves\n", pc->name, n, st.actions,
		    st.longest, st.mutations, st.saves);
}

static const struct prop_cfg prop_cfgs[] = {
	{ "4 players master", 4, 0, 1, 0 },
	{ "4 players base", 4, 0, 0, 0 },
	{ "6 pairs master", 6, 0, 1, 0 },
	{ "6 pairs base", 6, 0, 0, 0 },
	{ "6 triples master", 6, 1, 1, 0 },
	{ "6 triples base", 6, 1, 0, 0 },
	{ "4 players master Team-TAC", 4, 0, 1, 1 },
	{ "6 pairs base Team-TAC", 6, 0, 0, 1 },
	{ "6 triples master Team-TAC", 6, 1, 1, 1 },
};

/* Y1/Y2 properties: 4 players with master cards. */
START_TEST(test_Y1_props_four_master)
{
	prop_run(&prop_cfgs[0], 100000);
}
END_TEST

/* Y1/Y2 properties: 4 players, base deck. */
START_TEST(test_Y1_props_four_base)
{
	prop_run(&prop_cfgs[1], 200000);
}
END_TEST

/* Y1/Y2 properties: 6 players in pairs with master cards. */
START_TEST(test_Y1_props_six_pairs_master)
{
	prop_run(&prop_cfgs[2], 300000);
}
END_TEST

/* Y1/Y2 properties: 6 players in pairs, base deck. */
START_TEST(test_Y1_props_six_pairs_base)
{
	prop_run(&prop_cfgs[3], 400000);
}
END_TEST

/* Y1/Y2 properties: 6 players in triples with master cards. */
START_TEST(test_Y1_props_six_triples_master)
{
	prop_run(&prop_cfgs[4], 500000);
}
END_TEST

/* Y1/Y2 properties: 6 players in triples, base deck. */
START_TEST(test_Y1_props_six_triples_base)
{
	prop_run(&prop_cfgs[5], 600000);
}
END_TEST

/* Y1/Y2 and K: 4 players in Team-TAC, where whole teams play for others. */
START_TEST(test_Y1_props_four_coop)
{
	prop_run(&prop_cfgs[6], 700000);
}
END_TEST

/* Y1/Y2 and K: 6 players in pairs, Team-TAC, base deck. */
START_TEST(test_Y1_props_six_pairs_coop)
{
	prop_run(&prop_cfgs[7], 800000);
}
END_TEST

/* Y1/Y2 and K: 6 players in triples, Team-TAC, master cards. */
START_TEST(test_Y1_props_six_triples_coop)
{
	prop_run(&prop_cfgs[8], 900000);
}
END_TEST

/* The property suite: one test per configuration. */
Suite *
suite_props(void)
{
	Suite	*s = suite_create("props");
	TCase	*tc = tcase_create("props");

	/* Generous: a slow (sanitizer) build plays the same games. */
	tcase_set_timeout(tc, 600 + 4.0 * prop_games());
	tcase_add_test(tc, test_Y1_props_four_master);
	tcase_add_test(tc, test_Y1_props_four_base);
	tcase_add_test(tc, test_Y1_props_six_pairs_master);
	tcase_add_test(tc, test_Y1_props_six_pairs_base);
	tcase_add_test(tc, test_Y1_props_six_triples_master);
	tcase_add_test(tc, test_Y1_props_six_triples_base);
	tcase_add_test(tc, test_Y1_props_four_coop);
	tcase_add_test(tc, test_Y1_props_six_pairs_coop);
	tcase_add_test(tc, test_Y1_props_six_triples_coop);
	suite_add_tcase(s, tc);
	return s;
}
