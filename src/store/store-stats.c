/*
 * store-stats.c: the statistics and ratings tables, derived from the
 * action logs.
 *
 * A game that ends is added to them in the transaction of its last
 * action (store_stats_finish()); store_stats_rebuild() empties them and
 * adds every finished game again, in the order the games ended, so the
 * tables always equal what the logs say.  Adding a game replays its log
 * with the engine and tallies it (tac_tally_add()): kicks are read off
 * the board, so the counts are the rules' own.
 *
 * The rating is a team Elo over all chats: every player (a person, or an
 * AI level as a player of its own) starts at STORE_RATING_START; a team's
 * rating is the mean of its seats'; the winning team W and each losing
 * team L exchange d = K * (1 - E) / (teams - 1) points per seat, where
 * E = 1 / (1 + 10^((R_L - R_W) / 400)) is W's expected score against L.
 * A player in several seats (an AI) gets each seat's change.  A win
 * against a weaker team (AI players that lose a lot) brings little.
 *
 * A game of Team-TAC (rules K) has no winner against anyone: it changes
 * no rating and counts in no player's or pair's games and wins; it is
 * kept with its score, the cards played (K6), for a group's best scores
 * (store_stats_coop()), and its cards count by kind as any game's.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "notify.h"
#include "store-int.h"
#include "xmalloc.h"

/*
 * A fill after an upgrade runs before tacd is ready, inside systemd's
 * start timeout (90 s by default): every STATS_NOTIFY_EVERY games, the
 * timeout is pushed out by STATS_NOTIFY_BASE plus STATS_NOTIFY_GAME for
 * each game left (tacctl stats --rebuild of 300 games took 5 to 8 ms a
 * game on a busy 2-core machine; this leaves room for a slower one).
 */
#define STATS_NOTIFY_EVERY	1000
#define STATS_NOTIFY_BASE	30000000ULL	/* us */
#define STATS_NOTIFY_GAME	20000ULL	/* us */

/* One seat of the game being added. */
struct stats_seat {
	int64_t		 player;	/* 0: nobody sat there */
	int		 team;
	int		 won;
	int		 takeovers;
	double		 before;
	double		 after;
};

/* The game being added: its row, its tally, its times. */
struct stats_game {
	struct store_game g;
	int64_t		 finished;
	struct tac_tally t;
	int64_t		 started;
	int64_t		 ended;
	int		 takeovers;
	int		 nteams;
	uint32_t	 cards;		/* played in all (Team-TAC's score) */
	struct stats_seat seats[TAC_MAXSEATS];
};

/* The player of a seat: the person, else -LEVEL for an AI, else 0. */
int64_t
store_stats_player(const struct store_seat *p)
{
	if (p->user != 0)
		return (p->user);
	if (p->ai > 0)
		return (-(int64_t)p->ai);
	return (0);
}

/*
 * The rating changes of one game: r[i] is seat i's player's rating
 * before, team[i] its team (-1: an empty seat), winner the winning team;
 * d[i] gets seat i's change (0 for all when there is no winner).
 */
void
store_rating_update(int nseats, const double *r, const int *team,
    int nteams, int winner, double *d)
{
	double	sum[TAC_MAXSEATS], mean[TAC_MAXSEATS], e, x;
	int	n[TAC_MAXSEATS], i, l;

	for (i = 0; i < nseats; i++)
		d[i] = 0;
	if (winner < 0 || winner >= nteams || nteams < 2 ||
	    nteams > TAC_MAXSEATS)
		return;
	for (l = 0; l < nteams; l++) {
		sum[l] = 0;
		n[l] = 0;
	}
	for (i = 0; i < nseats; i++) {
		if (team[i] < 0 || team[i] >= nteams)
			continue;
		sum[team[i]] += r[i];
		n[team[i]]++;
	}
	for (l = 0; l < nteams; l++)
		mean[l] = n[l] > 0 ? sum[l] / n[l] : STORE_RATING_START;
	if (n[winner] == 0)
		return;
	for (l = 0; l < nteams; l++) {
		if (l == winner || n[l] == 0)
			continue;
		e = 1.0 / (1.0 + pow(10.0, (mean[l] - mean[winner]) /
		    STORE_RATING_SCALE));
		x = STORE_RATING_K * (1.0 - e) / (nteams - 1);
		for (i = 0; i < nseats; i++) {
			if (team[i] == winner)
				d[i] += x;
			else if (team[i] == l)
				d[i] -= x;
		}
	}
}

