/*
 * service-hint.c: the hint (/hint, service-play.c), the move the AI
 * would play for the person to act (src/play/hint.h), worked out from
 * that person's view of the game only: the service holds every hand, and
 * hands the hint none but the person's own.  A hint is private: a "hint" row in their chat, or for
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
