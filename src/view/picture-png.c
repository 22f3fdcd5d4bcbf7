/*
 * picture-png.c: the drawn board as an 8-bit palette PNG: libimagequant
 * chooses the palette, libpng writes the file.
 *
 * Boards are sent as photos, so the bytes are what a move costs on the
 * network.  A board is a few dozen flat colours with antialiased edges
 * and text: about 5,000 distinct colours at 1024 pixels, which 256 keep
 * to the eye, and a palette PNG holds a byte a pixel where RGB holds
 * three.  The file is under a third of the RGB one (about 50 KB, not
 * 175 KB).
 *
 * libimagequant's own path (liq_image_quantize, liq_write_remapped_image)
 * converts every pixel to floats and searches the palette for each one:
 * at 1024 pixels 15 times the instructions of drawing the board, and
 * seven times those of this encoder.  Here the pixels are counted into
 * a table of their distinct colours first (a board's flat areas are long
 * runs of one colour), libimagequant quantises that histogram, each
 * distinct colour gets its nearest palette entry once, and the rows are
 * mapped through the table while libpng writes them.  Nothing is
 * dithered: a flat area stays one colour (within one level of what was
 * drawn), which is also what compresses best; dithering made the file
 * up to four times larger.
 *
 * Settings, as measured on the bench board (make bench-picture):
 * speed 10 (lower speeds gave the same size and no visible change, and
 * below 8 start an OpenMP thread); quality 0-100 with 256 colours (a
 * lower maximum merged the pale base colours of two seats); no filter
 * (the others made larger files at every level) and zlib level 6.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <limits.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <libimagequant.h>
#include <png.h>
#include <zlib.h>

#include "picture-int.h"
#include "xmalloc.h"

/* libimagequant's settings: see the top of the file. */
#define PIC_LIQ_SPEED	10
#define PIC_LIQ_QMIN	0
#define PIC_LIQ_QMAX	100
/*
 * zlib's level for the palette image: at 4 a 6-seat board with long
 * names is just over 60 KB; 6 keeps it at 58.5 KB for about 1.5 ms more
 * than 4 (the encoding alone, on a busy machine), and 9 takes 60 ms.
 */
#define PIC_ZLEVEL	6

/*
 * At most this many distinct colours go to libimagequant (it sizes its
 * own table from their square, an int); an image with more is counted
 * again with fewer bits a channel.
 */
#define PIC_MAXCOLOURS	32768

/* One distinct colour of the drawn image. */
struct pic_colour {
	uint32_t	key;	/* 0xffRRGGBB after the mask; 0: empty */
	uint32_t	count;	/* pixels of this colour */
	int		index;	/* its palette entry */
};

/* One encoding: the drawn pixels, their colours, the palette. */
struct pic_quant {
	const unsigned char	*data;	/* cairo's native-endian xRGB words */
	int			 stride, w, h;
	uint32_t		 keymask;	/* the colour bits that count */
	struct pic_colour	*slot;	/* open addressing, linear probing */
	uint32_t		 nslot;	/* a power of two */
	uint32_t		 ncolours;
	png_color		 pal[256];
	int			 npal;
};

/* A growing buffer for the encoder's output. */
struct pic_buf {
	unsigned char	*data;
	size_t		 len;
	size_t		 cap;
};

/* The key of the pixel at x of a row: its colour under mask, never 0. */
static inline uint32_t
pic_quant_key(const unsigned char *row, int x, uint32_t mask)
{
	uint32_t	px;

	memcpy(&px, row + (size_t)x * 4, sizeof px);
	return ((px & mask) | 0xff000000u);
}

/* The slot that holds key, or the empty one where it would go. */
static struct pic_colour *
pic_quant_slot(const struct pic_quant *q, uint32_t key)
{
	uint32_t	i = (key * 2654435761u) & (q->nslot - 1);

	while (q->slot[i].key != 0 && q->slot[i].key != key)
		i = (i + 1) & (q->nslot - 1);
	return (&q->slot[i]);
}

/* Double the table, keeping it at most half full. */
static void
pic_quant_grow(struct pic_quant *q)
{
	struct pic_colour	*old = q->slot;
	uint32_t		 i, n = q->nslot;

	q->nslot = n * 2;
	q->slot = xcalloc(q->nslot, sizeof *q->slot);
	for (i = 0; i < n; i++)
		if (old[i].key != 0)
			*pic_quant_slot(q, old[i].key) = old[i];
	free(old);
}

