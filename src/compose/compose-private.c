/*
 * compose-private.c: what a person reads in their private chat about
 * their own seat, addressed to them: their turn (one message: what to
 * do, what changed their cards, their cards; the buttons are
 * compose-menu.c's), what changed their cards between turns (a deal, a
 * gift received, a Fool, a Devil), what their turn message says once it
 * is played, and that the game ended.
 *
 * During an exchange (D7) everyone who has not given acts at once: the
 * position a turn is composed on is the game's with the reader to act
 * (compose_acting()).
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
#include "xmalloc.h"

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

/* A unix time as "2024-05-01 18:30 UTC". */
void
compose_time(int64_t t, char *s, size_t len)
{
	struct tm	tm;
	time_t		tt = (time_t)t;

	if (gmtime_r(&tt, &tm) == NULL ||
	    strftime(s, len, "%Y-%m-%d %H:%M UTC", &tm) == 0)
		snprintf(s, len, "%lld", (long long)t);
}

/* Append who sits in seat, by name (the AI's in the reader's words). */
static void
compose_who(const struct render_game *t, int seat, struct rbuf *b)
{
	struct render_opts	o = { RENDER_PLAIN, NULL, NULL, 0 };

	render_seat(&o, t, seat, b);
}

/*
 * Append what changed the reader's (seat's) cards, news as the service
 * wrote it ({what, ...}), as one sentence and a line break; nothing
 * without news.
 */
void
compose_news(const struct render_game *t, int seat, json_t *news,
    struct rbuf *b)
{
	const char	*lang = t->lang, *what = compose_str(news, "what");
	struct rbuf	 who = { NULL, 0, 0 }, from = { NULL, 0, 0 };
	int		 by = (int)compose_int(news, "by", -1);
	int		 card = (int)compose_int(news, "card", -1), ns;

	if (what == NULL)
		return;
	ns = t->cfg.nseats > 0 ? t->cfg.nseats : 4;
	if (card < 0 || card >= TAC_NCARDS)
		card = -1;
	if (strcmp(what, "deal") == 0)
		/* TRANSLATORS: in a person's private chat; %d a round's
		   number. */
		rbuf_add(b, tr(lang, "Round %d: new cards."),
		    (int)compose_int(news, "round", 0));
	else if (strcmp(what, "gift") == 0 && card >= 0) {
		compose_who(t, (int)compose_int(news, "from", -1), &who);
		/* TRANSLATORS: the card received in the exchange; %s the
		   giver, %s the card's name. */
		rbuf_add(b, tr(lang, "%s gave you the %s."), who.s,
		    render_card(lang, t->cfg.names, card));
	} else if (strcmp(what, "fool") == 0) {
		compose_who(t, (seat + 1) % ns, &from);
		if (by == seat)
			/* TRANSLATORS: %s the Fool's name in the game's
			   naming, %s the player whose cards the reader got. */
			rbuf_add(b, tr(lang, "You played the %s: every hand "
			    "passed to the right, and you hold %s's cards "
			    "now."), render_card(lang, t->cfg.names, TAC_FOOL),
			    from.s);
		else {
			compose_who(t, by, &who);
			/* TRANSLATORS: %s who played it, %s the Fool's name
			   in the game's naming, %s the player whose cards
			   the reader got. */
			rbuf_add(b, tr(lang, "%s played the %s: every hand "
			    "passed to the right, and you hold %s's cards "
			    "now."), who.s, render_card(lang, t->cfg.names,
			    TAC_FOOL), from.s);
		}
	} else if (strcmp(what, "devil") == 0 && card >= 0) {
		compose_who(t, by, &who);
		/* TRANSLATORS: %s who played the Devil, %s the reader's card
		   they played, %s the Devil's name in the game's naming. */
		rbuf_add(b, tr(lang, "%s played your %s with the %s."), who.s,
		    render_card(lang, t->cfg.names, card),
		    render_card(lang, t->cfg.names, TAC_DEVIL));
	} else
		rbuf_addstr(b, tr(lang, "Your cards changed."));
	rbuf_addstr(b, "\n");
	rbuf_free(&who);
	rbuf_free(&from);
}

/*
 * Append what a turn asks of the reader (seat, to act in st), beyond a
 * plain turn: the exchange, a Fool's follow-up, a skip, a Devil's hand,
 * a forced TAC; and why a turn can only discard (M3).
 */
