/*
 * render-read.c: a move as a person writes it back, read in the words
 * tacd shows it in: the notation in the reader's card names and letters
 * ("Мена - 4<>20", "13 Л>0", render-action.c), and the words of buttons
 * and move lines ("13: Ввести шарик", "9: 19 → 28, выбивает: Борис",
 * render-move.c).  /play takes what it reads (src/service/service-turn.c
 * asks through the hook that src/compose/compose-read.c installs).
 *
 * Two ways, in this order.  First each word of the text that names a
 * card, a keyword or a place in any language and naming tacd speaks is
 * put back into the notation ("Флуд" DEVIL, "сброс" discard, "Л" B), and
 * the result read by the notation's parser: when that is a legal action
 * of the position, it is the move.  Else every legal action is worded as
 * the buttons and lines of the reader's languages show it, in the game's
 * naming, and compared with the text, both folded (render-fold.c): the
 * words that say a move whole (lines, the buttons of a short list)
 * first, then the words of a button that says only the last steps of a
 * move, as a menu's later levels do.  One action that reads so is the
 * move; more than one is refused with two of them as examples (a
 * button's words out of context: "12 → 17" is the last step of more
 * than one 7).  Failing both, the notation read in
 * the first way is handed on (the rules then say why it is not legal),
 * or the notation's reason why the text is none.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "render.h"
#include "utf8.h"
#include "xmalloc.h"

#define READ_TEXTMAX	1024	/* bytes of a folded text, at most */
#define READ_WORDMAX	48	/* bytes of a folded word */
#define READ_NWORDS	128	/* words of the languages' lexicon */
#define READ_NUMS	32	/* numbers of a text looked at, at most */

/* A word of some language and what it is in the notation. */
struct read_word {
	char		 w[READ_WORDMAX];	/* folded, lower case */
	const char	*notation;		/* "TR", "discard", "B" ... */
	int		 place;			/* a place's letter: 'B', 'H' */
};

/* What one reading looks at. */
struct read_ctx {
	const struct render_game *g;
	const char *const	*langs;
	int			 nlangs;
	const struct tac_state	*st;
	char			 text[READ_TEXTMAX];	/* the input folded */
	char			 tmp[READ_TEXTMAX];
	struct rbuf		 b;
	struct read_word	 words[READ_NWORDS];
	int			 nwords;
	int			 nums[READ_NUMS];	/* the text's numbers */
	int			 nnums;		/* -1: do not filter by them */
};

/* Add a word of the lexicon: s folded, with its parts "%s" cut out. */
static void
read_word_add(struct read_ctx *rc, const char *s, const char *notation,
    int place)
{
	struct read_word	*w;
	char			 buf[READ_WORDMAX], *p;
	size_t			 n;

	if (rc->nwords == READ_NWORDS)
		return;
	snprintf(buf, sizeof buf, "%s", s);
	while ((p = strstr(buf, "%s")) != NULL)
		memmove(p, p + 2, strlen(p + 2) + 1);
	w = &rc->words[rc->nwords];
	render_fold(buf, 1, w->w, sizeof w->w);
	/* "give %s", "%s abgeben", "გადაცემა: %s": the word alone. */
	n = strlen(w->w);
	while (n > 0 && strchr(" :,", w->w[n - 1]) != NULL)
		w->w[--n] = '\0';
	n = strspn(w->w, " :,");
	memmove(w->w, w->w + n, strlen(w->w + n) + 1);
	if (w->w[0] == '\0' || strchr(w->w, ' ') != NULL)
		return;		/* a phrase: not a word of the notation */
	w->notation = notation;
	w->place = place;
	rc->nwords++;
}

/*
 * The words of every language tacd speaks that stand for notation: the
 * cards in both namings, discard, skip, give and the letters of the
 * base and a home; and "then", which the notation leaves out.
 */