/* Count n pixels of colour key; -1 when the table is full. */
static int
pic_quant_add(struct pic_quant *q, uint32_t key, uint32_t n)
{
	struct pic_colour	*c = pic_quant_slot(q, key);

	if (c->key == 0) {
		if (q->ncolours == PIC_MAXCOLOURS)
			return (-1);
		c->key = key;
		if (++q->ncolours * 2 > q->nslot) {
			pic_quant_grow(q);
			c = pic_quant_slot(q, key);
		}
	}
	c->count += n;
	return (0);
}

/*
 * Count the image's colours under the mask, a run of one colour at a
 * time; -1 (the table freed) when there are more than PIC_MAXCOLOURS.
 */
static int
pic_quant_count(struct pic_quant *q, uint32_t keymask)
{
	const unsigned char	*row;
	uint32_t		 key, prev = 0, run = 0;
	int			 x, y;

	q->keymask = keymask;
	q->nslot = 8192;
	q->ncolours = 0;
	q->slot = xcalloc(q->nslot, sizeof *q->slot);
	for (y = 0; y < q->h; y++) {
		row = q->data + (size_t)y * q->stride;
		for (x = 0; x < q->w; x++) {
			key = pic_quant_key(row, x, keymask);
			if (key == prev) {
				run++;
				continue;
			}
			if (run > 0 && pic_quant_add(q, prev, run) != 0)
				goto full;
			prev = key;
			run = 1;
		}
	}
	if (run > 0 && pic_quant_add(q, prev, run) != 0)
		goto full;
	return (0);
full:
	free(q->slot);
	q->slot = NULL;
	return (-1);
}

/* Sort the palette's indices by red, for pic_quant_nearest. */
static void
pic_quant_order(const struct pic_quant *q, uint8_t *order)
{
	int	i, j;
	uint8_t	k;

	for (i = 0; i < q->npal; i++) {
		k = (uint8_t)i;
		for (j = i; j > 0 && q->pal[order[j - 1]].red > q->pal[k].red;
		    j--)
			order[j] = order[j - 1];
		order[j] = k;
	}
}

/* The squared distance of a palette entry to r, g, b. */
static inline int
pic_quant_dist(const png_color *c, int r, int g, int b)
{
	return ((c->red - r) * (c->red - r) + (c->green - g) * (c->green - g) +
	    (c->blue - b) * (c->blue - b));
}

/*
 * The palette entry nearest to key: from the entries of the closest red
 * outwards, stopping each way where red alone is farther than the best.
 */
static int
pic_quant_nearest(const struct pic_quant *q, const uint8_t *order,
    uint32_t key)
{
	const png_color	*c;
	int		 r = (key >> 16) & 0xff, g = (key >> 8) & 0xff;
	int		 b = key & 0xff, lo = 0, hi = q->npal, mid;
	int		 best = order[0], bestd = INT_MAX, d;

	while (lo < hi) {
		mid = (lo + hi) / 2;
		if (q->pal[order[mid]].red < r)
			lo = mid + 1;
		else
			hi = mid;
	}
	hi = lo;
	lo--;
	while (lo >= 0 || hi < q->npal) {
		if (hi < q->npal) {
			c = &q->pal[order[hi]];
			if ((c->red - r) * (c->red - r) >= bestd)
				hi = q->npal;
			else {
				if ((d = pic_quant_dist(c, r, g, b)) < bestd) {
					bestd = d;
					best = order[hi];
				}
				hi++;
			}
		}
		if (lo >= 0) {
			c = &q->pal[order[lo]];
			if ((c->red - r) * (c->red - r) >= bestd)
				lo = -1;
			else {
				if ((d = pic_quant_dist(c, r, g, b)) < bestd) {
					bestd = d;
					best = order[lo];
				}
				lo--;
			}
		}
	}
	return (best);
}

/*
 * Let libimagequant choose the palette for the counted colours, then
 * give each colour its entry; 0, or -1.  Every libimagequant object is
 * freed here.
 */
