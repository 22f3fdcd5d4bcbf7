/*
 * check_say_names.c: cards are named in the game's naming, everywhere.
 *
 * A game with the Russian edition's names (TAKER: Мена, Такер, Дар,
 * Флуд, Линч, Ривер) must never show a name of the TAC edition, and a
 * game made with "tac" never a TAKER one, in any language.  So: no
 * message id of the sources names a card (they are values: %C, or %s
 * filled by the view), but the cards' own entries and the few that name
 * the game TAC; no translation names one either; every reason of the
 * rules that takes a card, with each card, reads in each language and
 * naming with that naming's name and no other; and a game's refusals,
 * typed in the notation or with the card's shown name, say the card
 * the game's way (the "/play DEVIL 8 40>48" in a Russian game).
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <check.h>
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check_daemon.h"
#include "compose.h"
#include "i18n.h"
#include "lang.h"
#include "render.h"

/* One entry of a catalog or the template. */
struct pe {
	char	*ctx;		/* NULL: none */
	char	*id;
	char	*str;		/* the translation; plural forms: the first */
	char	*where;		/* its "#:" lines, joined */
};

/*
 * Message ids that name the game TAC (not a card), or an option's names
 * (and the context "names": the naming in the options message).
 */
static const char *const names_game[] = {
	"TAC board", "TAC names", "TAKER names",
	"I host games of TAC, the board game in which two teams race their "
	"marbles home with cards, in group chats. I keep the board in the "
	"group, give each player their cards here in private, and tell "
	"everyone when it is their turn.",
	"Hello! I host games of TAC here, the board game in which two teams "
	"race their marbles home with cards. /new opens a game; everyone "
	"presses Join, then Start.",
	NULL
};

/* Where the sources are: make check says, by hand guess. */
static const char *
names_top(void)
{
	const char	*top;

	if ((top = getenv("abs_top_srcdir")) == NULL &&
	    (top = getenv("top_srcdir")) == NULL)
		top = access("src/engine/tac.h", R_OK) == 0 ? "." : "..";
	return (top);
}

/* Append the quoted C string at p (after its '"') to *out, unescaped. */
static void
names_unquote(const char *p, char **out)
{
	size_t	n = *out != NULL ? strlen(*out) : 0;
	char	*s;

	s = realloc(*out, n + strlen(p) + 1);
	ck_assert_ptr_nonnull(s);
	for (; *p != '\0' && *p != '"'; p++) {
		if (*p == '\\' && p[1] != '\0') {
			p++;
			s[n++] = *p == 'n' ? '\n' : *p == 't' ? '\t' : *p;
		} else
			s[n++] = *p;
	}
	s[n] = '\0';
	*out = s;
}

/*
 * Read a .po or .pot file's entries (not the header, not obsolete
 * ones) into *list; how many.  The caller frees them (names_free()).
 */
static int
names_read(const char *path, struct pe **list)
{
	FILE	*f;
	char	 line[4096], **cur = NULL;
	struct pe e, *l = NULL;
	int	 n = 0, more = 1;

	ck_assert_msg((f = fopen(path, "r")) != NULL, "%s: %s", path,
	    strerror(errno));
	memset(&e, 0, sizeof e);
	while (more) {
		more = fgets(line, sizeof line, f) != NULL;
		line[strcspn(line, "\n")] = '\0';
		if (!more || line[0] == '\0') {
			if (e.id != NULL && e.id[0] != '\0') {
				l = realloc(l, (n + 1) * sizeof *l);
				ck_assert_ptr_nonnull(l);
				l[n++] = e;
			} else {
				free(e.ctx);
				free(e.id);
				free(e.str);
				free(e.where);
			}
			memset(&e, 0, sizeof e);
			cur = NULL;
			continue;
		}
		if (strncmp(line, "#:", 2) == 0) {
			names_unquote(line + 2, &e.where);
			names_unquote(" ", &e.where);
		} else if (strncmp(line, "msgctxt \"", 9) == 0)
			names_unquote(line + 9, cur = &e.ctx);
		else if (strncmp(line, "msgid \"", 7) == 0)
			names_unquote(line + 7, cur = &e.id);
		else if (strncmp(line, "msgid_plural \"", 14) == 0)
			cur = NULL;
		else if (strncmp(line, "msgstr \"", 8) == 0)
			names_unquote(line + 8, cur = &e.str);
		else if (strncmp(line, "msgstr[0] \"", 11) == 0)
			names_unquote(line + 11, cur = &e.str);
		else if (strncmp(line, "msgstr[", 7) == 0)
			cur = NULL;
		else if (line[0] == '"' && cur != NULL)
			names_unquote(line + 1, cur);
		else if (line[0] == '#')
			continue;
	}
	fclose(f);
	*list = l;
	return (n);
}

