/*
 * compose-away.c: a person away from all their games for a while
 * (/away, /back; service-holiday.c) in words: the question how, with
 * its buttons, what was done, its refusals, and the line of a group's
 * live message that says who is away until when (relative: a group
 * lives in many zones).
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <string.h>

#include "compose-int.h"
#include "i18n.h"

/*
 * When someone away is back, into b: "in 5 days", and on the reader's
 * own clock as well when they have a zone (zone NULL: none) and it is
 * within the week: "in 30 h (tomorrow 09:15)".
 */
static void
compose_away_when(const char *lang, const char *zone, int64_t until,
    int64_t now, struct rbuf *b)
{
	struct rbuf	span = { NULL, 0, 0 }, clock = { NULL, 0, 0 };

	render_span(lang, until > now ? until - now : 0, &span);
	/* TRANSLATORS: when someone away is back; %s how long until then
	   ("5 days", "30 h"). */
	rbuf_add(b, tr(lang, "in %s"), span.s != NULL ? span.s : "");
	if (zone != NULL && render_clock(lang, zone, until, now, &clock) == 0)
		rbuf_add(b, " (%s)", clock.s);
	rbuf_free(&span);
	rbuf_free(&clock);
}

/* The reader's zone of a private row out into pt, NULL when unknown. */
static const char *
compose_away_zone(struct compose_ctx *c, const struct svc_out *out,
    struct svc_ptime *pt)
{
	if (svc_person_time(c->svc, out->platform, out->chat, pt) != 0 ||
	    pt->zone[0] == '\0')
		return (NULL);
	return (pt->zone);
}

/*
 * An "away" row: the question how to be away (until, games: the
 * buttons), what was done (how: "stop" or "ai"), or the return (back;
 * ended: by itself); after a press, the pressed message edited.
 */
int
compose_away_make(struct compose_ctx *c, const struct svc_out *out,
    struct compose_msg *m)
{
	json_t		*p = out->data;
	const char	*lang = m->lang, *how = compose_str(p, "how");
	struct svc_ptime pt;
	struct rbuf	 when = { NULL, 0, 0 };
	int64_t		 until = compose_int(p, "until", 0);
	unsigned long	 games = (unsigned long)compose_int(p, "games", 0);
	char		 cmd[SVC_BUTTON_MAX];

	compose_named(out, "message", m);
	/* Its buttons, or none: an edited question's go. */
	m->setkeys = 1;
	if (json_is_true(json_object_get(p, "ended"))) {
		/* TRANSLATORS: said when one's time away is up; %d how many
		   games. */
		rbuf_add(&m->text, trn(lang, "Your time away is up: your %d "
		    "game goes on with you.", "Your time away is up: your %d "
		    "games go on with you.", games), (int)games);
		return (m->form);
	}
	if (json_is_true(json_object_get(p, "back"))) {
		/* TRANSLATORS: after /back; %d how many games. */
		rbuf_add(&m->text, trn(lang, "Welcome back: your %d game goes "
		    "on with you.", "Welcome back: your %d games go on with "
		    "you.", games), (int)games);
		return (m->form);
	}
	compose_away_when(lang, compose_away_zone(c, out, &pt), until,
	    svc_now(c->svc), &when);
	if (how != NULL && strcmp(how, "ai") == 0)
		/* TRANSLATORS: after /away; %s when they are back ("in 5
		   days"), %d how many games. */
		rbuf_add(&m->text, trn(lang, "You are away, back %s: the AI "
		    "plays for you in %d game until then. /back ends it "
		    "sooner.", "You are away, back %s: the AI plays for you "
		    "in %d games until then. /back ends it sooner.", games),
		    when.s, (int)games);
	else if (how != NULL)
		/* TRANSLATORS: after /away; %s when they are back ("in 5
		   days"), %d how many games. */
		rbuf_add(&m->text, trn(lang, "You are away, back %s: your "
		    "clock stops in %d game, and your turns wait for you. "
		    "/back ends it sooner.", "You are away, back %s: your "
		    "clocks stop in %d games, and your turns wait for you. "
		    "/back ends it sooner.", games), when.s, (int)games);
	else {
		/* TRANSLATORS: the question of /away; %s when they are back
		   ("in 5 days"). */
		rbuf_add(&m->text, tr(lang, "Away, back %s. What happens to "
		    "your games meanwhile? Stop my clocks: your turns wait "
		    "for you, their time counts once you are back. The AI "
		    "plays: it plays your turns until then."), when.s);
		snprintf(cmd, sizeof cmd, "away @%lld stop",
		    (long long)until);
		/* TRANSLATORS: a button of /away. */
		compose_keys_add(&m->keys, tr(lang, "Stop my clocks"), 0, -1,
		    cmd);
		snprintf(cmd, sizeof cmd, "away @%lld ai", (long long)until);
		/* TRANSLATORS: a button of /away. */
		compose_keys_add(&m->keys, tr(lang, "The AI plays for me"), 0,
		    -1, cmd);
	}
	rbuf_free(&when);
	return (m->form);
}

