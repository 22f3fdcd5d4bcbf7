/*
 * check_play_words.c: /play of a move copied from where tacd shows it,
 * through the whole service and the reader the daemon installs
 * (compose_read_install(), as td_open() does).  Whole games in every
 * language and both namings: each move is chosen at random among the
 * legal ones, written as one of the texts a player sees (its button's
 * label from the real menu, its line in the group as the "moved" row is
 * composed, the line of the player's turn message once played, or the
 * notation in the reader's names and letters), typed to /play by the
 * player to act, and must be applied as that same move: the position
 * after it is the one the engine gives for the move.  A button's label
 * that alone does not say which move may be refused as such, and only
 * that; then the move is played in the notation, and the refusals are
 * counted.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_daemon.h"
#include "compose.h"
#include "i18n.h"
#include "menu.h"
#include "tacjson.h"

#define PW_STEPS	1500	/* moves of a game tried, at most */

enum { PW_LABEL, PW_LINE, PW_PLAYED, PW_NOTATION, PW_NFORMS };
static const char *const pw_forms[PW_NFORMS] = {
	"button", "line", "played", "notation"
};

static struct td	pw_td;
static struct tac_list	*pw_list;
static long		 pw_tried[PW_NFORMS], pw_ambiguous[PW_NFORMS];
static int		 pw_over;	/* games played to their end */

/* The label of the leaf that plays a, under node path; 1 found. */
static int
pw_label(const struct render_game *t, const struct tac_state *st,
    const char *path, const struct tac_action *a, int numbered,
    char *out, size_t len)
{
	struct compose_keys	 k = { NULL, 0, 0, 0 };
	struct tac_action	 b;
	struct menu		*m;
	char			 more[MENU_PATHMAX + 3];
	int			 e, found = 0;

	ck_assert_ptr_nonnull(m = malloc(sizeof *m));
	ck_assert_int_eq(menu_build(st, st->turn, path, m, pw_list), 0);
	compose_menu_keys(t, st, m, 1, numbered, "menu ", &k);
	for (e = 0; e < m->n && !found; e++) {
		if (!m->e[e].leaf) {
			found = pw_label(t, st, m->e[e].path, a, numbered,
			    out, len);
			continue;
		}
		ck_assert_int_eq(menu_action(st, st->turn, m->e[e].path, &b,
		    pw_list), 0);
		if (tac_action_equal(&b, a)) {
			snprintf(out, len, "%s", k.k[e].label);
			found = 1;
		}
	}
	compose_keys_free(&k);
	snprintf(more, sizeof more, "%s", m->more);
	free(m);
	if (!found && more[0] != '\0')
		found = pw_label(t, st, more, a, numbered, out, len);
	return (found);
}

/*
 * The facts of a played move, as svc_turn_facts() records them; undid:
 * who played the action before it.
 */
static json_t *
pw_facts(const struct tac_state *st, const struct tac_action *a,
    const struct tac_state *after, int undid)
{
	const struct tac_board	*was = &st->b;
	json_t			*p, *kicked, *marbles;
	int			 s, owners[TAC_MAXSEG];

	if (a->tac && !a->devil && st->undo.card != TAC_NONE)
		was = &st->undo.before;
	kicked = json_array();
	for (s = 0; s < st->cfg.nseats; s++) {
		if (after->b.base[s] > was->base[s])
			json_array_append_new(kicked, json_integer(s));
	}
	p = json_pack("{s:o}", "kicked", kicked);
	if (a->tac && !a->devil && undid >= 0)
		json_object_set_new(p, "undid", json_integer(undid));
	if (a->op == TAC_OP_MOVE || a->op == TAC_OP_SWAP) {
		tac_marbles(st, a, owners);
		marbles = json_array();
		for (s = 0; s < (a->op == TAC_OP_SWAP ? 2 : a->nseg); s++)
			json_array_append_new(marbles, json_integer(owners[s]));
		json_object_set_new(p, "marbles", marbles);
	}
	return (p);
}

/*
 * The text of move a of st in form f, for a reader of lang: from the
 * real composers.  A gift is told in neither line: its button.
 */
