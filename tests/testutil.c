/*
 * testutil.c: helpers shared by the rules and property suites.
 *
 * Every helper fails the running test itself, naming the caller's file and
 * line, so a test reads as a list of positions and expectations.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "testutil.h"

#define TU_TEXT		96	/* one formatted action */
#define TU_BIG		(TAC_MAXACTIONS * TU_TEXT)

static struct tac_list	*tu_lists[2];

/* One of the two shared lists, allocated on first use. */
static struct tac_list *
tu_get_list(int i)
{
	if (tu_lists[i] == NULL) {
		tu_lists[i] = calloc(1, sizeof *tu_lists[i]);
		if (tu_lists[i] == NULL)
			abort();
	}
	return tu_lists[i];
}

/* The list the helpers enumerate legal actions into. */
struct tac_list *
tu_list(void)
{
	return tu_get_list(0);
}

/* The list tac_apply() may use as scratch while tu_list() is in use. */
struct tac_list *
tu_scratch(void)
{
	return tu_get_list(1);
}

/* Fill a configuration. */
void
tu_cfg(struct tac_config *cfg, int nseats, int triples, int master)
{
	memset(cfg, 0, sizeof *cfg);
	cfg->nseats = nseats;
	cfg->triples = triples;
	cfg->master = master;
	cfg->names = TAC_NAMES_TAC;
}

/* Single quotes to double quotes, so JSON fits in C literals. */
const char *
tu_quote(const char *in)
{
	static char	*buf;
	static size_t	 size;
	size_t		 i, len = strlen(in);

	if (len + 1 > size) {
		free(buf);
		size = len + 1;
		if ((buf = malloc(size)) == NULL)
			abort();
	}
	for (i = 0; i <= len; i++)
		buf[i] = in[i] == '\'' ? '"' : in[i];
	return buf;
}

/* Load a position from a json_t; abort with the loader's message. */
static void
tu_load_json(const char *file, int line, struct tac_state *s, json_t *j)
{
	char	err[256] = "";

	memset(s, 0, sizeof *s);
	if (tac_position_load(s, j, err, sizeof err) < 0) {
		char	*dump = json_dumps(j, JSON_COMPACT);

		ck_abort_msg("%s:%d: position refused: %s\n%s", file, line,
		    err, dump != NULL ? dump : "?");
	}
}

/* Load a position from JSON text with single quotes allowed. */
void
tu_load_at(const char *file, int line, struct tac_state *s, const char *text)
{
	json_error_t	 e;
	json_t		*j;

	j = json_loads(tu_quote(text), 0, &e);
	if (j == NULL)
		ck_abort_msg("%s:%d: bad test JSON: %s", file, line, e.text);
	tu_load_json(file, line, s, j);
	json_decref(j);
}

/* Split "a b|c d" into an array (one element per '|' group) of arrays. */
static json_t *
tu_groups(const char *spec)
{
	json_t		*all = json_array(), *cur = json_array();
	const char	*p = spec;
	char		 tok[32];
	size_t		 n;

	for (;;) {
		while (*p == ' ')
			p++;
		if (*p == '|' || *p == '\0') {
			json_array_append_new(all, cur);
			if (*p == '\0')
				break;
			cur = json_array();
			p++;
			continue;
		}
		for (n = 0; p[n] != '\0' && p[n] != ' ' && p[n] != '|'; n++)
			;
		if (n >= sizeof tok)
			n = sizeof tok - 1;
		memcpy(tok, p, n);
		tok[n] = '\0';
		json_array_append_new(cur, json_string(tok));
		p += n;
	}
	return all;
}

