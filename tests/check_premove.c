/*
 * check_premove.c: /premove, a play chosen while it is not one's turn.
 * A person's premove is chosen by the buttons of their menu against the
 * board as it is and kept; when their turn comes it is played at once
 * if still legal exactly as chosen (they are told privately, get no
 * turn message), else dropped and their turn message says why.  It can
 * be cancelled and replaced, a new deal drops it, someone not in the
 * game gets the no-game answer, a button of a game that ended is out of
 * date, a restart keeps it, and a seat passing to someone else drops it.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_daemon.h"
#include "compose.h"
#include "menu.h"

static void	pm_press(const char *, const char *);

/*
 * Compose a delivered row as a bridge would, in English: does its text
 * hold words, and (key not NULL) has it a button whose data holds key?
 */
static void
pm_says(const struct td_out *t, const char *words, const char *key)
{
	struct compose_opts	 o;
	struct compose_msg	 m;
	struct svc_batch	*b;
	size_t			 i;
	int			 found = key == NULL;

	memset(&o, 0, sizeof o);
	o.r.menu = 1;
	ck_assert_ptr_nonnull(b = calloc(1, sizeof *b));
	svc_out_make(&b->row[0], svc_kind_find(t->kind), json_integer_value(
	    json_object_get(t->payload, "game")), json_deep_copy(t->payload));
	b->row[0].id = t->id;
	b->n = 1;
	snprintf(b->row[0].chat, sizeof b->row[0].chat, "%s", t->chat);
	ck_assert_int_ne(compose_batch(fx.svc, b, &o, &m), COMPOSE_NONE);
	ck_assert_msg(m.text.s != NULL && strstr(m.text.s, words) != NULL,
	    "a %s row says \"%s\", not \"%s\"", t->kind, m.text.s != NULL ?
	    m.text.s : "", words);
	for (i = 0; key != NULL && i < m.keys.n; i++)
		found |= strstr(m.keys.k[i].data, key) != NULL;
	ck_assert_msg(found, "a %s row has no button %s", t->kind, key);
	compose_msg_free(&m);
	svc_batch_free(fx.svc, b);
	free(b);
}

/* A game in play after its exchange, and who is to act and next. */
struct pm {
	int64_t		 id;
	int		 actor;		/* to act now */
	int		 next;		/* to act after actor's move */
	char		 move[160];	/* actor's move that passes to next */
	struct tac_list	*l;
};

/* The position of game id. */
static void
pm_pos(int64_t id, struct tac_state *st)
{
	ck_assert_int_eq(svc_game_position(fx.svc, id, -1, st), 0);
}

/* Is text a legal action of st? */
static int
pm_legal(const struct tac_state *st, const char *text, struct tac_list *l)
{
	char	buf[160];
	int	i, n = tac_legal(st, l);

	for (i = 0; i < n; i++) {
		tac_action_format(&l->a[i], buf, sizeof buf);
		if (strcmp(buf, text) == 0)
			return (1);
	}
	return (0);
}

/*
 * A play of seat's ahead of its turn in st (not a TAC) that is still
 * legal (want 1) or no longer (want 0) in after, into buf: 1, 0 when
 * there is none.
 */
static int
pm_pick_in(const struct tac_state *st, const struct tac_state *after,
    int seat, int want, char *buf, size_t len)
{
	struct tac_state	 ahead;
	struct tac_list		*l = malloc(sizeof *l), *l2 = malloc(sizeof *l2);
	int			 i, n;

	ck_assert_ptr_nonnull(l);
	ck_assert_ptr_nonnull(l2);
	ck_assert_int_eq(svc_premove_state(st, seat, &ahead), 1);
	n = tac_legal(&ahead, l);
	for (i = 0; i < n; i++) {
		if (l->a[i].tac)
			continue;
		tac_action_format(&l->a[i], buf, len);
		if (pm_legal(after, buf, l2) == want)
			break;
	}
	free(l);
	free(l2);
	return (i < n);
}

