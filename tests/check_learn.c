/*
 * check_learn.c: learning through the service (service-learn.c,
 * service-review.c) and its messages: every lesson walked and tried
 * wrong and right in every language, a review rated in slices to the
 * same result however it is cut, sent to who asked, and an old database
 * that upgrades with its game going on; and the helpers the hints'
 * tests share (check_learn.h; the hints are check_hints.c's).
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_daemon.h"
#include "check_learn.h"
#include "compose.h"
#include "lang.h"
#include "lesson.h"

struct td	cl_td;	/* the learning tests' service (check_learn.h) */

/* Rows kept per test. */
void
cl_setup(void)
{
	td_init(&cl_td, STORE_NOSYNC);
	td_open(&cl_td);
}

/* And gone. */
void
cl_teardown(void)
{
	td_done(&cl_td);
}

/* The last delivered row of a kind in a chat, or NULL. */
struct td_out *
cl_last(const char *kind, const char *chat)
{
	int	i;

	for (i = cl_td.nout - 1; i >= 0; i--)
		if (strcmp(cl_td.out[i].kind, kind) == 0 &&
		    (chat == NULL || strcmp(cl_td.out[i].chat, chat) == 0))
			return (&cl_td.out[i]);
	return (NULL);
}

/* Compose a delivered row as a bridge would: its text (the caller frees). */
char *
cl_compose(const struct td_out *t, int pictures, struct compose_msg *keep)
{
	struct compose_opts	 o;
	struct compose_msg	 m;
	struct svc_batch	*b;
	char			*text = NULL;

	memset(&o, 0, sizeof o);
	o.pictures = pictures;
	o.r.menu = !pictures;
	ck_assert_ptr_nonnull(b = calloc(1, sizeof *b));
	svc_out_make(&b->row[0], svc_kind_find(t->kind), json_integer_value(
	    json_object_get(t->payload, "game")), json_deep_copy(t->payload));
	b->row[0].id = t->id;
	b->n = 1;
	snprintf(b->row[0].chat, sizeof b->row[0].chat, "%s", t->chat);
	if (compose_batch(cl_td.svc, b, &o, &m) != COMPOSE_NONE) {
		text = strdup(m.text.s != NULL ? m.text.s : "");
		if (keep != NULL)
			*keep = m;
		else
			compose_msg_free(&m);
	}
	svc_batch_free(cl_td.svc, b);
	free(b);
	return (text);
}

/* Set a row's language, for composing it in another. */
void
cl_lang(struct td_out *t, const char *lang)
{
	json_object_set_new(t->payload, "lang", json_string(lang));
}

/* Is text a whole message: no code or conversion left raw? */
void
cl_whole(const char *text, const char *what)
{
	ck_assert_msg(text != NULL && *text != '\0', "%s: nothing", what);
	ck_assert_msg(strstr(text, "%s") == NULL && strstr(text, "%d") ==
	    NULL && strstr(text, "[lesson]") == NULL && strstr(text,
	    "[review]") == NULL && strstr(text, "[hint]") == NULL, "%s: %s",
	    what, text);
}

/* A person presses a button in their private chat. */
int
cl_press(const char *user, const char *data)
{
	struct svc_event	 ev;

	memset(&ev, 0, sizeof ev);
	ev.kind = SVC_EV_BUTTON;
	ev.platform = "test";
	ev.update_id = cl_td.update++;
	ev.chat = user;
	ev.private_chat = 1;
	ev.user = user;
	ev.user_name = user;
	ev.data = data;
	ev.callback = "cb2";
	ev.message = "77";
	return (svc_event(cl_td.svc, &ev));
}

/* u0 opens a game in g1 with three AI players and starts it. */
int64_t
cl_solo(const char *opts)
{
	char	cmd[128];

	snprintf(cmd, sizeof cmd, "/new seed=11 %s", opts);
	ck_assert_int_eq(td_event(&cl_td, "g1", 0, "u0", 0, cmd), 0);
	ck_assert_int_eq(td_event(&cl_td, "g1", 0, "u0", 0, "/ai all"), 0);
	ck_assert_int_eq(td_event(&cl_td, "g1", 0, "u0", 0, "/start"), 0);
	td_run_timers(&cl_td);
	return (td_game(&cl_td, "g1"));
}

