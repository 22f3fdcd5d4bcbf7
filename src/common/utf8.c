/*
 * utf8.c: character boundaries of UTF-8 text (utf8.h).
 */
#include <string.h>

#include "utf8.h"

/* Is c a continuation byte (10xxxxxx), the inside of a character? */
int
utf8_cont(unsigned char c)
{
	return ((c & 0xc0) == 0x80);
}

/*
 * The length of s cut to at most max bytes at a character boundary: the
 * whole of s when it fits.
 */
size_t
utf8_cut(const char *s, size_t max)
{
	size_t	n = strlen(s);

	if (n <= max)
		return (n);
	n = max;
	while (n > 0 && utf8_cont((unsigned char)s[n]))
		n--;
	return (n);
}

/* The number of characters (not bytes) of s. */
size_t
utf8_width(const char *s)
{
	size_t	n = 0;

	for (; *s != '\0'; s++) {
		if (!utf8_cont((unsigned char)*s))
			n++;
	}
	return (n);
}

/* The bytes of the first character of s (0 for ""). */
size_t
utf8_first(const char *s)
{
	size_t	n;

	if (*s == '\0')
		return (0);
	for (n = 1; s[n] != '\0' && utf8_cont((unsigned char)s[n]); n++)
		;
	return (n);
}

/* The bytes of the first chars characters of s (all of s if fewer). */
size_t
utf8_prefix(const char *s, size_t chars)
{
	size_t	n = 0;

	while (chars-- > 0 && s[n] != '\0')
		n += utf8_first(s + n);
	return (n);
}
