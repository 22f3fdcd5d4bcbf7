/*
 * store-game.c: chats, users, games, seats and the action log.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store-int.h"
#include "xmalloc.h"

/* Copy a language code, keeping "en" when there is none. */
static void
store_lang(char *out, const char *lang)
{
	if (out != NULL)
		snprintf(out, 8, "%s", lang != NULL && *lang != '\0' ?
		    lang : "en");
}

/*
 * A table of rows found by their platform and platform id, with a name
 * kept up to date and a language: chats (their title) and users.  The
 * statements number their values alike: ?1 platform, ?2 pid, ?3 name,
 * ?4 private (chats only), ?5 language.
 */
struct store_named {
	const char	*what;
	int		 get, rename, add;	/* ST_* */
	const char	*sql_get, *sql_rename, *sql_add;
};

static const struct store_named store_chats = {
	"chat", ST_CHAT_GET, ST_CHAT_TITLE, ST_CHAT_ADD,
	"SELECT id, title = ?3, lang FROM chats WHERE platform = ?1 AND "
	    "pid = ?2",
	"UPDATE chats SET title = ?3 WHERE id = ?1",
	"INSERT INTO chats (platform, pid, title, private, lang) VALUES "
	    "(?1, ?2, ?3, ?4, ?5) RETURNING id"
};

static const struct store_named store_users = {
	"user", ST_USER_GET, ST_USER_NAME, ST_USER_ADD,
	"SELECT id, name = ?3, lang FROM users WHERE platform = ?1 AND "
	    "pid = ?2",
	"UPDATE users SET name = ?3 WHERE id = ?1",
	"INSERT INTO users (platform, pid, name, lang) VALUES "
	    "(?1, ?2, ?3, ?5) RETURNING id"
};

/*
 * Find or add a row of table t by its platform id and return its row id;
 * a changed name is updated (a NULL name changes nothing).  A new row
 * gets deflang, and private for a chat.  lang (8 bytes, or NULL)
 * receives the row's language.  -1 on failure.
 */
static int64_t
store_named_row(struct store *s, const struct store_named *t,
    const char *platform, const char *pid, const char *name, int private,
    const char *deflang, char *lang)
{
	struct db_stmt	*st;
	int64_t		 id = 0;
	int		 rc, same = 1;

	if ((st = store_stmt(s, t->get, t->sql_get)) == NULL)
		return (-1);
	store_bind_text(st, 1, platform);
	store_bind_text(st, 2, pid);
	store_bind_text(st, 3, name);
	if ((rc = db_step(st)) == DB_ROW) {
		id = db_column_int64(st, 0);
		same = db_column_int(st, 1);
		store_lang(lang, (const char *)db_column_text(st, 2));
	}
	db_reset(st);
	if (rc != DB_ROW && rc != DB_DONE)
		return (store_sqlfail(s, t->what));

	if (id != 0 && (same || name == NULL))
		return (id);
	if (id != 0) {
		if ((st = store_stmt(s, t->rename, t->sql_rename)) == NULL)
			return (-1);
		db_bind_int64(st, 1, id);
		store_bind_text(st, 3, name);
		return (store_step_done(s, st, t->what) != 0 ? -1 : id);
	}

	if ((st = store_stmt(s, t->add, t->sql_add)) == NULL)
		return (-1);
	store_bind_text(st, 1, platform);
	store_bind_text(st, 2, pid);
	store_bind_text(st, 3, name);
	if (t == &store_chats)
		db_bind_int(st, 4, private != 0);
	store_lang(lang, deflang);
	store_bind_text(st, 5, deflang != NULL && *deflang != '\0' ?
	    deflang : "en");
	return (store_step_id(s, st, t->what));
}

/*
 * Find or add a chat by its platform id and return its row id; a changed
 * title is updated.  A new chat gets deflang.  lang (8 bytes, or NULL)
 * receives the chat's language.  -1 on failure.
 */
int64_t
store_chat(struct store *s, const char *platform, const char *pid,
    const char *title, int private, const char *deflang, char *lang)
{
	return (store_named_row(s, &store_chats, platform, pid, title,
	    private, deflang, lang));
}

