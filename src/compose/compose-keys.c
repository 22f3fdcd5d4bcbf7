/*
 * compose-keys.c: keyboards, and the messages of a player's action menu.
 *
 * A keyboard is platform-neutral: labels people read and the service's
 * button data; a bridge lays it out in its own terms (Telegram: an inline
 * keyboard).  Menu buttons carry the turn as well, so they go stale when
 * the turn moves on; every other button is valid at any turn.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compose.h"
#include "i18n.h"
#include "log.h"
#include "menu.h"
#include "utf8.h"
#include "xmalloc.h"

/*
 * Add a button to the current row: label and command for game at turn
 * (turn < 0: valid at any turn).  Left out, with a log line, when the
 * data would not fit in 64 bytes: cut data would name another command.
 */
void
compose_keys_add(struct compose_keys *k, const char *label, int64_t game,
    int64_t turn, const char *cmd)
{
	struct compose_key	*key;
	char			 data[SVC_BUTTON_MAX + 1];

	if (svc_button_data(data, sizeof data, game, turn, cmd) < 0) {
		log_warnx("button \"%s\" of game %lld does not fit", cmd,
		    (long long)game);
		return;
	}
	if (k->n == k->size) {
		k->size = k->size == 0 ? 16 : k->size * 2;
		k->k = xreallocarray(k->k, k->size, sizeof *k->k);
	}
	key = &k->k[k->n++];
	memset(key, 0, sizeof *key);
	memcpy(key->label, label, utf8_cut(label, sizeof key->label - 1));
	memcpy(key->data, data, sizeof key->data);
	key->row = k->rows;
}

/* End the current row, unless it is empty. */
void
compose_keys_newrow(struct compose_keys *k)
{
	if (k->n > 0 && k->k[k->n - 1].row == k->rows)
		k->rows++;
}

/* Release a keyboard's buttons. */
void
compose_keys_free(struct compose_keys *k)
{
	free(k->k);
	memset(k, 0, sizeof *k);
}

/* The label of a menu entry: "play" for MENU_PLAY, else the fragment. */
static void
compose_label(const struct render_game *t, const struct menu *m,
    const struct menu_entry *e, struct rbuf *b)
{
	size_t	n = strlen(e->path);

	if (n > 0 && e->path[n - 1] == MENU_PLAY)
		rbuf_addstr(b, tr(t->lang, "play"));
	else
		render_fragment(t, m->prefix, e->label, b);
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
 * The buttons of a menu node for game at turn: its entries, several a
 * row by their width ("play" entries last), and "<- back" unless it is
 * the root.  Each presses "/menu PATH".
 */
static void
compose_menukeys(const struct render_game *t, const struct menu *m,
    int64_t turn, struct compose_keys *k)
{
	struct rbuf	 b = { NULL, 0, 0 };
	char		 cmd[MENU_PATHMAX + 8];
	size_t		 w = 0, per, n, inrow = 0;
	int		 i, pass;

	for (i = 0; i < m->n; i++) {
		rbuf_reset(&b);
		compose_label(t, m, &m->e[i], &b);
		if (b.s != NULL && utf8_width(b.s) > w)
			w = utf8_width(b.s);
	}
	per = compose_perrow(w);
	/* First the choices, then a last row of "play" entries and back. */
	for (pass = 0; pass < 2; pass++) {
		for (i = 0; i < m->n; i++) {
			n = strlen(m->e[i].path);
			if ((n > 0 && m->e[i].path[n - 1] == MENU_PLAY) !=
			    (pass == 1))
				continue;
			if (pass == 0 && inrow == per) {
				compose_keys_newrow(k);
				inrow = 0;
			}
			rbuf_reset(&b);
			compose_label(t, m, &m->e[i], &b);
			snprintf(cmd, sizeof cmd, "menu %s", m->e[i].path);
			compose_keys_add(k, b.s != NULL ? b.s : "?", t->id,
			    turn, cmd);
			inrow++;
		}
		if (pass == 0)
			compose_keys_newrow(k);
	}
	if (!m->top) {
		snprintf(cmd, sizeof cmd, "menu %s", m->back);
		compose_keys_add(k, tr(t->lang, "<- back"), t->id, turn, cmd);
	}
	compose_keys_newrow(k);
	rbuf_free(&b);
}

/*
 * The menu node at path for seat of game g, built on the position as it
 * is now: 0, or -1 when there is none (no position, or the path names
 * nothing now).  m and l are the caller's (both are big).
 */
static int
compose_node(struct svc *svc, const struct svc_game *g, int seat,
    const char *path, struct tac_state *st, struct menu *m,
    struct tac_list *l)
{
	if (svc_game_position(svc, g->id, -1, st) != 0)
		return (-1);
	return (menu_build(st, seat, path, m, l));
}

/*
 * The text and buttons of a "menu" row: the hand, the action chosen so
 * far and the node's choices.  -1 when there is nothing to show (no such
 * node now).  The caller checks that the row's turn is the game's.
 */
int
compose_menu(struct svc *svc, const struct svc_game *g, int seat,
    const char *path, struct rbuf *text, struct compose_keys *k)
{
	struct render_game	 t;
	struct tac_state	 st, view;
	struct tac_list		*l;
	struct menu		*m;
	struct rbuf		 pre = { NULL, 0, 0 };
	int			 rc = -1;

	l = xmalloc(sizeof *l);
	m = xmalloc(sizeof *m);
	if (compose_node(svc, g, seat, path, &st, m, l) != 0)
		goto out;
	compose_game(g, &t);
	rbuf_add(text, tr(t.lang, "Game #%lld."), (long long)g->id);
	rbuf_addstr(text, " ");
	tac_view(&st, seat, &view);
	render_hand(&t, &view, seat, text);
	if (m->prefix[0] != '\0') {
		render_fragment(&t, "", m->prefix, &pre);
		rbuf_add(text, tr(t.lang, "Your move: %s"), pre.s != NULL ?
		    pre.s : "");
		rbuf_addstr(text, "\n");
	}
	rbuf_addstr(text, m->top ? tr(t.lang, "Choose a card.") :
	    tr(t.lang, "Choose the next step."));
	compose_menukeys(&t, m, g->turn_no, k);
	rc = 0;
out:
	rbuf_free(&pre);
	free(m);
	free(l);
	return (rc);
}

/*
 * The buttons of a "turn" row: the menu's root, if seat is to act.  -1
 * when there are none.
 */
int
compose_turnkeys(struct svc *svc, const struct svc_game *g, int seat,
    struct compose_keys *k)
{
	struct render_game	 t;
	struct tac_state	 st;
	struct tac_list		*l;
	struct menu		*m;
	int			 rc = -1;

	l = xmalloc(sizeof *l);
	m = xmalloc(sizeof *m);
	if (compose_node(svc, g, seat, "", &st, m, l) == 0 && m->n > 0) {
		compose_game(g, &t);
		compose_menukeys(&t, m, g->turn_no, k);
		rc = 0;
	}
	free(m);
	free(l);
	return (rc);
}
