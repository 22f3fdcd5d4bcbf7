/*
 * picture-layer.c: what every board picture of a layout and size shares,
 * made once: the empty board (track, fields, homes, bases, numbers), its
 * palette, and its rows as palette indices.
 *
 * Most of a board is the same in every picture of a game, and drawing
 * and quantising it was most of a picture's cost.  A layer holds the
 * empty board drawn once and a surface that is that board between
 * pictures: a picture draws only what changes (marbles, arrows, labels,
 * the middle) onto it.  Each row is then compared with the empty board's:
 * an unchanged row, and the unchanged ends of a changed one, take the
 * indices worked out once; only the span between is mapped, and only
 * that span is copied back from the empty board afterwards.
 *
 * The palette is fixed per layer: libimagequant chooses its 192 colours
 * once from those of two sample pictures drawn on the empty board, one
 * with every seat's marbles, a 7's arrows, kicked marbles and the labels,
 * one with the numbered arrows of a turn's choices: the board's colours
 * and the antialiasing ramps between them.  A colour a sample did not
 * have gets its nearest entry, remembered in the layer's colour map.  So
 * a picture's bytes depend only on what it shows, not on what was drawn
 * before.
 *
 * A person's own picture shows the board turned to put their seat at
 * the bottom: the same fields, homes and bases, but other numbers and
 * colours on them.  So a layer also keeps, for each seat a picture was
 * drawn from, only what differs from seat 0's board: the spans of rows
 * where they differ (the ring of numbers, the seats' places), found by
 * drawing that seat's board once, when it is first needed, with both
 * boards' pixels and palette indices there.  Turning the layer writes
 * seat 0's back over the last seat's spans, then the new seat's over its
 * own (pic_layer_turn()).
 *
 * Nothing here depends on the language or the names: those are drawn
 * per picture.  The key is the number of seats (which fixes the fields)
 * and the size.  At most PIC_LAYERS layers, together at most
 * PIC_LAYER_PIXELS pixels, are kept, the least recently used one
 * dropped for a new one; about 10 bytes a pixel (10.5 MB at 1024), and
 * for each other seat drawn at the bottom 10 bytes a pixel of its spans
 * (about 0.3 MB at 1024).
 * Bigger pictures are drawn whole, with a palette of their own.  One
 * thread draws (the daemon has one): the layers are not locked.
 * picture_exit() frees them.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "picture-int.h"
#include "xmalloc.h"

#define PIC_LAYERS		4
#define PIC_LAYER_PIXELS	(4 * 1024 * 1024)
#define PIC_LAYER_MAXSIZE	2048
/*
 * The palette's colours.  Fewer distinct colours on the edges make a
 * smaller file: at 256 the 6-seat board in Georgian with six names was
 * 61.6 KB through libdeflate's level 1 (picture-png.c), at 224 59,993
 * bytes, at 192 58,333.  Against the boards of the golden cases drawn in
 * RGB at 1024, 192 colours leave no flat area more than 7 levels off (a
 * seat's home line, 70 pixels) and 0.05% of the pixels, all on
 * antialiased edges, more than 16 off (at most 32), where each picture's
 * own palette of 256 before left 0.01% (at most 27): nothing a person
 * can see, and within the golden images' tolerance (threshold 64).
 */
#define PIC_LAYER_COLOURS	192
/* The colour map: a power of two, kept at most half full. */
#define PIC_CMAP		65536
/* Two differing runs of a row closer than this are one span. */
#define PIC_SPAN_GAP		16

/* Part of a row, x0..x1. */
struct pic_span {
	int	y, x0, x1;
};

/*
 * Where the empty board turned to a seat differs from seat 0's, and both
 * boards there: pixels (4 bytes each) and palette indices.
 */
struct pic_turning {
	struct pic_span	*span;
	int		 nspan;
	size_t		 npx;
	unsigned char	*px, *ix;	/* the seat's */
	unsigned char	*px0, *ix0;	/* seat 0's */
};