/*
 * Open a four-person game with seed, give the exchange, and find a move
 * of the person to act after which the next is a person to play an
 * ordinary turn, and for whom a premove (not a TAC) stays legal (want 1)
 * or does not (want 0): it goes into buf.  0 when this seed has none.
 */
static int
pm_open(struct pm *p, const char *seed, int want, char *buf, size_t len)
{
	struct tac_state	st, after;
	char			opts[64];
	int			i, n, steps;

	memset(p, 0, sizeof *p);
	ck_assert_ptr_nonnull(p->l = malloc(sizeof *p->l));
	snprintf(opts, sizeof opts, "seed=%s", seed);
	p->id = td_lobby4(&fx, "g1", opts);
	/* Some turns into the first deal, until such a move is found. */
	for (steps = 0; steps < 40; steps++) {
		td_run_timers(&fx);
		pm_pos(p->id, &st);
		if (st.phase == TAC_PH_EXCHANGE) {
			td_exchange(&fx, p->id, "g1");
			continue;
		}
		if (st.round != 1 || st.phase != TAC_PH_PLAY)
			break;
		p->actor = st.turn;
		n = tac_legal(&st, p->l);
		for (i = 0; i < n; i++) {
			n = tac_legal(&st, p->l);
			after = st;
			tac_play(&after, &p->l->a[i]);
			if (after.phase != TAC_PH_PLAY ||
			    after.turn == st.turn || after.round != st.round)
				continue;
			tac_action_format(&p->l->a[i], p->move,
			    sizeof p->move);
			if (pm_pick_in(&st, &after, after.turn, want, buf,
			    len)) {
				p->next = after.turn;
				td_drain(&fx);
				td_clear(&fx);
				return (1);
			}
		}
		ck_assert_int_eq(td_play_first(&fx, p->id, "g1"), 0);
	}
	free(p->l);
	p->l = NULL;
	return (0);
}

/* Open a game (pm_open()) for the first seed of seeds that has one. */
static void
pm_find(struct pm *p, int want, char *buf, size_t len)
{
	static const char *const seeds[] = { "7", "3", "11", "19", "23", "5",
	    "29", "31", "37", "41", NULL };
	int	i;

	for (i = 0; seeds[i] != NULL; i++) {
		if (pm_open(p, seeds[i], want, buf, len))
			return;
		ck_assert_int_eq(td_event(&fx, "g1", 0, "boss", 1,
		    "/abort yes"), 0);
		td_drain(&fx);
		td_clear(&fx);
	}
	ck_abort_msg("no seed gives such a premove (want %d)", want);
}

/* The position next sees ahead, and the one after actor's move. */
static void
pm_states(struct pm *p, struct tac_state *ahead, struct tac_state *after)
{
	struct tac_state	st;
	struct tac_action	a;
	char			why[128];

	pm_pos(p->id, &st);
	ck_assert_int_eq(svc_premove_state(&st, p->next, ahead), 1);
	*after = st;
	ck_assert_int_eq(tac_action_parse(p->move, &a, why, sizeof why), 0);
	ck_assert_int_ge(tac_apply(after, &a, p->l, why, sizeof why), 0);
}

/* The path of the leaf of st's menu for seat that plays text, into out. */
static int
pm_path(const struct tac_state *st, int seat, const char *path,
    const char *text, char *out, struct tac_list *l)
{
	struct menu	*m = malloc(sizeof *m);
	char		 buf[160];
	int		 i, found = 0;

	ck_assert_ptr_nonnull(m);
	if (menu_build(st, seat, path, m, l) != 0) {
		free(m);
		return (0);
	}
	for (i = 0; i < m->n && !found; i++) {
		tac_action_format(&m->e[i].a, buf, sizeof buf);
		if (m->e[i].leaf && strcmp(buf, text) == 0) {
			snprintf(out, MENU_PATHMAX + 1, "%s", m->e[i].path);
			found = 1;
		} else if (!m->e[i].leaf)
			found = pm_path(st, seat, m->e[i].path, text, out, l);
	}
	if (!found && m->more[0] != '\0')
		found = pm_path(st, seat, m->more, text, out, l);
	free(m);
	return (found);
}

