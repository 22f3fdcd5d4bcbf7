/*
 * policy.h: simple move choosers for tacctl sim.
 *
 * Both take the legal actions of the position (from tac_legal()) and a
 * generator state of the caller's, separate from the game's own, and
 * return the index of the chosen action, or -1 when the list is empty.
 */
#ifndef POLICY_H
#define POLICY_H

#include <stdint.h>

#include "tac.h"

int	policy_random(const struct tac_state *, const struct tac_list *,
	    uint64_t *);
int	policy_greedy(const struct tac_state *, const struct tac_list *,
	    uint64_t *);

#endif /* POLICY_H */
