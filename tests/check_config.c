/*
 * check_config.c: the daemon's own pieces that need no database: the
 * configuration table and parser, the man page kept in step with it,
 * sd_notify, the translation catalogs and the text rendering (the view,
 * and the lobby as compose-lobby.c writes it).
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <sys/socket.h>
#include <sys/time.h>
#include <sys/un.h>

#include <check.h>
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <syslog.h>
#include <unistd.h>

#include "config.h"
#include "i18n.h"
#include "log.h"
#include "notify.h"
#include "compose.h"

static char	tmpdir[256];

/* A scratch directory for the files of one test. */
static void
setup_tmp(void)
{
	const char	*base = getenv("TMPDIR");

	snprintf(tmpdir, sizeof tmpdir, "%s/check_config.XXXXXX",
	    base != NULL && *base != '\0' ? base : "/tmp");
	ck_assert_ptr_nonnull(mkdtemp(tmpdir));
	unsetenv("STATE_DIRECTORY");
}

/* Remove the scratch directory and what the test left in it. */
static void
teardown_tmp(void)
{
	char	cmd[512];

	snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
	ck_assert_int_eq(system(cmd), 0);
}

/* Write text to a file in the scratch directory; return its path. */
static const char *
write_file(const char *name, const char *text)
{
	static char	 path[512];
	FILE		*f;

	snprintf(path, sizeof path, "%s/%s", tmpdir, name);
	ck_assert_ptr_nonnull(f = fopen(path, "w"));
	fputs(text, f);
	ck_assert_int_eq(fclose(f), 0);
	return (path);
}

/* Load text as a configuration file; return the error (freed by caller). */
static char *
load_text(struct config *c, const char *text)
{
	char	*cause = NULL;

	if (config_load(c, write_file("tacd.conf", text), &cause) == 0) {
		ck_assert_ptr_null(cause);
		return (NULL);
	}
	ck_assert_ptr_nonnull(cause);
	return (cause);
}

/* Does s end with suffix? */
static int
ends_with(const char *s, const char *suffix)
{
	size_t	a = strlen(s), b = strlen(suffix);

	return (a >= b && strcmp(s + a - b, suffix) == 0);
}

START_TEST(test_config_defaults)
{
	struct config	c;
	char		db[PATH_MAX];

	config_defaults(&c);
	ck_assert_str_eq(c.state_dir, "./var");
	ck_assert_str_eq(c.log_level, "info");
	ck_assert_int_eq(c.log_prio, LOG_INFO);
	ck_assert_str_eq(c.file, "");
	ck_assert_int_eq(config_db_path(&c, db, sizeof db), 0);
	ck_assert_str_eq(db, "./var/tacd.db");
	ck_assert_int_eq(config_db_path(&c, db, 5), -1);

	/* systemd's StateDirectory= (the first of several). */
	setenv("STATE_DIRECTORY", "/var/lib/tacd:/var/lib/other", 1);
	config_defaults(&c);
	ck_assert_str_eq(c.state_dir, "/var/lib/tacd");
	unsetenv("STATE_DIRECTORY");
}
END_TEST

START_TEST(test_config_no_file)
{
	struct config	c;
	char		*cause = NULL;

	memset(&c, 0x55, sizeof c);
	ck_assert_int_eq(config_load(&c, NULL, &cause), 0);
	ck_assert_str_eq(c.state_dir, "./var");
	ck_assert_str_eq(c.file, "");
}
END_TEST

START_TEST(test_config_file)
{
	struct config	 c;
	char		*cause;

	cause = load_text(&c,
	    "# a comment\n"
	    "\n"
	    "   state_dir=/srv/tacd   # trailing comment\n"
	    "log_level = \"debug\"\n");
	ck_assert_ptr_null(cause);
	ck_assert_str_eq(c.state_dir, "/srv/tacd");
	ck_assert_str_eq(c.log_level, "debug");
	ck_assert_int_eq(c.log_prio, LOG_DEBUG);
	ck_assert(ends_with(c.file, "/tacd.conf"));

	/* Quotes keep a '#' and blanks; CRLF line ends are fine. */
	cause = load_text(&c, "state_dir = \" my #dir \"\r\n");
	ck_assert_ptr_null(cause);
	ck_assert_str_eq(c.state_dir, " my #dir ");

	/* The environment's default gives way to the file. */
	setenv("STATE_DIRECTORY", "/var/lib/tacd", 1);
	cause = load_text(&c, "log_level = error\n");
	ck_assert_ptr_null(cause);
	ck_assert_str_eq(c.state_dir, "/var/lib/tacd");
	cause = load_text(&c, "state_dir = here\n");
	ck_assert_ptr_null(cause);
	ck_assert_str_eq(c.state_dir, "here");
}
END_TEST

