/*
 * game.c: setting up a game, the deck and the deal, the exchange, whose
 * turn it is, the end of a round and the end of the game.
 */
#include <string.h>

#include "internal.h"

/* D1: the base deck, in enum tac_card order. */
static const uint8_t deck_base[TAC_NCARDS] = {
	9, 7, 7, 7, 7, 7, 8, 7, 7, 7, 7, 9, 7, 4, 0, 0, 0, 0
};

/* D4: cards per deal through one shuffled deck. */
static const uint8_t sched_4m[] = { 5, 5, 5, 5, 6, 0 };
static const uint8_t sched_4b[] = { 5, 5, 5, 5, 5, 0 };
static const uint8_t sched_6m[] = { 6, 6, 5, 0 };
static const uint8_t sched_6b[] = { 5, 5, 6, 0 };

/* Return the deal schedule of a configuration, 0-terminated. */
static const uint8_t *
game_schedule(const struct tac_config *cfg)
{
	if (cfg->nseats == 6)
		return cfg->master ? sched_6m : sched_6b;
	return cfg->master ? sched_4m : sched_4b;
}

/* Check a configuration; B6 leaves out 2 and 3 players. */
int
tac_config_check_why(const struct tac_config *cfg, struct tac_why *why)
{
	why_clear(why);
	if (cfg->nseats != 4 && cfg->nseats != 6)
		/* TRANSLATORS: why a game's options do not go together
		   (after "These options do not go together: "); %d a number
		   of players; B6 is a rule's id, keep it. */
		return why_fail(why, "players: %d is not supported, only 4 or 6 "
		    "(B6)", cfg->nseats);
	if (cfg->triples && cfg->nseats != 6)
		/* TRANSLATORS: why a game's options do not go together. */
		return why_fail(why, "teams: triples need 6 players");
	if (cfg->master > 1 || cfg->triples > 1 || cfg->coop > 1)
		/* TRANSLATORS: why a game's options do not go together. */
		return why_fail(why, "bad option value");
	if (cfg->names != TAC_NAMES_TAC && cfg->names != TAC_NAMES_TAKER)
		/* TRANSLATORS: why a game's options do not go together; tac
		   and taker are option words: keep them. */
		return why_fail(why, "names: must be tac or taker");
	return 0;
}

/* tac_config_check_why() with the reason written in English into buf. */
int
tac_config_check(const struct tac_config *cfg, char *buf, size_t len)
{
	struct tac_why why;
	int r;

	r = tac_config_check_why(cfg, &why);
	why_text(&why, buf, len);
	return r;
}

/* Fill counts with the deck of a configuration (D1-D3). */
void
tac_deck_fill(const struct tac_config *cfg, uint8_t counts[TAC_NCARDS])
{
	memcpy(counts, deck_base, TAC_NCARDS);
	if (cfg->master) {
		counts[TAC_ANGEL] = counts[TAC_DEVIL] = 1;
		counts[TAC_WARRIOR] = counts[TAC_FOOL] = 1;
	}
	if (cfg->nseats == 6) {
		counts[TAC_C12] -= 2;
		if (!cfg->master) {
			counts[TAC_C9]--;
			counts[TAC_C10]--;
		}
	}
}

/* Return the number of cards in a configuration's deck. */
int
tac_deck_size(const struct tac_config *cfg)
{
	uint8_t c[TAC_NCARDS];
	int i, n = 0;

	tac_deck_fill(cfg, c);
	for (i = 0; i < TAC_NCARDS; i++)
		n += c[i];
	return n;
}

/* Return the index of the next deal in the schedule, -1 if none fits. */
static int
game_deal_index(const struct tac_state *s)
{
	const uint8_t *sched = game_schedule(&s->cfg);
	int i, rem = tac_deck_size(&s->cfg);

	for (i = 0; sched[i] != 0; i++) {
		if (rem == s->ndeck)
			return i;
		rem -= sched[i] * s->cfg.nseats;
	}
	return -1;
}

/* Return how many cards each seat gets at the next deal. */
int
tac_deal_size(const struct tac_state *s)
{
	int i = game_deal_index(s);

	return game_schedule(&s->cfg)[i < 0 ? 0 : i];
}

