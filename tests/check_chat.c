/*
 * check_chat.c: what the chat bridges need of the service: /menu presses
 * (a leaf plays exactly as /play does), turn messages retired once the
 * move is made, the board style, the last action, remembered message
 * ids (check_outbox.c has the outbox's own), a chat that moves to a
 * new id, and button data read back.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_daemon.h"
#include "menu.h"

#define NMOVES	120	/* actions of the menu-against-/play game */

static struct td	td, td2;
static struct tac_list	*ml;

/* Each test starts with an empty database and service. */
static void
setup(void)
{
	td_init(&td, STORE_NOSYNC);
	td_open(&td);
	ml = malloc(sizeof *ml);
	ck_assert_ptr_nonnull(ml);
}

/* And leaves nothing behind. */
static void
teardown(void)
{
	td_done(&td);
	free(ml);
}

/*
 * A person presses a button in their private chat (its id is theirs) on
 * message 'message': the text goes as button data of game at turn.
 */
static int
press(struct td *t, const char *user, int64_t game, int64_t turn,
    const char *text, const char *message)
{
	struct svc_event	 ev;
	char			 data[SVC_BUTTON_MAX + 1], cb[32];

	ck_assert_int_gt(svc_button_data(data, sizeof data, game, turn, text),
	    0);
	snprintf(cb, sizeof cb, "cb%lld", (long long)t->update);
	memset(&ev, 0, sizeof ev);
	ev.kind = SVC_EV_BUTTON;
	ev.platform = "test";
	ev.update_id = t->update++;
	ev.chat = user;
	ev.private_chat = 1;
	ev.user = user;
	ev.user_name = user;
	ev.data = data;
	ev.callback = cb;
	ev.message = message;
	return (svc_event(t->svc, &ev));
}

/* The person of the seat to act, and that seat. */
static const char *
actor(struct td *t, int64_t game, int *seat)
{
	static char		user[64];
	struct svc_game		*g = td_info(t, game);

	*seat = g->actor;
	ck_assert_int_ge(*seat, 0);
	snprintf(user, sizeof user, "%s", g->seats[*seat].user);
	return (user);
}

/* Move a chat to a new id; it must work. */
static void
migrate(const char *platform, const char *from, const char *to)
{
	ck_assert_msg(svc_chat_migrate(td.svc, platform, from, to) == 0,
	    "migrate %s to %s: %s", from, to, svc_error(td.svc));
}

/* Append a label to a prefix the way the notation spaces them. */
static void
join(char *buf, size_t len, const char *prefix, const char *label)
{
	size_t	n = strlen(prefix);

	snprintf(buf, len, "%s%s%s", prefix, n > 0 && prefix[n - 1] != '>' ?
	    " " : "", label);
}

/*
 * Walk the actor's menu to the action text by pressing buttons: each
 * node's press must bring a "menu" row for it and one answer.
 */
static void
walk_to(struct td *t, int64_t game, const char *text)
{
	struct tac_state	 st;
	struct menu		*m;
	struct td_out		*o;
	const char		*user;
	char			 path[MENU_PATHMAX + 1] = "", cmd[64];
	char			 want[200];
	int			 i, seat;
	size_t			 n;

	m = malloc(sizeof *m);
	ck_assert_ptr_nonnull(m);
	user = actor(t, game, &seat);
	ck_assert_int_eq(svc_game_position(t->svc, game, -1, &st), 0);
	for (;;) {
		ck_assert_int_eq(menu_build(&st, seat, path, m, ml), 0);
		for (i = 0; i < m->n; i++) {
			if (m->e[i].path[strlen(m->e[i].path) - 1] ==
			    MENU_PLAY) {
				if (strcmp(m->prefix, text) == 0)
					break;
				continue;
			}
			join(want, sizeof want, m->prefix, m->e[i].label);
			n = strlen(want);
			if (strncmp(text, want, n) == 0 && (text[n] == '\0' ||
			    text[n] == ' ' || want[n - 1] == '>'))
				break;
		}
		ck_assert_msg(i < m->n, "no way to \"%s\" at \"%s\"", text,
		    m->prefix);
		snprintf(path, sizeof path, "%s", m->e[i].path);
		snprintf(cmd, sizeof cmd, "menu %s", path);
		ck_assert_int_eq(press(t, user, game, td_info(t, game)->turn_no,
		    cmd, "900"), 0);
		if (m->e[i].leaf)
			break;
		td_drain(t);
		ck_assert_int_eq(td_count(t, "answer", NULL), 1);
		ck_assert_int_eq(td_count(t, NULL, NULL), 2);
		ck_assert_ptr_nonnull((o = td_find(t, "menu", user)));
		ck_assert_str_eq(td_str(o, "path"), path);
		ck_assert_str_eq(td_str(o, "message"), "900");
		ck_assert_int_eq(td_int(o, "seat"), seat);
		ck_assert_int_eq(td_int(o, "turn"), td_info(t, game)->turn_no);
		td_clear(t);
	}
	free(m);
}

