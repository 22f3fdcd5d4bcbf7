/*
 * check_words_walk.c: the action menu's buttons over random games (a
 * property test): in every position checked, every message of the whole
 * tree (every node, every page) has at most 12 buttons, each with
 * a label of at most 40 characters, told apart from the others of its
 * message, and data of at most 64 bytes naming its game, turn and path;
 * "more" and "back" lead to nodes; and every legal action is exactly one
 * leaf.  Languages and names change from game to game, long names and
 * Cyrillic, Georgian and German words included.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_words.h"
#include "compose.h"
#include "menu.h"
#include "policy.h"
#include "utf8.h"

#define WALK_STEPS	2000	/* actions of one random game at most */
#define WALK_TURN	98765	/* a turn number as long as a long game's */

/* What the walks met, so the test can insist it saw each case. */
static struct {
	int	positions;
	int	messages;
	int	leaves;
	int	paged;
	int	flat;
	int	numbered;
	int	labels;
	int	cut;		/* labels that end in an ellipsis (a name
				   cut short, or the label) */
	size_t	widest;
	int	mixed_checked;	/* English keyboards of swaps */
} seen;

static struct tac_list	*walk_ref, *walk_scratch;

/* Long names, as Telegram allows them, to make labels work hard. */
static const char *const names_long[] = {
	"Alexandra-Wilhelmina von Hohenzollern", "Борис Вячеславович",
	"ნინო ჯავახიშვილი-ორბელიანი", "Chloé", "Евгений Александрович",
	"Friedrich Maximilian"
};
static const char *const names_short[] = { "Ann", "Bo", "Cy", "Di", "Ed",
	"Fay" };

/*
 * Check one message of the menu, the node (page) at path, and walk on
 * to its entries and its next page; hits[i] counts the leaves that play
 * walk_ref->a[i].
 */
static void
walk_node(const struct render_game *g, const struct tac_state *st,
    const char *path, int numbered, int *hits)
{
	struct compose_keys	 k = { NULL, 0, 0, 0 };
	struct tac_action	 a;
	struct menu		*m, *up;
	int64_t			 game, turn;
	char			 text[80], want[80];
	size_t			 i, j, w;
	int			 e, x, c;

	ck_assert_ptr_nonnull(m = malloc(sizeof *m));
	ck_assert_msg(menu_build(st, st->turn, path, m, walk_scratch) == 0,
	    "no node at \"%s\"", path);
	compose_menu_keys(g, st, m, WALK_TURN, numbered, "menu ", &k);
	seen.messages++;
	seen.paged += m->npages > 1;
	seen.flat += m->flat;
	ck_assert_uint_le(k.n, WORDS_KEYS_MAX);
	ck_assert_uint_eq(k.n, (size_t)m->n + (m->more[0] != '\0') + !m->top);
	for (i = 0; i < k.n; i++) {
		w = utf8_width(k.k[i].label);
		if (w > seen.widest)
			seen.widest = w;
		ck_assert_msg(w > 0 && w <= WORDS_LABEL_MAX, "\"%s\" at \"%s\" "
		    "(%s): %zu characters", k.k[i].label, path, g->lang, w);
		for (j = 0; j < i; j++)
			ck_assert_msg(strcmp(k.k[i].label, k.k[j].label) != 0,
			    "two buttons \"%s\" at \"%s\" (%s)", k.k[i].label,
			    path, g->lang);
		ck_assert_uint_le(strlen(k.k[i].data), SVC_BUTTON_MAX);
		ck_assert_int_eq(svc_button_parse(k.k[i].data, &game, &turn,
		    text, sizeof text), 0);
		ck_assert_int_eq(game, g->id);
		ck_assert_int_eq(turn, WALK_TURN);
		ck_assert(strncmp(text, "menu ", 5) == 0);
		if ((int)i < m->n) {
			snprintf(want, sizeof want, "menu %s", m->e[i].path);
			ck_assert_str_eq(text, want);
		}
		seen.numbered += strncmp(k.k[i].label, "\xe2\x91", 2) == 0;
		seen.labels++;
		seen.cut += strlen(k.k[i].label) >= 3 &&
		    strcmp(k.k[i].label + strlen(k.k[i].label) - 3,
		    "\xe2\x80\xa6") == 0;
	}
	/*
	 * One keyboard, one way to name a swap's marbles: people's names
	 * ("Boris's 40"), or all by their seats' colours ("Blue's 40").
	 */
	if (strcmp(g->lang, "en") == 0) {
		for (i = 0, x = e = 0; i < k.n; i++) {
			if (strstr(k.k[i].label, "Swap ") == NULL &&
			    strstr(k.k[i].label, "\xe2\x86\x94") == NULL)
				continue;
			for (j = 0, c = 0; j < TAC_MAXSEATS; j++) {
				snprintf(want, sizeof want, "%s's ",
				    render_colour((int)j));
				c |= strstr(k.k[i].label, want) != NULL;
			}
			e |= c;
			x |= !c && strstr(k.k[i].label, "'s ") != NULL;
		}
		ck_assert_msg(!(x && e), "names and colours in one keyboard "
		    "at \"%s\": \"%s\"", path, k.k[0].label);
		seen.mixed_checked += x || e;
	}
	compose_keys_free(&k);
	if (!m->top) {
		ck_assert_ptr_nonnull(up = malloc(sizeof *up));
		ck_assert_msg(menu_build(st, st->turn, m->back, up,
		    walk_scratch) == 0, "back from \"%s\" to \"%s\"", path,
		    m->back);
		free(up);
	}
	for (e = 0; e < m->n; e++) {
		if (!m->e[e].leaf) {
			walk_node(g, st, m->e[e].path, numbered, hits);
			continue;
		}
		ck_assert_int_eq(menu_action(st, st->turn, m->e[e].path, &a,
		    walk_scratch), 0);
		for (x = 0; x < walk_ref->n; x++) {
			if (tac_action_equal(&a, &walk_ref->a[x]))
				break;
		}
		ck_assert_msg(x < walk_ref->n, "leaf %s is not legal",
		    m->e[e].path);
		hits[x]++;
		seen.leaves++;
	}
	if (m->more[0] != '\0') {
		snprintf(want, sizeof want, "%s", m->more);
		free(m);
		walk_node(g, st, want, numbered, hits);
		return;
	}
	free(m);
}

