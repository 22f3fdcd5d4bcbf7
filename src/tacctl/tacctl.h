/*
 * tacctl.h: the engine's command-line companion.
 *
 * Exit codes: 0 success, 1 an illegal action (the input was well formed but
 * the rules refuse it), 2 bad input or bad usage.
 */
#ifndef TACCTL_H
#define TACCTL_H

#include <stdint.h>
#include <stdio.h>

#include <jansson.h>

#include "tac.h"
#include "tacjson.h"

#define TACCTL_ILLEGAL	1
#define TACCTL_BADINPUT	2

/* tacctl.c */
extern const char	*tacctl_progname;
void		 tacctl_die(int, const char *, ...)
		     __attribute__((__format__(__printf__, 2, 3),
		     __noreturn__));
void		 tacctl_usage(void) __attribute__((__noreturn__));
void		*tacctl_alloc(size_t);
uint64_t	 tacctl_number(const char *, const char *, uint64_t,
		     uint64_t);
json_t		*tacctl_read_json(const char *);
void		 tacctl_print_json(FILE *, const json_t *);

/* tacctl-engine.c */
int		 cmd_legal(int, char **);
int		 cmd_apply(int, char **);
int		 cmd_replay(int, char **);

/* tacctl-sim.c */
int		 cmd_sim(int, char **);

/* tacctl-hint.c */
int		 cmd_hint(int, char **);
int		 cmd_review(int, char **);

/* tacctl-arena.c */
int		 cmd_arena(int, char **);

/* tacctl-admin.c */
extern const char	*tacctl_config;
int		 cmd_games(int, char **);
int		 cmd_show(int, char **);
int		 cmd_export(int, char **);
int		 cmd_verify(int, char **);
int		 cmd_backup(int, char **);
struct store;
struct store	*tacctl_db_open(const char *, const char *, int);

/* tacctl-stats.c */
int		 cmd_stats(int, char **);

/* tacctl-render.c */
int		 cmd_render(int, char **);

#endif /* TACCTL_H */