/* Return seat's team (B5). */
int
tac_team(const struct tac_state *s, int seat)
{
	if (s->cfg.nseats == 6 && !s->cfg.triples)
		return seat % 3;
	return seat % 2;
}

/* Return the number of teams. */
int
tac_nteams(const struct tac_state *s)
{
	return s->cfg.nseats == 6 && !s->cfg.triples ? 3 : 2;
}

/* Return seat's partner (pairs), or -1 in teams of three. */
int
tac_partner(const struct tac_state *s, int seat)
{
	if (s->cfg.triples)
		return -1;
	return (seat + s->cfg.nseats / 2) % s->cfg.nseats;
}

/* Return seat's start field. */
int
tac_start(const struct tac_state *s, int seat)
{
	return board_start(s, seat);
}

/* Is the game over? */
int
tac_over(const struct tac_state *s)
{
	return s->phase == TAC_PH_OVER;
}

/*
 * Return the seats whose marbles seat moves: itself, its team (M15), and
 * in Team-TAC, once the whole team is home, every seat not home (K2).
 */
uint8_t
game_ctrl(const struct tac_state *s, const struct tac_board *b, int seat)
{
	uint8_t mask = 0;
	int i, team;

	if (!board_done(b, seat))
		return 1U << seat;
	team = tac_team(s, seat);
	for (i = 0; i < s->cfg.nseats; i++)
		if (i != seat && tac_team(s, i) == team && !board_done(b, i))
			mask |= 1U << i;
	if (mask == 0 && s->cfg.coop)
		for (i = 0; i < s->cfg.nseats; i++)
			if (!board_done(b, i))
				mask |= 1U << i;
	return mask;
}

/* The seats whose marbles seat moves on board b (M15, K2): a bit each. */
uint8_t
tac_ctrl(const struct tac_state *s, const struct tac_board *b, int seat)
{
	return game_ctrl(s, b, seat);
}

/* Has a Team-TAC game ended, won by everyone together (K5)? */
int
tac_coop_won(const struct tac_state *s)
{
	return s->cfg.coop && s->phase == TAC_PH_OVER;
}

/* The cards played so far in a Team-TAC game, its score (K6); 0 in others. */
uint32_t
tac_cards_played(const struct tac_state *s)
{
	return s->cards;
}

/* Return the next seat after 'from' that holds a card, or -1. */
int
game_next(const struct tac_state *s, int from)
{
	int i, seat;

	for (i = 1; i <= s->cfg.nseats; i++) {
		seat = (from + i) % s->cfg.nseats;
		if (s->nhand[seat] > 0)
			return seat;
	}
	return -1;
}

/* Every player passes their hand to the right neighbour (A4). */
void
game_pass_hands(struct tac_state *s)
{
	uint8_t hand[TAC_NCARDS], n;
	int i, ns = s->cfg.nseats;

	/* Seat i receives from seat i+1: rotate the hands by one. */
	memcpy(hand, s->hand[0], sizeof hand);
	n = s->nhand[0];
	for (i = 0; i < ns - 1; i++) {
		memcpy(s->hand[i], s->hand[i + 1], sizeof hand);
		s->nhand[i] = s->nhand[i + 1];
	}
	memcpy(s->hand[ns - 1], hand, sizeof hand);
	s->nhand[ns - 1] = n;
}

/* The cards are dealt: D6 announcements, then the exchange (D7). */
static void
game_dealt(struct tac_state *s)
{
	int i;

	s->announce = 0;
	for (i = 0; i < s->cfg.nseats; i++) {
		if (s->hand[i][TAC_C1] || s->hand[i][TAC_C13])
			s->announce |= 1U << i;
		s->gift[i] = TAC_NONE;
	}
	s->phase = TAC_PH_EXCHANGE;
	s->turn = (s->dealer + 1) % s->cfg.nseats;
}

/* Shuffle all the cards into a new deck (D4). */
static void
game_shuffle(struct tac_state *s)
{
	uint8_t counts[TAC_NCARDS];
	int c, i;

	tac_deck_fill(&s->cfg, counts);
	s->ndeck = 0;
	for (c = 0; c < TAC_NCARDS; c++)
		for (i = 0; i < counts[c]; i++)
			s->deck[s->ndeck++] = c;
	tac_rng_shuffle(&s->rng, s->deck, s->ndeck);
	memset(s->discards, 0, sizeof s->discards);
}

