/*
 * service-learn.c: /learn, the tutorial (src/play/lesson.h), in a
 * person's private chat.
 *
 *   /learn		the first lesson the person has not solved (the
 *			list once they solved them all)
 *   /learn list	the lessons, the solved ones marked
 *   /learn N		lesson N (from 1): its position and task
 *   /learn N @PATH	(buttons) the lesson's move menu, as /menu walks a
 *			turn's (src/play/menu.h): a complete move is the
 *			person's try
 *   /learn N ACTION	a try typed in notation
 *
 * A try that solves the lesson marks it solved; a legal one that does
 * not is counted and answered with the rule's reason and the position
 * again, for another try; one the rules refuse gets the engine's
 * reason.  Progress is kept per person (store-learn.c).  A lesson is one
 * message: what a press of its buttons brings (a step, a try's answer)
 * edits the message pressed, and a lesson or the list that is opened
 * anew, by a press or typed, takes the buttons of the one before away.  Lessons are
 * played in the edition of the person's language: TAKER's names in
 * Russian, as a Russian table starts.  Nothing here touches a game.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lesson.h"
#include "menu.h"
#include "service-cmds.h"
#include "xmalloc.h"

/* Which lessons a person solved, by index. */
struct svc_learned {
	int	done[64];
	int	n;
};

/* Note a solved lesson (store_lessons_done()'s callback). */
static void
svc_learned_add(void *arg, const char *id)
{
	struct svc_learned	*l = arg;
	int			 i;

	if ((i = lesson_find(id)) >= 0 && i < (int)(sizeof l->done /
	    sizeof l->done[0]) && !l->done[i]) {
		l->done[i] = 1;
		l->n++;
	}
}

/* The person's solved lessons; -1 on failure. */
static int
svc_learned(struct svc_ctx *ctx, struct svc_learned *l)
{
	memset(l, 0, sizeof *l);
	if (store_lessons_done(ctx->svc->store, ctx->user, svc_learned_add, l) !=
	    0)
		return (svc_store_fail(ctx->svc));
	return (0);
}

/* The first lesson after from (an index) not solved yet, -1 if none. */
static int
svc_learn_next(const struct svc_learned *l, int from)
{
	int	i, k;

	for (k = 1; k <= lessons_n; k++) {
		i = (from + k) % lessons_n;
		if (!l->done[i])
			return (i);
	}
	return (-1);
}

/* The message whose button was pressed, to edit; NULL when typed. */
static const char *
svc_learn_pressed(const struct svc_ctx *ctx)
{
	if (ctx->ev->kind != SVC_EV_BUTTON || ctx->ev->message == NULL ||
	    ctx->ev->message[0] == '\0')
		return (NULL);
	return (ctx->ev->message);
}

/*
 * A lesson or the list went out anew: the message it replaces keeps its
 * words and loses its buttons, so that no older copy has live ones.  The
 * pressed message, when a press opened it; and the chat's last lesson
 * message (svc_out_remember() keeps it), when a typed /learn did or the
 * press was on an older copy.
 */
static int
svc_learn_retire(struct svc_ctx *ctx)
{
	const char	*pressed = svc_learn_pressed(ctx);
	char		 last[SVC_REF_MAX];
	int		 rc;

	if (pressed != NULL && svc_reply(ctx, SVC_OUT_RETIRE,
	    json_pack("{s:s}", "ref", pressed)) != 0)
		return (-1);
	if ((rc = store_chat_message(ctx->svc->store, ctx->ev->platform,
	    ctx->ev->chat, svc_kind_name(SVC_OUT_LESSON), last,
	    sizeof last)) < 0)
		return (svc_store_fail(ctx->svc));
	if (rc == 0 || (pressed != NULL && strcmp(pressed, last) == 0))
		return (0);
	return (svc_reply(ctx, SVC_OUT_RETIRE, json_pack("{s:s}", "ref",
	    last)));
}

/*
 * Queue a "lesson" row of lesson i (from 0) in the event's chat, with
 * the chat's board style (a picture, or text).  A step or a try's
 * answer to a press edits the message pressed; a task opens the lesson
 * anew.
 */
static int
svc_lesson_row(struct svc_ctx *ctx, int i, const char *state, json_t *p)
{
	const char	*pressed = svc_learn_pressed(ctx);
	char		 board[16];
	int		 task = strcmp(state, "task") == 0;

	if (store_chat_board_of(ctx->svc->store, ctx->ev->platform,
	    ctx->ev->chat, board, sizeof board) != 0) {
		json_decref(p);
		return (svc_store_fail(ctx->svc));
	}
	if (p == NULL)
		p = json_object();
	if (pressed != NULL && !task)
		json_object_set_new(p, "message", json_string(pressed));
	json_object_set_new(p, "board", json_string(board));
	json_object_set_new(p, "lesson", json_integer(i + 1));
	json_object_set_new(p, "id", json_string(lesson_get(i)->id));
	json_object_set_new(p, "state", json_string(state));
	if (svc_reply(ctx, SVC_OUT_LESSON, p) != 0)
		return (-1);
	return (task ? svc_learn_retire(ctx) : 0);
}

/* The lessons, the solved ones listed. */
static int
svc_learn_list(struct svc_ctx *ctx)
{
	struct svc_learned	 l;
	json_t			*done;
	int			 i;

	if (svc_learned(ctx, &l) != 0)
		return (-1);
	done = json_array();
	for (i = 0; i < lessons_n; i++)
		if (l.done[i])
			json_array_append_new(done, json_integer(i + 1));
	if (svc_reply(ctx, SVC_OUT_LESSON, json_pack("{s:s, s:o, s:i}",
	    "state", "list", "done", done, "next", svc_learn_next(&l, -1) +
	    1)) != 0)
		return (-1);
	return (svc_learn_retire(ctx));
}

