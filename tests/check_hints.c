/*
 * check_hints.c: hints through the service (service-hint.c,
 * service-play.c's /hint) and their words: the hints option, /hint from
 * the person's view and counted in the summary, the 💡 button answered
 * with the hint and marking the turn message's button toward it, and a
 * game without hints.
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
#include "hint.h"
#include "menu.h"
#include "utf8.h"

/*
 * Row t (a "turn" row after a press of the 💡 button in message 77)
 * changes only that message's buttons: the menu's, one of them marked
 * 💡, the one toward hint (notation) in game id.  1 when that button
 * plays the hint, 0 when it opens the choices of its first steps.
 */
static int
cl_marked(struct td_out *t, int64_t id, const char *hint, struct tac_list *l)
{
	struct compose_msg	 m;
	struct tac_state	 st;
	struct tac_action	 a;
	struct menu		*node;
	char			 text[160];
	const char		*path;
	size_t			 k;
	int			 n = 0, leaf = 0;

	ck_assert_ptr_nonnull(t);
	ck_assert_str_eq(td_str(t, "hint"), hint);
	free(cl_compose(t, 1, &m));
	ck_assert_str_eq(m.replaces, "77");
	ck_assert(m.keysonly && m.editonly && m.picture == NULL);
	ck_assert_int_eq(svc_game_position(cl_td.svc, id, -1, &st), 0);
	for (k = 0; k < m.keys.n; k++) {
		if (strncmp(m.keys.k[k].label, "\xf0\x9f\x92\xa1 ", 5) != 0 ||
		    (path = strstr(m.keys.k[k].data, ":menu ")) == NULL)
			continue;
		n++;
		/* The button plays the hint, or opens its first steps. */
		if (menu_action(&st, (int)td_int(t, "seat"), path + 6, &a,
		    l) == 0) {
			tac_action_format(&a, text, sizeof text);
			ck_assert_str_eq(text, hint);
			leaf = 1;
			continue;
		}
		ck_assert_ptr_nonnull(node = malloc(sizeof *node));
		ck_assert_int_eq(menu_build(&st, (int)td_int(t, "seat"),
		    path + 6, node, l), 0);
		ck_assert_msg(node->prefix[0] != '\0' && strncmp(hint,
		    node->prefix, strlen(node->prefix)) == 0 &&
		    strchr(" >", hint[strlen(node->prefix)]) != NULL,
		    "%s opens %s", hint, node->prefix);
		free(node);
	}
	ck_assert_int_eq(n, 1);
	compose_msg_free(&m);
	return (leaf);
}

/*
 * The hints option: on unless said, shown in the lobby, changed by the
 * creator only, with a clear refusal for a word it does not know.
 */
START_TEST(test_hints_option)
{
	char	*text;
	int64_t	 id;

	ck_assert_int_eq(td_event(&cl_td, "g1", 0, "u0", 0, "/new"), 0);
	id = td_game(&cl_td, "g1");
	ck_assert_int_eq(td_info(&cl_td, id)->hints, 1);
	td_drain(&cl_td);
	text = cl_compose(cl_last("lobby", "g1"), 0, NULL);
	ck_assert_msg(strstr(text, "hints on") != NULL, "%s", text);
	free(text);
	ck_assert_int_eq(td_event(&cl_td, "g1", 0, "u1", 0, "/join"), 0);
	ck_assert_int_eq(td_event(&cl_td, "g1", 0, "u1", 0, "/options hints=off"),
	    0);
	td_expect_error(&cl_td, "not_creator", "options");
	ck_assert_int_eq(td_info(&cl_td, id)->hints, 1);
	ck_assert_int_eq(td_event(&cl_td, "g1", 0, "u0", 0, "/options hints=no"),
	    0);
	td_expect_error(&cl_td, "bad_option", "hints");
	ck_assert_int_eq(td_event(&cl_td, "g1", 0, "u0", 0, "/options hints=off"),
	    0);
	ck_assert_int_eq(td_info(&cl_td, id)->hints, 0);
	td_drain(&cl_td);
	text = cl_compose(cl_last("lobby", "g1"), 0, NULL);
	ck_assert_msg(strstr(text, "hints off") != NULL, "%s", text);
	free(text);
	ck_assert_int_eq(td_event(&cl_td, "g1", 0, "u0", 0, "/abort"), 0);
	ck_assert_int_eq(td_event(&cl_td, "g2", 0, "u0", 0, "/new hints=off"), 0);
	ck_assert_int_eq(td_info(&cl_td, td_game(&cl_td, "g2"))->hints, 0);
}
END_TEST