static int
pic_quant_palette(struct pic_quant *q)
{
	liq_attr		*attr;
	liq_histogram		*hist = NULL;
	liq_result		*res = NULL;
	liq_histogram_entry	*e;
	const liq_palette	*lp;
	uint8_t			 order[256];
	uint32_t		 i, n = 0;
	int			 rv = -1;

	if ((attr = liq_attr_create()) == NULL)
		return (-1);
	e = xcalloc(q->ncolours, sizeof *e);
	for (i = 0; i < q->nslot; i++) {
		if (q->slot[i].key == 0)
			continue;
		e[n].color.r = (q->slot[i].key >> 16) & 0xff;
		e[n].color.g = (q->slot[i].key >> 8) & 0xff;
		e[n].color.b = q->slot[i].key & 0xff;
		e[n].color.a = 0xff;
		e[n].count = q->slot[i].count;
		n++;
	}
	if (liq_set_speed(attr, PIC_LIQ_SPEED) != LIQ_OK ||
	    liq_set_quality(attr, PIC_LIQ_QMIN, PIC_LIQ_QMAX) != LIQ_OK ||
	    (hist = liq_histogram_create(attr)) == NULL ||
	    liq_histogram_add_colors(hist, attr, e, (int)n, 0) != LIQ_OK ||
	    liq_histogram_quantize(hist, attr, &res) != LIQ_OK)
		goto out;
	lp = liq_get_palette(res);
	if (lp->count == 0 || lp->count > 256)
		goto out;
	for (i = 0; i < lp->count; i++) {
		q->pal[i].red = lp->entries[i].r;
		q->pal[i].green = lp->entries[i].g;
		q->pal[i].blue = lp->entries[i].b;
	}
	q->npal = (int)lp->count;

	pic_quant_order(q, order);
	for (i = 0; i < q->nslot; i++)
		if (q->slot[i].key != 0)
			q->slot[i].index = pic_quant_nearest(q, order,
			    q->slot[i].key);
	rv = 0;
out:
	if (res != NULL)
		liq_result_destroy(res);
	if (hist != NULL)
		liq_histogram_destroy(hist);
	liq_attr_destroy(attr);
	free(e);
	return (rv);
}

/* Row y of the image as palette indices into out (w bytes). */
static void
pic_quant_row(const struct pic_quant *q, int y, unsigned char *out)
{
	const unsigned char	*row = q->data + (size_t)y * q->stride;
	uint32_t		 key, prev = 0, mask = q->keymask;
	int			 x, idx = 0;

	for (x = 0; x < q->w; x++) {
		key = pic_quant_key(row, x, mask);
		if (key != prev) {
			idx = pic_quant_slot(q, key)->index;
			prev = key;
		}
		out[x] = (unsigned char)idx;
	}
}

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
 * Write the quantised image as an 8-bit palette PNG into a malloc'd
 * buffer; 0, or -1 with nothing allocated.
 */
static int
pic_png_write_palette(const struct pic_quant *q, unsigned char **out,
    size_t *len)
{
	png_structp	 png;
	png_infop	 info = NULL;
	struct pic_buf	 b = { NULL, 0, 0 };
	unsigned char	*row;
	int		 y;

	png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
	if (png == NULL)
		return (-1);
	row = xmalloc((size_t)q->w);
	if ((info = png_create_info_struct(png)) == NULL ||
	    setjmp(png_jmpbuf(png)) != 0) {
		png_destroy_write_struct(&png, &info);
		free(row);
		free(b.data);
		return (-1);
	}
	png_set_write_fn(png, &b, pic_png_write, pic_png_flush);
	png_set_IHDR(png, info, q->w, q->h, 8, PNG_COLOR_TYPE_PALETTE,
	    PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
	    PNG_FILTER_TYPE_DEFAULT);
	png_set_PLTE(png, info, q->pal, q->npal);
	png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
	png_set_compression_level(png, PIC_ZLEVEL);
	png_write_info(png, info);
	for (y = 0; y < q->h; y++) {
		pic_quant_row(q, y, row);
		png_write_row(png, row);
	}
	png_write_end(png, NULL);
	png_destroy_write_struct(&png, &info);
	free(row);

	*out = b.data;
	*len = b.len;
	return (0);
}

/*
 * Encode an RGB24 image surface as an 8-bit palette PNG into a malloc'd
 * buffer; 0, or -1 with nothing allocated.
 */
int
pic_png_encode(cairo_surface_t *sf, unsigned char **out, size_t *len)
{
	/* Fewer bits a channel until the colours fit: 4 bits always do. */
	static const uint32_t	 masks[] = { 0xffffff, 0xfefefe, 0xfcfcfc,
	    0xf8f8f8, 0xf0f0f0 };
	struct pic_quant	 q;
	size_t			 i;
	int			 rv = -1;

	cairo_surface_flush(sf);
	memset(&q, 0, sizeof q);
	q.data = cairo_image_surface_get_data(sf);
	q.stride = cairo_image_surface_get_stride(sf);
	q.w = cairo_image_surface_get_width(sf);
	q.h = cairo_image_surface_get_height(sf);
	if (q.data == NULL || q.w <= 0 || q.h <= 0 ||
	    cairo_image_surface_get_format(sf) != CAIRO_FORMAT_RGB24)
		return (-1);
	for (i = 0; i < sizeof masks / sizeof masks[0]; i++)
		if (pic_quant_count(&q, masks[i]) == 0)
			break;
	if (q.slot == NULL)
		return (-1);
	if (pic_quant_palette(&q) == 0)
		rv = pic_png_write_palette(&q, out, len);
	free(q.slot);
	return (rv);
}