/* Load a compact position (see testutil.h). */
void
tu_pos_at(const char *file, int line, struct tac_state *s,
    const char *marbles, const char *hands, const char *extra)
{
	json_t		*o, *m, *x;
	json_error_t	 e;
	char		*buf;
	int		 n, turn;

	m = tu_groups(marbles);
	n = (int)json_array_size(m);
	o = json_object();
	json_object_set_new(o, "format", json_string("tac-position/1"));
	json_object_set_new(o, "players", json_integer(n));
	json_object_set_new(o, "teams", json_string("pairs"));
	json_object_set_new(o, "master", json_true());
	json_object_set_new(o, "names", json_string("tac"));
	json_object_set_new(o, "round", json_integer(1));
	json_object_set_new(o, "played", json_integer(1));
	json_object_set_new(o, "turn", json_integer(0));
	json_object_set_new(o, "marbles", m);
	json_object_set_new(o, "hands", tu_groups(hands));
	if (extra != NULL && *extra != '\0') {
		if ((buf = malloc(strlen(extra) + 3)) == NULL)
			abort();
		snprintf(buf, strlen(extra) + 3, "{%s}", extra);
		x = json_loads(tu_quote(buf), 0, &e);
		free(buf);
		if (x == NULL)
			ck_abort_msg("%s:%d: bad extra JSON: %s", file, line,
			    e.text);
		json_object_update(o, x);
		json_decref(x);
	}
	if (json_object_get(o, "dealer") == NULL) {
		turn = (int)json_integer_value(json_object_get(o, "turn"));
		json_object_set_new(o, "dealer",
		    json_integer((turn + n - 1) % n));
	}
	tu_load_json(file, line, s, o);
	json_decref(o);
}

/* A copy of a string; allocation failure aborts. */
static char *
tu_strdup(const char *s)
{
	size_t	 len = strlen(s) + 1;
	char	*p;

	if ((p = malloc(len)) == NULL)
		abort();
	memcpy(p, s, len);
	return p;
}

/* Compare two strings for qsort(). */
static int
tu_strcmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Legal actions as sorted text lines in a static buffer; count in *np. */
static char **
tu_lines(const struct tac_state *s, int *np)
{
	static char	 text[TAC_MAXACTIONS][TU_TEXT];
	static char	*ptr[TAC_MAXACTIONS];
	struct tac_list	*l = tu_list();
	int		 i;

	tac_legal(s, l);
	for (i = 0; i < l->n && i < TAC_MAXACTIONS; i++) {
		tac_action_format(&l->a[i], text[i], sizeof text[i]);
		ptr[i] = text[i];
	}
	qsort(ptr, i, sizeof ptr[0], tu_strcmp);
	*np = i;
	return ptr;
}

/* All legal actions, sorted, one per line. */
const char *
tu_legal(const struct tac_state *s)
{
	static char	 out[TU_BIG];
	char		**lines;
	size_t		 len = 0;
	int		 i, n;

	lines = tu_lines(s, &n);
	out[0] = '\0';
	for (i = 0; i < n; i++) {
		len += snprintf(out + len, sizeof out - len, "%s%s",
		    i > 0 ? "\n" : "", lines[i]);
		if (len >= sizeof out)
			break;
	}
	return out;
}

/* Number of legal actions. */
int
tu_nlegal(const struct tac_state *s)
{
	struct tac_list	*l = tu_list();

	tac_legal(s, l);
	return l->n;
}

/* Number of legal actions whose text starts with prefix. */
int
tu_count(const struct tac_state *s, const char *prefix)
{
	char	**lines;
	int	  i, n, c = 0;

	lines = tu_lines(s, &n);
	for (i = 0; i < n; i++)
		if (strncmp(lines[i], prefix, strlen(prefix)) == 0)
			c++;
	return c;
}

/* Apply on a copy; returns the tac_apply() result. */
static int
tu_try(const struct tac_state *s, const struct tac_action *a,
    struct tac_state *out, char *err, size_t len)
{
	memcpy(out, s, sizeof *out);
	return tac_apply(out, a, tu_scratch(), err, len);
}

/* Same prefixes, card and kind of action. */
static int
tu_same_kind(const struct tac_action *a, const struct tac_action *b)
{
	return a->op == b->op && a->tac == b->tac && a->devil == b->devil &&
	    a->card == b->card;
}

