/*
 * zone.h: a person's own clock.  Times are unix seconds everywhere; a
 * zone (a name of the C library's tz database, "Europe/Moscow") only
 * turns one into the reader's wall clock, and says when their night
 * ends.  Quiet hours are minutes of the day, start and end ("23:00" to
 * "08:00" is 1380 and 480); a span that ends before it starts runs
 * over midnight, an empty one (start == end) is none.
 */
#ifndef ZONE_H
#define ZONE_H

#include <stdint.h>
#include <time.h>

#define ZONE_MAX	48	/* bytes of a zone's name, with its NUL */
#define ZONE_QUIET_START (23 * 60)	/* the quiet hours until set */
#define ZONE_QUIET_END	(8 * 60)

/* zone.c */
int		 zone_valid(const char *);
const char	*zone_of_lang(const char *);
int		 zone_local(const char *, int64_t, struct tm *);
int		 zone_quiet(const char *, int, int, int64_t);
int64_t		 zone_quiet_end(const char *, int, int, int64_t);
int64_t		 zone_awake(const char *, int, int, int64_t, int64_t);
int64_t		 zone_due(const char *, int, int, int64_t, int64_t);
int		 zone_hhmm(const char *);
int64_t		 zone_midnight(const char *, int, int, int);

#endif /* ZONE_H */