/* Set a chat's language. */
int
store_chat_set_lang(struct store *s, int64_t chat, const char *lang)
{
	struct db_stmt	*st;

	if ((st = store_stmt(s, ST_CHAT_LANG,
	    "UPDATE chats SET lang = ?2, lang_chosen = 1 WHERE id = ?1")) ==
	    NULL)
		return (-1);
	db_bind_int64(st, 1, chat);
	store_bind_text(st, 2, lang);
	return (store_step_done(s, st, "chat lang"));
}

/*
 * A chat's language, unless someone chose one with /lang: the opener's
 * of a new game.  Returns the chat's language now into out (LANG_MAX).
 */
int
store_chat_default_lang(struct store *s, int64_t chat, const char *lang,
    char *out)
{
	struct db_stmt	*st;
	int		 rc;

	if ((st = store_stmt(s, ST_CHAT_DEFLANG, "UPDATE chats SET lang = ?2 "
	    "WHERE id = ?1 AND lang_chosen = 0")) == NULL)
		return (-1);
	db_bind_int64(st, 1, chat);
	store_bind_text(st, 2, lang);
	if (store_step_done(s, st, "chat lang") != 0)
		return (-1);
	if ((st = store_stmt(s, ST_CHAT_LANGGET, "SELECT lang FROM chats "
	    "WHERE id = ?1")) == NULL)
		return (-1);
	db_bind_int64(st, 1, chat);
	if ((rc = db_step(st)) == DB_ROW)
		store_text(st, 0, out, LANG_MAX);
	db_reset(st);
	if (rc != DB_ROW)
		return (store_sqlfail(s, "chat lang"));
	return (0);
}

/*
 * Find or add a person by platform user id and return the row id; a
 * changed display name is updated.  As store_chat() for the language.
 */
int64_t
store_user(struct store *s, const char *platform, const char *pid,
    const char *name, const char *deflang, char *lang)
{
	return (store_named_row(s, &store_users, platform, pid, name, 0,
	    deflang, lang));
}
/* Set a person's language. */
int
store_user_set_lang(struct store *s, int64_t user, const char *lang)
{
	struct db_stmt	*st;

	if ((st = store_stmt(s, ST_USER_LANG,
	    "UPDATE users SET lang = ?2 WHERE id = ?1")) == NULL)
		return (-1);
	db_bind_int64(st, 1, user);
	store_bind_text(st, 2, lang);
	return (store_step_done(s, st, "user lang"));
}

/* Bind the game columns shared by insert and update, from ?2 on. */
static void
store_game_bind(struct db_stmt *st, const struct store_game *g)
{
	db_bind_int(st, 2, g->state);
	db_bind_int(st, 3, g->cfg.nseats);
	db_bind_int(st, 4, g->cfg.triples);
	db_bind_int(st, 5, g->cfg.master);
	db_bind_int(st, 6, g->cfg.names);
	db_bind_int64(st, 7, (int64_t)g->seed);
	db_bind_int64(st, 8, g->deadline);
	if (g->creator != 0)
		db_bind_int64(st, 9, g->creator);
	else
		db_bind_null(st, 9);
	db_bind_int64(st, 10, g->turn_no);
	db_bind_int(st, 11, g->actor);
	db_bind_int64(st, 12, g->due);
	db_bind_int64(st, 13, g->remind);
	db_bind_int(st, 14, g->winner);
	db_bind_int64(st, 15, g->updated);
	db_bind_int(st, 17, g->ai > 0 ? g->ai : 1);
	db_bind_int(st, 18, g->hints != 0);
	db_bind_int(st, 19, g->cfg.coop != 0);
}

/*
 * Add a game (g->chat, options, creator, times) with its occupied seats;
 * set and return g->id, -1 on failure (a chat that already has an open
 * game fails the games_open index).
 */
int64_t
store_game_create(struct store *s, struct store_game *g)
{
	struct db_stmt	*st;
	int		 i;

	if ((st = store_stmt(s, ST_GAME_ADD, "INSERT INTO games (chat, "
	    "state, players, triples, master, names, seed, deadline, creator, "
	    "turn_no, actor, due, remind, winner, updated, created, ai, "
	    "hints, coop) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, "
	    "?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19) RETURNING id")) == NULL)
		return (-1);
	db_bind_int64(st, 1, g->chat);
	store_game_bind(st, g);
	db_bind_int64(st, 16, g->created);
	if ((g->id = store_step_id(s, st, "game add")) < 0)
		return (-1);
	if (store_key_add(s, g->id) != 0)
		return (-1);
	for (i = 0; i < g->cfg.nseats; i++) {
		if (store_seat_put(s, g->id, i, &g->seats[i]) != 0)
			return (-1);
	}
	return (g->id);
}

