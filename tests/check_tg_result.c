/*
 * check_tg_result.c: the Telegram bridge's sender and its failure table
 * (bot/telegram/tg-send.c, tg-result.c) against a stub of the Bot API
 * (check_tg_stub.c): the real tg_start(), the rows of the real service,
 * every call answered here as Telegram answers, and what became of the
 * rows read back from the store.  Each line of tg-result.c's table has
 * its test: ok, not modified, a gone message posted anew, a refused
 * photo, a migration, a refusal, a person who cannot be reached, 429, a
 * failure while the API works and while it seems down, a cancelled call.
 *
 * The service and the bridge run on a fake clock (ts.t) that the tests
 * wind instead of waiting (the bridge's tg_now() and tg_wall() are linked
 * wrapped, -Wl,--wrap): a put-off row's due time and a hold are
 * compared with it exactly, and a wait is over when the clock is wound
 * past it, however slow the machine.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <sys/stat.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <check.h>
#include <event2/event.h>
#include <sqlite3.h>

#include "check_tg_send.h"
#include "check_tg_stub.h"
#include "config.h"
#include "picture.h"
#include "store.h"
#include "utf8.h"
#include "xmalloc.h"

/* The service, the bridge as tacd starts it, and the stub. */
struct ts_fixture	ts;

#define TS_T0	1700000000.0	/* where the fake clock starts */

/* The bridge's clocks, linked wrapped (Makefile.am): the fake one. */
double	__wrap_tg_now(void);
int64_t	__wrap_tg_wall(void);

/* The bridge's monotonic clock: the fake one. */
double
__wrap_tg_now(void)
{
	return (ts.t);
}

/* The wall clock (unix seconds): the same fake one. */
int64_t
__wrap_tg_wall(void)
{
	return ((int64_t)ts.t);
}

/* The service's clock: that one. */
static int64_t
ts_svc_wall(void *arg)
{
	(void)arg;
	return (__wrap_tg_wall());
}

/*
 * Wind the fake clock by s seconds and let the bridge look at what came
 * due (its own timer runs on the real clock), then run the loop once.
 */
static void
ts_wind(double s)
{
	ts.t += s;
	if (ts.tg != NULL)
		tg_send_kick(ts.tg);
	event_base_loop(ts.base, EVLOOP_NONBLOCK);
}

/* Cancel the calls no test answers: the menus, the admin lists. */
static void
ts_quiet(void)
{
	stub_drop(ts.tg, "setMyCommands");
	stub_drop(ts.tg, "getUpdates");
	stub_drop(ts.tg, "getChatAdministrators");
}

/*
 * Start the bridge as tacd does, against the stub, and answer its getMe:
 * it sends what waits in the outbox.
 */
static void
ts_start(void)
{
	struct config		 conf;
	struct stub_call	*c;
	struct stub_answer	 a;
	json_t			*me;
	char			*cause = NULL;

	config_defaults(&conf);
	snprintf(conf.telegram_token_file, sizeof conf.telegram_token_file,
	    "%s/token", ts.dir);
	ts.tg = tg_start(ts.base, ts.svc, &conf, &cause);
	ck_assert_msg(ts.tg != NULL, "%s", cause);
	/* Nothing goes before getMe names the bot. */
	ck_assert_int_eq(stub_count(NULL), 1);
	ck_assert_int_eq(stub_count("getMe"), 1);
	ck_assert_ptr_nonnull(c = stub_first("getMe"));
	memset(&a, 0, sizeof a);
	a.status = 200;
	a.result = me = json_pack("{s:s}", "username", "TacTestBot");
	stub_answer(ts.tg, c, &a);
	json_decref(me);
	ts_quiet();
}

