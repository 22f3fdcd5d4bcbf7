/*
 * tacctl-arena.c: tacctl arena, two policies play whole games against
 * each other, and how often the first one's team wins.
 *
 * --team0's policy plays the seats of one team and --team1's the others;
 * the sides change every game (with three teams, --team0 takes each team
 * in turn), so neither profits from the first dealer.  Each game is a
 * pure function of --seed and its number, whatever --jobs is.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <sys/wait.h>

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "ai.h"
#include "hint.h"
#include "now.h"
#include "policy.h"
#include "tacctl.h"
#include "xmalloc.h"

#define ARENA_MAXJOBS		16
#define ARENA_MAXACTIONS	20000	/* a game this long is stuck */
#define ARENA_SEEDMASK		((UINT64_C(1) << 53) - 1)

enum arena_pol { POL_RANDOM, POL_GREEDY, POL_HEUR, POL_SEARCH, POL_HINT,
	POL_N };
static const char *arena_names[POL_N] = {
	"random", "greedy", "heuristic", "search", "hint"
};

/* What tacctl arena was asked to do. */
struct arena_opts {
	struct tacctl_games	g;
	int			pol[2];		/* --team0, --team1 */
	int			jobs;
	struct ai_budget	budget;
};

/* Decision times of one policy, in milliseconds, grown by doubling. */
struct arena_times {
	float			*ms;
	size_t			 n;
	size_t			 cap;
};

/* Totals of one worker (or of all). */
struct arena_stats {
	long long		games;
	long long		wins0;
	long long		errors;
	long long		actions;
	struct arena_times	t[2];
};

/* A policy by name; exit 2 for an unknown one. */
static int
arena_policy(const char *s, const char *opt)
{
	int	i;

	for (i = 0; i < POL_N; i++)
		if (strcmp(s, arena_names[i]) == 0)
			return (i);
	tacctl_die(TACCTL_BADINPUT, "--%s: random, greedy, heuristic, "
	    "search or hint: %s", opt, s);
}

/* Read tacctl arena's options into o; exit 2 with the usage on bad ones. */
static void
arena_options(int argc, char **argv, struct arena_opts *o)
{
	static const struct option	 longopts[] = {
		TACCTL_GAMES_LONGOPTS,
		{ "team0", required_argument, NULL, '0' },
		{ "team1", required_argument, NULL, '1' },
		{ "jobs", required_argument, NULL, 'j' },
		{ "iters", required_argument, NULL, 'i' },
		{ "ms", required_argument, NULL, 'T' },
		{ NULL, 0, NULL, 0 }
	};
	int				 ch;

	memset(o, 0, sizeof *o);
	tacctl_games_init(&o->g);
	o->jobs = 1;
	o->pol[0] = POL_HEUR;
	o->pol[1] = POL_GREEDY;
	o->budget.ms = 1000;
	while ((ch = getopt_long(argc, argv, TACCTL_GAMES_OPTSTRING
	    "0:1:j:i:T:", longopts, NULL)) != -1) {
		if (tacctl_games_opt(&o->g, ch, optarg))
			continue;
		switch (ch) {
		case '0':
		case '1':
			o->pol[ch - '0'] = arena_policy(optarg, ch == '0' ?
			    "team0" : "team1");
			break;
		case 'j':
			o->jobs = tacctl_number(optarg, "jobs", 1,
			    ARENA_MAXJOBS);
			break;
		case 'i':
			o->budget.iters = tacctl_number(optarg, "iters", 1,
			    100000);
			break;
		case 'T':
			o->budget.ms = tacctl_number(optarg, "ms", 0, 3600000);
			break;
		default:
			tacctl_usage();
		}
	}
	if (optind != argc)
		tacctl_usage();
	tacctl_games_check(&o->g);
}

/* Remember one decision time. */
static void
arena_time(struct arena_times *t, double ms)
{
	if (t->n == t->cap) {
		t->cap = t->cap == 0 ? 4096 : t->cap * 2;
		t->ms = xrealloc(t->ms, t->cap * sizeof *t->ms);
	}
	t->ms[t->n++] = (float)ms;
}

/*
 * Let policy p choose in st; the index of its action in l (the full
 * state's legal actions), or -1 when it chose nothing legal.
 */
static int
arena_choose(const struct arena_opts *o, int p, const struct tac_state *st,
    struct tac_list *l, struct tac_list *scratch, uint64_t seed)
{
	struct tac_action	a;
	uint64_t		rng = seed;
	int			i;

