/*
 * chart.h: small charts drawn with cairo, for people who would rather
 * look at their statistics than read a table: a group's wins per player
 * (bars, the games played behind them) and a player's rating over time
 * (a line, the starting rating dashed); at a game's end, each team's
 * marbles at home over the rounds (a line per team in its seats' colours,
 * all home dashed, a legend with the members' names).
 */
#ifndef CHART_H
#define CHART_H

#include <stddef.h>

#include "tac.h"
#include "utf8.h"

#define CHART_MAX	64	/* bars or points */
#define CHART_TEAMS_MAX	3	/* lines of a per-team chart: its teams */
#define CHART_MEMBERS	3	/* seats of a team */

enum chart_kind {
	CHART_BARS,		/* value of total per label */
	CHART_LINE,		/* value per point, in order */
	CHART_TEAMS		/* a team's value per point, a line each */
};

/* One team of a CHART_TEAMS chart: its seats (their colours), its line. */
struct chart_team {
	int		 n;		/* members */
	int		 seat[CHART_MEMBERS];
	char		 name[CHART_MEMBERS][UTF8_NAMEMAX];
	double		 value[CHART_MAX];
};

struct chart {
	int		 kind;		/* enum chart_kind */
	char		 title[160];	/* drawn at the top, UTF-8 */
	char		 note[160];	/* under the title: what is shown */
	int		 n;
	char		 label[CHART_MAX][UTF8_NAMEMAX];	/* bars */
	double		 value[CHART_MAX];
	double		 total[CHART_MAX];	/* bars: drawn behind value */
	double		 base;		/* a line: drawn dashed (0: none);
					   teams: the top, all marbles home */
	/* CHART_TEAMS (chart-teams.c) */
	char		 lang[8];	/* the colours' letters */
	char		 axis[64];	/* what x counts: "round" */
	double		 x[CHART_MAX];	/* each point's place on x */
	int		 nteams;
	struct chart_team team[CHART_TEAMS_MAX];
};

/* Who sat where in a game, for chart_homes(). */
struct chart_seats {
	int		 nseats;
	int		 team[TAC_MAXSEATS];
	const char	*name[TAC_MAXSEATS];	/* display names */
};

/*
 * chart_render: draw a chart as a PNG into a malloc'd buffer (*png,
 * *len), width px (0: 800); 0, or -1 on failure (nothing allocated).
 */
int	chart_render(const struct chart *, int, unsigned char **, size_t *);

/*
 * chart_homes (chart-teams.c): the chart of each team's marbles at home
 * after each round of game (0: no number), in lang's words; 0, or -1
 * when there is no round to show.
 */
int	chart_homes(struct chart *, const char *, int64_t,
	    const struct chart_seats *, const struct tac_homes *);

#endif /* CHART_H */
