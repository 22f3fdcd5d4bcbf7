/*
 * render.h: chat text from the game service's outbox rows and views.
 *
 * The service writes semantic rows ("moved", "turn", ...); bridges call
 * render_out() at delivery to turn one into text in the chat's language.
 * Everything a person reads goes through the catalogs of i18n.h.
 */
#ifndef RENDER_H
#define RENDER_H

#include <stddef.h>

#include "service.h"
#include "tac.h"

/* A growing string; rbuf_free() releases it. */
struct rbuf {
	char	*s;
	size_t	 len;
	size_t	 size;
};

/* How marbles are marked. */
enum render_style {
	RENDER_PLAIN,		/* a letter per colour */
	RENDER_ANSI,		/* the letters in terminal colours */
	RENDER_EMOJI		/* coloured circles, for chat apps */
};

struct render_opts {
	int		 style;		/* enum render_style */
	const char	*lang;		/* when the row has no game: "en" */
	const char	*viewer;	/* the reader's user id, or NULL */
	int		 menu;		/* "turn" rows show a numbered menu */
};

/* render.c */
void		 rbuf_add(struct rbuf *, const char *, ...)
		     __attribute__((__format__(__printf__, 2, 3)));
void		 rbuf_addstr(struct rbuf *, const char *);
void		 rbuf_reset(struct rbuf *);
void		 rbuf_free(struct rbuf *);
const char	*render_lang(const struct svc_game *, const char *);
void		 render_mark(const struct render_opts *, const char *, int,
		     struct rbuf *);
void		 render_seat(const struct render_opts *,
		     const struct svc_game *, int, struct rbuf *);
char		*render_seat_dup(const struct render_opts *,
		     const struct svc_game *, int);
void		 render_action(const struct svc_game *,
		     const struct tac_action *, struct rbuf *);
int		 render_action_text(const struct svc_game *, const char *,
		     struct rbuf *);
void		 render_turnline(const struct render_opts *,
		     const struct svc_game *, const struct tac_state *,
		     struct rbuf *);
void		 render_board(const struct render_opts *,
		     const struct svc_game *, const struct tac_state *,
		     struct rbuf *);
void		 render_hand(const struct svc_game *, const struct tac_state *,
		     int, struct rbuf *);
int		 render_menu(const struct svc_game *, const struct tac_state *,
		     struct tac_list *, struct rbuf *);
void		 render_lobby(const struct render_opts *,
		     const struct svc_game *, struct rbuf *);
void		 render_result(const struct render_opts *,
		     const struct svc_game *, int, struct rbuf *);
int		 render_out(struct svc *, const struct svc_out *,
		     const struct render_opts *, struct rbuf *);

#endif /* RENDER_H */
