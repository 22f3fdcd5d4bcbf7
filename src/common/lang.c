/*
 * lang.c: the languages tacd speaks (lang.h).
 */
#include <stdio.h>
#include <stdlib.h>
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

/*
 * The language an HTTP Accept-Language header asks for first, of those we
 * speak: its tags in the order of their weights (q=, 1 when none; the
 * first of equal weights wins; q=0 means not this one), NULL when it
 * names none of ours.  Pure, for the fuzzer: any bytes are read safely.
 */
const char *
lang_accept(const char *header)
{
	const char	*p = header, *best = NULL, *l;
	char		 tag[16];
	double		 w, bestw = 0;
	size_t		 n;

	while (p != NULL && *p != '\0') {
		p += strspn(p, " \t,");
		n = strcspn(p, ",; \t");
		snprintf(tag, sizeof tag, "%.*s", (int)(n < sizeof tag ? n :
		    sizeof tag - 1), p);
		p += n;
		w = 1;
		/* Parameters up to the next tag; only q counts. */
		while (*p != '\0' && *p != ',') {
			p += strspn(p, " \t;");
			if ((p[0] == 'q' || p[0] == 'Q') && p[1] == '=') {
				w = strtod(p + 2, NULL);
				if (!(w >= 0 && w <= 1))
					w = 0;
			}
			p += strcspn(p, ";,");
		}
		if (n > 0 && w > bestw && (l = lang_find(tag)) != NULL) {
			best = l;
			bestw = w;
		}
	}
	return (best);
}
