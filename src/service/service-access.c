/*
 * service-access.c: who may see or act on a game, decided here and
 * nowhere else (svc_access()).  Every way to name a game comes through
 * it: a number typed after a command ("#ID"), a button's game, a deep
 * link's key or number, the chat's own game, an app's handle.
 *
 * A game is for its players (not one who left its group: service-gone.c);
 * in its group, for the people writing there;
 * and for whoever holds its key (the links its chat was given carry it).
 * A number typed anywhere else proves nothing: anyone else gets the very
 * answer a game that does not exist gets, so that nobody can count
 * through the numbers.  A seat goes only to the game's group: to people
 * writing in it, or, from a private chat (a join link, "/join #ID"), to
 * whom the platform says is a member of the group, asked each time
 * (service-member.c) and never taken on trust.  What a command asks of
 * its game (want) and who may run it (who, svc_may()) are fields of its
 * entry (struct svc_command), which the dispatcher (service-cmd.c) reads.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <string.h>

#include "service-int.h"

/*
 * The rule: may who, asking for want (enum svc_want), see or act on game
 * g?  enum svc_verdict: SVC_ALLOW; SVC_DENY (to them the game does not
 * exist); for a seat from outside the group, SVC_ASK (the platform must
 * say whether they are a member first), SVC_NOT_MEMBER (it said no: they
 * are told so when they brought the key, else they get the no-game
 * answer: SVC_DENY) or SVC_UNCHECKED (it could not say).
 */
int
svc_access(const struct store_game *g, const struct svc_who *who, int want)
{
	int	s;

	if (strcmp(g->platform, who->platform) != 0)
		return (SVC_DENY);
	/* One who left the group is no player of its game any more. */
	for (s = 0; s < g->cfg.nseats && s < TAC_MAXSEATS; s++) {
		if (who->user != 0 && g->seats[s].user == who->user &&
		    g->seats[s].away != STORE_AWAY_GONE)
			return (SVC_ALLOW);		/* a player */
	}
	if (who->chat != 0 && who->chat == g->chat)
		return (SVC_ALLOW);		/* writes in its group */
	if (want != SVC_WANT_SEAT)
		return (who->bykey ? SVC_ALLOW : SVC_DENY);
	/* A seat, from outside the group: only to its members. */
	if (g->private || !who->private_chat || who->user == 0)
		return (SVC_DENY);
	if (who->checked != g->id)
		return (SVC_ASK);
	switch (who->member) {
	case SVC_MEMBER_YES:
		return (SVC_ALLOW);
	case SVC_MEMBER_NO:
		return (who->bykey ? SVC_NOT_MEMBER : SVC_DENY);
	default:
		return (SVC_UNCHECKED);
	}
}

/* Who sent the event of ctx, and what they brought, for svc_access(). */
void
svc_who_of(const struct svc_ctx *ctx, struct svc_who *who)
{
	memset(who, 0, sizeof *who);
	who->platform = ctx->ev->platform;
	who->user = ctx->user;
	who->chat = ctx->chat;
	who->private_chat = ctx->ev->private_chat;
	who->bykey = ctx->bykey;
	who->checked = ctx->checked;
	who->member = ctx->member;
}

/*
 * The answer to a game that is not there, or not the asker's: the same
 * words either way, with the number they typed, or none when they named
 * it by a key.
 */
int
svc_no_game(struct svc_ctx *ctx, int64_t id)
{
	if (ctx->bykey || id <= 0)
		return (svc_refuse(ctx, "no_game", NULL));
	return (svc_refuse(ctx, "no_game", "{s:I}", "game", (json_int_t)id));
}

/*
 * Read the row of game id, which ctx's command names, into g if the
 * person may have it as the command asks (ctx->want): 1; else 0 once
 * they are told (the no-game answer; a membership question queued; a
 * refusal in words), -1 on failure.
 */
