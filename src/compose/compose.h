/*
 * compose.h: outbox rows made into messages people read.
 *
 * The service writes semantic rows ("moved", "turn", ...); a bridge asks
 * here, at delivery, for the row's text and buttons in the reader's
 * language, made from the game as it is now (a late row never shows a
 * stale board).  The words come from the view (src/view/); what is a
 * platform's own (HTML, inline keyboards, which message to edit) stays in
 * the bridge.  Nothing here changes a game: it only reads the service.
 */
#ifndef COMPOSE_H
#define COMPOSE_H

#include <stddef.h>
#include <stdint.h>

#include "render.h"
#include "service.h"

/* One button: what it says and the button data it sends (svc_button_data). */
struct compose_key {
	char		 label[128];
	char		 data[SVC_BUTTON_MAX + 1];
	int		 row;		/* rows are numbered from 0 */
};

/* A keyboard: buttons in rows, in order.  compose_keys_free() releases. */
struct compose_keys {
	struct compose_key *k;
	size_t		 n;
	size_t		 size;
	int		 rows;		/* rows used so far */
};

/* compose.c */
void		 compose_game(const struct svc_game *, struct render_game *);
int		 compose_text(struct svc *, const struct svc_out *,
		     const struct render_opts *, struct rbuf *);
void		 compose_played(const struct svc_game *, const char *,
		     struct rbuf *);

/* compose-lobby.c */
void		 compose_lobby(const struct render_opts *,
		     const struct svc_game *, struct rbuf *);
void		 compose_keys_lobby(const struct svc_game *, const char *,
		     struct compose_keys *);
void		 compose_keys_options(const struct svc_game *, const char *,
		     struct compose_keys *);

/* compose-keys.c */
void		 compose_keys_add(struct compose_keys *, const char *, int64_t,
		     int64_t, const char *);
void		 compose_keys_newrow(struct compose_keys *);
void		 compose_keys_free(struct compose_keys *);
int		 compose_menu(struct svc *, const struct svc_game *, int,
		     const char *, struct rbuf *, struct compose_keys *);
int		 compose_turnkeys(struct svc *, const struct svc_game *, int,
		     struct compose_keys *);

#endif /* COMPOSE_H */
