/*
 * compose-learn.c: the tutorial's messages ("lesson" rows, from
 * src/service/service-learn.c); learning's other kinds have their own
 * files: a hint (compose-hint.c), a review (compose-review.c).
 *
 * A lesson is shown as a turn is: the position, the learner's cards and
 * the menu of their moves (src/play/menu.h) as buttons that press
 * "/learn N @PATH"; a bridge that shows pictures gets the position as
 * one, with the moves drawn and numbered as the buttons are when the
 * menu lists them all at once.  A lesson is one message: a step of its
 * menu and the answer to a try (the reason, the position again, or
 * well done) edit the message pressed, its picture kept, its words and
 * buttons replaced.
 * The lesson's texts are message ids of src/play/lessons.c; each "%s"
 * is the next card the lesson names, in the learner's edition.  The
 * learner is seat 0 and is "you"; the others have the names the texts
 * give them.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "compose-int.h"
#include "i18n.h"
#include "lesson.h"
#include "menu.h"
#include "xmalloc.h"

/* The table of every lesson: the learner, Boris, Anna, Carl. */
static const char *const compose_learners[TAC_MAXSEATS] = {
	N_("you"), N_("Boris"), N_("Anna"), N_("Carl"), NULL, NULL
};

/* The edition a language learns in: TAKER's names for Russian. */
static int
compose_learn_names(const char *lang)
{
	return (strcmp(lang, "ru") == 0 ? TAC_NAMES_TAKER : TAC_NAMES_TAC);
}

/*
 * Lesson l's table, as the view names people.  A lesson's plays before
 * the learner's turn end with Carl's, on their right (lesson.h): the
 * card play a TAC undoes.
 */
static void
compose_learn_table(const char *lang, const struct lesson *l,
    struct render_game *t)
{
	int	s;

	memset(t, 0, sizeof *t);
	snprintf(t->lang, sizeof t->lang, "%s", lang);
	t->cfg.nseats = 4;
	t->cfg.master = 1;
	t->cfg.names = compose_learn_names(lang);
	for (s = 0; s < 4; s++)
		snprintf(t->seats[s].name, sizeof t->seats[s].name, "%s",
		    tr(lang, compose_learners[s]));
	if (l->setup != NULL)
		t->lastplay = LESSON_SETUP_SEAT + 1;
}

/* Append a lesson's text (a message id), its "%s" its cards' names. */
static void
compose_learn_say(const char *lang, const struct lesson *l, const char *id,
    struct rbuf *b)
{
	const char	*c[LESSON_CARDS];
	int		 i, names = compose_learn_names(lang);

	for (i = 0; i < LESSON_CARDS; i++)
		c[i] = l->cards[i] != TAC_NONE ? render_card(lang, names,
		    l->cards[i]) : "";
	rbuf_add(b, tr(lang, id), c[0], c[1], c[2]);
}

/* Append a lesson's title: "Lesson 3 of 11: The 7 split". */
static void
compose_learn_title(const char *lang, int i, struct rbuf *b)
{
	struct rbuf	title = { NULL, 0, 0 };

	compose_learn_say(lang, lesson_get(i), lesson_get(i)->title, &title);
	/* TRANSLATORS: a lesson's heading: %d its number, %d how many
	   there are, %s its title. */
	rbuf_add(b, tr(lang, "Lesson %d of %d: %s"), i + 1, lessons_n,
	    title.s != NULL ? title.s : "");
	rbuf_free(&title);
}

/*
 * The buttons of node path of lesson i's menu in st: the menu's own
 * (compose_menu_keys()), each pointed at the lesson.  With a picture p,
 * a root that lists every move is numbered, its moves p's arrows.
 */
