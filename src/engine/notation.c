/*
 * notation.c: card names and the one-line action notation of
 * doc/notation.md.
 *
 * Parsing never allocates and never reads past the terminating NUL; every
 * refusal comes with a short English reason that quotes the offending word
 * (a struct tac_why; tac_why_format() writes it, also here).
 */

#include <stdio.h>
#include <string.h>

#include "tac.h"
#include "internal.h"

/* The notation's card names, in enum order. */
static const char *const notation_names[TAC_NCARDS] = {
	"1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "12", "13",
	"TR", "TAC", "ANGEL", "DEVIL", "WARRIOR", "FOOL"
};

/* Names shown to people with the TAC option; numbers are shown as is. */
static const char *const notation_tac[TAC_NCARDS] = {
	"1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "12", "13",
	"Trickster", "TAC", "Angel", "Devil", "Warrior", "Fool"
};

/* Names shown to people with the TAKER option (doc/rules.md's table). */
static const char *const notation_taker[TAC_NCARDS] = {
	"1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "12", "13",
	"\xd0\x9c\xd0\xb5\xd0\xbd\xd0\xb0",			/* Мена */
	"\xd0\xa2\xd0\xb0\xd0\xba\xd0\xb5\xd1\x80",		/* Такер */
	"\xd0\x94\xd0\xb0\xd1\x80",				/* Дар */
	"\xd0\xa4\xd0\xbb\xd1\x83\xd0\xb4",			/* Флуд */
	"\xd0\x9b\xd0\xb8\xd0\xbd\xd1\x87",			/* Линч */
	"\xd0\xa0\xd0\xb8\xd0\xb2\xd0\xb5\xd1\x80"		/* Ривер */
};

/* A word of the input: a pointer into the text and its length. */
struct notation_word {
	const char	*p;
	size_t		 len;
};

/* The parser's cursor and where its complaint goes. */
struct notation_lex {
	const char	*p;
	struct tac_why	*why;		/* NULL: no complaint wanted */
	char		 q[32];		/* a word quoted for the complaint */
};

/*
 * Complain and return -1; like why_fail(), the values are only evaluated
 * when a reason is wanted, and fmt is a literal (xgettext keyword
 * notation_fail:2).
 */
#define notation_fail(lx, ...) \
	((lx)->why == NULL ? -1 : why_set((lx)->why, __VA_ARGS__))

/* Which places a segment may use, by card (see notation_segment()). */
#define NOTATION_FROM_BASE	0x1	/* enters: B>start */
#define NOTATION_TO_BASE	0x2	/* the Warrior kicking itself */

/* Return the notation name of a card, "?" for anything else. */
const char *
tac_card_name(int card)
{
	if (card < 0 || card >= TAC_NCARDS)
		return ("?");
	return (notation_names[card]);
}

/* Return the name of a card as shown to people under a names option. */
const char *
tac_card_display(int card, int names)
{
	if (card < 0 || card >= TAC_NCARDS)
		return ("?");
	if (names == TAC_NAMES_TAKER)
		return (notation_taker[card]);
	return (notation_tac[card]);
}

/* ASCII lower case, independent of the locale. */
static int
notation_lower(int c)
{
	if (c >= 'A' && c <= 'Z')
		return (c - 'A' + 'a');
	return (c);
}

/* Is this byte white space?  Locale-independent on purpose. */
static int
notation_space(int c)
{
	return (c == ' ' || c == '\t' || c == '\n' || c == '\r' ||
	    c == '\v' || c == '\f');
}

/* Compare len bytes with a NUL-terminated name, ignoring ASCII case. */
static int
notation_same(const char *p, size_t len, const char *name)
{
	size_t	i;

	for (i = 0; i < len; i++) {
		if (name[i] == '\0' ||
		    notation_lower((unsigned char)p[i]) !=
		    notation_lower((unsigned char)name[i]))
			return (0);
	}
	return (name[len] == '\0');
}

/* Parse a card's notation name (any case); -1 if there is no such card. */
int
tac_card_parse(const char *text, size_t len)
{
	int	card;

	if (text == NULL)
		return (-1);
	for (card = 0; card < TAC_NCARDS; card++) {
		if (notation_same(text, len, notation_names[card]))
			return (card);
	}
	return (-1);
}

/*
 * Copy n bytes of input at s for quoting in a message into buf: at most
 * 16 of them, cut on a UTF-8 boundary, "..." when cut, control characters
 * shown as '?', so the message stays short and on one line.
 */
