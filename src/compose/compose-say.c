/*
 * compose-say.c: what the service says to a person who asked for
 * something: refusals ("error" rows, and answers to button presses) and
 * confirmations ("info" rows).  The service sends a message code and its
 * values (service.h lists them); the words are here, in the reader's
 * language, with people named as the table knows them.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <string.h>

#include <jansson.h>

#include "compose-int.h"
#include "i18n.h"

/* A message being said: its values, the reader's language, the table. */
struct say {
	struct svc	*svc;
	const char	*lang;
	json_t		*args;
	struct render_game t;		/* the game of args.game, if have */
	int		 have;
	struct rbuf	*b;
};

/* A number value of the message (0 if absent). */
static long long
say_num(const struct say *s, const char *key)
{
	return ((long long)json_integer_value(json_object_get(s->args, key)));
}

/* A text value of the message ("" if absent). */
static const char *
say_str(const struct say *s, const char *key)
{
	const char	*v = json_string_value(json_object_get(s->args, key));

	return (v != NULL ? v : "");
}

/* Is a text value of the message this word? */
static int
say_is(const struct say *s, const char *key, const char *word)
{
	return (strcmp(say_str(s, key), word) == 0);
}

/* The name of whoever sits in the seat of a value, as the texts show it. */
static const char *
say_seat(struct say *s, const char *key, char *buf, size_t len)
{
	struct render_opts	o = { RENDER_PLAIN, NULL, NULL, 0 };
	struct rbuf		r = { NULL, 0, 0 };
	int			seat = (int)say_num(s, key);

	o.lang = s->lang;
	if (!s->have) {
		snprintf(buf, len, "%s", tr(s->lang, render_colour(seat)));
		return (buf);
	}
	render_seat(&o, &s->t, seat, &r);
	snprintf(buf, len, "%s", r.s != NULL ? r.s : "?");
	rbuf_free(&r);
	return (buf);
}

/* The seat colours of a list of seat numbers: "Blue, Yellow". */
static const char *
say_seats(struct say *s, const char *key, char *buf, size_t len)
{
	json_t	*v;
	size_t	 i, n = 0;

	buf[0] = '\0';
	json_array_foreach(json_object_get(s->args, key), i, v) {
		if (n >= len)
			break;
		n += (size_t)snprintf(buf + n, len - n, "%s%s", i > 0 ?
		    ", " : "", tr(s->lang, render_colour((int)
		    json_integer_value(v))));
	}
	return (buf);
}

/*
 * The rules' reason a value holds: the engine's message id and values
 * ({fmt, args: [{k, v|s}]}, svc_why()), worded by the view; a plain text
 * as it is.
 */
static const char *
say_reason(struct say *s, const char *key, struct rbuf *r)
{
	struct tac_why	 w;
	json_t		*o = json_object_get(s->args, key), *a, *v;
	const char	*k;
	size_t		 i;

	rbuf_reset(r);
	if (json_is_string(o))
		rbuf_addstr(r, json_string_value(o));
	else if (json_is_object(o) && (w.fmt =
	    json_string_value(json_object_get(o, "fmt"))) != NULL) {
		memset(w.arg, 0, sizeof w.arg);
		w.nargs = 0;
		json_array_foreach(json_object_get(o, "args"), i, a) {
			if (w.nargs == TAC_WHY_MAXARGS)
				break;
			k = json_string_value(json_object_get(a, "k"));
			w.arg[w.nargs].kind = k != NULL ? *k : 'd';
			w.arg[w.nargs].v = (int)json_integer_value(
			    json_object_get(a, "v"));
			if ((v = json_object_get(a, "s")) != NULL)
				snprintf(w.arg[w.nargs].s,
				    sizeof w.arg[w.nargs].s, "%s",
				    json_string_value(v) != NULL ?
				    json_string_value(v) : "");
			w.nargs++;
		}
		render_why(&s->t, &w, r);
	}
	return (r->s != NULL ? r->s : "?");
}

