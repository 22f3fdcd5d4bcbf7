/*
 * check_learn.c: learning through the service (service-hint.c,
 * service-learn.c, service-review.c) and its messages: the hints option,
 * /hint from the person's view and counted in the summary, every lesson
 * walked and tried wrong and right in every language, a review rated in
 * slices to the same result however it is cut, sent to who asked, and an
 * old database that upgrades with its game going on.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_daemon.h"
#include "compose.h"
#include "hint.h"
#include "lang.h"
#include "lesson.h"

static struct td	td;

/* Rows kept per test. */
static void
cl_setup(void)
{
	td_init(&td, STORE_NOSYNC);
	td_open(&td);
}

/* And gone. */
static void
cl_teardown(void)
{
	td_done(&td);
}

/* The last delivered row of a kind in a chat, or NULL. */
static struct td_out *
cl_last(const char *kind, const char *chat)
{
	int	i;

	for (i = td.nout - 1; i >= 0; i--)
		if (strcmp(td.out[i].kind, kind) == 0 &&
		    (chat == NULL || strcmp(td.out[i].chat, chat) == 0))
			return (&td.out[i]);
	return (NULL);
}

/* Compose a delivered row as a bridge would: its text (the caller frees). */
static char *
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
	if (compose_batch(td.svc, b, &o, &m) != COMPOSE_NONE) {
		text = strdup(m.text.s != NULL ? m.text.s : "");
		if (keep != NULL)
			*keep = m;
		else
			compose_msg_free(&m);
	}
	svc_batch_free(td.svc, b);
	free(b);
	return (text);
}

/* Set a row's language, for composing it in another. */
static void
cl_lang(struct td_out *t, const char *lang)
{
	json_object_set_new(t->payload, "lang", json_string(lang));
}

/* Is text a whole message: no code or conversion left raw? */
static void
cl_whole(const char *text, const char *what)
{
	ck_assert_msg(text != NULL && *text != '\0', "%s: nothing", what);
	ck_assert_msg(strstr(text, "%s") == NULL && strstr(text, "%d") ==
	    NULL && strstr(text, "[lesson]") == NULL && strstr(text,
	    "[review]") == NULL && strstr(text, "[hint]") == NULL, "%s: %s",
	    what, text);
}

/* A person presses a button in their private chat. */
static int
cl_press(const char *user, const char *data)
{
	struct svc_event	 ev;

	memset(&ev, 0, sizeof ev);
	ev.kind = SVC_EV_BUTTON;
	ev.platform = "test";
	ev.update_id = td.update++;
	ev.chat = user;
	ev.private_chat = 1;
	ev.user = user;
	ev.user_name = user;
	ev.data = data;
	ev.callback = "cb2";
	ev.message = "77";
	return (svc_event(td.svc, &ev));
}

/* u0 opens a game in g1 with three AI players and starts it. */
static int64_t
cl_solo(const char *opts)
{
	char	cmd[128];

	snprintf(cmd, sizeof cmd, "/new seed=11 %s", opts);
	ck_assert_int_eq(td_event(&td, "g1", 0, "u0", 0, cmd), 0);
	ck_assert_int_eq(td_event(&td, "g1", 0, "u0", 0, "/ai all"), 0);
	ck_assert_int_eq(td_event(&td, "g1", 0, "u0", 0, "/start"), 0);
	td_run_timers(&td);
	return (td_game(&td, "g1"));
}

/* Let the AI move until it is u0's turn (or the game is over). */
static int
cl_to_u0(int64_t id)
{
	struct svc_game	*g;

	td_run_timers(&td);
	g = td_info(&td, id);
	return (g->state == SVC_PLAYING && g->actor >= 0 &&
	    strcmp(g->seats[g->actor].user, "u0") == 0);
}

/*
 * The hints option: on unless said, shown in the lobby, changed by the
 * creator only, with a clear refusal for a word it does not know.
 */
