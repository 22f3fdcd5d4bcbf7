/*
 * service-ask.c: asking before what cannot be undone (/abort, /leave),
 * and the lobby message that shows something else for a while (the
 * options, a question) and comes back.
 *
 * "/abort" asks: a "confirm" row with Yes and No, in the chat that asked
 * (pressed under the lobby message, the question takes its place).  Its
 * buttons say "abort yes STATE" and "abort no STATE", STATE the game's
 * when asked (enum svc_gstate): an answer once the game has moved on (a
 * lobby that started, a game that ended) is out of date.  /leave's say
 * who asked too ("leave yes STATE USER"): only they may answer.  Typed,
 * "/abort yes" does it at once, and so does the word yes of the person's
 * language ("/abort да"), read by the answer reader installed
 * (svc_set_answer()).
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "service-int.h"

/*
 * Is the pressed message of the event the game's lobby message in the
 * event's chat?  1, 0, -1 on failure.
 */
int
svc_ask_lobby(struct svc_ctx *ctx, const struct svc_gm *gm)
{
	char	ref[SVC_REF_MAX];
	int	rc;

	if (ctx->ev->message == NULL || ctx->ev->chat == NULL)
		return (0);
	if ((rc = store_message(ctx->svc->store, gm->g.id, ctx->ev->chat,
	    "lobby", ref, sizeof ref)) < 0)
		return (svc_store_fail(ctx->svc));
	return (rc == 1 && strcmp(ref, ctx->ev->message) == 0);
}

/* The name of the person who sent the event. */
static const char *
svc_ask_name(struct svc_ctx *ctx)
{
	return (ctx->ev->user_name != NULL ? ctx->ev->user_name :
	    ctx->ev->user);
}

/*
 * The question was answered (answer "yes" or "no"): its message shows
 * the outcome without its buttons; the lobby message, which it stood in
 * for, shows the lobby again (after "yes" the lobby's own edit does).
 */
int
svc_ask_done(struct svc_ctx *ctx, const struct svc_gm *gm, const char *what,
    const char *answer)
{
	int	rc;

	if (ctx->ev->message == NULL)
		return (0);
	if ((rc = svc_ask_lobby(ctx, gm)) < 0)
		return (-1);
	if (rc == 1 && strcmp(answer, "yes") == 0)
		return (0);
	if (rc == 1)
		return (svc_reply(ctx, SVC_OUT_LOBBY, json_pack("{s:I, s:s}",
		    "game", (json_int_t)gm->g.id, "message",
		    ctx->ev->message)));
	return (svc_reply(ctx, SVC_OUT_CONFIRM, json_pack("{s:I, s:s, s:s, "
	    "s:s, s:s}", "game", (json_int_t)gm->g.id, "what", what, "done",
	    answer, "name", svc_ask_name(ctx), "message", ctx->ev->message)));
}

/* Install how a typed answer in words is read (service.h). */
void
svc_set_answer(struct svc *svc, svc_answer_fn fn, void *arg)
{
	svc->answer = fn;
	svc->answer_arg = arg;
}

/*
 * The answer word, typed: "yes" or "no", or the same in the person's
 * language (svc_set_answer()); NULL when it is neither.
 */
static const char *
svc_ask_word(struct svc_ctx *ctx, const struct svc_gm *gm, const char *word)
{
	const char	*langs[2];
	int		 rc;

	if (strcmp(word, "yes") == 0 || strcmp(word, "no") == 0)
		return (word);
	if (ctx->svc->answer == NULL)
		return (NULL);
	langs[0] = ctx->user_lang;
	langs[1] = gm->g.lang;
	rc = ctx->svc->answer(ctx->svc->answer_arg, langs, 2, word);
	return (rc == 1 ? "yes" : rc == 0 ? "no" : NULL);
}

/*
 * What the arguments of /abort or /leave (what) say: nothing (ask: a
 * "confirm" row is queued), "yes" or "no" (or the same in the person's
 * language) with the state asked in and, for /leave, who asked.  *yes: 1 go ahead; 0 asked, answered no (its
 * message edited), or refused (out of date, someone else's, bad words).
 * 0, or -1 on failure.
 */
int
svc_ask(struct svc_ctx *ctx, const struct svc_gm *gm, const char *what,
    int *yes)
{
	const char	*answer;
	char		 word[64], user[64];
	int		 n, state = -1;

	*yes = 0;
	if (ctx->args[0] == '\0')
		return (svc_reply(ctx, SVC_OUT_CONFIRM, json_pack("{s:I, s:s, "
		    "s:i, s:s, s:s, s:s?}", "game", (json_int_t)gm->g.id,
		    "what", what, "state", gm->g.state, "user", ctx->ev->user,
		    "name", svc_ask_name(ctx), "message", ctx->ev->message)));
	user[0] = '\0';
	n = sscanf(ctx->args, "%63s %d %63s", word, &state, user);
	if (n < 1 || (answer = svc_ask_word(ctx, gm, word)) == NULL)
		return (svc_refuse(ctx, "usage", "{s:s}", "command", what));
	if (n >= 2 && state != gm->g.state)
		return (svc_refuse(ctx, "stale", NULL));
	if (n >= 3 && strcmp(user, ctx->ev->user) != 0)
		return (svc_refuse(ctx, "not_yours", NULL));
	if (strcmp(answer, "no") == 0)
		return (svc_ask_done(ctx, gm, what, "no"));
	*yes = 1;
	return (0);
}
