/*
 * check_say.c: every message a person can be sent, in every language.
 *
 * The refusals and confirmations are codes with values (service.h),
 * worded by compose_say(); the engine's reasons are message ids worded
 * by render_why().  Each is rendered here with sample values in each
 * language tacd speaks, and must read as a whole sentence of that
 * language: no code shown raw, no conversion left unfilled, not the
 * English in a translation, and in Russian and Georgian no Latin word
 * but notation, commands and the people's names.  The sources are read
 * so that a new code or reason cannot be missed: every code the service
 * sends must be worded, and every code worded must be in the table here.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <check.h>
#include <ctype.h>
#include <errno.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check_daemon.h"
#include "compose.h"
#include "i18n.h"
#include "lang.h"
#include "render.h"

/* One message to render: its code and its values (JSON). */
struct say_case {
	const char	*code;
	const char	*args;
};

/*
 * Every code with each variant of its values.  Seat 1 and game 1 are the
 * test's running game, so names come from the table.
 */
static const struct say_case say_cases[] = {
	{ "already_away", "{\"seat\": 1, \"game\": 1}" },
	{ "already_away", "{}" },
	{ "already_seated", "{\"game\": 1}" },
	{ "away_already", "{\"until\": 1700432000}" },
	{ "away_bad", "{\"word\": \"5x\"}" },
	{ "away_bad", "{\"word\": \"\"}" },
	{ "away_long", "{\"days\": 14}" },
	{ "away_no_games", "{}" },
	{ "away_none", "{}" },
	{ "away_past", "{\"word\": \"2020-01-01\"}" },
	{ "bad_action", "{\"reason\": {\"fmt\": \"no marble on %L\", "
	    "\"args\": [{\"k\": \"L\", \"v\": 12}]}, \"game\": 1}" },
	{ "bad_lang", "{\"langs\": \"en, ru, de, ka\"}" },
	{ "bad_lesson", "{\"word\": \"99\", \"last\": 11}" },
	{ "bad_quiet", "{\"word\": \"25:00-08:00\"}" },
	{ "bad_zone", "{\"word\": \"Mars/Olympus\"}" },
	{ "bad_option", "{\"what\": \"deadline\", \"word\": \"soon\"}" },
	{ "bad_option", "{\"what\": \"ai\", \"word\": \"9\"}" },
	{ "bad_option", "{\"what\": \"seed\", \"word\": \"x\"}" },
	{ "bad_option", "{\"what\": \"rules\", \"reason\": {\"fmt\": "
	    "\"teams: triples need 6 players\", \"args\": []}}" },
	{ "bad_option", "{\"word\": \"fast\"}" },
	{ "bad_option", "{\"what\": \"hints\", \"word\": \"soon\"}" },
	{ "bad_option", "{\"what\": \"auto\", \"word\": \"soon\"}" },
	{ "bad_option", "{\"what\": \"bank\", \"word\": \"soon\"}" },
	{ "bad_page", "{\"game\": 1, \"pages\": 3}" },
	{ "bad_seat", "{\"word\": \"9\", \"last\": 3}" },
	{ "bad_team", "{\"last\": 1}" },
	{ "board", "{\"style\": \"text\"}" },
	{ "board", "{\"style\": \"picture\"}" },
	{ "damaged", "{\"game\": 1}" },
	{ "full", "{\"game\": 1}" },
	{ "game_open", "{\"game\": 1}" },
	{ "game_over", "{\"game\": 1}" },
	{ "group_only", "{\"command\": \"top\"}" },
	{ "hints_off", "{\"game\": 1}" },
	{ "illegal", "{\"reason\": {\"fmt\": \"%P has no marble in its "
	    "base\", \"args\": [{\"k\": \"P\", \"v\": 1}]}, \"game\": 1}" },
	{ "lang", "{}" },
	{ "no_game", "{\"where\": \"chat\"}" },
	{ "no_game", "{\"where\": \"you\"}" },
	{ "no_game", "{\"game\": 7}" },
	{ "no_game", "{}" },
	{ "not_member", "{}" },
	{ "member_unknown", "{}" },
	{ "too_many_lobbies", "{\"max\": 1}" },
	{ "too_many_lobbies", "{\"max\": 5}" },
	{ "seat_asked", "{\"seat\": 1, \"game\": 1}" },
	{ "seat_refused", "{\"game\": 1}" },
	{ "left_group", "{\"game\": 1, \"group\": \"Name-g1\"}" },
	{ "no_game_stats", "{\"game\": 1}" },
	{ "no_hint", "{\"game\": 1}" },
	{ "no_review", "{}" },
	{ "no_coop_stats", "{}" },
	{ "rematch_offered", "{\"game\": 2}" },
	{ "rematch_in", "{\"game\": 2}" },
	{ "rematch_out", "{\"game\": 2}" },
	{ "rematch_gone", "{\"game\": 1}" },
	{ "rematch_answered", "{\"game\": 2}" },
	{ "no_stats", "{}" },
	{ "no_stats_yet", "{}" },
	{ "no_such_player", "{\"name\": \"Name-u9\"}" },
	{ "not_a_person", "{\"seat\": 2, \"game\": 1}" },
	{ "not_away", "{\"game\": 1}" },
	{ "not_creator", "{\"to\": \"options\"}" },
	{ "not_creator", "{\"to\": \"start\"}" },
	{ "not_creator", "{\"to\": \"abort\"}" },
	{ "not_creator", "{\"to\": \"replace\"}" },
	{ "not_in_game", "{\"to\": \"ai\"}" },
	{ "not_in_game", "{\"to\": \"board\"}" },
	{ "not_in_game", "{\"game\": 1}" },
	{ "not_lobby", "{\"game\": 1, \"over\": true}" },
	{ "not_lobby", "{\"game\": 1}" },
	{ "not_over", "{\"game\": 1}" },
	{ "not_playing", "{\"game\": 1}" },
	{ "not_started", "{\"game\": 1}" },
	{ "not_your_turn", "{\"seat\": 1, \"game\": 1}" },
	{ "already_given", "{\"game\": 1}" },
	{ "private_only", "{\"command\": \"learn\"}" },
	{ "premove_not_now", "{\"game\": 1}" },
	{ "premove_off", "{\"game\": 1}" },
	{ "premove_saved", "{\"game\": 1, \"seat\": 1, \"action\": "
	    "\"13 B>16\"}" },
	{ "premove_tac", "{\"game\": 1}" },
	{ "private_only", "{\"command\": \"away\"}" },
	{ "private_only", "{\"command\": \"settings\"}" },
	{ "review_pending", "{\"game\": 1}" },
	{ "review_sent", "{\"game\": 1}" },
	{ "same_team", "{}" },
	{ "seated", "{\"seat\": 1, \"game\": 1}" },
	{ "seat_held", "{\"seat\": 1, \"game\": 1}" },
	{ "seat_held", "{\"game\": 1}" },
	{ "seat_taken", "{\"seat\": 1, \"game\": 1}" },
	{ "seat_taken", "{\"seat\": 1, \"players\": 4, \"game\": 1}" },
	{ "seats_free", "{\"game\": 1}" },
	{ "stale", "{}" },
	{ "not_yours", "{}" },
	{ "stats_hidden", "{\"name\": \"Name-u1\"}" },
	{ "stats_off", "{}" },
	{ "stats_on", "{}" },
	{ "team_full", "{}" },
	{ "too_long", "{}" },
	{ "unknown_command", "{\"command\": \"fly\"}" },
	{ "usage", "{\"command\": \"play\", \"field\": 16}" },
	{ "usage", "{\"command\": \"replace\", \"last\": 3}" },
	{ "usage", "{\"command\": \"board\"}" },
	{ "usage", "{\"command\": \"top\"}" },
	{ "usage", "{\"command\": \"rematch\"}" },
	{ "usage", "{\"command\": \"summary\"}" },
	{ "usage", "{\"command\": \"abort\"}" },
	{ "usage", "{\"command\": \"leave\"}" },
	{ "which_game", "{\"games\": \"#1, #2\", \"command\": \"hand\", "
	    "\"game\": 1}" },
	{ "which_person", "{\"name\": \"Name-u1\"}" },
};