/*
 * /hint: privately, on the person's turn, the hint of their view (the
 * same as hint_choose() on it), legal, counted once a turn; refused to
 * another person, in a game without hints and for a stale button; the
 * turn message has a 💡 button that presses it.
 */
START_TEST(test_hint)
{
	struct compose_msg	 m;
	struct tac_state	 st, v;
	struct tac_list		*l;
	static const char	*langs[] = { "en", "ru", "de", "ka" };
	struct td_out		*t, old = { 0 };
	struct hint		 h;
	json_t			*answer;
	char			 text[160], data[80], *s;
	int64_t			 id, turn;
	size_t			 k;
	int			 i, found = 0;

	ck_assert_ptr_nonnull(l = malloc(sizeof *l));
	id = cl_solo("");
	ck_assert(cl_to_u0(id));
	td_drain(&cl_td);
	td_clear(&cl_td);
	ck_assert_int_eq(td_event(&cl_td, "g1", 0, "u0", 0, "/hint"), 0);
	td_drain(&cl_td);
	ck_assert_ptr_nonnull(t = cl_last("hint", "u0"));
	ck_assert_ptr_null(cl_last("hint", "g1"));
	ck_assert_int_eq(svc_game_position(cl_td.svc, id, -1, &st), 0);
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
	ck_assert_int_eq(store_hints(cl_td.store, id, td_sql_int(&cl_td,
	    "SELECT id FROM users WHERE pid = 'u0'")), 1);
	/*
	 * The same turn's hint again is the same, and not counted again;
	 * by the 💡 button, it is the press's answer, in every language
	 * in the 200 characters an answer holds, and no message.
	 */
	turn = td_info(&cl_td, id)->turn_no;
	snprintf(data, sizeof data, "%lld:%lld:hint", (long long)id,
	    (long long)turn);
	td_clear(&cl_td);
	ck_assert_int_eq(cl_press("u0", data), 0);
	td_drain(&cl_td);
	ck_assert_ptr_null(cl_last("hint", NULL));
	ck_assert_int_eq(td_count(&cl_td, NULL, "u0"), 1);
	cl_marked(cl_last("turn", "u0"), id, text, l);
	ck_assert_ptr_nonnull(t = cl_last("answer", ""));
	ck_assert_ptr_null(td_str(t, "code"));
	ck_assert(json_is_true(json_object_get(t->payload, "alert")));
	ck_assert_str_eq(json_string_value(json_object_get(json_object_get(
	    t->payload, "hint"), "action")), text);
	ck_assert_int_eq(td_sql_int(&cl_td, "SELECT n FROM hints"), 1);
	for (k = 0; k < sizeof langs / sizeof langs[0]; k++) {
		cl_lang(t, langs[k]);
		s = cl_compose(t, 0, NULL);
		cl_whole(s, "the hint's answer");
		ck_assert_msg(strncmp(s, "\xf0\x9f\x92\xa1 ", 5) == 0 &&
		    strchr(s, '#') != NULL, "%s", s);
		ck_assert_msg(utf8_prefix(s, 200) == strlen(s), "%s: %zu "
		    "bytes", s, strlen(s));
		free(s);
	}
	cl_lang(t, "en");
	s = cl_compose(t, 0, NULL);
	ck_assert_msg(strstr(s, "Hint for game #") != NULL, "%s", s);
	free(s);
	answer = json_deep_copy(t->payload);
	/* The turn message's 💡 button is that one. */
	ck_assert_int_eq(td_event(&cl_td, "u0", 1, "u0", 0, "/hand"), 0);
	td_drain(&cl_td);
	free(cl_compose(cl_last("turn", "u0"), 0, &m));
	for (k = 0, found = 0; k < m.keys.n; k++)
		found |= strcmp(m.keys.k[k].data, data) == 0;
	ck_assert_msg(found, "no hint button %s", data);
	ck_assert_uint_le(m.keys.n, 12);
	compose_msg_free(&m);
	/*
	 * Played on, the old button is stale, and an answer delivered only
	 * now says nothing of a turn gone.
	 */
	ck_assert_int_eq(td_play_first(&cl_td, id, "g1"), 0);
	td_clear(&cl_td);
	ck_assert_int_eq(cl_press("u0", data), 0);
	td_drain(&cl_td);
	ck_assert_str_eq(td_str(cl_last("answer", ""), "code"), "stale");
	old.payload = answer;
	snprintf(old.kind, sizeof old.kind, "answer");
	s = cl_compose(&old, 0, NULL);
	ck_assert_msg(s != NULL && *s == '\0', "%s", s != NULL ? s : "none");
	free(s);
	json_decref(answer);
	/* Not one's turn: refused. */
	if (!cl_to_u0(id)) {
		ck_assert_int_eq(td_event(&cl_td, "g1", 0, "u0", 0, "/hint"), 0);
		td_expect_error(&cl_td, "not_your_turn", "hint");
	}
	free(l);
}
END_TEST