/*
 * Deliver every due row as td_drain() does, but with message names for
 * a person's turn messages: a "turn" row, a "menu" row sent anew (no
 * message) get "1000 + its turn", as a bridge would name them.
 */
static void
drain_ids(struct td *t)
{
	struct svc_batch	*b;
	struct td_out		*r;
	char			 msg[32];
	int			 live;

	ck_assert_ptr_nonnull(b = calloc(1, sizeof *b));
	while (td_take(t, b) == 1) {
		ck_assert_int_lt(t->nout, TD_MAXOUT);
		r = &t->out[t->nout++];
		r->id = b->row[0].id;
		snprintf(r->chat, sizeof r->chat, "%s", b->row[0].chat);
		snprintf(r->kind, sizeof r->kind, "%s", b->row[0].kind);
		ck_assert_ptr_nonnull((r->payload = json_loads(
		    b->row[0].payload, 0, NULL)));
		live = strcmp(r->kind, "turn") == 0 || (strcmp(r->kind,
		    "menu") == 0 && td_str(r, "message") == NULL);
		snprintf(msg, sizeof msg, "%lld", 1000 +
		    (long long)td_int(r, "turn"));
		td_finish(t, b, live ? msg : NULL);
	}
	free(b);
}

/*
 * Move the delivered rows but the answers and menus into a JSON array;
 * returns how many answers there were, *menus the menu rows.
 */
static int
keep_rows(struct td *t, json_t *rows, int *menus)
{
	int	i, answers = 0;

	drain_ids(t);
	*menus = 0;
	for (i = 0; i < t->nout; i++) {
		if (strcmp(t->out[i].kind, "answer") == 0) {
			answers++;
			continue;
		}
		if (strcmp(t->out[i].kind, "menu") == 0) {
			(*menus)++;
			continue;
		}
		json_array_append_new(rows, json_pack("{s:s, s:s, s:O}",
		    "kind", t->out[i].kind, "chat", t->out[i].chat,
		    "payload", t->out[i].payload));
	}
	td_clear(t);
	return (answers);
}

/* Collect a game's log as text, one action per line. */
static int
log_line(void *arg, int64_t n, int seat, const char *text, int who,
    int64_t at)
{
	char	line[256];

	(void)at;
	snprintf(line, sizeof line, "%lld %d %s %d\n", (long long)n, seat, text,
	    who);
	strncat(arg, line, 65536 - strlen(arg) - 1);
	return (0);
}

/*
 * A game played through menu presses leaves the same log and the same
 * rows (but the answers) as the same game typed with /play; each press
 * is answered once, and the offset is the last press's update id.  The
 * turn messages are delivered with ids, so both retire them alike
 * ("played" rows).
 */
