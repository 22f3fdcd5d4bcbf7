/*
 * check_ai.h: what the AI's suites share (tests/check_ai.c,
 * tests/check_hint.c).
 */
#ifndef CHECK_AI_H
#define CHECK_AI_H

#include <stdint.h>

#include <check.h>

#include "tac.h"

void	 ca_reshuffle(struct tac_state *, uint64_t *);
Suite	*suite_hint(void);

#endif /* CHECK_AI_H */