/* A fresh database, and the bridge started against the stub. */
void
ts_setup(void)
{
	const char		*tmp;
	char			*cause = NULL, token[400];
	FILE			*f;

	memset(&ts, 0, sizeof ts);
	if ((tmp = getenv("TMPDIR")) == NULL || *tmp == '\0')
		tmp = "/tmp";
	snprintf(ts.dir, sizeof ts.dir, "%s/check_tg_send.XXXXXX", tmp);
	ck_assert_ptr_nonnull(mkdtemp(ts.dir));
	snprintf(ts.path, sizeof ts.path, "%s/t.db", ts.dir);
	snprintf(token, sizeof token, "%s/token", ts.dir);
	ck_assert_ptr_nonnull(f = fopen(token, "w"));
	fputs("4242:stub\n", f);
	fclose(f);
	/* A secret file only its owner may read, as tacd wants it. */
	ck_assert_int_eq(chmod(token, 0600), 0);
	ts.update = 1;
	ts.t = TS_T0;
	ts.store = store_open(ts.path, STORE_NOSYNC, &cause);
	ck_assert_msg(ts.store != NULL, "%s", cause);
	ts.svc = svc_open(ts.store, ts_svc_wall, NULL);
	ck_assert_ptr_nonnull(ts.base = event_base_new());
	ts_start();
}

/* And leaves nothing behind: calls out are cancelled, as at a stop. */
void
ts_teardown(void)
{
	char	p[400];

	tg_free(ts.tg);
	/* What the drawing keeps for the process goes, as at tacd's exit. */
	picture_exit();
	svc_close(ts.svc);
	store_close(ts.store);
	event_base_free(ts.base);
	unlink(ts.path);
	snprintf(p, sizeof p, "%s-wal", ts.path);
	unlink(p);
	snprintf(p, sizeof p, "%s-shm", ts.path);
	unlink(p);
	snprintf(p, sizeof p, "%s/token", ts.dir);
	unlink(p);
	rmdir(ts.dir);
}

/* A person types text in a chat (a group's id is negative). */
static void
ts_say(const char *chat, const char *user, const char *text)
{
	struct tg_update	*u;
	char			 buf[1024];

	snprintf(buf, sizeof buf, "{\"update_id\": %lld, \"message\": "
	    "{\"message_id\": 1, \"from\": {\"id\": %s, \"first_name\": "
	    "\"P%s\"}, \"chat\": {\"id\": %s, \"type\": \"%s\", "
	    "\"title\": \"Stub TAC\"}, \"text\": \"%s\"}}",
	    (long long)ts.update++, user, user, chat, chat[0] == '-' ?
	    "group" : "private", text);
	ck_assert_ptr_nonnull(u = malloc(sizeof *u));
	ck_assert_int_eq(tg_update_parse(buf, strlen(buf), "TacTestBot", u),
	    1);
	ck_assert_int_eq(tg_feed(ts.tg, u), 0);
	free(u);
	/* As tacd's after-commit step follows: the outbox goes. */
	tg_after(ts.tg);
	tg_deliver(ts.tg);
	ts_quiet();
}

/* A number out of the store (the first column of a query's row). */
static int64_t
ts_sql(const char *sql)
{
	sqlite3_stmt	*st;
	int64_t		 v = -1;

	ck_assert_int_eq(sqlite3_prepare_v2(store_db(ts.store), sql, -1, &st,
	    NULL), SQLITE_OK);
	if (sqlite3_step(st) == SQLITE_ROW)
		v = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return (v);
}

/*
 * Let ms of the fake clock pass, 2 ms at a time, until a call is out:
 * a rate bucket refills, a put-off row comes due.
 */
static void
ts_run(int ms)
{
	int	i;

	for (i = 0; i < ms / 2 && stub_count(NULL) == 0; i++)
		ts_wind(0.002);
}

/* The first call out (the loop run a while for it), or NULL. */
static struct stub_call *
ts_next(void)
{
	ts_quiet();
	if (stub_count(NULL) == 0)
		ts_run(1000);
	ts_quiet();
	return (stub_first(NULL));
}

/*
 * The call of a method waiting for a chat: it must come within 2 s of
 * the fake clock.
 */
