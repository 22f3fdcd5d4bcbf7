/*
 * record.c: game records (tac-record/1): reading, writing, replaying.
 *
 * A record is the options, how the cards came (a seed, or a dealer and
 * the hands of every deal) and the actions in doc/notation.md text.  The same
 * record always replays to the same game (Y2).
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tac.h"
#include "tacjson.h"
#include "jsonutil.h"

/* Feed the record's next deal to a game waiting for one. */
static int
record_deal(const struct tac_record *rec, struct tac_state *st, int *next,
    char *why, size_t len)
{
	char	reason[256];

	if (rec->seeded || *next >= rec->ndeals)
		return (tj_fail(why, len, "deals: the game needs deal %d "
		    "and the record has %d", *next + 1, rec->ndeals));
	reason[0] = '\0';
	if (tac_deal(st, (const uint8_t (*)[TAC_NCARDS])rec->deals[*next],
	    reason, sizeof reason) != 0)
		return (tj_fail(why, len, "deals[%d]: %s", *next, reason));
	(*next)++;
	return (0);
}

/*
 * Start the game a record describes: seeded (dealt from the seed), or
 * with the record's dealer and its first deal.  *next_deal is the index
 * of the record's next unused deal.
 */
int
tac_record_start(const struct tac_record *rec, struct tac_state *st,
    int *next_deal, char *why, size_t len)
{
	int	next = 0;

	if (tac_config_check(&rec->cfg, why, len) != 0)
		return (-1);
	if (rec->seeded)
		tac_init(st, &rec->cfg, rec->seed);
	else {
		if (rec->dealer < 0 || rec->dealer >= rec->cfg.nseats)
			return (tj_fail(why, len, "dealer: must be 0..%d",
			    rec->cfg.nseats - 1));
		tac_init_dealt(st, &rec->cfg, rec->dealer);
		if (record_deal(rec, st, &next, why, len) != 0)
			return (-1);
	}
	if (next_deal != NULL)
		*next_deal = next;
	return (0);
}

/*
 * Replay a record into st as tac_record_replay() does, counting each
 * action into h (if not NULL).
 */
static int
record_replay(const struct tac_record *rec, struct tac_state *st,
    struct tac_list *list, size_t *failed_index, struct tac_homes *h,
    char *why, size_t len)
{
	struct tac_state	before;
	struct tac_action	a;
	size_t			i, dummy;
	int			next;

	if (failed_index == NULL)
		failed_index = &dummy;
	*failed_index = 0;
	if (tac_record_start(rec, st, &next, why, len) != 0)
		return (-1);
	for (i = 0; i < rec->nactions; i++) {
		*failed_index = i;
		if (st->phase == TAC_PH_DEAL &&
		    record_deal(rec, st, &next, why, len) != 0)
			return (-1);
		if (h != NULL)
			before = *st;
		if (tac_action_parse(rec->actions[i], &a, why, len) != 0 ||
		    tac_apply(st, &a, list, why, len) < 0)
			return (-1);
		if (h != NULL)
			tac_homes_add(h, &before, st);
	}
	/* A record may stop right after a deal, before its exchange. */
	*failed_index = rec->nactions;
	if (st->phase == TAC_PH_DEAL && next < rec->ndeals &&
	    record_deal(rec, st, &next, why, len) != 0)
		return (-1);
	return (0);
}

/*
 * Replay a whole record into st, feeding deals as the game asks for them.
 * On failure *failed_index is the index of the action that could not be
 * played (or that waited for a missing deal); it is 0 when the record
 * cannot even start and rec->nactions when a deal after the last action
 * fails.  list is scratch for tac_apply().
 */
int
tac_record_replay(const struct tac_record *rec, struct tac_state *st,
    struct tac_list *list, size_t *failed_index, char *why, size_t len)
{
	return (record_replay(rec, st, list, failed_index, NULL, why, len));
}

/*
 * Replay a record as tac_record_replay() does and count each team's
 * marbles at home per round into h (tac_homes_add()).
 */
