/*
 * compose-menu.c: a player's action menu (src/play/menu.h) as messages:
 * each node's buttons in words that fit a phone, the "menu" row's text,
 * and a turn message's buttons with the choices to draw on its picture.
 *
 * A button says what pressing it does, in the player's terms and to
 * them ("13: Enter a marble", "12 → 13", "Swap your 19 with Boris's
 * 40", "kicks your marble"), in the words of the move lines, in at most
 * RENDER_LABELMAX characters, names shortened last and never below
 * three letters; a leaf says whom it kicks.  No message has
 * more than MENU_KEYS buttons: the menu pages a long node, and "more"
 * and "back" are counted in.  When a turn's choices are few enough to
 * list at once (a flat root) and the message is a picture, they are
 * numbered as the picture's arrows are.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compose-int.h"
#include "i18n.h"
#include "menu.h"
#include "utf8.h"
#include "xmalloc.h"

_Static_assert(COMPOSE_OPTS == MENU_FLAT,
    "a flat root's numbered choices are the arrows of its picture");

/* The numbers of a flat root's choices: ① to ⑨, as on the picture. */
static const char *const compose_circled[MENU_FLAT] = {
	"\xe2\x91\xa0", "\xe2\x91\xa1", "\xe2\x91\xa2", "\xe2\x91\xa3",
	"\xe2\x91\xa4", "\xe2\x91\xa5", "\xe2\x91\xa6", "\xe2\x91\xa7",
	"\xe2\x91\xa8"
};

/*
 * Append the label of entry i of node m of st's menu in form (see
 * render_move_form()): its words, with whom it kicks if it plays,
 * numbered if asked (COMPOSE_NUMBERED: a flat root drawn on a picture),
 * people by their seats' colours if asked (COMPOSE_COLOURS: two
 * players of one name), every field a marble passes if asked
 * (COMPOSE_STEPS), in at most RENDER_LABELMAX characters: 1 when it fits
 * uncut.
 */
static int
compose_menu_form(const struct render_game *t, const struct tac_state *st,
    const struct menu *m, int i, int how, int form, struct rbuf *b)
{
	const struct menu_entry	*e = &m->e[i];
	struct render_move	 mv;
	size_t			 max = RENDER_LABELMAX;

	render_move_init(&mv, t, st, &e->a, st->turn, st->turn);
	if (!e->leaf)
		mv.nkicked = 0;
	if ((how & COMPOSE_NUMBERED) && m->flat && i < MENU_FLAT) {
		rbuf_add(b, "%s ", compose_circled[i]);
		max -= 2;
	}
	if (how & COMPOSE_COLOURS)
		mv.colours = 1;
	if (how & COMPOSE_STEPS)
		mv.steps = 1;
	return (render_move_form(t, &mv, e->from, e->to, form, max, b));
}

/*
 * Append the label of entry i of node m of st's menu, in the first form
 * that fits (compose_menu_form()).
 */
void
compose_menu_label(const struct render_game *t, const struct tac_state *st,
    const struct menu *m, int i, int how, struct rbuf *b)
{
	struct rbuf	w = { NULL, 0, 0 };
	int		form;

	for (form = 0; form < RENDER_FORMS; form++) {
		rbuf_reset(&w);
		if (compose_menu_form(t, st, m, i, how, form, &w))
			break;
	}
	rbuf_addstr(b, w.s != NULL ? w.s : "");
	rbuf_free(&w);
}

/*
 * The labels of node m's entries into labels[] (the caller frees them),
 * all in one form, the first in which every one fits (one keyboard
 * never says "Boris's 6" beside "Bor…'s 7"): with people's names, or
 * with their seats' colours when names would make two buttons alike
 * (two players of one name), and then with every field a marble passes
 * (two ways of a 7 to one field).
 */