/* The error for a file, after its "PATH:" prefix. */
static const char *
error_of(char *cause)
{
	const char	*p;

	ck_assert_ptr_nonnull(cause);
	p = strstr(cause, "tacd.conf:");
	ck_assert_msg(p != NULL, "no file name in \"%s\"", cause);
	return (p + strlen("tacd.conf:"));
}

START_TEST(test_config_errors)
{
	static const struct {
		const char	*text;
		const char	*error;
	} cases[] = {
		{ "stat_dir = x\n", "1: unknown key 'stat_dir'" },
		{ "# c\n\nlog_level = loud\n",
		    "3: log_level: 'loud' is not one of "
		    "debug|info|warning|error" },
		{ "log_level\n", "1: expected 'key = value': log_level" },
		{ " = x\n", "1: missing key before '='" },
		{ "state_dir = \n", "1: state_dir: empty path" },
		{ "state_dir = \"x\n", "1: state_dir: unterminated quote" },
		{ "state_dir = a\"b\n", "1: state_dir: stray quote in value" },
		{ "log_level = info\nstate_dir = a\nlog_level = debug\n",
		    "3: log_level is already set on line 1" },
		{ "idle_reminder = 12\n", "1: idle_reminder: '12' is not off "
		    "or a duration such as 90s, 30m, 12h or 2d (at most 30d)" },
	};
	struct config	 c, before;
	char		*cause;
	size_t		 i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		config_defaults(&c);
		snprintf(c.state_dir, sizeof c.state_dir, "unchanged");
		before = c;
		cause = load_text(&c, cases[i].text);
		ck_assert_str_eq(error_of(cause), cases[i].error);
		/* A failed load changes nothing (SIGHUP keeps running). */
		ck_assert_mem_eq(&c, &before, sizeof c);
		free(cause);
	}
}
END_TEST

/* idle_reminder's durations: off, or a number and a unit, 1 s to 30 d. */
START_TEST(test_config_duration)
{
	static const struct {
		const char	*text;
		int64_t		 seconds;
	} cases[] = {
		{ "off", 0 }, { "1s", 1 }, { "90s", 90 }, { "30m", 1800 },
		{ "12h", 43200 }, { "2d", 172800 }, { "30d", 2592000 },
		{ "720h", 2592000 }, { "", -1 }, { "0s", -1 }, { "31d", -1 },
		{ "721h", -1 }, { "12", -1 }, { "h", -1 }, { "1.5h", -1 },
		{ "-1h", -1 }, { "12H", -1 }, { " 12h", -1 }, { "12hh", -1 },
		{ "999999999d", -1 }, { "Off", -1 },
	};
	struct config	 c;
	char		*cause;
	size_t		 i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++)
		ck_assert_msg(config_duration(cases[i].text) ==
		    cases[i].seconds, "\"%s\": %lld, want %lld", cases[i].text,
		    (long long)config_duration(cases[i].text),
		    (long long)cases[i].seconds);
	config_defaults(&c);
	ck_assert_str_eq(c.idle_reminder, "12h");
	cause = load_text(&c, "idle_reminder = off\n");
	ck_assert_ptr_null(cause);
	ck_assert_int_eq(config_duration(c.idle_reminder), 0);
	cause = load_text(&c, "idle_reminder = 45m\n");
	ck_assert_ptr_null(cause);
	ck_assert_int_eq(config_duration(c.idle_reminder), 2700);
}
END_TEST

START_TEST(test_config_missing_file)
{
	struct config	 c;
	char		*cause = NULL, path[512];

	snprintf(path, sizeof path, "%s/nope.conf", tmpdir);
	ck_assert_int_eq(config_load(&c, path, &cause), -1);
	ck_assert(strstr(cause, "nope.conf: ") != NULL);
	ck_assert(strstr(cause, strerror(ENOENT)) != NULL);
	free(cause);

	/* -f names the file; without it the default file is optional. */
	ck_assert_str_eq(config_find("x.conf"), "x.conf");
}
END_TEST

