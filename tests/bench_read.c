/*
 * bench_read.c: how long /play takes to read a move written as shown
 * (render_read(), src/view/render-read.c), over the positions of random
 * games and of crowded random boards (many marbles: the big 7s): a
 * random legal action's button label (its last steps: the slowest
 * match), its group line, its notation in the reader's letters, and text
 * that reads as no move (every action worded, none matches).  Prints the
 * mean, the 99th percentile and the worst time of each, in microseconds,
 * and the most legal actions seen.  make bench-read runs it.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "menu.h"
#include "policy.h"
#include "render.h"

#define BR_GAMES	24
#define BR_BOARDS	300
#define BR_MAX		200000	/* timings kept per kind */

enum { BR_LABEL, BR_LINE, BR_NOTATION, BR_NONE, BR_NKINDS };
static const char *const br_kinds[BR_NKINDS] = {
	"button (last steps)", "move line", "notation", "no move"
};

static double	*br_times[BR_NKINDS];
static int	 br_n[BR_NKINDS], br_most;
static struct tac_list	*br_list, *br_scratch;

/* Now, in microseconds. */
static double
br_now(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (ts.tv_sec * 1e6 + ts.tv_nsec / 1e3);
}

/* Time one reading of text in g's language. */
static void
br_time(const struct render_game *g, const struct tac_state *st,
    const char *text, int kind)
{
	const char		*langs[2] = { g->lang, "en" };
	struct tac_action	 a;
	struct tac_why		 why;
	double			 t0;

	t0 = br_now();
	(void)render_read(g, langs, 2, st, text, br_scratch, &a, &why);
	if (br_n[kind] < BR_MAX)
		br_times[kind][br_n[kind]++] = br_now() - t0;
}

/* Time the readings of a random legal action of st, and of no move. */
static void
br_position(const struct render_game *g, const struct tac_state *st,
    uint64_t *rng)
{
	struct render_move	 mv;
	struct rbuf		 b = { NULL, 0, 0 };
	const struct tac_action	*a;
	int			 n, ntok;

	if ((n = tac_legal(st, br_list)) <= 0)
		return;
	if (n > br_most)
		br_most = n;
	a = &br_list->a[tac_rng_below(rng, (uint32_t)n)];
	ntok = render_move_ntok(a);
	render_move_init(&mv, g, st, a, st->turn, st->turn);
	render_move_fit(g, &mv, ntok > 1 ? ntok - 1 : 0, ntok,
	    RENDER_LABELMAX, &b);
	br_time(g, st, b.s, BR_LABEL);
	rbuf_reset(&b);
	mv.reader = RENDER_NOBODY;
	render_move_words(g, &mv, 0, ntok, &b);
	br_time(g, st, b.s, BR_LINE);
	rbuf_reset(&b);
	render_action(g, a, &b);
	br_time(g, st, b.s, BR_NOTATION);
	br_time(g, st, "12 \xe2\x86\x92 13, 14 \xe2\x86\x92 15", BR_NONE);
	rbuf_free(&b);
}

/* Sort doubles. */
static int
br_cmp(const void *x, const void *y)
{
	double	a = *(const double *)x, b = *(const double *)y;

	return (a < b ? -1 : a > b);
}

/* A 4-seat render_game in lang with a naming. */
static void
br_game(struct render_game *g, const char *lang, const struct tac_config *c)
{
	static const char *const who[] = { "Anna", "Boris", "Clara", "Dmitri",
	    "Eva", "Fjodor" };
	int			 s;

	memset(g, 0, sizeof *g);
	g->id = 1;
	snprintf(g->lang, sizeof g->lang, "%s", lang);
	g->cfg = *c;
	for (s = 0; s < c->nseats; s++)
		snprintf(g->seats[s].name, sizeof g->seats[s].name, "%s",
		    who[s]);
}

/* Run the games and boards and print the times. */
int
main(void)
{
	static const char *const langs[] = { "en", "ru", "de", "ka" };
	struct tac_config	 cfg = { 4, 0, 1, TAC_NAMES_TAKER, 0 };
	struct render_game	 g;
	struct tac_state	 st;
	uint64_t		 rng = 1;
	double			 sum;
	int			 i, k, s, f, step, positions = 0;

	br_list = malloc(sizeof *br_list);
	br_scratch = malloc(sizeof *br_scratch);
	for (k = 0; k < BR_NKINDS; k++)
		br_times[k] = malloc(BR_MAX * sizeof *br_times[k]);
	for (i = 0; i < BR_GAMES; i++) {
		cfg.names = i % 2 ? TAC_NAMES_TAKER : TAC_NAMES_TAC;
		br_game(&g, langs[i % 4], &cfg);
		tac_init(&st, &cfg, (uint64_t)i + 1);
		for (step = 0; step < 1500 && st.phase != TAC_PH_OVER;
		    step++) {
			if (step % 4 == 0) {
				br_position(&g, &st, &rng);
				positions++;
			}
			if (tac_legal(&st, br_list) <= 0)
				break;
			tac_play(&st, &br_list->a[policy_random(&st, br_list,
			    &rng)]);
		}
	}
	/* Crowded boards: three marbles a seat out, a 7 in every hand. */
	for (i = 0; i < BR_BOARDS; i++) {
		tac_init(&st, &cfg, tac_rng_next(&rng));
		st.phase = TAC_PH_PLAY;
		memset(&st.b, 0, sizeof st.b);
		memset(st.b.field, -1, sizeof st.b.field);
		for (s = 0; s < 4; s++) {
			for (k = 0; k < 3; k++) {
				do
					f = (int)tac_rng_below(&rng, 64);
				while (st.b.field[f] >= 0);
				st.b.field[f] = (int8_t)s;
			}
			st.b.base[s] = 1;
			memset(st.hand[s], 0, sizeof st.hand[s]);
			st.hand[s][TAC_C7] = 2;
			st.hand[s][TAC_TR] = 1;
			st.hand[s][TAC_C4] = 1;
			st.nhand[s] = 4;
		}
		br_game(&g, langs[i % 4], &cfg);
		br_position(&g, &st, &rng);
		positions++;
	}
	printf("render_read: %d positions, at most %d legal actions\n",
	    positions, br_most);
	for (k = 0; k < BR_NKINDS; k++) {
		qsort(br_times[k], (size_t)br_n[k], sizeof *br_times[k],
		    br_cmp);
		for (i = 0, sum = 0; i < br_n[k]; i++)
			sum += br_times[k][i];
		printf("  %-20s %6d reads: mean %8.1f us, p99 %8.1f us, "
		    "max %8.1f us\n", br_kinds[k], br_n[k], sum / br_n[k],
		    br_times[k][br_n[k] * 99 / 100], br_times[k][br_n[k] - 1]);
		free(br_times[k]);
	}
	free(br_list);
	free(br_scratch);
	return (0);
}
