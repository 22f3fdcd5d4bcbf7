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

#include "chart.h"
#include "render.h"
#include "service.h"

/*
 * What a button does: send its data back (a press), or open a link to
 * the bot that a bridge makes of data, a payload: add the bot to a group,
 * or open the person's private chat with it ("/start PAYLOAD" there).
 */
enum compose_link {
	COMPOSE_PRESS,
	COMPOSE_LINK_GROUP,
	COMPOSE_LINK_START
};

/* One button: what it says and the button data it sends (svc_button_data). */
struct compose_key {
	char		 label[128];
	char		 data[SVC_BUTTON_MAX + 1];
	int		 row;		/* rows are numbered from 0 */
	int		 link;		/* enum compose_link */
};

/* Where a greeting or a command list is for (compose-hello.c). */
#define COMPOSE_IN_PRIVATE	0x1
#define COMPOSE_IN_GROUP	0x2

/* A keyboard: buttons in rows, in order.  compose_keys_free() releases. */
struct compose_keys {
	struct compose_key *k;
	size_t		 n;
	size_t		 size;
	int		 rows;		/* rows used so far */
};

#define COMPOSE_MERGE	32	/* rows one message delivers, at most */
#define COMPOSE_OPTS	9	/* a turn's choices drawn on its picture */

struct menu;

/* How a bridge wants its messages. */
struct compose_opts {
	struct render_opts r;
	size_t		 merge;		/* merge a burst of notices up to this
					   many characters; 0: never */
};

/*
 * One message, whole: what a bridge sends for one or more outbox rows,
 * or for the edit of a board or lobby message.
 */
struct compose_msg {
	int		 kind;		/* the first row's, enum svc_out_kind */
	char		 chat[64];
	int64_t		 game;		/* 0 if none */
	struct svc_game	 g;		/* the game as it is now, if have */
	int		 have;
	char		 lang[8];	/* the reader's language */
	int		 seat;		/* the seat of a private row */
	struct rbuf	 text;		/* plain text, no markup */
	int		 mono;		/* a text board: monospaced */
	int		 picture;	/* a board the chat wants as a picture
					   (text stands in if drawing fails),
					   or a chart */
	struct chart	*chart;		/* a chart to draw (its text stands
					   in), or NULL; owned */
	unsigned char	*file;		/* a document to send (text is its
					   caption), NUL-terminated, or NULL;
					   owned */
	size_t		 filelen;
	char		 filename[64];
	struct rbuf	 alt;		/* what is said instead when the
					   document cannot be sent */
	struct compose_keys keys;	/* its buttons */
	int		 setkeys;	/* keys are the message's buttons, even
					   none: an edit takes old ones away */
	char		 edit[32];	/* the message it replaces (as the
					   bridge stored it), "" for a new one */
	int		 editonly;	/* if that message is gone, send none */
	int64_t		 rows[COMPOSE_MERGE];	/* the rows it delivers */
	int		 nrows;
	int64_t		 board;		/* then edit this game's board */
	int64_t		 lobby;		/* then take this game's lobby buttons */
	int		 empty;		/* nothing to send: the rows are done */
	struct tac_action opts[COMPOSE_OPTS];	/* a turn's choices, for its
					   picture: arrows numbered from 1 */
	int		 nopts;
	struct tac_state *pos;		/* the position the picture shows
					   when it is not the game's own now
					   (a lesson, a review), or NULL;
					   owned */
};

/* compose-msg.c */
int		 compose_row(struct svc *, const struct svc_out *,
		     const struct compose_opts *, struct compose_msg *);
int		 compose_edit(struct svc *, const char *, int64_t, int,
		     const struct compose_opts *, struct compose_msg *);
int		 compose_none(struct compose_msg *);
void		 compose_msg_free(struct compose_msg *);

/* compose.c */
void		 compose_game(const struct svc_game *, struct render_game *);
int		 compose_text(struct svc *, const struct svc_out *,
		     const struct render_opts *, struct rbuf *);
void		 compose_played(const struct svc_game *, struct json_t *,
		     struct rbuf *);

/* compose-say.c */
void		 compose_say(struct svc *, const char *, struct json_t *,
		     struct rbuf *);

/* compose-lobby.c */
void		 compose_lobby(const struct render_opts *,
		     const struct svc_game *, struct rbuf *);
void		 compose_keys_lobby(const struct svc_game *, const char *,
		     struct compose_keys *);
void		 compose_keys_options(const struct svc_game *, const char *,
		     struct compose_keys *);

/* compose-stats.c */
void		 compose_stats(const char *, const struct svc_out *,
		     struct rbuf *);
void		 compose_stats_keys(const char *, const struct svc_out *,
		     struct compose_keys *);
int		 compose_chart(const char *, struct json_t *, struct chart *);

/* compose-end.c */
int		 compose_document(struct svc *, const struct svc_out *,
		     struct compose_msg *);
int		 compose_homes(const char *, struct json_t *, struct chart *);

/* compose-hello.c */
int		 compose_greeting(struct json_t *);
void		 compose_welcome(const char *, int, const char *,
		     struct rbuf *, struct compose_keys *);
int		 compose_command(int, size_t, const char *, const char **,
		     const char **);
void		 compose_unreachable(const char *, const char *, const char *,
		     int64_t, struct rbuf *);
void		 compose_keys_link(struct compose_keys *, const char *, int,
		     const char *);

/* compose-learn.c, compose-hint.c, compose-review.c: learning's rows */
struct tac_why;
int		 compose_learn_row(struct svc *, const struct svc_out *,
		     const struct compose_opts *, struct compose_msg *);
int		 compose_hint_row(struct svc *, const struct svc_out *,
		     struct compose_msg *);
int		 compose_hint_text(struct svc *, const struct svc_game *, int,
		     struct json_t *, struct rbuf *);
void		 compose_hint_words(const struct render_game *,
		     const struct tac_state *, int, struct json_t *,
		     struct rbuf *);
void		 compose_hint_key(struct compose_msg *);
void		 compose_review_key(const struct svc_out *,
		     struct compose_msg *);
void		 compose_hints_note(const char *, struct json_t *,
		     struct rbuf *);
int		 compose_learn_says(const char *, const char *, struct json_t *,
		     struct rbuf *);
int		 compose_pictures(const struct compose_opts *, struct json_t *);
void		 compose_reason(const struct render_game *, struct json_t *,
		     struct tac_why *, struct rbuf *);
int		 compose_review_row(struct svc *, const struct svc_out *,
		     const struct compose_opts *, struct compose_msg *);

/* compose-keys.c */
void		 compose_keys_add(struct compose_keys *, const char *, int64_t,
		     int64_t, const char *);
void		 compose_keys_newrow(struct compose_keys *);
void		 compose_keys_free(struct compose_keys *);

/* compose-menu.c */
#define COMPOSE_NUMBERED	0x1	/* labels numbered as on the picture */
#define COMPOSE_LETTERS		0x2	/* people as their colours' letters */
void		 compose_menu_label(const struct render_game *,
		     const struct tac_state *, const struct menu *, int, int,
		     struct rbuf *);
void		 compose_menu_keys(const struct render_game *,
		     const struct tac_state *, const struct menu *, int64_t,
		     int, struct compose_keys *);
int		 compose_menu(struct svc *, const struct svc_game *, int,
		     const char *, struct rbuf *, struct compose_keys *);
int		 compose_turnkeys(struct svc *, const struct svc_game *, int,
		     struct compose_keys *);
void		 compose_turnmsg(struct svc *, struct compose_msg *, int, int);

#endif /* COMPOSE_H */
