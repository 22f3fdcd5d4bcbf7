/*
 * tg-initdata.h: a Telegram Mini App's init data, checked as Telegram
 * specifies (tg-initdata.c).  Pure: no I/O, no clock of its own, so
 * the unit tests and the fuzz target call it directly.
 */
#ifndef TG_INITDATA_H
#define TG_INITDATA_H

#include <stddef.h>
#include <stdint.h>

#include "tg.h"

#define TG_INIT_MAX	4096	/* bytes of init data taken */
#define TG_INIT_PAIRS	32	/* key=value pairs taken */

/* One key=value pair, both decoded (they point into the parse's copy). */
struct tg_init_pair {
	const char	*key;
	const char	*value;
	size_t		 vlen;
};

/* Init data split into its pairs; tg_initdata_free() releases it. */
struct tg_init {
	char			*buf;		/* the decoded text */
	struct tg_init_pair	 pairs[TG_INIT_PAIRS];
	int			 npairs;
};

/* What checked init data says. */
struct tg_initdata {
	struct tg_person	 who;
	int64_t			 auth_date;
	char			 start[80];	/* start_param, "" if none */
	char			 chat_type[16];	/* "private", "group", "" */
};

int		 tg_initdata_parse(const char *, size_t, struct tg_init *,
		     const char **);
void		 tg_initdata_free(struct tg_init *);
const char	*tg_initdata_get(const struct tg_init *, const char *);
size_t		 tg_initdata_string(const struct tg_init *, char *, size_t);
int		 tg_initdata_check(const char *, size_t, const char *, int64_t,
		     int64_t, struct tg_initdata *, const char **);

#endif /* TG_INITDATA_H */