/* The empty board of a layout and size, and a picture being drawn on it. */
struct pic_layer {
	int		 nseats;
	int		 nfields;
	int		 size;
	unsigned long	 used;		/* when last drawn on: the LRU order */
	cairo_surface_t	*base;		/* the empty board */
	cairo_surface_t	*work;		/* the empty board between pictures */
	unsigned char	*braw;		/* the empty board's PNG rows */
	unsigned char	*raw;		/* the picture's PNG rows */
	int		*x0, *x1;	/* the span of row y drawn over,
					   x0 > x1: none */
	int		 spans;		/* x0, x1 hold the last picture's */
	struct pic_palette pal;
	uint32_t	*ckey;		/* the colour map: 0xffRRGGBB, 0: empty */
	uint8_t		*cidx;		/* ... and its entry */
	uint32_t	 cn;
	int		 bottom;	/* the seat base, work and braw show at
					   the bottom */
	struct pic_turning *turn[TAC_MAXSEATS];	/* made when needed */
};

static struct pic_layer	*pic_layers[PIC_LAYERS];
static unsigned long	 pic_layer_clock;

/* Free a layer. */
static void
pic_layer_free(struct pic_layer *l)
{
	int	i;

	if (l == NULL)
		return;
	cairo_surface_destroy(l->base);
	cairo_surface_destroy(l->work);
	free(l->braw);
	free(l->raw);
	free(l->x0);
	free(l->x1);
	free(l->ckey);
	free(l->cidx);
	for (i = 0; i < TAC_MAXSEATS; i++) {
		if (l->turn[i] == NULL)
			continue;
		free(l->turn[i]->span);
		free(l->turn[i]->px);
		free(l->turn[i]->ix);
		free(l->turn[i]->px0);
		free(l->turn[i]->ix0);
		free(l->turn[i]);
	}
	free(l);
}

/* Remember that colour key (0xffRRGGBB) is entry idx of the palette. */
static void
pic_cmap_put(struct pic_layer *l, uint32_t key, uint8_t idx)
{
	uint32_t	i = (key * 2654435761u) & (PIC_CMAP - 1);

	/* Full: start again; the entries come back as they are met. */
	if (l->cn * 2 >= PIC_CMAP) {
		memset(l->ckey, 0, PIC_CMAP * sizeof *l->ckey);
		l->cn = 0;
	}
	while (l->ckey[i] != 0 && l->ckey[i] != key)
		i = (i + 1) & (PIC_CMAP - 1);
	if (l->ckey[i] == 0)
		l->cn++;
	l->ckey[i] = key;
	l->cidx[i] = idx;
}

/* The palette entry of colour key: the map's, or the nearest, then mapped. */
static uint8_t
pic_cmap_get(struct pic_layer *l, uint32_t key)
{
	uint32_t	i = (key * 2654435761u) & (PIC_CMAP - 1);
	uint8_t		idx;

	while (l->ckey[i] != 0) {
		if (l->ckey[i] == key)
			return (l->cidx[i]);
		i = (i + 1) & (PIC_CMAP - 1);
	}
	idx = (uint8_t)pic_palette_nearest(&l->pal, key);
	pic_cmap_put(l, key, idx);
	return (idx);
}

/* Pixels x0..x1 of a row as palette indices into out. */
static void
pic_layer_map(struct pic_layer *l, const unsigned char *row, int x0, int x1,
    unsigned char *out)
{
	uint32_t	px, prev = 0;
	uint8_t		idx = 0;
	int		x;

	for (x = x0; x <= x1; x++) {
		memcpy(&px, row + (size_t)x * 4, sizeof px);
		px |= 0xff000000u;
		if (px != prev) {
			idx = pic_cmap_get(l, px);
			prev = px;
		}
		out[x] = idx;
	}
}