/* Free what names_read() made. */
static void
names_free(struct pe *l, int n)
{
	int	i;

	for (i = 0; i < n; i++) {
		free(l[i].ctx);
		free(l[i].id);
		free(l[i].str);
		free(l[i].where);
	}
	free(l);
}

/* Is byte c part of a word (a letter or digit of any script)? */
static int
names_wordch(unsigned char c)
{
	return (isalnum(c) || c >= 0x80);
}

/*
 * Does text hold word as a word of its own, or its English plural
 * ("TACs"), or (a Cyrillic word) declined: "Дьявола".  A Georgian name
 * takes its endings after a hyphen ("მენა-ს"), and would be found in
 * other words as a stem ("დარი" in "დარიგება"): whole words only.  Case
 * counts: "ТАК" is the card, "так" is not.
 */
static int
names_has(const char *text, const char *word)
{
	const char	*p;
	size_t		 n = strlen(word);
	int		 stem = (unsigned char)word[0] == 0xd0 ||
			    (unsigned char)word[0] == 0xd1;

	for (p = text; (p = strstr(p, word)) != NULL; p++) {
		if (p > text && names_wordch((unsigned char)p[-1]))
			continue;
		if (stem || !names_wordch((unsigned char)p[n]) ||
		    (p[n] == 's' && !names_wordch((unsigned char)p[n + 1])))
			return (1);
	}
	return (0);
}

/* Is an entry one that may name a card: a card's own, the game's? */
static int
names_exempt(const struct pe *e)
{
	int	i;

	if (e->ctx != NULL && (strcmp(e->ctx, "card") == 0 ||
	    strcmp(e->ctx, "TAKER card") == 0 ||
	    strcmp(e->ctx, "names") == 0))
		return (1);
	for (i = 0; names_game[i] != NULL; i++) {
		if (strcmp(e->id, names_game[i]) == 0)
			return (1);
	}
	return (0);
}

/*
 * The card word text holds, of any naming in any language and of the
 * notation, but those of lang's naming names (names -1: none allowed);
 * NULL if none.
 */
static const char *
names_foreign(const char *text, const char *lang, int names)
{
	const char	*l, *w;
	int		 i, c, nm, mine, k;

	for (i = 0; (l = lang_code(i)) != NULL; i++) {
		for (nm = TAC_NAMES_TAC; nm <= TAC_NAMES_TAKER + 1; nm++) {
			for (c = TAC_TR; c <= TAC_FOOL; c++) {
				w = nm > TAC_NAMES_TAKER ? tac_card_name(c) :
				    render_card(l, nm, c);
				for (k = TAC_TR, mine = 0; names >= 0 &&
				    k <= TAC_FOOL; k++)
					mine |= strcmp(w, render_card(lang,
					    names, k)) == 0;
				if (!mine && names_has(text, w))
					return (w);
			}
		}
	}
	return (NULL);
}

/* No message id names a card: they are values the view words. */
START_TEST(test_names_msgids)
{
	struct pe	*l;
	char		 path[512];
	const char	*w;
	int		 n, i, scanned = 0;

	snprintf(path, sizeof path, "%s/src/view/po/tacd.pot", names_top());
	n = names_read(path, &l);
	for (i = 0; i < n; i++) {
		if (names_exempt(&l[i]))
			continue;
		scanned++;
		w = names_foreign(l[i].id, "en", -1);
		ck_assert_msg(w == NULL, "%s\"%s\" names the card \"%s\": make "
		    "it a %%C (a reason) or a %%s the view fills with "
		    "render_card()", l[i].where != NULL ? l[i].where : "",
		    l[i].id, w);
	}
	/* The scan sees what it looks for. */
	ck_assert_ptr_nonnull(names_foreign("you hold no Devil", "en", -1));
	ck_assert_ptr_nonnull(names_foreign("TACs: 3", "en", -1));
	ck_assert_ptr_nonnull(names_foreign("write TR A<>B", "en", -1));
	ck_assert_ptr_null(names_foreign("a Driver", "en", -1));
	ck_assert_int_ge(scanned, 350);
	names_free(l, n);
}
END_TEST

