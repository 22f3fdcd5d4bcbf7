/*
 * picture-int.h: what the board drawing's files share: the geometry of
 * one render and the drawing helpers.
 */
#ifndef PICTURE_INT_H
#define PICTURE_INT_H

#include <stdint.h>

#include <cairo.h>

#include "picture.h"

/* The font family the goldens were made with (fonts-dejavu-core). */
#define PIC_FONT	"DejaVu Sans"
/* M_PI is not C11; spelled out here. */
#define PIC_PI		3.14159265358979323846

/*
 * The board's colours (r, g, b; each a list of three arguments, for
 * cairo_set_source_rgb()) and sizes (fractions of the picture's width,
 * or of a marble's radius for the _R and _W of marbles), shared with the
 * layout the Mini App draws its SVG from (picture-layout.c).
 */
#define PIC_BG		0.98, 0.965, 0.93	/* the background */
#define PIC_TRACK	0.8, 0.78, 0.74		/* the circle's line */
#define PIC_FIELD	1, 1, 1			/* a field of nobody's */
#define PIC_FIELD_RIM	0.55, 0.55, 0.55
#define PIC_NUMBER	0.42, 0.42, 0.42	/* field numbers */
#define PIC_START_NUMBER 0.1, 0.1, 0.1		/* start fields' numbers */
#define PIC_MARBLE_RIM	0.15, 0.15, 0.15
#define PIC_PALE_PLACE	0.72	/* a seat's places: its colour paled */
#define PIC_PALE_RIM	(-0.18)	/* ... their rims: darkened */
#define PIC_PALE_LINE	0.5	/* the line to its home */
#define PIC_PALE_SLOT	0.85	/* its base's slots */
#define PIC_TRACK_W	0.004
#define PIC_START_W	0.005	/* a start field's rim */
#define PIC_FIELD_W	0.0022	/* another field's rim */
#define PIC_HOME_W	0.003	/* a home field's rim */
#define PIC_MARBLE_RIM_W 0.14	/* of the marble's radius */
#define PIC_SLOT_R	0.85	/* a base marble, of a marble's radius */
#define PIC_NUMBER_FONT	0.0115
#define PIC_START_FONT	0.0135
#define PIC_NUMBER_OFS	0.012	/* the numbers outside the fields */
#define PIC_START_GAP	0.006	/* a start field's number off its base */
/*
 * A digit's width and height, of the font's size (DejaVu Sans), and
 * what hinting may add to a number's ink, in pixels.
 */
#define PIC_DIGIT_W	0.64
#define PIC_DIGIT_BOLD_W 0.70
#define PIC_DIGIT_H	0.76
#define PIC_DIGIT_HINT	2.0
#define PIC_LABEL_R	0.455	/* labels first tried at this radius */
#define PIC_LABEL_FONT	0.022
#define PIC_LABEL_BG	0.995, 0.99, 0.98	/* a seat's label */
#define PIC_LABEL_TURN	1.0, 0.97, 0.8		/* ... of the seat to act */
#define PIC_LABEL_RIM	0.1, 0.1, 0.1
#define PIC_LABEL_TEXT	0.05, 0.05, 0.05
#define PIC_LABEL_W	0.0015	/* its rim */
#define PIC_LABEL_TURN_W 0.0055	/* ... the seat to act's */
#define PIC_LABEL_MARGIN 0.012	/* labels keep this off the edges */
#define PIC_LABEL_CLEAR	0.036	/* ... and this beyond the circle */
#define PIC_LABEL_BASE	2.3	/* ... and this off a base's middle, in
				   marble radii */
#define PIC_LABEL_TRIES	37	/* places tried, turning ... */
#define PIC_LABEL_STEP	(PIC_PI / 36)	/* ... by this, either way */

#define PIC_MAXLINES	4	/* lines of a paragraph in the middle */
#define PIC_MIDS	3	/* the middle's paragraphs: */
#define PIC_MID_TURN	0	/* whose turn it is, or the result */
#define PIC_MID_COOP	1	/* Team-TAC's cards played, above it */
#define PIC_MID_LAST	2	/* the last action, under it */

