/*
 * check_learn.h: what the learning tests (check_learn.c) and the hints'
 * (check_hints.c) share: one service over a scratch database per test,
 * a game of u0 against three AI players in group g1, and its rows as a
 * bridge would word them.
 */
#ifndef CHECK_LEARN_H
#define CHECK_LEARN_H

#include <stdint.h>

#include "check_daemon.h"
#include "compose.h"

extern struct td cl_td;

void		 cl_setup(void);
void		 cl_teardown(void);
struct td_out	*cl_last(const char *, const char *);
char		*cl_compose(const struct td_out *, int, struct compose_msg *);
void		 cl_lang(struct td_out *, const char *);
void		 cl_whole(const char *, const char *);
int		 cl_press(const char *, const char *);
int64_t		 cl_solo(const char *);
int		 cl_to_u0(int64_t);
int		 cl_play_out(int64_t, int);

#endif /* CHECK_LEARN_H */
