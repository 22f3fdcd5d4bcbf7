/*
 * tacd.c: the daemon's main: options, configuration, the event loop,
 * signals, timers and systemd notification.  It wires the layers: the
 * store under the game service, the bridges above it (the console, the
 * Telegram bot, its Mini App), one row each of tacd_bridges[], started
 * and stopped by looping over the table.  Whenever people's events are
 * committed, the loop runs one after-commit step (tacd_after()): the
 * timers that came due, then every bridge woken.
 *
 * Several tacd may run on one store, one active (tacd-lead.c): the
 * service and the bridges run only while this process leads the store.
 *
 * Everything runs in one libevent loop.  Signals arrive as loop events,
 * never in a handler, so a SIGTERM is only seen between two events: the
 * event in flight always finishes and commits first.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <sys/stat.h>
#include <sys/types.h>

#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <syslog.h>
#include <time.h>
#include <unistd.h>

#include <event2/event.h>

#include "compose-read.h"
#include "config.h"
#include "console.h"
#include "lang.h"
#include "log.h"
#include "notify.h"
#include "now.h"
#include "picture.h"
#include "service.h"
#include "store.h"
#include "tacd-files.h"
#include "tacd-lead.h"
#include "tg.h"
#include "webapp.h"
#include "xmalloc.h"

#define TACD_MAXRUNS	100000	/* timer runs in one go before yielding */
#define TACD_REVIEW_MS	20	/* a review's slice of work (service-review.c) */
#define TACD_REVIEW_REST 60	/* ms between two slices */
#define TACD_PRIOS	3	/* event priorities: reviews have the lowest */
#define TACD_WORK_MS	50	/* ... or this long, beside the network */

static struct {
	struct config		 conf;
	const char		*conf_arg;	/* -f, or NULL */
	int			 foreground;
	int			 verbose;
	int			 debug;
	int			 console;	/* 1 console, 2 --events */
	const char		*lang;		/* --lang, or NULL */
	int			 argc;		/* the console's /new options */
	char			**argv;
	int			 exitcode;
	int			 stopping;
	int			 lost;		/* the database file went */
	int			 ro;		/* store is read-only (standing
					   by: no migration) */
	char			 db[PATH_MAX];	/* its path */
	struct event_base	*base;
	struct event		*ev_timer;
	struct event		*ev_after;	/* the after-commit step */
	struct event		*ev_review;
	struct event		*ev_watchdog;
	struct event		*ev_lost;
	struct tacd_lead	*lead;		/* active, or standing by */
	struct event		*ev_sig[4];
	struct store		*store;
	struct svc		*svc;
	void			*bridge[3];	/* tacd_bridges[]' (NULL: not
					   started) */
} tacd;

static void	tacd_console_done(void *, int);

/* The console (--console, --events): the terminal's person, or a script. */
static void *
tacd_console_start(char **cause)
{
	struct console_hooks	hooks = { tacd_console_done, NULL };

	(void)cause;
	if (!tacd.console)
		return (NULL);
	return (console_start(tacd.base, tacd.svc, tacd.console == 2,
	    tacd.lang, tacd.argc, tacd.argv, &hooks));
}

/* Print the console's rows. */
static void
tacd_console_deliver(void *p)
{
	console_deliver(p);
}

/* Stop reading the terminal; what waits is printed. */
static void
tacd_console_stop(void *p)
{
	console_stop(p);
	console_deliver(p);
}

/* Free the console. */
static void
tacd_console_free(void *p)
{
	console_free(p);
}

/* Telegram, when its token file is configured. */
static void *
tacd_tg_start(char **cause)
{
	if (tacd.conf.telegram_token_file[0] == '\0')
		return (NULL);
	return (tg_start(tacd.base, tacd.svc, &tacd.conf, cause));
}

/* Send Telegram's rows. */
static void
tacd_tg_deliver(void *p)
{
	tg_deliver(p);
}

/* Stop taking Telegram's updates. */
static void
tacd_tg_stop(void *p)
{
	tg_stop(p);
}

/* Free the Telegram bridge. */
static void
tacd_tg_free(void *p)
{
	tg_free(p);
}