/*
 * The Latin words a Russian or Georgian text may hold: what a person
 * types (options, notation: its card words, B a base, H a home; zones and
 * quiet hours of /settings), the names of
 * the test's people, the TAC card's own name, and tacctl's commands.
 */
static const char *const say_latin[] = {
	"Name", "TAC", "AI", "ai", "pairs", "triples", "master", "nomaster",
	"tac", "taker", "deadline", "seed", "off", "on", "picture", "text",
	"hints", "list", "coop", "rotate",
	"en", "ru", "de", "ka", "h", "fly", "soon", "fast", "x",
	"give", "discard", "skip", "FROM", "TO", "CARD", "A", "B", "H", "tacctl",
	"verify", "yes", "zone", "quiet", "Europe", "Moscow", "Asia", "Tbilisi",
	"Mars", "Olympus", "auto", "bank", "settings", NULL
};

static struct td	say_td;

/* Where the sources are: make check says, by hand guess. */
static const char *
say_top(void)
{
	const char	*top;

	if ((top = getenv("abs_top_srcdir")) == NULL &&
	    (top = getenv("top_srcdir")) == NULL)
		top = access("src/engine/tac.h", R_OK) == 0 ? "." : "..";
	return (top);
}

/* Read a whole file (NUL-terminated, caller frees). */
static char *
say_slurp(const char *path)
{
	FILE	*f;
	char	*text;
	long	 len;

	f = fopen(path, "rb");
	ck_assert_msg(f != NULL, "%s: %s", path, strerror(errno));
	ck_assert_int_eq(fseek(f, 0, SEEK_END), 0);
	len = ftell(f);
	ck_assert_int_ge(len, 0);
	rewind(f);
	text = malloc((size_t)len + 1);
	ck_assert_ptr_nonnull(text);
	ck_assert_int_eq(fread(text, 1, (size_t)len, f), (size_t)len);
	text[len] = '\0';
	fclose(f);
	return (text);
}

