/*
 * check_layer.c: the empty boards kept between pictures
 * (src/view/picture-layer.c): a picture's bytes do not depend on what
 * was drawn before it (other boards, names, languages, sizes, seats at
 * the bottom, a layer dropped and made again), a layer turned to any
 * seat is that seat's empty board to the pixel, and the layers kept
 * stay within their bounds however many layouts and sizes are drawn.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdlib.h>
#include <string.h>

#include <check.h>

#include "picture-int.h"

/* A drawn PNG. */
struct drawn {
	unsigned char	*png;
	size_t		 len;
};

/* Draw st with o. */
static struct drawn
draw(const struct tac_state *st, const struct picture_opts *o)
{
	struct drawn	d = { NULL, 0 };

	ck_assert_int_eq(picture_render(st, o, &d.png, &d.len), 0);
	return (d);
}

/* Are two drawings the same bytes? */
static int
same(const struct drawn *a, const struct drawn *b)
{
	return (a->len == b->len && memcmp(a->png, b->png, a->len) == 0);
}

/* A 4-seat position with marbles out, and its last move. */
static void
position(struct tac_state *st, int nseats, struct tac_board *before,
    struct tac_action *a, struct picture_opts *o)
{
	struct tac_config	cfg = { 4, 0, 1, TAC_NAMES_TAC, 0 };

	cfg.nseats = (uint8_t)nseats;
	tac_init(st, &cfg, 11);
	st->phase = TAC_PH_PLAY;
	st->b.base[0] -= 2;
	st->b.field[5] = 0;
	st->b.field[20] = 0;
	st->b.base[1] -= 1;
	st->b.field[tac_start(st, 1)] = 1;
	st->b.fresh |= 2;
	*before = st->b;
	st->b.field[5] = -1;
	st->b.field[12] = 0;
	memset(a, 0, sizeof *a);
	a->op = TAC_OP_MOVE;
	a->card = TAC_C7;
	a->nseg = 1;
	a->seg[0].from = 5;
	a->seg[0].to = 12;
	memset(o, 0, sizeof *o);
	o->last = a;
	o->last_seat = 0;
	o->before = before;
}

/* Free what the pictures keep. */
static void
teardown(void)
{
	picture_exit();
}

/*
 * The same board drawn again after others (6 seats, another size and
 * language, other names, the choices' arrows) is the same bytes; with
 * other names or another language it is not.
 */
START_TEST(test_history)
{
	struct tac_state	st, st6;
	struct tac_board	b, b6;
	struct tac_action	a, a6;
	struct picture_opts	o, o6;
	struct drawn		first, again, other, d;

	position(&st, 4, &b, &a, &o);
	position(&st6, 6, &b6, &a6, &o6);
	o.names[0] = "Anna";
	first = draw(&st, &o);

	o6.lang = "ru";
	o6.names[2] = "Борис";
	d = draw(&st6, &o6);
	free(d.png);
	o6.size = 700;
	d = draw(&st6, &o6);
	free(d.png);
	o.opts = &a;
	o.nopts = 1;
	d = draw(&st, &o);
	free(d.png);
	o.opts = NULL;
	o.nopts = 0;

	o.names[0] = "Anne";
	other = draw(&st, &o);
	ck_assert(!same(&first, &other));
	free(other.png);
	o.names[0] = "Anna";
	o.lang = "de";
	other = draw(&st, &o);
	ck_assert(!same(&first, &other));
	free(other.png);
	o.lang = NULL;

	again = draw(&st, &o);
	ck_assert(same(&first, &again));
	free(again.png);

	/* Dropped and made again, the layer draws the same picture. */
	pic_layer_exit();
	again = draw(&st, &o);
	ck_assert(same(&first, &again));
	free(again.png);
	free(first.png);
}
END_TEST

/*
 * Many layouts and sizes: never more than four layers, nor more pixels
 * than four at 1024; a board whose layer was dropped comes out the same.
 */
