/*
 * compose-ctx.c: what every kind's message is made with, below them all:
 * the game a batch reads once (compose_ctx_game()), a row's game and
 * language, its payload's members, the message it names, the table of
 * people as the view needs it, and an empty message.  Nothing here knows
 * a kind; the kinds' files (compose-kind.c lists them) call down here,
 * never back up.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "compose-int.h"
#include "i18n.h"

/* A member of a payload as an integer, or def. */
int64_t
compose_int(json_t *p, const char *key, int64_t def)
{
	json_t	*v = json_object_get(p, key);

	return (json_is_integer(v) ? (int64_t)json_integer_value(v) : def);
}

/* A member of a payload as a string, or NULL. */
const char *
compose_str(json_t *p, const char *key)
{
	return (json_string_value(json_object_get(p, key)));
}

/* The people at a game's table, as the view needs them. */
void
compose_game(const struct svc_game *g, struct render_game *t)
{
	int	s;

	memset(t, 0, sizeof *t);
	t->id = g->id;
	snprintf(t->lang, sizeof t->lang, "%s", g->lang);
	t->cfg = g->cfg;
	for (s = 0; s < TAC_MAXSEATS; s++) {
		/* An AI's name is the view's, in the reader's language. */
		if (g->seats[s].ai == 0)
			snprintf(t->seats[s].name, sizeof t->seats[s].name,
			    "%s", g->seats[s].name);
		t->seats[s].ai = g->seats[s].ai;
		t->seats[s].away = g->seats[s].away;
	}
	/* The last action, if a card play, is what a TAC now undoes. */
	if (g->last_seat >= 0 && g->last_seat < TAC_MAXSEATS)
		t->lastplay = g->last_seat + 1;
}

/* The game a row is about: its own, or (replies) its payload's. */
int64_t
compose_row_game(const struct svc_out *out)
{
	return (out->game != 0 ? out->game :
	    json_integer_value(json_object_get(out->data, "game")));
}

/*
 * Read game id into c unless it is the game read already: 1 when it is
 * there, 0 when not (or id is 0).
 */
int
compose_ctx_game(struct compose_ctx *c, int64_t id)
{
	if (id == c->id)
		return (c->have);
	c->id = id;
	c->have = 0;
	if (id > 0 && svc_game_view(c->svc, id, &c->g, &c->st) == 1)
		c->have = 1;
	return (c->have);
}

/*
 * Read row out's game into c and its language into lang, once for the
 * row: its own (a private row speaks its person's), else its game's
 * chat's, else the bridge's.  What is made of the game then speaks it
 * too (c->g.lang).
 */
void
compose_ctx_row(struct compose_ctx *c, const struct svc_out *out, char *lang,
    size_t len)
{
	const char	*l = compose_str(out->data, "lang");

	compose_ctx_game(c, compose_row_game(out));
	if (l != NULL && i18n_known(l))
		l = i18n_norm(l);
	else if (c->have && c->g.lang[0] != '\0')
		l = c->g.lang;
	else
		l = c->o->r.lang != NULL ? c->o->r.lang : "en";
	snprintf(lang, len, "%s", l);
	if (c->have)
		snprintf(c->g.lang, sizeof c->g.lang, "%s", lang);
}

/*
 * The naming of the cards a row is read in: its game's, else that of
 * the games its numbers come from (statistics), else the one a chat of
 * lang starts with.
 */
int
compose_names(const struct compose_ctx *c, const struct svc_out *out,
    const char *lang)
{
	if (c->have)
		return (c->g.cfg.names);
	if (compose_int(out->data, "names", -1) >= 0)
		return ((int)compose_int(out->data, "names", 0));
	return (strcmp(lang, "ru") == 0 ? TAC_NAMES_TAKER : TAC_NAMES_TAC);
}

/*
 * Does seat act now in the game c read?  1 with st the position as it
 * acts in it (in an exchange: the reader to give), else 0.
 */
