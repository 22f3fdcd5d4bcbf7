/*
 * chart.h: small charts drawn with cairo, for people who would rather
 * look at their statistics than read a table: a group's wins per player
 * (bars, the games played behind them) and a player's rating over time
 * (a line, the starting rating dashed).
 */
#ifndef CHART_H
#define CHART_H

#include <stddef.h>

#include "utf8.h"

#define CHART_MAX	64	/* bars or points */

enum chart_kind {
	CHART_BARS,		/* value of total per label */
	CHART_LINE		/* value per point, in order */
};

struct chart {
	int		 kind;		/* enum chart_kind */
	char		 title[160];	/* drawn at the top, UTF-8 */
	char		 note[160];	/* under the title: what is shown */
	int		 n;
	char		 label[CHART_MAX][UTF8_NAMEMAX];	/* bars */
	double		 value[CHART_MAX];
	double		 total[CHART_MAX];	/* bars: drawn behind value */
	double		 base;		/* a line: drawn dashed (0: none) */
};

/*
 * chart_render: draw a chart as a PNG into a malloc'd buffer (*png,
 * *len), width px (0: 800); 0, or -1 on failure (nothing allocated).
 */
int	chart_render(const struct chart *, int, unsigned char **, size_t *);

#endif /* CHART_H */
