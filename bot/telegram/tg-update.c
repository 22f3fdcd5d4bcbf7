/*
 * tg-update.c: a Bot API Update (JSON) to a struct svc_event.
 *
 * Pure: no I/O, no logging, so the fuzzer can hammer it.  Everything the
 * event needs is copied into struct tg_update, so the JSON may go at once.
 * Messages with text and button presses become events, and so does a
 * member's leaving a group (a left_chat_member message, or a chat_member
 * update: both may come for one leaving, the service takes the second as
 * nothing); every other kind of update (my_chat_member, edits, channel
 * posts, ...) is only recorded, so the update offset still moves past it.  A button press that cannot
 * be an event (no person) keeps its callback id: the bridge answers it.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <jansson.h>

#include "tg.h"

#define TG_MAXUPDATE	(1024 * 1024)	/* bytes of one update's JSON */

/* Copy a JSON string member into buf; -1 if absent, not a string or long. */
static int
tg_update_str(json_t *o, const char *key, char *buf, size_t len)
{
	json_t		*v = json_object_get(o, key);
	const char	*s;
	size_t		 n;

	if (!json_is_string(v))
		return (-1);
	s = json_string_value(v);
	n = json_string_length(v);
	if (n >= len || memchr(s, '\0', n) != NULL)
		return (-1);
	memcpy(buf, s, n + 1);
	return (0);
}

/* Write an integer id member as text; -1 if it is not an integer. */
static int
tg_update_id(json_t *o, const char *key, char *buf, size_t len)
{
	json_t	*v = json_object_get(o, key);

	if (!json_is_integer(v))
		return (-1);
	snprintf(buf, len, "%lld", (long long)json_integer_value(v));
	return (0);
}

/* The person's display name: first and last name, else the username. */
static void
tg_update_name(json_t *from, const char *user, char *name, size_t len)
{
	char	first[UTF8_NAMEMAX / 2] = "", last[UTF8_NAMEMAX / 2] = "";

	tg_update_str(from, "first_name", first, sizeof first);
	tg_update_str(from, "last_name", last, sizeof last);
	if (*first != '\0' && *last != '\0')
		snprintf(name, len, "%s %s", first, last);
	else if (*first != '\0' || *last != '\0')
		snprintf(name, len, "%s%s", first, last);
	else if (tg_update_str(from, "username", name, len) != 0)
		snprintf(name, len, "%s", user);
}

/*
 * A person as a Telegram User object names them (an update's "from", a
 * Mini App's init data "user"): id, display name, language ("" if none).
 * -1 when it has no integer id.
 */
int
tg_update_person(json_t *from, struct tg_person *p)
{
	memset(p, 0, sizeof *p);
	if (!json_is_object(from) || tg_update_id(from, "id", p->user,
	    sizeof p->user) != 0)
		return (-1);
	tg_update_name(from, p->user, p->name, sizeof p->name);
	if (tg_update_str(from, "language_code", p->lang, sizeof p->lang) != 0)
		p->lang[0] = '\0';
	return (0);
}

/* Fill the person and chat of an event; -1 if they are not there. */
static int
tg_update_who(json_t *from, json_t *chat, struct tg_update *u)
{
	const char	*type;

	if (!json_is_object(from) || tg_update_id(from, "id", u->user,
	    sizeof u->user) != 0)
		return (-1);
	tg_update_name(from, u->user, u->name, sizeof u->name);
	if (tg_update_str(from, "language_code", u->lang, sizeof u->lang) == 0)
		u->ev.lang = u->lang;
	if (!json_is_object(chat)) {
		/* A button under an inline message: answer privately. */
		memcpy(u->chat, u->user, sizeof u->chat);
		u->ev.private_chat = 1;
	} else {
		if (tg_update_id(chat, "id", u->chat, sizeof u->chat) != 0)
			return (-1);
		type = json_string_value(json_object_get(chat, "type"));
		u->ev.private_chat = type != NULL &&
		    strcmp(type, "private") == 0;
		u->super = type != NULL && strcmp(type, "supergroup") == 0;
		if (tg_update_str(chat, "title", u->title, sizeof u->title) !=
		    0)
			snprintf(u->title, sizeof u->title, "%s", u->name);
	}
	u->ev.user = u->user;
	u->ev.user_name = u->name;
	u->ev.chat = u->chat;
	u->ev.chat_title = u->title;
	/* A person runs their own private chat. */
	u->ev.admin = u->ev.private_chat;
	return (0);
}

