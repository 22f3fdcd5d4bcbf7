/*
 * render-time.c: times as a person reads them: how long is left ("3 h
 * 20 min", "2 days"), how long ago ("3 days ago") and, on their own
 * clock, when ("18:30", "tomorrow 09:15", "Tuesday 09:15").  Never UTC,
 * never a date in digits: a deadline is at most days away, and the
 * day's name says it.
 */
#include <stdio.h>

#include "i18n.h"
#include "render.h"
#include "zone.h"

/* The days of the week, Sunday first (struct tm's tm_wday). */
static const char *const render_wdays[7] = {
	NC_("weekday", "Sunday"), NC_("weekday", "Monday"),
	NC_("weekday", "Tuesday"), NC_("weekday", "Wednesday"),
	NC_("weekday", "Thursday"), NC_("weekday", "Friday"),
	NC_("weekday", "Saturday")
};

/*
 * Append a span of secs seconds, rounded down to what a person cares
 * for: "45 min" under an hour, "3 h 20 min" under ten, "30 h" under
 * two days, then days.  Under a minute is "1 min".
 */
void
render_span(const char *lang, int64_t secs, struct rbuf *b)
{
	long long	h = secs / 3600, m = secs % 3600 / 60;

	if (secs < 3600)
		/* TRANSLATORS: a duration in the statistics; %lld minutes. */
		rbuf_add(b, tr(lang, "%lld min"), secs < 60 ? 1LL :
		    (long long)(secs / 60));
	else if (h < 10 && m > 0)
		/* TRANSLATORS: a duration in the statistics; %lld hours,
		   %lld minutes. */
		rbuf_add(b, tr(lang, "%lld h %lld min"), h, m);
	else if (h < 48)
		/* TRANSLATORS: a duration, how long is left; %lld hours. */
		rbuf_add(b, tr(lang, "%lld h"), h);
	else
		/* TRANSLATORS: a duration, how long is left; %lld days. */
		rbuf_add(b, trn(lang, "%lld day", "%lld days",
		    (unsigned long)(h / 24)), h / 24);
}

/*
 * Append how long ago something was, secs seconds before now: "45 min
 * ago", "5 h ago", "3 days ago", "4 months ago".  Each a whole phrase,
 * so that a language puts its own case on the number ("vor 3 Tagen").
 */
void
render_ago(const char *lang, int64_t secs, struct rbuf *b)
{
	long long	h = secs / 3600;
	unsigned long	days = (unsigned long)(secs / 86400);

	if (secs < 3600)
		/* TRANSLATORS: how long ago; %lld minutes. */
		rbuf_add(b, tr(lang, "%lld min ago"), secs < 60 ? 1LL :
		    (long long)(secs / 60));
	else if (h < 48)
		/* TRANSLATORS: how long ago; %lld hours. */
		rbuf_add(b, tr(lang, "%lld h ago"), h);
	else if (days < 60)
		/* TRANSLATORS: how long ago; %lu days. */
		rbuf_add(b, trn(lang, "%lu day ago", "%lu days ago", days),
		    days);
	else
		/* TRANSLATORS: how long ago; %lu months (of 30 days). */
		rbuf_add(b, trn(lang, "%lu month ago", "%lu months ago",
		    days / 30), days / 30);
}

/*
 * Append when unix time t is on the wall clock of zone, seen at now:
 * "18:30" today, "tomorrow 09:15", "Tuesday 09:15" within the week.
 * 0, or -1 (nothing appended) when there is no zone, t is a week or
 * more away or past, or the clock cannot be read: say the span alone.
 */
int
render_clock(const char *lang, const char *zone, int64_t t, int64_t now,
    struct rbuf *b)
{
	struct tm	tt, tn;
	int		days;
	char		hm[8];

	if (zone == NULL || zone[0] == '\0' || t < now ||
	    t - now >= 6 * 86400 || zone_local(zone, t, &tt) != 0 ||
	    zone_local(zone, now, &tn) != 0)
		return (-1);
	days = (tt.tm_wday - tn.tm_wday + 7) % 7;
	snprintf(hm, sizeof hm, "%02d:%02d", tt.tm_hour, tt.tm_min);
	if (days == 0)
		rbuf_addstr(b, hm);
	else if (days == 1)
		/* TRANSLATORS: a time on the reader's clock, tomorrow; %s
		   the time of day ("09:15"). */
		rbuf_add(b, tr(lang, "tomorrow %s"), hm);
	else
		/* TRANSLATORS: a time on the reader's clock, later this
		   week; %s the day's name ("Tuesday"), %s the time of day
		   ("09:15"). */
		rbuf_add(b, tr(lang, "%s %s"), trc(lang, "weekday",
		    render_wdays[tt.tm_wday]), hm);
	return (0);
}