/*
 * Replay game sg->g.id's log with the engine and tally it, with its
 * first and last times and the turns the AI took over.  -1 when the log
 * does not replay (the message says where).
 */
static int
stats_replay(struct store *s, struct stats_game *sg)
{
	struct tac_state	 st, before;
	struct tac_action	 a;
	struct db_stmt		*q;
	char			 why[256];
	int64_t			 n = 0, at;
	int			 rc, seat, who;

	if (s->list == NULL)
		s->list = xmalloc(sizeof *s->list);
	if (tac_config_check(&sg->g.cfg, why, sizeof why) != 0)
		return (store_fail(s, "game #%lld: %s", (long long)sg->g.id,
		    why));
	tac_init(&st, &sg->g.cfg, sg->g.seed);
	tac_tally_init(&sg->t);
	if ((q = store_stmt(s, ST_STATS_LOG, "SELECT n, seat, action, who, at "
	    "FROM actions WHERE game = ?1 ORDER BY n")) == NULL)
		return (-1);
	db_bind_int64(q, 1, sg->g.id);
	while ((rc = db_step(q)) == DB_ROW) {
		seat = db_column_int(q, 1);
		who = db_column_int(q, 3);
		at = db_column_int64(q, 4);
		if (db_column_int64(q, 0) != n ||
		    tac_action_parse((const char *)db_column_text(q, 2),
		    &a, why, sizeof why) != 0) {
			if (db_column_int64(q, 0) != n)
				snprintf(why, sizeof why, "the log misses it");
			goto bad;
		}
		before = st;
		if (tac_apply(&st, &a, s->list, why, sizeof why) < 0)
			goto bad;
		/* As logged: the card it is written with is the one counted. */
		tac_tally_add(&sg->t, seat, &a, &before, &st);
		if (n == 0)
			sg->started = at;
		sg->ended = at;
		if (who == STORE_BY_TIMEOUT && seat >= 0 &&
		    seat < TAC_MAXSEATS) {
			sg->seats[seat].takeovers++;
			sg->takeovers++;
		}
		n++;
	}
	db_reset(q);
	if (rc != DB_DONE)
		return (store_sqlfail(s, "stats log"));
	sg->nteams = tac_nteams(&st);
	sg->cards = tac_cards_played(&st);
	for (seat = 0; seat < sg->g.cfg.nseats; seat++)
		sg->seats[seat].team = tac_team(&st, seat);
	/* A log that stops short of the end: the row's winner stands. */
	if (sg->t.winner < 0)
		sg->t.winner = sg->g.winner;
	return (0);
bad:
	db_reset(q);
	return (store_fail(s, "game #%lld: action %lld: %s",
	    (long long)sg->g.id, (long long)n, why));
}

/* Read the ratings of a game's players and work out the new ones. */
static int
stats_rate(struct store *s, struct stats_game *sg)
{
	struct stats_seat	*p;
	struct db_stmt		*q;
	double			 r[TAC_MAXSEATS], d[TAC_MAXSEATS];
	int			 team[TAC_MAXSEATS], i, j, rc;

	for (i = 0; i < sg->g.cfg.nseats; i++) {
		p = &sg->seats[i];
		p->before = STORE_RATING_START;
		team[i] = p->player != 0 ? p->team : -1;
		if (p->player == 0)
			continue;
		if ((q = store_stmt(s, ST_STATS_RATING, "SELECT rating FROM "
		    "ratings WHERE player = ?1")) == NULL)
			return (-1);
		db_bind_int64(q, 1, p->player);
		if ((rc = db_step(q)) == DB_ROW)
			p->before = db_column_double(q, 0);
		db_reset(q);
		if (rc != DB_ROW && rc != DB_DONE)
			return (store_sqlfail(s, "rating"));
		r[i] = p->before;
	}
	for (i = 0; i < sg->g.cfg.nseats; i++)
		if (team[i] < 0)
			r[i] = STORE_RATING_START;
	/* Team-TAC: no winner against anyone, no change. */
	store_rating_update(sg->g.cfg.nseats, r, team, sg->nteams,
	    sg->g.cfg.coop ? -1 : sg->t.winner, d);
	/* A player's new rating takes the changes of all its seats. */
	for (i = 0; i < sg->g.cfg.nseats; i++) {
		p = &sg->seats[i];
		p->after = p->before;
		for (j = 0; j < sg->g.cfg.nseats; j++) {
			if (p->player != 0 && sg->seats[j].player == p->player)
				p->after += d[j];
		}
	}
	return (0);
}