/* Read a game's seats into g. */
static int
store_game_seats(struct store *s, struct store_game *g)
{
	struct db_stmt		*st;
	struct store_seat	*p;
	int			 rc, seat;

	memset(g->seats, 0, sizeof g->seats);
	if ((st = store_stmt(s, ST_GAME_SEATS, "SELECT s.seat, s.user, s.ai, "
	    "s.away, u.pid, u.name, u.lang, w.until, w.ai FROM seats s "
	    "LEFT JOIN users u ON u.id = s.user LEFT JOIN user_away w "
	    "ON w.user = s.user WHERE s.game = ?1")) == NULL)
		return (-1);
	db_bind_int64(st, 1, g->id);
	while ((rc = db_step(st)) == DB_ROW) {
		seat = db_column_int(st, 0);
		if (seat < 0 || seat >= TAC_MAXSEATS)
			continue;
		p = &g->seats[seat];
		p->user = db_column_int64(st, 1);
		p->ai = db_column_int(st, 2);
		p->away = db_column_int(st, 3);
		store_text(st, 4, p->pid, sizeof p->pid);
		store_text(st, 5, p->name, sizeof p->name);
		store_lang(p->lang, (const char *)db_column_text(st, 6));
		p->away_until = db_column_int64(st, 7);
		p->away_ai = db_column_int(st, 8);
		if (p->ai > 0 && p->user == 0)
			snprintf(p->name, sizeof p->name, "AI %d", seat);
	}
	db_reset(st);
	if (rc != DB_DONE)
		return (store_sqlfail(s, "seats"));
	return (0);
}

/*
 * Read game id into g, and its snapshot into *snapshot (malloc'd, NULL if
 * there is none) when snapshot is not NULL.  1 found, 0 no such game, -1
 * failure.
 */
int
store_game_get(struct store *s, int64_t id, struct store_game *g,
    char **snapshot)
{
	struct db_stmt	*st;
	const char	*snap;
	int		 rc;

	if (snapshot != NULL)
		*snapshot = NULL;
	memset(g, 0, sizeof *g);
	if ((st = store_stmt(s, ST_GAME_GET, "SELECT g.id, g.chat, "
	    "c.platform, c.pid, c.lang, g.state, g.players, g.triples, "
	    "g.master, g.names, g.seed, g.deadline, g.creator, u.pid, "
	    "g.turn_no, g.actor, g.due, g.remind, g.winner, g.created, "
	    "g.updated, g.snapshot, g.ai, c.board, c.title, c.private, "
	    "g.hints, g.coop FROM games g "
	    "JOIN chats c ON c.id = g.chat "
	    "LEFT JOIN users u ON u.id = g.creator WHERE g.id = ?1")) == NULL)
		return (-1);
	db_bind_int64(st, 1, id);
	if ((rc = db_step(st)) != DB_ROW) {
		db_reset(st);
		if (rc == DB_DONE)
			return (0);
		return (store_sqlfail(s, "game"));
	}
	g->id = db_column_int64(st, 0);
	g->chat = db_column_int64(st, 1);
	store_text(st, 2, g->platform, sizeof g->platform);
	store_text(st, 3, g->chat_pid, sizeof g->chat_pid);
	store_lang(g->lang, (const char *)db_column_text(st, 4));
	g->state = db_column_int(st, 5);
	g->cfg.nseats = db_column_int(st, 6);
	g->cfg.triples = db_column_int(st, 7);
	g->cfg.master = db_column_int(st, 8);
	g->cfg.names = db_column_int(st, 9);
	g->seed = (uint64_t)db_column_int64(st, 10);
	g->deadline = db_column_int64(st, 11);
	g->creator = db_column_int64(st, 12);
	store_text(st, 13, g->creator_pid, sizeof g->creator_pid);
	g->turn_no = db_column_int64(st, 14);
	g->actor = db_column_int(st, 15);
	g->due = db_column_int64(st, 16);
	g->remind = db_column_int64(st, 17);
	g->winner = db_column_int(st, 18);
	g->created = db_column_int64(st, 19);
	g->updated = db_column_int64(st, 20);
	g->ai = db_column_int(st, 22);
	store_text(st, 23, g->board, sizeof g->board);
	store_text(st, 24, g->title, sizeof g->title);
	g->private = db_column_int(st, 25);
	g->hints = db_column_int(st, 26);
	g->cfg.coop = db_column_int(st, 27) != 0;
	snap = (const char *)db_column_text(st, 21);
	if (snapshot != NULL && snap != NULL)
		*snapshot = xstrdup(snap);
	db_reset(st);
	if (g->cfg.nseats > TAC_MAXSEATS)
		g->cfg.nseats = TAC_MAXSEATS;
	if (store_game_seats(s, g) != 0) {
		if (snapshot != NULL) {
			free(*snapshot);
			*snapshot = NULL;
		}
		return (-1);
	}
	return (1);
}

