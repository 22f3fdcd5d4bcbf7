/*
 * compose-hello.c: how people first meet the bot.  The greeting of a
 * private chat's first /start and of a group that just added the bot,
 * with the buttons that lead on (add the bot to a group, open the private
 * chat, the rules, the commands); the command lists a platform shows in
 * its menu; and what a group is told about a player the bot cannot
 * write to.  The links themselves are the bridge's: a button says only
 * which link and its payload (enum compose_link).
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <string.h>

#include <jansson.h>

#include "compose.h"
#include "i18n.h"

/* A command of the platform's menu, and where it is offered. */
static const struct compose_cmd {
	const char	*name;		/* without the "/" */
	const char	*desc;		/* a message id */
	int		 where;		/* COMPOSE_IN_* */
} compose_cmds[] = {
	{ "start", N_("Welcome, and how to play"), COMPOSE_IN_PRIVATE },
	{ "new", N_("Open a game here"), COMPOSE_IN_GROUP },
	{ "join", N_("Take a seat in the game"), COMPOSE_IN_GROUP },
	{ "start", N_("Start the game once every seat is taken"),
	    COMPOSE_IN_GROUP },
	{ "hand", N_("Your cards and, on your turn, your choices"),
	    COMPOSE_IN_PRIVATE | COMPOSE_IN_GROUP },
	{ "board", N_("Show the board"), COMPOSE_IN_PRIVATE | COMPOSE_IN_GROUP },
	{ "play", N_("Play a move typed in notation"), COMPOSE_IN_PRIVATE },
	{ "hint", N_("A hint for your turn"), COMPOSE_IN_PRIVATE },
	{ "learn", N_("Lessons: the rules one at a time"),
	    COMPOSE_IN_PRIVATE },
	{ "review", N_("Your review of a finished game"),
	    COMPOSE_IN_PRIVATE | COMPOSE_IN_GROUP },
	{ "leave", N_("Leave; the AI plays on for you"), COMPOSE_IN_GROUP },
	{ "resume", N_("Take your seat back from the AI"),
	    COMPOSE_IN_PRIVATE | COMPOSE_IN_GROUP },
	{ "stats", N_("Statistics and ratings"),
	    COMPOSE_IN_PRIVATE | COMPOSE_IN_GROUP },
	{ "top", N_("The players by rating"), COMPOSE_IN_GROUP },
	{ "history", N_("The last finished games"),
	    COMPOSE_IN_PRIVATE | COMPOSE_IN_GROUP },
	{ "rules", N_("The rules in short"),
	    COMPOSE_IN_PRIVATE | COMPOSE_IN_GROUP },
	{ "lang", N_("Choose the language: en, ru, de, ka"),
	    COMPOSE_IN_PRIVATE | COMPOSE_IN_GROUP },
	{ "help", N_("All commands"), COMPOSE_IN_PRIVATE | COMPOSE_IN_GROUP },
};

/*
 * The i-th command offered where (COMPOSE_IN_PRIVATE or _GROUP), its
 * name and its description in lang: 1, or 0 past the last one.
 */
int
compose_command(int where, size_t i, const char *lang, const char **name,
    const char **desc)
{
	size_t	j;

	for (j = 0; j < sizeof compose_cmds / sizeof compose_cmds[0]; j++) {
		if ((compose_cmds[j].where & where) == 0 || i-- > 0)
			continue;
		*name = compose_cmds[j].name;
		*desc = tr(lang, compose_cmds[j].desc);
		return (1);
	}
	return (0);
}

/*
 * Add a button that opens a link of the bot (enum compose_link) with a
 * payload, which the bridge makes into its platform's link.
 */
void
compose_keys_link(struct compose_keys *k, const char *label, int link,
    const char *payload)
{
	struct compose_key	*key;
	size_t			 n = k->n;

	compose_keys_add(k, label, 0, -1, "start");
	if (k->n == n)
		return;
	key = &k->k[k->n - 1];
	snprintf(key->data, sizeof key->data, "%s", payload);
	key->link = link;
}

