/*
 * tac.h: the TAC / TAKER rules engine.
 *
 * A small library with no I/O and no globals.  The rules it implements are
 * doc/rules.md; the text formats are doc/notation.md.  A game is one
 * plain struct (struct tac_state) that is cheap to copy; generating and
 * applying actions never allocates.
 */
#ifndef TAC_H
#define TAC_H

#include <stddef.h>
#include <stdint.h>

#define TAC_MAXSEATS	6
#define TAC_MARBLES	4
#define TAC_MAXFIELDS	66
#define TAC_MAXDECK	104
#define TAC_MAXSEG	7	/* a 7 has at most seven segments */
#define TAC_MAXACTIONS	4096	/* far above any position seen in play */
#define TAC_NONE	0xff

/* Cards, in the order the notation lists them. */
enum tac_card {
	TAC_C1, TAC_C2, TAC_C3, TAC_C4, TAC_C5, TAC_C6, TAC_C7, TAC_C8,
	TAC_C9, TAC_C10, TAC_C12, TAC_C13,
	TAC_TR,			/* Trickster / Mena */
	TAC_TAC,		/* TAC / Taker */
	TAC_ANGEL, TAC_DEVIL, TAC_WARRIOR, TAC_FOOL,
	TAC_NCARDS
};

/*
 * Places.  A circle field is its number (0..nfields-1).  A home field
 * carries its seat so that it can be printed as "2H4".  A base is written
 * "B"; whose base it is follows from the action.
 */
#define TAC_LOC_HOME(s, k)	(0x80 | ((s) << 2) | ((k) - 1))	/* k = 1..4 */
#define TAC_LOC_ISHOME(l)	((l) != TAC_LOC_BASE && ((l) & 0x80))
#define TAC_LOC_SEAT(l)		(((l) >> 2) & 0x7)
#define TAC_LOC_DEPTH(l)	(((l) & 3) + 1)
#define TAC_LOC_BASE		0xff

/*
 * The board, in canonical form: marbles of one colour are interchangeable,
 * so two boards are the same position exactly when memcmp() says so.
 */
struct tac_board {
	int8_t		field[TAC_MAXFIELDS];	/* seat on each field, -1 empty */
	uint8_t		home[TAC_MAXSEATS];	/* bit k-1: Hk occupied */
	uint8_t		base[TAC_MAXSEATS];	/* marbles in the base */
	uint8_t		fresh;		/* bit s: s's start holds s's fresh marble */
	uint8_t		pad;		/* always 0, so memcmp() works */
};

/* What a TAC would take: the last card play of the round (T1-T12). */
struct tac_undo {
	struct tac_board before;	/* the board before that play */
	uint8_t		card;		/* the function a TAC uses; TAC_NONE: none */
	uint8_t		final;		/* a forced TAC (T10): cannot be taken */
};

enum tac_phase {
	TAC_PH_DEAL,		/* waiting for tac_deal() (records with deals) */
	TAC_PH_EXCHANGE,	/* D7: each seat gives one card, in play order */
	TAC_PH_PLAY,		/* a turn: play or discard one card */
	TAC_PH_FOOL,		/* A4: the Fool player plays one more card */
	TAC_PH_SKIP,		/* C5.2: skipped, discard or TAC the 8 */
	TAC_PH_DEVIL,		/* A2.1/A2.2: play a card of the victim's hand */
	TAC_PH_FORCED,		/* T10: undo the winning play with a TAC */
	TAC_PH_OVER
};

enum tac_names { TAC_NAMES_TAC, TAC_NAMES_TAKER };

/* How a game is set up. */
struct tac_config {
	uint8_t		nseats;		/* 4 or 6 */
	uint8_t		triples;	/* 6 seats: two teams of three */
	uint8_t		master;		/* Angel, Devil, Warrior, Fool in the deck */
	uint8_t		names;		/* enum tac_names: shown names only */
	uint8_t		coop;		/* Team-TAC (rules K): all win together;
					   "coop" in the JSON formats */
};

/* A whole game.  Plain data: copy it with '='. */
struct tac_state {
	struct tac_config cfg;
	uint8_t		nfields;	/* 64 or 66 */
	uint8_t		phase;		/* enum tac_phase */
	uint8_t		turn;		/* the seat to act */
	uint8_t		victim;		/* TAC_PH_DEVIL: whose hand is played */
	uint8_t		dealer;
	uint8_t		winner;		/* winning team, TAC_NONE while playing;
					   always TAC_NONE in Team-TAC (K5) */
	uint8_t		announce;	/* D6: bit s, seat s was dealt a 1 or 13 */
	uint8_t		external;	/* deals come from tac_deal(), not the deck */
	uint16_t	round;		/* 1 for the first deal */
	uint16_t	played;		/* card plays this round (T9) */
	uint32_t	cards;		/* cards played in the game (K5) */
	uint8_t		gift[TAC_MAXSEATS];	/* exchange: card given or TAC_NONE */
	uint8_t		hand[TAC_MAXSEATS][TAC_NCARDS];	/* card counts */
	uint8_t		nhand[TAC_MAXSEATS];
	uint8_t		ndeck;		/* cards left; deck[ndeck - 1] is the top */
	uint8_t		deck[TAC_MAXDECK];
	uint8_t		discards[TAC_NCARDS];	/* played since the last shuffle */
	struct tac_board b;
	struct tac_undo	undo;
	uint64_t	rng;		/* the seeded generator's state */
};

