/*
 * picture-png.c: a picture as an 8-bit palette PNG.
 *
 * Boards are sent as photos, so the bytes are what a move costs on the
 * network: a palette PNG holds a byte a pixel where RGB holds three, and
 * its file is under a third of the RGB one (about 50 KB, not 175 KB).
 * The chunks are written here (signature, IHDR, PLTE, one IDAT, IEND);
 * libdeflate compresses the pixels, in one call.  No row is filtered: on
 * palette indices every filter made larger files.
 *
 * Measured on the bench board and on a 6-seat board in Georgian with six
 * names, the largest tried (doc/performance.md, "Board pictures"), with
 * a layer's palette of 256 colours: zlib 6 takes 68 M instructions (the
 * 6-seat board 60,376 bytes); zlib 1-3 and Z_RLE make boards of 66-72 KB
 * for 44-46 M; zlib 4 61.9 KB for 58 M; the Up filter or the usual
 * per-row choice 63-88 KB at any level; libdeflate 5 keeps the 6-seat
 * board at 59,059 bytes but costs 34 M, and libdeflate 1-4 make it 61.3
 * to 61.6 KB.  With the layers' palette cut to 192 colours (see
 * picture-layer.c) libdeflate 1 makes that board 58,333 bytes for 16 M.
 * A chart, with a palette of its own, is mostly flat and small: at
 * libdeflate 6 it is 14,292 bytes (zlib 6: 14,588; libdeflate 1: 15,131)
 * and still cheaper than before.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <libdeflate.h>

#include "picture-int.h"
#include "xmalloc.h"

/* libdeflate's levels: see the top of the file. */
#define PIC_ZLEVEL_LAYER	1	/* a board on its layer's palette */
#define PIC_ZLEVEL_OWN		6	/* a picture with a palette of its own */

/* The bytes of a PNG around its compressed data, with room to spare. */
#define PIC_PNG_FRAME	(8 + 25 + 12 + 768 + 12 + 12)

/* Put v into p as four bytes, most significant first. */
static void
pic_png_be32(unsigned char *p, uint32_t v)
{
	p[0] = (unsigned char)(v >> 24);
	p[1] = (unsigned char)(v >> 16);
	p[2] = (unsigned char)(v >> 8);
	p[3] = (unsigned char)v;
}

/*
 * Finish the chunk whose length and type start at p (its n data bytes
 * already after them): the length and the CRC; the bytes after it.
 */
static unsigned char *
pic_png_chunk(unsigned char *p, size_t n)
{
	pic_png_be32(p, (uint32_t)n);
	pic_png_be32(p + 8 + n, libdeflate_crc32(0, p + 4, n + 4));
	return (p + 12 + n);
}

/* Compress n bytes of in into a malloc'd zlib stream; 0, or -1. */
static int
pic_png_deflate(const unsigned char *in, size_t n, int level,
    unsigned char **z, size_t *zlen)
{
	struct libdeflate_compressor	*c;
	size_t				 room;

	if ((c = libdeflate_alloc_compressor(level)) == NULL)
		return (-1);
	room = libdeflate_zlib_compress_bound(c, n);
	*z = xmalloc(room);
	*zlen = libdeflate_zlib_compress(c, in, n, *z, room);
	libdeflate_free_compressor(c);
	if (*zlen == 0) {
		free(*z);
		return (-1);
	}
	return (0);
}

/*
 * Write the image raw (h rows of a filter byte 0 and w palette indices)
 * with palette pal as a PNG into a malloc'd buffer: a board on its
 * layer's palette (layer != 0) compressed fast, another picture harder.
 * 0, or -1 with nothing allocated.
 */
int
pic_png_write(const unsigned char *raw, int w, int h,
    const struct pic_palette *pal, int layer, unsigned char **out,
    size_t *len)
{
	unsigned char	*buf, *p, *z;
	size_t		 zlen;
	int		 i;

	if (w <= 0 || h <= 0 || pal->n < 1 || pal->n > 256)
		return (-1);
	if (pic_png_deflate(raw, (size_t)h * (w + 1), layer ?
	    PIC_ZLEVEL_LAYER : PIC_ZLEVEL_OWN, &z, &zlen) != 0)
		return (-1);
	p = buf = xmalloc(PIC_PNG_FRAME + zlen);
	memcpy(p, "\x89PNG\r\n\x1a\n", 8);
	p += 8;

	memcpy(p + 4, "IHDR", 4);
	pic_png_be32(p + 8, (uint32_t)w);
	pic_png_be32(p + 12, (uint32_t)h);
	/* 8 bits, palette, deflate, adaptive filters, not interlaced. */
	memcpy(p + 16, "\x08\x03\x00\x00\x00", 5);
	p = pic_png_chunk(p, 13);

	memcpy(p + 4, "PLTE", 4);
	for (i = 0; i < pal->n; i++)
		memcpy(p + 8 + 3 * i, pal->rgb[i], 3);
	p = pic_png_chunk(p, 3 * (size_t)pal->n);

	memcpy(p + 4, "IDAT", 4);
	memcpy(p + 8, z, zlen);
	free(z);
	p = pic_png_chunk(p, zlen);

	memcpy(p + 4, "IEND", 4);
	p = pic_png_chunk(p, 0);

	*out = buf;
	*len = (size_t)(p - buf);
	return (0);
}

/*
 * Encode an RGB24 image surface as an 8-bit palette PNG into a malloc'd
 * buffer, with a palette of its own; 0, or -1 with nothing allocated.
 */
int
pic_png_encode(cairo_surface_t *sf, unsigned char **out, size_t *len)
{
	/* Fewer bits a channel until the colours fit: 4 bits always do. */
	static const uint32_t	 masks[] = { 0xffffff, 0xfefefe, 0xfcfcfc,
	    0xf8f8f8, 0xf0f0f0 };
	const unsigned char	*data;
	struct pic_quant	 q;
	struct pic_palette	 pal;
	unsigned char		*raw;
	size_t			 i;
	int			 stride, w, h, y, rv = -1;

	cairo_surface_flush(sf);
	data = cairo_image_surface_get_data(sf);
	stride = cairo_image_surface_get_stride(sf);
	w = cairo_image_surface_get_width(sf);
	h = cairo_image_surface_get_height(sf);
	if (data == NULL || w <= 0 || h <= 0 ||
	    cairo_image_surface_get_format(sf) != CAIRO_FORMAT_RGB24)
		return (-1);
	for (i = 0; i < sizeof masks / sizeof masks[0]; i++) {
		pic_quant_init(&q, masks[i]);
		if (pic_quant_count(&q, data, stride, w, h) == 0)
			break;
		pic_quant_free(&q);
	}
	if (q.slot == NULL)
		return (-1);
	memset(&pal, 0, sizeof pal);
	if (pic_quant_palette(&q, &pal, 256) == 0) {
		raw = xmalloc((size_t)h * (w + 1));
		for (y = 0; y < h; y++) {
			raw[(size_t)y * (w + 1)] = 0;
			pic_quant_row(&q, data + (size_t)y * stride, w,
			    raw + (size_t)y * (w + 1) + 1);
		}
		rv = pic_png_write(raw, w, h, &pal, 0, out, len);
		free(raw);
	}
	pic_quant_free(&q);
	return (rv);
}