/* Start a round: the next dealer deals from the deck (D4, D5, D8). */
void
game_round_start(struct tac_state *s)
{
	int i, idx, size, seat, ns = s->cfg.nseats;
	uint8_t card;

	s->round++;
	if (s->round > 1)
		s->dealer = (s->dealer + 1) % ns;
	s->played = 0;
	s->undo.card = TAC_NONE;
	s->undo.final = 0;
	memset(&s->undo.before, 0, sizeof s->undo.before);
	for (i = 0; i < ns; i++)
		s->gift[i] = TAC_NONE;
	s->turn = (s->dealer + 1) % ns;
	if (s->external) {
		s->phase = TAC_PH_DEAL;
		return;
	}
	idx = game_deal_index(s);
	if (idx < 0) {
		game_shuffle(s);
		idx = 0;
	}
	size = game_schedule(&s->cfg)[idx];
	for (i = 0; i < size * ns; i++) {
		seat = (s->dealer + 1 + i) % ns;
		card = s->deck[--s->ndeck];
		s->deck[s->ndeck] = 0;	/* dealt: keep the state canonical */
		s->hand[seat][card]++;
		s->nhand[seat]++;
	}
	game_dealt(s);
}

/* Set up an empty board and the first dealer's round. */
static void
game_setup(struct tac_state *s, const struct tac_config *cfg)
{
	int i;

	memset(s, 0, sizeof *s);
	s->cfg = *cfg;
	s->nfields = cfg->nseats == 6 ? 66 : 64;
	memset(s->b.field, -1, sizeof s->b.field);
	for (i = 0; i < cfg->nseats; i++)
		s->b.base[i] = TAC_MARBLES;
	s->winner = TAC_NONE;
	s->victim = TAC_NONE;
	s->undo.card = TAC_NONE;
	for (i = 0; i < TAC_MAXSEATS; i++)
		s->gift[i] = TAC_NONE;
}

/* Start a seeded game: the seed draws the first dealer and every shuffle. */
void
tac_init(struct tac_state *s, const struct tac_config *cfg, uint64_t seed)
{
	game_setup(s, cfg);
	s->rng = seed;
	s->dealer = tac_rng_below(&s->rng, cfg->nseats);
	game_round_start(s);
}

/* Start a game whose deals come from tac_deal() (records with deals). */
void
tac_init_dealt(struct tac_state *s, const struct tac_config *cfg, int dealer)
{
	game_setup(s, cfg);
	s->external = 1;
	s->dealer = dealer % cfg->nseats;
	game_round_start(s);
}

/* Check and give every seat its hand; the reason goes into why. */
static int
game_deal(struct tac_state *s, const uint8_t hands[][TAC_NCARDS],
    struct tac_why *why)
{
	uint8_t counts[TAC_NCARDS];
	int i, c, n, size = -1;

	why_clear(why);
	if (s->phase != TAC_PH_DEAL)
		/* TRANSLATORS: why a game's record does not replay
		   (tacctl). */
		return why_fail(why, "no deal is due");
	tac_deck_fill(&s->cfg, counts);
	for (c = 0; c < TAC_NCARDS; c++) {
		n = 0;
		for (i = 0; i < s->cfg.nseats; i++)
			n += hands[i][c];
		if (n > counts[c])
			/* TRANSLATORS: why a game's record does not replay
			   (tacctl); %C a card's name, in the game's naming. */
			return why_fail(why, "more %C cards than the deck has",
			    c);
	}
	for (i = 0; i < s->cfg.nseats; i++) {
		n = 0;
		for (c = 0; c < TAC_NCARDS; c++)
			n += hands[i][c];
		if (size < 0)
			size = n;
		if (n != size || n < 1 || n > 6)
			/* TRANSLATORS: why a game's record does not replay
			   (tacctl); %P a player's name, %d a number of
			   cards. */
			return why_fail(why, "%P is dealt %d cards: every "
			    "seat gets the same number, 1 to 6", i, n);
	}
	for (i = 0; i < s->cfg.nseats; i++) {
		memcpy(s->hand[i], hands[i], TAC_NCARDS);
		s->nhand[i] = size;
	}
	game_dealt(s);
	return 0;
}

