/*
 * zone.c: wall clocks of the tz database (zone.h).  The C library reads
 * a zone's rules from its file when TZ names it; tacd is one thread, so
 * TZ is set for one conversion and put back at once.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <sys/stat.h>

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "zone.h"

/* The zone each language's people most likely live in, until they say. */
static const struct {
	const char	*lang;
	const char	*zone;
} zone_langs[] = {
	{ "ru", "Europe/Moscow" },
	{ "de", "Europe/Berlin" },
	{ "ka", "Asia/Tbilisi" },
};

/*
 * Is name a zone of the tz database: a plain relative path of letters,
 * digits, "_", "+", "-" and "/" naming a tz file ("TZif") under TZDIR
 * (or /usr/share/zoneinfo)?  A name the library does not know would be
 * read silently as UTC, so none is taken on trust.
 */
int
zone_valid(const char *name)
{
	const char	*p, *dir;
	char		 path[256], magic[4];
	struct stat	 sb;
	int		 fd, ok;

	if (name == NULL || name[0] == '\0' || name[0] == '/' ||
	    strlen(name) >= ZONE_MAX || strstr(name, "..") != NULL)
		return (0);
	for (p = name; *p != '\0'; p++)
		if (!((*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z') ||
		    (*p >= '0' && *p <= '9') || *p == '_' || *p == '+' ||
		    *p == '-' || *p == '/'))
			return (0);
	if ((dir = getenv("TZDIR")) == NULL || dir[0] == '\0')
		dir = "/usr/share/zoneinfo";
	if ((size_t)snprintf(path, sizeof path, "%s/%s", dir, name) >=
	    sizeof path)
		return (0);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) == -1)
		return (0);
	ok = fstat(fd, &sb) == 0 && S_ISREG(sb.st_mode) &&
	    read(fd, magic, sizeof magic) == (ssize_t)sizeof magic &&
	    memcmp(magic, "TZif", 4) == 0;
	close(fd);
	return (ok);
}

/*
 * The zone a person of language lang is given until they choose one;
 * NULL when the language says nothing of where they live (English):
 * their times are then told relative only, and their nights are not
 * guessed.
 */
const char *
zone_of_lang(const char *lang)
{
	size_t	i;

	if (lang == NULL)
		return (NULL);
	for (i = 0; i < sizeof zone_langs / sizeof zone_langs[0]; i++)
		if (strcmp(zone_langs[i].lang, lang) == 0)
			return (zone_langs[i].zone);
	return (NULL);
}

/*
 * Unix time t on the wall clock of zone (NULL or "": UTC) into tm: 0, or
 * -1 when it cannot be said.
 */
int
zone_local(const char *zone, int64_t t, struct tm *tm)
{
	char		*old = NULL, spec[ZONE_MAX + 2];
	const char	*cur;
	time_t		 tt = (time_t)t;
	int		 rc;

	if (zone == NULL || zone[0] == '\0')
		return (gmtime_r(&tt, tm) != NULL ? 0 : -1);
	snprintf(spec, sizeof spec, ":%s", zone);
	if ((cur = getenv("TZ")) != NULL && (old = strdup(cur)) == NULL)
		return (-1);
	setenv("TZ", spec, 1);
	tzset();
	rc = localtime_r(&tt, tm) != NULL ? 0 : -1;
	if (old != NULL)
		setenv("TZ", old, 1);
	else
		unsetenv("TZ");
	tzset();
	free(old);
	return (rc);
}

/* The minute of the day of tm. */
static int
zone_minute(const struct tm *tm)
{
	return (tm->tm_hour * 60 + tm->tm_min);
}

/* Is minute m of a day inside the quiet hours from start to end? */
static int
zone_inside(int start, int end, int m)
{
	if (start == end)
		return (0);
	if (start < end)
		return (m >= start && m < end);
	return (m >= start || m < end);
}

/*
 * Is unix time t inside the quiet hours (start, end: minutes of the day)
 * of a person in zone?  Never for a person with no zone (NULL or ""):
 * their nights are not known.
 */
int
zone_quiet(const char *zone, int start, int end, int64_t t)
{
	struct tm	tm;

	if (zone == NULL || zone[0] == '\0' || zone_local(zone, t, &tm) != 0)
		return (0);
	return (zone_inside(start, end, zone_minute(&tm)));
}

/*
 * When the quiet hours that hold at t end (t itself when t is not in
 * them).  Clocks put back overnight leave an hour of night after the
 * first guess, which the next step walks; clocks put forward make the
 * guess an hour late, which is taken back.
 */
