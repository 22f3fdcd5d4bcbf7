/*
 * check_tg_initdata.c: the Mini App's init data check (bot/telegram/tg-initdata.c)
 * against a vector signed outside tacd, and against data that is forged,
 * stale, doubled or broken.
 *
 * The vector was signed with OpenSSL's command line, apart from the code
 * under test (and node's crypto gives the same hash):
 *
 *   secret=$(printf %s "$TOKEN" | openssl dgst -sha256 -mac HMAC \
 *       -macopt key:WebAppData -binary | od -An -tx1 | tr -d ' \n')
 *   printf %s "$DCS" | openssl dgst -sha256 -mac HMAC -macopt hexkey:$secret
 *
 * with TOKEN and DCS (the data-check-string) as below.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>

#include "check_tg.h"
#include "tg-initdata.h"

#define TOKEN	"4242:AAE-test_TOKEN-do-not-log"
#define USER	"%7B%22id%22%3A279058397%2C%22first_name%22%3A%22%D0%92%D0" \
		"%B5%D1%80%D0%B0%22%2C%22last_name%22%3A%22K%20%26%20%3Cb%3E" \
		"%22%2C%22username%22%3A%22vera%22%2C%22language_code%22%3A" \
		"%22ru%22%7D"
#define HASH	"132ec17570ddc771ace3f52ee2c04cf7111c1d026428bd2f37b13a7d11a7c99f"
#define SIGNED	"query_id=AAHdF6IQAAAAAN0XohDhrOrc&user=" USER \
		"&auth_date=1700000000&hash=" HASH
#define DCS	"auth_date=1700000000\nquery_id=AAHdF6IQAAAAAN0XohDhrOrc\n" \
		"user={\"id\":279058397,\"first_name\":\"\xd0\x92\xd0\xb5\xd1" \
		"\x80\xd0\xb0\",\"last_name\":\"K & <b>\",\"username\":" \
		"\"vera\",\"language_code\":\"ru\"}"
#define WHEN	1700000000

/* Check text as init data at WHEN + age, with a day's allowance. */
static int
check(const char *text, int64_t age, struct tg_initdata *d, const char **why)
{
	return (tg_initdata_check(text, strlen(text), TOKEN, WHEN + age, 86400,
	    d, why));
}

/* The vector: its data-check-string, and what it says once checked. */
START_TEST(test_initdata_vector)
{
	struct tg_initdata	 d;
	struct tg_init		 init;
	const char		*why = NULL;
	char			 dcs[1024];

	ck_assert_int_eq(tg_initdata_parse(SIGNED, strlen(SIGNED), &init,
	    &why), 0);
	ck_assert_uint_eq(tg_initdata_string(&init, dcs, sizeof dcs),
	    strlen(DCS));
	ck_assert_str_eq(dcs, DCS);
	ck_assert_str_eq(tg_initdata_get(&init, "hash"), HASH);
	tg_initdata_free(&init);

	ck_assert_msg(check(SIGNED, 60, &d, &why) == 0, "refused: %s", why);
	ck_assert_str_eq(d.who.user, "279058397");
	ck_assert_str_eq(d.who.name, "\xd0\x92\xd0\xb5\xd1\x80\xd0\xb0 K & <b>");
	ck_assert_str_eq(d.who.lang, "ru");
	ck_assert_int_eq(d.auth_date, WHEN);
	ck_assert_str_eq(d.start, "");
}
END_TEST

/* The pairs may come in any order: the sorted string is the same. */
START_TEST(test_initdata_order)
{
	struct tg_initdata	 d;
	const char		*why = NULL;

	ck_assert_int_eq(check("hash=" HASH "&auth_date=1700000000&user=" USER
	    "&query_id=AAHdF6IQAAAAAN0XohDhrOrc", 0, &d, &why), 0);
}
END_TEST

