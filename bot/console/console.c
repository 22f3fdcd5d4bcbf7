/*
 * console.c: the console bridge.
 *
 * Input lines become service events exactly as chat messages would, and
 * the console's outbox rows are composed as a chat bridge's are
 * (console-out.c), so playing here exercises the same paths as a chat.
 * A line's commit has the daemon's after-commit step run the due timers
 * (the AI seats move at once) before the next line, which waits for it
 * in the loop's queue, so a script piping its moves stays in step with
 * the game without waiting.
 *
 * Lines are handled one per loop pass: a signal that arrives between two
 * lines is seen before the next one is processed.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <sys/stat.h>

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <event2/event.h>
#include <jansson.h>

#include "console-int.h"
#include "lang.h"
#include "log.h"
#include "xmalloc.h"

#define CONSOLE_MAXLINE	8192

static void	console_begin(struct console *, const char *);

/* "/play " and the text, in a new string for the caller to free. */
static char *
console_play(const char *text)
{
	size_t	 len = strlen(text) + sizeof "/play ";
	char	*s;

	s = xmalloc(len);
	snprintf(s, len, "/play %s", text);
	return (s);
}

/*
 * Send one event from the terminal's person: a line typed, or (button)
 * the data of a numbered choice; 0 handled, -1 failure.
 */
static int
console_event(struct console *c, const char *text, int button)
{
	struct svc_event	 ev;
	memset(&ev, 0, sizeof ev);
	ev.kind = button ? SVC_EV_BUTTON : SVC_EV_TEXT;
	ev.platform = CONSOLE_PLATFORM;
	ev.update_id = -1;
	ev.chat = CONSOLE_CHAT;
	ev.private_chat = 1;
	ev.chat_title = "console";
	ev.user = CONSOLE_USER;
	ev.user_name = c->name;
	ev.lang = c->envlang;
	ev.admin = 1;		/* the terminal's owner runs its chat */
	if (button)
		ev.data = text;
	else
		ev.text = text;
	log_debug("console: %s", text);
	if (svc_event(c->svc, &ev) != 0) {
		log_warnx("console: %s: %s", text, svc_error(c->svc));
		return (-1);
	}
	return (0);
}

/* Send a line typed by the terminal's person; 0 handled, -1 failure. */
static int
console_send(struct console *c, const char *text)
{
	return (console_event(c, text, 0));
}

/* The console person's seat in a game, -1 if not seated. */
static int
console_seat(const struct svc_game *g)
{
	int	s;

	for (s = 0; s < g->cfg.nseats; s++) {
		if (g->seats[s].ai == 0 &&
		    strcmp(g->seats[s].user, CONSOLE_USER) == 0)
			return (s);
	}
	return (-1);
}

/* The console chat's current game and its info; 0 if none. */
static int64_t
console_game(struct console *c, struct svc_game *g)
{
	int64_t	id;

	id = svc_chat_game(c->svc, CONSOLE_PLATFORM, CONSOLE_CHAT);
	if (id <= 0 || svc_game_info(c->svc, id, g) != 1)
		return (0);
	snprintf(c->lang, sizeof c->lang, "%s", g->lang[0] != '\0' ?
	    g->lang : "en");
	return (id);
}

/* Show the board and, when it is the person's turn, hand and menu. */
static void
console_show_game(struct console *c)
{
	struct svc_game	 g;
	int		 seat;

	if (console_game(c, &g) == 0) {
		console_say(c, COMPOSE_CON_NO_GAME, 0);
		return;
	}
	console_render(c, SVC_OUT_BOARD, g.id, NULL);
	if ((seat = console_seat(&g)) < 0 || g.state != SVC_PLAYING)
		return;
	console_render(c, SVC_OUT_TURN, g.id, json_pack("{s:I, s:i}", "game",
	    (json_int_t)g.id, "seat", seat));
}

/*
 * Press the numbered choice n of the turn or menu message shown last, as
 * a chat's button is pressed: 0, or -1 (with a message printed) when
 * there is no such choice.  The service refuses a choice of a turn that
 * has moved on.
 */
