/*
 * json.c: positions (tac-position/1) in JSON, as doc/notation.md
 * describes them, and the helpers records share (jsonutil.h).
 *
 * Loading checks everything and names the offending field in a one-line
 * message; a position is built in a local copy so that a failed load never
 * leaves a half-made state behind.
 */

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tac.h"
#include "tacjson.h"
#include "jsonutil.h"
#include "internal.h"


/* Phase names, in enum order. */
static const char *const json_phases[] = {
	"deal", "exchange", "play", "fool", "skip", "devil", "forced", "over"
};
#define JSON_NPHASES	(sizeof json_phases / sizeof json_phases[0])

/* Store a one-line complaint and return -1. */
int
tj_fail(char *why, size_t len, const char *fmt, ...)
{
	va_list	ap;

	if (why != NULL && len > 0) {
		va_start(ap, fmt);
		vsnprintf(why, len, fmt, ap);
		va_end(ap);
	}
	return (-1);
}


/* Read a card name at path; -1 with a reason if it is not one. */
int
tj_card(const json_t *v, const char *path, char *why, size_t len)
{
	char	q[24];
	int	card;

	if (!json_is_string(v))
		return (tj_fail(why, len, "%s: must be a card name", path));
	card = tac_card_parse(json_string_value(v), json_string_length(v));
	if (card < 0) {
		tac_quote(json_string_value(v), json_string_length(v), q,
		    sizeof q);
		return (tj_fail(why, len, "%s: unknown card \"%s\"", path, q));
	}
	return (card);
}

/* Count one card against what the deck holds (card conservation). */
int
tj_take(uint8_t left[TAC_NCARDS], int card, const char *field, char *why,
    size_t len)
{
	if (left[card] == 0)
		return (tj_fail(why, len, "%s: more %ss than the deck has",
		    field, tac_card_name(card)));
	left[card]--;
	return (0);
}

/*
 * Read an array of cards into counts (and, when list is given, in order
 * into list), each taken from left.
 */
int
tj_cards(const json_t *arr, const char *path, const char *field,
    uint8_t left[TAC_NCARDS], uint8_t counts[TAC_NCARDS], uint8_t *list,
    size_t *n, char *why, size_t len)
{
	char	 elem[48];
	size_t	 i;
	int	 card;

	if (!json_is_array(arr))
		return (tj_fail(why, len, "%s: must be an array of cards",
		    path));
	if (json_array_size(arr) > TAC_MAXDECK)
		return (tj_fail(why, len, "%s: more cards than a deck has",
		    path));
	for (i = 0; i < json_array_size(arr); i++) {
		snprintf(elem, sizeof elem, "%s[%zu]", path, i);
		card = tj_card(json_array_get(arr, i), elem, why, len);
		if (card < 0 || tj_take(left, card, field, why, len) != 0)
			return (-1);
		if (counts != NULL)
			counts[card]++;
		if (list != NULL)
			list[i] = card;
	}
	if (n != NULL)
		*n = i;
	return (0);
}

/* Read a required integer member in [min, max]. */
int
tj_int(const json_t *obj, const char *key, long long min, long long max,
    long long *out, char *why, size_t len)
{
	const json_t	*v = json_object_get(obj, key);

	if (v == NULL)
		return (tj_fail(why, len, "%s: missing", key));
	if (!json_is_integer(v) || json_integer_value(v) < min ||
	    json_integer_value(v) > max)
		return (tj_fail(why, len, "%s: must be %lld..%lld", key, min,
		    max));
	*out = json_integer_value(v);
	return (0);
}

/* Read a boolean member; def -1 means it is required. */
int
tj_bool(const json_t *obj, const char *key, const char *path, int def,
    int *out, char *why, size_t len)
{
	const json_t	*v = json_object_get(obj, key);

	*out = def;
	if (v == NULL && def < 0)
		return (tj_fail(why, len, "%s: missing", path));
	if (v != NULL && !json_is_boolean(v))
		return (tj_fail(why, len, "%s: must be true or false", path));
	if (v != NULL)
		*out = json_is_true(v);
	return (0);
}

