/*
 * internal.h: what the engine's files share and nobody else sees.
 */
#ifndef TAC_INTERNAL_H
#define TAC_INTERNAL_H

#include "tac.h"

#define HOME_FULL	0x0f

/* Who a card play moves for and on which board: the context of a function. */
struct fn_ctx {
	const struct tac_state *s;
	int		 player;	/* whose turn the function is played as */
	uint8_t		 seats;		/* bit per seat whose marbles may move */
};

/*
 * Refuse with a reason (a struct tac_why, see tac.h).  Reasons are
 * optional: a NULL why means "just tell me yes or no", and then the
 * arguments are not even evaluated, so the move generator's rejected
 * candidates cost nothing.  fmt must be a string literal: it is the
 * message id (xgettext keyword why_fail:2).
 */
#define why_fail(w, ...) \
	((w) == NULL ? -1 : why_set((w), __VA_ARGS__))

/* board.c */
int	 board_steps(int);
int	 board_spacing(const struct tac_state *);
int	 board_start(const struct tac_state *, int);
int	 board_start_owner(const struct tac_state *, int);
int	 board_done(const struct tac_board *, int);
int	 board_oncircle(const struct tac_state *, const struct tac_board *,
	     uint8_t);
int	 board_count(const struct tac_state *, const struct tac_board *, int);
void	 board_put(const struct tac_state *, struct tac_board *, int, int);
void	 board_take(const struct tac_state *, struct tac_board *, int);
int	 board_owner(const struct tac_state *, const struct tac_board *, int);
int	 board_move(const struct fn_ctx *, struct tac_board *, int, int, int,
	     int, struct tac_why *);
int	 board_enter(const struct fn_ctx *, struct tac_board *, int,
	     struct tac_why *);
void	 board_swap(const struct tac_state *, struct tac_board *, int, int);
int	 board_ahead(const struct tac_state *, const struct tac_board *, int);
int	 why_set(struct tac_why *, const char *, ...);
void	 why_clear(struct tac_why *);
void	 why_text(const struct tac_why *, char *, size_t);

/* game.c */
uint8_t	 game_ctrl(const struct tac_state *, const struct tac_board *, int);
int	 game_next(const struct tac_state *, int);
void	 game_turn_end(struct tac_state *, int, int);
void	 game_round_start(struct tac_state *);
void	 game_pass_hands(struct tac_state *);
void	 game_give(struct tac_state *, int);

/* movegen.c */
int	 gen_tac(const struct tac_state *, int, struct tac_list *);
int	 gen_push(struct tac_list *, const struct tac_action *);
int	 gen_angel_target(const struct tac_state *, const struct tac_board *,
	     int);

/* seven.c */
int	 seven_gen(const struct fn_ctx *, const struct tac_board *,
	     const struct tac_action *, struct tac_list *);
int	 seven_exec(const struct fn_ctx *, struct tac_board *,
	     const struct tac_action *, struct tac_why *);

/* notation.c */
void	 tac_quote(const char *, size_t, char *, size_t);

/* apply.c */
int	 exec_function(const struct tac_state *, struct tac_board *, int,
	     int, const struct tac_action *, struct tac_why *);

#endif /* TAC_INTERNAL_H */
