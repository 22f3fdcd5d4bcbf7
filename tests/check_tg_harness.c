/*
 * check_tg_harness.c: the harness of tests/check_tg (check_tg.h): a
 * store, a service and a bridge that is not started, fed updates as
 * Telegram writes them, delivering as the bridge's sender would.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <check.h>

#include "check_tg.h"
#include "config.h"
#include "picture.h"
#include "store.h"
#include "tg-int.h"
#include "utf8.h"

/*
 * What the product does not count, counted here: check_tg is linked with
 * -Wl,--wrap for the functions below, so that every call the bridge and
 * compose make to them comes here first.
 */
static uint64_t	 tt_reads;	/* games read: svc_game_view(), _info() */
int		 tt_drawn;	/* boards drawn: picture_render() */
tt_draw_fn	*tt_draw;	/* a stand-in drawing (NULL: the real one) */

int	__real_svc_game_view(struct svc *, int64_t, struct svc_game *,
	    struct tac_state *);
int	__real_svc_game_info(struct svc *, int64_t, struct svc_game *);
int	__real_picture_render(const struct tac_state *,
	    const struct picture_opts *, unsigned char **, size_t *);
int	__wrap_svc_game_view(struct svc *, int64_t, struct svc_game *,
	    struct tac_state *);
int	__wrap_svc_game_info(struct svc *, int64_t, struct svc_game *);
int	__wrap_picture_render(const struct tac_state *,
	    const struct picture_opts *, unsigned char **, size_t *);

/* A game read whole, counted. */
int
__wrap_svc_game_view(struct svc *svc, int64_t id, struct svc_game *g,
    struct tac_state *st)
{
	tt_reads++;
	return (__real_svc_game_view(svc, id, g, st));
}

/* A game's facts read, counted. */
int
__wrap_svc_game_info(struct svc *svc, int64_t id, struct svc_game *g)
{
	tt_reads++;
	return (__real_svc_game_info(svc, id, g));
}

/* A board drawn, counted, by the stand-in when a test sets one. */
int
__wrap_picture_render(const struct tac_state *st,
    const struct picture_opts *o, unsigned char **png, size_t *len)
{
	tt_drawn++;
	if (tt_draw != NULL)
		return (tt_draw(st, o, png, len));
	return (__real_picture_render(st, o, png, len));
}

/* The fake clock. */
static int64_t
tt_clock(void *arg)
{
	return (((struct tt *)arg)->now);
}

/* Open a store and a service, and a bridge with no network. */
void
tt_open(struct tt *t)
{
	struct config		 conf;
	const char		*tmp;
	char			*cause = NULL;

	memset(t, 0, sizeof *t);
	tt_drawn = 0;
	tt_draw = NULL;
	if ((tmp = getenv("TMPDIR")) == NULL || *tmp == '\0')
		tmp = "/tmp";
	snprintf(t->dir, sizeof t->dir, "%s/check_tg.XXXXXX", tmp);
	ck_assert(mkdtemp(t->dir) != NULL);
	snprintf(t->path, sizeof t->path, "%s/t.db", t->dir);
	t->now = 1700000000;
	t->update = 1;
	t->nextmsg = 500;
	t->store = store_open(t->path, STORE_NOSYNC, &cause);
	ck_assert_msg(t->store != NULL, "store_open: %s", cause);
	t->svc = svc_open(t->store, tt_clock, t);
	config_defaults(&conf);
	t->tg = tg_new(NULL, t->svc, &conf);
	snprintf(t->tg->botname, sizeof t->tg->botname, "TacTestBot");
	/* The group's admins are known (none): no getChatAdministrators. */
	tg_chat_get(t->tg, "-100", tg_now())->fetched = tg_now();
}

/* Forget the last drain's calls. */
void
tt_clear(struct tt *t)
{
	int	i;

	for (i = 0; i < t->nreqs; i++) {
		tg_out_free(t->reqs[i]);
		free(t->reqs[i]);
	}
	t->nreqs = 0;
}

/* Close everything, remove the scratch files. */
void
tt_close(struct tt *t)
{
	char	p[400];

	tt_clear(t);
	tg_free(t->tg);
	/* What the drawing keeps for the process goes, as at tacd's exit. */
	picture_exit();
	svc_close(t->svc);
	store_close(t->store);
	unlink(t->path);
	snprintf(p, sizeof p, "%s-wal", t->path);
	unlink(p);
	snprintf(p, sizeof p, "%s-shm", t->path);
	unlink(p);
	rmdir(t->dir);
}

/* Feed an update through the bridge's parser and the service. */
void
tt_update(struct tt *t, const char *json)
{
	struct tg_update	*u;
	int			 rc;

	u = malloc(sizeof *u);
	ck_assert(u != NULL);
	rc = tg_update_parse(json, strlen(json), "TacTestBot", u);
	ck_assert_int_ge(rc, 0);
	ck_assert_msg(tg_feed(t->tg, u) == 0, "%s", svc_error(t->svc));
	free(u);
}

