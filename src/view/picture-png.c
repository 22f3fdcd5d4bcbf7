/*
 * picture-png.c: the drawn board as PNG bytes, through libpng directly.
 *
 * cairo's own PNG writer uses libpng's defaults: every row tries all five
 * filters and zlib works at level 6, which costs four times as long as
 * drawing the board.  A board is mostly flat colour, so one filter (Up,
 * which suits rows that repeat the row above) and a fast zlib level give
 * a file of about the same size in a fraction of the time.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <png.h>
#include <zlib.h>

#include "picture-int.h"
#include "xmalloc.h"

/* A growing buffer for the encoder's output. */
struct pic_buf {
	unsigned char	*data;
	size_t		 len;
	size_t		 cap;
};

/* Append what libpng writes to the buffer. */
static void
pic_png_write(png_structp png, png_bytep data, png_size_t len)
{
	struct pic_buf	*b = png_get_io_ptr(png);
	size_t		 cap;

	if (b->len + len > b->cap) {
		cap = b->cap == 0 ? 65536 : b->cap;
		while (cap < b->len + len)
			cap *= 2;
		b->data = xrealloc(b->data, cap);
		b->cap = cap;
	}
	memcpy(b->data + b->len, data, len);
	b->len += len;
}

/* Nothing to flush: the buffer is memory. */
static void
pic_png_flush(png_structp png)
{
	(void)png;
}

/*
 * Encode an RGB24 image surface as an 8-bit RGB PNG into a malloc'd
 * buffer; 0, or -1 with nothing allocated.
 */
int
pic_png_encode(cairo_surface_t *sf, unsigned char **out, size_t *len)
{
	png_structp		 png;
	png_infop		 info = NULL;
	struct pic_buf		 b = { NULL, 0, 0 };
	const unsigned char	*data;
	const uint32_t		 one = 1;
	int			 w, h, stride, y, little;

	cairo_surface_flush(sf);
	data = cairo_image_surface_get_data(sf);
	w = cairo_image_surface_get_width(sf);
	h = cairo_image_surface_get_height(sf);
	stride = cairo_image_surface_get_stride(sf);
	if (data == NULL ||
	    cairo_image_surface_get_format(sf) != CAIRO_FORMAT_RGB24)
		return (-1);

	png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
	if (png == NULL)
		return (-1);
	if ((info = png_create_info_struct(png)) == NULL ||
	    setjmp(png_jmpbuf(png)) != 0) {
		png_destroy_write_struct(&png, &info);
		free(b.data);
		return (-1);
	}
	png_set_write_fn(png, &b, pic_png_write, pic_png_flush);
	png_set_IHDR(png, info, w, h, 8, PNG_COLOR_TYPE_RGB,
	    PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
	    PNG_FILTER_TYPE_DEFAULT);
	png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_UP);
	png_set_compression_level(png, 1);
	png_set_compression_strategy(png, Z_RLE);
	png_write_info(png, info);

	/*
	 * cairo keeps a pixel as a native-endian 32-bit xRGB word: bytes
	 * B G R x on little-endian machines, x R G B on big-endian ones.
	 */
	little = *(const unsigned char *)&one == 1;
	if (little) {
		png_set_bgr(png);
		png_set_filler(png, 0, PNG_FILLER_AFTER);
	} else
		png_set_filler(png, 0, PNG_FILLER_BEFORE);
	for (y = 0; y < h; y++)
		png_write_row(png,
		    (png_const_bytep)(data + (size_t)y * stride));
	png_write_end(png, NULL);
	png_destroy_write_struct(&png, &info);

	*out = b.data;
	*len = b.len;
	return (0);
}
