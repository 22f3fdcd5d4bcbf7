/*
 * tacctl-sim.c: tacctl sim, whole games played by simple policies, for
 * benchmarks and as a smoke test of the engine (every game must end).
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <sys/stat.h>

#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "now.h"
#include "policy.h"
#include "tacctl.h"
#include "xmalloc.h"

#define SIM_MAXACTIONS	100000	/* a game this long is taken to be stuck */
#define SIM_SEEDMASK	((UINT64_C(1) << 53) - 1)	/* exact in any JSON */

typedef int (*sim_policy)(const struct tac_state *, const struct tac_list *,
    uint64_t *);

/* What tacctl sim was asked to do. */
struct sim_opts {
	long long		 games;
	uint64_t		 seed;
	long long		 maxactions;
	struct tac_config	 cfg;
	sim_policy		 policy;
	const char		*policy_name;
	const char		*dir;		/* --record, or NULL */
	int			 check;		/* tac_apply, not tac_play */
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

/* Totals over all games. */
struct sim_stats {
	long long	 actions;
	long long	 errors;
	long long	 wins[TAC_MAXSEATS];
	double		 seconds;
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
		{ "games", required_argument, NULL, 'g' },
		{ "seed", required_argument, NULL, 's' },
		{ "players", required_argument, NULL, 'p' },
		{ "teams", required_argument, NULL, 't' },
		{ "no-master", no_argument, NULL, 'M' },
		{ "policy", required_argument, NULL, 'P' },
		{ "record", required_argument, NULL, 'r' },
		{ "check", no_argument, NULL, 'c' },
		{ "max-actions", required_argument, NULL, 'm' },
		{ NULL, 0, NULL, 0 }
	};
	char				 err[256];
	int				 ch, seen = 0;

	memset(o, 0, sizeof *o);
	o->cfg.nseats = 4;
	o->cfg.master = 1;
	o->cfg.names = TAC_NAMES_TAC;
	o->policy = policy_random;
	o->policy_name = "random";
	o->maxactions = SIM_MAXACTIONS;