static int
console_choice(struct console *c, long n)
{
	struct svc_game	g;
	char		text[128];

	if (!c->lesson && (console_game(c, &g) == 0 || g.state !=
	    SVC_PLAYING || console_seat(&g) < 0)) {
		console_say(c, COMPOSE_CON_NOT_YOURS, 0);
		return (-1);
	}
	if (c->keys.n == 0) {
		console_say(c, COMPOSE_CON_NOT_TURN, 0);
		return (-1);
	}
	if (n < 1 || (size_t)n > c->keys.n) {
		console_say(c, COMPOSE_CON_PICK, (int64_t)c->keys.n);
		return (-1);
	}
	snprintf(text, sizeof text, "%s", c->keys.k[n - 1].data);
	if (console_event(c, text, 1) != 0) {
		console_say(c, COMPOSE_CON_FAILED, 0);
		return (-1);
	}
	return (0);
}

/* Handle one line typed by the person. */
static void
console_line(struct console *c, char *line)
{
	struct svc_game	 g;
	char		*p, *end, *cmd = NULL;
	long		 n;

	while (isspace((unsigned char)*line))
		line++;
	p = line + strlen(line);
	while (p > line && isspace((unsigned char)p[-1]))
		*--p = '\0';

	if (*line == '\0') {
		console_show_game(c);
		return;
	}
	if (strcmp(line, "/quit") == 0 || strcmp(line, "/exit") == 0) {
		/* As if the input ended here: nothing after it is read. */
		c->eof = 1;
		c->len = 0;
		if (c->ev_read != NULL)
			event_del(c->ev_read);
		return;
	}
	if (strcmp(line, "/help") == 0) {
		console_say(c, COMPOSE_CON_HELP, 0);
		return;
	}
	/* A new game here gets its AI players and starts at once. */
	if (strncmp(line, "/new", 4) == 0 && (line[4] == '\0' ||
	    isspace((unsigned char)line[4])) &&
	    (console_game(c, &g) == 0 || g.state != SVC_PLAYING)) {
		console_begin(c, line);
		return;
	}
	if (isdigit((unsigned char)*line)) {
		errno = 0;
		n = strtol(line, &end, 10);
		if (*end == '\0' && errno == 0) {
			console_choice(c, n);
			return;
		}
	}
	if (*line != '/' && cmd == NULL)
		line = cmd = console_play(line);
	if (console_send(c, line) != 0)
		console_say(c, COMPOSE_CON_FAILED, 0);
	free(cmd);
}

/* A string member of an event, or NULL. */
static const char *
console_jstr(json_t *o, const char *key)
{
	return (json_string_value(json_object_get(o, key)));
}

/*
 * Handle one JSON event line of --events mode.  Returns -1 when the
 * service failed internally: the stream stops there, to be resent.
 */
static int
console_json(struct console *c, const char *line)
{
	struct svc_event	 ev;
	json_t			*o, *v;
	json_error_t		 jerr;
	int			 rc = 0;

	if (*line == '\0')
		return (0);
	if ((o = json_loads(line, 0, &jerr)) == NULL || !json_is_object(o)) {
		log_warnx("events: bad line: %s", o == NULL ? jerr.text :
		    "not an object");
		json_decref(o);
		return (0);
	}
	memset(&ev, 0, sizeof ev);
	ev.platform = CONSOLE_PLATFORM;
	v = json_object_get(o, "update_id");
	ev.update_id = json_is_integer(v) ? json_integer_value(v) : -1;
	ev.user = console_jstr(o, "user");
	ev.chat = console_jstr(o, "chat");
	if (ev.chat == NULL)
		ev.chat = ev.user;
	ev.private_chat = json_is_true(json_object_get(o, "private")) ||
	    (ev.chat != NULL && ev.user != NULL &&
	    strcmp(ev.chat, ev.user) == 0);
	ev.chat_title = console_jstr(o, "title");
	ev.user_name = console_jstr(o, "name");
	if (ev.user_name == NULL)
		ev.user_name = ev.user;
	ev.lang = console_jstr(o, "lang");
	ev.admin = json_is_true(json_object_get(o, "admin"));
	ev.text = console_jstr(o, "text");
	ev.data = console_jstr(o, "data");
	ev.kind = ev.data != NULL ? SVC_EV_BUTTON : SVC_EV_TEXT;
	if (ev.user == NULL || (ev.text == NULL && ev.data == NULL)) {
		log_warnx("events: line without user or text: %s", line);
		json_decref(o);
		return (0);
	}
	if (svc_event(c->svc, &ev) != 0) {
		log_warnx("events: update %lld: %s", (long long)ev.update_id,
		    svc_error(c->svc));
		rc = -1;
	}
	json_decref(o);
	return (rc);
}

