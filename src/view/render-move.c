/*
 * render-move.c: actions in a player's words, for buttons and for the
 * lines that tell a move: "13: Enter a marble", "9: 19 → 28",
 * "7: 12 → 13, then 48 → 54", "Trickster: Swap your 19 with Boris's 40",
 * "Discard 5", and ", kicks Boris" after a move that kicks.
 *
 * Words are made for a range of an action's tokens, as the menu cuts an
 * action into choices (src/play/menu.h; the view counts them the same
 * way): the prefixes and the card, then each segment's marble and where
 * it goes, a swap's two marbles, or discard, skip; a gift is one token.
 * A range that starts at a segment's target says the whole segment
 * ("12 → 13"), and one at a swap's second marble the whole swap: each
 * button says what it does.
 *
 * The words speak to their reader (struct render_move): the player's
 * own marbles are field numbers, another seat's carry its player's name
 * ("Boris's 40"), the reader's own are "your 40", and a kick of the
 * reader's marble says "kicks your marble", never the reader's name.  A
 * TAC names the card play it undoes ("TAC on Carl's 13"), and what it
 * kicks is what the card it takes kicks, not what the undoing puts back.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "render.h"
#include "utf8.h"
#include "xmalloc.h"

#define RENDER_ARROW	"\xe2\x86\x92"	/* → */
#define RENDER_SWAP	"\xe2\x86\x94"	/* ↔ */

/* The tokens before an action's body: its prefixes and card, or a gift. */
static int
render_move_nhead(const struct tac_action *a)
{
	if (a->op == TAC_OP_GIVE)
		return (1);
	return (!!a->tac + !!a->devil + 1);
}

/* How many tokens an action has, as the menu counts them (render.h). */
int
render_move_ntok(const struct tac_action *a)
{
	int	n = render_move_nhead(a), nseg;

	switch (a->op) {
	case TAC_OP_DISCARD:
	case TAC_OP_SKIP:
		return (n + 1);
	case TAC_OP_SWAP:
		return (n + 2);
	case TAC_OP_MOVE:
		nseg = a->nseg < TAC_MAXSEG ? a->nseg : TAC_MAXSEG;
		return (n + 2 * nseg);
	default:
		return (n);
	}
}

/*
 * Append who sits in seat: a name of at most mv->names characters, or
 * the seat's colour (mv->colours: two players of one name).
 */
static void
render_move_who(const struct render_game *g, const struct render_move *mv,
    int seat, struct rbuf *b)
{
	struct render_opts	 o = { RENDER_PLAIN, NULL, NULL, 0 };
	char			*name, cut[UTF8_NAMEMAX];
	size_t			 n = (size_t)mv->names;

	if (mv->colours) {
		rbuf_addstr(b, tr(render_lang(g, NULL), render_colour(seat)));
		return;
	}
	name = render_seat_dup(&o, g, seat);
	utf8_shorten(name != NULL ? name : "?", n < RENDER_NAMEMIN ?
	    RENDER_NAMEMIN : n, cut, sizeof cut);
	rbuf_addstr(b, cut);
	free(name);
}

/*
 * Append a marble of owner's on a place (its words in place): the
 * mover's own as the place alone (the reader's, in a swap, "your 19"),
 * the reader's as "your 19", anyone else's as "Boris's 19".
 */
static void
render_move_owned(const struct render_game *g, const struct render_move *mv,
    int owner, int swap, const char *place, struct rbuf *b)
{
	const char	*lang = render_lang(g, NULL);
	struct rbuf	 who = { NULL, 0, 0 };

	if (owner < 0 || owner >= g->cfg.nseats || owner == mv->seat) {
		if (swap && owner == mv->seat && mv->reader == mv->seat)
			/* TRANSLATORS: the player's own marble on a field,
			   in a move they make ("Swap your 19 with Boris's
			   40"); Russian says «свой». */
			rbuf_add(b, tr(lang, "your %s"), place);
		else
			rbuf_addstr(b, place);
		return;
	}
	if (owner == mv->reader) {
		/* TRANSLATORS: the reader's marble on a field, moved by
		   another player (a Devil, a swap): "your 19"; Russian
		   says «ваш». */
		rbuf_add(b, trc(lang, "not the mover", "your %s"), place);
		return;
	}
	render_move_who(g, mv, owner, &who);
	if (mv->brief)
		/* TRANSLATORS: "%s's %s" said short, on a button that has
		   little room: "Boris's 40", "40 (Boris)". */
		rbuf_add(b, trc(lang, "brief", "%s's %s"), who.s, place);
	else
		/* TRANSLATORS: a marble by its player's name and its
		   field: "Boris's 40"; reorder with %2$s and %1$s where
		   needed. */
		rbuf_add(b, tr(lang, "%s's %s"), who.s, place);
	rbuf_free(&who);
}