int
svc_game_named(struct svc_ctx *ctx, int64_t id, struct store_game *g)
{
	struct svc_who	who;
	int		rc;

	if ((rc = store_game_get(ctx->svc->store, id, g, NULL)) < 0)
		return (svc_store_fail(ctx->svc));
	if (rc == 0)
		return (svc_no_game(ctx, id));
	svc_who_of(ctx, &who);
	switch (svc_access(g, &who, ctx->want)) {
	case SVC_ALLOW:
		return (1);
	case SVC_ASK:
		return (svc_member_ask(ctx, g) == 0 ? 0 : -1);
	case SVC_NOT_MEMBER:
		return (svc_refuse(ctx, "not_member", NULL) == 0 ? 0 : -1);
	case SVC_UNCHECKED:
		return (svc_refuse(ctx, "member_unknown", NULL) == 0 ? 0 : -1);
	default:
		return (svc_no_game(ctx, id) == 0 ? 0 : -1);
	}
}

/*
 * May ctx's person see game id (a button's, whose turn is checked before
 * its command runs)?  1; 0 when not, or not there (nothing said); -1.
 */
int
svc_game_visible(struct svc_ctx *ctx, int64_t id, struct store_game *g)
{
	struct svc_who	who;
	int		rc;

	if ((rc = store_game_get(ctx->svc->store, id, g, NULL)) <= 0)
		return (rc < 0 ? svc_store_fail(ctx->svc) : 0);
	svc_who_of(ctx, &who);
	return (svc_access(g, &who, SVC_WANT_SEE) == SVC_ALLOW);
}

/*
 * May the person run a command that who (enum svc_by) may run, named to,
 * on the game?  1 yes; 0 no, and they were told; -1 failed.
 */
int
svc_may_as(struct svc_ctx *ctx, const struct svc_gm *gm, int who,
    const char *to)
{
	if (who == SVC_BY_ANYONE || svc_is_admin(ctx, gm))
		return (1);
	if (who == SVC_BY_PLAYER && svc_seat_of(gm, ctx->user) >= 0)
		return (1);
	if (svc_refuse(ctx, who == SVC_BY_ADMIN ? "not_creator" :
	    "not_in_game", "{s:s}", "to", to) != 0)
		return (-1);
	return (0);
}

/*
 * May the person run the command at hand on the game, as its entry's who
 * says?  1 yes; 0 no, and they were told (the refusal names the command);
 * -1 failed.
 */
int
svc_may(struct svc_ctx *ctx, const struct svc_gm *gm)
{
	return (svc_may_as(ctx, gm, ctx->command->who, ctx->command->name));
}

/*
 * Queue the question whether ctx's person is in game g's group, with the
 * command to run again once it is answered: 0, or -1 on failure.
 */
int
svc_member_ask(struct svc_ctx *ctx, const struct store_game *g)
{
	const struct svc_event	*ev = ctx->ev;
	char			 text[sizeof ctx->args + 64];
	int64_t			 id;

	if ((id = store_out_find(ctx->svc->store, ev->platform, ev->chat,
	    g->id, svc_kind_name(SVC_OUT_MEMBER))) < 0)
		return (svc_store_fail(ctx->svc));
	if (id > 0)
		return (0);		/* asked already: its answer will do */
	/* A button's command, as it would be typed. */
	if (ev->kind == SVC_EV_TEXT && ev->text != NULL)
		snprintf(text, sizeof text, "%s", ev->text);
	else
		snprintf(text, sizeof text, "/%s #%lld %s", ctx->cmd,
		    (long long)g->id, ctx->args);
	return (svc_put(ctx->svc, ev->platform, ev->chat, g->id,
	    SVC_OUT_MEMBER, json_pack("{s:I, s:s, s:s, s:s?, s:s, s:s, s:I}",
	    "game", (json_int_t)g->id, "group", g->chat_pid, "user",
	    ev->user, "name", ev->user_name, "lang", ctx->user_lang, "text",
	    text, "asked", (json_int_t)ctx->svc->now)));
}
