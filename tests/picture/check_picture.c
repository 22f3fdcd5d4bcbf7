/*
 * check_picture.c: picture_render() through its C interface: the PNG it
 * returns, its size option, the refusals, every phase's text, and
 * garbled last actions that must draw nothing rather than crash (the
 * sanitizer build checks the memory); the encoder makes palette PNGs of
 * at most 60 KB at 1024 pixels, and keeps an image of many more colours
 * than a palette holds close to its pixels.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cairo.h>
#include <check.h>
#include <jansson.h>

#include "picture-int.h"

/* What a board may weigh at 1024 pixels: the photo sent for every move. */
#define MAX_BOARD_BYTES	60000

/* Reads a PNG held in memory, for cairo's stream loader. */
struct membuf {
	const unsigned char	*p;
	size_t			 len;
	size_t			 off;
};

/* Hand cairo the next bytes of the PNG. */
static cairo_status_t
mem_read(void *closure, unsigned char *data, unsigned int len)
{
	struct membuf	*m = closure;

	if (m->len - m->off < len)
		return (CAIRO_STATUS_READ_ERROR);
	memcpy(data, m->p + m->off, len);
	m->off += len;
	return (CAIRO_STATUS_SUCCESS);
}

/* Decode png and return its width (-1: not a PNG cairo can read). */
static int
png_width(const unsigned char *png, size_t len, int *height)
{
	struct membuf	 m = { png, len, 0 };
	cairo_surface_t	*sf;
	int		 w = -1;

	sf = cairo_image_surface_create_from_png_stream(mem_read, &m);
	if (cairo_surface_status(sf) == CAIRO_STATUS_SUCCESS) {
		w = cairo_image_surface_get_width(sf);
		*height = cairo_image_surface_get_height(sf);
	}
	cairo_surface_destroy(sf);
	return (w);
}

/* Render st with o and check that a readable PNG of size px came back. */
static void
render_ok(const struct tac_state *st, const struct picture_opts *o, int px)
{
	unsigned char	*png = NULL;
	size_t		 len = 0;
	int		 h = 0;

	ck_assert_int_eq(picture_render(st, o, &png, &len), 0);
	ck_assert_ptr_nonnull(png);
	ck_assert(len > 8);
	ck_assert(memcmp(png, "\x89PNG\r\n\x1a\n", 8) == 0);
	ck_assert_int_eq(png_width(png, len, &h), px);
	ck_assert_int_eq(h, px);
	free(png);
}

/*
 * Check that png is an 8-bit palette PNG (colour type 3): IHDR is the
 * first chunk, its bit depth at byte 24 and colour type at byte 25.
 */
static void
png_is_palette(const unsigned char *png, size_t len)
{
	ck_assert(len > 26);
	ck_assert(memcmp(png, "\x89PNG\r\n\x1a\n", 8) == 0);
	ck_assert(memcmp(png + 12, "IHDR", 4) == 0);
	ck_assert_int_eq(png[24], 8);
	ck_assert_int_eq(png[25], 3);
}

/* Free the font caches so that the leak checker sees only real leaks. */
static void
teardown(void)
{
	picture_exit();
}

START_TEST(test_default_size)
{
	struct tac_state	st;
	struct tac_config	cfg = { 4, 0, 1, TAC_NAMES_TAC, 0 };

	tac_init(&st, &cfg, 1);
	render_ok(&st, NULL, 1024);
}
END_TEST

START_TEST(test_size_option)
{
	struct tac_state	st;
	struct tac_config	cfg = { 6, 1, 1, TAC_NAMES_TAKER, 0 };
	struct picture_opts	o;

	tac_init(&st, &cfg, 2);
	memset(&o, 0, sizeof o);
	o.size = 300;
	o.lang = "ru";
	render_ok(&st, &o, 300);
}
END_TEST

START_TEST(test_refusals)
{
	struct tac_state	st;
	struct tac_config	cfg = { 4, 0, 1, TAC_NAMES_TAC, 0 };
	struct picture_opts	o;
	unsigned char		*png = (unsigned char *)"untouched";
	size_t			 len = 7;

	tac_init(&st, &cfg, 3);
	memset(&o, 0, sizeof o);
	o.size = 50;
	ck_assert_int_eq(picture_render(&st, &o, &png, &len), -1);
	o.size = 5000;
	ck_assert_int_eq(picture_render(&st, &o, &png, &len), -1);
	o.size = 0;
	st.cfg.nseats = 5;
	ck_assert_int_eq(picture_render(&st, &o, &png, &len), -1);
	st.cfg.nseats = 4;
	st.turn = 4;
	ck_assert_int_eq(picture_render(&st, &o, &png, &len), -1);
	ck_assert_str_eq((char *)png, "untouched");
	ck_assert_int_eq(len, 7);
}
END_TEST

