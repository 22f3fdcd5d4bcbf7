/*
 * service-review.c: a finished game's review (src/play/review.h): for
 * each person, the three decisions where the AI, seeing what they saw
 * then, rates another move clearly better, and the game's best move.
 *
 * Rating a game's decisions takes about a second of CPU per person, far
 * too long for an event's transaction: the daemon is one thread, and a
 * turn must never wait for it.  So a review is queued when a game ends
 * (a "reviews" row) and done in slices: svc_review_step() rates
 * decisions for at most the time it is given (one decision at least,
 * which is one search: tens of milliseconds), saves how far it got and
 * what it found in one transaction, and returns; the daemon calls it
 * again from its event loop only when nothing else is waiting, so an
 * update, a button or a timer waits at most one slice.  The game being
 * reviewed is kept in memory between slices (the position at the next
 * action); after a restart it is replayed from the log to where the
 * stored review stopped, and since every rating depends only on its
 * position, the result is the same however the work was sliced.  Only
 * the people's own moves are rated (the log says who played each).
 *
 * /review #ID sends a person their review privately: at once when it
 * is done, else as soon as it is (review_asks).
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hint.h"
#include "now.h"
#include "review.h"
#include "service-int.h"
#include "tacjson.h"
#include "xmalloc.h"

/* The review being worked on, between slices. */
struct svc_review {
	int64_t			 game;
	struct tac_record	 rec;
	uint8_t			*rate;		/* per action: a person's own */
	struct tac_state	 st;		/* before action next */
	int			 deal;		/* the record's next deal */
	size_t			 next;
	struct review		 rv;
	double			 ms;
};

/* Forget the review in memory. */
void
svc_review_close(struct svc *svc)
{
	struct svc_review	*j = svc->review;

	if (j == NULL)
		return;
	tac_record_free(&j->rec);
	free(j->rate);
	free(j);
	svc->review = NULL;
}

/* A pick as JSON. */
static json_t *
svc_review_pick(const struct review_pick *p)
{
	json_t	*o;
	char	 played[160];

	tac_action_format(&p->played, played, sizeof played);
	o = svc_hint_json(&p->better);
	json_object_set_new(o, "better", json_object_get(o, "action") != NULL ?
	    json_incref(json_object_get(o, "action")) : json_string("?"));
	json_object_del(o, "action");
	json_object_set_new(o, "n", json_integer(p->n));
	json_object_set_new(o, "played", json_string(played));
	json_object_set_new(o, "loss", json_integer(p->loss));
	return (o);
}

/* What a review found so far, as the store keeps it. */
static char *
svc_review_dump(const struct review *rv, int nseats)
{
	json_t	*seats, *picks, *best = json_null(), *j;
	char	 text[160], *s;
	int	 i, k;

	seats = json_array();
	for (i = 0; i < nseats; i++) {
		picks = json_array();
		for (k = 0; k < rv->npick[i]; k++)
			json_array_append_new(picks,
			    svc_review_pick(&rv->pick[i][k]));
		json_array_append_new(seats, picks);
	}
	if (rv->best.n >= 0) {
		tac_action_format(&rv->best.a, text, sizeof text);
		best = json_pack("{s:i, s:i, s:s, s:I}", "n", rv->best.n,
		    "seat", rv->best.seat, "action", text, "gain",
		    (json_int_t)rv->best.gain);
	}
	j = json_pack("{s:i, s:o, s:o}", "rated", rv->rated, "seats", seats,
	    "best", best);
	s = j != NULL ? json_dumps(j, JSON_COMPACT) : NULL;
	json_decref(j);
	return (s);
}

/* An action of a stored review; -1 when it does not read. */
static int
svc_review_action(json_t *o, const char *key, struct tac_action *a)
{
	const char	*text = json_string_value(json_object_get(o, key));
	char		 why[128];

	return (text != NULL ? tac_action_parse(text, a, why, sizeof why) :
	    -1);
}

