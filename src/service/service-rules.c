/*
 * service-rules.c: /rules, the rules in short, in the naming of the
 * chat's game (compose words them: the "rules" row).
 */
#include "service-cmds.h"

/* /rules: the rules in short. */
static int
svc_cmd_rules(struct svc_ctx *ctx)
{
	return (svc_reply(ctx, SVC_OUT_RULES, svc_chat_game_of(ctx)));
}

/* /rules */
static const struct svc_command svc_rules_entry = {
	.name = "rules",
	.about = N_("The rules in short"),
	.where = SVC_IN_ANY,
	.menu = SVC_IN_ANY,
	.who = SVC_BY_ANYONE,
	.want = SVC_WANT_SEE,
	.fn = svc_cmd_rules,
};

/* /rules, on its own. */
const struct svc_command *const svc_rules_commands[] = {
	&svc_rules_entry,
	NULL
};
