/*
 * menu.c: a seat's legal actions as a tree of short choices (menu.h).
 *
 * Each legal action is read as a row of tokens, the pieces of its
 * notation: the prefixes and the card, then "FROM>" and "TO" for each
 * segment of a move ("A<>" and "B" for a swap), or "discard", "skip".
 * A gift is the one token "give C".  Tokens are small integers, so the
 * tree is walked without printing anything but the labels shown.
 *
 * A node is the set of actions that share the tokens chosen so far.  A
 * level where every action goes on with the same token is no choice, so
 * it is skipped (the node's prefix and the entry's label take it in);
 * the root is no exception, so a lone card is opened at once.  The
 * entries of a node are the distinct next tokens, in a fixed order
 * (cards in deck order, the base, then fields, then homes), so the same
 * state always gives the same paths; a flat root (few actions) lists its
 * actions in the same order.  A node with many entries is cut into
 * pages only when it is shown: an entry's path is its node's path and
 * its index, whatever page it is on.  The list is scratch: its actions
 * are reordered so that a node's actions are a range of it.
 */
#include <stdio.h>
#include <string.h>

#include "menu.h"

#define MENU_NDIGITS	62	/* entries a path character can name */

/* Token kinds, in the high bits; the low byte is a card or a place. */
#define TK_CARD		MENU_TK_CARD
#define TK_GIVE		MENU_TK_GIVE
#define TK_DISCARD	MENU_TK_DISCARD
#define TK_SKIP		MENU_TK_SKIP
#define TK_FROM		MENU_TK_FROM
#define TK_TO		MENU_TK_TO
#define TK_SWAPA	MENU_TK_SWAPA
#define TK_SWAPB	MENU_TK_SWAPB

/* A node: the actions a[lo..hi) that share their first depth tokens. */
struct menu_node {
	int	lo;
	int	hi;
	int	depth;
};

static const char menu_digits[] =
    "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

/* Split an action into its tokens (menu.h); returns how many. */
int
menu_tokens(const struct tac_action *a, int *t)
{
	int	n = 0, i, nseg;

	if (a->op == TAC_OP_GIVE) {
		t[n++] = TK_GIVE | a->card;
		return (n);
	}
	if (a->tac)
		t[n++] = TK_CARD | TAC_TAC;
	if (a->devil)
		t[n++] = TK_CARD | TAC_DEVIL;
	t[n++] = TK_CARD | a->card;
	switch (a->op) {
	case TAC_OP_DISCARD:
		t[n++] = TK_DISCARD;
		break;
	case TAC_OP_SKIP:
		t[n++] = TK_SKIP;
		break;
	case TAC_OP_SWAP:
		t[n++] = TK_SWAPA | a->seg[0].from;
		t[n++] = TK_SWAPB | a->seg[0].to;
		break;
	case TAC_OP_MOVE:
		nseg = a->nseg < TAC_MAXSEG ? a->nseg : TAC_MAXSEG;
		for (i = 0; i < nseg; i++) {
			t[n++] = TK_FROM | a->seg[i].from;
			t[n++] = TK_TO | a->seg[i].to;
		}
		break;
	}
	return (n);
}

/* Token d of an action, -1 past its end. */
static int
menu_tok(const struct tac_action *a, int d)
{
	int	t[MENU_MAXTOK], n;

	n = menu_tokens(a, t);
	return (d < n ? t[d] : -1);
}

/* Where a token sorts among its siblings: by kind, then by value. */
static int
menu_key(int tok)
{
	int	v = tok & 0xff;

	switch (tok & ~0xff) {
	case TK_FROM:
	case TK_TO:
	case TK_SWAPA:
	case TK_SWAPB:
		/* The base first, then the circle, then the homes. */
		if (v == TAC_LOC_BASE)
			v = -1;
		else if (TAC_LOC_ISHOME(v))
			v = 0x100 + (v & 0x7f);
		return (((tok >> 8) << 12) + 0x800 + v);
	default:
		return (((tok >> 8) << 12) + v);
	}
}

/* Print a token as a notation fragment. */
static void
menu_label(int tok, char *buf, size_t len)
{
	char	loc[8];
	int	v = tok & 0xff;

	switch (tok & ~0xff) {
	case TK_CARD:
		snprintf(buf, len, "%s", tac_card_name(v));
		break;
	case TK_GIVE:
		snprintf(buf, len, "give %s", tac_card_name(v));
		break;
	case TK_DISCARD:
		snprintf(buf, len, "discard");
		break;
	case TK_SKIP:
		snprintf(buf, len, "skip");
		break;
	default:
		tac_loc_format(v, loc, sizeof loc);
		snprintf(buf, len, "%s%s", loc, (tok & ~0xff) == TK_FROM ? ">" :
		    (tok & ~0xff) == TK_SWAPA ? "<>" : "");
		break;
	}
}

