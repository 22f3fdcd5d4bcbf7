/*
 * render.h: text for people: boards, hands, actions, results.
 *
 * The view knows positions (the engine's) and who sits at a table
 * (struct render_game), nothing of where games are kept: whole messages
 * are composed from the service's rows in src/compose/.  Everything a
 * person reads goes through the catalogs of i18n.h.
 */
#ifndef RENDER_H
#define RENDER_H

#include <stddef.h>
#include <stdint.h>

#include "rbuf.h"
#include "tac.h"
#include "utf8.h"

/* How marbles are marked. */
enum render_style {
	RENDER_PLAIN,		/* a letter per colour */
	RENDER_ANSI,		/* the letters in terminal colours */
	RENDER_EMOJI		/* coloured circles, for chat apps */
};

struct render_opts {
	int		 style;		/* enum render_style */
	const char	*lang;		/* when the row has no game: "en" */
	const char	*viewer;	/* the reader's user id, or NULL */
	int		 menu;		/* buttons are shown as numbered lines
					   (a terminal): no pictures */
};

#define RENDER_NAMECHARS	24	/* characters of a name in a text */

/* Who sits in a seat, as a reader sees it. */
struct render_seat {
	char		 name[UTF8_NAMEMAX];	/* display name; "": the colour */
	int		 ai;		/* AI level, 0: a person or nobody */
	int		 away;		/* a person whose turns the AI plays */
};

/*
 * A game as a reader sees it: its number, language, rules and people,
 * and who made its last card play (a TAC undoes it, and says whose).
 */
struct render_game {
	int64_t		 id;
	char		 lang[8];	/* "en", "ru" */
	struct tac_config cfg;
	struct render_seat seats[TAC_MAXSEATS];
	int		 lastplay;	/* that seat plus one; 0: not known */
};

/* render.c */
const char	*render_colour(int);
const char	*render_card(const char *, int, int);
const char	*render_lang(const struct render_game *, const char *);
void		 render_mark(const struct render_opts *, const char *, int,
		     struct rbuf *);
void		 render_seat(const struct render_opts *,
		     const struct render_game *, int, struct rbuf *);
char		*render_seat_dup(const struct render_opts *,
		     const struct render_game *, int);
void		 render_name(const char *, struct rbuf *);
void		 render_turnline(const struct render_opts *,
		     const struct render_game *, const struct tac_state *,
		     struct rbuf *);
void		 render_board(const struct render_opts *,
		     const struct render_game *, const struct tac_state *,
		     struct rbuf *);
void		 render_board_top(const struct render_opts *,
		     const struct render_game *, const struct tac_state *,
		     struct rbuf *);
void		 render_hand(const struct render_game *,
		     const struct tac_state *, int, struct rbuf *);
void		 render_result(const struct render_opts *,
		     const struct render_game *, int, struct rbuf *);
void		 render_coop(const char *, const struct tac_state *,
		     struct rbuf *);
void		 render_coop_result(const char *, uint32_t, struct rbuf *);
void		 render_list(const char *, const char *const *, int,
		     struct rbuf *);
void		 render_team(const struct render_opts *,
		     const struct render_game *, int, int, struct rbuf *);
void		 render_team_colours(const char *, const struct render_game *,
		     int, struct rbuf *);
int		 render_waiting(const struct render_opts *,
		     const struct render_game *, const struct tac_state *,
		     struct rbuf *);
void		 render_deadline(const char *, int64_t, struct rbuf *);

/* render-action.c */
void		 render_action(const struct render_game *,
		     const struct tac_action *, struct rbuf *);
int		 render_action_text(const struct render_game *, const char *,
		     struct rbuf *);
void		 render_place(const char *, int, struct rbuf *);

/*
 * render-move.c: an action, or a range of its tokens, in words (see
 * there).  Tokens are counted as src/play/menu.h cuts an action: the
 * TAC and DEVIL prefixes and the card, then each segment's marble and
 * target (a swap: its two marbles; discard, skip: one), a gift one.
 */
#define RENDER_LABELMAX		40	/* characters of a button's label */
#define RENDER_LABELNAME	12	/* characters of a name in a label */
#define RENDER_NAMEMIN		4	/* ... at least: three letters and an
					   ellipsis */
#define RENDER_FORMS		7	/* ways to say a move shorter */
#define RENDER_NOBODY		(-1)	/* the reader of a group's line */

struct render_move {
	const struct tac_action *a;
	int		 seat;		/* who plays it */
	int		 reader;	/* who reads the words (their marbles
					   are "your 19"), or RENDER_NOBODY */
	int		 undone;	/* a TAC: whose card play it undoes,
					   -1 if not known */
	int		 marbles[TAC_MAXSEG];	/* tac_marbles(); -1: not known */
	int		 nkicked;
	int		 kicked[TAC_MAXSEATS];	/* whose marbles it kicks */
	int		 names;		/* characters of a name, at least
					   RENDER_NAMEMIN */
	int		 colours;	/* people by their seats' colours (two
					   of one name) */
	int		 brief;		/* 1: ", " between steps, not ", then ",
					   "H2", "19 ↔ 40"; 2: and a TAC
					   without whose play it undoes; 3:
					   and no kicks but the reader's, no
					   blanks around arrows */
	int		 steps;		/* every place of a marble's chain of
					   segments, not its start and end */
};

void		 render_move_start(struct render_move *,
		     const struct tac_action *, int, int);
void		 render_move_init(struct render_move *,
		     const struct render_game *, const struct tac_state *,
		     const struct tac_action *, int, int);
int		 render_move_ntok(const struct tac_action *);
void		 render_move_words(const struct render_game *,
		     const struct render_move *, int, int, struct rbuf *);
void		 render_move_fit(const struct render_game *,
		     const struct render_move *, int, int, size_t,
		     struct rbuf *);
int		 render_move_form(const struct render_game *,
		     const struct render_move *, int, int, int, size_t,
		     struct rbuf *);

/* render-hint.c: a hint's reason (src/play/hint.h) by its name. */
int		 render_hint_why(const struct render_game *, const char *, int,
		     struct rbuf *);

/* render-why.c */
void		 render_why(const struct render_game *, const struct tac_why *,
		     struct rbuf *);

/* render-time.c */
void		 render_span(const char *, int64_t, struct rbuf *);
void		 render_ago(const char *, int64_t, struct rbuf *);
int		 render_clock(const char *, const char *, int64_t, int64_t,
		     struct rbuf *);

/* render-fold.c */
void		 render_fold(const char *, int, char *, size_t);

/* render-read.c: a move written as tacd shows it (see there). */
int		 render_read(const struct render_game *, const char *const *,
		     int, const struct tac_state *, const char *,
		     struct tac_list *, struct tac_action *, struct tac_why *);

#endif /* RENDER_H */
