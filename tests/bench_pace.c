/*
 * bench_pace.c: how the pace rules change a game's life (make bench-pace).
 *
 * The same GAMES four-player games are played twice, in the service in
 * process on an injected clock, once under the old rules (a fixed 12 h
 * per turn, no quiet hours, auto=off, no premoves, no /away) and once
 * under the new ones (a time bank bank=2d+3h, quiet hours 23:00-08:00,
 * auto=on, premoves, /away 3d stop).  The people are the same in both:
 * seats in Europe/Moscow, Asia/Tbilisi, Europe/Berlin and Europe/Berlin,
 * each awake 08:00-23:00 on their own clock, looking at their chats 6
 * times a waking day at moments drawn uniformly in those hours from a
 * seed of their own.  At a look a person gives their gift or plays their
 * turn (policy_greedy(), as tacctl sim plays, its draws seeded by the
 * game), and under the new rules, when it is another's turn, chooses a
 * premove in 30% of looks: what the same policy plays in their place.
 * One person a game goes away for 3 days at a look after a random moment
 * (old rules: they just do not look; new: /away 3d stop).  The clock
 * jumps from event to event: the next look, or the service's next timer.
 *
 * Circles of friends play PACE_CIRCLE games at once in as many groups:
 * a third of a circle's people play in two or three of them (a digest
 * is for a person awaited in two), each with one zone, one day of looks
 * (acting in each of their games), one time away.  Messages per person
 * per day count each person once, from their first game's start to
 * their last game's end.
 *
 * Every outbox row is delivered when it is due; a private one is
 * composed as a bridge composes it (compose_batch()), and its silent flag
 * is what would make a sound or not.
 *
 *	bench_pace [-v] [-g GAMES]
 *
 * -v prints every row delivered (the clock, chat, kind and payload) on
 * the standard error.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "compose.h"
#include "compose-read.h"
#include "menu.h"
#include "now.h"
#include "policy.h"
#include "service.h"
#include "store.h"
#include "tacjson.h"
#include "xmalloc.h"
#include "zone.h"

#define PACE_SEATS	4
#define PACE_LOOKS	6		/* looks per waking day */
#define PACE_WAKE	(8 * 3600)	/* waking hours: 08:00 ... */
#define PACE_AWAKE	(15 * 3600)	/* ... for 15 hours, to 23:00 */
#define PACE_DAY	86400
#define PACE_GAP	(200 * PACE_DAY)	/* between games' starts */
#define PACE_MAXDAYS	180		/* a game longer is a failure */
#define PACE_PREMOVE	30		/* % of looks with a premove */
#define PACE_T0		1767225600	/* 2026-01-01 00:00 UTC */
#define PACE_CIRCLE	3		/* games a circle plays at once */
#define PACE_PEOPLE	(PACE_CIRCLE * PACE_SEATS)	/* at most */

static int	pace_verbose;	/* -v: every row delivered, on stderr */

static const char *const pace_zones[PACE_SEATS] = {
	"Europe/Moscow", "Asia/Tbilisi", "Europe/Berlin", "Europe/Berlin"
};

/*
 * Who sits in seat s of a circle's game k: the person of the same seat
 * of game pace_share[k][s], or (-1) a person of their own.  Seat 0 is
 * one person in all three games, seat 1 one in the first two, seat 2
 * one in the last two: friends in several groups.
 */
static const int pace_share[PACE_CIRCLE][PACE_SEATS] = {
	{ -1, -1, -1, -1 }, { 0, 0, -1, -1 }, { 0, -1, 1, -1 }
};

/* One person of a game as the simulation knows them. */
struct pace_person {
	char		 user[32];
	const char	*zone;
	uint64_t	 rng;		/* their looks' draws */
	int64_t		 looks[PACE_LOOKS];	/* of their current day */
	int		 nlook;		/* the next of looks[] */
	int64_t		 day;		/* midnight of that day */
	int64_t		 away_at;	/* going away at the first look from */
	int64_t		 away_from;	/* away then ... */
	int64_t		 away_to;	/* ... to then (0: not yet) */
	int64_t		 first;		/* the start of their first game */
	int64_t		 last;		/* the end of their last so far */
	int		 games;		/* how many they play in */
	int		 on;		/* ... of them still running */
};

