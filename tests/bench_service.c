/*
 * bench_service.c: a load benchmark of the game service and the store.
 *
 * It stores GAMES running four-player games (each in its own chat, made
 * through ordinary /new, /join and /start events), then feeds moves of
 * random games through svc_event() with full durability (synchronous=FULL,
 * WAL) and group commit: events arrive at RATE per second, and whatever
 * has arrived when a commit ends goes into the next batch (at most BATCH
 * events).  Each move is the last legal action of the seat to act, as a
 * person would type it.  The outbox rows are delivered (marked sent) in
 * the same transactions, as a bridge would.
 *
 * It prints the events per second, the latency from an event's arrival to
 * the commit that made its outbox rows durable (p50, p99, max), the
 * largest resident set, and the same run without a rate limit.
 *
 *	bench_service [-k] [-g GAMES] [-n EVENTS] [-r RATE] [-b BATCH]
 *	    [-d DIR | -D postgresql://...]
 *
 * -k keeps the database (for tacctl games, verify, ...).  -D measures an
 * empty PostgreSQL database instead of an SQLite file (make bench runs
 * both, the server on a throwaway cluster with its durable defaults:
 * fsync, synchronous_commit on).
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <sys/resource.h>
#include <sys/stat.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "now.h"
#include "service.h"
#include "store.h"
#include "tacjson.h"
#include "xmalloc.h"

/* What to run. */
struct bench_opts {
	int		 games;		/* stored games */
	int		 events;	/* moves per measured run */
	double		 rate;		/* offered events per second */
	int		 batch;		/* most events per commit */
	const char	*dir;		/* where the database goes */
	const char	*uri;		/* or a PostgreSQL database */
	int		 keep;		/* leave the database behind */
};

/* One stored game as the driver mirrors it, to know the next move. */
struct bench_game {
	int64_t			id;
	struct tac_state	st;
};

static struct bench_game	*games;
static struct tac_list		*list;
static struct svc		*svc;
static int64_t			 update_id = 1;
static int64_t			 delivered;

/* Give up with a message. */
static void
bench_die(const char *what, const char *why)
{
	fprintf(stderr, "bench_service: %s: %s\n", what, why);
	exit(1);
}

/* Feed one text event from a user in a chat. */
static void
bench_event(const char *chat, const char *user, const char *text)
{
	struct svc_event	 ev;

	memset(&ev, 0, sizeof ev);
	ev.kind = SVC_EV_TEXT;
	ev.platform = "bench";
	ev.update_id = update_id++;
	ev.chat = chat;
	ev.chat_title = chat;
	ev.user = user;
	ev.user_name = user;
	ev.text = text;
	if (svc_event(svc, &ev) != 0)
		bench_die(text, svc_error(svc));
}

/* Deliver what is due, as a bridge would, inside the open batch. */
static void
bench_deliver(void)
{
	static struct svc_batch	b;
	int			rc, n;

	while ((rc = svc_outbox_take(svc, "bench", NULL, &b)) == 1) {
		n = b.n;
		if (svc_outbox_finish(svc, &b, SVC_DONE, 0, NULL) != 0)
			bench_die("outbox done", svc_error(svc));
		delivered += n;
	}
	if (rc < 0)
		bench_die("outbox", svc_error(svc));
}

/* Event k (0-4) of those that open game i: /new, three /join, /start. */
static void
bench_lobby_events(int i, int k, char *chat, char *user, char *text,
    size_t len)
{
	snprintf(chat, 32, "c%d", i);
	snprintf(user, 32, "u%d", i * 4 + (k >= 1 && k <= 3 ? k : 0));
	switch (k) {
	case 0:
		snprintf(text, len, "/new seed=%d", i + 1);
		break;
	case 4:
		snprintf(text, len, "/start");
		break;
	default:
		snprintf(text, len, "/join");
		break;
	}
}

/* Store the games: every lobby event, in large batches. */
static void
bench_setup(const struct bench_opts *o)
{
	struct tac_config	cfg = { 4, 0, 1, TAC_NAMES_TAC, 0 };
	char			chat[32], user[32], text[64];
	double			t0, dt;
	int			i, k, n = 0;

	t0 = now_mono();
	for (i = 0; i < o->games; i++) {
		if (n == 0 && svc_batch_begin(svc) != 0)
			bench_die("batch", svc_error(svc));
		for (k = 0; k < 5; k++) {
			bench_lobby_events(i, k, chat, user, text, sizeof text);
			bench_event(chat, user, text);
		}
		games[i].id = svc_chat_game(svc, "bench", chat);
		tac_init(&games[i].st, &cfg, (uint64_t)i + 1);
		if ((n += 5) >= 500 || i == o->games - 1) {
			bench_deliver();
			if (svc_batch_end(svc) != 0)
				bench_die("commit", svc_error(svc));
			n = 0;
		}
	}
	dt = now_mono() - t0;
	printf("setup: %d games, %d events in %.2f s (%.0f events/s)\n",
	    o->games, o->games * 5, dt, o->games * 5 / dt);
}