static struct stub_call *
ts_call(const char *method, const char *chat)
{
	struct stub_call	*c;
	int			 tries;

	for (tries = 0; tries < 1000; tries++) {
		ts_quiet();
		for (c = stub_first(method); c != NULL; c = TAILQ_NEXT(c,
		    entry)) {
			if (strcmp(c->method, method) == 0 &&
			    strcmp(stub_chat(c), chat) == 0)
				return (c);
		}
		ts_wind(0.002);
	}
	ck_abort_msg("no %s call to %s (%d calls out)", method, chat,
	    stub_count(NULL));
	return (NULL);
}

/* Answer with an HTTP status and a description, the rest as none. */
static void
ts_fail(struct stub_call *c, long status, const char *desc)
{
	struct stub_answer	a;

	memset(&a, 0, sizeof a);
	a.status = status;
	a.desc = desc;
	stub_answer(ts.tg, c, &a);
}

/*
 * getChatMember, as Telegram answers it, decides a seat taken from a
 * private chat: a member (and one restricted who is still a member) is
 * seated; one who left, was removed, is restricted and out, or whom
 * Telegram does not know there ("user not found") is told they are not
 * in the group; a call that failed (the group gone, the bot removed, a
 * 500, no answer) seats nobody and says it could not check; a 429 waits
 * and asks again.
 */
START_TEST(test_member)
{
	static const struct {
		long		 status;
		const char	*desc;
		const char	*result;
		const char	*code;		/* NULL: seated */
	} cases[] = {
		{ 200, NULL, "{\"status\": \"member\"}", NULL },
		{ 200, NULL, "{\"status\": \"restricted\", \"is_member\": "
		    "true}", NULL },
		{ 200, NULL, "{\"status\": \"administrator\"}", NULL },
		{ 200, NULL, "{\"status\": \"left\"}", "not_member" },
		{ 200, NULL, "{\"status\": \"kicked\"}", "not_member" },
		{ 200, NULL, "{\"status\": \"restricted\", \"is_member\": "
		    "false}", "not_member" },
		{ 400, "Bad Request: user not found", NULL, "not_member" },
		{ 400, "Bad Request: chat not found", NULL, "member_unknown" },
		{ 403, "Forbidden: bot was kicked from the supergroup chat",
		    NULL, "member_unknown" },
		{ 500, "Internal Server Error", NULL, "member_unknown" },
		{ 0, "Connection refused", NULL, "member_unknown" },
	};
	struct stub_call	*c;
	struct stub_answer	 a;
	char			 key[SVC_KEY_MAX], link[64], user[16], sql[256];
	size_t			 i;

	ts_say("-100", "1", "/new 6");
	stub_ok(ts.tg, ts_call("sendMessage", "-100"), 100);
	ck_assert_int_eq(svc_game_key(ts.svc, 1, key), 1);
	snprintf(link, sizeof link, "/start j%s", key);
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		snprintf(user, sizeof user, "%zu", 20 + i);
		ts_say(user, user, link);
		/* Nobody is seated before Telegram answers. */
		snprintf(sql, sizeof sql, "SELECT count(*) FROM seats s JOIN "
		    "users u ON u.id = s.user WHERE u.pid = '%s'", user);
		ck_assert_int_eq(ts_sql(sql), 0);
		ck_assert_ptr_nonnull(c = ts_call("getChatMember", "-100"));
		ck_assert_int_eq(json_integer_value(json_object_get(c->params,
		    "user_id")), 20 + (json_int_t)i);
		memset(&a, 0, sizeof a);
		a.status = cases[i].status;
		a.desc = cases[i].desc;
		a.result = cases[i].result != NULL ?
		    json_loads(cases[i].result, 0, NULL) : NULL;
		stub_answer(ts.tg, c, &a);
		json_decref(a.result);
		tg_after(ts.tg);
		ck_assert_int_eq(ts_sql(sql), cases[i].code == NULL);
		snprintf(sql, sizeof sql, "SELECT count(*) FROM outbox WHERE "
		    "chat = '%s' AND kind = 'error' AND payload LIKE "
		    "'%%\"code\":\"%s\"%%'", user, cases[i].code != NULL ?
		    cases[i].code : "-");
		ck_assert_msg(ts_sql(sql) == (cases[i].code != NULL),
		    "case %zu: no %s", i, cases[i].code);
		ck_assert_int_eq(ts_sql("SELECT count(*) FROM outbox WHERE "
		    "kind = 'member' AND sent = 0"), 0);
	}
	/* A 429: asked again after retry_after, then seated. */
	ts_say("40", "40", link);
	ck_assert_ptr_nonnull(c = ts_call("getChatMember", "-100"));
	memset(&a, 0, sizeof a);
	a.status = 429;
	a.desc = "Too Many Requests: retry after 1";
	a.retry_after = 1;
	stub_answer(ts.tg, c, &a);
	ck_assert_int_eq(ts_sql("SELECT count(*) FROM outbox WHERE "
	    "kind = 'member' AND sent = 0 AND chat = '40'"), 1);
	ck_assert_ptr_nonnull(c = ts_call("getChatMember", "-100"));
	memset(&a, 0, sizeof a);
	a.status = 200;
	a.result = json_pack("{s:s}", "status", "member");
	stub_answer(ts.tg, c, &a);
	json_decref(a.result);
	ck_assert_int_eq(ts_sql("SELECT count(*) FROM seats s JOIN users u "
	    "ON u.id = s.user WHERE u.pid = '40'"), 1);
}
END_TEST