/*
 * Check a command's "@BotName" suffix: 1 when the command is ours (no
 * suffix, or our name, or our name is unknown yet), 0 when it names
 * another bot.  The suffix is cut off: the service needs only the command.
 */
static int
tg_update_ours(char *text, const char *botname)
{
	char	*at, *end;
	size_t	 n;

	end = text + strcspn(text, " \t\n");
	if ((at = memchr(text, '@', (size_t)(end - text))) == NULL)
		return (1);
	n = (size_t)(end - at - 1);
	if (botname != NULL && *botname != '\0' && (strlen(botname) != n ||
	    strncasecmp(at + 1, botname, n) != 0))
		return (0);
	memmove(at, end, strlen(end) + 1);
	return (1);
}

/*
 * A person who is no longer a member of a group (a User object: the one
 * who left, or was removed): the event is about them, not about who
 * removed them.  1 for an SVC_EV_LEFT event, 0 when it is no person's
 * (a bot, ourselves included: my_chat_member says that) or no group's.
 */
static int
tg_update_left(json_t *who, struct tg_update *u)
{
	struct tg_person	p;

	if (u->ev.private_chat || json_is_true(json_object_get(who,
	    "is_bot")) || tg_update_person(who, &p) != 0)
		return (0);
	memcpy(u->user, p.user, sizeof u->user);
	memcpy(u->name, p.name, sizeof u->name);
	memcpy(u->lang, p.lang, sizeof u->lang);
	u->ev.lang = u->lang[0] != '\0' ? u->lang : NULL;
	u->ev.admin = 0;
	u->ev.kind = SVC_EV_LEFT;
	return (1);
}

/*
 * A message: text commands (groups) or any text (private chats).  A group
 * that became a supergroup says so in a message with the new id (only
 * recorded; the bridge moves the chat).  A group's service message that
 * a member left it (left_chat_member) is an SVC_EV_LEFT event.
 */
static int
tg_update_message(json_t *m, const char *botname, struct tg_update *u)
{
	json_t	*sc, *id, *gone;

	if (!json_is_object(m) ||
	    tg_update_who(json_object_get(m, "from"), json_object_get(m,
	    "chat"), u) != 0)
		return (0);
	/* Seen, even if not for us: a group's live message may be buried. */
	if (json_is_integer(json_object_get(m, "message_id")))
		u->msgid = json_integer_value(json_object_get(m,
		    "message_id"));
	if (!u->ev.private_chat && tg_update_id(m, "migrate_to_chat_id",
	    u->migrate, sizeof u->migrate) == 0)
		return (0);
	if (json_is_object(gone = json_object_get(m, "left_chat_member")))
		return (tg_update_left(gone, u));
	if (tg_update_str(m, "text", u->text, sizeof u->text) != 0)
		return (0);
	/* Sent as the chat itself: only its admins can do that. */
	sc = json_object_get(m, "sender_chat");
	id = json_object_get(sc, "id");
	if (json_is_integer(id) && strtoll(u->chat, NULL, 10) ==
	    json_integer_value(id))
		u->ev.admin = 1;
	/* In a group only commands are for us (privacy mode sends replies). */
	if (u->text[0] != '/' && !u->ev.private_chat)
		return (0);
	if (u->text[0] == '/' && !tg_update_ours(u->text, botname))
		return (0);
	u->ev.kind = SVC_EV_TEXT;
	u->ev.text = u->text;
	return (1);
}