static int
compose_learn_keys(const struct render_game *t, const struct tac_state *st,
    int i, const char *path, struct compose_picture *p,
    struct compose_msg *m)
{
	struct compose_keys	 menu = { NULL, 0, 0, 0 };
	struct tac_list		*l;
	struct menu		*node;
	int64_t			 game, turn;
	char			 text[SVC_BUTTON_MAX + 1], cmd[SVC_BUTTON_MAX + 16];
	size_t			 k;
	int			 rc = -1, row = 0, numbered;

	l = xmalloc(sizeof *l);
	node = xmalloc(sizeof *node);
	if (menu_build(st, LESSON_SEAT, path, node, l) != 0)
		goto out;
	numbered = p != NULL && node->flat;
	compose_menu_keys(t, st, node, -1, numbered, "menu ", &menu);
	for (k = 0; k < menu.n; k++) {
		if (svc_button_parse(menu.k[k].data, &game, &turn, text,
		    sizeof text) != 0 || strncmp(text, "menu ", 5) != 0)
			continue;
		if (menu.k[k].row != row)
			compose_keys_newrow(&m->keys);
		row = menu.k[k].row;
		snprintf(cmd, sizeof cmd, "learn %d %c%s", i + 1,
		    SVC_LEARN_PATH, text + 5);
		compose_keys_add(&m->keys, menu.k[k].label, 0, -1, cmd);
	}
	compose_keys_newrow(&m->keys);
	for (k = 0; numbered && k < (size_t)node->n && k < COMPOSE_OPTS; k++)
		p->opts[p->nopts++] = node->e[k].a;
	rc = 0;
out:
	compose_keys_free(&menu);
	free(node);
	free(l);
	return (rc);
}

/*
 * Append a lesson's board: the circle and the seats, without the game's
 * header and whose turn it is (always the learner's).
 */
static void
compose_learn_board(const struct compose_opts *o,
    const struct render_game *t, const struct tac_state *st,
    struct rbuf *b)
{
	struct rbuf	 board = { NULL, 0, 0 };
	char		*p, *last;

	render_board(&o->r, t, st, &board);
	if (board.s != NULL && (p = strchr(board.s, '\n')) != NULL) {
		while (board.len > 0 && board.s[board.len - 1] == '\n')
			board.s[--board.len] = '\0';
		if ((last = strrchr(p + 1, '\n')) != NULL)
			last[1] = '\0';
		rbuf_addstr(b, p + 1);
	}
	rbuf_free(&board);
}

/*
 * The position of lesson i at its menu node path: the learner's cards,
 * the board (as a picture when pictures is set, else as text), the
 * buttons.  The picture is the lesson's at its root, its moves drawn and
 * numbered as the buttons are when the root lists them all; a step of a
 * menu (a 7's marbles one by one) keeps that picture and changes the
 * words and buttons under it.
 */
static int
compose_learn_play(const struct compose_opts *o, const struct render_game *t,
    const struct tac_state *st, int i, const char *path, int pictures,
    struct compose_msg *m)
{
	struct compose_picture	*p = NULL;
	int			 s;

	if (pictures) {
		/* The picture names the table as the texts do. */
		p = xcalloc(1, sizeof *p);
		p->st = *st;
		snprintf(p->lang, sizeof p->lang, "%s", t->lang);
		for (s = 0; s < TAC_MAXSEATS; s++)
			snprintf(p->names[s], sizeof p->names[s], "%s",
			    t->seats[s].name);
		/* The learner's turn: "Your turn.", not "you's turn." */
		p->yours = 1;
		p->reader = LESSON_SEAT;
		p->bottom = LESSON_SEAT;
	}
	/*
	 * Only a root's moves are drawn: a step is of a root that does not
	 * list them all (one drawn without arrows), so the picture is the
	 * same at every step.
	 */
	if (compose_learn_keys(t, st, i, path, *path == '\0' ? p : NULL,
	    m) != 0) {
		free(p);
		return (-1);
	}
	m->setkeys = 1;
	if (p != NULL) {
		m->picture = p;
		m->form = COMPOSE_TURN;
	} else {
		rbuf_addstr(&m->text, "\n");
		compose_learn_board(o, t, st, &m->text);
		m->mono = 1;
	}
	render_hand(t, st, LESSON_SEAT, &m->text);
	return (0);
}