/* No translation names a card either, in any naming. */
START_TEST(test_names_catalogs)
{
	struct pe	*l;
	char		 path[512];
	const char	*w, *lang;
	int		 n, i, k, scanned = 0;

	for (k = 1; (lang = lang_code(k)) != NULL; k++) {
		snprintf(path, sizeof path, "%s/src/view/po/%s.po",
		    names_top(), lang);
		n = names_read(path, &l);
		for (i = 0; i < n; i++) {
			if (names_exempt(&l[i]) || l[i].str == NULL)
				continue;
			scanned++;
			w = names_foreign(l[i].str, lang, -1);
			ck_assert_msg(w == NULL, "%s.po: \"%s\" is translated "
			    "\"%s\", naming the card \"%s\" whatever the "
			    "game's naming", lang, l[i].id, l[i].str, w);
		}
		names_free(l, n);
	}
	ck_assert_ptr_nonnull(names_foreign("у вас нет Дьявола", "ru", -1));
	ck_assert_ptr_nonnull(names_foreign("карта ТАК", "ru", -1));
	ck_assert_ptr_null(names_foreign("так нельзя", "ru", -1));
	ck_assert_int_ge(scanned, 3 * 350);
}
END_TEST

/* A render_game of a naming and language, four people. */
static void
names_game_of(struct render_game *g, const char *lang, int names)
{
	static const char *const who[] = { "Anna", "Boris", "Clara", "Dima" };
	int			 s;

	memset(g, 0, sizeof *g);
	g->id = 1;
	snprintf(g->lang, sizeof g->lang, "%s", lang);
	g->cfg.nseats = 4;
	g->cfg.master = 1;
	g->cfg.names = names;
	for (s = 0; s < 4; s++)
		snprintf(g->seats[s].name, sizeof g->seats[s].name, "%s",
		    who[s]);
}

/*
 * Every reason of the template that takes a card (%C), with each card
 * in each %C, in each language and naming: the card's name in that
 * naming is there, no other naming's.
 */
START_TEST(test_names_reasons)
{
	struct render_game	 g;
	struct tac_why		 w;
	struct rbuf		 b = { NULL, 0, 0 };
	struct pe		*l;
	const char		*lang, *p, *bad;
	char			 path[512];
	int			 n, i, k, nm, c, checked = 0;

	snprintf(path, sizeof path, "%s/src/view/po/tacd.pot", names_top());
	n = names_read(path, &l);
	for (i = 0; i < n; i++) {
		if (strstr(l[i].id, "%C") == NULL)
			continue;
		for (k = 0; (lang = lang_code(k)) != NULL; k++)
		for (nm = TAC_NAMES_TAC; nm <= TAC_NAMES_TAKER; nm++)
		for (c = TAC_TR; c <= TAC_FOOL; c++) {
			names_game_of(&g, lang, nm);
			memset(&w, 0, sizeof w);
			w.fmt = l[i].id;
			for (p = w.fmt; (p = strchr(p, '%')) != NULL &&
			    w.nargs < TAC_WHY_MAXARGS; p += 2) {
				if (p[1] == '%')
					continue;
				w.arg[w.nargs].kind = p[1];
				w.arg[w.nargs].v = p[1] == 'C' ? c :
				    p[1] == 'L' ? 12 : p[1] == 'P' ? 1 : 3;
				snprintf(w.arg[w.nargs].s,
				    sizeof w.arg[w.nargs].s, "9 discard");
				w.nargs++;
			}
			rbuf_reset(&b);
			render_why(&g, &w, &b);
			ck_assert_msg(names_has(b.s, render_card(lang, nm, c)),
			    "%s, %s: \"%s\" does not name %s", lang, nm ?
			    "taker" : "tac", b.s, render_card(lang, nm, c));
			bad = names_foreign(b.s, lang, nm);
			ck_assert_msg(bad == NULL, "%s, %s: \"%s\" names %s",
			    lang, nm ? "taker" : "tac", b.s, bad);
			checked++;
		}
	}
	rbuf_free(&b);
	names_free(l, n);
	/* 30 reasons with a card when this was written. */
	ck_assert_int_ge(checked, 25 * 4 * 2 * 6);
}
END_TEST