START_TEST(test_menu_plays_like_play)
{
	json_t	*ra, *rb;
	char	 act[160], cmd[200], *la, *lb;
	int64_t	 ga, gb;
	int	 i, seat, menus, played;

	td_init(&td2, STORE_NOSYNC);
	td_open(&td2);
	ga = td_lobby4(&td, "g1", "seed=77");
	gb = td_lobby4(&td2, "g1", "seed=77");
	ra = json_array();
	rb = json_array();
	keep_rows(&td, ra, &menus);
	keep_rows(&td2, rb, &menus);
	for (i = 0; i < NMOVES && td_info(&td, ga)->state == SVC_PLAYING;
	    i++) {
		/* Alternate the first and the last legal action. */
		td_legal(&td, ga, i % 2, act, sizeof act);
		walk_to(&td, ga, act);
		ck_assert_int_eq(keep_rows(&td, ra, &menus), 1);
		ck_assert_int_eq(menus, 0);
		ck_assert_int_eq(svc_update_offset(td.svc, "test"),
		    td.update - 1);
		actor(&td2, gb, &seat);
		snprintf(cmd, sizeof cmd, "/play %s", act);
		ck_assert_int_eq(td_event(&td2, "g1", 0,
		    td_info(&td2, gb)->seats[seat].user, 0, cmd), 0);
		ck_assert_int_eq(keep_rows(&td2, rb, &menus), 0);
	}
	ck_assert_int_eq(i, NMOVES);
	ck_assert_int_eq(td_info(&td, ga)->turn_no, NMOVES);
	ck_assert_msg(json_equal(ra, rb), "the rows differ");
	for (i = 0, played = 0; i < (int)json_array_size(ra); i++)
		played += strcmp(json_string_value(json_object_get(
		    json_array_get(ra, i), "kind")), "played") == 0;
	ck_assert_int_eq(played, NMOVES);	/* every move was a person's */
	la = calloc(1, 65536);
	lb = calloc(1, 65536);
	ck_assert(la != NULL && lb != NULL);
	ck_assert_int_eq(store_log(td.store, ga, log_line, la), 0);
	ck_assert_int_eq(store_log(td2.store, gb, log_line, lb), 0);
	ck_assert_str_eq(la, lb);
	td_check_replay(&td, ga);
	free(la);
	free(lb);
	json_decref(ra);
	json_decref(rb);
	td_done(&td2);
}
END_TEST

/*
 * The one "played" row of the last drain: to user, for seat, naming the
 * action and the message; none anywhere else.
 */
static void
expect_played(struct td *t, const char *user, int seat, const char *act,
    int64_t message)
{
	struct td_out	*o;
	char		 ref[32];

	ck_assert_int_eq(td_count(t, "played", NULL), 1);
	ck_assert_ptr_nonnull((o = td_find(t, "played", user)));
	ck_assert_int_eq(td_int(o, "seat"), seat);
	ck_assert_str_eq(td_str(o, "action"), act);
	/* The message as its bridge named it, passed on as it is. */
	snprintf(ref, sizeof ref, "%lld", (long long)message);
	ck_assert_str_eq(td_str(o, "ref"), ref);
}

/*
 * A person's turn message is retired once their move is made: a menu
 * leaf or a typed /play (a gift in full, and to whom: it is their own
 * chat) queues one "played" row naming the message, which is then
 * forgotten; a "menu" row sent anew is the turn message too.  In the
 * exchange everyone's message is live at once, each retired by its own
 * gift.  No row without a known message, none for a refused play.
 */
