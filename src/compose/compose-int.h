/*
 * compose-int.h: what the compose*.c files share and nobody else sees.
 *
 * The files call one another down this order, never back up:
 *
 *   compose-msg.c      a batch made into one message (compose_batch())
 *   compose-kind.c     the table of kinds: each kind's make and flags
 *   compose-<kind>.c   the makes of each kind's message, and what they
 *                      share among them (the live message, the menu,
 *                      the app's button, a move in words, a picture)
 *   compose-ctx.c      the batch's game and a row's values
 *   compose-keys.c     buttons
 */
#ifndef COMPOSE_INT_H
#define COMPOSE_INT_H

#include <jansson.h>

#include "compose.h"

/*
 * What one batch's message is made from: the options, and the game the
 * rows are about, read once (compose_ctx_game()); a merged row of another
 * game reads that one in its place.
 */
struct compose_ctx {
	struct svc		 *svc;
	const struct compose_opts *o;
	int64_t			  id;		/* the game read, 0: none */
	int			  have;		/* ... it is there */
	struct svc_game		  g;		/* its language the row's */
	struct tac_state	  st;		/* its position, if g.started */
};

/*
 * Make a row's message into m, whose kind, chat, game and language are
 * set, its form the kind's (struct compose_kind), with the row's game
 * read into c: the message's form, or COMPOSE_NONE (compose_none())
 * when there is nothing to send.
 */
typedef int	compose_make_fn(struct compose_ctx *, const struct svc_out *,
		    struct compose_msg *);

/* One kind of outbox row: the form of its message, its make, its ways. */
struct compose_kind {
	int		 form;		/* enum compose_form, as a rule */
	compose_make_fn	*make;
	int		 flags;		/* COMPOSE_K_* (compose.h) */
};

/* compose-kind.c */
const struct compose_kind *compose_kind(int);

/* compose-ctx.c */
int64_t		 compose_int(json_t *, const char *, int64_t);
const char	*compose_str(json_t *, const char *);
int64_t		 compose_row_game(const struct svc_out *);
int		 compose_ctx_game(struct compose_ctx *, int64_t);
void		 compose_ctx_row(struct compose_ctx *, const struct svc_out *,
		     char *, size_t);
int		 compose_names(const struct compose_ctx *,
		     const struct svc_out *, const char *);
int		 compose_acting(const struct compose_ctx *, int,
		     struct tac_state *);
int		 compose_due(struct compose_ctx *, const struct svc_out *,
		     const char *, int64_t, struct rbuf *, struct rbuf *);
int		 compose_quiet(struct compose_ctx *, const struct svc_out *);
void		 compose_named(const struct svc_out *, const char *,
		     struct compose_msg *);
int		 compose_kept(struct compose_ctx *, struct compose_msg *, int);
int		 compose_unsaid(const struct svc_out *, struct compose_msg *);
int		 compose_none(struct compose_msg *);

/* compose-away.c */
compose_make_fn	 compose_away_make;

/* compose-digest.c */
compose_make_fn	 compose_digest_make;
int		 compose_away_says(struct svc *, const char *, const char *,
		     json_t *, struct rbuf *);
void		 compose_away_live(const struct svc_game *, const char *,
		     int64_t, struct rbuf *);

/* compose-access.c */
int		 compose_access_says(const char *, const char *, json_t *,
		     struct rbuf *);
compose_make_fn	 compose_member_make;

/* compose-app.c */
void		 compose_app(struct compose_ctx *, struct compose_msg *, int);
void		 compose_app_history(struct compose_ctx *, const char *, int64_t,
		     struct compose_keys *);

/* compose-news.c: a game's lines in its chat, and a move in words */
void		 compose_words(const struct render_game *, int, int,
		     const char *, json_t *, struct rbuf *);
void		 compose_words_quoted(const struct render_game *, int, int,
		     const char *, json_t *, struct rbuf *);
void		 compose_moved(const struct render_opts *,
		     const struct render_game *, json_t *, struct rbuf *);
compose_make_fn	 compose_moved_make, compose_seat_make,
		 compose_exchanged_make, compose_takeover_make,
		 compose_over_make;

/* compose-read.c */
const char	*compose_answer_word(const char *, int);

/* compose-live.c */
int		 compose_live_row(struct compose_ctx *, const struct svc_out *);
void		 compose_live(struct compose_ctx *, struct compose_msg *);

/* compose-board.c */
compose_make_fn	 compose_board_make, compose_edit_board_make,
		 compose_pin_make;

/* compose-lobby.c */
compose_make_fn	 compose_lobby_make, compose_edit_lobby_make,
		 compose_aborted_make, compose_options_make,
		 compose_confirm_make;

/* compose-private.c */
compose_make_fn	 compose_turn_make, compose_hand_make, compose_reminder_make,
		 compose_played_make, compose_retire_make, compose_ended_make;

/* compose-menu.c */
void		 compose_turnmsg(struct compose_ctx *, struct compose_msg *,
		     int, const char *);
compose_make_fn	 compose_menu_make;
compose_make_fn	 compose_premove_make;

/* compose-say.c */
void		 compose_say_game(struct svc *, const struct svc_game *,
		     const char *, json_t *, struct rbuf *);
compose_make_fn	 compose_say_make, compose_answer_make;

/* compose-hello.c */
compose_make_fn	 compose_help_make, compose_rules_make,
		 compose_unreachable_make;

/* compose-stats.c */
compose_make_fn	 compose_stats_make, compose_top_make, compose_history_make,
		 compose_summary_make, compose_record_make, compose_chart_make;

/* compose-end.c */
compose_make_fn	 compose_document_make;

/* compose-rematch.c */
compose_make_fn	 compose_rematch_make, compose_rematch_ask_make;
void		 compose_rematch_keys(const struct svc_out *,
		     struct compose_msg *);

/* compose-picture.c */
void		 compose_picture_board(struct compose_ctx *,
		     struct compose_picture *);
void		 compose_picture_names(const struct svc_game *,
		     struct compose_picture *);
int		 compose_picture_bottom(const struct svc_game *, const char *);
uint32_t	 compose_boardkey(const struct tac_state *);

/* compose-learn.c, compose-hint.c, compose-review.c: learning's rows */
struct tac_why;
compose_make_fn	 compose_lesson_make, compose_hint_make, compose_review_make;
struct menu;
void		 compose_hint_mark(const struct menu *, int64_t, int64_t,
		     const char *, struct compose_keys *);
int		 compose_hint_answer(struct compose_ctx *,
		     const struct svc_out *, struct rbuf *);
int		 compose_hint_text(const struct svc_game *,
		     const struct tac_state *, int, json_t *, struct rbuf *);
void		 compose_hint_words(const struct render_game *,
		     const struct tac_state *, int, json_t *, struct rbuf *);
void		 compose_hint_key(struct compose_ctx *, struct compose_msg *);
void		 compose_review_key(const struct svc_out *,
		     struct compose_msg *);
void		 compose_hints_note(const char *, json_t *, struct rbuf *);
int		 compose_learn_says(const char *, const char *, json_t *,
		     struct rbuf *);

/* compose-pace.c */
compose_make_fn	 compose_forced_make;
void		 compose_pace_clock(const char *, const struct svc_game *,
		     struct rbuf *);

/* compose-settings.c */
compose_make_fn	 compose_settings_make;
int		 compose_settings_says(const char *, const char *, json_t *,
		     struct rbuf *);
int		 compose_pictures(const struct compose_opts *, json_t *);
void		 compose_reason(const struct render_game *, json_t *,
		     struct tac_why *, struct rbuf *);

#endif /* COMPOSE_INT_H */
