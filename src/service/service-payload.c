/*
 * service-payload.c: the payloads of the deep links a bridge posts
 * (Telegram: t.me/BOT?start=PAYLOAD, handed back as "/start PAYLOAD"):
 * "jKEY" joins the game whose key is KEY (a join link leaves the group:
 * it names the game as only its key can, never by its number), "hID"
 * opens one's own hand in game ID (for its players only).  "jID", the
 * join link of an older tacd, still reads.  An id is written in decimal
 * without leading zeros, so each link has one spelling and a payload
 * reads back only as it was written.
 *
 * Pure: no store and no service, so the bridges and the fuzzer use it
 * alone (tests/fuzz/fuzz_payload.c).
 */
#include <stdio.h>
#include <string.h>

#include "service.h"

/* A game id's digits, at most: 18 of them always fit an int64_t. */
#define SVC_PAYLOAD_DIGITS	18

/*
 * Read a deep link's payload: its kind (SVC_LINK_JOIN or SVC_LINK_HAND)
 * and game id, or SVC_LINK_NONE (id untouched) when s is no such
 * payload.
 */
int
svc_payload_parse(const char *s, int64_t *id)
{
	int64_t	n = 0;
	size_t	len, i;

	if (s[0] != SVC_LINK_JOIN && s[0] != SVC_LINK_HAND)
		return (SVC_LINK_NONE);
	len = strspn(s + 1, "0123456789");
	if (len == 0 || len > SVC_PAYLOAD_DIGITS || s[1] == '0' ||
	    s[1 + len] != '\0')
		return (SVC_LINK_NONE);
	for (i = 1; i <= len; i++)
		n = n * 10 + (s[i] - '0');
	*id = n;
	return (s[0]);
}

/*
 * Write the payload of a link of kind to game id into buf: its length,
 * or -1 (buf holds "") for a kind or id that has none or a buf too small.
 */
int
svc_payload_format(char *buf, size_t size, int kind, int64_t id)
{
	int	n;

	if (size > 0)
		buf[0] = '\0';
	if ((kind != SVC_LINK_JOIN && kind != SVC_LINK_HAND) || id <= 0 ||
	    id > SVC_PAYLOAD_MAXID)
		return (-1);
	n = snprintf(buf, size, "%c%lld", kind, (long long)id);
	if (n < 0 || (size_t)n >= size) {
		if (size > 0)
			buf[0] = '\0';
		return (-1);
	}
	return (n);
}

/* Is k a game's key: SVC_KEYLEN letters and digits? */
static int
svc_payload_iskey(const char *k)
{
	return (strlen(k) == SVC_KEYLEN && strspn(k, "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	    "abcdefghijklmnopqrstuvwxyz0123456789") == SVC_KEYLEN);
}

/*
 * Read a join link's payload that names its game by its key ("jKEY"):
 * SVC_LINK_JOIN with the key in key (SVC_KEY_MAX bytes), or
 * SVC_LINK_NONE (key untouched) when s is no such payload.
 */
int
svc_payload_key(const char *s, char *key)
{
	if (s[0] != SVC_LINK_JOIN || !svc_payload_iskey(s + 1))
		return (SVC_LINK_NONE);
	memcpy(key, s + 1, SVC_KEYLEN + 1);
	return (SVC_LINK_JOIN);
}

/*
 * Write the payload of a join link to the game whose key is key: its
 * length, or -1 (buf holds "") for what is no key or a buf too small
 * (SVC_PAYLOAD_MAX is enough).
 */
int
svc_payload_format_key(char *buf, size_t size, const char *key)
{
	if (size > 0)
		buf[0] = '\0';
	if (!svc_payload_iskey(key) || size < SVC_KEYLEN + 2)
		return (-1);
	buf[0] = SVC_LINK_JOIN;
	memcpy(buf + 1, key, SVC_KEYLEN + 1);
	return (SVC_KEYLEN + 1);
}