START_TEST(test_played)
{
	struct td_out	*o;
	const char	*user;
	char		 act[160], cmd[200], buf[32], who[8];
	int64_t		 g, turn;
	int		 seat, s;

	g = td_lobby4(&td, "g1", "");
	drain_ids(&td);
	td_clear(&td);
	for (s = 0; s < 4; s++) {
		snprintf(who, sizeof who, "u%d", s);
		ck_assert_int_eq(svc_message(td.svc, g, who, "turn", buf,
		    sizeof buf), 1);
		ck_assert_str_eq(buf, "1000");
	}

	/* A refused play: the message stays. */
	user = actor(&td, g, &seat);
	turn = td_info(&td, g)->turn_no;
	ck_assert_int_eq(td_say(&td, user, "/play 13 B>0"), 0);
	td_expect_error(&td, "illegal", "a refused play");
	ck_assert_int_eq(svc_message(td.svc, g, user, "turn", buf,
	    sizeof buf), 1);
	ck_assert_int_eq(strtoll(buf, NULL, 10), 1000 + turn);

	/* A gift by the menu's leaf; the others' messages stay live. */
	td_legal(&td, g, 1, act, sizeof act);
	ck_assert(strncmp(act, "give ", 5) == 0);
	walk_to(&td, g, act);
	drain_ids(&td);
	expect_played(&td, user, seat, act, 1000 + turn);
	ck_assert_int_eq(td_int(td_find(&td, "played", user), "to"),
	    (seat + 2) % 4);
	td_clear(&td);
	ck_assert_int_eq(svc_message(td.svc, g, user, "turn", buf,
	    sizeof buf), 0);
	snprintf(cmd, sizeof cmd, "/play %s", act);
	ck_assert_int_eq(td_say(&td, user, cmd), 0);
	td_expect_error(&td, "already_given", "a second gift");
	for (s = 0; s < 4; s++) {
		snprintf(who, sizeof who, "u%d", s);
		ck_assert_int_eq(svc_message(td.svc, g, who, "turn", buf,
		    sizeof buf), s != seat);
	}

	/* Typed, in the group, by the seat the next after it. */
	seat = (seat + 2) % 4;
	snprintf(who, sizeof who, "u%d", seat);
	td_legal_of(&td, g, seat, act, sizeof act);
	snprintf(cmd, sizeof cmd, "/play %s", act);
	ck_assert_int_eq(td_say(&td, who, cmd), 0);
	drain_ids(&td);
	expect_played(&td, who, seat, act, 1000 + turn);
	ck_assert_int_eq(td_count(&td, NULL, "g1"), 0);	/* not yet */
	td_clear(&td);
	ck_assert_int_eq(td_exchange(&td, g, "g1"), 2);
	td_drain(&td);		/* the first turn message: no id */
	ck_assert_int_eq(td_count(&td, "played", NULL), 2);
	ck_assert_int_eq(td_count(&td, "exchanged", "g1"), 0);
	ck_assert_int_gt(td_exchanged(&td, g), 0);
	ck_assert_ptr_nonnull((o = td_find(&td, "played", NULL)));
	ck_assert_int_eq(strncmp(td_str(o, "action"), "give ", 5), 0);
	td_clear(&td);

	/* No message known: nothing to retire. */
	user = actor(&td, g, &seat);
	ck_assert_int_eq(svc_message(td.svc, g, user, "turn", buf,
	    sizeof buf), 0);
	ck_assert_int_eq(td_play(&td, g, "g1", 0), 0);
	drain_ids(&td);
	ck_assert_int_eq(td_count(&td, "played", NULL), 0);
	td_clear(&td);

	/* A card by typed /play retires the message delivered with an id. */
	user = actor(&td, g, &seat);
	turn = td_info(&td, g)->turn_no;
	td_legal(&td, g, 0, act, sizeof act);
	snprintf(cmd, sizeof cmd, "/play %s", act);
	ck_assert_int_eq(td_say(&td, user, cmd), 0);
	drain_ids(&td);
	expect_played(&td, user, seat, act, 1000 + turn);
	td_clear(&td);

	/* A menu sent anew (typed /menu) replaces the live message. */
	user = actor(&td, g, &seat);
	turn = td_info(&td, g)->turn_no;
	td_sql(&td, "UPDATE messages SET message = '77' WHERE kind = 'turn'");
	ck_assert_int_eq(td_say(&td, user, "/menu"), 0);
	drain_ids(&td);
	td_clear(&td);
	td_legal(&td, g, 0, act, sizeof act);
	snprintf(cmd, sizeof cmd, "/play %s", act);
	ck_assert_int_eq(td_event(&td, user, 1, user, 0, cmd), 0);
	drain_ids(&td);
	expect_played(&td, user, seat, act, 1000 + turn);
	td_clear(&td);
}
END_TEST

