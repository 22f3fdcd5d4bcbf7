/*
 * compose-stats.c: the statistics rows made into text, buttons and
 * charts: "stats", "top", "history", "summary", "record" (the pages of
 * /moves) and "chart" (service.h lists their payloads; the numbers are
 * the store's statistics tables, store-stats-query.c; the chart of a
 * game's end is compose-end.c's).
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "compose-int.h"
#include "i18n.h"
#include "xmalloc.h"

/* A member as an integer (0 if none). */
static int64_t
cs_int(json_t *o, const char *key)
{
	json_t	*v = json_object_get(o, key);

	if (json_is_real(v))
		return ((int64_t)llround(json_real_value(v)));
	return (json_integer_value(v));
}

/* A member as a number (0 if none). */
static double
cs_num(json_t *o, const char *key)
{
	return (json_number_value(json_object_get(o, key)));
}

/* A row's player name: the person's, shortened, or "AI (level N)". */
static void
cs_name(const char *lang, json_t *o, const char *name, const char *ai,
    struct rbuf *b)
{
	const char	*n = json_string_value(json_object_get(o, name));
	int64_t		 level = cs_int(o, ai);

	if (level > 0)
		rbuf_add(b, tr(lang, "AI (level %d)"), (int)level);
	else if (n != NULL && *n != '\0')
		render_name(n, b);
	else
		rbuf_addstr(b, "?");
}

/* The player name of a row, in a new string (caller frees). */
static char *
cs_name_dup(const char *lang, json_t *o, const char *name, const char *ai)
{
	struct rbuf	b = { NULL, 0, 0 };

	cs_name(lang, o, name, ai, &b);
	return (b.s);
}

/* Append a length of time: "2 h 5 min", "7 min". */
static void
cs_duration(const char *lang, int64_t secs, struct rbuf *b)
{
	if (secs >= 3600)
		/* TRANSLATORS: a duration in the statistics; %lld hours,
		   %lld minutes. */
		rbuf_add(b, tr(lang, "%lld h %lld min"),
		    (long long)(secs / 3600), (long long)(secs % 3600 / 60));
	else
		/* TRANSLATORS: a duration in the statistics; %lld minutes. */
		rbuf_add(b, tr(lang, "%lld min"), (long long)(secs / 60));
}

/*
 * Append when a game ended, seen at now: "5 days ago".  Relative, not a
 * date: the list may be read in a group whose people live in different
 * zones, and a date would be UTC's.
 */
static void
cs_date(const char *lang, int64_t t, int64_t now, struct rbuf *b)
{
	render_ago(lang, now > t ? now - t : 0, b);
}

/* Append "games: 12, wins: 8 (67%)" and the rest of a player's numbers. */
static void
cs_numbers(const char *lang, int names, json_t *p, struct rbuf *b)
{
	int64_t	games = cs_int(p, "games"), wins = cs_int(p, "wins");

	/* Labels and numbers, not "12 games": no plural to get wrong. */
	/* TRANSLATORS: a player's statistics; %lld games, %lld wins, %lld
	   the wins in percent; %% is a "%" sign. */
	rbuf_add(b, tr(lang, "games: %lld, wins: %lld (%lld%%)"),
	    (long long)games, (long long)wins,
	    (long long)(games > 0 ? (wins * 100 + games / 2) / games : 0));
	rbuf_addstr(b, ", ");
	/* TRANSLATORS: %s is the TAC card's name (Taker in the Russian
	   edition's naming); the number after it, how many were played. */
	rbuf_add(b, tr(lang, "kicks given/taken: %lld/%lld, %s: %lld, "
	    "rating: %lld"),
	    (long long)cs_int(p, "kicks_given"),
	    (long long)cs_int(p, "kicks_taken"),
	    render_card(lang, names, TAC_TAC), (long long)cs_int(p, "tacs"),
	    (long long)cs_int(p, "rating"));
}

/* Append "Cards played: 7 x40, 13 x35" from a row's "cards". */
static void
cs_cards(const char *lang, int names, json_t *cards, const char *title,
    struct rbuf *b)
{
	json_t		*v;
	const char	*name;
	int64_t		 card;
	size_t		 i;

