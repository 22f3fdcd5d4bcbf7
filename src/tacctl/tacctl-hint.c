/*
 * tacctl-hint.c: tacctl hint, the hint for the seat to act in a
 * position (src/play/hint.h), and tacctl review, a finished game's
 * decisions rated as tacd's review rates them (src/play/review.h), with
 * the time it took: the review's benchmark.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hint.h"
#include "i18n.h"
#include "now.h"
#include "render.h"
#include "review.h"
#include "tacctl.h"

/* The table as tacctl names it: colours, in a language. */
static void
hint_table(const struct tac_state *st, const char *lang,
    struct render_game *g)
{
	memset(g, 0, sizeof *g);
	snprintf(g->lang, sizeof g->lang, "%s", lang);
	g->cfg = st->cfg;
}

/*
 * tacctl hint [--lang L] POSITION: the hint's move in notation on the
 * first line ("DEVIL" when it is the Devil, whose card shows only once
 * it is played), why on the second, from the view of the seat to act.
 * Exits 1 when that seat has nothing to play.
 */
int
cmd_hint(int argc, char **argv)
{
	static const struct option	 longopts[] = {
		{ "lang", required_argument, NULL, 'l' },
		{ NULL, 0, NULL, 0 }
	};
	struct tac_state		 st, v;
	struct render_game		 g;
	struct tac_list			*l;
	struct hint			 h;
	struct rbuf			 b = { NULL, 0, 0 };
	const char			*lang = "en";
	json_t				*j;
	char				 err[256], text[160];
	int				 ch;

	while ((ch = getopt_long(argc, argv, "l:", longopts, NULL)) != -1) {
		if (ch != 'l' || !i18n_known(optarg))
			tacctl_usage();
		lang = i18n_norm(optarg);
	}
	if (optind + 1 != argc)
		tacctl_usage();
	j = tacctl_read_json(argv[optind]);
	if (tac_position_load(&st, j, err, sizeof err) != 0)
		tacctl_die(TACCTL_BADINPUT, "%s: %s", argv[optind], err);
	json_decref(j);
	tac_view(&st, st.turn, &v);
	l = tacctl_alloc(sizeof *l);
	if (hint_choose(&v, l, &h) != 0)
		tacctl_die(TACCTL_ILLEGAL, "%s: seat %d has nothing to play",
		    argv[optind], st.turn);
	hint_format(&h, text, sizeof text);
	hint_table(&st, lang, &g);
	render_hint_why(&g, hint_why_name(h.why), h.seat, &b);
	printf("%s\n%s\n", text, b.s != NULL ? b.s : "");
	rbuf_free(&b);
	free(l);
	return (0);
}

/* One pick as JSON: where, what was played, what was better and why. */
static json_t *
review_pick_json(const struct review_pick *p)
{
	char	played[160], better[160];

	tac_action_format(&p->played, played, sizeof played);
	hint_format(&p->better, better, sizeof better);
	return (json_pack("{s:i, s:s, s:s, s:s, s:i, s:I}", "n", p->n,
	    "played", played, "better", better, "why",
	    hint_why_name(p->better.why), "seat", p->better.seat, "loss",
	    (json_int_t)p->loss));
}

/*
 * Review one record (the seats in mask), as JSON with the time it took
 * in *ms.
 */
