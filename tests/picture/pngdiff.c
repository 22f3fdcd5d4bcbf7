/*
 * pngdiff.c: compare two PNGs with a tolerance, for the board picture's
 * golden images.
 *
 * Another cairo, pixman or FreeType draws the same picture with slightly
 * different antialiasing, so a byte comparison would fail for nothing.
 * A pixel counts as different only when no pixel of the other image
 * within one pixel of it is within the threshold (per channel); this is
 * checked both ways, so something drawn in either image only is found,
 * while an edge moved by one pixel is not.  The images differ when more
 * pixels than the budget (-b) do: by default none may, since every
 * golden image matches with no pixel over the threshold (64); -b lets
 * a run with another cairo or FreeType see how far it is off.
 *
 * usage: pngdiff [-t THRESHOLD] [-b PIXELS] [-d DIFF.png] A.png B.png
 * Exit 0: the same within the tolerance; 1: different; 2: an error.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cairo.h>

/* One loaded image, as cairo keeps it (native-endian 32-bit pixels). */
struct image {
	cairo_surface_t	*sf;
	const uint8_t	*data;
	int		 w, h, stride, alpha;
};

/* Load a PNG through cairo's loader; exit 2 if it cannot be read. */
static void
image_load(const char *path, struct image *im)
{
	cairo_format_t	fmt;

	im->sf = cairo_image_surface_create_from_png(path);
	if (cairo_surface_status(im->sf) != CAIRO_STATUS_SUCCESS) {
		fprintf(stderr, "pngdiff: %s: %s\n", path,
		    cairo_status_to_string(cairo_surface_status(im->sf)));
		exit(2);
	}
	cairo_surface_flush(im->sf);
	fmt = cairo_image_surface_get_format(im->sf);
	if (fmt != CAIRO_FORMAT_RGB24 && fmt != CAIRO_FORMAT_ARGB32) {
		fprintf(stderr, "pngdiff: %s: not an RGB image\n", path);
		exit(2);
	}
	im->alpha = fmt == CAIRO_FORMAT_ARGB32;
	im->data = cairo_image_surface_get_data(im->sf);
	im->w = cairo_image_surface_get_width(im->sf);
	im->h = cairo_image_surface_get_height(im->sf);
	im->stride = cairo_image_surface_get_stride(im->sf);
}

/* The pixel at (x, y) as 0xAARRGGBB; opaque when the image has no alpha. */
static uint32_t
image_pixel(const struct image *im, int x, int y)
{
	uint32_t	px;

	memcpy(&px, im->data + (size_t)y * im->stride + (size_t)x * 4,
	    sizeof px);
	return (im->alpha ? px : (px | 0xff000000u));
}

/* The largest difference of one channel between two pixels. */
static int
pixel_diff(uint32_t a, uint32_t b)
{
	int	i, d, max = 0;

	for (i = 0; i < 32; i += 8) {
		d = (int)((a >> i) & 0xff) - (int)((b >> i) & 0xff);
		if (d < 0)
			d = -d;
		if (d > max)
			max = d;
	}
	return (max);
}

/* Has pixel (x, y) of a a match in b within one pixel and the threshold? */
static int
pixel_matched(const struct image *a, const struct image *b, int x, int y,
    int threshold)
{
	uint32_t	px = image_pixel(a, x, y);
	int		dx, dy, nx, ny;

	for (dy = -1; dy <= 1; dy++) {
		for (dx = -1; dx <= 1; dx++) {
			nx = x + dx;
			ny = y + dy;
			if (nx < 0 || ny < 0 || nx >= b->w || ny >= b->h)
				continue;
			if (pixel_diff(px, image_pixel(b, nx, ny)) <= threshold)
				return (1);
		}
	}
	return (0);
}

/* Print the usage line and exit 2. */
static void
usage(void)
{
	fprintf(stderr, "usage: pngdiff [-t THRESHOLD] [-b PIXELS] "
	    "[-d DIFF.png] A.png B.png\n");
	exit(2);
}

/* Compare the two images named on the command line. */
int
main(int argc, char **argv)
{
	struct image	 a, b;
	cairo_surface_t	*diff = NULL;
	uint8_t		*dd = NULL;
	uint32_t	 red = 0xffff0000u, px;
	const char	*diffpath = NULL;
	long		 bad = 0, budget = 0;
	int		 ch, x, y, threshold = 64, dstride = 0;
	int		 x0, y0, x1, y1;

	while ((ch = getopt(argc, argv, "t:b:d:")) != -1) {
		switch (ch) {
		case 't':
			threshold = atoi(optarg);
			break;
		case 'b':
			budget = atol(optarg);
			break;
		case 'd':
			diffpath = optarg;
			break;
		default:
			usage();
		}
	}
	if (argc - optind != 2 || threshold < 0 || budget < 0)
		usage();
	image_load(argv[optind], &a);
	image_load(argv[optind + 1], &b);
	if (a.w != b.w || a.h != b.h) {
		printf("pngdiff: sizes differ: %dx%d and %dx%d\n", a.w, a.h,
		    b.w, b.h);
		return (1);
	}
	if (diffpath != NULL) {
		diff = cairo_image_surface_create(CAIRO_FORMAT_RGB24, a.w, a.h);
		dd = cairo_image_surface_get_data(diff);
		dstride = cairo_image_surface_get_stride(diff);
	}

	x0 = a.w;
	y0 = a.h;
	x1 = y1 = -1;
	for (y = 0; y < a.h; y++) {
		for (x = 0; x < a.w; x++) {
			px = image_pixel(&a, x, y);
			if (pixel_matched(&a, &b, x, y, threshold) &&
			    pixel_matched(&b, &a, x, y, threshold)) {
				/* The diff image: the picture, faded. */
				px = 0xff000000u | (((px >> 17) & 0x7f7f7f) +
				    0x808080);
			} else {
				bad++;
				px = red;
				x0 = x < x0 ? x : x0;
				y0 = y < y0 ? y : y0;
				x1 = x > x1 ? x : x1;
				y1 = y > y1 ? y : y1;
			}
			if (dd != NULL)
				memcpy(dd + (size_t)y * dstride + (size_t)x * 4,
				    &px, sizeof px);
		}
	}
	if (diff != NULL) {
		cairo_surface_mark_dirty(diff);
		if (cairo_surface_write_to_png(diff, diffpath) !=
		    CAIRO_STATUS_SUCCESS)
			fprintf(stderr, "pngdiff: %s: cannot write\n",
			    diffpath);
		cairo_surface_destroy(diff);
	}
	if (bad > 0)
		printf("pngdiff: %ld of %ld pixels differ (budget %ld, "
		    "threshold %d), in x %d..%d, y %d..%d\n", bad,
		    (long)a.w * a.h, budget, threshold, x0, x1, y0, y1);
	else
		printf("pngdiff: the same within threshold %d\n", threshold);
	cairo_surface_destroy(a.sf);
	cairo_surface_destroy(b.sf);
	return (bad > budget ? 1 : 0);
}