static void
read_lexicon(struct read_ctx *rc)
{
	const char	*lang;
	int		 i, c;

	for (i = 0; (lang = i18n_lang(i)) != NULL; i++) {
		for (c = TAC_TR; c <= TAC_FOOL; c++) {
			read_word_add(rc, render_card(lang, TAC_NAMES_TAC, c),
			    tac_card_name(c), 0);
			read_word_add(rc, render_card(lang, TAC_NAMES_TAKER,
			    c), tac_card_name(c), 0);
		}
		read_word_add(rc, tr(lang, "discard"), "discard", 0);
		read_word_add(rc, tr(lang, "Discard %s"), "discard", 0);
		read_word_add(rc, tr(lang, "skip"), "skip", 0);
		read_word_add(rc, tr(lang, "give %s"), "give", 0);
		read_word_add(rc, tr(lang, "Give %s"), "give", 0);
		/* "12 → 13, затем 40 → 45": the word between steps. */
		read_word_add(rc, tr(lang, "%s, then %s"), "", 0);
		read_word_add(rc, trc(lang, "place", "B"), "B", 'B');
		read_word_add(rc, trc(lang, "place", "H"), "H", 'H');
	}
}

/* The notation of a folded word (place: a letter's kind), or NULL. */
static const char *
read_lookup(const struct read_ctx *rc, const char *w, size_t n, int place)
{
	int	i;

	for (i = 0; i < rc->nwords; i++) {
		if (rc->words[i].place == place &&
		    strlen(rc->words[i].w) == n &&
		    strncmp(rc->words[i].w, w, n) == 0)
			return (rc->words[i].notation);
	}
	return (NULL);
}

/*
 * Append one place of a word ("л", "16", "0д3") in the notation: the
 * base's and a home's letters of any language as B and H.
 */
static void
read_place(const struct read_ctx *rc, const char *p, size_t n,
    struct rbuf *out)
{
	char		 low[READ_WORDMAX], one[READ_WORDMAX];
	const char	*h;
	size_t		 d, e;

	snprintf(one, sizeof one, "%.*s", (int)n, p);
	render_fold(one, 1, low, sizeof low);
	if ((h = read_lookup(rc, low, strlen(low), 'B')) != NULL) {
		rbuf_addstr(out, h);
		return;
	}
	/* A home field: the seat's digit, the letter, the field's digit. */
	d = strspn(low, "0123456789");
	for (e = strlen(low); e > d && low[e - 1] >= '0' &&
	    low[e - 1] <= '9'; e--)
		;
	if (d > 0 && e < strlen(low) && e > d &&
	    (h = read_lookup(rc, low + d, e - d, 'H')) != NULL) {
		rbuf_add(out, "%.*s%s%s", (int)d, low, h, low + e);
		return;
	}
	rbuf_add(out, "%.*s", (int)n, p);
}

/* Append a word of places and operators ("Л>16", "4<>20") in notation. */
static void
read_places(const struct read_ctx *rc, const char *p, size_t n,
    struct rbuf *out)
{
	size_t	i, k;

	for (i = 0; i < n; i = k) {
		if (p[i] == '>' || p[i] == '<') {
			rbuf_add(out, "%c", p[i]);
			k = i + 1;
			continue;
		}
		for (k = i; k < n && p[k] != '>' && p[k] != '<'; k++)
			;
		read_place(rc, p + i, k - i, out);
	}
}

/*
 * Put text back into the notation, word by word (see the top of the
 * file): a word that is no word of the lexicon stays as typed, and so
 * the notation's reason quotes it.  "give" comes first wherever it was.
 */