/* Let the AI move until it is u0's turn (or the game is over). */
int
cl_to_u0(int64_t id)
{
	struct svc_game	*g;

	td_run_timers(&cl_td);
	g = td_info(&cl_td, id);
	return (g->state == SVC_PLAYING && g->actor >= 0 &&
	    strcmp(g->seats[g->actor].user, "u0") == 0);
}

/*
 * Play game id out, u0 taking the hint at its first hints turns; the
 * steps taken.
 */
int
cl_play_out(int64_t id, int hints)
{
	int	steps, taken = 0;

	for (steps = 0; steps < 5000; steps++) {
		if (!cl_to_u0(id))
			break;
		if (taken < hints) {
			ck_assert_int_eq(td_event(&cl_td, "g1", 0, "u0", 0,
			    "/hint"), 0);
			taken++;
		}
		cl_td.now += 2;
		ck_assert_int_eq(td_play_first(&cl_td, id, "g1"), 0);
		if (steps % 50 == 49) {
			td_drain(&cl_td);
			td_clear(&cl_td);
		}
	}
	ck_assert_int_eq(td_info(&cl_td, id)->state, SVC_OVER);
	td_drain(&cl_td);
	return (steps);
}

/* A move of lesson l's position that is legal and does not solve it. */
static void
cl_wrong(const struct lesson *l, char *buf, size_t len)
{
	struct tac_state	 st;
	struct tac_list		*a, *b;
	struct tac_why		 why;
	char			 err[256];
	int			 i, n;

	ck_assert_ptr_nonnull(a = malloc(sizeof *a));
	ck_assert_ptr_nonnull(b = malloc(sizeof *b));
	ck_assert_int_eq(lesson_position(l, TAC_NAMES_TAC, &st, err,
	    sizeof err), 0);
	n = tac_legal(&st, a);
	for (i = 0; i < n; i++)
		if (lesson_try(l, &st, &a->a[i], b, &why) == 0)
			break;
	ck_assert_int_lt(i, n);
	tac_action_format(&a->a[i], buf, len);
	free(a);
	free(b);
}

/*
 * Compose a lesson row in every language; it must read whole, and each
 * language its own words (not the English).
 */
static void
cl_lesson_langs(struct td_out *t, int keys)
{
	struct compose_msg	 m;
	char			*text, *en, what[64];
	size_t			 i;
	int			 pictures;

	cl_lang(t, "en");
	en = cl_compose(t, 0, NULL);
	for (i = 0; i < lang_count(); i++) {
		for (pictures = 0; pictures < 2; pictures++) {
			cl_lang(t, lang_code(i));
			text = cl_compose(t, pictures, &m);
			snprintf(what, sizeof what, "%s %s %s", lang_code(i),
			    td_str(t, "id"), td_str(t, "state"));
			cl_whole(text, what);
			if (strcmp(lang_code(i), "en") != 0 && !pictures)
				ck_assert_msg(strcmp(text, en) != 0,
				    "%s: in English", what);
			if (keys)
				ck_assert_msg(m.keys.n > 0, "%s: no buttons",
				    what);
			free(text);
			compose_msg_free(&m);
		}
	}
	free(en);
	cl_lang(t, "en");
}

/*
 * Every lesson through /learn, in a private chat: its task, a wrong
 * move (the rule's reason, another try, then the answer shown), a move
 * the rules refuse (the engine's reason), the right move; progress is
 * kept and the list ticks them all.  Each row reads whole in every
 * language.
 */
