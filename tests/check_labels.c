/*
 * check_labels.c: the buttons of the action menu speak to their reader
 * (src/view/render-move.c, src/compose/compose-menu.c).  Over thousands
 * of positions of simulated games, four and six seats, both namings,
 * Team-TAC too, every language, long names and short, every label of
 * every message of the whole menu tree (every node, every page), as
 * compose_menu_keys() makes it for the player to act, in the game as
 * the service has it (a TAC says whose card play it undoes), is
 * checked:
 *
 * - no name is cut below three letters, and nothing else is cut: every
 *   ellipsis follows at least three letters of a person's name;
 * - no field is named by a colour's letter ("B60", "С28"), as the text
 *   board marks marbles: people are named as the move lines name them;
 * - the reader is never named in the third person, not even cut short
 *   ("kicks your marble", "your 19");
 * - the labels of one keyboard all differ, so choices that do different
 *   things read differently.
 *
 * Then a few labels whose words are known: a TAC names the card play it
 * undoes and kicks only what its card kicks, the reader's own marble is
 * "your marble", and a swap of long names fits in brief.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_words.h"
#include "compose.h"
#include "i18n.h"
#include "menu.h"
#include "policy.h"
#include "utf8.h"

#define LB_STEPS	1200	/* actions of one simulated game at most */
#define LB_ELLIPSIS	"\xe2\x80\xa6"

static struct {
	long	positions;
	long	messages;
	long	labels;
	long	names;		/* labels that name a person */
	long	cutnames;	/* ... cut short */
	long	yours;		/* labels that say "your" to the reader */
	long	undoes;		/* TAC labels that name whose play */
	int	shortest;	/* fewest letters of a cut name */
	long	bad;		/* labels cut elsewhere than in a name */
} lb;

static struct tac_list	*lb_list;
static struct compose_keys *lb_dbg;

/* The people of the walks: long, short, in four scripts, each unique. */
static const char *const lb_names[][TAC_MAXSEATS] = {
	{ "Alexandra-Wilhelmina von Hohenzollern", "Борис Вячеславович",
	    "ნინო ჯავახიშვილი-ორბელიანი", "Chloé Marchand",
	    "Евгений Александрович", "Friedrich Maximilian" },
	{ "Anna", "Bo", "Светлана", "Олег", "მიშა", "Jürgen" },
};

/* The name seat s shows, as render_seat() gives it (the AI's too). */
static void
lb_name(const struct render_game *g, int s, char *out, size_t len)
{
	struct render_opts	o = { RENDER_PLAIN, NULL, NULL, 0 };
	char			*n = render_seat_dup(&o, g, s);

	snprintf(out, len, "%s", n);
	free(n);
}

/* Does label l show the first k characters of name, then an ellipsis? */
static int
lb_cut(const char *l, const char *name, size_t k)
{
	char	frag[UTF8_NAMEMAX + 8];
	size_t	n = utf8_prefix(name, k);

	snprintf(frag, sizeof frag, "%.*s" LB_ELLIPSIS, (int)n, name);
	return (strstr(l, frag) != NULL);
}

/*
 * How many characters of a name of g the ellipsis at e of label l ends
 * (the longest name's beginning right before it); 0 when it ends none.
 */
static size_t
lb_cut_of(const struct render_game *g, const char *l, const char *e)
{
	char	name[UTF8_NAMEMAX];
	size_t	best = 0, k, n;
	int	s;

	for (s = 0; s < g->cfg.nseats; s++) {
		lb_name(g, s, name, sizeof name);
		for (k = utf8_width(name); k > 1 && k - 1 > best; k--) {
			n = utf8_prefix(name, k - 1);
			if ((size_t)(e - l) >= n &&
			    memcmp(e - n, name, n) == 0) {
				best = k - 1;
				break;
			}
		}
	}
	return (best);
}

/* Does text hold word (a name) with no letter right before or after? */
static int
lb_says(const char *text, const char *word)
{
	const char	*p;
	size_t		 n = strlen(word);

	for (p = text; (p = strstr(p, word)) != NULL; p++) {
		if ((p == text || strchr(" (:,", p[-1]) != NULL) &&
		    (p[n] == '\0' || strchr(" ),:'-", p[n]) != NULL ||
		    strncmp(p + n, LB_ELLIPSIS, 3) == 0 ||
		    (unsigned char)p[n] == 0xe2))
			return (1);
	}
	return (0);
}

