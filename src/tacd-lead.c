/*
 * tacd-lead.c: one active tacd on a store, the others standing by.
 *
 * Several tacd may run on one store; the one that holds the store's lead
 * (store_lead(): a lock file's flock on SQLite, an advisory lock on
 * PostgreSQL) is active: it alone takes the updates, runs the timers and
 * sends.  The others are standbys with the store open and nothing else.
 * Every TACD_LEAD_SEC a standby tries for the lead, and the active one
 * checks that it still holds it (store_leading(): PostgreSQL's lock goes
 * with its connection).  What becoming active and standing by again do
 * is the daemon's (tacd.c's on and off); this file only decides when,
 * and says so in the log once each time.
 */
#include <stdlib.h>

#include "log.h"
#include "notify.h"
#include "store.h"
#include "tacd-lead.h"
#include "xmalloc.h"

struct tacd_lead {
	struct event	*ev;		/* every TACD_LEAD_SEC */
	struct store	**store;	/* on() may open another */
	int		 (*on)(void);	/* become active; -1: lost it */
	void		 (*off)(void);	/* stop acting, stand by */
	int		 active;
	int		 err;		/* the last try failed (said once) */
	int		 said;		/* "standby" said since the last change */
};

/* Try for the lead (a standby), or check it still holds (the active). */
static void
tacd_lead_try(struct tacd_lead *l)
{
	int	rc;

	if (l->active) {
		if (store_leading(*l->store) == 1)
			return;
		l->active = 0;
		l->said = 1;
		log_warnx("standby: this tacd no longer leads the store; it "
		    "stopped and tries again every %d s", TACD_LEAD_SEC);
		l->off();
		notify_send("STATUS=standby: another tacd is active");
		return;
	}
	if ((rc = store_lead(*l->store)) == 1) {
		l->err = 0;
		log_info("active: this tacd leads the store and runs the "
		    "games");
		if (l->on() != 0) {
			log_info("standby: another tacd took the lead while "
			    "this one opened the store; trying every %d s",
			    TACD_LEAD_SEC);
			l->said = 1;
			return;
		}
		l->active = 1;
		l->said = 0;
		notify_send("READY=1\nSTATUS=running");
	} else if (rc == 0 && !l->said) {
		log_info("standby: another tacd is active on this store; "
		    "trying every %d s", TACD_LEAD_SEC);
		notify_send("READY=1\nSTATUS=standby: another tacd is active");
		l->said = 1;
	} else if (rc < 0 && !l->err) {
		/* Tried again every second all the same. */
		log_warnx("the lead: %s; trying every %d s",
		    store_error(*l->store), TACD_LEAD_SEC);
		notify_send("READY=1\nSTATUS=standby: the lead cannot be "
		    "taken");
		l->err = 1;
	}
}

/* The timer. */
static void
tacd_lead_tick(evutil_socket_t fd, short what, void *arg)
{
	(void)fd;
	(void)what;
	tacd_lead_try(arg);
}

/*
 * Start: try for the lead now (on() runs before this returns if it is
 * free), then every TACD_LEAD_SEC.  *store is the store the lead is
 * taken on; on() may put another in its place (tacd.c opens the store
 * read-write only once it leads).
 */
struct tacd_lead *
tacd_lead_new(struct event_base *base, struct store **store,
    int (*on)(void), void (*off)(void))
{
	struct tacd_lead	*l;
	struct timeval		 tv = { TACD_LEAD_SEC, 0 };

	l = xcalloc(1, sizeof *l);
	l->store = store;
	l->on = on;
	l->off = off;
	if ((l->ev = event_new(base, -1, EV_PERSIST, tacd_lead_tick, l)) ==
	    NULL || event_add(l->ev, &tv) != 0)
		fatalx("cannot arm the lead's timer");
	tacd_lead_try(l);
	return (l);
}

/* Is this process the active one? */
int
tacd_lead_active(struct tacd_lead *l)
{
	return (l != NULL && l->active);
}

/* Stop trying and checking (shutting down); the lead goes with the store. */
void
tacd_lead_stop(struct tacd_lead *l)
{
	if (l != NULL)
		event_del(l->ev);
}

/* Free it. */
void
tacd_lead_free(struct tacd_lead *l)
{
	if (l == NULL)
		return;
	event_free(l->ev);
	free(l);
}
