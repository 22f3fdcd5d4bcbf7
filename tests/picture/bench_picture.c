/*
 * bench_picture.c: not a test.  The cost of the pictures a game sends,
 * drawn N times each through picture_render() and chart_render():
 *
 *	board	the bench board, a three-segment 7 of Red (seven.json)
 *	options	a turn notice's picture: the board with its choices
 *		numbered (options.json, the menu's root as tacd draws it)
 *	turned	the same, drawn from each seat in turn (each at the
 *		bottom, as in its player's chat): every picture turns
 *		the layer to another seat (each seat's turning of the
 *		layer made before the count)
 *	chart	a game's end: each team's marbles at home per round
 *		(homes4.json, four names)
 *	mixed	every case, 4 and 6 seats, in en, ru, de and ka, other
 *		names each time, at 1024 and 768 pixels, and every
 *		hundredth at one of five other sizes, so that the layers
 *		kept are dropped and made again
 *
 * For each: wall time per picture (mean, median, p99), CPU time per
 * picture, the PNG's bytes, and the resident memory after the first,
 * the middle and the last picture: memory that stays flat means no
 * picture leaks and the layers kept are bounded.  tests/picture/bench.sh
 * (make bench-picture) runs it, and under callgrind to count the
 * instructions of a picture.  Numbers only: nothing is asserted.
 *
 * usage: bench_picture [-n N] [-k board|options|turned|chart|mixed] CASES
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <sys/resource.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "chart.h"
#include "menu.h"
#include "now.h"
#include "picture.h"
#include "tacjson.h"

/* The pictures of the bench, loaded once. */
struct bench {
	struct tac_state	 seven;		/* after the 7 */
	struct tac_board	 before;
	struct tac_action	 last;
	struct tac_state	 options;
	struct tac_action	 opts[MENU_FLAT];
	int			 nopts;
	struct tac_state	 six;		/* swap.json, 6 seats */
	struct tac_action	 swap;
	struct chart		*chart;
	struct tac_list		*list;
};

/* Print a message and exit 1. */
static void
die(const char *what, const char *why)
{
	fprintf(stderr, "bench_picture: %s: %s\n", what, why);
	exit(1);
}

/* A JSON file of the cases. */
static json_t *
load(const char *dir, const char *name)
{
	json_error_t	 e;
	json_t		*j;
	char		 path[1024];

	snprintf(path, sizeof path, "%s/%s", dir, name);
	if ((j = json_load_file(path, 0, &e)) == NULL)
		die(path, e.text);
	return (j);
}

/* A position of the cases. */
static void
position(const char *dir, const char *name, struct tac_state *st)
{
	json_t	*j = load(dir, name);
	char	 err[256];

	if (tac_position_load(st, j, err, sizeof err) != 0)
		die(name, err);
	json_decref(j);
}

/* Apply the action text to st, keeping it in a and the board before. */
static void
play(struct bench *b, struct tac_state *st, const char *text,
    struct tac_action *a, struct tac_board *before)
{
	char	err[256];

	if (tac_action_parse(text, a, err, sizeof err) != 0)
		die(text, err);
	if (before != NULL)
		*before = st->b;
	if (tac_apply(st, a, b->list, err, sizeof err) < 0)
		die(text, err);
}

/* The chart of homes4.json's teams, as a game's end draws it. */
static void
chart(struct bench *b, const char *dir)
{
	static const char	*names[] = { "Anna", "Boris", "Clara", "Dmitri" };
	struct tac_record	 rec;
	struct tac_state	 st;
	struct tac_homes	*h;
	struct chart_seats	 who;
	json_t			*j = load(dir, "homes4.json");
	char			 err[256];
	int			 s;

	h = calloc(1, sizeof *h);
	b->chart = calloc(1, sizeof *b->chart);
	if (h == NULL || b->chart == NULL)
		die("chart", "out of memory");
	if (tac_record_load(&rec, j, err, sizeof err) != 0 ||
	    tac_record_homes(&rec, &st, b->list, h, err, sizeof err) != 0)
		die("homes4.json", err);
	memset(&who, 0, sizeof who);
	who.nseats = st.cfg.nseats;
	for (s = 0; s < st.cfg.nseats && s < 4; s++) {
		who.team[s] = tac_team(&st, s);
		who.name[s] = names[s];
	}
	if (chart_homes(b->chart, "en", 0, &who, h) != 0)
		die("homes4.json", "no round to show");
	tac_record_free(&rec);
	json_decref(j);
	free(h);
}

/* Load every case. */
static void
setup(struct bench *b, const char *dir)
{
	struct menu	*m;
	int		 i;

	memset(b, 0, sizeof *b);
	if ((b->list = calloc(1, sizeof *b->list)) == NULL ||
	    (m = calloc(1, sizeof *m)) == NULL)
		die("setup", "out of memory");
	position(dir, "seven.json", &b->seven);
	play(b, &b->seven, "7 12>13 60>0H1 0H3>0H4", &b->last, &b->before);
	position(dir, "options.json", &b->options);
	if (menu_build(&b->options, b->options.turn, "", m, b->list) != 0 ||
	    !m->flat)
		die("options.json", "no flat menu");
	for (i = 0; i < m->n && i < MENU_FLAT; i++)
		b->opts[b->nopts++] = m->e[i].a;
	free(m);
	position(dir, "swap.json", &b->six);
	play(b, &b->six, "TR 8<>50", &b->swap, NULL);
	chart(b, dir);
}