/* Append a move of the learner's in words. */
static void
compose_learn_move(const struct render_game *t, const struct tac_state *st,
    const char *text, struct rbuf *b)
{
	struct tac_action	 a;
	struct render_move	 mv;
	char			 why[128];

	if (text == NULL || tac_action_parse(text, &a, why, sizeof why) != 0) {
		rbuf_addstr(b, text != NULL ? text : "?");
		return;
	}
	render_move_init(&mv, t, st, &a, LESSON_SEAT, LESSON_SEAT);
	render_move_words(t, &mv, 0, render_move_ntok(&a), b);
}

/* Append the learner's try in words: "Your try: 5: 20 → 25." */
static void
compose_learn_tried(const char *lang, const struct render_game *t,
    const struct tac_state *st, const char *text, struct rbuf *b)
{
	struct rbuf	move = { NULL, 0, 0 };

	if (text == NULL)
		return;
	compose_learn_move(t, st, text, &move);
	/* TRANSLATORS: after a lesson's wrong try; %s the move tried, in
	   words ("5: 20 → 25"). */
	rbuf_add(b, tr(lang, "Your try: %s."), move.s != NULL ? move.s : "");
	rbuf_addstr(b, "\n");
	rbuf_free(&move);
}

/* The list of lessons, the solved ones ticked, a button for each. */
static int
compose_learn_list(const char *lang, json_t *p, struct compose_msg *m)
{
	struct rbuf	 b = { NULL, 0, 0 };
	json_t		*v;
	char		 cmd[32], mark[160];
	size_t		 k;
	int		 i, n = 0, done[64] = { 0 }, next;

	json_array_foreach(json_object_get(p, "done"), k, v) {
		i = (int)json_integer_value(v) - 1;
		if (i >= 0 && i < lessons_n && i < 64 && !done[i]) {
			done[i] = 1;
			n++;
		}
	}
	next = (int)json_integer_value(json_object_get(p, "next")) - 1;
	if (n == lessons_n)
		rbuf_addstr(&m->text, tr(lang, "You have solved every lesson. "
		    "Play any of them again:"));
	else
		/* TRANSLATORS: the list of lessons; %d solved, %d how many
		   there are. */
		rbuf_add(&m->text, tr(lang, "Lessons: you have solved %d of "
		    "%d."), n, lessons_n);
	rbuf_addstr(&m->text, "\n");
	for (i = 0; i < lessons_n; i++) {
		rbuf_reset(&b);
		compose_learn_say(lang, lesson_get(i), lesson_get(i)->title, &b);
		snprintf(mark, sizeof mark, "%s%d. %s", done[i] ?
		    "\xe2\x9c\x93 " : "", i + 1, b.s != NULL ? b.s : "");
		rbuf_add(&m->text, "%s\n", mark);
		snprintf(cmd, sizeof cmd, "learn %d", i + 1);
		compose_keys_add(&m->keys, mark, 0, -1, cmd);
		if (i % 2 == 1)
			compose_keys_newrow(&m->keys);
	}
	compose_keys_newrow(&m->keys);
	if (next >= 0 && next < lessons_n) {
		/* TRANSLATORS: under the list of lessons; %d the next
		   lesson's number; /learn is a command: keep it. */
		rbuf_add(&m->text, tr(lang, "Next: lesson %d. /learn starts it."),
		    next + 1);
		rbuf_addstr(&m->text, "\n");
	}
	rbuf_free(&b);
	m->setkeys = 1;
	return (m->form);
}

/* After a solved lesson: well done, and on to the next. */
static int
compose_learn_right(const char *lang, const struct lesson *l, json_t *p,
    struct compose_msg *m)
{
	char	cmd[32];
	int	next = (int)json_integer_value(json_object_get(p, "next")) - 1;