void
tac_quote(const char *s, size_t n, char *buf, size_t size)
{
	size_t	i, cut = n;

	if (cut > 16) {
		cut = 16;
		while (cut > 0 && ((unsigned char)s[cut] & 0xc0) == 0x80)
			cut--;
	}
	if (cut > size - 4)
		cut = size - 4;
	for (i = 0; i < cut; i++) {
		buf[i] = s[i];
		if ((unsigned char)buf[i] < 0x20 || buf[i] == 0x7f)
			buf[i] = '?';
	}
	buf[cut] = '\0';
	if (cut < n)
		memcpy(buf + cut, "...", 4);
}

/* Quote a word for a complaint, into the cursor's buffer. */
static const char *
notation_quote(struct notation_lex *lx, const struct notation_word *w)
{
	tac_quote(w->p, w->len, lx->q, sizeof lx->q);
	return (lx->q);
}

/* Skip white space. */
static void
notation_skip(struct notation_lex *lx)
{
	while (notation_space((unsigned char)*lx->p))
		lx->p++;
}

/*
 * Look at the next word without taking it.  A word runs to white space,
 * '>' or '<', so "12>14" is three tokens and so is "12 > 14".  An empty
 * word means the text ends or an operator comes next.
 */
static void
notation_peek(struct notation_lex *lx, struct notation_word *w)
{
	const char	*q;

	notation_skip(lx);
	q = lx->p;
	while (*q != '\0' && !notation_space((unsigned char)*q) &&
	    *q != '>' && *q != '<')
		q++;
	w->p = lx->p;
	w->len = q - lx->p;
}

/* Take the next word. */
static void
notation_next(struct notation_lex *lx, struct notation_word *w)
{
	notation_peek(lx, w);
	lx->p += w->len;
}

/* Take the next word and forget it (a keyword already looked at). */
static void
notation_drop(struct notation_lex *lx)
{
	struct notation_word	w;

	notation_next(lx, &w);
}

/* Is the text used up (apart from white space)? */
static int
notation_end(struct notation_lex *lx)
{
	notation_skip(lx);
	return (*lx->p == '\0');
}

/* Does the next word equal a keyword? */
static int
notation_peek_is(struct notation_lex *lx, const char *keyword)
{
	struct notation_word	w;

	notation_peek(lx, &w);
	return (w.len != 0 && notation_same(w.p, w.len, keyword));
}

/* Complain about whatever follows a complete action. */
static int
notation_trailing(struct notation_lex *lx)
{
	struct notation_word	w;

	notation_peek(lx, &w);
	if (w.len == 0) {
		/* An operator: quote it with what follows. */
		w.len = 1;
		if (w.p[0] == '<' && w.p[1] == '>')
			w.len = 2;
	}
	/* TRANSLATORS: why typed text is no move; %s the word typed, quoted
	   back. */
	return (notation_fail(lx, "unexpected \"%s\" at the end",
	    notation_quote(lx, &w)));
}

/*
 * Parse a place: a circle field 0..65 written without sign or leading
 * zeros, a home field "<s>H<k>", or "B".
 */
static int
notation_place(struct notation_lex *lx, const struct notation_word *w,
    uint8_t *loc)
{
	const char	*p = w->p;
	size_t		 i;
	int		 n;

	if (w->len == 1 && notation_lower((unsigned char)p[0]) == 'b') {
		*loc = TAC_LOC_BASE;
		return (0);
	}
	if (w->len == 3 && notation_lower((unsigned char)p[1]) == 'h' &&
	    p[0] >= '0' && p[0] <= '9' && p[2] >= '0' && p[2] <= '9') {
		if (p[0] > '5')
			/* TRANSLATORS: why typed text is no move; %s the
			   word typed. */
			return (notation_fail(lx, "\"%s\" is not a home: "
			    "seats are 0..5", notation_quote(lx, w)));
		if (p[2] < '1' || p[2] > '4')
			/* TRANSLATORS: why typed text is no move; %s the
			   word typed; H1..H4: the home fields, in the
			   letter of [place] H. */
			return (notation_fail(lx, "\"%s\" is not a home "
			    "field: H1..H4", notation_quote(lx, w)));
		*loc = TAC_LOC_HOME(p[0] - '0', p[2] - '0');
		return (0);
	}
	/* A signed number is meant as a field, so say so. */
	i = w->len > 1 && (p[0] == '+' || p[0] == '-');
	for (n = i; (size_t)n < w->len; n++) {
		if (p[n] < '0' || p[n] > '9')
			break;
	}
	if (w->len == 0 || (size_t)n != w->len)
		/* TRANSLATORS: why typed text is no move; %s the word
		   typed; a place is a field of the board, a base or a home
		   field. */
		return (notation_fail(lx, "\"%s\" is not a place",
		    notation_quote(lx, w)));
	if (i || w->len > 2 || (w->len == 2 && p[0] == '0'))
		/* TRANSLATORS: why typed text is no move; %s the word
		   typed. */
		return (notation_fail(lx, "\"%s\" is not a field",
		    notation_quote(lx, w)));
	n = p[0] - '0';
	if (w->len == 2)
		n = n * 10 + (p[1] - '0');
	if (n >= TAC_MAXFIELDS)
		return (notation_fail(lx, "\"%s\" is not a field",
		    notation_quote(lx, w)));
	*loc = n;
	return (0);
}