/* The Mini App, when it listens; it checks its people with the token. */
static void *
tacd_webapp_start(char **cause)
{
	if (tacd.conf.telegram_token_file[0] == '\0' ||
	    tacd.conf.webapp_listen[0] == '\0')
		return (NULL);
	return (webapp_start(tacd.base, tacd.svc, &tacd.conf, cause));
}

/* Wake the Mini App's pages that wait for a change. */
static void
tacd_webapp_deliver(void *p)
{
	webapp_kick(p);
}

/* Stop the Mini App's server. */
static void
tacd_webapp_stop(void *p)
{
	webapp_stop(p);
}

/* Free the Mini App. */
static void
tacd_webapp_free(void *p)
{
	webapp_free(p);
}

/*
 * The bridges, one row each, as OpenBSD's daemons list their processes:
 * started in this order, stopped and freed in the reverse.  start: the
 * bridge as the configuration asks for it, or NULL (with *cause set when
 * it is asked for but cannot start); deliver: wake it, rows may wait;
 * reload: hand it a reloaded configuration (NULL: it keeps the one it
 * started with, as tacd.conf(5) says); stop: end its input, shutting
 * down; free: release it.  A new platform is one row.
 */
static const struct tacd_bridge {
	const char	*name;
	void		*(*start)(char **);
	void		 (*deliver)(void *);
	void		 (*reload)(void *, const struct config *);
	void		 (*stop)(void *);
	void		 (*free)(void *);
} tacd_bridges[] = {
	{ "console", tacd_console_start, tacd_console_deliver, NULL,
	    tacd_console_stop, tacd_console_free },
	{ "telegram", tacd_tg_start, tacd_tg_deliver, NULL, tacd_tg_stop,
	    tacd_tg_free },
	{ "webapp", tacd_webapp_start, tacd_webapp_deliver, NULL,
	    tacd_webapp_stop, tacd_webapp_free },
};
#define TACD_NBRIDGES	(sizeof tacd_bridges / sizeof tacd_bridges[0])
_Static_assert(TACD_NBRIDGES == sizeof tacd.bridge / sizeof tacd.bridge[0],
    "a started bridge for each row");

/* Start every bridge the configuration asks for; exits if one cannot. */
static void
tacd_bridges_start(void)
{
	char	*cause = NULL;
	size_t	 i;

	for (i = 0; i < TACD_NBRIDGES; i++) {
		tacd.bridge[i] = tacd_bridges[i].start(&cause);
		if (tacd.bridge[i] == NULL && cause != NULL)
			fatalx("%s: %s", tacd_bridges[i].name, cause);
	}
}

/* Wake every bridge: rows may wait for it. */
static void
tacd_bridges_deliver(void)
{
	size_t	i;

	for (i = 0; i < TACD_NBRIDGES; i++) {
		if (tacd.bridge[i] != NULL)
			tacd_bridges[i].deliver(tacd.bridge[i]);
	}
}

/* Stop every bridge's input, the last started first. */
static void
tacd_bridges_stop(void)
{
	size_t	i;

	for (i = TACD_NBRIDGES; i-- > 0; ) {
		if (tacd.bridge[i] != NULL)
			tacd_bridges[i].stop(tacd.bridge[i]);
	}
}

/* Free every bridge, the last started first. */
static void
tacd_bridges_free(void)
{
	size_t	i;

	for (i = TACD_NBRIDGES; i-- > 0; ) {
		if (tacd.bridge[i] != NULL)
			tacd_bridges[i].free(tacd.bridge[i]);
		tacd.bridge[i] = NULL;
	}
}

/* Print the usage and exit 1. */
static void __attribute__((__noreturn__))
tacd_usage(void)
{
	fprintf(stderr,
	    "usage: tacd [-dnv] [-f file]\n"
	    "       tacd [-dv] [-f file] --console [--lang en|ru|de|ka] "
	    "[new-game-options ...]\n"
	    "       tacd [-dv] [-f file] --events\n");
	exit(1);
}

/* The service's clock: unix seconds. */
static int64_t
tacd_clock(void *arg)
{
	(void)arg;
	return ((int64_t)time(NULL));
}

