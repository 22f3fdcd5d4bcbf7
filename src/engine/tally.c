/*
 * tally.c: what a game's actions add up to, for the statistics: cards
 * played by kind, TACs, kicks given and taken, rounds, the winner and
 * whether a TAC ended the game.
 *
 * The caller replays the game and hands each action over with the
 * positions around it; a kick is read off the board (a base that gained
 * marbles), so it counts whatever card made it: a move, a 7's passing, a
 * TAC replaying someone's card.
 *
 * The marbles at home per round (struct tac_homes) are read off the board
 * the same way, after each action: what a team has at home when its
 * round's last action is done.
 */
#include <string.h>

#include "tac.h"

/* Start an empty tally. */
void
tac_tally_init(struct tac_tally *t)
{
	memset(t, 0, sizeof *t);
	t->winner = -1;
	t->finisher = -1;
}

/*
 * Count one action a of seat, which took the game from before to after.
 * A gift (the exchange) and a discard play no card; any other action
 * plays the card it is written with first: a TAC ("TAC 5 20>25") counts
 * as a TAC whatever it replays, a Devil's play ("DEVIL 5 20>25") as a
 * Devil, whichever card of the victim it uses.  A marble sent to its
 * base by another seat's action is a kick that seat gave and the base's
 * seat took; sending one's own marble to its base is neither.
 */
void
tac_tally_add(struct tac_tally *t, int seat, const struct tac_action *a,
    const struct tac_state *before, const struct tac_state *after)
{
	struct tac_tally_seat	*me;
	int			 s, gained;

	t->actions++;
	if (seat < 0 || seat >= TAC_MAXSEATS)
		return;
	me = &t->seat[seat];
	if (a->op != TAC_OP_GIVE && a->op != TAC_OP_DISCARD) {
		if (a->tac) {
			me->cards[TAC_TAC]++;
			me->tacs++;
		} else if (a->devil)
			me->cards[TAC_DEVIL]++;
		else if (a->card < TAC_NCARDS) {
			me->cards[a->card]++;
			if (a->card == TAC_TAC)
				me->tacs++;
		}
	}
	for (s = 0; s < after->cfg.nseats && s < TAC_MAXSEATS; s++) {
		gained = after->b.base[s] - before->b.base[s];
		if (s == seat || gained <= 0)
			continue;
		me->kicks_given += gained;
		t->seat[s].kicks_taken += gained;
	}
	t->rounds = after->round;
	if (after->phase == TAC_PH_OVER) {
		t->winner = after->winner == TAC_NONE ? -1 : after->winner;
		t->finisher = seat;
		t->by_tac = a->tac != 0;
	}
}

/* Team team's marbles at home in a position. */
int
tac_homes_team(const struct tac_state *st, int team)
{
	int	s, k, n = 0;

	for (s = 0; s < st->cfg.nseats && s < TAC_MAXSEATS; s++) {
		if (tac_team(st, s) != team)
			continue;
		for (k = 0; k < TAC_MARBLES; k++)
			n += (st->b.home[s] >> k) & 1;
	}
	return (n);
}

/* Start an empty series of marbles at home. */
void
tac_homes_init(struct tac_homes *h)
{
	memset(h, 0, sizeof *h);
}

/* Write position st's counts into the slot of round r. */
static void
homes_put(struct tac_homes *h, int r, const struct tac_state *st)
{
	int	slot, t;

	slot = (r > TAC_HOMES_MAX ? TAC_HOMES_MAX : r) - 1;
	for (t = 0; t < h->nteams && t < TAC_MAXSEATS; t++)
		h->home[slot][t] = (uint8_t)tac_homes_team(st, t);
	if (slot + 1 > h->n)
		h->n = slot + 1;
}

/*
 * Count one action that took the game from before to after, played in
 * before's round: that round's slot takes after's counts, so it ends up
 * with the counts after the round's last action.  Rounds that no action
 * was seen in (a series begun from a position later in a game) take the
 * counts before this action: dealing and giving move no marble.
 */
void
tac_homes_add(struct tac_homes *h, const struct tac_state *before,
    const struct tac_state *after)
{
	int	r = before->round, q;

	if (r < 1)
		return;
	h->nteams = tac_nteams(after);
	for (q = h->rounds + 1; q < r; q++)
		homes_put(h, q, before);
	homes_put(h, r, after);
	if (r > h->rounds)
		h->rounds = r;
}