/* A snapshot of the legal actions that survives later tac_legal() calls. */
static int
tu_snapshot(const struct tac_state *s, struct tac_action **ap)
{
	struct tac_list	*l = tu_list();

	tac_legal(s, l);
	*ap = malloc(sizeof **ap * (l->n > 0 ? l->n : 1));
	if (*ap == NULL)
		abort();
	memcpy(*ap, l->a, sizeof **ap * l->n);
	return l->n;
}

/*
 * Index of the listed action a matches: same text, else (when byresult)
 * the same kind and the same resulting state.  -1 if none; used[] marks
 * actions already matched and is updated.
 */
static int
tu_match(const struct tac_state *s, const struct tac_action *list, int n,
    char *used, const struct tac_action *a, int byresult)
{
	static struct tac_state	 r1, r2;
	char			 t1[TU_TEXT], t2[TU_TEXT], err[256];
	int			 i;

	tac_action_format(a, t1, sizeof t1);
	for (i = 0; i < n; i++) {
		tac_action_format(&list[i], t2, sizeof t2);
		if (!used[i] && strcmp(t1, t2) == 0) {
			used[i] = 1;
			return i;
		}
	}
	if (!byresult || tu_try(s, a, &r1, err, sizeof err) < 0)
		return -1;
	for (i = 0; i < n; i++) {
		if (used[i] || !tu_same_kind(a, &list[i]))
			continue;
		if (tu_try(s, &list[i], &r2, err, sizeof err) < 0)
			continue;
		if (memcmp(&r1, &r2, sizeof r1) == 0) {
			used[i] = 1;
			return i;
		}
	}
	return -1;
}

/* Is the action listed (same text, or another spelling of it)? */
int
tu_has(const struct tac_state *s, const char *text)
{
	struct tac_action	 a, *list;
	char			 err[256], *used;
	int			 n, found;

	if (tac_action_parse(text, &a, err, sizeof err) < 0)
		return 0;
	n = tu_snapshot(s, &list);
	used = calloc(n + 1, 1);
	found = tu_match(s, list, n, used, &a, 1) >= 0;
	free(used);
	free(list);
	return found;
}

/* A 7 or a Trickster: spellings may differ from the engine's. */
static int
tu_free_spelling(const struct tac_action *a)
{
	return a->card == TAC_C7 || a->card == TAC_TR;
}

/* Assert the exact legal list (see testutil.h). */
void
tu_legal_is_at(const char *file, int line, const struct tac_state *s,
    const char *expected)
{
	struct tac_action	 a, *list;
	char			*copy, *p, *q, *used, err[256];
	char			 bad[4096] = "";
	size_t			 blen = 0;
	int			 n, i, nexp = 0;

	n = tu_snapshot(s, &list);
	used = calloc(n + 1, 1);
	copy = tu_strdup(expected);
	for (p = copy; p != NULL && *p != '\0'; p = q) {
		if ((q = strchr(p, '\n')) != NULL)
			*q++ = '\0';
		if (*p == '\0')
			continue;
		nexp++;
		if (tac_action_parse(p, &a, err, sizeof err) < 0)
			ck_abort_msg("%s:%d: expected action \"%s\" does not "
			    "parse: %s", file, line, p, err);
		if (tu_match(s, list, n, used, &a, tu_free_spelling(&a)) < 0)
			blen += snprintf(bad + blen, sizeof bad - blen,
			    "  missing: %s\n", p);
		if (blen >= sizeof bad)
			blen = sizeof bad - 1;
	}
	for (i = 0; i < n; i++) {
		char	t[TU_TEXT];

		if (used[i])
			continue;
		tac_action_format(&list[i], t, sizeof t);
		blen += snprintf(bad + blen, sizeof bad - blen,
		    "  unexpected: %s\n", t);
		if (blen >= sizeof bad)
			blen = sizeof bad - 1;
	}
	free(copy);
	free(used);
	free(list);
	if (blen > 0)
		ck_abort_msg("%s:%d: legal actions differ (%d expected):\n%s"
		    "listed:\n%s", file, line, nexp, bad, tu_legal(s));
}

