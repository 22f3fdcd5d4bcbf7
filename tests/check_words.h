/*
 * check_words.h: what the words tests (check_words.c) share with their
 * property test over random games (check_words_walk.c).
 */
#ifndef CHECK_WORDS_H
#define CHECK_WORDS_H

#include <check.h>

#include "render.h"

void	words_game(struct render_game *, const char *, int,
	    const char *const *);
void	words_props(TCase *);
Suite	*suite_read(void);
Suite	*suite_labels(void);

#endif /* CHECK_WORDS_H */