/*
 * Does label l name a field by a colour's letter: a colour's first
 * letter in g's language, at a word's start, right before a digit?
 */
static int
lb_lettered(const struct render_game *g, const char *l)
{
	const char	*c, *p;
	size_t		 n;
	int		 s;

	for (s = 0; s < g->cfg.nseats; s++) {
		c = tr(g->lang, render_colour(s));
		n = utf8_first(c);
		for (p = l; *p != '\0'; p++) {
			if (strncmp(p, c, n) != 0 || p[n] < '0' || p[n] > '9')
				continue;
			if (p == l || strchr(" (:,", p[-1]) != NULL)
				return (1);
		}
	}
	return (0);
}

/* Check one label of a keyboard for the reader in seat. */
static void
lb_label(const struct render_game *g, int reader, const char *l,
    const char *path)
{
	char		 name[UTF8_NAMEMAX], *e;
	size_t		 k;
	int		 s, named = 0, unique = 1;

	lb.labels++;
	ck_assert_msg(!lb_lettered(g, l), "\"%s\" at \"%s\" (%s): a field "
	    "named by its colour's letter", l, path, g->lang);
	for (e = strstr(l, LB_ELLIPSIS); e != NULL; e = strstr(e + 1,
	    LB_ELLIPSIS)) {
		k = lb_cut_of(g, l, e);
		if (k < 3 && getenv("LB_DEBUG") != NULL) {
			size_t x;
			for (x = 0; x < lb_dbg->n; x++)
				printf("  [%s]\n", lb_dbg->k[x].label);
		}
		if (k < 3 && lb.bad++ < 30)
			printf("labels: \"%s\" at \"%s\" (%s): cut %s\n", l,
			    path, g->lang, k > 0 ? "in a name, below three "
			    "letters" : "where no name is");
		if (k < 3)
			continue;
		if (lb.shortest == 0 || (int)k < lb.shortest)
			lb.shortest = (int)k;
		lb.cutnames++;
	}
	/* The reader, by name or a name's first letters. */
	lb_name(g, reader, name, sizeof name);
	for (s = 0; s < g->cfg.nseats; s++) {
		char	other[UTF8_NAMEMAX];

		lb_name(g, s, other, sizeof other);
		if (s != reader && strncmp(other, name, utf8_prefix(name,
		    3)) == 0)
			unique = 0;
		named |= s != reader && lb_says(l, other);
	}
	lb.names += named;
	if (unique) {
		ck_assert_msg(!lb_says(l, name), "\"%s\" at \"%s\" (%s): the "
		    "reader named", l, path, g->lang);
		for (k = 3; k < utf8_width(name); k++)
			ck_assert_msg(!lb_cut(l, name, k), "\"%s\" at \"%s\" "
			    "(%s): the reader named, cut", l, path, g->lang);
	}
}

/* Check a node (page) at path, and walk on to its entries and pages. */
static void
lb_node(const struct render_game *g, const struct tac_state *st,
    const char *path, int numbered)
{
	struct compose_keys	 k = { NULL, 0, 0, 0 };
	struct menu		*m;
	char			 next[MENU_PATHMAX + 3], yours[64], undo[64];
	size_t			 i, j;
	int			 e;

	ck_assert_ptr_nonnull(m = malloc(sizeof *m));
	ck_assert_int_eq(menu_build(st, st->turn, path, m, lb_list), 0);
	compose_menu_keys(g, st, m, 1, numbered, "menu ", &k);
	lb_dbg = &k;
	lb.messages++;
	snprintf(yours, sizeof yours, tr(g->lang, "your %s"), "");
	snprintf(undo, sizeof undo, "%s", tr(g->lang, "%s on %s's %s"));
	for (i = 0; i < (size_t)m->n; i++) {
		lb_label(g, st->turn, k.k[i].label, path);
		for (j = 0; j < i; j++)
			ck_assert_msg(strcmp(k.k[i].label, k.k[j].label) != 0,
			    "two buttons \"%s\" at \"%s\" (%s)", k.k[i].label,
			    path, g->lang);
		lb.yours += strstr(k.k[i].label, trc(g->lang, "kicked",
		    "your marble")) != NULL;
		lb.undoes += m->e[i].a.tac && !m->e[i].a.devil &&
		    g->lastplay > 0 && m->e[i].from == 0;
	}
	compose_keys_free(&k);
	for (e = 0; e < m->n; e++) {
		if (!m->e[e].leaf)
			lb_node(g, st, m->e[e].path, numbered);
	}
	snprintf(next, sizeof next, "%s", m->more);
	free(m);
	if (next[0] != '\0')
		lb_node(g, st, next, numbered);
}

