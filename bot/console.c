/*
 * console.c: the console bridge.
 *
 * Input lines become service events exactly as chat messages would, and
 * the console's outbox rows are rendered as a chat bridge renders them, so
 * playing here exercises the same paths as a chat.  After every line the
 * daemon's work hook runs the due timers (the AI seats move at once), so a
 * script piping its moves stays in step with the game without waiting.
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

#include "compose.h"
#include "console.h"
#include "i18n.h"
#include "log.h"
#include "xmalloc.h"

#define CONSOLE_MAXLINE	8192

struct console {
	struct event_base	*base;
	struct svc		*svc;
	struct console_hooks	 hooks;
	int			 events;	/* --events: JSON lines */
	int			 pump;		/* stdin is a file: no poll */
	int			 eof;
	int			 stopped;
	int			 tty;		/* a person at a terminal */
	struct event		*ev_read;	/* stdin readable */
	struct event		*ev_next;	/* handle the next line */
	char			*buf;
	size_t			 len;
	size_t			 size;
	struct render_opts	 ropts;
	int64_t			 lobby;		/* a lobby row held back */
	int64_t			 board;		/* a board row held back */
	int64_t			 shown_game;	/* the board last printed */
	int			 shown_turn;
	struct tac_board	 shown;
	struct compose_keys	 keys;		/* the choices last numbered */
	int			 lesson;	/* ... are a lesson's */
	char			 name[64];	/* the person's display name */
	char			 lang[8];	/* for rows without a game */
	const char		*envlang;	/* the locale's language */
};

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
	char			*cause = NULL;

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
	if (svc_event(c->svc, &ev, &cause) != 0) {
		log_warnx("console: %s: %s", text,
		    cause != NULL ? cause : "failed");
		free(cause);
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

/* Print text, one chat message, with the chat's id in --events mode. */
static void
console_print(struct console *c, const char *chat, const char *text)
{
	const char	*p, *e;

	if (!c->events) {
		fputs(text, stdout);
		if (*text != '\0' && text[strlen(text) - 1] != '\n')
			fputc('\n', stdout);
		return;
	}
	for (p = text; *p != '\0'; p = *e == '\0' ? e : e + 1) {
		e = p + strcspn(p, "\n");
		printf("[%s] %.*s\n", chat, (int)(e - p), p);
	}
}

/*
 * Print a document's JSON (a game's record) on one line, after its
 * caption: a terminal cannot take a file, but the line can be saved
 * under the caption's name or piped to tacctl replay -.
 */
static void
console_document(struct console *c, const char *chat,
    const struct compose_msg *m)
{
	json_t	*j;
	char	*line;

	if ((j = json_loadb((const char *)m->file, m->filelen, 0, NULL)) ==
	    NULL || (line = json_dumps(j, JSON_COMPACT |
	    JSON_PRESERVE_ORDER)) == NULL) {
		console_print(c, chat, (const char *)m->file);
		json_decref(j);
		return;
	}
	console_print(c, chat, line);
	free(line);
	json_decref(j);
}

/*
 * Print the buttons of a turn or menu message as numbered lines (no more
 * than a chat shows buttons: twelve) and keep them: a number typed
 * presses its button.
 */
static void
console_keys(struct console *c, const char *chat, struct compose_msg *m)
{
	struct rbuf	b = { NULL, 0, 0 };
	size_t		i;

	compose_keys_free(&c->keys);
	c->keys = m->keys;
	memset(&m->keys, 0, sizeof m->keys);
	for (i = 0; i < c->keys.n; i++)
		rbuf_add(&b, "%3zu. %s\n", i + 1, c->keys.k[i].label);
	c->lesson = m->kind == SVC_OUT_LESSON;
	if (c->lesson)
		rbuf_addstr(&b, tr(c->lang, "Type the number of your choice."));
	else
		rbuf_addstr(&b, tr(c->lang, "Type a number, or the move itself "
		    "(for example: 7 12>14 40>45)."));
	console_print(c, chat, b.s);
	rbuf_free(&b);
}

/*
 * Compose a row and print its message in chat (a terminal shows text
 * only: the buttons of a turn are numbered lines, and the edits of a
 * chat app are the board printed again).
 */
static void
console_show_row(struct console *c, const char *chat,
    const struct svc_out *out)
{
	struct compose_opts	o;
	struct compose_msg	m;

	memset(&o, 0, sizeof o);
	o.r = c->ropts;
	if (compose_row(c->svc, out, &o, &m) == 0)
		return;
	if (m.text.len > 0)
		console_print(c, chat, m.text.s);
	if (m.file != NULL)
		console_document(c, chat, &m);
	if (!c->events && (out->type == SVC_OUT_TURN ||
	    out->type == SVC_OUT_MENU || out->type == SVC_OUT_LESSON) &&
	    m.keys.n > 0)
		console_keys(c, chat, &m);
	compose_msg_free(&m);
}

/* Compose and print a row the console made up itself. */
static void
console_render(struct console *c, int kind, int64_t game, json_t *data)
{
	struct svc_out	out;

	svc_out_make(&out, kind, game, data);
	console_show_row(c, CONSOLE_CHAT, &out);
	svc_out_free(&out);
}

/*
 * Has the person seen this game's board as it is now?  Remembers what was
 * shown, so the board before a turn is not printed twice over (an
 * exchange changes hands, not the board).
 */
static int
console_seen(struct console *c, int64_t game)
{
	struct tac_state	st;
	int			same;

	if (svc_game_position(c->svc, game, -1, &st) != 0)
		return (0);
	same = c->shown_game == game && c->shown_turn == st.turn &&
	    memcmp(&c->shown, &st.b, sizeof st.b) == 0;
	c->shown_game = game;
	c->shown_turn = st.turn;
	c->shown = st.b;
	return (same);
}

/* Print the lobby and board rows held back, lobby first. */
static void
console_flush(struct console *c)
{
	if (c->lobby != 0)
		console_render(c, SVC_OUT_LOBBY, c->lobby, NULL);
	if (c->board != 0) {
		console_seen(c, c->board);
		console_render(c, SVC_OUT_BOARD, c->board, NULL);
	}
	c->lobby = c->board = 0;
}

/*
 * Deliver every due outbox row of the console platform.  A chat edits one
 * lobby and one board message as the game goes; a terminal cannot, so
 * those rows are held back and only the last of a run is printed (three
 * AI moves print as three lines and one board), and the board is shown
 * again right before the person's turn.
 */
void
console_deliver(struct console *c)
{
	struct svc_out	out;
	int		r, n = 0;

	while ((r = svc_outbox_next(c->svc, CONSOLE_PLATFORM, &out)) == 1) {
		n++;
		if ((c->lobby != 0 && c->lobby != out.game) ||
		    (c->board != 0 && c->board != out.game))
			console_flush(c);
		if (out.type == SVC_OUT_LOBBY)
			c->lobby = out.game;
		else if (out.type == SVC_OUT_BOARD)
			c->board = out.game;
		else {
			if (out.type == SVC_OUT_TURN && !c->events &&
			    out.game != 0 && !console_seen(c, out.game))
				c->board = out.game;
			if (out.type != SVC_OUT_MOVED)
				console_flush(c);
			console_show_row(c, out.chat, &out);
			if (out.type == SVC_OUT_OVER && !c->events)
				console_print(c, CONSOLE_CHAT, tr(c->lang,
				    "Type /new to play again, or /quit to "
				    "leave."));
		}
		if (svc_outbox_done(c->svc, out.id, NULL) != 0) {
			log_warnx("console: outbox row %lld not marked sent",
			    (long long)out.id);
			svc_out_free(&out);
			break;
		}
		svc_out_free(&out);
	}
	if (r < 0)
		log_warnx("console: cannot read the outbox");
	console_flush(c);
	if (n > 0 && c->tty && !c->stopped)
		fputs("> ", stdout);
	fflush(stdout);
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
	if (id <= 0 || svc_game_info(c->svc, id, g) != 0)
		return (0);
	snprintf(c->lang, sizeof c->lang, "%s", g->lang[0] != '\0' ?
	    g->lang : "en");
	c->ropts.lang = c->lang;
	return (id);
}

/* Show the board and, when it is the person's turn, hand and menu. */
static void
console_show(struct console *c)
{
	struct svc_game	 g;
	int		 seat;

	if (console_game(c, &g) == 0) {
		console_print(c, CONSOLE_CHAT, tr(c->lang, "No game here: "
		    "/new starts one."));
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
		console_print(c, CONSOLE_CHAT, tr(c->lang, "There is no game "
		    "of yours to play here."));
		return (-1);
	}
	if (c->keys.n == 0) {
		console_print(c, CONSOLE_CHAT, tr(c->lang, "It is not your "
		    "turn."));
		return (-1);
	}
	if (n < 1 || (size_t)n > c->keys.n) {
		snprintf(text, sizeof text, tr(c->lang, "Pick a number from "
		    "1 to %d."), (int)c->keys.n);
		console_print(c, CONSOLE_CHAT, text);
		return (-1);
	}
	snprintf(text, sizeof text, "%s", c->keys.k[n - 1].data);
	if (console_event(c, text, 1) != 0) {
		console_print(c, CONSOLE_CHAT, tr(c->lang, "Something went "
		    "wrong; nothing was changed. Try again."));
		return (-1);
	}
	return (0);
}

/* Print the console's own help. */
static void
console_help(struct console *c)
{
	console_print(c, CONSOLE_CHAT, tr(c->lang, "Type the number of a "
	    "move from the menu, or the move in notation (13 B>0, 7 3>5 "
	    "10>15, TR 4<>20). Commands: /board, /hand, /hint, /learn, "
	    "/review, /rules, /lang en|ru|de|ka, /new, /abort, /quit. An empty "
	    "line shows the board again."));
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
		console_show(c);
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
		console_help(c);
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
		console_print(c, CONSOLE_CHAT, tr(c->lang, "Something went "
		    "wrong; nothing was changed. Try again."));
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
	char			*cause = NULL;
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
	if (svc_event(c->svc, &ev, &cause) != 0) {
		log_warnx("events: update %lld: %s", (long long)ev.update_id,
		    cause != NULL ? cause : "failed");
		free(cause);
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
	c->hooks.work(c->hooks.arg);
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
	char		 text[128];
	int		 s;

	if (console_game(c, &g) != 0 && g.state == SVC_PLAYING) {
		snprintf(text, sizeof text, tr(c->lang, "Resuming game "
		    "#%lld."), (long long)g.id);
		console_print(c, CONSOLE_CHAT, text);
		console_show(c);
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
	const char	*user, *nocolor, *term;
	char		 cmd[512];
	int		 i;

	c = xcalloc(1, sizeof *c);
	c->base = base;
	c->svc = svc;
	c->hooks = *hooks;
	c->events = events;
	snprintf(c->lang, sizeof c->lang, "en");
	c->ropts.lang = c->lang;
	c->ropts.viewer = CONSOLE_USER;
	c->ropts.menu = !events;
	c->tty = !events && isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
	nocolor = getenv("NO_COLOR");
	term = getenv("TERM");
	if (!events && isatty(STDOUT_FILENO) && (nocolor == NULL ||
	    *nocolor == '\0') && (term == NULL || strcmp(term, "dumb") != 0))
		c->ropts.style = RENDER_ANSI;
	/* A new person speaks the locale's language ("ru_RU.UTF-8"). */
	if ((c->envlang = getenv("LC_ALL")) == NULL || *c->envlang == '\0')
		c->envlang = getenv("LC_MESSAGES");
	if (c->envlang == NULL || *c->envlang == '\0')
		c->envlang = getenv("LANG");
	if (lang != NULL)
		c->envlang = lang;
	if (c->envlang != NULL && i18n_known(i18n_norm(c->envlang)) &&
	    (lang != NULL || strcmp(i18n_norm(c->envlang), "en") != 0))
		snprintf(c->lang, sizeof c->lang, "%s",
		    i18n_norm(c->envlang));
	else
		c->envlang = NULL;
	/* The person is named as they log in, or a word of their language. */
	if ((user = getenv("USER")) == NULL || *user == '\0')
		user = tr(c->lang, "player");
	snprintf(c->name, sizeof c->name, "%s", user);

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
		console_print(c, CONSOLE_CHAT, tr(c->lang, "Type /help for "
		    "help, /quit or Ctrl-D to leave (the game is saved)."));
		snprintf(cmd, sizeof cmd, "/new");
		for (i = 0; i < argc; i++) {
			strncat(cmd, " ", sizeof cmd - strlen(cmd) - 1);
			strncat(cmd, argv[i], sizeof cmd - strlen(cmd) - 1);
		}
		console_begin(c, cmd);
		c->hooks.work(c->hooks.arg);
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