	if (json_array_size(cards) == 0)
		return;
	rbuf_addstr(b, tr(lang, title));
	json_array_foreach(cards, i, v) {
		name = json_string_value(json_object_get(v, "card"));
		card = name != NULL ? tac_card_parse(name, strlen(name)) : -1;
		rbuf_add(b, "%s %s x%lld", i > 0 ? "," : "",
		    card >= 0 ? render_card(lang, names, (int)card) : "?",
		    (long long)cs_int(v, "n"));
	}
	rbuf_addstr(b, "\n");
}

/* A group's table: its games in sum, its players, its best pairs. */
static void
cs_group(const char *lang, int names, json_t *p, struct rbuf *b)
{
	json_t		*t = json_object_get(p, "totals"), *v;
	struct rbuf	 d = { NULL, 0, 0 };
	int64_t		 games = cs_int(t, "games");
	size_t		 i;

	cs_duration(lang, games > 0 ? cs_int(t, "seconds") / games : 0, &d);
	/* TRANSLATORS: a group's statistics; %lld games, %lld rounds
	   (deals) per game, %s a duration. */
	rbuf_add(b, tr(lang, "Games played here: %lld; rounds per game: %lld, "
	    "time per game: %s."), (long long)games, (long long)(games > 0 ?
	    (cs_int(t, "rounds") + games / 2) / games : 0), d.s);
	rbuf_free(&d);
	rbuf_addstr(b, " ");
	/* TRANSLATORS: %s is the TAC card's name, in the game's naming. */
	rbuf_add(b, tr(lang, "Ended with a %s: %lld; turns the AI played "
	    "after a deadline: %lld."), render_card(lang, names, TAC_TAC),
	    (long long)cs_int(t, "by_tac"), (long long)cs_int(t, "takeovers"));
	rbuf_addstr(b, "\n");
	cs_cards(lang, names, json_object_get(p, "cards"),
	    N_("Cards played here:"), b);
	rbuf_addstr(b, "\n");
	rbuf_addstr(b, tr(lang, "Top players (kicks given/taken):"));
	rbuf_addstr(b, "\n");
	json_array_foreach(json_object_get(p, "players"), i, v) {
		rbuf_add(b, "%zu. ", i + 1);
		cs_name(lang, v, "name", "ai", b);
		rbuf_addstr(b, ": ");
		cs_numbers(lang, names, v, b);
		rbuf_addstr(b, "\n");
	}
	if (json_array_size(json_object_get(p, "pairs")) == 0)
		return;
	rbuf_addstr(b, "\n");
	rbuf_addstr(b, tr(lang, "Best pairs:"));
	rbuf_addstr(b, "\n");
	json_array_foreach(json_object_get(p, "pairs"), i, v) {
		cs_name(lang, v, "a_name", "a_ai", b);
		rbuf_addstr(b, " + ");
		cs_name(lang, v, "b_name", "b_ai", b);
		rbuf_addstr(b, ": ");
		/* TRANSLATORS: a pair's statistics; %lld games won, %lld
		   games played together. */
		rbuf_add(b, tr(lang, "won %lld of %lld"),
		    (long long)cs_int(v, "wins"), (long long)cs_int(v, "games"));
		rbuf_addstr(b, "\n");
	}
}

