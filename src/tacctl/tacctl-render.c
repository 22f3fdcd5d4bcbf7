/*
 * tacctl-render.c: tacctl render, the board picture of a position or of a
 * record after N actions, as a PNG; --options draws the choices of the
 * seat to act as a turn message shows them; --bench times many renders
 * and shows that memory stays flat; --homes draws a record's chart of
 * each team's marbles at home after each round, the picture a game's end
 * shows.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <sys/resource.h>

#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "chart.h"
#include "lang.h"
#include "menu.h"
#include "now.h"
#include "picture.h"
#include "tacctl.h"

/*
 * Scratch for tac_apply(), big enough to want the heap; held in a static
 * so that an exit on bad input (tacctl_die) does not look like a leak to
 * the sanitizers' leak checker.
 */
static struct tac_list	*render_list;

/* What the command line asked for. */
struct render_args {
	const char	*out;
	const char	*record;
	const char	*last;
	const char	*lang;
	char		*names;
	long		 at;
	int		 size;
	long		 bench;
	int		 homes;
	int		 options;
	int		 seat;		/* drawn at the bottom */
};

/* The position to draw, with the action drawn as the last one. */
struct render_pos {
	struct tac_state	st;
	struct tac_board	before;
	struct tac_action	last;
	int			haslast;
	int			last_seat;
	struct tac_action	opts[MENU_FLAT];
	int			nopts;
};

/*
 * The choices a turn message draws on its picture: the menu's root,
 * when it lists every action (src/play/menu.h), in its order.
 */
static void
render_options(struct render_pos *rp, struct tac_list *l)
{
	struct menu	*m;
	int		 i;

	m = tacctl_alloc(sizeof *m);
	if (menu_build(&rp->st, rp->st.turn, "", m, l) == 0 && m->flat)
		for (i = 0; i < m->n && i < MENU_FLAT; i++)
			rp->opts[rp->nopts++] = m->e[i].a;
	free(m);
}

/*
 * Apply the action text to rp's position and remember it as the last
 * action, with the board before it; exit 1 or 2 as tacctl apply does.
 */
static void
render_play(struct render_pos *rp, struct tac_list *l, const char *text,
    const char *where)
{
	char	err[256];

	if (tac_action_parse(text, &rp->last, err, sizeof err) != 0)
		tacctl_die(TACCTL_BADINPUT, "%s \"%s\": %s", where, text, err);
	rp->before = rp->st.b;
	rp->last_seat = rp->st.turn;
	if (tac_apply(&rp->st, &rp->last, l, err, sizeof err) < 0)
		tacctl_die(TACCTL_ILLEGAL, "illegal %s \"%s\": %s", where, text,
		    err);
	rp->haslast = 1;
}

/* Feed the record's next deal when the game waits for one. */
static void
render_deal(const struct tac_record *rec, struct render_pos *rp, int *next)
{
	char	err[256];

	if (rp->st.phase != TAC_PH_DEAL || rec->seeded || *next >= rec->ndeals)
		return;
	if (tac_deal(&rp->st, (const uint8_t (*)[TAC_NCARDS])
	    rec->deals[*next], err, sizeof err) != 0)
		tacctl_die(TACCTL_BADINPUT, "deals[%d]: %s", *next, err);
	(*next)++;
}

/* Replay the first N actions of a record; the N-th becomes the last. */
static void
render_record(const struct render_args *ra, struct render_pos *rp,
    struct tac_list *l)
{
	struct tac_record	 rec;
	json_t			*root;
	char			 err[256], where[64];
	size_t			 i;
	int			 next;

	root = tacctl_read_json(ra->record);
	if (tac_record_load(&rec, root, err, sizeof err) != 0)
		tacctl_die(TACCTL_BADINPUT, "%s: %s", ra->record, err);
	if ((size_t)ra->at > rec.nactions)
		tacctl_die(TACCTL_BADINPUT, "--at: the record has %zu actions",
		    rec.nactions);
	if (tac_record_start(&rec, &rp->st, &next, err, sizeof err) != 0)
		tacctl_die(TACCTL_BADINPUT, "%s: %s", ra->record, err);
	for (i = 0; i < (size_t)ra->at; i++) {
		render_deal(&rec, rp, &next);
		snprintf(where, sizeof where, "actions[%zu] (0-based)", i);
		render_play(rp, l, rec.actions[i], where);
	}
	/* The hands of the next deal belong to the picture too. */
	render_deal(&rec, rp, &next);
	tac_record_free(&rec);
	json_decref(root);
}

/* Load the position file, then apply --last if given. */
static void
render_position(const struct render_args *ra, const char *path,
    struct render_pos *rp, struct tac_list *l)
{
	json_t	*root;
	char	 err[256];

	root = tacctl_read_json(path);
	if (tac_position_load(&rp->st, root, err, sizeof err) != 0)
		tacctl_die(TACCTL_BADINPUT, "%s: %s", path, err);
	json_decref(root);
	if (ra->last != NULL)
		render_play(rp, l, ra->last, "--last");
}

