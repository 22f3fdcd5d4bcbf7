/*
 * tacctl-sim.c: tacctl sim, whole games played by simple policies or the
 * AI players, for benchmarks, as a smoke test of the engine (every game
 * must end) and, in Team-TAC, to measure how many cards the players need.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <sys/stat.h>
#include <sys/wait.h>

#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "ai.h"
#include "now.h"
#include "policy.h"
#include "tacctl.h"
#include "xmalloc.h"

#define SIM_MAXACTIONS	100000	/* a game this long is taken to be stuck */
#define SIM_MAXJOBS	16
#define SIM_SEEDMASK	((UINT64_C(1) << 53) - 1)	/* exact in any JSON */

/* The players: the benchmark policies, or the AI at a level. */
enum sim_pol { SIM_RANDOM, SIM_GREEDY, SIM_HEUR, SIM_SEARCH, SIM_NPOL };
static const char *const sim_names[SIM_NPOL] = {
	"random", "greedy", "heuristic", "search"
};

/* What tacctl sim was asked to do. */
struct sim_opts {
	struct tacctl_games	 g;
	long long		 maxactions;
	int			 policy;	/* enum sim_pol */
	struct ai_budget	 budget;	/* the AI's: exact, no time cap */
	const char		*dir;		/* --record, or NULL */
	int			 check;		/* tac_apply, not tac_play */
	int			 jobs;		/* worker processes */
};

/*
 * The action texts of the game being played, kept only with --record: one
 * buffer of NUL-terminated lines and their offsets, reused for every game
 * and grown by doubling, so recording does not allocate per action either.
 */
struct sim_log {
	char		*buf;
	size_t		 len;
	size_t		 size;
	size_t		*off;
	char		**text;
	size_t		 n;
	size_t		 cap;
};

/* Totals over all games (or a worker's). */
struct sim_totals {
	long long	 actions;
	long long	 errors;
	long long	 wins[TAC_MAXSEATS];
	long long	 won;		/* Team-TAC games won together */
	double		 seconds;
};

struct sim_stats {
	struct sim_totals t;
	uint32_t	*cards;		/* Team-TAC: each game's score (K6),
					   0 for a game not won */
};

/*
 * The seed of stream 'stream' (0: the game's deck, 1: the policy) of game i:
 * a pure function of the run's seed, so any game can be played alone.
 */
static uint64_t
sim_seed(uint64_t seed, long long i, int stream)
{
	uint64_t	x;

	x = seed ^ ((uint64_t)stream * UINT64_C(0xd1b54a32d192ed03));
	x += (uint64_t)i * UINT64_C(0x632be59bd9b4e019);
	tac_rng_next(&x);
	return (tac_rng_next(&x));
}

/* Read tacctl sim's options into o; exit 2 with the usage on bad ones. */
static void
sim_options(int argc, char **argv, struct sim_opts *o)
{
	static const struct option	 longopts[] = {
		TACCTL_GAMES_LONGOPTS,
		{ "policy", required_argument, NULL, 'P' },
		{ "record", required_argument, NULL, 'r' },
		{ "check", no_argument, NULL, 'c' },
		{ "max-actions", required_argument, NULL, 'm' },
		{ "coop", no_argument, NULL, 'C' },
		{ "iters", required_argument, NULL, 'i' },
		{ "jobs", required_argument, NULL, 'j' },
		{ NULL, 0, NULL, 0 }
	};
	int				 ch, i;

	memset(o, 0, sizeof *o);
	tacctl_games_init(&o->g);
	o->policy = SIM_RANDOM;
	o->budget.iters = AI_DAEMON_ITERS;
	o->maxactions = SIM_MAXACTIONS;
	o->jobs = 1;

	while ((ch = getopt_long(argc, argv, TACCTL_GAMES_OPTSTRING
	    "P:r:cm:Ci:j:", longopts, NULL)) != -1) {
		if (tacctl_games_opt(&o->g, ch, optarg))
			continue;
		switch (ch) {
		case 'P':
			for (i = 0; i < SIM_NPOL; i++)
				if (strcmp(optarg, sim_names[i]) == 0)
					break;
			if (i == SIM_NPOL)
				tacctl_die(TACCTL_BADINPUT, "--policy: random, "
				    "greedy, heuristic or search: %s", optarg);
			o->policy = i;
			break;
		case 'C':
			o->g.cfg.coop = 1;
			break;
		case 'i':
			o->budget.iters = tacctl_number(optarg, "iters", 1,
			    100000);
			break;
		case 'j':
			o->jobs = tacctl_number(optarg, "jobs", 1,
			    SIM_MAXJOBS);
			break;
		case 'r':
			o->dir = optarg;
			break;
		case 'c':
			o->check = 1;
			break;
		case 'm':
			o->maxactions = tacctl_number(optarg, "max-actions", 1,
			    INT32_MAX);
			break;
		default:
			tacctl_usage();
		}
	}
	if (optind != argc)
		tacctl_usage();
	tacctl_games_check(&o->g);
}