/* Read a string member that must be one of a list; returns its index. */
int
tj_choice(const json_t *obj, const char *key, const char *const *names,
    size_t n, const char *expect, char *why, size_t len)
{
	const json_t	*v = json_object_get(obj, key);
	size_t		 i;

	if (v == NULL)
		return (tj_fail(why, len, "%s: missing", key));
	for (i = 0; json_is_string(v) && i < n; i++) {
		if (strcmp(json_string_value(v), names[i]) == 0)
			return (i);
	}
	return (tj_fail(why, len, "%s: must be %s", key, expect));
}

/* Read the game options shared by positions and records. */
int
tj_config_load(const json_t *obj, struct tac_config *cfg, char *why,
    size_t len)
{
	static const char *const teams[] = { "pairs", "triples" };
	static const char *const names[] = { "tac", "taker" };
	const json_t	*v;
	int		 i, b = 0;

	memset(cfg, 0, sizeof *cfg);
	v = json_object_get(obj, "players");
	if (v == NULL)
		return (tj_fail(why, len, "players: missing"));
	if (!json_is_integer(v) || (json_integer_value(v) != 4 &&
	    json_integer_value(v) != 6))
		return (tj_fail(why, len, "players: must be 4 or 6"));
	cfg->nseats = json_integer_value(v);
	if ((i = tj_choice(obj, "teams", teams, 2, "\"pairs\" or "
	    "\"triples\"", why, len)) < 0)
		return (-1);
	if (i == 1 && cfg->nseats != 6)
		return (tj_fail(why, len, "teams: triples need 6 players"));
	cfg->triples = i;
	if (tj_bool(obj, "master", "master", -1, &b, why, len) != 0)
		return (-1);
	cfg->master = b;
	if ((i = tj_choice(obj, "names", names, 2, "\"tac\" or \"taker\"",
	    why, len)) < 0)
		return (-1);
	cfg->names = i == 1 ? TAC_NAMES_TAKER : TAC_NAMES_TAC;
	/* Optional, so that documents from before Team-TAC still read. */
	if (tj_bool(obj, "coop", "coop", 0, &b, why, len) != 0)
		return (-1);
	cfg->coop = b;
	return (0);
}

/* Read a decimal number without sign or leading zeros, below limit. */
static int
json_decimal(const char *s, size_t n, int limit)
{
	int	v = 0;
	size_t	i;

	if (n == 0 || n > 3 || (n > 1 && s[0] == '0'))
		return (-1);
	for (i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return (-1);
		v = v * 10 + (s[i] - '0');
	}
	return (v < limit ? v : -1);
}

/* Put one marble of seat s, written as in a position, on a board. */
static int
json_marble(const struct tac_state *st, struct tac_board *b, int s,
    const json_t *v, const char *field, const char *path, char *why,
    size_t len)
{
	const char	*p;
	char		 q[24];
	size_t		 n;
	int		 f, k, star;

	if (!json_is_string(v))
		return (tj_fail(why, len, "%s: must be a place", path));
	p = json_string_value(v);
	n = json_string_length(v);
	tac_quote(p, n, q, sizeof q);

	if (n == 1 && (p[0] == 'B' || p[0] == 'b')) {
		b->base[s]++;
		return (0);
	}
	if (n == 2 && (p[0] == 'H' || p[0] == 'h') && p[1] >= '0' &&
	    p[1] <= '9') {
		k = p[1] - '0';
		if (k < 1 || k > TAC_MARBLES)
			return (tj_fail(why, len,
			    "%s: \"%s\" is not a home field", path, q));
		if (b->home[s] & (1 << (k - 1)))
			return (tj_fail(why, len, "%s[%d]: two marbles on "
			    "H%d", field, s, k));
		b->home[s] |= 1 << (k - 1);
		return (0);
	}
	star = n > 0 && p[n - 1] == '*';
	if (n - star == 0 || strspn(p, "0123456789") != n - star)
		return (tj_fail(why, len, "%s: \"%s\" is not a place", path,
		    q));
	if ((f = json_decimal(p, n - star, st->nfields)) < 0)
		return (tj_fail(why, len, "%s: \"%s\" is not a field", path,
		    q));
	if (star && f != tac_start(st, s))
		return (tj_fail(why, len, "%s: \"%s\" is not seat %d's start",
		    path, q, s));
	if (b->field[f] != -1)
		return (tj_fail(why, len, "%s: two marbles on field %d", field,
		    f));
	b->field[f] = s;
	if (star)
		b->fresh |= 1 << s;
	return (0);
}

