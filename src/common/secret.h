/*
 * secret.h: a secret read from its file (src/common/secret.c): the bot
 * token, the webhook's secret, the database's password; a file that
 * others than its owner may read or write is refused.  Errors: -1 with
 * *cause set (malloc'd), nothing kept.
 */
#ifndef SECRET_H
#define SECRET_H

#include <stddef.h>

enum secret_form {
	SECRET_WORD,		/* one word, white space around it cut */
	SECRET_LINE		/* the first line whole, blanks kept */
};

int	secret_read(const char *, const char *, enum secret_form, char *,
	    size_t, char **);

#endif /* SECRET_H */