START_TEST(test_learn_lessons)
{
	struct td_out	*t;
	char		 cmd[200], wrong[160], *text;
	int		 i;

	ck_assert_int_eq(td_event(&cl_td, "u5", 1, "u5", 0, "/learn"), 0);
	td_drain(&cl_td);
	ck_assert_ptr_nonnull(t = cl_last("lesson", "u5"));
	ck_assert_int_eq(td_int(t, "lesson"), 1);
	ck_assert_str_eq(td_str(t, "state"), "task");
	for (i = 0; i < lessons_n; i++) {
		td_clear(&cl_td);
		snprintf(cmd, sizeof cmd, "/learn %d", i + 1);
		ck_assert_int_eq(td_event(&cl_td, "u5", 1, "u5", 0, cmd), 0);
		td_drain(&cl_td);
		ck_assert_ptr_nonnull(t = cl_last("lesson", "u5"));
		cl_lesson_langs(t, 1);
		cl_wrong(lesson_get(i), wrong, sizeof wrong);
		snprintf(cmd, sizeof cmd, "/learn %d %s", i + 1, wrong);
		ck_assert_int_eq(td_event(&cl_td, "u5", 1, "u5", 0, cmd), 0);
		ck_assert_int_eq(td_event(&cl_td, "u5", 1, "u5", 0, cmd), 0);
		td_drain(&cl_td);
		t = cl_last("lesson", "u5");
		ck_assert_str_eq(td_str(t, "state"), "wrong");
		ck_assert_int_eq(td_int(t, "tries"), 2);
		text = cl_compose(t, 0, NULL);
		ck_assert_msg(strstr(text, "Not quite.") != NULL &&
		    strstr(text, "One way to do it:") != NULL, "%s", text);
		free(text);
		cl_lesson_langs(t, 1);
		snprintf(cmd, sizeof cmd, "/learn %d 12 1>13", i + 1);
		ck_assert_int_eq(td_event(&cl_td, "u5", 1, "u5", 0, cmd), 0);
		td_drain(&cl_td);
		t = cl_last("lesson", "u5");
		ck_assert_str_eq(td_str(t, "state"), "illegal");
		ck_assert_ptr_nonnull(json_object_get(t->payload, "reason"));
		cl_lesson_langs(t, 1);
		snprintf(cmd, sizeof cmd, "/learn %d %s", i + 1,
		    lesson_get(i)->answer);
		ck_assert_int_eq(td_event(&cl_td, "u5", 1, "u5", 0, cmd), 0);
		td_drain(&cl_td);
		t = cl_last("lesson", "u5");
		ck_assert_str_eq(td_str(t, "state"), "right");
		ck_assert_int_eq(td_int(t, "solved"), i + 1);
		cl_lesson_langs(t, 1);
	}
	ck_assert_int_eq(td_sql_int(&cl_td, "SELECT count(*) FROM lessons WHERE "
	    "done = 1"), lessons_n);
	td_clear(&cl_td);
	ck_assert_int_eq(td_event(&cl_td, "u5", 1, "u5", 0, "/learn"), 0);
	td_drain(&cl_td);
	t = cl_last("lesson", "u5");
	ck_assert_str_eq(td_str(t, "state"), "list");
	ck_assert_uint_eq(json_array_size(json_object_get(t->payload, "done")),
	    (size_t)lessons_n);
	cl_lesson_langs(t, 1);
}
END_TEST

/*
 * How far a label of the 7's lesson goes toward its answer, 7 20>22
 * 60>0H1: the card, the first marble, its step, the marble home.
 */
static int
cl_way(const char *label)
{
	if (strstr(label, "home 1") != NULL)
		return (4);
	if (strstr(label, "20 \xe2\x86\x92 22") != NULL)
		return (3);
	if (strcmp(label, "20 \xe2\x86\x92") == 0)
		return (2);
	return (label[0] == '7' && label[1] == '\0');
}

/*
 * The 7's lesson walked by its buttons as a chat presses them: card,
 * marble, where, step after step, to the move that solves it; /learn in
 * a group and a lesson that does not exist are refused.
 */