/* Read the marbles of every seat into an empty board. */
static int
json_board(const struct tac_state *st, struct tac_board *b, const json_t *arr,
    const char *field, char *why, size_t len)
{
	char		 path[48];
	const json_t	*seat;
	size_t		 i;
	int		 s;

	memset(b, 0, sizeof *b);
	memset(b->field, -1, sizeof b->field);
	if (arr == NULL)
		return (tj_fail(why, len, "%s: missing", field));
	if (!json_is_array(arr) || json_array_size(arr) != st->cfg.nseats)
		return (tj_fail(why, len, "%s: must be an array of %d seats",
		    field, st->cfg.nseats));
	for (s = 0; s < st->cfg.nseats; s++) {
		seat = json_array_get(arr, s);
		if (!json_is_array(seat) ||
		    json_array_size(seat) != TAC_MARBLES) {
			return (tj_fail(why, len, "%s[%d]: must list %d "
			    "marbles", field, s, TAC_MARBLES));
		}
		for (i = 0; i < TAC_MARBLES; i++) {
			snprintf(path, sizeof path, "%s[%d][%zu]", field, s, i);
			if (json_marble(st, b, s, json_array_get(seat, i),
			    field, path, why, len) != 0)
				return (-1);
		}
	}
	return (0);
}

/* Read the hands; they come first in the card count. */
static int
json_hands(struct tac_state *st, const json_t *arr, uint8_t left[TAC_NCARDS],
    char *why, size_t len)
{
	char	path[24];
	size_t	n;
	int	s;

	if (arr == NULL)
		return (tj_fail(why, len, "hands: missing"));
	if (!json_is_array(arr) || json_array_size(arr) != st->cfg.nseats)
		return (tj_fail(why, len, "hands: must be an array of %d "
		    "hands", st->cfg.nseats));
	for (s = 0; s < st->cfg.nseats; s++) {
		snprintf(path, sizeof path, "hands[%d]", s);
		if (tj_cards(json_array_get(arr, s), path, "hands", left,
		    st->hand[s], NULL, &n, why, len) != 0)
			return (-1);
		st->nhand[s] = n;
	}
	return (0);
}

/* Read the optional per-seat members: announce and gifts. */
static int
json_seats(struct tac_state *st, const json_t *obj, uint8_t left[TAC_NCARDS],
    char *why, size_t len)
{
	const json_t	*v, *e;
	char		 path[24];
	int		 s, card;

	if ((v = json_object_get(obj, "announce")) != NULL) {
		if (!json_is_array(v) || json_array_size(v) != st->cfg.nseats)
			return (tj_fail(why, len, "announce: must be %d "
			    "booleans", st->cfg.nseats));
		for (s = 0; s < st->cfg.nseats; s++) {
			e = json_array_get(v, s);
			if (!json_is_boolean(e))
				return (tj_fail(why, len, "announce[%d]: must "
				    "be true or false", s));
			if (json_is_true(e))
				st->announce |= 1 << s;
		}
	}
	if ((v = json_object_get(obj, "gifts")) != NULL) {
		if (!json_is_array(v) || json_array_size(v) != st->cfg.nseats)
			return (tj_fail(why, len, "gifts: must be %d cards or "
			    "nulls", st->cfg.nseats));
		for (s = 0; s < st->cfg.nseats; s++) {
			e = json_array_get(v, s);
			if (json_is_null(e))
				continue;
			snprintf(path, sizeof path, "gifts[%d]", s);
			if ((card = tj_card(e, path, why, len)) < 0 ||
			    tj_take(left, card, "gifts", why, len) != 0)
				return (-1);
			st->gift[s] = card;
		}
	}
	return (0);
}