/*
 * The deadline passed: the AI's move retires the person's turn message
 * all the same.  A turn row delivered after its move is not remembered.
 */
START_TEST(test_played_takeover)
{
	struct svc_batch	*b;
	struct td_out		*o;
	const char		*user;
	char			 buf[32], who[16];
	int64_t			 g;
	int			 seat;

	g = td_lobby4(&td, "g1", "deadline=30m");
	drain_ids(&td);
	td_clear(&td);
	td.now += 31 * 60;
	ck_assert_int_gt(td_run_timers(&td), 0);
	td_drain(&td);
	/* The exchange's deadline: the AI gave for everyone. */
	ck_assert_int_eq(td_count(&td, "takeover", "g1"), 4);
	ck_assert_int_eq(td_count(&td, "played", NULL), 4);
	for (seat = 0; seat < 4; seat++) {
		snprintf(who, sizeof who, "u%d", seat);
		ck_assert_ptr_nonnull((o = td_find(&td, "played", who)));
		ck_assert_str_eq(td_str(o, "ref"), "1000");
		/* In full: in the person's own chat. */
		ck_assert(strncmp(td_str(o, "action"), "give ", 5) == 0);
		ck_assert_int_eq(td_int(o, "to"), (seat + 2) % 4);
		ck_assert_int_eq(svc_message(td.svc, g, who, "turn", buf,
		    sizeof buf), 0);
	}
	td_clear(&td);
	ck_assert_int_eq(td_info(&td, g)->turn_no, 4);
	user = actor(&td, g, &seat);
	ck_assert_int_eq(svc_message(td.svc, g, user, "turn", buf,
	    sizeof buf), 0);
	ck_assert_int_eq(td_play(&td, g, "g1", 0), 0);
	user = actor(&td, g, &seat);
	ck_assert_int_eq(td_play(&td, g, "g1", 0), 0);
	ck_assert_ptr_nonnull(b = calloc(1, sizeof *b));
	while (td_take(&td, b) == 1)
		td_finish(&td, b, "55");
	free(b);
	ck_assert_int_eq(svc_message(td.svc, g, user, "turn", buf,
	    sizeof buf), 0);
	user = actor(&td, g, &seat);
	ck_assert_int_eq(svc_message(td.svc, g, user, "turn", buf,
	    sizeof buf), 1);
}
END_TEST

/*
 * Presses that may not act change nothing and get one answer each: a
 * stranger, a player not to act, an old turn, a path that names nothing.
 * Typed /menu in the group sends the root to the private chat.
 */
START_TEST(test_menu_refusals)
{
	const char	*user;
	char		 other[64], before[65536], after[65536];
	struct td_out	*o;
	int64_t		 g, turn;
	int		 seat;

	g = td_lobby4(&td, "g1", "");
	ck_assert_int_eq(td_exchange(&td, g, "g1"), 4);
	td_drain(&td);
	td_clear(&td);
	user = actor(&td, g, &seat);
	snprintf(other, sizeof other, "%s", td_info(&td, g)->seats[(seat + 1) %
	    4].user);
	turn = td_info(&td, g)->turn_no;
	before[0] = after[0] = '\0';
	ck_assert_int_eq(store_log(td.store, g, log_line, before), 0);

	/* A stranger's press, from their own chat: no such game to them. */
	ck_assert_int_eq(press(&td, "u9", g, turn, "menu", "1"), 0);
	td_expect_error(&td, "no_game", "stranger");
	ck_assert_int_eq(press(&td, other, g, turn, "menu 0", "1"), 0);
	td_expect_error(&td, "not_your_turn", "other seat");
	ck_assert_int_eq(press(&td, user, g, turn + 1, "menu 0", "1"), 0);
	td_expect_error(&td, "stale", "old turn");
	ck_assert_int_eq(press(&td, user, g, turn, "menu zz", "1"), 0);
	td_drain(&td);
	ck_assert_int_eq(td_count(&td, NULL, NULL), 1);
	ck_assert_str_eq(td_str(td_find(&td, "answer", NULL), "code"),
	    "stale");
	td_clear(&td);
	ck_assert_int_eq(press(&td, user, g, turn, "menu .", "1"), 0);
	td_expect_error(&td, "stale", "play at a root that is no action");
	ck_assert_int_eq(td_info(&td, g)->turn_no, turn);
	ck_assert_int_eq(store_log(td.store, g, log_line, after), 0);
	ck_assert_str_eq(before, after);

	/* Typed in the group: the root goes to the person, to send anew. */
	ck_assert_int_eq(td_say(&td, user, "/menu"), 0);
	td_drain(&td);
	ck_assert_int_eq(td_count(&td, NULL, NULL), 1);
	ck_assert_ptr_nonnull((o = td_find(&td, "menu", user)));
	ck_assert_str_eq(td_str(o, "path"), "");
	ck_assert_ptr_null(td_str(o, "message"));
	td_clear(&td);
	ck_assert_int_eq(td_say(&td, other, "/menu"), 0);
	td_expect_error(&td, "not_your_turn", "typed by another");
}
END_TEST

