/*
 * lang.h: the languages tacd speaks.  The list is here, below every layer
 * that chooses a language (the service: a chat's, a person's) or speaks
 * one (the view's catalogs, src/view/po/, one for each but English).
 */
#ifndef LANG_H
#define LANG_H

#include <stddef.h>

#define LANG_MAX	8	/* bytes of a code, with its NUL: "en" */

/* lang.c */
const char	*lang_find(const char *);
size_t		 lang_count(void);
const char	*lang_code(size_t);
void		 lang_list(char *, size_t);
const char	*lang_accept(const char *);

#endif /* LANG_H */