/* The private chat (and user) of seat. */
static const char *
pm_user(int seat)
{
	static char	buf[TAC_MAXSEATS][8];

	snprintf(buf[seat], sizeof buf[seat], "u%d", seat);
	return (buf[seat]);
}

/*
 * next asks for its premove's buttons privately and presses the one of
 * text, as Telegram sends a press: the premove row comes with buttons,
 * the press is answered "premove_saved".
 */
static void
pm_choose(struct pm *p, const char *text)
{
	struct tac_state	 ahead, after;
	struct td_out		*o;
	const char		*u = pm_user(p->next);
	char			 path[MENU_PATHMAX + 1], data[SVC_BUTTON_MAX + 1];
	char			 cmd[MENU_PATHMAX + 16];
	int			 i, saved = 0;

	ck_assert_int_eq(td_event(&fx, u, 1, u, 0, "/premove"), 0);
	td_drain(&fx);
	ck_assert_ptr_nonnull(o = td_find(&fx, "premove", u));
	ck_assert_str_eq(td_str(o, "path"), "");
	pm_says(o, "Choose your next move now", ":premove =");
	td_clear(&fx);
	pm_states(p, &ahead, &after);
	ck_assert_msg(pm_path(&ahead, p->next, "", text, path, p->l),
	    "no button plays %s", text);
	snprintf(cmd, sizeof cmd, "premove =%s", path);
	ck_assert_int_ge(svc_button_data(data, sizeof data, p->id,
	    td_info(&fx, p->id)->turn_no, cmd), 0);
	pm_press(u, data);
	td_drain(&fx);
	for (i = 0; i < fx.nout; i++)
		saved |= strcmp(fx.out[i].kind, "answer") == 0 &&
		    td_str(&fx.out[i], "code") != NULL &&
		    strcmp(td_str(&fx.out[i], "code"), "premove_saved") == 0;
	ck_assert_msg(saved, "the press is not answered premove_saved: %d "
	    "rows, first %s %s", fx.nout, fx.nout > 0 ? fx.out[0].kind : "-",
	    fx.nout > 0 && td_str(&fx.out[0], "code") != NULL ?
	    td_str(&fx.out[0], "code") : "-");
	ck_assert_ptr_nonnull(o = td_find(&fx, "premove", u));
	ck_assert_str_eq(td_str(o, "action"), text);
	pm_says(o, "Your premove: “", ":premove off");
	td_clear(&fx);
}

/* user presses a button of data in their private chat, as Telegram sends it. */
static void
pm_press(const char *user, const char *data)
{
	struct svc_event	ev;

	memset(&ev, 0, sizeof ev);
	ev.kind = SVC_EV_BUTTON;
	ev.platform = "test";
	ev.update_id = fx.update++;
	ev.chat = user;
	ev.private_chat = 1;
	ev.user = user;
	ev.user_name = user;
	ev.data = data;
	ev.callback = "cb1";
	ev.message = "77";
	ck_assert_int_eq(svc_event(fx.svc, &ev), 0);
}

/* The premove kept for seat of game id ("" none). */
static const char *
pm_kept(int64_t id, int seat)
{
	static struct store_premove	pm;

	if (store_premove_get(fx.store, id, seat, &pm) != 1)
		return ("");
	return (pm.action);
}

/*
 * actor plays its move, typed; the rows are delivered; no timer runs
 * (nothing is due: each turn waits for its person).
 */
static void
pm_actor_moves(struct pm *p)
{
	char	text[200];

	snprintf(text, sizeof text, "/play %s", p->move);
	ck_assert_int_eq(td_say(&fx, pm_user(p->actor), text), 0);
	td_drain(&fx);
}

/*
 * Check that next's premove text was played as its own move right after
 * actor's: the log, a private "forced" row marked premove, no turn
 * message for that turn, and the group's live message shows the move.
 */