/* A refusal of options: which word was wrong, or the rules' reason. */
static void
say_option(struct say *s)
{
	const char	*w = say_str(s, "word");
	struct rbuf	 r = { NULL, 0, 0 };

	if (say_is(s, "what", "deadline"))
		/* TRANSLATORS: a refusal, or its answer to a button (then
		   200 characters at most); %s the word typed; off, 30m, 2h,
		   3d are what to type: keep them. */
		rbuf_add(s->b, tr(s->lang, "\"%s\" is no deadline: say off, or "
		    "minutes, hours or days, as in 30m, 2h or 3d (at most "
		    "30d)."), w);
	else if (say_is(s, "what", "ai"))
		/* TRANSLATORS: a refusal, or its answer to a button (then
		   200 characters at most); %s the word typed; ai=1, ai=2:
		   keep them. */
		rbuf_add(s->b, tr(s->lang, "\"%s\" is no AI level: say ai=1 "
		    "(quick) or ai=2 (strong)."), w);
	else if (say_is(s, "what", "seed"))
		/* TRANSLATORS: a refusal, or its answer to a button (then
		   200 characters at most); %s the word typed; seed=42: keep
		   it. */
		rbuf_add(s->b, tr(s->lang, "\"%s\" is no seed: say a whole "
		    "number, as in seed=42."), w);
	else if (say_is(s, "what", "rules"))
		/* TRANSLATORS: a refusal, or its answer to a button (then
		   200 characters at most); %s the reason (one of the rules'
		   reasons). */
		rbuf_add(s->b, tr(s->lang, "These options do not go together: "
		    "%s."), say_reason(s, "reason", &r));
	else
		/* TRANSLATORS: a refusal, or its answer to a button (then
		   200 characters at most); %s the word typed; the options
		   are what to type: keep them. */
		rbuf_add(s->b, tr(s->lang, "\"%s\" is no option: say 4 or 6, "
		    "pairs or triples, master or nomaster, tac or taker, "
		    "deadline=2h, ai=1 or ai=2."), w);
	rbuf_free(&r);
}

/* Who may do what: the creator or a chat admin, or the players. */
static void
say_who(struct say *s, const char *code)
{
	if (strcmp(code, "not_creator") == 0) {
		if (say_is(s, "to", "options"))
			rbuf_addstr(s->b, tr(s->lang, "Only the game's creator "
			    "or a chat admin can change the options."));
		else if (say_is(s, "to", "start"))
			rbuf_addstr(s->b, tr(s->lang, "Only the game's creator "
			    "or a chat admin can start the game."));
		else if (say_is(s, "to", "abort"))
			rbuf_addstr(s->b, tr(s->lang, "Only the game's creator "
			    "or a chat admin can abort the game."));
		else
			rbuf_addstr(s->b, tr(s->lang, "Only the game's creator "
			    "or a chat admin can let the AI play for someone."));
	} else if (say_is(s, "to", "ai"))
		rbuf_addstr(s->b, tr(s->lang, "Only the lobby's players or a "
		    "chat admin can add AI players."));
	else if (say_is(s, "to", "board"))
		rbuf_addstr(s->b, tr(s->lang, "Only the players or a chat admin "
		    "can change how the board is shown."));
	else
		/* TRANSLATORS: a refusal, or its answer to a button (then
		   200 characters at most); %lld a game's number. */
		rbuf_add(s->b, tr(s->lang, "You are not in game #%lld."),
		    say_num(s, "game"));
}

