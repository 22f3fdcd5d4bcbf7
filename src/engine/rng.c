/*
 * rng.c: the seeded generator behind every shuffle and the first dealer.
 *
 * splitmix64: one 64-bit word of state, so a game's randomness is stored
 * with the game and replays exactly on any machine (Y2).
 */
#include "tac.h"

/* Return the next 64 random bits and advance the state. */
uint64_t
tac_rng_next(uint64_t *state)
{
	uint64_t z;

	z = (*state += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* Return a uniform number below bound, without modulo bias (Lemire). */
uint32_t
tac_rng_below(uint64_t *state, uint32_t bound)
{
	uint64_t m;
	uint32_t low, threshold;

	if (bound <= 1)
		return 0;
	m = (uint64_t)(uint32_t)(tac_rng_next(state) >> 32) * bound;
	low = (uint32_t)m;
	if (low < bound) {
		threshold = -bound % bound;
		while (low < threshold) {
			m = (uint64_t)(uint32_t)(tac_rng_next(state) >> 32) *
			    bound;
			low = (uint32_t)m;
		}
	}
	return m >> 32;
}

/* Shuffle n cards in place (Fisher-Yates). */
void
tac_rng_shuffle(uint64_t *state, uint8_t *cards, int n)
{
	int i, j;
	uint8_t t;

	for (i = n - 1; i > 0; i--) {
		j = tac_rng_below(state, i + 1);
		t = cards[i];
		cards[i] = cards[j];
		cards[j] = t;
	}
}
