/*
 * service-int.h: what the service*.c files share and nobody else sees.
 */
#ifndef SERVICE_INT_H
#define SERVICE_INT_H

#include <jansson.h>

#include "service.h"
#include "store.h"

#define SVC_REMIND_MIN	60	/* deadlines shorter than this get no reminder */
#define SVC_DEADLINE_MAX (30 * 86400)
#define SVC_TIMER_BATCH	64	/* timers run per svc_timers() call */
#define SVC_KEEP_SENT	(2 * 86400)	/* delivered rows kept this long */
#define SVC_KEEP_SEEN	(2 * 86400)	/* update ids kept this long */
#define SVC_HOUSEKEEP	600	/* prune this often */
#define SVC_PRUNE	2000	/* rows per table and pruning step */
#define SVC_CACHE	4096	/* positions kept in memory (by game id) */
#define SVC_ANSWERS_MAX	64	/* answer rows read at once */
#define SVC_FRAMES	8	/* replayed moves kept for the app */

/*
 * A game's position as last saved, so that the next event on the game
 * needs no JSON parsing.  It is valid while the game's turn number is the
 * same; any rolled back transaction empties the whole cache.
 */
struct svc_cached {
	int64_t			id;
	int64_t			turn_no;
	struct tac_state	st;
};

/*
 * A move of a game as the app shows it, replayed from the log: the
 * positions before and after action at - 1, and that action
 * (service-web.c).  The game's creation time tells a game from another
 * that got a deleted one's id.
 */
struct svc_frame {
	int64_t			id;		/* 0: unused */
	int64_t			created;
	int64_t			at;
	struct tac_state	before;
	struct tac_state	st;
	int			last_seat;
	char			last[160];
};

/* A chat that got outbox rows since its bridge last asked. */
struct svc_touched {
	char		 platform[16];
	char		 chat[64];
};

/* The head of a batch a bridge took and has not finished. */
struct svc_taken {
	int64_t		 id;
	char		 platform[16];
	char		 chat[64];
	int64_t		 game;
	int		 type;		/* enum svc_out_kind */
};

/* A person's chat whose game's chat was told they cannot be reached. */
struct svc_told {
	char		 platform[16];
	char		 chat[64];
};

struct svc {
	struct store	*store;
	svc_clock_fn	 clock;
	void		*clock_arg;
	int64_t		 now;		/* the clock when the work began */
	int		 batch;		/* between svc_batch_begin and _end */
	int		 broken;	/* the batch's transaction was lost */
	int64_t		 bad_game;	/* a game whose log does not replay */
	struct tac_list	*list;		/* scratch for the engine (large) */
	uint64_t	 rng;		/* for the seeds of new games */
	int64_t		 housekept;	/* when pruning last ran */
	int64_t		 idle_remind;	/* a turn without a deadline is
					   reminded after this long, 0: never */
	int		 timer_ms;	/* svc_timers()' budget, 0: none */
	struct svc_cached *cache;	/* SVC_CACHE entries */
	struct svc_touched *touched;	/* chats with new rows */
	size_t		 ntouched;
	size_t		 stouched;
	struct svc_taken *taken;	/* batches out (service-outbox.c) */
	size_t		 ntaken;
	size_t		 staken;
	struct svc_told	*told;		/* people told about */
	size_t		 ntold;
	size_t		 stold;
	uint64_t	 reads;		/* games read (svc_game_reads()) */
	json_t		*refusal;	/* an app's event refused: {code,
					   args} (service-web.c) */
	struct svc_frame frames[SVC_FRAMES];	/* moves the app asked for */
	size_t		 nextframe;
	svc_read_fn	 reader;	/* /play's reader of words, or NULL */
	void		*reader_arg;
	json_t		*hinted;	/* an app's hint (service-hint.c) */
	int		 web_hint;	/* the app's event asks for one */
	struct svc_review *review;	/* the review being worked on
					   (service-review.c) */
	char		 err[512];
};

