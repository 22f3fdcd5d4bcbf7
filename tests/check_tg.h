/*
 * check_tg.h: the Telegram bridge's test harness (check_tg.c), shared
 * with the board picture cases (check_tg_photo.c).
 */
#ifndef CHECK_TG_H
#define CHECK_TG_H

#include <check.h>

#include "tg-int.h"

/* The service under test, on a fake clock, in a scratch directory. */
struct tt {
	char		 dir[256];
	char		 path[300];
	struct store	*store;
	struct svc	*svc;
	struct tg	*tg;
	int64_t		 now;
	int64_t		 update;
	int64_t		 nextmsg;	/* message ids the "API" gives */
	struct tg_req	 reqs[64];	/* the calls of the last drain */
	char		 kinds[64][24];
	int64_t		 msgs[64];	/* the message each call made or edited */
	int		 nreqs;
};

void		 tt_open(struct tt *);
void		 tt_clear(struct tt *);
void		 tt_close(struct tt *);
void		 tt_say(struct tt *, const char *, const char *, const char *);
void		 tt_press(struct tt *, const char *, const char *, int64_t,
		     const char *);
void		 tt_drain(struct tt *);
struct tg_req	*tt_find(struct tt *, const char *, const char *);

Suite		*suite_tg_initdata(void);
Suite		*suite_tg_photo(void);
Suite		*suite_tg_split(void);
Suite		*suite_tg_stats(void);
Suite		*suite_tg_link(void);

#endif /* CHECK_TG_H */
