/*
 * compose-rematch.c: a rematch in words (service-rematch.c makes it):
 * the buttons at a game's end that offer one, the group's "rematch"
 * rows (the offer, with its creator's button to start now; someone not
 * playing this time; the offer lapsed) and each person's private
 * question ("rematch-ask"), edited in place once answered.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <string.h>

#include <jansson.h>

#include "compose-int.h"
#include "i18n.h"

/*
 * The buttons under a game's end (its summary, end 1): play it again,
 * the teams kept or changed.  Pressing one is /rematch on that game.
 */
void
compose_rematch_keys(const struct svc_out *out, struct compose_msg *m)
{
	int64_t	game;

	if (json_integer_value(json_object_get(out->data, "end")) != 1)
		return;
	game = json_integer_value(json_object_get(json_object_get(out->data,
	    "summary"), "game"));
	if (game <= 0)
		return;
	/* TRANSLATORS: a button's label, at most 40 characters (shorter is
	   better on a phone), under a game's end: the same game again,
	   the same people in the same seats. */
	compose_keys_add(&m->keys, tr(m->lang, "Rematch"), game, -1,
	    "rematch");
	/* TRANSLATORS: a button's label, at most 40 characters (shorter is
	   better on a phone): the same game again, with the teams
	   changed. */
	compose_keys_add(&m->keys, tr(m->lang, "Rematch, new teams"), game,
	    -1, "rematch rotate");
	compose_keys_newrow(&m->keys);
	m->setkeys = 1;
}

/*
 * A "rematch" row in the group: the offer (what "offer", with the button
 * that starts it now), someone out this time ("declined"), or the offer
 * lapsed ("lapsed").
 */
int
compose_rematch_make(struct compose_ctx *c, const struct svc_out *out,
    struct compose_msg *m)
{
	const char	*what = compose_str(out->data, "what");
	const char	*by = compose_str(out->data, "by");
	const char	*name = compose_str(out->data, "name");
	long long	 old = (long long)compose_int(out->data, "old", 0);

	if (!c->have || what == NULL)
		return (compose_unsaid(out, m));
	if (strcmp(what, "lapsed") == 0) {
		/* TRANSLATORS: in the group, once; %lld a game's number. */
		rbuf_add(&m->text, tr(m->lang, "The rematch of game #%lld has "
		    "lapsed: a day went by without everyone in."), old);
		rbuf_addstr(&m->text, "\n");
		return (m->form);
	}
	if (strcmp(what, "declined") == 0) {
		/* TRANSLATORS: in the group; %s a player's name. */
		rbuf_add(&m->text, tr(m->lang, "%s is not playing the rematch "
		    "this time. Its creator may start it with the AI in the "
		    "empty seat."), name != NULL ? name : "?");
		rbuf_addstr(&m->text, "\n");
		return (m->form);
	}
	if (compose_int(out->data, "rotate", 0))
		/* TRANSLATORS: in the group; %s who offers it, %lld a
		   game's number. */
		rbuf_add(&m->text, tr(m->lang, "%s offers a rematch of game "
		    "#%lld: the same people and options, the teams changed."),
		    by != NULL ? by : "?", old);
	else
		/* TRANSLATORS: in the group; %s who offers it, %lld a
		   game's number. */
		rbuf_add(&m->text, tr(m->lang, "%s offers a rematch of game "
		    "#%lld: the same people and options, in the same seats."),
		    by != NULL ? by : "?", old);
	rbuf_addstr(&m->text, "\n");
	rbuf_addstr(&m->text, tr(m->lang, "Each of you is asked in your "
	    "private chat with the bot; the game starts once everyone is "
	    "in. The offer lapses in a day."));
	rbuf_addstr(&m->text, "\n");
	/* TRANSLATORS: a button's label, at most 40 characters (shorter is
	   better on a phone): its creator starts the rematch now, AI
	   players in the seats nobody has taken. */
	compose_keys_add(&m->keys, tr(m->lang, "Start now, AI in empty seats"),
	    c->g.id, -1, "rematch start");
	compose_keys_newrow(&m->keys);
	m->setkeys = 1;
	return (m->form);
}

/*
 * A "rematch-ask" row, private, of the finished game: the question with
 * its two buttons, or (done "in", "out") the answer in the message
 * pressed.
 */
int
compose_rematch_ask_make(struct compose_ctx *c, const struct svc_out *out,
    struct compose_msg *m)
{
	const char	*by = compose_str(out->data, "by");
	const char	*done = compose_str(out->data, "done");
	const char	*colour;
	int64_t		 lobby = compose_int(out->data, "lobby", 0);
	char		 cmd[48];

	if (!c->have)
		return (compose_unsaid(out, m));
	colour = tr(m->lang, render_colour((int)compose_int(out->data,
	    "seat", 0)));
	compose_named(out, "message", m);
	m->setkeys = 1;
	if (done != NULL) {
		m->editonly = 1;
		if (strcmp(done, "in") == 0)
			/* TRANSLATORS: %lld a game's number, %s a seat's
			   colour. */
			rbuf_add(&m->text, tr(m->lang, "You are in the "
			    "rematch of game #%lld, in the %s seat. It starts "
			    "once everyone is in."), (long long)c->g.id,
			    colour);
		else
			/* TRANSLATORS: %lld a game's number. */
			rbuf_add(&m->text, tr(m->lang, "You are not playing "
			    "the rematch of game #%lld this time."),
			    (long long)c->g.id);
		rbuf_addstr(&m->text, "\n");
		return (m->form);
	}
	/* The group's title heads it (compose_heading()): named once. */
	if (compose_int(out->data, "rotate", 0))
		/* TRANSLATORS: in the reader's private chat, under the
		   group's title; %s who offers it, %lld a game's number, %s
		   a seat's colour. */
		rbuf_add(&m->text, tr(m->lang, "%s offers a rematch of game "
		    "#%lld: the same people and options, the teams changed, "
		    "you in the %s seat."), by != NULL ? by : "?",
		    (long long)c->g.id, colour);
	else
		/* TRANSLATORS: in the reader's private chat, under the
		   group's title; %s who offers it, %lld a game's number, %s
		   a seat's colour. */
		rbuf_add(&m->text, tr(m->lang, "%s offers a rematch of game "
		    "#%lld: the same people and options, you in the %s seat "
		    "again."), by != NULL ? by : "?", (long long)c->g.id,
		    colour);
	rbuf_addstr(&m->text, "\n");
	rbuf_addstr(&m->text, tr(m->lang, "Are you in? The offer lapses in a "
	    "day."));
	rbuf_addstr(&m->text, "\n");
	snprintf(cmd, sizeof cmd, "rematch yes %lld", (long long)lobby);
	/* TRANSLATORS: a button's label, at most 40 characters (shorter is
	   better on a phone): yes to a rematch. */
	compose_keys_add(&m->keys, tr(m->lang, "I'm in"), c->g.id, -1, cmd);
	snprintf(cmd, sizeof cmd, "rematch no %lld", (long long)lobby);
	/* TRANSLATORS: a button's label, at most 40 characters (shorter is
	   better on a phone): no to a rematch. */
	compose_keys_add(&m->keys, tr(m->lang, "Not this time"), c->g.id, -1,
	    cmd);
	compose_keys_newrow(&m->keys);
	return (m->form);
}
