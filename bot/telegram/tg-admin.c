/*
 * tg-admin.c: the administrators of the groups the bridge hears from (a
 * chat admin may abort a game or replace a seat, as the creator may).  A
 * group's title is the service's, which keeps it with the chat.
 *
 * Admins come from getChatAdministrators, asked in the background when a
 * group's update arrives and the list is older than ten minutes.  The
 * update is never held for it: until the answer comes, only the creator
 * and anonymous admins (a message sent as the chat) count.  A failed call
 * (the emulator answers HTTP 500) means no admins known, and no pin is
 * tried there (tg_chat_maypin()), nor where the list names the bot
 * without the right to pin.  All in memory: after a restart the lists
 * are asked for again.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdlib.h>
#include <string.h>

#include "log.h"
#include "tg-int.h"
#include "xmalloc.h"

#define TG_ADMIN_TTL	600.0	/* seconds an admin list is trusted */
#define TG_ADMIN_RETRY	60.0	/* seconds after a failed call */

/* getChatAdministrators answered (arg: the chat id, malloc'd). */
static void
tg_admin_done(struct tg *tg, const struct tg_result *r, void *arg)
{
	struct tg_chat	*gr;
	json_t		*v, *id;
	size_t		 i;
	char		*chat = arg;

	if (r->cancelled || (gr = tg_chat_find(tg, chat)) == NULL) {
		free(chat);
		return;
	}
	gr->fetching = 0;
	gr->fetched = tg_now();
	gr->nadmins = 0;
	gr->adminfail = !r->ok || !json_is_array(r->result);
	gr->nopin = 0;
	if (gr->adminfail) {
		log_debug("telegram: admins of %s: %s", chat, r->desc != NULL ?
		    r->desc : "no answer");
		gr->fetched -= TG_ADMIN_TTL - TG_ADMIN_RETRY;
		free(chat);
		return;
	}
	gr->admins = xreallocarray(gr->admins, json_array_size(r->result),
	    sizeof *gr->admins);
	json_array_foreach(r->result, i, v) {
		id = json_object_get(json_object_get(v, "user"), "id");
		if (json_is_integer(id))
			gr->admins[gr->nadmins++] = json_integer_value(id);
		/* The bot itself, an admin that may not pin. */
		if (json_is_integer(id) && json_integer_value(id) ==
		    tg->botid && tg->botid != 0 &&
		    !json_is_true(json_object_get(v, "can_pin_messages")) &&
		    strcmp(json_string_value(json_object_get(v, "status")) !=
		    NULL ? json_string_value(json_object_get(v, "status")) :
		    "", "creator") != 0)
			gr->nopin = 1;
	}
	free(chat);
}

/*
 * An update from a chat: ask for a group's admins if the list is old,
 * and mark the event's person an admin if the list (as known now) says
 * so.
 */
void
tg_admin_see(struct tg *tg, struct tg_update *u)
{
	struct tg_chat	*gr;
	double		 now = tg_now();
	long long	 user;
	char		*end, *chat;
	size_t		 i;

	if (u->ev.private_chat || u->ev.chat == NULL || !tg_chat_group(u->chat))
		return;
	gr = tg_chat_get(tg, u->chat, now);
	if (!gr->fetching && !tg->stopping && now - gr->fetched >=
	    TG_ADMIN_TTL) {
		chat = xstrdup(u->chat);
		gr->fetching = 1;
		tg_http_call(tg, "getChatAdministrators", json_pack("{s:I}",
		    "chat_id", (json_int_t)strtoll(u->chat, NULL, 10)), 30,
		    tg_admin_done, chat);
	}
	user = strtoll(u->user, &end, 10);
	if (*end != '\0')
		return;
	for (i = 0; i < gr->nadmins; i++) {
		if (gr->admins[i] == user)
			u->ev.admin = 1;
	}
}