/* One game of a circle. */
struct pace_table {
	int64_t		 id;
	char		 chat[32];
	int64_t		 start;
	uint64_t	 rng;		/* its moves' draws */
	int		 who[PACE_SEATS];	/* each seat's person */
	int		 over;
};

/* What one rule set measured over all its games. */
struct pace_tally {
	const char	*name;
	double		 days[1024];	/* each game's length */
	int		 games;
	long		 waited;	/* turns and gifts made at a look */
	long		 premoves;	/* premoves kept */
	long		 ai;		/* turns and gifts the AI took over */
	long		 ai_asleep;	/* ... of a person asleep or away */
	long		 rows;		/* rows in private chats */
	long		 msgs;		/* ... that became a message */
	long		 replies;	/* ... answering a premove chosen */
	long		 sounds;	/* ... of those, not silent */
	long		 night;		/* ... in their reader's night */
	long		 digests;
	long		 reminders;
	int		 people;	/* people simulated */
	int		 several;	/* ... in two games or more */
	double		 person_days;
	double		 secs;		/* how long the run took */
};

/* One rule set's database and service, on its own clock. */
struct pace_run {
	int		 newrules;
	char		 path[300];
	struct store	*store;
	struct svc	*svc;
	int64_t		 now;
	int64_t		 update;
	struct tac_list	*list;
	struct svc_batch *batch;
	struct pace_person p[PACE_PEOPLE];	/* the circle's people */
	int		 np;
	struct pace_table g[PACE_CIRCLE];	/* the circle's games */
	int		 ng;
	struct pace_tally *t;
	int		 asking;	/* the person whose command is answered
					   now, -1: none */
};

/* Give up with a message. */
static void
pace_die(const char *what, const char *why)
{
	fprintf(stderr, "bench_pace: %s: %s\n", what, why != NULL ? why : "?");
	exit(1);
}

/* The next number of a seeded sequence (xorshift64). */
static uint64_t
pace_next(uint64_t *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 7;
	*x ^= *x << 17;
	return (*x);
}

/* A seed of its own for each (game, what) pair; never 0. */
static uint64_t
pace_seed(int game, int what)
{
	uint64_t	x = 0x9e3779b97f4a7c15ULL * (uint64_t)(game * 16 +
			    what + 1);

	x ^= x >> 31;
	return (x != 0 ? x : 1);
}

/* The service's clock: the run's simulated now. */
static int64_t
pace_clock(void *arg)
{
	return (((struct pace_run *)arg)->now);
}

/* Feed a text event from user in chat (private: their own chat). */
static void
pace_event(struct pace_run *r, const char *chat, int private,
    const char *user, const char *text)
{
	struct svc_event	ev;

	memset(&ev, 0, sizeof ev);
	ev.kind = SVC_EV_TEXT;
	ev.platform = "bench";
	ev.update_id = r->update++;
	ev.chat = chat;
	ev.private_chat = private;
	ev.chat_title = chat;
	ev.user = user;
	ev.user_name = user;
	ev.text = text;
	if (svc_event(r->svc, &ev) != 0)
		pace_die(text, svc_error(r->svc));
}

/* The person of a user id (their private chat's) in the circle, -1. */
static int
pace_person_of(struct pace_run *r, const char *user)
{
	int	i;

	for (i = 0; i < r->np; i++)
		if (strcmp(r->p[i].user, user) == 0)
			return (i);
	return (-1);
}

/* The person in seat of the circle's game played in chat, -1 if none. */
static int
pace_seat_person(struct pace_run *r, const char *chat, int seat)
{
	int	i;

	for (i = 0; i < r->ng && seat >= 0 && seat < PACE_SEATS; i++)
		if (strcmp(r->g[i].chat, chat) == 0)
			return (r->g[i].who[seat]);
	return (-1);
}

/* Is person i asleep (23:00-08:00 their time) or away now? */
static int
pace_asleep(struct pace_run *r, int i)
{
	struct pace_person	*p = &r->p[i];

	if (p->away_to != 0 && r->now >= p->away_from && r->now < p->away_to)
		return (1);
	return (zone_quiet(p->zone, ZONE_QUIET_START, ZONE_QUIET_END,
	    r->now));
}