/* Append the text of action a to the log, growing it when full. */
static void
sim_log_add(struct sim_log *log, const struct tac_action *a)
{
	char	line[128];
	size_t	len;

	len = tac_action_format(a, line, sizeof line);
	if (len >= sizeof line)
		len = sizeof line - 1;
	while (log->len + len + 1 > log->size) {
		log->size = log->size == 0 ? 65536 : log->size * 2;
		log->buf = xrealloc(log->buf, log->size);
	}
	if (log->n == log->cap) {
		log->cap = log->cap == 0 ? 4096 : log->cap * 2;
		log->off = xreallocarray(log->off, log->cap,
		    sizeof *log->off);
		log->text = xreallocarray(log->text, log->cap,
		    sizeof *log->text);
	}
	memcpy(log->buf + log->len, line, len);
	log->buf[log->len + len] = '\0';
	log->off[log->n++] = log->len;
	log->len += len + 1;
}

/*
 * Write game i as a tac-record/1 file, with the optional "result" member
 * that tacctl replay checks: the winner (null: none) and the action count.
 */
static void
sim_record(const struct sim_opts *o, long long i, uint64_t seed,
    struct sim_log *log, const struct tac_state *st, const char *error)
{
	struct tac_record	 rec;
	json_t			*root, *result;
	char			 path[4096];
	FILE			*f;
	size_t			 j;

	for (j = 0; j < log->n; j++)
		log->text[j] = log->buf + log->off[j];
	memset(&rec, 0, sizeof rec);
	rec.cfg = o->g.cfg;
	rec.seeded = 1;
	rec.seed = seed;
	rec.nactions = log->n;
	rec.actions = log->text;
	/* rec borrows the log's memory: not for tac_record_free(). */
	if ((root = tac_record_save(&rec)) == NULL)
		tacctl_die(TACCTL_BADINPUT, "cannot save game %lld", i);

	result = json_pack("{s:o, s:I}", "winner", st->winner == TAC_NONE ?
	    json_null() : json_integer(st->winner), "actions",
	    (json_int_t)log->n);
	if (st->cfg.coop)
		json_object_set_new(result, "cards",
		    json_integer(tac_cards_played(st)));
	if (error != NULL)
		json_object_set_new(result, "error", json_string(error));
	json_object_set_new(root, "result", result);

	snprintf(path, sizeof path, "%s/game-%06lld.json", o->dir, i);
	if ((f = fopen(path, "w")) == NULL)
		tacctl_die(TACCTL_BADINPUT, "%s: %s", path, strerror(errno));
	tacctl_print_json(f, root);
	if (fclose(f) != 0)
		tacctl_die(TACCTL_BADINPUT, "%s: %s", path, strerror(errno));
	json_decref(root);
}

/*
 * Let the players choose in st, whose legal actions are in l: the index
 * of their action in l, or -1.  The AI decides from the seat's view
 * (ai_decide()), with scratch for its own lists and a seed of the game's
 * and the action's number.
 */
static int
sim_choose(const struct sim_opts *o, const struct tac_state *st,
    const struct tac_list *l, struct tac_list *scratch, uint64_t *prng,
    uint64_t aiseed, long long nact)
{
	struct tac_action	a;
	int			k;

	switch (o->policy) {
	case SIM_RANDOM:
		return (policy_random(st, l, prng));
	case SIM_GREEDY:
		return (policy_greedy(st, l, prng));
	default:
		if (ai_decide(st, o->policy == SIM_SEARCH ? AI_SEARCH :
		    AI_HEURISTIC, ai_seed(aiseed, (uint64_t)nact), &o->budget,
		    scratch, &a) != 0)
			return (-1);
		for (k = 0; k < l->n; k++)
			if (tac_action_equal(&a, &l->a[k]))
				return (k);
		return (-1);
	}
}

/*
 * Play game i (1-based) to its end.  The lists are the caller's, reused
 * for every game; nothing is allocated per action unless recording.  A
 * game that gets stuck counts as an error and is reported on stderr.
 */
static void
sim_game(const struct sim_opts *o, long long i, struct tac_list *l,
    struct tac_list *scratch, struct sim_log *log, struct sim_stats *stats)
{
	struct tac_state	st;
	struct tac_action	a;
	uint64_t		seed, prng, aiseed;
	long long		nact = 0;
	char			err[256], why[512];
	const char		*error = NULL;
	double			t0;
	int			k;

