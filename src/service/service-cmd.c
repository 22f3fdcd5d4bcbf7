/*
 * service-cmd.c: the commands' dispatcher.  It reads an event's text (or
 * a button's data) into a command, the game it picks and its arguments,
 * finds the command's entry in the tables below and runs it as the entry
 * says.  /help and the platforms' menus read the same tables
 * (svc_command(), src/compose).
 *
 * Each file of commands keeps a table of its entries (service-cmds.h);
 * this list of those tables is the order of /help and of the menus.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "lang.h"
#include "service-cmds.h"

static const struct svc_command *const *const svc_tables[] = {
	svc_lobby_commands,
	svc_link_commands,
	svc_play_commands,
	svc_away_commands,
	svc_stats_commands,
	svc_rematch_commands,
	svc_learn_commands,
	svc_rules_commands,
	svc_lang_commands,
	svc_settings_commands,
	svc_help_commands,
};

/* The i-th command of the tables, NULL past the last (service.h). */
const struct svc_command *
svc_command(size_t i)
{
	const struct svc_command *const	*t;
	size_t				 j;

	for (j = 0; j < sizeof svc_tables / sizeof svc_tables[0]; j++) {
		for (t = svc_tables[j]; *t != NULL; t++)
			if (i-- == 0)
				return (*t);
	}
	return (NULL);
}

/* Does the word at p (n bytes) name s, in any case? */
static int
svc_names(const char *s, const char *p, size_t n)
{
	return (s != NULL && strlen(s) == n && strncasecmp(s, p, n) == 0);
}

/* The command named (or aliased) by the n bytes at p, NULL if none. */
const struct svc_command *
svc_command_find(const char *p, size_t n)
{
	const struct svc_command	*cmd;
	size_t				 i;

	for (i = 0; (cmd = svc_command(i)) != NULL; i++)
		if (svc_names(cmd->name, p, n) || svc_names(cmd->alias, p, n))
			return (cmd);
	return (NULL);
}
/* A platform language code as one we speak ("ru-RU" is ru), else en. */
static const char *
svc_lang(const char *code)
{
	const char	*lang = lang_find(code);

	return (lang != NULL ? lang : "en");
}

/* Does text begin with something that may be an action in the notation? */
static int
svc_looks_like_action(const char *p)
{
	size_t	n;

	n = strcspn(p, " \t\r\n");
	if (n == 4 && strncasecmp(p, "give", 4) == 0)
		return (1);
	return (n > 0 && tac_card_parse(p, n) >= 0);
}

/*
 * Split text into command, game pick and arguments.  Plain text that does
 * not look like an action leaves cmd empty: it is chatter, not for us.
 * A button's text may leave out the "/" of a command (bare: 1).  -1 when
 * the text is too long for a command.
 */