/* Draw picture i of kind; its PNG's bytes. */
static size_t
draw(const struct bench *b, const char *kind, long i)
{
	static const char	*langs[] = { "en", "ru", "de", "ka" };
	static const int	 odd[] = { 300, 500, 640, 900, 1200 };
	struct picture_opts	 o;
	const struct tac_state	*st = &b->seven;
	unsigned char		*png = NULL;
	size_t			 len = 0;
	char			 name[TAC_MAXSEATS][32];
	int			 s, rc, which = 0;

	memset(&o, 0, sizeof o);
	if (strcmp(kind, "mixed") == 0) {
		which = (int)(i % 4);
		o.lang = langs[(i / 4) % 4];
		o.size = (i / 16) % 2 ? 768 : 1024;
		if (i % 100 == 99)
			o.size = odd[(i / 100) % 5];
		for (s = 0; s < TAC_MAXSEATS; s++) {
			snprintf(name[s], sizeof name[s], "Player %ld-%d",
			    i % 97, s);
			o.names[s] = name[s];
		}
	} else if (strcmp(kind, "options") == 0)
		which = 1;
	else if (strcmp(kind, "turned") == 0) {
		which = 1;
		o.bottom = (int)(i % b->options.cfg.nseats);
	}
	else if (strcmp(kind, "chart") == 0)
		which = 3;
	switch (which) {
	case 0:
		o.last = &b->last;
		o.last_seat = 0;
		o.before = &b->before;
		break;
	case 1:
		st = &b->options;
		o.opts = b->opts;
		o.nopts = b->nopts;
		break;
	case 2:
		st = &b->six;
		o.last = &b->swap;
		o.last_seat = 0;
		break;
	}
	if (which == 3)
		rc = chart_render(b->chart, o.size == 1024 ? 0 : o.size, &png,
		    &len);
	else
		rc = picture_render(st, &o, &png, &len);
	if (rc != 0)
		die(kind, "the picture failed");
	free(png);
	return (len);
}

/* The resident set size now, in KiB (-1 where /proc has none). */
static long
rss(void)
{
	FILE	*f;
	long	 pages, res;

	if ((f = fopen("/proc/self/statm", "r")) == NULL)
		return (-1);
	if (fscanf(f, "%ld %ld", &pages, &res) != 2)
		res = -1;
	fclose(f);
	return (res < 0 ? -1 : res * (sysconf(_SC_PAGESIZE) / 1024));
}

/* Order doubles ascending, for the percentiles. */
static int
cmp(const void *a, const void *b)
{
	double	x = *(const double *)a, y = *(const double *)b;

	return ((x > y) - (x < y));
}

/* Draw n pictures of kind and print what they cost. */
static void
run(const struct bench *b, const char *kind, long n)
{
	struct rusage	 ru;
	double		*t, t0, cpu, sum = 0, bytes = 0;
	size_t		 len, lmin = SIZE_MAX, lmax = 0;
	long		 i, first = 0, middle = 0;

	if ((t = calloc(n, sizeof *t)) == NULL)
		die(kind, "out of memory");
	/*
	 * A layer turns to a seat first drawn from once, for good: made
	 * before the count, as the layer itself is.
	 */
	for (i = 0; strcmp(kind, "turned") == 0 && i < TAC_MAXSEATS; i++)
		(void)draw(b, kind, i);
	cpu = now_cpu_ms();
	for (i = 0; i < n; i++) {
		t0 = now_mono();
		len = draw(b, kind, i);
		t[i] = (now_mono() - t0) * 1e3;
		sum += t[i];
		bytes += len;
		lmin = len < lmin ? len : lmin;
		lmax = len > lmax ? len : lmax;
		if (i == 0)
			first = rss();
		if (i == n / 2)
			middle = rss();
	}
	cpu = now_cpu_ms() - cpu;
	qsort(t, n, sizeof *t, cmp);
	getrusage(RUSAGE_SELF, &ru);
	printf("%s: %ld pictures: wall mean %.2f ms, median %.2f ms, "
	    "p99 %.2f ms; cpu %.2f ms each\n", kind, n, sum / n, t[n / 2],
	    t[(n * 99) / 100], cpu / n);
	printf("%s: png bytes mean %.0f, min %zu, max %zu\n", kind, bytes / n,
	    lmin, lmax);
	printf("%s: rss after picture 1: %ld KiB, %ld: %ld KiB, %ld: %ld "
	    "KiB; peak %ld KiB\n", kind, first, n / 2 + 1, middle, n, rss(),
	    ru.ru_maxrss);
	fflush(stdout);
	free(t);
}

int
main(int argc, char **argv)
{
	static const char	*kinds[] = { "board", "options", "turned",
	    "chart", "mixed" };
	struct bench		 b;
	const char		*kind = NULL;
	long			 n = 10000;
	size_t			 i;
	int			 ch;

	while ((ch = getopt(argc, argv, "n:k:")) != -1) {
		switch (ch) {
		case 'n':
			n = atol(optarg);
			break;
		case 'k':
			kind = optarg;
			break;
		default:
			goto usage;
		}
	}
	if (argc - optind != 1 || n < 1)
		goto usage;
	setup(&b, argv[optind]);
	for (i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
		if (kind == NULL || strcmp(kind, kinds[i]) == 0)
			run(&b, kinds[i], n);
	picture_exit();
	free(b.chart);
	free(b.list);
	return (0);
usage:
	fprintf(stderr, "usage: bench_picture [-n N] "
	    "[-k board|options|turned|chart|mixed] CASES\n");
	return (2);
}
