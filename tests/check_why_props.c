/*
 * check_why_props.c: every refusal reason is a message id with values.
 *
 * Every fmt in the engine's source is a plain literal, the second
 * argument of why_fail() or notation_fail() (what xgettext extracts), with
 * at most TAC_WHY_MAXARGS known conversions.  Over random games, illegal
 * actions (other seats' legal actions, mutated ones, discards) and bad
 * notation (the fuzz corpus, mutated), every reason's fmt is one of those
 * literals and matches its values, the _why variants behave like the
 * string APIs, and tac_why_format() gives exactly their English text.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "testutil.h"

#define WHY_MAXFMTS	256	/* literal fmts in the engine's source */
#define WHY_GAMES	12	/* random games per configuration */
#define WHY_MUTANTS	3	/* mutated legal actions per position */
#define WHY_TEXT	256

/* The literal fmts of the source, and how often each was given. */
struct why_fmts {
	int		 n;
	char		*fmt[WHY_MAXFMTS];
	unsigned long	 seen[WHY_MAXFMTS];
	unsigned long	 refusals;
};

static struct why_fmts	 why_src;
static uint64_t		 why_rng = 0x5eed;
static unsigned long	 why_long;	/* examples of 40 bytes or more */

/* The reason that quotes an action, which can be long. */
#define WHY_DISCARD	"a card can be played (%A), so none may be discarded"

/*
 * A passing ck_assert() writes to check's pipe; the games make millions
 * of checks, so this one only acts on failure.
 */
#define WHY_ASSERT(c, ...) do {						\
	if (!(c))							\
		ck_abort_msg(__VA_ARGS__);				\
} while (0)

/* A random number below n. */
static int
why_rand(int n)
{
	return (int)tac_rng_below(&why_rng, (uint32_t)n);
}

/* Where the sources are: make check says, by hand guess. */
static const char *
why_top(void)
{
	const char	*top;

	if ((top = getenv("abs_top_srcdir")) == NULL &&
	    (top = getenv("top_srcdir")) == NULL)
		top = access("src/engine/tac.h", R_OK) == 0 ? "." : "..";
	return (top);
}

/* Read a whole file (NUL-terminated, caller frees); abort on error. */
static char *
why_slurp(const char *path, size_t *lenp)
{
	FILE	*f;
	char	*text;
	long	 len;

	f = fopen(path, "rb");
	ck_assert_msg(f != NULL, "%s: %s", path, strerror(errno));
	fseek(f, 0, SEEK_END);
	len = ftell(f);
	rewind(f);
	ck_assert_ptr_nonnull(text = calloc(1, (size_t)len + 1));
	ck_assert_int_eq(fread(text, 1, (size_t)len, f), (size_t)len);
	fclose(f);
	if (lenp != NULL)
		*lenp = (size_t)len;
	return (text);
}

/*
 * Read the string literals of a call's second argument at p (after the
 * first comma), joined as the compiler joins them; NULL when it is not
 * a plain literal.  *end is set past it.
 */
static char *
why_literal(const char *p, const char **end)
{
	char	buf[512];
	size_t	n = 0;

	for (;;) {
		while (*p == ' ' || *p == '\t' || *p == '\n')
			p++;
		if (*p != '"')
			break;
		for (p++; *p != '"' && *p != '\0'; p++) {
			if (*p == '\\' && p[1] != '\0')
				p++;	/* the engine only escapes '"' */
			if (n + 1 < sizeof buf)
				buf[n++] = *p;
		}
		if (*p == '"')
			p++;
	}
	*end = p;
	if (n == 0 || (*p != ',' && *p != ')'))
		return (NULL);
	buf[n] = '\0';
	return (strdup(buf));
}

