/*
 * check_menu.c: the action menu (src/menu.h) over positions of random
 * games, 4 and 6 seats: every legal action is exactly one leaf, every
 * node is a real choice of at most twelve buttons (pages when more),
 * paths name nothing else, labels spell the notation, and the 7, TAC,
 * Devil, Fool and exchange come out as menu.h says.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "check_daemon.h"
#include "check_words.h"
#include "menu.h"
#include "policy.h"
#include "tacjson.h"

#define MAXACT		2000	/* steps of one random game at most */

/* What the walks met, so a test can insist it saw each case. */
struct seen {
	int	positions;
	int	leaves;
	int	nodes;
	int	exchange;
	int	tac;		/* a TAC prefix among the leaves */
	int	devil;		/* a DEVIL prefix */
	int	devil_phase;	/* after DEVIL FOOL or DEVIL TAC */
	int	fool;		/* a FOOL play */
	int	fool_phase;
	int	split;		/* a 7 of two segments or more */
	int	play;		/* a node that is also an action */
	int	pages;		/* a node's later pages */
};

static struct tac_list	*ml, *ref;
static struct seen	 seen;

/* Scratch lists: one for the menu, one for the reference list. */
static void
setup(void)
{
	ml = malloc(sizeof *ml);
	ref = malloc(sizeof *ref);
	ck_assert(ml != NULL && ref != NULL);
	memset(&seen, 0, sizeof seen);
}

/* Free them. */
static void
teardown(void)
{
	free(ml);
	free(ref);
}

/* Append a label to a prefix the way the notation spaces them. */
static void
join(char *buf, size_t len, const char *prefix, const char *label)
{
	size_t	n = strlen(prefix);

	snprintf(buf, len, "%s%s%s", prefix, n > 0 && prefix[n - 1] != '>' ?
	    " " : "", label);
}

/* Is the text a 7 (with its prefixes)? */
static int
is_seven(const char *text)
{
	return (strcmp(text, "7") == 0 || strncmp(text, "7 ", 2) == 0 ||
	    strstr(text, " 7 ") != NULL || (strlen(text) >= 2 &&
	    strcmp(text + strlen(text) - 2, " 7") == 0));
}

/*
 * Check the subtree at path (node m) of seat's menu in st; hits[i]
 * counts the leaves that name ref->a[i].
 */