/* Any change to a signed value, or a hash of another token, is forged. */
START_TEST(test_initdata_forged)
{
	struct tg_initdata	 d;
	const char		*why = NULL;
	char			 buf[1024];
	size_t			 i;

	/* Another user id, an added pair, a hash one digit off. */
	ck_assert_int_eq(check("query_id=AAHdF6IQAAAAAN0XohDhrOrc&user="
	    "%7B%22id%22%3A279058398%7D&auth_date=1700000000&hash=" HASH, 0,
	    &d, &why), -1);
	ck_assert_str_eq(why, "a hash that does not match");
	ck_assert_str_eq(d.who.user, "");
	ck_assert_int_eq(check(SIGNED "&start_param=g1", 0, &d, &why), -1);
	snprintf(buf, sizeof buf, "%s", SIGNED);
	for (i = strlen(buf) - 64; i < strlen(buf); i++) {
		buf[i] = buf[i] == '0' ? '1' : '0';
		ck_assert_int_eq(check(buf, 0, &d, &why), -1);
		snprintf(buf, sizeof buf, "%s", SIGNED);
	}
	/* The same data under another bot's token. */
	ck_assert_int_eq(tg_initdata_check(SIGNED, strlen(SIGNED),
	    "4243:AAE-test_TOKEN-do-not-log", WHEN, 86400, &d, &why), -1);
	/* No hash, an empty one, one in capitals is still the same hex. */
	ck_assert_int_eq(check("query_id=AAHdF6IQAAAAAN0XohDhrOrc&user=" USER
	    "&auth_date=1700000000", 0, &d, &why), -1);
	ck_assert_str_eq(why, "no hash");
	ck_assert_int_eq(check("query_id=AAHdF6IQAAAAAN0XohDhrOrc&user=" USER
	    "&auth_date=1700000000&hash=", 0, &d, &why), -1);
}
END_TEST

/* auth_date: a day old is fine, a second more is not; no future. */
START_TEST(test_initdata_age)
{
	struct tg_initdata	 d;
	const char		*why = NULL;

	ck_assert_int_eq(check(SIGNED, 86400, &d, &why), 0);
	ck_assert_int_eq(check(SIGNED, 86401, &d, &why), -1);
	ck_assert_str_eq(why, "an auth_date too old");
	ck_assert_int_eq(check(SIGNED, -300, &d, &why), 0);
	ck_assert_int_eq(check(SIGNED, -301, &d, &why), -1);
	ck_assert_str_eq(why, "an auth_date in the future");
}
END_TEST

/* What the parser refuses before any hash is computed. */
START_TEST(test_initdata_malformed)
{
	static const char	*bad[] = {
		"",
		"auth_date",				/* no '=' */
		"a=1&a=2",				/* twice */
		"a=%4",					/* cut escape */
		"a=%zz",				/* not hex */
		"a=%00",				/* NUL */
		"a b=1",				/* not a name */
		"=1",					/* no key */
		"a=1&&b=2",				/* an empty pair */
		"a=g%0Ahash=00",			/* a line break */
		"a=g\nhash=00",				/* a raw one */
	};
	struct tg_init	 init;
	const char	*why = NULL;
	char		*big;
	size_t		 i;

	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		why = NULL;
		ck_assert_msg(tg_initdata_parse(bad[i], strlen(bad[i]), &init,
		    &why) == -1, "took \"%s\"", bad[i]);
		ck_assert_ptr_nonnull(why);
		ck_assert_ptr_null(init.buf);
	}
	/* Too long, too many pairs. */
	big = malloc(TG_INIT_MAX + 2);
	memset(big, 'a', TG_INIT_MAX + 1);
	big[0] = 'k';
	big[1] = '=';
	big[TG_INIT_MAX + 1] = '\0';
	ck_assert_int_eq(tg_initdata_parse(big, strlen(big), &init, &why), -1);
	big[TG_INIT_MAX] = '\0';
	ck_assert_int_eq(tg_initdata_parse(big, strlen(big), &init, &why), 0);
	tg_initdata_free(&init);
	/* k0=1&k1=1...: one pair more than are taken. */
	memset(big, 0, TG_INIT_MAX);
	for (i = 0; i <= TG_INIT_PAIRS; i++)
		snprintf(big + strlen(big), 16, "%sk%zu=1", i > 0 ? "&" : "",
		    i);
	ck_assert_int_eq(tg_initdata_parse(big, strlen(big), &init, &why), -1);
	ck_assert_str_eq(why, "too many pairs");
	free(big);

	/* '+' is a blank, escapes decode, an empty value is a value. */
	ck_assert_int_eq(tg_initdata_parse("a=x+y%2By&b=", 12, &init, &why),
	    0);
	ck_assert_str_eq(tg_initdata_get(&init, "a"), "x y+y");
	ck_assert_str_eq(tg_initdata_get(&init, "b"), "");
	ck_assert_ptr_null(tg_initdata_get(&init, "c"));
	tg_initdata_free(&init);
}
END_TEST

/* The init data suite. */
Suite *
suite_tg_initdata(void)
{
	Suite	*s = suite_create("tg_initdata");
	TCase	*tc = tcase_create("initdata");

	tcase_add_test(tc, test_initdata_vector);
	tcase_add_test(tc, test_initdata_order);
	tcase_add_test(tc, test_initdata_forged);
	tcase_add_test(tc, test_initdata_age);
	tcase_add_test(tc, test_initdata_malformed);
	suite_add_tcase(s, tc);
	return (s);
}