static void
pm_check_played(struct pm *p, int64_t turn, const char *text)
{
	struct td_out	*o;
	char		 logged[160];
	int		 seat, i;

	ck_assert_int_eq(store_action_at(fx.store, p->id, turn, &seat, logged,
	    sizeof logged), 1);
	ck_assert_int_eq(seat, p->next);
	ck_assert_str_eq(logged, text);
	ck_assert_ptr_nonnull(o = td_find(&fx, "forced", pm_user(p->next)));
	ck_assert(json_is_true(json_object_get(o->payload, "premove")));
	ck_assert_str_eq(td_str(o, "action"), text);
	pm_says(o, "your turn came and your premove was played: “", NULL);
	for (i = 0; i < fx.nout; i++)
		ck_assert_msg(strcmp(fx.out[i].kind, "turn") != 0 ||
		    strcmp(fx.out[i].chat, pm_user(p->next)) != 0 ||
		    td_int(&fx.out[i], "turn") != turn,
		    "a turn message for a premoved turn");
	ck_assert_str_eq(pm_kept(p->id, p->next), "");
}

/*
 * The premove is played when the turn comes, as the person's own move,
 * with the move that passed the turn (one event: no timer ran).
 */
START_TEST(test_premove_played)
{
	struct pm	p;
	char		text[160];
	int64_t		turn;

	pm_find(&p, 1, text, sizeof text);
	pm_choose(&p, text);
	ck_assert_str_eq(pm_kept(p.id, p.next), text);
	turn = td_info(&fx, p.id)->turn_no + 1;
	pm_actor_moves(&p);
	pm_check_played(&p, turn, text);
	ck_assert_int_gt(td_info(&fx, p.id)->turn_no, turn);
	td_check_replay(&fx, p.id);
	free(p.l);
}
END_TEST

/*
 * A premove the board made impossible is not played: dropped, and the
 * person's turn message says why; the turn waits for them.
 */
START_TEST(test_premove_refused)
{
	struct pm	 p;
	struct td_out	*o;
	char		 text[160];

	pm_find(&p, 0, text, sizeof text);
	pm_choose(&p, text);
	pm_actor_moves(&p);
	ck_assert_ptr_nonnull(o = td_find(&fx, "turn", pm_user(p.next)));
	ck_assert_str_eq(td_str(o, "premove"), "changed");
	pm_says(o, "The board changed: your premove was not played.",
	    ":menu ");
	ck_assert_ptr_null(td_find(&fx, "forced", pm_user(p.next)));
	ck_assert_str_eq(pm_kept(p.id, p.next), "");
	ck_assert_int_eq(td_info(&fx, p.id)->actor, p.next);
	free(p.l);
}
END_TEST

/* Cancelled: the turn comes as usual, no word of a premove. */
START_TEST(test_premove_cancel)
{
	struct pm	 p;
	struct td_out	*o;
	const char	*u;
	char		 text[160];

	pm_find(&p, 1, text, sizeof text);
	u = pm_user(p.next);
	pm_choose(&p, text);
	ck_assert_int_eq(td_event(&fx, u, 1, u, 0, "/premove off"), 0);
	td_drain(&fx);
	ck_assert_ptr_nonnull(o = td_find(&fx, "info", u));
	ck_assert_str_eq(td_str(o, "code"), "premove_off");
	td_clear(&fx);
	ck_assert_str_eq(pm_kept(p.id, p.next), "");
	pm_actor_moves(&p);
	ck_assert_ptr_nonnull(o = td_find(&fx, "turn", u));
	ck_assert_ptr_null(json_object_get(o->payload, "premove"));
	ck_assert_ptr_null(td_find(&fx, "forced", u));
	ck_assert_int_eq(td_info(&fx, p.id)->actor, p.next);
	free(p.l);
}
END_TEST

