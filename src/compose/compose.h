/*
 * compose.h: outbox rows made into messages people read.
 *
 * A bridge takes a batch of rows (svc_outbox_take()) and asks here for
 * its message, whole: compose_batch() reads the game once and says what
 * the message is (its form), its words in the reader's language, its
 * buttons, the message it replaces and, for a picture, what to draw.  A
 * late row never shows a stale board: it is made from the game as it is
 * at delivery.  The bridge maps the message onto its platform's calls
 * (HTML, keyboards, uploads, which call edits what); it never reads the
 * game, the engine or the catalogs.  The Mini App's JSON is made here too
 * (compose-web.c), and the console's own lines (compose-console.c).
 * Nothing here changes a game: it only reads the service.
 *
 * Errors: composing cannot fail.  What cannot be read (a game gone, a
 * member missing from a payload) is worded as well as it can be, or the
 * message is COMPOSE_NONE (its rows are done as they are), with a log
 * line where something is wrong; functions that look something up
 * return 1 found, 0 not there.
 */
#ifndef COMPOSE_H
#define COMPOSE_H

#include <stddef.h>
#include <stdint.h>

#include "chart.h"
#include "picture.h"
#include "rbuf.h"
#include "render.h"
#include "service.h"

/*
 * What a button or a link does: send its data back (a press), or open a
 * link that a bridge makes of its data: to add the bot to a group, to
 * open the person's private chat with it ("/start PAYLOAD" there), to
 * open the bridge's app on game DATA, or (in a text only) to show a
 * message the bridge named DATA in a chat.
 */
enum compose_link {
	COMPOSE_PRESS,
	COMPOSE_LINK_GROUP,
	COMPOSE_LINK_START,
	COMPOSE_LINK_APP,
	COMPOSE_LINK_MESSAGE
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

#define COMPOSE_OPTS	9	/* a turn's choices drawn on its picture,
				   numbered as its buttons (MENU_FLAT) */
_Static_assert(COMPOSE_OPTS <= PICTURE_MAXOPTS,
    "a turn's picture draws every choice its buttons number");

struct menu;

/*
 * How a bridge wants its messages.  link: make the link of kind (enum
 * compose_link) with data, in chat (COMPOSE_LINK_MESSAGE), into buf: 0,
 * or -1 when the bridge has none (a message that needs one is not sent).
 */
struct compose_opts {
	struct render_opts r;
	size_t		 merge;		/* merge a burst of notices up to this
					   many characters; 0: never */
	int		 pictures;	/* show boards and turns as pictures
					   where the chat wants them */
	int		 app;		/* add the buttons that open the
					   bridge's app (COMPOSE_LINK_APP) */
	int		 live;		/* the bridge keeps a group's live
					   message of a game: its board row
					   is that message, which tells the
					   moves (a "moved" row an older tacd
					   queued there says nothing) */
	int		(*link)(void *, int, const char *, const char *,
			    char *, size_t);
	void		*arg;
};

/* What a message is, and so how a bridge shows it. */
enum compose_form {
	COMPOSE_NONE,		/* nothing to send: the rows are done */
	COMPOSE_TEXT,		/* words and buttons */
	COMPOSE_BOARD,		/* a game's board: the picture, if any,
				   with the text board standing in */
	COMPOSE_TURN,		/* a turn notice as the picture of the
				   board with the choices drawn, the words
				   its caption (or standing in) */
	COMPOSE_CHART,		/* a chart, the words its caption */
	COMPOSE_DOCUMENT,	/* a file, the words its caption */
	COMPOSE_ANSWER,		/* the answer to a button press */
	COMPOSE_PIN,		/* pin (or unpin) the message it replaces,
				   silently: no words */
	COMPOSE_MEMBER		/* no message: ask the platform whether the
				   person member is in the group group, and
				   answer with svc_outbox_member() */
};

/*
 * What a picture of a board shows, for a bridge to draw
 * (compose_picture_opts(), picture_render()).
 */
struct compose_picture {
	struct tac_state st;		/* the position */
	char		 names[TAC_MAXSEATS][UTF8_NAMEMAX];
	char		 lang[8];
	int		 has_last;	/* the last action's arrows */
	struct tac_action last;
	int		 last_seat;
	char		 lastline[256];	/* ... and its words: "Clara: 1: 0 →
					   home 1" */
	int		 has_before;	/* the board before it: its kicks */
	struct tac_board before;
	struct tac_action opts[COMPOSE_OPTS];	/* a turn's choices, as
					   arrows numbered from 1 */
	int		 nopts;
	int		 bottom;	/* the seat drawn at the bottom: its
					   reader's in a person's own chat, 0
					   in a group */
	int		 yours;		/* for the player in seat reader
					   (picture.h) */
	int		 reader;
};

/* One message, whole: what a bridge sends for a batch of rows. */
struct compose_msg {
	int		 form;		/* enum compose_form */
	int		 kind;		/* the first row's, enum svc_out_kind */
	char		 chat[64];
	int64_t		 game;		/* 0 if none */
	char		 lang[8];	/* the reader's language */
	struct rbuf	 text;		/* plain text, no markup */
	int		 mono;		/* a text board: monospaced */
	size_t		 monolen;	/* ... its first monolen bytes (0: all
					   of it), the words after it not */
	size_t		 headlen;	/* its first headlen bytes are its
					   heading (the game's title, a line
					   of its own): bold where a bridge
					   can; 0: none */
	struct compose_keys keys;	/* its buttons */
	int		 setkeys;	/* keys are the message's buttons, even
					   none: an edit takes old ones away */
	char		 replaces[SVC_REF_MAX];	/* the message it edits, as
					   its bridge named it; "": new */
	int		 editonly;	/* if that message is gone, send none */
	int		 keysonly;	/* ... and only its buttons change
					   (to keys): its words stay */
	int		 repost;	/* post it anew at the bottom of its chat
					   and take the one it replaces away
					   (/board) */
	int		 live;		/* a group's live message of a game
					   (service-live.c): edited in place
					   while pinned, else posted anew by
					   its bridge once buried */
	int		 pinned;	/* ... it is the message pinned */
	int		 silent;	/* routine: no notification */
	int		 tidy;		/* it only tidies (a pin): it goes
					   beside the chat's messages, never
					   holding them (SVC_OF_TIDY) */
	int		 pin;		/* PIN: 1 pin, 0 unpin */
	struct compose_picture *picture;	/* BOARD, TURN: what to draw
					   (NULL: the text alone); owned */
	struct rbuf	 caption;	/* a BOARD picture's caption */
	uint32_t	 boardkey;	/* BOARD, TURN: the board as it is (a
					   hash), to tell an unchanged one */
	struct chart	*chart;		/* CHART: what to draw; owned */
	unsigned char	*file;		/* DOCUMENT: the file (NUL-ended),
					   owned */
	size_t		 filelen;
	char		 filename[64];
	struct rbuf	 alt;		/* ... what is said instead when it
					   cannot be sent */
	char		 callback[80];	/* ANSWER: the press answered */
	int		 alert;		/* ... shown as an alert */
	char		 group[64];	/* MEMBER: the group's chat id */
	char		 member[64];	/* ... and the person's user id */
};

/*
 * What a kind of row is, for a bridge (compose-kind.c holds each kind's
 * flags): a bridge asks compose_kind_is(kind, COMPOSE_K_...) and never
 * tests kinds itself.
 */
#define COMPOSE_K_WORDS		0x001	/* nothing to send without words
					   (or a picture) */
#define COMPOSE_K_NOTIFY	0x002	/* what a group should notice: it
					   notifies */
#define COMPOSE_K_NOTIFY_NEW	0x004	/* ... unless it is shown again at
					   the bottom of its chat (/board) */
#define COMPOSE_K_MOVE		0x008	/* one move's line: a group's live
					   message tells it, and a board shown
					   after it shows it */
#define COMPOSE_K_STATE		0x010	/* shows a game as it is (its lobby,
					   its board): a later one of the
					   same kind and game tells all */