/* /board picture|text: who may set it, what svc_game_info says. */
START_TEST(test_board_style)
{
	struct td_out	*o;
	int64_t		 g;

	g = td_lobby4(&td, "g1", "");
	ck_assert_str_eq(td_info(&td, g)->board, "picture");
	td_drain(&td);
	td_clear(&td);
	ck_assert_int_eq(td_say(&td, "u2", "/board text"), 0);
	td_drain(&td);
	ck_assert_ptr_nonnull((o = td_find(&td, "info", "g1")));
	ck_assert_str_eq(td_str(o, "code"), "board");
	ck_assert_int_eq(td_int(o, "game"), g);
	td_clear(&td);
	ck_assert_str_eq(td_info(&td, g)->board, "text");
	ck_assert_int_eq(td_say(&td, "u9", "/board picture"), 0);
	td_expect_error(&td, "not_in_game", "a stranger");
	ck_assert_str_eq(td_info(&td, g)->board, "text");
	ck_assert_int_eq(td_event(&td, "g1", 0, "u9", 1, "/board picture"), 0);
	td_drain(&td);
	ck_assert_ptr_nonnull(td_find(&td, "info", "g1"));
	td_clear(&td);
	ck_assert_str_eq(td_info(&td, g)->board, "picture");
	ck_assert_int_eq(td_say(&td, "u0", "/board sideways"), 0);
	td_expect_error(&td, "usage", "a bad style");
	/* A bare /board still shows the board. */
	ck_assert_int_eq(td_say(&td, "u0", "/board"), 0);
	td_drain(&td);
	ck_assert_ptr_nonnull(td_find(&td, "board", "g1"));
	td_clear(&td);
	/* A chat without a game: its admins; the style outlives games. */
	ck_assert_int_eq(td_event(&td, "g2", 0, "u5", 0, "/board text"), 0);
	td_expect_error(&td, "not_in_game", "no game, no admin");
	ck_assert_int_eq(td_event(&td, "g2", 0, "u5", 1, "/board text"), 0);
	ck_assert_int_eq(td_event(&td, "g2", 0, "u5", 0, "/new"), 0);
	ck_assert_str_eq(td_info(&td, td_game(&td, "g2"))->board, "text");
}
END_TEST