/*
 * A simulated game of cfg from seed in lang, people 'who' (an AI in
 * seat 3 now and then), every label of every 'every'th position and of
 * every Devil, Fool, skip, forced TAC, Trickster or TAC in hand; the
 * game knows who made the last card play, as the service does.
 */
static void
lb_game(const struct tac_config *cfg, uint64_t seed, int every,
    const char *lang, int who)
{
	struct render_game	 g;
	struct tac_state	 st;
	uint64_t		 rng = seed * 6151 + 11;
	int			 step, k, s;

	memset(&g, 0, sizeof g);
	g.id = 777;
	snprintf(g.lang, sizeof g.lang, "%s", lang);
	g.cfg = *cfg;
	for (s = 0; s < cfg->nseats; s++) {
		if (seed % 3 == 0 && s == 3)
			g.seats[s].ai = 1;
		else
			snprintf(g.seats[s].name, sizeof g.seats[s].name,
			    "%s", lb_names[who][s]);
	}
	tac_init(&st, cfg, seed);
	for (step = 0; step < LB_STEPS && st.phase != TAC_PH_OVER; step++) {
		if (step % every == 0 || st.phase == TAC_PH_DEVIL ||
		    st.phase == TAC_PH_FOOL || st.phase == TAC_PH_SKIP ||
		    st.phase == TAC_PH_FORCED || st.hand[st.turn][TAC_TR] ||
		    st.hand[st.turn][TAC_TAC]) {
			lb.positions++;
			lb_node(&g, &st, "", step % 2);
		}
		ck_assert_int_gt(tac_legal(&st, lb_list), 0);
		k = policy_random(&st, lb_list, &rng);
		g.lastplay = st.phase == TAC_PH_EXCHANGE ? 0 : st.turn + 1;
		tac_play(&st, &lb_list->a[k]);
	}
}

/*
 * Every language, both namings, four and six seats, long names; and
 * Team-TAC (rules K), where a player whose team is home moves the
 * others' marbles.
 */
START_TEST(test_labels_games)
{
	static const char *const	 langs[] = { "en", "ru", "de", "ka" };
	static const struct tac_config	 cfg[] = {
		{ 4, 0, 1, TAC_NAMES_TAC, 0 }, { 4, 0, 1, TAC_NAMES_TAKER, 0 },
		{ 6, 0, 1, TAC_NAMES_TAKER, 0 }, { 6, 1, 1, TAC_NAMES_TAC, 0 },
		{ 4, 0, 1, TAC_NAMES_TAC, 1 }, { 6, 0, 1, TAC_NAMES_TAKER, 1 }
	};
	const int			 ncfg = sizeof cfg / sizeof cfg[0];
	int				 i;

	lb_list = malloc(sizeof *lb_list);
	ck_assert_ptr_nonnull(lb_list);
	memset(&lb, 0, sizeof lb);
	for (i = 0; i < 4 * ncfg; i++)
		lb_game(&cfg[i % ncfg], (uint64_t)i + 301, 4, langs[i / ncfg],
		    (i / 2) % 2);
	free(lb_list);
	printf("labels: %ld positions, %ld messages, %ld labels, %ld naming "
	    "people, %ld names cut (at least %d letters), %ld \"your "
	    "marble\", %ld TACs naming whose play\n", lb.positions,
	    lb.messages, lb.labels, lb.names, lb.cutnames, lb.shortest,
	    lb.yours, lb.undoes);
	ck_assert_msg(lb.bad == 0, "%ld labels cut elsewhere than in a name",
	    lb.bad);
	ck_assert_int_gt(lb.positions, 3000);
	ck_assert_int_gt(lb.cutnames, 100);
	ck_assert_int_gt(lb.yours, 10);
	ck_assert_int_gt(lb.undoes, 10);
}
END_TEST

/* The suite of the labels' words. */
Suite *
suite_labels(void)
{
	Suite	*s = suite_create("labels");
	TCase	*tc = tcase_create("labels");

	tcase_set_timeout(tc, 900);
	tcase_add_test(tc, test_labels_games);
	suite_add_tcase(s, tc);
	return (s);
}
