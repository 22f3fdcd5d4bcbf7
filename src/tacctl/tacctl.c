/*
 * tacctl.c: command dispatch and the helpers the commands share.
 *
 * tacctl exposes the rules engine on the command line: legal actions of a
 * position, applying actions, replaying game records and simulating whole
 * games (doc/notation.md formats throughout).
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tacctl.h"
#include "xmalloc.h"

const char	*tacctl_progname = "tacctl";

static const struct tacctl_cmd {
	const char	*name;
	int		(*fn)(int, char **);
} tacctl_cmds[] = {
	{ "legal", cmd_legal },
	{ "apply", cmd_apply },
	{ "replay", cmd_replay },
	{ "sim", cmd_sim },
	{ "arena", cmd_arena },
	{ "hint", cmd_hint },
	{ "review", cmd_review },
	{ "games", cmd_games },
	{ "show", cmd_show },
	{ "export", cmd_export },
	{ "verify", cmd_verify },
	{ "backup", cmd_backup },
	{ "copy", cmd_copy },
	{ "render", cmd_render },
	{ "stats", cmd_stats },
};

/* Print "tacctl: MESSAGE" on one line and exit with the given code. */
void
tacctl_die(int code, const char *fmt, ...)
{
	va_list	ap;

	fflush(stdout);
	fprintf(stderr, "%s: ", tacctl_progname);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(code);
}

/* Write all of buf to fd (a worker's pipe); exit on failure. */
void
tacctl_write_all(int fd, const void *buf, size_t len)
{
	const char	*p = buf;
	ssize_t		 n;

	while (len > 0) {
		if ((n = write(fd, p, len)) < 0) {
			if (errno == EINTR)
				continue;
			tacctl_die(TACCTL_BADINPUT, "write: %s",
			    strerror(errno));
		}
		p += n;
		len -= (size_t)n;
	}
}

/* Read exactly len bytes from fd; -1 on a short read. */
int
tacctl_read_all(int fd, void *buf, size_t len)
{
	char	*p = buf;
	ssize_t	 n;

	while (len > 0) {
		if ((n = read(fd, p, len)) < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return (-1);
		p += n;
		len -= (size_t)n;
	}
	return (0);
}

/* Print the usage lines and exit 2. */
void
tacctl_usage(void)
{
	fprintf(stderr,
	    "usage: %s legal POSITION [ACTION ...]\n"
	    "       %s apply POSITION ACTION ...\n"
	    "       %s replay RECORD\n"
	    "       %s sim --games N --seed S [--players 4|6] "
	    "[--teams pairs|triples]\n"
	    "           [--no-master] [--coop] "
	    "[--policy random|greedy|heuristic|search]\n"
	    "           [--iters N] [--jobs N] [--record DIR] [--check]\n"
	    "       %s arena --games N --seed S [--players 4|6] "
	    "[--teams pairs|triples]\n"
	    "           [--no-master] [--team0 POLICY] [--team1 POLICY] "
	    "[--jobs N]\n"
	    "           [--iters N] [--ms MS]   "
	    "(POLICY: random|greedy|heuristic|search|hint)\n"
	    "       %s hint [--lang en|ru|de|ka] POSITION\n"
	    "       %s review [--seats 0,2] RECORD ...\n"
	    "       %s [-f CONF] games [-d DB] [-o]\n"
	    "       %s [-f CONF] show|export [-d DB] GAME\n"
	    "       %s [-f CONF] verify [-d DB] [-v] [GAME ...]\n"
	    "       %s [-f CONF] backup [-d DB] FILE\n"
	    "       %s copy FROM TO\n"
	    "       %s [-f CONF] stats [-d DB] [--chat ID] [--json] "
	    "[--rebuild]\n"
	    "       %s render [--size PX] [--lang en|ru|de|ka] [--names A,B,...] "
	    "[--options]\n"
	    "           [--seat S] [--bench N]\n"
	    "           -o PNG (POSITION [--last ACTION] | "
	    "--record RECORD --at N |\n"
	    "           --homes --record RECORD)\n"
	    "POSITION and RECORD are JSON files, or - for stdin.\n",
	    tacctl_progname, tacctl_progname, tacctl_progname,
	    tacctl_progname, tacctl_progname, tacctl_progname,
	    tacctl_progname, tacctl_progname, tacctl_progname,
	    tacctl_progname, tacctl_progname, tacctl_progname,
	    tacctl_progname, tacctl_progname);
	exit(TACCTL_BADINPUT);
}

/* Allocate zeroed memory; running out of memory is fatal here. */
void *
tacctl_alloc(size_t size)
{
	void	*p;

	p = xcalloc(1, size);
	return (p);
}

/* Read a JSON document from a file, or stdin for "-"; exit 2 if it is bad. */
json_t *
tacctl_read_json(const char *path)
{
	json_t		*root;
	json_error_t	 error;
	const char	*name;

	if (strcmp(path, "-") == 0) {
		name = "<stdin>";
		root = json_loadf(stdin, JSON_REJECT_DUPLICATES, &error);
	} else {
		name = path;
		root = json_load_file(path, JSON_REJECT_DUPLICATES, &error);
	}
	if (root != NULL)
		return (root);
	if (error.line < 0)
		tacctl_die(TACCTL_BADINPUT, "%s: %s", name, error.text);
	tacctl_die(TACCTL_BADINPUT, "%s:%d:%d: %s", name, error.line,
	    error.column, error.text);
}

/* Print a value on one line, with a space after each ',' and ':'. */
static void
tacctl_print_value(FILE *f, const json_t *v)
{
	char	*s;

	/* jansson allocates through xmalloc(): running out is fatal there. */
	s = json_dumps(v, JSON_ENCODE_ANY | JSON_REAL_PRECISION(10));
	fputs(s, f);
	free(s);
}

/*
 * Print a JSON object readably and deterministically: one member per line
 * in the order the object was built, and arrays of arrays or objects (the
 * marbles, the hands) and a record's "actions" one element per line, so
 * records diff well; everything else on one line.
 */
void
tacctl_print_json(FILE *f, const json_t *root)
{
	const char	*key;
	json_t		*v, *e, *k;
	size_t		 i, n;
	int		 nested;

	if (!json_is_object(root)) {
		tacctl_print_value(f, root);
		fputc('\n', f);
		return;
	}
	fputs("{", f);
	n = 0;
	json_object_foreach((json_t *)root, key, v) {
		fputs(n++ == 0 ? "\n  " : ",\n  ", f);
		k = json_string(key);
		tacctl_print_value(f, k);
		json_decref(k);
		fputs(": ", f);

		nested = json_is_array(v) && json_array_size(v) > 1;
		json_array_foreach(v, i, e) {
			if (!json_is_array(e) && !json_is_object(e))
				nested = 0;
		}
		if (json_is_array(v) && json_array_size(v) > 0 &&
		    strcmp(key, "actions") == 0)
			nested = 1;
		if (!nested) {
			tacctl_print_value(f, v);
			continue;
		}
		json_array_foreach(v, i, e) {
			fputs(i == 0 ? "[\n    " : ",\n    ", f);
			tacctl_print_value(f, e);
		}
		fputs("\n  ]", f);
	}
	fputs(n == 0 ? "}\n" : "\n}\n", f);
}

/* Find the command named by the first argument and run it. */
int
main(int argc, char **argv)
{
	static const struct option	 longopts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ "config", required_argument, NULL, 'f' },
		{ NULL, 0, NULL, 0 }
	};
	size_t				 i;
	int				 ch;

	xmalloc_json();
	while ((ch = getopt_long(argc, argv, "+hf:", longopts, NULL)) != -1) {
		if (ch != 'f')
			tacctl_usage();
		tacctl_config = optarg;	/* tacd's configuration file */
	}
	argc -= optind;
	argv += optind;
	if (argc < 1)
		tacctl_usage();

	for (i = 0; i < sizeof tacctl_cmds / sizeof tacctl_cmds[0]; i++) {
		if (strcmp(argv[0], tacctl_cmds[i].name) != 0)
			continue;
		/* Commands parse their own options from argv[1] on. */
		optind = 0;
		return (tacctl_cmds[i].fn(argc, argv));
	}
	fprintf(stderr, "%s: unknown command: %s\n", tacctl_progname,
	    argv[0]);
	tacctl_usage();
}

