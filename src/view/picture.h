/*
 * picture.h: a position drawn as a PNG with cairo, for people who look at
 * the board rather than read it (Telegram photos, tacctl render).
 *
 * The circle of fields, each seat's start field, home and base in its
 * colour with a letter mark (colour-blind players tell seats apart by the
 * letter), fresh marbles marked, the last action drawn as arrows (every
 * segment of a 7, both marbles of a swap), kicked marbles marked, names,
 * cards left and whose turn it is; or, for the player to act, their
 * choices as numbered arrows.  Nothing written covers anything else: the
 * arrows that share a stretch of the circle run side by side, a number
 * goes where nothing is drawn, an arrow bends around the middle's text.
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
	/*
	 * The seat drawn at the bottom, the board turned to put it there:
	 * a person's own chat shows the board from their seat, as the Mini
	 * App does; a group's shows seat 0 there (0, the default).
	 */
	int		 bottom;
	/*
	 * The picture is its reader's (a turn's, a lesson's): when it is
	 * the turn of the player in seat 'reader', the line says so to
	 * them ("Your turn."), never their name.
	 */
	int		 yours;
	int		 reader;
};

#define PICTURE_MAXOPTS	12
#define PICTURE_MAXARROWS (PICTURE_MAXOPTS * TAC_MAXSEG)
#define PICTURE_MAXPTS	4096	/* the arrows' points, together */
#define PICTURE_MAXPLACES (TAC_MAXFIELDS + 2 * TAC_MAXSEATS * TAC_MARBLES)

/* A box in the picture's pixels: left, top, width, height. */
struct picture_box {
	double	x, y, w, h;
};

/* An arrow as it is drawn: a polyline and its heads. */
struct picture_arrow {
	int	first;		/* its points: pt[first .. first + n) */
	int	n;
	int	heads;		/* 1: a head at its end; 2: at both ends */
	double	head[2][3][2];	/* the heads' triangles: the end's, then
				   the start's; the tip first */
	int	num;		/* the number written beside it, 0: none */
	int	box;		/* ... in num[box], -1: none */
	int	option;		/* one of the choices (else the last action) */
};

/*
 * Where the parts of a picture go, as picture_render() draws them: what
 * must not overlap (an arrow's number and any other number, a place or a
 * label; an arrow and the middle's text), for the tests to check.
 */
struct picture_geom {
	double		size, cx, cy;	/* width = height, the circle's centre */
	double		r;		/* the circle of fields */
	int		nseats, nfields;
	int		bottom;		/* the seat at the bottom */
	double		start[TAC_MAXSEATS][2];	/* each seat's start field */
	int		nplace;		/* fields, home fields, base slots */
	double		place[PICTURE_MAXPLACES][2];
	double		placer;		/* ... their radius */
	struct picture_box field[TAC_MAXFIELDS];	/* the fields' numbers */
	struct picture_box label[TAC_MAXSEATS];		/* the seats' labels */
	int		ncentre;
	struct picture_box centre[12];	/* the middle's lines of text: 3
					   paragraphs of up to 4 */
	int		nkick;
	struct picture_box kick[TAC_MAXFIELDS];	/* kicked marbles' marks */
	int		kickseat[TAC_MAXFIELDS];
	int		nnum;
	struct picture_box num[PICTURE_MAXARROWS];	/* arrows' numbers */
	double		halo;		/* an arrow's width, its white rim
					   included */
	int		narrow;
	struct picture_arrow arrow[PICTURE_MAXARROWS];
	int		npts;
	double		pt[PICTURE_MAXPTS][2];
};

/*
 * picture_render: draw st as a PNG into a malloc'd buffer (*png, *len);
 * 0, or -1 on failure (nothing allocated).
 */
int	picture_render(const struct tac_state *, const struct picture_opts *,
	    unsigned char **, size_t *);

/*
 * picture_geometry (picture-place.c): where picture_render() would put
 * the parts of the picture of st with o, into *g, without drawing; 0,
 * or -1 when it would refuse.
 */
int	picture_geometry(const struct tac_state *, const struct picture_opts *,
	    struct picture_geom *);

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
