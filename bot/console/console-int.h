/*
 * console-int.h: the console bridge's insides, shared by bot/console/
 * only: console.c takes the input, console-out.c prints the outbox.
 */
#ifndef CONSOLE_INT_H
#define CONSOLE_INT_H

#include "compose.h"
#include "console.h"

struct event;

struct console {
	struct event_base	*base;
	struct svc		*svc;
	struct console_hooks	 hooks;
	int			 events;	/* --events: JSON lines */
	int			 pump;		/* stdin is a file: no poll */
	int			 eof;
	int			 stopped;
	int			 tty;		/* a person at a terminal */
	struct event		*ev_read;	/* stdin readable */
	struct event		*ev_next;	/* handle the next line */
	char			*buf;
	size_t			 len;
	size_t			 size;
	struct compose_opts	 copts;		/* how messages are composed */
	int64_t			 held[SVC_OUT_NKINDS];	/* per kind that
					   shows a game as it is (its lobby,
					   its board), the game of a row of it
					   held back; 0: none */
	int64_t			 shown_game;	/* the board last printed */
	uint32_t		 shown_key;	/* ... as it looked */
	struct compose_keys	 keys;		/* the choices last numbered */
	int			 lesson;	/* ... are a lesson's */
	char			 name[64];	/* the person's display name */
	char			 lang[8];	/* for rows without a game */
	const char		*envlang;	/* the locale's language */
};

/* console-out.c */
void		 console_print(struct console *, const char *, const char *);
void		 console_say(struct console *, int, int64_t);
void		 console_render(struct console *, int, int64_t, json_t *);

#endif /* CONSOLE_INT_H */