/* One person's numbers, in this group or in all. */
static void
cs_person(const char *lang, int names, json_t *p, struct rbuf *b)
{
	json_t		*me = json_object_get(p, "person"), *v;
	const char	*where = json_string_value(json_object_get(p, "where"));
	struct rbuf	 d = { NULL, 0, 0 };
	int64_t		 games = cs_int(me, "games");

	cs_name(lang, me, "name", "ai", b);
	rbuf_addstr(b, " ");
	rbuf_addstr(b, where != NULL && strcmp(where, "chat") == 0 ?
	    tr(lang, "in this group:") : tr(lang, "in all groups:"));
	rbuf_addstr(b, " ");
	cs_numbers(lang, names, me, b);
	rbuf_addstr(b, ".\n");
	cs_duration(lang, games > 0 ? cs_int(me, "seconds") / games : 0, &d);
	/* TRANSLATORS: a player's statistics; %lld rounds (deals), %s a
	   duration. */
	rbuf_add(b, tr(lang, "Rounds per game: %lld, time per game: %s."),
	    (long long)(games > 0 ? (cs_int(me, "rounds") + games / 2) /
	    games : 0), d.s);
	rbuf_free(&d);
	rbuf_addstr(b, " ");
	/* TRANSLATORS: %s is the TAC card's name, in the game's naming. */
	rbuf_add(b, tr(lang, "Games won with a %s: %lld; turns the AI "
	    "played after a deadline: %lld."), render_card(lang, names,
	    TAC_TAC), (long long)cs_int(me, "tac_wins"),
	    (long long)cs_int(me, "takeovers"));
	rbuf_addstr(b, "\n");
	v = json_array_get(json_object_get(p, "partners"), 0);
	if (v != NULL) {
		rbuf_addstr(b, tr(lang, "Best partner:"));
		rbuf_addstr(b, " ");
		cs_name(lang, v, "name", "ai", b);
		rbuf_addstr(b, ", ");
		rbuf_add(b, tr(lang, "won %lld of %lld"),
		    (long long)cs_int(v, "wins"), (long long)cs_int(v, "games"));
		rbuf_addstr(b, "\n");
	}
	cs_cards(lang, names, json_object_get(p, "cards"), N_("Cards played:"),
	    b);
}

/*
 * The best games of Team-TAC, the fewest cards first: the score, who
 * played, when.
 */
static void
cs_top_coop(const char *lang, json_t *games, int64_t now, struct rbuf *b)
{
	json_t		*v, *seat;
	size_t		 i, j;
	unsigned long	 n;

	/* TRANSLATORS: the heading of /top coop: a group's best
	   cooperative games (Team-TAC), where all players win together
	   and the score is the cards they played. */
	rbuf_addstr(b, tr(lang, "Your best games of everyone together, the "
	    "fewest cards first:"));
	rbuf_addstr(b, "\n");
	json_array_foreach(games, i, v) {
		n = (unsigned long)cs_int(v, "cards");
		rbuf_add(b, "%zu. ", i + 1);
		/* TRANSLATORS: a cooperative game's score in /top coop;
		   %lu the cards played; the players and the date follow. */
		rbuf_add(b, trn(lang, "%lu card", "%lu cards", n), n);
		rbuf_addstr(b, ": ");
		json_array_foreach(json_object_get(v, "seats"), j, seat) {
			if (j > 0)
				rbuf_addstr(b, ", ");
			cs_name(lang, seat, "name", "ai", b);
		}
		rbuf_addstr(b, " (");
		cs_date(lang, cs_int(v, "ended"), now, b);
		rbuf_addstr(b, ")\n");
	}
}

/* The players by rating; or, for /top coop, the best Team-TAC games. */
static void
cs_top(const char *lang, json_t *p, int64_t now, struct rbuf *b)
{
	json_t	*v;
	size_t	 i;

	if ((v = json_object_get(p, "coop")) != NULL) {
		cs_top_coop(lang, v, now, b);
		return;
	}
	rbuf_addstr(b, tr(lang, "Ratings (everyone starts at 1500):"));
	rbuf_addstr(b, "\n");
	json_array_foreach(json_object_get(p, "players"), i, v) {
		rbuf_add(b, "%zu. ", i + 1);
		cs_name(lang, v, "name", "ai", b);
		rbuf_add(b, " %lld ", (long long)cs_int(v, "rating"));
		/* TRANSLATORS: after a player's rating; %lld games, %lld
		   wins. */
		rbuf_add(b, tr(lang, "(games: %lld, wins: %lld)"),
		    (long long)cs_int(v, "games"), (long long)cs_int(v, "wins"));
		rbuf_addstr(b, "\n");
	}
}

