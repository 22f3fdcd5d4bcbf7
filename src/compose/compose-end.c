/*
 * compose-end.c: what a game leaves behind, made into messages: the
 * chart of each team's marbles at home per round ("chart" rows of kind
 * "homes", drawn by src/view/chart-teams.c) and the game's record as a
 * document ("document" rows), with its caption and the words that stand
 * in when the file cannot be sent.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "compose-int.h"
#include "i18n.h"
#include "log.h"
#include "xmalloc.h"

/*
 * A "document" row: the game's record as a file named tac-game-ID.json,
 * its caption as the text; its form.  When the record cannot be made,
 * the text says so and there is no file.
 */
int
compose_document_make(struct compose_ctx *c, const struct svc_out *out,
    struct compose_msg *m)
{
	char	*text;

	(void)out;
	if (m->game <= 0)
		return (compose_none(m));
	if (svc_game_record(c->svc, m->game, &text) != 0) {
		log_warnx("compose: the record of game #%lld: %s",
		    (long long)m->game, svc_error(c->svc));
		/* TRANSLATORS: a refusal, or its answer to a button (then
		   200 characters at most); %lld a game's number. */
		rbuf_add(&m->text, tr(m->lang, "The record of game #%lld could "
		    "not be made."), (long long)m->game);
		m->form = COMPOSE_TEXT;
		return (m->form);
	}
	m->file = (unsigned char *)text;
	m->filelen = strlen(text);
	snprintf(m->filename, sizeof m->filename, "tac-game-%lld.json",
	    (long long)m->game);
	/* TRANSLATORS: the caption of the record's file; %lld a game's
	   number. */
	rbuf_add(&m->text, tr(m->lang, "The record of game #%lld: every deal "
	    "and every move, to keep, or to watch the game again."),
	    (long long)m->game);
	/* TRANSLATORS: %lld a game's number, twice. */
	rbuf_add(&m->alt, tr(m->lang, "The record of game #%lld could not be "
	    "sent as a file. /moves #%lld lists its actions."),
	    (long long)m->game, (long long)m->game);
	m->form = COMPOSE_DOCUMENT;
	return (m->form);
}

/* A seat's name for the legend: the person's, or "AI (level N)". */
static char *
compose_homes_name(const char *lang, json_t *seat)
{
	const char	*name;
	int64_t		 ai;
	char		*s;

	name = json_string_value(json_object_get(seat, "name"));
	ai = json_integer_value(json_object_get(seat, "ai"));

	if (ai > 0)
		/* TRANSLATORS: an AI player in the statistics; %d its level
		   (1 quick, 2 strong). */
		xasprintf(&s, tr(lang, "AI (level %d)"), (int)ai);
	else
		s = xstrdup(name != NULL ? name : "");
	return (s);
}

/*
 * A "homes" chart row's picture: each team's line over the rounds, the
 * seats' names in its legend.  0, or -1 when there is nothing to draw.
 */
int
compose_homes(const char *lang, json_t *p, struct chart *c)
{
	struct tac_homes	*h;
	struct chart_seats	 who;
	char			*names[TAC_MAXSEATS];
	json_t			*v, *row;
	json_int_t		 n;
	size_t			 i, t;
	int			 s, rc;

	h = xcalloc(1, sizeof *h);
	memset(&who, 0, sizeof who);
	for (s = 0; s < TAC_MAXSEATS; s++) {
		who.team[s] = -1;
		names[s] = NULL;
	}
	json_array_foreach(json_object_get(p, "seats"), i, v) {
		s = (int)json_integer_value(json_object_get(v, "seat"));
		if (s < 0 || s >= TAC_MAXSEATS || names[s] != NULL)
			continue;
		if (s + 1 > who.nseats)
			who.nseats = s + 1;
		who.team[s] = (int)json_integer_value(json_object_get(v,
		    "team"));
		who.name[s] = names[s] = compose_homes_name(lang, v);
	}
	json_array_foreach(json_object_get(p, "homes"), i, row) {
		if (i == TAC_HOMES_MAX)
			break;
		json_array_foreach(row, t, v) {
			if (t == TAC_MAXSEATS)
				break;
			n = json_integer_value(v);
			h->home[i][t] = n < 0 ? 0 : n > 255 ? 255 : (uint8_t)n;
			if ((int)t + 1 > h->nteams)
				h->nteams = (int)t + 1;
		}
		h->n = (int)i + 1;
	}
	n = json_integer_value(json_object_get(p, "rounds"));
	h->rounds = n > h->n && n <= 65535 ? (int)n : h->n;
	rc = chart_homes(c, lang, json_integer_value(json_object_get(p,
	    "game")), &who, h);
	for (s = 0; s < TAC_MAXSEATS; s++)
		free(names[s]);
	free(h);
	return (rc);
}
