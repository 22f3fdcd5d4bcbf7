/*
 * check_tg_stub.h: a stand-in for bot/telegram/tg-http.c (the Bot API
 * over libcurl), for tests/check_tg_send: every call the bridge makes is
 * kept, in order, for the test to look at and to answer as Telegram
 * would, or not at all.
 */
#ifndef CHECK_TG_STUB_H
#define CHECK_TG_STUB_H

#include <sys/queue.h>

#include "tg-int.h"

/* One call the bridge made, waiting for its answer. */
struct stub_call {
	char			 method[32];
	json_t			*params;	/* the call's, owned */
	char			 file[16];	/* an upload's form field */
	size_t			 len;		/* ... its bytes */
	tg_http_cb		 cb;
	void			*arg;
	TAILQ_ENTRY(stub_call)	 entry;
};

/* How Telegram answers (stub_answer()). */
struct stub_answer {
	long		 status;	/* 0: no answer (the transport failed) */
	const char	*desc;
	json_t		*result;	/* borrowed, or NULL */
	int64_t		 retry_after;
	int64_t		 migrate;
};

struct stub_call	*stub_first(const char *);
int			 stub_count(const char *);
void			 stub_answer(struct tg *, struct stub_call *,
			     const struct stub_answer *);
void			 stub_ok(struct tg *, struct stub_call *, int64_t);
void			 stub_drop(struct tg *, const char *);
const char		*stub_chat(const struct stub_call *);

#endif /* CHECK_TG_STUB_H */
