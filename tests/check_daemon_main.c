/*
 * check_daemon_main.c: runs the store's and the service's suites, and the
 * helpers they share (see check_daemon.h).
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check_daemon.h"
#include "testdb.h"
#include "compose-read.h"
#include "tacjson.h"
#include "xmalloc.h"

struct td	 fx;

/* PostgreSQL: the scratch databases made in this process, one schema each. */
static int	 td_schemas;

/* Each test of a suite with the fixture starts with an empty database. */
void
fx_setup(void)
{
	td_init(&fx, STORE_NOSYNC);
	td_open(&fx);
}

/* And leaves nothing behind. */
void
fx_teardown(void)
{
	td_done(&fx);
}

/* The fake clock: the seconds in the td it is given. */
int64_t
td_clock(void *arg)
{
	return (((struct td *)arg)->now);
}

/* Make a scratch directory for a database; nothing is opened yet. */
void
td_init(struct td *td, int flags)
{
	const char	*tmp;

	memset(td, 0, sizeof *td);
	if ((tmp = getenv("TMPDIR")) == NULL || *tmp == '\0')
		tmp = "/tmp";
	snprintf(td->dir, sizeof td->dir, "%s/check_daemon.XXXXXX", tmp);
	ck_assert_msg(mkdtemp(td->dir) != NULL, "mkdtemp %s", td->dir);
	snprintf(td->path, sizeof td->path, "%s/t.db", td->dir);
	/* On PostgreSQL: the shared database, emptied at the first open. */
	if (tdb_url() != NULL) {
		td->wipe = ++td_schemas;
		tdb_path(td->path, sizeof td->path, td->wipe);
	}
	td->flags = flags;
	td->now = TD_T0;
	td->update = 1;
}

/* Open the store and a service over it, on the fake clock. */
void
td_open(struct td *td)
{
	char	*cause;

	if (td->wipe) {
		tdb_wipe(td->wipe, 0);
		td->wipe = 0;
	}
	td->store = store_open(td->path, td->flags, &cause);
	ck_assert_msg(td->store != NULL, "store_open: %s", cause);
	td->svc = svc_open(td->store, td_clock, td);
	/* As the daemon has it: /play reads moves in words too. */
	compose_read_install(td->svc);
}

/* Close the service and the store. */
void
td_close(struct td *td)
{
	svc_close(td->svc);
	store_close(td->store);
	td->svc = NULL;
	td->store = NULL;
}

/* Close and open again: a restart of tacd. */
void
td_reopen(struct td *td)
{
	td_close(td);
	td_open(td);
}

/* Close everything and remove the scratch directory. */
void
td_done(struct td *td)
{
	char	p[400];

	td_clear(td);
	if (td->store != NULL)
		td_close(td);
	snprintf(p, sizeof p, "%s-wal", td->path);
	unlink(p);
	snprintf(p, sizeof p, "%s-shm", td->path);
	unlink(p);
	unlink(td->path);
	rmdir(td->dir);
}

/* Run SQL of the test's own and return the first column of its row. */
int64_t
td_sql_int(struct td *td, const char *sql)
{
	int64_t	v = -1;
	int	rc;

	rc = store_sql_int(td->store, sql, &v);
	ck_assert_msg(rc >= 0, "%s: %s", sql, store_error(td->store));
	return (rc == 1 ? v : -1);
}

/* Run SQL of the test's own that must succeed. */
void
td_sql(struct td *td, const char *sql)
{
	ck_assert_msg(store_sql_exec(td->store, sql) == 0, "%s: %s", sql,
	    store_error(td->store));
}

/*
 * Feed a text event from user in chat (private: a person's private chat);
 * each event gets the next update id.  Returns svc_event()'s result.
 */
int
td_event(struct td *td, const char *chat, int private, const char *user,
    int admin, const char *text)
{
	struct svc_event	 ev;
	char			 name[64], title[64];

	memset(&ev, 0, sizeof ev);
	snprintf(name, sizeof name, "Name-%s", user);
	snprintf(title, sizeof title, "Chat %s", chat);
	ev.kind = SVC_EV_TEXT;
	ev.platform = "test";
	ev.update_id = td->update++;
	ev.chat = chat;
	ev.private_chat = private;
	ev.chat_title = title;
	ev.user = user;
	ev.user_name = name;
	ev.admin = admin;
	ev.text = text;
	return (svc_event(td->svc, &ev));
}

/* A person says something in the group chat "g1". */
int
td_say(struct td *td, const char *user, const char *text)
{
	return (td_event(td, "g1", 0, user, 0, text));
}

