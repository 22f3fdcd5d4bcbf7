/*
 * compose-picture.c: what a picture of a board shows, decided here so
 * that a bridge only draws it (picture_render()): the position, the
 * seats' names as the texts show them, and either the last action's
 * arrows and the marbles it kicked (a board) or the choices of the seat
 * to act (a turn notice, compose-menu.c).
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compose-int.h"

/* The seats' names as the texts show them: an AI's in the reader's words. */
void
compose_picture_names(const struct svc_game *g, struct compose_picture *p)
{
	struct render_opts	 ro = { RENDER_PLAIN, NULL, NULL, 0 };
	struct render_game	 t;
	char			*name;
	int			 s;

	snprintf(p->lang, sizeof p->lang, "%s", g->lang[0] != '\0' ? g->lang :
	    "en");
	compose_game(g, &t);
	snprintf(t.lang, sizeof t.lang, "%s", p->lang);
	ro.lang = p->lang;
	for (s = 0; s < TAC_MAXSEATS; s++) {
		p->names[s][0] = '\0';
		if (s >= p->st.cfg.nseats)
			continue;
		name = render_seat_dup(&ro, &t, s);
		snprintf(p->names[s], sizeof p->names[s], "%s", name);
		free(name);
	}
}

/*
 * The last action in words for the picture's middle, as the group's
 * move line says it: "Clara: 1: 0 → home 1".  Whose marbles it moved
 * and kicked come from the board before it, while the undo record
 * holds that board (a move or swap of this round); else the fields
 * alone.
 */
static void
compose_picture_lastline(struct compose_ctx *c, struct compose_picture *p)
{
	struct render_opts	 o = { RENDER_PLAIN, NULL, NULL, 0 };
	struct render_game	 t;
	struct render_move	 mv;
	struct tac_state	 before;
	struct rbuf		 b = { NULL, 0, 0 };

	compose_game(&c->g, &t);
	snprintf(t.lang, sizeof t.lang, "%s", p->lang);
	o.lang = p->lang;
	before = c->st;
	before.turn = (uint8_t)p->last_seat;
	/* Whose card play a TAC in it undid is not known here. */
	t.lastplay = 0;
	if ((p->last.op == TAC_OP_MOVE || p->last.op == TAC_OP_SWAP) &&
	    c->st.undo.card != TAC_NONE) {
		before.b = c->st.undo.before;
		render_move_init(&mv, &t, &before, &p->last, p->last_seat,
		    RENDER_NOBODY);
	} else
		render_move_start(&mv, &p->last, p->last_seat, RENDER_NOBODY);
	render_seat(&o, &t, p->last_seat, &b);
	rbuf_addstr(&b, ": ");
	render_move_words(&t, &mv, 0, render_move_ntok(&p->last), &b);
	snprintf(p->lastline, sizeof p->lastline, "%s", b.s);
	rbuf_free(&b);
}

/*
 * A game's board as it is now, with its last action's arrows and the
 * marbles it kicked, into p (the caller's ctx has read the game, which
 * has begun).
 */
void
compose_picture_board(struct compose_ctx *c, struct compose_picture *p)
{
	const struct svc_game	*g = &c->g;
	struct tac_action	 a;
	char			 err[128];

	memset(p, 0, sizeof *p);
	p->st = c->st;
	compose_picture_names(g, p);
	/* A gift is secret ("give"): nothing to draw. */
	if (g->last[0] == '\0' || g->last_seat < 0 ||
	    strncmp(g->last, "give", 4) == 0 ||
	    tac_action_parse(g->last, &a, err, sizeof err) != 0 ||
	    a.op == TAC_OP_GIVE)
		return;
	p->has_last = 1;
	p->last = a;
	p->last_seat = g->last_seat;
	compose_picture_lastline(c, p);
	/*
	 * The undo record holds the board before the last card play while
	 * the round goes on; a move or swap is that play.  A Fool, a skip or
	 * a discard leaves an older (or no) board there, and a new round
	 * clears it: then no kicks are shown.
	 */
	if ((a.op == TAC_OP_MOVE || a.op == TAC_OP_SWAP) &&
	    c->st.undo.card != TAC_NONE) {
		p->has_before = 1;
		p->before = c->st.undo.before;
	}
}

/* The drawing's options for a picture (they point into p). */
void
compose_picture_opts(const struct compose_picture *p, struct picture_opts *o)
{
	int	s;

	memset(o, 0, sizeof *o);
	for (s = 0; s < TAC_MAXSEATS; s++)
		o->names[s] = p->names[s][0] != '\0' ? p->names[s] : NULL;
	o->lang = p->lang;
	if (p->has_last) {
		o->last = &p->last;
		o->last_seat = p->last_seat;
		o->lastline = p->lastline[0] != '\0' ? p->lastline : NULL;
	}
	if (p->has_before)
		o->before = &p->before;
	o->opts = p->nopts > 0 ? p->opts : NULL;
	o->nopts = p->nopts;
	o->yours = p->yours;
	o->reader = p->reader;
	o->bottom = p->bottom;
}

/*
 * The seat a board sent to chat is seen from: in a player's own chat
 * (its id is the person's user id) theirs, at the bottom as in the Mini
 * App; in the group, seat 0.
 */
int
compose_picture_bottom(const struct svc_game *g, const char *chat)
{
	int	s;

	if (!g->private && strcmp(chat, g->chat) == 0)
		return (0);
	for (s = 0; s < g->cfg.nseats && s < TAC_MAXSEATS; s++)
		if (g->seats[s].user[0] != '\0' &&
		    strcmp(g->seats[s].user, chat) == 0)
			return (s);
	return (0);
}

/*
 * The board of a position and whose turn it is, as a hash (FNV-1a): two
 * positions with the same board look alike, whatever the hands hold.
 */
uint32_t
compose_boardkey(const struct tac_state *st)
{
	const unsigned char	*p = (const unsigned char *)&st->b;
	uint32_t		 h = 2166136261u;
	size_t			 i;

	for (i = 0; i < sizeof st->b; i++)
		h = (h ^ p[i]) * 16777619u;
	return ((h ^ (uint32_t)st->turn) * 16777619u);
}