/* Is word (len bytes) a Latin word a Russian or Georgian text may hold? */
static int
say_latin_ok(const char *word, size_t len)
{
	int	i, c;

	for (i = 0; say_latin[i] != NULL; i++) {
		if (strlen(say_latin[i]) == len &&
		    strncmp(say_latin[i], word, len) == 0)
			return (1);
	}
	/* A card's notation name: TR, DEVIL, WARRIOR, ... */
	for (c = 0; c < TAC_NCARDS; c++) {
		if (strlen(tac_card_name(c)) == len &&
		    strncmp(tac_card_name(c), word, len) == 0)
			return (1);
	}
	return (0);
}

/*
 * Fail unless text is free of Latin words but the allowed ones.  what
 * names the text.
 */
static void
say_assert_script(const char *lang, const char *what, const char *text)
{
	const char	*p = text, *w;

	while (*p != '\0') {
		if (!isalpha((unsigned char)*p)) {
			p++;
			continue;
		}
		for (w = p; isalpha((unsigned char)*p); p++)
			;
		/* A command (/lang), a name's part, a unit (30m, 2h). */
		if (w > text && (w[-1] == '/' || w[-1] == '-' ||
		    isdigit((unsigned char)w[-1])))
			continue;
		ck_assert_msg(say_latin_ok(w, (size_t)(p - w)), "%s: %s: "
		    "the English word \"%.*s\" in \"%s\"", lang, what,
		    (int)(p - w), w, text);
	}
}

/* Fail if text shows a conversion unfilled or a value missing. */
static void
say_assert_filled(const char *lang, const char *what, const char *text)
{
	const char	*q;

	ck_assert_msg(*text != '\0' && strcmp(text, "\n") != 0,
	    "%s: %s: nothing said", lang, what);
	ck_assert_msg(text[0] != '[', "%s: %s: no words: %s", lang, what,
	    text);
	ck_assert_msg(strchr(text, '%') == NULL, "%s: %s: a conversion left "
	    "in \"%s\"", lang, what, text);
	/* A '?' but at the end of a question is a value it did not have. */
	for (q = text; (q = strchr(q, '?')) != NULL; q++)
		ck_assert_msg(q[1] == '\0' || q[1] == '\n', "%s: %s: a value "
		    "missing in \"%s\"", lang, what, text);
}

/* A running four-player game #1 in chat g1, seats Name-u0 .. Name-u3. */
static void
say_setup(void)
{
	td_init(&say_td, STORE_NOSYNC);
	td_open(&say_td);
	ck_assert_int_eq(td_lobby4(&say_td, "g1", ""), 1);
}

/* Close the game's database. */
static void
say_teardown(void)
{
	td_done(&say_td);
}