/* How a command is used, when it was not. */
static void
say_usage(struct say *s)
{
	if (say_is(s, "command", "replace"))
		/* TRANSLATORS: a refusal, or its answer to a button (then
		   200 characters at most); %lld the last seat's number;
		   SEAT stands for a number: translate it. */
		rbuf_add(s->b, tr(s->lang, "Say /replace SEAT ai, with a seat "
		    "from 0 to %lld."), say_num(s, "last"));
	else if (say_is(s, "command", "summary") ||
	    say_is(s, "command", "record") || say_is(s, "command", "moves"))
		/* TRANSLATORS: a refusal, or its answer to a button (then
		   200 characters at most); %s the command. */
		rbuf_add(s->b, tr(s->lang, "Say which game, as in /%s #12."),
		    say_str(s, "command"));
	else if (say_is(s, "command", "board"))
		rbuf_addstr(s->b, tr(s->lang, "Say /board picture or /board "
		    "text."));
	else if (say_is(s, "command", "rematch"))
		/* TRANSLATORS: a refusal, or its answer to a button (then
		   200 characters at most); "/rematch rotate" is a command:
		   the teams change. */
		rbuf_addstr(s->b, tr(s->lang, "Say /rematch to play the last "
		    "game again, or /rematch rotate to change the teams."));
	else if (say_is(s, "command", "top"))
		/* TRANSLATORS: a refusal; "/top coop" is a command: the
		   best cooperative games (Team-TAC). */
		rbuf_addstr(s->b, tr(s->lang, "Say /top for the ratings, or "
		    "/top coop for your best games of everyone together."));
	else if (say_is(s, "command", "abort") || say_is(s, "command",
	    "leave"))
		/* TRANSLATORS: a refusal, or its answer to a button (then
		   200 characters at most); %s the command (abort, leave),
		   twice, then %s the word yes of your language ([answer]
		   yes), which the bot reads after it. */
		rbuf_add(s->b, tr(s->lang, "Say /%s to be asked, or /%s %s."),
		    say_str(s, "command"), say_str(s, "command"),
		    compose_answer_word(s->lang, 1));
	else
		/* TRANSLATORS: a refusal, or its answer to a button (then
		   200 characters at most); %lld the person's start field;
		   write B as [place] B reads (/play reads it). */
		rbuf_add(s->b, tr(s->lang, "Say which move, as in /play 13 "
		    "B>%lld."), say_num(s, "field"));
}

/*
 * A seat with no person to replace: an AI's (named as the table names
 * it) or a free one (its colour).
 */
static void
say_nobody(struct say *s)
{
	char	who[UTF8_NAMEMAX];
	int	seat = (int)say_num(s, "seat");

	if (s->have && seat >= 0 && seat < TAC_MAXSEATS &&
	    s->t.seats[seat].ai != 0)
		/* TRANSLATORS: a refusal, or its answer to a button (then
		   200 characters at most); %s the AI's name. */
		rbuf_add(s->b, tr(s->lang, "%s is an AI player: there is "
		    "nobody to replace."), say_seat(s, "seat", who, sizeof who));
	else
		/* TRANSLATORS: a refusal, or its answer to a button (then
		   200 characters at most); %lld a seat's number, %s its
		   colour. */
		rbuf_add(s->b, tr(s->lang, "Nobody sits in seat %lld (%s): "
		    "there is nobody to replace."), say_num(s, "seat"),
		    tr(s->lang, render_colour(seat)));
}