/* A run of games as it is unless its options say otherwise: 4 players. */
void
tacctl_games_init(struct tacctl_games *g)
{
	memset(g, 0, sizeof *g);
	g->cfg.nseats = 4;
	g->cfg.master = 1;
	g->cfg.names = TAC_NAMES_TAC;
}

/*
 * Take option ch (its argument arg) if it is one of a run of games':
 * 1 taken, 0 not one of them; exit 2 for a bad value.
 */
int
tacctl_games_opt(struct tacctl_games *g, int ch, const char *arg)
{
	switch (ch) {
	case 'g':
		g->games = tacctl_number(arg, "games", 1, INT32_MAX);
		g->seen |= 1;
		return (1);
	case 's':
		g->seed = tacctl_number(arg, "seed", 0, UINT64_MAX);
		g->seen |= 2;
		return (1);
	case 'p':
		g->cfg.nseats = tacctl_number(arg, "players", 4, 6);
		return (1);
	case 't':
		if (strcmp(arg, "pairs") != 0 && strcmp(arg, "triples") != 0)
			tacctl_die(TACCTL_BADINPUT,
			    "--teams: pairs or triples: %s", arg);
		g->cfg.triples = strcmp(arg, "triples") == 0;
		return (1);
	case 'M':
		g->cfg.master = 0;
		return (1);
	default:
		return (0);
	}
}

/*
 * After the options: --games and --seed are a must (the usage, exit 2),
 * and the rules must make a game (exit 2).
 */
void
tacctl_games_check(struct tacctl_games *g)
{
	char	err[256];

	if (g->seen != 3)
		tacctl_usage();
	if (tac_config_check(&g->cfg, err, sizeof err) != 0)
		tacctl_die(TACCTL_BADINPUT, "%s", err);
}

/* Parse a number between min and max for option name; exit 2 otherwise. */
uint64_t
tacctl_number(const char *s, const char *name, uint64_t min, uint64_t max)
{
	unsigned long long	 v;
	char			*end;

	errno = 0;
	v = strtoull(s, &end, 0);
	if (*s == '\0' || *s == '-' || *end != '\0' || errno != 0 ||
	    v < min || v > max)
		tacctl_die(TACCTL_BADINPUT, "--%s: bad number: %s", name, s);
	return (v);
}