/*
 * Read only a game's snapshot: *snapshot is malloc'd, NULL if there is
 * none.  1 found, 0 no such game, -1 failure.
 */
int
store_game_snapshot(struct store *s, int64_t id, char **snapshot)
{
	struct db_stmt	*st;
	const char	*snap;
	int		 rc;

	*snapshot = NULL;
	if ((st = store_stmt(s, ST_GAME_SNAP, "SELECT snapshot FROM games "
	    "WHERE id = ?1")) == NULL)
		return (-1);
	db_bind_int64(st, 1, id);
	if ((rc = db_step(st)) == DB_ROW &&
	    (snap = (const char *)db_column_text(st, 0)) != NULL)
		*snapshot = xstrdup(snap);
	db_reset(st);
	if (rc == DB_ROW)
		return (1);
	if (rc == DB_DONE)
		return (0);
	return (store_sqlfail(s, "snapshot"));
}

/*
 * Write a game's row (not its seats).  snapshot NULL keeps the stored
 * one.
 */
int
store_game_put(struct store *s, const struct store_game *g,
    const char *snapshot)
{
	struct db_stmt	*st;

	if ((st = store_stmt(s, ST_GAME_PUT, "UPDATE games SET state = ?2, "
	    "players = ?3, triples = ?4, master = ?5, names = ?6, seed = ?7, "
	    "deadline = ?8, creator = ?9, turn_no = ?10, actor = ?11, "
	    "due = ?12, remind = ?13, winner = ?14, updated = ?15, "
	    "snapshot = coalesce(?16, snapshot), ai = ?17, hints = ?18, "
	    "coop = ?19 "
	    "WHERE id = ?1")) == NULL)
		return (-1);
	db_bind_int64(st, 1, g->id);
	store_game_bind(st, g);
	if (snapshot != NULL)
		db_bind_text(st, 16, snapshot);
	if (store_step_done(s, st, "game put") != 0)
		return (-1);
	if (db_changes(s->db) != 1)
		return (store_fail(s, "game %lld: no such game",
		    (long long)g->id));
	return (0);
}

/* Write one seat of a game; an empty seat (no person, no AI) is deleted. */
int
store_seat_put(struct store *s, int64_t game, int seat,
    const struct store_seat *p)
{
	struct db_stmt	*st;

	if (p->user == 0 && p->ai == 0) {
		if ((st = store_stmt(s, ST_SEAT_DEL, "DELETE FROM seats "
		    "WHERE game = ?1 AND seat = ?2")) == NULL)
			return (-1);
		db_bind_int64(st, 1, game);
		db_bind_int(st, 2, seat);
		return (store_step_done(s, st, "seat delete"));
	}
	if ((st = store_stmt(s, ST_SEAT_PUT, "INSERT INTO seats "
	    "(game, seat, user, ai, away) VALUES (?1, ?2, ?3, ?4, ?5)"
	    " ON CONFLICT (game, seat) DO UPDATE SET user ="
	    " excluded.user, ai = excluded.ai, away = excluded.away")) ==
	    NULL)
		return (-1);
	db_bind_int64(st, 1, game);
	db_bind_int(st, 2, seat);
	if (p->user != 0)
		db_bind_int64(st, 3, p->user);
	else
		db_bind_null(st, 3);
	db_bind_int(st, 4, p->ai);
	db_bind_int(st, 5, p->away);
	return (store_step_done(s, st, "seat put"));
}