static void
compose_menu_labels(const struct render_game *t, const struct tac_state *st,
    const struct menu *m, int how, char **labels)
{
	struct rbuf	b = { NULL, 0, 0 };
	int		i, j, form, fit, same;

	for (form = 0; form < RENDER_FORMS; form++) {
		fit = 1;
		same = 0;
		for (i = 0; i < m->n; i++) {
			rbuf_reset(&b);
			fit &= compose_menu_form(t, st, m, i, how, form, &b);
			labels[i] = xstrdup(b.s != NULL ? b.s : "?");
			for (j = 0; j < i; j++)
				same |= strcmp(labels[i], labels[j]) == 0;
		}
		/* Labels alike once all fit (or can be no shorter). */
		if ((fit || form == RENDER_FORMS - 1) && same &&
		    (how & (COMPOSE_COLOURS | COMPOSE_STEPS)) !=
		    (COMPOSE_COLOURS | COMPOSE_STEPS)) {
			/*
			 * Two players of one name: their colours instead;
			 * two ways of one marble to the same field: every
			 * field it passes on the way.
			 */
			how |= how & COMPOSE_COLOURS ? COMPOSE_STEPS :
			    COMPOSE_COLOURS;
			fit = 0;
			form = -1;
		} else if (fit || form == RENDER_FORMS - 1)
			break;
		for (i = 0; i < m->n; i++)
			free(labels[i]);
	}
	rbuf_free(&b);
}

/* How many buttons of a width fit on one row of a phone's screen. */
static size_t
compose_perrow(size_t w)
{
	if (w <= 3)
		return (6);
	if (w <= 6)
		return (4);
	if (w <= 10)
		return (3);
	if (w <= 18)
		return (2);
	return (1);
}

/*
 * The buttons of a menu node (page) of st for game t at turn: its
 * entries, several a row by their width, then "more →" to the next page
 * and "← back" unless it is the root's first page.  Each presses cmd
 * followed by the path ("menu PATH" on a turn, "premove =PATH" ahead of
 * one).  numbered: number a flat root's choices.
 */
void
compose_menu_keys(const struct render_game *t, const struct tac_state *st,
    const struct menu *m, int64_t turn, int numbered, const char *prefix,
    struct compose_keys *k)
{
	char	*labels[MENU_KEYS], cmd[MENU_PATHMAX + 32];
	size_t	 w = 0, per, inrow = 0;
	int	 i;

	compose_menu_labels(t, st, m, numbered ? COMPOSE_NUMBERED : 0,
	    labels);
	for (i = 0; i < m->n; i++) {
		if (utf8_width(labels[i]) > w)
			w = utf8_width(labels[i]);
	}
	per = compose_perrow(w);
	for (i = 0; i < m->n; i++) {
		if (inrow == per) {
			compose_keys_newrow(k);
			inrow = 0;
		}
		snprintf(cmd, sizeof cmd, "%s%s", prefix, m->e[i].path);
		compose_keys_add(k, labels[i], t->id, turn, cmd);
		free(labels[i]);
		inrow++;
	}
	compose_keys_newrow(k);
	if (m->more[0] != '\0') {
		snprintf(cmd, sizeof cmd, "%s%s", prefix, m->more);
		/* TRANSLATORS: a button's label, at most 40 characters
		   (shorter is better on a phone): the next page of choices. */
		compose_keys_add(k, tr(t->lang, "more \xe2\x86\x92"), t->id,
		    turn, cmd);
	}
	if (!m->top) {
		snprintf(cmd, sizeof cmd, "%s%s", prefix, m->back);
		/* TRANSLATORS: a button's label, at most 40 characters
		   (shorter is better on a phone): the choices before. */
		compose_keys_add(k, tr(t->lang, "\xe2\x86\x90 back"), t->id,
		    turn, cmd);
	}
	compose_keys_newrow(k);
}

/*
 * The menu node at path for seat of the game c read, built on its
 * position: 0, or -1 when there is none (no position, or the path names
 * nothing now).  m and l are the caller's (both are big).
 */
static int
compose_node(struct compose_ctx *c, int seat, const char *path,
    struct tac_state *st, struct menu *m, struct tac_list *l)
{
	if (!compose_acting(c, seat, st))
		return (-1);
	return (menu_build(st, seat, path, m, l));
}

/* Append what the player is asked at node m: a card, a move, a step. */
static void
compose_ask(const char *lang, const struct menu *m, struct rbuf *b)
{
	if (m->flat && m->n > 0 && m->e[0].a.op == TAC_OP_GIVE)
		rbuf_addstr(b, tr(lang, "Choose a card to give."));
	else if (m->flat)
		rbuf_addstr(b, tr(lang, "Choose a move."));
	else if (m->top)
		rbuf_addstr(b, tr(lang, "Choose a card."));
	else
		rbuf_addstr(b, tr(lang, "Choose the next step."));
	if (m->npages > 1) {
		rbuf_addstr(b, " ");
		/* TRANSLATORS: a long menu; %d the page, %d the last page. */
		rbuf_add(b, tr(lang, "Page %d of %d."), m->page + 1,
		    m->npages);
	}
}