/*
 * The words of /away's and /back's refusals (code, its values args)
 * into b: 1, or 0 when code is none of them.
 */
int
compose_away_says(struct svc *svc, const char *lang, const char *code,
    json_t *args, struct rbuf *b)
{
	const char	*word = compose_str(args, "word");
	struct rbuf	 when = { NULL, 0, 0 };
	long long	 days = compose_int(args, "days", 0);

	if (strcmp(code, "away_bad") == 0 && (word == NULL || *word == '\0'))
		rbuf_addstr(b, tr(lang, "Say how long you are away: /away 5d, "
		    "/away 12h or /away 2026-12-20."));
	else if (strcmp(code, "away_bad") == 0)
		/* TRANSLATORS: a refusal (200 characters at most); %s what
		   was typed; /away 5d, 12h and 2026-12-20 are what to type:
		   keep them. */
		rbuf_add(b, tr(lang, "\"%s\" is not how long you are away: say "
		    "/away 5d, /away 12h or /away 2026-12-20."), word);
	else if (strcmp(code, "away_past") == 0)
		/* TRANSLATORS: a refusal (200 characters at most); %s what
		   was typed. */
		rbuf_add(b, tr(lang, "%s is past: say when you will be back, "
		    "as in /away 5d."), word != NULL ? word : "");
	else if (strcmp(code, "away_long") == 0)
		/* TRANSLATORS: a refusal (200 characters at most); %lld
		   days. */
		rbuf_add(b, trn(lang, "You can be away for %lld day at most.",
		    "You can be away for %lld days at most.",
		    (unsigned long)days), days);
	else if (strcmp(code, "away_already") == 0) {
		compose_away_when(lang, NULL, compose_int(args, "until", 0),
		    svc_now(svc), &when);
		/* TRANSLATORS: a refusal (200 characters at most); %s when
		   they are back ("in 5 days"). */
		rbuf_add(b, tr(lang, "You are away already, back %s: say /back "
		    "first, then /away again."), when.s);
		rbuf_free(&when);
	} else if (strcmp(code, "away_none") == 0)
		rbuf_addstr(b, tr(lang, "You are not away."));
	else if (strcmp(code, "away_no_games") == 0)
		rbuf_addstr(b, tr(lang, "You play in no running game: there is "
		    "nothing to hold for you."));
	else
		return (0);
	return (1);
}

/*
 * Append to a group's live message who of the game's people is away
 * and until when, relative, and what happens to their turns meanwhile.
 */
void
compose_away_live(const struct svc_game *g, const char *lang, int64_t now,
    struct rbuf *b)
{
	const struct svc_seat	*p;
	struct rbuf		 when = { NULL, 0, 0 };
	char			 name[UTF8_NAMEMAX];
	int			 s;

	if (g->state != SVC_PLAYING)
		return;
	for (s = 0; s < g->cfg.nseats; s++) {
		p = &g->seats[s];
		if (p->user[0] == '\0' || p->away_until <= now)
			continue;
		/* The AI's way plays only the seats it was given: not a
		   game joined since, nor one they took back by playing. */
		if (p->away_ai && !p->away)
			continue;
		utf8_shorten(p->name, RENDER_NAMECHARS, name, sizeof name);
		rbuf_reset(&when);
		compose_away_when(lang, NULL, p->away_until, now, &when);
		if (p->away_ai)
			/* TRANSLATORS: under a group's board; %s a player's
			   name, %s when they are back ("in 5 days"). */
			rbuf_add(b, tr(lang, "%s is away, back %s; the AI "
			    "plays for them."), name, when.s);
		else
			/* TRANSLATORS: under a group's board; %s a player's
			   name, %s when they are back ("in 5 days"). */
			rbuf_add(b, tr(lang, "%s is away, back %s; their "
			    "clock stops meanwhile."), name, when.s);
		rbuf_addstr(b, "\n");
	}
	rbuf_free(&when);
}