/* Read one integer result of st (bound by the caller): 0 when no row. */
static int64_t
store_one(struct store *s, struct db_stmt *st, const char *what)
{
	int64_t	v = 0;
	int	rc;

	if ((rc = db_step(st)) == DB_ROW)
		v = db_column_int64(st, 0);
	db_reset(st);
	if (rc != DB_ROW && rc != DB_DONE)
		return (store_sqlfail(s, what));
	return (v);
}

/* The open (lobby or running) game of a chat row: its id, 0, or -1. */
int64_t
store_chat_game(struct store *s, int64_t chat)
{
	struct db_stmt	*st;

	if ((st = store_stmt(s, ST_CHAT_GAME, "SELECT id FROM games "
	    "WHERE chat = ?1 AND state < 2")) == NULL)
		return (-1);
	db_bind_int64(st, 1, chat);
	return (store_one(s, st, "chat game"));
}

/* The open game of a chat given by platform and platform id. */
int64_t
store_chat_game_pid(struct store *s, const char *platform, const char *pid)
{
	struct db_stmt	*st;

	if ((st = store_stmt(s, ST_CHAT_GAME_PID, "SELECT g.id FROM games g "
	    "JOIN chats c ON c.id = g.chat WHERE c.platform = ?1 AND "
	    "c.pid = ?2 AND g.state < 2")) == NULL)
		return (-1);
	store_bind_text(st, 1, platform);
	store_bind_text(st, 2, pid);
	return (store_one(s, st, "chat game"));
}

/*
 * The open games a person sits in, oldest first: up to max ids, and in
 * myturn[i] whether that game waits for the person.  Returns how many
 * there are (possibly more than max), -1 on failure.
 */
int
store_user_games(struct store *s, int64_t user, int64_t *ids, int *myturn,
    int max)
{
	struct db_stmt	*st;
	int		 rc, n = 0;

	if ((st = store_stmt(s, ST_USER_GAMES, "SELECT g.id, "
	    "g.state = 1 AND g.actor = st.seat FROM seats st JOIN games g "
	    "ON g.id = st.game WHERE st.user = ?1 AND g.state < 2 "
	    "ORDER BY g.id")) == NULL)
		return (-1);
	db_bind_int64(st, 1, user);
	while ((rc = db_step(st)) == DB_ROW) {
		if (n < max) {
			ids[n] = db_column_int64(st, 0);
			myturn[n] = db_column_int(st, 1);
		}
		n++;
	}
	db_reset(st);
	if (rc != DB_DONE)
		return (store_sqlfail(s, "user games"));
	return (n);
}

/* Append action n (0-based) of a game to its log. */
int
store_action_add(struct store *s, int64_t game, int64_t n, int seat,
    const char *text, int who, int64_t at)
{
	struct db_stmt	*st;

	if ((st = store_stmt(s, ST_ACTION_ADD, "INSERT INTO actions "
	    "(game, n, seat, action, who, at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)"))
	    == NULL)
		return (-1);
	db_bind_int64(st, 1, game);
	db_bind_int64(st, 2, n);
	db_bind_int(st, 3, seat);
	db_bind_text(st, 4, text);
	db_bind_int(st, 5, who);
	db_bind_int64(st, 6, at);
	return (store_step_done(s, st, "action add"));
}

/* Append a copy of text to the record's actions. */
static void
store_record_push(struct tac_record *rec, size_t *cap, const char *text)
{
	if (rec->nactions == *cap) {
		*cap = *cap != 0 ? *cap * 2 : 512;
		rec->actions = xreallocarray(rec->actions, *cap,
		    sizeof *rec->actions);
	}
	rec->actions[rec->nactions++] = xstrdup(text);
}

/*
 * Fill rec with game id's record (options, seed, logged actions); free it
 * with tac_record_free().  1 found, 0 no such game, -1 failure, -2 the log
 * has a gap (rec is left empty on failure).
 */
