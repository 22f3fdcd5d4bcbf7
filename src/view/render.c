/*
 * render.c: the text of boards, hands and results.
 *
 * Pure functions of a position (the engine's state) and the people at
 * its table (struct render_game): nothing here knows where a game is
 * kept or how a message reaches anyone.  Words for actions are in
 * render-action.c; whole messages are composed in src/compose/.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "render.h"
#include "utf8.h"
#include "xmalloc.h"

/* Seat colours in seat order, as message ids; marks are their initials. */
static const char *const render_colours[TAC_MAXSEATS] = {
	/* TRANSLATORS: a seat's colour; its first letter marks that seat's
	   marbles on the text board, so the six colours' first letters must
	   differ (German says Türkis for green: Grün and Gelb would share
	   G). */
	N_("Red"), N_("Blue"), N_("Green"), N_("Yellow"), N_("Purple"),
	N_("White")
};
static const int render_ansi[TAC_MAXSEATS] = { 31, 34, 32, 33, 35, 37 };
static const char *const render_emoji[TAC_MAXSEATS] = {
	"\xf0\x9f\x94\xb4", "\xf0\x9f\x94\xb5", "\xf0\x9f\x9f\xa2",
	"\xf0\x9f\x9f\xa1", "\xf0\x9f\x9f\xa3", "\xe2\x9a\xaa"
};
/* An empty field in emoji style: a small white square. */
#define RENDER_EMPTY_EMOJI	"\xe2\x96\xab\xef\xb8\x8f"

/*
 * The special cards' names, in card order from the Trickster: TAC's (the
 * original German game's, in each language as its players know them)
 * and TAKER's (the Russian edition's own names).
 */
static const char *const render_tac_names[] = {
	/* TRANSLATORS: the special cards' names in the TAC edition's
	   naming, as the players of your language know them (the Russian
	   edition, TAKER, has names of its own below); a name is shown
	   alone, after "the card", and in moves people may type back: one
	   word. */
	NC_("card", "Trickster"), NC_("card", "TAC"), NC_("card", "Angel"),
	NC_("card", "Devil"), NC_("card", "Warrior"), NC_("card", "Fool")
};
static const char *const render_taker_names[] = {
	/* TRANSLATORS: the special cards' names in the naming of TAKER, the
	   Russian edition of TAC (Мена, Такер, Дар, Флуд, Линч, Ривер), in
	   your script; one word each. */
	NC_("TAKER card", "Mena"), NC_("TAKER card", "Taker"),
	NC_("TAKER card", "Dar"), NC_("TAKER card", "Flud"),
	NC_("TAKER card", "Linch"), NC_("TAKER card", "River")
};

/*
 * A card's name as people of lang read it in a game of the given naming
 * (TAC_NAMES_TAC, TAC_NAMES_TAKER): numbers as they are.
 */
const char *
render_card(const char *lang, int names, int card)
{
	if (card < TAC_TR || card > TAC_FOOL)
		return (tac_card_name(card));
	if (names == TAC_NAMES_TAKER)
		return (trc(lang, "TAKER card", render_taker_names[card -
		    TAC_TR]));
	return (trc(lang, "card", render_tac_names[card - TAC_TR]));
}

/* The message id of a seat's colour ("Red"), "?" for no seat. */
const char *
render_colour(int seat)
{
	if (seat < 0 || seat >= TAC_MAXSEATS)
		return ("?");
	return (render_colours[seat]);
}

/* The language to render a game's rows in: the game's, else the default. */
const char *
render_lang(const struct render_game *g, const char *def)
{
	if (g != NULL && g->lang[0] != '\0')
		return (g->lang);
	return (def != NULL ? def : "en");
}

/* Append s padded with blanks to w characters. */
static void
render_pad(struct rbuf *b, const char *s, size_t w)
{
	size_t	n;

	rbuf_addstr(b, s);
	for (n = utf8_width(s); n < w; n++)
		rbuf_addstr(b, " ");
}

/* Append the mark of a seat's colour: its initial, or an emoji. */
void
render_mark(const struct render_opts *o, const char *lang, int seat,
    struct rbuf *b)
{
	const char	*name;
	size_t		 len;

	if (seat < 0 || seat >= TAC_MAXSEATS) {
		rbuf_addstr(b, "?");
		return;
	}
	if (o->style == RENDER_EMOJI) {
		rbuf_addstr(b, render_emoji[seat]);
		return;
	}
	/* The first UTF-8 character of the colour's name. */
	name = tr(lang, render_colours[seat]);
	len = utf8_first(name);
	if (o->style == RENDER_ANSI)
		rbuf_add(b, "\033[1;%dm%.*s\033[0m", render_ansi[seat],
		    (int)len, name);
	else
		rbuf_add(b, "%.*s", (int)len, name);
}