/* One event being processed. */
struct svc_ctx {
	struct svc		*svc;
	const struct svc_event	*ev;
	int64_t			 chat;		/* chats.id */
	int64_t			 user;		/* users.id */
	char			 chat_lang[8];
	char			 user_lang[8];
	char			 cmd[16];	/* lower case, no "/", no "@bot" */
	char			 args[512];	/* the rest, trimmed */
	int64_t			 pick;		/* "#ID" or a button's game, 0 */
	int64_t			 turn;		/* a button's turn number, -1 */
	int			 answered;	/* a button's answer is queued */
	int			 row_only;	/* find: the game's row, no position */
};

/*
 * A game loaded for work: its row, and its position once started.  st is
 * the rules' own position: during an exchange (D7) it is the one after
 * the deal, while the gifts given so far wait face down in gift[] (the
 * store keeps them, service-exchange.c) until all are in.
 */
struct svc_gm {
	struct store_game	 g;
	struct tac_state	 st;
	int			 started;	/* st is valid */
	struct store_gift	 gift[TAC_MAXSEATS];	/* card -1: not given */
	int			 ngifts;
};

/* service.c */
int		 svc_fail(struct svc *, const char *, ...)
		     __attribute__((__format__(__printf__, 2, 3)));
int		 svc_store_fail(struct svc *);
int		 svc_txn_begin(struct svc *);
int		 svc_txn_end(struct svc *, int);
void		 svc_cache_clear(struct svc *);
int		 svc_is_admin(struct svc_ctx *, const struct svc_gm *);
int		 svc_seat_of(const struct svc_gm *, int64_t);
int		 svc_game_facts(struct svc *, const struct store_game *,
		     struct svc_game *);

/* service-out.c */
int		 svc_put(struct svc *, const char *, const char *, int64_t,
		     int, json_t *);
int		 svc_put_chat(struct svc *, const struct svc_gm *, int,
		     json_t *);
int		 svc_put_seat(struct svc *, const struct svc_gm *, int, int,
		     json_t *);
int		 svc_put_seats(struct svc *, const struct svc_gm *, int);
int		 svc_refuse(struct svc_ctx *, const char *, const char *, ...);
int		 svc_tell(struct svc_ctx *, int64_t, const char *, const char *,
		     ...);
int		 svc_notify(struct svc_ctx *, const char *, const char *, ...);
int		 svc_reply(struct svc_ctx *, int, json_t *);
int		 svc_answer(struct svc_ctx *);
json_t		*svc_why(const struct tac_why *);

/* service-outbox.c */
void		 svc_touch(struct svc *, const char *, const char *);
int		 svc_edit_after(struct svc *, const struct svc_gm *, int);

/* service-ask.c */
int		 svc_ask_lobby(struct svc_ctx *, const struct svc_gm *);
int		 svc_ask(struct svc_ctx *, const struct svc_gm *, const char *,
		     int *);
int		 svc_ask_done(struct svc_ctx *, const struct svc_gm *,
		     const char *, const char *);

/* service-lobby.c */
int		 svc_cmd_new(struct svc_ctx *);
int		 svc_cmd_options(struct svc_ctx *);
int		 svc_cmd_join(struct svc_ctx *);
int		 svc_cmd_leave(struct svc_ctx *);
int		 svc_cmd_team(struct svc_ctx *);
int		 svc_cmd_ai(struct svc_ctx *);
int		 svc_cmd_start(struct svc_ctx *);
int		 svc_cmd_abort(struct svc_ctx *);
int		 svc_cmd_replace(struct svc_ctx *);
int		 svc_cmd_resume(struct svc_ctx *);
int		 svc_cmd_lang(struct svc_ctx *);

/* service-turn.c */
int		 svc_game_load(struct svc *, int64_t, struct svc_gm *);
int		 svc_game_find(struct svc_ctx *, struct svc_gm *);
int		 svc_game_begin(struct svc *, struct svc_gm *);
int		 svc_game_save(struct svc *, struct svc_gm *);
int		 svc_schedule(struct svc *, struct svc_gm *, int);
int		 svc_schedule_news(struct svc *, struct svc_gm *, int,
		     json_t **);
