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

/*
 * Copy s into buf (of len bytes), shortened to at most chars characters
 * with an ellipsis ("Alexandra Ko...") when it is longer, or when buf is
 * too small for it; always on a character boundary.
 */
void
utf8_shorten(const char *s, size_t chars, char *buf, size_t len)
{
	size_t	n;

	if (len == 0)
		return;
	n = utf8_prefix(s, chars);
	if (s[n] == '\0' && n < len) {
		memcpy(buf, s, n + 1);
		return;
	}
	/* Room for the ellipsis: one character less, and its 3 bytes. */
	n = utf8_prefix(s, chars > 1 ? chars - 1 : 0);
	if (n + 4 > len)
		n = utf8_cut(s, len > 4 ? len - 4 : 0);
	memcpy(buf, s, n);
	if (n + 4 <= len)
		memcpy(buf + n, "\xe2\x80\xa6", 4);
	else
		buf[n] = '\0';
}