/* Apply a listed action; it must succeed. */
void
tu_apply_at(const char *file, int line, struct tac_state *s,
    const char *text)
{
	struct tac_action	a;
	char			err[256] = "";

	if (tac_action_parse(text, &a, err, sizeof err) < 0)
		ck_abort_msg("%s:%d: \"%s\" does not parse: %s", file, line,
		    text, err);
	if (!tu_has(s, text))
		ck_abort_msg("%s:%d: \"%s\" is not a legal action; listed:\n%s",
		    file, line, text, tu_legal(s));
	if (tac_apply(s, &a, tu_scratch(), err, sizeof err) < 0)
		ck_abort_msg("%s:%d: \"%s\" is listed but refused: %s", file,
		    line, text, err);
}

/* Apply "a; b; c" in order. */
void
tu_seq_at(const char *file, int line, struct tac_state *s, const char *seq)
{
	char	*copy, *p, *q;

	copy = tu_strdup(seq);
	for (p = copy; p != NULL; p = q) {
		if ((q = strchr(p, ';')) != NULL)
			*q++ = '\0';
		while (*p == ' ')
			p++;
		if (*p != '\0')
			tu_apply_at(file, line, s, p);
	}
	free(copy);
}

/* Case-insensitive substring search. */
static int
tu_contains(const char *hay, const char *needle)
{
	size_t	i, n = strlen(needle);

	if (n == 0)
		return 1;
	for (; *hay != '\0'; hay++) {
		for (i = 0; i < n && hay[i] != '\0'; i++)
			if (tolower((unsigned char)hay[i]) !=
			    tolower((unsigned char)needle[i]))
				break;
		if (i == n)
			return 1;
	}
	return 0;
}

/* The action must be refused without touching the state. */
void
tu_illegal_at(const char *file, int line, const struct tac_state *s,
    const char *text, const char *reason)
{
	static struct tac_state	 copy;
	struct tac_action	 a;
	const char		*diff;
	char			 err[256] = "";

	if (tac_action_parse(text, &a, err, sizeof err) < 0)
		ck_abort_msg("%s:%d: \"%s\" does not parse: %s", file, line,
		    text, err);
	if (tu_has(s, text))
		ck_abort_msg("%s:%d: \"%s\" is listed as legal", file, line,
		    text);
	memcpy(&copy, s, sizeof copy);
	if (tac_apply(&copy, &a, tu_scratch(), err, sizeof err) >= 0)
		ck_abort_msg("%s:%d: \"%s\" was accepted", file, line, text);
	if ((diff = tu_state_diff(s, &copy)) != NULL)
		ck_abort_msg("%s:%d: refused \"%s\" changed the state (%s)",
		    file, line, text, diff);
	if (err[0] == '\0')
		ck_abort_msg("%s:%d: \"%s\" refused without a reason", file,
		    line, text);
	if (reason != NULL && !tu_contains(err, reason))
		ck_abort_msg("%s:%d: \"%s\" refused with \"%s\", expected "
		    "\"%s\"", file, line, text, err, reason);
}

/* Append one token to a space-separated buffer. */
static void
tu_word(char *buf, size_t size, const char *w)
{
	size_t	len = strlen(buf);

	snprintf(buf + len, size - len, "%s%s", len > 0 ? " " : "", w);
}

/* A seat's marbles in position-JSON form: bases, circle, homes. */
const char *
tu_marbles_str(const struct tac_state *s, int seat)
{
	static char	buf[128];
	char		w[16];
	int		i, f, start = tac_start(s, seat);

	buf[0] = '\0';
	for (i = 0; i < s->b.base[seat]; i++)
		tu_word(buf, sizeof buf, "B");
	for (f = 0; f < s->nfields && f < TAC_MAXFIELDS; f++) {
		if (s->b.field[f] != seat)
			continue;
		snprintf(w, sizeof w, "%d%s", f, f == start &&
		    (s->b.fresh & (1 << seat)) ? "*" : "");
		tu_word(buf, sizeof buf, w);
	}
	for (i = 1; i <= 4; i++) {
		if (s->b.home[seat] & (1 << (i - 1))) {
			snprintf(w, sizeof w, "H%d", i);
			tu_word(buf, sizeof buf, w);
		}
	}
	return buf;
}

