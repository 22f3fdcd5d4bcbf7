/*
 * i18n.h: every text a person reads, in the reader's language.
 *
 * The catalogs are gettext's: src/view/po/LANG.po, edited as translators
 * edit them (Poedit, Weblate), checked by msgfmt -c and compiled into the
 * binaries at build time (src/view/po/embed.sh), so each chat has its
 * own language and the host needs no locale.  English is the message id
 * itself.  xgettext finds the ids through tr(), trn(), trc(), N_() and
 * NC_() (make update-po).
 */
#ifndef I18N_H
#define I18N_H

#include <stddef.h>

/* Marks a message id that is looked up later (with tr()). */
#define N_(s)		s
/* Marks a message id with a context, looked up later with trc(). */
#define NC_(c, s)	s

/* One compiled catalog (embed.sh writes the table, NULL-ended). */
struct i18n_catalog {
	const char		*lang;		/* "ru" */
	const unsigned char	*mo;		/* the .mo file's bytes */
	size_t			 len;
};
extern const struct i18n_catalog	i18n_catalogs[];

/* i18n.c */
const char	*tr(const char *, const char *)
		     __attribute__((__format_arg__(2)));
const char	*trn(const char *, const char *, const char *,
		     unsigned long)
		     __attribute__((__format_arg__(2), __format_arg__(3)));
const char	*trc(const char *, const char *, const char *)
		     __attribute__((__format_arg__(3)));
int		 i18n_known(const char *);
const char	*i18n_norm(const char *);
int		 i18n_nlangs(void);
const char	*i18n_lang(int);
int		 i18n_check(char *, size_t);

/* i18n-plural.c */
int		 i18n_plural(const char *, unsigned long, int *);

#endif /* I18N_H */
