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
	{ "only", N_("It is the only move you have.") },
	{ "win", N_("It wins the game.") },
	/* TRANSLATORS: T10, %s is the player whose move would win. */
	{ "stop", N_("%s's last move would win: this takes it back.") },
	{ "undo", N_("It takes back %s's move that kicked your marble.") },
	{ "home", N_("It brings a marble home.") },
	{ "kick", N_("It kicks %s's marble.") },
	{ "enter", N_("It brings a new marble out.") },
	{ "partner", N_("Your marbles are all home: it moves for %s, your "
	    "partner.") },
	{ "save", N_("It takes a marble out of reach of a kick.") },
	{ "skip", N_("It makes %s skip a turn.") },
	{ "devil", N_("It plays one of %s's cards for them: choose which "
	    "once you see them.") },
	{ "newhand", N_("It gets you a new hand to play from.") },
	{ "setback", N_("It sets %s's marble back.") },
	{ "forward", N_("It brings a marble closer to home.") },
	{ "give_enter", N_("%s can bring a marble out with it.") },
	{ "give", N_("It is the card you can spare best.") },
	{ "discard", N_("No card can move a marble: this is the one you need "
	    "least.") },
	{ "least", N_("A card must be played: this move costs least.") },
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