static void
compose_ask_you(const struct render_game *t, const struct tac_state *st,
    int seat, struct rbuf *b)
{
	const char		*lang = t->lang;
	struct rbuf		 who = { NULL, 0, 0 };
	struct tac_list		*l;
	int			 i, n, discards = 0, names = t->cfg.names;

	switch (st->phase) {
	case TAC_PH_EXCHANGE:
		compose_who(t, tac_receiver(st, seat), &who);
		/* TRANSLATORS: the exchange after a deal, in a person's
		   private chat; %s who gets the card. */
		rbuf_add(b, tr(lang, "Give a card to %s. Everyone gives at "
		    "once, face down; you get yours when all have given."),
		    who.s);
		rbuf_addstr(b, "\n");
		break;
	case TAC_PH_FOOL:
		/* TRANSLATORS: %s the Fool's name in the game's naming. */
		rbuf_add(b, tr(lang, "Play one more card, from the hand you "
		    "hold now (%s)."), render_card(lang, names, TAC_FOOL));
		rbuf_addstr(b, "\n");
		break;
	case TAC_PH_SKIP:
		/* TRANSLATORS: %s the TAC card's name in the game's
		   naming. */
		rbuf_add(b, tr(lang, "An 8 skips you: discard a card, or "
		    "answer with your %s."), render_card(lang, names, TAC_TAC));
		rbuf_addstr(b, "\n");
		break;
	case TAC_PH_DEVIL:
		compose_who(t, st->victim, &who);
		/* TRANSLATORS: %s the player whose hand it is, %s the
		   Devil's name in the game's naming. */
		rbuf_add(b, tr(lang, "Play a card from %s's hand for them "
		    "(%s)."), who.s, render_card(lang, names, TAC_DEVIL));
		rbuf_addstr(b, "\n");
		break;
	case TAC_PH_FORCED:
		/* TRANSLATORS: T10; %s the TAC card's name in the game's
		   naming. */
		rbuf_add(b, tr(lang, "The last move brought a team's last "
		    "marble home: you must undo it with your %s."),
		    render_card(lang, names, TAC_TAC));
		rbuf_addstr(b, "\n");
		break;
	default:
		break;
	}
	rbuf_free(&who);
	if (st->phase != TAC_PH_PLAY && st->phase != TAC_PH_FOOL)
		return;
	l = xmalloc(sizeof *l);
	n = tac_legal(st, l);
	for (i = 0; i < n; i++)
		discards += l->a[i].op == TAC_OP_DISCARD;
	free(l);
	if (n > 0 && discards == n) {
		/* TRANSLATORS: M3: no card of the hand can be played. */
		rbuf_addstr(b, tr(lang, "None of your cards can move a "
		    "marble now: discard one of them."));
		rbuf_addstr(b, "\n");
	}
}

/*
 * Append the private "your turn" message of the game c read, for seat:
 * what to do, what changed the cards (news), the deadline, the hand
 * (its choices are the message's buttons).  Nothing when seat does not
 * act now (the row is late: the turn has moved on, or the gift is in).
 */
void
compose_turn(struct compose_ctx *c, const struct render_game *t, int seat,
    int64_t due, json_t *news, struct rbuf *b)
{
	const char		*lang = t->lang;
	struct tac_state	 st, view;
	char			 when[64];

	if (!compose_acting(c, seat, &st))
		return;
	/* TRANSLATORS: %lld a game's number. */
	rbuf_add(b, tr(lang, "Your turn in game #%lld."), (long long)t->id);
	rbuf_addstr(b, "\n");
	compose_news(t, seat, news, b);
	compose_ask_you(t, &st, seat, b);
	if (due > 0) {
		compose_time(due, when, sizeof when);
		/* TRANSLATORS: %s a time ("2024-05-01 18:30 UTC"). */
		rbuf_add(b, tr(lang, "Play by %s, or an AI plays for you."),
		    when);
		rbuf_addstr(b, "\n");
	}
	tac_view(&st, seat, &view);
	render_hand(t, &view, seat, b);
}

/*
 * Append a "hand" row's text: the reader's cards, after what changed
 * them (news), in the game c read.
 */
void
compose_hand(struct compose_ctx *c, const struct render_game *t, int seat,
    json_t *news, struct rbuf *b)
{
	struct tac_state	view;

	rbuf_add(b, tr(t->lang, "Game #%lld."), (long long)t->id);
	rbuf_addstr(b, json_is_object(news) ? "\n" : " ");
	compose_news(t, seat, news, b);
	tac_view(&c->st, seat, &view);
	render_hand(t, &view, seat, b);
}