static void
read_translate(const struct read_ctx *rc, const char *text, struct rbuf *out)
{
	char		 folded[READ_TEXTMAX], word[READ_WORDMAX];
	char		 low[READ_WORDMAX];
	const char	*p, *e, *n;
	struct rbuf	 rest = { NULL, 0, 0 };
	size_t		 len;
	int		 give = 0;

	render_fold(text, 0, folded, sizeof folded);
	for (p = folded; *p != '\0'; p = e) {
		p += strspn(p, " ");
		if ((len = strcspn(p, " ")) == 0)
			break;
		e = p + len;
		/* "13:", "5," as a label writes them; the dash of "13 - Л>0". */
		while (len > 1 && (p[len - 1] == ':' || p[len - 1] == ','))
			len--;
		if (len == 1 && p[0] == '-')
			continue;
		n = NULL;
		if (len < sizeof low) {
			snprintf(word, sizeof word, "%.*s", (int)len, p);
			render_fold(word, 1, low, sizeof low);
			n = read_lookup(rc, low, strlen(low), 0);
		}
		if (n != NULL && strcmp(n, "give") == 0) {
			give = 1;
			continue;
		}
		if (n != NULL && *n == '\0')
			continue;
		if (rest.len > 0)
			rbuf_addstr(&rest, " ");
		if (n != NULL)
			rbuf_addstr(&rest, n);
		else
			read_places(rc, p, len, &rest);
	}
	if (give)
		rbuf_addstr(out, rest.len > 0 ? "give " : "give");
	if (rest.len > 0)
		rbuf_addstr(out, rest.s);
	rbuf_free(&rest);
}

/* Does shown (tacd's words) read as the input? */
static int
read_same(struct read_ctx *rc, const char *shown)
{
	if (shown == NULL)
		return (0);
	render_fold(shown, 1, rc->tmp, sizeof rc->tmp);
	return (strcmp(rc->text, rc->tmp) == 0);
}

/*
 * What a move line tells of a played action, as the service records it
 * (service-turn.c, svc_turn_facts()): whose marbles it moved, whose
 * bases gained marbles (kicked; for a TAC, from the board it puts back),
 * and whose card play a TAC undid.
 */
static void
read_facts(const struct render_game *g, const struct tac_state *st,
    const struct tac_action *a, struct render_move *mv)
{
	struct tac_state	 t = *st;
	const struct tac_board	*was = &st->b;
	int			 s, owners[TAC_MAXSEG];

	render_move_start(mv, a, st->turn, RENDER_NOBODY);
	if (a->tac && !a->devil && g->lastplay > 0)
		mv->undone = g->lastplay - 1;
	if (a->op == TAC_OP_MOVE || a->op == TAC_OP_SWAP) {
		tac_marbles(st, a, owners);
		for (s = 0; s < (a->op == TAC_OP_SWAP ? 2 : a->nseg) &&
		    s < TAC_MAXSEG; s++)
			mv->marbles[s] = owners[s];
	}
	if (a->tac && !a->devil && st->undo.card != TAC_NONE)
		was = &st->undo.before;
	tac_play(&t, a);
	for (s = 0; s < st->cfg.nseats; s++) {
		if (t.b.base[s] > was->base[s])
			mv->kicked[mv->nkicked++] = s;
	}
}

/*
 * Does a move line of action a (by the seat to act) read as the input:
 * the line of the player's own messages (for them), or the group's?
 */
static int
read_line(struct read_ctx *rc, const struct render_game *g,
    const struct tac_action *a)
{
	struct render_opts	 o = { RENDER_PLAIN, NULL, NULL, 0 };
	struct render_move	 mv;
	struct rbuf		 who = { NULL, 0, 0 };
	int			 you, hit = 0;

	read_facts(g, rc->st, a, &mv);
	render_seat(&o, g, rc->st->turn, &who);
	for (you = 0; you < 2 && !hit; you++) {
		mv.reader = you ? rc->st->turn : RENDER_NOBODY;
		rbuf_reset(&rc->b);
		render_move_words(g, &mv, 0, render_move_ntok(a), &rc->b);
		hit = read_same(rc, rc->b.s);
		if (hit || rc->b.s == NULL)
			continue;
		/* "Anna: 9: 19 → 28", the line in the group whole. */
		rbuf_reset(&rc->b);
		rbuf_add(&rc->b, "%s: ", who.s != NULL ? who.s : "");
		render_move_words(g, &mv, 0, render_move_ntok(a), &rc->b);
		hit = read_same(rc, rc->b.s);
	}
	rbuf_free(&who);
	return (hit);
}