	seed = sim_seed(o->g.seed, i, 0) & SIM_SEEDMASK;
	prng = sim_seed(o->g.seed, i, 1);
	aiseed = sim_seed(o->g.seed, i, 2);
	log->len = log->n = 0;

	t0 = now_mono();
	tac_init(&st, &o->g.cfg, seed);
	while (!tac_over(&st)) {
		if (nact >= o->maxactions) {
			snprintf(why, sizeof why, "no end after %lld actions",
			    nact);
			error = why;
			break;
		}
		if ((k = tac_legal(&st, l)) <= 0) {
			snprintf(why, sizeof why, "tac_legal gave %d in phase "
			    "%d for seat %d", k, st.phase, st.turn);
			error = why;
			break;
		}
		if ((k = sim_choose(o, &st, l, scratch, &prng, aiseed,
		    nact)) < 0 || k >= l->n) {
			snprintf(why, sizeof why, "policy chose %d of %d", k,
			    l->n);
			error = why;
			break;
		}
		a = l->a[k];	/* tac_apply() reuses the list */
		if (o->dir != NULL)
			sim_log_add(log, &a);
		if (!o->check)
			tac_play(&st, &a);
		else if (tac_apply(&st, &a, l, err, sizeof err) < 0) {
			snprintf(why, sizeof why, "listed action refused: %s",
			    err);
			error = why;
			break;
		}
		nact++;
	}
	stats->t.seconds += now_mono() - t0;
	stats->t.actions += nact;

	if (error != NULL) {
		stats->t.errors++;
		fprintf(stderr, "%s: game %lld (seed %" PRIu64 "): %s\n",
		    tacctl_progname, i, seed, error);
	} else if (tac_coop_won(&st))
		stats->t.won++;
	else if (st.winner != TAC_NONE && st.winner < TAC_MAXSEATS)
		stats->t.wins[st.winner]++;
	if (o->g.cfg.coop && error == NULL)
		stats->cards[i - 1] = tac_cards_played(&st);
	if (o->dir != NULL)
		sim_record(o, i, seed, log, &st, error);
}

/* Round x to the given decimals, for a report people read. */
static double
sim_round(double x, int decimals)
{
	double	scale = 1;

	while (decimals-- > 0)
		scale *= 10;
	return ((double)(long long)(x * scale + 0.5) / scale);
}

/* Sort scores ascending. */
static int
sim_cmp(const void *x, const void *y)
{
	uint32_t	a = *(const uint32_t *)x, b = *(const uint32_t *)y;

	return (a < b ? -1 : a > b);
}

/*
 * The Team-TAC scores of the games won (K6): median, mean, the 10th and
 * 90th percentiles, the least and the most; a game broken off has none.
 */
static json_t *
sim_cards(const struct sim_opts *o, struct sim_stats *stats)
{
	uint32_t	*c = stats->cards;
	double		 sum = 0;
	size_t		 n = 0, j;

	for (j = 0; j < (size_t)o->g.games; j++)
		if (c[j] > 0)
			c[n++] = c[j];
	if (n == 0)
		return (json_pack("{s:I}", "games", (json_int_t)0));
	qsort(c, n, sizeof *c, sim_cmp);
	for (j = 0; j < n; j++)
		sum += c[j];
	return (json_pack("{s:I, s:f, s:f, s:I, s:I, s:I, s:I}", "games",
	    (json_int_t)n, "median", n % 2 ? (double)c[n / 2] :
	    (c[n / 2 - 1] + c[n / 2]) / 2.0, "mean", sim_round(sum / n, 1),
	    "p10", (json_int_t)c[n / 10], "p90", (json_int_t)c[n * 9 / 10],
	    "min", (json_int_t)c[0], "max", (json_int_t)c[n - 1]));
}

/* Print the totals as one JSON object; seconds count play, not files. */
static void
sim_report(const struct sim_opts *o, struct sim_stats *stats, int nteams)
{
	json_t	*root, *wins;
	double	 secs;
	int	 t;

	secs = stats->t.seconds > 0 ? stats->t.seconds : 1e-9;
	wins = json_array();
	for (t = 0; t < nteams; t++)
		json_array_append_new(wins, json_integer(stats->t.wins[t]));
	root = json_pack("{s:I, s:i, s:s, s:b, s:s, s:f, s:f, s:I, s:f, s:f,"
	    " s:o, s:I}",
	    "games", (json_int_t)o->g.games,
	    "players", o->g.cfg.nseats,
	    "teams", o->g.cfg.triples ? "triples" : "pairs",
	    "master", o->g.cfg.master != 0,
	    "policy", sim_names[o->policy],
	    "seconds", sim_round(stats->t.seconds, 3),
	    "games_per_sec", sim_round(o->g.games / secs, 1),
	    "actions", (json_int_t)stats->t.actions,
	    "actions_per_sec", sim_round(stats->t.actions / secs, 0),
	    "actions_per_game", sim_round((double)stats->t.actions / o->g.games,
	    1),
	    "wins", wins,
	    "errors", (json_int_t)stats->t.errors);
	/* Team-TAC: no team wins; the games won together and their cards. */
	if (o->g.cfg.coop) {
		json_object_del(root, "wins");
		json_object_set_new(root, "coop", json_true());
		json_object_set_new(root, "won", json_integer(stats->t.won));
		json_object_set_new(root, "cards", sim_cards(o, stats));
	}
	tacctl_print_json(stdout, root);
	json_decref(root);
}

