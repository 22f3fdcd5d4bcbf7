/*
 * i18n.h: translation catalogs for every text a person reads.
 *
 * A message id is the English text itself (as with gettext), so English
 * needs no catalog and an untranslated message still reads well.  Keep
 * each tr() call's message on one line: tests/daemon/i18n.sh finds them
 * by grep and checks that the Russian catalog has every one.
 */
#ifndef I18N_H
#define I18N_H

#include <stddef.h>

/* Marks a message id that is looked up later, for the catalog check. */
#define N_(s)	s

struct i18n_entry {
	const char	*id;		/* the English text */
	const char	*text;		/* the translation */
};

/* i18n-ru.c */
extern const struct i18n_entry	i18n_ru[];
extern const size_t		i18n_nru;

/* i18n.c */
const char	*tr(const char *, const char *)
		     __attribute__((__format_arg__(2)));
int		 i18n_known(const char *);
const char	*i18n_norm(const char *);
int		 i18n_check(char *, size_t);

#endif /* I18N_H */
