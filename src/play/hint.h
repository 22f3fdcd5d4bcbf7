/*
 * hint.h: the move the AI would play for the seat to act, seen from that
 * seat's view only (RULES.md Y3), and in a word why.
 *
 * A hint is the searching player's choice (level 2, ai.h) on a fixed
 * number of deals and no time cap, seeded by a hash of the view: what
 * the seat holds and sees (its hand, the board, the discards, its own
 * gift, the sizes of the other hands and of the deck, the public
 * announcements and the last play a TAC would take).  Other hands and
 * the deck are not in a view, so they cannot change the hint: it is the
 * same whatever the hidden cards are, and the same each time it is
 * asked.
 *
 * The reason is one of a fixed set, each a term the evaluation scores
 * (ai-eval.c, ai-heur.c): a marble home, a kick, a marble entered, a
 * threat lifted, the partner's marbles moved, progress, a card's worth;
 * or what the card itself does (the only move, a skip, the Devil).
 */
#ifndef HINT_H
#define HINT_H

#include <stdint.h>

#include "ai.h"
#include "tac.h"

/* Why the hint plays what it plays (hint_why_name() names them). */
enum hint_why {
	HINT_ONLY,		/* the only legal move */
	HINT_WIN,		/* it wins the game */
	HINT_STOP,		/* T10: the TAC stops the other team's win */
	HINT_UNDO,		/* a TAC takes back seat's kick of ours */
	HINT_HOME,		/* it brings a marble home */
	HINT_KICK,		/* it kicks seat's marble */
	HINT_ENTER,		/* it enters a marble */
	HINT_PARTNER,		/* it moves for the partner (M15) */
	HINT_SAVE,		/* it takes a marble out of a kick's reach */
	HINT_SKIP,		/* the 8 makes seat skip a turn */
	HINT_DEVIL,		/* the Devil: play one of seat's cards */
	HINT_NEWHAND,		/* the Fool: a new hand to play from */
	HINT_SETBACK,		/* the swap sets seat's marble back */
	HINT_FORWARD,		/* it brings a marble closer to home */
	HINT_GIVE_ENTER,	/* a gift that lets seat enter a marble */
	HINT_GIVE,		/* the gift it can spare best */
	HINT_DISCARD,		/* no card moves: the one it needs least */
	HINT_LEAST,		/* a card must move: this does least harm */
	HINT_HELP,		/* Team-TAC: it moves for seat of another team
				   (K2) */
	HINT_MUST,		/* Team-TAC: T10 makes it take back seat's last
				   marble home (K5) */
	HINT_NWHY
};

/* The level a hint is built on, and its budget (deals per decision). */
#define HINT_LEVEL	AI_SEARCH
#define HINT_ITERS	32

/*
 * A hint.  With devil set the move is the Devil (1) or a TAC on a Devil
 * (2): which of the victim's cards to play shows only once the card is
 * played (A2), so a holds no action then.
 */
struct hint {
	struct tac_action a;
	int		 devil;
	int		 why;		/* enum hint_why */
	int		 seat;		/* the seat the reason names, -1 none */
};

uint64_t	 hint_seed(const struct tac_state *);
int		 hint_choose(const struct tac_state *, struct tac_list *,
		     struct hint *);
int		 hint_decide(const struct tac_state *, struct tac_list *,
		     struct tac_action *);
int		 hint_reason(const struct tac_state *, const struct tac_action *,
		     int, struct tac_list *, int *);
size_t		 hint_format(const struct hint *, char *, size_t);
const char	*hint_why_name(int);
int		 hint_why_find(const char *);

#endif /* HINT_H */