/* svc_game_info's last action and who played it; gifts stay secret. */
START_TEST(test_game_last)
{
	struct svc_game	*g;
	char		 act[160];
	int64_t		 id;
	int		 seat, i;

	id = td_lobby4(&td, "g1", "");
	g = td_info(&td, id);
	ck_assert_str_eq(g->last, "");
	ck_assert_int_eq(g->last_seat, -1);
	/* A gift is no last action until all are in; then the dealer's. */
	ck_assert_int_eq(td_play_first(&td, id, "g1"), 0);
	ck_assert_str_eq(td_info(&td, id)->last, "");
	ck_assert_int_eq(td_exchange(&td, id, "g1"), 3);
	g = td_info(&td, id);
	ck_assert_str_eq(g->last, "give");
	seat = td_sql_int(&td, "SELECT seat FROM actions WHERE n = 3");
	ck_assert_int_eq(g->last_seat, seat);
	ck_assert_int_eq(td_sql_int(&td, "SELECT seat FROM actions WHERE "
	    "n = 0"), (seat + 1) % 4);
	for (i = 0; i < 3; i++)
		ck_assert_int_eq(td_play_first(&td, id, "g1"), 0);
	seat = td_first_legal(&td, id, act, sizeof act);
	ck_assert_int_eq(td_play_first(&td, id, "g1"), 0);
	g = td_info(&td, id);
	ck_assert_str_eq(g->last, act);
	ck_assert_int_eq(g->last_seat, seat);
}
END_TEST

/*
 * A group becomes a supergroup: its game, settings, pending rows and
 * message ids move to the new id, and play goes on there.
 */
START_TEST(test_chat_migrate)
{
	struct svc_batch	*b;
	char			 buf[32];
	int64_t			 g;

	g = td_lobby4(&td, "g1", "");
	ck_assert_int_eq(td_say(&td, "u0", "/lang ru"), 0);
	ck_assert_int_eq(td_say(&td, "u0", "/board text"), 0);
	ck_assert_ptr_nonnull(b = calloc(1, sizeof *b));
	ck_assert_int_eq(td_take(&td, b), 1);
	ck_assert_str_eq(b->row[0].kind, "lobby");
	svc_batch_free(td.svc, b);
	while (td_take(&td, b) == 1 && strcmp(b->row[0].kind, "board") != 0)
		td_finish(&td, b, NULL);
	ck_assert_str_eq(b->row[0].kind, "board");
	td_finish(&td, b, "b1");
	free(b);
	ck_assert_int_gt(td_sql_int(&td, "SELECT count(*) FROM outbox WHERE "
	    "chat = 'g1' AND sent = 0"), 0);

	migrate("test", "g1", "-100g1");
	ck_assert_int_eq(svc_chat_game(td.svc, "test", "g1"), 0);
	ck_assert_int_eq(svc_chat_game(td.svc, "test", "-100g1"), g);
	ck_assert_int_eq(td_sql_int(&td, "SELECT count(*) FROM outbox WHERE "
	    "chat = 'g1' AND sent = 0"), 0);
	ck_assert_int_eq(svc_message(td.svc, g, "-100g1", "board", buf,
	    sizeof buf), 1);
	ck_assert_str_eq(buf, "b1");
	ck_assert_str_eq(td_info(&td, g)->chat, "-100g1");
	ck_assert_str_eq(td_info(&td, g)->lang, "ru");
	ck_assert_str_eq(td_info(&td, g)->board, "text");
	td_drain(&td);
	td_clear(&td);
	ck_assert_int_eq(td_exchange(&td, g, "-100g1"), 4);
	td_drain(&td);
	ck_assert_int_gt(td_exchanged(&td, g), 0);
	ck_assert_ptr_nonnull(td_find(&td, "edit-board", "-100g1"));
	ck_assert_int_eq(td_count(&td, NULL, "g1"), 0);
	td_clear(&td);
	ck_assert_int_eq(td_play_first(&td, g, "-100g1"), 0);
	td_drain(&td);
	/* The move edits the board the group has under its new id. */
	ck_assert_ptr_nonnull(td_find(&td, "edit-board", "-100g1"));
	ck_assert_int_eq(td_count(&td, NULL, "g1"), 0);
	td_clear(&td);
	/* An unknown chat moves nothing, and fails nothing. */
	migrate("test", "g7", "g8");
	ck_assert_int_eq(td_sql_int(&td, "SELECT count(*) FROM chats WHERE "
	    "pid IN ('g7', 'g8')"), 0);
}
END_TEST

/*
 * The new id already has a row, with a lobby of its own: the old chat's
 * game moves there, the newcomer's lobby is aborted and told.
 */