START_TEST(test_learn_buttons)
{
	struct compose_msg	 m;
	struct td_out		*t;
	char			 data[80], *text;
	size_t			 k;
	int			 steps, best, score, j;

	ck_assert_int_eq(td_event(&cl_td, "g1", 0, "u5", 0, "/learn"), 0);
	td_expect_error(&cl_td, "private_only", "learn");
	ck_assert_int_eq(td_event(&cl_td, "u5", 1, "u5", 0, "/learn 99"), 0);
	td_expect_error(&cl_td, "bad_lesson", "learn");
	ck_assert_int_eq(td_event(&cl_td, "u5", 1, "u5", 0, "/learn 3"), 0);
	td_drain(&cl_td);
	t = cl_last("lesson", "u5");
	for (steps = 0; steps < 10; steps++) {
		free(cl_compose(t, 1, &m));
		/* The 7 lesson is drawn, at every step of its menu. */
		ck_assert_msg(m.picture != NULL && m.form == COMPOSE_TURN,
		    "step %d: lesson 3 is no picture", steps);
		/* The one that goes on to the answer, 7 20>22 60>0H1. */
		for (k = 0, best = -1, score = 0; k < m.keys.n; k++) {
			if ((j = cl_way(m.keys.k[k].label)) > score) {
				score = j;
				best = (int)k;
			}
		}
		ck_assert_msg(best >= 0, "step %d: no way on", steps);
		snprintf(data, sizeof data, "%s", m.keys.k[best].data);
		ck_assert_ptr_nonnull(strstr(data, "learn 3 @"));
		compose_msg_free(&m);
		td_clear(&cl_td);
		ck_assert_int_eq(cl_press("u5", data), 0);
		td_drain(&cl_td);
		ck_assert_ptr_nonnull(t = cl_last("lesson", "u5"));
		if (strcmp(td_str(t, "state"), "menu") != 0)
			break;
		/* A step edits the message pressed, named as its bridge did. */
		ck_assert_msg(td_str(t, "message") != NULL &&
		    strcmp(td_str(t, "message"), "77") == 0,
		    "step %d: the menu names no pressed message", steps);
	}
	ck_assert_str_eq(td_str(t, "state"), "right");
	/* The answer edits the lesson's message too: one per lesson. */
	ck_assert_msg(td_str(t, "message") != NULL &&
	    strcmp(td_str(t, "message"), "77") == 0,
	    "the answer names no pressed message");
	text = cl_compose(t, 1, &m);
	ck_assert_msg(strstr(text, "five steps home") != NULL, "%s", text);
	ck_assert_str_eq(m.replaces, "77");
	free(text);
	/* "Next lesson": a new message, and the pressed one loses its keys. */
	for (k = 0, best = -1; k < m.keys.n; k++)
		if (strstr(m.keys.k[k].data, "learn 4") != NULL)
			best = (int)k;
	ck_assert_msg(best >= 0, "no next lesson's button");
	snprintf(data, sizeof data, "%s", m.keys.k[best].data);
	compose_msg_free(&m);
	td_clear(&cl_td);
	ck_assert_int_eq(cl_press("u5", data), 0);
	td_drain(&cl_td);
	ck_assert_ptr_nonnull(t = cl_last("lesson", "u5"));
	ck_assert_str_eq(td_str(t, "state"), "task");
	ck_assert_ptr_null(td_str(t, "message"));
	ck_assert_ptr_nonnull(t = cl_last("retire", "u5"));
	ck_assert_str_eq(td_str(t, "ref"), "77");
}
END_TEST

/*
 * A wrong try pressed edits the lesson's message: the rule's reason and
 * the try in words at the top, the same picture and buttons under it.
 */
START_TEST(test_learn_wrong_edits)
{
	struct compose_msg	 m;
	struct td_out		*t;
	char			 data[80], *text;
	size_t			 k;

	ck_assert_int_eq(td_event(&cl_td, "u5", 1, "u5", 0, "/learn 1"), 0);
	td_drain(&cl_td);
	ck_assert_ptr_nonnull(t = cl_last("lesson", "u5"));
	ck_assert_ptr_null(td_str(t, "message"));
	free(cl_compose(t, 1, &m));
	ck_assert_int_eq(m.form, COMPOSE_TURN);
	ck_assert_int_eq(m.replaces[0], '\0');
	/* Its first move, 5: 20 -> 25, brings no marble out. */
	for (k = 0; k < m.keys.n && strstr(m.keys.k[k].data, "learn 1 @") ==
	    NULL; k++)
		;
	ck_assert_uint_lt(k, m.keys.n);
	snprintf(data, sizeof data, "%s", m.keys.k[k].data);
	compose_msg_free(&m);
	td_clear(&cl_td);
	ck_assert_int_eq(cl_press("u5", data), 0);
	td_drain(&cl_td);
	ck_assert_ptr_nonnull(t = cl_last("lesson", "u5"));
	ck_assert_str_eq(td_str(t, "state"), "wrong");
	text = cl_compose(t, 1, &m);
	ck_assert_str_eq(m.replaces, "77");
	ck_assert_int_eq(m.form, COMPOSE_TURN);
	ck_assert_ptr_nonnull(m.picture);
	ck_assert_int_eq(m.picture->nopts, 3);
	ck_assert_msg(strncmp(text, "Not quite. ", 11) == 0 && strstr(text,
	    "Your try: 5: 20 → 25.") != NULL, "%s", text);
	ck_assert_ptr_null(cl_last("retire", "u5"));
	compose_msg_free(&m);
	free(text);
}
END_TEST