/*
 * Does a button that plays action a read as the input?  A leaf of the
 * menu says the tokens from its level to the end (render.h), in at most
 * RENDER_LABELMAX characters (two fewer after a flat root's number),
 * with names or with the seats' colours, and with every field of a 7's
 * marble, in any of the forms a keyboard may share
 * (src/compose/compose-menu.c).  whole: the buttons that say the whole
 * action (a flat root's, a "play" entry's), else those that say only its
 * last steps.
 */
static int
read_label(struct read_ctx *rc, const struct render_game *g,
    const struct tac_action *a, int whole)
{
	struct render_move	mv, m;
	int			n = render_move_ntok(a), from, how, cut, form;

	render_move_init(&mv, g, rc->st, a, rc->st->turn, rc->st->turn);
	for (from = whole ? 0 : 1; from < (whole ? 1 : n); from++) {
		/* Names, colours, then (a 7's two ways) colours and steps. */
		for (how = 0; how < 3; how++) {
			m = mv;
			m.colours = how > 0;
			m.steps = how == 2;
			/* A keyboard's labels share the form that fits all. */
			for (form = 0; form < RENDER_FORMS; form++) {
				for (cut = 0; cut < (whole ? 2 : 1); cut++) {
					rbuf_reset(&rc->b);
					render_move_form(g, &m, from, n, form,
					    RENDER_LABELMAX - 2 * cut, &rc->b);
					if (read_same(rc, rc->b.s))
						return (1);
				}
			}
		}
	}
	return (0);
}

/*
 * The numbers written in the input, so that actions that cannot be
 * worded with them are not worded at all (a 7 has thousands of ways):
 * what a move shows in digits is its card's number, its fields, a home
 * field's depth (1 to 4) and an AI player's seat (0 to 5).  A person's
 * name with a digit in it could show any: then nothing is filtered.
 */
static void
read_numbers(struct read_ctx *rc)
{
	const char	*p;
	int		 s, n;

	rc->nnums = 0;
	for (s = 0; s < rc->st->cfg.nseats && s < TAC_MAXSEATS; s++) {
		if (strpbrk(rc->g->seats[s].name, "0123456789") != NULL) {
			rc->nnums = -1;
			return;
		}
	}
	for (p = rc->text; *p != '\0'; ) {
		if (*p < '0' || *p > '9') {
			p++;
			continue;
		}
		for (n = 0; *p >= '0' && *p <= '9'; p++)
			n = n < 1000 ? n * 10 + (*p - '0') : n;
		if (rc->nnums == READ_NUMS) {
			rc->nnums = -1;
			return;
		}
		rc->nums[rc->nnums++] = n;
	}
}

/* Can action a be worded with the input's numbers (read_numbers())? */
static int
read_possible(const struct read_ctx *rc, const struct tac_action *a)
{
	static const int	 number[TAC_NCARDS] = {
		1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 13
	};
	int			 i, k, n, ok;

	for (i = 0; i < rc->nnums; i++) {
		n = rc->nums[i];
		ok = n <= 5 || (number[a->card] != 0 && n == number[a->card]);
		for (k = 0; !ok && k < a->nseg && k < TAC_MAXSEG; k++)
			ok = n == a->seg[k].from || n == a->seg[k].to;
		if (!ok)
			return (0);
	}
	return (1);
}

/*
 * Does action a read as the input in any of the reader's languages?
 * whole: as a line or a button that says it whole; else as a button that
 * says its last steps (see read_label()).
 */
