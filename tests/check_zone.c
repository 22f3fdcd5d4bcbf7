/*
 * check_zone.c: a person's own clock (src/common/zone.c) on the tz
 * database, and the view's words for a time (src/view/render-time.c):
 * wall clocks in a zone, quiet hours over midnight and over a change of
 * the clocks, a deadline that waits for the morning, spans and days as
 * a person reads them.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdlib.h>
#include <string.h>

#include <check.h>

#include "i18n.h"
#include "rbuf.h"
#include "render.h"
#include "zone.h"

/* 2023-11-14 22:13:20 UTC: 01:13 on Wednesday in Moscow, 23:13 in Berlin. */
#define T0	1700000000LL
#define QS	ZONE_QUIET_START
#define QE	ZONE_QUIET_END

/* Names of the tz database are checked, never taken on trust. */
START_TEST(test_zone_valid)
{
	ck_assert_int_eq(zone_valid("Europe/Berlin"), 1);
	ck_assert_int_eq(zone_valid("Asia/Tbilisi"), 1);
	ck_assert_int_eq(zone_valid("UTC"), 1);
	ck_assert_int_eq(zone_valid("Nowhere/City"), 0);
	ck_assert_int_eq(zone_valid("../../etc/passwd"), 0);
	ck_assert_int_eq(zone_valid("/etc/localtime"), 0);
	ck_assert_int_eq(zone_valid("Europe/Berlin;rm"), 0);
	ck_assert_int_eq(zone_valid(""), 0);
	ck_assert_int_eq(zone_valid(NULL), 0);
	/* A folder of zones is no zone. */
	ck_assert_int_eq(zone_valid("Europe"), 0);
	ck_assert_str_eq(zone_of_lang("ru"), "Europe/Moscow");
	ck_assert_str_eq(zone_of_lang("de"), "Europe/Berlin");
	ck_assert_str_eq(zone_of_lang("ka"), "Asia/Tbilisi");
	ck_assert_ptr_null(zone_of_lang("en"));
	ck_assert_int_eq(zone_hhmm("23:00"), 1380);
	ck_assert_int_eq(zone_hhmm("8:05"), 485);
	ck_assert_int_eq(zone_hhmm("24:00"), -1);
	ck_assert_int_eq(zone_hhmm("23:00x"), -1);
	ck_assert_int_eq(zone_hhmm("ab"), -1);
}
END_TEST

/* Wall clocks, and TZ left as it was. */
START_TEST(test_zone_local)
{
	struct tm	tm;
	const char	*tz;

	setenv("TZ", "UTC", 1);
	ck_assert_int_eq(zone_local("Europe/Moscow", T0, &tm), 0);
	ck_assert_int_eq(tm.tm_hour, 1);
	ck_assert_int_eq(tm.tm_min, 13);
	ck_assert_int_eq(tm.tm_wday, 3);
	ck_assert_int_eq(zone_local("Europe/Berlin", T0, &tm), 0);
	ck_assert_int_eq(tm.tm_hour, 23);
	ck_assert_int_eq(tm.tm_wday, 2);
	ck_assert_int_eq(zone_local(NULL, T0, &tm), 0);
	ck_assert_int_eq(tm.tm_hour, 22);
	ck_assert_ptr_nonnull(tz = getenv("TZ"));
	ck_assert_str_eq(tz, "UTC");
	unsetenv("TZ");
	ck_assert_int_eq(zone_local("Asia/Tbilisi", T0, &tm), 0);
	ck_assert_int_eq(tm.tm_hour, 2);
	ck_assert_ptr_null(getenv("TZ"));
}
END_TEST

/* Quiet hours over midnight; none without a zone or with an empty span. */
START_TEST(test_zone_quiet)
{
	ck_assert_int_eq(zone_quiet("Europe/Moscow", QS, QE, T0), 1);
	ck_assert_int_eq(zone_quiet("Europe/Berlin", QS, QE, T0), 1);
	ck_assert_int_eq(zone_quiet("Europe/Berlin", QS, QE, T0 - 3600), 0);
	ck_assert_int_eq(zone_quiet(NULL, QS, QE, T0), 0);
	ck_assert_int_eq(zone_quiet("Europe/Moscow", 0, 0, T0), 0);
	/* A span within one day: 01:00-02:00. */
	ck_assert_int_eq(zone_quiet("Europe/Moscow", 60, 120, T0), 1);
	ck_assert_int_eq(zone_quiet("Europe/Moscow", 60, 120, T0 + 3600), 0);
	/* Moscow's night ends at 08:00 there, 05:00 UTC. */
	ck_assert_int_eq(zone_quiet_end("Europe/Moscow", QS, QE, T0),
	    T0 + 24400);
	ck_assert_int_eq(zone_quiet_end("Europe/Moscow", QS, QE, T0 + 24400),
	    T0 + 24400);
	/* 2024-03-31 01:00 in Berlin; the clocks go forward at 02:00: the
	   night ends at 08:00 summer time, 06:00 UTC. */
	ck_assert_int_eq(zone_quiet_end("Europe/Berlin", QS, QE, 1711843200),
	    1711843200 + 21600);
	/* 2024-10-27 01:00 summer time; the clocks go back at 03:00: the
	   night ends at 08:00 winter time, 07:00 UTC, an hour longer. */
	ck_assert_int_eq(zone_quiet_end("Europe/Berlin", QS, QE, 1729983600),
	    1729983600 + 8 * 3600);
}
END_TEST

/*
 * A person's next morning (their digest's time): the end of the night
 * they are in, else of the next one; none without nights.
 */