/* Append the people of one team of a game's seats: "Anna, Boris". */
static void
cs_team(const char *lang, json_t *seats, int64_t team, struct rbuf *b)
{
	json_t	*v;
	size_t	 i;
	int	 n = 0;

	json_array_foreach(seats, i, v) {
		if (cs_int(v, "team") != team)
			continue;
		if (n++ > 0)
			rbuf_addstr(b, ", ");
		cs_name(lang, v, "name", "ai", b);
	}
}

/* Append "Anna, Clara vs Boris, Dmitri". */
static void
cs_teams(const char *lang, json_t *seats, struct rbuf *b)
{
	json_t	*v;
	size_t	 i;
	int64_t	 team, nteams = 0;

	json_array_foreach(seats, i, v) {
		if ((team = cs_int(v, "team")) + 1 > nteams)
			nteams = team + 1;
	}
	for (team = 0; team < nteams; team++) {
		if (team > 0)
			rbuf_addstr(b, tr(lang, " vs "));
		cs_team(lang, seats, team, b);
	}
}

/* The last games, a line each (the buttons are compose_history_make()'s). */
static void
cs_history(const char *lang, json_t *p, int64_t now, struct rbuf *b)
{
	json_t	*v, *seats;
	size_t	 i;

	rbuf_addstr(b, tr(lang, "The last games:"));
	rbuf_addstr(b, "\n");
	json_array_foreach(json_object_get(p, "games"), i, v) {
		seats = json_object_get(v, "seats");
		rbuf_add(b, "#%lld (", (long long)cs_int(v, "game"));
		cs_date(lang, cs_int(v, "ended"), now, b);
		rbuf_addstr(b, "): ");
		cs_teams(lang, seats, b);
		rbuf_addstr(b, ". ");
		if (cs_int(v, "winner") >= 0) {
			rbuf_addstr(b, tr(lang, "Won:"));
			rbuf_addstr(b, " ");
			cs_team(lang, seats, cs_int(v, "winner"), b);
			rbuf_addstr(b, ", ");
		}
		/* TRANSLATORS: a finished game in the history; %lld its
		   rounds (deals). */
		rbuf_add(b, tr(lang, "Rounds: %lld."),
		    (long long)cs_int(v, "rounds"));
		rbuf_addstr(b, "\n");
	}
}

/* One finished game: when, how long, who won, and each seat's numbers. */
void
compose_summary(const char *lang, int names, json_t *p, int64_t now,
    struct rbuf *b)
{
	json_t		*g = json_object_get(p, "summary"), *seats, *v;
	struct rbuf	 day = { NULL, 0, 0 }, d = { NULL, 0, 0 };
	int64_t		 finisher = cs_int(g, "finisher");
	unsigned long	 n;
	char		*who;
	size_t		 i;