/*
 * The text and buttons of a "menu" row: the hand, the action chosen so
 * far and the node's choices.  -1 when there is nothing to show (no such
 * node now).  The caller checks that the row's turn is the game's.
 */
static int
compose_menu(struct compose_ctx *c, int seat, const char *path,
    struct rbuf *text, struct compose_keys *k)
{
	const struct svc_game	*g = &c->g;
	struct render_game	 t;
	struct render_move	 mv;
	struct tac_state	 st, view;
	struct tac_list		*l;
	struct menu		*m;
	struct rbuf		 pre = { NULL, 0, 0 };
	int			 rc = -1;

	l = xmalloc(sizeof *l);
	m = xmalloc(sizeof *m);
	if (compose_node(c, seat, path, &st, m, l) != 0)
		goto out;
	compose_game(g, &t);
	rbuf_add(text, tr(t.lang, "Game #%lld."), (long long)g->id);
	rbuf_addstr(text, " ");
	tac_view(&st, seat, &view);
	render_hand(&t, &view, seat, text);
	if (m->depth > 0) {
		render_move_init(&mv, &t, &st, &m->a, seat, seat);
		mv.nkicked = 0;
		render_move_words(&t, &mv, 0, m->depth, &pre);
		/* TRANSLATORS: a menu, while a move is being chosen; %s its
		   steps so far, in words. */
		rbuf_add(text, tr(t.lang, "Your move: %s"), pre.s != NULL ?
		    pre.s : "");
		rbuf_addstr(text, "\n");
	}
	compose_ask(t.lang, m, text);
	compose_menu_keys(&t, &st, m, g->turn_no, 0, "menu ", k);
	rc = 0;
out:
	rbuf_free(&pre);
	free(m);
	free(l);
	return (rc);
}

/*
 * The buttons of a "turn" row: the menu's root, if seat is to act, the
 * choices numbered when numbered and the root lists them all, the one
 * toward hint (an action in notation, NULL: none) marked; the
 * actions of such a root into p's choices (at most COMPOSE_OPTS), for
 * the picture to draw as numbered arrows, when p is not NULL.  -1 when
 * there are no buttons.
 */
static int
compose_root(struct compose_ctx *c, int seat, int numbered,
    const char *hint, struct compose_keys *k, struct compose_picture *p)
{
	struct render_game	 t;
	struct tac_state	 st;
	struct tac_list		*l;
	struct menu		*m;
	int			 i, drawn = 0, rc = -1;

	l = xmalloc(sizeof *l);
	m = xmalloc(sizeof *m);
	if (compose_node(c, seat, "", &st, m, l) == 0 && m->n > 0) {
		for (i = 0; m->flat && i < m->n; i++)
			drawn |= m->e[i].a.op == TAC_OP_MOVE ||
			    m->e[i].a.op == TAC_OP_SWAP;
		compose_game(&c->g, &t);
		compose_menu_keys(&t, &st, m, c->g.turn_no, numbered &&
		    drawn, "menu ", k);
		if (hint != NULL)
			compose_hint_mark(m, c->g.id, c->g.turn_no, hint, k);
		for (i = 0; p != NULL && drawn && i < m->n &&
		    i < COMPOSE_OPTS; i++)
			p->opts[p->nopts++] = m->e[i].a;
		rc = 0;
	}
	free(m);
	free(l);
	return (rc);
}

/*
 * Give a "turn" message its buttons (the one toward hint marked, see
 * compose_root()) and, when the bridge shows pictures
 * and the game's board is one, the board as its picture with the
 * choices drawn on it (if they are few enough to list at once: then
 * numbered as the buttons are).  The text stands in when the picture
 * cannot be shown.
 */
void
compose_turnmsg(struct compose_ctx *c, struct compose_msg *m, int seat,
    const char *hint)
{
	struct compose_picture	*p = NULL;

	if (!c->have)
		return;
	if (c->g.started)
		m->boardkey = compose_boardkey(&c->st);
	if (c->o->pictures && c->g.started && strcmp(c->g.board, "text") != 0) {
		p = xcalloc(1, sizeof *p);
		p->st = c->st;
		compose_picture_names(&c->g, p);
		/* Drawn from the reader's seat, as the Mini App shows it. */
		p->bottom = seat;
		p->yours = 1;
		p->reader = seat;
	}
	if (compose_root(c, seat, p != NULL, hint, &m->keys, p) != 0) {
		free(p);
		return;
	}
	m->setkeys = 1;
	if (p != NULL) {
		m->picture = p;
		m->form = COMPOSE_TURN;
	}
}