/* Play games w + 1, w + 1 + jobs, ... into stats. */
static void
sim_work(const struct sim_opts *o, int w, struct sim_stats *stats)
{
	struct sim_log		 log;
	struct tac_list		*l, *scratch;
	long long		 i;

	memset(&log, 0, sizeof log);
	l = tacctl_alloc(sizeof *l);
	scratch = o->policy >= SIM_HEUR ? tacctl_alloc(sizeof *scratch) :
	    NULL;
	for (i = w + 1; i <= o->g.games; i += o->jobs)
		sim_game(o, i, l, scratch, &log, stats);
	free(log.buf);
	free(log.off);
	free(log.text);
	free(scratch);
	free(l);
}

/*
 * Play the games in o->jobs worker processes, each its share of the
 * games (the same games as one process plays: each is a function of the
 * seed and its number), and add up what they send back.
 */
static void
sim_workers(const struct sim_opts *o, struct sim_stats *all)
{
	struct sim_stats	 mine;
	struct sim_totals	 t;
	pid_t			 pid[SIM_MAXJOBS];
	uint32_t		*cards = NULL;
	size_t			 ncards = o->g.cfg.coop ? (size_t)o->g.games : 0, j;
	int			 fd[SIM_MAXJOBS], p[2], w, k, status, bad = 0;

	fflush(stdout);
	for (w = 0; w < o->jobs; w++) {
		if (pipe(p) != 0 || (pid[w] = fork()) < 0)
			tacctl_die(TACCTL_BADINPUT, "fork: %s",
			    strerror(errno));
		if (pid[w] == 0) {
			close(p[0]);
			memset(&mine, 0, sizeof mine);
			mine.cards = all->cards;
			sim_work(o, w, &mine);
			tacctl_write_all(p[1], &mine.t, sizeof mine.t);
			tacctl_write_all(p[1], mine.cards, ncards *
			    sizeof *mine.cards);
			_exit(0);
		}
		close(p[1]);
		fd[w] = p[0];
	}
	if (ncards > 0)
		cards = xcalloc(ncards, sizeof *cards);
	for (w = 0; w < o->jobs; w++) {
		if (tacctl_read_all(fd[w], &t, sizeof t) != 0 ||
		    tacctl_read_all(fd[w], cards, ncards * sizeof *cards) != 0)
			bad = 1;
		close(fd[w]);
		if (waitpid(pid[w], &status, 0) < 0 || !WIFEXITED(status) ||
		    WEXITSTATUS(status) != 0)
			bad = 1;
		if (bad)
			continue;
		all->t.actions += t.actions;
		all->t.errors += t.errors;
		all->t.won += t.won;
		all->t.seconds += t.seconds;
		for (k = 0; k < TAC_MAXSEATS; k++)
			all->t.wins[k] += t.wins[k];
		/* Each game is one worker's: the others send a 0 for it. */
		for (j = 0; j < ncards; j++)
			if (cards[j] != 0)
				all->cards[j] = cards[j];
	}
	free(cards);
	if (bad)
		tacctl_die(TACCTL_BADINPUT, "a worker failed");
}

/*
 * tacctl sim: play --games whole games and print the totals.  Exits 1 when
 * any game had an error (they are also counted in "errors").
 */
int
cmd_sim(int argc, char **argv)
{
	struct sim_opts		 o;
	struct sim_stats	 stats;
	struct tac_state	 st;

	sim_options(argc, argv, &o);
	if (o.dir != NULL && mkdir(o.dir, 0777) != 0 && errno != EEXIST)
		tacctl_die(TACCTL_BADINPUT, "%s: %s", o.dir, strerror(errno));

	memset(&stats, 0, sizeof stats);
	if (o.g.cfg.coop)
		stats.cards = xcalloc(o.g.games, sizeof *stats.cards);
	if (o.jobs == 1)
		sim_work(&o, 0, &stats);
	else
		sim_workers(&o, &stats);

	tac_init(&st, &o.g.cfg, 0);	/* only to count the teams */
	sim_report(&o, &stats, tac_nteams(&st));

	free(stats.cards);
	return (stats.t.errors != 0 ? TACCTL_ILLEGAL : 0);
}