/*
 * Parse one FROM>TO segment (or A<>B for a swap); allow says which uses
 * of the base this card has.
 */
static int
notation_segment(struct notation_lex *lx, int card, int allow,
    struct tac_seg *seg)
{
	struct notation_word	 w;
	const char		*op = card == TAC_TR ? "<>" : ">";
	size_t			 oplen = strlen(op);

	notation_next(lx, &w);
	if (w.len == 0 && card == TAC_TR)
		/* TRANSLATORS: why typed text is no move; %C a card's name,
		   in the game's naming (the Trickster); A<>B: the
		   notation's pattern of a swap. */
		return (notation_fail(lx, "expected A<>B after %C", card));
	if (w.len == 0)
		/* TRANSLATORS: why typed text is no move; %C a card's name,
		   in the game's naming; FROM>TO: the notation's pattern of
		   a move. */
		return (notation_fail(lx, "expected FROM>TO after %C", card));
	if (notation_place(lx, &w, &seg->from) != 0)
		return (-1);
	notation_skip(lx);
	if (strncmp(lx->p, op, oplen) != 0) {
		if (card == TAC_TR)
			/* TRANSLATORS: why typed text is no move; %s the
			   word typed. */
			return (notation_fail(lx, "expected \"<>\" after "
			    "\"%s\"", notation_quote(lx, &w)));
		/* TRANSLATORS: why typed text is no move; %s the word
		   typed. */
		return (notation_fail(lx, "expected \">\" after \"%s\"",
		    notation_quote(lx, &w)));
	}
	lx->p += oplen;
	notation_next(lx, &w);
	if (w.len == 0)
		/* TRANSLATORS: why typed text is no move; %s the operator
		   typed (">" or "<>"). */
		return (notation_fail(lx, "expected a place after \"%s\"", op));
	if (notation_place(lx, &w, &seg->to) != 0)
		return (-1);

	if (card == TAC_TR) {
		if (seg->from >= TAC_MAXFIELDS || seg->to >= TAC_MAXFIELDS)
			/* TRANSLATORS: why typed text is no move; %C a
			   card's name, in the game's naming (the
			   Trickster). */
			return (notation_fail(lx, "a %C swaps two marbles "
			    "on circle fields", card));
		if (seg->from == seg->to)
			/* TRANSLATORS: why typed text is no move; %C a
			   card's name, in the game's naming (the
			   Trickster). */
			return (notation_fail(lx, "a %C swaps two "
			    "different fields", card));
		return (0);
	}
	if (seg->from == TAC_LOC_BASE) {
		if (~allow & NOTATION_FROM_BASE)
			/* TRANSLATORS: why typed text is no move; %C a
			   card's name, in the game's naming (the Angel); %L
			   a place (a field, the base, a home field) (the
			   base). */
			return (notation_fail(lx, "only a 1, a 13 and the "
			    "%C enter from %L", TAC_ANGEL, TAC_LOC_BASE));
		if (seg->to >= TAC_MAXFIELDS)
			/* TRANSLATORS: why typed text is no move. */
			return (notation_fail(lx, "a marble enters onto a "
			    "start field"));
		return (0);
	}
	if (seg->to == TAC_LOC_BASE && (~allow & NOTATION_TO_BASE))
		/* TRANSLATORS: why typed text is no move; %C a card's name,
		   in the game's naming (the Warrior); %L a place (a field,
		   the base, a home field) (the base). */
		return (notation_fail(lx, "only the %C moves to %L",
		    TAC_WARRIOR, TAC_LOC_BASE));
	if (seg->from == seg->to)
		/* TRANSLATORS: why typed text is no move. */
		return (notation_fail(lx, "a move must go somewhere"));
	return (0);
}