/*
 * Deliver every due row as a bridge that merges nothing would; count a
 * private row's message and whether it makes a sound in its reader's
 * night (compose_batch()'s silent, as the bridge reads it), and the
 * AI's takeovers of a person's turn.
 */
static void
pace_deliver(struct pace_run *r)
{
	struct svc_batch	*b = r->batch;
	struct compose_opts	 o;
	struct compose_msg	 m;
	json_t			*pl;
	int			 rc, i, who;

	memset(&o, 0, sizeof o);
	while ((rc = svc_outbox_take(r->svc, "bench", NULL, b)) == 1) {
		for (i = 1; i < b->n; i++)
			svc_out_free(&b->row[i]);
		b->n = 1;
		if (b->row[0].type == SVC_OUT_MEMBER) {
			if (svc_outbox_member(r->svc, b, SVC_MEMBER_YES) != 0)
				pace_die("member", svc_error(r->svc));
			continue;
		}
		if (pace_verbose)
			fprintf(stderr, "%lld %s %s %s\n", (long long)r->now,
			    b->row[0].chat, b->row[0].kind, b->row[0].payload);
		if (b->row[0].type == SVC_OUT_TAKEOVER &&
		    (pl = json_loads(b->row[0].payload, 0, NULL)) != NULL) {
			who = pace_seat_person(r, b->row[0].chat,
			    (int)json_integer_value(json_object_get(pl,
			    "seat")));
			r->t->ai++;
			if (who >= 0)
				r->t->ai_asleep += pace_asleep(r, who);
			json_decref(pl);
		}
		if ((who = pace_person_of(r, b->row[0].chat)) >= 0) {
			r->t->rows++;
			r->t->digests += b->row[0].type == SVC_OUT_DIGEST;
			r->t->reminders += b->row[0].type == SVC_OUT_REMINDER;
			if (compose_batch(r->svc, b, &o, &m) != COMPOSE_NONE) {
				r->t->msgs++;
				r->t->replies += who == r->asking;
				/* A premove kept is shown back (a TAC is not). */
				r->t->premoves += who == r->asking &&
				    b->row[0].type == SVC_OUT_PREMOVE;
				if (!m.silent) {
					r->t->sounds++;
					r->t->night += zone_quiet(r->p[who].zone,
					    ZONE_QUIET_START, ZONE_QUIET_END,
					    r->now);
				}
			}
			compose_msg_free(&m);
		}
		if (svc_outbox_finish(r->svc, b, SVC_DONE, 0, NULL) != 0)
			pace_die("outbox", svc_error(r->svc));
	}
	if (rc < 0)
		pace_die("outbox", svc_error(r->svc));
}

/* Draw a person's looks of the day after the one they have. */
static void
pace_day(struct pace_person *p)
{
	struct tm	tm;
	int64_t		t;
	int		i, j;

	t = p->day + PACE_DAY + 3 * 3600;	/* inside the next day */
	if (zone_local(p->zone, t, &tm) != 0)
		pace_die(p->zone, "no such zone");
	p->day = zone_midnight(p->zone, tm.tm_year + 1900, tm.tm_mon + 1,
	    tm.tm_mday);
	for (i = 0; i < PACE_LOOKS; i++)
		p->looks[i] = p->day + PACE_WAKE +
		    (int64_t)(pace_next(&p->rng) % PACE_AWAKE);
	for (i = 1; i < PACE_LOOKS; i++)	/* in order */
		for (j = i; j > 0 && p->looks[j] < p->looks[j - 1]; j--) {
			t = p->looks[j];
			p->looks[j] = p->looks[j - 1];
			p->looks[j - 1] = t;
		}
	p->nlook = 0;
}

/* A person's next look at or after t (skipping the days they are away). */
static int64_t
pace_look(struct pace_person *p, int64_t t)
{
	for (;;) {
		while (p->nlook < PACE_LOOKS) {
			if (p->looks[p->nlook] >= t && (p->away_to == 0 ||
			    p->looks[p->nlook] < p->away_from ||
			    p->looks[p->nlook] >= p->away_to))
				return (p->looks[p->nlook]);
			p->nlook++;
		}
		pace_day(p);
	}
}