int64_t
zone_quiet_end(const char *zone, int start, int end, int64_t t)
{
	struct tm	tm;
	int64_t		u;
	int		i, d;

	for (i = 0; i < 3 && zone_quiet(zone, start, end, t); i++) {
		if (zone_local(zone, t, &tm) != 0)
			break;
		u = t + (int64_t)((end - zone_minute(&tm) + 1440) % 1440) *
		    60 - tm.tm_sec;
		/* Clocks put forward overnight: the end came an hour ago. */
		if (zone_local(zone, u, &tm) == 0) {
			d = (zone_minute(&tm) - end + 1440 + 720) % 1440 - 720;
			if (d > 0 && u - d * 60 > t &&
			    !zone_quiet(zone, start, end, u - d * 60))
				u -= d * 60;
		}
		t = u;
	}
	return (t);
}

/*
 * Where the awake stretch that a (not quiet) is in ends: the next start
 * of the quiet hours, at least a minute on; -1 when the zone is unread.
 */
static int64_t
zone_awake_end(const char *zone, int start, int64_t a)
{
	struct tm	tm;
	int64_t		next;

	if (zone_local(zone, a, &tm) != 0)
		return (-1);
	next = a + (int64_t)((start - zone_minute(&tm) + 1440) % 1440) * 60 -
	    tm.tm_sec;
	return (next <= a ? a + 60 : next);
}

/*
 * The seconds from a to b that are outside the quiet hours of a person
 * in zone: the time their clock runs.  Walked night by night, so a span
 * of days costs a step a day.
 */
int64_t
zone_awake(const char *zone, int start, int end, int64_t a, int64_t b)
{
	int64_t		sum = 0, next;
	int		i;

	if (zone == NULL || zone[0] == '\0' || start == end)
		return (b > a ? b - a : 0);
	for (i = 0; a < b && i < 4000; i++) {
		if (zone_quiet(zone, start, end, a)) {
			a = zone_quiet_end(zone, start, end, a);
			continue;
		}
		if ((next = zone_awake_end(zone, start, a)) < 0)
			break;
		if (next > b)
			next = b;
		sum += next - a;
		a = next;
	}
	return (sum);
}

/*
 * The time at which a person in zone, whose clock starts at a, has had
 * secs seconds of it outside their quiet hours: a deadline that waits
 * for their morning.
 */
int64_t
zone_due(const char *zone, int start, int end, int64_t a, int64_t secs)
{
	int64_t		next;
	int		i;

	if (zone == NULL || zone[0] == '\0' || start == end)
		return (a + secs);
	for (i = 0; secs > 0 && i < 4000; i++) {
		if (zone_quiet(zone, start, end, a)) {
			a = zone_quiet_end(zone, start, end, a);
			continue;
		}
		if ((next = zone_awake_end(zone, start, a)) < 0)
			break;
		if (next - a >= secs)
			return (a + secs);
		secs -= next - a;
		a = next;
	}
	return (a + secs);
}

/* "23:00" as a minute of the day (1380), -1 when it is no such time. */
int
zone_hhmm(const char *s)
{
	int	h, m;
	char	end;

	if (s == NULL || sscanf(s, "%2d:%2d%c", &h, &m, &end) != 2 ||
	    h < 0 || h > 23 || m < 0 || m > 59)
		return (-1);
	return (h * 60 + m);
}

/*
 * The unix time of 00:00 of day y-m-d (month 1-12) on the wall clock of
 * zone (NULL or "": UTC), -1 when there is no such day.
 */
int64_t
zone_midnight(const char *zone, int y, int m, int d)
{
	char		*old = NULL, spec[ZONE_MAX + 2];
	const char	*cur;
	struct tm	 tm;
	time_t		 t;

	if (y < 1970 || y > 9999 || m < 1 || m > 12 || d < 1 || d > 31)
		return (-1);
	memset(&tm, 0, sizeof tm);
	tm.tm_year = y - 1900;
	tm.tm_mon = m - 1;
	tm.tm_mday = d;
	tm.tm_isdst = -1;
	snprintf(spec, sizeof spec, ":%s", zone != NULL && zone[0] != '\0' ?
	    zone : "UTC");
	if ((cur = getenv("TZ")) != NULL && (old = strdup(cur)) == NULL)
		return (-1);
	setenv("TZ", spec, 1);
	tzset();
	t = mktime(&tm);
	if (old != NULL)
		setenv("TZ", old, 1);
	else
		unsetenv("TZ");
	tzset();
	free(old);
	/* mktime() carries a 31st of a short month over: no such day. */
	if (t == (time_t)-1 || tm.tm_mday != d || tm.tm_mon != m - 1)
		return (-1);
	return ((int64_t)t);
}