static int
svc_parse(struct svc_ctx *ctx, const char *text, int bare)
{
	const char	*p = text;
	size_t		 n, i;
	char		*end;

	while (isspace((unsigned char)*p))
		p++;
	if (*p == '/' || (bare && svc_command_find(p, strcspn(p,
	    " \t\r\n")) != NULL)) {
		if (*p == '/')
			p++;
		n = strspn(p, "abcdefghijklmnopqrstuvwxyz"
		    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");
		if (n == 0 || n >= sizeof ctx->cmd)
			snprintf(ctx->cmd, sizeof ctx->cmd, "?");
		else {
			for (i = 0; i < n; i++)
				ctx->cmd[i] = tolower((unsigned char)p[i]);
			ctx->cmd[n] = '\0';
		}
		p += n;
		if (*p == '@')		/* "/cmd@BotName" */
			p += strcspn(p, " \t\r\n");
	} else if (svc_looks_like_action(p))
		snprintf(ctx->cmd, sizeof ctx->cmd, "play");
	else
		return (0);

	while (isspace((unsigned char)*p))
		p++;
	if (*p == '#' && isdigit((unsigned char)p[1])) {
		ctx->pick = strtoll(p + 1, &end, 10);
		p = end;
		while (isspace((unsigned char)*p))
			p++;
	}
	if ((n = strlen(p)) >= sizeof ctx->args)
		return (-1);
	while (n > 0 && isspace((unsigned char)p[n - 1]))
		n--;
	memcpy(ctx->args, p, n);
	ctx->args[n] = '\0';
	return (0);
}

/*
 * Read button data "GAME:TURN:TEXT" (TURN may be empty); data of another
 * shape is taken as text.
 */
static int
svc_parse_button(struct svc_ctx *ctx, const char *data)
{
	char	text[SVC_BUTTON_MAX + 1];
	int64_t	game, turn;

	if (svc_button_parse(data, &game, &turn, text, sizeof text) != 0)
		return (svc_parse(ctx, data, 1));
	if (svc_parse(ctx, text, 1) != 0)
		return (-1);
	if (ctx->pick == 0)
		ctx->pick = game;
	ctx->turn = turn;
	if (ctx->cmd[0] == '\0')	/* bare notation from a button */
		snprintf(ctx->cmd, sizeof ctx->cmd, "play");
	return (0);
}

/*
 * A button made at another turn of the game is refused: 1 stale, 0 fine.
 * A game the person may not see gets the no-game answer instead, so that
 * a made-up button learns nothing of it.
 */
static int
svc_stale(struct svc_ctx *ctx)
{
	struct store_game	g;
	int			rc;

	if (ctx->turn < 0 || ctx->pick == 0)
		return (0);
	if ((rc = svc_game_visible(ctx, ctx->pick, &g)) < 0)
		return (-1);
	if (rc == 0)
		return (svc_no_game(ctx, ctx->pick) == 0 ? 1 : -1);
	if (g.turn_no == ctx->turn && g.state < STORE_OVER)
		return (0);
	if (svc_refuse(ctx, "stale", NULL) != 0)
		return (-1);
	return (1);
}

/*
 * Run the command of an event, as its entry says: where it runs, what it
 * asks of the game it names (svc_access(), through svc_game_find()), then
 * its function.
 */
static int
svc_dispatch(struct svc_ctx *ctx)
{
	const struct svc_command	*cmd;
	int				 rc;

	if ((cmd = svc_command_find(ctx->cmd, strlen(ctx->cmd))) == NULL)
		return (svc_refuse(ctx, "unknown_command", "{s:s}", "command",
		    ctx->cmd));
	ctx->command = cmd;
	ctx->want = cmd->want;
	if ((rc = svc_stale(ctx)) != 0)
		return (rc < 0 ? -1 : 0);
	if (!(cmd->where & (ctx->ev->private_chat ? SVC_IN_PRIVATE :
	    SVC_IN_GROUP)))
		return (svc_refuse(ctx, "private_only", "{s:s}", "command",
		    cmd->name));
	/*
	 * Every command loads its game before it writes anything, so a game
	 * whose log does not replay can be refused cleanly instead of failing
	 * the event for ever.
	 */
	ctx->svc->bad_game = 0;
	if ((rc = cmd->fn(ctx)) != 0 && ctx->svc->bad_game)
		return (svc_refuse(ctx, "damaged", "{s:I}", "game",
		    (json_int_t)ctx->svc->bad_game));
	return (rc);
}

/*
 * The work of one event, inside its transaction.  checked: a game whose
 * group the platform was asked about for this very command, and member
 * its answer (service-member.c runs the command again with it); 0: none.
 */
int
svc_event_run(struct svc *svc, const struct svc_event *ev, int64_t checked,
    int member)
{
	struct svc_ctx	 ctx;
	const char	*lang, *text;
	int		 rc;

	if (ev->update_id >= 0) {
		rc = store_update_seen(svc->store, ev->platform, ev->update_id,
		    svc->now);
		if (rc <= 0)	/* a duplicate, or a failure */
			return (rc < 0 ? svc_store_fail(svc) : 0);
	}
	/* A member who left a group: no command, the service decides. */
	if (ev->kind == SVC_EV_LEFT)
		return (svc_gone(svc, ev));
	text = ev->kind == SVC_EV_BUTTON ? ev->data : ev->text;
	if (ev->chat == NULL || ev->user == NULL || text == NULL)
		return (0);

	memset(&ctx, 0, sizeof ctx);
	ctx.svc = svc;
	ctx.ev = ev;
	ctx.turn = -1;
	ctx.checked = checked;
	ctx.member = member;
	lang = svc_lang(ev->lang);
	if ((ctx.chat = store_chat(svc->store, ev->platform, ev->chat,
	    ev->chat_title, ev->private_chat, lang, ctx.chat_lang)) < 0 ||
	    (ctx.user = store_user(svc->store, ev->platform, ev->user,
	    ev->user_name, lang, ctx.user_lang)) < 0)
		return (svc_store_fail(svc));

	if (ev->kind == SVC_EV_BUTTON)
		rc = svc_parse_button(&ctx, text);
	else if (ev->kind == SVC_EV_APP)
		rc = svc_web_parse(&ctx);
	else
		rc = svc_parse(&ctx, text, 0);
	/* A press of a game's button, or its app's: they looked at it. */
	if (rc == 0 && (ev->kind == SVC_EV_BUTTON || ev->kind == SVC_EV_APP) &&
	    svc_remind_looked(svc, ctx.pick, ctx.user) != 0)
		return (-1);
	if (rc != 0)
		rc = svc_refuse(&ctx, "too_long", NULL);
	else if (ctx.cmd[0] != '\0')
		rc = svc_dispatch(&ctx);
	if (rc == 0)
		rc = svc_answer(&ctx);
	return (rc);
}
