/*
 * compose-digest.c: a person's morning digest (service-digest.c) in
 * words: the games whose turn waits for them, each with its group, how
 * long the turn has waited, the time left before the AI plays it, and a
 * button that brings the turn.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <string.h>

#include "compose-int.h"
#include "i18n.h"

/* One game's line of the digest, and its button. */
static void
compose_digest_game(const char *lang, json_t *e, int64_t now,
    struct compose_msg *m)
{
	struct rbuf	 waited = { NULL, 0, 0 }, left = { NULL, 0, 0 };
	char		 label[80];
	const char	*title = compose_str(e, "title");
	int64_t		 game = compose_int(e, "game", 0);
	int64_t		 since = compose_int(e, "since", now);
	int64_t		 due = compose_int(e, "due", now);

	if (title != NULL && title[0] != '\0')
		snprintf(label, sizeof label, "%s", title);
	else
		snprintf(label, sizeof label, "#%lld", (long long)game);
	render_span(lang, now > since ? now - since : 0, &waited);
	render_span(lang, due > now ? due - now : 0, &left);
	/* TRANSLATORS: a line of the morning digest; %s the group's title
	   (or a game's number), %s how long the turn has waited ("8 h 45
	   min"), %s how long is left ("1 h"). */
	rbuf_add(&m->text, tr(lang, "%s: waiting for %s; %s left."), label,
	    waited.s, left.s);
	rbuf_addstr(&m->text, "\n");
	compose_keys_add(&m->keys, label, game, compose_int(e, "turn", -1),
	    "hand");
	compose_keys_newrow(&m->keys);
	rbuf_free(&waited);
	rbuf_free(&left);
}

/*
 * A "digest" row: in the reader's morning, the games where it is their
 * turn, a button each; then the AI plays each once its time is up.
 */
int
compose_digest_make(struct compose_ctx *c, const struct svc_out *out,
    struct compose_msg *m)
{
	json_t	*games = json_object_get(out->data, "games");
	int64_t	 now = svc_now(c->svc);
	size_t	 i, n = json_array_size(games);

	if (n == 0)
		return (compose_none(m));
	/* TRANSLATORS: the morning digest's first line; %d how many games
	   wait for the reader's move (two or more). */
	rbuf_add(&m->text, trn(m->lang, "Good morning! Your turn is waiting "
	    "in %d game:", "Good morning! Your turn is waiting in %d games:",
	    (unsigned long)n), (int)n);
	rbuf_addstr(&m->text, "\n");
	for (i = 0; i < n; i++)
		compose_digest_game(m->lang, json_array_get(games, i), now, m);
	/* TRANSLATORS: the morning digest's last line. */
	rbuf_addstr(&m->text, tr(m->lang, "Once a turn's time is up, the AI "
	    "plays it."));
	rbuf_addstr(&m->text, "\n");
	return (m->form);
}