/* config_print() writes a file that loads back to the same values. */
START_TEST(test_config_print_roundtrip)
{
	struct config	 c, back;
	char		*cause = NULL, path[512];
	FILE		*f;
	size_t		 i;

	cause = load_text(&c, "state_dir = /tmp/x y\nlog_level = warning\n");
	ck_assert_ptr_null(cause);
	snprintf(path, sizeof path, "%s/printed.conf", tmpdir);
	ck_assert_ptr_nonnull(f = fopen(path, "w"));
	config_print(f, &c);
	fclose(f);
	ck_assert_int_eq(config_load(&back, path, &cause), 0);
	for (i = 0; i < config_nkeys; i++)
		ck_assert_str_eq(config_value(&back, &config_keys[i]),
		    config_value(&c, &config_keys[i]));
}
END_TEST

/*
 * tacd.conf.5 documents every key of the table, with its default and,
 * for a key with choices, every choice: the man page cannot drift.
 */
START_TEST(test_config_manpage)
{
	const struct config_key	*k;
	const char		*top;
	char			 path[1024], *text, *p, *end, *para, *w;
	char			 choices[256], mark[128];
	FILE			*f;
	long			 len;
	size_t			 i;

	/* make check says where the sources are; by hand, guess. */
	if ((top = getenv("abs_top_srcdir")) == NULL &&
	    (top = getenv("top_srcdir")) == NULL)
		top = access("src/tacd.conf.5", R_OK) == 0 ? "." : "..";
	snprintf(path, sizeof path, "%s/src/tacd.conf.5", top);
	f = fopen(path, "r");
	ck_assert_msg(f != NULL, "%s: %s", path, strerror(errno));
	fseek(f, 0, SEEK_END);
	len = ftell(f);
	rewind(f);
	ck_assert_ptr_nonnull(text = calloc(1, (size_t)len + 1));
	ck_assert_int_eq(fread(text, 1, (size_t)len, f), (size_t)len);
	fclose(f);

	for (i = 0; i < config_nkeys; i++) {
		k = &config_keys[i];
		snprintf(mark, sizeof mark, "\n.It Ic %s ", k->name);
		p = strstr(text, mark);
		ck_assert_msg(p != NULL, "tacd.conf.5 lacks \".It Ic %s\"",
		    k->name);
		/* The key's paragraph runs to the next .It or .El. */
		p += strlen(mark);
		end = p + strcspn(p, "");
		if (strstr(p, "\n.It ") != NULL)
			end = strstr(p, "\n.It ");
		if (strstr(p, "\n.El") != NULL && strstr(p, "\n.El") < end)
			end = strstr(p, "\n.El");
		para = strndup(p, (size_t)(end - p));
		ck_assert_msg(strstr(para, "Default:") != NULL,
		    "%s: no \"Default:\"", k->name);
		ck_assert_msg(strstr(strstr(para, "Default:"), k->def) != NULL,
		    "%s: the default %s is not documented", k->name, k->def);
		if (k->env != NULL)
			ck_assert_msg(strstr(para, k->env) != NULL,
			    "%s: $%s is not documented", k->name, k->env);
		if (k->choices != NULL) {
			snprintf(choices, sizeof choices, "%s", k->choices);
			for (w = strtok(choices, "|"); w != NULL;
			    w = strtok(NULL, "|")) {
				snprintf(mark, sizeof mark, ".Cm %s", w);
				ck_assert_msg(strstr(para, mark) != NULL,
				    "%s: choice %s is not documented",
				    k->name, w);
			}
		}
		free(para);
	}
	/* And nothing documented that the table does not know. */
	for (p = strstr(text, "\n.It Ic "); p != NULL;
	    p = strstr(p + 1, "\n.It Ic ")) {
		snprintf(mark, sizeof mark, "%.*s",
		    (int)strcspn(p + 8, " \n"), p + 8);
		ck_assert_msg(config_key_find(mark) != NULL,
		    "tacd.conf.5 documents an unknown key %s", mark);
	}
	free(text);
}
END_TEST

