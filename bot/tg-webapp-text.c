/*
 * tg-webapp-text.c: the words the Mini App's page shows, from the
 * catalogs like every text of tacd, sent to the page in the person's
 * language (GET /api/strings), and a game's card and colour names.
 *
 * The page fills "%s" and "%d" in order; a count stands behind a label
 * ("Steps left: 3") so that no plural form is needed.
 */
#include <stdio.h>

#include <jansson.h>

#include "i18n.h"
#include "render.h"
#include "tg-webapp.h"

/* The page's words: its key, and the English message id. */
static const struct {
	const char	*key;
	const char	*msgid;
} tg_wa_texts[] = {
	{ "title", N_("TAC board") },
	{ "games", N_("Your games") },
	{ "no_games", N_("You have no open game. Start one in a group with "
	    "/new.") },
	{ "game", N_("Game #%d") },
	{ "group", N_("Group: %s") },
	{ "your_turn", N_("Your turn.") },
	{ "turn_of", N_("%s's turn.") },
	{ "lobby", N_("The game has not started yet.") },
	{ "over", N_("The game is over.") },
	{ "aborted", N_("The game was aborted.") },
	{ "watching", N_("You are watching: you do not play in this game.") },
	{ "hand", N_("Your cards") },
	{ "hand_of", N_("The cards of %s") },
	{ "pick_card", N_("Choose a card.") },
	{ "pick_gift", N_("Choose the card to give to your partner.") },
	{ "pick_marble", N_("Choose a marble.") },
	{ "pick_target", N_("Choose where it goes.") },
	{ "pick_swap", N_("Choose the marble to swap with.") },
	{ "pick_what", N_("Choose what the card does.") },
	{ "steps_left", N_("Steps left: %d") },
	{ "ready", N_("The move is ready: send it, or go back.") },
	{ "play", N_("Send") },
	{ "back", N_("Back") },
	{ "discard", N_("Discard the card") },
	{ "skip", N_("Skip the next player") },
	{ "last", N_("Last move: %s") },
	{ "cards_left", N_("Cards: %d") },
	{ "sending", N_("Sending the move…") },
	{ "played", N_("Played: %s") },
	{ "offline", N_("No connection; trying again.") },
	{ "expired", N_("This page has expired: open the board again from the "
	    "chat.") },
	{ "not_found", N_("There is no such game.") },
	{ "hint", N_("Hint") },
};

/* {"lang", "text": {key: words}} in lang, for the page. */
json_t *
tg_webapp_strings(const char *lang)
{
	json_t	*text = json_object();
	size_t	 i;

	for (i = 0; i < sizeof tg_wa_texts / sizeof tg_wa_texts[0]; i++)
		json_object_set_new(text, tg_wa_texts[i].key,
		    json_string(tr(lang, tg_wa_texts[i].msgid)));
	return (json_pack("{s:s, s:o}", "lang", lang, "text", text));
}

/*
 * A game's words: {"cards": {NOTATION: name}, "colours": [name]} in
 * lang, the cards named as the game names them (TAC or TAKER).
 */
json_t *
tg_webapp_words(const char *lang, int names)
{
	json_t	*cards = json_object(), *colours = json_array();
	int	 c, s;

	for (c = 0; c < TAC_NCARDS; c++)
		json_object_set_new(cards, tac_card_name(c),
		    json_string(render_card(lang, names, c)));
	for (s = 0; s < TAC_MAXSEATS; s++)
		json_array_append_new(colours, json_string(tr(lang,
		    render_colour(s))));
	return (json_pack("{s:o, s:o}", "cards", cards, "colours", colours));
}