/*
 * Append the name of whoever sits in seat (the colour if nobody), cut to
 * RENDER_NAMECHARS characters with an ellipsis: a name may be 129 long.
 */
void
render_seat(const struct render_opts *o, const struct render_game *g, int seat,
    struct rbuf *b)
{
	const char	*lang = render_lang(g, o->lang);

	if (seat < 0 || seat >= TAC_MAXSEATS) {
		rbuf_addstr(b, "?");
		return;
	}
	if (g->seats[seat].name[0] != '\0')
		render_name(g->seats[seat].name, b);
	else if (g->seats[seat].ai != 0)
		/* TRANSLATORS: an AI player, by its seat's number. */
		rbuf_add(b, tr(lang, "AI %d"), seat);
	else
		rbuf_addstr(b, tr(lang, render_colours[seat]));
}

/* Append a person's name as the text shows it (see render_seat()). */
void
render_name(const char *name, struct rbuf *b)
{
	char	short_[UTF8_NAMEMAX];

	utf8_shorten(name, RENDER_NAMECHARS, short_, sizeof short_);
	rbuf_addstr(b, short_);
}

/* A seat's name in a new string (caller frees), for formats with names. */
char *
render_seat_dup(const struct render_opts *o, const struct render_game *g,
    int seat)
{
	struct rbuf	b = { NULL, 0, 0 };

	render_seat(o, g, seat, &b);
	return (b.s);
}

/* Append one circle field: the mark of the marble on it, or a dot. */
static void
render_field(const struct render_opts *o, const char *lang,
    const struct tac_state *st, int f, struct rbuf *b)
{
	if (st->b.field[f] >= 0)
		render_mark(o, lang, st->b.field[f], b);
	else if (o->style == RENDER_EMOJI)
		rbuf_addstr(b, RENDER_EMPTY_EMOJI);
	else
		rbuf_addstr(b, ".");
}

/* Append the circle: one row per seat, from its start field on. */
static void
render_circle(const struct render_opts *o, const char *lang,
    const struct tac_state *st, struct rbuf *b)
{
	int	ns = st->cfg.nseats, per = st->nfields / ns, s, i, f;

	for (s = 0; s < ns; s++) {
		f = tac_start(st, s);
		render_mark(o, lang, s, b);
		rbuf_add(b, " %2d ", f);
		for (i = 0; i < per; i++, f++) {
			/* Groups of four make a field easy to count to. */
			if (i > 0 && o->style != RENDER_EMOJI)
				rbuf_addstr(b, i % 4 == 0 ? "  " : " ");
			else if (i > 0 && i % 4 == 0)
				rbuf_addstr(b, " ");
			render_field(o, lang, st, f % st->nfields, b);
		}
		if (st->b.fresh & (1U << s))
			/* TRANSLATORS: after a row of the text board: the
			   row's start field holds a marble just brought
			   out; keep the two leading blanks. */
			rbuf_addstr(b, tr(lang, "  (start blocked)"));
		rbuf_addstr(b, "\n");
	}
}

/* Append a seat's home: H1..H4, a mark where a marble is. */
static void
render_home(const struct render_opts *o, const char *lang,
    const struct tac_state *st, int s, struct rbuf *b)
{
	int	k;

	for (k = 0; k < TAC_MARBLES; k++) {
		if (st->b.home[s] & (1U << k))
			render_mark(o, lang, s, b);
		else if (o->style == RENDER_EMOJI)
			rbuf_addstr(b, RENDER_EMPTY_EMOJI);
		else
			rbuf_addstr(b, ".");
	}
}