/* Is the marble of segment i someone else's than the player's? */
static int
render_move_other(const struct render_game *g, const struct render_move *mv,
    int i)
{
	int	o = i >= 0 && i < TAC_MAXSEG ? mv->marbles[i] : -1;

	return (o >= 0 && o < g->cfg.nseats && o != mv->seat);
}

/*
 * Append a place: a field's number, "home 2" (brief: "H2", the letter
 * the notation's words use), "base".
 */
static void
render_move_place(const char *lang, int brief, int loc, struct rbuf *b)
{
	if (loc == TAC_LOC_BASE)
		/* TRANSLATORS: where a kicked marble goes: "12 → base". */
		rbuf_addstr(b, tr(lang, "base"));
	else if (TAC_LOC_ISHOME(loc) && brief)
		rbuf_add(b, "%s%d", trc(lang, "place", "H"),
		    TAC_LOC_DEPTH(loc));
	else if (TAC_LOC_ISHOME(loc))
		/* TRANSLATORS: a field of a seat's home, 1 to 4 (deepest). */
		rbuf_add(b, tr(lang, "home %d"), TAC_LOC_DEPTH(loc));
	else
		rbuf_add(b, "%d", loc);
}

/*
 * Append the marble segment i moves: its place, and whose if not own;
 * brief, not again for the marble of a segment after one of the same
 * seat's ("Boris's 33 → 37, H2 → H3": a finished player's 7 moves only
 * the partner's marbles).
 */
static void
render_move_marble(const struct render_game *g, const struct render_move *mv,
    int i, int prev, struct rbuf *b)
{
	const char	*lang = render_lang(g, NULL);
	struct rbuf	 place = { NULL, 0, 0 };
	int		 owner = i < TAC_MAXSEG ? mv->marbles[i] : -1;

	render_move_place(lang, mv->brief, mv->a->seg[i].from, &place);
	if (mv->brief && prev >= 0 && prev < TAC_MAXSEG &&
	    mv->marbles[prev] == owner)
		owner = mv->seat;
	render_move_owned(g, mv, owner, 0, place.s, b);
	rbuf_free(&place);
}

/* Append "Enter a marble" for segment i, from a base. */
static void
render_move_enter(const struct render_game *g, const struct render_move *mv,
    int i, struct rbuf *b)
{
	const char	*lang = render_lang(g, NULL);
	struct rbuf	 who = { NULL, 0, 0 };

	if (!render_move_other(g, mv, i)) {
		/* TRANSLATORS: a move's words on a button and in a move
		   line: a 1 or 13 brings a marble out of its base. */
		rbuf_addstr(b, tr(lang, "Enter a marble"));
		return;
	}
	if (mv->marbles[i] == mv->reader) {
		/* TRANSLATORS: an Angel brings the reader's marble in,
		   played by another player. */
		rbuf_addstr(b, tr(lang, "Enter a marble for you"));
		return;
	}
	render_move_who(g, mv, mv->marbles[i], &who);
	if (mv->brief)
		/* TRANSLATORS: "Enter a marble for %s" said short, on a
		   button that has little room ("Angel: Enter: Boris, kicks
		   your marble"). */
		rbuf_add(b, trc(lang, "brief", "Enter: %s"), who.s);
	else
		/* TRANSLATORS: an Angel (or a finished player) brings
		   another player's marble in; %s is that player. */
		rbuf_add(b, tr(lang, "Enter a marble for %s"), who.s);
	rbuf_free(&who);
}

/* Join a step to the words so far: "12 → 13, then 48 → 54". */
static void
render_move_then(const char *lang, int brief, struct rbuf *w,
    const struct rbuf *step)
{
	struct rbuf	t = { NULL, 0, 0 };

	if (w->len == 0) {
		rbuf_addstr(w, step->s);
		return;
	}
	if (brief)
		rbuf_add(&t, "%s, %s", w->s, step->s);
	else
		/* TRANSLATORS: two steps of a 7, one after the other. */
		rbuf_add(&t, tr(lang, "%s, then %s"), w->s, step->s);
	rbuf_reset(w);
	rbuf_addstr(w, t.s);
	rbuf_free(&t);
}