/*
 * An action, as doc/notation.md writes it: [TAC] [DEVIL] CARD BODY, or
 * "give CARD".  Which hand a card leaves follows from the phase.
 */
enum tac_op {
	TAC_OP_GIVE,		/* give CARD */
	TAC_OP_DISCARD,		/* CARD discard */
	TAC_OP_MOVE,		/* CARD FROM>TO [FROM>TO ...] (enter: B>start) */
	TAC_OP_SKIP,		/* 8 skip */
	TAC_OP_SWAP,		/* TR A<>B, in seg[0].from and seg[0].to */
	TAC_OP_NONE		/* FOOL, and DEVIL TAC (A2.2) */
};

struct tac_seg {
	uint8_t		from;
	uint8_t		to;
};

struct tac_action {
	uint8_t		op;		/* enum tac_op */
	uint8_t		tac;		/* written with the TAC prefix */
	uint8_t		devil;		/* written with the DEVIL prefix */
	uint8_t		card;		/* the card after the prefixes */
	uint8_t		nseg;
	struct tac_seg	seg[TAC_MAXSEG];
};

/*
 * Scratch for the 7's search; part of the list so nothing is allocated.
 * Nodes are remembered where there is room (a miss only costs time);
 * outcomes are kept exactly, so each distinct 7 is listed once.
 */
#define TAC_MEMO	4096
#define TAC_OUTCOMES	(2 * TAC_MAXACTIONS)
#define TAC_MEMO_MAGIC	0x7ac5e7e0
struct tac_memo {
	uint32_t	magic;		/* TAC_MEMO_MAGIC once the stamps are clear */
	uint32_t	gen;
	uint32_t	stamp[TAC_MEMO];
	uint64_t	key[TAC_MEMO];
	struct tac_board bkey[TAC_MEMO];
	uint32_t	ostamp[TAC_OUTCOMES];
	struct tac_board out[TAC_OUTCOMES];
};

/* The legal actions of a position. */
struct tac_list {
	int		n;
	int		overflow;	/* more than TAC_MAXACTIONS: a bug */
	struct tac_action a[TAC_MAXACTIONS];
	struct tac_memo	memo;
};

/*
 * Why the rules refuse something: a message id, English as doc/rules.md words
 * it, and its values, so that a renderer can say it in any language.  In
 * fmt, %d is a number, %s a text (a word typed, quoted back), %C a card
 * (the value: enum of the card, as tac_card_name() takes), %P a seat (a
 * player: 0..5), %L a place (a TAC_LOC_* location or field number, as
 * tac_loc_format() writes it: "12", "B", "0H3"), %A an action (kept as
 * its notation, in the text); a translation may number them ("%2$C").
 * tac_why_format() writes the English text, exactly what tac_apply()'s
 * why was.
 *
 * No fmt names a card or a place in its own words: every card is a %C
 * and the base a %L, so that a renderer says them in the game's naming
 * (TAC or TAKER) and the reader's letters, also in the examples of what
 * to type ("write %C %C ..."), which people may type as they read them.
 * In English, %C is the card's notation name ("TR", "DEVIL"), as the
 * reasons always printed it; %P is "seat 2"; %A is the notation; %% is
 * a '%'.  The engine's own fmts never number their conversions;
 * tac_why_format() takes numbered ones too, and writes '?' for a
 * conversion it cannot fill.  Every fmt is a literal in the engine's
 * source, the second argument of why_fail() or notation_fail() (xgettext
 * keywords why_fail:2 and notation_fail:2), so a renderer looks its
 * translation up by its text (the same text may sit at two addresses).
 * A text value keeps up to 63 bytes, as the English reasons always did:
 * enough for an action a reason quotes, even a 7 of seven segments.
 */
#define TAC_WHY_MAXARGS	4
struct tac_why_arg {
	int		 kind;		/* 'd', 's', 'C', 'P', 'L', 'A' */
	int		 v;		/* d, C, P, L */
	char		 s[64];		/* s: the text (cut on a UTF-8 boundary);
					   A: the action's notation */
};
struct tac_why {
	const char	*fmt;		/* a static string; NULL: no reason */
	int		 nargs;
	struct tac_why_arg arg[TAC_WHY_MAXARGS];
};

