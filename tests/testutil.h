/*
 * testutil.h: the check suites of tests/ and the helpers the rules suites
 * share.  Positions are written in the tac-position/1 JSON of doc/notation.md;
 * actions in its text notation.
 */
#ifndef TESTUTIL_H
#define TESTUTIL_H

#include <check.h>
#include <stdint.h>

#include "tac.h"
#include "tacjson.h"

/* One suite per file; tests/check_main.c runs them all. */
Suite		*suite_notation(void);
Suite		*suite_json(void);
Suite		*suite_record(void);
Suite		*suite_rules_board(void);
Suite		*suite_rules_deal(void);
Suite		*suite_rules_move(void);
Suite		*suite_rules_cards(void);
Suite		*suite_rules_seven(void);
Suite		*suite_rules_tac(void);
Suite		*suite_rules_master(void);
Suite		*suite_rules_coop(void);
Suite		*suite_rules_engine(void);
Suite		*suite_props(void);
Suite		*suite_why(void);
Suite		*suite_why_props(void);
Suite		*suite_tally(void);

/*
 * The helpers below fail the running test (ck_abort_msg) with the file
 * and line of the caller.  The macros pass __FILE__/__LINE__ so that the
 * failure points at the test, not at testutil.c.
 */
#define tu_load(s, j)		tu_load_at(__FILE__, __LINE__, s, j)
#define tu_pos(s, m, h, x)	tu_pos_at(__FILE__, __LINE__, s, m, h, x)
#define tu_legal_is(s, e)	tu_legal_is_at(__FILE__, __LINE__, s, e)
#define tu_apply(s, a)		tu_apply_at(__FILE__, __LINE__, s, a)
#define tu_seq(s, a)		tu_seq_at(__FILE__, __LINE__, s, a)
#define tu_illegal(s, a, r)	tu_illegal_at(__FILE__, __LINE__, s, a, r)
#define tu_marbles(s, n, e)	tu_marbles_at(__FILE__, __LINE__, s, n, e)
#define tu_hand(s, n, e)	tu_hand_at(__FILE__, __LINE__, s, n, e)
#define tu_state_eq(a, b, w)	tu_state_eq_at(__FILE__, __LINE__, a, b, w)

/* Shared, heap-allocated action lists (too big for the stack). */
struct tac_list	*tu_list(void);
struct tac_list	*tu_scratch(void);

/* A configuration: 4 or 6 seats, triples, master cards. */
void		 tu_cfg(struct tac_config *, int, int, int);

/* Convert 'single quotes' to "double quotes"; returns a static buffer. */
const char	*tu_quote(const char *);

/* Load a position from JSON (single quotes allowed); abort on error. */
void		 tu_load_at(const char *, int, struct tac_state *,
		     const char *);

/*
 * Load a compact position: marbles "10 B B B|B B B B|...", one group per
 * seat (4 or 6 groups), hands "5 TAC|2|2|2" the same way, and extra JSON
 * members ("'turn':1,'played':0") that override the defaults (pairs,
 * master, names tac, round 1, played 1, turn 0, dealer turn-1).
 */
void		 tu_pos_at(const char *, int, struct tac_state *,
		     const char *, const char *, const char *);

/* All legal actions, formatted, sorted and joined by '\n' (static). */
const char	*tu_legal(const struct tac_state *);

/* Number of legal actions; number of those whose text starts with p. */
int		 tu_nlegal(const struct tac_state *);
int		 tu_count(const struct tac_state *, const char *);

/*
 * Assert the legal list is exactly the '\n'-separated expected set.  Texts
 * must match exactly, except for a 7 or a Trickster, where any spelling
 * that leads to the same state as a listed action matches it (doc/notation.md:
 * segment order and swap order are the generator's).
 */
void		 tu_legal_is_at(const char *, int, const struct tac_state *,
		     const char *);

/* The action is listed (same text, or the same resulting state). */
int		 tu_has(const struct tac_state *, const char *);

/* Apply a listed action that must succeed. */
void		 tu_apply_at(const char *, int, struct tac_state *,
		     const char *);

/* Apply several actions separated by ';'. */
void		 tu_seq_at(const char *, int, struct tac_state *,
		     const char *);

/*
 * The action must be refused, leave the state byte-identical and not be
 * listed; reason (if not NULL) must occur in the message, any case.
 */
void		 tu_illegal_at(const char *, int, const struct tac_state *,
		     const char *, const char *);

/* A seat's marbles as the position JSON writes them ("B B 0* H2"). */
const char	*tu_marbles_str(const struct tac_state *, int);
void		 tu_marbles_at(const char *, int, const struct tac_state *,
		     int, const char *);

/* A seat's hand in card order ("1 7 TAC"). */
const char	*tu_hand_str(const struct tac_state *, int);
void		 tu_hand_at(const char *, int, const struct tac_state *, int,
		     const char *);

/* Byte comparison of two states; on a difference, name the field. */
const char	*tu_state_diff(const struct tac_state *,
		     const struct tac_state *);
void		 tu_state_eq_at(const char *, int, const struct tac_state *,
		     const struct tac_state *, const char *);

/* Count every card: hands, deck, discards, gifts. */
void		 tu_card_totals(const struct tac_state *,
		     unsigned [TAC_NCARDS]);

/* A JSON array text of cards, in card order, from counts ("['1','1']"). */
const char	*tu_cards_json(const uint8_t [TAC_NCARDS]);

/*
 * Reference generators, written from doc/rules.md independently of the engine
 * (plain cards in check_rules_cards.c, the 7 in check_rules_seven.c).
 * Each stores the distinct boards (sorted) the seat in turn reaches with
 * the card, without prefixes, and returns how many (at most max).
 */
int		 tu_controlled(const struct tac_state *, int,
		     int [TAC_MAXSEATS]);
int		 tu_boards_unique(struct tac_board *, int);
const char	*tu_board_str(const struct tac_state *,
		     const struct tac_board *);
int		 tu_ref_plain(const struct tac_state *, int, struct tac_board *,
		     int);
int		 tu_ref_seven(const struct tac_state *, struct tac_board *,
		     int);

/*
 * Compare a play-phase list with the references: NULL when they agree,
 * else a message (static) naming the card and a board that differs.
 */
const char	*tu_ref_diff(const struct tac_state *, const struct tac_list *);
#define tu_ref_agrees(s)	tu_ref_agrees_at(__FILE__, __LINE__, s)
void		 tu_ref_agrees_at(const char *, int, const struct tac_state *);

/*
 * Refusal reasons (check_why.c).  tu_why_valid() checks a reason's fmt
 * against its values: NULL if sound, else what is wrong (static);
 * numbered allows "%2$C", as a translation may write.  tu_why_render()
 * is a renderer as the view layer might write one, independent of
 * tac_why_format(): fmt may be a translation of the reason's;
 * TAC_NAMES_TAKER is the test's "Russian" (TAKER card names, seats as
 * bare numbers), anything else English.
 */
const char	*tu_why_valid(const struct tac_why *, int);
void		 tu_why_render(const struct tac_why *, const char *, int,
		     char *, size_t);

json_t		*tu_json(const char *);
char		*tu_json_text(const json_t *);

#endif /* TESTUTIL_H */
