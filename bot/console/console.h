/*
 * console.h: the console bridge.  A person plays in the terminal against
 * AI players through the game service, as a chat would (tacd --console);
 * or, with --events, a script feeds one JSON event per line for several
 * users (the crash test).
 *
 * Errors: nothing here fails to its caller.  A line the service cannot
 * take is said so on the terminal (and, with --events, ends the input:
 * the script feeds it again); the end of the input is told through
 * hooks.done.
 */
#ifndef CONSOLE_H
#define CONSOLE_H

struct event_base;
struct svc;
struct console;

/*
 * The terminal is a private chat between its person and tacd: the game
 * lives in that chat, and /lang sets the person's language and the chat's
 * together.
 */
#define CONSOLE_PLATFORM	"console"
#define CONSOLE_USER		"local"		/* the person at the terminal */
#define CONSOLE_CHAT		CONSOLE_USER	/* their private chat */

/* What the bridge asks of the daemon. */
struct console_hooks {
	void	(*done)(void *, int);	/* input ended: exit with this code */
	void	 *arg;
};

/* console.c */
struct console	*console_start(struct event_base *, struct svc *, int,
		     const char *, int, char **, const struct console_hooks *);
void		 console_stop(struct console *);
void		 console_free(struct console *);

/* console-out.c */
void		 console_deliver(struct console *);

#endif /* CONSOLE_H */
