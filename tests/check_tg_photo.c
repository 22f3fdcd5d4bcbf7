/*
 * check_tg_photo.c: the board in a Telegram chat, as a photo ("picture"
 * chats, bot/telegram/tg-photo.c) or as text: which calls the board rows
 * and the edits after moves (rows too) become, what they upload, and the
 * text board standing in when the drawing fails.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>

#include "check_tg.h"

/* A call uploads a PNG board (at least 512 px wide) in form field. */
static void
tt_assert_png(const struct tg_req *r, const char *field)
{
	static const unsigned char sig[8] = { 0x89, 'P', 'N', 'G', '\r',
	    '\n', 0x1a, '\n' };
	uint32_t	w;

	ck_assert_str_eq(r->file, field);
	ck_assert_int_eq(r->photo, 1);
	ck_assert_ptr_nonnull(r->png);
	ck_assert_uint_gt(r->pnglen, 24);
	ck_assert(memcmp(r->png, sig, sizeof sig) == 0);
	w = (uint32_t)r->png[16] << 24 | (uint32_t)r->png[17] << 16 |
	    (uint32_t)r->png[18] << 8 | r->png[19];
	ck_assert_uint_ge(w, 512);
	ck_assert_ptr_null(json_object_get(r->params, "text"));
	if (r->edit[0] != '\0')
		ck_assert_str_eq(json_string_value(json_object_get(r->params,
		    "chat_id")), "-100");
	/* The group's live message: the game and round first. */
	ck_assert_ptr_nonnull(tt_caption(r));
	ck_assert_msg(strncmp(tt_caption(r), "Game #1, round ", 15) == 0,
	    "caption \"%s\"", tt_caption(r));
}

static int	tt_fails;	/* tt_render_fail()'s calls */

/* A drawing that always fails, counting its calls. */
static int
tt_render_fail(const struct tac_state *st, const struct picture_opts *o,
    unsigned char **png, size_t *len)
{
	(void)st;
	(void)o;
	(void)png;
	(void)len;
	tt_fails++;
	return (-1);
}

/*
 * A drawing that writes which seat it is drawn from and whether it
 * shows the choices into its "PNG" (the signature, then "seat N opts
 * K"), so that each upload tells how its picture was asked for.
 */
static int
tt_render_seat(const struct tac_state *st, const struct picture_opts *o,
    unsigned char **png, size_t *len)
{
	char	buf[64];
	int	n;

	(void)st;
	n = snprintf(buf, sizeof buf, "\x89PNG\r\n\x1a\nseat %d opts %d",
	    o->bottom, o->nopts);
	*png = malloc(n);
	memcpy(*png, buf, n);
	*len = n;
	return (0);
}

/* Four people in group "-100" start game 1 (seed 5). */
static void
tt_start4(struct tt *t)
{
	tt_say(t, "-100", "1", "/new seed=5 auto=off");
	tt_say(t, "-100", "2", "/join");
	tt_say(t, "-100", "3", "/join");
	tt_say(t, "-100", "4", "/join");
}

/*
 * The people of game 1 play n actions by typing /play in their private
 * chats, a move whenever there is one (its arrows are drawn); the rows
 * are delivered as they come.  Returns how many moves were played.
 */
