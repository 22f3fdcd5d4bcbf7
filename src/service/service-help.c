/*
 * service-help.c: /help, the list of the commands.  compose words it from
 * the commands' entries (svc_command()): each one's arguments and what it
 * does, in the chat's language.
 */
#include "service-cmds.h"

/* /help: the commands. */
static int
svc_cmd_help(struct svc_ctx *ctx)
{
	return (svc_reply(ctx, SVC_OUT_HELP, svc_chat_game_of(ctx)));
}

/* /help */
static const struct svc_command svc_help_entry = {
	.name = "help",
	.about = N_("All commands"),
	.where = SVC_IN_ANY,
	.menu = SVC_IN_ANY,
	.who = SVC_BY_ANYONE,
	.want = SVC_WANT_SEE,
	.fn = svc_cmd_help,
};

/* /help, on its own. */
const struct svc_command *const svc_help_commands[] = {
	&svc_help_entry,
	NULL
};
