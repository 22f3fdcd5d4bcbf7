/*
 * compose-private.c: what a person reads in their private chat about
 * their own seat, addressed to them: their turn (one message: what to
 * do, what changed their cards, their cards; the buttons are
 * compose-menu.c's), what changed their cards between turns (a deal, a
 * gift received, a Fool, a Devil), what their turn message says once it
 * is played, and that the game ended: the "turn", "hand", "reminder",
 * "played", "retire" and "ended" rows ("menu" rows are compose-menu.c's).
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

#include "compose-int.h"
#include "i18n.h"
#include "xmalloc.h"

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
static void
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
 * Append a turn's deadline as its person reads it: on their clock and
 * how long is left, or how long alone when their zone is not known.
 */
static void
compose_turn_due(struct compose_ctx *c, const struct svc_out *out,
    const char *lang, int64_t due, struct rbuf *b)
{
	struct rbuf	clock = { NULL, 0, 0 }, left = { NULL, 0, 0 };

	if (compose_due(c, out, lang, due, &clock, &left))
		/* TRANSLATORS: a turn's deadline; %s a time on the
		   reader's clock ("18:30", "tomorrow 09:15", "Tuesday
		   09:15"), %s how long is left ("3 h 20 min", "2 days"). */
		rbuf_add(b, tr(lang, "Play by %s (%s left), or an AI plays "
		    "for you."), clock.s, left.s);
	else
		/* TRANSLATORS: a turn's deadline; %s how long is left ("3 h
		   20 min", "2 days"). */
		rbuf_add(b, tr(lang, "You have %s left to play, or an AI "
		    "plays for you."), left.s);
	rbuf_free(&clock);
	rbuf_free(&left);
}

/*
 * Append the private "your turn" message of the game c read, for seat:
 * what to do, what changed the cards (news), the deadline, the hand
 * (its choices are the message's buttons).  Nothing when seat does not
 * act now (the row is late: the turn has moved on, or the gift is in).
 */
static void
compose_turn(struct compose_ctx *c, const struct svc_out *out,
    const struct render_game *t, int seat, int64_t due, json_t *news,
    struct rbuf *b)
{
	const char		*lang = t->lang;
	struct tac_state	 st, view;

	if (!compose_acting(c, seat, &st))
		return;
	/* TRANSLATORS: %lld a game's number. */
	rbuf_add(b, tr(lang, "Your turn in game #%lld."), (long long)t->id);
	rbuf_addstr(b, "\n");
	if (compose_str(out->data, "premove") != NULL) {
		/* TRANSLATORS: in a turn message: the move the reader chose
		   ahead (/premove) is not possible as chosen any more. */
		rbuf_addstr(b, tr(lang, "The board changed: your premove was "
		    "not played. Choose your move now."));
		rbuf_addstr(b, "\n");
	}
	compose_news(t, seat, news, b);
	compose_ask_you(t, &st, seat, b);
	if (due > 0) {
		compose_turn_due(c, out, lang, due, b);
		rbuf_addstr(b, "\n");
	}
	tac_view(&st, seat, &view);
	render_hand(t, &view, seat, b);
}

/*
 * Append a "hand" row's text: the reader's cards, after what changed
 * them (news), in the game c read.
 */