/* Take the first complete line out of the buffer; NULL if there is none. */
static char *
console_getline(struct console *c)
{
	char	*nl, *line;
	size_t	 n;

	if (c->len == 0 || (nl = memchr(c->buf, '\n', c->len)) == NULL) {
		if (!c->eof || c->len == 0)
			return (NULL);
		nl = c->buf + c->len;	/* the last line has no newline */
	}
	n = (size_t)(nl - c->buf);
	line = xmalloc(n + 1);
	memcpy(line, c->buf, n);
	line[n] = '\0';
	if (n < c->len)
		n++;
	memmove(c->buf, c->buf + n, c->len - n);
	c->len -= n;
	return (line);
}

/* Read what stdin has into the buffer; sets eof at its end. */
static void
console_fill(struct console *c)
{
	ssize_t	n;

	if (c->len + 4096 > c->size) {
		c->size = c->size == 0 ? 16384 : c->size * 2;
		c->buf = xrealloc(c->buf, c->size);
	}
	n = read(STDIN_FILENO, c->buf + c->len, c->size - c->len);
	if (n > 0) {
		c->len += (size_t)n;
		/* A line too long to be a move is dropped whole. */
		if (c->len > CONSOLE_MAXLINE &&
		    memchr(c->buf, '\n', c->len) == NULL) {
			log_warnx("console: line too long, dropped");
			c->len = 0;
		}
		return;
	}
	if (n == -1 && (errno == EINTR || errno == EAGAIN))
		return;
	if (n == -1)
		log_warn("console: read");
	c->eof = 1;
	if (c->ev_read != NULL)
		event_del(c->ev_read);
}

/* stdin is readable: take what is there and handle the lines. */
static void
console_read(evutil_socket_t fd, short what, void *arg)
{
	struct console	*c = arg;

	(void)fd;
	(void)what;
	console_fill(c);
	event_active(c->ev_next, EV_TIMEOUT, 0);
}

/* Handle the next buffered line, then come back for the one after. */
static void
console_next(evutil_socket_t fd, short what, void *arg)
{
	struct console	*c = arg;
	char		*line;
	int		 rc = 0;

	(void)fd;
	(void)what;
	if (c->stopped)
		return;
	for (;;) {
		if ((line = console_getline(c)) != NULL)
			break;
		if (c->eof) {
			c->stopped = 1;
			c->hooks.done(c->hooks.arg, 0);
			return;
		}
		if (!c->pump)
			return;		/* wait for console_read() */
		console_fill(c);
	}
	if (c->events)
		rc = console_json(c, line);
	else
		console_line(c, line);
	free(line);
	console_deliver(c);
	if (rc != 0) {
		c->stopped = 1;
		c->hooks.done(c->hooks.arg, 1);
		return;
	}
	event_active(c->ev_next, EV_TIMEOUT, 0);
}

/*
 * Start a game for the terminal, or pick up the one it has: a running
 * game resumes, a lobby gets AI players for its free seats and starts,
 * anything else makes a new game (newcmd: "/new" and its options) with AI
 * players in every seat but the person's.
 */
static void
console_begin(struct console *c, const char *newcmd)
{
	struct svc_game	 g;
	int		 s;

	if (console_game(c, &g) != 0 && g.state == SVC_PLAYING) {
		console_say(c, COMPOSE_CON_RESUMING, g.id);
		console_show_game(c);
		return;
	}
	if (console_game(c, &g) == 0 || g.state != SVC_LOBBY) {
		if (console_send(c, newcmd) != 0 ||
		    console_game(c, &g) == 0 || g.state != SVC_LOBBY)
			return;		/* refused: the outbox says why */
	}
	if (console_seat(&g) < 0)
		console_send(c, "/join");
	for (s = 0; s < g.cfg.nseats; s++) {
		if (g.seats[s].ai == 0 && g.seats[s].user[0] == '\0')
			console_send(c, "/ai");
	}
	console_send(c, "/start");
}

/*
 * Start the bridge on stdin.  events: read JSON event lines instead of a
 * person's typing.  lang: the person's language (NULL: the locale's; a
 * language given is chosen as with /lang).  argc/argv: the /new options
 * of a new console game.
 */