	while ((ch = getopt_long(argc, argv, "g:s:p:t:MP:r:cm:", longopts,
	    NULL)) != -1) {
		switch (ch) {
		case 'g':
			o->games = tacctl_number(optarg, "games", 1, INT32_MAX);
			seen |= 1;
			break;
		case 's':
			o->seed = tacctl_number(optarg, "seed", 0, UINT64_MAX);
			seen |= 2;
			break;
		case 'p':
			o->cfg.nseats = tacctl_number(optarg, "players", 4, 6);
			break;
		case 't':
			if (strcmp(optarg, "pairs") == 0)
				o->cfg.triples = 0;
			else if (strcmp(optarg, "triples") == 0)
				o->cfg.triples = 1;
			else
				tacctl_die(TACCTL_BADINPUT,
				    "--teams: pairs or triples: %s", optarg);
			break;
		case 'M':
			o->cfg.master = 0;
			break;
		case 'P':
			if (strcmp(optarg, "random") == 0)
				o->policy = policy_random;
			else if (strcmp(optarg, "greedy") == 0)
				o->policy = policy_greedy;
			else
				tacctl_die(TACCTL_BADINPUT,
				    "--policy: random or greedy: %s", optarg);
			o->policy_name = optarg;
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
	if (optind != argc || seen != 3)
		tacctl_usage();
	if (tac_config_check(&o->cfg, err, sizeof err) != 0)
		tacctl_die(TACCTL_BADINPUT, "%s", err);
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
	rec.cfg = o->cfg;
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
	if (result == NULL || (error != NULL &&
	    json_object_set_new(result, "error", json_string(error)) != 0) ||
	    json_object_set_new(root, "result", result) != 0)
		tacctl_die(TACCTL_BADINPUT, "out of memory");

	snprintf(path, sizeof path, "%s/game-%06lld.json", o->dir, i);
	if ((f = fopen(path, "w")) == NULL)
		tacctl_die(TACCTL_BADINPUT, "%s: %s", path, strerror(errno));
	tacctl_print_json(f, root);
	if (fclose(f) != 0)
		tacctl_die(TACCTL_BADINPUT, "%s: %s", path, strerror(errno));
	json_decref(root);
}

/*
 * Play game i (1-based) to its end.  The list is the caller's, reused for
 * every game; nothing is allocated per action unless recording.  A game
 * that gets stuck counts as an error and is reported on stderr.
 */
static void
sim_game(const struct sim_opts *o, long long i, struct tac_list *l,
    struct sim_log *log, struct sim_stats *stats)
{
	struct tac_state	st;
	struct tac_action	a;
	uint64_t		seed, prng;
	long long		nact = 0;
	char			err[256], why[512];
	const char		*error = NULL;
	double			t0;
	int			k;

	seed = sim_seed(o->seed, i, 0) & SIM_SEEDMASK;
	prng = sim_seed(o->seed, i, 1);
	log->len = log->n = 0;

	t0 = now_mono();
	tac_init(&st, &o->cfg, seed);
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
		if ((k = o->policy(&st, l, &prng)) < 0 || k >= l->n) {
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
	stats->seconds += now_mono() - t0;
	stats->actions += nact;

	if (error != NULL) {
		stats->errors++;
		fprintf(stderr, "%s: game %lld (seed %" PRIu64 "): %s\n",
		    tacctl_progname, i, seed, error);
	} else if (st.winner != TAC_NONE && st.winner < TAC_MAXSEATS)
		stats->wins[st.winner]++;
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

/* Print the totals as one JSON object; seconds count play, not files. */
static void
sim_report(const struct sim_opts *o, const struct sim_stats *stats,
    int nteams)
{
	json_t	*root, *wins;
	double	 secs;
	int	 t;

	secs = stats->seconds > 0 ? stats->seconds : 1e-9;
	if ((wins = json_array()) == NULL)
		tacctl_die(TACCTL_BADINPUT, "out of memory");
	for (t = 0; t < nteams; t++)
		json_array_append_new(wins, json_integer(stats->wins[t]));
	root = json_pack("{s:I, s:i, s:s, s:b, s:s, s:f, s:f, s:I, s:f, s:f,"
	    " s:o, s:I}",
	    "games", (json_int_t)o->games,
	    "players", o->cfg.nseats,
	    "teams", o->cfg.triples ? "triples" : "pairs",
	    "master", o->cfg.master != 0,
	    "policy", o->policy_name,
	    "seconds", sim_round(stats->seconds, 3),
	    "games_per_sec", sim_round(o->games / secs, 1),
	    "actions", (json_int_t)stats->actions,
	    "actions_per_sec", sim_round(stats->actions / secs, 0),
	    "actions_per_game", sim_round((double)stats->actions / o->games,
	    1),
	    "wins", wins,
	    "errors", (json_int_t)stats->errors);
	if (root == NULL)
		tacctl_die(TACCTL_BADINPUT, "out of memory");
	tacctl_print_json(stdout, root);
	json_decref(root);
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
	struct sim_log		 log;
	struct tac_state	 st;
	struct tac_list		*l;
	long long		 i;

	sim_options(argc, argv, &o);
	if (o.dir != NULL && mkdir(o.dir, 0777) != 0 && errno != EEXIST)
		tacctl_die(TACCTL_BADINPUT, "%s: %s", o.dir, strerror(errno));

	memset(&stats, 0, sizeof stats);
	memset(&log, 0, sizeof log);
	l = tacctl_alloc(sizeof *l);
	for (i = 1; i <= o.games; i++)
		sim_game(&o, i, l, &log, &stats);

	tac_init(&st, &o.cfg, 0);	/* only to count the teams */
	sim_report(&o, &stats, tac_nteams(&st));

	free(log.buf);
	free(log.off);
	free(log.text);
	free(l);
	return (stats.errors != 0 ? TACCTL_ILLEGAL : 0);
}