/* Read back what a stored review found so far into rv. */
static void
svc_review_load_result(const char *text, struct review *rv)
{
	struct review_pick	 p;
	json_t			*j, *picks, *o, *b;
	size_t			 i, k;

	review_init(rv);
	if ((j = json_loads(text, 0, NULL)) == NULL)
		return;
	rv->rated = (int)json_integer_value(json_object_get(j, "rated"));
	json_array_foreach(json_object_get(j, "seats"), i, picks) {
		json_array_foreach(picks, k, o) {
			memset(&p, 0, sizeof p);
			p.n = (int)json_integer_value(json_object_get(o, "n"));
			p.loss = json_integer_value(json_object_get(o, "loss"));
			p.better.devil = (int)json_integer_value(
			    json_object_get(o, "devil"));
			p.better.why = hint_why_find(json_string_value(
			    json_object_get(o, "why")));
			p.better.seat = (int)json_integer_value(
			    json_object_get(o, "about"));
			if (svc_review_action(o, "played", &p.played) != 0 ||
			    (!p.better.devil && svc_review_action(o, "better",
			    &p.better.a) != 0))
				continue;
			review_keep(rv, (int)i, &p);
		}
	}
	b = json_object_get(j, "best");
	if (json_is_object(b) && svc_review_action(b, "action",
	    &rv->best.a) == 0) {
		rv->best.n = (int)json_integer_value(json_object_get(b, "n"));
		rv->best.seat = (int)json_integer_value(json_object_get(b,
		    "seat"));
		rv->best.gain = json_integer_value(json_object_get(b, "gain"));
	}
	json_decref(j);
}

/* Note who played each logged action (store_log()'s callback). */
static int
svc_review_who(void *arg, int64_t n, int seat, const char *action, int who,
    int64_t at)
{
	struct svc_review	*j = arg;

	(void)seat;
	(void)action;
	(void)at;
	if (n >= 0 && (size_t)n < j->rec.nactions)
		j->rate[n] = who == STORE_BY_PERSON;
	return (0);
}

/*
 * Take up game's review where the store left it: its record, who played
 * what, the position at its next action.  0, 1 when the log does not
 * replay (the review is given up), -1 on failure.
 */
static int
svc_review_open(struct svc *svc, struct store_review *r)
{
	struct svc_review	*j;
	struct tac_action	 a;
	char			 why[256];
	size_t			 i;
	int			 rc;

	j = xcalloc(1, sizeof *j);
	j->game = r->game;
	svc->review = j;
	/* A log with a gap, or no game: nothing to review. */
	if ((rc = store_record(svc->store, r->game, &j->rec)) != 1)
		return (rc == -1 ? svc_store_fail(svc) : 1);
	j->rate = xcalloc(j->rec.nactions + 1, 1);
	if (store_log(svc->store, r->game, svc_review_who, j) != 0)
		return (svc_store_fail(svc));
	svc_review_load_result(r->result, &j->rv);
	j->ms = (double)r->ms;
	if (tac_record_start(&j->rec, &j->st, &j->deal, why, sizeof why) != 0)
		return (1);
	for (i = 0; i < (size_t)r->next && i < j->rec.nactions; i++) {
		if (review_next(&j->rec, &j->st, &j->deal, i, &a, why,
		    sizeof why) != 0 || tac_apply(&j->st, &a, svc->list, why,
		    sizeof why) < 0)
			return (1);
	}
	j->next = i;
	return (0);
}

/* Order picks as the game made them: by their place in the log. */
static int
svc_review_order(const void *x, const void *y)
{
	json_int_t	a = json_integer_value(json_object_get(
			    *(json_t *const *)x, "n"));
	json_int_t	b = json_integer_value(json_object_get(
			    *(json_t *const *)y, "n"));

	return (a < b ? -1 : a > b);
}

/*
 * Queue the review of game in chat for the person in seat: its head,
 * then each pick (kept costliest first) in the order it was played.
 */
int

