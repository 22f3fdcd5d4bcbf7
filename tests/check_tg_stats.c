/*
 * check_tg_stats.c: the statistics in a Telegram group: the table as a
 * message, the chart as a photo with its words as the caption (and as
 * the text that stands in if Telegram refuses it), the history's
 * buttons, and a record's page buttons that edit their own message; in
 * English and Russian.  A game's end: its summary and chart, and the
 * record sent as a document.  The buttons that open the Mini App on a
 * game: the board's, the end's replay, the history's, each naming the
 * game by its key, never by its number.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>

#include "check_tg.h"
#include "tacjson.h"

/* The text of a call ("text" or a photo's "caption"), or "". */
static const char *
ts_text(const struct tg_req *r)
{
	const char	*s;

	if ((s = json_string_value(json_object_get(r->params, "text"))) ==
	    NULL)
		s = json_string_value(json_object_get(r->params, "caption"));
	return (s != NULL ? s : "");
}

/* Person "1" and three AI players play game 1 in "-100" to its end. */
static void
ts_game(struct tt *t)
{
	struct tac_list		*l;
	struct tac_state	 st;
	struct svc_game		 g;
	char			 act[128], cmd[160];
	int			 steps;

	ck_assert_ptr_nonnull(l = malloc(sizeof *l));
	tt_say(t, "-100", "1", "/new seed=3");
	tt_say(t, "-100", "1", "/ai all");
	tt_say(t, "-100", "1", "/start");
	for (steps = 0; steps < 20000; steps++) {
		while (svc_timers(t->svc) > 0)
			;
		tt_drain(t);
		ck_assert_int_eq(svc_game_info(t->svc, 1, &g), 1);
		if (g.state != SVC_PLAYING)
			break;
		ck_assert_int_eq(svc_game_position(t->svc, 1, -1, &st), 0);
		ck_assert_int_eq(st.turn, 0);
		ck_assert_int_gt(tac_legal(&st, l), 0);
		tac_action_format(&l->a[steps % l->n], act, sizeof act);
		snprintf(cmd, sizeof cmd, "/play %s", act);
		tt_say(t, "1", "1", cmd);
	}
	/* The last drain holds what the end sent: the tests look at it. */
	ck_assert_int_eq(g.state, SVC_OVER);
	free(l);
}

/* Is the call a photo upload of a PNG 800 pixels wide? */
static void
ts_assert_chart(const struct tg_req *r)
{
	static const unsigned char sig[8] = { 0x89, 'P', 'N', 'G', '\r',
	    '\n', 0x1a, '\n' };
	uint32_t	w;

	ck_assert_str_eq(r->method, "sendPhoto");
	ck_assert_str_eq(r->file, "photo");
	ck_assert_int_eq(r->photo, 1);
	ck_assert_ptr_nonnull(r->png);
	ck_assert_uint_gt(r->pnglen, 1000);
	ck_assert(memcmp(r->png, sig, sizeof sig) == 0);
	w = (uint32_t)r->png[16] << 24 | (uint32_t)r->png[17] << 16 |
	    (uint32_t)r->png[18] << 8 | r->png[19];
	ck_assert_uint_eq(w, 800);
	/* The text board's way out serves a refused chart too. */
	ck_assert_ptr_nonnull(r->textfb);
}

/*
 * /stats in a group: the table, then its chart as a photo; /history with
 * a summary and a record button per game; the record's next page edits
 * the record's message.  Then the same words in Russian.
 */