int
tac_record_homes(const struct tac_record *rec, struct tac_state *st,
    struct tac_list *list, struct tac_homes *h, char *why, size_t len)
{
	tac_homes_init(h);
	return (record_replay(rec, st, list, NULL, h, why, len));
}

/* Read a seed: a JSON integer >= 0, or a decimal string up to 2^64-1. */
static int
json_seed(const json_t *v, uint64_t *seed, char *why, size_t len)
{
	const char	*p;
	uint64_t	 x = 0;
	size_t		 i, n;

	if (json_is_integer(v) && json_integer_value(v) >= 0) {
		*seed = json_integer_value(v);
		return (0);
	}
	if (!json_is_string(v))
		goto bad;
	p = json_string_value(v);
	n = json_string_length(v);
	if (n == 0 || n > 20 || (n > 1 && p[0] == '0'))
		goto bad;
	for (i = 0; i < n; i++) {
		if (p[i] < '0' || p[i] > '9')
			goto bad;
		if (x > (UINT64_MAX - (uint64_t)(p[i] - '0')) / 10)
			goto bad;
		x = x * 10 + (uint64_t)(p[i] - '0');
	}
	*seed = x;
	return (0);
bad:
	return (tj_fail(why, len, "seed: must be an integer >= 0 or a "
	    "decimal string"));
}

/* Read the deals of a record: per round, the hands as dealt. */
static int
json_deals(struct tac_record *r, const json_t *arr, char *why, size_t len)
{
	const json_t	*deal;
	char		 path[48], field[32];
	uint8_t		 left[TAC_NCARDS];
	size_t		 d;
	int		 s;

	if (!json_is_array(arr) || json_array_size(arr) == 0)
		return (tj_fail(why, len, "deals: must be a non-empty array "
		    "of deals"));
	if (json_array_size(arr) > INT16_MAX)
		return (tj_fail(why, len, "deals: too many deals"));
	r->deals = calloc(json_array_size(arr), sizeof *r->deals);
	if (r->deals == NULL)
		return (tj_fail(why, len, "deals: out of memory"));
	r->ndeals = json_array_size(arr);
	for (d = 0; d < json_array_size(arr); d++) {
		deal = json_array_get(arr, d);
		if (!json_is_array(deal) ||
		    json_array_size(deal) != r->cfg.nseats)
			return (tj_fail(why, len, "deals[%zu]: must be an "
			    "array of %d hands", d, r->cfg.nseats));
		/* One deal cannot hold more of a card than the deck. */
		tac_deck_fill(&r->cfg, left);
		snprintf(field, sizeof field, "deals[%zu]", d);
		for (s = 0; s < r->cfg.nseats; s++) {
			snprintf(path, sizeof path, "deals[%zu][%d]", d, s);
			if (tj_cards(json_array_get(deal, s), path, field,
			    left, r->deals[d][s], NULL, NULL, why, len) != 0)
				return (-1);
		}
	}
	return (0);
}

/* Read the actions of a record, copying each string. */
static int
json_actions(struct tac_record *r, const json_t *arr, char *why, size_t len)
{
	const json_t	*v;
	size_t		 i, n;

	if (arr == NULL)
		return (tj_fail(why, len, "actions: missing"));
	if (!json_is_array(arr))
		return (tj_fail(why, len, "actions: must be an array of "
		    "strings"));
	n = json_array_size(arr);
	if (n == 0)
		return (0);
	if ((r->actions = calloc(n, sizeof *r->actions)) == NULL)
		return (tj_fail(why, len, "actions: out of memory"));
	for (i = 0; i < n; i++) {
		v = json_array_get(arr, i);
		if (!json_is_string(v))
			return (tj_fail(why, len, "actions[%zu]: must be a "
			    "string", i));
		if (strlen(json_string_value(v)) != json_string_length(v))
			return (tj_fail(why, len, "actions[%zu]: contains a "
			    "NUL byte", i));
		r->actions[i] = malloc(json_string_length(v) + 1);
		if (r->actions[i] == NULL)
			return (tj_fail(why, len, "actions: out of memory"));
		memcpy(r->actions[i], json_string_value(v),
		    json_string_length(v) + 1);
		r->nactions = i + 1;
	}
	return (0);
}

