/*
 * tg-photo.c: a game's board as a photo, for chats whose board style is
 * "picture", and a player's turn message as one, with their choices
 * drawn on the board.
 *
 * The board message is a photo: posted with sendPhoto, replaced after
 * moves with editMessageMedia (both multipart uploads, tg_http_upload()).
 * Telegram cannot turn a text message into a photo or back, so the kind
 * of the board message is kept with its id: "photo:ID" for a photo, "ID"
 * for a text board, and a board of the other kind is posted anew.
 *
 * Board messages posted outside a "board" row (a failed edit's
 * replacement, a style change) are recorded with the service too
 * (svc_message_set()), so the next edit finds them, also after a restart.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compose.h"
#include "i18n.h"
#include "picture.h"
#include "tg-int.h"

/* Is the chat's board to be a picture (the default) for this game? */
int
tg_photo_wanted(const struct svc_game *g)
{
	return (strcmp(g->board, "text") != 0 && g->state != SVC_LOBBY);
}

/*
 * The message id in a board message reference ("photo:ID" or "ID"), 0 if
 * none; *photo says whether that message is a photo.
 */
int64_t
tg_photo_ref(const char *ref, int *photo)
{
	size_t	n = strlen(TG_PHOTO_PREFIX);

	*photo = strncmp(ref, TG_PHOTO_PREFIX, n) == 0;
	if (*photo)
		ref += n;
	return (strtoll(ref, NULL, 10));
}

/* Make the reference a message id of a kind is stored as. */
void
tg_photo_mkref(char *buf, size_t len, int64_t id, int photo)
{
	snprintf(buf, len, "%s%lld", photo ? TG_PHOTO_PREFIX : "",
	    (long long)id);
}

/*
 * Draw st for game g as a PNG (malloc'd into *png) with the options o
 * asks for, the names from the seats as the texts show them.  0, or -1
 * when the drawing failed.
 */
static int
tg_photo_draw(struct tg *tg, const struct svc_game *g,
    const struct tac_state *st, struct picture_opts *o, unsigned char **png,
    size_t *len)
{
	struct render_opts	 ro = { RENDER_PLAIN, NULL, NULL, 0 };
	struct render_game	 t;
	char			*names[TAC_MAXSEATS];
	int			 s, rc;

	o->lang = g->lang[0] != '\0' ? g->lang : "en";
	/* The names as the texts show them: an AI's in the reader's words. */
	compose_game(g, &t);
	snprintf(t.lang, sizeof t.lang, "%s", o->lang);
	ro.lang = o->lang;
	for (s = 0; s < TAC_MAXSEATS; s++) {
		names[s] = s < st->cfg.nseats ? render_seat_dup(&ro, &t, s) :
		    NULL;
		o->names[s] = names[s];
	}
	tg->rendered = 1;
	if (tg->render != NULL)
		rc = tg->render(st, o, png, len);
	else
		rc = picture_render(st, o, png, len);
	for (s = 0; s < TAC_MAXSEATS; s++)
		free(names[s]);
	return (rc);
}

/*
 * Draw a game's current position as a PNG (malloc'd into *png): names
 * from the seats, the last action's arrows, the marbles it kicked.  0, or
 * -1 when the game has no position or the drawing failed.
 */
int
tg_photo_render(struct tg *tg, const struct svc_game *g, unsigned char **png,
    size_t *len)
{
	struct tac_state	 st;
	struct tac_action	 a;
	struct picture_opts	 o;
	char			 err[128];

	*png = NULL;
	*len = 0;
	if (svc_game_position(tg->svc, g->id, -1, &st) != 0)
		return (-1);
	memset(&o, 0, sizeof o);
	/* A gift is secret ("give"): nothing to draw. */
	if (g->last[0] != '\0' && g->last_seat >= 0 &&
	    strncmp(g->last, "give", 4) != 0 &&
	    tac_action_parse(g->last, &a, err, sizeof err) == 0 &&
	    a.op != TAC_OP_GIVE) {
		o.last = &a;
		o.last_seat = g->last_seat;
		/*
		 * The undo record holds the board before the last card play
		 * while the round goes on; a move or swap is that play.  A
		 * Fool, a skip or a discard leaves an older (or no) board
		 * there, and a new round clears it: then no kicks are shown.
		 */
		if ((a.op == TAC_OP_MOVE || a.op == TAC_OP_SWAP) &&
		    st.undo.card != TAC_NONE)
			o.before = &st.undo.before;
	}
	return (tg_photo_draw(tg, g, &st, &o, png, len));
}

/*
 * Draw the picture of a turn message m: the position with the choices
 * compose put in it as numbered arrows (none: the board alone).  0, or
 * -1 when the game has no position or the drawing failed.
 */
int
tg_photo_turn(struct tg *tg, const struct compose_msg *m, unsigned char **png,
    size_t *len)
{
	struct tac_state	st;
	struct picture_opts	o;

	*png = NULL;
	*len = 0;
	/* A lesson's or a review's position is not the game's own now. */
	if (m->pos != NULL)
		st = *m->pos;
	else if (svc_game_position(tg->svc, m->game, -1, &st) != 0)
		return (-1);
	memset(&o, 0, sizeof o);
	o.opts = m->opts;
	o.nopts = m->nopts;
	return (tg_photo_draw(tg, &m->g, &st, &o, png, len));
}

/*
 * Set up the call that shows a rendered board (req->png) in a chat: an
 * editMessageMedia of the photo ref names, falling back to a new photo
 * if that fails, or a sendPhoto when there is no photo to edit.
 */
void
tg_photo_call(struct tg *tg, struct tg_req *req, const char *chat,
    const struct svc_game *g, const char *ref)
{
	json_t	*p, *media;
	char	 caption[64];
	int64_t	 id;
	int	 photo;

	snprintf(caption, sizeof caption, tr(g->lang, "Game #%lld."),
	    (long long)g->id);
	p = json_pack("{s:s, s:s}", "chat_id", tg_send_target(tg, chat),
	    "caption", caption);
	req->photo = 1;
	req->shown = g->id;
	id = tg_photo_ref(ref, &photo);
	if (!photo || id <= 0) {
		snprintf(req->method, sizeof req->method, "sendPhoto");
		snprintf(req->file, sizeof req->file, "photo");
		req->params = p;
		return;
	}
	snprintf(req->fbmethod, sizeof req->fbmethod, "sendPhoto");
	snprintf(req->fbfile, sizeof req->fbfile, "photo");
	req->fallback = p;
	snprintf(req->method, sizeof req->method, "editMessageMedia");
	snprintf(req->file, sizeof req->file, "board");
	snprintf(req->edit, sizeof req->edit, "%s", ref);
	media = json_pack("{s:s, s:s, s:s}", "type", "photo", "media",
	    "attach://board", "caption", caption);
	req->params = json_pack("{s:s, s:I, s:o}", "chat_id",
	    tg_send_target(tg, chat), "message_id", (json_int_t)id, "media",
	    media);
}

/* Free what the drawing keeps for the whole process, if it drew. */
void
tg_photo_exit(struct tg *tg)
{
	if (tg->rendered)
		picture_exit();
	tg->rendered = 0;
}
