/*
 * fuzz_payload.c: the deep links' payloads (svc_payload_parse,
 * svc_payload_key) under a fuzzer.
 *
 * The input, as text, is read as a payload: what parses is a join or
 * hand link to a game id from 1 to SVC_PAYLOAD_MAXID, or a join link to
 * a game's key, and written back by svc_payload_format() or
 * svc_payload_format_key() it is the input byte for byte (one spelling a
 * link); no text is both.  Its first eight bytes are also taken as a game
 * id and a kind: what is written for them reads back the same, and what
 * cannot be written leaves an empty buffer.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "service.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

/* Stop the fuzzer with what went wrong. */
static void
fail(const char *what, const char *text)
{
	fprintf(stderr, "%s (\"%s\")\n", what, text);
	abort();
}

/* Write a payload for kind and id, and read it back. */
static void
roundtrip(int kind, int64_t id)
{
	char	buf[SVC_PAYLOAD_MAX], small[4];
	int64_t	back = 0;
	int	n;

	n = svc_payload_format(buf, sizeof buf, kind, id);
	if ((kind != SVC_LINK_JOIN && kind != SVC_LINK_HAND) || id <= 0 ||
	    id > SVC_PAYLOAD_MAXID) {
		if (n != -1 || buf[0] != '\0')
			fail("a payload for no link", buf);
		return;
	}
	if (n <= 0 || (size_t)n != strlen(buf))
		fail("a payload's length is wrong", buf);
	if (svc_payload_parse(buf, &back) != kind || back != id)
		fail("a payload does not read back", buf);
	/* A buffer too small: -1 and nothing, never a cut payload. */
	n = svc_payload_format(small, sizeof small, kind, id);
	if (strlen(buf) >= sizeof small ? n != -1 || small[0] != '\0' :
	    strcmp(small, buf) != 0)
		fail("a short buffer got a cut payload", small);
}

/* One input: a payload to read, and a kind and id to write. */
int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char	*text, buf[SVC_PAYLOAD_MAX], key[SVC_KEY_MAX];
	int64_t	 id = -1;
	uint64_t raw = 0;
	size_t	 i;
	int	 kind;

	if ((text = malloc(size + 1)) == NULL)
		return (0);
	memcpy(text, data, size);
	text[size] = '\0';
	kind = svc_payload_parse(text, &id);
	if (kind != SVC_LINK_NONE) {
		if (kind != SVC_LINK_JOIN && kind != SVC_LINK_HAND)
			fail("a kind of no link", text);
		if (id <= 0 || id > SVC_PAYLOAD_MAXID)
			fail("a game id out of range", text);
		if (svc_payload_format(buf, sizeof buf, kind, id) < 0 ||
		    strcmp(buf, text) != 0)
			fail("a payload read is not written the same", text);
	} else if (id != -1)
		fail("no payload, yet the id was set", text);
	key[0] = '\0';
	if (svc_payload_key(text, key) == SVC_LINK_JOIN) {
		if (kind != SVC_LINK_NONE)
			fail("a payload both a number and a key", text);
		if (strlen(key) != SVC_KEYLEN || svc_payload_format_key(buf,
		    sizeof buf, key) != SVC_KEYLEN + 1 || strcmp(buf, text) != 0)
			fail("a key read is not written the same", text);
	} else if (key[0] != '\0')
		fail("no key, yet the key was set", text);
	else if (svc_payload_format_key(buf, sizeof buf, text) != -1) {
		/* The text is itself a key (not a key's payload): its link. */
		if (svc_payload_key(buf, key) != SVC_LINK_JOIN ||
		    strcmp(key, text) != 0)
			fail("a key's payload does not read back", text);
	} else if (buf[0] != '\0')
		fail("a payload made of what is no key", text);
	for (i = 0; i < 8 && i < size; i++)
		raw = raw << 8 | data[i];
	roundtrip(size > 8 ? data[8] : SVC_LINK_JOIN, (int64_t)raw);
	roundtrip(SVC_LINK_HAND, (int64_t)(raw % (uint64_t)SVC_PAYLOAD_MAXID) +
	    1);
	free(text);
	return (0);
}