svc_review_send(struct svc *svc, int64_t game, int seat,
    const char *platform, const char *chat, const char *lang,
    const char *result)
{
	json_t	*j, *picks, *o, *order[REVIEW_PICKS];
	char	 board[16];
	size_t	 i, n = 0;
	int	 rc;

	if (store_chat_board_of(svc->store, platform, chat, board,
	    sizeof board) != 0)
		return (svc_store_fail(svc));
	if ((j = json_loads(result, 0, NULL)) == NULL)
		j = json_object();
	picks = json_array_get(json_object_get(j, "seats"), (size_t)seat);
	json_array_foreach(picks, i, o) {
		if (n < REVIEW_PICKS)
			order[n++] = o;
	}
	qsort(order, n, sizeof order[0], svc_review_order);
	rc = svc_put(svc, platform, chat, game, SVC_OUT_REVIEW, json_pack(
	    "{s:I, s:i, s:s, s:i, s:O?, s:s}", "game", (json_int_t)game,
	    "seat", seat, "part", "head", "picks", (int)n, "best",
	    json_object_get(j, "best"), "lang", lang));
	for (i = 0; i < n && rc == 0; i++) {
		o = json_deep_copy(order[i]);
		json_object_set_new(o, "game", json_integer(game));
		json_object_set_new(o, "seat", json_integer(seat));
		json_object_set_new(o, "part", json_string("pick"));
		json_object_set_new(o, "i", json_integer((json_int_t)i + 1));
		json_object_set_new(o, "of", json_integer((json_int_t)n));
		json_object_set_new(o, "lang", json_string(lang));
		json_object_set_new(o, "board", json_string(board));
		rc = svc_put(svc, platform, chat, game, SVC_OUT_REVIEW, o);
	}
	json_decref(j);
	return (rc);
}

/* What a finished review's waiting people get (store_review_asks()). */
struct svc_review_to {
	struct svc		*svc;
	struct store_game	 g;
	const char		*result;
};

/* Send a finished review to one person who asked for it. */
static int
svc_review_answer(void *arg, int64_t user, const char *platform,
    const char *chat, const char *lang)
{
	struct svc_review_to	*to = arg;
	int			 s;

	for (s = 0; s < to->g.cfg.nseats; s++)
		if (to->g.seats[s].user == user)
			return (svc_review_send(to->svc, to->g.id, s, platform,
			    chat, lang, to->result));
	return (0);
}

/*
 * Save a review's progress: done when every action is rated; then the
 * people waiting for it get it, in the same transaction.
 */
static int
svc_review_save(struct svc *svc, struct svc_review *j, int done,
    const char *result)
{
	struct store_review	r;
	struct svc_review_to	to;
	int			rc;

	memset(&r, 0, sizeof r);
	r.game = j->game;
	r.next = (int64_t)j->next;
	r.done = done;
	r.ms = (int64_t)j->ms;
	r.result = (char *)result;
	if (svc_txn_begin(svc) != 0)
		return (-1);
	rc = store_review_put(svc->store, &r) != 0 ? svc_store_fail(svc) : 0;
	if (rc == 0 && done) {
		memset(&to, 0, sizeof to);
		to.svc = svc;
		to.result = result;
		if ((rc = store_game_get(svc->store, j->game, &to.g,
		    NULL)) == 1)
			rc = store_review_asks(svc->store, j->game,
			    svc_review_answer, &to) != 0 ? -1 : 0;
		else if (rc == 0)
			rc = 0;		/* the game is gone */
		else
			rc = svc_store_fail(svc);
	}
	return (svc_txn_end(svc, rc == 0));
}

/*
 * Work on the oldest unfinished review for about ms milliseconds (at
 * least one decision): 1 when something was done, 0 when there is no
 * review to do, -1 on failure (svc_error() says why; the work of the
 * slice is lost, the store's progress is not).
 */
