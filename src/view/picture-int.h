/*
 * picture-int.h: what the board drawing's files share: the geometry of
 * one render and the drawing helpers.
 */
#ifndef PICTURE_INT_H
#define PICTURE_INT_H

#include <cairo.h>

#include "picture.h"

/* The font family the goldens were made with (fonts-dejavu-core). */
#define PIC_FONT	"DejaVu Sans"
/* M_PI is not C11; spelled out here. */
#define PIC_PI		3.14159265358979323846

/* One render: the position, the options and where things go. */
struct pic {
	cairo_t			*cr;
	const struct tac_state	*st;
	const struct picture_opts *o;
	const char		*lang;
	int			 nseats;
	double			 size;	/* width = height */
	double			 cx, cy;	/* the circle's centre */
	double			 r;	/* the circle of fields */
	double			 fr;	/* a field's radius */
	double			 mr;	/* a marble's radius */
	double			 hstep;	/* between home fields */
	double			 bofs;	/* the base beyond the circle */
	const struct tac_board	*was;	/* the board an action drawn starts
					   from, or NULL */
	int			 who;	/* who plays it */
};

/* picture.c */
void	pic_loc_xy(const struct pic *, int, int, double *, double *);
void	pic_field_xy(const struct pic *, int, double, double *, double *);
double	pic_field_angle(const struct pic *, int);
void	pic_home_xy(const struct pic *, int, int, double *, double *);
void	pic_base_xy(const struct pic *, int, double *, double *);
int	pic_start_seat(const struct pic *, int);
void	pic_colour(const struct pic *, int, double);
void	pic_marble(const struct pic *, double, double, double, int, int);
void	pic_text_at(const struct pic *, const char *, double, double);

/* picture-png.c */
int	pic_png_encode(cairo_surface_t *, unsigned char **, size_t *);

/* picture-move.c */
void	pic_kicked(const struct pic *, int);
void	pic_arrows(struct pic *);
void	pic_options(struct pic *);

#endif /* PICTURE_INT_H */