/* ok: the row is done, the message kept by its name. */
START_TEST(test_ok)
{
	ts_say("5", "5", "/help");
	ck_assert_int_eq(stub_count(NULL), 1);
	stub_ok(ts.tg, ts_call("sendMessage", "5"), 42);
	ck_assert_int_eq(ts_sql("SELECT count(*) FROM outbox WHERE sent = 1 "
	    "AND message = '42' AND chat = '5'"), 1);
	ck_assert_int_eq(ts_sql("SELECT count(*) FROM outbox WHERE sent = 0"),
	    0);
}
END_TEST

/*
 * A lobby's edit that changes nothing is done; one whose message is
 * gone posts the lobby anew at once (the chat's next call), and the new
 * message is the one edited from then on.
 */
START_TEST(test_notmod_and_gone)
{
	struct stub_call	*c;
	char			 ref[32];

	ts_say("-100", "1", "/new");
	stub_ok(ts.tg, ts_call("sendMessage", "-100"), 100);
	ts_say("-100", "2", "/join");
	ck_assert_ptr_nonnull(c = ts_call("editMessageText", "-100"));
	ck_assert_int_eq(json_integer_value(json_object_get(c->params,
	    "message_id")), 100);
	ts_fail(c, 400, "Bad Request: message is not modified");
	ck_assert_int_eq(ts_sql("SELECT count(*) FROM outbox WHERE sent = 0"),
	    0);
	ts_say("-100", "3", "/join");
	ts_fail(ts_call("editMessageText", "-100"), 400,
	    "Bad Request: message to edit not found");
	/* The same delivery goes on: the row waits for it. */
	ck_assert_int_eq(ts_sql("SELECT count(*) FROM outbox WHERE sent = 0"),
	    1);
	ck_assert_ptr_nonnull(c = ts_call("sendMessage", "-100"));
	ck_assert_ptr_null(json_object_get(c->params, "message_id"));
	stub_ok(ts.tg, c, 101);
	ck_assert_int_eq(svc_message(ts.svc, 1, "-100", "lobby", ref,
	    sizeof ref), 1);
	ck_assert_str_eq(ref, "101");
	ck_assert_int_eq(ts_sql("SELECT count(*) FROM outbox WHERE sent = 0"),
	    0);
}
END_TEST