	seats = json_object_get(g, "seats");
	cs_date(lang, cs_int(g, "ended"), now, &day);
	cs_duration(lang, cs_int(g, "ended") - cs_int(g, "started"), &d);
	/* TRANSLATORS: %lld a game's number, %s how long ago ("3 days
	   ago"), %lld rounds (deals), %lld actions, %s a duration. */
	rbuf_add(b, tr(lang, "Game #%lld ended %s: rounds: %lld, actions: "
	    "%lld, time: %s."), (long long)cs_int(g, "game"), day.s,
	    (long long)cs_int(g, "rounds"), (long long)cs_int(g, "actions"),
	    d.s);
	rbuf_free(&day);
	rbuf_free(&d);
	rbuf_addstr(b, "\n");
	if (cs_int(g, "coop")) {
		n = (unsigned long)cs_int(g, "cards");
		/* TRANSLATORS: the summary of a cooperative game (Team-TAC):
		   %lu the cards all players played, its score; its players'
		   ratings do not change. */
		rbuf_add(b, trn(lang, "Everyone together: you all won, with %lu "
		    "card played (the fewer, the better); ratings do not "
		    "change.", "Everyone together: you all won, with %lu "
		    "cards played (the fewer, the better); ratings do not "
		    "change.", n), n);
	} else if (cs_int(g, "winner") >= 0) {
		rbuf_addstr(b, tr(lang, "Won:"));
		rbuf_addstr(b, " ");
		cs_team(lang, seats, cs_int(g, "winner"), b);
		rbuf_addstr(b, ".");
	}
	if (cs_int(g, "by_tac") && finisher >= 0 &&
	    (v = json_array_get(seats, finisher)) != NULL) {
		who = cs_name_dup(lang, v, "name", "ai");
		rbuf_addstr(b, " ");
		/* TRANSLATORS: a player, and the TAC card's name. */
		rbuf_add(b, tr(lang, "%s ended it with a %s."), who,
		    render_card(lang, names, TAC_TAC));
		free(who);
	}
	rbuf_addstr(b, "\n");
	json_array_foreach(seats, i, v) {
		rbuf_add(b, "%s ", tr(lang, render_colour((int)cs_int(v,
		    "seat"))));
		cs_name(lang, v, "name", "ai", b);
		rbuf_addstr(b, ": ");
		/* TRANSLATORS: %s is the TAC card's name; the number after
		   it, how many were played. */
		rbuf_add(b, tr(lang, "cards: %lld, kicks given/taken: %lld/%lld, "
		    "%s: %lld, rating: %lld \xe2\x86\x92 %lld"),
		    (long long)cs_int(v, "played"),
		    (long long)cs_int(v, "kicks_given"),
		    (long long)cs_int(v, "kicks_taken"),
		    render_card(lang, names, TAC_TAC),
		    (long long)cs_int(v, "tacs"),
		    (long long)cs_int(v, "rating_before"),
		    (long long)cs_int(v, "rating_after"));
		compose_hints_note(lang, v, b);
		rbuf_addstr(b, "\n");
	}
	/* TRANSLATORS: %lld a game's number, twice; /record and /moves are
	   commands. */
	rbuf_add(b, tr(lang, "/record #%lld sends its record as a file, "
	    "/moves #%lld lists its actions."), (long long)cs_int(g, "game"),
	    (long long)cs_int(g, "game"));
	rbuf_addstr(b, "\n");
}

/*
 * A page of a game's actions in words, each by its player, as the
 * group's lines tell them, with what they did (the row's facts): "12.
 * Anna: 7: 12 → 14, then 40 → 45"; the game is over, so a gift shows its
 * card and who got it.  g: the game (NULL: not read), names: its naming.
 */
static void
cs_record(const struct svc_game *g, const char *lang, int names, json_t *p,
    struct rbuf *b)
{
	struct render_opts	 o = { RENDER_PLAIN, NULL, NULL, 0 };
	struct render_game	 t;
	struct tac_action	 a;
	json_t			*v, *facts;
	const char		*text;
	char			 why[128], *who, *to;
	int64_t			 first = cs_int(p, "first");
	size_t			 i;
	int			 seat;

	memset(&t, 0, sizeof t);
	if (g != NULL)
		compose_game(g, &t);
	snprintf(t.lang, sizeof t.lang, "%s", lang);
	t.cfg.names = names;
	o.lang = lang;
	/* TRANSLATORS: %lld a game's number, %lld the page, %lld the last
	   page. */
	rbuf_add(b, tr(lang, "Game #%lld, page %lld of %lld:"),
	    (long long)cs_int(p, "game"), (long long)cs_int(p, "page"),
	    (long long)cs_int(p, "pages"));
	rbuf_addstr(b, "\n");
	json_array_foreach(json_object_get(p, "actions"), i, v) {
		seat = (int)json_integer_value(json_array_get(v, 0));
		text = json_string_value(json_array_get(v, 1));
		facts = json_array_get(v, 2);
		rbuf_add(b, "%lld. ", (long long)(first + (int64_t)i + 1));
		if (seat >= 0 && text != NULL && tac_action_parse(text, &a, why,
		    sizeof why) == 0 && a.op == TAC_OP_GIVE) {
			who = render_seat_dup(&o, &t, seat);
			to = render_seat_dup(&o, &t, (int)cs_int(facts, "to"));
			/* TRANSLATORS: a gift of the exchange, told once the
			   game is over; %s the giver, %s the card's name, %s
			   who got it. */
			rbuf_add(b, tr(lang, "%s gave the %s to %s."), who,
			    render_card(lang, names, a.card), to);
			rbuf_addstr(b, "\n");
			free(who);
			free(to);
			continue;
		}
		if (seat >= 0) {
			render_seat(&o, &t, seat, b);
			rbuf_addstr(b, ": ");
		}
		compose_words(&t, seat, RENDER_NOBODY, text, json_is_object(facts) ? facts :
		    NULL, b);
		rbuf_addstr(b, "\n");
	}
}

