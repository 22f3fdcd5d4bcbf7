/*
 * fuzz_update.c: the Telegram update parser (bot/telegram/tg-update.c) under a
 * fuzzer.  Any bytes either are refused or give an event whose strings
 * are all there, terminated and within their buffers (a member's leaving
 * a group: its group and person, no text); a command never
 * keeps an "@BotName" suffix naming another bot.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tg.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

/* Abort unless s is NULL or a terminated string inside [buf, buf+len). */
static void
check_in(const char *s, const void *buf, size_t len, const char *what)
{
	const char	*b = buf;

	if (s == NULL)
		return;
	if (s < b || s >= b + len || memchr(s, '\0', (size_t)(b + len - s)) ==
	    NULL) {
		fprintf(stderr, "%s is not inside its buffer\n", what);
		abort();
	}
}

/* Check one input; abort() tells the fuzzer it found a bug. */
int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct tg_update	 u;
	const struct svc_event	*ev = &u.ev;
	int			 rc;

	rc = tg_update_parse((const char *)data, size, "TacTestBot", &u);
	if (rc < 0)
		return (0);
	if (ev->update_id < 0 || ev->platform == NULL ||
	    strcmp(ev->platform, TG_PLATFORM) != 0) {
		fprintf(stderr, "bad update id or platform\n");
		abort();
	}
	/* A migration's new id or a kept callback id is a terminated string. */
	if (memchr(u.migrate, '\0', sizeof u.migrate) == NULL ||
	    memchr(u.callback, '\0', sizeof u.callback) == NULL ||
	    (u.migrate[0] != '\0' && rc != 0)) {
		fprintf(stderr, "a bad migration or callback id\n");
		abort();
	}
	if (rc == 0) {
		if (ev->text != NULL || ev->data != NULL) {
			fprintf(stderr, "an ignored update carries text\n");
			abort();
		}
		return (0);
	}
	/* A member's leaving names its group and person, and carries no
	   text: the service acts on who left, never on words. */
	if (ev->kind == SVC_EV_LEFT ? ev->chat == NULL || ev->user == NULL ||
	    ev->private_chat || ev->text != NULL || ev->data != NULL :
	    ev->chat == NULL || ev->user == NULL || ev->user_name == NULL ||
	    (ev->text == NULL) == (ev->data == NULL)) {
		fprintf(stderr, "an event without chat, user or text\n");
		abort();
	}
	check_in(ev->chat, u.chat, sizeof u.chat, "chat");
	check_in(ev->user, u.user, sizeof u.user, "user");
	check_in(ev->user_name, u.name, sizeof u.name, "name");
	check_in(ev->chat_title, u.title, sizeof u.title, "title");
	check_in(ev->lang, u.lang, sizeof u.lang, "lang");
	check_in(ev->text, u.text, sizeof u.text, "text");
	check_in(ev->data, u.text, sizeof u.text, "data");
	check_in(ev->callback, u.callback, sizeof u.callback, "callback");
	if (ev->kind == SVC_EV_BUTTON && ev->callback == NULL) {
		fprintf(stderr, "a button press without a callback id\n");
		abort();
	}
	if (ev->text != NULL && ev->text[0] == '/' &&
	    strchr(ev->text, '@') != NULL &&
	    strchr(ev->text, '@') < ev->text + strcspn(ev->text, " \t\n")) {
		fprintf(stderr, "\"%s\": the @ suffix stayed\n", ev->text);
		abort();
	}
	return (0);
}