static void
walk(const struct tac_state *st, int seat, const char *path,
    const struct menu *m, int *hits)
{
	struct menu		*c;
	struct tac_action	 a;
	char			 text[160], want[200];
	size_t			 node;
	int			 i, k, plays = 0;

	seen.nodes++;
	/* A page ("PATH+K") is the node at PATH; entries go on from it. */
	node = strcspn(path, "+");
	ck_assert_int_eq(m->top, path[0] == '\0');
	ck_assert_int_ge(m->n, 1);
	/* At most twelve buttons: the entries, "more", "back". */
	ck_assert_int_le(m->n + (m->more[0] != '\0') + !m->top, WORDS_KEYS_MAX);
	for (i = 0; i < m->n; i++)
		plays += m->e[i].path[strlen(m->e[i].path) - 1] == MENU_PLAY;
	ck_assert_int_le(plays, 1);
	if (m->page > 0) {
		/* Back goes to the page before. */
		ck_assert(strncmp(m->back, path, node) == 0);
	} else if (path[0] != '\0') {
		/* A real choice: two ways on, or playing here and going on. */
		ck_assert_msg(m->n >= 2 || m->npages > 1, "node \"%s\" (%s) "
		    "has one entry", path, m->prefix);
		/* Back goes up, to the parent's page that holds it. */
		ck_assert_uint_eq(strcspn(m->back, "+") + 1, node);
		ck_assert(strncmp(m->back, path, strcspn(m->back, "+")) == 0);
	}
	for (i = 0; i < m->n; i++) {
		const struct menu_entry	*e = &m->e[i];
		size_t			 plen = strlen(e->path);

		ck_assert_uint_eq(plen, node + 1);
		ck_assert(strncmp(e->path, path, node) == 0);
		ck_assert(e->label[0] != '\0');
		/* A 7 goes marble ("12>"), target ("14"), marble, ... */
		k = (int)strcspn(e->label, " >");
		if (e->label[k] == '>')
			k++;
		if (is_seven(m->prefix) && e->path[plen - 1] != MENU_PLAY)
			ck_assert_msg((m->prefix[strlen(m->prefix) - 1] ==
			    '>') == (e->label[k - 1] != '>'), "after \"%s\": "
			    "%s", m->prefix, e->label);
		if (!e->leaf) {
			ck_assert_int_eq(menu_action(st, seat, e->path, &a, ml),
			    -1);
			c = malloc(sizeof *c);
			ck_assert_ptr_nonnull(c);
			ck_assert_int_eq(menu_build(st, seat, e->path, c, ml),
			    0);
			join(want, sizeof want, m->prefix, e->label);
			if (strstr(e->label, "...") == NULL)
				ck_assert_str_eq(c->prefix, want);
			ck_assert_str_eq(c->back, path);
			walk(st, seat, e->path, c, hits);
			free(c);
			continue;
		}
		seen.leaves++;
		c = malloc(sizeof *c);
		ck_assert_ptr_nonnull(c);
		ck_assert_int_eq(menu_build(st, seat, e->path, c, ml), -1);
		free(c);
		ck_assert_int_eq(menu_action(st, seat, e->path, &a, ml), 0);
		tac_action_format(&a, text, sizeof text);
		if (e->path[plen - 1] == MENU_PLAY) {
			seen.play++;
			ck_assert_str_eq(text, m->prefix);
		} else if (strstr(e->label, "...") == NULL) {
			join(want, sizeof want, m->prefix, e->label);
			ck_assert_str_eq(text, want);
		}
		for (k = 0; k < ref->n; k++) {
			if (tac_action_equal(&a, &ref->a[k]))
				break;
		}
		ck_assert_msg(k < ref->n, "leaf %s: \"%s\" is not legal",
		    e->path, text);
		hits[k]++;
		seen.tac += a.tac;
		seen.devil += a.devil;
		seen.fool += a.card == TAC_FOOL && a.op == TAC_OP_NONE;
		seen.split += a.card == TAC_C7 && a.op == TAC_OP_MOVE &&
		    a.nseg >= 2;
	}
	/* The node's next page, walked the same way. */
	if (m->more[0] != '\0') {
		seen.pages++;
		c = malloc(sizeof *c);
		ck_assert_ptr_nonnull(c);
		ck_assert_int_eq(menu_build(st, seat, m->more, c, ml), 0);
		ck_assert_int_eq(c->page, m->page + 1);
		ck_assert_str_eq(c->prefix, m->prefix);
		walk(st, seat, m->more, c, hits);
		free(c);
	}
}

/* Paths that name nothing, and a seat not to act, are refused. */
static void
check_bad_paths(const struct tac_state *st, const struct menu *root)
{
	static const char	*bad[] = { "!", "0!", " ", "..", ".0", "0..",
	    "ZZZZ", "-1", "0 ", "00000000000000000000000000000000000000000",
	    "+", "+0", "+Z", "0+", "+1+1", "+1.", ".+1", "+10" };
	struct tac_action	 a;
	struct menu		*m;
	char			 p[8];
	size_t			 i;

	m = malloc(sizeof *m);
	ck_assert_ptr_nonnull(m);
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		ck_assert_int_eq(menu_build(st, st->turn, bad[i], m, ml), -1);
		ck_assert_int_eq(menu_action(st, st->turn, bad[i], &a, ml), -1);
	}
	/* One past the root's last entry. */
	snprintf(p, sizeof p, "%c", "0123456789abcdefghijklmnopqrstuvwxyz"
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[root->n]);
	ck_assert_int_eq(menu_build(st, st->turn, p, m, ml), -1);
	ck_assert_int_eq(menu_action(st, st->turn, p, &a, ml), -1);
	/* "." at a root that is no action. */
	if (root->n > 1)
		ck_assert_int_eq(menu_action(st, st->turn, ".", &a, ml), -1);
	ck_assert_int_eq(menu_build(st, (st->turn + 1) % st->cfg.nseats, "",
	    m, ml), -1);
	ck_assert_int_eq(menu_build(st, st->turn, NULL, m, ml), -1);
	free(m);
}