/* Parse what follows a card that is played (not given or discarded). */
static int
notation_body(struct notation_lex *lx, struct tac_action *a)
{
	int	allow = 0;

	switch (a->card) {
	case TAC_FOOL:
	case TAC_TAC:
		a->op = TAC_OP_NONE;
		return (0);
	case TAC_TR:
		a->op = TAC_OP_SWAP;
		a->nseg = 1;
		return (notation_segment(lx, a->card, 0, &a->seg[0]));
	case TAC_C8:
		if (notation_peek_is(lx, "skip")) {
			notation_drop(lx);
			a->op = TAC_OP_SKIP;
			return (0);
		}
		if (notation_end(lx))
			/* TRANSLATORS: why typed text is no move; FROM>TO:
			   the notation's pattern of a move; skip: write it
			   as [skip] reads. */
			return (notation_fail(lx, "expected FROM>TO or skip "
			    "after 8"));
		break;
	case TAC_C1:
	case TAC_C13:
	case TAC_ANGEL:
		allow = NOTATION_FROM_BASE;
		break;
	case TAC_WARRIOR:
		allow = NOTATION_TO_BASE;
		break;
	}

	a->op = TAC_OP_MOVE;
	if (notation_segment(lx, a->card, allow, &a->seg[a->nseg++]) != 0)
		return (-1);
	if (a->card != TAC_C7)
		return (0);
	while (!notation_end(lx)) {
		if (a->nseg == TAC_MAXSEG)
			/* TRANSLATORS: why typed text is no move. */
			return (notation_fail(lx, "a 7 has at most 7 "
			    "segments"));
		if (notation_segment(lx, a->card, 0, &a->seg[a->nseg++]) != 0)
			return (-1);
	}
	return (0);
}

/* What came before a card the parser reads (notation_card()). */
#define NOTATION_FIRST	(-1)		/* nothing: the action's first word */
#define NOTATION_GIVE	TAC_NCARDS	/* "give" */

/* Read the next word as a card; after: a prefix card, or the above. */
static int
notation_card(struct notation_lex *lx, int after)
{
	struct notation_word	w;
	int			card;

	notation_next(lx, &w);
	if (w.len == 0) {
		if (after == NOTATION_FIRST)
			/* TRANSLATORS: why typed text is no move. */
			return (notation_fail(lx, "empty action"));
		if (after == NOTATION_GIVE)
			/* TRANSLATORS: why typed text is no move (a gift
			   without its card). */
			return (notation_fail(lx, "expected the card to give"));
		/* TRANSLATORS: why typed text is no move; %C a card's name,
		   in the game's naming (the TAC card or the Devil). */
		return (notation_fail(lx, "expected a card after %C", after));
	}
	card = tac_card_parse(w.p, w.len);
	if (card < 0)
		/* TRANSLATORS: why typed text is no move; %s the word
		   typed. */
		return (notation_fail(lx, "unknown card \"%s\"",
		    notation_quote(lx, &w)));
	return (card);
}

/*
 * Parse an action in the notation; -1 and a reason (if why is not NULL)
 * if it is not one.
 */
int
tac_action_parse_why(const char *text, struct tac_action *action,
    struct tac_why *why)
{
	struct notation_lex	lx;
	struct tac_action	a;
	int			card;

	memset(&a, 0, sizeof a);
	why_clear(why);
	lx.p = text != NULL ? text : "";
	lx.why = why;

	if (notation_peek_is(&lx, "give")) {
		notation_drop(&lx);
		if ((card = notation_card(&lx, NOTATION_GIVE)) < 0)
			return (-1);
		a.op = TAC_OP_GIVE;
		a.card = card;
		goto done;
	}