static json_t *
review_one(const char *path, unsigned mask, struct tac_list *l, double *ms)
{
	struct tac_record	 rec;
	struct tac_state	 st;
	struct tac_action	 a;
	struct review		*rv;
	json_t			*j, *seats, *picks, *best = json_null();
	char			 err[256], text[160];
	size_t			 i;
	double			 t0;
	int			 next, s, k;

	j = tacctl_read_json(path);
	if (tac_record_load(&rec, j, err, sizeof err) != 0)
		tacctl_die(TACCTL_BADINPUT, "%s: %s", path, err);
	json_decref(j);
	rv = tacctl_alloc(sizeof *rv);
	review_init(rv);
	t0 = now_cpu_ms();
	if (tac_record_start(&rec, &st, &next, err, sizeof err) != 0)
		tacctl_die(TACCTL_BADINPUT, "%s: %s", path, err);
	for (i = 0; i < rec.nactions; i++) {
		if (review_next(&rec, &st, &next, i, &a, err, sizeof err) != 0 ||
		    review_add(rv, &st, (int)i, &a, (mask >> st.turn) & 1,
		    l) != 0 || tac_apply(&st, &a, l, err, sizeof err) < 0)
			tacctl_die(TACCTL_BADINPUT, "%s: action %zu: %s", path,
			    i, err[0] != '\0' ? err : "not a move of the "
			    "game");
	}
	*ms = now_cpu_ms() - t0;
	seats = json_array();
	for (s = 0; s < rec.cfg.nseats; s++) {
		if (((mask >> s) & 1) == 0)
			continue;
		picks = json_array();
		for (k = 0; k < rv->npick[s]; k++)
			json_array_append_new(picks,
			    review_pick_json(&rv->pick[s][k]));
		json_array_append_new(seats, json_pack("{s:i, s:o}", "seat", s,
		    "picks", picks));
	}
	if (rv->best.n >= 0) {
		tac_action_format(&rv->best.a, text, sizeof text);
		best = json_pack("{s:i, s:i, s:s, s:I}", "n", rv->best.n,
		    "seat", rv->best.seat, "action", text, "gain",
		    (json_int_t)rv->best.gain);
	}
	j = json_pack("{s:s, s:I, s:i, s:f, s:o, s:o}", "record", path,
	    "actions", (json_int_t)rec.nactions, "rated", rv->rated, "ms",
	    (double)(long)(*ms * 10) / 10, "seats", seats, "best", best);
	tac_record_free(&rec);
	free(rv);
	return (j);
}

/* Sort doubles ascending. */
static int
review_cmp(const void *x, const void *y)
{
	double	a = *(const double *)x, b = *(const double *)y;

	return (a < b ? -1 : a > b);
}

/*
 * tacctl review [--seats 0,2] RECORD ...: each finished game's review
 * (every seat's, or the listed seats'), then the CPU time per game:
 * median, mean and the most.
 */
int
cmd_review(int argc, char **argv)
{
	static const struct option	 longopts[] = {
		{ "seats", required_argument, NULL, 's' },
		{ NULL, 0, NULL, 0 }
	};
	struct tac_list			*l;
	unsigned			 mask = 0x3f;
	double				*ms, sum = 0;
	json_t				*j;
	char				 word[16], *p;
	size_t				 k;
	int				 ch, i, n;

	while ((ch = getopt_long(argc, argv, "s:", longopts, NULL)) != -1) {
		if (ch != 's')
			tacctl_usage();
		mask = 0;
		for (p = optarg; *p != '\0'; p += k + (p[k] == ',')) {
			if ((k = strcspn(p, ",")) >= sizeof word)
				tacctl_usage();
			memcpy(word, p, k);
			word[k] = '\0';
			mask |= 1U << tacctl_number(word, "seats", 0,
			    TAC_MAXSEATS - 1);
		}
	}
	if (optind >= argc)
		tacctl_usage();
	n = argc - optind;
	l = tacctl_alloc(sizeof *l);
	ms = tacctl_alloc((size_t)n * sizeof *ms);
	for (i = 0; i < n; i++) {
		j = review_one(argv[optind + i], mask, l, &ms[i]);
		tacctl_print_json(stdout, j);
		json_decref(j);
		sum += ms[i];
	}
	qsort(ms, (size_t)n, sizeof *ms, review_cmp);
	j = json_pack("{s:i, s:{s:f, s:f, s:f}}", "games", n, "ms_per_game",
	    "median", (double)(long)(ms[n / 2] * 10) / 10, "mean",
	    (double)(long)(sum / n * 10) / 10, "max",
	    (double)(long)(ms[n - 1] * 10) / 10);
	tacctl_print_json(stdout, j);
	json_decref(j);
	free(ms);
	free(l);
	return (0);
}
