/*
 * i18n.c: look up a message in the reader's language, in the catalogs
 * compiled into the binary (GNU .mo files, i18n.h).
 *
 * A .mo file is a header, a table of the message ids (sorted, as msgfmt
 * writes them) and a table of their translations, each entry a length
 * and an offset; a message with a context is "CONTEXT\004ID", one with
 * plural forms holds its forms one after the other, NUL-separated.  A
 * lookup is a binary search.  English needs no catalog: it is the id.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"

#define I18N_MAGIC	0x950412deU
#define I18N_CTXSEP	'\004'

/* A 32-bit word of a catalog at byte off, in the catalog's byte order. */
static uint32_t
i18n_word(const struct i18n_catalog *c, size_t off, int swap)
{
	uint32_t	w;

	if (off + 4 > c->len)
		return (0);
	memcpy(&w, c->mo + off, 4);
	if (swap)
		w = (w >> 24) | ((w >> 8) & 0xff00) | ((w << 8) & 0xff0000) |
		    (w << 24);
	return (w);
}

/* Does the catalog look like a .mo file?  Its byte order into *swap. */
static int
i18n_valid(const struct i18n_catalog *c, int *swap)
{
	uint32_t	m;

	if (c->len < 28)
		return (0);
	memcpy(&m, c->mo, 4);
	if (m == I18N_MAGIC)
		*swap = 0;
	else if (((m >> 24) | ((m >> 8) & 0xff00) | ((m << 8) & 0xff0000) |
	    (m << 24)) == I18N_MAGIC)
		*swap = 1;
	else
		return (0);
	return (1);
}

/*
 * String k of the catalog's table at tab (originals or translations):
 * its bytes (NUL-terminated in the file) and length, NULL if out of
 * bounds.
 */
static const char *
i18n_string(const struct i18n_catalog *c, int swap, uint32_t tab, uint32_t k,
    uint32_t *len)
{
	uint32_t	n, off;

	n = i18n_word(c, tab + 8 * (size_t)k, swap);
	off = i18n_word(c, tab + 8 * (size_t)k + 4, swap);
	if ((size_t)off + n + 1 > c->len || c->mo[off + n] != '\0')
		return (NULL);
	*len = n;
	return ((const char *)c->mo + off);
}

/* The catalog of a language, NULL for English or a language we lack. */
static const struct i18n_catalog *
i18n_catalog(const char *lang)
{
	const struct i18n_catalog	*c;

	lang = i18n_norm(lang);
	for (c = i18n_catalogs; c->lang != NULL; c++) {
		if (strcmp(c->lang, lang) == 0)
			return (c);
	}
	return (NULL);
}

/*
 * The translation of key (an id, or "CONTEXT\004ID") in catalog c, with
 * its length (its plural forms are NUL-separated in it); NULL if none.
 */
