/*
 * jsonutil.h: the JSON helpers shared by positions (json.c) and records
 * (record.c).  Private to the engine; the only engine header that needs
 * jansson besides tacjson.h.
 */
#ifndef TAC_JSONUTIL_H
#define TAC_JSONUTIL_H

#include <jansson.h>

#include "tac.h"

#define JSON_POSITION	"tac-position/1"
#define JSON_RECORD	"tac-record/1"

int	 tj_fail(char *, size_t, const char *, ...)
	     __attribute__((format(printf, 3, 4)));
int	 tj_card(const json_t *, const char *, char *, size_t);
int	 tj_take(uint8_t [TAC_NCARDS], int, const char *, char *, size_t);
int	 tj_cards(const json_t *, const char *, const char *,
	     uint8_t [TAC_NCARDS], uint8_t [TAC_NCARDS], uint8_t *, size_t *,
	     char *, size_t);
int	 tj_int(const json_t *, const char *, long long, long long,
	     long long *, char *, size_t);
int	 tj_bool(const json_t *, const char *, const char *, int, int *,
	     char *, size_t);
int	 tj_choice(const json_t *, const char *, const char *const *, size_t,
	     const char *, char *, size_t);
int	 tj_config_load(const json_t *, struct tac_config *, char *, size_t);
void	 tj_put(json_t *, const char *, json_t *, int *);
void	 tj_push(json_t *, json_t *, int *);
void	 tj_config_save(json_t *, const struct tac_config *, int *);
json_t	*tj_counts(const uint8_t [TAC_NCARDS], int *);

#endif /* TAC_JSONUTIL_H */
