/*
 * tg-photo.c: a board drawn as a photo: a group's board message in a
 * "picture" chat, and a player's turn message with their choices drawn.
 * What the picture shows is compose's (struct compose_picture); here it
 * is drawn and put into its call.
 *
 * The board message is a photo: posted with sendPhoto, replaced after
 * moves with editMessageMedia (both multipart uploads, tg_http_upload()),
 * falling back to a new photo when the old one is gone.  Telegram cannot
 * turn a text message into a photo or back, so a photo is named
 * "photo:ID" (tg-ref.c), and a board of the other kind is posted anew.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "picture.h"
#include "tg-int.h"

/*
 * Draw a picture as a PNG (malloc'd into *png): 0, or -1 when the
 * drawing failed.
 */
int
tg_photo_draw(const struct compose_picture *p, unsigned char **png,
    size_t *len)
{
	struct picture_opts	o;

	*png = NULL;
	*len = 0;
	compose_picture_opts(p, &o);
	return (picture_render(&p->st, &o, png, len));
}

/*
 * Set up the call that shows a drawn board (req->png) in m's chat: an
 * editMessageMedia of the photo m replaces, falling back to a new photo
 * if that fails, or a sendPhoto when there is no photo to edit.  markup:
 * the buttons under it (taken), or NULL.
 */
void
tg_photo_call(struct tg *tg, struct tg_req *req, const struct compose_msg *m,
    json_t *markup)
{
	json_t	*p, *media;
	char	*caption;
	int64_t	 id;
	int	 photo;

	caption = tg_html_caption(m->caption.s, 0);
	p = json_pack("{s:s, s:s, s:s}", "chat_id", tg_chat_target(tg,
	    m->chat), "caption", caption, "parse_mode", "HTML");
	if (markup != NULL)
		json_object_set(p, "reply_markup", markup);
	req->photo = 1;
	id = tg_ref_id(m->replaces, &photo);
	if (!photo || id <= 0) {
		snprintf(req->method, sizeof req->method, "sendPhoto");
		snprintf(req->file, sizeof req->file, "photo");
		req->params = p;
		json_decref(markup);
		free(caption);
		return;
	}
	snprintf(req->fbmethod, sizeof req->fbmethod, "sendPhoto");
	snprintf(req->fbfile, sizeof req->fbfile, "photo");
	req->fallback = p;
	snprintf(req->method, sizeof req->method, "editMessageMedia");
	snprintf(req->file, sizeof req->file, "board");
	snprintf(req->edit, sizeof req->edit, "%s", m->replaces);
	media = json_pack("{s:s, s:s, s:s, s:s}", "type", "photo", "media",
	    "attach://board", "caption", caption, "parse_mode", "HTML");
	req->params = json_pack("{s:s, s:I, s:o}", "chat_id",
	    tg_chat_target(tg, m->chat), "message_id", (json_int_t)id, "media",
	    media);
	if (markup != NULL)
		json_object_set_new(req->params, "reply_markup", markup);
	free(caption);
}