/* What a chart shows, in words: its title, for the console and captions. */
static void
cs_chart(const char *lang, json_t *p, struct rbuf *b)
{
	struct chart	c;
	int		i, j;

	if (compose_chart(lang, p, &c) != 0)
		return;
	rbuf_add(b, "%s: ", c.title);
	for (i = 0; i < c.n; i++) {
		if (c.kind == CHART_BARS)
			rbuf_add(b, "%s%s %.0f/%.0f", i > 0 ? ", " : "",
			    c.label[i], c.value[i], c.total[i]);
	}
	/* A team's members and what they have at home in the end. */
	for (i = 0; c.kind == CHART_TEAMS && i < c.nteams; i++) {
		for (j = 0; j < c.team[i].n; j++)
			rbuf_add(b, "%s%s", j > 0 ? " + " : i > 0 ? "; " : "",
			    c.team[i].name[j]);
		rbuf_add(b, ": %.0f", c.team[i].value[c.n - 1]);
	}
	if (c.kind == CHART_LINE)
		rbuf_add(b, "%.0f \xe2\x86\x92 %.0f", c.value[0],
		    c.value[c.n - 1]);
	rbuf_addstr(b, "\n");
}

/*
 * A "chart" row's picture: the bars of a group's wins, the line of a
 * player's rating, or a game's teams' marbles at home (compose-end.c).
 * 0, or -1 when there is nothing to draw.
 */
int
compose_chart(const char *lang, json_t *p, struct chart *c)
{
	const char	*kind = json_string_value(json_object_get(p, "chart"));
	json_t		*v;
	char		*who;
	size_t		 i;

	if (kind != NULL && strcmp(kind, "homes") == 0)
		return (compose_homes(lang, p, c));
	memset(c, 0, sizeof *c);
	if (kind != NULL && strcmp(kind, "wins") == 0) {
		c->kind = CHART_BARS;
		snprintf(c->title, sizeof c->title, "%s",
		    tr(lang, "Wins per player"));
		snprintf(c->note, sizeof c->note, "%s",
		    tr(lang, "wins / games played"));
		json_array_foreach(json_object_get(p, "bars"), i, v) {
			if (c->n == CHART_MAX)
				break;
			who = cs_name_dup(lang, v, "name", "ai");
			snprintf(c->label[c->n], sizeof c->label[c->n], "%s",
			    who);
			free(who);
			c->value[c->n] = cs_num(v, "value");
			c->total[c->n++] = cs_num(v, "games");
		}
	} else if (kind != NULL && strcmp(kind, "rating") == 0) {
		c->kind = CHART_LINE;
		c->base = 1500;
		who = cs_name_dup(lang, p, "name", "ai");
		/* TRANSLATORS: a chart's title; %s a player's name. */
		snprintf(c->title, sizeof c->title, tr(lang, "Rating of %s"),
		    who);
		free(who);
		json_array_foreach(json_object_get(p, "points"), i, v) {
			if (c->n == CHART_MAX)
				break;
			c->value[c->n++] = cs_num(v, "rating");
		}
		/* TRANSLATORS: a chart's caption; %d games. */
		snprintf(c->note, sizeof c->note, tr(lang, "after each of the "
		    "last %d games"), c->n);
	}
	return (c->n > 0 ? 0 : -1);
}

