/*
 * upload.c: drive tg_http_upload() (bot/telegram/tg-http.c) alone against the fake
 * Bot API, for tests/tg/photo.sh: send a PNG with sendPhoto (a caption
 * and an inline keyboard as form fields), then replace it with a second
 * PNG through editMessageMedia, the way the bridge posts and edits a board
 * picture.  Prints one line per call: "METHOD ok ID" or "METHOD fail
 * STATUS DESCRIPTION".
 *
 * usage: upload API-URL TOKEN-FILE CHAT FIRST.png SECOND.png
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <syslog.h>

#include "log.h"
#include "tg-int.h"

static int64_t	 message_id;
static int	 failures;

/* Read a whole file into a malloc'd buffer; exits on failure. */
static unsigned char *
upload_read(const char *path, size_t *len)
{
	FILE		*f;
	unsigned char	*buf;
	long		 n;

	if ((f = fopen(path, "rb")) == NULL || fseek(f, 0, SEEK_END) != 0 ||
	    (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0)
		fatal("%s", path);
	if ((buf = malloc(n > 0 ? n : 1)) == NULL ||
	    fread(buf, 1, n, f) != (size_t)n)
		fatal("%s", path);
	fclose(f);
	*len = n;
	return (buf);
}

/* Print a call's outcome and remember the message it made. */
static void
upload_done(struct tg *tg, const struct tg_result *r, void *arg)
{
	json_t	*id;

	(void)arg;
	if (!r->ok) {
		failures++;
		printf("%s fail %ld %s\n", r->method, r->status, r->desc);
	} else {
		id = json_object_get(r->result, "message_id");
		if (json_is_integer(id))
			message_id = json_integer_value(id);
		printf("%s ok %lld\n", r->method, (long long)message_id);
	}
	event_base_loopbreak(tg->base);
}

/* Send, then edit; exit 0 if both calls succeeded. */
int
main(int argc, char **argv)
{
	struct tg	 tg;
	unsigned char	*png;
	size_t		 len;
	json_t		*fields;
	FILE		*f;
	char		*nl;

	if (argc != 6) {
		fprintf(stderr, "usage: upload API-URL TOKEN-FILE CHAT "
		    "FIRST.png SECOND.png\n");
		return (2);
	}
	log_init("upload", 1, LOG_WARNING);
	memset(&tg, 0, sizeof tg);
	snprintf(tg.api, sizeof tg.api, "%s", argv[1]);
	if ((f = fopen(argv[2], "r")) == NULL ||
	    fgets(tg.token, sizeof tg.token, f) == NULL)
		fatal("%s", argv[2]);
	fclose(f);
	if ((nl = strchr(tg.token, '\n')) != NULL)
		*nl = '\0';
	if (curl_global_init(CURL_GLOBAL_DEFAULT) != 0 ||
	    (tg.base = event_base_new()) == NULL || tg_http_init(&tg) != 0)
		fatalx("cannot set up libcurl and libevent");

	png = upload_read(argv[4], &len);
	fields = json_pack("{s:I, s:s, s:{s:[[{s:s, s:s}]]}}", "chat_id",
	    (json_int_t)strtoll(argv[3], NULL, 10), "caption", "Game #1",
	    "reply_markup", "inline_keyboard", "text", "Board",
	    "callback_data", "1::board");
	tg_http_upload(&tg, "sendPhoto", fields, "photo", png, len, 20,
	    upload_done, NULL);
	free(png);	/* the call keeps its own copy */
	event_base_dispatch(tg.base);

	if (failures == 0) {
		png = upload_read(argv[5], &len);
		fields = json_pack("{s:I, s:I, s:{s:s, s:s, s:s}}", "chat_id",
		    (json_int_t)strtoll(argv[3], NULL, 10), "message_id",
		    (json_int_t)message_id, "media", "type", "photo", "media",
		    "attach://board", "caption", "Game #1, turn 2");
		tg_http_upload(&tg, "editMessageMedia", fields, "board", png,
		    len, 20, upload_done, NULL);
		free(png);
		event_base_dispatch(tg.base);
	}
	tg_http_free(&tg);
	event_base_free(tg.base);
	curl_global_cleanup();
	return (failures == 0 ? 0 : 1);
}
