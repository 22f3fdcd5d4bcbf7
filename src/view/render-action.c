/*
 * render-action.c: actions in the notation people type, with the game's
 * card names (TAC or TAKER) and a reader's words for "discard" and
 * "skip" and the letters of places; what an action does in a player's
 * words is render-move.c's.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <string.h>

#include "i18n.h"
#include "render.h"

/*
 * Append a keyword of an action's body in the reader's language: 1, or 0
 * when the word is not a keyword (nothing appended).
 */
static int
render_keyword(const char *lang, const char *w, size_t len, struct rbuf *b)
{
	if (len == 7 && strncmp(w, "discard", 7) == 0)
		/* TRANSLATORS: the keyword of a discard in a move written
		   as notation ("9 - discard"); people may type it back: one
		   word. */
		rbuf_addstr(b, tr(lang, "discard"));
	else if (len == 4 && strncmp(w, "skip", 4) == 0)
		/* TRANSLATORS: the keyword of an 8 that skips the next
		   player, in a move written as notation ("8 - skip"); one
		   word. */
		rbuf_addstr(b, tr(lang, "skip"));
	else
		return (0);
	return (1);
}

/*
 * Append character i of a word of places ("B>16", "12>0H3"), the base's
 * B and the home's H in the reader's letters.
 */
static void
render_placechar(const char *lang, const char *w, size_t len, size_t i,
    struct rbuf *b)
{
	int	digit_before, digit_after;

	digit_before = i > 0 && w[i - 1] >= '0' && w[i - 1] <= '9';
	digit_after = i + 1 < len && w[i + 1] >= '0' && w[i + 1] <= '9';
	if (w[i] == 'B' && !digit_before && !digit_after)
		/* TRANSLATORS: the letter of a base in a move written as
		   notation ("13 - B>16"), and in places of the rules'
		   reasons; one letter, different from the home's; people
		   may type it back. */
		rbuf_addstr(b, trc(lang, "place", "B"));
	else if (w[i] == 'H' && digit_before && digit_after)
		/* TRANSLATORS: the letter of a home in a move written as
		   notation: "0H3" is seat 0's home field 3; one letter. */
		rbuf_addstr(b, trc(lang, "place", "H"));
	else
		rbuf_add(b, "%c", w[i]);
}

/* Append a place (a field, a base, a home field) in the reader's letters. */
void
render_place(const char *lang, int loc, struct rbuf *b)
{
	char	text[16];
	size_t	i, n;

	n = tac_loc_format(loc, text, sizeof text);
	if (n >= sizeof text)
		n = strlen(text);
	for (i = 0; i < n; i++)
		render_placechar(lang, text, n, i, b);
}

/* Append one word of an action's body: a keyword translated, places. */
static void
render_word(const char *lang, const char *w, size_t len, struct rbuf *b)
{
	size_t	i;

	if (render_keyword(lang, w, len, b))
		return;
	for (i = 0; i < len; i++)
		render_placechar(lang, w, len, i, b);
}

/*
 * Append an action as people read it: the card names of the game's naming
 * (TAC or TAKER), a dash, then the fields: "TAC 13 - B>32", "7 - 12>14
 * 40>45", "9 - discard".
 */
void
render_action(const struct render_game *g, const struct tac_action *a,
    struct rbuf *b)
{
	const char	*lang = render_lang(g, NULL), *p, *e;
	char		 text[256];
	int		 names = g->cfg.names, skip;

	if (tac_action_format(a, text, sizeof text) >= sizeof text) {
		rbuf_addstr(b, text);
		return;
	}
	if (a->op == TAC_OP_GIVE) {
		/* TRANSLATORS: a gift in a move written as notation; %s a
		   card's name. People may type it back, so keep it one word
		   and the card. */
		rbuf_add(b, tr(lang, "give %s"),
		    render_card(lang, names, a->card));
		return;
	}
	if (a->tac)
		rbuf_add(b, "%s ", render_card(lang, names, TAC_TAC));
	if (a->devil)
		rbuf_add(b, "%s ", render_card(lang, names, TAC_DEVIL));
	rbuf_addstr(b, render_card(lang, names, a->card));

	/* Skip the words already shown: the prefixes and the card. */
	skip = a->tac + a->devil + 1;
	for (p = text; *p != '\0' && skip > 0; skip--) {
		p += strcspn(p, " ");
		p += strspn(p, " ");
	}
	if (*p == '\0')
		return;
	rbuf_addstr(b, " -");
	while (*p != '\0') {
		e = p + strcspn(p, " ");
		rbuf_addstr(b, " ");
		render_word(lang, p, (size_t)(e - p), b);
		p = e + strspn(e, " ");
	}
}

/* Append the action written in notation; -1 (raw text) if it is bad. */
int
render_action_text(const struct render_game *g, const char *text,
    struct rbuf *b)
{
	struct tac_action	a;
	char			why[128];

	if (tac_action_parse(text, &a, why, sizeof why) != 0) {
		rbuf_addstr(b, text);
		return (-1);
	}
	render_action(g, &a, b);
	return (0);
}
