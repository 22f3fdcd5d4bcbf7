/*
 * lang.c: the languages tacd speaks (lang.h).
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "lang.h"

/* English first: the messages' own language. */
static const char *const lang_codes[] = { "en", "ru", "de", "ka" };

/*
 * The language a code names, as we write it ("ru" for "ru", "RU" or
 * "ru-RU", the forms Telegram's language_code takes), NULL if we do not
 * speak it.
 */
const char *
lang_find(const char *code)
{
	size_t	i, n;

	if (code == NULL)
		return (NULL);
	for (i = 0; i < sizeof lang_codes / sizeof lang_codes[0]; i++) {
		n = strlen(lang_codes[i]);
		if (strncasecmp(code, lang_codes[i], n) == 0 &&
		    (code[n] == '\0' || code[n] == '-' || code[n] == '_'))
			return (lang_codes[i]);
	}
	return (NULL);
}

/* How many languages there are. */
size_t
lang_count(void)
{
	return (sizeof lang_codes / sizeof lang_codes[0]);
}

/* Language i, NULL past the last. */
const char *
lang_code(size_t i)
{
	if (i >= lang_count())
		return (NULL);
	return (lang_codes[i]);
}

/* The codes as one string for people: "en, ru, de, ka". */
void
lang_list(char *buf, size_t len)
{
	size_t	i, n = 0;

	if (len > 0)
		buf[0] = '\0';
	for (i = 0; i < lang_count() && n < len; i++)
		n += (size_t)snprintf(buf + n, len - n, "%s%s", i > 0 ? ", " :
		    "", lang_codes[i]);
}
