/*
 * picture.h: a position drawn as a PNG with cairo, for people who look at
 * the board rather than read it (Telegram photos, tacctl render).
 *
 * The circle of fields, each seat's start field, home and base in its
 * colour with a letter mark (colour-blind players tell seats apart by the
 * letter), fresh marbles marked, the last action drawn as arrows (every
 * segment of a 7, both marbles of a swap), kicked marbles marked, names,
 * cards left and whose turn it is; or, for the player to act, their
 * choices as numbered arrows.
 */
#ifndef PICTURE_H
#define PICTURE_H

#include <stddef.h>

#include "tac.h"

struct picture_opts {
	/*
	 * NULL or "": the seat's colour name, translated (rather than
	 * "Seat N": it is the name the text board uses and needs no new
	 * catalog entry).
	 */
	const char	*names[TAC_MAXSEATS];
	const char	*lang;		/* "en", "ru"; NULL: "en" */
	int		 size;		/* width = height, 128..4096; 0: 1024 */
	const struct tac_action *last;	/* the last action, or NULL */
	int		 last_seat;	/* who played it */
	const char	*lastline;	/* the last action in words, as the
					   line under whose turn it is says
					   it ("Clara: 1: 0 → home 1"); NULL:
					   its notation */
	const struct tac_board *before;	/* the board before it, or NULL */
	/*
	 * The choices of the seat to act, drawn as arrows numbered from 1
	 * in this order (a move's segments, a swap both ways; other kinds
	 * have none), on the position as it is, instead of the last move.
	 */
	const struct tac_action *opts;
	int		 nopts;		/* at most PICTURE_MAXOPTS are drawn */
};

#define PICTURE_MAXOPTS	12

/*
 * picture_render: draw st as a PNG into a malloc'd buffer (*png, *len);
 * 0, or -1 on failure (nothing allocated).
 */
int	picture_render(const struct tac_state *, const struct picture_opts *,
	    unsigned char **, size_t *);

/*
 * picture_layout (picture-layout.c): the geometry and colours of the
 * picture of a board of 4 or 6 seats, 1000 wide, as JSON (places,
 * radii, line widths, fonts, seat colours), for a page that draws the
 * same board; NULL for another number of seats.  The caller owns it.
 */
struct json_t;
struct json_t	*picture_layout(int);

/*
 * picture_exit: free what the pictures keep for the whole process: the
 * empty boards of the layouts and sizes drawn (picture-layer.c, about
 * 10 MiB each at 1024, at most four) and cairo's and fontconfig's font
 * caches (a few KiB, not growing).  Call it once at exit, after the last
 * render, so that the sanitizers' leak checker sees only real leaks; no
 * render may follow.
 */
void	picture_exit(void);

#endif /* PICTURE_H */