/* Every code of the table, in every language. */
START_TEST(test_say_codes)
{
	struct rbuf	 en = { NULL, 0, 0 }, b = { NULL, 0, 0 };
	json_t		*p;
	const char	*lang;
	char		 what[96];
	size_t		 i, l;

	for (i = 0; i < sizeof say_cases / sizeof say_cases[0]; i++) {
		p = json_pack("{s:s, s:o}", "code", say_cases[i].code, "args",
		    json_loads(say_cases[i].args, 0, NULL));
		ck_assert_ptr_nonnull(p);
		snprintf(what, sizeof what, "%s %s", say_cases[i].code,
		    say_cases[i].args);
		rbuf_reset(&en);
		compose_say(say_td.svc, "en", p, &en);
		ck_assert_ptr_nonnull(en.s);
		say_assert_filled("en", what, en.s);
		for (l = 1; l < lang_count(); l++) {
			lang = lang_code(l);
			rbuf_reset(&b);
			compose_say(say_td.svc, lang, p, &b);
			ck_assert_ptr_nonnull(b.s);
			say_assert_filled(lang, what, b.s);
			ck_assert_msg(strcmp(b.s, en.s) != 0, "%s: %s: the "
			    "English \"%s\"", lang, what, en.s);
			if (strcmp(lang, "de") != 0)
				say_assert_script(lang, what, b.s);
		}
		json_decref(p);
	}
	rbuf_free(&en);
	rbuf_free(&b);
}
END_TEST

/*
 * A private-only command said in a group is told where to say it, in its
 * own name: the lessons' words only for /learn (once, /settings got
 * them too).
 */
START_TEST(test_say_private_only)
{
	static const struct { const char *cmd, *want; } cases[] = {
		{ "learn", "Lessons are given in a private chat: open mine "
		    "and say /learn there.\n" },
		{ "away", "Say /away to me in our private chat: it is for all "
		    "your games.\n" },
		{ "settings", "Say /settings to me in our private chat.\n" },
	};
	struct rbuf	 b = { NULL, 0, 0 };
	json_t		*p;
	size_t		 i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		p = json_pack("{s:s, s:{s:s}}", "code", "private_only", "args",
		    "command", cases[i].cmd);
		rbuf_reset(&b);
		compose_say(say_td.svc, "en", p, &b);
		ck_assert_str_eq(b.s, cases[i].want);
		json_decref(p);
	}
	rbuf_free(&b);
}
END_TEST

/* Does the table hold code? */
static int
say_known(const char *code, size_t len)
{
	size_t	i;

	for (i = 0; i < sizeof say_cases / sizeof say_cases[0]; i++) {
		if (strlen(say_cases[i].code) == len &&
		    strncmp(say_cases[i].code, code, len) == 0)
			return (1);
	}
	return (0);
}

/*
 * The codes in the sources: each one the service sends (the first
 * string argument of svc_refuse() and svc_tell()) and each one
 * compose-say.c words (strcmp(code, "...")) is in the table.
 */
START_TEST(test_say_sources)
{
	static const char *const calls[] = {
		"svc_refuse(ctx, \"", "svc_tell(ctx, ", "svc_notify(ctx, \"",
		"strcmp(code, \""
	};
	glob_t		 g;
	char		 pat[512], *text, *p, *q;
	size_t		 i, k, n = 0;

	snprintf(pat, sizeof pat, "%s/src/service/*.c", say_top());
	ck_assert_int_eq(glob(pat, 0, NULL, &g), 0);
	snprintf(pat, sizeof pat, "%s/src/compose/compose-say.c", say_top());
	ck_assert_int_eq(glob(pat, GLOB_APPEND, NULL, &g), 0);
	snprintf(pat, sizeof pat, "%s/src/compose/compose-hint.c", say_top());
	ck_assert_int_eq(glob(pat, GLOB_APPEND, NULL, &g), 0);
	for (i = 0; i < g.gl_pathc; i++) {
		text = say_slurp(g.gl_pathv[i]);
		for (k = 0; k < sizeof calls / sizeof calls[0]; k++) {
			for (p = text; (p = strstr(p, calls[k])) != NULL;
			    p = q) {
				q = p + strlen(calls[k]);
				/* svc_tell(ctx, GAME, "code", ...) */
				if (q[-1] != '"') {
					if ((q = strchr(q, '"')) == NULL)
						break;
					q++;
				}
				p = q;
				q += strspn(q, "abcdefghijklmnopqrstuvwxyz_");
				if (*q != '"' || q == p)
					continue;
				ck_assert_msg(say_known(p, (size_t)(q - p)),
				    "%s: the code \"%.*s\" is not in "
				    "check_say.c's table", g.gl_pathv[i],
				    (int)(q - p), p);
				n++;
			}
		}
		free(text);
	}
	globfree(&g);
	/* The scan found the calls, so it cannot pass by finding none. */
	ck_assert_int_ge(n, 80);
}
END_TEST