static const char *
i18n_find(const struct i18n_catalog *c, const char *key, uint32_t *len)
{
	const char	*s;
	uint32_t	 n, orig, trans, lo, hi, mid, slen;
	int		 swap, cmp;

	if (c == NULL || !i18n_valid(c, &swap))
		return (NULL);
	n = i18n_word(c, 8, swap);
	orig = i18n_word(c, 12, swap);
	trans = i18n_word(c, 16, swap);
	for (lo = 0, hi = n; lo < hi; ) {
		mid = lo + (hi - lo) / 2;
		if ((s = i18n_string(c, swap, orig, mid, &slen)) == NULL)
			return (NULL);
		if ((cmp = strcmp(key, s)) == 0) {
			s = i18n_string(c, swap, trans, mid, len);
			/* An empty translation is none (gettext's rule). */
			return (s != NULL && *len > 0 ? s : NULL);
		}
		if (cmp < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return (NULL);
}

/* The language code we have a catalog for ("ru-RU" -> "ru"), else "en". */
const char *
i18n_norm(const char *lang)
{
	const struct i18n_catalog	*c;
	size_t				 len;

	if (lang == NULL)
		return ("en");
	for (c = i18n_catalogs; c->lang != NULL; c++) {
		len = strlen(c->lang);
		if (strncmp(lang, c->lang, len) == 0 &&
		    (lang[len] == '\0' || lang[len] == '-' || lang[len] == '_'))
			return (c->lang);
	}
	return ("en");
}

/* Is this a language we speak (English or one with a catalog)? */
int
i18n_known(const char *lang)
{
	if (lang == NULL)
		return (0);
	return (strcmp(lang, "en") == 0 || strcmp(i18n_norm(lang), "en") != 0);
}

/* How many languages there are: English and one per catalog. */
int
i18n_nlangs(void)
{
	int	n = 1;

	while (i18n_catalogs[n - 1].lang != NULL)
		n++;
	return (n);
}

/* Language i (0: "en", then the catalogs'), NULL past the last. */
const char *
i18n_lang(int i)
{
	if (i == 0)
		return ("en");
	if (i < 0 || i >= i18n_nlangs())
		return (NULL);
	return (i18n_catalogs[i - 1].lang);
}

/* The message id translated to lang, or the id itself. */
const char *
tr(const char *lang, const char *id)
{
	const char	*s;
	uint32_t	 len;

	if ((s = i18n_find(i18n_catalog(lang), id, &len)) == NULL)
		return (id);
	return (s);
}

/* A message with a context ("card", "TAKER"...), translated to lang. */
const char *
trc(const char *lang, const char *ctx, const char *id)
{
	const char	*s;
	char		 key[512];
	uint32_t	 len;

	if (snprintf(key, sizeof key, "%s%c%s", ctx, I18N_CTXSEP, id) >=
	    (int)sizeof key ||
	    (s = i18n_find(i18n_catalog(lang), key, &len)) == NULL)
		return (id);
	return (s);
}

/*
 * A message with plural forms, for count n: the form lang's catalog says
 * n takes ("1 player", "2 players"; Russian has three forms).
 */
const char *
trn(const char *lang, const char *id, const char *plural, unsigned long n)
{
	const struct i18n_catalog	*c = i18n_catalog(lang);
	const char			*s, *header, *end;
	uint32_t			 len, hlen;
	int				 k, np;

	if ((s = i18n_find(c, id, &len)) == NULL ||
	    (header = i18n_find(c, "", &hlen)) == NULL ||
	    (k = i18n_plural(header, n, &np)) < 0)
		return (n == 1 ? id : plural);
	/* Form k: the k-th of the NUL-separated forms. */
	for (end = s + len; k > 0 && s < end; k--)
		s += strlen(s) + 1;
	return (s < end ? s : (n == 1 ? id : plural));
}

/*
 * The conversions of a format as one string, in argument order: for
 * "%s takes %2$C" it is "sC" (numbered ones are put at their place; a
 * length modifier is kept: "lld").  -1 if a conversion is numbered twice
 * or past the last.
 */
static int
i18n_convs(const char *fmt, char *out, size_t len)
{
	char		 conv[8][8];
	const char	*p, *q;
	char		*end;
	long		 pos;
	int		 n = 0, k, i, max = 0;

	memset(conv, 0, sizeof conv);
	for (p = fmt; *p != '\0'; p++) {
		if (*p != '%')
			continue;
		if (p[1] == '%') {
			p++;
			continue;
		}
		q = p + 1;
		k = n++;
		pos = strtol(q, &end, 10);
		if (end != q && *end == '$' && pos >= 1 && pos <= 8) {
			k = (int)pos - 1;
			q = end + 1;
		}
		q += strspn(q, "-+ #0123456789.");
		i = (int)strspn(q, "lhjzt");
		if (k >= 8 || conv[k][0] != '\0' || q[i] == '\0')
			return (-1);
		snprintf(conv[k], sizeof conv[k], "%.*s", i + 1, q);
		if (k + 1 > max)
			max = k + 1;
		p = q + i;
	}
	out[0] = '\0';
	for (k = 0; k < max; k++) {
		if (conv[k][0] == '\0')
			return (-1);
		strncat(out, conv[k], len - strlen(out) - 1);
		strncat(out, ",", len - strlen(out) - 1);
	}
	return (0);
}

/*
 * Does each translation of a catalog's message at k take the message's
 * values: the same conversions, whatever their order?  -1 with why if not.
 */
static int
i18n_check_convs(const struct i18n_catalog *c, int swap, uint32_t k,
    char *why, size_t len)
{
	const char	*id, *t, *end;
	char		 a[64], b[64];
	uint32_t	 ilen, tlen, orig, trans;

	orig = i18n_word(c, 12, swap);
	trans = i18n_word(c, 16, swap);
	if ((id = i18n_string(c, swap, orig, k, &ilen)) == NULL ||
	    (t = i18n_string(c, swap, trans, k, &tlen)) == NULL)
		return (0);
	if ((end = strchr(id, I18N_CTXSEP)) != NULL)
		id = end + 1;
	if (*id == '\0' || i18n_convs(id, a, sizeof a) != 0)
		return (0);
	/* Every plural form takes the same values as the singular id. */
	for (end = t + tlen; t < end; t += strlen(t) + 1) {
		if (i18n_convs(t, b, sizeof b) != 0 || strcmp(a, b) != 0) {
			snprintf(why, len, "%s: \"%s\" takes %s, its "
			    "translation \"%s\" %s", c->lang, id, a, t, b);
			return (-1);
		}
	}
	return (0);
}

/*
 * Check the compiled catalogs: each is a .mo file with a plural rule
 * that works, each translates the same messages as the first, so no
 * language misses one, and every translation takes its message's values
 * (msgfmt -c checks C's formats; this also the engine's %C, %P and %L,
 * and numbered ones).  -1 with why on a problem.
 */
int
i18n_check(char *why, size_t len)
{
	const struct i18n_catalog	*a, *b = i18n_catalogs;
	const char			*s, *h;
	uint32_t			 n, orig, k, slen, tlen;
	unsigned long			 count;
	int				 swap, bswap, np;

	if (b->lang == NULL)
		return (0);
	if (!i18n_valid(b, &bswap)) {
		snprintf(why, len, "%s: not a .mo catalog", b->lang);
		return (-1);
	}
	for (a = i18n_catalogs; a->lang != NULL; a++) {
		if (!i18n_valid(a, &swap)) {
			snprintf(why, len, "%s: not a .mo catalog", a->lang);
			return (-1);
		}
		if ((h = i18n_find(a, "", &tlen)) == NULL ||
		    i18n_plural(h, 1, &np) < 0) {
			snprintf(why, len, "%s: no plural rule", a->lang);
			return (-1);
		}
		for (count = 0; count < 1000; count++) {
			if (i18n_plural(h, count, &np) < 0) {
				snprintf(why, len, "%s: the plural rule fails "
				    "for %lu", a->lang, count);
				return (-1);
			}
		}
		n = i18n_word(a, 8, swap);
		orig = i18n_word(a, 12, swap);
		for (k = 0; k < n; k++) {
			if ((s = i18n_string(a, swap, orig, k, &slen)) ==
			    NULL) {
				snprintf(why, len, "%s: message %u is out of "
				    "bounds", a->lang, k);
				return (-1);
			}
			if (*s != '\0' && i18n_find(b, s, &tlen) == NULL) {
				snprintf(why, len, "%s has \"%s\", %s has not",
				    a->lang, s, b->lang);
				return (-1);
			}
			if (*s != '\0' && i18n_find(a, s, &tlen) == NULL) {
				snprintf(why, len, "%s: \"%s\" is not "
				    "translated", a->lang, s);
				return (-1);
			}
			if (i18n_check_convs(a, swap, k, why, len) != 0)
				return (-1);
		}
		if (n != i18n_word(b, 8, bswap)) {
			snprintf(why, len, "%s has %u messages, %s has %u",
			    a->lang, n, b->lang, i18n_word(b, 8, bswap));
			return (-1);
		}
	}
	return (0);
}
