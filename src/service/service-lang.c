/*
 * service-lang.c: /lang, the language a chat is spoken to in (a private
 * chat's is its person's, and goes with them to the games they join).
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <string.h>

#include "lang.h"
#include "service-cmds.h"

/*
 * /lang en|ru|de|ka: the chat's language (a private chat's is its
 * person's).
 */
static int
svc_cmd_lang(struct svc_ctx *ctx)
{
	struct store	*s = ctx->svc->store;
	const char	*lang;
	char		 list[64];

	if ((lang = lang_find(ctx->args)) == NULL ||
	    strlen(ctx->args) != strlen(lang)) {
		lang_list(list, sizeof list);
		return (svc_refuse(ctx, "bad_lang", "{s:s}", "langs", list));
	}
	if (store_chat_set_lang(s, ctx->chat, lang) != 0 ||
	    (ctx->ev->private_chat && store_user_set_lang(s, ctx->user,
	    lang) != 0))
		return (svc_store_fail(ctx->svc));
	snprintf(ctx->chat_lang, sizeof ctx->chat_lang, "%s", lang);
	if (ctx->ev->private_chat)
		snprintf(ctx->user_lang, sizeof ctx->user_lang, "%s", lang);
	return (svc_tell(ctx, 0, "lang", "{s:s}", "lang", lang));
}

/* /lang */
static const struct svc_command svc_lang_entry = {
	.name = "lang",
	.about = N_("Choose the language: en, ru, de, ka"),
	.where = SVC_IN_ANY,
	.menu = SVC_IN_ANY,
	.who = SVC_BY_ANYONE,
	.want = SVC_WANT_SEE,
	.fn = svc_cmd_lang,
};

/* /lang, on its own. */
const struct svc_command *const svc_lang_commands[] = {
	&svc_lang_entry,
	NULL
};