/* A person types text in a chat (group "-100" or their private chat). */
void
tt_say(struct tt *t, const char *chat, const char *user, const char *text)
{
	char	buf[1024];

	snprintf(buf, sizeof buf, "{\"update_id\": %lld, \"message\": "
	    "{\"message_id\": 1, \"from\": {\"id\": %s, \"first_name\": "
	    "\"P%s\"}, \"chat\": {\"id\": %s, \"type\": \"%s\", "
	    "\"title\": \"Friday TAC\"}, \"text\": \"%s\"}}",
	    (long long)t->update++, user, user, chat, chat[0] == '-' ?
	    "group" : "private", text);
	tt_update(t, buf);
}

/*
 * A person presses a button under message msg in chat (a photo, or a
 * text message), as Telegram's callback shows that message.
 */
void
tt_press(struct tt *t, const char *chat, const char *user, int64_t msg,
    int photo, const char *data)
{
	char	buf[1024];

	snprintf(buf, sizeof buf, "{\"update_id\": %lld, \"callback_query\": "
	    "{\"id\": \"cb%lld\", \"from\": {\"id\": %s, \"first_name\": "
	    "\"P%s\"}, \"message\": {\"message_id\": %lld, %s\"chat\": "
	    "{\"id\": %s, \"type\": \"%s\", \"title\": \"Friday TAC\"}}, "
	    "\"data\": \"%s\"}}", (long long)t->update, (long long)t->update,
	    user, user, (long long)msg, photo ? "\"photo\": [{\"file_id\": "
	    "\"p\", \"width\": 1024, \"height\": 1024}], " : "", chat,
	    chat[0] == '-' ? "group" : "private", data);
	t->update++;
	tt_update(t, buf);
}

/*
 * A question whether a person is in a group, asked as the sender asks it
 * (getChatMember) and answered as Telegram would, t->member the status.
 */
static void
tt_member(struct tt *t, struct compose_msg *m, struct tg_req *r)
{
	struct tg_result	 res;

	tg_out_make(t->tg, m, r);
	compose_msg_free(m);
	ck_assert_str_eq(r->method, "getChatMember");
	ck_assert_int_eq(json_integer_value(json_object_get(r->params,
	    "user_id")), strtoll(r->b.row[0].chat, NULL, 10));
	memset(&res, 0, sizeof res);
	res.method = r->method;
	res.ok = 1;
	res.status = 200;
	res.result = json_pack("{s:s, s:b}", "status", t->member != NULL ?
	    t->member : "member", "is_member", 1);
	ck_assert_int_eq(tg_result_read(t->tg, r, &res), TG_OVER);
	json_decref(res.result);
	tg_out_free(r);
	if (r->b.n > 0)
		svc_batch_free(t->svc, &r->b);
	free(r);
}

/*
 * Deliver every due row as the bridge's sender would (svc_outbox_take(),
 * compose_batch(), tg_out_make()), the "API" always saying ok: a sent
 * message gets the next id, an edit keeps its message's.  Answers are
 * done at once; the other calls are kept in t->reqs.  t->reads counts
 * the games read while composing, t->nbatches the batches composed.
 */
void
tt_drain(struct tt *t)
{
	struct compose_msg	 m;
	struct tg_req		*r;
	uint64_t		 before;
	char			 msg[SVC_REF_MAX];
	int			 form;

	tt_clear(t);
	t->reads = 0;
	t->nbatches = 0;
	for (;;) {
		ck_assert_ptr_nonnull(r = calloc(1, sizeof *r));
		if (svc_outbox_take(t->svc, TG_PLATFORM, NULL, &r->b) != 1) {
			free(r);
			break;
		}
		before = tt_reads;
		form = compose_batch(t->svc, &r->b, &t->tg->copts, &m);
		before = tt_reads - before;
		t->reads += before;
		t->nbatches++;
		if (form == COMPOSE_MEMBER) {
			tt_member(t, &m, r);
			continue;
		}
		if (form == COMPOSE_NONE || form == COMPOSE_ANSWER) {
			compose_msg_free(&m);
			ck_assert_int_eq(svc_outbox_finish(t->svc, &r->b,
			    SVC_DONE, 0, NULL), 0);
			free(r);
			continue;
		}
		ck_assert_int_lt(t->nreqs, TT_MAXREQ);
		tg_out_make(t->tg, &m, r);
		compose_msg_free(&m);
		snprintf(t->kinds[t->nreqs], sizeof t->kinds[0], "%s",
		    r->b.row[0].kind);
		t->nrows[t->nreqs] = r->b.n;
		t->rreads[t->nreqs] = before;
		if (r->edit[0] != '\0')
			snprintf(msg, sizeof msg, "%s", r->edit);
		else
			tg_ref_make(msg, sizeof msg, t->nextmsg++, r->photo);
		t->msgs[t->nreqs] = tg_ref_id(msg, &t->photos[t->nreqs]);
		ck_assert_int_eq(svc_outbox_finish(t->svc, &r->b, SVC_DONE, 0,
		    msg), 0);
		t->reqs[t->nreqs++] = r;
	}
}

