/*
 * review.h: a game looked at again once it is over.
 *
 * For each reviewed seat, the decisions where the search, on the view
 * that seat had then (so with no card it could not see), rates another
 * move clearly better than the one played: the REVIEW_PICKS costliest,
 * each with the better move and why (hint.h).  And the game's best
 * move: the play that gained its team the most on the board, as the
 * evaluation scores boards.  A review is fed the game's actions in
 * order (review_add()), so a caller can spread the work over time: each
 * decision's rating is a pure function of the position, whatever was
 * rated before it.
 */
#ifndef REVIEW_H
#define REVIEW_H

#include "hint.h"
#include "tac.h"

#define REVIEW_PICKS	3	/* decisions shown per seat */
#define REVIEW_CLEAR	150	/* points by which another move must be
				   rated better: about two thirds of a
				   marble out of the base */
#define REVIEW_SURE	2	/* ... and by this many standard errors of
				   the difference: the play-outs' luck is
				   not a lesson */
#define REVIEW_ITERS	32	/* deals per rated decision */

/* One decision another move would have done clearly better. */
struct review_pick {
	int		 n;		/* the action's place in the log */
	struct tac_action played;
	struct hint	 better;	/* the search's move and its reason */
	long		 loss;		/* by how much it rates it better */
};

/* The game's best move. */
struct review_best {
	int		 n;		/* -1: none yet */
	int		 seat;
	struct tac_action a;
	long		 gain;		/* board points it gained its team */
};

struct review {
	int		 npick[TAC_MAXSEATS];
	struct review_pick pick[TAC_MAXSEATS][REVIEW_PICKS];	/* costliest
					   first */
	struct review_best best;
	int		 rated;		/* decisions rated */
};

struct tac_record;

void	review_init(struct review *);
int	review_next(const struct tac_record *, struct tac_state *, int *,
	    size_t, struct tac_action *, char *, size_t);
int	review_add(struct review *, const struct tac_state *, int,
	    const struct tac_action *, int, struct tac_list *);
void	review_keep(struct review *, int, const struct review_pick *);

#endif /* REVIEW_H */