/*
 * Play on (person 1 plays their first legal action when it is theirs,
 * the AI seats move) answering the calls "ok", until the board's edit in
 * "-100": 1 when it is a text edit of message msg, and no board photo
 * came in that chat meanwhile.
 */
static int
ts_play(int64_t msg)
{
	struct tac_list		*l;
	struct tac_state	 st;
	struct svc_game		 g;
	struct stub_call	*c;
	char			 act[160], cmd[200];
	int			 steps, found = 0;

	ck_assert_ptr_nonnull(l = malloc(sizeof *l));
	for (steps = 0; steps < 200 && !found; steps++) {
		while (svc_timers(ts.svc) > 0)
			;
		ck_assert_int_eq(svc_game_info(ts.svc, 1, &g), 1);
		if (g.actor == 0 &&
		    svc_game_position(ts.svc, 1, -1, &st) == 0 &&
		    tac_legal(&st, l) > 0) {
			tac_action_format(&l->a[0], act, sizeof act);
			snprintf(cmd, sizeof cmd, "/play %s", act);
			ts_say("1", "1", cmd);
		}
		tg_send_kick(ts.tg);
		while ((c = ts_next()) != NULL) {
			if (strcmp(stub_chat(c), "-100") == 0)
				ck_assert_str_ne(c->method, "editMessageMedia");
			if (strcmp(c->method, "editMessageText") == 0 &&
			    strcmp(stub_chat(c), "-100") == 0 &&
			    json_integer_value(json_object_get(c->params,
			    "message_id")) == msg)
				found = 1;
			stub_ok(ts.tg, c, 2000 + steps);
			ts_quiet();
		}
	}
	free(l);
	return (found);
}

/*
 * A photo refused: the text board goes instead, in the same delivery,
 * and the chat's boards are text for a while: after the next move the
 * board's edit (a row) is a text edit of that message.
 */
START_TEST(test_photo_refused)
{
	struct stub_call	*c;
	const char		*text;
	char			 ref[32];
	double			 t;

	ts_say("-100", "1", "/new seed=5");
	ts_say("-100", "1", "/ai all");
	ts_say("-100", "1", "/start");
	/* The board's photo (the exchange's turn photo may come before). */
	while ((c = ts_next()) != NULL && (strcmp(c->method, "sendPhoto") != 0 ||
	    strcmp(stub_chat(c), "-100") != 0))
		stub_ok(ts.tg, c, 200 + ts_sql("SELECT count(*) FROM outbox"));
	ck_assert_ptr_nonnull(c = ts_call("sendPhoto", "-100"));
	ck_assert_uint_gt(c->len, 1000);
	t = ts.t;
	ts_fail(c, 400, "Bad Request: IMAGE_PROCESS_FAILED");
	ck_assert_ptr_nonnull(c = ts_call("sendMessage", "-100"));
	ck_assert_ptr_nonnull(text = json_string_value(json_object_get(
	    c->params, "text")));
	ck_assert_ptr_nonnull(strstr(text, "<pre>"));
	stub_ok(ts.tg, c, 300);
	ck_assert_int_eq(svc_message(ts.svc, 1, "-100", "board", ref,
	    sizeof ref), 1);
	ck_assert_str_eq(ref, "300");
	/* Text boards in that chat for the hour from the refusal. */
	ck_assert(tg_chat_find(ts.tg, "-100")->nophoto == t + TG_NOPHOTO);
	/* The game goes on: after moves, the board's edit is a text one. */
	ck_assert_int_eq(ts_play(300), 1);
}
END_TEST

/*
 * 400 migrate_to_chat_id: the service moves the chat's games and rows,
 * the row is put off without an attempt and goes to the new id at once.
 */