/* A person presses a button with the given data in a chat. */
int
td_button(struct td *td, const char *chat, const char *user,
    const char *data)
{
	struct svc_event	 ev;

	memset(&ev, 0, sizeof ev);
	ev.kind = SVC_EV_BUTTON;
	ev.platform = "test";
	ev.update_id = td->update++;
	ev.chat = chat;
	ev.user = user;
	ev.user_name = user;
	ev.data = data;
	ev.callback = "cb1";
	return (svc_event(td->svc, &ev));
}

/*
 * Take the platform's next row, alone (a bridge that merges nothing): 1
 * with b holding it, 0 when none is due, -1 on failure.
 */
int
td_take(struct td *td, struct svc_batch *b)
{
	int	rc, i;

	if ((rc = svc_outbox_take(td->svc, "test", NULL, b)) != 1)
		return (rc);
	for (i = 1; i < b->n; i++)
		svc_out_free(&b->row[i]);
	b->n = 1;
	return (1);
}

/* Deliver a batch taken, its message named ref (NULL: none); it must work. */
void
td_finish(struct td *td, struct svc_batch *b, const char *ref)
{
	ck_assert_int_eq(svc_outbox_finish(td->svc, b, SVC_DONE, 0, ref), 0);
}

/* Is user in the group asked about, as the test has it (enum svc_member)? */
static int
td_member(struct td *td, const char *user)
{
	char	word[80];

	if (td->members_unknown)
		return (SVC_MEMBER_UNKNOWN);
	snprintf(word, sizeof word, " %s ", user != NULL ? user : "?");
	return (strstr(td->strangers, word) != NULL ? SVC_MEMBER_NO :
	    SVC_MEMBER_YES);
}

/*
 * Deliver every due outbox row into td->out, a row a message, as a
 * bridge that merges nothing does (a "member" row answered as
 * td_member() says); returns how many came.
 */
int
td_drain(struct td *td)
{
	struct svc_batch	*b;
	struct td_out		*t;
	int			 n = 0, rc;

	ck_assert_ptr_nonnull(b = calloc(1, sizeof *b));
	while ((rc = td_take(td, b)) == 1) {
		ck_assert_msg(td->nout < TD_MAXOUT, "outbox overflow");
		t = &td->out[td->nout++];
		t->id = b->row[0].id;
		snprintf(t->chat, sizeof t->chat, "%s", b->row[0].chat);
		snprintf(t->kind, sizeof t->kind, "%s", b->row[0].kind);
		t->payload = json_loads(b->row[0].payload, 0, NULL);
		ck_assert_msg(t->payload != NULL, "bad payload %s",
		    b->row[0].payload);
		n++;
		if (b->row[0].type == SVC_OUT_MEMBER) {
			/* The platform's answer, as its bridge gives it. */
			ck_assert_int_eq(svc_outbox_member(td->svc, b,
			    td_member(td, td_str(t, "user"))), 0);
			continue;
		}
		td_finish(td, b, NULL);
	}
	ck_assert_int_eq(rc, 0);
	free(b);
	return (n);
}

/* Forget the delivered rows. */
void
td_clear(struct td *td)
{
	int	i;

	for (i = 0; i < td->nout; i++)
		json_decref(td->out[i].payload);
	td->nout = 0;
}

/* The first delivered row of a kind (for a chat, or any when NULL). */
struct td_out *
td_find(struct td *td, const char *kind, const char *chat)
{
	int	i;

	for (i = 0; i < td->nout; i++) {
		if (strcmp(td->out[i].kind, kind) == 0 &&
		    (chat == NULL || strcmp(td->out[i].chat, chat) == 0))
			return (&td->out[i]);
	}
	return (NULL);
}

/* How many delivered rows of a kind (kind NULL: any) for a chat. */
int
td_count(struct td *td, const char *kind, const char *chat)
{
	int	i, n = 0;

	for (i = 0; i < td->nout; i++) {
		if ((kind == NULL || strcmp(td->out[i].kind, kind) == 0) &&
		    (chat == NULL || strcmp(td->out[i].chat, chat) == 0))
			n++;
	}
	return (n);
}

/*
 * How many moves of turn (the turn number after each) a group game's
 * live message tells, and the last of them into *move (NULL: not
 * wanted; json_decref() it).
 */
int
td_told(struct td *td, int64_t game, int64_t turn, json_t **move)
{
	struct svc_live	 l;
	json_t		*m;
	size_t		 i;
	int		 n = 0;

	if (move != NULL)
		*move = NULL;
	ck_assert_int_ge(svc_live(td->svc, game, &l), 0);
	json_array_foreach(l.moves, i, m) {
		if (json_integer_value(json_object_get(m, "turn")) != turn)
			continue;
		n++;
		if (move != NULL) {
			json_decref(*move);
			*move = json_incref(m);
		}
	}
	svc_live_free(&l);
	return (n);
}

/*
 * The round whose exchange a group game's live message tells as its
 * newest line, 0 when its newest line is no exchange's end.
 */