/* Split --names A,B,... into the options' names; empty ones stay NULL. */
static void
render_names(char *names, struct picture_opts *po)
{
	char	*s, *comma;
	int	 i = 0;

	for (s = names; s != NULL; s = comma) {
		if ((comma = strchr(s, ',')) != NULL)
			*comma++ = '\0';
		if (i == TAC_MAXSEATS)
			tacctl_die(TACCTL_BADINPUT,
			    "--names: more than %d names", TAC_MAXSEATS);
		po->names[i++] = *s != '\0' ? s : NULL;
	}
}

/*
 * The chart of each team's marbles at home after each round of the
 * record, named with --names, as a PNG into *png.
 */
static void
render_homes(const struct render_args *ra, const struct picture_opts *po,
    unsigned char **png, size_t *len)
{
	struct tac_record	 rec;
	struct tac_state	 st;
	struct tac_homes	*h;
	struct chart		*c;
	struct chart_seats	 who;
	json_t			*root;
	char			 err[256];
	int			 s;

	h = tacctl_alloc(sizeof *h);
	c = tacctl_alloc(sizeof *c);
	root = tacctl_read_json(ra->record);
	if (tac_record_load(&rec, root, err, sizeof err) != 0)
		tacctl_die(TACCTL_BADINPUT, "%s: %s", ra->record, err);
	if (tac_record_homes(&rec, &st, render_list, h, err, sizeof err) != 0)
		tacctl_die(TACCTL_ILLEGAL, "%s: %s", ra->record, err);
	memset(&who, 0, sizeof who);
	who.nseats = st.cfg.nseats;
	for (s = 0; s < st.cfg.nseats; s++) {
		who.team[s] = tac_team(&st, s);
		who.name[s] = po->names[s];
	}
	if (chart_homes(c, ra->lang != NULL ? ra->lang : "en", 0, &who, h) != 0)
		tacctl_die(TACCTL_BADINPUT, "%s: no action, no round to show",
		    ra->record);
	if (chart_render(c, po->size, png, len) != 0)
		tacctl_die(TACCTL_BADINPUT, "cannot draw the chart");
	tac_record_free(&rec);
	json_decref(root);
	free(c);
	free(h);
}

/* Write the PNG to path ("-": stdout). */
static void
render_write(const char *path, const unsigned char *png, size_t len)
{
	FILE	*f;

	f = strcmp(path, "-") == 0 ? stdout : fopen(path, "wb");
	if (f == NULL)
		tacctl_die(TACCTL_BADINPUT, "%s: cannot open", path);
	if (fwrite(png, 1, len, f) != len || fflush(f) != 0 ||
	    (f != stdout && fclose(f) != 0))
		tacctl_die(TACCTL_BADINPUT, "%s: write error", path);
}

/* The resident set size now, in KiB, from /proc (-1 where there is none). */
static long
render_rss(void)
{
	FILE	*f;
	long	 pages, rss;

	if ((f = fopen("/proc/self/statm", "r")) == NULL)
		return (-1);
	if (fscanf(f, "%ld %ld", &pages, &rss) != 2)
		rss = -1;
	fclose(f);
	return (rss < 0 ? -1 : rss * 4);
}

/* Order doubles ascending, for the percentiles. */
static int
render_cmp(const void *a, const void *b)
{
	double	x = *(const double *)a, y = *(const double *)b;

	return ((x > y) - (x < y));
}

/*
 * Render n times and print the time per render (mean, median, p99, max),
 * the PNG's bytes (mean, min, max: the photo every move sends) and the
 * memory at 1, 10, 100, ... renders and at the end: flat memory means
 * no render leaks.  Numbers only: nothing is asserted on time.
 */
static void
render_bench(const struct tac_state *st, const struct picture_opts *po,
    long n)
{
	struct rusage	 ru;
	unsigned char	*png;
	size_t		 len = 0, lmin = SIZE_MAX, lmax = 0;
	double		*t, t0, sum = 0, cpu, lsum = 0;
	long		 i, mark = 1;

	t = tacctl_alloc(n * sizeof *t);
	cpu = (now_cpu_ms() / 1e3);
	for (i = 0; i < n; i++) {
		t0 = now_mono();
		if (picture_render(st, po, &png, &len) != 0)
			tacctl_die(TACCTL_BADINPUT, "render %ld failed", i + 1);
		t[i] = now_mono() - t0;
		sum += t[i];
		lsum += len;
		lmin = len < lmin ? len : lmin;
		lmax = len > lmax ? len : lmax;
		free(png);
		if (i + 1 == mark || i + 1 == n) {
			getrusage(RUSAGE_SELF, &ru);
			printf("renders %ld: rss %ld KiB, peak rss %ld KiB\n",
			    i + 1, render_rss(), ru.ru_maxrss);
			if (i + 1 == mark)
				mark *= 10;
		}
	}
	/* CPU time says less about a busy machine's other work. */
	cpu = (now_cpu_ms() / 1e3) - cpu;
	qsort(t, n, sizeof *t, render_cmp);
	printf("render %dx%d: mean %.2f ms, median %.2f ms, "
	    "p99 %.2f ms, max %.2f ms over %ld renders; cpu %.2f ms each\n",
	    po->size == 0 ? 1024 : po->size, po->size == 0 ? 1024 : po->size,
	    sum / n * 1e3, t[n / 2] * 1e3, t[(n * 99) / 100] * 1e3,
	    t[n - 1] * 1e3, n, cpu / n * 1e3);
	printf("png bytes: mean %.0f, min %zu, max %zu over %ld renders\n",
	    lsum / n, lmin, lmax, n);
	free(t);
}