/* Add the fmts of one source file's calls of name ("why_fail("). */
static void
why_scan(const char *path, const char *text, const char *name)
{
	struct tac_why	 w;
	const char	*p, *q, *line, *bad;
	char		*fmt;
	int		 depth, i;

	for (p = text; (p = strstr(p, name)) != NULL; p += strlen(name)) {
		for (line = p; line > text && line[-1] != '\n'; line--)
			;
		while (*line == ' ' || *line == '\t')
			line++;
		if (strncmp(line, "#define", 7) == 0 || *line == '*' ||
		    strncmp(line, "/*", 2) == 0 || p[strlen(name)] == ')')
			continue;	/* the macro, or a comment naming it */
		if (p > text && (p[-1] == '_' || (p[-1] >= 'a' &&
		    p[-1] <= 'z')))
			continue;	/* another name ending in it */
		for (q = p + strlen(name), depth = 0; *q != '\0'; q++) {
			if (*q == '(')
				depth++;
			else if (*q == ')')
				depth--;
			else if (*q == ',' && depth == 0)
				break;
		}
		ck_assert_msg(*q == ',', "%s: %.40s: no second argument",
		    path, p);
		fmt = why_literal(q + 1, &q);
		ck_assert_msg(fmt != NULL, "%s: %.60s: the fmt is not a plain "
		    "string literal", path, p);
		/* Its conversions, with values of the kinds they ask. */
		memset(&w, 0, sizeof w);
		w.fmt = fmt;
		for (q = fmt, i = 0; (q = strchr(q, '%')) != NULL; q += 2) {
			if (q[1] == '%')
				continue;
			ck_assert_msg(i < TAC_WHY_MAXARGS, "%s: \"%s\": more "
			    "than %d values", path, fmt, TAC_WHY_MAXARGS);
			w.arg[i++].kind = q[1];
		}
		w.nargs = i;
		bad = tu_why_valid(&w, 0);
		ck_assert_msg(bad == NULL, "%s: \"%s\": %s", path, fmt, bad);
		for (i = 0; i < why_src.n; i++)
			if (strcmp(why_src.fmt[i], fmt) == 0)
				break;
		if (i < why_src.n) {
			free(fmt);
			continue;
		}
		ck_assert_int_lt(why_src.n, WHY_MAXFMTS);
		why_src.fmt[why_src.n++] = fmt;
	}
}

/*
 * Collect every fmt of the engine's source.  why_set() is only called by
 * the two macros, so that no reason escapes the keywords.
 */
static void
why_load_sources(void)
{
	char		 dir[1024], path[1300], line[256];
	const char	*p;
	char		*text;
	struct dirent	*e;
	DIR		*d;
	size_t		 len;

	if (why_src.n > 0)
		return;
	snprintf(dir, sizeof dir, "%s/src/engine", why_top());
	d = opendir(dir);
	ck_assert_msg(d != NULL, "%s: %s", dir, strerror(errno));
	while ((e = readdir(d)) != NULL) {
		len = strlen(e->d_name);
		if (len < 3 || strcmp(e->d_name + len - 2, ".c") != 0)
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		text = why_slurp(path, NULL);
		why_scan(path, text, "why_fail(");
		why_scan(path, text, "notation_fail(");
		for (p = text; (p = strstr(p, "why_set(")) != NULL; p++) {
			snprintf(line, sizeof line, "%.*s",
			    (int)strcspn(p, "\n"), p);
			ck_assert_msg((p > text && p[-1] == '\n') ||
			    strstr(line, "__VA_ARGS__") != NULL,
			    "%s: why_set() called outside why_fail() and "
			    "notation_fail()", path);
		}
		free(text);
	}
	closedir(d);
}

/* Check one reason: a fmt of the source, sound, and formatted as text. */
static void
why_check(const struct tac_why *w, const char *text, const char *what)
{
	char		 buf[WHY_TEXT], small[8];
	const char	*bad;
	size_t		 n;
	int		 i;

	bad = tu_why_valid(w, 0);
	WHY_ASSERT(bad == NULL, "%s: \"%s\": %s", what,
	    w->fmt != NULL ? w->fmt : "(null)", bad);
	for (i = 0; i < why_src.n; i++)
		if (strcmp(why_src.fmt[i], w->fmt) == 0)
			break;
	WHY_ASSERT(i < why_src.n, "%s: \"%s\" is no fmt of the source",
	    what, w->fmt);
	why_src.seen[i]++;
	why_src.refusals++;
	n = tac_why_format(w, buf, sizeof buf);
	WHY_ASSERT(n == strlen(buf) && strcmp(buf, text) == 0,
	    "%s: \"%s\" formats as \"%s\", the string API said \"%s\"",
	    what, w->fmt, buf, text);
	tu_why_render(w, w->fmt, TAC_NAMES_TAC, buf, sizeof buf);
	WHY_ASSERT(strcmp(buf, text) == 0, "%s: \"%s\" renders as \"%s\", "
	    "the engine wrote \"%s\"", what, w->fmt, buf, text);
	/* snprintf's semantics: the length, and a cut text. */
	WHY_ASSERT(tac_why_format(w, small, sizeof small) == n &&
	    strncmp(small, text, sizeof small - 1) == 0 &&
	    strlen(small) == (n < sizeof small ? n : sizeof small - 1),
	    "%s: cut to %zu bytes: \"%s\"", what, sizeof small, small);
}