	if ((card = notation_card(&lx, NOTATION_FIRST)) < 0)
		return (-1);
	if (card == TAC_TAC && !notation_peek_is(&lx, "discard")) {
		a.tac = 1;
		if (notation_peek_is(&lx, "give"))
			/* TRANSLATORS: why typed text is no move; %C a
			   card's name, in the game's naming (the TAC card
			   or the Devil) followed by a gift. */
			return (notation_fail(&lx, "a %C cannot give",
			    TAC_TAC));
		if ((card = notation_card(&lx, TAC_TAC)) < 0)
			return (-1);
		if (card == TAC_TAC)
			/* TRANSLATORS: why typed text is no move; %C a
			   card's name, in the game's naming: the TAC card,
			   twice. */
			return (notation_fail(&lx, "a %C names the card it "
			    "takes, not the %C it undoes", TAC_TAC, TAC_TAC));
	}
	if (card == TAC_DEVIL && !notation_peek_is(&lx, "discard")) {
		a.devil = 1;
		if (notation_peek_is(&lx, "give"))
			return (notation_fail(&lx, "a %C cannot give",
			    TAC_DEVIL));
		if ((card = notation_card(&lx, TAC_DEVIL)) < 0)
			return (-1);
		if (card == TAC_DEVIL)
			/* TRANSLATORS: why typed text is no move; %C a
			   card's name, in the game's naming (the Devil,
			   typed twice). */
			return (notation_fail(&lx, "there is only one %C",
			    TAC_DEVIL));
	}
	a.card = card;

	if (notation_peek_is(&lx, "discard")) {
		/* The Devil's victim may have nothing to play; a TAC may. */
		if (a.tac && !a.devil)
			/* TRANSLATORS: why typed text is no move; %C a
			   card's name, in the game's naming (the TAC card). */
			return (notation_fail(&lx, "a %C plays the card it "
			    "takes, never discards it", TAC_TAC));
		notation_drop(&lx);
		a.op = TAC_OP_DISCARD;
		goto done;
	}
	if (notation_body(&lx, &a) != 0)
		return (-1);

done:
	if (!notation_end(&lx))
		return (notation_trailing(&lx));
	if (action != NULL)
		*action = a;
	return (0);
}

/* tac_action_parse_why() with the reason written in English into why. */
int
tac_action_parse(const char *text, struct tac_action *action, char *buf,
    size_t len)
{
	struct tac_why	why;
	int		r;

	if (buf == NULL || len == 0)
		return (tac_action_parse_why(text, action, NULL));
	r = tac_action_parse_why(text, action, &why);
	why_text(&why, buf, len);
	return (r);
}

/*
 * Append n bytes to a buffer with snprintf semantics: *off counts what
 * would have been written, the buffer is always terminated when it has
 * room.
 */
static void
notation_putn(char *buf, size_t len, size_t *off, const char *s, size_t n)
{
	if (*off < len) {
		size_t	room = len - *off - 1;

		memcpy(buf + *off, s, n < room ? n : room);
		buf[*off + (n < room ? n : room)] = '\0';
	}
	*off += n;
}

/* Append a string with snprintf semantics (see notation_putn()). */
static void
notation_put(char *buf, size_t len, size_t *off, const char *s)
{
	notation_putn(buf, len, off, s, strlen(s));
}

/* Write a place: "17", "2H4" or "B"; returns the length it needs. */
size_t
tac_loc_format(int loc, char *buf, size_t len)
{
	char	tmp[8];

	if (loc == TAC_LOC_BASE)
		snprintf(tmp, sizeof tmp, "B");
	else if (loc >= 0 && loc < 0x80)
		snprintf(tmp, sizeof tmp, "%d", loc);
	else if (loc >= 0x80 && loc < 0xa0)
		snprintf(tmp, sizeof tmp, "%dH%d", TAC_LOC_SEAT(loc),
		    TAC_LOC_DEPTH(loc));
	else
		snprintf(tmp, sizeof tmp, "?");
	if (len > 0)
		snprintf(buf, len, "%s", tmp);
	return (strlen(tmp));
}