/* The log priority the configuration and the options ask for. */
static int
tacd_loglevel(void)
{
	int	prio = tacd.conf.log_prio;

	/* The console's terminal is for the game: warnings only, unless -v. */
	if (tacd.console && prio > LOG_WARNING)
		prio = LOG_WARNING;
	if (tacd.debug)
		prio = LOG_DEBUG;
	prio += tacd.verbose;
	return (prio > LOG_DEBUG ? LOG_DEBUG : prio);
}

/* Arm the timer for the service's next due time (or disarm it). */
static void
tacd_schedule(void)
{
	struct timeval	tv;
	int64_t		next, now;

	if (tacd.stopping)
		return;
	next = svc_next_timer(tacd.svc);
	if (next < 0) {
		evtimer_del(tacd.ev_timer);
		return;
	}
	now = tacd_clock(NULL);
	tv.tv_sec = next > now ? (time_t)(next - now) : 0;
	tv.tv_usec = 0;
	evtimer_add(tacd.ev_timer, &tv);
}

/*
 * Work on the reviews of finished games when there is nothing else to
 * do.  The loop is single-threaded: a review's rating takes seconds, so
 * it is done in slices of TACD_REVIEW_MS (service-review.c), each a
 * timer of the lowest priority, which libevent runs only when no other
 * event is active: a person's update or a timer that comes due waits
 * one slice at most.  Slices are TACD_REVIEW_REST apart, so that the
 * work takes a quarter of a core, not all of it, from whatever else
 * runs on the machine (a review of four people's decisions is a few
 * seconds of it).
 */
static void
tacd_review_next(void)
{
	struct timeval	tv = { 0, TACD_REVIEW_REST * 1000 };
	int		rc;

	if (tacd.stopping || event_pending(tacd.ev_review, EV_TIMEOUT,
	    NULL))
		return;
	if ((rc = svc_review_pending(tacd.svc)) > 0)
		evtimer_add(tacd.ev_review, &tv);
	else if (rc < 0)
		log_warnx("reviews: %s", svc_error(tacd.svc));
}

/* One slice of review work, then deliver what it queued. */
static void
tacd_review(evutil_socket_t fd, short what, void *arg)
{
	struct timeval	tv = { 1, 0 };

	(void)fd;
	(void)what;
	(void)arg;
	if (tacd.stopping)
		return;
	if (svc_review_step(tacd.svc, TACD_REVIEW_MS) < 0) {
		log_warnx("reviews: %s; retrying in a second",
		    svc_error(tacd.svc));
		evtimer_add(tacd.ev_review, &tv);
		return;
	}
	tacd_bridges_deliver();
	tacd_review_next();
}

/*
 * Run the timers that are due now (AI moves come due at once, one after
 * another), then re-arm.  Bounded by TACD_MAXRUNS runs, so that a timer
 * that never clears cannot keep the loop from its signals, and, unless
 * the console is the only way in (its next line waits for the AI's
 * moves), by TACD_WORK_MS: the rest runs when the timer fires, at once,
 * after the updates that came meanwhile, so that a button press waits
 * for no one else's AI.
 */
static void
tacd_work(void)
{
	struct timeval	tv = { 1, 0 };
	int64_t		next;
	double		until = now_mono() + TACD_WORK_MS / 1e3;
	int		i;

	for (i = 0; i < TACD_MAXRUNS; i++) {
		next = svc_next_timer(tacd.svc);
		if (next < 0 || next > tacd_clock(NULL))
			break;
		if (i > 0 && !tacd.console && now_mono() > until)
			break;
		if (svc_timers(tacd.svc) < 0) {
			log_warnx("timers failed; retrying in a second");
			evtimer_add(tacd.ev_timer, &tv);
			return;
		}
	}
	if (i == TACD_MAXRUNS)
		log_warnx("timers still due after %d runs", i);
	tacd_schedule();
	tacd_review_next();
}

/*
 * The after-commit step, the loop's own (as redis's beforeSleep): run
 * the timers that came due (the AI's moves at once), then wake every
 * bridge.  It runs when the service's timer fires, and after each commit
 * of people's events (tacd_committed()), from the loop, once the
 * callback that committed has returned: never inside a bridge's.
 */
static void
tacd_after(evutil_socket_t fd, short what, void *arg)
{
	(void)fd;
	(void)what;
	(void)arg;
	if (tacd.stopping)
		return;
	tacd_work();
	tacd_bridges_deliver();
}