START_TEST(test_learn_hints_option)
{
	char	*text;
	int64_t	 id;

	ck_assert_int_eq(td_event(&td, "g1", 0, "u0", 0, "/new"), 0);
	id = td_game(&td, "g1");
	ck_assert_int_eq(td_info(&td, id)->hints, 1);
	td_drain(&td);
	text = cl_compose(cl_last("lobby", "g1"), 0, NULL);
	ck_assert_msg(strstr(text, "hints on") != NULL, "%s", text);
	free(text);
	ck_assert_int_eq(td_event(&td, "g1", 0, "u1", 0, "/join"), 0);
	ck_assert_int_eq(td_event(&td, "g1", 0, "u1", 0, "/options hints=off"),
	    0);
	td_expect_error(&td, "not_creator", "options");
	ck_assert_int_eq(td_info(&td, id)->hints, 1);
	ck_assert_int_eq(td_event(&td, "g1", 0, "u0", 0, "/options hints=no"),
	    0);
	td_expect_error(&td, "bad_option", "hints");
	ck_assert_int_eq(td_event(&td, "g1", 0, "u0", 0, "/options hints=off"),
	    0);
	ck_assert_int_eq(td_info(&td, id)->hints, 0);
	td_drain(&td);
	text = cl_compose(cl_last("lobby", "g1"), 0, NULL);
	ck_assert_msg(strstr(text, "hints off") != NULL, "%s", text);
	free(text);
	ck_assert_int_eq(td_event(&td, "g1", 0, "u0", 0, "/abort"), 0);
	ck_assert_int_eq(td_event(&td, "g2", 0, "u0", 0, "/new hints=off"), 0);
	ck_assert_int_eq(td_info(&td, td_game(&td, "g2"))->hints, 0);
}
END_TEST

/*
 * /hint: privately, on the person's turn, the hint of their view (the
 * same as hint_choose() on it), legal, counted once a turn; refused to
 * another person, in a game without hints and for a stale button; the
 * turn message has a 💡 button that presses it.
 */
START_TEST(test_learn_hint)
{
	struct compose_msg	 m;
	struct tac_state	 st, v;
	struct tac_list		*l;
	struct td_out		*t;
	struct hint		 h;
	char			 text[160], data[80], *s;
	int64_t			 id, turn;
	size_t			 k;
	int			 i, found = 0;

	ck_assert_ptr_nonnull(l = malloc(sizeof *l));
	id = cl_solo("");
	ck_assert(cl_to_u0(id));
	td_drain(&td);
	td_clear(&td);
	ck_assert_int_eq(td_event(&td, "g1", 0, "u0", 0, "/hint"), 0);
	td_drain(&td);
	ck_assert_ptr_nonnull(t = cl_last("hint", "u0"));
	ck_assert_ptr_null(cl_last("hint", "g1"));
	ck_assert_int_eq(svc_game_position(td.svc, id, -1, &st), 0);
	tac_view(&st, st.turn, &v);
	ck_assert_int_eq(hint_choose(&v, l, &h), 0);
	hint_format(&h, text, sizeof text);
	ck_assert_str_eq(td_str(t, "action"), text);
	ck_assert_str_eq(td_str(t, "why"), hint_why_name(h.why));
	for (i = 0; i < tac_legal(&st, l); i++) {
		tac_action_format(&l->a[i], data, sizeof data);
		found |= strcmp(data, text) == 0 || h.devil;
	}
	ck_assert_msg(found, "%s is not legal", text);
	s = cl_compose(t, 0, NULL);
	cl_whole(s, "hint");
	ck_assert_msg(strstr(s, "Hint for game #") != NULL, "%s", s);
	free(s);
	ck_assert_int_eq(store_hints(td.store, id, td_sql_int(&td,
	    "SELECT id FROM users WHERE pid = 'u0'")), 1);
	/* The same turn's hint again is the same, and not counted again. */
	turn = td_info(&td, id)->turn_no;
	snprintf(data, sizeof data, "%lld:%lld:hint", (long long)id,
	    (long long)turn);
	ck_assert_int_eq(cl_press("u0", data), 0);
	td_drain(&td);
	ck_assert_str_eq(td_str(cl_last("hint", "u0"), "action"), text);
	ck_assert_int_eq(td_sql_int(&td, "SELECT n FROM hints"), 1);
	/* The turn message's 💡 button is that one. */
	ck_assert_int_eq(td_event(&td, "u0", 1, "u0", 0, "/hand"), 0);
	td_drain(&td);
	free(cl_compose(cl_last("turn", "u0"), 0, &m));
	for (k = 0, found = 0; k < m.keys.n; k++)
		found |= strcmp(m.keys.k[k].data, data) == 0;
	ck_assert_msg(found, "no hint button %s", data);
	ck_assert_uint_le(m.keys.n, 12);
	compose_msg_free(&m);
	/* Played on, the old button is stale. */
	ck_assert_int_eq(td_play_first(&td, id, "g1"), 0);
	td_clear(&td);
	ck_assert_int_eq(cl_press("u0", data), 0);
	td_drain(&td);
	ck_assert_str_eq(td_str(cl_last("answer", ""), "code"), "stale");
	/* Not one's turn: refused. */
	if (!cl_to_u0(id)) {
		ck_assert_int_eq(td_event(&td, "g1", 0, "u0", 0, "/hint"), 0);
		td_expect_error(&td, "not_your_turn", "hint");
	}
	free(l);
}
END_TEST