START_TEST(test_log_levels)
{
	ck_assert_int_eq(log_level_parse("debug"), LOG_DEBUG);
	ck_assert_int_eq(log_level_parse("info"), LOG_INFO);
	ck_assert_int_eq(log_level_parse("warning"), LOG_WARNING);
	ck_assert_int_eq(log_level_parse("error"), LOG_ERR);
	ck_assert_int_eq(log_level_parse("loud"), -1);
	ck_assert_str_eq(log_level_name(LOG_NOTICE), "info");
	ck_assert_str_eq(log_level_name(LOG_DEBUG), "debug");
}
END_TEST

/* Bind a datagram socket at addr (len bytes) with a receive timeout. */
static int
listen_dgram(const struct sockaddr_un *addr, socklen_t len)
{
	struct timeval	tv = { 2, 0 };
	int		fd;

	ck_assert_int_ge(fd = socket(AF_UNIX, SOCK_DGRAM, 0), 0);
	ck_assert_int_eq(bind(fd, (const struct sockaddr *)addr, len), 0);
	setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
	return (fd);
}

/* Receive one datagram as a string. */
static const char *
recv_msg(int fd)
{
	static char	buf[1024];
	ssize_t		n;

	n = recv(fd, buf, sizeof buf - 1, 0);
	ck_assert_int_gt(n, 0);
	buf[n] = '\0';
	return (buf);
}

START_TEST(test_notify_path)
{
	struct sockaddr_un	sun;
	int			fd;

	memset(&sun, 0, sizeof sun);
	sun.sun_family = AF_UNIX;
	ck_assert_uint_lt(strlen(tmpdir) + 8, sizeof sun.sun_path);
	memcpy(sun.sun_path, tmpdir, strlen(tmpdir));
	memcpy(sun.sun_path + strlen(tmpdir), "/notify", 8);
	fd = listen_dgram(&sun, sizeof sun);

	setenv("NOTIFY_SOCKET", sun.sun_path, 1);
	ck_assert_int_eq(notify_init(), 0);
	ck_assert(notify_enabled());
	ck_assert_int_eq(notify_ready(), 0);
	ck_assert_str_eq(recv_msg(fd), "READY=1");
	ck_assert_int_eq(notify_status("%d games\nbroken", 3), 0);
	ck_assert_str_eq(recv_msg(fd), "STATUS=3 games");
	ck_assert_int_eq(notify_watchdog(), 0);
	ck_assert_str_eq(recv_msg(fd), "WATCHDOG=1");
	ck_assert_int_eq(notify_stopping(), 0);
	ck_assert_str_eq(recv_msg(fd), "STOPPING=1");
	notify_close();
	close(fd);
	unsetenv("NOTIFY_SOCKET");
}
END_TEST

START_TEST(test_notify_abstract)
{
	struct sockaddr_un	sun;
	char			name[64];
	int			fd, n;

	n = snprintf(name, sizeof name, "@tacd-check-%ld", (long)getpid());
	memset(&sun, 0, sizeof sun);
	sun.sun_family = AF_UNIX;
	memcpy(sun.sun_path, name, (size_t)n);
	sun.sun_path[0] = '\0';
	fd = listen_dgram(&sun, (socklen_t)(offsetof(struct sockaddr_un,
	    sun_path) + n));

	setenv("NOTIFY_SOCKET", name, 1);
	ck_assert_int_eq(notify_init(), 0);
	ck_assert_int_eq(notify_send("READY=1\nSTATUS=%s", "running"), 0);
	ck_assert_str_eq(recv_msg(fd), "READY=1\nSTATUS=running");
	notify_close();
	close(fd);
	unsetenv("NOTIFY_SOCKET");
}
END_TEST

START_TEST(test_notify_off)
{
	char	pid[32];

	unsetenv("NOTIFY_SOCKET");
	ck_assert_int_eq(notify_init(), 0);
	ck_assert(!notify_enabled());
	ck_assert_int_eq(notify_ready(), 0);	/* nothing to do, no error */
	setenv("NOTIFY_SOCKET", "relative/path", 1);
	ck_assert_int_eq(notify_init(), -1);
	unsetenv("NOTIFY_SOCKET");

	unsetenv("WATCHDOG_PID");
	unsetenv("WATCHDOG_USEC");
	ck_assert_uint_eq(notify_watchdog_usec(), 0);
	setenv("WATCHDOG_USEC", "30000000", 1);
	ck_assert_uint_eq(notify_watchdog_usec(), 30000000);
	snprintf(pid, sizeof pid, "%ld", (long)getpid());
	setenv("WATCHDOG_PID", pid, 1);
	ck_assert_uint_eq(notify_watchdog_usec(), 30000000);
	setenv("WATCHDOG_PID", "1", 1);		/* meant for another process */
	ck_assert_uint_eq(notify_watchdog_usec(), 0);
	unsetenv("WATCHDOG_PID");
	setenv("WATCHDOG_USEC", "soon", 1);
	ck_assert_uint_eq(notify_watchdog_usec(), 0);
	unsetenv("WATCHDOG_USEC");
}
END_TEST