/*
 * Append the tokens from..to-1 of an action to text, as the notation
 * spaces them (none after "12>" or "12<>").  A label that does not fit
 * ends in "..." (only a long merged run, shown whole in the prefix).
 */
static void
menu_text(const struct tac_action *a, int from, int to, char *buf,
    size_t len)
{
	char	 piece[16];
	size_t	 off = strlen(buf), n;
	int	 t[MENU_MAXTOK], i;

	menu_tokens(a, t);
	for (i = from; i < to; i++) {
		menu_label(t[i], piece, sizeof piece);
		n = strlen(piece);
		if (off > 0 && buf[off - 1] != '>')
			n++;
		if (off + n >= len) {
			if (len >= 4)
				memcpy(buf + (off + 4 <= len ? off : len - 4),
				    "...", 4);
			return;
		}
		snprintf(buf + off, len - off, "%s%s", off > 0 &&
		    buf[off - 1] != '>' ? " " : "", piece);
		off += n;
	}
}

/* Swap two actions of the list. */
static void
menu_swap(struct tac_list *l, int i, int j)
{
	struct tac_action	tmp;

	tmp = l->a[i];
	l->a[i] = l->a[j];
	l->a[j] = tmp;
}

/*
 * Skip the levels where every action of the node goes on with the same
 * token: no choice there.  A node with one action ends at its end.
 */
static void
menu_settle(struct tac_list *l, struct menu_node *nd)
{
	int	t, i;

	for (;;) {
		t = menu_tok(&l->a[nd->lo], nd->depth);
		if (t < 0)
			return;
		for (i = nd->lo + 1; i < nd->hi; i++) {
			if (menu_tok(&l->a[i], nd->depth) != t)
				return;
		}
		nd->depth++;
	}
}

/* Does the node hold an action that ends at its depth (a "play")? */
static int
menu_ends(struct tac_list *l, const struct menu_node *nd)
{
	int	i;

	for (i = nd->lo; i < nd->hi; i++) {
		if (menu_tok(&l->a[i], nd->depth) < 0)
			return (i);
	}
	return (-1);
}

/*
 * The distinct next tokens of a node, sorted: up to max into t; returns
 * how many there are.
 */
static int
menu_choices(struct tac_list *l, const struct menu_node *nd, int *t, int max)
{
	int	i, j, k, tok, n = 0;

	for (i = nd->lo; i < nd->hi; i++) {
		if ((tok = menu_tok(&l->a[i], nd->depth)) < 0)
			continue;
		for (j = 0; j < n && t[j] != tok; j++)
			;
		if (j < n)
			continue;
		if (n == max)
			return (n);
		for (k = n; k > 0 && menu_key(t[k - 1]) > menu_key(tok); k--)
			t[k] = t[k - 1];
		t[k] = tok;
		n++;
	}
	return (n);
}

/* Narrow a node to the actions whose next token is tok, and settle it. */
static void
menu_enter(struct tac_list *l, struct menu_node *nd, int tok)
{
	int	i, k = nd->lo;

	for (i = nd->lo; i < nd->hi; i++) {
		if (menu_tok(&l->a[i], nd->depth) == tok)
			menu_swap(l, i, k++);
	}
	nd->hi = k;
	nd->depth++;
	menu_settle(l, nd);
}

/* Is the node a single action with nothing after it? */
static int
menu_is_leaf(struct tac_list *l, const struct menu_node *nd)
{
	return (nd->hi - nd->lo == 1 && menu_tok(&l->a[nd->lo],
	    nd->depth) < 0);
}

/* The value of a path character, -1 if it is none. */
static int
menu_digit(int c)
{
	const char	*p;

	if (c == '\0' || (p = strchr(menu_digits, c)) == NULL)
		return (-1);
	return ((int)(p - menu_digits));
}

/* Compare two actions token by token, the way siblings sort. */
static int
menu_cmp(const struct tac_action *x, const struct tac_action *y)
{
	int	tx[MENU_MAXTOK], ty[MENU_MAXTOK], nx, ny, i;

	nx = menu_tokens(x, tx);
	ny = menu_tokens(y, ty);
	for (i = 0; i < nx && i < ny; i++) {
		if (tx[i] != ty[i])
			return (menu_key(tx[i]) - menu_key(ty[i]));
	}
	return (nx - ny);
}