/* Write an action in canonical notation; returns the length it needs. */
size_t
tac_action_format(const struct tac_action *a, char *buf, size_t len)
{
	char	loc[8];
	size_t	off = 0;
	int	i, nseg;

	if (len > 0)
		buf[0] = '\0';
	if (a->op == TAC_OP_GIVE) {
		notation_put(buf, len, &off, "give ");
		notation_put(buf, len, &off, tac_card_name(a->card));
		return (off);
	}
	if (a->tac)
		notation_put(buf, len, &off, "TAC ");
	if (a->devil)
		notation_put(buf, len, &off, "DEVIL ");
	notation_put(buf, len, &off, tac_card_name(a->card));

	switch (a->op) {
	case TAC_OP_DISCARD:
		notation_put(buf, len, &off, " discard");
		break;
	case TAC_OP_SKIP:
		notation_put(buf, len, &off, " skip");
		break;
	case TAC_OP_SWAP:
	case TAC_OP_MOVE:
		nseg = a->op == TAC_OP_SWAP ? 1 : a->nseg;
		if (nseg > TAC_MAXSEG)
			nseg = TAC_MAXSEG;
		for (i = 0; i < nseg; i++) {
			notation_put(buf, len, &off, " ");
			tac_loc_format(a->seg[i].from, loc, sizeof loc);
			notation_put(buf, len, &off, loc);
			notation_put(buf, len, &off,
			    a->op == TAC_OP_SWAP ? "<>" : ">");
			tac_loc_format(a->seg[i].to, loc, sizeof loc);
			notation_put(buf, len, &off, loc);
		}
		break;
	}
	return (off);
}

/* Are two actions the same text, field by field? */
int
tac_action_equal(const struct tac_action *a, const struct tac_action *b)
{
	int	i;

	if (a->op != b->op || a->tac != b->tac || a->devil != b->devil ||
	    a->card != b->card || a->nseg != b->nseg)
		return (0);
	for (i = 0; i < a->nseg && i < TAC_MAXSEG; i++) {
		if (a->seg[i].from != b->seg[i].from ||
		    a->seg[i].to != b->seg[i].to)
			return (0);
	}
	return (1);
}

/*
 * Read one conversion of a reason's fmt after its '%': "%C" takes the
 * next value, "%2$C" the second.  Returns the kind and sets *index, -1
 * when the conversion is malformed ("%0$C", "%2C"); *p moves past it.
 */
static int
notation_conversion(const char **p, int *next, int *index)
{
	const char	*q = *p;
	int		 n = 0, digits, dollar, kind;

	while (*q >= '0' && *q <= '9' && n < 100)
		n = n * 10 + (*q++ - '0');
	digits = q != *p;
	if ((dollar = *q == '$'))
		q++;
	kind = (unsigned char)*q;
	if (kind != '\0')
		q++;
	*p = q;
	if (kind == '\0' || digits != dollar || (digits && n == 0))
		*index = -1;
	else
		*index = digits ? n - 1 : (*next)++;
	return (kind);
}

/*
 * Write a reason in English (see tac.h) with snprintf's semantics: the
 * length of the whole text is returned, at most len - 1 bytes and a NUL
 * are written.  No reason is the empty text.
 */
size_t
tac_why_format(const struct tac_why *why, char *buf, size_t len)
{
	const struct tac_why_arg	*arg;
	const char			*p, *end;
	char				 tmp[24];
	size_t				 off = 0, n;
	int				 next = 0, index, kind;

	if (len > 0)
		buf[0] = '\0';
	if (why == NULL || why->fmt == NULL)
		return (0);
	for (p = why->fmt; *p != '\0'; ) {
		if (*p != '%') {
			n = strcspn(p, "%");
			notation_putn(buf, len, &off, p, n);
			p += n;
			continue;
		}
		if (p[1] == '%') {
			notation_putn(buf, len, &off, "%", 1);
			p += 2;
			continue;
		}
		p++;
		kind = notation_conversion(&p, &next, &index);
		arg = index >= 0 && index < why->nargs &&
		    index < TAC_WHY_MAXARGS ? &why->arg[index] : NULL;
		if (arg == NULL)
			kind = '?';
		switch (kind) {
		case 'd':
			snprintf(tmp, sizeof tmp, "%d", arg->v);
			break;
		case 's':
		case 'A':
			end = memchr(arg->s, '\0', sizeof arg->s);
			notation_putn(buf, len, &off, arg->s, end != NULL ?
			    (size_t)(end - arg->s) : sizeof arg->s);
			continue;
		case 'C':
			notation_put(buf, len, &off, tac_card_name(arg->v));
			continue;
		case 'P':
			snprintf(tmp, sizeof tmp, "seat %d", arg->v);
			break;
		case 'L':
			tac_loc_format(arg->v, tmp, sizeof tmp);
			break;
		default:
			snprintf(tmp, sizeof tmp, "?");
			break;
		}
		notation_put(buf, len, &off, tmp);
	}
	return (off);
}