/* Check the whole menu of the seat to act in st. */
static void
walk_position(const struct render_game *g, const struct tac_state *st,
    int numbered)
{
	char	 text[128];
	int	*hits, i, n;

	seen.positions++;
	ck_assert_int_gt(n = tac_legal(st, walk_ref), 0);
	ck_assert_ptr_nonnull(hits = calloc(n, sizeof *hits));
	walk_node(g, st, "", numbered, hits);
	for (i = 0; i < n; i++) {
		tac_action_format(&walk_ref->a[i], text, sizeof text);
		ck_assert_msg(hits[i] == 1, "action %d of %d, %s: %d leaves", i,
		    n, text, hits[i]);
	}
	free(hits);
}

/*
 * Play a random game of cfg from seed, its words in lang, checking the
 * menu every 'every' positions and at every Devil, Fool, skip, forced
 * TAC and Trickster in hand (a swap has the most choices).
 */
static void
walk_game(const struct tac_config *cfg, uint64_t seed, int every,
    const char *lang, const char *const *names)
{
	struct render_game	 g;
	struct tac_state	 st;
	uint64_t		 rng = seed * 104729 + 3;
	int			 step, k, s;

	words_game(&g, lang, cfg->names, NULL);
	g.cfg = *cfg;
	for (s = 0; s < cfg->nseats; s++)
		snprintf(g.seats[s].name, sizeof g.seats[s].name, "%s",
		    names[s]);
	tac_init(&st, cfg, seed);
	for (step = 0; step < WALK_STEPS && st.phase != TAC_PH_OVER; step++) {
		if (step % every == 0 || st.phase == TAC_PH_DEVIL ||
		    st.phase == TAC_PH_FOOL || st.phase == TAC_PH_SKIP ||
		    st.phase == TAC_PH_FORCED || st.hand[st.turn][TAC_TR] > 0)
			walk_position(&g, &st, step % 2);
		ck_assert_int_gt(tac_legal(&st, walk_ref), 0);
		k = policy_random(&st, walk_ref, &rng);
		ck_assert_int_ge(k, 0);
		tac_play(&st, &walk_ref->a[k]);
	}
}

/*
 * A random position of cfg to play from: marbles scattered over the
 * circle (two to four a seat, so that a swap has many pairs), some in
 * the homes, five random cards a hand, the Trickster often among them.
 * 0, or -1 when the seat to act has nothing to play.
 */
static int
walk_board(const struct tac_config *cfg, uint64_t *rng, struct tac_state *st)
{
	int	s, k, f, n, c, masters[TAC_NCARDS];

	tac_init(st, cfg, tac_rng_next(rng));
	st->phase = TAC_PH_PLAY;
	st->played = 0;
	memset(st->gift, TAC_NONE, sizeof st->gift);
	memset(&st->b, 0, sizeof st->b);
	memset(st->b.field, -1, sizeof st->b.field);
	st->turn = (uint8_t)tac_rng_below(rng, cfg->nseats);
	for (s = 0; s < cfg->nseats; s++) {
		n = 2 + (int)tac_rng_below(rng, 3);
		for (k = 0; k < n; k++) {
			do
				f = (int)tac_rng_below(rng, st->nfields);
			while (st->b.field[f] >= 0);
			st->b.field[f] = (int8_t)s;
		}
		if (n < TAC_MARBLES && tac_rng_below(rng, 2))
			st->b.home[s] = 1U << (3 - tac_rng_below(rng, 2)), n++;
		st->b.base[s] = (uint8_t)(TAC_MARBLES - n);
		memset(st->hand[s], 0, sizeof st->hand[s]);
	}
	/* The deck has one of each master card; a TAC needs a play first. */
	memset(masters, 0, sizeof masters);
	for (s = 0; s < cfg->nseats; s++) {
		for (k = 0; k < 5; k++) {
			c = k == 0 && tac_rng_below(rng, 2) ? TAC_TR :
			    (int)tac_rng_below(rng, TAC_NCARDS);
			if (c == TAC_TAC || (c >= TAC_ANGEL && masters[c]++ > 0))
				c = TAC_C7;
			st->hand[s][c]++;
		}
		st->nhand[s] = 5;
	}
	return (tac_legal(st, walk_ref) > 0 ? 0 : -1);
}