START_TEST(test_i18n_catalogs)
{
	char	why[256];

	ck_assert_msg(i18n_check(why, sizeof why) == 0, "%s", why);
	ck_assert_str_eq(tr("ru", "Red"), "Красный");
	ck_assert_str_eq(tr("ru-RU", "Red"), "Красный");
	ck_assert_str_eq(tr("en", "Red"), "Red");
	ck_assert_str_eq(tr(NULL, "Red"), "Red");
	ck_assert_str_eq(tr("de", "Red"), "Rot");
	ck_assert_str_eq(tr("ka", "Red"), "წითელი");
	ck_assert_str_eq(tr("fr", "Red"), "Red");
	ck_assert_str_eq(tr("ru", "no such message"), "no such message");
	ck_assert(i18n_known("ru"));
	ck_assert(i18n_known("en"));
	ck_assert(i18n_known("de"));
	ck_assert(i18n_known("ka"));
	ck_assert(!i18n_known("fr"));
	/* Contexts and plural forms (Russian has three). */
	ck_assert_str_eq(trc("ru", "card", "Trickster"), "Трикстер");
	ck_assert_str_eq(trc("ru", "TAKER card", "Mena"), "Мена");
	ck_assert_str_eq(trc("xx", "card", "Trickster"), "Trickster");
	ck_assert_str_eq(trn("ru", "%d player", "%d players", 1), "%d игрок");
	ck_assert_str_eq(trn("ru", "%d player", "%d players", 4),
	    "%d игрока");
	ck_assert_str_eq(trn("ru", "%d player", "%d players", 6),
	    "%d игроков");
	ck_assert_str_eq(trn("ru", "%d player", "%d players", 21),
	    "%d игрок");
	ck_assert_str_eq(trn("de", "%d player", "%d players", 1),
	    "%d Spieler");
	ck_assert_str_eq(trn("en", "%d player", "%d players", 1), "%d player");
	ck_assert_str_eq(trn("en", "%d player", "%d players", 2),
	    "%d players");
}
END_TEST

/* A game description for the renderers, without a service. */
static void
fake_game(struct svc_game *g, const char *lang, int names)
{
	static const char *const who[] = { "Anna", "Boris", "Carl", "Dana" };
	int			 s;

	memset(g, 0, sizeof *g);
	g->id = 7;
	g->state = SVC_PLAYING;
	snprintf(g->lang, sizeof g->lang, "%s", lang);
	g->cfg.nseats = 4;
	g->cfg.master = 1;
	g->cfg.names = names;
	for (s = 0; s < 4; s++)
		snprintf(g->seats[s].name, sizeof g->seats[s].name, "%s",
		    who[s]);
}

/* The view's description of g (one at a time). */
static const struct render_game *
view_of(const struct svc_game *g)
{
	static struct render_game	t;

	compose_game(g, &t);
	return (&t);
}

/* Render one action written in notation. */
static const char *
action_text(const struct svc_game *g, const char *text)
{
	static struct rbuf	b;

	rbuf_reset(&b);
	ck_assert_int_eq(render_action_text(view_of(g), text, &b), 0);
	return (b.s);
}

