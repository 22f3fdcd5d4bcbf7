/*
 * view.c: what one player may see (Y3).
 */
#include <string.h>

#include "tac.h"

/*
 * Copy the state as 'seat' sees it: other hands keep their size but not
 * their cards, the deck keeps its size but not its order, and the
 * generator's state is gone so nothing hidden can be recomputed.
 */
void
tac_view(const struct tac_state *s, int seat, struct tac_state *out)
{
	int i;

	*out = *s;
	for (i = 0; i < s->cfg.nseats; i++) {
		/* A Devil player chooses from the victim's hand (A2). */
		if (i == seat || (s->phase == TAC_PH_DEVIL && seat == s->turn &&
		    i == s->victim))
			continue;
		memset(out->hand[i], 0, sizeof out->hand[i]);
		if (out->gift[i] != TAC_NONE)
			out->gift[i] = TAC_NCARDS;	/* given, face down */
	}
	memset(out->deck, 0, sizeof out->deck);
	out->rng = 0;
}