/* Scratch lists for the walks. */
static void
walk_setup(void)
{
	walk_ref = malloc(sizeof *walk_ref);
	walk_scratch = malloc(sizeof *walk_scratch);
	ck_assert(walk_ref != NULL && walk_scratch != NULL);
	memset(&seen, 0, sizeof seen);
}

/* Free them. */
static void
walk_teardown(void)
{
	free(walk_ref);
	free(walk_scratch);
}

/* Four seats, in each language, with short and with long names. */
START_TEST(test_walk_4)
{
	static const char	*langs[] = { "en", "ru", "de", "ka" };
	struct tac_config	 tac = { 4, 0, 1, TAC_NAMES_TAC, 0 };
	struct tac_config	 taker = { 4, 0, 1, TAC_NAMES_TAKER, 0 };
	int			 i;

	for (i = 0; i < 8; i++)
		walk_game(i % 2 ? &taker : &tac, (uint64_t)i + 1, 3,
		    langs[i % 4], i < 4 ? names_long : names_short);
	ck_assert_int_gt(seen.positions, 500);
	ck_assert_int_gt(seen.flat, 0);
	ck_assert_int_gt(seen.numbered, 0);
	ck_assert_uint_le(seen.widest, WORDS_LABEL_MAX);
	printf("words: 4 seats: %d positions, %d messages, %d leaves, "
	    "%d paged, %d labels, %d cut, widest %zu\n", seen.positions,
	    seen.messages, seen.leaves, seen.paged, seen.labels, seen.cut,
	    seen.widest);
}
END_TEST

/* Six seats, pairs and triples, long names. */
START_TEST(test_walk_6)
{
	struct tac_config	pairs = { 6, 0, 1, TAC_NAMES_TAC, 0 };
	struct tac_config	triples = { 6, 1, 1, TAC_NAMES_TAKER, 0 };

	walk_game(&pairs, 21, 4, "ru", names_long);
	walk_game(&triples, 22, 4, "en", names_long);
	walk_game(&pairs, 23, 4, "ka", names_short);
	walk_game(&triples, 24, 4, "de", names_long);
	ck_assert_int_gt(seen.positions, 300);
	printf("words: 6 seats: %d positions, %d messages, %d leaves, "
	    "%d paged, %d labels, %d cut, widest %zu\n", seen.positions,
	    seen.messages, seen.leaves, seen.paged, seen.labels, seen.cut,
	    seen.widest);
}
END_TEST

/*
 * Random boards full of marbles, 4 and 6 seats: the big swaps and 7s
 * that random games seldom reach, so pages are met too.
 */
START_TEST(test_walk_boards)
{
	static const char	*langs[] = { "en", "ru", "de", "ka" };
	struct tac_config	 cfg[] = { { 4, 0, 1, TAC_NAMES_TAC, 0 },
	    { 6, 0, 1, TAC_NAMES_TAKER, 0 }, { 6, 1, 1, TAC_NAMES_TAC, 0 } };
	struct render_game	 g;
	struct tac_state	 st;
	uint64_t		 rng = 2024;
	int			 i, s, tried = 0;

	for (i = 0; i < 600; i++) {
		tried++;
		if (walk_board(&cfg[i % 3], &rng, &st) != 0)
			continue;
		words_game(&g, langs[i % 4], cfg[i % 3].names, NULL);
		g.cfg = cfg[i % 3];
		for (s = 0; s < g.cfg.nseats; s++)
			snprintf(g.seats[s].name, sizeof g.seats[s].name,
			    "%s", (i / 4) % 2 ? names_long[s] : names_short[s]);
		walk_position(&g, &st, i % 2);
	}
	ck_assert_int_gt(seen.positions, 400);
	ck_assert_int_gt(seen.paged, 20);
	ck_assert_int_gt(seen.mixed_checked, 100);
	printf("words: random boards: %d positions of %d, %d messages, %d "
	    "leaves, %d paged, %d labels, %d cut, widest %zu\n",
	    seen.positions, tried, seen.messages, seen.leaves, seen.paged,
	    seen.labels, seen.cut, seen.widest);
}
END_TEST

/* Add the property tests to the words' test case. */
void
words_props(TCase *tc)
{
	tcase_add_checked_fixture(tc, walk_setup, walk_teardown);
	tcase_add_test(tc, test_walk_4);
	tcase_add_test(tc, test_walk_6);
	tcase_add_test(tc, test_walk_boards);
}