/* The index of the first call of the last drain for a kind and chat, -1. */
int
tt_index(struct tt *t, const char *kind, const char *chat)
{
	const char	*c;
	int		 i;

	for (i = 0; i < t->nreqs; i++) {
		c = json_string_value(json_object_get(t->reqs[i]->params,
		    "chat_id"));
		if (strcmp(t->kinds[i], kind) == 0 && c != NULL &&
		    strcmp(c, chat) == 0)
			return (i);
	}
	return (-1);
}

/* The first call of the last drain for a kind and chat, or NULL. */
struct tg_req *
tt_find(struct tt *t, const char *kind, const char *chat)
{
	int	i = tt_index(t, kind, chat);

	return (i >= 0 ? t->reqs[i] : NULL);
}

/* The button with a label, or NULL. */
json_t *
tt_keybutton(const struct tg_req *r, const char *label)
{
	json_t		*rows, *row, *b;
	size_t		 i, j;

	rows = json_object_get(json_object_get(r->params, "reply_markup"),
	    "inline_keyboard");
	json_array_foreach(rows, i, row) {
		json_array_foreach(row, j, b) {
			if (strcmp(json_string_value(json_object_get(b,
			    "text")), label) == 0)
				return (b);
		}
	}
	return (NULL);
}

/* A field of the button with a label ("callback_data", "url"), or NULL. */
static const char *
tt_key(const struct tg_req *r, const char *label, const char *field)
{
	return (json_string_value(json_object_get(tt_keybutton(r, label),
	    field)));
}

/* The callback data of the button with a label, or NULL. */
const char *
tt_button(const struct tg_req *r, const char *label)
{
	return (tt_key(r, label, "callback_data"));
}

/* The link of the button with a label, or NULL. */
const char *
tt_url(const struct tg_req *r, const char *label)
{
	return (tt_key(r, label, "url"));
}

/* The number of buttons of a call. */
size_t
tt_nbuttons(const struct tg_req *r)
{
	json_t	*rows, *row;
	size_t	 i, n = 0;

	rows = json_object_get(json_object_get(r->params, "reply_markup"),
	    "inline_keyboard");
	json_array_foreach(rows, i, row)
		n += json_array_size(row);
	return (n);
}

/* The text of the button at index k (row by row), or NULL. */
const char *
tt_nth(const struct tg_req *r, size_t k, const char **data)
{
	json_t	*rows, *row, *b;
	size_t	 i, j, n = 0;

	rows = json_object_get(json_object_get(r->params, "reply_markup"),
	    "inline_keyboard");
	json_array_foreach(rows, i, row) {
		json_array_foreach(row, j, b) {
			if (n++ == k) {
				*data = json_string_value(json_object_get(b,
				    "callback_data"));
				return (json_string_value(json_object_get(b,
				    "text")));
			}
		}
	}
	return (NULL);
}

/*
 * The words of a message: its text, or a photo's caption (a turn
 * message is a photo of the board when the chat's board is a picture).
 */
const char *
tt_words(const struct tg_req *r)
{
	const char	*text;

	if ((text = json_string_value(json_object_get(r->params, "text"))) ==
	    NULL)
		text = json_string_value(json_object_get(r->params,
		    "caption"));
	return (text);
}

/*
 * The words of a private message after its heading, title in bold on a
 * line of its own (the group's title over a message about its game);
 * NULL when text is not headed by title.
 */
const char *
tt_headed(const char *text, const char *title)
{
	size_t	n = strlen(title);

	if (text == NULL || strncmp(text, "<b>", 3) != 0 ||
	    strncmp(text + 3, title, n) != 0 ||
	    strncmp(text + 3 + n, "</b>\n", 5) != 0)
		return (NULL);
	return (text + 3 + n + 5);
}

/*
 * A photo's caption: a new one's, or an edit's (its media's); NULL for
 * none.
 */
const char *
tt_caption(const struct tg_req *r)
{
	json_t	*media = json_object_get(r->params, "media");

	if (json_is_object(media))
		return (json_string_value(json_object_get(media, "caption")));
	return (json_string_value(json_object_get(r->params, "caption")));
}

/*
 * A message's buttons fit a phone: at most twelve, each label at most
 * 40 characters, each button's data at most 64 bytes.
 */
void
tt_fits(const struct tg_req *r)
{
	json_t		*rows, *row, *b;
	const char	*label, *data;
	size_t		 i, j;

	ck_assert_uint_le(tt_nbuttons(r), 12);
	rows = json_object_get(json_object_get(r->params, "reply_markup"),
	    "inline_keyboard");
	json_array_foreach(rows, i, row) {
		json_array_foreach(row, j, b) {
			label = json_string_value(json_object_get(b, "text"));
			data = json_string_value(json_object_get(b,
			    "callback_data"));
			ck_assert_msg(label != NULL && utf8_width(label) <= 40,
			    "label \"%s\"", label);
			ck_assert(data != NULL && strlen(data) <= 64);
		}
	}
}
