/*
 * service-end.c: what a game leaves behind when it ends.  Its chat gets
 * the summary (the statistics tables' numbers for the game, which
 * store_stats_finish() has just written in the same transaction) and a
 * chart of each team's marbles at home after each round, replayed from
 * the log with the engine (tac_record_homes()): the log is the truth,
 * so nothing new is stored.  /record sends the game's record as a
 * tac-record/1 file, which tacctl replay reproduces; who may ask for it
 * is as for the summary (svc_finished()).
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "service-int.h"
#include "tacjson.h"
#include "xmalloc.h"

/* Each team's marbles at home after each round: [[t0, t1, ...], ...]. */
static json_t *
svc_end_homes(const struct tac_homes *h)
{
	json_t	*homes, *row;
	int	 r, t;

	homes = json_array();
	for (r = 0; r < h->n; r++) {
		row = json_array();
		for (t = 0; t < h->nteams; t++)
			json_array_append_new(row, json_integer(h->home[r][t]));
		json_array_append_new(homes, row);
	}
	return (homes);
}

/*
 * The "homes" chart row of finished game id, with the seats of its
 * summary (store_stats_game()'s "seats": who sat where, in which team).
 * NULL when there is nothing to draw (the log does not replay: that
 * game has no statistics either) or on failure (*failed set, svc_error()
 * says why).
 */
json_t *
svc_end_chart(struct svc *svc, int64_t id, json_t *seats, int *failed)
{
	struct tac_record	 rec;
	struct tac_state	 st;
	struct tac_homes	*h;
	json_t			*who, *v, *p = NULL;
	char			 why[256];
	size_t			 i;
	int			 rc;

	*failed = 0;
	if ((rc = store_record(svc->store, id, &rec)) == -1) {
		*failed = 1;
		svc_store_fail(svc);
		return (NULL);
	}
	if (rc != 1)
		return (NULL);
	h = xmalloc(sizeof *h);
	if (tac_record_homes(&rec, &st, svc->list, h, why, sizeof why) != 0 ||
	    h->n == 0)
		goto out;
	who = json_array();
	json_array_foreach(seats, i, v) {
		json_array_append_new(who, json_pack("{s:O, s:O, s:O, s:O}",
		    "seat", json_object_get(v, "seat"), "team",
		    json_object_get(v, "team"), "name", json_object_get(v,
		    "name"), "ai", json_object_get(v, "ai")));
	}
	p = json_pack("{s:s, s:I, s:i, s:o, s:o}", "chart", "homes", "game",
	    (json_int_t)id, "rounds", h->rounds, "seats", who, "homes",
	    svc_end_homes(h));
	if (p == NULL) {
		*failed = 1;
		svc_fail(svc, "game #%lld: the chart could not be made",
		    (long long)id);
	}
out:
	free(h);
	tac_record_free(&rec);
	return (p);
}

/*
 * Game gm has just ended and its statistics are written: tell its chat
 * the summary, then show the chart.  A game whose log does not replay
 * has no statistics, and gets no summary (its "over" row has told the
 * winner).
 */
int
svc_end_summary(struct svc *svc, const struct svc_gm *gm)
{
	json_t	*sum, *chart;
	int	 failed;

	if ((sum = store_stats_game(svc->store, gm->g.id, &failed)) == NULL)
		return (failed ? svc_store_fail(svc) : 0);
	if (svc_summary_hints(svc, sum) != 0) {
		json_decref(sum);
		return (-1);
	}
	chart = svc_end_chart(svc, gm->g.id, json_object_get(sum, "seats"),
	    &failed);
	if (chart == NULL && failed) {
		json_decref(sum);
		return (-1);
	}
	if (svc_put_chat(svc, gm, SVC_OUT_SUMMARY, json_pack("{s:o, s:i}",
	    "summary", sum, "end", 1)) != 0) {
		json_decref(chart);
		return (-1);
	}
	return (chart != NULL ? svc_put_chat(svc, gm, SVC_OUT_CHART, chart) :
	    0);
}

/*
 * A game ended (over, or aborted by: a user, NULL when the lobby
 * emptied): tell each of its people in their private chat, and take the
 * buttons off the turn message each may still have ("retire" rows, then
 * "ended").  Whoever plays in their own private chat hears it there
 * already.
 */
int
svc_end_tell(struct svc *svc, struct svc_gm *gm, const char *by)
{
	const struct store_game	*g = &gm->g;
	const struct store_seat	*p;
	char			 ref[SVC_REF_MAX];
	json_t			*j;
	int			 s, rc;

	for (s = 0; s < g->cfg.nseats; s++) {
		p = &g->seats[s];
		if (p->user == 0 || p->pid[0] == '\0')
			continue;
		if ((rc = store_message(svc->store, g->id, p->pid, "turn", ref,
		    sizeof ref)) < 0 || (rc == 1 && store_message_forget(
		    svc->store, g->id, p->pid, "turn") != 0))
			return (svc_store_fail(svc));
		if (rc == 1 && ref[0] != '\0' && svc_put_seat(svc, gm, s,
		    SVC_OUT_RETIRE, json_pack("{s:s}", "ref", ref)) != 0)
			return (-1);
		if (g->private && strcmp(p->pid, g->chat_pid) == 0)
			continue;
		if (g->state == STORE_OVER && g->cfg.coop && gm->started)
			j = json_pack("{s:n, s:I}", "winner", "cards",
			    (json_int_t)tac_cards_played(&gm->st));
		else if (g->state == STORE_OVER)
			j = g->winner < 0 ? json_pack("{s:n}", "winner") :
			    json_pack("{s:i}", "winner", g->winner);
		else
			j = json_pack("{s:b, s:s?}", "aborted", 1, "by", by);
		if (svc_put_seat(svc, gm, s, SVC_OUT_ENDED, j) != 0)
			return (-1);
	}
	return (0);
}

/*
 * Game id's record as tac-record/1 JSON text (service.h), with its
 * "result" as the game's row has it, so that a reader knows who won
 * without a replay (tacctl replay checks it against one).
 */
int
svc_game_record(struct svc *svc, int64_t id, char **text)
{
	struct tac_record	 rec;
	struct store_game	 g;
	json_t			*j, *result;
	char			*s;
	int			 rc;

	*text = NULL;
	if ((rc = store_record(svc->store, id, &rec)) <= 0)
		return (rc == 0 ? svc_fail(svc, "there is no game #%lld",
		    (long long)id) : svc_store_fail(svc));
	if (store_game_get(svc->store, id, &g, NULL) <= 0) {
		tac_record_free(&rec);
		return (svc_store_fail(svc));
	}
	j = tac_record_save(&rec);
	result = json_pack("{s:b, s:o, s:I}", "over", g.state == STORE_OVER,
	    "winner", g.winner < 0 ? json_null() : json_integer(g.winner),
	    "actions", (json_int_t)rec.nactions);
	tac_record_free(&rec);
	if (j != NULL && json_object_set_new(j, "result", result) != 0) {
		json_decref(j);
		j = NULL;
	}
	/* An action a line, as people read it; tacctl reads it as any. */
	s = json_dumps(j, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
	json_decref(j);
	xasprintf(text, "%s\n", s);
	free(s);
	return (0);
}