/*
 * Deliver every due row as a bridge that names the messages it posts:
 * a lesson's (or the list's) row is message ref, the rest name none.
 */
static void
cl_deliver(const char *ref)
{
	struct svc_batch	*b;
	struct td_out		*t;

	ck_assert_ptr_nonnull(b = calloc(1, sizeof *b));
	while (td_take(&cl_td, b) == 1) {
		ck_assert_int_lt(cl_td.nout, TD_MAXOUT);
		t = &cl_td.out[cl_td.nout++];
		t->id = b->row[0].id;
		snprintf(t->chat, sizeof t->chat, "%s", b->row[0].chat);
		snprintf(t->kind, sizeof t->kind, "%s", b->row[0].kind);
		ck_assert_ptr_nonnull(t->payload = json_loads(b->row[0].payload,
		    0, NULL));
		td_finish(&cl_td, b, b->row[0].type == SVC_OUT_LESSON ? ref :
		    NULL);
	}
	free(b);
}

/* How many "retire" rows went to chat, and whether one named ref. */
static int
cl_retired(const char *chat, const char *ref, int *named)
{
	int	i, n = 0;

	*named = 0;
	for (i = 0; i < cl_td.nout; i++) {
		if (strcmp(cl_td.out[i].kind, "retire") != 0 ||
		    strcmp(cl_td.out[i].chat, chat) != 0)
			continue;
		n++;
		if (strcmp(td_str(&cl_td.out[i], "ref"), ref) == 0)
			*named = 1;
	}
	return (n);
}

/*
 * A lesson or the list opened anew takes the buttons of the one before
 * away, typed as well as pressed: /learn 1 (nothing before it), /learn
 * 2 retires lesson 1's message, /learn list lesson 2's; a press on an
 * older copy retires that copy and the newest one.  A try typed
 * retires nothing.  What the chat's last lesson message was survives
 * the service (it is in the store).
 */
START_TEST(test_learn_typed_retires)
{
	struct compose_msg	 m;
	struct td_out		*t;
	char			 data[80];
	size_t			 k;
	int			 named;

	ck_assert_int_eq(td_event(&cl_td, "u6", 1, "u6", 0, "/learn 1"), 0);
	cl_deliver("201");
	ck_assert_int_eq(cl_retired("u6", "", &named), 0);
	td_clear(&cl_td);
	ck_assert_int_eq(td_event(&cl_td, "u6", 1, "u6", 0, "/learn 2"), 0);
	cl_deliver("202");
	ck_assert_ptr_nonnull(t = cl_last("lesson", "u6"));
	ck_assert_str_eq(td_str(t, "state"), "task");
	ck_assert_int_eq(cl_retired("u6", "201", &named), 1);
	ck_assert_int_eq(named, 1);
	/* A try typed (legal or not) retires nothing. */
	td_clear(&cl_td);
	ck_assert_int_eq(td_event(&cl_td, "u6", 1, "u6", 0,
	    "/learn 2 5 1>6"), 0);
	cl_deliver("202");
	ck_assert_int_eq(cl_retired("u6", "", &named), 0);
	/* The service again, on the same store: the list retires lesson 2. */
	td_close(&cl_td);
	td_open(&cl_td);
	td_clear(&cl_td);
	ck_assert_int_eq(td_event(&cl_td, "u6", 1, "u6", 0, "/learn list"),
	    0);
	cl_deliver("203");
	ck_assert_ptr_nonnull(t = cl_last("lesson", "u6"));
	ck_assert_str_eq(td_str(t, "state"), "list");
	ck_assert_int_eq(cl_retired("u6", "202", &named), 1);
	ck_assert_int_eq(named, 1);
	/* A press on an older copy (message 77) opening lesson 3. */
	free(cl_compose(t, 1, &m));
	for (k = 0; k < m.keys.n && strstr(m.keys.k[k].data, "learn 3") ==
	    NULL; k++)
		;
	ck_assert_uint_lt(k, m.keys.n);
	snprintf(data, sizeof data, "%s", m.keys.k[k].data);
	compose_msg_free(&m);
	td_clear(&cl_td);
	ck_assert_int_eq(cl_press("u6", data), 0);
	cl_deliver("204");
	ck_assert_int_eq(cl_retired("u6", "77", &named), 2);
	ck_assert_int_eq(named, 1);
	ck_assert_int_eq(cl_retired("u6", "203", &named), 2);
	ck_assert_int_eq(named, 1);
}
END_TEST