/* A second choice replaces the first; the second is played. */
START_TEST(test_premove_replaced)
{
	struct pm	 p;
	struct tac_state ahead, after;
	char		 first[160], second[160];
	int64_t		 turn;
	int		 i, n;

	pm_find(&p, 1, first, sizeof first);
	pm_states(&p, &ahead, &after);
	/* Two plays that stay legal: the last such is the second. */
	n = tac_legal(&ahead, p.l);
	second[0] = '\0';
	for (i = n - 1; i >= 0 && second[0] == '\0'; i--) {
		struct tac_list	*l2 = malloc(sizeof *l2);

		tac_action_format(&p.l->a[i], second, sizeof second);
		if (p.l->a[i].tac || strcmp(second, first) == 0 ||
		    !pm_legal(&after, second, l2))
			second[0] = '\0';
		free(l2);
		n = tac_legal(&ahead, p.l);
	}
	ck_assert_msg(second[0] != '\0', "one play only");
	pm_choose(&p, first);
	pm_choose(&p, second);
	ck_assert_str_eq(pm_kept(p.id, p.next), second);
	turn = td_info(&fx, p.id)->turn_no + 1;
	pm_actor_moves(&p);
	pm_check_played(&p, turn, second);
	free(p.l);
}
END_TEST

/*
 * A new deal drops every premove: one kept for a seat when the deal's
 * last card is played is gone with it.
 */
START_TEST(test_premove_new_deal)
{
	struct tac_state	 st;
	struct store_premove	 pm;
	int64_t			 id;
	int			 round, seat, s, left, steps = 0;

	id = td_lobby4(&fx, "g1", "seed=7");
	pm_pos(id, &st);
	round = st.round;
	for (;;) {
		td_run_timers(&fx);
		pm_pos(id, &st);
		if (st.phase == TAC_PH_EXCHANGE) {
			td_exchange(&fx, id, "g1");
			continue;
		}
		for (s = left = 0; s < st.cfg.nseats; s++)
			left += st.nhand[s];
		if (left <= 1 && st.phase == TAC_PH_PLAY)
			break;
		ck_assert_int_eq(td_play_first(&fx, id, "g1"), 0);
		ck_assert_int_lt(++steps, 500);
		pm_pos(id, &st);
		ck_assert_int_eq(st.round, round);
	}
	seat = (st.turn + 1) % st.cfg.nseats;
	memset(&pm, 0, sizeof pm);
	pm.user = td_sql_int(&fx, "SELECT id FROM users WHERE pid = 'u1'");
	pm.round = st.round;
	snprintf(pm.action, sizeof pm.action, "5 discard");
	ck_assert_int_eq(store_premove_put(fx.store, id, seat, &pm), 0);
	ck_assert_int_eq(td_play_first(&fx, id, "g1"), 0);
	pm_pos(id, &st);
	ck_assert_int_gt(st.round, round);
	ck_assert_str_eq(pm_kept(id, seat), "");
}
END_TEST

/*
 * Someone not in the game gets the no-game answer, to the command and to
 * a player's button (nobody premoves for another's seat).
 */
START_TEST(test_premove_stranger)
{
	struct pm	p;
	char		cmd[64], data[SVC_BUTTON_MAX + 1], text[160];

	pm_find(&p, 1, text, sizeof text);
	snprintf(cmd, sizeof cmd, "/premove #%lld", (long long)p.id);
	ck_assert_int_eq(td_event(&fx, "u9", 1, "u9", 0, cmd), 0);
	td_expect_error(&fx, "no_game", "a stranger's /premove");
	ck_assert_int_ge(svc_button_data(data, sizeof data, p.id,
	    td_info(&fx, p.id)->turn_no, "premove =0"), 0);
	pm_press("u9", data);
	td_expect_error(&fx, "no_game", "a stranger presses a premove button");
	ck_assert_int_eq(td_sql_int(&fx, "SELECT count(*) FROM premoves"), 0);
	free(p.l);
}
END_TEST