/* Does segment i + 1 move on the marble segment i moved? */
static int
render_move_chains(const struct render_move *mv, int i)
{
	const struct tac_action	*a = mv->a;

	return (i + 1 < a->nseg && i + 1 < TAC_MAXSEG &&
	    a->seg[i + 1].from == a->seg[i].to &&
	    a->seg[i + 1].from != TAC_LOC_BASE &&
	    mv->marbles[i + 1] == mv->marbles[i]);
}

/* How far a place lies from another: home fields by depth. */
static int
render_move_dist(int a, int b)
{
	if (TAC_LOC_ISHOME(a) && TAC_LOC_ISHOME(b))
		return (abs(TAC_LOC_DEPTH(a) - TAC_LOC_DEPTH(b)));
	return (a != b);
}

/*
 * Append where one marble's chain of segments i..j goes, after its
 * start: each place (mv->steps), else its end alone (a 7's marble says
 * where it starts and ends, not every step), and before it the field it
 * turned at when it went past its end and came back (in its home: "home
 * 1 → home 4 → home 2"); close says whether segment j's target is in the
 * range (else an arrow ends).
 */
static void
render_move_chain(const char *lang, const struct render_move *mv, int i,
    int j, int close, struct rbuf *b)
{
	const struct tac_action	*a = mv->a;
	const char		*arrow = mv->brief > 2 ? RENDER_ARROW :
				    " " RENDER_ARROW " ";
	int			 k, start = a->seg[i].from, far = start;
	int			 end = close ? j : j - 1;

	for (k = i; k <= end; k++) {
		if (render_move_dist(start, a->seg[k].to) >
		    render_move_dist(start, far))
			far = a->seg[k].to;
		if (mv->steps || k == end) {
			if (!mv->steps && far != a->seg[k].to) {
				rbuf_addstr(b, arrow);
				render_move_place(lang, mv->brief, far, b);
			}
			rbuf_addstr(b, arrow);
			render_move_place(lang, mv->brief, a->seg[k].to, b);
		}
	}
	if (!close)
		rbuf_addstr(b, mv->brief > 2 ? RENDER_ARROW : " " RENDER_ARROW);
}

/*
 * Append the segments of a move from token 'from' to 'to' (both in the
 * body): each from its marble, a marble going on at once in the next
 * segment as one chain ("12 → 16", "home 1 → home 3 → home 2"), a
 * segment cut after its marble ending in an arrow.
 */
static void
render_move_segs(const struct render_game *g, const struct render_move *mv,
    int from, int to, struct rbuf *w)
{
	const struct tac_action	*a = mv->a;
	const char		*lang = render_lang(g, NULL);
	struct rbuf		 step = { NULL, 0, 0 };
	int			 h = render_move_nhead(a), i, j, last, prev;

	last = (to - 1 - h) / 2;
	for (i = (from - h) / 2, prev = -1; i <= last; prev = i, i = j + 1) {
		rbuf_reset(&step);
		/* Segments i..j: one marble; j is cut short if open. */
		for (j = i; j < last && render_move_chains(mv, j); j++)
			;
		if (a->seg[i].from == TAC_LOC_BASE && h + 2 * i + 1 < to) {
			render_move_enter(g, mv, i, &step);
			render_move_then(lang, mv->brief, w, &step);
			j = i;
			continue;
		}
		render_move_marble(g, mv, i, prev, &step);
		render_move_chain(lang, mv, i, j, h + 2 * j + 1 < to, &step);
		render_move_then(lang, mv->brief, w, &step);
	}
	rbuf_free(&step);
}

/* Append one marble of a swap (i: 0 the first, 1 the second). */
static void
render_move_swapped(const struct render_game *g, const struct render_move *mv,
    int i, struct rbuf *b)
{
	int	loc = i == 0 ? mv->a->seg[0].from : mv->a->seg[0].to;
	char	num[16];

	snprintf(num, sizeof num, "%d", loc);
	render_move_owned(g, mv, mv->marbles[i], 1, num, b);
}