/*
 * A sample position on the layer's board: every seat's marbles on its
 * start (fresh), on the circle, in its home and its base; with the last
 * action a 7 of three segments that kicked a marble of every seat
 * (options == 0), or
 * the turn's choices (options == 1): a step per seat, an enter, a move
 * into a home and a swap.
 */
static void
pic_layer_sample(const struct tac_state *like, int options,
    struct tac_state *st, struct tac_board *before, struct tac_action *a,
    struct picture_opts *o)
{
	int	s, f0, n = like->nfields, k = 0;

	*st = *like;
	memset(&st->b, 0, sizeof st->b);
	memset(st->b.field, -1, sizeof st->b.field);
	st->phase = TAC_PH_PLAY;
	st->turn = options;
	for (s = 0; s < st->cfg.nseats; s++) {
		f0 = tac_start(st, s);
		st->b.field[f0] = (int8_t)s;
		st->b.fresh |= 1 << s;
		st->b.field[(f0 + 5) % n] = (int8_t)s;
		st->b.home[s] = 0x5;
		st->b.base[s] = 2;
		st->nhand[s] = (uint8_t)(s + 1);
	}
	memset(o, 0, sizeof *o);
	memset(a, 0, PICTURE_MAXOPTS * sizeof *a);
	if (!options) {
		*before = st->b;
		for (s = 0; s < st->cfg.nseats; s++) {
			before->field[(tac_start(st, s) + 3) % n] = (int8_t)s;
			st->b.base[s]++;
		}
		a[0].op = TAC_OP_MOVE;
		a[0].card = TAC_C7;
		a[0].nseg = 3;
		a[0].seg[0].from = 5;
		a[0].seg[0].to = 12;
		a[0].seg[1].from = (uint8_t)(n - 3);
		a[0].seg[1].to = TAC_LOC_HOME(0, 2);
		a[0].seg[2].from = TAC_LOC_HOME(0, 1);
		a[0].seg[2].to = TAC_LOC_HOME(0, 4);
		o->last = a;
		o->last_seat = 0;
		o->before = before;
		return;
	}
	for (s = 0; s < st->cfg.nseats; s++) {
		f0 = tac_start(st, s);
		a[k].op = TAC_OP_MOVE;
		a[k].card = TAC_C4;
		a[k].nseg = 1;
		a[k].seg[0].from = (uint8_t)((f0 + 5) % n);
		a[k].seg[0].to = (uint8_t)((f0 + 9) % n);
		k++;
	}
	a[k].op = TAC_OP_MOVE;
	a[k].card = TAC_C13;
	a[k].nseg = 1;
	a[k].seg[0].from = TAC_LOC_BASE;
	a[k].seg[0].to = (uint8_t)tac_start(st, 1);
	k++;
	a[k].op = TAC_OP_MOVE;
	a[k].card = TAC_C3;
	a[k].nseg = 1;
	a[k].seg[0].from = (uint8_t)(tac_start(st, 1) - 2);
	a[k].seg[0].to = TAC_LOC_HOME(1, 1);
	k++;
	a[k].op = TAC_OP_SWAP;
	a[k].card = TAC_TR;
	a[k].nseg = 1;
	a[k].seg[0].from = 5;
	a[k].seg[0].to = (uint8_t)((tac_start(st, 2) + 5) % n);
	k++;
	o->opts = a;
	o->nopts = k;
}

/*
 * Draw the two sample pictures on the layer's surface and count their
 * colours; the surface is the empty board again after each.  0, or -1.
 */
static int
pic_layer_count(struct pic_layer *l, const struct tac_state *like,
    struct pic_quant *q)
{
	struct tac_state	 st;
	struct tac_board	 before;
	struct tac_action	 a[PICTURE_MAXOPTS];
	struct picture_opts	 o;
	struct pic		 p;
	struct picture_geom	*g;
	size_t			 bytes;
	int			 i, rv = 0;