/* Check the whole menu of the seat to act in st. */
static void
check_position(const struct tac_state *st)
{
	struct menu	*root;
	int		*hits, i;

	seen.positions++;
	ck_assert_int_gt(tac_legal(st, ref), 0);
	seen.exchange += st->phase == TAC_PH_EXCHANGE;
	seen.devil_phase += st->phase == TAC_PH_DEVIL;
	seen.fool_phase += st->phase == TAC_PH_FOOL;
	hits = calloc(ref->n, sizeof *hits);
	root = malloc(sizeof *root);
	ck_assert(hits != NULL && root != NULL);
	ck_assert_int_eq(menu_build(st, st->turn, "", root, ml), 0);
	ck_assert_str_eq(root->back, "");
	if (ref->n == 1)
		ck_assert(root->n == 1 && root->e[0].leaf);
	walk(st, st->turn, "", root, hits);
	for (i = 0; i < ref->n; i++)
		ck_assert_msg(hits[i] == 1, "action %d of %d is %d leaves", i,
		    ref->n, hits[i]);
	check_bad_paths(st, root);
	free(root);
	free(hits);
}

/*
 * Play a random game of cfg from seed, checking the menu every 'every'
 * positions, and every position of the phases that matter most.
 */
static void
play_game(const struct tac_config *cfg, uint64_t seed, int every)
{
	struct tac_state	st;
	uint64_t		rng = seed * 7919 + 1;
	int			step, k;

	tac_init(&st, cfg, seed);
	for (step = 0; step < MAXACT && st.phase != TAC_PH_OVER; step++) {
		if (step % every == 0 || st.phase == TAC_PH_DEVIL ||
		    st.phase == TAC_PH_FOOL || st.phase == TAC_PH_SKIP ||
		    st.phase == TAC_PH_FORCED)
			check_position(&st);
		ck_assert_int_gt(tac_legal(&st, ref), 0);
		k = policy_random(&st, ref, &rng);
		ck_assert_int_ge(k, 0);
		tac_play(&st, &ref->a[k]);
	}
}

/* Four seats: every legal action is exactly one leaf; all cases met. */
START_TEST(test_menu_leaves_4)
{
	struct tac_config	cfg = { 4, 0, 1, TAC_NAMES_TAC, 0 };
	uint64_t		seed;

	for (seed = 1; seed <= 6; seed++)
		play_game(&cfg, seed, 1);
	ck_assert_int_gt(seen.positions, 200);
	ck_assert_int_gt(seen.exchange, 0);
	ck_assert_int_gt(seen.tac, 0);
	ck_assert_int_gt(seen.devil, 0);
	ck_assert_int_gt(seen.fool, 0);
	ck_assert_int_gt(seen.split, 0);
	ck_assert_int_gt(seen.devil_phase + seen.fool_phase, 0);
}
END_TEST

/* Six seats, pairs and triples. */
START_TEST(test_menu_leaves_6)
{
	struct tac_config	pairs = { 6, 0, 1, TAC_NAMES_TAC, 0 };
	struct tac_config	triples = { 6, 1, 1, TAC_NAMES_TAKER, 0 };
	uint64_t		seed;

	for (seed = 11; seed <= 13; seed++) {
		play_game(&pairs, seed, 2);
		play_game(&triples, seed, 2);
	}
	ck_assert_int_gt(seen.positions, 200);
	ck_assert_int_gt(seen.split, 0);
	ck_assert_int_gt(seen.tac, 0);
}
END_TEST

/*
 * The exchange shows the gifts at once; the root of a turn shows cards;
 * a 7 goes card, marble, target, marble, target.
 */
