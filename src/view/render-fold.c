/*
 * render-fold.c: the form in which two texts of a move are compared,
 * what a person typed and what tacd showed, so that a move copied from a
 * button or a line, or typed by hand, reads the same: letters in lower
 * case (Latin, German, Cyrillic, Georgian's capitals), "ё" as "е",
 * arrows as the notation's ">" and "<>", dashes as "-", blanks as one
 * space and none around ">", ":", "," and brackets, no circled number in
 * front (a numbered button) and no quotes.
 */
#include <string.h>

#include "render.h"

/* Decode one UTF-8 character at s: its code point and length in *n. */
static unsigned long
fold_decode(const unsigned char *s, size_t *n)
{
	unsigned long	c = s[0];
	size_t		len, i;

	if (c < 0x80 || (c & 0xc0) == 0x80 || c >= 0xf8) {
		*n = 1;
		return (c < 0x80 ? c : 0xfffd);
	}
	len = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : 2;
	c &= 0xff >> (len + 1);
	for (i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80) {
			*n = i;
			return (0xfffd);
		}
		c = (c << 6) | (s[i] & 0x3f);
	}
	*n = len;
	return (c);
}

/* Encode code point c into out (room for 4 bytes); its length. */
static size_t
fold_encode(unsigned long c, char *out)
{
	if (c < 0x80) {
		out[0] = (char)c;
		return (1);
	}
	if (c < 0x800) {
		out[0] = (char)(0xc0 | (c >> 6));
		out[1] = (char)(0x80 | (c & 0x3f));
		return (2);
	}
	if (c < 0x10000) {
		out[0] = (char)(0xe0 | (c >> 12));
		out[1] = (char)(0x80 | ((c >> 6) & 0x3f));
		out[2] = (char)(0x80 | (c & 0x3f));
		return (3);
	}
	out[0] = (char)(0xf0 | (c >> 18));
	out[1] = (char)(0x80 | ((c >> 12) & 0x3f));
	out[2] = (char)(0x80 | ((c >> 6) & 0x3f));
	out[3] = (char)(0x80 | (c & 0x3f));
	return (4);
}

/* The lower case of a letter of the scripts tacd speaks; c otherwise. */
static unsigned long
fold_lower(unsigned long c)
{
	if (c >= 'A' && c <= 'Z')
		return (c + 0x20);
	if (c >= 0xc0 && c <= 0xde && c != 0xd7)	/* Ä, Ö, Ü ... */
		return (c + 0x20);
	if (c >= 0x410 && c <= 0x42f)			/* А..Я */
		return (c + 0x20);
	if (c >= 0x400 && c <= 0x40f)			/* Ѐ..Џ, Ё */
		return (c + 0x50);
	if (c == 0x451)					/* ё as е */
		return (0x435);
	if (c >= 0x1c90 && c <= 0x1cbf)			/* Mtavruli */
		return (c - 0x1c90 + 0x10d0);
	return (c);
}

/* Append n bytes to out (of len bytes, *off used), always terminated. */
static void
fold_put(char *out, size_t len, size_t *off, const char *s, size_t n)
{
	if (*off + n < len) {
		memcpy(out + *off, s, n);
		*off += n;
	}
	out[*off] = '\0';
}

/* Does the folded text so far end in a character after which no blank? */
static int
fold_glued(const char *out, size_t off)
{
	return (off == 0 || strchr(" >(:,", out[off - 1]) != NULL ||
	    (off >= 2 && out[off - 1] == '>' && out[off - 2] == '<'));
}

/*
 * Write text folded (see the top of the file) into out, of len bytes;
 * lower: also in lower case.  Without lower it is the form the notation
 * reader takes apart (render-read.c), blanks kept as typed.
 */
void
render_fold(const char *text, int lower, char *out, size_t len)
{
	const unsigned char	*p = (const unsigned char *)text;
	unsigned long		 c;
	size_t			 n, off = 0;
	char			 enc[4];

	if (len == 0)
		return;
	out[0] = '\0';
	while (*p != '\0') {
		c = fold_decode(p, &n);
		p += n;
		if (c == '-' && *p == '>') {		/* -> */
			c = 0x2192;
			p++;
		} else if (c == '<' && p[0] == '-' && p[1] == '>') {
			c = 0x2194;			/* <-> */
			p += 2;
		}
		if (c == '\t' || c == '\n' || c == '\r' || c == '\v' ||
		    c == '\f' || c == 0xa0 || c == 0x202f)
			c = ' ';
		if (c == 0x2013 || c == 0x2014 || c == 0x2212)
			c = '-';
		/* A numbered button's circled number, quotes: left out. */
		if ((c >= 0x2460 && c <= 0x2473) || c == 0xab || c == 0xbb ||
		    c == 0x201e || c == 0x201c || c == 0x201d || c == '"')
			continue;
		if (lower)
			c = fold_lower(c);
		if (c == ' ') {
			if (!lower || !fold_glued(out, off))
				fold_put(out, len, &off, " ", 1);
			continue;
		}
		if (lower && off > 0 && out[off - 1] == ' ' &&
		    (c == 0x2192 || c == 0x2194 || c == '>' || c == '<' ||
		    c == ':' || c == ',' || c == ')'))
			off--;
		if (c == 0x2192)
			fold_put(out, len, &off, ">", 1);
		else if (c == 0x2194)
			fold_put(out, len, &off, "<>", 2);
		else
			fold_put(out, len, &off, enc, fold_encode(c, enc));
	}
	/* The end: no blank, no full stop. */
	while (off > 0 && (out[off - 1] == ' ' || (lower &&
	    out[off - 1] == '.')))
		out[--off] = '\0';
}