START_TEST(test_tg_stats)
{
	struct tt	 t;
	struct tg_req	*r;
	const char	*data;
	int		 i;

	tt_open(&t);
	ts_game(&t);
	tt_say(&t, "-100", "1", "/stats");
	tt_drain(&t);
	ck_assert_ptr_nonnull(r = tt_find(&t, "stats", "-100"));
	ck_assert_str_eq(r->method, "sendMessage");
	ck_assert_ptr_nonnull(strstr(ts_text(r), "Games played here: 1;"));
	ck_assert_ptr_nonnull(strstr(ts_text(r), "P1: games: 1,"));
	ck_assert_ptr_nonnull(r = tt_find(&t, "chart", "-100"));
	ts_assert_chart(r);
	ck_assert_ptr_nonnull(strstr(ts_text(r), "Wins per player: "));
	ck_assert_ptr_nonnull(strstr(json_string_value(json_object_get(
	    r->textfb, "text")), "Wins per player: "));

	tt_say(&t, "1", "1", "/stats");
	tt_drain(&t);
	ck_assert_ptr_nonnull(r = tt_find(&t, "chart", "1"));
	ts_assert_chart(r);
	ck_assert_ptr_nonnull(strstr(ts_text(r), "Rating of P1: "));

	tt_say(&t, "-100", "1", "/history");
	tt_drain(&t);
	ck_assert_ptr_nonnull(r = tt_find(&t, "history", "-100"));
	ck_assert_str_eq(tt_button(r, "#1 summary"), "1::summary");
	ck_assert_str_eq(tt_button(r, "#1 moves"), "1::moves");

	tt_press(&t, "-100", "1", 77, 0, "1::moves");
	tt_drain(&t);
	ck_assert_ptr_nonnull(r = tt_find(&t, "record", "-100"));
	ck_assert_str_eq(r->method, "sendMessage");
	ck_assert_ptr_nonnull(strstr(ts_text(r), "Game #1, page 1 of "));
	ck_assert_ptr_null(tt_button(r, "<< back"));
	ck_assert_ptr_nonnull(data = tt_button(r, "next >>"));
	ck_assert_str_eq(data, "1::moves 2");
	i = tt_index(&t, "record", "-100");
	tt_press(&t, "-100", "1", t.msgs[i], 0, "1::moves 2");
	tt_drain(&t);
	ck_assert_ptr_nonnull(r = tt_find(&t, "record", "-100"));
	ck_assert_str_eq(r->method, "editMessageText");
	ck_assert_int_eq(json_integer_value(json_object_get(r->params,
	    "message_id")), t.msgs[i]);
	ck_assert_ptr_nonnull(strstr(ts_text(r), "Game #1, page 2 of "));
	ck_assert_str_eq(tt_button(r, "<< back"), "1::moves 1");

	tt_press(&t, "-100", "1", 78, 0, "1::summary");
	tt_drain(&t);
	ck_assert_ptr_nonnull(r = tt_find(&t, "summary", "-100"));
	ck_assert_ptr_nonnull(strstr(ts_text(r), "Game #1 ended "));

	tt_say(&t, "-100", "1", "/lang ru");
	tt_say(&t, "-100", "1", "/stats");
	tt_drain(&t);
	ck_assert_ptr_nonnull(r = tt_find(&t, "stats", "-100"));
	ck_assert_ptr_nonnull(strstr(ts_text(r), "Сыграно игр здесь: 1;"));
	ck_assert_ptr_nonnull(r = tt_find(&t, "chart", "-100"));
	ck_assert_ptr_nonnull(strstr(ts_text(r), "Победы игроков: "));
	tt_say(&t, "-100", "1", "/history");
	tt_drain(&t);
	ck_assert_ptr_nonnull(r = tt_find(&t, "history", "-100"));
	ck_assert_str_eq(tt_button(r, "Итоги #1"), "1::summary");
	tt_close(&t);
}
END_TEST

/* The index of the first call of the last drain for a kind, or -1. */
static int
ts_at(struct tt *t, const char *kind)
{
	int	i;

	for (i = 0; i < t->nreqs; i++) {
		if (strcmp(t->kinds[i], kind) == 0)
			return (i);
	}
	return (-1);
}