START_TEST(test_migrate)
{
	struct stub_answer	a;

	ts_say("-100", "1", "/new");
	memset(&a, 0, sizeof a);
	a.status = 400;
	a.desc = "Bad Request: group chat was upgraded to a supergroup chat";
	a.migrate = -1009;
	stub_answer(ts.tg, ts_call("sendMessage", "-100"), &a);
	ck_assert_int_eq(svc_chat_game(ts.svc, TG_PLATFORM, "-1009"), 1);
	ck_assert_int_eq(ts_sql("SELECT attempts FROM outbox WHERE sent = 0 "
	    "AND chat = '-1009'"), 0);
	tg_send_kick(ts.tg);
	stub_ok(ts.tg, ts_call("sendMessage", "-1009"), 7);
	ck_assert_int_eq(ts_sql("SELECT count(*) FROM outbox WHERE sent = 1 "
	    "AND chat = '-1009'"), 1);
}
END_TEST

/*
 * 400 and 403 with no way out: dropped.  A group's refusal tells nobody;
 * a person's private chat that cannot be written to (403, or 400 "chat
 * not found") is dropped as unreachable: their game's group gets one
 * notice, with the link that opens the chat, in that group's order, and
 * no more while they stay out of reach.
 */
START_TEST(test_refused_and_unreachable)
{
	struct stub_call	*c;
	const char		*text;

	ts_say("-100", "7", "/new");
	ts_fail(ts_call("sendMessage", "-100"), 403,
	    "Forbidden: bot was kicked from the group chat");
	ck_assert_int_eq(ts_sql("SELECT count(*) FROM outbox WHERE sent = 2 "
	    "AND chat = '-100'"), 1);
	ck_assert_int_eq(ts_sql("SELECT count(*) FROM outbox WHERE "
	    "kind = 'unreachable'"), 0);
	ts_say("-100", "7", "/ai all");
	ts_say("-100", "7", "/start");
	/* The group's rows go; person 7's first private one is refused. */
	while ((c = ts_next()) != NULL && strcmp(stub_chat(c), "7") != 0)
		stub_ok(ts.tg, c, 500 + ts_sql("SELECT count(*) FROM outbox"));
	ck_assert_ptr_nonnull(c);
	ts_fail(c, 403, "Forbidden: bot can't initiate conversation with a "
	    "user");
	ck_assert_int_eq(ts_sql("SELECT count(*) FROM outbox WHERE "
	    "kind = 'unreachable' AND chat = '-100'"), 1);
	/* The notice, in words, with the link to the person's hand. */
	while ((c = ts_next()) != NULL) {
		text = json_string_value(json_object_get(c->params, "text"));
		if (text != NULL && strstr(text, "cannot write") != NULL)
			break;
		if (strcmp(stub_chat(c), "7") == 0)
			ts_fail(c, 403, "Forbidden: bot can't initiate "
			    "conversation with a user");
		else
			stub_ok(ts.tg, c, 700 + ts_sql("SELECT count(*) FROM "
			    "outbox"));
	}
	ck_assert_ptr_nonnull(c);
	ck_assert_str_eq(stub_chat(c), "-100");
	ck_assert_ptr_nonnull(strstr(text, "P7: I cannot write to you "
	    "privately. Open https://t.me/TacTestBot?start=h1 and press "
	    "Start"));
	/* Person 7's next rows are refused: no second notice. */
	ts_say("7", "7", "/hand");
	while ((c = ts_next()) != NULL) {
		if (strcmp(stub_chat(c), "7") == 0)
			ts_fail(c, 400, "Bad Request: chat not found");
		else
			stub_ok(ts.tg, c, 900 + ts_sql("SELECT count(*) FROM "
			    "outbox"));
	}
	ck_assert_int_eq(ts_sql("SELECT count(*) FROM outbox WHERE "
	    "kind = 'unreachable'"), 1);
	ck_assert_int_eq(ts_sql("SELECT count(*) FROM outbox WHERE sent = 0"),
	    0);
}
END_TEST

/*
 * 429: put off by retry_after, no attempt counted, the chat holds: its
 * row is due and the chat free again exactly the retry_after the API
 * gave later, not before.
 */