/* Append who acts now and what they are to do. */
void
render_turnline(const struct render_opts *o, const struct render_game *g,
    const struct tac_state *st, struct rbuf *b)
{
	const char	*lang = render_lang(g, o->lang);
	struct rbuf	 wait = { NULL, 0, 0 };
	char		*who, *victim;
	int		 names = g->cfg.names;

	if (st->phase == TAC_PH_OVER && st->cfg.coop) {
		render_coop(lang, st, b);
		rbuf_addstr(b, "\n");
		return;
	}
	if (st->phase == TAC_PH_OVER) {
		render_result(o, g, st->winner == TAC_NONE ? -1 : st->winner,
		    b);
		return;
	}
	who = render_seat_dup(o, g, st->turn);
	switch (st->phase) {
	case TAC_PH_DEAL:
		rbuf_addstr(b, tr(lang, "Dealing the cards."));
		break;
	case TAC_PH_EXCHANGE:
		if (render_waiting(o, g, st, &wait) == st->cfg.nseats)
			/* TRANSLATORS: the exchange after a deal, under the
			   board: everyone gives at once. */
			rbuf_addstr(b, tr(lang, "Exchange: everyone gives a "
			    "card to a partner."));
		else
			/* TRANSLATORS: the exchange, under the board; %s
			   the players who have not given yet ("Anna and
			   Boris"). */
			rbuf_add(b, tr(lang, "Exchange: waiting for %s."),
			    wait.s != NULL ? wait.s : "");
		rbuf_free(&wait);
		break;
	case TAC_PH_FOOL:
		/* TRANSLATORS: who acts now, under the board; %s a player's
		   name, then the Fool's name in the game's naming. */
		rbuf_add(b, tr(lang, "%s plays one more card (%s)."), who,
		    render_card(lang, names, TAC_FOOL));
		break;
	case TAC_PH_SKIP:
		/* TRANSLATORS: who acts now, under the board; %s a player's
		   name, then the TAC card's name in the game's naming. */
		rbuf_add(b, tr(lang, "%s is skipped by an 8: discard a card "
		    "or answer with a %s."), who,
		    render_card(lang, names, TAC_TAC));
		break;
	case TAC_PH_DEVIL:
		victim = render_seat_dup(o, g, st->victim);
		/* TRANSLATORS: who acts now, under the board; %s the
		   Devil's player, %s the player whose hand it is, %s the
		   Devil's name in the game's naming. */
		rbuf_add(b, tr(lang, "%s plays a card from the hand of %s "
		    "(%s)."), who, victim, render_card(lang, names, TAC_DEVIL));
		free(victim);
		break;
	case TAC_PH_FORCED:
		/* TRANSLATORS: who acts now, under the board; %s a player's
		   name, then the TAC card's name in the game's naming. */
		rbuf_add(b, tr(lang, "%s may undo the winning move with a "
		    "%s."), who, render_card(lang, names, TAC_TAC));
		break;
	default:
		rbuf_add(b, tr(lang, "%s's turn."), who);
		break;
	}
	rbuf_addstr(b, "\n");
	free(who);
}

/*
 * Append the board: a header, the circle, one line per seat (base, home,
 * cards left) and whose turn it is.  Only public facts: no hands.
 */
void
render_board(const struct render_opts *o, const struct render_game *g,
    const struct tac_state *st, struct rbuf *b)
{
	render_board_top(o, g, st, b);
	render_turnline(o, g, st, b);
}

/*
 * Append the board without whose turn it is (a group's live message puts
 * the last moves before it).
 */
void
render_board_top(const struct render_opts *o, const struct render_game *g,
    const struct tac_state *st, struct rbuf *b)
{
	const char	*lang = render_lang(g, o->lang);
	struct rbuf	 name = { NULL, 0, 0 };
	char		*who;
	size_t		 w = 0, n;
	int		 s, any = 0;

	render_seat(o, g, st->dealer, &name);
	/* TRANSLATORS: the text board's first line; %lld the game's number,
	   %d the round (deal) from 1, %s the dealer's name. */
	rbuf_add(b, tr(lang, "Game #%lld, round %d, dealer %s."),
	    (long long)g->id, st->round, name.s);
	rbuf_addstr(b, "\n");
	if (st->cfg.coop && st->phase != TAC_PH_OVER) {
		render_coop(lang, st, b);
		rbuf_addstr(b, "\n");
	}
	render_circle(o, lang, st, b);

	for (s = 0; s < st->cfg.nseats; s++) {
		rbuf_reset(&name);
		render_seat(o, g, s, &name);
		if ((n = utf8_width(name.s)) > w)
			w = n;
	}
	w += 5;		/* room for " (AI)" */
	for (s = 0; s < st->cfg.nseats; s++) {
		rbuf_reset(&name);
		render_seat(o, g, s, &name);
		if (g->seats[s].ai == 0 && g->seats[s].away) {
			who = render_seat_dup(o, g, s);
			rbuf_reset(&name);
			rbuf_add(&name, tr(lang, "%s (AI)"), who);
			free(who);
		}
		render_mark(o, lang, s, b);
		rbuf_addstr(b, " ");
		render_pad(b, name.s, w);
		/* TRANSLATORS: a player's line on the text board, after the
		   name; %d marbles in the base, %d cards in the hand; the
		   home's four fields follow, so keep the blank at the end. */
		rbuf_add(b, tr(lang, "base %d, cards %d, home "),
		    st->b.base[s], st->nhand[s]);
		render_home(o, lang, st, s, b);
		/* In the exchange everyone who has not given acts. */
		if (st->phase == TAC_PH_EXCHANGE ? st->gift[s] == TAC_NONE :
		    st->phase != TAC_PH_OVER && st->turn == s)
			/* TRANSLATORS: at the end of the line of the player
			   to act, on the text board; keep the two leading
			   blanks. */
			rbuf_addstr(b, tr(lang, "  \xe2\x86\x90 to act"));
		rbuf_addstr(b, "\n");
		if (st->announce & (1U << s))
			any = 1;
	}
	rbuf_free(&name);
	if (any && st->phase != TAC_PH_OVER) {
		/* TRANSLATORS: on the text board: the players who were
		   dealt a 1 or a 13 (rule D6) follow, by name. */
		rbuf_addstr(b, tr(lang, "Dealt a 1 or 13:"));
		for (s = 0, n = 0; s < st->cfg.nseats; s++) {
			if (st->announce & (1U << s)) {
				rbuf_addstr(b, n++ == 0 ? " " : ", ");
				render_seat(o, g, s, b);
			}
		}
		rbuf_addstr(b, "\n");
	}
}