/*
 * Append what a "played" row (payload p) shows in place of a turn
 * message's buttons: "Game #7. You played: 7: 12 → 14, then 40 → 45";
 * a gift, to whom it went.
 */
void
compose_played(const struct svc_game *g, json_t *p, struct rbuf *b)
{
	struct render_game	 t;
	struct tac_action	 a;
	struct rbuf		 act = { NULL, 0, 0 };
	const char		*text = compose_str(p, "action");
	char			 why[128];

	compose_game(g, &t);
	if (text != NULL && tac_action_parse(text, &a, why, sizeof why) == 0 &&
	    a.op == TAC_OP_GIVE) {
		compose_who(&t, (int)compose_int(p, "to", -1), &act);
		/* TRANSLATORS: replaces the exchange's buttons once given;
		   %lld a game's number, %s the card's name, %s who gets it. */
		rbuf_add(b, tr(t.lang, "Game #%lld. You gave the %s to %s. "
		    "You get your card once everyone has given."),
		    (long long)g->id, render_card(t.lang, t.cfg.names, a.card),
		    act.s);
		rbuf_free(&act);
		return;
	}
	compose_words(&t, (int)compose_int(p, "seat", -1), 1, text, p, &act);
	/* TRANSLATORS: replaces a turn's buttons once played; %lld a game's
	   number, %s the move in words. */
	rbuf_add(b, tr(t.lang, "Game #%lld. You played: %s"),
	    (long long)g->id, act.s != NULL ? act.s : "?");
	rbuf_free(&act);
}

/*
 * Append an "ended" row's text (payload p) for the person in seat: the
 * game is over (who won, the reader's team or not) or was aborted.
 */
void
compose_ended(const struct svc_game *g, int seat, json_t *p, struct rbuf *b)
{
	struct render_opts	 o = { RENDER_PLAIN, NULL, NULL, 0 };
	struct render_game	 t;
	struct tac_state	 st;
	struct rbuf		 who = { NULL, 0, 0 };
	json_t			*w = json_object_get(p, "winner");
	const char		*by = compose_str(p, "by");
	int			 s, won = -1, mine;

	compose_game(g, &t);
	memset(&st, 0, sizeof st);
	st.cfg = g->cfg;
	if (json_is_true(json_object_get(p, "aborted"))) {
		for (s = 0; by != NULL && s < g->cfg.nseats; s++) {
			if (strcmp(g->seats[s].user, by) == 0 && s != seat)
				compose_who(&t, s, &who);
		}
		if (who.len > 0)
			/* TRANSLATORS: %lld a game's number, %s who ended
			   it. */
			rbuf_add(b, tr(t.lang, "Game #%lld was aborted by %s."),
			    (long long)g->id, who.s);
		else
			/* TRANSLATORS: %lld a game's number. */
			rbuf_add(b, tr(t.lang, "Game #%lld was aborted."),
			    (long long)g->id);
		rbuf_addstr(b, "\n");
		rbuf_free(&who);
		return;
	}
	if (json_is_integer(w))
		won = (int)json_integer_value(w);
	if (won < 0) {
		/* TRANSLATORS: %lld a game's number. */
		rbuf_add(b, tr(t.lang, "Game #%lld is over, without a winner."),
		    (long long)g->id);
		rbuf_addstr(b, "\n");
		return;
	}
	mine = seat >= 0 && seat < g->cfg.nseats && tac_team(&st, seat) == won;
	render_team(&o, &t, won, mine ? seat : -1, &who);
	if (mine && who.len > 0)
		/* TRANSLATORS: %lld a game's number, %s the reader's
		   teammates ("Anna", "Anna and Clara"). */
		rbuf_add(b, tr(t.lang, "Game #%lld is over: you won, with %s!"),
		    (long long)g->id, who.s);
	else if (mine)
		/* TRANSLATORS: %lld a game's number. */
		rbuf_add(b, tr(t.lang, "Game #%lld is over: you won!"),
		    (long long)g->id);
	else
		/* TRANSLATORS: %lld a game's number, %s the winners
		   ("Anna and Clara"). */
		rbuf_add(b, tr(t.lang, "Game #%lld is over: %s won."),
		    (long long)g->id, who.s);
	rbuf_addstr(b, "\n");
	rbuf_free(&who);
}
