/*
 * check_tg_send.h: what tests/check_tg_send's files share: the fixture
 * (a fresh database, the service, the bridge started against the stub
 * of the Bot API), made by ts_setup() and undone by ts_teardown()
 * (check_tg_result.c), with the fake clock (ts.t) the service and the
 * bridge run on, and the tests of the secret files tacd refuses
 * (check_tg_secret.c).
 */
#ifndef CHECK_TG_SEND_H
#define CHECK_TG_SEND_H

#include <check.h>
#include <stdint.h>

struct event_base;
struct store;
struct svc;
struct tg;

/* The service, the bridge as tacd starts it, and the stub. */
struct ts_fixture {
	char			 dir[256];
	char			 path[300];
	struct store		*store;
	struct svc		*svc;
	struct event_base	*base;
	struct tg		*tg;
	int64_t			 update;
	double			 t;	/* the fake clock: unix seconds */
};
extern struct ts_fixture	 ts;

/* check_tg_result.c */
void		 ts_setup(void);
void		 ts_teardown(void);

/* check_tg_secret.c */
void		 ts_add_secret(TCase *);

#endif /* CHECK_TG_SEND_H */