START_TEST(test_too_many)
{
	struct stub_answer	 a;
	struct stub_call	*c;
	double			 t;

	ts_say("5", "5", "/help");
	memset(&a, 0, sizeof a);
	a.status = 429;
	a.desc = "Too Many Requests: retry after 5";
	a.retry_after = 5;
	c = ts_call("sendMessage", "5");
	t = ts.t;
	stub_answer(ts.tg, c, &a);
	ck_assert_int_eq(ts_sql("SELECT attempts FROM outbox WHERE sent = 0"),
	    0);
	ck_assert_int_eq(ts_sql("SELECT due FROM outbox WHERE sent = 0"),
	    (int64_t)t + 5);
	ck_assert(tg_chat_find(ts.tg, "5")->hold == t + 5);
	/* Held: the chat's next row does not go, until the 5 s are over. */
	ts_say("5", "5", "/rules");
	ck_assert_int_eq(stub_count(NULL), 0);
	ts_wind(t + 4.9 - ts.t);
	ck_assert_int_eq(stub_count(NULL), 0);
	ts_wind(0.2);
	ck_assert_ptr_nonnull(c = ts_call("sendMessage", "5"));
	stub_ok(ts.tg, c, 50);
	ck_assert_int_eq(ts_sql("SELECT count(*) FROM outbox WHERE sent = 1 "
	    "AND message = '50'"), 1);
}
END_TEST

/*
 * A 5xx while other calls work: the message is the trouble: again after
 * 1 s, an attempt counted; given up after TG_MAXTRIES.  While nothing
 * works, the API is down: put off, no attempt counted.
 */
START_TEST(test_failed)
{
	struct stub_call	*a, *b;
	double			 t;

	/* Nothing worked since the call went: the API seems down. */
	ts_say("5", "5", "/help");
	a = ts_call("sendMessage", "5");
	t = ts.t;
	ts_fail(a, 502, "Bad Gateway");
	ck_assert_int_eq(ts_sql("SELECT attempts FROM outbox WHERE sent = 0"),
	    0);
	ck_assert(ts.tg->down_until == t + 1);
	ck_assert_int_eq(ts_sql("SELECT due FROM outbox WHERE sent = 0"),
	    (int64_t)t + 1);
	/* Nothing goes while it waits, not another chat's row either. */
	ts_say("6", "6", "/help");
	ck_assert_int_eq(stub_count(NULL), 0);
	ts_wind(t + 0.9 - ts.t);
	ck_assert_int_eq(stub_count(NULL), 0);
	/* Once the wait is over, another call works meanwhile. */
	ck_assert_ptr_nonnull(a = ts_call("sendMessage", "5"));
	ck_assert_ptr_nonnull(b = ts_call("sendMessage", "6"));
	ck_assert(ts.t >= t + 1);
	stub_ok(ts.tg, b, 11);
	t = ts.t;
	ts_fail(a, 500, "Internal Server Error");
	ck_assert_int_eq(ts_sql("SELECT attempts FROM outbox WHERE sent = 0"),
	    1);
	/* The first attempt's backoff: again 1 s later. */
	ck_assert_int_eq(ts_sql("SELECT due FROM outbox WHERE sent = 0"),
	    (int64_t)t + 1);
	ck_assert(ts.tg->down_until == 0);
	/* Its last try fails: given up. */
	ts_sql("UPDATE outbox SET attempts = 5 WHERE sent = 0");
	ts_say("6", "6", "/help");
	ck_assert_ptr_nonnull(a = ts_call("sendMessage", "5"));
	ck_assert_ptr_nonnull(b = ts_call("sendMessage", "6"));
	stub_ok(ts.tg, b, 12);
	ts_fail(a, 0, "Connection refused");
	ck_assert_int_eq(ts_sql("SELECT count(*) FROM outbox WHERE sent = 2 "
	    "AND chat = '5'"), 1);
	ck_assert_int_eq(ts_sql("SELECT count(*) FROM outbox WHERE sent = 0"),
	    0);
}
END_TEST

/*
 * A 500 of the API itself, with nothing else going: the message is the
 * trouble (an attempt counted), not an outage that would hold its chat
 * for ever.
 */
