/*
 * bench_stats.c: a database of many finished games, for the benchmark of
 * tacctl stats (tests/bench-stats.sh, make bench-stats).
 *
 * It plays GAMES four-player games with the greedy policy (shorter logs
 * than random ones, as people's are) in CHATS group chats of eight
 * people each, a seat in ten going to an AI, and stores each as tacd
 * would: the game, its seats, its action log, its end, and the
 * statistics added in the same transaction as the end
 * (store_stats_finish()).  It prints how long that took per game, then
 * how long the queries behind /stats, /top and tacctl stats take here.
 *
 *	bench_stats [-g GAMES] [-c CHATS] -o DB
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "now.h"
#include "policy.h"
#include "store.h"

/* Die with the store's message. */
static void
bench_die(struct store *s, const char *what)
{
	fprintf(stderr, "bench_stats: %s: %s\n", what, s != NULL ?
	    store_error(s) : "failed");
	exit(1);
}

/* Play and store one game of chat (users.id of its people in people). */
static double
bench_game(struct store *s, int64_t chat, const int64_t *people,
    uint64_t seed, uint64_t *rng, int64_t t0, struct tac_list *l)
{
	struct store_game	 g;
	struct tac_state	 st;
	char			 text[160];
	double			 ms;
	int			 i, n, pick;

	memset(&g, 0, sizeof g);
	g.chat = chat;
	g.cfg.nseats = 4;
	g.cfg.master = 1;
	g.seed = seed;
	g.state = STORE_PLAYING;
	g.actor = -1;
	g.winner = -1;
	g.ai = 1;
	g.created = g.updated = t0;
	for (i = 0; i < 4; i++) {
		if (tac_rng_below(rng, 10) == 0)
			g.seats[i].ai = 1;
		else
			g.seats[i].user = people[(i * 2 + tac_rng_below(rng,
			    2)) % 8];
	}
	g.creator = g.seats[0].user;
	if (store_game_create(s, &g) < 0)
		bench_die(s, "game");
	tac_init(&st, &g.cfg, seed);
	for (n = 0; st.phase != TAC_PH_OVER && n < 100000; n++) {
		if (tac_legal(&st, l) <= 0 ||
		    (pick = policy_greedy(&st, l, rng)) < 0)
			break;
		tac_action_format(&l->a[pick], text, sizeof text);
		if (store_action_add(s, g.id, n, st.turn, text,
		    g.seats[st.turn].ai > 0 ? STORE_BY_AI : STORE_BY_PERSON,
		    t0 + n * 20) != 0)
			bench_die(s, "action");
		tac_play(&st, &l->a[pick]);
	}
	g.state = STORE_OVER;
	g.turn_no = n;
	g.winner = st.winner == TAC_NONE ? -1 : st.winner;
	g.updated = t0 + n * 20;
	if (store_game_put(s, &g, NULL) != 0)
		bench_die(s, "game end");
	ms = now_ms();
	if (store_stats_finish(s, g.id) != 0)
		bench_die(s, "stats");
	return (now_ms() - ms);
}

/* Time one query, in milliseconds, and free its rows. */
static double
bench_query(json_t *(*fn)(struct store *, int64_t), struct store *s,
    int64_t arg, size_t *rows)
{
	json_t	*j;
	double	 ms = now_ms();

	if ((j = fn(s, arg)) == NULL)
		bench_die(s, "query");
	ms = now_ms() - ms;
	*rows = json_array_size(j);
	json_decref(j);
	return (ms);
}

/* The queries, with one argument each. */
static json_t *
q_chat_players(struct store *s, int64_t chat)
{
	return (store_stats_players(s, chat, 0, 1, 10));
}

static json_t *
q_chat_top(struct store *s, int64_t chat)
{
	return (store_stats_players(s, chat, 1, 1, 15));
}

static json_t *
q_history(struct store *s, int64_t chat)
{
	return (store_stats_history(s, chat, 10));
}

static json_t *
q_everyone(struct store *s, int64_t unused)
{
	(void)unused;
	return (store_stats_everyone(s, 1000000));
}

/* Build the database, then time the queries. */
int
main(int argc, char **argv)
{
	struct store	*s;
	struct tac_list	*l;
	const char	*out = NULL;
	char		 pid[32], lang[8], *cause;
	int64_t		*chats, *people, t0 = 1700000000;
	uint64_t	 rng = 42;
	double		 ms, sum = 0, max = 0, *each, t;
	size_t		 rows;
	int		 ngames = 10000, nchats = 100, ch, i, k;

	while ((ch = getopt(argc, argv, "g:c:o:")) != -1) {
		switch (ch) {
		case 'g':
			ngames = atoi(optarg);
			break;
		case 'c':
			nchats = atoi(optarg);
			break;
		case 'o':
			out = optarg;
			break;
		default:
			goto usage;
		}
	}
	if (out == NULL || ngames < 1 || nchats < 1)
		goto usage;
	unlink(out);
	if ((s = store_open(out, STORE_NOSYNC, &cause)) == NULL) {
		fprintf(stderr, "bench_stats: %s\n", cause);
		return (1);
	}
	l = malloc(sizeof *l);
	chats = calloc(nchats, sizeof *chats);
	people = calloc((size_t)nchats * 8, sizeof *people);
	each = calloc(ngames, sizeof *each);
	if (l == NULL || chats == NULL || people == NULL || each == NULL)
		return (1);
	t = now_ms();
	if (store_begin(s) != 0)
		bench_die(s, "begin");
	for (i = 0; i < nchats; i++) {
		snprintf(pid, sizeof pid, "-100%d", i + 1);
		if ((chats[i] = store_chat(s, "telegram", pid, "a group", 0,
		    "en", lang)) < 0)
			bench_die(s, "chat");
		for (k = 0; k < 8; k++) {
			snprintf(pid, sizeof pid, "%d", 1000 + i * 8 + k);
			if ((people[i * 8 + k] = store_user(s, "telegram", pid,
			    pid, "en", lang)) < 0)
				bench_die(s, "user");
		}
	}
	for (i = 0; i < ngames; i++) {
		each[i] = bench_game(s, chats[i % nchats], people +
		    (i % nchats) * 8, (uint64_t)i + 1, &rng, t0 + i * 3600, l);
		sum += each[i];
		if (each[i] > max)
			max = each[i];
		/* Commit now and then, as tacd's transactions would. */
		if (i % 200 == 199 && (store_commit(s) != 0 ||
		    store_begin(s) != 0))
			bench_die(s, "commit");
	}
	if (store_commit(s) != 0)
		bench_die(s, "commit");
	printf("stored %d finished games in %d chats in %.1f s\n", ngames,
	    nchats, (now_ms() - t) / 1000);
	printf("adding a game's end to the statistics: mean %.2f ms, "
	    "max %.2f ms\n", sum / ngames, max);

	ms = bench_query(q_chat_players, s, chats[0], &rows);
	printf("/stats of a group (%zu players): %.2f ms\n", rows, ms);
	ms = bench_query(q_chat_top, s, chats[0], &rows);
	printf("/top of a group (%zu players): %.2f ms\n", rows, ms);
	ms = bench_query(q_history, s, chats[0], &rows);
	printf("/history of a group (%zu games): %.2f ms\n", rows, ms);
	ms = bench_query(q_everyone, s, 0, &rows);
	printf("everyone's totals (%zu players): %.2f ms\n", rows, ms);
	store_close(s);
	free(l);
	free(chats);
	free(people);
	free(each);
	return (0);
usage:
	fprintf(stderr, "usage: bench_stats [-g GAMES] [-c CHATS] -o DB\n");
	return (2);
}