/* People's events were committed (svc_on_commit()): the step follows. */
static void
tacd_committed(void *arg)
{
	(void)arg;
	event_active(tacd.ev_after, EV_TIMEOUT, 0);
}

/* Tell the watchdog we are alive. */
static void
tacd_watchdog(evutil_socket_t fd, short what, void *arg)
{
	(void)fd;
	(void)what;
	(void)arg;
	notify_watchdog();
}

/*
 * Begin a graceful stop: no more input, deliver what is pending, leave
 * the loop.  The event that was being handled has already committed.
 */
static void
tacd_stop(int code)
{
	if (tacd.stopping)
		return;
	tacd.stopping = 1;
	tacd.exitcode = code;
	notify_stopping();
	tacd_bridges_stop();
	tacd_lead_stop(tacd.lead);
	evtimer_del(tacd.ev_timer);
	event_del(tacd.ev_after);
	event_del(tacd.ev_review);
	event_base_loopexit(tacd.base, NULL);
}

/* The console bridge's input ended. */
static void
tacd_console_done(void *arg, int code)
{
	(void)arg;
	log_debug("input ended");
	tacd_stop(code);
}

/*
 * Reload the configuration (SIGHUP).  A bad file changes nothing; the
 * state directory is only read at startup, as moving the database under a
 * running daemon would lose games.
 */
static void
tacd_reload(void)
{
	struct config	 n;
	char		*cause = NULL;
	size_t		 i;

	notify_reloading();
	if (config_load(&n, config_find(tacd.conf_arg), &cause) != 0) {
		log_warnx("reload failed, configuration unchanged: %s", cause);
		free(cause);
	} else {
		if (strcmp(n.state_dir, tacd.conf.state_dir) != 0) {
			log_warnx("state_dir changes need a restart");
			snprintf(n.state_dir, sizeof n.state_dir, "%s",
			    tacd.conf.state_dir);
		}
		tacd.conf = n;
		if (tacd.svc != NULL) {
			svc_set_remind(tacd.svc,
			    config_duration(n.idle_reminder));
			svc_set_lobby_cap(tacd.svc,
			    atoi(n.lobbies_per_person));
		}
		for (i = 0; i < TACD_NBRIDGES; i++) {
			if (tacd.bridge[i] != NULL &&
			    tacd_bridges[i].reload != NULL)
				tacd_bridges[i].reload(tacd.bridge[i],
				    &tacd.conf);
		}
		log_setlevel(tacd_loglevel());
		log_info("configuration reloaded");
	}
	log_reopen();
	notify_send(tacd_lead_active(tacd.lead) ? "READY=1\nSTATUS=running" :
	    "READY=1\nSTATUS=standby: another tacd is active");
}

/*
 * The store found tacd.db deleted or replaced at a commit (the commit
 * failed, and so will every one after it).  Say so now; stop from the
 * loop, not from inside whichever bridge was committing.
 */
static void
tacd_lost(void *arg, const char *why)
{
	(void)arg;
	log_warnx("%s; stopping", why);
	tacd.lost = 1;
	notify_send("STATUS=the database file was lost; stopping");
	event_active(tacd.ev_lost, EV_TIMEOUT, 0);
}

/* Stop after the database file was lost. */
static void
tacd_lost_stop(evutil_socket_t fd, short what, void *arg)
{
	(void)fd;
	(void)what;
	(void)arg;
	tacd_stop(1);
}

/* One switch for every signal, run from the loop, never from a handler. */
static void
tacd_signal(evutil_socket_t sig, short what, void *arg)
{
	(void)what;
	(void)arg;
	switch (sig) {
	case SIGTERM:
	case SIGINT:
		log_info("%s: shutting down", sig == SIGTERM ? "SIGTERM" :
		    "SIGINT");
		tacd_stop(0);
		break;
	case SIGHUP:
		log_info("SIGHUP: reloading");
		tacd_reload();
		break;
	}
}