/* Order two doubles, for qsort. */
static int
bench_cmp(const void *a, const void *b)
{
	double	x = *(const double *)a, y = *(const double *)b;

	return (x < y ? -1 : x > y);
}

/*
 * Make the next move event of game i: the actor plays the last legal
 * action.  A finished game is first opened again in its chat (those
 * events are fed at once).
 */
static void
bench_move(int i, char *chat, char *user, char *text, size_t len)
{
	struct tac_config	 cfg = { 4, 0, 1, TAC_NAMES_TAC, 0 };
	struct bench_game	*g = &games[i];
	char			 act[160];
	int			 n, seat;

	if (g->st.phase == TAC_PH_OVER) {
		for (n = 0; n < 5; n++) {
			bench_lobby_events(i, n, chat, user, text, len);
			bench_event(chat, user, text);
		}
		g->id = svc_chat_game(svc, "bench", chat);
		tac_init(&g->st, &cfg, (uint64_t)i + 1);
	}
	if ((n = tac_legal(&g->st, list)) <= 0)
		bench_die("engine", "no legal action");
	seat = g->st.turn;
	tac_action_format(&list->a[n - 1], act, sizeof act);
	tac_play(&g->st, &list->a[n - 1]);
	snprintf(chat, 32, "c%d", i);
	snprintf(user, 32, "u%d", i * 4 + seat);
	snprintf(text, len, "/play %s", act);
}

/*
 * Feed o->events moves arriving at rate (0: all at once) in group
 * commits; print the throughput and the latency percentiles.
 */
static void
bench_run(const struct bench_opts *o, double rate, uint64_t *rng)
{
	double		*arrive, *lat, t0, now, end;
	char		 chat[32], user[32], text[200];
	int		 next = 0, done = 0, k, first;

	if ((arrive = calloc(o->events, sizeof *arrive)) == NULL ||
	    (lat = calloc(o->events, sizeof *lat)) == NULL)
		bench_die("bench", "out of memory");
	t0 = now_mono();
	for (k = 0; k < o->events; k++)
		arrive[k] = rate > 0 ? t0 + k / rate : t0;
	while (done < o->events) {
		now = now_mono();
		if (arrive[next] > now) {
			struct timespec ts;
			double		d = arrive[next] - now;

			ts.tv_sec = (time_t)d;
			ts.tv_nsec = (long)((d - (double)ts.tv_sec) * 1e9);
			nanosleep(&ts, NULL);
			continue;
		}
		if (svc_batch_begin(svc) != 0)
			bench_die("batch", svc_error(svc));
		first = next;
		while (next < o->events && next - first < o->batch &&
		    arrive[next] <= now) {
			*rng ^= *rng << 13;
			*rng ^= *rng >> 7;
			*rng ^= *rng << 17;
			bench_move((int)((*rng >> 11) % (uint64_t)o->games),
			    chat, user, text, sizeof text);
			bench_event(chat, user, text);
			next++;
		}
		bench_deliver();
		if (svc_batch_end(svc) != 0)
			bench_die("commit", svc_error(svc));
		end = now_mono();
		for (k = first; k < next; k++)
			lat[k] = end - arrive[k];
		done = next;
	}
	end = now_mono();
	qsort(lat, o->events, sizeof *lat, bench_cmp);
	if (rate > 0)
		printf("offered %.0f events/s: %d events in %.2f s = %.0f "
		    "events/s; latency p50 %.2f ms, p99 %.2f ms, max %.2f ms\n",
		    rate, o->events, end - t0, o->events / (end - t0),
		    lat[o->events / 2] * 1e3,
		    lat[(int)(o->events * 0.99)] * 1e3,
		    lat[o->events - 1] * 1e3);
	else	/* everything queued at once: latency is just queueing */
		printf("unlimited: %d events in %.2f s = %.0f events/s\n",
		    o->events, end - t0, o->events / (end - t0));
	free(arrive);
	free(lat);
}