/* Read the optional deck (top first) and discards. */
static int
json_piles(struct tac_state *st, const json_t *obj, uint8_t left[TAC_NCARDS],
    char *why, size_t len)
{
	uint8_t		 list[TAC_MAXDECK];
	const json_t	*v;
	size_t		 n, i;

	if ((v = json_object_get(obj, "deck")) != NULL) {
		if (tj_cards(v, "deck", "deck", left, NULL, list, &n, why,
		    len) != 0)
			return (-1);
		st->ndeck = n;
		for (i = 0; i < n; i++)
			st->deck[n - 1 - i] = list[i];
	}
	if ((v = json_object_get(obj, "discards")) != NULL) {
		if (tj_cards(v, "discards", "discards", left, st->discards,
		    NULL, NULL, why, len) != 0)
			return (-1);
	}
	return (0);
}

/* Read the optional undo member: what a TAC would take. */
static int
json_undo(struct tac_state *st, const json_t *obj, char *why, size_t len)
{
	const json_t	*v = json_object_get(obj, "undo");
	int		 card, final;

	if (v == NULL)
		return (0);
	if (!json_is_object(v))
		return (tj_fail(why, len, "undo: must be an object"));
	if (json_object_get(v, "card") == NULL)
		return (tj_fail(why, len, "undo.card: missing"));
	if ((card = tj_card(json_object_get(v, "card"), "undo.card", why,
	    len)) < 0)
		return (-1);
	if (tj_bool(v, "final", "undo.final", 0, &final, why, len) != 0)
		return (-1);
	if (json_board(st, &st->undo.before, json_object_get(v, "marbles"),
	    "undo.marbles", why, len) != 0)
		return (-1);
	st->undo.card = card;
	st->undo.final = final;
	return (0);
}

/* Read the phase and what depends on it: victim and winner. */
static int
json_phase(struct tac_state *st, const json_t *obj, char *why, size_t len)
{
	const json_t	*v;
	long long	 n;
	int		 i;

	st->phase = TAC_PH_PLAY;
	if (json_object_get(obj, "phase") != NULL) {
		if ((i = tj_choice(obj, "phase", json_phases, JSON_NPHASES,
		    "deal, exchange, play, fool, skip, devil, forced or over",
		    why, len)) < 0)
			return (-1);
		st->phase = i;
	}
	v = json_object_get(obj, "victim");
	if (v != NULL && !json_is_null(v)) {
		if (tj_int(obj, "victim", 0, st->cfg.nseats - 1, &n,
		    why, len) != 0)
			return (-1);
		st->victim = n;
	} else if (st->phase == TAC_PH_DEVIL)
		return (tj_fail(why, len, "victim: needed in the devil "
		    "phase"));
	v = json_object_get(obj, "winner");
	if (v != NULL && !json_is_null(v)) {
		if (st->cfg.coop)
			return (tj_fail(why, len, "winner: a Team-TAC game "
			    "has none (null)"));
		if (tj_int(obj, "winner", 0, tac_nteams(st) - 1, &n,
		    why, len) != 0)
			return (-1);
		st->winner = n;
	}
	return (0);
}

/* Read the cards played so far, the score of a Team-TAC game (K6). */
static int
json_cards(struct tac_state *st, const json_t *obj, char *why, size_t len)
{
	long long	 n;

	if (json_object_get(obj, "cards") == NULL)
		return (0);
	if (!st->cfg.coop)
		return (tj_fail(why, len, "cards: only a Team-TAC game "
		    "(coop) counts its cards"));
	if (tj_int(obj, "cards", 0, UINT32_MAX, &n, why, len) != 0)
		return (-1);
	st->cards = n;
	return (0);
}

