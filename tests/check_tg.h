/*
 * check_tg.h: the Telegram bridge's test harness (check_tg_harness.c),
 * shared by the suites of tests/check_tg: the board pictures, the statistics,
 * how people meet the bot, the Mini App's init data, the live message's
 * reposts.
 */
#ifndef CHECK_TG_H
#define CHECK_TG_H

#include <check.h>

#include "tg-int.h"

#define TT_MAXREQ	64	/* calls of one drain */

/*
 * The service under test, on a fake clock, in a scratch directory, and
 * a bridge that is not started (tg_new()): tt_drain() delivers as its
 * sender would, every call answered "ok".
 */
struct tt {
	char		 dir[256];
	char		 path[300];
	struct store	*store;
	struct svc	*svc;
	struct tg	*tg;
	int64_t		 now;
	int64_t		 update;
	int64_t		 nextmsg;	/* message ids the "API" gives */
	struct tg_req	*reqs[TT_MAXREQ];	/* the calls of the last drain */
	char		 kinds[TT_MAXREQ][24];	/* ... the kind of its first row */
	int		 nrows[TT_MAXREQ];	/* ... how many rows it delivered */
	int64_t		 msgs[TT_MAXREQ];	/* ... the message it made or
					   edited */
	int		 photos[TT_MAXREQ];	/* ... which was a photo */
	uint64_t	 rreads[TT_MAXREQ];	/* ... games read to compose it */
	int		 nreqs;
	uint64_t	 reads;		/* games read by the last drain */
	int		 nbatches;	/* ... the batches it composed */
	const char	*member;	/* what getChatMember's ChatMember says
					   ("status"), NULL: "member" */
};

/* A stand-in for picture_render(), for a test that sets tt_draw. */
typedef int	 tt_draw_fn(const struct tac_state *,
		     const struct picture_opts *, unsigned char **, size_t *);
extern tt_draw_fn *tt_draw;
extern int	 tt_drawn;	/* boards drawn since tt_open() */

void		 tt_open(struct tt *);
void		 tt_clear(struct tt *);
void		 tt_close(struct tt *);
void		 tt_update(struct tt *, const char *);
void		 tt_say(struct tt *, const char *, const char *, const char *);
void		 tt_press(struct tt *, const char *, const char *, int64_t, int,
		     const char *);
void		 tt_drain(struct tt *);
struct tg_req	*tt_find(struct tt *, const char *, const char *);
int		 tt_index(struct tt *, const char *, const char *);
const char	*tt_button(const struct tg_req *, const char *);
size_t		 tt_nbuttons(const struct tg_req *);
const char	*tt_nth(const struct tg_req *, size_t, const char **);
const char	*tt_words(const struct tg_req *);
const char	*tt_headed(const char *, const char *);
const char	*tt_caption(const struct tg_req *);
const char	*tt_url(const struct tg_req *, const char *);
json_t		*tt_keybutton(const struct tg_req *, const char *);
void		 tt_fits(const struct tg_req *);

Suite		*suite_tg_initdata(void);
Suite		*suite_tg_photo(void);
Suite		*suite_tg_split(void);
Suite		*suite_tg_stats(void);
Suite		*suite_tg_link(void);
Suite		*suite_tg_left(void);
Suite		*suite_tg_time(void);
Suite		*suite_tg_repost(void);

#endif /* CHECK_TG_H */
