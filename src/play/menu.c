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
 * the root is no exception, so a lone card is opened at once (but a lone
 * action is the root's one entry).  The
 * entries of a node are the distinct next tokens, in a fixed order
 * (cards in deck order, the base, then fields, then homes), so the same
 * state always gives the same paths.  The list is scratch: its actions
 * are reordered so that a node's actions are a range of it.
 */
#include <stdio.h>
#include <string.h>

#include "menu.h"

#define MENU_MAXTOK	(3 + 2 * TAC_MAXSEG)	/* TAC DEVIL 7, segments */
#define MENU_NDIGITS	62	/* entries a path character can name */

/* Token kinds, in the high bits; the low byte is a card or a place. */
#define TK_CARD		0x100	/* a card, or a TAC or DEVIL prefix */
#define TK_GIVE		0x200	/* "give C" */
#define TK_DISCARD	0x300
#define TK_SKIP		0x400
#define TK_FROM		0x500	/* "12>": the marble that moves */
#define TK_TO		0x600	/* "14": where it goes */
#define TK_SWAPA	0x700	/* "12<>": the first marble of a swap */
#define TK_SWAPB	0x800	/* "40": the second */

/* A node: the actions a[lo..hi) that share their first depth tokens. */
struct menu_node {
	int	lo;
	int	hi;
	int	depth;
};

static const char menu_digits[] =
    "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

/* Split an action into its tokens; returns how many. */
static int
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

/*
 * Follow a path from the root.  Returns 1 at a node (nd), 2 at a leaf
 * (its action is l->a[*leaf]), -1 when the path names nothing.
 */
static int
menu_walk(const struct tac_state *st, int seat, const char *path,
    struct tac_list *l, struct menu_node *nd, int *leaf)
{
	int	t[MENU_NDIGITS], n, k, i;
	size_t	len;

	if (path == NULL || (len = strlen(path)) > MENU_PATHMAX ||
	    st->phase == TAC_PH_OVER || st->phase == TAC_PH_DEAL ||
	    seat != st->turn || (n = tac_legal(st, l)) <= 0)
		return (-1);
	nd->lo = 0;
	nd->hi = n;
	nd->depth = 0;
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
			*leaf = k;
			return (2);
		}
		if ((k = menu_digit(path[i])) < 0 ||
		    k >= (n = menu_choices(l, nd, t, MENU_NDIGITS)))
			return (-1);
		menu_enter(l, nd, t[k]);
	}
	if (menu_is_leaf(l, nd)) {
		*leaf = nd->lo;
		return (2);
	}
	return (1);
}

/* Build the node at path of seat's menu (see menu.h). */
int
menu_build(const struct tac_state *st, int seat, const char *path,
    struct menu *m, struct tac_list *l)
{
	struct menu_node	 nd, child;
	struct menu_entry	*e;
	size_t			 len;
	int			 t[MENU_NDIGITS], n, i, leaf;

	memset(m, 0, sizeof *m);
	if (menu_walk(st, seat, path, l, &nd, &leaf) != 1)
		return (-1);
	len = strlen(path);
	menu_text(&l->a[nd.lo], 0, nd.depth, m->prefix, sizeof m->prefix);
	m->top = len == 0;
	if (len > 0)
		snprintf(m->back, sizeof m->back, "%.*s", (int)len - 1, path);

	/* A complete action that also goes on: "play" comes first. */
	if (menu_ends(l, &nd) >= 0) {
		e = &m->e[m->n++];
		snprintf(e->label, sizeof e->label, "play");
		snprintf(e->path, sizeof e->path, "%s%c", path, MENU_PLAY);
		e->leaf = 1;
	}
	n = menu_choices(l, &nd, t, MENU_NDIGITS);
	for (i = 0; i < n && m->n < MENU_MAX && len < MENU_PATHMAX; i++) {
		child = nd;
		menu_enter(l, &child, t[i]);
		e = &m->e[m->n++];
		menu_text(&l->a[child.lo], nd.depth, child.depth, e->label,
		    sizeof e->label);
		snprintf(e->path, sizeof e->path, "%s%c", path,
		    menu_digits[i]);
		e->leaf = menu_is_leaf(l, &child);
	}
	return (0);
}

/* The action a leaf's path names (see menu.h). */
int
menu_action(const struct tac_state *st, int seat, const char *path,
    struct tac_action *a, struct tac_list *l)
{
	struct menu_node	nd;
	int			leaf;

	if (menu_walk(st, seat, path, l, &nd, &leaf) != 2)
		return (-1);
	*a = l->a[leaf];
	return (0);
}