	compose_learn_say(lang, l, l->done, &m->text);
	rbuf_addstr(&m->text, "\n");
	/* TRANSLATORS: after a solved lesson; %d solved, %d how many
	   there are. */
	rbuf_add(&m->text, tr(lang, "You have solved %d of %d lessons."),
	    (int)json_integer_value(json_object_get(p, "solved")), lessons_n);
	if (next >= 0 && next < lessons_n) {
		snprintf(cmd, sizeof cmd, "learn %d", next + 1);
		compose_keys_add(&m->keys, tr(lang, "Next lesson"), 0, -1, cmd);
	}
	compose_keys_add(&m->keys, tr(lang, "All lessons"), 0, -1,
	    "learn list");
	compose_keys_newrow(&m->keys);
	m->setkeys = 1;
	return (m->form);
}

/* A "lesson" row: a lesson's task, a step, a try's answer, the list. */
int
compose_lesson_make(struct compose_ctx *c, const struct svc_out *out,
    struct compose_msg *m)
{
	const struct lesson	*l;
	struct render_game	 t;
	struct tac_state	 st;
	struct tac_why		 why;
	json_t			*p = out->data;
	const char		*state, *path, *lang = m->lang;
	char			 err[256];
	int			 i;

	if ((state = json_string_value(json_object_get(p, "state"))) == NULL)
		return (compose_none(m));
	if (strcmp(state, "list") == 0)
		return (compose_learn_list(lang, p, m));
	i = (int)json_integer_value(json_object_get(p, "lesson")) - 1;
	if ((l = lesson_get(i)) == NULL || lesson_position(l,
	    compose_learn_names(lang), &st, err, sizeof err) != 0)
		return (compose_none(m));
	compose_learn_table(lang, l, &t);
	/* A step or a try's answer edits the lesson's message pressed. */
	compose_named(out, "message", m);
	if (strcmp(state, "right") == 0)
		return (compose_learn_right(lang, l, p, m));
	if (strcmp(state, "wrong") == 0) {
		rbuf_addstr(&m->text, tr(lang, "Not quite."));
		rbuf_addstr(&m->text, " ");
		compose_learn_say(lang, l, l->why, &m->text);
		rbuf_addstr(&m->text, "\n");
		if (json_integer_value(json_object_get(p, "tries")) >= 2) {
			rbuf_addstr(&m->text, tr(lang, "One way to do it:"));
			rbuf_addstr(&m->text, " ");
			compose_learn_move(&t, &st, l->answer, &m->text);
			rbuf_addstr(&m->text, "\n");
		}
		/* The try named: each one edits the lesson's words anew. */
		compose_learn_tried(lang, &t, &st, json_string_value(
		    json_object_get(p, "action")), &m->text);
		rbuf_addstr(&m->text, tr(lang, "Try again."));
		rbuf_addstr(&m->text, "\n");
	} else if (strcmp(state, "illegal") == 0) {
		compose_reason(&t, json_object_get(p, "reason"), &why,
		    &m->text);
		rbuf_addstr(&m->text, "\n");
		rbuf_addstr(&m->text, tr(lang, "Try again."));
		rbuf_addstr(&m->text, "\n");
	}
	compose_learn_title(lang, i, &m->text);
	rbuf_addstr(&m->text, "\n");
	compose_learn_say(lang, l, l->task, &m->text);
	rbuf_addstr(&m->text, "\n");
	path = json_string_value(json_object_get(p, "path"));
	if (strcmp(state, "menu") != 0)
		path = "";
	else if (path == NULL)
		return (compose_none(m));
	if (compose_learn_play(c->o, &t, &st, i, path, compose_pictures(c->o,
	    p), m) != 0)
		return (compose_none(m));
	return (m->form);
}
