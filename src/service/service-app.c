/*
 * service-app.c: what an app (the Mini App) asks the service to do: play
 * an action, give a hint.  Each runs as an event (svc_event()), whose
 * refusal or hint the command leaves in the service for the app's answer
 * (svc->refusal, svc->hinted) instead of an outbox row.  The top floor,
 * with service.c: nothing in the service calls it.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <string.h>

#include "service-int.h"

/*
 * Was this very action, at this turn, applied for this person before?
 * Then a retry of the request that made it is answered as it was.  A
 * gift is in the log at its seat's place among the exchange's, or still
 * face down (store_gifts()) while the others choose.
 */
static int
svc_web_again(struct svc *svc, const struct svc_event *ev)
{
	struct store_game	g;
	struct store_gift	gift[TAC_MAXSEATS];
	struct tac_action	a;
	char			want[160], got[160], why[256];
	int64_t			uid, n;
	int			seat, s, k;

	if (ev->turn < 0 || (uid = svc_web_user(svc, ev->platform,
	    ev->user, NULL)) <= 0 || store_game_get(svc->store, ev->game, &g,
	    NULL) <= 0 || tac_action_parse(ev->text, &a, why, sizeof why) != 0)
		return (0);
	for (s = 0; s < g.cfg.nseats && g.seats[s].user != uid; s++)
		;
	if (s == g.cfg.nseats)
		return (0);
	if (a.op == TAC_OP_GIVE && g.turn_no == ev->turn)
		return (store_gifts(svc->store, g.id, ev->turn, gift) > 0 &&
		    gift[s].card == a.card);
	tac_action_format(&a, want, sizeof want);
	for (k = 0; k < (a.op == TAC_OP_GIVE ? g.cfg.nseats : 1); k++) {
		n = ev->turn + k;
		if (store_action_at(svc->store, ev->game, n, &seat, got,
		    sizeof got) > 0 && seat == s && strcmp(want, got) == 0)
			return (1);
	}
	return (0);
}

/* Play an app's action (service.h). */
int
svc_web_play(struct svc *svc, const struct svc_event *ev,
    struct svc_web_result *out)
{
	struct store_game	 g;
	const char		*code;
	json_t			*r;
	int			 stale;

	memset(out, 0, sizeof *out);
	if (ev->kind != SVC_EV_APP || ev->text == NULL)
		return (svc_fail(svc, "not an app's action"));
	json_decref(svc->refusal);
	svc->refusal = NULL;
	if (svc_event(svc, ev) != 0)
		return (-1);
	r = svc->refusal;
	svc->refusal = NULL;
	code = json_string_value(json_object_get(r, "code"));
	if (r != NULL && code != NULL && (strcmp(code, "stale") == 0 ||
	    strcmp(code, "already_given") == 0) && svc_web_again(svc, ev)) {
		/* code lives in r: read it before r goes. */
		stale = strcmp(code, "stale") == 0;
		json_decref(r);
		if (store_game_get(svc->store, ev->game, &g, NULL) <= 0)
			return (svc_store_fail(svc));
		out->applied = out->again = 1;
		out->turn = stale ? ev->turn + 1 : g.turn_no;
		return (0);
	}
	if (r != NULL) {
		snprintf(out->code, sizeof out->code, "%s", code != NULL ? code :
		    "refused");
		out->args = json_incref(json_object_get(r, "args"));
		json_decref(r);
		return (0);
	}
	if (store_game_get(svc->store, ev->game, &g, NULL) <= 0)
		return (svc_store_fail(svc));
	out->applied = 1;
	out->turn = g.turn_no;
	return (0);
}

/* The hint of an app's request (service.h). */
int
svc_web_hint(struct svc *svc, const struct svc_event *ev,
    struct svc_web_result *res, json_t **hint)
{
	const char	*code;
	json_t		*r;
	int		 rc;

	memset(res, 0, sizeof *res);
	*hint = NULL;
	if (ev->kind != SVC_EV_APP || ev->text == NULL ||
	    strcmp(ev->text, "/hint") != 0)
		return (svc_fail(svc, "not an app's hint"));
	json_decref(svc->refusal);
	json_decref(svc->hinted);
	svc->refusal = svc->hinted = NULL;
	svc->web_hint = 1;
	rc = svc_event(svc, ev);
	svc->web_hint = 0;
	if (rc != 0)
		return (-1);
	if ((r = svc->refusal) != NULL) {
		svc->refusal = NULL;
		code = json_string_value(json_object_get(r, "code"));
		snprintf(res->code, sizeof res->code, "%s", code != NULL ?
		    code : "refused");
		res->args = json_incref(json_object_get(r, "args"));
		json_decref(r);
		return (0);
	}
	if ((*hint = svc->hinted) == NULL)
		return (svc_fail(svc, "the hint was not made"));
	svc->hinted = NULL;
	res->applied = 1;
	return (0);
}