#define COMPOSE_K_APP		0x020	/* "Open the board" under it while
					   the game runs */
#define COMPOSE_K_APP_GROUP	0x040	/* ... in a group's chat only */
#define COMPOSE_K_REPLAY	0x080	/* "Watch the replay" under it once
					   the game is over */
#define COMPOSE_K_CHOICES	0x100	/* its buttons are a turn's choices */
#define COMPOSE_K_LESSON	0x200	/* ... a lesson's, pressed, never
					   typed as moves */
#define COMPOSE_K_YOURTURN	0x400	/* tells the reader it is their turn:
					   a bridge that shows no board beside
					   it shows the board first */
#define COMPOSE_K_END		0x800	/* tells that the game ended */
#define COMPOSE_K_ASK		0x1000	/* no message: a question to the
					   platform, answered by the bridge
					   (whether a person is in a group:
					   svc_outbox_member()) */
#define COMPOSE_K_TITLE		0x2000	/* told privately about a game: the
					   group's title heads it (a person
					   in several games tells them apart
					   at a glance) */

/* compose-kind.c */
int		 compose_kind_is(int, int);

/* compose-msg.c */
int		 compose_batch(struct svc *, struct svc_batch *,
		     const struct compose_opts *, struct compose_msg *);

/* compose-picture.c */
void		 compose_picture_opts(const struct compose_picture *,
		     struct picture_opts *);

/* compose-ctx.c */
void		 compose_game(const struct svc_game *, struct render_game *);
void		 compose_msg_free(struct compose_msg *);

/* compose-private.c */
void		 compose_played(const struct svc_game *, struct json_t *,
		     struct rbuf *);

/* compose-say.c */
void		 compose_say(struct svc *, const char *, struct json_t *,
		     struct rbuf *);