/*
 * The 💡 button marks the button toward the hint on every turn: a gift,
 * a whole move where the turn lists them, a card where it offers cards
 * first (the Devil's hint, "DEVIL", names no button to check it by).
 */
START_TEST(test_hint_mark)
{
	struct tac_list	*l;
	char		 data[80], hint[160];
	int64_t		 id;
	int		 leaf = 0, cards = 0, i;

	ck_assert_ptr_nonnull(l = malloc(sizeof *l));
	id = cl_solo("");
	for (i = 0; i < 40 && cl_to_u0(id) && !(leaf && cards); i++) {
		snprintf(data, sizeof data, "%lld:%lld:hint", (long long)id,
		    (long long)td_info(&cl_td, id)->turn_no);
		td_clear(&cl_td);
		ck_assert_int_eq(cl_press("u0", data), 0);
		td_drain(&cl_td);
		ck_assert_ptr_nonnull(json_object_get(cl_last("answer",
		    "")->payload, "hint"));
		snprintf(hint, sizeof hint, "%s", json_string_value(
		    json_object_get(json_object_get(cl_last("answer",
		    "")->payload, "hint"), "action")));
		if (strstr(hint, "DEVIL") == NULL) {
			if (cl_marked(cl_last("turn", "u0"), id, hint, l))
				leaf = 1;
			else
				cards = 1;
		}
		ck_assert_int_eq(td_play_first(&cl_td, id, "g1"), 0);
	}
	ck_assert_msg(leaf && cards, "%d turns: a leaf %d, a card %d", i, leaf,
	    cards);
	free(l);
}
END_TEST

/* A game without hints gives none, and its turn has no 💡 button. */
START_TEST(test_hints_off)
{
	struct compose_msg	m;
	size_t			k;
	int64_t			id;

	id = cl_solo("hints=off");
	ck_assert(cl_to_u0(id));
	ck_assert_int_eq(td_event(&cl_td, "g1", 0, "u0", 0, "/hint"), 0);
	td_expect_error(&cl_td, "hints_off", "hint");
	ck_assert_int_eq(td_event(&cl_td, "u0", 1, "u0", 0, "/hand"), 0);
	td_drain(&cl_td);
	free(cl_compose(cl_last("turn", "u0"), 0, &m));
	ck_assert_uint_gt(m.keys.n, 0);
	for (k = 0; k < m.keys.n; k++)
		ck_assert_ptr_null(strstr(m.keys.k[k].data, ":hint"));
	compose_msg_free(&m);
}
END_TEST

/*
 * The game's summary counts the hints each person took; the game's end
 * message has a review button; the review is queued.
 */
START_TEST(test_hint_summary)
{
	struct compose_msg	 m;
	struct td_out		*t;
	json_t			*seat;
	char			*text;
	int64_t			 id;
	size_t			 k;
	int			 found = 0;

	id = cl_solo("");
	td_clear(&cl_td);
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
	ck_assert_int_eq(td_sql_int(&cl_td, "SELECT count(*) FROM reviews WHERE "
	    "done = 0"), 1);
	/* /summary tells it too. */
	td_clear(&cl_td);
	ck_assert_int_eq(td_event(&cl_td, "g1", 0, "u0", 0, "/summary #1"), 0);
	td_drain(&cl_td);
	seat = json_array_get(json_object_get(json_object_get(cl_last(
	    "summary", "g1")->payload, "summary"), "seats"), 0);
	ck_assert_int_eq(json_integer_value(json_object_get(seat, "hints")),
	    2);
}
END_TEST

/* The hints suite. */
Suite *
suite_hints(void)
{
	Suite	*s;
	TCase	*tc;

	s = suite_create("hints");
	tc = tcase_create("hints");
	tcase_add_checked_fixture(tc, cl_setup, cl_teardown);
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, test_hints_option);
	tcase_add_test(tc, test_hint);
	tcase_add_test(tc, test_hint_mark);
	tcase_add_test(tc, test_hints_off);
	tcase_add_test(tc, test_hint_summary);
	suite_add_tcase(s, tc);
	return (s);
}