/*
 * Load a tac-record/1 document.  On success the caller owns rec and frees
 * it with tac_record_free(); on failure rec is left empty (freeing it is
 * harmless) and why names the field.
 */
int
tac_record_load(struct tac_record *rec, const json_t *obj, char *why,
    size_t len)
{
	static const char	*record = JSON_RECORD;
	struct tac_record	 r;
	const json_t		*seed, *deals;
	long long		 n;

	memset(&r, 0, sizeof r);
	memset(rec, 0, sizeof *rec);
	if (!json_is_object(obj))
		return (tj_fail(why, len, "record: must be a JSON object"));
	if (tj_choice(obj, "format", &record, 1, "\"" JSON_RECORD "\"", why,
	    len) < 0 ||
	    tj_config_load(obj, &r.cfg, why, len) != 0 ||
	    tac_config_check(&r.cfg, why, len) != 0)
		return (-1);

	seed = json_object_get(obj, "seed");
	deals = json_object_get(obj, "deals");
	if (seed != NULL && (deals != NULL ||
	    json_object_get(obj, "dealer") != NULL)) {
		tj_fail(why, len, "seed: give either seed or dealer and "
		    "deals, not both");
		goto fail;
	}
	if (seed != NULL) {
		r.seeded = 1;
		if (json_seed(seed, &r.seed, why, len) != 0)
			goto fail;
	} else if (deals == NULL) {
		tj_fail(why, len, "seed: missing (or dealer and deals)");
		goto fail;
	} else {
		if (tj_int(obj, "dealer", 0, r.cfg.nseats - 1, &n, why,
		    len) != 0)
			goto fail;
		r.dealer = n;
		if (json_deals(&r, deals, why, len) != 0)
			goto fail;
	}
	if (json_actions(&r, json_object_get(obj, "actions"), why, len) != 0)
		goto fail;
	*rec = r;
	return (0);
fail:
	tac_record_free(&r);
	return (-1);
}

/* Write a record; NULL only when out of memory.  The caller owns it. */
json_t *
tac_record_save(const struct tac_record *rec)
{
	json_t	*obj, *arr, *deal;
	char	 buf[24];
	size_t	 i;
	int	 d, s, bad = 0;

	if ((obj = json_object()) == NULL)
		return (NULL);
	tj_put(obj, "format", json_string(JSON_RECORD), &bad);
	tj_config_save(obj, &rec->cfg, &bad);
	if (rec->seeded) {
		/* Beyond 2^53 many JSON readers lose digits: use a string. */
		if (rec->seed <= (UINT64_C(1) << 53))
			tj_put(obj, "seed", json_integer(rec->seed), &bad);
		else {
			snprintf(buf, sizeof buf, "%llu",
			    (unsigned long long)rec->seed);
			tj_put(obj, "seed", json_string(buf), &bad);
		}
	} else {
		tj_put(obj, "dealer", json_integer(rec->dealer), &bad);
		if ((arr = json_array()) != NULL) {
			for (d = 0; d < rec->ndeals; d++) {
				if ((deal = json_array()) == NULL) {
					bad = 1;
					continue;
				}
				for (s = 0; s < rec->cfg.nseats; s++)
					tj_push(deal, tj_counts(
					    rec->deals[d][s], &bad), &bad);
				tj_push(arr, deal, &bad);
			}
		}
		tj_put(obj, "deals", arr, &bad);
	}
	if ((arr = json_array()) != NULL) {
		for (i = 0; i < rec->nactions; i++)
			tj_push(arr, json_string(rec->actions[i]), &bad);
	}
	tj_put(obj, "actions", arr, &bad);
	if (bad) {
		json_decref(obj);
		return (NULL);
	}
	return (obj);
}

/* Release what a record holds and leave it empty. */
void
tac_record_free(struct tac_record *rec)
{
	size_t	i;

	if (rec == NULL)
		return;
	for (i = 0; i < rec->nactions; i++)
		free(rec->actions[i]);
	free(rec->actions);
	free(rec->deals);
	memset(rec, 0, sizeof *rec);
}
