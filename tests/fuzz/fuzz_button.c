/*
 * fuzz_button.c: button data (svc_button_parse) and the action menu
 * (menu_build, menu_action) under a fuzzer.
 *
 * The input, as text, is read as button data: what parses is written
 * back by svc_button_data() and reads back the same.  Its first byte then
 * picks one of a few fixed positions and the rest is a menu path: a path
 * is a node or a leaf or nothing, never both; a node's entries lead where
 * they say; a leaf is a legal action.  The same bytes also steer a walk
 * from the root (each byte picks an entry), so deep nodes are reached.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "menu.h"
#include "service.h"

#define NPOS	8

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static struct tac_state	 pos[NPOS];
static struct tac_list	*l;
static struct menu	*m, *c;

/* Stop the fuzzer with what went wrong. */
static void
fail(const char *what, const char *path)
{
	fprintf(stderr, "%s (path \"%s\")\n", what, path);
	abort();
}

/*
 * Make the fixed positions: games of 4 and 6 seats played a while by a
 * fixed rule, so they hold exchanges, moves of every kind and 7s.
 */
static void
setup(void)
{
	static const struct {
		struct tac_config	cfg;
		uint64_t		seed;
		int			steps;
	} p[NPOS] = {
		{ { 4, 0, 1, 0, 0 }, 1, 0 },
		{ { 4, 0, 1, 0, 0 }, 2, 9 },
		{ { 4, 0, 1, 0, 0 }, 3, 40 },
		{ { 4, 0, 1, 0, 0 }, 4, 120 },
		{ { 4, 0, 0, 1, 0 }, 5, 60 },
		{ { 6, 0, 1, 0, 0 }, 6, 30 },
		{ { 6, 1, 1, 1, 0 }, 7, 90 },
		{ { 6, 1, 1, 0, 0 }, 8, 200 },
	};
	int	i, k, n;

	if ((l = malloc(sizeof *l)) == NULL ||
	    (m = malloc(sizeof *m)) == NULL || (c = malloc(sizeof *c)) == NULL)
		abort();
	for (i = 0; i < NPOS; i++) {
		tac_init(&pos[i], &p[i].cfg, p[i].seed);
		for (k = 0; k < p[i].steps && pos[i].phase != TAC_PH_OVER;
		    k++) {
			if ((n = tac_legal(&pos[i], l)) <= 0)
				break;
			tac_play(&pos[i], &l->a[(k * 31 + 7) % n]);
		}
	}
}

/* Button data that parses writes back and reads back the same. */
static void
check_button(const char *data)
{
	char	text[SVC_BUTTON_MAX + 1], again[SVC_BUTTON_MAX + 1];
	char	buf[SVC_BUTTON_MAX + 1];
	int64_t	game, turn, g2, t2;

	if (svc_button_parse(data, &game, &turn, text, sizeof text) != 0)
		return;
	if (game < 0 || turn < -1)
		fail("negative number", data);
	if (svc_button_data(buf, sizeof buf, game, turn, text) < 0)
		fail("parsed data does not write back", data);
	if (svc_button_parse(buf, &g2, &t2, again, sizeof again) != 0 ||
	    g2 != game || t2 != turn ||
	    strcmp(again, text[0] == '/' ? text + 1 : text) != 0)
		fail("written data reads back otherwise", data);
}

/* Check the node or leaf at path, and one level of what it leads to. */
static void
check_path(const struct tac_state *st, const char *path)
{
	struct tac_state	 t;
	struct tac_action	 a;
	char			 why[128];
	size_t			 plen;
	int			 node, leaf, i;

	node = menu_build(st, st->turn, path, m, l) == 0;
	leaf = menu_action(st, st->turn, path, &a, l) == 0;
	if (node && leaf)
		fail("both a node and a leaf", path);
	if (leaf) {
		t = *st;
		if (tac_apply(&t, &a, l, why, sizeof why) < 0)
			fail("a leaf that is not legal", path);
		return;
	}
	if (!node)
		return;
	/* A page "PATH+K" is the node at PATH. */
	plen = strcspn(path, "+");
	if (m->n < 1 || m->n + (m->more[0] != '\0') + !m->top > MENU_KEYS)
		fail("a node without entries, or with too many", path);
	if ((m->more[0] != '\0' && menu_build(st, st->turn, m->more, c, l) !=
	    0) || (!m->top && menu_build(st, st->turn, m->back, c, l) != 0))
		fail("more or back leads nowhere", path);
	for (i = 0; i < m->n; i++) {
		if (strlen(m->e[i].path) != plen + 1 ||
		    strncmp(m->e[i].path, path, plen) != 0)
			fail("an entry's path is not one step on", path);
		if (m->e[i].leaf ? menu_action(st, st->turn, m->e[i].path, &a,
		    l) != 0 : menu_build(st, st->turn, m->e[i].path, c, l) != 0)
			fail("an entry leads nowhere", m->e[i].path);
	}
}

/* Check one input; abort() tells the fuzzer it found a bug. */
int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct tac_state	*st;
	char			 text[128], path[MENU_PATHMAX + 3];
	size_t			 i, n, k;

	if (l == NULL)
		setup();
	if (size > 100)
		return (0);
	n = size < sizeof text - 1 ? size : sizeof text - 1;
	memcpy(text, data, n);
	text[n] = '\0';
	check_button(text);
	if (size == 0)
		return (0);

	st = &pos[data[0] % NPOS];
	if (st->phase == TAC_PH_OVER)
		return (0);
	check_path(st, text + 1);

	/* A walk steered by the bytes. */
	path[0] = '\0';
	for (i = 1; i < size && i <= MENU_PATHMAX; i++) {
		if (menu_build(st, st->turn, path, m, l) != 0)
			fail("the walk lost its way", path);
		/* A byte past the entries turns the page, if there is one. */
		k = data[i] % (size_t)(m->n + (m->more[0] != '\0'));
		if (k == (size_t)m->n) {
			snprintf(path, sizeof path, "%s", m->more);
			continue;
		}
		snprintf(path, sizeof path, "%s", m->e[k].path);
		if (m->e[k].leaf)
			break;
	}
	check_path(st, path);
	return (0);
}
