/*
 * service-web.h: what an app (the Mini App) asks of the service
 * (service-web.c, and its hint, service-hint.c); a person is (platform,
 * platform user id).  src/compose/compose-web.c makes the app's JSON of
 * them.  Part of service.h, which includes it.
 */
#ifndef SERVICE_WEB_H
#define SERVICE_WEB_H

#include "service.h"

#define SVC_WEB_GAMES	32	/* open games listed, at most */
#define SVC_KEY_MAX	24	/* bytes of a game's key, with its NUL */

/* One of a person's open games. */
struct svc_web_entry {
	int64_t		 id;
	int		 state;		/* enum svc_gstate */
	int64_t		 turn;		/* turn number */
	int		 seat;		/* theirs, -1: none */
	int		 my_turn;
	int		 players;
	char		 title[UTF8_NAMEMAX];	/* its chat's */
	char		 key[SVC_KEY_MAX];	/* its key, "" if none */
};

/* A person's open games (lobbies and running ones). */
struct svc_web_games {
	char		 lang[8];	/* how tacd speaks to them, "" if it
					   never met them */
	int		 n;
	struct svc_web_entry game[SVC_WEB_GAMES];
};

/* One game as a person may see it, at one of its moves. */
struct svc_web_game {
	struct svc_game	 g;
	char		 key[SVC_KEY_MAX];	/* its key, "" if none */
	int		 seat;		/* theirs, -1: they do not play */
	int64_t		 turns;		/* actions played so far */
	int64_t		 at;		/* the move shown: after this many
					   actions (turns: as it is now) */
	int		 open;		/* the game is over: every hand shown */
	struct tac_state view;		/* if g.started: the position at the
					   move, their own hand only (every
					   hand hidden for others; all shown
					   when open) */
	int		 has_last;
	int		 last_seat;
	char		 last[160];	/* the action that led to it (a gift
					   hidden unless it was theirs) */
	struct tac_state before;	/* ... the position before it, every
					   hand hidden */
	struct tac_action *legal;	/* their legal actions when it is
					   their move and the move shown is the
					   game's (malloc'd) */
	int		 nlegal;
};

/*
 * What an app's action came to (svc_web_play()): applied (turn: the
 * game's turn number after it; again: the same action at the same turn
 * had been applied by the same person before, so a retry is no new
 * move), or refused with a code of the "error" rows and its values.
 */
struct svc_web_result {
	int		 applied;
	int		 again;
	int64_t		 turn;
	char		 code[32];	/* refused: the reason's code */
	struct json_t	*args;		/* ... and its values; owned */
};

/*
 * A handle names a game for an app: its key (svc_game_key(); whoever has
 * it may watch the game: the links its chat gets carry it) or its number
 * (only its players may use that).
 *
 * svc_web_games: the person's open games into *out; 0.
 * svc_web_find: the game handle names, if the person may see it: 1 with
 * *id; 0 when not (no such game, or not theirs: the same), -1 failure.
 * svc_web_game: that game as the person may see it, at move at (the
 * position after that many actions; -1 or past the end: as it is now): 1,
 * 0 as svc_web_find; svc_web_game_free releases it.
 * svc_game_key: game id's key into buf (SVC_KEY_MAX bytes): 1, 0 none,
 * -1 failure.
 * svc_web_play: play an SVC_EV_APP event in one transaction, as a
 * button's /play (the turn must be the game's, the person the one to
 * act): 0 once decided (*out says applied or refused; free its args),
 * -1 on failure (as svc_event(): nothing changed).
 */
int		 svc_web_games(struct svc *, const char *, const char *,
		     struct svc_web_games *);
int		 svc_web_find(struct svc *, const char *, const char *,
		     const char *, int64_t *);
int		 svc_web_game(struct svc *, const char *, const char *,
		     const char *, int64_t, struct svc_web_game *);
int		 svc_game_key(struct svc *, int64_t, char *);
void		 svc_web_game_free(struct svc_web_game *);
int		 svc_web_play(struct svc *, const struct svc_event *,
		     struct svc_web_result *);

/*
 * svc_web_hint (service-hint.c): an app's request for the hint of the
 * person's turn (an SVC_EV_APP event whose text is "/hint", its game and
 * turn), in one transaction as /hint: 0 once decided (*hint the caller's
 * {action, devil, why, about, turn}, or NULL and *res says why it was
 * refused; free its args), -1 on failure (nothing changed).
 */
int		 svc_web_hint(struct svc *, const struct svc_event *,
		     struct svc_web_result *, struct json_t **);

#endif /* SERVICE_WEB_H */