/* Sort the few actions of a flat root into the order of their tokens. */
static void
menu_sort(struct tac_list *l, int n)
{
	int	i, j;

	for (i = 1; i < n; i++) {
		for (j = i; j > 0 && menu_cmp(&l->a[j - 1], &l->a[j]) > 0; j--)
			menu_swap(l, j - 1, j);
	}
}

/*
 * Does a root of n actions list them all?  When they are few and each
 * is short enough to say on one button: a move of at most two segments.
 */
static int
menu_isflat(const struct tac_list *l, int n)
{
	int	i;

	if (n > MENU_FLAT)
		return (0);
	for (i = 0; i < n; i++) {
		if (l->a[i].op == TAC_OP_MOVE && l->a[i].nseg > 2)
			return (0);
	}
	return (1);
}

/* How many pages a node of items entries (choices and "play") needs. */
static int
menu_npages(int items, int top)
{
	if (items + (top ? 0 : 1) <= MENU_KEYS)
		return (1);
	return ((items + MENU_PAGE - 1) / MENU_PAGE);
}

/* The entries a node shows in all (its choices, and "play"). */
static int
menu_items(struct tac_list *l, const struct menu_node *nd)
{
	int	t[MENU_NDIGITS];

	return (menu_choices(l, nd, t, MENU_NDIGITS) + (menu_ends(l, nd) >=
	    0));
}

/* Where a walk ended: a node's page or a leaf. */
struct menu_pos {
	struct menu_node nd;
	int		 leaf;		/* the leaf's action: l->a[leaf] */
	int		 page;
	int		 flat;		/* the root lists every action */
	size_t		 plen;		/* the node's path, without "+K" */
};

/*
 * Follow a path from the root.  Returns 1 at a node (p->nd, p->page),
 * 2 at a leaf (its action is l->a[p->leaf]), -1 when the path names
 * nothing.
 */
static int
menu_walk(const struct tac_state *st, int seat, const char *path,
    struct tac_list *l, struct menu_pos *p)
{
	struct menu_node	*nd = &p->nd;
	int			 t[MENU_NDIGITS], n, k, i;

	memset(p, 0, sizeof *p);
	if (path == NULL || strlen(path) > MENU_PATHMAX ||
	    st->phase == TAC_PH_OVER || st->phase == TAC_PH_DEAL ||
	    seat != st->turn || (n = tac_legal(st, l)) <= 0)
		return (-1);
	nd->lo = 0;
	nd->hi = n;
	nd->depth = 0;
	if (menu_isflat(l, n)) {
		p->flat = 1;
		menu_sort(l, n);
		if (path[0] == '\0')
			return (1);
		if (path[1] != '\0' || (k = menu_digit(path[0])) < 0 ||
		    k >= n)
			return (-1);
		p->leaf = k;
		return (2);
	}
	menu_settle(l, nd);
	/* The root is a node even for a lone action: one entry, to play. */
	if (menu_is_leaf(l, nd))
		nd->depth = 0;
	for (i = 0; path[i] != '\0'; i++) {
		if (menu_is_leaf(l, nd))
			return (-1);
		if (path[i] == MENU_PLAY) {
			if (path[i + 1] != '\0' || (k = menu_ends(l, nd)) < 0)
				return (-1);
			p->leaf = k;
			return (2);
		}
		if (path[i] == MENU_PAGECH) {
			if ((k = menu_digit(path[i + 1])) <= 0 ||
			    path[i + 2] != '\0' ||
			    k >= menu_npages(menu_items(l, nd), i == 0))
				return (-1);
			p->page = k;
			p->plen = (size_t)i;
			return (1);
		}
		if ((k = menu_digit(path[i])) < 0 ||
		    k >= (n = menu_choices(l, nd, t, MENU_NDIGITS)))
			return (-1);
		menu_enter(l, nd, t[k]);
	}
	if (menu_is_leaf(l, nd)) {
		p->leaf = nd->lo;
		return (2);
	}
	p->plen = strlen(path);
	return (1);
}

/* Write the path of page k of the node at the first plen of path. */
static void
menu_pagepath(char *buf, size_t len, const char *path, size_t plen, int k)
{
	if (k > 0)
		snprintf(buf, len, "%.*s%c%c", (int)plen, path, MENU_PAGECH,
		    menu_digits[k]);
	else
		snprintf(buf, len, "%.*s", (int)plen, path);
}

/*
 * Where "back" goes from page 0 of the node at the first plen > 0 of
 * path: the page of its parent that holds it.
 */