/*
 * tacctl render [options] -o FILE POSITION
 * tacctl render [options] -o FILE --record RECORD --at N
 * tacctl render [--size PX] [--lang L] [--names ...] -o FILE --homes
 *     --record RECORD
 */
int
cmd_render(int argc, char **argv)
{
	static const struct option	 longopts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "record", required_argument, NULL, 'r' },
		{ "at", required_argument, NULL, 'a' },
		{ "last", required_argument, NULL, 'l' },
		{ "size", required_argument, NULL, 's' },
		{ "lang", required_argument, NULL, 'L' },
		{ "names", required_argument, NULL, 'n' },
		{ "bench", required_argument, NULL, 'b' },
		{ "homes", no_argument, NULL, 'H' },
		{ "options", no_argument, NULL, 'O' },
		{ "seat", required_argument, NULL, 'S' },
		{ NULL, 0, NULL, 0 }
	};
	struct render_args		 ra;
	struct render_pos		 rp;
	struct picture_opts		 po;
	unsigned char			*png;
	size_t				 len;
	char				 langs[64];
	int				 ch;

	memset(&ra, 0, sizeof ra);
	ra.at = -1;
	while ((ch = getopt_long(argc, argv, "o:", longopts, NULL)) != -1) {
		switch (ch) {
		case 'o':
			ra.out = optarg;
			break;
		case 'r':
			ra.record = optarg;
			break;
		case 'a':
			ra.at = tacctl_number(optarg, "at", 0, 1000000);
			break;
		case 'l':
			ra.last = optarg;
			break;
		case 's':
			ra.size = tacctl_number(optarg, "size", 128, 4096);
			break;
		case 'L':
			if ((ra.lang = lang_find(optarg)) == NULL) {
				lang_list(langs, sizeof langs);
				tacctl_die(TACCTL_BADINPUT, "--lang: one of %s",
				    langs);
			}
			break;
		case 'n':
			ra.names = optarg;
			break;
		case 'b':
			ra.bench = tacctl_number(optarg, "bench", 1, 100000000);
			break;
		case 'H':
			ra.homes = 1;
			break;
		case 'O':
			ra.options = 1;
			break;
		case 'S':
			ra.seat = tacctl_number(optarg, "seat", 0,
			    TAC_MAXSEATS - 1);
			break;
		default:
			tacctl_usage();
		}
	}
	argc -= optind;
	argv += optind;
	if (ra.homes) {
		/* A record's whole game; no board, so nothing of a move. */
		if (ra.record == NULL || ra.at >= 0 || ra.last != NULL ||
		    ra.options || ra.bench > 0 || ra.out == NULL || argc != 0)
			tacctl_usage();
		memset(&po, 0, sizeof po);
		render_names(ra.names, &po);
		po.size = ra.size;
		render_list = tacctl_alloc(sizeof *render_list);
		render_homes(&ra, &po, &png, &len);
		free(render_list);
		render_list = NULL;
		render_write(ra.out, png, len);
		free(png);
		picture_exit();
		return (0);
	}
	/* A position file, or a record with --at; -o unless benchmarking. */
	if ((ra.record != NULL) != (ra.at >= 0) ||
	    argc != (ra.record != NULL ? 0 : 1) ||
	    (ra.record != NULL && ra.last != NULL) ||
	    (ra.out == NULL && ra.bench == 0))
		tacctl_usage();

	memset(&rp, 0, sizeof rp);
	render_list = tacctl_alloc(sizeof *render_list);
	if (ra.record != NULL)
		render_record(&ra, &rp, render_list);
	else
		render_position(&ra, argv[0], &rp, render_list);
	if (ra.options)
		render_options(&rp, render_list);
	free(render_list);
	render_list = NULL;

	memset(&po, 0, sizeof po);
	render_names(ra.names, &po);
	po.lang = ra.lang;
	po.size = ra.size;
	if (ra.seat >= rp.st.cfg.nseats)
		tacctl_die(TACCTL_BADINPUT, "--seat: the position has %d seats",
		    rp.st.cfg.nseats);
	po.bottom = ra.seat;
	if (ra.options) {
		/* A turn's picture: its choices, not the move before. */
		po.opts = rp.opts;
		po.nopts = rp.nopts;
	} else if (rp.haslast) {
		po.last = &rp.last;
		po.last_seat = rp.last_seat;
		po.before = &rp.before;
	}
	if (ra.bench > 0)
		render_bench(&rp.st, &po, ra.bench);
	if (ra.out != NULL) {
		if (picture_render(&rp.st, &po, &png, &len) != 0)
			tacctl_die(TACCTL_BADINPUT,
			    "cannot render the position");
		render_write(ra.out, png, len);
		free(png);
	}
	picture_exit();
	return (0);
}