/*
 * Try an action on a copy of s three ways (the string API, the struct,
 * no reason at all): the same answer and the same state, and the reason
 * checked.
 */
static void
why_try(const struct tac_state *s, const struct tac_action *a)
{
	static struct tac_state	 t1, t2, t3;
	struct tac_why		 w;
	char			 text[WHY_TEXT] = "", act[WHY_TEXT];
	int			 r1, r2, r3;

	t1 = *s;
	t2 = *s;
	t3 = *s;
	r1 = tac_apply(&t1, a, tu_scratch(), text, sizeof text);
	memset(&w, 0xa5, sizeof w);	/* no stale reason may survive */
	r2 = tac_apply_why(&t2, a, tu_scratch(), &w);
	r3 = tac_apply_why(&t3, a, tu_scratch(), NULL);
	tac_action_format(a, act, sizeof act);
	WHY_ASSERT(r1 == r2 && r2 == r3, "\"%s\": tac_apply %d, "
	    "tac_apply_why %d, without a reason %d", act, r1, r2, r3);
	WHY_ASSERT(memcmp(&t1, &t2, sizeof t1) == 0 &&
	    memcmp(&t2, &t3, sizeof t2) == 0, "\"%s\": the states differ",
	    act);
	if (r2 >= 0) {
		WHY_ASSERT(w.fmt == NULL, "\"%s\" applied with a reason "
		    "\"%s\"", act, w.fmt);
		return;
	}
	WHY_ASSERT(text[0] != '\0', "\"%s\": refused without a reason", act);
	why_check(&w, text, act);
	if (strcmp(w.fmt, WHY_DISCARD) == 0) {
		/* The example is the first legal action, whole. */
		tac_legal(s, tu_scratch());
		tac_action_format(&tu_scratch()->a[0], act, sizeof act);
		WHY_ASSERT(strcmp(w.arg[0].s, act) == 0, "the example \"%s\" "
		    "is not the action \"%s\"", w.arg[0].s, act);
		why_long += strlen(act) >= 40;
	}
}

/* A random place: often a sound one, sometimes anything. */
static uint8_t
why_loc(const struct tac_state *s)
{
	switch (why_rand(5)) {
	case 0:
		return (TAC_LOC_BASE);
	case 1:
		return (TAC_LOC_HOME(why_rand(s->cfg.nseats),
		    1 + why_rand(4)));
	case 2:
		return (why_rand(256));
	default:
		return (why_rand(s->nfields));
	}
}

/* Change one to three things of an action. */
static void
why_mutate(const struct tac_state *s, struct tac_action *a)
{
	int	k, i;

	for (k = 1 + why_rand(3); k > 0; k--) {
		switch (why_rand(7)) {
		case 0:
			a->card = why_rand(TAC_NCARDS);
			break;
		case 1:
			a->tac ^= 1;
			break;
		case 2:
			a->devil ^= 1;
			break;
		case 3:
			a->op = why_rand(TAC_OP_NONE + 1);
			break;
		case 4:
			a->nseg = why_rand(TAC_MAXSEG + 1);
			break;
		default:
			i = why_rand(TAC_MAXSEG);
			if (why_rand(2))
				a->seg[i].from = why_loc(s);
			else
				a->seg[i].to = why_loc(s);
			break;
		}
	}
}