	bytes = (size_t)cairo_image_surface_get_stride(l->work) * l->size;
	g = xmalloc(sizeof *g);
	for (i = 0; i < 2 && rv == 0; i++) {
		pic_layer_sample(like, i, &st, &before, a, &o);
		pic_setup(&p, &st, l->size, 0);
		p.cr = cairo_create(l->work);
		p.o = &o;
		p.lang = "en";
		p.g = g;
		pic_draw(&p);
		if (cairo_status(p.cr) != CAIRO_STATUS_SUCCESS)
			rv = -1;
		cairo_destroy(p.cr);
		cairo_surface_flush(l->work);
		if (rv == 0)
			rv = pic_quant_count(q,
			    cairo_image_surface_get_data(l->work),
			    cairo_image_surface_get_stride(l->work), l->size,
			    l->size);
		memcpy(cairo_image_surface_get_data(l->work),
		    cairo_image_surface_get_data(l->base), bytes);
		cairo_surface_mark_dirty(l->work);
	}
	free(g);
	return (rv);
}

/* Draw the empty board of st turned to seat bottom on sf. 0, or -1. */
static int
pic_layer_board(cairo_surface_t *sf, const struct tac_state *st, int size,
    int bottom)
{
	struct pic	p;
	int		ok;

	pic_setup(&p, st, size, bottom);
	p.cr = cairo_create(sf);
	pic_board(&p);
	ok = cairo_status(p.cr) == CAIRO_STATUS_SUCCESS;
	cairo_destroy(p.cr);
	cairo_surface_flush(sf);
	return (ok ? 0 : -1);
}

/*
 * Find the spans of the rows of t (a board as big as the layer's, with
 * the same stride) that differ from the layer's board, runs closer than
 * PIC_SPAN_GAP joined, into tn->span (counting them when it is NULL).
 */
static void
pic_turning_spans(const struct pic_layer *l, const unsigned char *t,
    struct pic_turning *tn)
{
	const unsigned char	*b = cairo_image_surface_get_data(l->base);
	size_t			 row;
	uint32_t		 pb, pt;
	int			 stride, x, y, x0, end, diff;

	stride = cairo_image_surface_get_stride(l->base);
	tn->nspan = 0;
	tn->npx = 0;
	for (y = 0; y < l->size; y++) {
		row = (size_t)y * stride;
		if (memcmp(b + row, t + row, (size_t)l->size * 4) == 0)
			continue;
		for (x = 0, x0 = -1, end = -1; x <= l->size; x++) {
			diff = 0;
			if (x < l->size) {
				memcpy(&pb, b + row + (size_t)x * 4, 4);
				memcpy(&pt, t + row + (size_t)x * 4, 4);
				diff = pb != pt;
			}
			if (diff && x0 < 0)
				x0 = x;
			if (diff)
				end = x;
			/* A run ends when the gap after it grows too long. */
			if (x0 >= 0 && (x == l->size ||
			    x - end > PIC_SPAN_GAP)) {
				if (tn->span != NULL) {
					tn->span[tn->nspan].y = y;
					tn->span[tn->nspan].x0 = x0;
					tn->span[tn->nspan].x1 = end;
				}
				tn->nspan++;
				tn->npx += end - x0 + 1;
				x0 = -1;
			}
		}
	}
}

/*
 * Make seat s's turning of the layer, whose boards show seat 0 at the
 * bottom now: draw its board (on the surface pictures are drawn on,
 * then made the empty board again, rather than on one more board),
 * find where it differs, keep both boards' pixels and indices there.
 * 0, or -1.
 */