int
store_record(struct store *s, int64_t id, struct tac_record *rec)
{
	struct store_game	 g;
	struct db_stmt		*st;
	size_t			 cap = 0;
	int64_t			 n = 0;
	int			 rc;

	memset(rec, 0, sizeof *rec);
	if ((rc = store_game_get(s, id, &g, NULL)) <= 0)
		return (rc);
	rec->cfg = g.cfg;
	rec->seeded = 1;
	rec->seed = g.seed;
	if ((st = store_stmt(s, ST_ACTIONS, "SELECT n, action FROM actions "
	    "WHERE game = ?1 ORDER BY n")) == NULL)
		return (-1);
	db_bind_int64(st, 1, id);
	while ((rc = db_step(st)) == DB_ROW) {
		if (db_column_int64(st, 0) != n++) {
			store_fail(s, "the log misses action %lld",
			    (long long)n - 1);
			db_reset(st);
			tac_record_free(rec);
			return (-2);
		}
		store_record_push(rec, &cap,
		    (const char *)db_column_text(st, 1));
	}
	if (rc != DB_DONE) {
		store_sqlfail(s, "actions");
		goto fail;
	}
	db_reset(st);
	return (1);
fail:
	db_reset(st);
	tac_record_free(rec);
	return (-1);
}

/*
 * Call fn for each action of a game's log in order, with its number,
 * seat, text, who played it (STORE_BY_*) and when.  fn returning non-zero
 * stops the walk.
 */
int
store_log(struct store *s, int64_t game, int (*fn)(void *, int64_t, int,
    const char *, int, int64_t), void *arg)
{
	struct db_stmt	*st;
	int		 rc;

	if ((st = store_stmt(s, ST_LOG, "SELECT n, seat, action, who, at "
	    "FROM actions WHERE game = ?1 ORDER BY n")) == NULL)
		return (-1);
	db_bind_int64(st, 1, game);
	while ((rc = db_step(st)) == DB_ROW) {
		if (fn(arg, db_column_int64(st, 0),
		    db_column_int(st, 1),
		    (const char *)db_column_text(st, 2),
		    db_column_int(st, 3), db_column_int64(st, 4)) != 0)
			break;
	}
	db_reset(st);
	if (rc != DB_DONE && rc != DB_ROW)
		return (store_sqlfail(s, "log"));
	return (0);
}

/*
 * All game ids in order, or only the open ones (lobby, playing): *ids is
 * malloc'd (the caller frees it), *n their number.
 */
int
store_game_ids(struct store *s, int open_only, int64_t **ids, size_t *n)
{
	struct db_stmt	*st;
	size_t		 cap = 0;
	int		 rc;

	*ids = NULL;
	*n = 0;
	if (open_only)
		st = store_stmt(s, ST_GAME_IDS, "SELECT id FROM games "
		    "WHERE state < 2 ORDER BY id");
	else
		st = store_stmt(s, ST_GAME_IDS_ALL, "SELECT id FROM games "
		    "ORDER BY id");
	if (st == NULL)
		return (-1);
	while ((rc = db_step(st)) == DB_ROW) {
		if (*n == cap) {
			cap = cap != 0 ? cap * 2 : 64;
			*ids = xreallocarray(*ids, cap, sizeof **ids);
		}
		(*ids)[(*n)++] = db_column_int64(st, 0);
	}
	db_reset(st);
	if (rc != DB_DONE) {
		free(*ids);
		*ids = NULL;
		*n = 0;
		return (store_sqlfail(s, "game ids"));
	}
	return (0);
}

/*
 * The last action of a game's log: who played it (*seat) and its text.
 * 1 found, 0 the log is empty, -1 failure.
 */
int
store_last_action(struct store *s, int64_t game, int *seat, char *buf,
    size_t len)
{
	struct db_stmt	*st;
	int		 rc;

	*seat = -1;
	if (len > 0)
		buf[0] = '\0';
	if ((st = store_stmt(s, ST_LAST_ACTION, "SELECT seat, action FROM "
	    "actions WHERE game = ?1 ORDER BY n DESC LIMIT 1")) == NULL)
		return (-1);
	db_bind_int64(st, 1, game);
	if ((rc = db_step(st)) == DB_ROW) {
		*seat = db_column_int(st, 0);
		store_text(st, 1, buf, len);
	}
	db_reset(st);
	if (rc != DB_ROW && rc != DB_DONE)
		return (store_sqlfail(s, "last action"));
	return (rc == DB_ROW);
}