	switch (p) {
	case POL_RANDOM:
		return (policy_random(st, l, &rng));
	case POL_GREEDY:
		return (policy_greedy(st, l, &rng));
	case POL_HINT:
		/* What a person who took every hint would play. */
		if (hint_decide(st, scratch, &a) != 0)
			return (-1);
		break;
	default:
		if (ai_decide(st, p == POL_SEARCH ? AI_SEARCH : AI_HEURISTIC,
		    seed, &o->budget, scratch, &a) != 0)
			return (-1);
		break;
	}
	for (i = 0; i < l->n; i++)
		if (tac_action_equal(&a, &l->a[i]))
			return (i);
	return (-1);
}

/*
 * Play game i: --team0's policy has team i % nteams.  Adds the outcome
 * to stats.
 */
static void
arena_game(const struct arena_opts *o, long long i, struct tac_list *l,
    struct tac_list *scratch, struct arena_stats *stats)
{
	struct tac_state	st;
	uint64_t		x, seed, aiseed;
	double			t0;
	int			side, k, nteams, mine, n;
	long long		nact = 0;

	x = o->g.seed + (uint64_t)i * UINT64_C(0x632be59bd9b4e019);
	seed = tac_rng_next(&x) & ARENA_SEEDMASK;
	aiseed = tac_rng_next(&x);
	tac_init(&st, &o->g.cfg, seed);
	nteams = tac_nteams(&st);
	mine = (int)(i % nteams);
	while (!tac_over(&st) && nact < ARENA_MAXACTIONS) {
		if ((n = tac_legal(&st, l)) <= 0)
			break;
		side = tac_team(&st, st.turn) == mine ? 0 : 1;
		t0 = now_cpu_ms();
		k = arena_choose(o, o->pol[side], &st, l, scratch,
		    ai_seed(aiseed, (uint64_t)nact));
		arena_time(&stats->t[side], now_cpu_ms() - t0);
		if (k < 0 || k >= n) {
			fprintf(stderr, "%s: game %lld: %s chose no legal "
			    "action\n", tacctl_progname, i,
			    arena_names[o->pol[side]]);
			break;
		}
		tac_play(&st, &l->a[k]);
		nact++;
	}
	stats->games++;
	stats->actions += nact;
	if (!tac_over(&st) || st.winner == TAC_NONE)
		stats->errors++;
	else if (st.winner == mine)
		stats->wins0++;
}

/* Play games w, w + jobs, ... into stats. */
static void
arena_work(const struct arena_opts *o, int w, struct arena_stats *stats)
{
	struct tac_list	*l, *scratch;
	long long	 i;

	l = tacctl_alloc(sizeof *l);
	scratch = tacctl_alloc(sizeof *scratch);
	for (i = w; i < o->g.games; i += o->jobs)
		arena_game(o, i, l, scratch, stats);
	free(l);
	free(scratch);
}

/* Send a worker's totals and times to the parent. */
static void
arena_send(int fd, const struct arena_stats *s)
{
	int	k;

	tacctl_write_all(fd, s, sizeof *s);
	for (k = 0; k < 2; k++)
		tacctl_write_all(fd, s->t[k].ms, s->t[k].n * sizeof *s->t[k].ms);
}

/* Add a worker's totals and times, read from fd, to all. */
static int
arena_receive(int fd, struct arena_stats *all)
{
	struct arena_stats	s;
	size_t			j;
	float			ms;
	int			k;

	if (tacctl_read_all(fd, &s, sizeof s) != 0)
		return (-1);
	all->games += s.games;
	all->wins0 += s.wins0;
	all->errors += s.errors;
	all->actions += s.actions;
	for (k = 0; k < 2; k++)
		for (j = 0; j < s.t[k].n; j++) {
			if (tacctl_read_all(fd, &ms, sizeof ms) != 0)
				return (-1);
			arena_time(&all->t[k], ms);
		}
	return (0);
}

/* Sort floats ascending. */
static int
arena_cmp(const void *x, const void *y)
{
	float	a = *(const float *)x, b = *(const float *)y;

	return (a < b ? -1 : a > b);
}

/* Round x to the given decimals, for a report people read. */
static double
arena_round(double x, int decimals)
{
	return (round(x * pow(10, decimals)) / pow(10, decimals));
}