/*
 * A game's end in its group: the line naming the winners, then the
 * summary as a message and the chart of the homes as a photo, its words
 * the caption.  /record #1: a sendDocument upload of tac-game-1.json
 * whose bytes replay to the game's end, with the text that says it
 * could not be sent riding along; in Russian too.
 */
START_TEST(test_tg_end)
{
	struct tt		 t;
	struct tg_req		*r;
	struct tac_record	 rec;
	struct tac_state	 st, end;
	struct tac_list		*l;
	json_t			*j;
	char			 err[256];
	int			 i;

	tt_open(&t);
	ts_game(&t);
	/* "over" comes after the last moves' lines, before the summary. */
	for (i = 0; i < t.nreqs; i++) {
		if (strstr(ts_text(t.reqs[i]), "Game over.") != NULL)
			break;
	}
	ck_assert_int_lt(i, t.nreqs);
	ck_assert_int_gt(ts_at(&t, "summary"), i);
	ck_assert_int_gt(ts_at(&t, "chart"), ts_at(&t, "summary"));
	ck_assert_ptr_nonnull(r = tt_find(&t, "summary", "-100"));
	ck_assert_str_eq(r->method, "sendMessage");
	ck_assert_ptr_nonnull(strstr(ts_text(r), "Game #1 ended "));
	ck_assert_ptr_nonnull(strstr(ts_text(r), "P1: cards: "));
	ck_assert_ptr_nonnull(strstr(ts_text(r), "/record #1 sends its "
	    "record as a file"));
	ck_assert_ptr_nonnull(r = tt_find(&t, "chart", "-100"));
	ts_assert_chart(r);
	ck_assert_ptr_nonnull(strstr(ts_text(r), "Marbles at home, game #1: "
	    "P1 + AI (level 1): "));

	tt_say(&t, "-100", "1", "/record #1");
	tt_drain(&t);
	ck_assert_int_eq(t.nreqs, 1);
	ck_assert_ptr_nonnull(r = tt_find(&t, "document", "-100"));
	ck_assert_str_eq(r->method, "sendDocument");
	ck_assert_str_eq(r->file, "document");
	ck_assert_str_eq(r->fname, "tac-game-1.json");
	ck_assert_int_eq(r->doc, 1);
	ck_assert_int_eq(r->photo, 0);
	/* Words for people: no format's name, no program to run. */
	ck_assert_str_eq(ts_text(r), "The record of game #1: every deal and "
	    "every move, to keep, or to watch the game again.");
	ck_assert_ptr_nonnull(r->textfb);
	ck_assert_str_eq(json_string_value(json_object_get(r->textfb, "text")),
	    "The record of game #1 could not be sent as a file. /moves #1 "
	    "lists its actions.");
	ck_assert_ptr_nonnull(j = json_loadb((const char *)r->png, r->pnglen,
	    0, NULL));
	ck_assert_msg(tac_record_load(&rec, j, err, sizeof err) == 0, "%s",
	    err);
	json_decref(j);
	ck_assert_ptr_nonnull(l = malloc(sizeof *l));
	ck_assert_msg(tac_record_replay(&rec, &st, l, NULL, err, sizeof err) ==
	    0, "%s", err);
	ck_assert_int_eq(svc_game_position(t.svc, 1, -1, &end), 0);
	ck_assert_int_eq(st.phase, TAC_PH_OVER);
	ck_assert(memcmp(&st, &end, sizeof st) == 0);
	tac_record_free(&rec);
	free(l);

	tt_say(&t, "-100", "1", "/lang ru");
	tt_say(&t, "-100", "1", "/record 1");
	tt_drain(&t);
	ck_assert_ptr_nonnull(r = tt_find(&t, "document", "-100"));
	ck_assert_ptr_nonnull(strstr(ts_text(r), "Запись игры #1: "));
	ck_assert_ptr_null(strstr(ts_text(r), "tacctl"));
	tt_close(&t);
}
END_TEST