/* Run a cached statement with n integer values; -1 on failure. */
static int
stats_exec(struct store *s, enum store_slot slot, const char *sql, int n,
    const int64_t *v)
{
	struct db_stmt	*q;
	int		 i;

	if ((q = store_stmt(s, slot, sql)) == NULL)
		return (-1);
	for (i = 0; i < n; i++)
		db_bind_int64(q, i + 1, v[i]);
	return (store_step_done(s, q, "stats"));
}

static int	stats_put_cards(struct store *, const struct stats_game *, int);

/* Write one seat's rows: the seat, its rating, its totals and cards. */
static int
stats_put_seat(struct store *s, const struct stats_game *sg, int i)
{
	const struct stats_seat		*p = &sg->seats[i];
	const struct tac_tally_seat	*t = &sg->t.seat[i];
	struct db_stmt			*q;
	int64_t				 v[13];
	int				 c, played = 0;

	for (c = 0; c < TAC_NCARDS; c++)
		played += t->cards[c];
	if ((q = store_stmt(s, ST_STATS_SEAT, "INSERT INTO stats_seats "
	    "(game, seat, player, team, won, played, kicks_given, "
	    "kicks_taken, tacs, takeovers, rating_before, rating_after) "
	    "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)")) ==
	    NULL)
		return (-1);
	v[0] = sg->g.id; v[1] = i; v[2] = p->player; v[3] = p->team;
	v[4] = p->won; v[5] = played; v[6] = t->kicks_given;
	v[7] = t->kicks_taken; v[8] = t->tacs; v[9] = p->takeovers;
	for (c = 0; c < 10; c++)
		db_bind_int64(q, c + 1, v[c]);
	db_bind_double(q, 11, p->before);
	db_bind_double(q, 12, p->after);
	if (store_step_done(s, q, "stats seat") != 0)
		return (-1);
	/* Team-TAC counts in no rating and no player's games and wins. */
	if (sg->g.cfg.coop)
		return (stats_put_cards(s, sg, i));

	if ((q = store_stmt(s, ST_STATS_RATE_PUT, "INSERT INTO ratings AS r "
	    "(player, rating, games, wins) VALUES (?1, ?2, 1, ?3) ON CONFLICT "
	    "(player) DO UPDATE SET rating = ?2, games = r.games + 1, wins = "
	    "r.wins + ?3")) == NULL)
		return (-1);
	db_bind_int64(q, 1, p->player);
	db_bind_double(q, 2, p->after);
	db_bind_int64(q, 3, p->won);
	if (store_step_done(s, q, "rating") != 0)
		return (-1);

	v[0] = sg->g.chat; v[1] = p->player; v[2] = p->won;
	v[3] = sg->t.rounds; v[4] = sg->ended - sg->started; v[5] = played;
	v[6] = t->kicks_given; v[7] = t->kicks_taken; v[8] = t->tacs;
	v[9] = sg->t.by_tac && sg->t.finisher == i; v[10] = p->takeovers;
	v[11] = sg->finished;
	if (stats_exec(s, ST_STATS_PLAYER, "INSERT INTO stats_players AS p "
	    "(chat, player, games, wins, rounds, seconds, played, "
	    "kicks_given, kicks_taken, tacs, tac_wins, takeovers, last) "
	    "VALUES (?1, ?2, 1, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12) ON "
	    "CONFLICT (chat, player) DO UPDATE SET games = p.games + 1, wins "
	    "= p.wins + ?3, rounds = p.rounds + ?4, seconds = p.seconds + ?5, "
	    "played = p.played + ?6, kicks_given = p.kicks_given + ?7, "
	    "kicks_taken = p.kicks_taken + ?8, tacs = p.tacs + ?9, tac_wins = "
	    "p.tac_wins + ?10, takeovers = p.takeovers + ?11, last = ?12", 12,
	    v) != 0)
		return (-1);
	return (stats_put_cards(s, sg, i));
}