/* Run the service's timers due now and deliver; how many ran. */
static int
pace_timers(struct pace_run *r)
{
	int64_t	t;
	int	n = 0, rc;

	while ((t = svc_next_timer(r->svc)) >= 0 && t <= r->now) {
		if ((rc = svc_timers(r->svc)) < 0)
			pace_die("timers", svc_error(r->svc));
		pace_deliver(r);
		if (rc == 0)
			break;
		n += rc;
	}
	return (n);
}

/*
 * The path of the leaf of seat's menu in st (from node at) that plays
 * text, into out; 0 if none.  A recursion over the pages and nodes.
 */
static int
pace_path(struct pace_run *r, const struct tac_state *st, int seat,
    const char *at, const char *text, char *out)
{
	struct menu	*m = xmalloc(sizeof *m);
	char		 buf[160];
	int		 i, found = 0;

	/* A node whose notation so far is not text's holds no leaf of it. */
	if (menu_build(st, seat, at, m, r->list) != 0 ||
	    strncmp(text, m->prefix, strlen(m->prefix)) != 0) {
		free(m);
		return (0);
	}
	for (i = 0; i < m->n && !found; i++) {
		tac_action_format(&m->e[i].a, buf, sizeof buf);
		if (m->e[i].leaf && strcmp(buf, text) == 0) {
			snprintf(out, MENU_PATHMAX + 1, "%s", m->e[i].path);
			found = 1;
		} else if (!m->e[i].leaf)
			found = pace_path(r, st, seat, m->e[i].path, text, out);
	}
	if (!found && m->more[0] != '\0')
		found = pace_path(r, st, seat, m->more, text, out);
	free(m);
	return (found);
}

/*
 * The premove seat would choose in ahead (what they would play on their
 * turn there: policy_greedy()), as the path of its menu leaf; 0 if none.
 */
static int
pace_premove_path(struct pace_run *r, const struct tac_state *ahead,
    int seat, uint64_t *rng, char *path)
{
	char	text[160];
	int	i;

	if (tac_legal(ahead, r->list) <= 0 ||
	    (i = policy_greedy(ahead, r->list, rng)) < 0)
		return (0);
	tac_action_format(&r->list->a[i], text, sizeof text);
	return (pace_path(r, ahead, seat, "", text, path));
}

/*
 * Person i, in seat of the circle's game t, looks at it: gives their
 * gift, plays their turn (again while it is theirs), or under the new
 * rules may choose a premove.  The game's own draws choose its moves.
 */
static void
pace_act(struct pace_run *r, struct pace_table *t, int i, int seat)
{
	struct pace_person	*p = &r->p[i];
	struct tac_state	 st, ahead;
	struct svc_game		 g;
	char			 act[160], text[220], path[MENU_PATHMAX + 1];
	int			 n, k;

	for (k = 0; k < 32; k++) {
		if (svc_game_info(r->svc, t->id, &g) != 1)
			pace_die("game", svc_error(r->svc));
		if (g.state != SVC_PLAYING)
			return;
		if (svc_game_position(r->svc, t->id, -1, &st) != 0)
			pace_die("position", svc_error(r->svc));
		if (st.phase == TAC_PH_EXCHANGE) {
			if (st.gift[seat] != TAC_NONE)
				return;
			st.turn = (uint8_t)seat;
		} else if (st.turn != seat) {
			if (r->newrules && k == 0 && pace_next(&p->rng) % 100 <
			    PACE_PREMOVE && svc_premove_state(&st, seat,
			    &ahead) && pace_premove_path(r, &ahead, seat,
			    &t->rng, path)) {
				/* Its game named: they may play in several. */
				snprintf(text, sizeof text, "/premove #%lld =%s",
				    (long long)t->id, path);
				pace_event(r, p->user, 1, p->user, text);
				r->asking = i;
				pace_deliver(r);
				r->asking = -1;
			}
			return;
		}
		if (tac_legal(&st, r->list) <= 0 ||
		    (n = policy_greedy(&st, r->list, &t->rng)) < 0)
			pace_die("engine", "no legal action");
		tac_action_format(&r->list->a[n], act, sizeof act);
		snprintf(text, sizeof text, "/play %s", act);
		pace_event(r, t->chat, 0, p->user, text);
		r->t->waited++;
		pace_deliver(r);
		pace_timers(r);
	}
}