/* compose-lobby.c */
void		 compose_lobby(const struct render_opts *,
		     const struct svc_game *, struct rbuf *);
void		 compose_keys_lobby(const struct svc_game *, const char *,
		     const char *, struct compose_keys *);
void		 compose_keys_options(const struct svc_game *, const char *,
		     struct compose_keys *);

/* compose-access.c */
void		 compose_seat_ask(const struct svc_game *, const char *,
		     struct json_t *, struct rbuf *, struct compose_keys *);

/* compose-stats.c */
void		 compose_summary(const char *, int, struct json_t *, int64_t,
		     struct rbuf *);
int		 compose_chart(const char *, struct json_t *, struct chart *);

/* compose-end.c */
int		 compose_homes(const char *, struct json_t *, struct chart *);

/* compose-hello.c */
int		 compose_command(int, size_t, const char *, const char **,
		     const char **);
void		 compose_keys_link(struct compose_keys *, const char *, int,
		     const char *);

/* compose-keys.c */
void		 compose_keys_add(struct compose_keys *, const char *, int64_t,
		     int64_t, const char *);
void		 compose_keys_newrow(struct compose_keys *);
void		 compose_keys_free(struct compose_keys *);

/* compose-menu.c */
#define COMPOSE_NUMBERED	0x1	/* labels numbered as on the picture */
#define COMPOSE_COLOURS		0x2	/* people as their seats' colours */
#define COMPOSE_STEPS		0x4	/* every field a 7's marble passes */
void		 compose_menu_label(const struct render_game *,
		     const struct tac_state *, const struct menu *, int, int,
		     struct rbuf *);
void		 compose_menu_keys(const struct render_game *,
		     const struct tac_state *, const struct menu *, int64_t,
		     int, const char *, struct compose_keys *);

/*
 * compose-web.c: the Mini App's JSON (tacd(8) documents it) of what the
 * service tells of a person's games, in their language (lang): their
 * games, one game at a move with its words, the page's words (in lang, or
 * in every language: {lang: {key: words}}), and a refusal.
 */
struct json_t	*compose_web_games(const struct svc_web_games *,
		     const char *);
struct json_t	*compose_web_game(const struct svc_web_game *, const char *);
struct json_t	*compose_web_strings(const char *);
struct json_t	*compose_web_words_all(void);
struct json_t	*compose_web_refused(struct svc *,
		     const struct svc_web_result *, const char *);
struct json_t	*compose_web_hint(struct svc *, int64_t, struct json_t *,
		     const char *);
const char	*compose_web_state(int);

/*
 * What the Mini App's server says when it cannot answer a request (the
 * HTTP status is its bridge's): compose_web_error() makes {error: the
 * code, message: the words in lang}.
 */
enum compose_web_error {
	COMPOSE_WEB_NO_ANSWER,		/* failed: no answer could be made */
	COMPOSE_WEB_FAILED,		/* failed: the service failed */
	COMPOSE_WEB_NO_GAME,		/* no_game: none the person may see */
	COMPOSE_WEB_BAD_REQUEST,	/* bad_request: not what the page sends */
	COMPOSE_WEB_NO_PATH,		/* bad_request: no such address */
	COMPOSE_WEB_SEATS,		/* bad_request: a board of 4 or 6 seats */
	COMPOSE_WEB_NOT_FOUND,		/* not_found: no such page */
	COMPOSE_WEB_METHOD,		/* method: not taken there */
	COMPOSE_WEB_EXPIRED,		/* unauthorized: no good init data */
	COMPOSE_WEB_STOPPING,		/* stopping: the server is */
	COMPOSE_WEB_BUSY,		/* busy: over a rate limit */
	COMPOSE_WEB_NERRORS
};
struct json_t	*compose_web_error(int, const char *);

/*
 * compose-console.c: what the console says of its own (enum
 * compose_console), in lang; arg is the value a line takes (a number,
 * a game).
 */
enum compose_console {
	COMPOSE_CON_WELCOME,		/* how to get help and leave */
	COMPOSE_CON_HELP,		/* the console's help */
	COMPOSE_CON_NO_GAME,		/* no game here */
	COMPOSE_CON_NOT_YOURS,		/* no game of yours to play */
	COMPOSE_CON_NOT_TURN,		/* not your turn */
	COMPOSE_CON_PICK,		/* pick a number from 1 to arg */
	COMPOSE_CON_FAILED,		/* nothing changed: try again */
	COMPOSE_CON_RESUMING,		/* resuming game arg */
	COMPOSE_CON_AGAIN,		/* after a game: play again or quit */
	COMPOSE_CON_CHOICES,		/* under numbered choices */
	COMPOSE_CON_LESSON,		/* under a lesson's choices */
	COMPOSE_CON_PLAYER		/* a person without a name */
};
void		 compose_console(const char *, int, int64_t, struct rbuf *);

#endif /* COMPOSE_H */