/* Give every seat its hand for this round, in a game dealt from outside. */
int
tac_deal(struct tac_state *s, const uint8_t hands[][TAC_NCARDS], char *buf,
    size_t len)
{
	struct tac_why why;
	int r;

	r = game_deal(s, hands, &why);
	why_text(&why, buf, len);
	return r;
}

/* Return the team that has all its marbles home, or -1 (M16). */
static int
game_winner(const struct tac_state *s)
{
	int t, i, done;

	for (t = 0; t < tac_nteams(s); t++) {
		done = 1;
		for (i = 0; i < s->cfg.nseats; i++)
			if (tac_team(s, i) == t && !board_done(&s->b, i))
				done = 0;
		if (done)
			return t;
	}
	return -1;
}

/* Is every marble of the game home (K5)? */
static int
game_all_home(const struct tac_state *s)
{
	int i;

	for (i = 0; i < s->cfg.nseats; i++)
		if (!board_done(&s->b, i))
			return 0;
	return 1;
}

/*
 * The turn of seat 'last' is over: find who acts next, end the round when
 * nobody holds a card, and end the game when a team is home (in Team-TAC:
 * every marble) unless the next player must undo it with a TAC (M16, T10,
 * K5).  'skip': an 8 skipped the next player (C5.2).
 */
void
game_turn_end(struct tac_state *s, int last, int skip)
{
	int next, team;

	if (skip)
		next = (last + 1) % s->cfg.nseats;
	else
		next = game_next(s, last);
	if (s->cfg.coop) {
		/* K5: no team wins alone; the last marble ends it for all. */
		team = -1;
		if (game_all_home(s)) {
			if (!s->undo.final && next >= 0 && next != last &&
			    s->hand[next][TAC_TAC] &&
			    gen_tac(s, next, NULL) > 0) {
				s->phase = TAC_PH_FORCED;
				s->turn = next;
				return;
			}
			s->phase = TAC_PH_OVER;
			return;
		}
	} else
		team = game_winner(s);
	if (team >= 0) {
		/*
		 * T10: the next player to act undoes it, if an opponent; in
		 * 4 seats with the left neighbour out of cards that would be
		 * the winner's partner, who does not undo its own team's win.
		 */
		if (!s->undo.final && next >= 0 && tac_team(s, next) != team &&
		    s->hand[next][TAC_TAC] &&
		    gen_tac(s, next, NULL) > 0) {
			s->phase = TAC_PH_FORCED;
			s->turn = next;
			return;
		}
		s->phase = TAC_PH_OVER;
		s->winner = team;
		return;
	}
	if (next < 0) {
		game_round_start(s);
		return;
	}
	s->phase = skip ? TAC_PH_SKIP : TAC_PH_PLAY;
	s->turn = next;
}

/* Return the seat that receives seat's exchange card this round (D7). */
int
tac_receiver(const struct tac_state *s, int seat)
{
	int ns = s->cfg.nseats;

	if (!s->cfg.triples)
		return tac_partner(s, seat);
	if (s->round % 2 == 1)
		return (seat + 2) % ns;
	return (seat + ns - 2) % ns;
}

/* Seat 'turn' gives a card; after the last gift all cards move at once. */
void
game_give(struct tac_state *s, int card)
{
	int i, r, ns = s->cfg.nseats;

	s->gift[s->turn] = card;
	s->hand[s->turn][card]--;
	s->nhand[s->turn]--;
	if (s->turn != s->dealer) {
		s->turn = (s->turn + 1) % ns;
		return;
	}
	for (i = 0; i < ns; i++) {
		r = tac_receiver(s, i);
		s->hand[r][s->gift[i]]++;
		s->nhand[r]++;
		s->gift[i] = TAC_NONE;
	}
	s->phase = TAC_PH_PLAY;
	s->turn = (s->dealer + 1) % ns;
}