/*
 * The words of one render, measured and placed before anything is
 * drawn (picture-label.c, picture-text.c): the middle's paragraphs and
 * the seats' labels.
 */
struct pic_words {
	char		 mid[PIC_MIDS][PIC_MAXLINES][256];
	int		 nmid[PIC_MIDS];
	double		 midx[PIC_MIDS][PIC_MAXLINES];	/* where each line
							   is written (its
							   origin) */
	double		 midy[PIC_MIDS][PIC_MAXLINES];
	double		 midfs[PIC_MIDS];	/* their font sizes */
	int		 midbold[PIC_MIDS];	/* ... weights */
	double		 midgrey[PIC_MIDS];	/* ... and greys */
	char		 name[TAC_MAXSEATS][128];	/* as it fits */
	char		 cards[TAC_MAXSEATS][8];
	double		 namew[TAC_MAXSEATS];	/* their widths */
	double		 cardw[TAC_MAXSEATS];
	int		 turn;		/* the seat framed as the one to act,
					   -1: none */
};

/* One render: the position, the options and where things go. */
struct pic {
	cairo_t			*cr;
	const struct tac_state	*st;
	const struct picture_opts *o;
	const char		*lang;
	int			 nseats;
	int			 bottom;	/* the seat at the bottom */
	int			 rot;	/* ... its start field, drawn where
					   field 0 is on seat 0's board */
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
	struct picture_geom	*g;	/* where everything goes (the plan) */
	double			 lane;	/* between lanes along the circle */
	struct picture_box	 abox[PICTURE_MAXARROWS];	/* around
					   each arrow's line */
	struct pic_words	 w;
	int			 kicked[TAC_MAXFIELDS];	/* the seat whose
					   marble the last action kicked off
					   a field, -1: none */
};

/* picture.c */
void	pic_setup(struct pic *, const struct tac_state *, int, int);
void	pic_board(const struct pic *);
void	pic_draw(struct pic *);
void	pic_rgb_of(int, double, double [3]);
void	pic_slot_xy(const struct pic *, int, int, double *, double *);
void	pic_loc_xy(const struct pic *, int, int, double *, double *);
void	pic_field_xy(const struct pic *, int, double, double *, double *);
void	pic_number_box(const struct pic *, int, struct picture_box *);
double	pic_field_angle(const struct pic *, int);
void	pic_home_xy(const struct pic *, int, int, double *, double *);
void	pic_base_xy(const struct pic *, int, double *, double *);
int	pic_start_seat(const struct pic *, int);
void	pic_colour(const struct pic *, int, double);
void	pic_marble(const struct pic *, double, double, double, int, int);
void	pic_text_at(const struct pic *, const char *, double, double);


/* A palette, its entries also in the order of their red. */
struct pic_palette {
	uint8_t		rgb[256][3];
	int		n;
	uint8_t		order[256];	/* for pic_palette_nearest() */
};

/*
 * At most this many distinct colours go to libimagequant (it sizes its
 * own table from their square, an int); an image with more is counted
 * again with fewer bits a channel.
 */
#define PIC_MAXCOLOURS	32768

/* One distinct colour of a drawn image. */
struct pic_colour {
	uint32_t	key;	/* 0xffRRGGBB after the mask; 0: empty */
	uint32_t	count;	/* pixels of this colour */
	int		index;	/* its palette entry */
};

/* The distinct colours of drawn images: open addressing, linear probing. */
struct pic_quant {
	uint32_t		 keymask;	/* the colour bits that count */
	struct pic_colour	*slot;
	uint32_t		 nslot;		/* a power of two */
	uint32_t		 ncolours;
};

/* picture-quant.c */
void	pic_quant_init(struct pic_quant *, uint32_t);
void	pic_quant_free(struct pic_quant *);
int	pic_quant_count(struct pic_quant *, const unsigned char *, int, int,
	    int);