/* A button press: always an event, as every press must be answered. */
static int
tg_update_callback(json_t *q, struct tg_update *u)
{
	json_t	*m;

	if (!json_is_object(q) || tg_update_str(q, "id", u->callback,
	    sizeof u->callback) != 0)
		return (0);
	m = json_object_get(q, "message");
	if (tg_update_who(json_object_get(q, "from"), json_is_object(m) ?
	    json_object_get(m, "chat") : NULL, u) != 0)
		return (0);
	if (tg_update_str(q, "data", u->text, sizeof u->text) != 0)
		u->text[0] = '\0';
	/* The pressed message, named as the bridge names it (tg-ref.c). */
	if (json_is_integer(json_object_get(m, "message_id")) &&
	    json_integer_value(json_object_get(m, "message_id")) > 0) {
		tg_ref_make(u->message, sizeof u->message, json_integer_value(
		    json_object_get(m, "message_id")), json_is_array(
		    json_object_get(m, "photo")));
		u->ev.message = u->message;
	}
	u->ev.kind = SVC_EV_BUTTON;
	u->ev.data = u->text;
	u->ev.callback = u->callback;
	return (1);
}

/*
 * A chat member's new status (chat_member: Telegram sends it only to a
 * group's admin bot that asked for it in allowed_updates): one who left
 * ("left"), was removed ("kicked"), or is restricted and no member, is an
 * SVC_EV_LEFT event; any other change is only recorded.
 */
static int
tg_update_member(json_t *cm, struct tg_update *u)
{
	json_t		*now, *who;
	const char	*status;

	now = json_object_get(cm, "new_chat_member");
	who = json_object_get(now, "user");
	status = json_string_value(json_object_get(now, "status"));
	if (!json_is_object(cm) || status == NULL ||
	    tg_update_who(who, json_object_get(cm, "chat"), u) != 0)
		return (0);
	if (strcmp(status, "left") != 0 && strcmp(status, "kicked") != 0 &&
	    (strcmp(status, "restricted") != 0 ||
	    !json_is_false(json_object_get(now, "is_member"))))
		return (0);
	return (tg_update_left(who, u));
}

/*
 * Parse one Update object.  botname: ours, to tell "/cmd@OtherBot" apart
 * (NULL: not known yet, every command is ours).  Returns 1 for an event
 * to process, 0 for an update only to record (ev.text and ev.data are
 * NULL), -1 for no usable update id.
 */
int
tg_update_json(json_t *root, const char *botname, struct tg_update *u)
{
	json_t	*v;

	memset(u, 0, sizeof *u);
	u->ev.platform = TG_PLATFORM;
	u->ev.update_id = -1;
	v = json_object_get(root, "update_id");
	if (!json_is_object(root) || !json_is_integer(v) ||
	    json_integer_value(v) < 0)
		return (-1);
	u->ev.update_id = json_integer_value(v);
	if ((v = json_object_get(root, "message")) != NULL)
		return (tg_update_message(v, botname, u));
	if ((v = json_object_get(root, "callback_query")) != NULL)
		return (tg_update_callback(v, u));
	if ((v = json_object_get(root, "chat_member")) != NULL)
		return (tg_update_member(v, u));
	return (0);
}

/* Parse one Update from JSON text (a webhook body); as tg_update_json. */
int
tg_update_parse(const char *buf, size_t len, const char *botname,
    struct tg_update *u)
{
	json_t		*root;
	json_error_t	 jerr;
	int		 rc;

	memset(u, 0, sizeof *u);
	u->ev.update_id = -1;
	if (len > TG_MAXUPDATE)
		return (-1);
	if ((root = json_loadb(buf, len, JSON_REJECT_DUPLICATES, &jerr)) ==
	    NULL)
		return (-1);
	rc = tg_update_json(root, botname, u);
	json_decref(root);
	return (rc);
}