/* Read the generator state: up to 16 hex digits. */
static int
json_rng(struct tac_state *st, const json_t *obj, char *why, size_t len)
{
	const json_t	*v = json_object_get(obj, "rng");
	const char	*p;
	uint64_t	 x = 0;
	size_t		 i, n;
	int		 c;

	if (v == NULL)
		return (0);
	if (!json_is_string(v))
		return (tj_fail(why, len, "rng: must be hex digits"));
	p = json_string_value(v);
	n = json_string_length(v);
	if (n == 0 || n > 16)
		return (tj_fail(why, len, "rng: must be 1..16 hex digits"));
	for (i = 0; i < n; i++) {
		c = (unsigned char)p[i];
		if (c >= '0' && c <= '9')
			c -= '0';
		else if (c >= 'a' && c <= 'f')
			c -= 'a' - 10;
		else if (c >= 'A' && c <= 'F')
			c -= 'A' - 10;
		else
			return (tj_fail(why, len, "rng: must be hex digits"));
		x = x << 4 | (uint64_t)c;
	}
	st->rng = x;
	return (0);
}

/* Load a tac-position/1 document into a state; -1 and a reason if bad. */
int
tac_position_load(struct tac_state *out, const json_t *obj, char *why,
    size_t len)
{
	static const char	*position = JSON_POSITION;
	struct tac_state	st;
	uint8_t			left[TAC_NCARDS];
	long long		n;
	int			b = 0;

	if (!json_is_object(obj))
		return (tj_fail(why, len, "position: must be a JSON object"));
	/* The engine's own defaults (game.c): nothing to undo, no victim. */
	memset(&st, 0, sizeof st);
	memset(st.b.field, -1, sizeof st.b.field);
	memset(st.gift, TAC_NONE, sizeof st.gift);
	st.undo.card = TAC_NONE;
	st.winner = TAC_NONE;
	st.victim = TAC_NONE;

	if (tj_choice(obj, "format", &position, 1, "\"" JSON_POSITION "\"",
	    why, len) < 0 ||
	    tj_config_load(obj, &st.cfg, why, len) != 0)
		return (-1);
	if (tac_config_check(&st.cfg, why, len) != 0)
		return (-1);
	st.nfields = st.cfg.nseats == 6 ? 66 : 64;

	if (tj_int(obj, "dealer", 0, st.cfg.nseats - 1, &n, why,
	    len) != 0)
		return (-1);
	st.dealer = n;
	if (tj_int(obj, "round", 0, UINT16_MAX, &n, why, len) != 0)
		return (-1);
	st.round = n;
	if (tj_int(obj, "played", 0, UINT16_MAX, &n, why, len) != 0)
		return (-1);
	st.played = n;
	if (tj_int(obj, "turn", 0, st.cfg.nseats - 1, &n, why,
	    len) != 0)
		return (-1);
	st.turn = n;
	if (json_board(&st, &st.b, json_object_get(obj, "marbles"), "marbles",
	    why, len) != 0)
		return (-1);

	tac_deck_fill(&st.cfg, left);
	if (json_hands(&st, json_object_get(obj, "hands"), left, why,
	    len) != 0 ||
	    json_phase(&st, obj, why, len) != 0 ||
	    json_cards(&st, obj, why, len) != 0 ||
	    json_seats(&st, obj, left, why, len) != 0 ||
	    json_piles(&st, obj, left, why, len) != 0 ||
	    json_undo(&st, obj, why, len) != 0 ||
	    json_rng(&st, obj, why, len) != 0)
		return (-1);
	if (tj_bool(obj, "external", "external", 0, &b, why, len) != 0)
		return (-1);
	st.external = b;

	*out = st;
	return (0);
}

/* Add a member, remembering any failure (out of memory). */
void
tj_put(json_t *obj, const char *key, json_t *v, int *bad)
{
	if (json_object_set_new(obj, key, v) != 0)
		*bad = 1;
}

