/*
 * bridge-jscan.c: a tolerant scanner of JSON text.
 *
 * jansson refuses a whole document for one string it does not like (a
 * \u0000, a lone surrogate, bytes that are not UTF-8), so one such update
 * in a getUpdates answer would stop every chat.  This scanner checks only
 * the structure (brackets that match, strings that end, a ':' after each
 * key and ',' between members) and finds where each value lies; what is
 * inside a string, number or literal is left for jansson to judge, one
 * update at a time.
 *
 * Nothing here allocates: nesting is kept as a bit stack, at most
 * BRIDGE_JSCAN_DEPTH deep (jansson's own limit), so any bytes are safe.
 */
#include <string.h>

#include "bridge-jscan.h"

#define BRIDGE_JSCAN_DEPTH	2048

/* Where the scanner is in a text. */
struct bridge_scan {
	const char	*p;
	size_t		 len;
	size_t		 at;
};

/*
 * Skip white space, as JSON defines it, and NUL bytes: jansson drops a
 * NUL that follows a number or literal, so a text it reads may hold one.
 */
static void
bridge_jscan_ws(struct bridge_scan *s)
{
	char	c;

	for (; s->at < s->len; s->at++) {
		c = s->p[s->at];
		if (c != ' ' && c != '\n' && c != '\r' && c != '\t' && c != '\0')
			break;
	}
}

/* After white space, is the next byte c?  Then skip it. */
static int
bridge_jscan_eat(struct bridge_scan *s, char c)
{
	bridge_jscan_ws(s);
	if (s->at < s->len && s->p[s->at] == c) {
		s->at++;
		return (1);
	}
	return (0);
}

/*
 * Skip a string (after white space); -1 if there is none or it never
 * ends.  A backslash hides the byte after it, so a quote ends the string
 * only after an even run of backslashes; the rest of an escape is
 * ordinary bytes.
 */
static int
bridge_jscan_string(struct bridge_scan *s)
{
	const char	*q, *b, *start;

	bridge_jscan_ws(s);
	if (s->at >= s->len || s->p[s->at] != '"')
		return (-1);
	start = s->p + ++s->at;
	for (;;) {
		if ((q = memchr(s->p + s->at, '"', s->len - s->at)) == NULL)
			return (-1);
		s->at = (size_t)(q - s->p) + 1;
		for (b = q; b > start && b[-1] == '\\'; b--)
			;
		if ((q - b) % 2 == 0)
			return (0);
	}
}

/* Does c end a number or literal? */
static int
bridge_jscan_delim(char c)
{
	switch (c) {
	case ' ': case '\t': case '\n': case '\r': case '\0':
	case ',': case ':': case '[': case ']': case '{': case '}': case '"':
		return (1);
	default:
		return (0);
	}
}

/* Skip a number or literal: the bytes up to a delimiter, at least one. */
static int
bridge_jscan_scalar(struct bridge_scan *s)
{
	size_t	start = s->at;

	while (s->at < s->len && !bridge_jscan_delim(s->p[s->at]))
		s->at++;
	return (s->at > start ? 0 : -1);
}

/* Skip a member's key and its colon. */
static int
bridge_jscan_key(struct bridge_scan *s)
{
	if (bridge_jscan_string(s) != 0 || !bridge_jscan_eat(s, ':'))
		return (-1);
	return (0);
}

/*
 * Skip one value (after white space), with everything nested in it;
 * -1 if its structure is broken or nested deeper than BRIDGE_JSCAN_DEPTH.
 */
static int
bridge_jscan_value(struct bridge_scan *s)
{
	unsigned char	stack[BRIDGE_JSCAN_DEPTH / 8];	/* 1: an object */
	int		depth = 0, obj, ended;
	char		c;

	for (;;) {
		/* A value starts here. */
		bridge_jscan_ws(s);
		if (s->at >= s->len)
			return (-1);
		c = s->p[s->at];
		ended = 1;
		if (c == '{' || c == '[') {
			if (depth == BRIDGE_JSCAN_DEPTH)
				return (-1);
			obj = c == '{';
			if (obj)
				stack[depth / 8] |= 1 << (depth % 8);
			else
				stack[depth / 8] &= ~(1 << (depth % 8));
			depth++;
			s->at++;
			if (bridge_jscan_eat(s, obj ? '}' : ']'))
				depth--;
			else if (obj && bridge_jscan_key(s) != 0)
				return (-1);
			else
				ended = 0;
		} else if (c == '"') {
			if (bridge_jscan_string(s) != 0)
				return (-1);
		} else if (bridge_jscan_scalar(s) != 0)
			return (-1);

		/* A value ended: close the containers that end with it. */
		while (ended) {
			if (depth == 0)
				return (0);
			obj = (stack[(depth - 1) / 8] >> ((depth - 1) % 8)) & 1;
			if (bridge_jscan_eat(s, ',')) {
				if (obj && bridge_jscan_key(s) != 0)
					return (-1);
				ended = 0;
			} else if (bridge_jscan_eat(s, obj ? '}' : ']'))
				depth--;
			else
				return (-1);
		}
	}
}