/* A game without hints gives none, and its turn has no 💡 button. */
START_TEST(test_learn_hints_off)
{
	struct compose_msg	m;
	size_t			k;
	int64_t			id;

	id = cl_solo("hints=off");
	ck_assert(cl_to_u0(id));
	ck_assert_int_eq(td_event(&td, "g1", 0, "u0", 0, "/hint"), 0);
	td_expect_error(&td, "hints_off", "hint");
	ck_assert_int_eq(td_event(&td, "u0", 1, "u0", 0, "/hand"), 0);
	td_drain(&td);
	free(cl_compose(cl_last("turn", "u0"), 0, &m));
	ck_assert_uint_gt(m.keys.n, 0);
	for (k = 0; k < m.keys.n; k++)
		ck_assert_ptr_null(strstr(m.keys.k[k].data, ":hint"));
	compose_msg_free(&m);
}
END_TEST

/*
 * Play game id out, u0 taking the hint at its first two turns; the
 * steps taken.
 */
static int
cl_play_out(int64_t id, int hints)
{
	int	steps, taken = 0;

	for (steps = 0; steps < 5000; steps++) {
		if (!cl_to_u0(id))
			break;
		if (taken < hints) {
			ck_assert_int_eq(td_event(&td, "g1", 0, "u0", 0,
			    "/hint"), 0);
			taken++;
		}
		td.now += 2;
		ck_assert_int_eq(td_play_first(&td, id, "g1"), 0);
		if (steps % 50 == 49) {
			td_drain(&td);
			td_clear(&td);
		}
	}
	ck_assert_int_eq(td_info(&td, id)->state, SVC_OVER);
	td_drain(&td);
	return (steps);
}

/*
 * The game's summary counts the hints each person took; the game's end
 * message has a review button; the review is queued.
 */