/* Append the cards seat holds, by name, in card order. */
void
render_hand(const struct render_game *g, const struct tac_state *st, int seat,
    struct rbuf *b)
{
	const char	*lang = render_lang(g, NULL);
	int		 c, k, n = 0;

	if (seat < 0 || seat >= st->cfg.nseats || st->nhand[seat] == 0) {
		/* TRANSLATORS: a player's hand, when it is empty. */
		rbuf_addstr(b, tr(lang, "You hold no cards."));
		rbuf_addstr(b, "\n");
		return;
	}
	/* TRANSLATORS: before a player's cards, by name, separated by
	   commas. */
	rbuf_addstr(b, tr(lang, "Your cards:"));
	for (c = 0; c < TAC_NCARDS; c++) {
		for (k = 0; k < st->hand[seat][c]; k++)
			rbuf_add(b, "%s%s", n++ == 0 ? " " : ", ",
			    render_card(lang, g->cfg.names, c));
	}
	rbuf_addstr(b, "\n");
}

/*
 * Append names as a list in words: "Anna", "Anna and Boris", "Anna,
 * Boris and Clara" (n of them, at most TAC_MAXSEATS).
 */
void
render_list(const char *lang, const char *const *names, int n,
    struct rbuf *b)
{
	int	i;

	for (i = 0; i < n; i++) {
		if (i > 0 && i == n - 1)
			/* TRANSLATORS: between the last two of a list of
			   names ("Anna, Boris and Clara"). */
			rbuf_addstr(b, tr(lang, " and "));
		else if (i > 0)
			rbuf_addstr(b, ", ");
		rbuf_addstr(b, names[i]);
	}
}

/*
 * Append the seats of mask (bit s: seat s) by name, as a list in words,
 * in seat order.
 */
static void
render_seats(const struct render_opts *o, const struct render_game *g,
    unsigned mask, struct rbuf *b)
{
	const char	*names[TAC_MAXSEATS];
	char		*dup[TAC_MAXSEATS];
	int		 s, n = 0;

	for (s = 0; s < g->cfg.nseats && s < TAC_MAXSEATS; s++) {
		if (!(mask & (1U << s)))
			continue;
		dup[n] = render_seat_dup(o, g, s);
		names[n] = dup[n];
		n++;
	}
	render_list(render_lang(g, o->lang), names, n, b);
	for (s = 0; s < n; s++)
		free(dup[s]);
}

/*
 * Append the members of team by name ("Anna and Clara"), leaving out
 * seat except (-1: none).
 */
void
render_team(const struct render_opts *o, const struct render_game *g,
    int team, int except, struct rbuf *b)
{
	struct tac_state	st;
	unsigned		mask = 0;
	int			s;

	memset(&st, 0, sizeof st);
	st.cfg = g->cfg;
	for (s = 0; s < g->cfg.nseats; s++) {
		if (tac_team(&st, s) == team && s != except)
			mask |= 1U << s;
	}
	render_seats(o, g, mask, b);
}

