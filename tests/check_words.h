/*
 * check_words.h: what the words tests (check_words.c) share with their
 * property test over random games (check_words_walk.c).
 */
#ifndef CHECK_WORDS_H
#define CHECK_WORDS_H

#include <check.h>

#include "render.h"

/*
 * What a message's buttons may be on a phone, fixed by the design and
 * written here, not read from the product (MENU_KEYS, RENDER_LABELMAX):
 * a constant raised there must fail these tests.
 */
#define WORDS_KEYS_MAX	12	/* buttons of one message */
#define WORDS_LABEL_MAX	40	/* characters of a button's label */

void	words_game(struct render_game *, const char *, int,
	    const char *const *);
void	words_props(TCase *);
Suite	*suite_read(void);
Suite	*suite_labels(void);

#endif /* CHECK_WORDS_H */
