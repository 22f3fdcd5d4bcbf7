/*
 * tg-ref.c: how the Telegram bridge names a message to the service, which
 * keeps the name as it is and gives it back in rows: "ID", or
 * "photo:ID" for a photo (tg.h).  Telegram cannot turn a text message
 * into a photo or back, and a photo's words are edited as its caption,
 * so the name says which it is.  Pure, for the update parser and its
 * fuzzer too.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tg.h"

/* Name message id, a photo or not, into buf. */
void
tg_ref_make(char *buf, size_t len, int64_t id, int photo)
{
	snprintf(buf, len, "%s%lld", photo ? TG_PHOTO_PREFIX : "",
	    (long long)id);
}

/*
 * The message id a name gives ("" or NULL: none, 0), and *photo: whether
 * that message is a photo.
 */
int64_t
tg_ref_id(const char *ref, int *photo)
{
	size_t	n = strlen(TG_PHOTO_PREFIX);

	*photo = 0;
	if (ref == NULL)
		return (0);
	if (strncmp(ref, TG_PHOTO_PREFIX, n) == 0) {
		*photo = 1;
		ref += n;
	}
	return (strtoll(ref, NULL, 10));
}