int
td_exchanged(struct td *td, int64_t game)
{
	struct svc_live	 l;
	json_t		*m;
	int		 round = 0;

	ck_assert_int_ge(svc_live(td->svc, game, &l), 0);
	m = json_array_get(l.moves, json_array_size(l.moves) - 1);
	if (m != NULL && json_is_string(json_object_get(m, "action")) &&
	    strcmp(json_string_value(json_object_get(m, "action")),
	    "exchanged") == 0)
		round = (int)json_integer_value(json_object_get(m, "round"));
	svc_live_free(&l);
	return (round);
}

/* A string member of a row's payload, or NULL. */
const char *
td_str(const struct td_out *o, const char *key)
{
	return (json_string_value(json_object_get(o->payload, key)));
}

/* An integer member of a row's payload, or -1. */
int64_t
td_int(const struct td_out *o, const char *key)
{
	json_t	*v = json_object_get(o->payload, key);

	return (json_is_integer(v) ? json_integer_value(v) : -1);
}

/* Deliver and check that an error (or a button's answer) has this code. */
void
td_expect_error(struct td *td, const char *code, const char *what)
{
	struct td_out	*o;
	int		 i;

	td_drain(td);
	for (i = 0; i < td->nout; i++) {
		o = &td->out[i];
		if ((strcmp(o->kind, "error") == 0 ||
		    strcmp(o->kind, "answer") == 0) && td_str(o, "code") !=
		    NULL && strcmp(td_str(o, "code"), code) == 0) {
			/* A code and its values: the renderer words them. */
			ck_assert(json_is_object(json_object_get(o->payload,
			    "args")));
			td_clear(td);
			return;
		}
	}
	ck_abort_msg("%s: no error \"%s\" among %d rows (first: %s %s)", what,
	    code, td->nout, td->nout > 0 ? td->out[0].kind : "-",
	    td->nout > 0 && td_str(&td->out[0], "code") != NULL ?
	    td_str(&td->out[0], "code") : "");
}

/* The open game of a chat. */
int64_t
td_game(struct td *td, const char *chat)
{
	return (svc_chat_game(td->svc, "test", chat));
}

/*
 * The first (or with last, the last) legal action of a game, into buf;
 * returns the seat to act.
 */
int
td_legal(struct td *td, int64_t game, int last, char *buf, size_t len)
{
	static struct tac_list	*l;
	struct tac_state	 st;
	int			 n;

	if (l == NULL)
		l = malloc(sizeof *l);
	ck_assert_ptr_nonnull(l);
	ck_assert_int_eq(svc_game_position(td->svc, game, -1, &st), 0);
	ck_assert_int_gt((n = tac_legal(&st, l)), 0);
	tac_action_format(&l->a[last ? n - 1 : 0], buf, len);
	return (st.turn);
}

/*
 * The first legal action of seat in a game as it acts in it (in an
 * exchange: its gift, whoever else is to give), into buf; returns seat.
 */
int
td_legal_of(struct td *td, int64_t game, int seat, char *buf, size_t len)
{
	static struct tac_list	*l;
	struct tac_state	 st;

	if (l == NULL)
		l = malloc(sizeof *l);
	ck_assert_ptr_nonnull(l);
	ck_assert_int_eq(svc_game_position(td->svc, game, -1, &st), 0);
	if (st.phase == TAC_PH_EXCHANGE) {
		ck_assert_int_eq(st.gift[seat], TAC_NONE);
		st.turn = (uint8_t)seat;
	}
	ck_assert_int_eq(st.turn, seat);
	ck_assert_int_gt(tac_legal(&st, l), 0);
	tac_action_format(&l->a[0], buf, len);
	return (seat);
}

/* The first legal action of a game; returns the seat to act. */
int
td_first_legal(struct td *td, int64_t game, char *buf, size_t len)
{
	return (td_legal(td, game, 0, buf, len));
}

/* The person to act plays the first (or last) legal action, typed. */
int
td_play(struct td *td, int64_t game, const char *chat, int last)
{
	struct svc_game	g;
	char		act[160], text[200];
	int		seat;

	seat = td_legal(td, game, last, act, sizeof act);
	ck_assert_int_eq(svc_game_info(td->svc, game, &g), 1);
	snprintf(text, sizeof text, "/play %s", act);
	return (td_event(td, chat, 0, g.seats[seat].user, 0, text));
}

/* The person to act plays the first legal action. */
int
td_play_first(struct td *td, int64_t game, const char *chat)
{
	return (td_play(td, game, chat, 0));
}

/*
 * Everyone who must give in game id's exchange gives their first card,
 * in play order; returns how many gave.
 */
