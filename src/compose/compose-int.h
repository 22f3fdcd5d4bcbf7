/*
 * compose-int.h: what the compose*.c files share and nobody else sees.
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
	struct svc_game		  g;
	struct tac_state	  st;		/* its position, if g.started */
};

/* compose-app.c */
void		 compose_app(struct compose_ctx *, struct compose_msg *);
void		 compose_app_history(struct compose_ctx *, const char *, int64_t,
		     struct compose_keys *);

/* compose-msg.c */
int		 compose_ctx_game(struct compose_ctx *, int64_t);
int64_t		 compose_row_game(const struct svc_out *);
void		 compose_row_lang(struct compose_ctx *, const struct svc_out *,
		     char *, size_t);
int		 compose_none(struct compose_msg *);
void		 compose_named(const struct svc_out *, const char *,
		     struct compose_msg *);

/* compose.c */
int		 compose_text(struct compose_ctx *, const struct svc_out *,
		     struct rbuf *);
int64_t		 compose_int(json_t *, const char *, int64_t);
const char	*compose_str(json_t *, const char *);
void		 compose_moved(const struct render_opts *,
		     const struct render_game *, json_t *, struct rbuf *);
void		 compose_time(int64_t, char *, size_t);

/* compose-live.c */
int		 compose_live_row(struct compose_ctx *, const struct svc_out *);
void		 compose_live(struct compose_ctx *, const struct svc_out *,
		     struct compose_msg *);

void		 compose_words(const struct render_game *, int, int,
		     const char *, json_t *, struct rbuf *);

/* compose-private.c */
int		 compose_acting(const struct compose_ctx *, int,
		     struct tac_state *);
void		 compose_time(int64_t, char *, size_t);
void		 compose_news(const struct render_game *, int, json_t *,
		     struct rbuf *);
void		 compose_turn(struct compose_ctx *, const struct render_game *,
		     int, int64_t, json_t *, struct rbuf *);
void		 compose_hand(struct compose_ctx *, const struct render_game *,
		     int, json_t *, struct rbuf *);
void		 compose_ended(const struct svc_game *, int, json_t *,
		     struct rbuf *);

/* compose-say.c */
void		 compose_say_game(struct svc *, const struct svc_game *,
		     const char *, json_t *, struct rbuf *);

/* compose-end.c */
int		 compose_document(struct compose_ctx *, struct compose_msg *);

/* compose-menu.c */
int		 compose_menu(struct compose_ctx *, int, const char *,
		     struct rbuf *, struct compose_keys *);
void		 compose_turnmsg(struct compose_ctx *, struct compose_msg *,
		     int);

/* compose-picture.c */
void		 compose_picture_board(struct compose_ctx *,
		     struct compose_picture *);
void		 compose_picture_names(const struct svc_game *,
		     struct compose_picture *);
uint32_t	 compose_boardkey(const struct tac_state *);

/* compose-learn.c, compose-hint.c, compose-review.c: learning's rows */
struct tac_why;
int		 compose_learn_row(struct compose_ctx *, const struct svc_out *,
		     struct compose_msg *);
int		 compose_hint_row(struct compose_ctx *, const struct svc_out *,
		     struct compose_msg *);
int		 compose_review_row(struct compose_ctx *,
		     const struct svc_out *, struct compose_msg *);
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
int		 compose_pictures(const struct compose_opts *, json_t *);
void		 compose_reason(const struct render_game *, json_t *,
		     struct tac_why *, struct rbuf *);

#endif /* COMPOSE_INT_H */