/*
 * Set up a circle of n games (g0 the first's number) at start: its
 * people, their settings, who goes away when, and the lobbies started.
 */
static void
pace_open(struct pace_run *r, int g0, int n, int64_t start)
{
	struct pace_table	*t;
	struct pace_person	*p;
	char			 text[128];
	int			 k, s, w;

	r->now = start;
	r->ng = n;
	r->np = 0;
	for (k = 0; k < n; k++) {
		t = &r->g[k];
		memset(t, 0, sizeof *t);
		t->start = start;
		t->rng = pace_seed(g0 + k, 9);
		snprintf(t->chat, sizeof t->chat, "-%d", 100 + g0 + k);
		for (s = 0; s < PACE_SEATS; s++) {
			if (pace_share[k][s] >= 0) {
				t->who[s] = w = r->g[pace_share[k][s]].who[s];
				r->p[w].on = ++r->p[w].games;
				continue;
			}
			t->who[s] = w = r->np++;
			p = &r->p[w];
			memset(p, 0, sizeof *p);
			snprintf(p->user, sizeof p->user, "%d", 1000 + g0 *
			    10 + w);
			p->zone = pace_zones[s];
			p->rng = pace_seed(g0 + k, s);
			p->day = start - 2 * PACE_DAY;
			pace_day(p);	/* the day before the start's */
			p->first = start;
			p->games = p->on = 1;
			snprintf(text, sizeof text, "/settings zone %s",
			    p->zone);
			pace_event(r, p->user, 1, p->user, text);
			pace_event(r, p->user, 1, p->user, r->newrules ?
			    "/settings quiet 23:00-08:00" :
			    "/settings quiet off");
		}
	}
	/* Who goes away, when: the same draws in both rules; once, first. */
	for (k = 0; k < n; k++) {
		uint64_t	x = pace_seed(g0 + k, 8);
		int64_t		at;

		p = &r->p[r->g[k].who[pace_next(&x) % PACE_SEATS]];
		at = start + (int64_t)(pace_next(&x) % (8 * PACE_DAY));
		if (p->away_at == 0 || at < p->away_at)
			p->away_at = at;
	}
	for (k = 0; k < n; k++) {
		t = &r->g[k];
		snprintf(text, sizeof text, "/new seed=%d %s", g0 + k + 1,
		    r->newrules ? "bank=2d+3h auto=on" :
		    "deadline=12h auto=off");
		pace_event(r, t->chat, 0, r->p[t->who[0]].user, text);
		for (s = 1; s < PACE_SEATS; s++)
			pace_event(r, t->chat, 0, r->p[t->who[s]].user,
			    "/join");
		pace_event(r, t->chat, 0, r->p[t->who[0]].user, "/start");
		pace_deliver(r);
		if ((t->id = svc_chat_game(r->svc, "bench", t->chat)) <= 0)
			pace_die(t->chat, "no game");
	}
}

/*
 * A person's look is their going away, from all their games: old rules
 * silent, new /away.
 */
static void
pace_away(struct pace_run *r, int i)
{
	struct pace_person	*p = &r->p[i];

	/* As the service reads "/away 3d": 72 hours from now. */
	p->away_from = r->now;
	p->away_to = r->now + 3 * PACE_DAY;
	p->away_at = 0;
	if (r->newrules) {
		pace_event(r, p->user, 1, p->user, "/away 3d stop");
		pace_deliver(r);
	}
}

/* The seat of person i in the circle's game t, -1 if none or over. */
static int
pace_seat(const struct pace_table *t, int i)
{
	int	s;

	for (s = 0; !t->over && s < PACE_SEATS; s++)
		if (t->who[s] == i)
			return (s);
	return (-1);
}

/*
 * Note the circle's games that ended (their length; their people's
 * last day so far); how many still run.
 */