/*
 * Append who has not given yet in st's exchange ("Anna and Boris"), by
 * the gifts laid down in it; how many they are.
 */
int
render_waiting(const struct render_opts *o, const struct render_game *g,
    const struct tac_state *st, struct rbuf *b)
{
	unsigned	mask = 0;
	int		s, n = 0;

	for (s = 0; s < st->cfg.nseats; s++) {
		if (st->gift[s] == TAC_NONE) {
			mask |= 1U << s;
			n++;
		}
	}
	render_seats(o, g, mask, b);
	return (n);
}

/* Append a team as its colours: "Red+Green". */
void
render_team_colours(const char *lang, const struct render_game *g,
    int team, struct rbuf *b)
{
	struct tac_state	st;
	int			s, n = 0;

	memset(&st, 0, sizeof st);
	st.cfg = g->cfg;
	for (s = 0; s < g->cfg.nseats; s++) {
		if (tac_team(&st, s) == team)
			rbuf_add(b, "%s%s", n++ == 0 ? "" : "+",
			    tr(lang, render_colours[s]));
	}
}

/*
 * Append the outcome: the winning team by its colours and its members'
 * names, or no winner.
 */
void
render_result(const struct render_opts *o, const struct render_game *g,
    int winner, struct rbuf *b)
{
	const char	*lang = render_lang(g, o->lang);
	struct rbuf	 team = { NULL, 0, 0 }, who = { NULL, 0, 0 };

	if (winner < 0) {
		rbuf_addstr(b, tr(lang, "The game ended without a winner."));
		rbuf_addstr(b, "\n");
		return;
	}
	render_team_colours(lang, g, winner, &team);
	render_team(o, g, winner, -1, &who);
	/* TRANSLATORS: the end of a game; %s the winning team by its
	   colours ("Red+Green", as the lobby's team buttons say), %s its
	   players ("Anna and Clara"). */
	rbuf_add(b, tr(lang, "Game over. Team %s won: %s."), team.s != NULL ?
	    team.s : "", who.s != NULL ? who.s : "");
	rbuf_addstr(b, "\n");
	rbuf_free(&team);
	rbuf_free(&who);
}

/*
 * Append the end of a game of Team-TAC (rules K5, K6): everyone won
 * together, with the cards it took, its score.  No team is named.
 */
void
render_coop_result(const char *lang, uint32_t cards, struct rbuf *b)
{
	/* TRANSLATORS: the end of a cooperative game (Team-TAC), where
	   all players win together; %u the cards they played, the score
	   (fewer is better). */
	rbuf_add(b, trn(lang, "Game over: everyone won together, with %u "
	    "card played.", "Game over: everyone won together, with %u "
	    "cards played.", cards), (unsigned)cards);
}

/*
 * Append what a game of Team-TAC shows instead of teams (rules K): the
 * cards played so far, or at its end the result.  No newline.
 */
void
render_coop(const char *lang, const struct tac_state *st, struct rbuf *b)
{
	uint32_t	cards = tac_cards_played(st);

	if (st->phase == TAC_PH_OVER) {
		render_coop_result(lang, cards, b);
		return;
	}
	/* TRANSLATORS: on the board of a cooperative game (Team-TAC),
	   where all players win or lose together; %u the cards played so
	   far, the score (fewer is better). */
	rbuf_add(b, trn(lang, "Everyone plays together: %u card played so "
	    "far.", "Everyone plays together: %u cards played so far.",
	    cards), (unsigned)cards);
}

/* Append a turn deadline in seconds: "30 min", "2 h", "3 days". */
void
render_deadline(const char *lang, int64_t secs, struct rbuf *b)
{
	if (secs <= 0)
		/* TRANSLATORS: a game's options line: no time limit per
		   turn. */
		rbuf_addstr(b, tr(lang, "no turn deadline"));
	else if (secs % 86400 == 0)
		/* TRANSLATORS: a game's turn deadline in its options line. */
		rbuf_add(b, trn(lang, "%lld day per turn", "%lld days per turn",
		    (unsigned long)(secs / 86400)), (long long)(secs / 86400));
	else if (secs % 3600 == 0)
		/* TRANSLATORS: a game's options line; %lld hours. */
		rbuf_add(b, tr(lang, "%lld h per turn"),
		    (long long)(secs / 3600));
	else
		/* TRANSLATORS: a game's options line; %lld minutes. */
		rbuf_add(b, tr(lang, "%lld min per turn"),
		    (long long)(secs / 60));
}