static int
pic_turning_make(struct pic_layer *l, const struct tac_state *st, int s)
{
	struct pic_turning	*tn;
	cairo_surface_t		*sf = l->work;
	const unsigned char	*b, *t, *row;
	size_t			 at = 0;
	uint32_t		 px;
	int			 stride, i, x, len;

	b = cairo_image_surface_get_data(l->base);
	t = cairo_image_surface_get_data(sf);
	stride = cairo_image_surface_get_stride(sf);
	if (pic_layer_board(sf, st, l->size, s) != 0) {
		memcpy(cairo_image_surface_get_data(sf), b, (size_t)stride *
		    l->size);
		cairo_surface_mark_dirty(sf);
		return (-1);
	}
	tn = xcalloc(1, sizeof *tn);
	pic_turning_spans(l, t, tn);
	tn->span = xcalloc(tn->nspan + 1, sizeof *tn->span);
	pic_turning_spans(l, t, tn);
	tn->px = xmalloc(tn->npx * 4 + 1);
	tn->px0 = xmalloc(tn->npx * 4 + 1);
	tn->ix = xmalloc(tn->npx + 1);
	tn->ix0 = xmalloc(tn->npx + 1);
	for (i = 0; i < tn->nspan; i++) {
		len = tn->span[i].x1 - tn->span[i].x0 + 1;
		row = t + (size_t)tn->span[i].y * stride;
		memcpy(tn->px + at * 4, row + (size_t)tn->span[i].x0 * 4,
		    (size_t)len * 4);
		memcpy(tn->px0 + at * 4, b + (size_t)tn->span[i].y * stride +
		    (size_t)tn->span[i].x0 * 4, (size_t)len * 4);
		memcpy(tn->ix0 + at, l->braw + (size_t)tn->span[i].y *
		    (l->size + 1) + 1 + tn->span[i].x0, len);
		for (x = 0; x < len; x++) {
			memcpy(&px, tn->px + (at + x) * 4, 4);
			tn->ix[at + x] = pic_cmap_get(l, px | 0xff000000u);
		}
		at += len;
	}
	memcpy(cairo_image_surface_get_data(sf), b, (size_t)stride * l->size);
	cairo_surface_mark_dirty(sf);
	l->turn[s] = tn;
	return (0);
}

/* Write a turning's pixels and indices (seat 0's: zero = 1) over the layer. */
static void
pic_turning_put(struct pic_layer *l, const struct pic_turning *tn, int zero)
{
	unsigned char	*b, *w;
	size_t		 at = 0, off;
	int		 stride, i, len;

	b = cairo_image_surface_get_data(l->base);
	w = cairo_image_surface_get_data(l->work);
	stride = cairo_image_surface_get_stride(l->work);
	for (i = 0; i < tn->nspan; i++) {
		off = (size_t)tn->span[i].y * stride + (size_t)tn->span[i].x0 *
		    4;
		len = tn->span[i].x1 - tn->span[i].x0 + 1;
		memcpy(b + off, (zero ? tn->px0 : tn->px) + at * 4,
		    (size_t)len * 4);
		memcpy(w + off, (zero ? tn->px0 : tn->px) + at * 4,
		    (size_t)len * 4);
		memcpy(l->braw + (size_t)tn->span[i].y * (l->size + 1) + 1 +
		    tn->span[i].x0, (zero ? tn->ix0 : tn->ix) + at, len);
		at += len;
	}
	cairo_surface_mark_dirty(l->base);
	cairo_surface_mark_dirty(l->work);
}

/*
 * Turn the layer's empty board (and the surface pictures are drawn on,
 * which is that board between pictures) to seat bottom at the bottom:
 * back to seat 0's, then to the seat's, its turning made if need be.
 * 0, or -1 (the layer shows seat 0 then).
 */
static int
pic_layer_turn(struct pic_layer *l, const struct tac_state *st, int bottom)
{
	if (bottom == l->bottom)
		return (0);
	if (l->bottom != 0)
		pic_turning_put(l, l->turn[l->bottom], 1);
	l->bottom = 0;
	if (bottom <= 0 || bottom >= l->nseats)
		return (0);
	if (l->turn[bottom] == NULL && pic_turning_make(l, st, bottom) != 0)
		return (-1);
	pic_turning_put(l, l->turn[bottom], 0);
	l->bottom = bottom;
	return (0);
}

/*
 * Make the layer of st's layout at size: the empty board, the palette
 * from the samples, the board's rows as indices.  NULL on failure.
 */