static int
read_shown(struct read_ctx *rc, const struct tac_action *a, int whole)
{
	struct render_game	g = *rc->g;
	int			i, j, again;

	if (!read_possible(rc, a))
		return (0);

	for (i = 0; i < rc->nlangs; i++) {
		for (j = again = 0; j < i; j++)
			again |= strcmp(rc->langs[i], rc->langs[j]) == 0;
		if (again || rc->langs[i] == NULL)
			continue;
		snprintf(g.lang, sizeof g.lang, "%s", rc->langs[i]);
		if (whole && (read_line(rc, &g, a) ||
		    read_label(rc, &g, a, 1)))
			return (1);
		if (!whole && read_label(rc, &g, a, 0))
			return (1);
	}
	return (0);
}

/* Refuse text that reads as two moves: it alone does not say which. */
static void
read_ambiguous(const char *text, const struct tac_action *x,
    const struct tac_action *y, struct tac_why *why)
{
	size_t	n;

	memset(why, 0, sizeof *why);
	/* TRANSLATORS: a refusal of /play: %s is what the person typed (a
	   button's words), each %A a move it may mean, in notation. */
	why->fmt = N_("\"%s\" alone does not say which move: it fits %A "
	    "and %A");
	why->nargs = 3;
	why->arg[0].kind = 's';
	n = utf8_cut(text, sizeof why->arg[0].s - 4);
	snprintf(why->arg[0].s, sizeof why->arg[0].s, "%.*s%s", (int)n,
	    text, text[n] != '\0' ? "\xe2\x80\xa6" : "");
	why->arg[1].kind = 'A';
	tac_action_format(x, why->arg[1].s, sizeof why->arg[1].s);
	why->arg[2].kind = 'A';
	tac_action_format(y, why->arg[2].s, sizeof why->arg[2].s);
}

/*
 * Read text as a move of the seat to act in st (see the top of the
 * file), for a person who reads langs (nlangs of them: their own, the
 * game chat's) in game g.  0 and the action in *a, a legal one if it is
 * shown, else what the notation reads (the rules say why it is not
 * legal); -1 and why when the text says no move, or more than one.  l is
 * scratch.
 */
int
render_read(const struct render_game *g, const char *const *langs,
    int nlangs, const struct tac_state *st, const char *text,
    struct tac_list *l, struct tac_action *a, struct tac_why *why)
{
	struct read_ctx		*rc;
	struct tac_state	 t;
	struct rbuf		 nota = { NULL, 0, 0 };
	struct tac_why		 nwhy;
	int			 i, n, hit[2], nhit = 0, whole, parsed, rv = -1;

	rc = xcalloc(1, sizeof *rc);
	rc->g = g;
	rc->langs = langs;
	rc->nlangs = nlangs;
	rc->st = st;
	read_lexicon(rc);
	render_fold(text, 1, rc->text, sizeof rc->text);
	read_numbers(rc);

	read_translate(rc, text, &nota);
	parsed = tac_action_parse_why(nota.s != NULL ? nota.s : "", a,
	    &nwhy) == 0;
	t = *st;
	if (parsed && tac_apply_why(&t, a, l, NULL) >= 0) {
		rv = 0;
		goto out;
	}
	/* A move said whole first; a button's last steps only failing that. */
	n = tac_legal(st, l);
	for (whole = 1; whole >= 0 && nhit == 0; whole--) {
		for (i = 0; i < n && nhit < 2; i++) {
			if (read_shown(rc, &l->a[i], whole))
				hit[nhit++] = i;
		}
	}
	if (nhit == 1) {
		*a = l->a[hit[0]];
		rv = 0;
	} else if (nhit == 2)
		read_ambiguous(text, &l->a[hit[0]], &l->a[hit[1]], why);
	else if (parsed)
		rv = 0;		/* the notation's action: the rules answer */
	else
		*why = nwhy;
out:
	rbuf_free(&nota);
	rbuf_free(&rc->b);
	free(rc);
	return (rv);
}