int
compose_acting(const struct compose_ctx *c, int seat, struct tac_state *st)
{
	if (!c->have || !c->g.started || c->g.state != SVC_PLAYING ||
	    seat < 0 || seat >= c->st.cfg.nseats)
		return (0);
	*st = c->st;
	switch (st->phase) {
	case TAC_PH_OVER:
	case TAC_PH_DEAL:
		return (0);
	case TAC_PH_EXCHANGE:
		if (st->gift[seat] != TAC_NONE)
			return (0);
		st->turn = (uint8_t)seat;
		return (1);
	default:
		return (st->turn == seat);
	}
}

/*
 * When due comes, as the reader of a private row out reads it: on their
 * own clock into clock ("18:30", "tomorrow 09:15") when they have a zone
 * and it is within the week, and always how long is left into left ("3
 * h 20 min").  1 with both, 0 with left alone (say it relative).
 */
int
compose_due(struct compose_ctx *c, const struct svc_out *out,
    const char *lang, int64_t due, struct rbuf *clock, struct rbuf *left)
{
	struct svc_ptime	pt;
	int64_t			now = svc_now(c->svc);

	render_span(lang, due > now ? due - now : 0, left);
	if (!svc_kind_is(out->type, SVC_OF_PRIVATE) ||
	    svc_person_time(c->svc, out->platform, out->chat, &pt) != 0)
		return (0);
	return (render_clock(lang, pt.zone, due, now, clock) == 0);
}

/*
 * Is the reader of a private row out in their quiet hours now?  Then
 * its message makes no sound.
 */
int
compose_quiet(struct compose_ctx *c, const struct svc_out *out)
{
	struct svc_ptime	pt;

	if (!svc_kind_is(out->type, SVC_OF_PRIVATE) ||
	    svc_person_time(c->svc, out->platform, out->chat, &pt) != 0)
		return (0);
	return (zone_quiet(pt.zone, pt.quiet_start, pt.quiet_end,
	    svc_now(c->svc)));
}

/*
 * A message a row names by the reference its bridge gave (the pressed
 * message in "message", a turn message in "ref"), into m->replaces.  A
 * row of an older tacd names it by a number, which is used as it is.
 */
void
compose_named(const struct svc_out *out, const char *key,
    struct compose_msg *m)
{
	json_t	*v = json_object_get(out->data, key);

	m->replaces[0] = '\0';
	if (json_is_string(v))
		snprintf(m->replaces, sizeof m->replaces, "%s",
		    json_string_value(v));
	else if (json_is_integer(v) && json_integer_value(v) > 0)
		snprintf(m->replaces, sizeof m->replaces, "%lld",
		    (long long)json_integer_value(v));
}

/*
 * The remembered message of the game's board or lobby (kind) in the
 * chat, into m->replaces: 1, or 0 when there is none.
 */
int
compose_kept(struct compose_ctx *c, struct compose_msg *m, int kind)
{
	if (svc_message(c->svc, m->game, m->chat, svc_kind_name(kind),
	    m->replaces, sizeof m->replaces) == 1)
		return (1);
	m->replaces[0] = '\0';
	return (0);
}

/*
 * The words of a row that cannot be said: a kind this tacd does not
 * know (a newer one's row), or a game that is gone.  Its form.
 */
int
compose_unsaid(const struct svc_out *out, struct compose_msg *m)
{
	rbuf_add(&m->text, "[%s]\n", out->kind);
	return (m->form);
}

/* A message with nothing to send (its rows are done): COMPOSE_NONE. */
int
compose_none(struct compose_msg *m)
{
	compose_msg_free(m);
	m->form = COMPOSE_NONE;
	return (COMPOSE_NONE);
}

/* Release what a message holds. */
void
compose_msg_free(struct compose_msg *m)
{
	rbuf_free(&m->text);
	rbuf_free(&m->caption);
	compose_keys_free(&m->keys);
	free(m->picture);
	m->picture = NULL;
	free(m->chart);
	m->chart = NULL;
	free(m->file);
	m->file = NULL;
	rbuf_free(&m->alt);
}
