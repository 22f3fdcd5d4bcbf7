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
#define SVC_SEAT_ASK_TTL 86400	/* an ask for a seat waits this long */
#define SVC_REMATCH_TTL	86400	/* a rematch's offer lapses after this */
#define SVC_AWAY_MAX	(14 * 86400)	/* /away for this long at most */
#define SVC_AWAY_GAMES	256	/* running games /away reaches, at most */
#define SVC_LOBBIES	5	/* lobbies a person may have opened at once,
				   unless svc_set_lobby_cap() says */

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
	int		 lobby_cap;	/* lobbies a person may have opened */
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
	json_t		*refusal;	/* an app's event refused: {code,
					   args} (service-web.c) */
	struct svc_frame frames[SVC_FRAMES];	/* moves the app asked for */
	size_t		 nextframe;
	svc_read_fn	 reader;	/* /play's reader of words, or NULL */
	void		*reader_arg;
	svc_answer_fn	 answer;	/* reads yes and no in words, or NULL */
	void		*answer_arg;
	json_t		*hinted;	/* an app's hint (service-hint.c) */
	int		 web_hint;	/* the app's event asks for one */
	struct svc_review *review;	/* the review being worked on
					   (service-review.c) */
	void		(*committed)(void *);	/* svc_on_commit() */
	void		*committed_arg;
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
	const struct svc_command *command;	/* the command being run */
	int			 want;		/* enum svc_want: what the command
						   asks of the game it names */
	int			 bykey;		/* the game was named by its key */
	int64_t			 checked;	/* a game whose group the platform
						   was asked about, 0: none ... */
	int			 member;	/* ... and its answer (enum
						   svc_member) */
};

/* What svc_access() says. */
enum svc_verdict {
	SVC_DENY,		/* not theirs: the game does not exist to them */
	SVC_ALLOW,
	SVC_ASK,		/* a seat from outside its group: ask the
				   platform whether they are a member */
	SVC_NOT_MEMBER,		/* the platform said no (they hold its key) */
	SVC_UNCHECKED		/* the platform could not say */
};