static int
tt_play(struct tt *t, int n)
{
	struct tac_list		*l;
	struct tac_state	 st, after;
	struct svc_game		 g;
	char			 act[128], cmd[160];
	int64_t			 prev;
	int			 i, pick, moves = 0;

	ck_assert_ptr_nonnull(l = malloc(sizeof *l));
	ck_assert_int_eq(svc_game_info(t->svc, 1, &g), 1);
	while (n-- > 0 && g.state == SVC_PLAYING) {
		ck_assert_int_eq(svc_game_position(t->svc, 1, -1, &st), 0);
		ck_assert_int_gt(tac_legal(&st, l), 0);
		for (pick = 0, i = 0; i < l->n; i++) {
			if (l->a[i].op == TAC_OP_MOVE) {
				pick = i;
				break;
			}
		}
		moves += l->a[pick].op == TAC_OP_MOVE;
		tac_action_format(&l->a[pick], act, sizeof act);
		snprintf(cmd, sizeof cmd, "/play %s", act);
		prev = g.turn_no;
		tt_say(t, g.seats[st.turn].user, g.seats[st.turn].user, cmd);
		ck_assert_int_eq(svc_game_info(t->svc, 1, &g), 1);
		/* A gift lies face down until the exchange is complete. */
		ck_assert_int_eq(svc_game_position(t->svc, 1, -1, &after), 0);
		ck_assert_msg(g.turn_no > prev || (st.phase == TAC_PH_EXCHANGE &&
		    after.gift[st.turn] != TAC_NONE), "%s refused", cmd);
		tt_drain(t);
	}
	free(l);
	return (moves);
}

/* The board's edit of the last drain in group "-100" (it must be there). */
static struct tg_req *
tt_edit(struct tt *t, int64_t *msg)
{
	int	i;

	ck_assert_int_ge(i = tt_index(t, "edit-board", "-100"), 0);
	if (msg != NULL)
		*msg = t->msgs[i];
	return (t->reqs[i]);
}

/*
 * A picture chat (the default): the first board is a sendPhoto with a
 * PNG, named "photo:ID"; after moves the board's edit (an outbox row,
 * after the moves' lines) is an editMessageMedia of that message with a
 * new image, falling back to a new photo.  A style change posts a board
 * of the new kind, since a text message cannot become a photo nor a
 * photo text; the next edits edit that one.
 */
START_TEST(test_photo_board)
{
	struct tt	 t;
	struct tg_req	*r;
	json_t		*media;
	unsigned char	*first;
	size_t		 firstlen;
	char		 ref[32];
	int64_t		 id, text;
	int		 photo;

	tt_open(&t);
	tt_start4(&t);
	tt_say(&t, "-100", "1", "/start");
	tt_drain(&t);
	ck_assert_ptr_nonnull(r = tt_find(&t, "board", "-100"));
	ck_assert_str_eq(r->method, "sendPhoto");
	ck_assert_ptr_null(r->fallback);
	tt_assert_png(r, "photo");
	ck_assert_ptr_nonnull(first = malloc(r->pnglen));
	memcpy(first, r->png, r->pnglen);
	firstlen = r->pnglen;
	ck_assert_int_eq(svc_message(t.svc, 1, "-100", "board", ref,
	    sizeof ref), 1);
	id = tg_ref_id(ref, &photo);
	ck_assert_int_eq(photo, 1);
	ck_assert_int_gt(id, 0);

	/* Four gifts, then moves: their lines bring the board's edit. */
	ck_assert_int_gt(tt_play(&t, 8), 0);
	ck_assert_int_eq(svc_message(t.svc, 1, "-100", "board", ref,
	    sizeof ref), 1);
	ck_assert_int_eq(tg_ref_id(ref, &photo), id);
	tt_play(&t, 1);
	/* The move is told by the edit, not by a line of its own. */
	ck_assert_int_ge(tt_index(&t, "edit-board", "-100"), 0);
	ck_assert_int_eq(tt_index(&t, "moved", "-100"), -1);
	r = tt_edit(&t, NULL);
	ck_assert_str_eq(r->method, "editMessageMedia");
	ck_assert_int_eq(json_integer_value(json_object_get(r->params,
	    "message_id")), id);
	media = json_object_get(r->params, "media");
	ck_assert_str_eq(json_string_value(json_object_get(media, "type")),
	    "photo");
	ck_assert_str_eq(json_string_value(json_object_get(media, "media")),
	    "attach://board");
	ck_assert_ptr_nonnull(strstr(json_string_value(json_object_get(media,
	    "caption")), "\nP1: "));
	tt_assert_png(r, "board");
	ck_assert(r->pnglen != firstlen || memcmp(r->png, first,
	    firstlen) != 0);
	/* A failed edit posts the same image as a new photo. */
	ck_assert_ptr_nonnull(r->fallback);
	ck_assert_str_eq(r->fbmethod, "sendPhoto");
	ck_assert_str_eq(r->fbfile, "photo");
	ck_assert_ptr_null(json_object_get(r->fallback, "message_id"));
	free(first);

	/* "/board text": the board is posted anew, as text. */
	tt_say(&t, "-100", "1", "/board text");
	tt_drain(&t);
	ck_assert_ptr_nonnull(tt_find(&t, "info", "-100"));
	r = tt_edit(&t, &text);
	ck_assert_str_eq(r->method, "sendMessage");
	ck_assert_ptr_null(r->png);
	ck_assert_ptr_null(r->fallback);
	ck_assert_ptr_nonnull(strstr(json_string_value(json_object_get(
	    r->params, "text")), "<pre>"));
	/* Kept, so the next edits are text ones, of that message. */
	ck_assert_int_eq(svc_message(t.svc, 1, "-100", "board", ref,
	    sizeof ref), 1);
	ck_assert_int_eq(tg_ref_id(ref, &photo), text);
	ck_assert_int_eq(photo, 0);
	tt_play(&t, 1);
	r = tt_edit(&t, NULL);
	ck_assert_str_eq(r->method, "editMessageText");
	ck_assert_int_eq(json_integer_value(json_object_get(r->params,
	    "message_id")), text);
	ck_assert_ptr_nonnull(r->fallback);

	/* "/board picture": a new photo, the text board is not edited. */
	tt_say(&t, "-100", "1", "/board picture");
	tt_drain(&t);
	r = tt_edit(&t, NULL);
	ck_assert_str_eq(r->method, "sendPhoto");
	ck_assert_ptr_null(json_object_get(r->params, "message_id"));
	tt_assert_png(r, "photo");
	tt_close(&t);
}
END_TEST