static void
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
	int			 seat;

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
	seat = (int)compose_int(p, "seat", -1);
	compose_words(&t, seat, seat, text, p, &act);
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
static void
compose_ended(const struct svc_game *g, int seat, json_t *p, struct rbuf *b)
{
	struct render_opts	 o = { RENDER_PLAIN, NULL, NULL, 0 };
	struct render_game	 t;
	struct tac_state	 st;
	struct rbuf		 who = { NULL, 0, 0 };
	json_t			*w = json_object_get(p, "winner");
	const char		*by = compose_str(p, "by");
	unsigned long		 n;
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
	if (g->cfg.coop) {
		/* Rules K5, K6: nobody wins alone; the score is the cards. */
		n = (unsigned long)compose_int(p, "cards", 0);
		/* TRANSLATORS: in the reader's private chat, at the end of a
		   cooperative game (Team-TAC); %lld a game's number, %lu the
		   cards all players played, the score (fewer is better). */
		rbuf_add(b, trn(t.lang, "Game #%lld is over: you all won "
		    "together, with %lu card played.", "Game #%lld is over: "
		    "you all won together, with %lu cards played.", n),
		    (long long)g->id, n);
		rbuf_addstr(b, "\n");
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

/*
 * Where a turn notice's game is played (and the notice once edited into
 * what was played): a link to its board message in
 * its group, when the bridge has such links (the group's title heads
 * the message: compose_heading()).
 */
static void
compose_where(struct compose_ctx *c, struct compose_msg *m)
{
	char	ref[SVC_REF_MAX], url[256];

	if (!c->have || strcmp(c->g.chat, m->chat) == 0)
		return;
	if (c->o->link != NULL && svc_message(c->svc, c->g.id, c->g.chat,
	    svc_kind_name(SVC_OUT_BOARD), ref, sizeof ref) == 1 &&
	    c->o->link(c->o->arg, COMPOSE_LINK_MESSAGE, c->g.chat, ref, url,
	    sizeof url) == 0)
		rbuf_add(&m->text, "\n%s", url);
}

/*
 * A "turn" row: the person's turn, with its choices as buttons (or drawn
 * on the board's picture), the hint's button and where the game is
 * played.  Nothing for a backlog's old "your turn": the person has moved
 * on (or has given their card in the exchange).  One with a hint and a
 * message (the 💡 button was pressed there) changes that message's
 * buttons only, the one toward the hint marked.
 */
int
compose_turn_make(struct compose_ctx *c, const struct svc_out *out,
    struct compose_msg *m)
{
	struct render_game	 t;
	struct tac_state	 st;
	json_t			*p = out->data, *v = json_object_get(p, "turn");

	if (!c->have)
		return (compose_unsaid(out, m));
	if ((json_is_integer(v) && json_integer_value(v) != c->g.turn_no) ||
	    (c->g.started && !compose_acting(c, (int)compose_int(p, "seat",
	    -1), &st)))
		return (compose_none(m));
	if (!c->g.started)
		return (m->form);
	compose_game(&c->g, &t);
	compose_turn(c, out, &t, (int)compose_int(p, "seat", -1),
	    compose_int(p, "due", 0), json_object_get(p, "news"), &m->text);
	rbuf_trim(&m->text);
	compose_turnmsg(c, m, (int)compose_int(p, "seat", 0),
	    compose_str(p, "hint"));
	compose_hint_key(c, m);
	compose_where(c, m);
	if (compose_str(p, "hint") != NULL) {
		compose_named(out, "message", m);
		if (m->replaces[0] == '\0' || m->keys.n == 0)
			return (compose_none(m));
		/* The picture and the words are as they were sent. */
		free(m->picture);
		m->picture = NULL;
		m->form = COMPOSE_TEXT;
		m->setkeys = 1;
		m->editonly = 1;
		m->keysonly = 1;
	}
	return (m->form);
}

/* A "hand" row: the reader's cards, after what changed them. */
int
compose_hand_make(struct compose_ctx *c, const struct svc_out *out,
    struct compose_msg *m)
{
	struct render_game	t;

	if (!c->have)
		return (compose_unsaid(out, m));
	if (!c->g.started)
		return (m->form);
	compose_game(&c->g, &t);
	compose_hand(c, &t, (int)compose_int(out->data, "seat", -1),
	    json_object_get(out->data, "news"), &m->text);
	return (m->form);
}

/*
 * A "reminder" row: it is still the reader's turn.  With a deadline (or
 * a time bank), how long is left before the AI plays it, in words.
 * Nothing once the turn has moved on.
 */
int
compose_reminder_make(struct compose_ctx *c, const struct svc_out *out,
    struct compose_msg *m)
{
	struct tac_state	 st;
	struct rbuf		 left = { NULL, 0, 0 };
	int64_t			 due = compose_int(out->data, "due", 0);
	int64_t			 now;

	if (!c->have)
		return (compose_unsaid(out, m));
	if (!compose_acting(c, (int)compose_int(out->data, "seat", -1), &st))
		return (compose_none(m));
	if (due <= 0) {
		/* A turn without a deadline has waited a while. */
		/* TRANSLATORS: %lld a game's number. */
		rbuf_add(&m->text, tr(m->lang, "Reminder: it is your turn in "
		    "game #%lld. /hand shows your cards and choices again."),
		    (long long)c->g.id);
		rbuf_addstr(&m->text, "\n");
		return (m->form);
	}
	now = svc_now(c->svc);
	render_span(m->lang, due > now ? due - now : 0, &left);
	/* The group's title heads it (compose_heading()): named once. */
	/* TRANSLATORS: a reminder; %lld a game's number, %s how long is
	   left ("3 h 20 min", "2 days"). */
	rbuf_add(&m->text, tr(m->lang, "Game #%lld: your turn is waiting; %s "
	    "left, then the AI plays."), (long long)c->g.id, left.s);
	rbuf_addstr(&m->text, "\n");
	rbuf_free(&left);
	return (m->form);
}

/*
 * A "played" row: the turn message's buttons are dead: edit them away,
 * the message saying what was played.
 */
int
compose_played_make(struct compose_ctx *c, const struct svc_out *out,
    struct compose_msg *m)
{
	compose_named(out, "ref", m);
	if (m->replaces[0] == '\0')
		compose_named(out, "message", m);
	if (!c->have || compose_str(out->data, "action") == NULL ||
	    m->replaces[0] == '\0')
		return (compose_none(m));
	compose_played(&c->g, out->data, &m->text);
	/* Still a way back to the board, as the turn message had. */
	compose_where(c, m);
	m->setkeys = 1;
	m->editonly = 1;
	return (m->form);
}

/*
 * A "retire" row: a message's buttons are dead (a turn message's once
 * the game ended, a lesson's once a new one took its place): they go,
 * its words stay.
 */
int
compose_retire_make(struct compose_ctx *c, const struct svc_out *out,
    struct compose_msg *m)
{
	(void)c;
	compose_named(out, "ref", m);
	if (m->replaces[0] == '\0')
		return (compose_none(m));
	m->setkeys = 1;
	m->editonly = 1;
	m->keysonly = 1;
	return (m->form);
}

/* An "ended" row: the game is over, or was aborted. */
int
compose_ended_make(struct compose_ctx *c, const struct svc_out *out,
    struct compose_msg *m)
{
	if (!c->have)
		return (compose_unsaid(out, m));
	compose_ended(&c->g, (int)compose_int(out->data, "seat", -1),
	    out->data, &m->text);
	return (m->form);
}