/* The refusals about seats and teams. */
static int
say_seating(struct say *s, const char *code)
{
	char	who[UTF8_NAMEMAX], list[256];

	if (strcmp(code, "seat_taken") == 0) {
		if (json_object_get(s->args, "players") != NULL)
			/* TRANSLATORS: a refusal, or its answer to a button
			   (then 200 characters at most); %s a player's
			   name, %lld the number of players. */
			rbuf_add(s->b, trn(s->lang, "%s sits in a seat that a "
			    "game of %lld player does not have: they must "
			    "/leave it first.", "%s sits in a seat that a game "
			    "of %lld players does not have: they must /leave "
			    "it first.", (unsigned long)say_num(s, "players")),
			    say_seat(s, "seat", who, sizeof who),
			    say_num(s, "players"));
		else
			/* TRANSLATORS: a refusal, or its answer to a button
			   (then 200 characters at most); %s a player's
			   name. */
			rbuf_add(s->b, tr(s->lang, "%s sits in that seat."),
			    say_seat(s, "seat", who, sizeof who));
	} else if (strcmp(code, "seat_held") == 0) {
		if (json_object_get(s->args, "seat") != NULL)
			/* TRANSLATORS: a refusal, or its answer to a button
			   (then 200 characters at most); %s a seat's
			   colour. */
			rbuf_add(s->b, tr(s->lang, "The %s seat is kept for "
			    "its player from the last game until they answer "
			    "the rematch."), tr(s->lang, render_colour((int)
			    say_num(s, "seat"))));
		else
			/* TRANSLATORS: a refusal, or its answer to a button
			   (then 200 characters at most); %lld a game's
			   number. */
			rbuf_add(s->b, tr(s->lang, "The free seats of game "
			    "#%lld are kept for the players of the last game "
			    "until they answer the rematch."),
			    say_num(s, "game"));
	} else if (strcmp(code, "already_seated") == 0)
		/* TRANSLATORS: a refusal, or its answer to a button (then
		   200 characters at most); %lld a game's number. */
		rbuf_add(s->b, tr(s->lang, "You have a seat in game #%lld "
		    "already."), say_num(s, "game"));
	else if (strcmp(code, "full") == 0)
		/* TRANSLATORS: a refusal, or its answer to a button (then
		   200 characters at most); %lld a game's number. */
		rbuf_add(s->b, tr(s->lang, "Every seat of game #%lld is "
		    "taken."), say_num(s, "game"));
	else if (strcmp(code, "bad_seat") == 0)
		/* TRANSLATORS: a refusal, or its answer to a button (then
		   200 characters at most); %s the word typed, %lld the last
		   seat's number. */
		rbuf_add(s->b, tr(s->lang, "\"%s\" is no seat: say a number "
		    "from 0 to %lld."), say_str(s, "word"), say_num(s, "last"));
	else if (strcmp(code, "already_away") == 0) {
		if (json_object_get(s->args, "seat") != NULL)
			/* TRANSLATORS: a refusal, or its answer to a button
			   (then 200 characters at most); %s a player's
			   name. */
			rbuf_add(s->b, tr(s->lang, "The AI plays for %s "
			    "already."), say_seat(s, "seat", who, sizeof who));
		else
			rbuf_addstr(s->b, tr(s->lang, "The AI plays for you "
			    "already: /resume to play again."));
	} else if (strcmp(code, "not_away") == 0)
		rbuf_addstr(s->b, tr(s->lang, "You play your seat yourself "
		    "already."));
	else if (strcmp(code, "not_a_person") == 0)
		say_nobody(s);
	else if (strcmp(code, "bad_team") == 0)
		/* TRANSLATORS: a refusal, or its answer to a button (then
		   200 characters at most); %lld the last team's number. */
		rbuf_add(s->b, tr(s->lang, "There is no such team: say /team "
		    "and a number from 0 to %lld."), say_num(s, "last"));
	else if (strcmp(code, "same_team") == 0)
		rbuf_addstr(s->b, tr(s->lang, "You are in that team already."));
	else if (strcmp(code, "team_full") == 0)
		rbuf_addstr(s->b, tr(s->lang, "That team has no free seat."));
	else if (strcmp(code, "seats_free") == 0)
		/* TRANSLATORS: a refusal, or its answer to a button (then
		   200 characters at most); %s the free seats' numbers. */
		rbuf_add(s->b, tr(s->lang, "Free seats: %s. /join or add AI "
		    "players (/ai) first."), say_seats(s, "seats", list,
		    sizeof list));
	else
		return (0);
	return (1);
}

