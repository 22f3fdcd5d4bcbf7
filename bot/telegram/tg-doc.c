/*
 * tg-doc.c: a document (a finished game's record, tac-record/1) sent to
 * a chat with sendDocument: a multipart upload of the file under its
 * name, the message's text as the caption.
 *
 * A refused document (400, or 403) or one given up after its tries is
 * not lost in silence: the words composed for that case (which say so,
 * and where the game's actions can still be read) go as a text message
 * instead (tg-result.c), and a chat that cannot be written to at all
 * refuses that too and is dropped as any other message.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tg-int.h"
#include "utf8.h"
#include "xmalloc.h"

/*
 * Set up the call that sends m's document (m->file) to its chat; html
 * is m's text as HTML, the text that stands in should the caption be
 * all there is to send.
 */
void
tg_doc_call(struct tg *tg, struct tg_req *req, const struct compose_msg *m,
    const char *html)
{
	struct rbuf	 alt = { NULL, 0, 0 };
	char		 caption[TG_CAPTIONMAX + 1];
	const char	*text = m->text.s != NULL ? m->text.s : "";
	size_t		 n;

	n = utf8_cut(text, TG_CAPTIONMAX);
	memcpy(caption, text, n);
	caption[n] = '\0';
	snprintf(req->method, sizeof req->method, "sendDocument");
	snprintf(req->file, sizeof req->file, "document");
	snprintf(req->fname, sizeof req->fname, "%s", m->filename);
	req->doc = 1;
	req->png = xmalloc(m->filelen > 0 ? m->filelen : 1);
	memcpy(req->png, m->file, m->filelen);
	req->pnglen = m->filelen;
	req->params = json_pack("{s:s, s:s}", "chat_id", tg_chat_target(tg,
	    m->chat), "caption", caption);
	if (m->alt.len > 0)
		tg_html_escape(&alt, m->alt.s, TG_CAPTIONMAX);
	req->textfb = json_pack("{s:s, s:s, s:s}", "chat_id",
	    tg_chat_target(tg, m->chat), "text", alt.s != NULL ? alt.s : html,
	    "parse_mode", "HTML");
	rbuf_free(&alt);
}
