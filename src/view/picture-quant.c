/*
 * picture-quant.c: the colours of drawn pictures brought down to a
 * palette of at most 256: counted into a table of distinct colours,
 * libimagequant chooses the palette from that histogram, and each
 * distinct colour gets its nearest entry once.
 *
 * A board is a few dozen flat colours with antialiased edges and text:
 * about 5,000 distinct colours at 1024 pixels, which 256 keep to the
 * eye.  libimagequant's own whole-image path converts every pixel to
 * floats and searches the palette for each one; counting first (a
 * board's flat areas are long runs of one colour) does the work once a
 * colour.  Nothing is dithered: a flat area stays one colour (within one
 * level of what was drawn), which is also what compresses best.
 *
 * Settings, measured on the bench board (README, "Board pictures"):
 * speed 10 (lower speeds gave the same size and no visible change, and
 * below 8 start an OpenMP thread); quality 0-100 (a lower maximum
 * merged the pale base colours of two seats).
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <libimagequant.h>

#include "picture-int.h"
#include "xmalloc.h"

/* libimagequant's settings: see the top of the file. */
#define PIC_LIQ_SPEED	10
#define PIC_LIQ_QMIN	0
#define PIC_LIQ_QMAX	100

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

/* An empty table of colours that counts under keymask. */
void
pic_quant_init(struct pic_quant *q, uint32_t keymask)
{
	memset(q, 0, sizeof *q);
	q->keymask = keymask;
	q->nslot = 8192;
	q->slot = xcalloc(q->nslot, sizeof *q->slot);
}

/* Free the table. */
void
pic_quant_free(struct pic_quant *q)
{
	free(q->slot);
	q->slot = NULL;
}

/*
 * Count the colours of an image of cairo's native-endian xRGB words, a
 * run of one colour at a time; -1 when there are more than
 * PIC_MAXCOLOURS (what was counted stays).
 */
int
pic_quant_count(struct pic_quant *q, const unsigned char *data, int stride,
    int w, int h)
{
	const unsigned char	*row;
	uint32_t		 key, prev = 0, run = 0;
	int			 x, y;

	for (y = 0; y < h; y++) {
		row = data + (size_t)y * stride;
		for (x = 0; x < w; x++) {
			key = pic_quant_key(row, x, q->keymask);
			if (key == prev) {
				run++;
				continue;
			}
			if (run > 0 && pic_quant_add(q, prev, run) != 0)
				return (-1);
			prev = key;
			run = 1;
		}
	}
	if (run > 0 && pic_quant_add(q, prev, run) != 0)
		return (-1);
	return (0);
}

/* Sort the palette's indices by red, for pic_palette_nearest(). */
void
pic_palette_sort(struct pic_palette *pal)
{
	int	i, j;
	uint8_t	k;

	for (i = 0; i < pal->n; i++) {
		k = (uint8_t)i;
		for (j = i; j > 0 &&
		    pal->rgb[pal->order[j - 1]][0] > pal->rgb[k][0]; j--)
			pal->order[j] = pal->order[j - 1];
		pal->order[j] = k;
	}
}

/* The squared distance of a palette entry to r, g, b. */
static inline int
pic_palette_dist(const uint8_t *c, int r, int g, int b)
{
	return ((c[0] - r) * (c[0] - r) + (c[1] - g) * (c[1] - g) +
	    (c[2] - b) * (c[2] - b));
}

/*
 * The palette entry nearest to the colour 0x..RRGGBB: from the entries
 * of the closest red outwards, stopping each way where red alone is
 * farther than the best.
 */
int
pic_palette_nearest(const struct pic_palette *pal, uint32_t key)
{
	const uint8_t	*c;
	int		 r = (key >> 16) & 0xff, g = (key >> 8) & 0xff;
	int		 b = key & 0xff, lo = 0, hi = pal->n, mid;
	int		 best = pal->order[0], bestd = INT_MAX, d;

	while (lo < hi) {
		mid = (lo + hi) / 2;
		if (pal->rgb[pal->order[mid]][0] < r)
			lo = mid + 1;
		else
			hi = mid;
	}
	hi = lo;
	lo--;
	while (lo >= 0 || hi < pal->n) {
		if (hi < pal->n) {
			c = pal->rgb[pal->order[hi]];
			if ((c[0] - r) * (c[0] - r) >= bestd)
				hi = pal->n;
			else {
				if ((d = pic_palette_dist(c, r, g, b)) < bestd) {
					bestd = d;
					best = pal->order[hi];
				}
				hi++;
			}
		}
		if (lo >= 0) {
			c = pal->rgb[pal->order[lo]];
			if ((c[0] - r) * (c[0] - r) >= bestd)
				lo = -1;
			else {
				if ((d = pic_palette_dist(c, r, g, b)) < bestd) {
					bestd = d;
					best = pal->order[lo];
				}
				lo--;
			}
		}
	}
	return (best);
}

/*
 * Let libimagequant choose a palette of at most max colours for the
 * counted ones, then give each counted colour its nearest entry; 0, or
 * -1.  Every libimagequant object is freed here.
 */
int
pic_quant_palette(struct pic_quant *q, struct pic_palette *pal, int max)
{
	liq_attr		*attr;
	liq_histogram		*hist = NULL;
	liq_result		*res = NULL;
	liq_histogram_entry	*e;
	const liq_palette	*lp;
	uint32_t		 i, n = 0;
	int			 rv = -1;

	if (q->ncolours == 0 || (attr = liq_attr_create()) == NULL)
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
	    liq_set_max_colors(attr, max) != LIQ_OK ||
	    (hist = liq_histogram_create(attr)) == NULL ||
	    liq_histogram_add_colors(hist, attr, e, (int)n, 0) != LIQ_OK ||
	    liq_histogram_quantize(hist, attr, &res) != LIQ_OK)
		goto out;
	lp = liq_get_palette(res);
	if (lp->count == 0 || lp->count > 256)
		goto out;
	for (i = 0; i < lp->count; i++) {
		pal->rgb[i][0] = lp->entries[i].r;
		pal->rgb[i][1] = lp->entries[i].g;
		pal->rgb[i][2] = lp->entries[i].b;
	}
	pal->n = (int)lp->count;
	pic_palette_sort(pal);
	for (i = 0; i < q->nslot; i++)
		if (q->slot[i].key != 0)
			q->slot[i].index = pic_palette_nearest(pal,
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

/*
 * Row y of an image as palette indices into out (w bytes), each pixel
 * through its counted colour's entry.
 */
void
pic_quant_row(const struct pic_quant *q, const unsigned char *row, int w,
    unsigned char *out)
{
	uint32_t	key, prev = 0, mask = q->keymask;
	int		x, idx = 0;

	for (x = 0; x < w; x++) {
		key = pic_quant_key(row, x, mask);
		if (key != prev) {
			idx = pic_quant_slot(q, key)->index;
			prev = key;
		}
		out[x] = (unsigned char)idx;
	}
}
