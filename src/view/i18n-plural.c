/*
 * i18n-plural.c: gettext's plural forms.  A catalog's header says, in C,
 * which form a count takes ("Plural-Forms: nplurals=3; plural=(n%10==1 &&
 * n%100!=11 ? 0 : ...);"); this evaluates that expression for a count,
 * so the rules of each language live in its catalog, not in the code.
 *
 * The grammar is the C subset gettext allows: n, numbers, ! * / % + - <
 * > <= >= == != && || ?: and parentheses.  A malformed expression gives
 * -1 and the caller uses the English rule.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"

/* The evaluator's cursor. */
struct plural {
	const char	*p;
	unsigned long	 n;
	int		 bad;
};

static unsigned long	plural_cond(struct plural *);

/* Skip blanks; is the next token tok?  Then take it. */
static int
plural_take(struct plural *e, const char *tok)
{
	size_t	len = strlen(tok);

	while (isspace((unsigned char)*e->p))
		e->p++;
	if (strncmp(e->p, tok, len) != 0)
		return (0);
	/* "<" is not "<=", "!" is not "!=", "=" alone is nothing. */
	if (len == 1 && strchr("<>!", *tok) != NULL && e->p[1] == '=')
		return (0);
	e->p += len;
	return (1);
}

/* primary: n, a number, or a parenthesised expression. */
static unsigned long
plural_primary(struct plural *e)
{
	unsigned long	 v;
	char		*end;

	while (isspace((unsigned char)*e->p))
		e->p++;
	if (*e->p == 'n') {
		e->p++;
		return (e->n);
	}
	if (isdigit((unsigned char)*e->p)) {
		v = strtoul(e->p, &end, 10);
		e->p = end;
		return (v);
	}
	if (plural_take(e, "(")) {
		v = plural_cond(e);
		if (!plural_take(e, ")"))
			e->bad = 1;
		return (v);
	}
	e->bad = 1;
	return (0);
}

/* unary: ! unary, or a primary. */
static unsigned long
plural_unary(struct plural *e)
{
	if (plural_take(e, "!"))
		return (!plural_unary(e));
	return (plural_primary(e));
}

/* mul: unary (* / % unary)... (a division by zero is 0). */
static unsigned long
plural_mul(struct plural *e)
{
	unsigned long	v = plural_unary(e), w;

	for (;;) {
		if (plural_take(e, "*"))
			v *= plural_unary(e);
		else if (plural_take(e, "/")) {
			w = plural_unary(e);
			v = w != 0 ? v / w : 0;
		} else if (plural_take(e, "%")) {
			w = plural_unary(e);
			v = w != 0 ? v % w : 0;
		} else
			return (v);
	}
}

/* add: mul (+ - mul)... */
static unsigned long
plural_add(struct plural *e)
{
	unsigned long	v = plural_mul(e);

	for (;;) {
		if (plural_take(e, "+"))
			v += plural_mul(e);
		else if (plural_take(e, "-"))
			v -= plural_mul(e);
		else
			return (v);
	}
}

/* rel: add (< > <= >= add)... */
static unsigned long
plural_rel(struct plural *e)
{
	unsigned long	v = plural_add(e);

	for (;;) {
		if (plural_take(e, "<="))
			v = v <= plural_add(e);
		else if (plural_take(e, ">="))
			v = v >= plural_add(e);
		else if (plural_take(e, "<"))
			v = v < plural_add(e);
		else if (plural_take(e, ">"))
			v = v > plural_add(e);
		else
			return (v);
	}
}

/* eq: rel (== != rel)... */
static unsigned long
plural_eq(struct plural *e)
{
	unsigned long	v = plural_rel(e);

	for (;;) {
		if (plural_take(e, "=="))
			v = v == plural_rel(e);
		else if (plural_take(e, "!="))
			v = v != plural_rel(e);
		else
			return (v);
	}
}

/* and: eq (&& eq)... */
static unsigned long
plural_and(struct plural *e)
{
	unsigned long	v = plural_eq(e), w;

	while (plural_take(e, "&&")) {
		w = plural_eq(e);
		v = v && w;
	}
	return (v);
}

/* or: and (|| and)... */
static unsigned long
plural_or(struct plural *e)
{
	unsigned long	v = plural_and(e), w;

	while (plural_take(e, "||")) {
		w = plural_and(e);
		v = v || w;
	}
	return (v);
}

/* cond: or (? cond : cond); both branches are read, one is kept. */
static unsigned long
plural_cond(struct plural *e)
{
	unsigned long	c = plural_or(e), a, b;

	if (!plural_take(e, "?"))
		return (c);
	a = plural_cond(e);
	if (!plural_take(e, ":")) {
		e->bad = 1;
		return (0);
	}
	b = plural_cond(e);
	return (c ? a : b);
}

/*
 * The plural form count n takes under a catalog header's Plural-Forms
 * (header: the whole header text); *nplurals gets the number of forms.
 * -1 if the header has no rule or a malformed one.
 */
int
i18n_plural(const char *header, unsigned long n, int *nplurals)
{
	struct plural	 e;
	const char	*p;
	unsigned long	 v;
	long		 np;
	char		*end;

	if ((p = strstr(header, "Plural-Forms:")) == NULL ||
	    (p = strstr(p, "nplurals=")) == NULL)
		return (-1);
	np = strtol(p + 9, &end, 10);
	if (np < 1 || np > 6 || (p = strstr(end, "plural=")) == NULL)
		return (-1);
	memset(&e, 0, sizeof e);
	e.p = p + 7;
	e.n = n;
	v = plural_cond(&e);
	while (isspace((unsigned char)*e.p))
		e.p++;
	if (e.bad || (*e.p != ';' && *e.p != '\n' && *e.p != '\0') ||
	    v >= (unsigned long)np)
		return (-1);
	*nplurals = (int)np;
	return ((int)v);
}