/* The refusals about games and turns. */
static int
say_game(struct say *s, const char *code)
{
	struct rbuf	r = { NULL, 0, 0 };
	char		who[UTF8_NAMEMAX];
	int		rc = 1;

	if (strcmp(code, "not_lobby") == 0) {
		if (json_is_true(json_object_get(s->args, "over")))
			rbuf_add(s->b, tr(s->lang, "Game #%lld is over."),
			    say_num(s, "game"));
		else
			/* TRANSLATORS: a refusal, or its answer to a button
			   (then 200 characters at most); %lld a game's
			   number. */
			rbuf_add(s->b, tr(s->lang, "Game #%lld has started "
			    "already."), say_num(s, "game"));
	} else if (strcmp(code, "game_open") == 0)
		/* TRANSLATORS: a refusal, or its answer to a button (then
		   200 characters at most); %lld a game's number. */
		rbuf_add(s->b, tr(s->lang, "This chat has game #%lld already: "
		    "finish it, or /abort it first."), say_num(s, "game"));
	else if (strcmp(code, "game_over") == 0)
		rbuf_add(s->b, tr(s->lang, "Game #%lld is over."),
		    say_num(s, "game"));
	else if (strcmp(code, "not_started") == 0)
		/* TRANSLATORS: a refusal, or its answer to a button (then
		   200 characters at most); %lld a game's number. */
		rbuf_add(s->b, tr(s->lang, "Game #%lld has not started yet."),
		    say_num(s, "game"));
	else if (strcmp(code, "not_playing") == 0)
		/* TRANSLATORS: a refusal, or its answer to a button (then
		   200 characters at most); %lld a game's number. */
		rbuf_add(s->b, tr(s->lang, "Game #%lld is not being played."),
		    say_num(s, "game"));
	else if (strcmp(code, "no_game") == 0) {
		if (say_is(s, "where", "chat"))
			rbuf_addstr(s->b, tr(s->lang, "There is no game in "
			    "this chat: /new opens one."));
		else if (say_is(s, "where", "you"))
			rbuf_addstr(s->b, tr(s->lang, "You are in no game."));
		else if (json_object_get(s->args, "game") == NULL)
			/* TRANSLATORS: a refusal (200 characters at most): a
			   link named a game that is not there, or not the
			   reader's. */
			rbuf_addstr(s->b, tr(s->lang, "There is no such "
			    "game."));
		else
			/* TRANSLATORS: a refusal, or its answer to a button
			   (then 200 characters at most); %lld a game's
			   number. */
			rbuf_add(s->b, tr(s->lang, "There is no game #%lld."),
			    say_num(s, "game"));
	} else if (strcmp(code, "which_game") == 0)
		/* TRANSLATORS: a refusal, or its answer to a button (then
		   200 characters at most); %s the games ("#1, #2"), %s the
		   command, %lld one of the games. */
		rbuf_add(s->b, tr(s->lang, "You are in several games (%s): say "
		    "which, as in /%s #%lld."), say_str(s, "games"),
		    say_str(s, "command"), say_num(s, "game"));
	else if (strcmp(code, "not_your_turn") == 0)
		/* TRANSLATORS: a refusal, or its answer to a button (then
		   200 characters at most); %s a player's name. */
		rbuf_add(s->b, tr(s->lang, "It is not your turn: %s is to "
		    "play."), say_seat(s, "seat", who, sizeof who));
	else if (strcmp(code, "already_given") == 0)
		/* TRANSLATORS: a refusal, or its answer to a button (then
		   200 characters at most): a second gift in the exchange. */
		rbuf_addstr(s->b, tr(s->lang, "You have given your card: the "
		    "others are still choosing theirs."));
	else if (strcmp(code, "bad_action") == 0)
		/* TRANSLATORS: a refusal, or its answer to a button (then
		   200 characters at most); %s why (one of the notation's
		   reasons, or /play's own). */
		rbuf_add(s->b, tr(s->lang, "That is not a move: %s."),
		    say_reason(s, "reason", &r));
	else if (strcmp(code, "illegal") == 0)
		/* TRANSLATORS: a refusal, or its answer to a button (then
		   200 characters at most); %s why (one of the rules'
		   reasons). */
		rbuf_add(s->b, tr(s->lang, "That move is not allowed: %s."),
		    say_reason(s, "reason", &r));
	else if (strcmp(code, "damaged") == 0)
		/* TRANSLATORS: a refusal, or its answer to a button (then
		   200 characters at most); %lld a game's number; tacctl
		   verify is a command: keep it. */
		rbuf_add(s->b, tr(s->lang, "Game #%lld cannot go on: its record "
		    "is damaged. An admin should look at it with tacctl "
		    "verify."), say_num(s, "game"));
	else if (strcmp(code, "stale") == 0)
		/* TRANSLATORS: a refusal, or its answer to a button (then
		   200 characters at most). */
		rbuf_addstr(s->b, tr(s->lang, "This button is out of date."));
	else if (strcmp(code, "not_yours") == 0)
		/* TRANSLATORS: the answer to a button of a question asked of
		   someone else (200 characters at most). */
		rbuf_addstr(s->b, tr(s->lang, "This question is someone "
		    "else's."));
	else
		rc = 0;
	rbuf_free(&r);
	return (rc);
}

