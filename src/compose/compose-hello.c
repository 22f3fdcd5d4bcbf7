/*
 * compose-hello.c: how people first meet the bot.  The greeting of a
 * private chat's first /start and of a group that just added the bot,
 * with the buttons that lead on (add the bot to a group, open the private
 * chat, the rules, the commands); the command lists a platform shows in
 * its menu, the command list of /help, the rules in short (/rules); and
 * what a group is told about a player the bot cannot write to: the
 * "help", "rules" and "unreachable" rows.  The links themselves are the
 * bridge's: a button says only which link and its payload (enum
 * compose_link).  The commands' names, arguments and lines are their
 * entries' (struct svc_command): compose only words them.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <string.h>

#include <jansson.h>

#include "compose-int.h"
#include "i18n.h"

/*
 * The i-th command offered where (COMPOSE_IN_PRIVATE or _GROUP), its
 * name and its description in lang: 1, or 0 past the last one.  The
 * commands' entries say which (svc_command()).
 */
int
compose_command(int where, size_t i, const char *lang, const char **name,
    const char **desc)
{
	const struct svc_command	*cmd;
	size_t				 j;
	int				 in;

	in = where == COMPOSE_IN_PRIVATE ? SVC_IN_PRIVATE : SVC_IN_GROUP;
	for (j = 0; (cmd = svc_command(j)) != NULL; j++) {
		if ((cmd->menu & in) == 0 || cmd->about == NULL || i-- > 0)
			continue;
		*name = cmd->name;
		*desc = tr(lang, in == SVC_IN_PRIVATE &&
		    cmd->about_private != NULL ? cmd->about_private :
		    cmd->about);
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
static int
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
static void
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
static void
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

/*
 * Append the command list (the answer to /help): a line for each listed
 * command, its arguments and what it does, as its entry says.
 */
static void
compose_help(const char *lang, struct rbuf *b)
{
	const struct svc_command	*cmd;
	char				 usage[256];
	size_t				 i;

	rbuf_addstr(b, tr(lang, "Commands:"));
	rbuf_addstr(b, "\n");
	for (i = 0; (cmd = svc_command(i)) != NULL; i++) {
		if (cmd->about == NULL)
			continue;
		snprintf(usage, sizeof usage, "/%s%s%s", cmd->name,
		    cmd->args != NULL ? " " : "",
		    cmd->args != NULL ? tr(lang, cmd->args) : "");
		/*
		 * TRANSLATORS: a line of /help: the first %s is a command with
		 * its arguments ("/join [SEAT]"), the second what it does.
		 */
		rbuf_add(b, tr(lang, "%s - %s"), usage, tr(lang, cmd->about));
		rbuf_addstr(b, "\n");
	}
}

/*
 * A "help" row: the command list, or (a first /start, a group that just
 * added the bot) the greeting with the buttons that lead on.
 */
int
compose_help_make(struct compose_ctx *c, const struct svc_out *out,
    struct compose_msg *m)
{
	int	where = compose_greeting(out->data);

	(void)c;
	if (where == 0) {
		compose_help(m->lang, &m->text);
		return (m->form);
	}
	compose_welcome(m->lang, where, compose_str(out->data, "name"),
	    &m->text, &m->keys);
	m->setkeys = 1;
	return (m->form);
}

/* Append a summary of the rules (the answer to /rules). */
static void
compose_rules(const char *lang, int names, struct rbuf *b)
{
	const char	*tac = render_card(lang, names, TAC_TAC);

	/*
	 * TRANSLATORS: the first %s is the game's name (TAC, or TAKER in the
	 * Russian edition, as its TAC card is called), the second the
	 * Trickster's name, the third the TAC card's, in the game's naming.
	 */
	rbuf_add(b, tr(lang, "%s in short: two teams race to bring all their "
	    "marbles from the base around the circle into their homes. On "
	    "your turn play one card: a 1 or 13 puts a marble on your start "
	    "field; numbers move one marble forward (the 4 backwards), and no "
	    "marble may jump over another; a 7 splits seven steps among your "
	    "marbles and kicks every marble it passes; an 8 moves 8 or makes "
	    "the next player skip; the %s swaps two marbles; the %s takes "
	    "back the previous card, and you play that card yourself. Ending "
	    "a move on a marble sends that marble back to its base. Partners "
	    "give each other one card after each deal. If no card can move, "
	    "you discard one. Once your marbles are home, you play for your "
	    "partner."),
	    tac, render_card(lang, names, TAC_TR), tac);
	rbuf_addstr(b, "\n");
}

/* A "rules" row: a summary of the rules (the answer to /rules). */
int
compose_rules_make(struct compose_ctx *c, const struct svc_out *out,
    struct compose_msg *m)
{
	compose_rules(m->lang, compose_names(c, out, m->lang), &m->text);
	return (m->form);
}

/*
 * An "unreachable" row: what a group is told of a person the bot cannot
 * write to, with the link that opens their private chat with it.
 */
int
compose_unreachable_make(struct compose_ctx *c, const struct svc_out *out,
    struct compose_msg *m)
{
	char	payload[SVC_PAYLOAD_MAX], url[256], name[UTF8_NAMEMAX];
	char	key[SVC_KEY_MAX];
	int	n;

	/* A seat's hand by the game's number; a join by its key. */
	if (compose_int(out->data, "seat", -1) >= 0)
		n = svc_payload_format(payload, sizeof payload, SVC_LINK_HAND,
		    m->game);
	else
		n = svc_game_key(c->svc, m->game, key) == 1 ?
		    svc_payload_format_key(payload, sizeof payload, key) : -1;
	if (n < 0 ||
	    c->o->link == NULL || c->o->link(c->o->arg, COMPOSE_LINK_START,
	    m->chat, payload, url, sizeof url) != 0)
		return (compose_none(m));
	utf8_shorten(compose_str(out->data, "name") != NULL ?
	    compose_str(out->data, "name") : "?", RENDER_NAMECHARS, name,
	    sizeof name);
	compose_unreachable(m->lang, name, url, json_is_true(json_object_get(
	    out->data, "turn")) ? m->game : 0, &m->text);
	return (m->form);
}