/* The link of a button labelled label: a url button's, a web_app's. */
static const char *
ts_link(const struct tg_req *r, const char *label)
{
	json_t	*b = tt_keybutton(r, label);

	if (json_object_get(b, "url") != NULL)
		return (json_string_value(json_object_get(b, "url")));
	return (json_string_value(json_object_get(json_object_get(b,
	    "web_app"), "url")));
}

/*
 * With the Mini App: the group's board links the app by the game's key
 * (startapp), a player's turn opens it by the key (web_app); the end's
 * summary and /history link the replay, in the group and in a private
 * chat; no link names the game's number.
 */
START_TEST(test_tg_app_links)
{
	struct tt	 t;
	struct tg_req	*r;
	char		 key[SVC_KEY_MAX], group[256], mine[256];
	const char	*link;
	int		 i;

	tt_open(&t);
	snprintf(t.tg->appurl, sizeof t.tg->appurl, "https://example.test/"
	    "tac/");
	snprintf(t.tg->appname, sizeof t.tg->appname, "tacboard");
	t.tg->copts.app = 1;
	tt_say(&t, "-100", "1", "/new seed=3");
	tt_say(&t, "-100", "1", "/ai all");
	tt_say(&t, "-100", "1", "/start");
	tt_drain(&t);
	ck_assert_int_eq(svc_game_key(t.svc, 1, key), 1);
	snprintf(group, sizeof group, "https://t.me/TacTestBot/tacboard?"
	    "startapp=%s", key);
	snprintf(mine, sizeof mine, "https://example.test/tac/?g=%s", key);
	ck_assert_ptr_nonnull(r = tt_find(&t, "board", "-100"));
	ck_assert_ptr_nonnull(link = ts_link(r, "Open the board"));
	ck_assert_str_eq(link, group);
	for (i = 0; i < t.nreqs; i++) {
		if (strcmp(t.kinds[i], "hand") == 0 ||
		    strcmp(t.kinds[i], "turn") == 0) {
			ck_assert_ptr_nonnull(link = ts_link(t.reqs[i],
			    "Open the board"));
			ck_assert_str_eq(link, mine);
		}
	}
	ts_game(&t);
	ck_assert_ptr_nonnull(r = tt_find(&t, "summary", "-100"));
	ck_assert_ptr_nonnull(link = ts_link(r, "Watch the replay"));
	ck_assert_str_eq(link, group);
	tt_say(&t, "-100", "1", "/history");
	tt_drain(&t);
	ck_assert_ptr_nonnull(r = tt_find(&t, "history", "-100"));
	ck_assert_ptr_nonnull(link = ts_link(r, "#1 replay"));
	ck_assert_str_eq(link, group);
	ck_assert_str_eq(tt_button(r, "#1 summary"), "1::summary");
	/* A player's own history and summary, in their private chat. */
	tt_say(&t, "1", "1", "/history");
	tt_say(&t, "1", "1", "/summary #1");
	tt_drain(&t);
	ck_assert_ptr_nonnull(r = tt_find(&t, "history", "1"));
	ck_assert_str_eq(ts_link(r, "#1 replay"), mine);
	ck_assert_ptr_nonnull(r = tt_find(&t, "summary", "1"));
	ck_assert_str_eq(ts_link(r, "Watch the replay"), mine);
	for (i = 0; i < t.nreqs; i++) {
		link = json_dumps(t.reqs[i]->params, JSON_COMPACT);
		ck_assert_ptr_null(strstr(link, "startapp=g"));
		ck_assert_ptr_null(strstr(link, "?g=1\""));
		free((char *)link);
	}
	tt_close(&t);
}
END_TEST

/* The suite. */
Suite *
suite_tg_stats(void)
{
	Suite	*s = suite_create("tg_stats");
	TCase	*tc = tcase_create("stats");

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_tg_stats);
	tcase_add_test(tc, test_tg_end);
	tcase_add_test(tc, test_tg_app_links);
	suite_add_tcase(s, tc);
	return (s);
}