START_TEST(test_bounded)
{
	struct tac_state	st[2];
	struct tac_board	b[2];
	struct tac_action	a[2];
	struct picture_opts	o[2];
	struct drawn		first, again, d;
	long			pixels, after;
	int			size, i, n;

	position(&st[0], 4, &b[0], &a[0], &o[0]);
	position(&st[1], 6, &b[1], &a[1], &o[1]);
	o[0].size = 256;
	first = draw(&st[0], &o[0]);
	for (size = 300; size <= 2048; size += 349) {
		for (i = 0; i < 2; i++) {
			o[i].size = size;
			d = draw(&st[i], &o[i]);
			free(d.png);
			n = pic_layer_kept(&pixels);
			ck_assert_int_ge(n, 1);
			ck_assert_int_le(n, 4);
			ck_assert_int_le(pixels, 4L * 1024 * 1024);
		}
	}
	/* Too big to keep: drawn whole, nothing more kept. */
	(void)pic_layer_kept(&pixels);
	o[0].size = 2500;
	d = draw(&st[0], &o[0]);
	free(d.png);
	n = pic_layer_kept(&after);
	ck_assert_int_le(n, 4);
	ck_assert_int_eq(after, pixels);

	o[0].size = 256;
	again = draw(&st[0], &o[0]);
	ck_assert(same(&first, &again));
	free(again.png);
	free(first.png);
}
END_TEST

/*
 * A layer turned to each seat, in any order, holds exactly the empty
 * board drawn whole from that seat; and it is that board again after a
 * picture drawn on it.
 */
START_TEST(test_turned_board)
{
	static const int	 order[] = { 2, 0, 3, 1, 5, 4, 1, 0 };
	struct tac_config	 cfg = { 4, 0, 1, TAC_NAMES_TAC, 0 };
	struct tac_state	 st;
	struct pic_layer	*l;
	struct pic		 p;
	struct picture_opts	 o;
	struct drawn		 d;
	cairo_surface_t		*whole, *work;
	size_t			 bytes;
	int			 n, i, b, size = 300;

	for (n = 4; n <= 6; n += 2) {
		cfg.nseats = (uint8_t)n;
		tac_init(&st, &cfg, 5);
		memset(&o, 0, sizeof o);
		o.size = size;
		for (i = 0; i < 8; i++) {
			b = order[i] % n;
			ck_assert_ptr_nonnull(l = pic_layer_get(&st, size, b));
			work = pic_layer_surface(l);
			whole = cairo_image_surface_create(CAIRO_FORMAT_RGB24,
			    size, size);
			pic_setup(&p, &st, size, b);
			p.cr = cairo_create(whole);
			pic_board(&p);
			cairo_destroy(p.cr);
			cairo_surface_flush(whole);
			cairo_surface_flush(work);
			bytes = (size_t)cairo_image_surface_get_stride(whole) *
			    size;
			ck_assert_msg(memcmp(cairo_image_surface_get_data(whole),
			    cairo_image_surface_get_data(work), bytes) == 0,
			    "%d seats, seat %d at the bottom: not its board",
			    n, b);
			cairo_surface_destroy(whole);
			/* A picture from another seat turns it on. */
			o.bottom = (b + 1) % n;
			d = draw(&st, &o);
			free(d.png);
		}
	}
}
END_TEST

/*
 * A picture drawn from a seat is the same bytes whatever was drawn
 * before it (from other seats, of the other layout, the layer made
 * again), and not the picture from another seat.
 */
START_TEST(test_turned_history)
{
	struct tac_state	st, st6;
	struct tac_board	b, b6;
	struct tac_action	a, a6;
	struct picture_opts	o, o6;
	struct drawn		first, again, other, d;
	int			s;

	position(&st, 4, &b, &a, &o);
	position(&st6, 6, &b6, &a6, &o6);
	o.bottom = 2;
	first = draw(&st, &o);
	for (s = 0; s < 6; s++) {
		o6.bottom = s;
		d = draw(&st6, &o6);
		free(d.png);
		o.bottom = s % 4;
		d = draw(&st, &o);
		if (s % 4 != 2) {
			ck_assert(!same(&first, &d));
		}
		free(d.png);
	}
	o.bottom = 2;
	again = draw(&st, &o);
	ck_assert(same(&first, &again));
	free(again.png);
	pic_layer_exit();
	o.bottom = 1;
	other = draw(&st, &o);
	free(other.png);
	o.bottom = 2;
	again = draw(&st, &o);
	ck_assert(same(&first, &again));
	free(again.png);
	free(first.png);
}
END_TEST

/* The suite. */
int
main(void)
{
	Suite	*s = suite_create("layer");
	TCase	*tc = tcase_create("core");
	SRunner	*sr;
	int	 failed;

	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_history);
	tcase_add_test(tc, test_bounded);
	tcase_add_test(tc, test_turned_board);
	tcase_add_test(tc, test_turned_history);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return (failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE);
}