/* Every stored game must be where the driver's mirror says it is. */
static void
bench_verify(const struct bench_opts *o)
{
	struct tac_state	 st;
	json_t			*a, *b;
	int			 i, bad = 0;

	for (i = 0; i < o->games; i++) {
		if (svc_game_position(svc, games[i].id, -1, &st) != 0)
			bench_die("position", svc_error(svc));
		a = tac_position_save(&st, -1);
		b = tac_position_save(&games[i].st, -1);
		bad += !json_equal(a, b);
		json_decref(a);
		json_decref(b);
	}
	if (bad > 0) {
		fprintf(stderr, "bench_service: %d games differ from what "
		    "was played\n", bad);
		exit(1);
	}
	printf("checked: all %d games are where the moves put them\n",
	    o->games);
}

/* Read a positive number option; exit with the usage if it is not one. */
static double
bench_number(const char *s)
{
	char	*end;
	double	 v;

	v = strtod(s, &end);
	if (end == s || *end != '\0' || v <= 0) {
		fprintf(stderr, "usage: bench_service [-k] [-g GAMES] "
		    "[-n EVENTS] [-r RATE] [-b BATCH] [-d DIR | -D URI]\n");
		exit(2);
	}
	return (v);
}

/* Set up the stored games, then measure at the rate and unlimited. */
int
main(int argc, char **argv)
{
	struct bench_opts	 o = { 10000, 20000, 2000, 64, NULL, NULL, 0 };
	struct store		*store;
	struct rusage		 ru;
	struct stat		 sb;
	char			 dir[256], path[300], *cause;
	uint64_t		 rng = 88172645463325252ULL;
	int64_t			 size;
	int			 ch;

	xmalloc_json();
	while ((ch = getopt(argc, argv, "kg:n:r:b:d:D:")) != -1) {
		switch (ch) {
		case 'k':
			o.keep = 1;
			break;
		case 'g':
			o.games = (int)bench_number(optarg);
			break;
		case 'n':
			o.events = (int)bench_number(optarg);
			break;
		case 'r':
			o.rate = bench_number(optarg);
			break;
		case 'b':
			o.batch = (int)bench_number(optarg);
			break;
		case 'd':
			o.dir = optarg;
			break;
		case 'D':
			o.uri = optarg;
			break;
		default:
			bench_number("");
		}
	}
	if (o.dir == NULL && o.uri == NULL) {
		snprintf(dir, sizeof dir, "%s/bench_service.XXXXXX",
		    getenv("TMPDIR") != NULL ? getenv("TMPDIR") : "/var/tmp");
		if (mkdtemp(dir) == NULL)
			bench_die(dir, "cannot make it");
		o.dir = dir;
	}
	if (o.uri != NULL)
		snprintf(path, sizeof path, "%s", o.uri);
	else {
		snprintf(path, sizeof path, "%s/bench.db", o.dir);
		unlink(path);
	}
	if ((games = calloc(o.games, sizeof *games)) == NULL ||
	    (list = malloc(sizeof *list)) == NULL)
		bench_die("bench", "out of memory");
	if ((store = store_open(path, 0, &cause)) == NULL)
		bench_die("store", cause);
	svc = svc_open(store, NULL, NULL);
	if (o.uri != NULL)
		printf("database PostgreSQL (%s), synchronous_commit=on, group "
		    "commit of at most %d events\n", store_is_pg(path) ?
		    "a local socket" : "?", o.batch);
	else
		printf("database %s, synchronous=FULL, WAL, group commit of "
		    "at most %d events\n", path, o.batch);

	bench_setup(&o);
	bench_run(&o, o.rate, &rng);
	bench_run(&o, 0, &rng);
	bench_verify(&o);

	getrusage(RUSAGE_SELF, &ru);
	if (o.uri != NULL) {
		if (store_sql_int(store, "SELECT pg_database_size("
		    "current_database())", &size) != 1)
			size = 0;
		sb.st_size = (off_t)size;
	} else if (stat(path, &sb) != 0)
		sb.st_size = 0;
	printf("%lld outbox rows delivered; database %.1f MB; max resident "
	    "%.1f MB with %d stored games\n", (long long)delivered,
	    sb.st_size / 1048576.0, ru.ru_maxrss / 1024.0, o.games);

	svc_close(svc);
	store_close(store);
	if (o.keep)
		printf("kept %s\n", o.uri != NULL ? "the PostgreSQL database" :
		    path);
	else if (o.uri == NULL) {
		unlink(path);
		if (o.dir == dir)
			rmdir(dir);
	}
	free(games);
	free(list);
	return (0);
}