START_TEST(test_learn_hint_summary)
{
	struct compose_msg	 m;
	struct td_out		*t;
	json_t			*seat;
	char			*text;
	int64_t			 id;
	size_t			 k;
	int			 found = 0;

	id = cl_solo("");
	td_clear(&td);
	cl_play_out(id, 2);
	ck_assert_ptr_nonnull(t = cl_last("summary", "g1"));
	seat = json_array_get(json_object_get(json_object_get(t->payload,
	    "summary"), "seats"), 0);
	ck_assert_int_eq(json_integer_value(json_object_get(seat, "hints")),
	    2);
	text = cl_compose(t, 0, &m);
	ck_assert_msg(strstr(text, "hints: 2") != NULL, "%s", text);
	for (k = 0; k < m.keys.n; k++)
		found |= strstr(m.keys.k[k].data, ":review") != NULL;
	ck_assert_msg(found, "no review button");
	compose_msg_free(&m);
	free(text);
	ck_assert_int_eq(td_sql_int(&td, "SELECT count(*) FROM reviews WHERE "
	    "done = 0"), 1);
	/* /summary tells it too. */
	td_clear(&td);
	ck_assert_int_eq(td_event(&td, "g1", 0, "u0", 0, "/summary #1"), 0);
	td_drain(&td);
	seat = json_array_get(json_object_get(json_object_get(cl_last(
	    "summary", "g1")->payload, "summary"), "seats"), 0);
	ck_assert_int_eq(json_integer_value(json_object_get(seat, "hints")),
	    2);
}
END_TEST

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

	ck_assert_int_eq(td_event(&td, "u5", 1, "u5", 0, "/learn"), 0);
	td_drain(&td);
	ck_assert_ptr_nonnull(t = cl_last("lesson", "u5"));
	ck_assert_int_eq(td_int(t, "lesson"), 1);
	ck_assert_str_eq(td_str(t, "state"), "task");
	for (i = 0; i < lessons_n; i++) {
		td_clear(&td);
		snprintf(cmd, sizeof cmd, "/learn %d", i + 1);
		ck_assert_int_eq(td_event(&td, "u5", 1, "u5", 0, cmd), 0);
		td_drain(&td);
		ck_assert_ptr_nonnull(t = cl_last("lesson", "u5"));
		cl_lesson_langs(t, 1);
		cl_wrong(lesson_get(i), wrong, sizeof wrong);
		snprintf(cmd, sizeof cmd, "/learn %d %s", i + 1, wrong);
		ck_assert_int_eq(td_event(&td, "u5", 1, "u5", 0, cmd), 0);
		ck_assert_int_eq(td_event(&td, "u5", 1, "u5", 0, cmd), 0);
		td_drain(&td);
		t = cl_last("lesson", "u5");
		ck_assert_str_eq(td_str(t, "state"), "wrong");
		ck_assert_int_eq(td_int(t, "tries"), 2);
		text = cl_compose(t, 0, NULL);
		ck_assert_msg(strstr(text, "Not quite.") != NULL &&
		    strstr(text, "One way to do it:") != NULL, "%s", text);
		free(text);
		cl_lesson_langs(t, 1);
		snprintf(cmd, sizeof cmd, "/learn %d 12 1>13", i + 1);
		ck_assert_int_eq(td_event(&td, "u5", 1, "u5", 0, cmd), 0);
		td_drain(&td);
		t = cl_last("lesson", "u5");
		ck_assert_str_eq(td_str(t, "state"), "illegal");
		ck_assert_ptr_nonnull(json_object_get(t->payload, "reason"));
		cl_lesson_langs(t, 1);
		snprintf(cmd, sizeof cmd, "/learn %d %s", i + 1,
		    lesson_get(i)->answer);
		ck_assert_int_eq(td_event(&td, "u5", 1, "u5", 0, cmd), 0);
		td_drain(&td);
		t = cl_last("lesson", "u5");
		ck_assert_str_eq(td_str(t, "state"), "right");
		ck_assert_int_eq(td_int(t, "solved"), i + 1);
		cl_lesson_langs(t, 1);
	}
	ck_assert_int_eq(td_sql_int(&td, "SELECT count(*) FROM lessons WHERE "
	    "done = 1"), lessons_n);
	td_clear(&td);
	ck_assert_int_eq(td_event(&td, "u5", 1, "u5", 0, "/learn"), 0);
	td_drain(&td);
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

	ck_assert_int_eq(td_event(&td, "g1", 0, "u5", 0, "/learn"), 0);
	td_expect_error(&td, "private_only", "learn");
	ck_assert_int_eq(td_event(&td, "u5", 1, "u5", 0, "/learn 99"), 0);
	td_expect_error(&td, "bad_lesson", "learn");
	ck_assert_int_eq(td_event(&td, "u5", 1, "u5", 0, "/learn 3"), 0);
	td_drain(&td);
	t = cl_last("lesson", "u5");
	for (steps = 0; steps < 10; steps++) {
		free(cl_compose(t, 1, &m));
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
		td_clear(&td);
		ck_assert_int_eq(cl_press("u5", data), 0);
		td_drain(&td);
		ck_assert_ptr_nonnull(t = cl_last("lesson", "u5"));
		if (strcmp(td_str(t, "state"), "menu") != 0)
			break;
	}
	ck_assert_str_eq(td_str(t, "state"), "right");
	text = cl_compose(t, 0, NULL);
	ck_assert_msg(strstr(text, "five steps home") != NULL, "%s", text);
	free(text);
}
END_TEST

