/*
 * service-hint.c: /hint, the move the AI would play for the person to
 * act (src/play/hint.h), worked out from that person's view of the game
 * only: the service holds every hand, and hands the hint none but the
 * person's own.  A hint is private: a "hint" row in their chat, or for
 * an app, the answer to its request.  Each turn's hint is counted once
 * for the person (the game's summary says how many they took); a game
 * whose creator set hints=off gives none.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hint.h"
#include "service-int.h"

/* A hint as a payload's values: the move, why, whom the reason names. */
json_t *
svc_hint_json(const struct hint *h)
{
	char	text[160];

	hint_format(h, text, sizeof text);
	return (json_pack("{s:s, s:i, s:s, s:i}", "action", text, "devil",
	    h->devil, "why", hint_why_name(h->why), "about", h->seat));
}

/*
 * /hint: the hint for the person's turn, privately.  From an app, the
 * answer is kept for svc_web_hint() instead of a row.
 */
int
svc_cmd_hint(struct svc_ctx *ctx)
{
	struct svc		*svc = ctx->svc;
	struct svc_gm		 gm;
	struct tac_state	 acting, view;
	struct hint		 h;
	json_t			*p;
	int			 rc, seat;

	if ((rc = svc_actor(ctx, &gm, &seat)) <= 0)
		return (rc);
	if (!gm.g.hints)
		return (svc_refuse(ctx, "hints_off", "{s:I}", "game",
		    (json_int_t)gm.g.id));
	/* In an exchange, the position in which the person gives. */
	svc_acting(&gm, seat, &acting);
	tac_view(&acting, seat, &view);
	if (hint_choose(&view, svc->list, &h) != 0)
		return (svc_refuse(ctx, "no_hint", "{s:I}", "game",
		    (json_int_t)gm.g.id));
	if (store_hint_take(svc->store, gm.g.id, ctx->user, gm.g.turn_no) < 0)
		return (svc_store_fail(svc));
	p = svc_hint_json(&h);
	json_object_set_new(p, "turn", json_integer(gm.g.turn_no));
	json_object_set_new(p, "seat", json_integer(seat));
	if (ctx->ev->kind == SVC_EV_APP) {
		json_decref(svc->hinted);
		svc->hinted = p;
		return (0);
	}
	return (svc_put_seat(svc, &gm, seat, SVC_OUT_HINT, p));
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

/*
 * Add to a game's summary (store_stats_game()) the hints each person
 * took: "hints" in each seat of a person.
 */
int
svc_summary_hints(struct svc *svc, json_t *sum)
{
	json_t	*v;
	int64_t	 player, n;
	size_t	 i;

	json_array_foreach(json_object_get(sum, "seats"), i, v) {
		player = json_integer_value(json_object_get(v, "player"));
		if (player <= 0)
			continue;	/* an AI (-LEVEL): it takes none */
		if ((n = store_hints(svc->store, json_integer_value(
		    json_object_get(sum, "game")), player)) < 0)
			return (svc_store_fail(svc));
		json_object_set_new(v, "hints", json_integer(n));
	}
	return (0);
}