int
svc_review_step(struct svc *svc, int ms)
{
	struct store_review	 r;
	struct svc_review	*j;
	struct tac_action	 a;
	char			 why[256], *result;
	double			 t0 = now_ms();
	int			 rc, done, broken = 0;

	svc->now = svc->clock(svc->clock_arg);
	if (svc->review == NULL) {
		if ((r.game = store_review_todo(svc->store)) <= 0)
			return (r.game < 0 ? svc_store_fail(svc) : 0);
		if ((rc = store_review_get(svc->store, r.game, &r)) != 1)
			return (rc < 0 ? svc_store_fail(svc) : 0);
		rc = svc_review_open(svc, &r);
		store_review_free(&r);
		if (rc < 0) {
			svc_review_close(svc);
			return (-1);
		}
		broken = rc;
	}
	j = svc->review;
	while (!broken && j->next < j->rec.nactions) {
		if (review_next(&j->rec, &j->st, &j->deal, j->next, &a, why,
		    sizeof why) != 0 || review_add(&j->rv, &j->st,
		    (int)j->next, &a, j->rate[j->next], svc->list) != 0 ||
		    tac_apply(&j->st, &a, svc->list, why, sizeof why) < 0) {
			broken = 1;
			break;
		}
		j->next++;
		if (now_ms() - t0 >= ms)
			break;
	}
	j->ms += now_ms() - t0;
	done = broken || j->next >= j->rec.nactions;
	if ((result = svc_review_dump(&j->rv, j->rec.cfg.nseats)) == NULL) {
		svc_review_close(svc);
		return (svc_fail(svc, "out of memory"));
	}
	rc = svc_review_save(svc, j, done, result);
	free(result);
	if (rc != 0 || done)
		svc_review_close(svc);
	return (rc != 0 ? -1 : 1);
}

/* Is there a review to work on? 1, 0, -1 on failure. */
int
svc_review_pending(struct svc *svc)
{
	int64_t	game;

	if (svc->review != NULL)
		return (1);
	if ((game = store_review_todo(svc->store)) < 0)
		return (svc_store_fail(svc));
	return (game > 0);
}

/*
 * A game just ended: queue its review if a person played in it (an AI
 * needs none).
 */
int
svc_review_queue(struct svc *svc, const struct svc_gm *gm)
{
	struct store_review	r;
	int			s;

	for (s = 0; s < gm->g.cfg.nseats; s++)
		if (gm->g.seats[s].user != 0)
			break;
	if (s == gm->g.cfg.nseats)
		return (0);
	memset(&r, 0, sizeof r);
	r.game = gm->g.id;
	if (store_review_put(svc->store, &r) != 0)
		return (svc_store_fail(svc));
	return (0);
}

/*
 * A game's position before its action n (0: the start), replayed from
 * its log: the full state (seat -1) or seat's view.  0, or -1 when the
 * game has no such action or its log does not replay.
 */
int
svc_game_position_at(struct svc *svc, int64_t id, int64_t n, int seat,
    struct tac_state *out)
{
	struct tac_record	rec;
	struct tac_state	st;
	struct tac_action	a;
	char			why[256];
	int64_t			i;
	int			deal, rc;

	if ((rc = store_record(svc->store, id, &rec)) != 1)
		return (rc == -1 ? svc_store_fail(svc) : svc_fail(svc,
		    "game #%lld has no log", (long long)id));
	rc = n < 0 || (size_t)n > rec.nactions ? svc_fail(svc, "game #%lld "
	    "has no action %lld", (long long)id, (long long)n) : 0;
	if (rc == 0 && tac_record_start(&rec, &st, &deal, why,
	    sizeof why) != 0)
		rc = svc_fail(svc, "game #%lld: %s", (long long)id, why);
	for (i = 0; rc == 0 && i < n; i++) {
		if (review_next(&rec, &st, &deal, (size_t)i, &a, why,
		    sizeof why) != 0 || tac_apply(&st, &a, svc->list, why,
		    sizeof why) < 0)
			rc = svc_fail(svc, "game #%lld: action %lld: %s",
			    (long long)id, (long long)i, why);
	}
	tac_record_free(&rec);
	if (rc != 0)
		return (-1);
	if (seat < 0)
		*out = st;
	else
		tac_view(&st, seat, out);
	return (0);
}