/* Rate game id's review to the end in slices of ms; the slices. */
static int
cl_review_all(int ms)
{
	int	n = 0, rc;

	while ((rc = svc_review_step(td.svc, ms)) == 1)
		n++;
	ck_assert_msg(rc == 0, "%s", svc_error(td.svc));
	return (n);
}

/* A game's stored review result (the caller frees it). */
static char *
cl_result(int64_t id)
{
	struct store_review	r;

	ck_assert_int_eq(store_review_get(td.store, id, &r), 1);
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
	td_clear(&td);
	ck_assert_int_eq(td_event(&td, "g1", 0, "u0", 0, "/review #1"), 0);
	td_drain(&td);
	ck_assert_str_eq(td_str(cl_last("info", "g1"), "code"),
	    "review_pending");
	ck_assert_ptr_null(cl_last("review", NULL));
	ck_assert_int_eq(td_event(&td, "g1", 0, "u1", 0, "/review #1"), 0);
	td_expect_error(&td, "not_in_game", "review");
	ck_assert_int_gt(cl_review_all(20), 0);
	ck_assert_int_eq(svc_review_pending(td.svc), 0);
	td_drain(&td);
	ck_assert_ptr_nonnull(t = cl_last("review", "u0"));
	picks = td_count(&td, "review", "u0") - 1;
	ck_assert_int_ge(picks, 0);
	ck_assert_int_le(picks, 3);
	for (k = 0; k < td.nout; k++) {
		t = &td.out[k];
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
	td_clear(&td);
	ck_assert_int_eq(td_event(&td, "g1", 0, "u0", 0, "/review"), 0);
	td_drain(&td);
	ck_assert_int_eq(td_count(&td, "review", "u0"), picks + 1);
	ck_assert_str_eq(td_str(cl_last("info", "g1"), "code"),
	    "review_sent");
	/* Only the person's moves: the AI's were never rated. */
	text = cl_result(id);
	ck_assert_ptr_nonnull(j = json_loads(text, 0, NULL));
	ck_assert_int_gt(json_integer_value(json_object_get(j, "rated")), 0);
	ck_assert_int_le(json_integer_value(json_object_get(j, "rated")),
	    td_info(&td, id)->turn_no / 3);
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
	td_sql(&td, "UPDATE reviews SET done = 0, next = 0, ms = 0, "
	    "result = '{}'");
	for (n = 0; n < 25; n++)
		ck_assert_int_eq(svc_review_step(td.svc, 0), 1);
	td_reopen(&td);
	ck_assert_int_gt(td_sql_int(&td, "SELECT next FROM reviews"), 0);
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
	ck_assert_int_eq(td_play_first(&td, id, "g1"), 0);
	/* A database of version 6: none of the later tables. */
	td_sql(&td, "DROP TABLE game_keys; DROP TABLE live; "
	    "DROP TABLE review_asks; DROP TABLE reviews; "
	    "DROP TABLE lessons; DROP TABLE hints; "
	    "ALTER TABLE games DROP COLUMN hints; PRAGMA user_version = 6");
	td_reopen(&td);
	ck_assert_int_eq(store_version(td.store), store_latest());
	ck_assert_int_eq(td_info(&td, id)->hints, 1);
	td_check_replay(&td, id);
	ck_assert(cl_to_u0(id));
	td_clear(&td);
	ck_assert_int_eq(td_event(&td, "g1", 0, "u0", 0, "/hint"), 0);
	td_drain(&td);
	ck_assert_ptr_nonnull(cl_last("hint", "u0"));
	cl_play_out(id, 0);
	ck_assert_int_eq(td_sql_int(&td, "SELECT count(*) FROM reviews"), 1);
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
	tcase_add_test(tc, test_learn_hints_option);
	tcase_add_test(tc, test_learn_hint);
	tcase_add_test(tc, test_learn_hints_off);
	tcase_add_test(tc, test_learn_hint_summary);
	tcase_add_test(tc, test_learn_lessons);
	tcase_add_test(tc, test_learn_buttons);
	tcase_add_test(tc, test_learn_review);
	tcase_add_test(tc, test_learn_review_slices);
	tcase_add_test(tc, test_learn_upgrade);
	suite_add_tcase(s, tc);
	return (s);
}