/* Is the string just skipped (from start to s->at) exactly "key"? */
static int
bridge_jscan_is(const struct bridge_scan *s, size_t start, const char *key)
{
	size_t	n = strlen(key);

	return (s->at - start == n + 2 && memcmp(s->p + start + 1, key, n) ==
	    0);
}

/*
 * Find the member key of the JSON object that is the whole text: its
 * value's span.  The key is compared as raw bytes (no escapes); the
 * text's whole structure must be sound, with nothing after the object.
 * -1 if it is not, or the key is missing or there twice.
 */
int
bridge_jscan_member(const char *buf, size_t len, const char *key,
    struct bridge_span *sp)
{
	struct bridge_scan	s = { buf, len, 0 };
	size_t		kstart, vstart;
	int		found = 0, mine;

	if (!bridge_jscan_eat(&s, '{'))
		return (-1);
	if (!bridge_jscan_eat(&s, '}')) {
		for (;;) {
			bridge_jscan_ws(&s);
			kstart = s.at;
			if (bridge_jscan_string(&s) != 0)
				return (-1);
			mine = bridge_jscan_is(&s, kstart, key);
			if (!bridge_jscan_eat(&s, ':'))
				return (-1);
			bridge_jscan_ws(&s);
			vstart = s.at;
			if (bridge_jscan_value(&s) != 0)
				return (-1);
			if (mine) {
				if (found)
					return (-1);
				found = 1;
				sp->off = vstart;
				sp->len = s.at - vstart;
			}
			if (bridge_jscan_eat(&s, ','))
				continue;
			if (bridge_jscan_eat(&s, '}'))
				break;
			return (-1);
		}
	}
	bridge_jscan_ws(&s);
	if (s.at != len || !found)
		return (-1);
	return (0);
}

/*
 * Walk the JSON array that is the whole text: cb(arg, span) for each
 * element, in order.  The number of elements, or -1 if the structure is
 * broken somewhere; the spans given before a -1 are then worthless.
 */
long
bridge_jscan_array(const char *buf, size_t len, bridge_jscan_cb cb, void *arg)
{
	struct bridge_scan	s = { buf, len, 0 };
	struct bridge_span	sp;
	long		n = 0;

	if (!bridge_jscan_eat(&s, '['))
		return (-1);
	if (!bridge_jscan_eat(&s, ']')) {
		for (;;) {
			bridge_jscan_ws(&s);
			sp.off = s.at;
			if (bridge_jscan_value(&s) != 0)
				return (-1);
			sp.len = s.at - sp.off;
			if (cb != NULL)
				cb(arg, &sp);
			n++;
			if (bridge_jscan_eat(&s, ','))
				continue;
			if (bridge_jscan_eat(&s, ']'))
				break;
			return (-1);
		}
	}
	bridge_jscan_ws(&s);
	return (s.at == len ? n : -1);
}

/* A non-negative integer in plain digits (no sign, no leading 0); -1. */
static int64_t
bridge_jscan_number(const char *p, size_t len)
{
	int64_t	v = 0;
	size_t	i;

	if (len == 0 || (p[0] == '0' && len > 1))
		return (-1);
	for (i = 0; i < len; i++) {
		if (p[i] < '0' || p[i] > '9' ||
		    v > (INT64_MAX - (p[i] - '0')) / 10)
			return (-1);
		v = v * 10 + (p[i] - '0');
	}
	return (v);
}

/*
 * The update_id of an Update's text, read without judging its strings:
 * the first top-level "update_id" member of the object, a plain
 * non-negative integer; what follows it is not read (bridge_jscan_array() has
 * checked an element's structure, and jansson refuses a second one).  -1
 * if the text is no such object (broken before the member, the member
 * missing, or not an integer jansson would read the same).
 */
int64_t
bridge_jscan_id(const char *buf, size_t len)
{
	struct bridge_scan	s = { buf, len, 0 };
	size_t		kstart, vstart;
	int		mine;

	if (!bridge_jscan_eat(&s, '{') || bridge_jscan_eat(&s, '}'))
		return (-1);
	for (;;) {
		bridge_jscan_ws(&s);
		kstart = s.at;
		if (bridge_jscan_string(&s) != 0)
			return (-1);
		mine = bridge_jscan_is(&s, kstart, "update_id");
		if (!bridge_jscan_eat(&s, ':'))
			return (-1);
		bridge_jscan_ws(&s);
		vstart = s.at;
		if (bridge_jscan_value(&s) != 0)
			return (-1);
		if (mine)
			return (bridge_jscan_number(buf + vstart, s.at -
			    vstart));
		if (!bridge_jscan_eat(&s, ','))
			return (-1);
	}
}
