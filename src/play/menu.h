/*
 * menu.h: a player's legal actions as a tree of short choices, for
 * buttons.
 *
 * The legal list of the seat to act (tac_legal() on the full state: a
 * Devil player sees the victim's hand, as at the table) is split into
 * tokens of the notation: the prefixes and the card ("TAC", "DEVIL",
 * "7"), then for a move the marble ("12>") and where it goes ("14"),
 * segment after segment for a 7, for a swap its two marbles, or
 * "discard", "skip"; a gift is the one token "give 9".  A level with a
 * single choice is merged into the next.  A node that is a complete
 * action and also goes on offers a "play" entry (its path ends in
 * MENU_PLAY) besides the longer choices.
 *
 * A root of at most MENU_FLAT actions, none a move of more than two
 * segments, lists them all at once, each a leaf: few enough to read, and
 * to draw on the board numbered as the buttons are.  Any other root
 * offers the cards first.
 *
 * No message shows more than MENU_KEYS buttons: a node with more
 * choices than fit beside its "back" button is shown in pages of
 * MENU_PAGE entries, each with a "more" button to the next page; "back"
 * on a later page goes to the page before.
 *
 * A node is named by its path: one character per level, the index of the
 * choice in base 62 ("0-9a-zA-Z"), and "+K" for its page K > 0, so a
 * path fits a 64-byte button.  The tree depends only on the state, so a
 * path names the same node for as long as the turn lasts; a button
 * carries the game's turn number too, and the service refuses it once
 * the turn has moved on.
 */
#ifndef MENU_H
#define MENU_H

#include "tac.h"

#define MENU_KEYS	12	/* buttons of one message, at most */
#define MENU_PAGE	(MENU_KEYS - 2)	/* entries of a page, beside "back"
					   and "more" */
#define MENU_FLAT	9	/* a root of this many actions lists them */
#define MENU_PATHMAX	40	/* characters of a path */
#define MENU_PLAY	'.'	/* last path character of a "play" entry */
#define MENU_PAGECH	'+'	/* "PATH+K": page K of the node at PATH */

/*
 * One choice.  Its words are those of tokens [from, to) of a (see
 * menu_tokens()); a leaf's a is the action it plays, any other entry's a
 * is one action of the subtree it opens.
 */
struct menu_entry {
	char	 label[64];	/* notation fragment: "7", "12>", "14",
				   "give 9"; a flat root's whole action */
	char	 path[MENU_PATHMAX + 1];	/* the node this entry leads to */
	int	 leaf;		/* 1: pressing it plays the action */
	int	 play;		/* a "play" entry: a is the node's action */
	struct tac_action a;
	int	 from;
	int	 to;
};

struct menu {
	char	 prefix[96];	/* notation chosen so far: "7 12>14 40>" */
	struct tac_action a;	/* one action of the node: its tokens
				   [0, depth) are the prefix */
	int	 depth;
	char	 back[MENU_PATHMAX + 3];	/* where "back" goes, if not top */
	char	 more[MENU_PATHMAX + 3];	/* the next page, "" on the last */
	int	 top;		/* 1: the root's first page (no back entry) */
	int	 flat;		/* the root lists every action */
	int	 page;		/* this page, from 0 */
	int	 npages;
	int	 n;
	struct menu_entry e[MENU_KEYS];
};

/*
 * menu_build: the node (page) at path (the root for "") of seat's
 * choices in st; 0, or -1 when path names no node (or seat is not to
 * act).  A leaf's path is a complete action: menu_action() gives it.  l
 * is scratch space.
 * menu_action: the action a leaf's path names: 0, or -1 if it names none.
 * menu_tokens: the tokens of an action (at most MENU_MAXTOK), as above;
 * how many.  Their kinds are MENU_TK_*, the low byte a card or a place.
 */
#define MENU_MAXTOK	(3 + 2 * TAC_MAXSEG)	/* TAC DEVIL 7, segments */
#define MENU_TK_CARD	0x100	/* a card, or a TAC or DEVIL prefix */
#define MENU_TK_GIVE	0x200	/* "give C" */
#define MENU_TK_DISCARD	0x300
#define MENU_TK_SKIP	0x400
#define MENU_TK_FROM	0x500	/* "12>": the marble that moves */
#define MENU_TK_TO	0x600	/* "14": where it goes */
#define MENU_TK_SWAPA	0x700	/* "12<>": the first marble of a swap */
#define MENU_TK_SWAPB	0x800	/* "40": the second */

int	menu_build(const struct tac_state *, int, const char *, struct menu *,
	    struct tac_list *);
int	menu_action(const struct tac_state *, int, const char *,
	    struct tac_action *, struct tac_list *);
int	menu_tokens(const struct tac_action *, int *);

#endif /* MENU_H */
