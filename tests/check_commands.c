/*
 * check_commands.c: the commands' table (struct svc_command) and what
 * reads it: the dispatcher, /help, the platforms' menus and tacd(8).  A
 * command is one entry; these tests keep the others in step with it.
 */
#include <check.h>
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check_daemon.h"
#include "compose.h"
#include "i18n.h"
#include "lang.h"

/* The commands tacd(8) names that are not the service's. */
static const char *const cc_not_ours[] = {
	"quit",		/* the console's own (bot/console) */
	NULL
};

/* Where the sources are: make check says, by hand guess. */
static const char *
cc_top(void)
{
	const char	*top;

	if ((top = getenv("abs_top_srcdir")) == NULL &&
	    (top = getenv("top_srcdir")) == NULL)
		top = access("src/engine/tac.h", R_OK) == 0 ? "." : "..";
	return (top);
}

/* Read a whole file (NUL-terminated, caller frees). */
static char *
cc_slurp(const char *path)
{
	FILE	*f;
	char	*text;
	long	 len;

	f = fopen(path, "rb");
	ck_assert_msg(f != NULL, "%s: %s", path, strerror(errno));
	ck_assert_int_eq(fseek(f, 0, SEEK_END), 0);
	ck_assert_int_ge(len = ftell(f), 0);
	rewind(f);
	ck_assert_ptr_nonnull(text = malloc((size_t)len + 1));
	ck_assert_int_eq(fread(text, 1, (size_t)len, f), (size_t)len);
	text[len] = '\0';
	fclose(f);
	return (text);
}

/* Is name one of the list's? */
static int
cc_in(const char *const *list, const char *name, size_t n)
{
	for (; *list != NULL; list++)
		if (strlen(*list) == n && strncmp(*list, name, n) == 0)
			return (1);
	return (0);
}

/* Every entry is whole, and names one command. */
START_TEST(test_commands_entries)
{
	const struct svc_command	*c, *d;
	size_t				 i, j, n = 0;

	for (i = 0; (c = svc_command(i)) != NULL; i++, n++) {
		ck_assert_ptr_nonnull(c->name);
		ck_assert_msg(strlen(c->name) < 16 && strspn(c->name,
		    "abcdefghijklmnopqrstuvwxyz") == strlen(c->name),
		    "/%s: a name of a-z", c->name);
		ck_assert_msg(c->fn != NULL, "/%s: no function", c->name);
		ck_assert_msg(c->where != 0, "/%s: runs nowhere", c->name);
		/* Only a private-only command is refused by where it runs. */
		ck_assert_msg(c->where == SVC_IN_ANY ||
		    c->where == SVC_IN_PRIVATE, "/%s: where", c->name);
		ck_assert_msg((c->menu & ~c->where) == 0,
		    "/%s: offered where it does not run", c->name);
		ck_assert_msg(c->menu == 0 || c->about != NULL,
		    "/%s: in a menu without a line", c->name);
		ck_assert_msg(c->args == NULL || c->about != NULL,
		    "/%s: arguments of an unlisted command", c->name);
		ck_assert(c->who == SVC_BY_ANYONE || c->who == SVC_BY_PLAYER ||
		    c->who == SVC_BY_ADMIN);
		ck_assert(c->want == SVC_WANT_SEE || c->want == SVC_WANT_SEAT);
		ck_assert_ptr_eq(svc_command_find(c->name, strlen(c->name)),
		    c);
		if (c->alias != NULL)
			ck_assert_ptr_eq(svc_command_find(c->alias,
			    strlen(c->alias)), c);
		for (j = 0; j < i; j++) {
			d = svc_command(j);
			ck_assert_msg(strcmp(c->name, d->name) != 0,
			    "/%s twice", c->name);
		}
	}
	ck_assert_uint_ge(n, 20);
	ck_assert_ptr_null(svc_command_find("nosuch", 6));
	ck_assert_ptr_nonnull(svc_command_find("RuLeS", 5));
}
END_TEST

/*
 * tacd(8) names every command people see (an entry with a line) and no
 * command that is not in the table.
 */
START_TEST(test_commands_manual)
{
	const struct svc_command	*c;
	char				 path[4096], want[32], *man, *p;
	size_t				 i, n;

	snprintf(path, sizeof path, "%s/src/tacd.8", cc_top());
	man = cc_slurp(path);
	for (i = 0; (c = svc_command(i)) != NULL; i++) {
		if (c->about == NULL)
			continue;
		snprintf(want, sizeof want, "Ic /%s", c->name);
		for (p = man; (p = strstr(p, want)) != NULL; p++)
			if (!isalnum((unsigned char)p[strlen(want)]))
				break;
		ck_assert_msg(p != NULL, "tacd.8 does not name /%s", c->name);
	}
	for (p = man; (p = strstr(p, "Ic /")) != NULL; p += n) {
		p += 4;
		n = strspn(p, "abcdefghijklmnopqrstuvwxyz_");
		ck_assert_msg(svc_command_find(p, n) != NULL ||
		    cc_in(cc_not_ours, p, n), "tacd.8 names /%.*s, which is "
		    "no command", (int)n, p);
	}
	free(man);
}
END_TEST

static struct td	cc_td;

/* A fresh service for the tests that compose. */
static void
cc_setup(void)
{
	td_init(&cc_td, STORE_NOSYNC);
	td_open(&cc_td);
}

/* And away with it. */
static void
cc_teardown(void)
{
	td_done(&cc_td);
}