/* Set up the loop's signals, service timer and watchdog. */
static void
tacd_events(void)
{
	static const int	 sigs[] = { SIGTERM, SIGINT, SIGHUP };
	struct timeval		 tv;
	uint64_t		 usec;
	size_t			 i;

	signal(SIGPIPE, SIG_IGN);
	for (i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
		tacd.ev_sig[i] = evsignal_new(tacd.base, sigs[i], tacd_signal,
		    NULL);
		if (tacd.ev_sig[i] == NULL ||
		    evsignal_add(tacd.ev_sig[i], NULL) != 0)
			fatalx("cannot watch signal %d", sigs[i]);
	}
	if ((tacd.ev_timer = evtimer_new(tacd.base, tacd_after, NULL)) ==
	    NULL || (tacd.ev_after = event_new(tacd.base, -1, 0, tacd_after,
	    NULL)) == NULL)
		fatalx("evtimer_new");
	if ((tacd.ev_review = evtimer_new(tacd.base, tacd_review, NULL)) ==
	    NULL || event_priority_set(tacd.ev_review, TACD_PRIOS - 1) != 0)
		fatalx("evtimer_new");
	if ((tacd.ev_lost = event_new(tacd.base, -1, 0, tacd_lost_stop,
	    NULL)) == NULL)
		fatalx("event_new");
	if ((usec = notify_watchdog_usec()) > 0) {
		/* Pet it at half the interval (sd_watchdog_enabled(3)). */
		usec /= 2;
		tv.tv_sec = (time_t)(usec / 1000000);
		tv.tv_usec = (suseconds_t)(usec % 1000000);
		tacd.ev_watchdog = event_new(tacd.base, -1, EV_PERSIST,
		    tacd_watchdog, NULL);
		if (tacd.ev_watchdog == NULL ||
		    event_add(tacd.ev_watchdog, &tv) != 0)
			fatalx("cannot arm the watchdog");
		log_debug("watchdog every %llu us", (unsigned long long)usec);
	}
}

/*
 * Open the database, read-only while standing by (tacd_files_open()).
 * A file that is not a sound tacd database is refused unchanged (the
 * message names it).
 */
static void
tacd_open(void)
{
	if (tacd_files_mkdirs(tacd.conf.state_dir) != 0)
		fatal("state_dir %s", tacd.conf.state_dir);
	if (config_db_path(&tacd.conf, tacd.db, sizeof tacd.db) != 0)
		fatalx("state_dir: path too long");
	tacd.store = tacd_files_open(tacd.db, &tacd.ro);
	log_info("database %s", tacd.db);
}

/*
 * This process leads the store: the game service on it, read as a start
 * reads it (the timers, the outbox, the live messages are all there),
 * then the bridges, then the games that came due meanwhile.
 */
static int
tacd_activate(void)
{
	/* Read-write from now on; another may take the lead meanwhile. */
	if (tacd.ro) {
		tacd.store = tacd_files_writable(tacd.store, tacd.db);
		tacd.ro = 0;
		if (store_lead(tacd.store) != 1)
			return (-1);
	}
	store_on_lost(tacd.store, tacd_lost, NULL);
	tacd.svc = svc_open(tacd.store, tacd_clock, NULL);
	compose_read_install(tacd.svc);
	svc_set_remind(tacd.svc, config_duration(tacd.conf.idle_reminder));
	svc_set_lobby_cap(tacd.svc, atoi(tacd.conf.lobbies_per_person));
	svc_on_commit(tacd.svc, tacd_committed, NULL);
	/* Beside the network, the AI's moves leave room for its events. */
	if (!tacd.console)
		svc_set_timer_budget(tacd.svc, TACD_WORK_MS);
	tacd_bridges_start();
	tacd_work();
	tacd_bridges_deliver();
	return (0);
}

/*
 * The lead is gone (another process may have it now): stop acting at
 * once, no poll, no timer, no send.  What was committed is in the store
 * for the next active process.
 */
static void
tacd_deactivate(void)
{
	tacd_bridges_stop();
	tacd_bridges_free();
	evtimer_del(tacd.ev_timer);
	event_del(tacd.ev_after);
	event_del(tacd.ev_review);
	svc_close(tacd.svc);
	tacd.svc = NULL;
}