/* Append a swap: "Swap your 19 with Boris's 40", or its first marble. */
static void
render_move_swap(const struct render_game *g, const struct render_move *mv,
    int to, struct rbuf *w)
{
	const char	*lang = render_lang(g, NULL);
	struct rbuf	 x = { NULL, 0, 0 }, y = { NULL, 0, 0 };

	render_move_swapped(g, mv, 0, &x);
	if (to < render_move_ntok(mv->a))
		/* TRANSLATORS: the first marble of a swap is chosen. */
		rbuf_add(w, tr(lang, "Swap %s"), x.s);
	else if (mv->brief) {
		/* "your 19 ↔ Boris's 40": the sign says it. */
		render_move_swapped(g, mv, 1, &y);
		rbuf_add(w, mv->brief > 2 ? "%s" RENDER_SWAP "%s" :
		    "%s " RENDER_SWAP " %s", x.s, y.s);
	} else {
		render_move_swapped(g, mv, 1, &y);
		/* TRANSLATORS: a Trickster's words on a button and in a
		   move line; each %s a marble ("your 19", "Boris's 40"); a
		   button's label: at most 40 characters, shorter is better
		   on a phone with the card's name. */
		rbuf_add(w, tr(lang, "Swap %s with %s"), x.s, y.s);
	}
	rbuf_free(&x);
	rbuf_free(&y);
}

/*
 * Append "TAC on Carl's 13": a TAC and the card play it undoes, by whom
 * (mv->undone, when known and not the mover's own); 0 when that is not
 * known, and nothing is appended.
 */
static int
render_move_undoes(const struct render_game *g, const struct render_move *mv,
    struct rbuf *w)
{
	const char		*lang = render_lang(g, NULL);
	const struct tac_action	*a = mv->a;
	const char		*tac, *card;
	struct rbuf		 who = { NULL, 0, 0 };

	if (!a->tac || a->devil || mv->undone < 0 ||
	    mv->undone >= g->cfg.nseats || mv->undone == mv->seat ||
	    mv->brief > 1)
		return (0);
	tac = render_card(lang, g->cfg.names, TAC_TAC);
	card = render_card(lang, g->cfg.names, a->card);
	if (mv->undone == mv->reader)
		/* TRANSLATORS: a TAC that undoes the reader's card play:
		   %1$s the TAC card's name, %2$s the card it takes ("TAC
		   on your 13"); people may type it back. */
		rbuf_add(w, tr(lang, "%s on your %s"), tac, card);
	else {
		render_move_who(g, mv, mv->undone, &who);
		/* TRANSLATORS: a TAC and the card play it undoes: %1$s the
		   TAC card's name, %2$s the player who played that card,
		   %3$s the card ("TAC on Carl's 13"); people may type it
		   back. */
		rbuf_add(w, tr(lang, "%s on %s's %s"), tac, who.s, card);
	}
	rbuf_free(&who);
	return (1);
}

/*
 * Append the card words of head tokens [from, to): "TAC 7", "Devil 5",
 * "TAC on Carl's 13".
 */
static void
render_move_head(const struct render_game *g, const struct render_move *mv,
    int from, int to, struct rbuf *w)
{
	const struct tac_action	*a = mv->a;
	const char		*lang = render_lang(g, NULL);
	int			 cards[3], n = 0, i;

	if (a->tac)
		cards[n++] = TAC_TAC;
	if (a->devil)
		cards[n++] = TAC_DEVIL;
	cards[n++] = a->card;
	if (from == 0 && to > 0 && render_move_undoes(g, mv, w))
		from = n;	/* the card is said */
	for (i = from; i < to && i < n; i++) {
		if (w->len > 0)
			rbuf_addstr(w, " ");
		rbuf_addstr(w, render_card(lang, g->cfg.names, cards[i]));
	}
}

/*
 * Append what the body of an action without one does (Fool, Devil TAC);
 * brief: in the words of a button that has little room, which the cards'
 * names before it ("Devil TAC: ") leave.
 */
static void
render_move_none(const char *lang, int brief, const struct tac_action *a,
    struct rbuf *w)
{
	if (a->card == TAC_FOOL && brief)
		/* TRANSLATORS: the Fool's "Hands pass to the right" said
		   short, on a button after the cards' names: 20
		   characters at most. */
		rbuf_addstr(w, trc(lang, "brief", "Hands go right"));
	else if (a->card == TAC_FOOL)
		/* TRANSLATORS: the Fool: every hand passes to the right. */
		rbuf_addstr(w, tr(lang, "Hands pass to the right"));
	else if (brief)
		/* TRANSLATORS: "It goes on to the next player" said short,
		   on a button after the cards' names: 20 characters at
		   most. */
		rbuf_addstr(w, trc(lang, "brief", "Turn passes on"));
	else
		/* TRANSLATORS: a TAC taken from the Devil's victim (A2.2). */
		rbuf_addstr(w, tr(lang, "It goes on to the next player"));
}

/*
 * Append ", kicks Boris, Clara" for a whole move that kicks: the
 * reader's own marble as "your marble".
 */