void		 svc_news_free(json_t **);
int		 svc_turn_next(struct svc *, struct svc_gm *, json_t **);
int		 svc_turn_retire(struct svc *, struct svc_gm *, int,
		     const char *, json_t *);
void		 svc_acting(const struct svc_gm *, int, struct tac_state *);
json_t		*svc_turn_facts(const struct tac_state *,
		     const struct tac_state *, const struct tac_action *);
int		 svc_turn_done(struct svc *, struct svc_gm *, int,
		     const struct tac_state *, const struct tac_action *, int);
int		 svc_running(struct svc_ctx *, const struct svc_gm *);
int		 svc_actor(struct svc_ctx *, struct svc_gm *, int *);
int		 svc_cmd_play(struct svc_ctx *);
int		 svc_cmd_hand(struct svc_ctx *);
int		 svc_cmd_board(struct svc_ctx *);

/* service-menu.c */
int		 svc_cmd_menu(struct svc_ctx *);
int		 svc_board_style(struct svc_ctx *);

/* service-link.c */
int		 svc_cmd_link(struct svc_ctx *);
int		 svc_pending(struct svc *, struct svc_gm *, int);

/* service-stats.c */
int		 svc_cmd_stats(struct svc_ctx *);
int		 svc_cmd_top(struct svc_ctx *);
int		 svc_cmd_history(struct svc_ctx *);
int		 svc_cmd_summary(struct svc_ctx *);
int		 svc_cmd_moves(struct svc_ctx *);
int		 svc_finished(struct svc_ctx *, struct store_game *);

/* service-end.c */
json_t		*svc_end_chart(struct svc *, int64_t, json_t *, int *);
int		 svc_end_summary(struct svc *, const struct svc_gm *);
int		 svc_end_tell(struct svc *, struct svc_gm *, const char *);
int		 svc_cmd_record(struct svc_ctx *);

/* service-web.c */
int		 svc_web_parse(struct svc_ctx *);
int		 svc_web_refuse(struct svc_ctx *, const char *, json_t *);

/* service-exchange.c */
int		 svc_gifts_load(struct svc *, struct svc_gm *);
int		 svc_gift_due(const struct svc_gm *, int);
int		 svc_gift_asked(const struct svc_gm *, int);
void		 svc_gift_state(const struct svc_gm *, int, struct tac_state *);
void		 svc_gift_shown(const struct svc_gm *, struct tac_state *);
int		 svc_gift_check(struct svc *, const struct svc_gm *, int,
		     struct tac_action *, struct tac_why *);
int		 svc_gift_give(struct svc *, struct svc_gm *, int,
		     const struct tac_action *, int);
int		 svc_gift_schedule(struct svc *, struct svc_gm *, int,
		     json_t **);
int		 svc_gift_timer(struct svc *, struct svc_gm *);
int		 svc_user_games(struct svc *, int64_t, int64_t *, int *, int);
/* service-hint.c */
struct hint;
json_t		*svc_hint_json(const struct hint *);
int		 svc_cmd_hint(struct svc_ctx *);
int		 svc_summary_hints(struct svc *, json_t *);

/* service-learn.c */
int		 svc_cmd_learn(struct svc_ctx *);

/* service-review.c */
int		 svc_cmd_review(struct svc_ctx *);
int		 svc_review_queue(struct svc *, const struct svc_gm *);
void		 svc_review_close(struct svc *);
/* service-live.c */
int		 svc_live_told(struct svc *, const struct svc_gm *, json_t *);
int		 svc_live_delivered(struct svc *, const struct svc_out *,
		     const char *);
int		 svc_live_pinned(struct svc *, const struct svc_out *, int,
		     const char *);
int		 svc_live_end(struct svc *, const struct svc_gm *);

/* service-timer.c */
int		 svc_ai_choose(struct svc *, const struct svc_gm *, int,
		     const struct tac_state *, int64_t, struct tac_action *);
int		 svc_ai_move(struct svc *, struct svc_gm *, int);
int		 svc_housekeep(struct svc *);

#endif /* SERVICE_INT_H */