/* A premove button of a game that has ended is out of date. */
START_TEST(test_premove_stale)
{
	struct pm	 p;
	const char	*u;
	char		 data[SVC_BUTTON_MAX + 1], text[160];

	pm_find(&p, 1, text, sizeof text);
	u = pm_user(p.next);
	ck_assert_int_ge(svc_button_data(data, sizeof data, p.id,
	    td_info(&fx, p.id)->turn_no, "premove =0"), 0);
	ck_assert_int_eq(td_event(&fx, "g1", 0, "boss", 1, "/abort yes"), 0);
	td_drain(&fx);
	td_clear(&fx);
	pm_press(u, data);
	td_expect_error(&fx, "stale", "a premove button after the end");
	ck_assert_int_eq(td_sql_int(&fx, "SELECT count(*) FROM premoves"), 0);
	free(p.l);
}
END_TEST

/*
 * A premove is its person's: when their seat passes to someone else (they
 * left, and a member took the seat over with a player's yes), it is gone,
 * and the new person's turn says nothing of it and plays nothing.
 */
START_TEST(test_premove_new_person)
{
	struct pm	 p;
	struct td_out	*q, *o;
	const char	*u;
	char		 text[160], link[64], key[SVC_KEY_MAX], yes[64];

	pm_find(&p, 1, text, sizeof text);
	u = pm_user(p.next);
	pm_choose(&p, text);
	ck_assert_int_eq(td_say(&fx, u, "/leave yes"), 0);
	td_drain(&fx);
	ck_assert_str_eq(pm_kept(p.id, p.next), text);
	td_clear(&fx);
	ck_assert_int_eq(svc_game_key(fx.svc, p.id, key), 1);
	snprintf(link, sizeof link, "/start j%s", key);
	ck_assert_int_eq(td_event(&fx, "u5", 1, "u5", 0, link), 0);
	td_drain(&fx);
	ck_assert_ptr_nonnull(q = td_find(&fx, "confirm", "g1"));
	snprintf(yes, sizeof yes, "%lld::admit %d %lld yes", (long long)p.id,
	    p.next, (long long)td_int(q, "asker"));
	td_clear(&fx);
	ck_assert_int_eq(td_button(&fx, "g1", pm_user(p.actor), yes), 0);
	td_drain(&fx);
	ck_assert_str_eq(td_info(&fx, p.id)->seats[p.next].user, "u5");
	ck_assert_str_eq(pm_kept(p.id, p.next), "");
	td_clear(&fx);
	pm_actor_moves(&p);
	ck_assert_ptr_nonnull(o = td_find(&fx, "turn", "u5"));
	ck_assert_ptr_null(json_object_get(o->payload, "premove"));
	ck_assert_ptr_null(td_find(&fx, "forced", "u5"));
	ck_assert_ptr_null(td_find(&fx, "forced", u));
	ck_assert_int_eq(td_info(&fx, p.id)->actor, p.next);
	free(p.l);
}
END_TEST

/* A restart keeps the premove, and it is played when the turn comes. */
START_TEST(test_premove_restart)
{
	struct pm	p;
	char		text[160];
	int64_t		turn;

	pm_find(&p, 1, text, sizeof text);
	pm_choose(&p, text);
	td_reopen(&fx);
	ck_assert_str_eq(pm_kept(p.id, p.next), text);
	turn = td_info(&fx, p.id)->turn_no + 1;
	pm_actor_moves(&p);
	pm_check_played(&p, turn, text);
	free(p.l);
}
END_TEST

Suite *
suite_premove(void)
{
	Suite	*s = suite_create("premove");
	TCase	*tc = tcase_create("premove");

	tcase_add_checked_fixture(tc, fx_setup, fx_teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_premove_played);
	tcase_add_test(tc, test_premove_refused);
	tcase_add_test(tc, test_premove_cancel);
	tcase_add_test(tc, test_premove_replaced);
	tcase_add_test(tc, test_premove_new_deal);
	tcase_add_test(tc, test_premove_stranger);
	tcase_add_test(tc, test_premove_stale);
	tcase_add_test(tc, test_premove_restart);
	tcase_add_test(tc, test_premove_new_person);
	suite_add_tcase(s, tc);
	return (s);
}
