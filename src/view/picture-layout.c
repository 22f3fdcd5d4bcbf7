/*
 * picture-layout.c: the board picture's geometry and colours as JSON,
 * for a page that draws the same board as SVG (the Mini App).  Every
 * place comes from the functions that place it in the PNG (picture.c),
 * at a width of 1000, so the two drawings cannot drift apart.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <math.h>
#include <stdio.h>

#include <jansson.h>

#include "picture-int.h"

#define PIC_LAYOUT_SIZE	1000

/* A colour as "#rrggbb". */
static json_t *
pic_layout_hex(const double rgb[3])
{
	char	buf[8];
	int	i, v[3];

	for (i = 0; i < 3; i++) {
		v[i] = (int)lround(rgb[i] * 255);
		v[i] = v[i] < 0 ? 0 : v[i] > 255 ? 255 : v[i];
	}
	snprintf(buf, sizeof buf, "#%02x%02x%02x", v[0], v[1], v[2]);
	return (json_string(buf));
}

/* Seat s's colour mixed by pale, as "#rrggbb". */
static json_t *
pic_layout_seat(int s, double pale)
{
	double	rgb[3];

	pic_rgb_of(s, pale, rgb);
	return (pic_layout_hex(rgb));
}

/* A point, rounded to a tenth. */
static json_t *
pic_layout_xy(double x, double y)
{
	return (json_pack("[f, f]", round(x * 10) / 10, round(y * 10) / 10));
}

/* One seat's colours: marble, places, rims, home line, base slots. */
static json_t *
pic_layout_colours(int s)
{
	double	rgb[3], lum;

	pic_rgb_of(s, 0, rgb);
	/* Light colours take a black letter, dark ones a white one. */
	lum = 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2];
	return (json_pack("{s:o, s:o, s:o, s:o, s:o, s:s}",
	    "marble", pic_layout_seat(s, 0),
	    "place", pic_layout_seat(s, PIC_PALE_PLACE),
	    "rim", pic_layout_seat(s, PIC_PALE_RIM),
	    "line", pic_layout_seat(s, PIC_PALE_LINE),
	    "slot", pic_layout_seat(s, PIC_PALE_SLOT),
	    "letter", lum > 0.5 ? "#000000" : "#ffffff"));
}

/*
 * The layout of a board of nseats (4 or 6): size, radii, line widths,
 * font sizes, the place of every field, home field, base slot, field
 * number (and its box) and seat label, the colours, and how labels are placed.  NULL
 * for another number of seats.  The caller owns the reference.
 */