/* The greeting of a person's private chat, and its buttons. */
static void
compose_welcome_private(const char *lang, const char *name, struct rbuf *b,
    struct compose_keys *k)
{
	if (name != NULL && *name != '\0') {
		/* TRANSLATORS: the greeting; %s the person's first name. */
		rbuf_add(b, tr(lang, "Hello, %s!"), name);
		rbuf_addstr(b, " ");
	} else {
		rbuf_addstr(b, tr(lang, "Hello!"));
		rbuf_addstr(b, " ");
	}
	rbuf_addstr(b, tr(lang, "I host games of TAC, the board game in which "
	    "two teams race their marbles home with cards, in group chats. I "
	    "keep the board in the group, give each player their cards here "
	    "in private, and tell everyone when it is their turn."));
	rbuf_addstr(b, "\n\n");
	rbuf_addstr(b, tr(lang, "How to play: add me to a group with the "
	    "button below and say /new there. Everyone presses Join (an AI "
	    "can take the free seats), then Start. On your turn I send you "
	    "buttons here: first the card, then the marble, then where it "
	    "goes."));
	rbuf_addstr(b, "\n\n");
	rbuf_addstr(b, tr(lang, "/rules tells the rules in short, /help lists "
	    "every command."));
	rbuf_addstr(b, " ");
	rbuf_addstr(b, tr(lang, "New to the game? /learn teaches it one rule "
	    "at a time, with a move to make for each."));
	/* TRANSLATORS: a button's label, at most 40 characters (shorter is
	   better on a phone). */
	compose_keys_link(k, tr(lang, "Add me to a group"), COMPOSE_LINK_GROUP,
	    "new");
	compose_keys_newrow(k);
	/* TRANSLATORS: a button's label, at most 40 characters (shorter is
	   better on a phone). */
	compose_keys_add(k, tr(lang, "Rules"), 0, -1, "rules");
	/* TRANSLATORS: a button's label, at most 40 characters (shorter is
	   better on a phone). */
	compose_keys_add(k, tr(lang, "Lessons"), 0, -1, "learn");
	/* TRANSLATORS: a button's label, at most 40 characters (shorter is
	   better on a phone). */
	compose_keys_add(k, tr(lang, "Commands"), 0, -1, "help");
	compose_keys_newrow(k);
}

/* The greeting of a group that just added the bot, and its button. */
static void
compose_welcome_group(const char *lang, struct rbuf *b,
    struct compose_keys *k)
{
	rbuf_addstr(b, tr(lang, "Hello! I host games of TAC here, the board "
	    "game in which two teams race their marbles home with cards. /new "
	    "opens a game; everyone presses Join, then Start."));
	rbuf_addstr(b, "\n\n");
	rbuf_addstr(b, tr(lang, "Each player gets their cards from me in a "
	    "private chat: press the button below once to open it. /help "
	    "lists every command."));
	/* TRANSLATORS: a button's label, at most 40 characters (shorter is
	   better on a phone). */
	compose_keys_link(k, tr(lang, "Open my private chat"),
	    COMPOSE_LINK_START, "hello");
	compose_keys_newrow(k);
}

/*
 * Is a "help" row's payload a greeting?  Where it is for (COMPOSE_IN_*:
 * its "welcome", "private" or "group"), 0 when it is the command list.
 */
int
compose_greeting(json_t *p)
{
	const char	*w = json_string_value(json_object_get(p, "welcome"));

	if (w == NULL)
		return (0);
	return (strcmp(w, "group") == 0 ? COMPOSE_IN_GROUP :
	    COMPOSE_IN_PRIVATE);
}

/*
 * Append the greeting of a "help" row whose payload says welcome
 * ("private" or "group", as where: COMPOSE_IN_*), in lang, naming the
 * person (name may be NULL), and add its buttons to k (NULL: none).
 */
void
compose_welcome(const char *lang, int where, const char *name,
    struct rbuf *b, struct compose_keys *k)
{
	struct compose_keys	none = { NULL, 0, 0, 0 };

	if (where == COMPOSE_IN_GROUP)
		compose_welcome_group(lang, b, k != NULL ? k : &none);
	else
		compose_welcome_private(lang, name, b, k != NULL ? k : &none);
	rbuf_addstr(b, "\n");
	compose_keys_free(&none);
}

/*
 * Append what a group is told about a player the bot cannot write to
 * privately (name, as the table shows it), with the link that opens the
 * private chat: once, or (game > 0) when it is their turn in that game
 * and a reminder could not reach them.
 */
void
compose_unreachable(const char *lang, const char *name, const char *link,
    int64_t game, struct rbuf *b)
{
	if (game > 0)
		/* TRANSLATORS: in the group; %s a player's name, %lld a
		   game's number, %s the bot's @name; "Start" is the button
		   of Telegram's client. */
		rbuf_add(b, tr(lang, "%s, it is your turn in game #%lld, and I "
		    "cannot write to you privately. Open %s and press Start to "
		    "get your cards and buttons."), name, (long long)game, link);
	else
		/* TRANSLATORS: in the group; %s a player's name, %s the
		   bot's @name; "Start" is the button of Telegram's client. */
		rbuf_add(b, tr(lang, "%s: I cannot write to you privately. Open "
		    "%s and press Start to get your cards."), name, link);
}