struct console *
console_start(struct event_base *base, struct svc *svc, int events,
    const char *lang, int argc, char **argv,
    const struct console_hooks *hooks)
{
	struct console	*c;
	struct stat	 sb;
	struct rbuf	 b = { NULL, 0, 0 };
	const char	*user, *nocolor, *term, *l;
	char		 cmd[512];
	int		 i;

	c = xcalloc(1, sizeof *c);
	c->base = base;
	c->svc = svc;
	c->hooks = *hooks;
	c->events = events;
	snprintf(c->lang, sizeof c->lang, "en");
	/* A terminal: text, the choices as numbered lines, no pictures. */
	c->copts.r.lang = c->lang;
	c->copts.r.viewer = CONSOLE_USER;
	c->copts.r.menu = !events;
	c->tty = !events && isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
	nocolor = getenv("NO_COLOR");
	term = getenv("TERM");
	if (!events && isatty(STDOUT_FILENO) && (nocolor == NULL ||
	    *nocolor == '\0') && (term == NULL || strcmp(term, "dumb") != 0))
		c->copts.r.style = RENDER_ANSI;
	/* A new person speaks the locale's language ("ru_RU.UTF-8"). */
	if ((c->envlang = getenv("LC_ALL")) == NULL || *c->envlang == '\0')
		c->envlang = getenv("LC_MESSAGES");
	if (c->envlang == NULL || *c->envlang == '\0')
		c->envlang = getenv("LANG");
	if (lang != NULL)
		c->envlang = lang;
	if ((l = lang_find(c->envlang)) != NULL && (lang != NULL ||
	    strcmp(l, "en") != 0))
		snprintf(c->lang, sizeof c->lang, "%s", l);
	else
		c->envlang = NULL;
	/* The person is named as they log in, or a word of their language. */
	if ((user = getenv("USER")) == NULL || *user == '\0') {
		compose_console(c->lang, COMPOSE_CON_PLAYER, 0, &b);
		user = b.s;
	}
	snprintf(c->name, sizeof c->name, "%s", user);
	rbuf_free(&b);

	/*
	 * Only pipes, sockets and terminals can be polled; epoll refuses
	 * regular files and /dev/null, which never block anyway: pump them.
	 */
	if (fstat(STDIN_FILENO, &sb) == 0 && !S_ISFIFO(sb.st_mode) &&
	    !S_ISSOCK(sb.st_mode) && !isatty(STDIN_FILENO))
		c->pump = 1;
	c->ev_next = event_new(base, -1, 0, console_next, c);
	if (c->ev_next == NULL)
		fatalx("console: event_new");
	if (!c->pump) {
		c->ev_read = event_new(base, STDIN_FILENO, EV_READ | EV_PERSIST,
		    console_read, c);
		if (c->ev_read == NULL || event_add(c->ev_read, NULL) != 0)
			fatalx("console: cannot watch stdin");
	}

	/* Rows a previous run left undelivered come first. */
	console_deliver(c);
	if (!events) {
		if (lang != NULL) {
			snprintf(cmd, sizeof cmd, "/lang %s", c->lang);
			console_send(c, cmd);
			console_deliver(c);
		}
		console_say(c, COMPOSE_CON_WELCOME, 0);
		snprintf(cmd, sizeof cmd, "/new");
		for (i = 0; i < argc; i++) {
			strncat(cmd, " ", sizeof cmd - strlen(cmd) - 1);
			strncat(cmd, argv[i], sizeof cmd - strlen(cmd) - 1);
		}
		console_begin(c, cmd);
		console_deliver(c);
	}
	event_active(c->ev_next, EV_TIMEOUT, 0);
	return (c);
}

/* Stop reading input (shutting down); lines not yet handled are dropped. */
void
console_stop(struct console *c)
{
	c->stopped = 1;
	if (c->ev_read != NULL)
		event_del(c->ev_read);
	event_del(c->ev_next);
}

/* Free the bridge. */
void
console_free(struct console *c)
{
	if (c == NULL)
		return;
	if (c->ev_read != NULL)
		event_free(c->ev_read);
	event_free(c->ev_next);
	free(c->buf);
	compose_keys_free(&c->keys);
	free(c);
}