/* What /play in notation says of card c in a game: "TR 12<>40", ... */
static const char *
names_move(int c)
{
	switch (c) {
	case TAC_TR:
		return ("TR 12<>40");
	case TAC_TAC:
		return ("TAC 13 B>0");
	case TAC_ANGEL:
		return ("ANGEL B>16");
	case TAC_DEVIL:
		return ("DEVIL 8 40>48");
	case TAC_WARRIOR:
		return ("WARRIOR 12>20");
	default:
		return ("FOOL");
	}
}

/*
 * The refusals of a game in lang with a naming ("tac", "taker") when the
 * player to act types a card they do not hold, in the notation and with
 * the card's name as the game shows it: the game's name for the card.
 * 1 when every special card could be tried (none in the hand).
 */
static int
names_refusals(const char *lang, const char *naming, int seed)
{
	struct td		 td;
	struct tac_state	 st;
	struct td_out		*o;
	struct rbuf		 b = { NULL, 0, 0 };
	const char		*want, *bad, *move, *user;
	char			 cmd[128];
	int64_t			 game;
	int			 i, c, how, nm = strcmp(naming, "taker") == 0;

	td_init(&td, STORE_NOSYNC);
	td_open(&td);
	snprintf(cmd, sizeof cmd, "/lang %s", lang);
	ck_assert_int_eq(td_event(&td, "g1", 0, "u0", 1, cmd), 0);
	snprintf(cmd, sizeof cmd, "%s seed=%d", naming, seed);
	game = td_lobby4(&td, "g1", cmd);
	for (i = 0; i < 4; i++)		/* the exchange */
		ck_assert_int_eq(td_play_first(&td, game, "g1"), 0);
	ck_assert_int_eq(svc_game_position(td.svc, game, -1, &st), 0);
	for (c = TAC_TR; c <= TAC_FOOL; c++) {
		if (st.hand[st.turn][c] > 0) {
			td_done(&td);
			return (0);
		}
	}
	user = td_info(&td, game)->seats[st.turn].user;
	for (c = TAC_TR; c <= TAC_FOOL; c++) {
		want = render_card(lang, nm, c);
		move = names_move(c);
		for (how = 0; how < 2; how++) {
			/* The card word as typed: notation, or as shown. */
			snprintf(cmd, sizeof cmd, "/play %s%s", how ? want :
			    tac_card_name(c), move + strlen(tac_card_name(c)));
			td_clear(&td);
			ck_assert_int_eq(td_event(&td, "g1", 0, user, 0, cmd),
			    0);
			td_drain(&td);
			ck_assert_ptr_nonnull(o = td_find(&td, "error", "g1"));
			rbuf_reset(&b);
			compose_say(td.svc, lang, o->payload, &b);
			ck_assert_msg(names_has(b.s, want), "%s %s: %s: \"%s\" "
			    "does not name %s", lang, naming, cmd, b.s, want);
			bad = names_foreign(b.s, lang, nm);
			ck_assert_msg(bad == NULL, "%s %s: %s: \"%s\" names %s",
			    lang, naming, cmd, b.s, bad);
		}
	}
	rbuf_free(&b);
	td_done(&td);
	return (1);
}

/* Every language and naming, every special card. */
START_TEST(test_names_refusals)
{
	const char	*lang;
	int		 k, nm, seed, done;

	for (k = 0; (lang = lang_code(k)) != NULL; k++) {
		for (nm = 0; nm < 2; nm++) {
			for (seed = 1, done = 0; !done && seed < 60; seed++)
				done = names_refusals(lang, nm ? "taker" :
				    "tac", seed);
			ck_assert_msg(done, "%s: no seed without a special "
			    "card in the first hand", lang);
		}
	}
}
END_TEST

/* The suite. */
Suite *
suite_say_names(void)
{
	Suite	*s = suite_create("say_names");
	TCase	*tc = tcase_create("say_names");

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_names_msgids);
	tcase_add_test(tc, test_names_catalogs);
	tcase_add_test(tc, test_names_reasons);
	tcase_add_test(tc, test_names_refusals);
	suite_add_tcase(s, tc);
	return (s);
}
