/*
 * ai-int.h: the AI's parts, shared by ai.c, ai-eval.c, ai-heur.c and
 * ai-search.c.
 */
#ifndef AI_INT_H
#define AI_INT_H

#include "ai.h"

#define AI_WIN		100000000L	/* a won game outweighs everything */
#define AI_UNKNOWN	22	/* worth of a card we cannot see */

/*
 * Seats and sides of a position, worked out once per evaluation.  team
 * is the side a seat plays on: its team (B5), or in Team-TAC one side
 * for all (K1), so that every marble counts for everyone.
 */
struct ai_seats {
	int		ns;
	int		nf;
	int		nteams;		/* sides: 1 in Team-TAC */
	int		coop;
	int		team[TAC_MAXSEATS];
	int		start[TAC_MAXSEATS];
};

/* ai.c */
void		 ai_seats_init(const struct tac_state *, struct ai_seats *);
int		 ai_consumed(const struct tac_state *, const struct tac_action *);
int		 ai_receiver(const struct tac_state *, int);
int		 ai_devil_ok(const struct tac_state *, int);

/* ai-eval.c */
long		 ai_eval(const struct tac_state *, const struct tac_board *,
		     const struct ai_seats *, int);
long		 ai_card_worth(const struct tac_state *,
		     const struct tac_board *, const struct ai_seats *, int,
		     int, int);
long		 ai_hand_worth(const struct tac_state *,
		     const struct tac_board *, const struct ai_seats *, int,
		     const uint8_t *, int);
int		 ai_progress(const struct ai_seats *, const struct tac_board *,
		     int, int);
long		 ai_seat_worth(const struct tac_state *,
		     const struct tac_board *, const struct ai_seats *, int);
long		 ai_risk(const struct tac_state *, const struct tac_board *,
		     const struct ai_seats *, int);

/* ai-heur.c */
long		 ai_heur_score(const struct tac_state *, const struct ai_seats *,
		     const struct tac_action *);
long		 ai_heur_devil(const struct tac_state *, const struct ai_seats *,
		     int);
int		 ai_heur_pick(const struct tac_state *, const struct tac_list *,
		     uint64_t *, long *);

/* ai-search.c */
int		 ai_search_pick(const struct tac_state *, struct tac_list *,
		     uint64_t, const struct ai_budget *);

#endif /* AI_INT_H */