/* A "stats" row: a person's numbers, or a group's. */
int
compose_stats_make(struct compose_ctx *c, const struct svc_out *out,
    struct compose_msg *m)
{
	const char	*scope = compose_str(out->data, "scope");
	int		 names = compose_names(c, out, m->lang);

	if (scope != NULL && strcmp(scope, "chat") == 0)
		cs_group(m->lang, names, out->data, &m->text);
	else
		cs_person(m->lang, names, out->data, &m->text);
	return (m->form);
}

/* A "top" row: the players by rating. */
int
compose_top_make(struct compose_ctx *c, const struct svc_out *out,
    struct compose_msg *m)
{
	cs_top(m->lang, out->data, svc_now(c->svc), &m->text);
	return (m->form);
}

/*
 * A "history" row: the last games, a line each, and per game a summary,
 * a moves and a replay button.
 */
int
compose_history_make(struct compose_ctx *c, const struct svc_out *out,
    struct compose_msg *m)
{
	json_t	*v;
	int64_t	 game;
	char	 label[128];
	size_t	 i;

	cs_history(m->lang, out->data, svc_now(c->svc), &m->text);
	json_array_foreach(json_object_get(out->data, "games"), i, v) {
		game = cs_int(v, "game");
		/* TRANSLATORS: a button's label, at most 40
		   characters (shorter is better on a phone); %lld a
		   game's number. */
		snprintf(label, sizeof label, tr(m->lang, "#%lld summary"),
		    (long long)game);
		compose_keys_add(&m->keys, label, game, -1, "summary");
		/* TRANSLATORS: a button's label, at most 40
		   characters (shorter is better on a phone); %lld a
		   game's number. */
		snprintf(label, sizeof label, tr(m->lang, "#%lld moves"),
		    (long long)game);
		compose_keys_add(&m->keys, label, game, -1, "moves");
		compose_app_history(c, m->lang, game, &m->keys);
		compose_keys_newrow(&m->keys);
	}
	m->setkeys = 1;
	return (m->form);
}

/* A "summary" row: a finished game, and at its end the review's button. */
int
compose_summary_make(struct compose_ctx *c, const struct svc_out *out,
    struct compose_msg *m)
{
	compose_summary(m->lang, compose_names(c, out, m->lang), out->data,
	    svc_now(c->svc), &m->text);
	compose_rematch_keys(out, m);
	compose_review_key(out, m);
	return (m->form);
}

/*
 * A "record" row: a page of a game's actions (/moves), back and next
 * buttons; a page turned shows in the message pressed.
 */
int
compose_record_make(struct compose_ctx *c, const struct svc_out *out,
    struct compose_msg *m)
{
	int64_t	 game, page, pages;
	char	 cmd[32];

	cs_record(c->have ? &c->g : NULL, m->lang, compose_names(c, out,
	    m->lang), out->data, &m->text);
	game = cs_int(out->data, "game");
	page = cs_int(out->data, "page");
	pages = cs_int(out->data, "pages");
	if (page > 1) {
		snprintf(cmd, sizeof cmd, "moves %lld", (long long)page - 1);
		/* TRANSLATORS: a button's label, at most 40 characters
		   (shorter is better on a phone): the page before. */
		compose_keys_add(&m->keys, tr(m->lang, "<< back"), game, -1,
		    cmd);
	}
	if (page < pages) {
		snprintf(cmd, sizeof cmd, "moves %lld", (long long)page + 1);
		/* TRANSLATORS: a button's label, at most 40 characters
		   (shorter is better on a phone): the next page. */
		compose_keys_add(&m->keys, tr(m->lang, "next >>"), game, -1,
		    cmd);
	}
	m->setkeys = 1;
	compose_named(out, "message", m);
	return (m->form);
}

/* A "chart" row: the picture, its title in words as its caption. */
int
compose_chart_make(struct compose_ctx *c, const struct svc_out *out,
    struct compose_msg *m)
{
	(void)c;
	cs_chart(m->lang, out->data, &m->text);
	m->chart = xmalloc(sizeof *m->chart);
	if (compose_chart(m->lang, out->data, m->chart) != 0)
		return (compose_none(m));
	return (m->form);
}