/* Rate game id's review to the end in slices of ms; the slices. */
static int
cl_review_all(int ms)
{
	int	n = 0, rc;

	while ((rc = svc_review_step(cl_td.svc, ms)) == 1)
		n++;
	ck_assert_msg(rc == 0, "%s", svc_error(cl_td.svc));
	return (n);
}

/* A game's stored review result (the caller frees it). */
static char *
cl_result(int64_t id)
{
	struct store_review	r;

	ck_assert_int_eq(store_review_get(cl_td.store, id, &r), 1);
	ck_assert_int_eq(r.done, 1);
	return (r.result);
}

/*
 * A review: asked for before it is done, it comes as soon as it is:
 * its first message and one per decision, each with the board then (a
 * picture where the bridge draws them) and words in every language;
 * asked again, it comes at once.  Only u0's own moves are rated.
 */
START_TEST(test_learn_review)
{
	struct compose_msg	 m;
	struct td_out		*t;
	json_t			*j;
	char			*text, what[64];
	int64_t			 id;
	size_t			 i;
	int			 k, picks;

	id = cl_solo("");
	cl_play_out(id, 0);
	td_clear(&cl_td);
	ck_assert_int_eq(td_event(&cl_td, "g1", 0, "u0", 0, "/review #1"), 0);
	td_drain(&cl_td);
	ck_assert_str_eq(td_str(cl_last("info", "g1"), "code"),
	    "review_pending");
	ck_assert_ptr_null(cl_last("review", NULL));
	ck_assert_int_eq(td_event(&cl_td, "g1", 0, "u1", 0, "/review #1"), 0);
	td_expect_error(&cl_td, "not_in_game", "review");
	ck_assert_int_gt(cl_review_all(20), 0);
	ck_assert_int_eq(svc_review_pending(cl_td.svc), 0);
	td_drain(&cl_td);
	ck_assert_ptr_nonnull(t = cl_last("review", "u0"));
	picks = td_count(&cl_td, "review", "u0") - 1;
	ck_assert_int_ge(picks, 0);
	ck_assert_int_le(picks, 3);
	for (k = 0; k < cl_td.nout; k++) {
		t = &cl_td.out[k];
		if (strcmp(t->kind, "review") != 0)
			continue;
		for (i = 0; i < lang_count(); i++) {
			cl_lang(t, lang_code(i));
			text = cl_compose(t, 1, &m);
			snprintf(what, sizeof what, "review %s %s", lang_code(i),
			    td_str(t, "part"));
			cl_whole(text, what);
			if (strcmp(td_str(t, "part"), "pick") == 0)
				ck_assert_msg(m.form == COMPOSE_TURN &&
				    m.picture != NULL && m.picture->nopts >= 1,
				    "%s", what);
			compose_msg_free(&m);
			free(text);
		}
	}
	/* Asked again: at once, and in a group said to be private. */
	td_clear(&cl_td);
	ck_assert_int_eq(td_event(&cl_td, "g1", 0, "u0", 0, "/review"), 0);
	td_drain(&cl_td);
	ck_assert_int_eq(td_count(&cl_td, "review", "u0"), picks + 1);
	ck_assert_str_eq(td_str(cl_last("info", "g1"), "code"),
	    "review_sent");
	/* Only the person's moves: the AI's were never rated. */
	text = cl_result(id);
	ck_assert_ptr_nonnull(j = json_loads(text, 0, NULL));
	ck_assert_int_gt(json_integer_value(json_object_get(j, "rated")), 0);
	ck_assert_int_le(json_integer_value(json_object_get(j, "rated")),
	    td_info(&cl_td, id)->turn_no / 3);
	json_decref(j);
	free(text);
}
END_TEST