/* Append to an array, remembering any failure. */
void
tj_push(json_t *arr, json_t *v, int *bad)
{
	if (json_array_append_new(arr, v) != 0)
		*bad = 1;
}

/* Write the game options shared by positions and records. */
void
tj_config_save(json_t *obj, const struct tac_config *cfg, int *bad)
{
	tj_put(obj, "players", json_integer(cfg->nseats), bad);
	tj_put(obj, "teams", json_string(cfg->triples ? "triples" : "pairs"),
	    bad);
	tj_put(obj, "master", json_boolean(cfg->master), bad);
	tj_put(obj, "names", json_string(cfg->names == TAC_NAMES_TAKER ?
	    "taker" : "tac"), bad);
	/* Written only when set: other games' documents stay as they were. */
	if (cfg->coop)
		tj_put(obj, "coop", json_true(), bad);
}

/* Write card counts as an array of names in card order. */
json_t *
tj_counts(const uint8_t counts[TAC_NCARDS], int *bad)
{
	json_t	*arr = json_array();
	int	 card, i;

	if (arr == NULL) {
		*bad = 1;
		return (NULL);
	}
	for (card = 0; card < TAC_NCARDS; card++) {
		for (i = 0; i < counts[card]; i++)
			tj_push(arr, json_string(tac_card_name(card)), bad);
	}
	return (arr);
}

/* Write a board: per seat bases, circle fields ascending, homes. */
static json_t *
json_board_save(const struct tac_state *st, const struct tac_board *b,
    int *bad)
{
	json_t	*arr = json_array(), *seat;
	char	 buf[16];
	int	 s, f, k, i;

	if (arr == NULL) {
		*bad = 1;
		return (NULL);
	}
	for (s = 0; s < st->cfg.nseats; s++) {
		if ((seat = json_array()) == NULL) {
			*bad = 1;
			continue;
		}
		for (i = 0; i < b->base[s]; i++)
			tj_push(seat, json_string("B"), bad);
		for (f = 0; f < st->nfields && f < TAC_MAXFIELDS; f++) {
			if (b->field[f] != s)
				continue;
			snprintf(buf, sizeof buf, "%d%s", f,
			    f == tac_start(st, s) && (b->fresh & (1 << s)) ?
			    "*" : "");
			tj_push(seat, json_string(buf), bad);
		}
		for (k = 1; k <= TAC_MARBLES; k++) {
			if (b->home[s] & (1 << (k - 1))) {
				snprintf(buf, sizeof buf, "H%d", k);
				tj_push(seat, json_string(buf), bad);
			}
		}
		tj_push(arr, seat, bad);
	}
	return (arr);
}

/*
 * Whose hand may this viewer see?  Its own, and in the Devil phase the
 * acting player sees the victim's hand it plays from (A2.1, A2.2).
 */
static int
json_sees(const struct tac_state *st, int viewer, int s)
{
	if (viewer == -1 || viewer == s)
		return (1);
	return (st->phase == TAC_PH_DEVIL && viewer == st->turn &&
	    s == st->victim);
}

/* Write the hands, other players' cards as "?" in a view. */
static json_t *
json_hands_save(const struct tac_state *st, int viewer, int *bad)
{
	json_t	*arr = json_array(), *hand;
	int	 s, i, known;

	if (arr == NULL) {
		*bad = 1;
		return (NULL);
	}
	for (s = 0; s < st->cfg.nseats; s++) {
		/* Cards unknown here (a tac_view() copy) are "?" too. */
		known = 0;
		if (json_sees(st, viewer, s)) {
			hand = tj_counts(st->hand[s], bad);
			known = json_array_size(hand);
		} else
			hand = json_array();
		for (i = known; hand != NULL && i < st->nhand[s]; i++)
			tj_push(hand, json_string("?"), bad);
		tj_push(arr, hand, bad);
	}
	return (arr);
}