/* The edition a person learns in: the one their language's tables use. */
static int
svc_learn_names(const struct svc_ctx *ctx)
{
	return (strcmp(ctx->user_lang, "ru") == 0 ? TAC_NAMES_TAKER :
	    TAC_NAMES_TAC);
}

/*
 * A button's menu path ("@" and the path: "FOOL" typed is a move, not a
 * path), without its "@"; NULL when s is none.
 */
static const char *
svc_learn_path(const char *s)
{
	if (*s++ != SVC_LEARN_PATH)
		return (NULL);
	if (strspn(s, "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLM"
	    "NOPQRSTUVWXYZ+.") != strlen(s) || strlen(s) > MENU_PATHMAX)
		return (NULL);
	return (s);
}

/* The person's try a at lesson i in its position st. */
static int
svc_learn_try(struct svc_ctx *ctx, int i, const struct tac_state *st,
    const struct tac_action *a)
{
	const struct lesson	*l = lesson_get(i);
	struct svc_learned	 done;
	struct tac_why		 why;
	char			 text[160];
	int			 rc, tries, solved;

	tac_action_format(a, text, sizeof text);
	if ((rc = lesson_try(l, st, a, ctx->svc->list, &why)) < 0)
		return (svc_lesson_row(ctx, i, "illegal", json_pack("{s:s, "
		    "s:o}", "action", text, "reason", svc_why(&why))));
	if (store_lesson_get(ctx->svc->store, ctx->user, l->id, &tries,
	    &solved) < 0)
		return (svc_store_fail(ctx->svc));
	if (rc == 0)
		tries++;
	if (store_lesson_put(ctx->svc->store, ctx->user, l->id, tries,
	    solved || rc == 1, ctx->svc->now) != 0)
		return (svc_store_fail(ctx->svc));
	if (rc == 0)
		return (svc_lesson_row(ctx, i, "wrong", json_pack("{s:s, s:i}",
		    "action", text, "tries", tries)));
	if (svc_learned(ctx, &done) != 0)
		return (-1);
	return (svc_lesson_row(ctx, i, "right", json_pack("{s:s, s:i, s:i}",
	    "action", text, "next", svc_learn_next(&done, i) + 1, "solved",
	    done.n)));
}

/* /learn N [@PATH|ACTION]: lesson i's task, a step of its menu, a try. */
static int
svc_learn_one(struct svc_ctx *ctx, int i, const char *rest)
{
	struct svc		*svc = ctx->svc;
	struct tac_state	 st;
	struct tac_action	 a;
	struct tac_why		 why;
	struct menu		*m;
	const char		*path;
	char			 err[256];
	int			 rc;

	if (lesson_position(lesson_get(i), svc_learn_names(ctx), &st, err,
	    sizeof err) != 0)
		return (svc_fail(svc, "%s", err));
	if (*rest == '\0')
		return (svc_lesson_row(ctx, i, "task", NULL));
	if ((path = svc_learn_path(rest)) != NULL) {
		if (menu_action(&st, LESSON_SEAT, path, &a, svc->list) == 0)
			return (svc_learn_try(ctx, i, &st, &a));
		m = xmalloc(sizeof *m);
		rc = menu_build(&st, LESSON_SEAT, path, m, svc->list);
		free(m);
		if (rc != 0)
			return (svc_refuse(ctx, "stale", NULL));
		return (svc_lesson_row(ctx, i, "menu", json_pack("{s:s}",
		    "path", path)));
	}
	if (tac_action_parse_why(rest, &a, &why) != 0)
		return (svc_lesson_row(ctx, i, "illegal", json_pack("{s:s, "
		    "s:o}", "action", rest, "reason", svc_why(&why))));
	return (svc_learn_try(ctx, i, &st, &a));
}

/* /learn [list | N [@PATH|ACTION]] (see above). */
static int
svc_cmd_learn(struct svc_ctx *ctx)
{
	struct svc_learned	 l;
	char			*end, *rest;
	long			 n;

	if (strcmp(ctx->args, "list") == 0)
		return (svc_learn_list(ctx));
	if (ctx->args[0] == '\0') {
		if (svc_learned(ctx, &l) != 0)
			return (-1);
		if (l.n >= lessons_n)
			return (svc_learn_list(ctx));
		return (svc_learn_one(ctx, svc_learn_next(&l, -1), ""));
	}
	n = strtol(ctx->args, &end, 10);
	if (!isdigit((unsigned char)ctx->args[0]) || n < 1 ||
	    n > lessons_n || (*end != '\0' && !isspace((unsigned char)*end)))
		return (svc_refuse(ctx, "bad_lesson", "{s:s, s:i}", "word",
		    ctx->args, "last", lessons_n));
	for (rest = end; isspace((unsigned char)*rest); rest++)
		;
	return (svc_learn_one(ctx, (int)n - 1, rest));
}

/* /learn */
static const struct svc_command svc_learn_entry = {
	.name = "learn",
	.args = "[list|N]",
	.about = N_("Lessons: the rules one at a time"),
	.where = SVC_IN_PRIVATE,
	.menu = SVC_IN_PRIVATE,
	.who = SVC_BY_ANYONE,
	.want = SVC_WANT_SEE,
	.fn = svc_cmd_learn,
};

/* /learn: in a private chat only. */
const struct svc_command *const svc_learn_commands[] = {
	&svc_learn_entry,
	NULL
};