START_TEST(test_menu_shapes)
{
	struct tac_config	 cfg = { 4, 0, 1, TAC_NAMES_TAC, 0 };
	struct tac_state	 st;
	struct tac_action	 a;
	struct menu		*m;
	char			 path[MENU_PATHMAX + 1], text[160];
	uint64_t		 rng = 5;
	int			 i, k, step, found = 0;

	m = malloc(sizeof *m);
	ck_assert_ptr_nonnull(m);
	tac_init(&st, &cfg, 3);
	ck_assert_int_eq(st.phase, TAC_PH_EXCHANGE);
	ck_assert_int_eq(menu_build(&st, st.turn, "", m, ml), 0);
	for (i = 0; i < m->n; i++) {
		ck_assert(strncmp(m->e[i].label, "give ", 5) == 0);
		ck_assert(m->e[i].leaf);
	}
	ck_assert_int_eq(m->n, tac_legal(&st, ref));

	/* Find a turn where a 7 may be split, and walk one split. */
	for (step = 0; step < MAXACT && st.phase != TAC_PH_OVER && !found;
	    step++) {
		tac_legal(&st, ref);
		for (k = 0; k < ref->n; k++) {
			a = ref->a[k];
			if (!a.tac && !a.devil && a.card == TAC_C7 &&
			    a.nseg >= 2)
				break;
		}
		if (k == ref->n) {
			k = policy_random(&st, ref, &rng);
			tac_play(&st, &ref->a[k]);
			continue;
		}
		found = 1;
		tac_action_format(&a, text, sizeof text);
		/* Walk down: at each node take the entry the text goes on. */
		path[0] = '\0';
		for (;;) {
			ck_assert_int_eq(menu_build(&st, st.turn, path, m, ml),
			    0);
			for (i = 0; i < m->n; i++) {
				char	want[200];

				join(want, sizeof want, m->prefix,
				    m->e[i].label);
				if (strncmp(text, want, strlen(want)) == 0 &&
				    (text[strlen(want)] == ' ' ||
				    text[strlen(want)] == '\0' ||
				    want[strlen(want) - 1] == '>'))
					break;
			}
			ck_assert_msg(i < m->n, "no entry goes on to \"%s\" "
			    "at \"%s\"", text, m->prefix);
			snprintf(path, sizeof path, "%s", m->e[i].path);
			if (m->e[i].leaf)
				break;
		}
		ck_assert_int_eq(menu_action(&st, st.turn, path, &a, ml), 0);
		tac_action_format(&a, m->prefix, sizeof m->prefix);
		ck_assert_str_eq(m->prefix, text);
	}
	ck_assert_msg(found, "no 7 split came up");
	free(m);
}
END_TEST

/*
 * A TAC on a Trickster with sixteen marbles on the circle: 97 pairs,
 * the second marble's nodes in pages; every pair is one leaf.
 */
START_TEST(test_menu_pages)
{
	static const char	*pos = "{\"format\": \"tac-position/1\", "
	    "\"players\": 4, \"teams\": \"pairs\", \"master\": true, "
	    "\"names\": \"tac\", \"dealer\": 3, \"round\": 1, "
	    "\"played\": 1, \"turn\": 3, \"marbles\": [[\"2\", \"6\", "
	    "\"10\", \"14\"], [\"18\", \"22\", \"26\", \"30\"], [\"34\", "
	    "\"38\", \"42\", \"46\"], [\"50\", \"54\", \"58\", \"62\"]], "
	    "\"hands\": [[\"TAC\"], [\"3\"], [\"2\"], [\"TR\", \"9\"]]}";
	struct tac_state	 st;
	struct tac_action	 a;
	json_t			*root;
	char			 why[256];

	ck_assert_ptr_nonnull(root = json_loads(pos, 0, NULL));
	ck_assert_int_eq(tac_position_load(&st, root, why, sizeof why), 0);
	json_decref(root);
	ck_assert_int_eq(tac_action_parse("TR 50<>54", &a, why, sizeof why),
	    0);
	ck_assert_int_ge(tac_apply(&st, &a, ref, why, sizeof why), 0);
	ck_assert_int_eq(tac_legal(&st, ref), 97);
	check_position(&st);
	ck_assert_int_ge(seen.pages, 3);
	ck_assert_int_eq(seen.leaves, 97);
}
END_TEST

/* The menu's suite. */
Suite *
suite_menu(void)
{
	Suite	*s = suite_create("menu");
	TCase	*tc = tcase_create("menu");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, test_menu_leaves_4);
	tcase_add_test(tc, test_menu_leaves_6);
	tcase_add_test(tc, test_menu_shapes);
	tcase_add_test(tc, test_menu_pages);
	suite_add_tcase(s, tc);
	return (s);
}