/* Play random games of a configuration, trying illegal actions. */
static void
why_games(int nseats, int triples, int master, uint64_t seed)
{
	static struct tac_state	 st, other;
	struct tac_config	 cfg;
	struct tac_list		*l = tu_list(), *ol = tu_scratch();
	struct tac_action	 a, pick[TAC_MAXSEATS - 1 + WHY_MUTANTS];
	int			 g, n, k, seat, i, np, step;

	tu_cfg(&cfg, nseats, triples, master);
	for (g = 0; g < WHY_GAMES; g++) {
		tac_init(&st, &cfg, seed + g);
		for (step = 0; step < 20000 && !tac_over(&st); step++) {
			n = tac_legal(&st, l);
			WHY_ASSERT(n > 0, "tac_legal gave %d", n);
			/* One legal action of each other seat. */
			for (seat = np = 0; seat < nseats; seat++) {
				if (seat == st.turn)
					continue;
				other = st;
				other.turn = seat;
				if ((k = tac_legal(&other, ol)) > 0)
					pick[np++] = ol->a[why_rand(k)];
			}
			n = tac_legal(&st, l);
			for (i = 0; i < WHY_MUTANTS; i++) {
				pick[np] = l->a[why_rand(n)];
				why_mutate(&st, &pick[np++]);
			}
			for (i = 0; i < np; i++)
				why_try(&st, &pick[i]);
			a = l->a[why_rand(n)];
			a.op = TAC_OP_DISCARD;
			why_try(&st, &a);
			n = tac_legal(&st, l);
			why_try(&st, &l->a[why_rand(n)]);
			tac_play(&st, &l->a[why_rand(n)]);
		}
		WHY_ASSERT(tac_over(&st), "game %d did not end", g);
		why_try(&st, &l->a[0]);		/* the game is over */
	}
}

/* Parse a text three ways; the same answer, the reason checked. */
static void
why_parse(const char *text)
{
	struct tac_action	a1, a2, a3;
	struct tac_why		w;
	char			why[WHY_TEXT] = "";
	int			r1, r2, r3;

	memset(&a1, 0, sizeof a1);
	a2 = a3 = a1;
	r1 = tac_action_parse(text, &a1, why, sizeof why);
	memset(&w, 0xa5, sizeof w);
	r2 = tac_action_parse_why(text, &a2, &w);
	r3 = tac_action_parse_why(text, &a3, NULL);
	WHY_ASSERT(r1 == r2 && r2 == r3, "\"%s\": %d, %d, %d", text, r1, r2,
	    r3);
	WHY_ASSERT(memcmp(&a1, &a2, sizeof a1) == 0 &&
	    memcmp(&a2, &a3, sizeof a2) == 0, "\"%s\": the actions differ",
	    text);
	if (r2 == 0) {
		WHY_ASSERT(w.fmt == NULL, "\"%s\" parsed with a reason",
		    text);
		return;
	}
	why_check(&w, why, text);
}

/* Delete a byte of text, insert c, or put c in place of one. */
static void
why_edit(char *m, size_t size, char c)
{
	size_t	n = strlen(m), at = n > 0 ? (size_t)why_rand(n + 1) : 0;

	if (at < n && why_rand(3) == 0)
		memmove(m + at, m + at + 1, n - at);
	else if (n + 2 < size && why_rand(2)) {
		memmove(m + at + 1, m + at, n - at + 1);
		m[at] = c;
	} else if (at < n)
		m[at] = c;
}