START_TEST(test_zone_morning)
{
	/* 23:13 in Berlin: 08:00 there is 8 h 46 min 40 s on. */
	ck_assert_int_eq(zone_morning("Europe/Berlin", QS, QE, T0),
	    T0 + 31600);
	/* 13:13 the day before: the same morning. */
	ck_assert_int_eq(zone_morning("Europe/Berlin", QS, QE, T0 - 36000),
	    T0 + 31600);
	/* At 08:00 itself the night is over: the next day's. */
	ck_assert_int_eq(zone_morning("Europe/Berlin", QS, QE, T0 + 31600),
	    T0 + 31600 + 86400);
	ck_assert_int_eq(zone_morning(NULL, QS, QE, T0), -1);
	ck_assert_int_eq(zone_morning("", QS, QE, T0), -1);
	ck_assert_int_eq(zone_morning("Europe/Berlin", 0, 0, T0), -1);
}
END_TEST

/* A turn's two hours: not counted while its person sleeps. */
START_TEST(test_zone_due)
{
	/* Begun in Moscow's night: two hours from 08:00. */
	ck_assert_int_eq(zone_due("Europe/Moscow", QS, QE, T0, 7200),
	    T0 + 24400 + 7200);
	/* Begun at 22:13 in Berlin: 47 minutes, the night, the rest from
	   08:00 (07:00 UTC), so until 09:13. */
	ck_assert_int_eq(zone_due("Europe/Berlin", QS, QE, T0 - 3600, 7200),
	    T0 + 36000);
	ck_assert_int_eq(zone_awake("Europe/Berlin", QS, QE, T0 - 3600,
	    T0 + 36000), 7200);
	/* Without a zone, or quiet hours, the clock always runs. */
	ck_assert_int_eq(zone_due(NULL, QS, QE, T0, 7200), T0 + 7200);
	ck_assert_int_eq(zone_due("Europe/Moscow", 0, 0, T0, 7200),
	    T0 + 7200);
	ck_assert_int_eq(zone_awake(NULL, QS, QE, T0, T0 + 7200), 7200);
	/* Three days of a clock that runs 15 hours a day. */
	ck_assert_int_eq(zone_awake("Europe/Moscow", QS, QE, T0,
	    T0 + 3 * 86400), 3 * 15 * 3600);
	ck_assert_int_eq(zone_due("Europe/Moscow", QS, QE, T0, 45 * 3600),
	    T0 + 24400 + 2 * 86400 + 15 * 3600);
}
END_TEST

/* A span, then a span's words in lang. */
static const char *
span(const char *lang, int64_t secs)
{
	static struct rbuf	b;

	rbuf_free(&b);
	render_span(lang, secs, &b);
	return (b.s != NULL ? b.s : "");
}

/* A time on the clock of zone seen at T0, or "-" when none is said. */
static const char *
clock_of(const char *lang, const char *zone, int64_t t)
{
	static struct rbuf	b;

	rbuf_free(&b);
	if (render_clock(lang, zone, t, T0, &b) != 0) {
		ck_assert_uint_eq(b.len, 0);
		return ("-");
	}
	return (b.s);
}

/* Spans and days in words, never a date in digits or UTC. */
START_TEST(test_render_time)
{
	ck_assert_str_eq(span("en", 10), "1 min");
	ck_assert_str_eq(span("en", 2700), "45 min");
	ck_assert_str_eq(span("en", 12000), "3 h 20 min");
	ck_assert_str_eq(span("en", 7200), "2 h");
	ck_assert_str_eq(span("en", 36000 + 1800), "10 h");
	ck_assert_str_eq(span("en", 100000), "27 h");
	ck_assert_str_eq(span("en", 200000), "2 days");
	ck_assert_str_eq(span("ru", 3 * 86400 + 5), "3 дня");
	ck_assert_str_eq(span("ru", 5 * 86400), "5 дней");
	ck_assert_str_eq(span("de", 12000), "3 Std. 20 Min.");
	ck_assert_str_eq(span("ka", 7200), "2 სთ");
	ck_assert_str_eq(clock_of("en", "Europe/Moscow", T0 + 7200), "03:13");
	ck_assert_str_eq(clock_of("en", "Europe/Moscow", T0 + 86400),
	    "tomorrow 01:13");
	ck_assert_str_eq(clock_of("ru", "Europe/Moscow", T0 + 86400),
	    "завтра в 01:13");
	ck_assert_str_eq(clock_of("en", "Europe/Moscow", T0 + 3 * 86400),
	    "Saturday 01:13");
	ck_assert_str_eq(clock_of("de", "Europe/Moscow", T0 + 3 * 86400),
	    "Samstag 01:13");
	ck_assert_str_eq(clock_of("ru", "Europe/Moscow", T0 + 3 * 86400),
	    "суббота, 01:13");
	/* Berlin's Tuesday evening: 23:13, and 00:13 is tomorrow. */
	ck_assert_str_eq(clock_of("en", "Europe/Berlin", T0), "23:13");
	ck_assert_str_eq(clock_of("en", "Europe/Berlin", T0 + 3600),
	    "tomorrow 00:13");
	ck_assert_str_eq(clock_of("en", "Europe/Moscow", T0 + 6 * 86400), "-");
	ck_assert_str_eq(clock_of("en", NULL, T0 + 60), "-");
	ck_assert_str_eq(clock_of("en", "Europe/Moscow", T0 - 60), "-");
}
END_TEST

Suite *
suite_zone(void)
{
	Suite	*s = suite_create("zone");
	TCase	*tc = tcase_create("zone");

	tcase_add_test(tc, test_zone_valid);
	tcase_add_test(tc, test_zone_local);
	tcase_add_test(tc, test_zone_quiet);
	tcase_add_test(tc, test_zone_morning);
	tcase_add_test(tc, test_zone_due);
	tcase_add_test(tc, test_render_time);
	suite_add_tcase(s, tc);
	return (s);
}