START_TEST(test_chat_migrate_known)
{
	int64_t	g, h;

	g = td_lobby4(&td, "g1", "");
	ck_assert_int_eq(td_event(&td, "g2", 0, "u5", 0, "/new"), 0);
	h = td_game(&td, "g2");
	td_drain(&td);
	td_clear(&td);
	migrate("test", "g1", "g2");
	ck_assert_int_eq(svc_chat_game(td.svc, "test", "g2"), g);
	ck_assert_int_eq(td_info(&td, h)->state, SVC_ABORTED);
	ck_assert_int_eq(td_sql_int(&td, "SELECT count(*) FROM chats WHERE "
	    "pid IN ('g1', 'g2')"), 1);
	td_drain(&td);
	ck_assert_int_eq(td_count(&td, NULL, NULL), 1);
	ck_assert_int_eq(td_int(td_find(&td, "aborted", "g2"), "game"), h);
	td_clear(&td);
	/* Without a clash, the newcomer's finished games just move. */
	ck_assert_int_eq(td_event(&td, "g3", 0, "u5", 0, "/help"), 0);
	migrate("test", "g2", "g3");
	ck_assert_int_eq(svc_chat_game(td.svc, "test", "g3"), g);
	ck_assert_int_eq(td_sql_int(&td, "SELECT count(*) FROM games WHERE "
	    "chat = (SELECT id FROM chats WHERE pid = 'g3')"), 2);
}
END_TEST

/* Button data read back, and what is not button data. */
START_TEST(test_button_parse)
{
	static const char	*bad[] = { "", ":", "::x", "a:1:x", "12:x:y",
	    "12:34", "12", "-1:2:x", "1:-2:x", "1234567890123456789:1:x",
	    "1:1234567890123456789:x", " 1:2:x",
	    ("1:2:xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
	    "xxxx") };
	char			 text[SVC_BUTTON_MAX + 1], data[80];
	int64_t			 game, turn;
	size_t			 i;

	ck_assert_int_eq(svc_button_parse("12:34:play 5 1>6", &game, &turn,
	    text, sizeof text), 0);
	ck_assert(game == 12 && turn == 34);
	ck_assert_str_eq(text, "play 5 1>6");
	ck_assert_int_eq(svc_button_parse("7::join", &game, &turn, text,
	    sizeof text), 0);
	ck_assert(game == 7 && turn == -1);
	ck_assert_str_eq(text, "join");
	ck_assert_int_eq(svc_button_parse("7:1:", &game, &turn, text,
	    sizeof text), 0);
	ck_assert_str_eq(text, "");
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++)
		ck_assert_msg(svc_button_parse(bad[i], &game, &turn, text,
		    sizeof text) == -1, "\"%s\" parsed", bad[i]);
	/* The text must fit. */
	ck_assert_int_eq(svc_button_parse("1:2:abcd", &game, &turn, text, 4),
	    -1);
	ck_assert_int_eq(svc_button_parse("1:2:abc", &game, &turn, text, 4),
	    0);
	/* What svc_button_data writes reads back. */
	ck_assert_int_gt(svc_button_data(data, sizeof data, 4242, 99,
	    "/menu 3a."), 0);
	ck_assert_int_eq(svc_button_parse(data, &game, &turn, text,
	    sizeof text), 0);
	ck_assert(game == 4242 && turn == 99);
	ck_assert_str_eq(text, "menu 3a.");
}
END_TEST

/* The chat bridges' suite. */
Suite *
suite_chat(void)
{
	Suite	*s = suite_create("chat");
	TCase	*tc = tcase_create("chat");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_menu_plays_like_play);
	tcase_add_test(tc, test_menu_refusals);
	tcase_add_test(tc, test_played);
	tcase_add_test(tc, test_played_takeover);
	tcase_add_test(tc, test_board_style);
	tcase_add_test(tc, test_game_last);
	tcase_add_test(tc, test_chat_migrate);
	tcase_add_test(tc, test_chat_migrate_known);
	tcase_add_test(tc, test_button_parse);
	suite_add_tcase(s, tc);
	return (s);
}