/* Write one seat's cards played, by kind. */
static int
stats_put_cards(struct store *s, const struct stats_game *sg, int i)
{
	const struct stats_seat		*p = &sg->seats[i];
	const struct tac_tally_seat	*t = &sg->t.seat[i];
	struct db_stmt			*q;
	int				 c;

	for (c = 0; c < TAC_NCARDS; c++) {
		if (t->cards[c] == 0)
			continue;
		if ((q = store_stmt(s, ST_STATS_CARD, "INSERT INTO "
		    "stats_cards AS c (chat, player, card, n) VALUES (?1, ?2, "
		    "?3, ?4) ON CONFLICT (chat, player, card) DO UPDATE SET n "
		    "= c.n + ?4")) == NULL)
			return (-1);
		db_bind_int64(q, 1, sg->g.chat);
		db_bind_int64(q, 2, p->player);
		store_bind_text(q, 3, tac_card_name(c));
		db_bind_int64(q, 4, t->cards[c]);
		if (store_step_done(s, q, "stats cards") != 0)
			return (-1);
	}
	return (0);
}

/* Count every two players of one team as a pair. */
static int
stats_put_pairs(struct store *s, const struct stats_game *sg)
{
	const struct stats_seat	*p, *o;
	int64_t			 v[5];
	int			 i, j;

	if (sg->g.cfg.coop)
		return (0);
	for (i = 0; i < sg->g.cfg.nseats; i++) {
		p = &sg->seats[i];
		for (j = i + 1; j < sg->g.cfg.nseats; j++) {
			o = &sg->seats[j];
			if (p->player == 0 || o->player == 0 ||
			    p->player == o->player || p->team != o->team)
				continue;
			v[0] = sg->g.chat;
			v[1] = p->player < o->player ? p->player : o->player;
			v[2] = p->player < o->player ? o->player : p->player;
			v[3] = p->won;
			if (stats_exec(s, ST_STATS_PAIR, "INSERT INTO "
			    "stats_pairs AS p (chat, a, b, games, wins) "
			    "VALUES (?1, ?2, ?3, 1, ?4) ON CONFLICT (chat, a, "
			    "b) DO UPDATE SET games = p.games + 1, wins = "
			    "p.wins + ?4", 4, v) != 0)
				return (-1);
		}
	}
	return (0);
}

/*
 * Add finished game id to every table; the caller holds a transaction.
 * -2 when its log does not replay (nothing was written: such a game is
 * left out of the statistics; tacctl verify tells about it), -1 on
 * failure.
 */
static int
stats_add(struct store *s, int64_t id, int64_t finished)
{
	struct stats_game	*sg;
	int64_t			 v[13];
	int			 i, rc = -1;

	sg = xcalloc(1, sizeof *sg);
	if ((rc = store_game_get(s, id, &sg->g, NULL)) <= 0) {
		if (rc == 0)
			store_fail(s, "there is no game #%lld", (long long)id);
		rc = -1;
		goto out;
	}
	rc = -1;
	sg->finished = finished;
	if (stats_replay(s, sg) != 0) {
		rc = -2;
		goto out;
	}
	for (i = 0; i < sg->g.cfg.nseats; i++) {
		sg->seats[i].player = store_stats_player(&sg->g.seats[i]);
		/* Team-TAC's end is everyone's win (K5). */
		sg->seats[i].won = sg->g.cfg.coop ? 1 : sg->t.winner >= 0 &&
		    sg->seats[i].team == sg->t.winner;
	}
	if (stats_rate(s, sg) != 0)
		goto out;
	v[0] = id; v[1] = sg->g.chat; v[2] = finished; v[3] = sg->started;
	v[4] = sg->ended; v[5] = sg->t.rounds; v[6] = sg->t.actions;
	v[7] = sg->t.winner; v[8] = sg->t.finisher; v[9] = sg->t.by_tac;
	v[10] = sg->takeovers; v[11] = sg->g.cfg.coop != 0;
	v[12] = sg->g.cfg.coop ? sg->cards : 0;
	if (stats_exec(s, ST_STATS_GAME, "INSERT INTO stats_games (game, "
	    "chat, finished, started, ended, rounds, actions, winner, "
	    "finisher, by_tac, takeovers, coop, cards) VALUES (?1, ?2, ?3, "
	    "?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)", 13, v) != 0)
		goto out;
	for (i = 0; i < sg->g.cfg.nseats; i++) {
		if (sg->seats[i].player != 0 && stats_put_seat(s, sg, i) != 0)
			goto out;
	}
	if (stats_put_pairs(s, sg) != 0)
		goto out;
	rc = 0;
out:
	free(sg);
	return (rc);
}

