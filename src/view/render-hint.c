/*
 * render-hint.c: why a hint (src/play/hint.h) plays its move, in the
 * reader's words.  The reason comes by its name ("kick"), with the seat
 * it names, so that the view needs nothing of the players that make
 * hints; a name it does not know says nothing.
 */
#include <stdio.h>
#include <string.h>

#include "i18n.h"
#include "render.h"

/* The reasons, each with its text; "%s" is the seat's name. */
static const struct {
	const char	*name;
	const char	*text;
} render_hints[] = {
	/* TRANSLATORS: a hint's reason, on the line after the move it
	   explains; "It" is that move ("this move"). */
	{ "only", N_("It is the only move you have.") },
	/* TRANSLATORS: a hint's reason; "It" is the move above it. */
	{ "win", N_("It wins the game.") },
	/* TRANSLATORS: a hint's reason (T10): the move above takes back
	   the last move, which would win; %s the player who made it. */
	{ "stop", N_("%s's last move would win: this takes it back.") },
	/* TRANSLATORS: a hint's reason: the move above (a TAC) takes back
	   the move of %s, a player, that kicked the reader's marble. */
	{ "undo", N_("It takes back %s's move that kicked your marble.") },
	/* TRANSLATORS: a hint's reason; "It" is the move above it; home:
	   the four fields at the end of a marble's way. */
	{ "home", N_("It brings a marble home.") },
	/* TRANSLATORS: a hint's reason: the move above kicks a marble of
	   %s, a player. */
	{ "kick", N_("It kicks %s's marble.") },
	/* TRANSLATORS: a hint's reason: the move above brings a marble out
	   of the base onto the start field. */
	{ "enter", N_("It brings a new marble out.") },
	/* TRANSLATORS: a hint's reason: the reader's marbles are all home,
	   so the move above moves a marble of %s, their partner. */
	{ "partner", N_("Your marbles are all home: it moves for %s, your "
	    "partner.") },
	/* TRANSLATORS: a hint's reason: the move above takes a marble where
	   no other can kick it. */
	{ "save", N_("It takes a marble out of reach of a kick.") },
	/* TRANSLATORS: a hint's reason: the move above (an 8) makes %s, a
	   player, skip their turn. */
	{ "skip", N_("It makes %s skip a turn.") },
	/* TRANSLATORS: a hint's reason, after "Play the [Devil]": with it
	   the reader plays one of the cards of %s, a player, for them. */
	{ "devil", N_("It plays one of %s's cards for them: choose which "
	    "once you see them.") },
	/* TRANSLATORS: a hint's reason: the move above (the Fool) passes
	   every hand on, so the reader gets new cards. */
	{ "newhand", N_("It gets you a new hand to play from.") },
	/* TRANSLATORS: a hint's reason: the move above puts a marble of %s,
	   a player, further back on its way (a 4 backwards, a swap); not a
	   kick. */
	{ "setback", N_("It sets %s's marble back.") },
	/* TRANSLATORS: a hint's reason; "It" is the move above it. */
	{ "forward", N_("It brings a marble closer to home.") },
	/* TRANSLATORS: a hint's reason, after a card to give in the
	   exchange: %s, the partner who gets it, can enter a marble with
	   it. */
	{ "give_enter", N_("%s can bring a marble out with it.") },
	/* TRANSLATORS: a hint's reason, after a card to give in the
	   exchange. */
	{ "give", N_("It is the card you can spare best.") },
	/* TRANSLATORS: a hint's reason, after a card to discard. */
	{ "discard", N_("No card can move a marble: this is the one you need "
	    "least.") },
	/* TRANSLATORS: a hint's reason: every move is bad, the one above
	   costs least. */
	{ "least", N_("A card must be played: this move costs least.") },
	/* TRANSLATORS: a hint's reason in a cooperative game (Team-TAC),
	   where a team that is home plays for the others; %s a player of
	   the other team. */
	{ "help", N_("Your team is home: it moves %s's marbles.") },
	/* TRANSLATORS: a hint's reason in a cooperative game (Team-TAC):
	   the rules make the player take back the move that brought the
	   last marble home; %s the player who made it. */
	{ "must", N_("%s's move brought the last marble home, and you must "
	    "take it back: this way is best.") },
};

/*
 * Append the reason named why (seat: the seat it names, -1 none) in g's
 * language, with the seat named as g's table names it.  0, or -1 for a
 * reason it does not know (nothing is appended).
 */
int
render_hint_why(const struct render_game *g, const char *why, int seat,
    struct rbuf *b)
{
	struct render_opts	 o = { RENDER_PLAIN, NULL, NULL, 0 };
	struct rbuf		 who = { NULL, 0, 0 };
	const char		*lang = render_lang(g, NULL);
	size_t			 i;

	for (i = 0; why != NULL && i < sizeof render_hints /
	    sizeof render_hints[0]; i++) {
		if (strcmp(render_hints[i].name, why) != 0)
			continue;
		o.lang = lang;
		if (seat >= 0 && seat < TAC_MAXSEATS)
			render_seat(&o, g, seat, &who);
		else
			rbuf_addstr(&who, "?");
		if (strstr(render_hints[i].text, "%s") != NULL)
			rbuf_add(b, tr(lang, render_hints[i].text), who.s);
		else
			rbuf_addstr(b, tr(lang, render_hints[i].text));
		rbuf_free(&who);
		return (0);
	}
	return (-1);
}