/* Write the optional members; a view leaves out or hides secrets. */
static void
json_extra_save(json_t *obj, const struct tac_state *st, int viewer, int *bad)
{
	json_t	*arr, *undo;
	char	 buf[24];
	int	 s, i;

	tj_put(obj, "phase", json_string(st->phase < JSON_NPHASES ?
	    json_phases[st->phase] : "play"), bad);
	tj_put(obj, "victim", st->victim < st->cfg.nseats ?
	    json_integer(st->victim) : json_null(), bad);
	tj_put(obj, "winner", st->winner < tac_nteams(st) ?
	    json_integer(st->winner) : json_null(), bad);

	if ((arr = json_array()) != NULL) {
		for (s = 0; s < st->cfg.nseats; s++)
			tj_push(arr, json_boolean(st->announce & (1 << s)),
			    bad);
	}
	tj_put(obj, "announce", arr, bad);

	if ((arr = json_array()) != NULL) {
		for (s = 0; s < st->cfg.nseats; s++) {
			if (st->gift[s] == TAC_NONE)
				tj_push(arr, json_null(), bad);
			else if (st->gift[s] >= TAC_NCARDS ||
			    (viewer != -1 && viewer != s))
				tj_push(arr, json_string("?"), bad);
			else
				tj_push(arr, json_string(tac_card_name(
				    st->gift[s])), bad);
		}
	}
	tj_put(obj, "gifts", arr, bad);

	if (viewer == -1) {
		if ((arr = json_array()) != NULL) {
			for (i = st->ndeck - 1; i >= 0; i--)
				tj_push(arr, json_string(tac_card_name(
				    st->deck[i])), bad);
		}
		tj_put(obj, "deck", arr, bad);
	} else
		tj_put(obj, "deck_size", json_integer(st->ndeck), bad);
	tj_put(obj, "discards", tj_counts(st->discards, bad), bad);

	if (st->undo.card < TAC_NCARDS) {
		if ((undo = json_object()) != NULL) {
			tj_put(undo, "card", json_string(tac_card_name(
			    st->undo.card)), bad);
			tj_put(undo, "final", json_boolean(st->undo.final),
			    bad);
			tj_put(undo, "marbles", json_board_save(st,
			    &st->undo.before, bad), bad);
		}
		tj_put(obj, "undo", undo, bad);
	}

	if (viewer == -1) {
		snprintf(buf, sizeof buf, "%016llx",
		    (unsigned long long)st->rng);
		tj_put(obj, "rng", json_string(buf), bad);
	}
	tj_put(obj, "external", json_boolean(st->external), bad);
}

/*
 * Write a position.  viewer -1 writes everything (load gives the same
 * state back); a seat writes what that player may know (Y3); any other
 * value writes a spectator's view with every hand hidden.  NULL only when
 * out of memory.  The caller owns the reference.
 */
json_t *
tac_position_save(const struct tac_state *st, int viewer)
{
	json_t	*obj;
	int	 bad = 0;

	if ((obj = json_object()) == NULL)
		return (NULL);
	if (viewer < -1 || viewer >= st->cfg.nseats)
		viewer = TAC_MAXSEATS;
	tj_put(obj, "format", json_string(JSON_POSITION), &bad);
	tj_config_save(obj, &st->cfg, &bad);
	tj_put(obj, "dealer", json_integer(st->dealer), &bad);
	tj_put(obj, "round", json_integer(st->round), &bad);
	tj_put(obj, "played", json_integer(st->played), &bad);
	if (st->cfg.coop)
		tj_put(obj, "cards", json_integer(st->cards), &bad);
	tj_put(obj, "turn", json_integer(st->turn), &bad);
	tj_put(obj, "marbles", json_board_save(st, &st->b, &bad), &bad);
	tj_put(obj, "hands", json_hands_save(st, viewer, &bad), &bad);
	json_extra_save(obj, st, viewer, &bad);
	if (bad) {
		json_decref(obj);
		return (NULL);
	}
	return (obj);
}