/*
 * However the work is cut (a decision a slice, all at once, or stopped
 * and taken up again after the service was closed), the review is the
 * same.
 */
START_TEST(test_learn_review_slices)
{
	char	*whole, *cut;
	int	 n;

	cl_play_out(cl_solo(""), 0);
	cl_review_all(100000);
	whole = cl_result(1);
	td_sql(&cl_td, "UPDATE reviews SET done = 0, next = 0, ms = 0, "
	    "result = '{}'");
	for (n = 0; n < 25; n++)
		ck_assert_int_eq(svc_review_step(cl_td.svc, 0), 1);
	td_reopen(&cl_td);
	ck_assert_int_gt(td_sql_int(&cl_td, "SELECT next FROM reviews"), 0);
	ck_assert_int_gt(cl_review_all(0), 10);
	cut = cl_result(1);
	ck_assert_str_eq(whole, cut);
	free(whole);
	free(cut);
}
END_TEST

/*
 * A database of the schema before learning, with a game in play, opens
 * as the newest: the game goes on, gives hints (the default), and its
 * review is made when it ends.
 */
START_TEST(test_learn_upgrade)
{
	int64_t	id;

	id = cl_solo("");
	ck_assert(cl_to_u0(id));
	ck_assert_int_eq(td_play_first(&cl_td, id, "g1"), 0);
	/* A database of version 6: none of the later tables. */
	td_sql(&cl_td, "DROP TABLE user_digest; DROP TABLE seat_remind; "
	    "DROP TABLE premoves; "
	    "DROP TABLE away_games; DROP TABLE user_away; "
	    "DROP TABLE chat_messages; "
	    "DROP TABLE seat_bank; DROP TABLE game_pace; DROP TABLE user_time; "
	    "DROP TABLE rematch_seats; DROP TABLE rematches; "
	    "DROP INDEX stats_games_coop; ALTER TABLE games DROP COLUMN coop; "
	    "ALTER TABLE stats_games DROP COLUMN coop; "
	    "ALTER TABLE stats_games DROP COLUMN cards; "
	    "DROP TABLE seat_asks; DROP TABLE game_keys; "
	    "DROP TABLE live; "
	    "DROP TABLE review_asks; DROP TABLE reviews; "
	    "DROP TABLE lessons; DROP TABLE hints; "
	    "ALTER TABLE games DROP COLUMN hints");
	td_sql(&cl_td, store_is_postgres(cl_td.store) ? "UPDATE tacd_schema "
	    "SET version = 6" : "PRAGMA user_version = 6");
	td_reopen(&cl_td);
	ck_assert_int_eq(store_version(cl_td.store), store_latest());
	ck_assert_int_eq(td_info(&cl_td, id)->hints, 1);
	td_check_replay(&cl_td, id);
	ck_assert(cl_to_u0(id));
	td_clear(&cl_td);
	ck_assert_int_eq(td_event(&cl_td, "g1", 0, "u0", 0, "/hint"), 0);
	td_drain(&cl_td);
	ck_assert_ptr_nonnull(cl_last("hint", "u0"));
	cl_play_out(id, 0);
	ck_assert_int_eq(td_sql_int(&cl_td, "SELECT count(*) FROM reviews"), 1);
}
END_TEST

/* The learning suite. */
Suite *
suite_learn(void)
{
	Suite	*s;
	TCase	*tc;

	s = suite_create("learn");
	tc = tcase_create("learn");
	tcase_add_checked_fixture(tc, cl_setup, cl_teardown);
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, test_learn_lessons);
	tcase_add_test(tc, test_learn_buttons);
	tcase_add_test(tc, test_learn_wrong_edits);
	tcase_add_test(tc, test_learn_typed_retires);
	tcase_add_test(tc, test_learn_review);
	tcase_add_test(tc, test_learn_review_slices);
	tcase_add_test(tc, test_learn_upgrade);
	suite_add_tcase(s, tc);
	return (s);
}
