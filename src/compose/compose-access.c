/*
 * compose-access.c: the words of who may see or act on a game
 * (src/service/service-access.c): a seat refused to someone outside the
 * game's group, a membership that could not be checked, a lobby too
 * many, the word to one who left a game's group, and the group's
 * question before a seat its person left is taken over ("confirm" rows
 * of what "seat", answered by "/admit").  A game
 * that is not the reader's is never named here beyond what they typed:
 * they get the no-game answer (compose-say.c) instead.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <string.h>

#include "compose-int.h"
#include "i18n.h"

/* A number value of a message's values (0 if absent). */
static long long
access_num(json_t *args, const char *key)
{
	return ((long long)json_integer_value(json_object_get(args, key)));
}

/* A text value of a message's values ("" if absent). */
static const char *
access_str(json_t *args, const char *key)
{
	const char	*s = json_string_value(json_object_get(args, key));

	return (s != NULL ? s : "");
}

/*
 * The refusals and confirmations of access (codes of "error" and "info"
 * rows) into b: 1, or 0 when code is none of them.
 */
int
compose_access_says(const char *lang, const char *code, json_t *args,
    struct rbuf *b)
{
	if (strcmp(code, "not_member") == 0)
		/* TRANSLATORS: a refusal (200 characters at most): someone
		   followed a game's join link, and is not in its group. */
		rbuf_addstr(b, tr(lang, "Only the people of a game's group can "
		    "take a seat in it. Ask them to add you to the group, "
		    "then follow the link again."));
	else if (strcmp(code, "member_unknown") == 0)
		/* TRANSLATORS: a refusal (200 characters at most): whether
		   the person is in the game's group could not be checked,
		   so they got no seat. */
		rbuf_addstr(b, tr(lang, "I could not check that you are in "
		    "the game's group, so you have no seat yet. Try again in "
		    "a minute."));
	else if (strcmp(code, "too_many_lobbies") == 0)
		/* TRANSLATORS: a refusal (200 characters at most); %lld how
		   many games waiting for players the person opened. */
		rbuf_add(b, trn(lang, "You have opened %lld game that waits "
		    "for players already: start it, or /abort it, before you "
		    "open another.", "You have opened %lld games that wait "
		    "for players already: start one, or /abort it, before "
		    "you open another.", (unsigned long)access_num(args,
		    "max")), access_num(args, "max"));
	else if (strcmp(code, "seat_asked") == 0)
		/* TRANSLATORS: %lld a game's number, %s a seat's colour. */
		rbuf_add(b, tr(lang, "I asked the players of game #%lld "
		    "whether you may take over the %s seat. You get it as soon "
		    "as one of them agrees."), access_num(args, "game"),
		    tr(lang, render_colour((int)access_num(args, "seat"))));
	else if (strcmp(code, "left_group") == 0)
		/* TRANSLATORS: privately, to someone who left a group (or
		   was removed from it); %s the group's title, %lld its
		   game's number. */
		rbuf_add(b, tr(lang, "You are no longer in the group "
		    "\"%s\", so the AI plays your seat in game #%lld from "
		    "now on."), access_str(args, "group"), access_num(args,
		    "game"));
	else if (strcmp(code, "seat_refused") == 0)
		/* TRANSLATORS: %lld a game's number. */
		rbuf_add(b, tr(lang, "The players of game #%lld said no: the "
		    "seat you asked for stays as it is."), access_num(args,
		    "game"));
	else
		return (0);
	return (1);
}

/*
 * The group's question whether someone may take over a seat its person
 * left, with Yes and No for the game's players ("admit SEAT USER
 * yes|no"); once answered (p's "done"), who answered and how, without
 * buttons (k NULL: the words alone).
 */
void
compose_seat_ask(const struct svc_game *g, const char *lang, json_t *p,
    struct rbuf *b, struct compose_keys *k)
{
	const char	*done, *name, *by;
	char		 cmd[SVC_BUTTON_MAX], who[UTF8_NAMEMAX];
	char		 owner[UTF8_NAMEMAX], answerer[UTF8_NAMEMAX];
	int		 seat;

	done = json_string_value(json_object_get(p, "done"));
	name = json_string_value(json_object_get(p, "name"));
	by = json_string_value(json_object_get(p, "by"));
	seat = (int)json_integer_value(json_object_get(p, "seat"));
	if (seat < 0 || seat >= g->cfg.nseats || seat >= TAC_MAXSEATS)
		seat = 0;
	utf8_shorten(name != NULL ? name : "?", RENDER_NAMECHARS, who,
	    sizeof who);
	utf8_shorten(by != NULL ? by : "?", RENDER_NAMECHARS, answerer,
	    sizeof answerer);
	utf8_shorten(g->seats[seat].name, RENDER_NAMECHARS, owner,
	    sizeof owner);
	if (done != NULL && strcmp(done, "yes") == 0)
		/* TRANSLATORS: %s the player who agreed, %s the person
		   who asked for a seat: they play it now. */
		rbuf_add(b, tr(lang, "%s agreed: %s plays that seat now."),
		    answerer, who);
	else if (done != NULL)
		/* TRANSLATORS: %s the player who said no to someone's
		   asking for a seat. */
		rbuf_add(b, tr(lang, "%s said no: that seat stays as it is."),
		    answerer);
	else
		/* TRANSLATORS: a question in the group; %s who asks, %s
		   the seat's player (who left it: the AI plays it), %s
		   its colour, %lld a game's number. */
		rbuf_add(b, tr(lang, "%s asks to take over the seat of %s "
		    "(%s) in game #%lld, which the AI plays since they left. "
		    "Any player of the game may agree."), who, owner,
		    tr(lang, render_colour(seat)), (long long)g->id);
	rbuf_addstr(b, "\n");
	if (k == NULL || done != NULL)
		return;
	snprintf(cmd, sizeof cmd, "admit %d %lld yes", seat,
	    (long long)json_integer_value(json_object_get(p, "asker")));
	/* TRANSLATORS: a button's label, at most 40 characters (shorter is
	   better on a phone): let the person who asked take the seat. */
	compose_keys_add(k, tr(lang, "Let them play"), g->id, -1, cmd);
	snprintf(cmd, sizeof cmd, "admit %d %lld no", seat,
	    (long long)json_integer_value(json_object_get(p, "asker")));
	compose_keys_add(k, tr(lang, "No"), g->id, -1, cmd);
	compose_keys_newrow(k);
}

/*
 * A "member" row: no message but a question to the platform, whether
 * the person "user" is in the group "group" (answered by the bridge with
 * svc_outbox_member()).
 */
int
compose_member_make(struct compose_ctx *c, const struct svc_out *out,
    struct compose_msg *m)
{
	(void)c;
	if (compose_str(out->data, "group") == NULL ||
	    compose_str(out->data, "user") == NULL)
		return (compose_none(m));
	snprintf(m->group, sizeof m->group, "%s",
	    compose_str(out->data, "group"));
	snprintf(m->member, sizeof m->member, "%s",
	    compose_str(out->data, "user"));
	m->silent = 1;
	return (m->form);
}