START_TEST(test_render_action)
{
	struct svc_game	g;

	fake_game(&g, "en", TAC_NAMES_TAC);
	ck_assert_str_eq(action_text(&g, "7 12>14 40>45"), "7 - 12>14 40>45");
	ck_assert_str_eq(action_text(&g, "TAC 13 B>32"), "TAC 13 - B>32");
	ck_assert_str_eq(action_text(&g, "TR 12<>40"), "Trickster - 12<>40");
	ck_assert_str_eq(action_text(&g, "9 discard"), "9 - discard");
	ck_assert_str_eq(action_text(&g, "give 9"), "give 9");
	ck_assert_str_eq(action_text(&g, "FOOL"), "Fool");
	ck_assert_str_eq(action_text(&g, "DEVIL TAC"), "Devil TAC");
	ck_assert_str_eq(action_text(&g, "DEVIL 5 20>25"), "Devil 5 - 20>25");

	fake_game(&g, "ru", TAC_NAMES_TAKER);
	ck_assert_str_eq(action_text(&g, "TAC 13 B>32"), "Такер 13 - Л>32");
	ck_assert_str_eq(action_text(&g, "7 12>0H1 40>45"),
	    "7 - 12>0Д1 40>45");
	ck_assert_str_eq(action_text(&g, "9 discard"), "9 - сброс");
	ck_assert_str_eq(action_text(&g, "8 skip"), "8 - пропуск");
	ck_assert_str_eq(action_text(&g, "give TR"), "отдать Мена");
}
END_TEST

/* The board shows the circle by rows, the seats and whose turn it is. */
START_TEST(test_render_board)
{
	struct render_opts	 o = { RENDER_PLAIN, "en", NULL, 0 };
	struct svc_game		 g;
	struct tac_state	 st;
	struct rbuf		 b = { NULL, 0, 0 };

	fake_game(&g, "en", TAC_NAMES_TAC);
	tac_init(&st, &g.cfg, 42);
	st.b.field[5] = 1;	/* a blue marble on field 5 */
	st.b.base[1]--;
	render_board(&o, view_of(&g), &st, &b);
	ck_assert_msg(strstr(b.s, "Game #7, round 1, dealer ") != NULL, "%s",
	    b.s);
	ck_assert_msg(strstr(b.s, "R  0 . . . .  . B . .  . . . .  . . . .\n")
	    != NULL, "%s", b.s);
	ck_assert(strstr(b.s, "B 16 ") != NULL);
	ck_assert(strstr(b.s, "Y 48 ") != NULL);
	ck_assert_msg(strstr(b.s, "Boris     base 3, cards ") != NULL, "%s",
	    b.s);
	ck_assert(strstr(b.s, "Exchange: ") != NULL);
	ck_assert(strstr(b.s, "\xe2\x86\x90 to act") != NULL);

	/* Russian: the marks are the Russian colours' initials. */
	rbuf_reset(&b);
	fake_game(&g, "ru", TAC_NAMES_TAKER);
	render_board(&o, view_of(&g), &st, &b);
	ck_assert_msg(strstr(b.s, "К  0 . . . .  . С . .") != NULL, "%s",
	    b.s);
	ck_assert(strstr(b.s, "Обмен: ") != NULL);
	rbuf_free(&b);
}
END_TEST

/* The hand: the cards the seat holds, by name. */
START_TEST(test_render_hand)
{
	struct svc_game		 g;
	struct tac_state	 st;
	struct rbuf		 b = { NULL, 0, 0 };

	fake_game(&g, "en", TAC_NAMES_TAC);
	tac_init(&st, &g.cfg, 42);
	render_hand(view_of(&g), &st, st.turn, &b);
	ck_assert(strncmp(b.s, "Your cards: ", 12) == 0);
	rbuf_reset(&b);
	st.nhand[st.turn] = 0;
	render_hand(view_of(&g), &st, st.turn, &b);
	ck_assert_str_eq(b.s, "You hold no cards.\n");
	rbuf_free(&b);
}
END_TEST

START_TEST(test_render_lobby)
{
	struct render_opts	 o = { RENDER_PLAIN, "en", NULL, 0 };
	struct svc_game		 g;
	struct rbuf		 b = { NULL, 0, 0 };

	fake_game(&g, "en", TAC_NAMES_TAC);
	g.state = SVC_LOBBY;
	g.seats[1].name[0] = '\0';
	snprintf(g.seats[0].user, sizeof g.seats[0].user, "u1");
	g.seats[2].ai = 1;
	snprintf(g.seats[3].user, sizeof g.seats[3].user, "u3");
	g.deadline = 7200;
	compose_lobby(&o, &g, &b);
	ck_assert_msg(strstr(b.s, "New game #7. 4 players, teams of two, "
	    "master cards, TAC names, 2 h per turn, hints off, one-move turns "
	    "wait\n") != NULL, "%s", b.s);
	ck_assert_msg(strstr(b.s, " 1. B Blue: free\n") != NULL, "%s", b.s);
	ck_assert_msg(strstr(b.s, " 2. G Green: AI 2\n") != NULL, "%s", b.s);
	ck_assert(strstr(b.s, "/join") != NULL);
	rbuf_free(&b);
}
END_TEST