/* A text chat gets the text board, sent and then edited; no photo. */
START_TEST(test_text_board)
{
	struct tt	 t;
	struct tg_req	*r;
	int		 i;

	tt_open(&t);
	tt_start4(&t);
	tt_say(&t, "-100", "1", "/board text");
	tt_say(&t, "-100", "1", "/start");
	tt_drain(&t);
	ck_assert_ptr_nonnull(r = tt_find(&t, "board", "-100"));
	ck_assert_str_eq(r->method, "sendMessage");
	ck_assert_ptr_null(r->png);
	ck_assert_int_eq(r->photo, 0);
	ck_assert_ptr_nonnull(strstr(json_string_value(json_object_get(
	    r->params, "text")), "<pre>"));
	ck_assert_int_gt(tt_play(&t, 8), 0);
	for (i = 0; i < t.nreqs; i++)
		ck_assert_ptr_null(t.reqs[i]->png);
	r = tt_edit(&t, NULL);
	ck_assert_str_eq(r->method, "editMessageText");
	ck_assert_ptr_null(r->png);
	ck_assert_str_eq(r->file, "");
	ck_assert_ptr_nonnull(strstr(json_string_value(json_object_get(
	    r->params, "text")), "<pre>"));
	/* A failed edit posts the board anew (text). */
	ck_assert_ptr_nonnull(r->fallback);
	ck_assert_str_eq(r->fbmethod, "");
	ck_assert_int_eq(tt_drawn, 0);
	tt_close(&t);
}
END_TEST

/*
 * A picture chat whose drawing fails gets the text board instead, edited
 * as text; once drawing works again, a photo is posted anew.
 */