json_t *
picture_layout(int nseats)
{
	static const double	 bg[3] = { PIC_BG }, track[3] = { PIC_TRACK };
	static const double	 field[3] = { PIC_FIELD };
	static const double	 rim[3] = { PIC_FIELD_RIM };
	static const double	 num[3] = { PIC_NUMBER };
	static const double	 snum[3] = { PIC_START_NUMBER };
	static const double	 mrim[3] = { PIC_MARBLE_RIM };
	static const double	 lbg[3] = { PIC_LABEL_BG };
	static const double	 lturn[3] = { PIC_LABEL_TURN };
	static const double	 lrim[3] = { PIC_LABEL_RIM };
	static const double	 ltext[3] = { PIC_LABEL_TEXT };
	struct tac_config	 cfg = { 0, 0, 1, 0, 0 };
	struct tac_state	 st;
	struct pic		 p;
	struct picture_box	 nb;
	json_t			*o, *fields, *numbers, *homes, *bases, *labels;
	json_t			*nboxes;
	json_t			*seats, *starts, *a;
	double			 x, y, ang;
	int			 f, s, k;

	if (nseats != 4 && nseats != 6)
		return (NULL);
	cfg.nseats = (uint8_t)nseats;
	tac_init(&st, &cfg, 1);
	pic_setup(&p, &st, PIC_LAYOUT_SIZE, 0);

	fields = json_array();
	numbers = json_array();
	nboxes = json_array();
	for (f = 0; f < st.nfields; f++) {
		pic_field_xy(&p, f, p.r, &x, &y);
		json_array_append_new(fields, pic_layout_xy(x, y));
		pic_number_box(&p, f, &nb);
		json_array_append_new(numbers, pic_layout_xy(nb.x + nb.w / 2,
		    nb.y + nb.h / 2));
		json_array_append_new(nboxes, json_pack("[f, f, f, f]",
		    round(nb.x * 10) / 10, round(nb.y * 10) / 10,
		    round(nb.w * 10) / 10, round(nb.h * 10) / 10));
	}
	homes = json_array();
	bases = json_array();
	labels = json_array();
	seats = json_array();
	starts = json_array();
	for (s = 0; s < nseats; s++) {
		a = json_array();
		for (k = 0; k <= TAC_MARBLES; k++) {
			/* Home 0 is the line's start, at the start field. */
			pic_home_xy(&p, s, k, &x, &y);
			json_array_append_new(a, pic_layout_xy(x, y));
		}
		json_array_append_new(homes, a);
		a = json_array();
		for (k = 0; k < TAC_MARBLES; k++) {
			pic_slot_xy(&p, s, k, &x, &y);
			json_array_append_new(a, pic_layout_xy(x, y));
		}
		json_array_append_new(bases, a);
		ang = pic_field_angle(&p, tac_start(&st, s));
		json_array_append_new(labels, pic_layout_xy(p.cx + p.size *
		    PIC_LABEL_R * cos(ang), p.cy + p.size * PIC_LABEL_R *
		    sin(ang)));
		json_array_append_new(seats, pic_layout_colours(s));
		json_array_append_new(starts, json_integer(tac_start(&st, s)));
	}
	o = json_pack("{s:i, s:i, s:i, s:f, s:f, s:f, s:f, s:f, s:o, s:o, "
	    "s:o, s:o, s:o, s:o}",
	    "size", PIC_LAYOUT_SIZE, "players", nseats, "fields", st.nfields,
	    "cx", p.cx, "cy", p.cy, "r", p.r, "fr", p.fr, "mr", p.mr,
	    "field", fields, "number", numbers, "home", homes, "base", bases,
	    "label", labels, "start", starts);
	if (o == NULL)
		return (NULL);
	json_object_set_new(o, "seat", seats);
	/* Its ink's box, which the labels keep off (a start field's). */
	json_object_set_new(o, "number_box", nboxes);
	json_object_set_new(o, "width", json_pack("{s:f, s:f, s:f, s:f, s:f}",
	    "track", p.size * PIC_TRACK_W, "start", p.size * PIC_START_W,
	    "field", p.size * PIC_FIELD_W, "home", p.size * PIC_HOME_W,
	    "marble", p.mr * PIC_MARBLE_RIM_W));
	json_object_set_new(o, "font", json_pack("{s:f, s:f, s:f}",
	    "number", p.size * PIC_NUMBER_FONT, "start", p.size *
	    PIC_START_FONT, "label", p.size * PIC_LABEL_FONT));
	json_object_set_new(o, "slot", json_real(p.mr * PIC_SLOT_R));
	json_object_set_new(o, "colour", json_pack("{s:o, s:o, s:o, s:o, "
	    "s:o, s:o, s:o}", "background", pic_layout_hex(bg), "track",
	    pic_layout_hex(track), "field", pic_layout_hex(field), "rim",
	    pic_layout_hex(rim), "number", pic_layout_hex(num), "start",
	    pic_layout_hex(snum), "marble_rim", pic_layout_hex(mrim)));
	/* How picture.c places and draws the seats' labels. */
	json_object_set_new(o, "labels", json_pack("{s:f, s:f, s:i, s:f, "
	    "s:f, s:o, s:o, s:o, s:o, s:f, s:f}", "margin", PIC_LABEL_MARGIN,
	    "base", PIC_LABEL_BASE, "tries", PIC_LABEL_TRIES, "step",
	    PIC_LABEL_STEP, "clear", PIC_LABEL_CLEAR, "bg", pic_layout_hex(lbg),
	    "turn_bg", pic_layout_hex(lturn), "rim", pic_layout_hex(lrim),
	    "text", pic_layout_hex(ltext), "width", PIC_LABEL_W, "turn_width",
	    PIC_LABEL_TURN_W));
	return (o);
}