/* UTF-8: cuts on character boundaries, names shortened with an ellipsis. */
START_TEST(test_utf8)
{
	char	buf[80], e32[65];
	int	i;

	for (i = 0; i < 32; i++)
		memcpy(e32 + 2 * i, "\xc3\xa9", 2);	/* é */
	e32[64] = '\0';
	ck_assert_uint_eq(utf8_width(e32), 32);
	ck_assert_uint_eq(utf8_cut(e32, 7), 6);
	ck_assert_uint_eq(utf8_cut("abc", 7), 3);
	ck_assert_uint_eq(utf8_first("\xd0\x96x"), 2);
	ck_assert_uint_eq(utf8_prefix(e32, 3), 6);
	utf8_shorten("Anna", 24, buf, sizeof buf);
	ck_assert_str_eq(buf, "Anna");
	utf8_shorten(e32, 32, buf, sizeof buf);
	ck_assert_str_eq(buf, e32);
	utf8_shorten(e32, 4, buf, sizeof buf);
	ck_assert_str_eq(buf, "\xc3\xa9\xc3\xa9\xc3\xa9\xe2\x80\xa6");
	ck_assert_uint_eq(utf8_width(buf), 4);
	/* A buffer too small: cut on a boundary, the ellipsis kept. */
	utf8_shorten(e32, 32, buf, 10);
	ck_assert_str_eq(buf, "\xc3\xa9\xc3\xa9\xc3\xa9\xe2\x80\xa6");
	utf8_shorten(e32, 32, buf, 3);
	ck_assert_str_eq(buf, "");
}
END_TEST

/* The configuration suite: table, parser, man page, logs. */
static Suite *
suite_config(void)
{
	Suite	*s = suite_create("config");
	TCase	*tc = tcase_create("config");

	tcase_add_checked_fixture(tc, setup_tmp, teardown_tmp);
	tcase_add_test(tc, test_config_defaults);
	tcase_add_test(tc, test_config_no_file);
	tcase_add_test(tc, test_config_file);
	tcase_add_test(tc, test_config_errors);
	tcase_add_test(tc, test_config_duration);
	tcase_add_test(tc, test_config_missing_file);
	tcase_add_test(tc, test_config_print_roundtrip);
	tcase_add_test(tc, test_config_manpage);
	tcase_add_test(tc, test_log_levels);
	suite_add_tcase(s, tc);
	return (s);
}

/* The sd_notify suite. */
static Suite *
suite_notify(void)
{
	Suite	*s = suite_create("notify");
	TCase	*tc = tcase_create("notify");

	tcase_add_checked_fixture(tc, setup_tmp, teardown_tmp);
	tcase_add_test(tc, test_notify_path);
	tcase_add_test(tc, test_notify_abstract);
	tcase_add_test(tc, test_notify_off);
	suite_add_tcase(s, tc);
	return (s);
}

/* The translation and rendering suite. */
static Suite *
suite_render(void)
{
	Suite	*s = suite_create("render");
	TCase	*tc = tcase_create("render");

	tcase_add_test(tc, test_i18n_catalogs);
	tcase_add_test(tc, test_render_action);
	tcase_add_test(tc, test_render_board);
	tcase_add_test(tc, test_render_hand);
	tcase_add_test(tc, test_render_lobby);
	tcase_add_test(tc, test_utf8);
	suite_add_tcase(s, tc);
	return (s);
}

Suite	*suite_lang(void);	/* check_lang.c */
Suite	*suite_zone(void);	/* check_zone.c */

/* Run every suite; exit non-zero if any test failed. */
int
main(void)
{
	SRunner	*sr;
	int	 failed;

	log_init("check_config", 1, LOG_ERR);
	sr = srunner_create(suite_config());
	srunner_add_suite(sr, suite_notify());
	srunner_add_suite(sr, suite_render());
	srunner_add_suite(sr, suite_lang());
	srunner_add_suite(sr, suite_zone());
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return (failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE);
}