static struct pic_layer *
pic_layer_new(const struct tac_state *st, int size)
{
	struct pic_layer	*l;
	struct pic_quant	 q;
	const unsigned char	*data;
	uint32_t		 i;
	int			 stride, y, ok;

	l = xcalloc(1, sizeof *l);
	l->nseats = st->cfg.nseats;
	l->nfields = st->nfields;
	l->size = size;
	l->base = cairo_image_surface_create(CAIRO_FORMAT_RGB24, size, size);
	l->work = cairo_image_surface_create(CAIRO_FORMAT_RGB24, size, size);
	if (cairo_surface_status(l->base) != CAIRO_STATUS_SUCCESS ||
	    cairo_surface_status(l->work) != CAIRO_STATUS_SUCCESS) {
		pic_layer_free(l);
		return (NULL);
	}
	ok = pic_layer_board(l->base, st, size, 0) == 0;
	data = cairo_image_surface_get_data(l->base);
	stride = cairo_image_surface_get_stride(l->base);
	memcpy(cairo_image_surface_get_data(l->work), data,
	    (size_t)stride * size);
	cairo_surface_mark_dirty(l->work);

	pic_quant_init(&q, 0xffffff);
	if (!ok || pic_layer_count(l, st, &q) != 0 ||
	    pic_quant_palette(&q, &l->pal, PIC_LAYER_COLOURS) != 0) {
		pic_quant_free(&q);
		pic_layer_free(l);
		return (NULL);
	}
	l->ckey = xcalloc(PIC_CMAP, sizeof *l->ckey);
	l->cidx = xcalloc(PIC_CMAP, sizeof *l->cidx);
	for (i = 0; i < q.nslot; i++)
		if (q.slot[i].key != 0)
			pic_cmap_put(l, q.slot[i].key,
			    (uint8_t)q.slot[i].index);
	pic_quant_free(&q);

	l->braw = xmalloc((size_t)size * (size + 1));
	l->raw = xmalloc((size_t)size * (size + 1));
	for (y = 0; y < size; y++) {
		l->braw[(size_t)y * (size + 1)] = 0;
		pic_layer_map(l, data + (size_t)y * stride, 0, size - 1,
		    l->braw + (size_t)y * (size + 1) + 1);
	}
	l->x0 = xcalloc(size, sizeof *l->x0);
	l->x1 = xcalloc(size, sizeof *l->x1);
	for (y = 0; y < size; y++) {
		l->x0[y] = size;
		l->x1[y] = -1;
	}
	return (l);
}

/*
 * The layer to draw a picture of st at size on, turned to seat bottom at
 * the bottom, made if need be (the least recently used dropped to make
 * room); NULL for a size that is not kept, or on failure: then the
 * picture is drawn whole.
 */
struct pic_layer *
pic_layer_get(const struct tac_state *st, int size, int bottom)
{
	struct pic_layer	*l;
	long			 pixels;
	int			 i, lru, n;

	if (size > PIC_LAYER_MAXSIZE)
		return (NULL);
	for (i = 0; i < PIC_LAYERS; i++) {
		l = pic_layers[i];
		if (l != NULL && l->size == size &&
		    l->nseats == st->cfg.nseats && l->nfields == st->nfields) {
			l->used = ++pic_layer_clock;
			return (pic_layer_turn(l, st, bottom) == 0 ? l : NULL);
		}
	}
	for (;;) {
		pixels = (long)size * size;
		lru = -1;
		for (i = n = 0; i < PIC_LAYERS; i++) {
			if ((l = pic_layers[i]) == NULL)
				continue;
			n++;
			pixels += (long)l->size * l->size;
			if (lru < 0 || l->used < pic_layers[lru]->used)
				lru = i;
		}
		if (n < PIC_LAYERS && pixels <= PIC_LAYER_PIXELS)
			break;
		pic_layer_free(pic_layers[lru]);
		pic_layers[lru] = NULL;
	}
	if ((l = pic_layer_new(st, size)) == NULL)
		return (NULL);
	for (i = 0; pic_layers[i] != NULL; i++)
		;
	pic_layers[i] = l;
	l->used = ++pic_layer_clock;
	return (pic_layer_turn(l, st, bottom) == 0 ? l : NULL);
}

