/*
 * check_lang.c: the languages tacd speaks (src/common/lang.c): codes as
 * Telegram gives them, and the one an HTTP Accept-Language asks for first
 * (the Mini App's errors before its person is known).
 */
#include <check.h>
#include <stddef.h>
#include <string.h>

#include "lang.h"

Suite	*suite_lang(void);

/* Codes: ours, in any case and with a region; others not. */
START_TEST(test_lang_find)
{
	ck_assert_str_eq(lang_find("ru"), "ru");
	ck_assert_str_eq(lang_find("RU-ru"), "ru");
	ck_assert_str_eq(lang_find("ka_GE"), "ka");
	ck_assert_ptr_null(lang_find("rus"));
	ck_assert_ptr_null(lang_find("fr"));
	ck_assert_ptr_null(lang_find(NULL));
}
END_TEST

/* Accept-Language: the first of our languages by weight, or none. */
START_TEST(test_lang_accept)
{
	static const struct {
		const char	*header;
		const char	*want;
	} cases[] = {
		{ "ru-RU,ru;q=0.9,en-US;q=0.8,en;q=0.7", "ru" },
		{ "fr-FR, fr;q=0.9, de;q=0.8, en;q=0.7", "de" },
		{ "en;q=0.5, ka;q=0.6", "ka" },
		{ "de;q=0, ru", "ru" },
		{ "DE-ch", "de" },
		{ "ka , en", "ka" },
		{ "en, ka", "en" },
		{ "fr, it;q=0.5", NULL },
		{ "de;q=bad, en;q=0.2", "en" },
		{ "de;q=2", NULL },
		{ "de ; level=1 ; q=0.3, ka;q=0.2", "de" },
		{ ";;,,;q=1,", NULL },
		{ "", NULL },
		{ "rus", NULL },
	};
	const char	*got;
	size_t		 i;

	ck_assert_ptr_null(lang_accept(NULL));
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		got = lang_accept(cases[i].header);
		if (cases[i].want == NULL)
			ck_assert_msg(got == NULL, "%s: %s", cases[i].header, got);
		else
			ck_assert_msg(got != NULL && strcmp(got, cases[i].want) ==
			    0, "%s: %s", cases[i].header, got ? got : "none");
	}
}
END_TEST

/* The languages suite. */
Suite *
suite_lang(void)
{
	Suite	*s = suite_create("lang");
	TCase	*tc = tcase_create("lang");

	tcase_add_test(tc, test_lang_find);
	tcase_add_test(tc, test_lang_accept);
	suite_add_tcase(s, tc);
	return (s);
}