static int
pace_running(struct pace_run *r)
{
	struct pace_table	*t;
	struct svc_game		 info;
	int			 k, s, n = 0;

	for (k = 0; k < r->ng; k++) {
		t = &r->g[k];
		if (t->over)
			continue;
		if (svc_game_info(r->svc, t->id, &info) != 1)
			pace_die("game", svc_error(r->svc));
		if (info.state == SVC_PLAYING && r->now - t->start >
		    PACE_MAXDAYS * (int64_t)PACE_DAY)
			pace_die("game", "longer than PACE_MAXDAYS days");
		if (info.state == SVC_PLAYING) {
			n++;
			continue;
		}
		t->over = 1;
		r->t->days[r->t->games++] = (double)(r->now - t->start) /
		    PACE_DAY;
		for (s = 0; s < PACE_SEATS; s++) {
			r->p[t->who[s]].last = r->now;
			r->p[t->who[s]].on--;
		}
	}
	return (n);
}

/* Play a circle of n games (g0 the first) from start to their ends. */
static void
pace_circle(struct pace_run *r, int g0, int n, int64_t start)
{
	int64_t	tl, tn, look[PACE_PEOPLE];
	int	i, k, s, who;

	pace_open(r, g0, n, start);
	pace_timers(r);
	while (pace_running(r) > 0) {
		who = -1;
		for (i = 0; i < r->np; i++) {
			if (r->p[i].on == 0)
				continue;	/* their games are over */
			look[i] = pace_look(&r->p[i], r->now);
			if (who < 0 || look[i] < look[who])
				who = i;
		}
		tl = look[who];
		tn = svc_next_timer(r->svc);
		if (tn >= 0 && tn < tl) {
			r->now = tn > r->now ? tn : r->now;
			if (pace_timers(r) > 0)
				continue;
			/* Nothing ran: the timer waits on something else. */
		}
		r->now = tl;
		r->p[who].nlook++;
		pace_deliver(r);
		if (r->p[who].away_at != 0 && r->now >= r->p[who].away_at) {
			pace_away(r, who);
			continue;
		}
		for (k = 0; k < r->ng; k++)
			if ((s = pace_seat(&r->g[k], who)) >= 0)
				pace_act(r, &r->g[k], who, s);
	}
	pace_deliver(r);
	for (i = 0; i < r->np; i++) {
		r->t->people++;
		r->t->several += r->p[i].games > 1;
		r->t->person_days += (double)(r->p[i].last - r->p[i].first) /
		    PACE_DAY;
	}
}

/* Play every game under one rule set, in a scratch database. */
static void
pace_run(struct pace_tally *t, int newrules, int games, const char *dir)
{
	struct pace_run	 r;
	char		*cause, p[320];
	double		 t0;
	int		 g, n;

	memset(&r, 0, sizeof r);
	r.newrules = newrules;
	r.t = t;
	r.update = 1;
	r.asking = -1;
	r.now = PACE_T0;
	snprintf(r.path, sizeof r.path, "%s/%s.db", dir, newrules ? "new" :
	    "old");
	if ((r.store = store_open(r.path, STORE_NOSYNC, &cause)) == NULL)
		pace_die("store", cause);
	r.svc = svc_open(r.store, pace_clock, &r);
	compose_read_install(r.svc);
	r.list = xmalloc(sizeof *r.list);
	r.batch = xcalloc(1, sizeof *r.batch);
	t0 = now_mono();
	for (g = 0; g < games; g += n) {
		n = games - g < PACE_CIRCLE ? games - g : PACE_CIRCLE;
		pace_circle(&r, g, n, PACE_T0 + (int64_t)(g / PACE_CIRCLE) *
		    PACE_GAP + (int64_t)(pace_seed(g, 10) % PACE_DAY));
		/* What the end left due (a rematch's question) comes too. */
		r.now += 3600;
		pace_timers(&r);
	}
	t->secs = now_mono() - t0;
	svc_close(r.svc);
	store_close(r.store);
	unlink(r.path);
	snprintf(p, sizeof p, "%s-wal", r.path);
	unlink(p);
	snprintf(p, sizeof p, "%s-shm", r.path);
	unlink(p);
	free(r.list);
	free(r.batch);
}

/* Order two doubles, for qsort. */
static int
pace_cmp(const void *a, const void *b)
{
	double	x = *(const double *)a, y = *(const double *)b;

	return (x < y ? -1 : x > y);
}

/* The q-quantile (0-1) of a tally's game lengths, sorting them. */
static double
pace_quantile(struct pace_tally *t, double q)
{
	int	i = (int)(q * (t->games - 1) + 0.5);

	qsort(t->days, t->games, sizeof t->days[0], pace_cmp);
	return (t->days[i]);
}

