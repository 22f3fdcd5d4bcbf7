/*
 * tg-commands.c: the command lists Telegram shows in its menu, set with
 * setMyCommands once the bridge knows who it is (getMe): one list for
 * private chats, one for groups, and the groups' as the default; each in
 * English for everyone and in every other language tacd speaks for the
 * people whose Telegram speaks it (language_code).  The words are the
 * catalogs' (compose_command()).  A call that fails is logged and
 * nothing else: the menu is a convenience, the commands work without it.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compose.h"
#include "lang.h"
#include "log.h"
#include "tg-int.h"
#include "xmalloc.h"

/* The scopes set (BotCommandScope types) and the list each gets. */
static const struct {
	const char	*type;
	int		 where;		/* COMPOSE_IN_* */
} tg_scopes[] = {
	{ "default", COMPOSE_IN_GROUP },
	{ "all_private_chats", COMPOSE_IN_PRIVATE },
	{ "all_group_chats", COMPOSE_IN_GROUP },
};

/* How many setMyCommands calls tg_commands_set() makes. */
size_t
tg_commands_count(void)
{
	return (sizeof tg_scopes / sizeof tg_scopes[0] * lang_count());
}

/*
 * The parameters of the i-th setMyCommands call (i below
 * tg_commands_count()): {scope: {type}, commands: [{command,
 * description}], language_code} (no language_code for English: the list
 * of everyone whose language has none of its own).
 */
json_t *
tg_commands_params(size_t i)
{
	const char	*lang, *name, *desc;
	json_t		*list, *p;
	size_t		 n, scope;

	scope = i / lang_count();
	lang = lang_code(i % lang_count());
	list = json_array();
	for (n = 0; compose_command(tg_scopes[scope].where, n, lang, &name,
	    &desc); n++)
		json_array_append_new(list, json_pack("{s:s, s:s}", "command",
		    name, "description", desc));
	p = json_pack("{s:{s:s}, s:o}", "scope", "type", tg_scopes[scope].type,
	    "commands", list);
	if (p != NULL && strcmp(lang, "en") != 0)
		json_object_set_new(p, "language_code", json_string(lang));
	return (p);
}

/*
 * A setMyCommands call answered; arg names its scope and language.  Only
 * a failure is logged: twelve lines at every start would say nothing.
 */
static void
tg_commands_done(struct tg *tg, const struct tg_result *r, void *arg)
{
	char	*what = arg;

	(void)tg;
	if (!r->cancelled && !r->ok)
		log_warnx("telegram: setMyCommands %s: %s", what, r->desc);
	free(what);
}

/* Set every command list (see above); the answers come later. */
void
tg_commands_set(struct tg *tg)
{
	json_t	*p;
	char	*what;
	size_t	 i;

	log_debug("telegram: setting %zu command lists", tg_commands_count());
	for (i = 0; i < tg_commands_count(); i++) {
		if ((p = tg_commands_params(i)) == NULL) {
			log_warnx("telegram: setMyCommands: a list could not "
			    "be made");
			continue;
		}
		xasprintf(&what, "%s/%s", tg_scopes[i / lang_count()].type,
		    lang_code(i % lang_count()));
		tg_http_call(tg, "setMyCommands", p, 30, tg_commands_done,
		    what);
	}
}
