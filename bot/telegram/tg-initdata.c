/*
 * tg-initdata.c: a Mini App's init data, the query string Telegram hands
 * the page (Telegram.WebApp.initData, or #tgWebAppData=... in its URL),
 * which the page sends back in "Authorization: tma <initData>".
 *
 * Telegram signs it: the data-check-string is every key=value pair but
 * "hash", values decoded, sorted by key, joined by "\n"; the secret key
 * is HMAC-SHA256 of the bot token keyed with "WebAppData", and "hash" is
 * the hex HMAC-SHA256 of the data-check-string under that secret key.
 * Nothing in the data is believed before the hash matches (compared with
 * CRYPTO_memcmp, in constant time), and then only while auth_date is
 * recent enough.
 *
 * The parser is strict where Telegram is regular: keys of letters,
 * digits and '_', each once; "%XX" escapes and '+' for a blank; no NUL;
 * at most TG_INIT_MAX bytes in TG_INIT_PAIRS pairs.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>

#include "tg-initdata.h"
#include "xmalloc.h"

#define TG_INIT_FUTURE	300	/* seconds an auth_date may be ahead */

/* The value of a hex digit, -1 if it is none. */
static int
tg_initdata_hex(int c)
{
	if (c >= '0' && c <= '9')
		return (c - '0');
	if (c >= 'a' && c <= 'f')
		return (c - 'a' + 10);
	if (c >= 'A' && c <= 'F')
		return (c - 'A' + 10);
	return (-1);
}

/*
 * Decode s (n bytes) in place: "%XX" and '+'; its new length, or -1 for
 * a broken escape or a NUL.  The result is NUL-terminated.
 */
static long
tg_initdata_decode(char *s, size_t n)
{
	size_t	i, o = 0;
	int	hi, lo;

	for (i = 0; i < n; i++) {
		if (s[i] == '+')
			s[o++] = ' ';
		else if (s[i] == '%') {
			if (i + 2 >= n)
				return (-1);
			if ((hi = tg_initdata_hex((unsigned char)s[i + 1])) < 0 ||
			    (lo = tg_initdata_hex((unsigned char)s[i + 2])) < 0)
				return (-1);
			if ((s[o++] = (char)(hi << 4 | lo)) == '\0')
				return (-1);
			i += 2;
		} else
			s[o++] = s[i];
	}
	s[o] = '\0';
	return ((long)o);
}