START_TEST(test_failed_alone)
{
	ts_say("5", "5", "/help");
	ts_fail(ts_call("sendMessage", "5"), 500, "Internal Server Error");
	ck_assert_int_eq(ts_sql("SELECT attempts FROM outbox WHERE sent = 0"),
	    1);
	ck_assert(ts.tg->down_until == 0);
	ck_assert_int_eq(ts.tg->down_since, 0);
}
END_TEST

/*
 * A call cancelled (tacd stops while it is out): its rows stay to be
 * delivered, nothing counted, and a restart sends them.
 */
START_TEST(test_cancelled)
{
	ts_say("5", "5", "/help");
	ck_assert_int_eq(stub_count("sendMessage"), 1);
	tg_free(ts.tg);
	ts.tg = NULL;
	ck_assert_int_eq(stub_count(NULL), 0);
	ck_assert_int_eq(ts_sql("SELECT count(*) FROM outbox WHERE sent = 0 "
	    "AND attempts = 0"), 1);
	ts_start();
	stub_ok(ts.tg, ts_call("sendMessage", "5"), 8);
	ck_assert_int_eq(ts_sql("SELECT count(*) FROM outbox WHERE sent = 0"),
	    0);
}
END_TEST

/*
 * A button's answer: answerCallbackQuery, its words cut at 200
 * characters, not bytes (a Russian refusal is long), as valid text.
 */
START_TEST(test_answer)
{
	struct compose_msg	 m;
	struct tg_req		 req;
	const char		*text;
	int			 i;

	memset(&m, 0, sizeof m);
	memset(&req, 0, sizeof req);
	m.form = COMPOSE_ANSWER;
	snprintf(m.chat, sizeof m.chat, "%s", "");
	snprintf(m.callback, sizeof m.callback, "%s", "cb9");
	m.alert = 1;
	for (i = 0; i < 300; i++)
		rbuf_addstr(&m.text, "\xd0\x96");	/* Ж: two bytes */
	tg_out_make(ts.tg, &m, &req);
	ck_assert_str_eq(req.method, "answerCallbackQuery");
	ck_assert_ptr_nonnull(text = json_string_value(json_object_get(
	    req.params, "text")));
	ck_assert_uint_eq(utf8_width(text), 200);
	ck_assert_uint_eq(strlen(text), 400);
	ck_assert(json_is_true(json_object_get(req.params, "show_alert")));
	ck_assert_str_eq(json_string_value(json_object_get(req.params,
	    "callback_query_id")), "cb9");
	tg_out_free(&req);
	compose_msg_free(&m);
}
END_TEST

/* The suite. */
static Suite *
suite_tg_send(void)
{
	Suite	*s = suite_create("tg_send");
	TCase	*tc = tcase_create("result");

	tcase_set_timeout(tc, 120);
	tcase_add_checked_fixture(tc, ts_setup, ts_teardown);
	tcase_add_test(tc, test_ok);
	tcase_add_test(tc, test_notmod_and_gone);
	tcase_add_test(tc, test_photo_refused);
	tcase_add_test(tc, test_migrate);
	tcase_add_test(tc, test_refused_and_unreachable);
	tcase_add_test(tc, test_too_many);
	tcase_add_test(tc, test_failed);
	tcase_add_test(tc, test_failed_alone);
	tcase_add_test(tc, test_cancelled);
	tcase_add_test(tc, test_answer);
	ts_add_secret(tc);
	tcase_add_test(tc, test_member);
	suite_add_tcase(s, tc);
	return (s);
}

/* Run the suite; the exit status says whether everything passed. */
int
main(void)
{
	SRunner	*sr;
	int	 failed;

	xmalloc_json();
	/* The rate limits of a test run: a thousand times Telegram's. */
	setenv("TACD_TELEGRAM_FAST", "1", 1);
	sr = srunner_create(suite_tg_send());
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return (failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE);
}