static void
pw_text(int64_t game, const char *lang, const struct tac_state *st,
    const struct tac_action *a, int f, int numbered, char *out, size_t len)
{
	struct compose_opts	 o = { { RENDER_PLAIN, NULL, NULL, 0 }, 0, 0, 0,
				    0, NULL, NULL };
	struct compose_msg	 m;
	struct render_game	 t;
	struct svc_game		 g = *td_info(&pw_td, game);
	struct svc_batch	*row;
	struct tac_state	 after = *st;
	struct rbuf		 b = { NULL, 0, 0 }, pre = { NULL, 0, 0 };
	char			 nota[128];
	json_t			*p;

	snprintf(g.lang, sizeof g.lang, "%s", lang);
	compose_game(&g, &t);
	tac_play(&after, a);
	tac_action_format(a, nota, sizeof nota);
	p = pw_facts(st, a, &after, g.last_seat);
	json_object_set_new(p, "lang", json_string(lang));
	json_object_set_new(p, "seat", json_integer(st->turn));
	json_object_set_new(p, "action", json_string(nota));
	json_object_set_new(p, "by", json_string("person"));
	/* A gift has no group line, and its played line names whom to. */
	if ((f == PW_LINE || f == PW_PLAYED) && a->op == TAC_OP_GIVE)
		f = PW_LABEL;
	switch (f) {
	case PW_LABEL:
		ck_assert_msg(pw_label(&t, st, "", a, numbered, out, len),
		    "no button plays %s", nota);
		break;
	case PW_LINE:
		/* The group's line: the message of a "moved" row. */
		ck_assert_ptr_nonnull(row = calloc(1, sizeof *row));
		svc_out_make(&row->row[0], SVC_OUT_MOVED, game,
		    json_incref(p));
		snprintf(row->row[0].chat, sizeof row->row[0].chat, "g1");
		row->n = 1;
		ck_assert_int_eq(compose_batch(pw_td.svc, row, &o, &m),
		    COMPOSE_TEXT);
		m.text.s[strcspn(m.text.s, "\n")] = '\0';
		snprintf(out, len, "%s", m.text.s);
		compose_msg_free(&m);
		svc_batch_free(pw_td.svc, row);
		free(row);
		break;
	case PW_PLAYED:
		/* The words after "Game #7. You played: ". */
		compose_played(&g, p, &b);
		rbuf_add(&pre, tr(lang, "Game #%lld. You played: %s"),
		    (long long)game, "");
		ck_assert(strncmp(b.s, pre.s, pre.len) == 0);
		snprintf(out, len, "%s", b.s + pre.len);
		break;
	default:
		render_action(&t, a, &b);
		snprintf(out, len, "%s", b.s);
		break;
	}
	json_decref(p);
	rbuf_free(&b);
	rbuf_free(&pre);
}

/* A position as the record keeps it, as text (the caller frees it). */
static char *
pw_dump(const struct tac_state *st)
{
	json_t	*j = tac_position_save(st, -1);
	char	*s = json_dumps(j, JSON_COMPACT | JSON_SORT_KEYS);

	json_decref(j);
	return (s);
}

/*
 * Was seat st->turn's gift a, of game's exchange at turn, taken: 1
 * (face down until all are in, then in the log), else 0.
 */
static int
pw_given(int64_t game, const struct tac_state *st,
    const struct tac_action *a, int64_t turn)
{
	struct tac_state	got;
	char			want[32], text[64];
	int			seat, k;

	tac_action_format(a, want, sizeof want);
	if (td_info(&pw_td, game)->turn_no == turn) {
		ck_assert_int_eq(svc_game_position(pw_td.svc, game, -1, &got),
		    0);
		return (got.gift[st->turn] == a->card);
	}
	for (k = 0; k < st->cfg.nseats; k++) {
		if (store_action_at(pw_td.store, game, turn + k, &seat, text,
		    sizeof text) == 1 && seat == st->turn)
			return (strcmp(text, want) == 0);
	}
	return (0);
}

/*
 * Type text to /play as the player to act of game, who should play a
 * from st: 1 applied as a, 0 refused as a button that alone says no
 * single move (form PW_LABEL only).
 */
