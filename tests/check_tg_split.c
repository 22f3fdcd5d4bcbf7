/*
 * check_tg_split.c: the getUpdates scanner (bot/bridge-jscan.c) on answers
 * Telegram could send and answers that are broken, and the clamp of a
 * retry_after (bot/telegram/tg-http.c).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>
#include <jansson.h>

#include "check_tg.h"
#include "bridge-jscan.h"

/* The spans bridge_jscan_array() gave. */
struct spans {
	struct bridge_span	sp[16];
	int		n;
};

/* Keep a span (bridge_jscan_array's callback). */
static void
keep(void *arg, const struct bridge_span *sp)
{
	struct spans	*s = arg;

	if (s->n < 16)
		s->sp[s->n] = *sp;
	s->n++;
}

/* Does jansson take the span as it is? */
static int
jansson_takes(const char *text, const struct bridge_span *sp)
{
	json_error_t	 jerr;
	json_t		*v;

	v = json_loadb(text + sp->off, sp->len, 0, &jerr);
	json_decref(v);
	return (v != NULL);
}

/*
 * Poison among good updates: jansson refuses the whole answer, the
 * scanner finds every update and its id, and jansson takes the good ones.
 */
START_TEST(test_split_poison)
{
	static const char answer[] = "{\"ok\": true, \"result\": ["
	    "{\"update_id\": 7, \"message\": {\"text\": \"/new\"}},"
	    "{\"update_id\": 8, \"message\": {\"text\": \"a\\u0000b\"}},"
	    "{\"update_id\": 9, \"message\": {\"text\": \"\\ud800\"}},"
	    "{\"update_id\": 10, \"message\": {\"text\": \"\xff\xfe\"}},"
	    "{\"update_id\": \"11\", \"message\": {\"text\": \"\\\"]}\"}},"
	    "{\"update_id\": 12, \"message\": {\"text\": \"/join\"}}"
	    "]}";
	static const int64_t	ids[] = { 7, 8, 9, 10, -1, 12 };
	static const int	good[] = { 1, 0, 0, 0, 1, 1 };
	struct bridge_span		list;
	struct spans		s;
	json_error_t		jerr;
	const char		*text;
	size_t			len = sizeof answer - 1;
	int			i;

	ck_assert_ptr_null(json_loadb(answer, len, 0, &jerr));
	ck_assert_int_eq(bridge_jscan_member(answer, len, "result", &list), 0);
	text = answer + list.off;
	ck_assert_int_eq(text[0], '[');
	ck_assert_int_eq(text[list.len - 1], ']');
	memset(&s, 0, sizeof s);
	ck_assert_int_eq(bridge_jscan_array(text, list.len, keep, &s), 6);
	ck_assert_int_eq(s.n, 6);
	for (i = 0; i < 6; i++) {
		ck_assert_int_eq(text[s.sp[i].off], '{');
		ck_assert_int_eq(bridge_jscan_id(text + s.sp[i].off,
		    s.sp[i].len), ids[i]);
		ck_assert_int_eq(jansson_takes(text, &s.sp[i]), good[i]);
	}
}
END_TEST

/* Broken structure is refused as a whole, however it is broken. */
START_TEST(test_split_broken)
{
	static const char *const bad[] = {
		"",
		"{\"ok\": true, \"result\": [ {\"update_id\": ",
		"{\"ok\": true, \"result\": [{\"update_id\": 1, \"x\": [}]}",
		"{\"ok\": true, \"result\": [\"never ends]}",
		"{\"ok\": true, \"result\": [1, 2]} and more",
		"{\"ok\": true, \"result\": [1,, 2]}",
		"{\"ok\": true, \"result\": [1, 2,]}",
		"{\"ok\" true, \"result\": []}",
		"{\"result\": [1], \"result\": [2]}",
		"{\"ok\": true}",
		"[\"result\", []]",
	};
	struct bridge_span	sp;
	char		deep[2 * 2050 + 1];
	size_t		i;

	for (i = 0; i < sizeof bad / sizeof bad[0]; i++)
		ck_assert_msg(bridge_jscan_member(bad[i], strlen(bad[i]),
		    "result", &sp) == -1, "took \"%s\"", bad[i]);
	ck_assert_int_eq(bridge_jscan_array("[]", 2, NULL, NULL), 0);
	ck_assert_int_eq(bridge_jscan_array(" [ ] ", 5, NULL, NULL), 0);
	ck_assert_int_eq(bridge_jscan_array("[1 2]", 5, NULL, NULL), -1);
	ck_assert_int_eq(bridge_jscan_array("[{]", 3, NULL, NULL), -1);

	/* An element nests as deep as jansson lets a document, no deeper. */
	memset(deep, '[', 2049);
	memset(deep + 2049, ']', 2049);
	ck_assert_int_eq(bridge_jscan_array(deep, 4098, NULL, NULL), 1);
	memset(deep, '[', 2050);
	memset(deep + 2050, ']', 2050);
	ck_assert_int_eq(bridge_jscan_array(deep, 4100, NULL, NULL), -1);
}
END_TEST

/* An id is read only where jansson would read the same integer. */
START_TEST(test_split_id)
{
	static const struct {
		const char	*text;
		int64_t		 id;
	} cases[] = {
		{ "{\"update_id\":0}", 0 },
		{ " { \"message\" : {\"update_id\": 3}, \"update_id\" : 42 } ",
		    42 },
		{ "{\"update_id\":9223372036854775807}", INT64_MAX },
		{ "{\"update_id\":9223372036854775808}", -1 },
		{ "{\"update_id\":007}", -1 },
		{ "{\"update_id\":-0}", -1 },
		{ "{\"update_id\":-5}", -1 },
		{ "{\"update_id\":1e3}", -1 },
		{ "{\"update_id\":1.0}", -1 },
		{ "{\"update_id\":\"5\"}", -1 },
		{ "{\"update_id\":null}", -1 },
		{ "{\"message\":{}}", -1 },
		{ "{\"update\\u005fid\":5}", -1 },
		{ "[{\"update_id\":5}]", -1 },
		{ "{}", -1 },
	};
	size_t	i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++)
		ck_assert_msg(bridge_jscan_id(cases[i].text,
		    strlen(cases[i].text)) == cases[i].id, "%s",
		    cases[i].text);
}
END_TEST

/* A retry_after is obeyed between 1 s and 1 h, whatever it says. */
START_TEST(test_retry_clamp)
{
	ck_assert_int_eq(tg_http_retry(INT64_MAX), TG_RETRY_MAX);
	ck_assert_int_eq(tg_http_retry(1000000000000LL), 3600);
	ck_assert_int_eq(tg_http_retry(3601), 3600);
	ck_assert_int_eq(tg_http_retry(3600), 3600);
	ck_assert_int_eq(tg_http_retry(30), 30);
	ck_assert_int_eq(tg_http_retry(1), 1);
	ck_assert_int_eq(tg_http_retry(0), TG_RETRY_MIN);
	ck_assert_int_eq(tg_http_retry(-5), 1);
	ck_assert_int_eq(tg_http_retry(INT64_MIN), 1);
}
END_TEST

/* The suite. */
Suite *
suite_tg_split(void)
{
	Suite	*s = suite_create("tg_split");
	TCase	*tc = tcase_create("scanner");

	tcase_add_test(tc, test_split_poison);
	tcase_add_test(tc, test_split_broken);
	tcase_add_test(tc, test_split_id);
	tcase_add_test(tc, test_retry_clamp);
	suite_add_tcase(s, tc);
	return (s);
}
