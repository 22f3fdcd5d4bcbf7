/*
 * picture-line.c: polylines, the arrows' paths before they go to the
 * plan: adding points, trimming an end, a length, a loop, and whether a
 * segment meets a box.  Geometry only; what a path means is in
 * picture-path.c.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <math.h>
#include <string.h>

#include "picture-int.h"

/* Add a point to a polyline (quietly full: the arc steps keep it short). */
void
pic_line_add(struct pic_line *l, double x, double y)
{
	if (l->n == PIC_MAXPTS)
		return;
	l->x[l->n] = x;
	l->y[l->n] = y;
	l->n++;
}

/* Cut len off the start (end = 0) or the end (end = 1) of a polyline. */
void
pic_line_trim(struct pic_line *l, double len, int end)
{
	double	dx, dy, d, t;
	int	a, b;

	while (l->n >= 2 && len > 0) {
		a = end ? l->n - 1 : 0;
		b = end ? l->n - 2 : 1;
		dx = l->x[b] - l->x[a];
		dy = l->y[b] - l->y[a];
		d = sqrt(dx * dx + dy * dy);
		if (d > len) {
			t = len / d;
			l->x[a] += dx * t;
			l->y[a] += dy * t;
			return;
		}
		len -= d;
		if (end)
			l->n--;
		else {
			memmove(l->x, l->x + 1, (l->n - 1) * sizeof l->x[0]);
			memmove(l->y, l->y + 1, (l->n - 1) * sizeof l->y[0]);
			l->n--;
		}
	}
}

/* Does the segment (x0, y0)-(x1, y1) meet box b grown by m on each side? */
int
pic_seg_meets(double x0, double y0, double x1, double y1,
    const struct picture_box *b, double m)
{
	double	t0 = 0, t1 = 1, dx = x1 - x0, dy = y1 - y0, q[4], d[4], t;
	int	i;

	/* Liang-Barsky: clip the segment to the box. */
	d[0] = -dx;
	q[0] = x0 - (b->x - m);
	d[1] = dx;
	q[1] = b->x + b->w + m - x0;
	d[2] = -dy;
	q[2] = y0 - (b->y - m);
	d[3] = dy;
	q[3] = b->y + b->h + m - y0;
	for (i = 0; i < 4; i++) {
		if (d[i] == 0) {
			if (q[i] < 0)
				return (0);
			continue;
		}
		t = q[i] / d[i];
		if (d[i] < 0)
			t0 = fmax(t0, t);
		else
			t1 = fmin(t1, t);
		if (t0 > t1)
			return (0);
	}
	return (1);
}

/* The length of a polyline. */
double
pic_line_len(const struct pic_line *l)
{
	double	len = 0;
	int	i;

	for (i = 1; i < l->n; i++)
		len += hypot(l->x[i] - l->x[i - 1], l->y[i] - l->y[i - 1]);
	return (len);
}

/* The distance from (x, y) to the segment (x0, y0)-(x1, y1). */
double
pic_seg_dist(double x, double y, double x0, double y0, double x1, double y1)
{
	double	dx = x1 - x0, dy = y1 - y0, d = dx * dx + dy * dy, t;

	t = d > 0 ? ((x - x0) * dx + (y - y0) * dy) / d : 0;
	t = t < 0 ? 0 : t > 1 ? 1 : t;
	return (hypot(x0 + t * dx - x, y0 + t * dy - y));
}

/*
 * A loop from (x0, y0) to (x1, y1) reaching (hx, hy) toward one side:
 * a cubic curve whose handles also lean apart, so that between near
 * ends it is round rather than a narrow U.
 */
void
pic_line_loop(struct pic_line *l, double x0, double y0, double x1,
    double y1, double hx, double hy)
{
	double	d, ux, uy, e, ax, ay, bx, by, t, s;
	int	i;

	d = hypot(x1 - x0, y1 - y0);
	ux = (x1 - x0) / d;
	uy = (y1 - y0) / d;
	e = hypot(hx, hy) * 0.5;
	ax = x0 + hx - ux * e;
	ay = y0 + hy - uy * e;
	bx = x1 + hx + ux * e;
	by = y1 + hy + uy * e;
	for (i = 0; i <= 32; i++) {
		t = i / 32.0;
		s = 1 - t;
		pic_line_add(l, s * s * s * x0 + 3 * s * s * t * ax +
		    3 * s * t * t * bx + t * t * t * x1, s * s * s * y0 +
		    3 * s * s * t * ay + 3 * s * t * t * by + t * t * t * y1);
	}
}