/* What a game's actions add up to (tally.c), per seat. */
struct tac_tally_seat {
	uint32_t	cards[TAC_NCARDS];	/* played, by kind (TAC: TACs) */
	uint32_t	tacs;		/* TAC cards played */
	uint32_t	kicks_given;	/* other seats' marbles sent to base */
	uint32_t	kicks_taken;	/* own marbles sent to base by others */
};

struct tac_tally {
	uint32_t	actions;
	int		rounds;		/* the round of the last action */
	int		winner;		/* the winning team, -1: none (yet) */
	int		finisher;	/* the seat whose action ended it, -1 */
	int		by_tac;		/* that action was a TAC */
	struct tac_tally_seat seat[TAC_MAXSEATS];
};

/*
 * Each team's marbles at home at the end of each round (tally.c), for
 * the game-end chart.  home[r - 1][t] is team t's count after the last
 * action of round r; a round past TAC_HOMES_MAX is kept in the last
 * slot, so that slot always holds the latest.
 */
#define TAC_HOMES_MAX	256
struct tac_homes {
	int		nteams;
	int		rounds;		/* the last round seen (not capped) */
	int		n;		/* slots filled: min(rounds, MAX) */
	uint8_t		home[TAC_HOMES_MAX][TAC_MAXSEATS];
};

/* game.c */
int		 tac_config_check(const struct tac_config *, char *, size_t);
int		 tac_config_check_why(const struct tac_config *,
		     struct tac_why *);
void		 tac_init(struct tac_state *, const struct tac_config *, uint64_t);
void		 tac_init_dealt(struct tac_state *, const struct tac_config *,
		     int);
int		 tac_deal(struct tac_state *, const uint8_t [][TAC_NCARDS],
		     char *, size_t);
int		 tac_team(const struct tac_state *, int);
int		 tac_nteams(const struct tac_state *);
int		 tac_partner(const struct tac_state *, int);
int		 tac_receiver(const struct tac_state *, int);
int		 tac_start(const struct tac_state *, int);
int		 tac_deal_size(const struct tac_state *);
int		 tac_deck_size(const struct tac_config *);
void		 tac_deck_fill(const struct tac_config *, uint8_t [TAC_NCARDS]);
int		 tac_over(const struct tac_state *);
uint8_t		 tac_ctrl(const struct tac_state *, const struct tac_board *,
		     int);
int		 tac_coop_won(const struct tac_state *);
uint32_t	 tac_cards_played(const struct tac_state *);

/* board.c */
void		 tac_marbles(const struct tac_state *, const struct tac_action *,
		     int [TAC_MAXSEG]);

/* movegen.c */
int		 tac_legal(const struct tac_state *, struct tac_list *);

/*
 * apply.c: tac_apply() returns the index in the list of the legal action
 * it matched (>= 0), or -1 with the reason; tac_play() trusts its input.
 * The _why variants do the same and hand back the reason as a struct
 * tac_why (fmt NULL when there is none); a NULL why asks for no reason,
 * which saves making one.
 */
int		 tac_apply(struct tac_state *, const struct tac_action *,
		     struct tac_list *, char *, size_t);
int		 tac_apply_why(struct tac_state *, const struct tac_action *,
		     struct tac_list *, struct tac_why *);
void		 tac_play(struct tac_state *, const struct tac_action *);
int		 tac_result(const struct tac_state *, const struct tac_action *,
		     struct tac_board *);

/* view.c */
void		 tac_view(const struct tac_state *, int, struct tac_state *);

/* notation.c */
const char	*tac_card_name(int);
const char	*tac_card_display(int, int);
int		 tac_card_parse(const char *, size_t);
int		 tac_action_parse(const char *, struct tac_action *, char *,
		     size_t);
int		 tac_action_parse_why(const char *, struct tac_action *,
		     struct tac_why *);
size_t		 tac_why_format(const struct tac_why *, char *, size_t);
size_t		 tac_action_format(const struct tac_action *, char *, size_t);
size_t		 tac_loc_format(int, char *, size_t);
int		 tac_action_equal(const struct tac_action *,
		     const struct tac_action *);

/* tally.c */
void		 tac_tally_init(struct tac_tally *);
void		 tac_tally_add(struct tac_tally *, int, const struct tac_action *,
		     const struct tac_state *, const struct tac_state *);
void		 tac_homes_init(struct tac_homes *);
void		 tac_homes_add(struct tac_homes *, const struct tac_state *,
		     const struct tac_state *);
int		 tac_homes_team(const struct tac_state *, int);

/* rng.c */
uint64_t	 tac_rng_next(uint64_t *);
uint32_t	 tac_rng_below(uint64_t *, uint32_t);
void		 tac_rng_shuffle(uint64_t *, uint8_t *, int);

#endif /* TAC_H */
