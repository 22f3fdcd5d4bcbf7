/*
 * menupath.c: where each action of a game record sits in the players'
 * button menus (src/menu.h), for the end-to-end scripts that play the
 * record by pressing tacd's buttons (tests/tg/drive.js).
 *
 * usage: menupath RECORD.json > PLAN
 *
 * One JSON line per action: {"i": N, "seat": S, "action": "7 1>4 32>2H4",
 * "path": "2a3", "wrong": "21", "root": ["give 9", ...]}, where path is
 * the leaf's path (the buttons to press are its prefixes that name
 * entries), wrong a node off the way for a test of the back button ("" if
 * none) and root the labels of the menu's first level.  The leaf is
 * found by walking the tree the way a person reads it: an entry is
 * entered only when the text chosen so far is still the start of the
 * action's notation; at a leaf the
 * action must be the record's (tac_action_equal).  Exits 1 if an action
 * has no leaf: the menu would not let a person play it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "menu.h"
#include "tac.h"
#include "tacjson.h"

static struct tac_list	*scratch;

/* Does the chosen text (prefix, then label) still start the wanted one? */
static int
menupath_fits(const char *prefix, const char *label, const char *want)
{
	char	 text[256];
	size_t	 n;

	n = strlen(label);
	if (n >= 3 && strcmp(label + n - 3, "...") == 0)
		return (1);	/* cut short: look inside */
	snprintf(text, sizeof text, "%s%s%s", prefix, prefix[0] != '\0' &&
	    prefix[strlen(prefix) - 1] != '>' ? " " : "", label);
	n = strlen(text);
	return (strncmp(text, want, n) == 0 && (want[n] == '\0' ||
	    want[n] == ' ' || text[n - 1] == '>'));
}

/* Find the leaf under path that plays a; its path into out: 0, or -1. */
static int
menupath_find(const struct tac_state *st, int seat, const char *path,
    const struct tac_action *a, const char *want, char *out, size_t len)
{
	struct menu		*m;
	struct tac_action	 b;
	int			 i, rc = -1;

	if ((m = malloc(sizeof *m)) == NULL)
		return (-1);
	if (menu_build(st, seat, path, m, scratch) != 0) {
		/* Not a node: a leaf (a root with one action) or nothing. */
		if (menu_action(st, seat, path, &b, scratch) == 0 &&
		    tac_action_equal(&b, a)) {
			snprintf(out, len, "%s", path);
			rc = 0;
		}
		free(m);
		return (rc);
	}
	for (i = 0; i < m->n && rc != 0; i++) {
		if (m->e[i].leaf) {
			if (menu_action(st, seat, m->e[i].path, &b, scratch) ==
			    0 && tac_action_equal(&b, a)) {
				snprintf(out, len, "%s", m->e[i].path);
				rc = 0;
			}
		} else if (menupath_fits(m->prefix, m->e[i].label, want))
			rc = menupath_find(st, seat, m->e[i].path, a, want, out,
			    len);
	}
	free(m);
	return (rc);
}

/*
 * A wrong turn on the way to the leaf at path, for a test of "back": the
 * first entry of a node below the root (along the path) that is not on
 * the way and is no leaf (pressing it plays nothing).  "" if none.
 */
static void
menupath_wrong(const struct tac_state *st, int seat, const char *path,
    char *out, size_t len)
{
	struct menu	*m;
	char		 node[MENU_PATHMAX + 1];
	size_t		 n;
	int		 i;

	out[0] = '\0';
	if ((m = malloc(sizeof *m)) == NULL)
		exit(2);
	for (n = 1; n < strlen(path) && out[0] == '\0'; n++) {
		snprintf(node, sizeof node, "%.*s", (int)n, path);
		if (menu_build(st, seat, node, m, scratch) != 0)
			break;
		for (i = 0; i < m->n; i++) {
			if (!m->e[i].leaf && strncmp(m->e[i].path, path,
			    strlen(m->e[i].path)) != 0) {
				snprintf(out, len, "%s", m->e[i].path);
				break;
			}
		}
	}
	free(m);
}

/* Print the first level's labels as a JSON array. */
static void
menupath_root(const struct tac_state *st, int seat)
{
	struct menu	*m;
	json_t		*arr;
	char		*s;
	int		 i;

	if ((m = malloc(sizeof *m)) == NULL || (arr = json_array()) == NULL)
		exit(2);
	if (menu_build(st, seat, "", m, scratch) == 0) {
		for (i = 0; i < m->n; i++)
			json_array_append_new(arr, json_string(m->e[i].label));
	}
	if ((s = json_dumps(arr, JSON_COMPACT)) == NULL)
		exit(2);
	printf("%s", s);
	free(s);
	json_decref(arr);
	free(m);
}

/* Replay the record, printing each action's place in the menu. */
int
main(int argc, char **argv)
{
	struct tac_record	 rec;
	struct tac_state	 st;
	struct tac_action	 a;
	json_error_t		 jerr;
	json_t			*root, *s;
	char			 why[256], path[MENU_PATHMAX + 1], *text;
	char			 wrong[MENU_PATHMAX + 1];
	size_t			 i;
	int			 seat;

	if (argc != 2) {
		fprintf(stderr, "usage: menupath RECORD.json\n");
		return (2);
	}
	if ((root = json_load_file(argv[1], 0, &jerr)) == NULL ||
	    tac_record_load(&rec, root, why, sizeof why) != 0 || !rec.seeded) {
		fprintf(stderr, "menupath: %s: %s\n", argv[1], root == NULL ?
		    jerr.text : rec.seeded ? why : "not a seeded record");
		return (2);
	}
	json_decref(root);
	if ((scratch = malloc(sizeof *scratch)) == NULL)
		return (2);
	tac_init(&st, &rec.cfg, rec.seed);
	for (i = 0; i < rec.nactions; i++) {
		seat = st.turn;
		if (tac_action_parse(rec.actions[i], &a, why, sizeof why) !=
		    0) {
			fprintf(stderr, "menupath: action %zu: %s\n", i, why);
			return (1);
		}
		if (menupath_find(&st, seat, "", &a, rec.actions[i], path,
		    sizeof path) != 0) {
			fprintf(stderr, "menupath: action %zu \"%s\" has "
			    "no leaf in seat %d's menu\n", i, rec.actions[i],
			    seat);
			return (1);
		}
		s = json_string(rec.actions[i]);
		text = json_dumps(s, JSON_ENCODE_ANY);
		menupath_wrong(&st, seat, path, wrong, sizeof wrong);
		printf("{\"i\": %zu, \"seat\": %d, \"action\": %s, "
		    "\"path\": \"%s\", \"wrong\": \"%s\", \"root\": ", i,
		    seat, text, path, wrong);
		free(text);
		json_decref(s);
		menupath_root(&st, seat);
		printf("}\n");
		if (tac_apply(&st, &a, scratch, why, sizeof why) < 0) {
			fprintf(stderr, "menupath: action %zu \"%s\": %s\n", i,
			    rec.actions[i], why);
			return (1);
		}
	}
	tac_record_free(&rec);
	free(scratch);
	return (0);
}
