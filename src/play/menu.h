/*
 * menu.h: a player's legal actions as a tree of short choices, for
 * buttons.
 *
 * The legal list of the seat to act (tac_legal() on the full state: a
 * Devil player sees the victim's hand, as at the table) is split into
 * tokens of the notation: the card first ("7", "TAC", "DEVIL", "give 9"),
 * then for a move the marble ("12>") and then where it goes ("14"),
 * segment after segment for a 7.  A level with a single choice is merged
 * into the next, so an exchange shows "give 2", "give 6", ... at once.
 * A node that is a complete action and also goes on offers a "play"
 * entry (its path ends in MENU_PLAY) besides the longer choices.
 *
 * A node is named by its path: one character per level, the index of the
 * choice in base 62 ("0-9a-zA-Z"), so a path fits a 64-byte button.  The
 * tree depends only on the state, so a path names the same node for as
 * long as the turn lasts; a button carries the game's turn number too,
 * and the service refuses it once the turn has moved on.
 */
#ifndef MENU_H
#define MENU_H

#include "tac.h"

#define MENU_MAX	100	/* entries on one level (Telegram: 100 buttons) */
#define MENU_PATHMAX	40	/* characters of a path */
#define MENU_PLAY	'.'	/* last path character of a "play" entry */

struct menu_entry {
	char	 label[40];	/* notation fragment: "7", "12>", "14", "give 9" */
	char	 path[MENU_PATHMAX + 1];	/* the node this entry leads to */
	int	 leaf;		/* 1: pressing it plays the action */
};

struct menu {
	char	 prefix[96];	/* notation chosen so far: "7 12>14 40>" */
	char	 back[MENU_PATHMAX + 1];	/* the parent's path */
	int	 top;		/* 1: the root (no back entry) */
	int	 n;
	struct menu_entry e[MENU_MAX];
};

/*
 * menu_build: the node at path (the root for "") of seat's choices in st;
 * 0, or -1 when path names no node (or seat is not to act).  A leaf's
 * path is a complete action: menu_action() gives it.  l is scratch space.
 * menu_action: the action a leaf's path names: 0, or -1 if it names none.
 */
int	menu_build(const struct tac_state *, int, const char *, struct menu *,
	    struct tac_list *);
int	menu_action(const struct tac_state *, int, const char *,
	    struct tac_action *, struct tac_list *);

#endif /* MENU_H */