static void
render_move_kicks(const struct render_game *g, const struct render_move *mv,
    struct rbuf *w)
{
	const char	*lang = render_lang(g, NULL);
	struct rbuf	 who = { NULL, 0, 0 }, t = { NULL, 0, 0 };
	int		 i;

	for (i = 0; i < mv->nkicked && i < TAC_MAXSEATS; i++) {
		/* The tightest form says the reader's kicked marble only. */
		if (mv->brief > 2 && mv->kicked[i] != mv->reader)
			continue;
		if (who.len > 0)
			rbuf_addstr(&who, ", ");
		if (mv->kicked[i] == mv->reader && mv->brief)
			/* TRANSLATORS: "your marble" said short, on a
			   button that has little room: "kicks you". */
			rbuf_addstr(&who, trc(lang, "kicked", "you"));
		else if (mv->kicked[i] == mv->reader)
			/* TRANSLATORS: whom a move kicks, when it is the
			   reader's marble: "kicks your marble" ("%s,
			   kicks %s" puts it after the verb). */
			rbuf_addstr(&who, trc(lang, "kicked", "your marble"));
		else
			render_move_who(g, mv, mv->kicked[i], &who);
	}
	if (who.len == 0) {
		rbuf_free(&who);
		return;
	}
	if (mv->brief && strcmp(who.s, trc(lang, "kicked", "you")) == 0)
		/* TRANSLATORS: a move that kicks the reader's marble, said
		   short on a button that has little room: "7: 12 → 19,
		   kicks you". */
		rbuf_add(&t, trc(lang, "brief", "%s, kicks you"), w->s !=
		    NULL ? w->s : "");
	else
		/* TRANSLATORS: a move and the players whose marbles it
		   kicks. */
		rbuf_add(&t, tr(lang, "%s, kicks %s"), w->s != NULL ? w->s :
		    "", who.s);
	rbuf_reset(w);
	rbuf_addstr(w, t.s);
	rbuf_free(&t);
	rbuf_free(&who);
}

/*
 * Append the words of tokens [from, to) of an action (see the top of
 * this file): the card words, a colon, what the rest does, and the
 * kicks when the range ends the action.
 */
void
render_move_words(const struct render_game *g, const struct render_move *mv,
    int from, int to, struct rbuf *b)
{
	const struct tac_action	*a = mv->a;
	const char		*lang = render_lang(g, NULL);
	struct rbuf		 w = { NULL, 0, 0 }, body = { NULL, 0, 0 };
	int			 h = render_move_nhead(a), n;

	n = render_move_ntok(a);
	if (to > n)
		to = n;
	if (from < 0)
		from = 0;
	if (a->op == TAC_OP_GIVE)
		/* TRANSLATORS: a gift's words on a button; %s a card's
		   name; a button's label: at most 40 characters, shorter is
		   better on a phone. */
		rbuf_add(&w, tr(lang, "Give %s"), render_card(lang,
		    g->cfg.names, a->card));
	else if (a->op == TAC_OP_DISCARD && to == n) {
		render_move_head(g, mv, 0, h, &body);
		/* TRANSLATORS: a discard's words on a button and in a move
		   line; %s a card's name (with "TAC" before it when a TAC
		   takes it). */
		rbuf_add(&w, tr(lang, "Discard %s"), body.s);
	} else {
		if (from < h)
			render_move_head(g, mv, from, to, &w);
		if (to > h || (a->op == TAC_OP_NONE && to == n && from < h)) {
			switch (a->op) {
			case TAC_OP_SKIP:
				rbuf_addstr(&body, tr(lang, "Skip the next "
				    "player"));
				break;
			case TAC_OP_SWAP:
				render_move_swap(g, mv, to, &body);
				break;
			case TAC_OP_MOVE:
				render_move_segs(g, mv, from > h ? from : h,
				    to, &body);
				break;
			default:
				render_move_none(lang, mv->brief, a, &body);
				break;
			}
			if (w.len > 0 && body.len > 0)
				rbuf_addstr(&w, ": ");
			if (body.len > 0)
				rbuf_addstr(&w, body.s);
		}
	}
	if (to == n && mv->nkicked > 0 && w.len > 0)
		render_move_kicks(g, mv, &w);
	if (w.len > 0)
		rbuf_addstr(b, w.s);
	rbuf_free(&w);
	rbuf_free(&body);
}