/* Confirmations ("info" rows). */
static int
say_info(struct say *s, const char *code)
{
	if (strcmp(code, "lang") == 0)
		/* TRANSLATORS: said in the language just chosen: your own. */
		rbuf_addstr(s->b, tr(s->lang, "From now on I speak English "
		    "here."));
	else if (strcmp(code, "seated") == 0)
		/* TRANSLATORS: %lld a game's number, %s the seat's colour. */
		rbuf_add(s->b, tr(s->lang, "You have a seat in game #%lld (%s). "
		    "Your cards come here when the game starts."),
		    say_num(s, "game"), tr(s->lang, render_colour((int)
		    say_num(s, "seat"))));
	else if (strcmp(code, "board") == 0 && say_is(s, "style", "text"))
		rbuf_addstr(s->b, tr(s->lang, "From now on the board is shown "
		    "as text."));
	else if (strcmp(code, "board") == 0)
		rbuf_addstr(s->b, tr(s->lang, "From now on the board is shown "
		    "as a picture."));
	else
		return (0);
	return (1);
}

/* The refusals and confirmations of /premove. */
static int
say_premove(struct say *s, const char *code)
{
	struct rbuf	act = { NULL, 0, 0 };
	int		seat = (int)say_num(s, "seat");

	if (strcmp(code, "premove_saved") == 0) {
		if (s->have)
			compose_words_quoted(&s->t, seat, seat, say_str(s,
			    "action"), NULL, &act);
		/* TRANSLATORS: the answer to a button (200 characters at
		   most); %s a move in words as its button shows them,
		   quoted ("“Discard 10”"). */
		rbuf_add(s->b, tr(s->lang, "Saved: your next move will be %s, "
		    "if it is still possible then."), act.s != NULL ? act.s :
		    say_str(s, "action"));
	} else if (strcmp(code, "premove_off") == 0)
		/* TRANSLATORS: the answer to a button, or to /premove off
		   (200 characters at most). */
		rbuf_addstr(s->b, tr(s->lang, "Your premove is cancelled: your "
		    "turn will ask you as usual."));
	else if (strcmp(code, "premove_tac") == 0)
		/* TRANSLATORS: a refusal, or its answer to a button (then
		   200 characters at most); TAC is the card. */
		rbuf_add(s->b, tr(s->lang, "A %s cannot be chosen ahead: what "
		    "it undoes is not known yet. Play it on your turn."),
		    render_card(s->lang, s->t.cfg.names, TAC_TAC));
	else if (strcmp(code, "premove_not_now") == 0)
		/* TRANSLATORS: a refusal, or its answer to a button (then
		   200 characters at most). */
		rbuf_addstr(s->b, tr(s->lang, "You can choose a move ahead only "
		    "while another player is on turn, not in the exchange."));
	else
		return (0);
	rbuf_free(&act);
	return (1);
}