/* The action corpus of the fuzz target, each text also mutated. */
static void
why_notation(void)
{
	static const char	 chars[] = " <>BH0123456789TACDEVILskip\t\x01"
	    "\xd0\x9c";
	static const char *const bad[] = {
		"", "   ", "give", "give 11", "TAC", "TAC give 5", "TAC TAC",
		"DEVIL", "DEVIL give 5", "DEVIL DEVIL", "TAC 5 discard",
		"5", "5 12", "5 12>", "5 12<>14", "TR 12>14", "TR 12<>",
		"TR 12<>0H1", "TR 12<>12", "8", "1 B>0H1", "5 B>16",
		"5 12>B", "5 12>12", "7 1>2 2>3 3>4 4>5 5>6 6>7 7>8 8>9",
		"5 6H1>7", "5 0H0>0H1", "5 +1>3", "5 01>3", "5 99>3",
		"5 x>3", "5 12>14 extra", "5 12>14 <", "5 12>14 <>",
		"FOOL 1>2", "\xd0\x9c\xd0\xb5\xd0\xbd\xd0\xb0 1<>2",
		"5 0123456789abcdefghij>3", "unknown\x01word",
	};
	char		 dir[1024], path[1300], *text, m[600];
	struct dirent	*e;
	DIR		*d;
	size_t		 i, len;
	int		 k, j;
	char		 c;

	for (i = 0; i < sizeof bad / sizeof bad[0]; i++)
		why_parse(bad[i]);
	why_parse(NULL);
	snprintf(dir, sizeof dir, "%s/tests/fuzz/corpus/action", why_top());
	d = opendir(dir);
	ck_assert_msg(d != NULL, "%s: %s", dir, strerror(errno));
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		text = why_slurp(path, &len);
		if (len > 500)
			len = 500;
		text[len] = '\0';
		why_parse(text);
		for (k = 0; k < 300; k++) {
			memcpy(m, text, len + 1);
			for (j = 1 + why_rand(3); j > 0; j--) {
				c = chars[why_rand(sizeof chars - 1)];
				why_edit(m, sizeof m, c);
			}
			why_parse(m);
		}
		free(text);
	}
	closedir(d);
}

/* Every small configuration: tac_config_check_why() against the string. */
static void
why_configs(void)
{
	struct tac_config	c;
	struct tac_why		w;
	char			why[WHY_TEXT];
	int			r1, r2;

	for (c.nseats = 0; c.nseats < 8; c.nseats++)
	for (c.triples = 0; c.triples < 3; c.triples++)
	for (c.master = 0; c.master < 3; c.master++)
	for (c.names = 0; c.names < 3; c.names++) {
		why[0] = '\0';
		r1 = tac_config_check(&c, why, sizeof why);
		r2 = tac_config_check_why(&c, &w);
		ck_assert_int_eq(r1, r2);
		ck_assert_int_eq(tac_config_check_why(&c, NULL), r1);
		if (r2 == 0)
			ck_assert_ptr_null(w.fmt);
		else
			why_check(&w, why, "config");
	}
}

/*
 * Y1: every refusal, over random games of every configuration, bad
 * notation and bad configurations, has a sound fmt of the source and
 * formats as the string API's English.
 */
START_TEST(test_Y1_why_every_refusal)
{
	int	i, seen = 0;

	why_load_sources();
	why_configs();
	why_notation();
	why_games(4, 0, 1, 7100);
	why_games(4, 0, 0, 7200);
	why_games(6, 0, 1, 7300);
	why_games(6, 1, 1, 7400);
	why_games(6, 1, 0, 7500);
	for (i = 0; i < why_src.n; i++)
		seen += why_src.seen[i] > 0;
	fprintf(stderr, "check_why: %lu refusals, %d of the %d messages "
	    "of the source; %lu quoted actions of 40 bytes or more\n",
	    why_src.refusals, seen, why_src.n, why_long);
	if (getenv("TAC_WHY_VERBOSE") != NULL)
		for (i = 0; i < why_src.n; i++)
			fprintf(stderr, "%8lu  %s\n", why_src.seen[i],
			    why_src.fmt[i]);
	ck_assert_int_gt(why_src.refusals, 100000);
	/* The messages random play cannot reach have exact tests below. */
	ck_assert_int_ge(seen, why_src.n * 3 / 4);
}
END_TEST

/* The fmts of the source are many, and each a sound literal. */
START_TEST(test_why_source_fmts)
{
	why_load_sources();
	ck_assert_int_ge(why_src.n, 90);
}
END_TEST


/* Every reason of the engine, over random games and inputs. */
Suite *
suite_why_props(void)
{
	Suite	*s = suite_create("why_props");
	TCase	*tc = tcase_create("why_props");

	/* Generous: a slow (sanitizer) build plays the same games. */
	tcase_set_timeout(tc, 900);
	tcase_add_test(tc, test_why_source_fmts);
	tcase_add_test(tc, test_Y1_why_every_refusal);
	suite_add_tcase(s, tc);
	return s;
}