int
td_exchange(struct td *td, int64_t game, const char *chat)
{
	struct tac_state	st;
	int			n = 0;

	for (;;) {
		ck_assert_int_eq(svc_game_position(td->svc, game, -1, &st), 0);
		if (st.phase != TAC_PH_EXCHANGE)
			return (n);
		ck_assert_int_eq(td_play_first(td, game, chat), 0);
		ck_assert_int_le(++n, TAC_MAXSEATS);
	}
}

/*
 * u0 opens a game with options in chat (and auto=off unless they say),
 * u1..u3 join, u0 starts it.
 */
int64_t
td_lobby4(struct td *td, const char *chat, const char *opts)
{
	char	cmd[128];
	int	i;

	/* Each turn waits for its person, as the tests drive them, unless
	   the options say otherwise (auto=on). */
	snprintf(cmd, sizeof cmd, "/new %s%s", opts, strstr(opts, "auto=") ==
	    NULL ? " auto=off" : "");
	ck_assert_int_eq(td_event(td, chat, 0, "u0", 0, cmd), 0);
	for (i = 1; i < 4; i++) {
		snprintf(cmd, sizeof cmd, "u%d", i);
		ck_assert_int_eq(td_event(td, chat, 0, cmd, 0, "/join"), 0);
	}
	ck_assert_int_eq(td_event(td, chat, 0, "u0", 0, "/start"), 0);
	return (td_game(td, chat));
}

/* A game's full position as JSON (the caller releases it). */
json_t *
td_pos_json(struct td *td, int64_t game)
{
	struct tac_state	st;

	ck_assert_int_eq(svc_game_position(td->svc, game, -1, &st), 0);
	return (tac_position_save(&st, -1));
}

/* A game's description (static: valid until the next call). */
struct svc_game *
td_info(struct td *td, int64_t game)
{
	static struct svc_game	g;

	ck_assert_int_eq(svc_game_info(td->svc, game, &g), 1);
	return (&g);
}

/* Replay a game's log from its seed; it must give the stored position. */
void
td_check_replay(struct td *td, int64_t game)
{
	struct tac_record	 rec;
	struct tac_state	 st;
	struct tac_list		*l;
	json_t			*a, *b;
	char			 why[256];
	size_t			 failed;

	l = malloc(sizeof *l);
	ck_assert_ptr_nonnull(l);
	ck_assert_int_eq(store_record(td->store, game, &rec), 1);
	ck_assert_uint_eq(rec.nactions, td_info(td, game)->turn_no);
	memset(&st, 0, sizeof st);
	ck_assert_msg(tac_record_replay(&rec, &st, l, &failed, why,
	    sizeof why) == 0, "replay: action %zu: %s", failed, why);
	a = tac_position_save(&st, -1);
	b = td_pos_json(td, game);
	ck_assert(json_equal(a, b));
	json_decref(a);
	json_decref(b);
	tac_record_free(&rec);
	free(l);
}

/* Run the timers until nothing is due now; returns the steps done. */
int
td_run_timers(struct td *td)
{
	int64_t	t;
	int	n = 0, rc;

	while ((t = svc_next_timer(td->svc)) >= 0 && t <= td->now) {
		rc = svc_timers(td->svc);
		ck_assert_msg(rc >= 0, "svc_timers: %s", svc_error(td->svc));
		if (rc == 0)
			break;
		n += rc;
	}
	return (n);
}

/* Run all suites; exit non-zero if any test failed. */
int
main(void)
{
	SRunner	*sr;
	int	 failed;

	xmalloc_json();
	sr = srunner_create(suite_store());
	srunner_add_suite(sr, suite_store_guard());
	srunner_add_suite(sr, suite_store_lead());
	srunner_add_suite(sr, suite_stats());
	srunner_add_suite(sr, suite_stats_log());
	srunner_add_suite(sr, suite_end());
	srunner_add_suite(sr, suite_coop());
	srunner_add_suite(sr, suite_rematch());
	srunner_add_suite(sr, suite_web());
	srunner_add_suite(sr, suite_service());
	srunner_add_suite(sr, suite_game());
	srunner_add_suite(sr, suite_game_timers());
	srunner_add_suite(sr, suite_menu());
	srunner_add_suite(sr, suite_chat());
	srunner_add_suite(sr, suite_outbox());
	srunner_add_suite(sr, suite_link());
	srunner_add_suite(sr, suite_access());
	srunner_add_suite(sr, suite_say());
	srunner_add_suite(sr, suite_play_words());
	srunner_add_suite(sr, suite_say_names());
	srunner_add_suite(sr, suite_learn());
	srunner_add_suite(sr, suite_hints());
	srunner_add_suite(sr, suite_commands());
	srunner_add_suite(sr, suite_pace());
	srunner_add_suite(sr, suite_left());
	srunner_add_suite(sr, suite_premove());
	srunner_add_suite(sr, suite_away());
	srunner_add_suite(sr, suite_remind());
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return (failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE);
}