/* Is key a name Telegram would use (letters, digits, '_')? */
static int
tg_initdata_keyok(const char *key)
{
	size_t	n = strlen(key);

	return (n > 0 && n <= 64 && strspn(key, "abcdefghijklmnopqrstuvwxyz"
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") == n);
}

/*
 * Split init data (len bytes, not NUL-terminated) into its decoded
 * pairs.  0, or -1 with *why (a static string) for data that is not
 * init data; init is empty (and needs no freeing) then.
 */
int
tg_initdata_parse(const char *raw, size_t len, struct tg_init *init,
    const char **why)
{
	char	*p, *end, *amp, *eq;
	long	 kl, vl;
	int	 i;

	memset(init, 0, sizeof *init);
	if (len == 0 || len > TG_INIT_MAX || memchr(raw, '\0', len) != NULL) {
		*why = len == 0 ? "empty" : "too long or not text";
		return (-1);
	}
	init->buf = xmalloc(len + 1);
	memcpy(init->buf, raw, len);
	init->buf[len] = '\0';
	end = init->buf + len;
	for (p = init->buf; p < end; p = amp + 1) {
		if ((amp = memchr(p, '&', (size_t)(end - p))) == NULL)
			amp = end;
		*amp = '\0';
		if ((eq = strchr(p, '=')) == NULL) {
			*why = "a pair without '='";
			goto fail;
		}
		*eq = '\0';
		if (init->npairs == TG_INIT_PAIRS) {
			*why = "too many pairs";
			goto fail;
		}
		if ((kl = tg_initdata_decode(p, (size_t)(eq - p))) < 0 ||
		    (vl = tg_initdata_decode(eq + 1, (size_t)(amp - eq - 1))) <
		    0) {
			*why = "a broken escape";
			goto fail;
		}
		if (!tg_initdata_keyok(p)) {
			*why = "a key that is not a name";
			goto fail;
		}
		/*
		 * The signed string joins pairs with line breaks: a value
		 * with one could pass for other pairs ("g\nhash=..." reads
		 * as a second pair) under the same signature.  Telegram's
		 * values (JSON, digits, names) have none.
		 */
		if (memchr(eq + 1, '\n', (size_t)vl) != NULL) {
			*why = "a value with a line break";
			goto fail;
		}
		for (i = 0; i < init->npairs; i++) {
			if (strcmp(init->pairs[i].key, p) == 0) {
				*why = "a key given twice";
				goto fail;
			}
		}
		init->pairs[init->npairs].key = p;
		init->pairs[init->npairs].value = eq + 1;
		init->pairs[init->npairs].vlen = (size_t)vl;
		init->npairs++;
	}
	return (0);
fail:
	tg_initdata_free(init);
	return (-1);
}

/* Release what a parse holds. */
void
tg_initdata_free(struct tg_init *init)
{
	free(init->buf);
	memset(init, 0, sizeof *init);
}

/* The decoded value of a key, NULL if it is not there. */
const char *
tg_initdata_get(const struct tg_init *init, const char *key)
{
	int	i;

	for (i = 0; i < init->npairs; i++) {
		if (strcmp(init->pairs[i].key, key) == 0)
			return (init->pairs[i].value);
	}
	return (NULL);
}

/* qsort(): pairs by key, bytewise as Telegram sorts them. */
static int
tg_initdata_cmp(const void *a, const void *b)
{
	const struct tg_init_pair	*pa = *(const struct tg_init_pair *const *)a;
	const struct tg_init_pair	*pb = *(const struct tg_init_pair *const *)b;

	return (strcmp(pa->key, pb->key));
}

/*
 * Write the data-check-string into buf (len bytes, NUL-terminated if
 * there is room); its length, as snprintf() counts, so a caller can size
 * buf.  Values are copied whole, with any byte they hold.
 */
size_t
tg_initdata_string(const struct tg_init *init, char *buf, size_t len)
{
	const struct tg_init_pair	*sorted[TG_INIT_PAIRS];
	size_t				 n = 0, kl;
	int				 i, ns = 0;

	for (i = 0; i < init->npairs; i++) {
		if (strcmp(init->pairs[i].key, "hash") != 0)
			sorted[ns++] = &init->pairs[i];
	}
	qsort(sorted, (size_t)ns, sizeof sorted[0], tg_initdata_cmp);
	for (i = 0; i < ns; i++) {
		kl = strlen(sorted[i]->key);
		if (i > 0 && n < len)
			buf[n] = '\n';
		n += i > 0;
		if (n + kl + 1 + sorted[i]->vlen < len) {
			memcpy(buf + n, sorted[i]->key, kl);
			buf[n + kl] = '=';
			memcpy(buf + n + kl + 1, sorted[i]->value,
			    sorted[i]->vlen);
		}
		n += kl + 1 + sorted[i]->vlen;
	}
	if (n < len)
		buf[n] = '\0';
	else if (len > 0)
		buf[len - 1] = '\0';
	return (n);
}

/* Does the hash match the data under the bot token?  Constant time. */
static int
tg_initdata_signed(const struct tg_init *init, const char *token,
    const char *hash)
{
	unsigned char	 secret[EVP_MAX_MD_SIZE], mac[EVP_MAX_MD_SIZE];
	unsigned char	 want[32];
	unsigned int	 slen = 0, mlen = 0;
	char		*dcs;
	size_t		 n, i;
	int		 ok = 0;

	if (strlen(hash) != 2 * sizeof want)
		return (0);
	for (i = 0; i < sizeof want; i++) {
		if (tg_initdata_hex((unsigned char)hash[2 * i]) < 0 ||
		    tg_initdata_hex((unsigned char)hash[2 * i + 1]) < 0)
			return (0);
		want[i] = (unsigned char)(tg_initdata_hex((unsigned char)
		    hash[2 * i]) << 4 | tg_initdata_hex((unsigned char)
		    hash[2 * i + 1]));
	}
	n = tg_initdata_string(init, NULL, 0);
	dcs = xmalloc(n + 1);
	tg_initdata_string(init, dcs, n + 1);
	if (HMAC(EVP_sha256(), "WebAppData", 10, (const unsigned char *)token,
	    strlen(token), secret, &slen) != NULL &&
	    HMAC(EVP_sha256(), secret, (int)slen, (const unsigned char *)dcs,
	    n, mac, &mlen) != NULL && mlen == sizeof want)
		ok = CRYPTO_memcmp(mac, want, sizeof want) == 0;
	OPENSSL_cleanse(secret, sizeof secret);
	free(dcs);
	return (ok);
}

/* Read a whole number of at most 18 digits; -1 if s is none. */
static int64_t
tg_initdata_number(const char *s)
{
	size_t	n = strlen(s);

	if (n == 0 || n > 18 || strspn(s, "0123456789") != n)
		return (-1);
	return ((int64_t)strtoll(s, NULL, 10));
}

/*
 * Check init data (raw, len bytes) against the bot token at time now
 * (unix seconds): signed by Telegram, auth_date at most maxage seconds
 * old (and not from the future), a user with an id.  0 with *out
 * filled, or -1 with *why (a static string, for the log).
 */
int
tg_initdata_check(const char *raw, size_t len, const char *token,
    int64_t now, int64_t maxage, struct tg_initdata *out, const char **why)
{
	struct tg_init	 init;
	const char	*hash, *v;
	json_t		*user = NULL;
	int		 rc = -1;

	memset(out, 0, sizeof *out);
	if (tg_initdata_parse(raw, len, &init, why) != 0)
		return (-1);
	if ((hash = tg_initdata_get(&init, "hash")) == NULL) {
		*why = "no hash";
		goto out;
	}
	if (!tg_initdata_signed(&init, token, hash)) {
		*why = "a hash that does not match";
		goto out;
	}
	if ((v = tg_initdata_get(&init, "auth_date")) == NULL ||
	    (out->auth_date = tg_initdata_number(v)) < 0) {
		*why = "no auth_date";
		goto out;
	}
	if (out->auth_date > now + TG_INIT_FUTURE) {
		*why = "an auth_date in the future";
		goto out;
	}
	if (now - out->auth_date > maxage) {
		*why = "an auth_date too old";
		goto out;
	}
	if ((v = tg_initdata_get(&init, "user")) == NULL ||
	    (user = json_loads(v, JSON_REJECT_DUPLICATES, NULL)) == NULL ||
	    tg_update_person(user, &out->who) != 0 ||
	    tg_initdata_number(out->who.user) <= 0) {
		*why = "no user";
		goto out;
	}
	/* A start parameter is letters, digits, '_' and '-' (Telegram). */
	if ((v = tg_initdata_get(&init, "start_param")) != NULL &&
	    strlen(v) < sizeof out->start && strspn(v,
	    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-")
	    == strlen(v))
		snprintf(out->start, sizeof out->start, "%s", v);
	if ((v = tg_initdata_get(&init, "chat_type")) != NULL &&
	    strlen(v) < sizeof out->chat_type)
		snprintf(out->chat_type, sizeof out->chat_type, "%s", v);
	rc = 0;
out:
	json_decref(user);
	tg_initdata_free(&init);
	if (rc != 0)
		memset(out, 0, sizeof *out);
	return (rc);
}