/* Mean, median and 99th percentile of one side's decision times. */
static json_t *
arena_timing(struct arena_times *t, const char *name)
{
	double	sum = 0;
	size_t	j;

	if (t->n == 0)
		return (json_pack("{s:s, s:I}", "policy", name, "decisions",
		    (json_int_t)0));
	qsort(t->ms, t->n, sizeof *t->ms, arena_cmp);
	for (j = 0; j < t->n; j++)
		sum += t->ms[j];
	return (json_pack("{s:s, s:I, s:f, s:f, s:f, s:f}", "policy", name,
	    "decisions", (json_int_t)t->n, "mean", arena_round(sum / t->n, 4),
	    "median", arena_round(t->ms[t->n / 2], 4),
	    "p99", arena_round(t->ms[(size_t)(t->n * 0.99)], 4),
	    "max", arena_round(t->ms[t->n - 1], 4)));
}

/* Print the report: win rate of --team0 with its Wilson 95% interval. */
static void
arena_report(const struct arena_opts *o, struct arena_stats *s, double secs)
{
	json_t	*root;
	double	 n, p, z = 1.959964, c, h;

	n = (double)(s->games - s->errors);
	p = n > 0 ? s->wins0 / n : 0;
	c = n > 0 ? (p + z * z / (2 * n)) / (1 + z * z / n) : 0;
	h = n > 0 ? z * sqrt(p * (1 - p) / n + z * z / (4 * n * n)) /
	    (1 + z * z / n) : 0;
	root = json_pack("{s:I, s:i, s:s, s:b, s:s, s:s, s:I, s:f, s:[f,f],"
	    " s:{s:o, s:o}, s:f, s:I, s:f}",
	    "games", (json_int_t)s->games,
	    "players", o->g.cfg.nseats,
	    "teams", o->g.cfg.triples ? "triples" : "pairs",
	    "master", o->g.cfg.master != 0,
	    "team0", arena_names[o->pol[0]],
	    "team1", arena_names[o->pol[1]],
	    "wins0", (json_int_t)s->wins0,
	    "winrate0", arena_round(p, 4),
	    "ci95", arena_round(c - h, 4), arena_round(c + h, 4),
	    "decision_ms",
	    "team0", arena_timing(&s->t[0], arena_names[o->pol[0]]),
	    "team1", arena_timing(&s->t[1], arena_names[o->pol[1]]),
	    "actions_per_game", arena_round(s->games > 0 ?
	    (double)s->actions / s->games : 0, 1),
	    "errors", (json_int_t)s->errors,
	    "seconds", arena_round(secs, 1));
	tacctl_print_json(stdout, root);
	json_decref(root);
}

/*
 * tacctl arena: play --games games between --team0 and --team1 and print
 * the result.  With --jobs N, N worker processes share the games.  Exits
 * 1 when a game had an error.
 */
int
cmd_arena(int argc, char **argv)
{
	struct arena_opts	o;
	struct arena_stats	all, mine;
	pid_t			pid[ARENA_MAXJOBS];
	int			fd[ARENA_MAXJOBS], p[2], w, status, bad = 0;
	double			t0;

	arena_options(argc, argv, &o);
	memset(&all, 0, sizeof all);
	t0 = now_ms();
	if (o.jobs == 1)
		arena_work(&o, 0, &all);
	else {
		fflush(stdout);
		for (w = 0; w < o.jobs; w++) {
			if (pipe(p) != 0 || (pid[w] = fork()) < 0)
				tacctl_die(TACCTL_BADINPUT, "fork: %s",
				    strerror(errno));
			if (pid[w] == 0) {
				close(p[0]);
				memset(&mine, 0, sizeof mine);
				arena_work(&o, w, &mine);
				arena_send(p[1], &mine);
				_exit(0);
			}
			close(p[1]);
			fd[w] = p[0];
		}
		for (w = 0; w < o.jobs; w++) {
			if (arena_receive(fd[w], &all) != 0)
				bad = 1;
			close(fd[w]);
			if (waitpid(pid[w], &status, 0) < 0 ||
			    !WIFEXITED(status) || WEXITSTATUS(status) != 0)
				bad = 1;
		}
		if (bad)
			tacctl_die(TACCTL_BADINPUT, "a worker failed");
	}
	arena_report(&o, &all, (now_ms() - t0) / 1e3);
	free(all.t[0].ms);
	free(all.t[1].ms);
	return (all.errors != 0 ? TACCTL_ILLEGAL : 0);
}