int	pic_quant_palette(struct pic_quant *, struct pic_palette *, int);
void	pic_quant_row(const struct pic_quant *, const unsigned char *, int,
	    unsigned char *);
void	pic_palette_sort(struct pic_palette *);
int	pic_palette_nearest(const struct pic_palette *, uint32_t);

/* picture-png.c */
int	pic_png_encode(cairo_surface_t *, unsigned char **, size_t *);
int	pic_png_write(const unsigned char *, int, int,
	    const struct pic_palette *, int, unsigned char **, size_t *);


/* picture-layer.c: the empty board of a layout and size, drawn once */
struct pic_layer;
struct pic_layer *pic_layer_get(const struct tac_state *, int, int);
cairo_surface_t	*pic_layer_surface(struct pic_layer *);
int	pic_layer_encode(struct pic_layer *, unsigned char **, size_t *);
void	pic_layer_clean(struct pic_layer *);
void	pic_layer_exit(void);
int	pic_layer_kept(long *);

/* chart.c, chart-teams.c: the charts' shared measures and helpers */
#define CHART_BAR	34	/* pixels per bar at 800 wide */
#define CHART_HEAD	84	/* the title and the note */
struct chart;
void	chart_text(cairo_t *, const char *, double, double, int);
double	chart_teams_height(const struct chart *, double, double);
void	chart_teams(cairo_t *, const struct chart *, double, double);

/* The arrows' measures, fractions of the picture's width. */
#define PIC_ARROW_HALO	0.0125	/* an arrow's white rim, its width */
#define PIC_ARROW_INK	0.0055	/* ... its line */
#define PIC_HEAD_LEN	0.021	/* a head's length; its half width is
				   0.55 of it */
#define PIC_HEAD_RIM	0.007	/* ... its white rim */
#define PIC_LANE	0.036	/* between arrows side by side along the
				   circle, at most ... */
#define PIC_LANES_DEPTH	0.075	/* ... and all of their lanes together */
#define PIC_SIDE_LANE	0.018	/* beside a home */
#define PIC_BASE_LANE	0.012	/* from a base, at the base */
#define PIC_OPTNUM_R	0.0135	/* a choice's number: its disc */
#define PIC_OPTNUM_RIM	0.003
#define PIC_SEGNUM_R	0.012	/* a 7's segment's number: its disc */
#define PIC_SEGNUM_RIM	0.0025
#define PIC_KICK_R	0.0105	/* a kicked marble's mark */

/* picture-label.c: the words, measured and placed, then drawn */
void	pic_words_plan(struct pic *);
void	pic_labels_draw(const struct pic *);
const char *pic_who(const struct pic *, int);

/* picture-text.c: the middle's words */
void	pic_middle_plan(struct pic *);
void	pic_centre_draw(const struct pic *);

/* picture-path.c: the arrows' paths */
void	pic_paths_plan(struct pic *);

/* picture-line.c: a polyline, an arrow's path before it goes to the plan */
#define PIC_MAXPTS	256	/* points of one arrow */
struct pic_line {
	int	n;
	double	x[PIC_MAXPTS];
	double	y[PIC_MAXPTS];
};
void	pic_line_add(struct pic_line *, double, double);
void	pic_line_trim(struct pic_line *, double, int);
double	pic_line_len(const struct pic_line *);
void	pic_line_loop(struct pic_line *, double, double, double, double,
	    double, double);
int	pic_seg_meets(double, double, double, double,
	    const struct picture_box *, double);
double	pic_seg_dist(double, double, double, double, double, double);

/* picture-place.c: where numbers and marks go */
void	pic_plan(struct pic *);
void	pic_kicks_find(struct pic *);
void	pic_numbers_plan(struct pic *);
void	pic_kicks_plan(struct pic *);
int	pic_box_hits(const struct picture_box *, const struct picture_box *);

/* picture-move.c: the arrows, numbers and kicked marbles drawn */
void	pic_kicked(const struct pic *, int);
void	pic_arrows_draw(const struct pic *);
void	pic_numbers_draw(const struct pic *);

#endif /* PICTURE_INT_H */