/*
 * Game id has just ended (its last action is logged, its row says over):
 * give it the next place in the order of ended games and add it to the
 * tables, in the caller's transaction.
 */
int
store_stats_finish(struct store *s, int64_t id)
{
	struct db_stmt	*q;
	int64_t		 finished = 0;
	int		 rc;

	if ((q = store_stmt(s, ST_STATS_NEXT, "SELECT coalesce(max(finished), "
	    "0) + 1 FROM games WHERE finished > 0")) == NULL)
		return (-1);
	if ((rc = db_step(q)) == DB_ROW)
		finished = db_column_int64(q, 0);
	db_reset(q);
	if (rc != DB_ROW)
		return (store_sqlfail(s, "finished"));
	if (stats_exec(s, ST_STATS_FINISHED, "UPDATE games SET finished = ?2 "
	    "WHERE id = ?1", 2, (int64_t[]){ id, finished }) != 0)
		return (-1);
	/* A log that does not replay is left out, as a rebuild leaves it. */
	return (stats_add(s, id, finished) == -1 ? -1 : 0);
}

/* Tell systemd (if it is listening) how far a rebuild is, and wait on. */
static void
stats_progress(int64_t done, int64_t all)
{
	notify_send("EXTEND_TIMEOUT_USEC=%llu\nSTATUS=building the "
	    "statistics: %lld of %lld games", STATS_NOTIFY_BASE +
	    (unsigned long long)(all - done) * STATS_NOTIFY_GAME,
	    (long long)done, (long long)all);
}

/*
 * Empty every statistics table and add each finished game again, in the
 * order the games ended: the tables as the logs say they are.  The
 * caller holds a transaction.  The number of games added, or -1; those
 * whose logs do not replay are left out and counted in *skipped (if not
 * NULL).
 */
int64_t
store_stats_rebuild(struct store *s, int64_t *skipped)
{
	struct db_stmt	*q;
	int64_t		*ids = NULL, *fin = NULL, n = 0, cap = 0, i, added = 0;
	int		 rc;

	if (skipped != NULL)
		*skipped = 0;
	if (store_exec(s, "DELETE FROM stats_seats; DELETE FROM stats_games; "
	    "DELETE FROM stats_players; DELETE FROM stats_pairs; "
	    "DELETE FROM stats_cards; DELETE FROM ratings", "stats") != 0)
		return (-1);
	if (db_prepare(s->db, "SELECT id, finished FROM games WHERE "
	    "state = 2 AND finished > 0 ORDER BY finished", &q) != DB_OK)
		return (store_sqlfail(s, "finished games"));
	while ((rc = db_step(q)) == DB_ROW) {
		if (n == cap) {
			cap = cap > 0 ? cap * 2 : 256;
			ids = xreallocarray(ids, cap, sizeof *ids);
			fin = xreallocarray(fin, cap, sizeof *fin);
		}
		ids[n] = db_column_int64(q, 0);
		fin[n++] = db_column_int64(q, 1);
	}
	db_finalize(q);
	if (rc != DB_DONE) {
		n = store_sqlfail(s, "finished games");
		goto out;
	}
	for (i = 0; i < n; i++) {
		if (i % STATS_NOTIFY_EVERY == 0)
			stats_progress(i, n);
		if ((rc = stats_add(s, ids[i], fin[i])) == -1) {
			added = -1;
			goto out;
		}
		if (rc == 0)
			added++;
		else if (skipped != NULL)
			(*skipped)++;
	}
out:
	free(ids);
	free(fin);
	return (n < 0 ? n : added);
}

/*
 * Give the games that ended before there was an order (a database from
 * before 0006-stats.sql) their places: by when they were last written,
 * then by id, after any game that has one.
 */
static int
stats_order_old(struct store *s)
{
	struct db_stmt	*q;
	int64_t		*ids = NULL, n = 0, cap = 0, i, base = 0;
	int		 rc = 0;

	if ((base = store_pragma_int(s, "SELECT coalesce(max(finished), 0) "
	    "FROM games")) < 0)
		return (-1);
	if (db_prepare(s->db, "SELECT id FROM games WHERE state = 2 "
	    "AND finished = 0 ORDER BY updated, id", &q) != DB_OK)
		return (store_sqlfail(s, "old games"));
	while ((rc = db_step(q)) == DB_ROW) {
		if (n == cap) {
			cap = cap > 0 ? cap * 2 : 256;
			ids = xreallocarray(ids, cap, sizeof *ids);
		}
		ids[n++] = db_column_int64(q, 0);
	}
	db_finalize(q);
	if (rc != DB_DONE) {
		free(ids);
		return (store_sqlfail(s, "old games"));
	}
	for (i = 0, rc = 0; i < n && rc == 0; i++)
		rc = stats_exec(s, ST_STATS_FINISHED, "UPDATE games SET "
		    "finished = ?2 WHERE id = ?1", 2,
		    (int64_t[]){ ids[i], base + i + 1 });
	free(ids);
	return (rc);
}