/* Free everything, in the reverse order of creation. */
static void
tacd_close(void)
{
	size_t	i;

	tacd_bridges_free();
	/* What the drawing keeps for the whole process (fonts, layers). */
	picture_exit();
	if (tacd.svc != NULL)
		svc_close(tacd.svc);
	if (tacd.lost)
		tacd_files_rescue(tacd.store, tacd.db);
	if (tacd.store != NULL)
		store_close(tacd.store);
	for (i = 0; i < sizeof tacd.ev_sig / sizeof tacd.ev_sig[0]; i++) {
		if (tacd.ev_sig[i] != NULL)
			event_free(tacd.ev_sig[i]);
	}
	if (tacd.ev_timer != NULL)
		event_free(tacd.ev_timer);
	if (tacd.ev_after != NULL)
		event_free(tacd.ev_after);
	if (tacd.ev_review != NULL)
		event_free(tacd.ev_review);
	if (tacd.ev_lost != NULL)
		event_free(tacd.ev_lost);
	tacd_lead_free(tacd.lead);
	if (tacd.ev_watchdog != NULL)
		event_free(tacd.ev_watchdog);
	event_base_free(tacd.base);
	notify_close();
}

/* Parse the options, check or load the configuration, run the loop. */
int
main(int argc, char **argv)
{
	static const struct option	 longopts[] = {
		{ "console", no_argument, NULL, 'C' },
		{ "events", no_argument, NULL, 'E' },
		{ "lang", required_argument, NULL, 'L' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	char				*cause = NULL;
	size_t				 i;
	int				 ch, check = 0;

	xmalloc_json();
	/*
	 * The database and everything else tacd makes hold hidden cards:
	 * its owner's alone, as the unit's UMask= says, outside systemd too.
	 */
	umask(077);
	log_init("tacd", 1, LOG_INFO);
	while ((ch = getopt_long(argc, argv, "+df:nvh", longopts, NULL)) !=
	    -1) {
		switch (ch) {
		case 'd':
			tacd.debug = 1;
			tacd.foreground = 1;
			break;
		case 'f':
			tacd.conf_arg = optarg;
			break;
		case 'n':
			check = 1;
			break;
		case 'v':
			tacd.verbose++;
			break;
		case 'C':
			tacd.console = 1;
			break;
		case 'E':
			tacd.console = 2;
			break;
		case 'L':
			if ((tacd.lang = lang_find(optarg)) == NULL ||
			    strlen(optarg) != strlen(tacd.lang)) {
				fprintf(stderr, "tacd: --lang %s: not one of ",
				    optarg);
				for (i = 0; i < lang_count(); i++)
					fprintf(stderr, "%s%s", i > 0 ? ", " :
					    "", lang_code(i));
				fprintf(stderr, "\n");
				return (1);
			}
			break;
		default:
			tacd_usage();
		}
	}
	tacd.argc = argc - optind;
	tacd.argv = argv + optind;
	if ((tacd.argc > 0 || tacd.lang != NULL) && tacd.console != 1)
		tacd_usage();

	if (config_load(&tacd.conf, config_find(tacd.conf_arg), &cause) !=
	    0) {
		fprintf(stderr, "tacd: %s\n", cause);
		free(cause);
		return (1);
	}
	if (check) {
		if (tacd.verbose)
			config_print(stdout, &tacd.conf);
		fprintf(stderr, "configuration OK\n");
		return (0);
	}

	if (tacd.console)
		tacd.foreground = 1;
	log_init("tacd", tacd.foreground, tacd_loglevel());
	log_debug("configuration: %s", tacd.conf.file[0] != '\0' ?
	    tacd.conf.file : "built-in defaults");
	notify_init();

	if ((tacd.base = event_base_new()) == NULL ||
	    event_base_priority_init(tacd.base, TACD_PRIOS) != 0)
		fatalx("event_base_new");
	tacd_open();
	tacd_events();
	/* Active at once, or a standby until the lead comes free. */
	tacd.lead = tacd_lead_new(tacd.base, &tacd.store, tacd_activate,
	    tacd_deactivate);
	log_info("started");
	if (event_base_dispatch(tacd.base) == -1)
		fatalx("event loop failed");

	log_info("stopped");
	tacd_close();
	/* A lost database is an error, even in a stop that began as SIGTERM. */
	return (tacd.lost ? 1 : tacd.exitcode);
}
