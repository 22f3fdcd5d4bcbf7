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

/*
 * What a run of games is (tacctl sim, arena): how many, the seed, the
 * rules; tacctl_games_opt() reads the options they share, which go first
 * in their tables (TACCTL_GAMES_LONGOPTS, TACCTL_GAMES_OPTSTRING).
 */
struct tacctl_games {
	long long		 games;
	uint64_t		 seed;
	struct tac_config	 cfg;
	int			 seen;		/* --games 1, --seed 2 */
};
#define TACCTL_GAMES_LONGOPTS \
	{ "games", required_argument, NULL, 'g' }, \
	{ "seed", required_argument, NULL, 's' }, \
	{ "players", required_argument, NULL, 'p' }, \
	{ "teams", required_argument, NULL, 't' }, \
	{ "no-master", no_argument, NULL, 'M' }
#define TACCTL_GAMES_OPTSTRING	"g:s:p:t:M"

/* tacctl.c */
extern const char	*tacctl_progname;
void		 tacctl_die(int, const char *, ...)
		     __attribute__((__format__(__printf__, 2, 3),
		     __noreturn__));
void		 tacctl_usage(void) __attribute__((__noreturn__));
void		*tacctl_alloc(size_t);
void		 tacctl_write_all(int, const void *, size_t);
int		 tacctl_read_all(int, void *, size_t);
uint64_t	 tacctl_number(const char *, const char *, uint64_t,
		     uint64_t);
json_t		*tacctl_read_json(const char *);
void		 tacctl_print_json(FILE *, const json_t *);
void		 tacctl_games_init(struct tacctl_games *);
int		 tacctl_games_opt(struct tacctl_games *, int, const char *);
void		 tacctl_games_check(struct tacctl_games *);

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
int		 cmd_copy(int, char **);
struct store;
struct store	*tacctl_db_open(const char *, const char *, int);

/* tacctl-stats.c */
int		 cmd_stats(int, char **);

/* tacctl-render.c */
int		 cmd_render(int, char **);

#endif /* TACCTL_H */