/* One line of the table: a figure, old and new, with decimals. */
static void
pace_line(const char *what, double a, double b, int decimals)
{
	printf("%-52s %10.*f %10.*f\n", what, decimals, a, decimals, b);
}

/* Play the games under both rules, print the table and the summary. */
int
main(int argc, char **argv)
{
	static struct pace_tally	 old, new;
	struct pace_tally		*t[2] = { &old, &new };
	char				 dir[256];
	double				 mo, mn;
	int				 games = 200, ch, i;

	xmalloc_json();
	while ((ch = getopt(argc, argv, "vg:")) != -1) {
		if (ch == 'v')
			pace_verbose = 1;
		else if (ch != 'g' || (games = atoi(optarg)) <= 0 ||
		    games > 1024) {
			fprintf(stderr, "usage: bench_pace [-v] [-g GAMES]\n");
			return (2);
		}
	}
	snprintf(dir, sizeof dir, "%s/bench_pace.XXXXXX",
	    getenv("TMPDIR") != NULL ? getenv("TMPDIR") : "/var/tmp");
	if (mkdtemp(dir) == NULL)
		pace_die(dir, "cannot make it");
	old.name = "old";
	new.name = "new";
	pace_run(&old, 0, games, dir);
	pace_run(&new, 1, games, dir);
	rmdir(dir);

	printf("%d games of 4 seats (Europe/Moscow, Asia/Tbilisi, Europe/Berlin "
	    "x2),\n%d at once by circles of friends: %d people, %d of them in "
	    "2 or 3 games;\n6 looks per waking day (08:00-23:00 their time), "
	    "one person away 3 days a game;\n", games, PACE_CIRCLE,
	    new.people, new.several);
	printf("old: deadline=12h auto=off, no quiet hours, no premoves, "
	    "no /away;\nnew: bank=2d+3h auto=on, quiet 23:00-08:00, "
	    "premoves in %d%% of looks, /away 3d stop\n\n", PACE_PREMOVE);
	printf("%-52s %10s %10s\n", "", "old", "new");
	mo = pace_quantile(&old, 0.5);
	mn = pace_quantile(&new, 0.5);
	pace_line("game length, days: median", mo, mn, 1);
	pace_line("game length, days: p90", pace_quantile(&old, 0.9),
	    pace_quantile(&new, 0.9), 1);
	pace_line("turns and gifts people were waited on (per game)",
	    (double)old.waited / games, (double)new.waited / games, 1);
	pace_line("premoves kept (per game)", (double)old.premoves / games,
	    (double)new.premoves / games, 1);
	pace_line("AI turns and gifts for a person (all)", (double)old.ai,
	    (double)new.ai, 0);
	pace_line("... for a person asleep (23-08 their time) or away",
	    (double)old.ai_asleep, (double)new.ai_asleep, 0);
	pace_line("private rows per person per day",
	    old.rows / old.person_days, new.rows / new.person_days, 2);
	pace_line("private messages per person per day",
	    old.msgs / old.person_days, new.msgs / new.person_days, 2);
	pace_line("... of them answers to a premove chosen",
	    old.replies / old.person_days, new.replies / new.person_days,
	    2);
	pace_line("... with a sound (all)", (double)old.sounds,
	    (double)new.sounds, 0);
	pace_line("... with a sound in the reader's night (23-08)",
	    (double)old.night, (double)new.night, 0);
	pace_line("reminders sent", (double)old.reminders,
	    (double)new.reminders, 0);
	pace_line("digests sent", (double)old.digests, (double)new.digests,
	    0);
	for (i = 0; i < 2; i++)
		printf("%s rules: %d games simulated in %.1f s\n", t[i]->name,
		    t[i]->games, t[i]->secs);
	printf("pace: days %.1f -> %.1f (%+.0f%%), AI turns for people asleep "
	    "or away %ld -> %ld, sounds in quiet hours %ld -> %ld\n", mo, mn,
	    mo > 0 ? (mn - mo) / mo * 100 : 0.0, old.ai_asleep, new.ai_asleep,
	    old.night, new.night);
	return (0);
}