/* Assert a seat's marbles. */
void
tu_marbles_at(const char *file, int line, const struct tac_state *s,
    int seat, const char *expected)
{
	const char	*got = tu_marbles_str(s, seat);

	if (strcmp(got, expected) != 0)
		ck_abort_msg("%s:%d: seat %d marbles \"%s\", expected \"%s\"",
		    file, line, seat, got, expected);
}

/* A seat's hand, in card order. */
const char *
tu_hand_str(const struct tac_state *s, int seat)
{
	static char	buf[256];
	int		c, i;

	buf[0] = '\0';
	for (c = 0; c < TAC_NCARDS; c++)
		for (i = 0; i < s->hand[seat][c]; i++)
			tu_word(buf, sizeof buf, tac_card_name(c));
	return buf;
}

/* Assert a seat's hand; nhand must agree with the counts. */
void
tu_hand_at(const char *file, int line, const struct tac_state *s, int seat,
    const char *expected)
{
	const char	*got = tu_hand_str(s, seat);
	int		 c, total = 0;

	if (strcmp(got, expected) != 0)
		ck_abort_msg("%s:%d: seat %d hand \"%s\", expected \"%s\"",
		    file, line, seat, got, expected);
	for (c = 0; c < TAC_NCARDS; c++)
		total += s->hand[seat][c];
	if (total != s->nhand[seat])
		ck_abort_msg("%s:%d: seat %d nhand %d, cards %d", file, line,
		    seat, s->nhand[seat], total);
}

#define TU_FIELD(name) do {						\
	if (memcmp(&a->name, &b->name, sizeof a->name) != 0)		\
		return #name;						\
} while (0)

/* NULL when the states are byte-identical, else the first differing field. */
const char *
tu_state_diff(const struct tac_state *a, const struct tac_state *b)
{
	if (memcmp(a, b, sizeof *a) == 0)
		return NULL;
	TU_FIELD(cfg);
	TU_FIELD(nfields);
	TU_FIELD(phase);
	TU_FIELD(turn);
	TU_FIELD(victim);
	TU_FIELD(dealer);
	TU_FIELD(winner);
	TU_FIELD(announce);
	TU_FIELD(external);
	TU_FIELD(round);
	TU_FIELD(played);
	TU_FIELD(gift);
	TU_FIELD(hand);
	TU_FIELD(nhand);
	TU_FIELD(ndeck);
	TU_FIELD(deck);
	TU_FIELD(discards);
	TU_FIELD(b);
	TU_FIELD(undo.before);
	TU_FIELD(undo.card);
	TU_FIELD(undo.final);
	TU_FIELD(undo);
	TU_FIELD(rng);
	return "padding";
}

/* Assert two states are byte-identical. */
void
tu_state_eq_at(const char *file, int line, const struct tac_state *a,
    const struct tac_state *b, const char *what)
{
	const char	*diff = tu_state_diff(a, b);

	if (diff != NULL)
		ck_abort_msg("%s:%d: %s: states differ in %s", file, line,
		    what, diff);
}

/* Every card of the game, wherever it is. */
void
tu_card_totals(const struct tac_state *s, unsigned tot[TAC_NCARDS])
{
	int	i, c;

	memset(tot, 0, sizeof tot[0] * TAC_NCARDS);
	for (i = 0; i < s->cfg.nseats && i < TAC_MAXSEATS; i++) {
		for (c = 0; c < TAC_NCARDS; c++)
			tot[c] += s->hand[i][c];
		if (s->gift[i] < TAC_NCARDS)
			tot[s->gift[i]]++;
	}
	for (i = 0; i < s->ndeck && i < TAC_MAXDECK; i++)
		if (s->deck[i] < TAC_NCARDS)
			tot[s->deck[i]]++;
	for (c = 0; c < TAC_NCARDS; c++)
		tot[c] += s->discards[c];
}