/*
 * A "menu" row: a step of a turn's choices, in the message pressed.  A
 * menu of a turn that has moved on shows nothing.
 */
int
compose_menu_make(struct compose_ctx *c, const struct svc_out *out,
    struct compose_msg *m)
{
	json_t		*v = json_object_get(out->data, "turn");
	const char	*path = compose_str(out->data, "path");

	if (!c->have || path == NULL || (json_is_integer(v) &&
	    json_integer_value(v) != c->g.turn_no) ||
	    compose_menu(c, (int)compose_int(out->data, "seat", 0), path,
	    &m->text, &m->keys) != 0)
		return (compose_none(m));
	m->setkeys = 1;
	compose_named(out, "message", m);
	return (m->form);
}

/*
 * A "premove" row: the reader's premove (action, in words) and, with a
 * path, that node of their choices ahead of their turn
 * (svc_premove_state()), each button "premove =PATH"; a kept premove
 * gets a button that cancels it.  In the message pressed, if any.  Once
 * it is their turn it shows nothing: the turn message asks them.
 */
int
compose_premove_make(struct compose_ctx *c, const struct svc_out *out,
    struct compose_msg *m)
{
	struct render_game	 t;
	struct tac_state	 ahead, view;
	struct tac_list		*l;
	struct menu		*node;
	struct rbuf		 act = { NULL, 0, 0 };
	const char		*path = compose_str(out->data, "path");
	const char		*action = compose_str(out->data, "action");
	int			 seat = (int)compose_int(out->data, "seat", -1);
	int			 rc = -1;

	if (!c->have || !c->g.started || c->g.state != SVC_PLAYING ||
	    !svc_premove_state(&c->st, seat, &ahead))
		return (compose_none(m));
	l = xmalloc(sizeof *l);
	node = xmalloc(sizeof *node);
	if (path != NULL && menu_build(&ahead, seat, path, node, l) != 0)
		goto out;
	compose_game(&c->g, &t);
	rbuf_add(&m->text, tr(t.lang, "Game #%lld."), (long long)c->g.id);
	rbuf_addstr(&m->text, " ");
	tac_view(&ahead, seat, &view);
	render_hand(&t, &view, seat, &m->text);
	if (action != NULL) {
		compose_words_quoted(&t, seat, seat, action, NULL, &act);
		/* TRANSLATORS: privately, while it is not the reader's turn;
		   %s a move in words as its button shows them, quoted
		   ("“5: 33 → 38”"). */
		rbuf_add(&m->text, tr(t.lang, "Your premove: %s. It is played "
		    "as soon as your turn comes, if it is still possible "
		    "then."), act.s != NULL ? act.s : "");
		rbuf_addstr(&m->text, "\n");
	} else if (path == NULL) {
		/* TRANSLATORS: privately, a premove just cancelled. */
		rbuf_addstr(&m->text, tr(t.lang, "You have no premove: your "
		    "turn will ask you as usual."));
		rbuf_addstr(&m->text, "\n");
	}
	if (path != NULL) {
		/* TRANSLATORS: privately, above the buttons of the
		   reader's choices while it is not their turn. */
		rbuf_addstr(&m->text, tr(t.lang, "Choose your next move now; "
		    "it is played when your turn comes, if it is still "
		    "possible then."));
		rbuf_addstr(&m->text, " ");
		compose_ask(t.lang, node, &m->text);
		compose_menu_keys(&t, &ahead, node, c->g.turn_no, 0,
		    "premove =", &m->keys);
	}
	if (action != NULL)
		/* TRANSLATORS: a button's label, at most 40 characters
		   (shorter is better on a phone): drops the premove. */
		compose_keys_add(&m->keys, tr(t.lang, "Cancel the premove"),
		    c->g.id, -1, "premove off");
	m->setkeys = 1;
	compose_named(out, "message", m);
	rc = 0;
out:
	rbuf_free(&act);
	free(node);
	free(l);
	return (rc == 0 ? m->form : compose_none(m));
}