/* Put the value a conversion of an engine message takes into w. */
static void
say_why_arg(struct tac_why *w, int conv)
{
	struct tac_why_arg	*a = &w->arg[w->nargs++];

	a->kind = conv;
	switch (conv) {
	case 'C':
		a->v = TAC_TR;
		break;
	case 'P':
		a->v = 1;
		break;
	case 'L':
		a->v = 12;
		break;
	case 's':
	case 'A':
		snprintf(a->s, sizeof a->s, "13 B>0");
		break;
	default:
		a->v = 3;
		break;
	}
}

/*
 * Every engine message of the catalog template (the ones xgettext took
 * from src/engine/, and /play's own from src/view/render-read.c), with
 * sample values, in every language.
 */
START_TEST(test_say_engine)
{
	struct render_game	 g;
	struct svc_game		*info;
	struct tac_why		 w;
	struct rbuf		 en = { NULL, 0, 0 }, b = { NULL, 0, 0 };
	char			 path[512], *pot, *line, *next, *p, *id;
	size_t			 l, len = 0, n = 0;
	int			 engine = 0, in_id = 0;

	info = td_info(&say_td, 1);
	ck_assert_ptr_nonnull(info);
	compose_game(info, &g);
	snprintf(path, sizeof path, "%s/src/view/po/tacd.pot", say_top());
	pot = say_slurp(path);
	id = calloc(1, strlen(pot) + 1);
	ck_assert_ptr_nonnull(id);
	for (line = pot; line != NULL && *line != '\0'; line = next) {
		if ((next = strchr(line, '\n')) != NULL)
			*next++ = '\0';
		if (strncmp(line, "#: ", 3) == 0) {
			engine |= strstr(line, "src/engine/") != NULL ||
			    strstr(line, "src/view/render-read.c") != NULL;
			continue;
		}
		/* The reader's words with a context are no reasons. */
		if (strncmp(line, "msgctxt ", 8) == 0) {
			engine = 0;
			continue;
		}
		if (strncmp(line, "msgid \"", 7) == 0) {
			in_id = engine;
			len = 0;
			p = line + 6;
		} else if (in_id && line[0] == '"')
			p = line;
		else {
			if (in_id && strncmp(line, "msgstr", 6) == 0 &&
			    len > 0) {
				/* One message, whole: render it. */
				id[len] = '\0';
				memset(&w, 0, sizeof w);
				w.fmt = id;
				for (p = id; (p = strchr(p, '%')) != NULL;
				    p++) {
					if (p[1] == '%')
						p++;
					else if (w.nargs < TAC_WHY_MAXARGS)
						say_why_arg(&w, p[1]);
				}
				rbuf_reset(&en);
				snprintf(g.lang, sizeof g.lang, "en");
				render_why(&g, &w, &en);
				ck_assert_ptr_nonnull(en.s);
				say_assert_filled("en", id, en.s);
				for (l = 1; l < lang_count(); l++) {
					snprintf(g.lang, sizeof g.lang, "%s",
					    lang_code(l));
					rbuf_reset(&b);
					render_why(&g, &w, &b);
					ck_assert_ptr_nonnull(b.s);
					say_assert_filled(g.lang, id, b.s);
					ck_assert_msg(strcmp(b.s, en.s) != 0,
					    "%s: the English \"%s\"", g.lang,
					    en.s);
					if (strcmp(g.lang, "de") != 0)
						say_assert_script(g.lang, id,
						    b.s);
				}
				n++;
			}
			if (line[0] == '\0')
				engine = 0;
			in_id = 0;
			continue;
		}
		/* A quoted piece of the id: unescape \" and \\. */
		for (p++; *p != '\0' && *p != '"'; p++) {
			if (*p == '\\' && p[1] != '\0')
				p++;
			id[len++] = *p;
		}
	}
	free(id);
	free(pot);
	rbuf_free(&en);
	rbuf_free(&b);
	/* 95 messages when this was written: the parse found them. */
	ck_assert_int_ge(n, 90);
}
END_TEST

/* The suite. */
Suite *
suite_say(void)
{
	Suite	*s = suite_create("say");
	TCase	*tc = tcase_create("say");

	tcase_add_checked_fixture(tc, say_setup, say_teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_say_codes);
	tcase_add_test(tc, test_say_private_only);
	tcase_add_test(tc, test_say_sources);
	tcase_add_test(tc, test_say_engine);
	suite_add_tcase(s, tc);
	return (s);
}