/* /help's text in lang, as a bridge composes it (the caller frees). */
static char *
cc_help(const char *lang)
{
	struct compose_opts	 o;
	struct compose_msg	 m;
	struct svc_batch	*b;
	char			*text;

	memset(&o, 0, sizeof o);
	ck_assert_ptr_nonnull(b = calloc(1, sizeof *b));
	svc_out_make(&b->row[0], SVC_OUT_HELP, 0, json_pack("{s:s}", "lang",
	    lang));
	b->n = 1;
	snprintf(b->row[0].chat, sizeof b->row[0].chat, "g1");
	ck_assert_int_ne(compose_batch(cc_td.svc, b, &o, &m), COMPOSE_NONE);
	ck_assert_ptr_nonnull(text = strdup(m.text.s));
	compose_msg_free(&m);
	svc_batch_free(cc_td.svc, b);
	free(b);
	return (text);
}

/*
 * /help lists each command that has a line, once, with its arguments and
 * what it does in the reader's language; the buttons' own are not there.
 */
START_TEST(test_commands_help)
{
	const struct svc_command	*c;
	char				*text, want[256];
	const char			*lang, *p;
	size_t				 i, k;

	for (k = 0; k < lang_count(); k++) {
		lang = lang_code(k);
		text = cc_help(lang);
		for (i = 0; (c = svc_command(i)) != NULL; i++) {
			snprintf(want, sizeof want, "\n/%s%s%s ", c->name,
			    c->args != NULL ? " " : "", c->args != NULL ?
			    tr(lang, c->args) : "");
			p = strstr(text, want);
			ck_assert_msg((p != NULL) == (c->about != NULL),
			    "%s: /help and /%s: %s", lang, c->name, text);
			if (p == NULL)
				continue;
			ck_assert_ptr_null(strstr(p + 1, want));
			ck_assert_msg(strstr(p, tr(lang, c->about)) != NULL,
			    "%s: /%s without its line", lang, c->name);
			/* Worded in the reader's language, not left English. */
			ck_assert_msg(strcmp(lang, "en") == 0 ||
			    strcmp(tr(lang, c->about), c->about) != 0,
			    "%s: /%s's line is not translated", lang, c->name);
		}
		free(text);
	}
}
END_TEST

/*
 * The menus offer, in private chats and in groups, the commands whose
 * entries say so, each with its line in the menu's language.
 */
START_TEST(test_commands_menu)
{
	const struct svc_command	*c;
	const char			*name, *desc;
	size_t				 i, n;
	int				 where, in, found;

	for (where = COMPOSE_IN_PRIVATE; where <= COMPOSE_IN_GROUP;
	    where <<= 1) {
		in = where == COMPOSE_IN_PRIVATE ? SVC_IN_PRIVATE :
		    SVC_IN_GROUP;
		for (i = 0; (c = svc_command(i)) != NULL; i++) {
			found = 0;
			for (n = 0; compose_command(where, n, "ru", &name,
			    &desc); n++) {
				if (strcmp(name, c->name) != 0)
					continue;
				found++;
				ck_assert_str_eq(desc, tr("ru", in ==
				    SVC_IN_PRIVATE && c->about_private !=
				    NULL ? c->about_private : c->about));
			}
			ck_assert_msg(found == ((c->menu & in) != 0),
			    "/%s in menu %d: %d", c->name, where, found);
		}
	}
	/* /start greets in a private chat, starts the game in a group. */
	ck_assert(compose_command(COMPOSE_IN_PRIVATE, 0, "en", &name,
	    &desc) == 1);
}
END_TEST

/*
 * The dispatcher does what the entries say: a private-only command is
 * refused in a group, who may run a command is its entry's, and an
 * unknown command is told as one.
 */
START_TEST(test_commands_dispatch)
{
	struct td	*td = &cc_td;

	ck_assert_int_eq(td_event(td, "g1", 0, "u1", 0, "/learn"), 0);
	td_expect_error(td, "private_only", "learn in a group");
	ck_assert_int_eq(td_event(td, "g1", 0, "u1", 0, "/new"), 0);
	td_drain(td);
	td_clear(td);
	ck_assert_int_eq(td_event(td, "g1", 0, "u2", 0, "/abort"), 0);
	td_expect_error(td, "not_creator", "a stranger aborts");
	ck_assert_int_eq(td_event(td, "g1", 0, "u2", 0, "/ai"), 0);
	td_expect_error(td, "not_in_game", "a stranger adds an AI");
	ck_assert_int_eq(td_event(td, "g1", 0, "u2", 0, "/nosuch"), 0);
	td_expect_error(td, "unknown_command", "an unknown command");
	ck_assert_int_eq(td_event(td, "g1", 0, "u2", 0, "/RULES"), 0);
	td_drain(td);
	ck_assert_int_eq(td_count(td, "rules", "g1"), 1);
}
END_TEST

/* The suite. */
Suite *
suite_commands(void)
{
	Suite	*s = suite_create("commands");
	TCase	*tc = tcase_create("commands");

	tcase_add_checked_fixture(tc, cc_setup, cc_teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_commands_entries);
	tcase_add_test(tc, test_commands_manual);
	tcase_add_test(tc, test_commands_help);
	tcase_add_test(tc, test_commands_menu);
	tcase_add_test(tc, test_commands_dispatch);
	suite_add_tcase(s, tc);
	return (s);
}
