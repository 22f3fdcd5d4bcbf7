/*
 * check_daemon.h: the suites of tests/check_daemon (store, service, menu)
 * and the helpers they share: a scratch database, a clock the tests wind,
 * events from scripted people, and the outbox as a list to search.
 */
#ifndef CHECK_DAEMON_H
#define CHECK_DAEMON_H

#include <check.h>
#include <stdint.h>

#include <jansson.h>
#include <sqlite3.h>

#include "service.h"
#include "store.h"

Suite		*suite_store(void);
Suite		*suite_store_guard(void);
Suite		*suite_store_lead(void);
void		 store_pg_tests(TCase *);
Suite		*suite_service(void);
Suite		*suite_game(void);
Suite		*suite_game_timers(void);
Suite		*suite_menu(void);
Suite		*suite_chat(void);
Suite		*suite_outbox(void);
Suite		*suite_link(void);
Suite		*suite_access(void);
Suite		*suite_stats(void);
Suite		*suite_stats_log(void);
Suite		*suite_end(void);
Suite		*suite_coop(void);
Suite		*suite_rematch(void);
Suite		*suite_web(void);
Suite		*suite_say(void);
Suite		*suite_play_words(void);
Suite		*suite_say_names(void);
Suite		*suite_learn(void);
Suite		*suite_hints(void);
Suite		*suite_commands(void);
Suite		*suite_pace(void);
Suite		*suite_left(void);
Suite		*suite_premove(void);
Suite		*suite_away(void);
Suite		*suite_remind(void);

#define TD_MAXOUT	4096
#define TD_T0		1700000000	/* the fake clock's start */

/* One delivered outbox row, its payload parsed. */
struct td_out {
	int64_t		 id;
	char		 chat[64];
	char		 kind[24];
	json_t		*payload;
};

/* A scratch database with a service over it. */
struct td {
	char		 dir[256];
	char		 path[300];
	int		 flags;
	struct store	*store;
	struct svc	*svc;
	int64_t		 now;		/* the fake clock */
	int64_t		 update;	/* the next update id */
	struct td_out	 out[TD_MAXOUT];
	int		 nout;
	/*
	 * How td_drain() answers the question whether a person is in a
	 * group ("member" rows): yes, except for the users listed in
	 * strangers (" u8 u9 ") or for everyone when members_unknown.
	 */
	char		 strangers[256];
	int		 members_unknown;
	int		 wipe;		/* PostgreSQL: its schema's number, to
					   empty at the first td_open() */
};

/*
 * The fixture the service's suites share (tcase_add_checked_fixture(tc,
 * fx_setup, fx_teardown)): each test gets a fresh database, fx.
 */
extern struct td	 fx;
void		 fx_setup(void);
void		 fx_teardown(void);

/* check_daemon_main.c */
void		 td_init(struct td *, int);
void		 td_open(struct td *);
void		 td_reopen(struct td *);
void		 td_close(struct td *);
void		 td_done(struct td *);
int64_t		 td_clock(void *);
int64_t		 td_sql_int(struct td *, const char *);
void		 td_sql(struct td *, const char *);
int		 td_event(struct td *, const char *, int, const char *, int,
		     const char *);
int		 td_say(struct td *, const char *, const char *);
int		 td_button(struct td *, const char *, const char *,
		     const char *);
int		 td_take(struct td *, struct svc_batch *);
void		 td_finish(struct td *, struct svc_batch *, const char *);
int		 td_drain(struct td *);
void		 td_clear(struct td *);
struct td_out	*td_find(struct td *, const char *, const char *);
int		 td_count(struct td *, const char *, const char *);
int		 td_told(struct td *, int64_t, int64_t, json_t **);
int		 td_exchanged(struct td *, int64_t);
const char	*td_str(const struct td_out *, const char *);
int64_t		 td_int(const struct td_out *, const char *);
void		 td_expect_error(struct td *, const char *, const char *);
int64_t		 td_game(struct td *, const char *);
int		 td_legal(struct td *, int64_t, int, char *, size_t);
int		 td_first_legal(struct td *, int64_t, char *, size_t);
int		 td_legal_of(struct td *, int64_t, int, char *, size_t);
int		 td_play(struct td *, int64_t, const char *, int);
int		 td_play_first(struct td *, int64_t, const char *);
int		 td_exchange(struct td *, int64_t, const char *);
int64_t		 td_lobby4(struct td *, const char *, const char *);
json_t		*td_pos_json(struct td *, int64_t);
struct svc_game	*td_info(struct td *, int64_t);
void		 td_check_replay(struct td *, int64_t);
int		 td_run_timers(struct td *);

/* check_stats.c, for check_stats_log.c: one database of the tests. */
extern struct td	 stats_td;
extern uint64_t		 rnd_state;
int64_t		 uid(struct td *, const char *);
int64_t		 q(struct td *, const char *, ...)
		     __attribute__((__format__(__printf__, 2, 3)));
unsigned	 rnd(unsigned);
int64_t		 open_random(const char *, int);
void		 play_random(int64_t, const char *);
void		 play_out(int64_t, const char *);

#endif /* CHECK_DAEMON_H */
