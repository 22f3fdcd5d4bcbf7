/*
 * tacjson.h: positions (tac-position/1) and game records (tac-record/1)
 * as JSON, through jansson.  See doc/notation.md.
 */
#ifndef TACJSON_H
#define TACJSON_H

#include <jansson.h>

#include "tac.h"

/* A game record: the options, how the cards were dealt, the actions. */
struct tac_record {
	struct tac_config cfg;
	int		 seeded;	/* 1: seed; 0: dealer and deals */
	uint64_t	 seed;
	int		 dealer;
	int		 ndeals;
	uint8_t		(*deals)[TAC_MAXSEATS][TAC_NCARDS];	/* counts */
	size_t		 nactions;
	char		**actions;	/* doc/notation.md text, one each */
};

/* json.c */
json_t		*tac_position_save(const struct tac_state *, int);
int		 tac_position_load(struct tac_state *, const json_t *, char *,
		     size_t);
int		 tac_record_load(struct tac_record *, const json_t *, char *,
		     size_t);
json_t		*tac_record_save(const struct tac_record *);
void		 tac_record_free(struct tac_record *);

/* record.c */
int		 tac_record_start(const struct tac_record *, struct tac_state *,
		     int *, char *, size_t);
int		 tac_record_replay(const struct tac_record *, struct tac_state *,
		     struct tac_list *, size_t *, char *, size_t);
int		 tac_record_homes(const struct tac_record *, struct tac_state *,
		     struct tac_list *, struct tac_homes *, char *, size_t);

#endif /* TACJSON_H */