/* The refusals and confirmations of the statistics commands. */
static int
say_stats(struct say *s, const char *code)
{
	if (strcmp(code, "no_stats") == 0)
		rbuf_addstr(s->b, tr(s->lang, "No game has ended in this chat "
		    "yet."));
	else if (strcmp(code, "no_coop_stats") == 0)
		/* TRANSLATORS: /top coop in a group without a finished
		   cooperative game (Team-TAC); "/new coop" is a command. */
		rbuf_addstr(s->b, tr(s->lang, "No game of everyone together "
		    "has ended in this chat yet; /new coop opens one."));
	else if (strcmp(code, "rematch_offered") == 0)
		/* TRANSLATORS: the answer to the button that offers a
		   rematch (200 characters at most). */
		rbuf_addstr(s->b, tr(s->lang, "Your rematch is offered; the "
		    "others are asked in their private chats."));
	else if (strcmp(code, "rematch_in") == 0)
		/* TRANSLATORS: the answer to a button (200 characters at
		   most). */
		rbuf_addstr(s->b, tr(s->lang, "You are in the rematch."));
	else if (strcmp(code, "rematch_out") == 0)
		/* TRANSLATORS: the answer to a button (200 characters at
		   most). */
		rbuf_addstr(s->b, tr(s->lang, "You are not playing the rematch "
		    "this time."));
	else if (strcmp(code, "rematch_gone") == 0)
		/* TRANSLATORS: the answer to a button (200 characters at
		   most): the rematch started, lapsed or was aborted. */
		rbuf_addstr(s->b, tr(s->lang, "This rematch offer is over."));
	else if (strcmp(code, "rematch_answered") == 0)
		/* TRANSLATORS: the answer to a button (200 characters at
		   most). */
		rbuf_addstr(s->b, tr(s->lang, "You have answered this rematch "
		    "already."));
	else if (strcmp(code, "no_stats_yet") == 0)
		rbuf_addstr(s->b, tr(s->lang, "You have not finished a game "
		    "yet."));
	else if (strcmp(code, "stats_off") == 0)
		rbuf_addstr(s->b, tr(s->lang, "Your statistics are hidden from "
		    "the group tables now; /stats on shows them again."));
	else if (strcmp(code, "stats_on") == 0)
		rbuf_addstr(s->b, tr(s->lang, "Your statistics are shown in the "
		    "group tables again."));
	else if (strcmp(code, "group_only") == 0)
		/* TRANSLATORS: a refusal, or its answer to a button (then
		   200 characters at most); %s the command. */
		rbuf_add(s->b, tr(s->lang, "/%s works in a group, for its "
		    "members."), say_str(s, "command"));
	else if (strcmp(code, "no_such_player") == 0)
		/* TRANSLATORS: a refusal, or its answer to a button (then
		   200 characters at most); %s the name typed. */
		rbuf_add(s->b, tr(s->lang, "Nobody called %s has finished a "
		    "game here."), say_str(s, "name"));
	else if (strcmp(code, "which_person") == 0)
		/* TRANSLATORS: a refusal, or its answer to a button (then
		   200 characters at most); %s the name typed. */
		rbuf_add(s->b, tr(s->lang, "More than one player here is "
		    "called %s."), say_str(s, "name"));
	else if (strcmp(code, "stats_hidden") == 0)
		/* TRANSLATORS: a refusal, or its answer to a button (then
		   200 characters at most); %s a player's name. */
		rbuf_add(s->b, tr(s->lang, "%s keeps their statistics to "
		    "themselves."), say_str(s, "name"));
	else if (strcmp(code, "not_over") == 0)
		/* TRANSLATORS: a refusal, or its answer to a button (then
		   200 characters at most); %lld a game's number. */
		rbuf_add(s->b, tr(s->lang, "Game #%lld has not ended."),
		    say_num(s, "game"));
	else if (strcmp(code, "no_game_stats") == 0)
		/* TRANSLATORS: a refusal, or its answer to a button (then
		   200 characters at most); %lld a game's number. */
		rbuf_add(s->b, tr(s->lang, "Game #%lld has no statistics yet."),
		    say_num(s, "game"));
	else if (strcmp(code, "bad_page") == 0)
		/* TRANSLATORS: a refusal, or its answer to a button (then
		   200 characters at most); %lld a game's number, %lld its
		   last page. */
		rbuf_add(s->b, tr(s->lang, "Game #%lld has pages 1 to %lld."),
		    say_num(s, "game"), say_num(s, "pages"));
	else
		return (0);
	return (1);
}

/*
 * A command that is said in a private chat only, said in a group: where
 * to say it, and for the lessons and a person's time away, why.
 */
static void
say_private(struct say *s)
{
	const char	*cmd = say_str(s, "command");

	if (strcmp(cmd, "learn") == 0)
		rbuf_addstr(s->b, tr(s->lang, "Lessons are given in a private "
		    "chat: open mine and say /learn there."));
	else if (strcmp(cmd, "away") == 0 || strcmp(cmd, "back") == 0)
		/* TRANSLATORS: a refusal in a group (200 characters at
		   most); %s the command ("away"). */
		rbuf_add(s->b, tr(s->lang, "Say /%s to me in our private "
		    "chat: it is for all your games."), cmd);
	else
		/* TRANSLATORS: a refusal in a group (200 characters at
		   most); %s the command ("settings"). */
		rbuf_add(s->b, tr(s->lang, "Say /%s to me in our private "
		    "chat."), cmd);
}