static void
menu_parent(const struct tac_state *st, int seat, const char *path,
    size_t plen, struct tac_list *l, char *buf, size_t len)
{
	struct menu_pos	p;
	char		parent[MENU_PATHMAX + 1];
	int		items, k;

	snprintf(parent, sizeof parent, "%.*s", (int)plen - 1, path);
	k = menu_digit(path[plen - 1]);
	if (menu_walk(st, seat, parent, l, &p) != 1 || k < 0) {
		snprintf(buf, len, "%s", parent);
		return;
	}
	items = menu_items(l, &p.nd);
	k += menu_ends(l, &p.nd) >= 0;
	menu_pagepath(buf, len, parent, plen - 1,
	    menu_npages(items, plen == 1) > 1 ? k / MENU_PAGE : 0);
}

/* Fill the entries of a flat root: every action, each a leaf. */
static void
menu_flat(struct tac_list *l, const struct menu_node *nd, struct menu *m)
{
	struct menu_entry	*e;
	int			 t[MENU_MAXTOK], i;

	for (i = nd->lo; i < nd->hi && m->n < MENU_KEYS; i++) {
		e = &m->e[m->n];
		e->a = l->a[i];
		e->to = menu_tokens(&e->a, t);
		menu_text(&e->a, 0, e->to, e->label, sizeof e->label);
		snprintf(e->path, sizeof e->path, "%c", menu_digits[m->n]);
		e->leaf = 1;
		m->n++;
	}
}

/* Build the node at path of seat's menu (see menu.h). */
int
menu_build(const struct tac_state *st, int seat, const char *path,
    struct menu *m, struct tac_list *l)
{
	struct menu_pos		 p;
	struct menu_node	 child;
	struct menu_entry	*e;
	struct tac_action	 play;
	int			 t[MENU_NDIGITS], tt[MENU_MAXTOK];
	int			 n, i, k, items, first, ends;

	memset(m, 0, sizeof *m);
	if (menu_walk(st, seat, path, l, &p) != 1)
		return (-1);
	m->a = l->a[p.nd.lo];
	m->depth = p.nd.depth;
	m->flat = p.flat;
	m->page = p.page;
	m->npages = 1;
	m->top = p.plen == 0 && p.page == 0;
	if (p.flat) {
		menu_flat(l, &p.nd, m);
		return (0);
	}
	menu_text(&m->a, 0, m->depth, m->prefix, sizeof m->prefix);

	n = menu_choices(l, &p.nd, t, MENU_NDIGITS);
	if ((ends = menu_ends(l, &p.nd)) >= 0)
		play = l->a[ends];
	items = n + (ends >= 0);
	m->npages = menu_npages(items, p.plen == 0);
	first = m->npages > 1 ? p.page * MENU_PAGE : 0;
	for (k = first; k < items && m->n < MENU_KEYS &&
	    (m->npages == 1 || k < first + MENU_PAGE) &&
	    p.plen < MENU_PATHMAX; k++) {
		e = &m->e[m->n++];
		/* A complete action that also goes on: "play" comes first. */
		if (ends >= 0 && k == 0) {
			snprintf(e->label, sizeof e->label, "play");
			snprintf(e->path, sizeof e->path, "%.*s%c",
			    (int)p.plen, path, MENU_PLAY);
			e->leaf = e->play = 1;
			e->a = play;
			e->to = menu_tokens(&play, tt);
			continue;
		}
		i = k - (ends >= 0);
		child = p.nd;
		menu_enter(l, &child, t[i]);
		menu_text(&l->a[child.lo], p.nd.depth, child.depth, e->label,
		    sizeof e->label);
		snprintf(e->path, sizeof e->path, "%.*s%c", (int)p.plen, path,
		    menu_digits[i]);
		e->leaf = menu_is_leaf(l, &child);
		e->a = l->a[child.lo];
		e->from = p.nd.depth;
		e->to = child.depth;
	}
	if (m->page + 1 < m->npages)
		menu_pagepath(m->more, sizeof m->more, path, p.plen,
		    m->page + 1);
	if (m->page > 0)
		menu_pagepath(m->back, sizeof m->back, path, p.plen,
		    m->page - 1);
	else if (p.plen > 0)
		menu_parent(st, seat, path, p.plen, l, m->back,
		    sizeof m->back);
	return (0);
}

/* The action a leaf's path names (see menu.h). */
int
menu_action(const struct tac_state *st, int seat, const char *path,
    struct tac_action *a, struct tac_list *l)
{
	struct menu_pos	p;

	if (menu_walk(st, seat, path, l, &p) != 2)
		return (-1);
	*a = l->a[p.leaf];
	return (0);
}