/* The surface a picture is drawn on: the empty board. */
cairo_surface_t *
pic_layer_surface(struct pic_layer *l)
{
	return (l->work);
}

/* Pixel x of a row. */
static inline uint32_t
pic_layer_px(const unsigned char *row, int x)
{
	uint32_t	px;

	memcpy(&px, row + (size_t)x * 4, sizeof px);
	return (px);
}

/*
 * Find the span of each row that differs from the empty board, then
 * write the picture as a PNG with the layer's palette: unchanged pixels
 * take the board's indices.  0, or -1 with nothing allocated.
 */
int
pic_layer_encode(struct pic_layer *l, unsigned char **png, size_t *len)
{
	const unsigned char	*b, *w, *brow, *wrow;
	size_t			 rowlen = (size_t)l->size * 4;
	int			 stride, y, x0, x1;

	b = cairo_image_surface_get_data(l->base);
	w = cairo_image_surface_get_data(l->work);
	stride = cairo_image_surface_get_stride(l->work);
	memcpy(l->raw, l->braw, (size_t)l->size * (l->size + 1));
	l->spans = 1;
	for (y = 0; y < l->size; y++) {
		brow = b + (size_t)y * stride;
		wrow = w + (size_t)y * stride;
		if (memcmp(brow, wrow, rowlen) == 0)
			continue;
		for (x0 = 0; pic_layer_px(brow, x0) == pic_layer_px(wrow, x0);
		    x0++)
			;
		for (x1 = l->size - 1; pic_layer_px(brow, x1) ==
		    pic_layer_px(wrow, x1); x1--)
			;
		l->x0[y] = x0;
		l->x1[y] = x1;
		pic_layer_map(l, wrow, x0, x1,
		    l->raw + (size_t)y * (l->size + 1) + 1);
	}
	return (pic_png_write(l->raw, l->size, l->size, &l->pal, 1, png, len));
}

/* Make the layer's surface the empty board again after a picture. */
void
pic_layer_clean(struct pic_layer *l)
{
	const unsigned char	*b;
	unsigned char		*w;
	size_t			 off;
	int			 stride, y;

	b = cairo_image_surface_get_data(l->base);
	w = cairo_image_surface_get_data(l->work);
	stride = cairo_image_surface_get_stride(l->work);
	for (y = 0; y < l->size; y++) {
		/* A picture that was not encoded: the whole row. */
		if (!l->spans) {
			off = (size_t)y * stride;
			memcpy(w + off, b + off, (size_t)l->size * 4);
			continue;
		}
		if (l->x0[y] > l->x1[y])
			continue;
		off = (size_t)y * stride + (size_t)l->x0[y] * 4;
		memcpy(w + off, b + off, (size_t)(l->x1[y] - l->x0[y] + 1) * 4);
		l->x0[y] = l->size;
		l->x1[y] = -1;
	}
	l->spans = 0;
	cairo_surface_mark_dirty(l->work);
}

/* How many layers are kept, and their pixels into *pixels (the tests). */
int
pic_layer_kept(long *pixels)
{
	int	i, n = 0;

	*pixels = 0;
	for (i = 0; i < PIC_LAYERS; i++) {
		if (pic_layers[i] == NULL)
			continue;
		n++;
		*pixels += (long)pic_layers[i]->size * pic_layers[i]->size;
	}
	return (n);
}

/* Free every layer (picture_exit()). */
void
pic_layer_exit(void)
{
	int	i;

	for (i = 0; i < PIC_LAYERS; i++) {
		pic_layer_free(pic_layers[i]);
		pic_layers[i] = NULL;
	}
}