/*
 * Append what an "error", "info" or "answer" row says (payload p), in
 * lang; nothing for an answer that only stops a button's spinner.
 */
void
compose_say(struct svc *svc, const char *lang, json_t *p, struct rbuf *b)
{
	compose_say_game(svc, NULL, lang, p, b);
}

/*
 * The same, the game the values name read already when it is known (the
 * row's own game, read for its message), else read here.
 */
void
compose_say_game(struct svc *svc, const struct svc_game *known,
    const char *lang, json_t *p, struct rbuf *b)
{
	struct say	 s;
	struct svc_game	 g;
	const char	*code = json_string_value(json_object_get(p, "code"));

	if (code == NULL)
		return;
	memset(&s, 0, sizeof s);
	s.svc = svc;
	s.lang = lang;
	s.b = b;
	s.args = json_object_get(p, "args");
	if (known != NULL && say_num(&s, "game") == known->id) {
		compose_game(known, &s.t);
		s.have = 1;
	} else if (say_num(&s, "game") > 0 && svc_game_info(svc,
	    say_num(&s, "game"), &g) == 1) {
		compose_game(&g, &s.t);
		s.have = 1;
	} else
		/* No game: names as a Russian chat's game would have them. */
		s.t.cfg.names = strcmp(lang, "ru") == 0 ? TAC_NAMES_TAKER :
		    TAC_NAMES_TAC;
	snprintf(s.t.lang, sizeof s.t.lang, "%s", lang);
	if (compose_away_says(svc, lang, code, s.args, b) ||
	    compose_learn_says(lang, code, s.args, b) ||
	    compose_settings_says(lang, code, s.args, b) ||
	    compose_access_says(lang, code, s.args, b) ||
	    say_seating(&s, code) || say_game(&s, code) || say_info(&s, code) ||
	    say_premove(&s, code) || say_stats(&s, code))
		;
	else if (strcmp(code, "bad_option") == 0)
		say_option(&s);
	else if (strcmp(code, "not_creator") == 0 ||
	    strcmp(code, "not_in_game") == 0)
		say_who(&s, code);
	else if (strcmp(code, "usage") == 0)
		say_usage(&s);
	else if (strcmp(code, "private_only") == 0)
		say_private(&s);
	else if (strcmp(code, "bad_lang") == 0)
		/* TRANSLATORS: a refusal, or its answer to a button (then
		   200 characters at most); %s the language codes ("en, ru,
		   de, ka"). */
		rbuf_add(b, tr(lang, "Say /lang and one of: %s."),
		    say_str(&s, "langs"));
	else if (strcmp(code, "unknown_command") == 0)
		/* TRANSLATORS: a refusal, or its answer to a button (then
		   200 characters at most); %s the command typed. */
		rbuf_add(b, tr(lang, "I do not know /%s: /help lists what I "
		    "do."), say_str(&s, "command"));
	else if (strcmp(code, "too_long") == 0)
		rbuf_addstr(b, tr(lang, "That message is too long for me."));
	else
		rbuf_add(b, "[%s]", code);
	rbuf_addstr(b, "\n");
}

/* An "error" or "info" row: what the service says, in words. */
int
compose_say_make(struct compose_ctx *c, const struct svc_out *out,
    struct compose_msg *m)
{
	compose_say_game(c->svc, c->have ? &c->g : NULL, m->lang, out->data,
	    &m->text);
	return (m->form);
}

/* An "answer" row: a press answered, with a few words or none. */
int
compose_answer_make(struct compose_ctx *c, const struct svc_out *out,
    struct compose_msg *m)
{
	const char	*cb = compose_str(out->data, "callback");

	snprintf(m->callback, sizeof m->callback, "%s", cb != NULL ? cb : "");
	m->alert = json_is_true(json_object_get(out->data, "alert"));
	if (!compose_hint_answer(c, out, &m->text))
		compose_say_make(c, out, m);
	rbuf_trim(&m->text);
	return (m->form);
}