START_TEST(test_every_phase)
{
	struct tac_state	st;
	struct tac_config	cfg = { 6, 0, 1, TAC_NAMES_TAC, 0 };
	struct picture_opts	o;
	int			ph, lang;

	tac_init(&st, &cfg, 4);
	memset(&o, 0, sizeof o);
	o.size = 200;
	o.names[1] = "A name far too long to fit in any label at all";
	o.names[2] = "";
	for (lang = 0; lang < 2; lang++) {
		o.lang = lang ? "ru" : "en";
		for (ph = TAC_PH_DEAL; ph <= TAC_PH_OVER; ph++) {
			st.phase = ph;
			st.victim = 2;
			st.winner = ph == TAC_PH_OVER ? 1 : TAC_NONE;
			render_ok(&st, &o, 200);
		}
		st.winner = TAC_NONE;
		render_ok(&st, &o, 200);
	}
}
END_TEST

/* Last actions that name places off the board draw nothing for them. */
START_TEST(test_garbled_last)
{
	struct tac_state	st;
	struct tac_config	cfg = { 4, 0, 1, TAC_NAMES_TAC, 0 };
	struct tac_board	before;
	struct tac_action	a;
	struct picture_opts	o;
	int			i;

	tac_init(&st, &cfg, 5);
	before = st.b;
	memset(&o, 0, sizeof o);
	o.size = 160;
	o.before = &before;
	o.last = &a;
	o.last_seat = 9;
	memset(&a, 0, sizeof a);
	a.op = TAC_OP_MOVE;
	a.card = TAC_C7;
	a.nseg = 200;
	for (i = 0; i < TAC_MAXSEG; i++) {
		a.seg[i].from = (uint8_t)(60 + i * 3);
		a.seg[i].to = i % 2 ? TAC_LOC_BASE : TAC_LOC_HOME(7, 2);
	}
	render_ok(&st, &o, 160);
	a.op = TAC_OP_SWAP;
	a.nseg = 1;
	a.seg[0].from = 3;
	a.seg[0].to = 250;
	render_ok(&st, &o, 160);
	a.op = 77;
	render_ok(&st, &o, 160);
}
END_TEST

/* A board at 1024 pixels is a palette PNG of at most 60 KB, 4 or 6 seats. */
START_TEST(test_palette_size)
{
	struct tac_state	st;
	struct tac_config	cfg = { 4, 0, 1, TAC_NAMES_TAC, 0 };
	unsigned char		*png;
	size_t			 len;
	int			 nseats, h;

	for (nseats = 4; nseats <= 6; nseats += 2) {
		cfg.nseats = nseats;
		tac_init(&st, &cfg, 7);
		png = NULL;
		ck_assert_int_eq(picture_render(&st, NULL, &png, &len), 0);
		png_is_palette(png, len);
		ck_assert_msg(len <= MAX_BOARD_BYTES,
		    "%d seats: %zu bytes", nseats, len);
		ck_assert_int_eq(png_width(png, len, &h), 1024);
		free(png);
	}
}
END_TEST

/*
 * Noise has far more colours than the encoder counts at full depth: it
 * counts them again with fewer bits, and each pixel still comes back
 * near what was drawn.
 */
START_TEST(test_many_colours)
{
	cairo_surface_t	*sf, *back;
	struct membuf	 m;
	unsigned char	*png = NULL, *data;
	const unsigned char *bdata;
	size_t		 len;
	uint32_t	 seed = 12345, px, bx;
	long		 sum = 0;
	int		 x, y, i, d, stride, bstride, worst = 0;

	sf = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 256, 256);
	data = cairo_image_surface_get_data(sf);
	stride = cairo_image_surface_get_stride(sf);
	for (y = 0; y < 256; y++) {
		for (x = 0; x < 256; x++) {
			seed = seed * 1103515245u + 12345u;
			px = seed >> 8;
			memcpy(data + (size_t)y * stride + x * 4, &px, 4);
		}
	}
	cairo_surface_mark_dirty(sf);
	ck_assert_int_eq(pic_png_encode(sf, &png, &len), 0);
	png_is_palette(png, len);

	m.p = png;
	m.len = len;
	m.off = 0;
	back = cairo_image_surface_create_from_png_stream(mem_read, &m);
	ck_assert_int_eq(cairo_surface_status(back), CAIRO_STATUS_SUCCESS);
	ck_assert_int_eq(cairo_image_surface_get_width(back), 256);
	bdata = cairo_image_surface_get_data(back);
	bstride = cairo_image_surface_get_stride(back);
	for (y = 0; y < 256; y++) {
		for (x = 0; x < 256; x++) {
			memcpy(&px, data + (size_t)y * stride + x * 4, 4);
			memcpy(&bx, bdata + (size_t)y * bstride + x * 4, 4);
			for (i = 0; i < 24; i += 8) {
				d = abs((int)((px >> i) & 0xff) -
				    (int)((bx >> i) & 0xff));
				sum += d;
				worst = d > worst ? d : worst;
			}
		}
	}
	/* 256 colours for a cube of noise: about 6 levels a channel (the
	 * mean error is 10 and the worst 44 today). */
	ck_assert_msg(sum / (256 * 256 * 3) <= 16, "mean error %ld",
	    sum / (256 * 256 * 3));
	ck_assert_msg(worst <= 64, "worst error %d", worst);
	cairo_surface_destroy(back);
	cairo_surface_destroy(sf);
	free(png);
}
END_TEST

