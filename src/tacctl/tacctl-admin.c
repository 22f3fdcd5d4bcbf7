/*
 * tacctl-admin.c: the commands that read tacd's database: games, show,
 * export, verify, backup.  They open it read-only, so they are safe while
 * tacd runs (WAL readers never block the writer).
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "tacctl.h"
#include "config.h"
#include "service.h"
#include "store.h"

const char	*tacctl_config;	/* tacctl -f FILE, or NULL */

static const char *admin_states[] = { "lobby", "playing", "over", "aborted" };
static const char *admin_bys[] = { "person", "ai", "timeout" };

/* The options every admin command takes. */
struct admin_opts {
	const char	*conf;		/* -f FILE: tacd's configuration */
	const char	*db;		/* -d FILE: the database itself */
	int		 open_only;	/* games -o */
	int		 verbose;	/* verify -v */
};

/* Read -f, -d and the command's own flags; leave optind at the operands. */
static void
admin_options(int argc, char **argv, const char *flags,
    struct admin_opts *o)
{
	static const struct option	longopts[] = {
		{ "config", required_argument, NULL, 'f' },
		{ "db", required_argument, NULL, 'd' },
		{ "open", no_argument, NULL, 'o' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	int				ch;

	memset(o, 0, sizeof *o);
	o->conf = tacctl_config;
	while ((ch = getopt_long(argc, argv, "+f:d:ovh", longopts, NULL)) !=
	    -1) {
		if (ch != 'f' && ch != 'd' && strchr(flags, ch) == NULL)
			tacctl_usage();
		switch (ch) {
		case 'f':
			o->conf = optarg;
			break;
		case 'd':
			o->db = optarg;
			break;
		case 'o':
			o->open_only = 1;
			break;
		case 'v':
			o->verbose = 1;
			break;
		}
	}
}

/*
 * Open the database: db (-d), else the one tacd's configuration conf
 * (-f, or the default file) names; read-only unless flags say otherwise
 * (a read-write open migrates it, as tacd would).  Exits 2 on failure.
 */
struct store *
tacctl_db_open(const char *conf, const char *db, int flags)
{
	struct config	 c;
	struct store	*s;
	const char	*file;
	char		 path[PATH_MAX], *cause;

	if (db != NULL)
		snprintf(path, sizeof path, "%s", db);
	else {
		config_defaults(&c);
		if ((file = config_find(conf)) != NULL &&
		    config_load(&c, file, &cause) != 0)
			tacctl_die(TACCTL_BADINPUT, "%s", cause);
		if (config_db_path(&c, path, sizeof path) != 0)
			tacctl_die(TACCTL_BADINPUT, "the database path is too "
			    "long");
	}
	if (!store_is_pg(path) && access(path, F_OK) != 0)
		tacctl_die(TACCTL_BADINPUT, "%s: no database there", path);
	if ((s = store_open(path, flags, &cause)) == NULL)
		tacctl_die(TACCTL_BADINPUT, "%s", cause);
	return (s);
}

/* Open the database read-only, as the admin options say. */
static struct store *
admin_open(const struct admin_opts *o)
{
	return (tacctl_db_open(o->conf, o->db, STORE_RDONLY));
}

/* Read a game id operand; exit 2 if it is not one. */
static int64_t
admin_game_arg(const char *s)
{
	char		*end;
	long long	 id;

	if (*s == '#')
		s++;
	id = strtoll(s, &end, 10);
	if (*s == '\0' || *end != '\0' || id <= 0)
		tacctl_die(TACCTL_BADINPUT, "bad game id: %s", s);
	return (id);
}

/* A unix time as "2024-05-01 18:30" (UTC), or "-" for 0. */
static const char *
admin_time(int64_t t, char *buf, size_t len)
{
	struct tm	tm;
	time_t		tt = (time_t)t;

	if (t == 0 || gmtime_r(&tt, &tm) == NULL ||
	    strftime(buf, len, "%Y-%m-%d %H:%M", &tm) == 0)
		snprintf(buf, len, "-");
	return (buf);
}

/* Read a game's row; exit 2 when there is no such game. */
static void
admin_game(struct store *s, int64_t id, struct store_game *g)
{
	int	rc;

	if ((rc = store_game_get(s, id, g, NULL)) < 0)
		tacctl_die(TACCTL_BADINPUT, "%s", store_error(s));
	if (rc == 0)
		tacctl_die(TACCTL_BADINPUT, "no game #%lld", (long long)id);
}

/* "4 pairs master tac" */
static void
admin_cfg(const struct tac_config *c, char *buf, size_t len)
{
	snprintf(buf, len, "%d %s %s %s", c->nseats, c->triples ? "triples" :
	    "pairs", c->master ? "master" : "nomaster",
	    c->names == TAC_NAMES_TAKER ? "taker" : "tac");
}

/* tacctl games [-o]: one line per game. */
int
cmd_games(int argc, char **argv)
{
	struct admin_opts	 o;
	struct store		*s;
	struct store_game	 g;
	int64_t			*ids;
	size_t			 n, i;
	char			 cfg[64], t[32];

	admin_options(argc, argv, "o", &o);
	if (argc - optind != 0)
		tacctl_usage();
	s = admin_open(&o);
	if (store_game_ids(s, o.open_only, &ids, &n) != 0)
		tacctl_die(TACCTL_BADINPUT, "%s", store_error(s));
	printf("%-6s %-8s %-24s %6s %-16s %s\n", "GAME", "STATE", "OPTIONS",
	    "TURN", "UPDATED", "CHAT");
	for (i = 0; i < n; i++) {
		admin_game(s, ids[i], &g);
		admin_cfg(&g.cfg, cfg, sizeof cfg);
		printf("%-6lld %-8s %-24s %6lld %-16s %s:%s\n",
		    (long long)g.id, admin_states[g.state & 3], cfg,
		    (long long)g.turn_no, admin_time(g.updated, t, sizeof t),
		    g.platform, g.chat_pid);
	}
	free(ids);
	store_close(s);
	return (0);
}

/* Print the circle as a strip of fields and each seat's marbles. */
static void
admin_board(const struct tac_state *st)
{
	const struct tac_board	*b = &st->b;
	int			 f, s, k;

	printf("circle:");
	for (f = 0; f < st->nfields; f++) {
		if (f % 16 == 0)
			printf("\n  %2d ", f);
		putchar(b->field[f] < 0 ? '.' : '0' + b->field[f]);
	}
	printf("\n");
	for (s = 0; s < st->cfg.nseats; s++) {
		printf("seat %d (team %d): base %d, home ", s, tac_team(st, s),
		    b->base[s]);
		for (k = 1; k <= TAC_MARBLES; k++)
			putchar(b->home[s] & (1 << (k - 1)) ? 'o' : '.');
		printf(", hand");
		for (k = 0; k < TAC_NCARDS; k++) {
			for (f = 0; f < st->hand[s][k]; f++)
				printf(" %s", tac_card_name(k));
		}
		printf("%s\n", s == st->turn && st->phase != TAC_PH_OVER ?
		    "  <- to act" : "");
	}
}

/* Print one line of a game's log. */
static int
admin_log_line(void *arg, int64_t n, int seat, const char *action, int who,
    int64_t at)
{
	char	t[32];

	(void)arg;
	printf("  %5lld  %d  %-7s  %s  %s\n", (long long)n, seat,
	    admin_bys[who < 0 || who > 2 ? 0 : who],
	    admin_time(at, t, sizeof t), action);
	return (0);
}

/* tacctl show GAME: the game's row, seats, board and log. */
int
cmd_show(int argc, char **argv)
{
	struct admin_opts	 o;
	struct store		*s;
	struct store_game	 g;
	struct tac_state	 st;
	struct svc		*svc;
	char			 cfg[64], t[32];
	int			 k;

	admin_options(argc, argv, "", &o);
	if (argc - optind != 1)
		tacctl_usage();
	s = admin_open(&o);
	admin_game(s, admin_game_arg(argv[optind]), &g);
	admin_cfg(&g.cfg, cfg, sizeof cfg);
	printf("game #%lld: %s, %s, seed %" PRIu64 "\n", (long long)g.id,
	    admin_states[g.state & 3], cfg, g.seed);
	printf("chat %s:%s, created %s", g.platform, g.chat_pid,
	    admin_time(g.created, t, sizeof t));
	printf(", updated %s\n", admin_time(g.updated, t, sizeof t));
	printf("deadline %llds, turn %lld, actor %d, due %s",
	    (long long)g.deadline, (long long)g.turn_no, g.actor,
	    admin_time(g.due, t, sizeof t));
	printf(", remind %s, winner %d\n", admin_time(g.remind, t, sizeof t),
	    g.winner);
	for (k = 0; k < g.cfg.nseats; k++)
		printf("seat %d: %s%s%s%s\n", k, g.seats[k].name[0] != '\0' ?
		    g.seats[k].name : "(free)", g.seats[k].pid[0] != '\0' ?
		    " user " : "", g.seats[k].pid, g.seats[k].away ?
		    " (away: the AI plays)" : "");

	svc = svc_open(s, NULL, NULL);
	if (svc_game_position(svc, g.id, -1, &st) == 0)
		admin_board(&st);
	svc_close(svc);

	printf("log (turn, seat, by, time, action):\n");
	if (store_log(s, g.id, admin_log_line, NULL) != 0)
		tacctl_die(TACCTL_BADINPUT, "%s", store_error(s));
	store_close(s);
	return (0);
}

/*
 * tacctl export GAME: the game as a tac-record/1 for tacctl replay, with
 * its result: the record a chat's /record sends (svc_game_record()), in
 * tacctl's layout of an action a line.
 */
int
cmd_export(int argc, char **argv)
{
	struct admin_opts	 o;
	struct store		*s;
	struct svc		*svc;
	json_t			*j;
	json_error_t		 error;
	int64_t			 id;
	char			*text;

	admin_options(argc, argv, "", &o);
	if (argc - optind != 1)
		tacctl_usage();
	id = admin_game_arg(argv[optind]);
	s = admin_open(&o);
	svc = svc_open(s, NULL, NULL);
	if (svc_game_record(svc, id, &text) != 0)
		tacctl_die(TACCTL_BADINPUT, "%s", svc_error(svc));
	/* The service made it: a record that does not read is its fault. */
	if ((j = json_loads(text, 0, &error)) == NULL)
		tacctl_die(TACCTL_BADINPUT, "game #%lld: its record is not "
		    "JSON: %s", (long long)id, error.text);
	tacctl_print_json(stdout, j);
	json_decref(j);
	free(text);
	svc_close(svc);
	store_close(s);
	return (0);
}

/*
 * Replay one game from its seed and log and compare the result with its
 * snapshot and row.  Returns 0 when they agree; else prints why.
 */
static int
admin_verify_one(struct store *s, int64_t id, struct tac_list *l,
    int verbose)
{
	struct store_game	 g;
	struct tac_record	 rec;
	struct tac_state	 st;
	json_t			*snap = NULL, *replayed = NULL;
	char			*text, why[256];
	size_t			 failed;
	int			 rc, bad = 1;

	if ((rc = store_game_get(s, id, &g, &text)) < 0)
		tacctl_die(TACCTL_BADINPUT, "%s", store_error(s));
	if (rc == 0)
		tacctl_die(TACCTL_BADINPUT, "no game #%lld", (long long)id);
	if (g.state == STORE_LOBBY || (g.state == STORE_ABORTED &&
	    text == NULL)) {
		free(text);
		return (0);	/* never started: nothing to replay */
	}
	if (store_record(s, id, &rec) <= 0) {
		printf("game #%lld: %s\n", (long long)id, store_error(s));
		free(text);
		return (1);
	}
	memset(&st, 0, sizeof st);
	if (tac_record_replay(&rec, &st, l, &failed, why, sizeof why) != 0)
		printf("game #%lld: the log does not replay: action %zu: %s\n",
		    (long long)id, failed, why);
	else if ((size_t)g.turn_no != rec.nactions)
		printf("game #%lld: turn %lld but %zu actions logged\n",
		    (long long)id, (long long)g.turn_no, rec.nactions);
	else if (text == NULL)
		printf("game #%lld: no snapshot\n", (long long)id);
	else if ((snap = json_loads(text, 0, NULL)) == NULL ||
	    (replayed = tac_position_save(&st, -1)) == NULL)
		printf("game #%lld: the snapshot is not JSON\n", (long long)id);
	else if (!json_equal(snap, replayed))
		printf("game #%lld: the snapshot differs from the replay\n",
		    (long long)id);
	else if ((g.state == STORE_OVER) != (st.phase == TAC_PH_OVER))
		printf("game #%lld: state %s but the replay is %sover\n",
		    (long long)id, admin_states[g.state & 3],
		    st.phase == TAC_PH_OVER ? "" : "not ");
	else {
		bad = 0;
		if (verbose)
			printf("game #%lld: ok, %zu actions\n", (long long)id,
			    rec.nactions);
	}
	json_decref(snap);
	json_decref(replayed);
	free(text);
	tac_record_free(&rec);
	return (bad);
}

/*
 * tacctl verify [-v] [GAME ...]: check the file's structure, replay
 * games, compare with snapshots.
 */
int
cmd_verify(int argc, char **argv)
{
	struct admin_opts	 o;
	struct store		*s;
	struct tac_list		*l;
	int64_t			*ids;
	size_t			 n, i, nbad = 0;
	int			 k, damaged = 0;

	admin_options(argc, argv, "v", &o);
	s = admin_open(&o);
	/* A damaged page need not be one a replay reads. */
	if (store_quick_check(s) != 0) {
		printf("the database file: %s\n", store_error(s));
		damaged = 1;
	}
	l = tacctl_alloc(sizeof *l);
	if (optind < argc) {
		for (k = optind; k < argc; k++)
			nbad += admin_verify_one(s, admin_game_arg(argv[k]), l,
			    o.verbose);
		n = argc - optind;
	} else {
		if (store_game_ids(s, 0, &ids, &n) != 0)
			tacctl_die(TACCTL_BADINPUT, "%s", store_error(s));
		for (i = 0; i < n; i++)
			nbad += admin_verify_one(s, ids[i], l, o.verbose);
		free(ids);
	}
	printf("verified %zu games: %zu bad\n", n, nbad);
	free(l);
	store_close(s);
	return (nbad == 0 && !damaged ? 0 : TACCTL_ILLEGAL);
}

/* tacctl backup FILE: a consistent copy of the database, tacd running. */
int
cmd_backup(int argc, char **argv)
{
	struct admin_opts	 o;
	struct store		*s;

	admin_options(argc, argv, "", &o);
	if (argc - optind != 1)
		tacctl_usage();
	s = admin_open(&o);
	if (store_backup(s, argv[optind]) != 0)
		tacctl_die(TACCTL_BADINPUT, "%s", store_error(s));
	store_close(s);
	return (0);
}

/*
 * tacctl copy FROM TO: the whole database FROM (a file or a
 * postgresql:// URI) into a new one, TO: an empty PostgreSQL database or
 * a file not there yet; how a tacd moves between SQLite and PostgreSQL.
 */
int
cmd_copy(int argc, char **argv)
{
	struct store	*s;
	int64_t		 rows;
	char		*cause;

	if (argc != 3)
		tacctl_usage();
	s = tacctl_db_open(NULL, argv[1], STORE_RDONLY);
	if (store_copy(s, argv[2], &rows, &cause) != 0)
		tacctl_die(TACCTL_BADINPUT, "%s", cause);
	store_close(s);
	return (0);
}