/* A JSON array of the cards counted, in card order. */
const char *
tu_cards_json(const uint8_t n[TAC_NCARDS])
{
	static char	buf[2048];
	size_t		len;
	int		c, i;

	snprintf(buf, sizeof buf, "[");
	for (c = 0; c < TAC_NCARDS; c++) {
		for (i = 0; i < n[c]; i++) {
			len = strlen(buf);
			snprintf(buf + len, sizeof buf - len, "%s'%s'",
			    len > 1 ? "," : "", tac_card_name(c));
		}
	}
	len = strlen(buf);
	snprintf(buf + len, sizeof buf - len, "]");
	return buf;
}

/* Is every marble of the seat home? */
static int
tu_finished(const struct tac_board *b, int seat)
{
	return b->home[seat] == 0xf;
}

/*
 * M15, K2: the seats whose marbles the seat moves (itself, else
 * teammates, in Team-TAC else every seat not home).
 */
int
tu_controlled(const struct tac_state *s, int seat, int out[TAC_MAXSEATS])
{
	int	i, t, n = 0;

	if (!tu_finished(&s->b, seat)) {
		out[0] = seat;
		return 1;
	}
	for (i = 1; i < s->cfg.nseats; i++) {
		t = (seat + i) % s->cfg.nseats;
		if (tac_team(s, t) == tac_team(s, seat) &&
		    !tu_finished(&s->b, t))
			out[n++] = t;
	}
	if (n > 0 || !s->cfg.coop)
		return n;
	for (i = 1; i < s->cfg.nseats; i++) {
		t = (seat + i) % s->cfg.nseats;
		if (!tu_finished(&s->b, t))
			out[n++] = t;
	}
	return n;
}

/* Compare boards for qsort(). */
static int
tu_board_cmp(const void *a, const void *b)
{
	return memcmp(a, b, sizeof(struct tac_board));
}

/* Sort boards and drop duplicates; returns the new count. */
int
tu_boards_unique(struct tac_board *b, int n)
{
	int	i, k = 0;

	qsort(b, n, sizeof b[0], tu_board_cmp);
	for (i = 0; i < n; i++)
		if (k == 0 || memcmp(&b[k - 1], &b[i], sizeof b[i]) != 0)
			b[k++] = b[i];
	return k;
}

/* A board as every seat's marbles, "B B 0* H2 | ...". */
const char *
tu_board_str(const struct tac_state *s, const struct tac_board *b)
{
	static char		buf[512];
	static struct tac_state	t;
	size_t			len = 0;
	int			i;

	memcpy(&t, s, sizeof t);
	t.b = *b;
	buf[0] = '\0';
	for (i = 0; i < s->cfg.nseats && len < sizeof buf; i++)
		len += snprintf(buf + len, sizeof buf - len, "%s%s",
		    i ? " | " : "", tu_marbles_str(&t, i));
	return buf;
}

/* Fail unless the engine's list agrees with the reference generators. */
void
tu_ref_agrees_at(const char *file, int line, const struct tac_state *s)
{
	const char	*diff;

	tac_legal(s, tu_list());
	if ((diff = tu_ref_diff(s, tu_list())) != NULL)
		ck_abort_msg("%s:%d: %s", file, line, diff);
}

/* Parse JSON text that the test itself wrote; it must parse. */
json_t *
tu_json(const char *text)
{
	json_error_t	 err;
	json_t		*j = json_loads(text, JSON_DECODE_ANY, &err);

	ck_assert_msg(j != NULL, "bad test JSON: %s: %s", err.text, text);
	return (j);
}

/* Dump JSON compactly, keys in the order written; the caller frees. */
char *
tu_json_text(const json_t *j)
{
	char	*s = json_dumps(j, JSON_COMPACT | JSON_PRESERVE_ORDER);

	ck_assert_ptr_nonnull(s);
	return (s);
}