START_TEST(test_photo_fails)
{
	struct tt	 t;
	struct tg_req	*r;
	char		 ref[32];
	int		 photo;

	tt_open(&t);
	tt_draw = tt_render_fail;
	tt_fails = 0;
	tt_start4(&t);
	tt_say(&t, "-100", "1", "/start");
	tt_drain(&t);
	ck_assert_int_gt(tt_fails, 0);
	ck_assert_ptr_nonnull(r = tt_find(&t, "board", "-100"));
	ck_assert_str_eq(r->method, "sendMessage");
	ck_assert_ptr_null(r->png);
	ck_assert_ptr_nonnull(strstr(json_string_value(json_object_get(
	    r->params, "text")), "<pre>"));
	ck_assert_int_eq(svc_message(t.svc, 1, "-100", "board", ref,
	    sizeof ref), 1);
	ck_assert_int_gt(tg_ref_id(ref, &photo), 0);
	ck_assert_int_eq(photo, 0);
	tt_play(&t, 6);
	r = tt_edit(&t, NULL);
	ck_assert_str_eq(r->method, "editMessageText");
	ck_assert_int_eq(json_integer_value(json_object_get(r->params,
	    "message_id")), tg_ref_id(ref, &photo));
	ck_assert_ptr_null(r->png);

	tt_draw = NULL;
	tt_play(&t, 1);
	r = tt_edit(&t, NULL);
	ck_assert_str_eq(r->method, "sendPhoto");
	tt_assert_png(r, "photo");
	tt_close(&t);
}
END_TEST

/*
 * The group's board is drawn with seat 0 at the bottom; a turn's
 * picture, sent to its player's own chat, from that player's seat (at
 * the bottom, as the Mini App shows it), for every seat that gets one;
 * so is the board a player asks for in their own chat.
 */
START_TEST(test_photo_seat)
{
	struct tt	 t;
	struct tg_req	*r;
	struct svc_game	 g;
	const char	*chat;
	int		 i, s, seat, opts, group = 0, mine[TAC_MAXSEATS] = { 0 };

	tt_open(&t);
	tt_draw = tt_render_seat;
	tt_start4(&t);
	tt_say(&t, "-100", "1", "/start");
	tt_drain(&t);
	ck_assert_int_eq(svc_game_info(t.svc, 1, &g), 1);
	for (i = 0; i < 40 && g.state == SVC_PLAYING; i++) {
		for (s = 0; s < t.nreqs; s++) {
			r = t.reqs[s];
			if (r->png == NULL)
				continue;
			ck_assert_int_eq(sscanf((char *)r->png + 8, "seat %d "
			    "opts %d", &seat, &opts), 2);
			chat = json_string_value(json_object_get(r->params,
			    "chat_id"));
			ck_assert_ptr_nonnull(chat);
			if (strcmp(chat, "-100") == 0) {
				ck_assert_int_eq(seat, 0);
				group++;
				continue;
			}
			ck_assert_int_ge(seat, 0);
			ck_assert_int_lt(seat, 4);
			ck_assert_str_eq(chat, g.seats[seat].user);
			mine[seat] += opts > 0;
		}
		tt_play(&t, 1);
		ck_assert_int_eq(svc_game_info(t.svc, 1, &g), 1);
	}
	ck_assert_int_gt(group, 0);
	for (s = 0; s < 4; s++)
		ck_assert_msg(mine[s] > 0, "no turn picture for seat %d", s);
	/* /board in a player's own chat: from their seat too. */
	for (s = 0; s < 4; s++) {
		chat = g.seats[s].user;
		tt_say(&t, chat, chat, "/board");
		tt_drain(&t);
		ck_assert_ptr_nonnull(r = tt_find(&t, "board", chat));
		ck_assert_ptr_nonnull(r->png);
		ck_assert_int_eq(sscanf((char *)r->png + 8, "seat %d opts %d",
		    &seat, &opts), 2);
		ck_assert_int_eq(seat, s);
	}
	tt_draw = NULL;
	tt_close(&t);
}
END_TEST

/* The suite. */
Suite *
suite_tg_photo(void)
{
	Suite	*s = suite_create("tg_photo");
	TCase	*tc = tcase_create("board");

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_photo_board);
	tcase_add_test(tc, test_text_board);
	tcase_add_test(tc, test_photo_fails);
	tcase_add_test(tc, test_photo_seat);
	suite_add_tcase(s, tc);
	return (s);
}
