/*
 * i18n.c: look up a message in the chat's language.
 *
 * The catalogs are small, so a linear search is plenty; English is the
 * message id itself.
 */
#include <stdio.h>
#include <string.h>

#include "i18n.h"

/* The catalogs, by language code. */
static const struct {
	const char			*lang;
	const struct i18n_entry		*entries;
	const size_t			*n;
} i18n_langs[] = {
	{ "ru", i18n_ru, &i18n_nru },
};

/* The language code we have a catalog for ("ru-RU" -> "ru"), else "en". */
const char *
i18n_norm(const char *lang)
{
	size_t	i, len;

	if (lang == NULL)
		return ("en");
	for (i = 0; i < sizeof i18n_langs / sizeof i18n_langs[0]; i++) {
		len = strlen(i18n_langs[i].lang);
		if (strncmp(lang, i18n_langs[i].lang, len) == 0 &&
		    (lang[len] == '\0' || lang[len] == '-' || lang[len] == '_'))
			return (i18n_langs[i].lang);
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

/* The message id translated to lang, or the id itself. */
const char *
tr(const char *lang, const char *id)
{
	const struct i18n_entry	*e;
	size_t			 i, j;

	lang = i18n_norm(lang);
	for (i = 0; i < sizeof i18n_langs / sizeof i18n_langs[0]; i++) {
		if (strcmp(i18n_langs[i].lang, lang) != 0)
			continue;
		e = i18n_langs[i].entries;
		for (j = 0; j < *i18n_langs[i].n; j++) {
			if (strcmp(e[j].id, id) == 0)
				return (e[j].text);
		}
	}
	return (id);
}

/* The printf conversions of a format, in order, as one string: "sdd". */
static void
i18n_convs(const char *fmt, char *out, size_t len)
{
	const char	*p;
	size_t		 n = 0;

	for (p = fmt; *p != '\0'; p++) {
		if (*p != '%')
			continue;
		p++;
		while (*p != '\0' &&
		    strchr("-+ #0123456789.*lhjzt", *p) != NULL)
			p++;
		if (*p == '\0')
			break;
		if (*p != '%' && n + 1 < len)
			out[n++] = *p;
	}
	out[n] = '\0';
}

/*
 * Check every catalog: each translation must take the same printf
 * arguments in the same order as its id, or a format would read the wrong
 * argument.  Returns -1 with the first problem in why.
 */
int
i18n_check(char *why, size_t len)
{
	const struct i18n_entry	*e;
	char			 a[32], b[32];
	size_t			 i, j, k;

	for (i = 0; i < sizeof i18n_langs / sizeof i18n_langs[0]; i++) {
		e = i18n_langs[i].entries;
		for (j = 0; j < *i18n_langs[i].n; j++) {
			i18n_convs(e[j].id, a, sizeof a);
			i18n_convs(e[j].text, b, sizeof b);
			if (strcmp(a, b) != 0) {
				snprintf(why, len, "%s: \"%s\": arguments %s, "
				    "translation has %s", i18n_langs[i].lang,
				    e[j].id, a, b);
				return (-1);
			}
			for (k = 0; k < j; k++) {
				if (strcmp(e[k].id, e[j].id) == 0) {
					snprintf(why, len, "%s: \"%s\" twice",
					    i18n_langs[i].lang, e[j].id);
					return (-1);
				}
			}
		}
	}
	return (0);
}
