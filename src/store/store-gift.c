/*
 * store-gift.c: the gifts of an exchange that is under way (D7: everyone
 * gives at once, face down).  A gift is kept here from the moment it is
 * given until the last one is in; then the service logs them all, in
 * the notation's order, and clears them.  They live in the kv table, as
 * "gift:GAME:SEAT" -> "TURN CARD WHO AT": a game holds at most one
 * exchange's worth of them, for minutes or days, and nothing else reads
 * them.  TURN is the game's turn number of the exchange, so that a gift
 * left over from another one is never taken for this one's.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <string.h>

#include "store-int.h"

/* Keep seat's gift in game's exchange at turn (the game's turn number). */
int
store_gift_put(struct store *s, int64_t game, int seat, int64_t turn,
    const struct store_gift *gift)
{
	char	key[64], value[96];

	snprintf(key, sizeof key, "gift:%lld:%d", (long long)game, seat);
	snprintf(value, sizeof value, "%lld %d %d %lld", (long long)turn,
	    gift->card, gift->who, (long long)gift->at);
	return (store_kv_set(s, key, value));
}

/*
 * The gifts of game's exchange at turn into out[seat], TAC_MAXSEATS of
 * them (card -1: that seat has not given); how many seats have given,
 * -1 on failure.  (A pointer, not an array parameter: GCC with the
 * sanitizers took the bound for the size of the caller's region.)
 */
int
store_gifts(struct store *s, int64_t game, int64_t turn,
    struct store_gift *out)
{
	struct db_stmt	*st;
	char		 lo[48], hi[48], key[64], value[96];
	long long	 t, at;
	int		 rc, seat, card, who, n = 0;

	for (seat = 0; seat < TAC_MAXSEATS; seat++) {
		out[seat].card = -1;
		out[seat].who = 0;
		out[seat].at = 0;
	}
	/* ';' follows ':': the range holds exactly the game's keys. */
	snprintf(lo, sizeof lo, "gift:%lld:", (long long)game);
	snprintf(hi, sizeof hi, "gift:%lld;", (long long)game);
	if ((st = store_stmt(s, ST_GIFTS, "SELECT key, value FROM kv "
	    "WHERE key >= ?1 AND key < ?2")) == NULL)
		return (-1);
	store_bind_text(st, 1, lo);
	store_bind_text(st, 2, hi);
	while ((rc = db_step(st)) == DB_ROW) {
		store_text(st, 0, key, sizeof key);
		store_text(st, 1, value, sizeof value);
		if (sscanf(key + strlen(lo), "%d", &seat) != 1 ||
		    sscanf(value, "%lld %d %d %lld", &t, &card, &who,
		    &at) != 4 || t != turn || seat < 0 ||
		    seat >= TAC_MAXSEATS || card < 0 || card >= TAC_NCARDS)
			continue;
		if (out[seat].card < 0)
			n++;
		out[seat].card = card;
		out[seat].who = who;
		out[seat].at = at;
	}
	db_reset(st);
	if (rc != DB_DONE)
		return (store_sqlfail(s, "gifts"));
	return (n);
}

/* Forget every gift of game (its exchange is over, or the game is). */
int
store_gifts_clear(struct store *s, int64_t game)
{
	struct db_stmt	*st;
	char		 lo[48], hi[48];

	snprintf(lo, sizeof lo, "gift:%lld:", (long long)game);
	snprintf(hi, sizeof hi, "gift:%lld;", (long long)game);
	if ((st = store_stmt(s, ST_GIFTS_CLEAR, "DELETE FROM kv "
	    "WHERE key >= ?1 AND key < ?2")) == NULL)
		return (-1);
	store_bind_text(st, 1, lo);
	store_bind_text(st, 2, hi);
	return (store_step_done(s, st, "gifts clear"));
}