static int
pw_play(int64_t game, const struct tac_state *st, const struct tac_action *a,
    const char *text, int f)
{
	struct tac_state	 want = *st, got;
	struct td_out		*err;
	struct rbuf		 r = { NULL, 0, 0 };
	char			 cmd[600], *x, *y;
	const char		*fmt;
	int64_t			 turn = td_info(&pw_td, game)->turn_no;
	int			 same, given = -1;

	snprintf(cmd, sizeof cmd, "/play %s", text);
	td_clear(&pw_td);
	ck_assert_int_eq(td_event(&pw_td, "g1", 0,
	    td_info(&pw_td, game)->seats[st->turn].user, 0, cmd), 0);
	td_drain(&pw_td);
	if (st->phase == TAC_PH_EXCHANGE)
		given = pw_given(game, st, a, turn);
	if (given == 0 || (given < 0 && td_info(&pw_td, game)->turn_no ==
	    turn)) {
		err = td_find(&pw_td, "error", NULL);
		ck_assert_ptr_nonnull(err);
		fmt = json_string_value(json_object_get(json_object_get(
		    json_object_get(err->payload, "args"), "reason"), "fmt"));
		compose_say(pw_td.svc, "en", err->payload, &r);
		ck_assert_msg(f == PW_LABEL && fmt != NULL &&
		    strstr(fmt, "alone does not say") != NULL,
		    "%s \"%s\" refused: %s", pw_forms[f], text, r.s);
		rbuf_free(&r);
		return (0);
	}
	if (given > 0)
		return (1);
	ck_assert_int_eq(td_info(&pw_td, game)->turn_no, turn + 1);
	tac_play(&want, a);
	ck_assert_int_eq(svc_game_position(pw_td.svc, game, -1, &got), 0);
	x = pw_dump(&want);
	y = pw_dump(&got);
	same = strcmp(x, y) == 0;
	free(x);
	free(y);
	ck_assert_msg(same, "%s \"%s\" played another move", pw_forms[f],
	    text);
	return (1);
}

/* One game in lang with a naming ("tac", "taker"), moves as shown. */
static void
pw_game(const char *lang, const char *names, int seed)
{
	struct tac_state	 st;
	struct tac_action	 a;
	char			 opts[64], text[512], nota[128];
	uint64_t		 rng = (uint64_t)seed * 31 + 7;
	int64_t			 game;
	int			 step, n, f;

	td_init(&pw_td, STORE_NOSYNC);
	td_open(&pw_td);
	snprintf(text, sizeof text, "/lang %s", lang);
	ck_assert_int_eq(td_event(&pw_td, "g1", 0, "u0", 1, text), 0);
	snprintf(opts, sizeof opts, "%s seed=%d", names, seed);
	game = td_lobby4(&pw_td, "g1", opts);
	ck_assert_int_gt(game, 0);
	for (step = 0; step < PW_STEPS; step++) {
		if (td_info(&pw_td, game)->state != SVC_PLAYING) {
			pw_over++;
			break;
		}
		ck_assert_int_eq(svc_game_position(pw_td.svc, game, -1, &st),
		    0);
		ck_assert_int_gt(n = tac_legal(&st, pw_list), 0);
		a = pw_list->a[tac_rng_below(&rng, (uint32_t)n)];
		f = step % PW_NFORMS;
		pw_text(game, lang, &st, &a, f, step % 2, text, sizeof text);
		pw_tried[f]++;
		if (pw_play(game, &st, &a, text, f))
			continue;
		pw_ambiguous[f]++;
		tac_action_format(&a, nota, sizeof nota);
		ck_assert_int_eq(pw_play(game, &st, &a, nota, PW_NOTATION),
		    1);
	}
	td_done(&pw_td);
}

/* Every language, both namings; the refused buttons counted. */
START_TEST(test_play_words)
{
	static const char *const langs[] = { "en", "ru", "de", "ka" };
	int			 i, f;

	pw_list = malloc(sizeof *pw_list);
	ck_assert_ptr_nonnull(pw_list);
	for (i = 0; i < 8; i++)
		pw_game(langs[i / 2], i % 2 ? "taker" : "tac", i + 3);
	free(pw_list);
	printf("play words: %d games, %d to their end;", i, pw_over);
	for (f = 0; f < PW_NFORMS; f++) {
		ck_assert_int_gt(pw_tried[f], 100);
		printf(" %s %ld (%ld refused as ambiguous)%s", pw_forms[f],
		    pw_tried[f], pw_ambiguous[f], f + 1 < PW_NFORMS ? "," :
		    "\n");
	}
	ck_assert_int_eq(pw_ambiguous[PW_LINE], 0);
	ck_assert_int_eq(pw_ambiguous[PW_PLAYED], 0);
	ck_assert_int_eq(pw_ambiguous[PW_NOTATION], 0);
}
END_TEST

/* The suite. */
Suite *
suite_play_words(void)
{
	Suite	*s = suite_create("play_words");
	TCase	*tc = tcase_create("play_words");

	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, test_play_words);
	suite_add_tcase(s, tc);
	return (s);
}