/* Who asks, and what they bring (svc_who_of()). */
struct svc_who {
	const char		*platform;
	int64_t			 user;		/* users.id, 0: never seen */
	int64_t			 chat;		/* chats.id they write in, 0:
						   none (an app) */
	int			 private_chat;
	int			 bykey;		/* they named it by its key */
	int64_t			 checked;	/* the game the platform was
						   asked about, 0: none */
	int			 member;	/* ... its answer, enum svc_member */
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

/*
 * The core, from the bottom up: a file calls only the files above it in
 * this list (tests/circles.sh checks that no files call each other in a
 * circle).  Nothing here calls a command (service-cmds.h): a command's
 * file calls the core, never another command.
 */

/* service-time.c */
int		 svc_user_time(struct svc *, int64_t, const char *,
		     struct svc_ptime *);
int		 svc_user_quiet(struct svc *, int64_t, const char *, int64_t);
int64_t		 svc_seat_due(struct svc *, const struct store_seat *,
		     int64_t);
int		 svc_bank_start(struct svc *, const struct svc_gm *, int,
		     const struct store_pace *, int64_t *, int64_t *);
int		 svc_bank_spend(struct svc *, const struct svc_gm *, int, int);
int		 svc_bank_pause(struct svc *, const struct svc_gm *, int);
int		 svc_clock_stopped(const struct store_seat *, int64_t);
int64_t		 svc_away_left(struct svc *, const struct svc_gm *, int);

/* service-remind.c */
int64_t		 svc_remind_after(int64_t);
int		 svc_remind_seat(struct svc *, const struct svc_gm *, int,
		     int64_t);
int		 svc_remind_looked(struct svc *, int64_t, int64_t);
int		 svc_remind_opened(struct svc *, const struct svc_gm *, int);

/* service-digest.c */
int		 svc_digest_arm(struct svc *, const struct svc_gm *, int);
int		 svc_digest_timers(struct svc *);

/* service-core.c */
int		 svc_fail(struct svc *, const char *, ...)
		     __attribute__((__format__(__printf__, 2, 3)));
int		 svc_store_fail(struct svc *);
void		 svc_cache_clear(struct svc *);
int		 svc_txn_begin(struct svc *);
int		 svc_txn_end(struct svc *, int);
int		 svc_is_admin(struct svc_ctx *, const struct svc_gm *);
int		 svc_seat_of(const struct svc_gm *, int64_t);
int		 svc_game_facts(struct svc *, const struct store_game *,
		     struct svc_game *);
json_t		*svc_chat_game_of(struct svc_ctx *);

/* service-out.c */
int		 svc_put(struct svc *, const char *, const char *, int64_t,
		     int, json_t *);
int		 svc_put_chat(struct svc *, const struct svc_gm *, int,
		     json_t *);
int		 svc_put_seat(struct svc *, const struct svc_gm *, int, int,
		     json_t *);
int		 svc_put_seats(struct svc *, const struct svc_gm *, int);
int		 svc_reply(struct svc_ctx *, int, json_t *);
int		 svc_answer(struct svc_ctx *);
int		 svc_answer_hint(struct svc_ctx *, int64_t, json_t *);
int		 svc_refuse(struct svc_ctx *, const char *, const char *, ...);
int		 svc_tell(struct svc_ctx *, int64_t, const char *,
		     const char *, ...);
int		 svc_notify(struct svc_ctx *, const char *, const char *, ...);
json_t		*svc_why(const struct tac_why *);
void		 svc_touch(struct svc *, const char *, const char *);
struct svc_taken *svc_taken_find(struct svc *, int64_t);
int		 svc_taken_is(struct svc *, const char *, const char *,
		     int64_t, int);
int		 svc_edit_after(struct svc *, const struct svc_gm *, int);
int		 svc_web_refuse(struct svc_ctx *, const char *, json_t *);

/* service-access.c */
int		 svc_access(const struct store_game *, const struct svc_who *,
		     int);
void		 svc_who_of(const struct svc_ctx *, struct svc_who *);
int		 svc_no_game(struct svc_ctx *, int64_t);
int		 svc_game_named(struct svc_ctx *, int64_t,
		     struct store_game *);
int		 svc_game_visible(struct svc_ctx *, int64_t,
		     struct store_game *);
int		 svc_may(struct svc_ctx *, const struct svc_gm *);
int		 svc_may_as(struct svc_ctx *, const struct svc_gm *, int,
		     const char *);
int		 svc_member_ask(struct svc_ctx *, const struct store_game *);

/* service-ask.c */
int		 svc_ask_lobby(struct svc_ctx *, const struct svc_gm *);
int		 svc_ask_done(struct svc_ctx *, const struct svc_gm *,
		     const char *, const char *);
int		 svc_ask(struct svc_ctx *, const struct svc_gm *, const char *,
		     int *);


/* service-live.c */
int		 svc_live_told(struct svc *, const struct svc_gm *, json_t *);
int		 svc_live_delivered(struct svc *, const struct svc_out *,
		     const char *);
int		 svc_live_pinned(struct svc *, const struct svc_out *, int,
		     const char *);
int		 svc_live_end(struct svc *, const struct svc_gm *);

/* service-outbox.c */
int		 svc_finish_rows(struct svc *, struct svc_batch *, int,
		     int64_t, const char *);

/* service-gift.c */
int		 svc_gifts_load(struct svc *, struct svc_gm *);
int		 svc_gift_due(const struct svc_gm *, int);
int		 svc_gift_ai(const struct svc_gm *, int);
int		 svc_gift_asked(const struct svc_gm *, int);
int		 svc_gift_seat(const struct tac_state *, int);
void		 svc_gift_state(const struct svc_gm *, int,
		     struct tac_state *);
void		 svc_gift_shown(const struct svc_gm *, struct tac_state *);
int		 svc_gift_check(struct svc *, const struct svc_gm *, int,
		     struct tac_action *, struct tac_why *);

/* service-game.c */
int		 svc_game_load(struct svc *, int64_t, struct svc_gm *);
int		 svc_game_save(struct svc *, struct svc_gm *);
int		 svc_game_find(struct svc_ctx *, struct svc_gm *);
int		 svc_running(struct svc_ctx *, const struct svc_gm *);
int		 svc_actor(struct svc_ctx *, struct svc_gm *, int *);
void		 svc_acting(const struct svc_gm *, int, struct tac_state *);
int		 svc_user_games(struct svc *, int64_t, int64_t *, int *, int);

/* service-premove.c */
int		 svc_premove_due(struct svc *, const struct svc_gm *,
		     struct tac_action *);
int		 svc_premove_drop(struct svc *, const struct svc_gm *, int);
/* service-holiday.c */
int		 svc_holiday_begin(struct svc *, int64_t,
		     const struct store_away *, int *);
int		 svc_holiday_end(struct svc *, int64_t, int, int *);
int		 svc_holiday_timers(struct svc *);

/* service-schedule.c */
int		 svc_turn_forced(struct svc *, const struct svc_gm *,
		     struct tac_action *);
int		 svc_schedule_news(struct svc *, struct svc_gm *, int,
		     json_t **);
int		 svc_schedule(struct svc *, struct svc_gm *, int);
void		 svc_news_free(json_t **);
int		 svc_gift_schedule(struct svc *, struct svc_gm *, int,
		     json_t **);
int		 svc_pending(struct svc *, struct svc_gm *, int);

/* service-hint.c */
struct hint;
json_t		*svc_hint_json(const struct hint *);
int		 svc_summary_hints(struct svc *, json_t *);

/* service-end.c */
json_t		*svc_end_chart(struct svc *, int64_t, json_t *, int *);
int		 svc_end_summary(struct svc *, const struct svc_gm *);
int		 svc_end_tell(struct svc *, struct svc_gm *, const char *);

/* service-review.c */
int		 svc_review_send(struct svc *, int64_t, int, const char *,
		     const char *, const char *, const char *);
void		 svc_review_close(struct svc *);
int		 svc_review_queue(struct svc *, const struct svc_gm *);

/* service-turn.c */
int		 svc_game_begin(struct svc *, struct svc_gm *);
int		 svc_turn_next(struct svc *, struct svc_gm *, json_t **);
json_t		*svc_turn_facts(const struct tac_state *,
		     const struct tac_state *, const struct tac_action *, int);
int		 svc_turn_retire(struct svc *, struct svc_gm *, int,
		     const char *, json_t *);
int		 svc_turn_done(struct svc *, struct svc_gm *, int,
		     const struct tac_state *, const struct tac_action *, int);
int		 svc_turn_premove(struct svc *, struct svc_gm *,
		     const struct tac_action *);

/* service-seat.c */
int		 svc_lobby_changed(struct svc *, struct svc_gm *);
int		 svc_seat_arg(const struct svc_gm *, const char *);
int		 svc_in_lobby(struct svc_ctx *, const struct svc_gm *);
void		 svc_new_creator(struct svc_gm *);
void		 svc_me(struct svc_ctx *, struct store_seat *);
int		 svc_seat_set(struct svc *, struct svc_gm *, int,
		     const struct store_seat *);
int		 svc_seat_news(struct svc *, struct svc_gm *, int,
		     const char *);
int		 svc_seat_away(struct svc *, struct svc_gm *, int,
		     const char *);
int		 svc_seat_free(struct svc *, struct svc_gm *, int);
int		 svc_seat_take(struct svc *, struct svc_gm *, int,
		     const struct store_seat *, const char *);
int		 svc_join_running(struct svc_ctx *, struct svc_gm *, int, int);
int		 svc_seat_join(struct svc_ctx *);
int		 svc_lobby_start(struct svc_ctx *);
int		 svc_seat_replace(struct svc_ctx *, struct svc_gm *);

/* service-offer.c */
int		 svc_offer_full(const struct svc_gm *);
int		 svc_offer_held(const struct store_rematch *, int, int64_t);
int		 svc_offer_begin(struct svc *, struct svc_gm *);
int		 svc_offer_lapse(struct svc *, struct svc_gm *);

/* service-gone.c */
int		 svc_gone(struct svc *, const struct svc_event *);

/* service-ai.c */
int		 svc_ai_choose(struct svc *, const struct svc_gm *, int,
		     const struct tac_state *, int64_t, struct tac_action *);

/* service-exchange.c */
int		 svc_gift_give(struct svc *, struct svc_gm *, int,
		     const struct tac_action *, int);
int		 svc_gift_timer(struct svc *, struct svc_gm *);

/* service-timer.c */
int		 svc_ai_move(struct svc *, struct svc_gm *, int);
int		 svc_housekeep(struct svc *);

/* service-web.c */
int64_t		 svc_web_user(struct svc *, const char *, const char *,
		     char *);
int		 svc_web_parse(struct svc_ctx *);

/*
 * The top floor: an event's command read and run (service-cmd.c), and a
 * platform's answer that runs one again (service-member.c).
 */

/* service-cmd.c */
int		 svc_event_run(struct svc *, const struct svc_event *, int64_t,
		     int);

/* service-member.c */
int		 svc_member_answer(struct svc *, const struct svc_out *, int);

#endif /* SERVICE_INT_H */