/*
 * The forms of a label, tried in this order (render_move_form()): the
 * names of people RENDER_LABELNAME characters long at most and the words
 * whole, then the brief form (", " for ", then", "H2" for "home 2"),
 * then the names shorter and shorter, never below RENDER_NAMEMIN (three
 * letters and an ellipsis), then a TAC without whose play it undoes
 * (brief 2), and last without whom a move kicks but the reader and with
 * no blanks around arrows (brief 3): the rest is shortened before a
 * name, and a label is never cut.
 */
static const struct {
	int	names;
	int	brief;
} render_forms[RENDER_FORMS] = {
	{ RENDER_LABELNAME, 0 }, { RENDER_LABELNAME, 1 }, { 8, 1 }, { 6, 1 },
	{ RENDER_NAMEMIN, 1 }, { RENDER_NAMEMIN, 2 }, { RENDER_NAMEMIN, 3 }
};

/*
 * Append the words of tokens [from, to) in form (0 .. RENDER_FORMS - 1,
 * render_forms[]), in at most max characters: 1 when they fit, else 0
 * and the words cut with an ellipsis.  Names are never longer than
 * mv->names.
 */
int
render_move_form(const struct render_game *g, const struct render_move *mv,
    int from, int to, int form, size_t max, struct rbuf *b)
{
	struct render_move	 m = *mv;
	struct rbuf		 w = { NULL, 0, 0 };
	char			*cut;
	int			 fits;

	if (form < 0 || form >= RENDER_FORMS)
		form = RENDER_FORMS - 1;
	m.names = render_forms[form].names < mv->names ?
	    render_forms[form].names : mv->names;
	m.brief = render_forms[form].brief;
	render_move_words(g, &m, from, to, &w);
	if ((fits = w.s == NULL || utf8_width(w.s) <= max))
		rbuf_addstr(b, w.s != NULL ? w.s : "");
	else {
		cut = xmalloc(w.len + 4);
		utf8_shorten(w.s, max, cut, w.len + 4);
		rbuf_addstr(b, cut);
		free(cut);
	}
	rbuf_free(&w);
	return (fits);
}

/*
 * Append the words of tokens [from, to) in at most max characters (a
 * button on a phone), in the first form that fits (render_move_form()),
 * else cut in the last.
 */
void
render_move_fit(const struct render_game *g, const struct render_move *mv,
    int from, int to, size_t max, struct rbuf *b)
{
	struct rbuf	w = { NULL, 0, 0 };
	int		form;

	for (form = 0; form < RENDER_FORMS; form++) {
		rbuf_reset(&w);
		if (render_move_form(g, mv, from, to, form, max, &w))
			break;
	}
	rbuf_addstr(b, w.s != NULL ? w.s : "");
	rbuf_free(&w);
}

/*
 * Start the words of action a played by seat, for reader (a seat, or
 * RENDER_NOBODY: a line in a group), with nothing known of it yet: whose
 * marbles it moves, whom it kicks, whose card a TAC undoes.
 */
void
render_move_start(struct render_move *mv, const struct tac_action *a,
    int seat, int reader)
{
	int	i;

	memset(mv, 0, sizeof *mv);
	mv->a = a;
	mv->seat = seat;
	mv->reader = reader;
	mv->undone = -1;
	mv->names = RENDER_NAMECHARS;
	for (i = 0; i < TAC_MAXSEG; i++)
		mv->marbles[i] = -1;
}

/*
 * Set up the words of action a played by seat in st (before it is
 * played) of game g, for reader (render_move_start()): whose marbles it
 * moves, whose it kicks (a TAC: those the card it takes kicks, from the
 * board it puts back), and whose card play a TAC undoes (the game's last
 * card play).
 */
void
render_move_init(struct render_move *mv, const struct render_game *g,
    const struct tac_state *st, const struct tac_action *a, int seat,
    int reader)
{
	struct tac_board	after;
	const struct tac_board	*was = &st->b;
	int			s;

	render_move_start(mv, a, seat, reader);
	if (a->tac && !a->devil && g != NULL && g->lastplay > 0)
		mv->undone = g->lastplay - 1;
	tac_marbles(st, a, mv->marbles);
	if (a->op != TAC_OP_MOVE || tac_result(st, a, &after) != 0)
		return;
	if (a->tac && !a->devil && st->undo.card != TAC_NONE)
		was = &st->undo.before;
	/* A base that gains marbles was kicked into. */
	for (s = 0; s < st->cfg.nseats && s < TAC_MAXSEATS; s++) {
		if (after.base[s] > was->base[s])
			mv->kicked[mv->nkicked++] = s;
	}
}