/* Many renders, every buffer freed: the leak checker sees the rest. */
START_TEST(test_many)
{
	struct tac_state	st;
	struct tac_config	cfg = { 4, 0, 1, TAC_NAMES_TAC, 0 };
	int			i;

	tac_init(&st, &cfg, 6);
	for (i = 0; i < 20; i++)
		render_ok(&st, NULL, 1024);
}
END_TEST

/*
 * The layout the Mini App draws from: the PNG's places at a width of
 * 1000 (seat 0's start at the bottom, its home inward, its base
 * outward; the start field's number beside its base, off the way from
 * the base to the field, a field's number outside the field), its
 * colours, and nothing for a board it does not draw.
 */
START_TEST(test_layout)
{
	json_t	*l, *f0, *h, *b, *n;
	double	 cy, x;

	ck_assert_ptr_null(picture_layout(5));
	ck_assert_ptr_nonnull(l = picture_layout(4));
	ck_assert_int_eq(json_integer_value(json_object_get(l, "fields")), 64);
	ck_assert_int_eq(json_array_size(json_object_get(l, "field")), 64);
	cy = json_number_value(json_object_get(l, "cy"));
	f0 = json_array_get(json_object_get(l, "field"), 0);
	ck_assert(json_number_value(json_array_get(f0, 0)) == 500.0);
	ck_assert(json_number_value(json_array_get(f0, 1)) == 810.0);
	h = json_array_get(json_array_get(json_object_get(l, "home"), 0), 4);
	ck_assert(json_number_value(json_array_get(h, 1)) < 810.0);
	ck_assert(json_number_value(json_array_get(h, 1)) > cy);
	b = json_array_get(json_array_get(json_object_get(l, "base"), 0), 0);
	ck_assert(json_number_value(json_array_get(b, 1)) > 810.0);
	/* Field 0's number: left of its base, clear of an arrow's head. */
	n = json_array_get(json_object_get(l, "number_box"), 0);
	x = json_number_value(json_array_get(n, 0)) +
	    json_number_value(json_array_get(n, 2));
	ck_assert(x < 500.0 - 1000 * (PIC_HEAD_LEN * 0.55 + PIC_HEAD_RIM));
	ck_assert(json_number_value(json_array_get(n, 1)) > 810.0);
	/* Field 5's, below the circle, beyond its field. */
	n = json_array_get(json_object_get(l, "number"), 5);
	f0 = json_array_get(json_object_get(l, "field"), 5);
	ck_assert(json_number_value(json_array_get(n, 1)) >
	    json_number_value(json_array_get(f0, 1)));
	ck_assert_int_eq(json_integer_value(json_array_get(json_object_get(l,
	    "start"), 1)), 16);
	ck_assert_str_eq(json_string_value(json_object_get(json_array_get(
	    json_object_get(l, "seat"), 0), "marble")), "#d55e00");
	ck_assert_str_eq(json_string_value(json_object_get(json_object_get(l,
	    "colour"), "background")), "#faf6ed");
	json_decref(l);
	ck_assert_ptr_nonnull(l = picture_layout(6));
	ck_assert_int_eq(json_array_size(json_object_get(l, "field")), 66);
	ck_assert_int_eq(json_array_size(json_object_get(l, "seat")), 6);
	json_decref(l);
}
END_TEST

/* Run the suite. */
int
main(void)
{
	Suite	*s = suite_create("picture");
	TCase	*tc = tcase_create("render");
	SRunner	*sr;
	int	 failed;

	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_default_size);
	tcase_add_test(tc, test_size_option);
	tcase_add_test(tc, test_refusals);
	tcase_add_test(tc, test_every_phase);
	tcase_add_test(tc, test_garbled_last);
	tcase_add_test(tc, test_many);
	tcase_add_test(tc, test_palette_size);
	tcase_add_test(tc, test_many_colours);
	tcase_add_test(tc, test_layout);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return (failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE);
}