/*
 * Fill the tables of a database that has just been migrated to them
 * (0006-stats.sql leaves the key "stats:fill"): the games that ended
 * before get their order, then everything is built from the logs, in one
 * transaction of its own (an interrupted fill is done again at the next
 * open: the key goes with the commit).  0, or -1 with nothing changed.
 */
int
store_stats_fill(struct store *s)
{
	char	buf[16];
	int	rc;

	if ((rc = store_kv_get(s, "stats:fill", buf, sizeof buf)) <= 0)
		return (rc);
	if (store_begin(s) != 0)
		return (-1);
	if (stats_order_old(s) != 0 || store_stats_rebuild(s, NULL) < 0 ||
	    store_exec(s, "DELETE FROM kv WHERE key = 'stats:fill'",
	    "stats") != 0 || store_commit(s) != 0) {
		store_rollback(s);
		return (-1);
	}
	return (0);
}

/*
 * The games of chat from moved to chat to (store_chat_migrate()): their
 * statistics go with them, added to what to already had.
 */
int
store_stats_move_chat(struct store *s, int64_t from, int64_t to)
{
	static const char *const sql[] = {
		"UPDATE stats_games SET chat = ?2 WHERE chat = ?1",
		"INSERT INTO stats_players AS p SELECT ?2, player, games, "
		"wins, rounds, seconds, played, kicks_given, kicks_taken, "
		"tacs, tac_wins, takeovers, last FROM stats_players WHERE "
		"chat = ?1 AND 1 = 1 ON CONFLICT (chat, player) DO UPDATE "
		"SET games = p.games + excluded.games, wins = p.wins + "
		"excluded.wins, rounds = p.rounds + excluded.rounds, "
		"seconds = p.seconds + excluded.seconds, played = "
		"p.played + excluded.played, kicks_given = p.kicks_given "
		"+ excluded.kicks_given, kicks_taken = p.kicks_taken + "
		"excluded.kicks_taken, tacs = p.tacs + excluded.tacs, "
		"tac_wins = p.tac_wins + excluded.tac_wins, takeovers = "
		"p.takeovers + excluded.takeovers, last = max(p.last, "
		"excluded.last)",
		"INSERT INTO stats_pairs AS p SELECT ?2, a, b, games, wins "
		"FROM stats_pairs WHERE chat = ?1 AND 1 = 1 ON CONFLICT "
		"(chat, a, b) DO UPDATE SET games = p.games + "
		"excluded.games, wins = p.wins + excluded.wins",
		"INSERT INTO stats_cards AS c SELECT ?2, player, card, n FROM "
		"stats_cards WHERE chat = ?1 AND 1 = 1 ON CONFLICT (chat, "
		"player, card) DO UPDATE SET n = c.n + excluded.n",
		"DELETE FROM stats_players WHERE chat = ?1",
		"DELETE FROM stats_pairs WHERE chat = ?1",
		"DELETE FROM stats_cards WHERE chat = ?1",
	};
	struct db_stmt	*q;
	size_t		 i;

	for (i = 0; i < sizeof sql / sizeof sql[0]; i++) {
		if (db_prepare(s->db, sql[i], &q) != DB_OK)
			return (store_sqlfail(s, "stats move"));
		db_bind_int64(q, 1, from);
		db_bind_int64(q, 2, to);
		if (db_step(q) != DB_DONE) {
			db_finalize(q);
			return (store_sqlfail(s, "stats move"));
		}
		db_finalize(q);
	}
	return (0);
}

/* Hide a person from the group tables (/stats off), or show them again. */
int
store_stats_hide(struct store *s, int64_t user, int hidden)
{
	return (stats_exec(s, ST_STATS_HIDE, "UPDATE users SET hidden = ?2 "
	    "WHERE id = ?1", 2, (int64_t[]){ user, hidden != 0 }));
}
