/*
 * check_why.c: refusal reasons as message ids with values (tac.h, struct
 * tac_why), for the renderer that translates them: exact cases of each
 * kind of value, tac_why_format() itself, and the checks that
 * check_why_props.c applies to every reason of random games.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "internal.h"	/* why_set(): a text longer than any reason's */

#define WHY_TEXT	256

/* Check a reason's fmt against its values (testutil.h). */
const char *
tu_why_valid(const struct tac_why *w, int numbered)
{
	static char	 msg[128];
	const char	*p;
	int		 next = 0, n, i, used = 0;

	if (w->fmt == NULL)
		return ("no fmt");
	if (w->nargs < 0 || w->nargs > TAC_WHY_MAXARGS)
		return ("nargs out of range");
	for (p = w->fmt; *p != '\0'; p++) {
		if (*p != '%')
			continue;
		if (*++p == '%')
			continue;
		for (n = 0; *p >= '0' && *p <= '9'; p++)
			n = n * 10 + (*p - '0');
		if (n > 0 && (*p != '$' || !numbered))
			return ("a numbered or malformed conversion");
		if (n > 0)
			p++;
		i = n > 0 ? n - 1 : next++;
		if (*p == '\0' || strchr("dsCPLA", *p) == NULL) {
			snprintf(msg, sizeof msg, "unknown conversion %%%c",
			    *p != '\0' ? *p : '0');
			return (msg);
		}
		if (i >= w->nargs)
			return ("more conversions than values");
		if (w->arg[i].kind != *p) {
			snprintf(msg, sizeof msg, "value %d is '%c', not '%c'",
			    i + 1, w->arg[i].kind, *p);
			return (msg);
		}
		used |= 1 << i;
	}
	if (used != (1 << w->nargs) - 1)
		return ("a value no conversion uses");
	for (i = 0; i < w->nargs; i++) {
		if (w->arg[i].kind == 's' &&
		    memchr(w->arg[i].s, '\0', sizeof w->arg[i].s) == NULL)
			return ("a text value without its NUL");
		if (w->arg[i].kind == 'C' &&
		    (w->arg[i].v < 0 || w->arg[i].v >= TAC_NCARDS))
			return ("a card out of range");
		if (w->arg[i].kind == 'P' &&
		    (w->arg[i].v < 0 || w->arg[i].v >= TAC_MAXSEATS))
			return ("a seat out of range");
		if (w->arg[i].kind == 'L' &&
		    (w->arg[i].v < 0 || w->arg[i].v > 0xff))
			return ("a place out of range");
	}
	return (NULL);
}

/* Render a reason as a view layer might, in a test language. */
void
tu_why_render(const struct tac_why *w, const char *fmt, int names, char *buf,
    size_t len)
{
	const struct tac_why_arg	*a;
	const char			*p;
	char				 loc[16];
	size_t				 off = 0;
	int				 n, next = 0;
	int				 taker = names == TAC_NAMES_TAKER;

	buf[0] = '\0';
	for (p = fmt; *p != '\0' && off + 1 < len; p++) {
		if (*p != '%' || p[1] == '%') {
			buf[off++] = *p;
			buf[off] = '\0';
			p += *p == '%';
			continue;
		}
		for (n = 0, p++; *p >= '0' && *p <= '9'; p++)
			n = n * 10 + (*p - '0');
		p += n > 0;			/* the '$' */
		a = &w->arg[n > 0 ? n - 1 : next++];
		switch (*p) {
		case 'd':
			snprintf(buf + off, len - off, "%d", a->v);
			break;
		case 's':
		case 'A':
			snprintf(buf + off, len - off, "%s", a->s);
			break;
		case 'C':
			snprintf(buf + off, len - off, "%s", taker ?
			    tac_card_display(a->v, names) :
			    tac_card_name(a->v));
			break;
		case 'P':
			snprintf(buf + off, len - off, taker ? "%d" : "seat %d",
			    a->v);
			break;
		case 'L':
			tac_loc_format(a->v, loc, sizeof loc);
			snprintf(buf + off, len - off, "%s", loc);
			break;
		}
		off += strlen(buf + off);
	}
}

/* Four seats' marbles all in the base. */
#define WHY_BASE4	"B B B B"

/* Refuse a written action; return the reason (static) and check it. */
static const struct tac_why *
why_refuse(const struct tac_state *s, const char *text, const char *english)
{
	static struct tac_why	 w;
	struct tac_state	 t = *s;
	struct tac_action	 a;
	char			 buf[WHY_TEXT];

	ck_assert_msg(tac_action_parse(text, &a, buf, sizeof buf) == 0,
	    "\"%s\": %s", text, buf);
	ck_assert_int_eq(tac_apply_why(&t, &a, tu_scratch(), &w), -1);
	ck_assert_ptr_nonnull(w.fmt);
	ck_assert_ptr_null(tu_why_valid(&w, 0));
	tac_why_format(&w, buf, sizeof buf);
	ck_assert_str_eq(buf, english);
	return (&w);
}

/* A card is a %C with the card as its value. */
START_TEST(test_why_card)
{
	struct tac_state	 s;
	const struct tac_why	*w;

	tu_pos(&s, "B B B 10|" WHY_BASE4 "|" WHY_BASE4 "|" WHY_BASE4,
	    "5|2|2|2", NULL);
	w = why_refuse(&s, "9 10>19", "you hold no 9");
	ck_assert_str_eq(w->fmt, "you hold no %C");
	ck_assert_int_eq(w->nargs, 1);
	ck_assert_int_eq(w->arg[0].kind, 'C');
	ck_assert_int_eq(w->arg[0].v, TAC_C9);
}
END_TEST

/* A card in an example of what to type is a %C too, as people read it. */
START_TEST(test_why_card_and_notation)
{
	struct tac_state	 s, t;
	struct tac_action	 a;
	struct tac_why		 w;
	char			 buf[WHY_TEXT];

	tu_pos(&s, "B B B 10|" WHY_BASE4 "|" WHY_BASE4 "|" WHY_BASE4,
	    "ANGEL|2|2|2", NULL);
	memset(&a, 0, sizeof a);
	a.op = TAC_OP_SKIP;		/* the notation cannot write it */
	a.card = TAC_ANGEL;
	t = s;
	ck_assert_int_eq(tac_apply_why(&t, &a, tu_scratch(), &w), -1);
	ck_assert_str_eq(w.fmt, "a %C moves one marble: %C FROM>TO");
	ck_assert_int_eq(w.nargs, 2);
	ck_assert_int_eq(w.arg[0].kind, 'C');
	ck_assert_int_eq(w.arg[0].v, TAC_ANGEL);
	ck_assert_int_eq(w.arg[1].kind, 'C');
	ck_assert_int_eq(w.arg[1].v, TAC_ANGEL);
	tac_why_format(&w, buf, sizeof buf);
	ck_assert_str_eq(buf, "a ANGEL moves one marble: ANGEL FROM>TO");
}
END_TEST

/* An example to type is a %A: the action, kept as its notation. */
START_TEST(test_why_action)
{
	struct tac_state	 s;
	const struct tac_why	*w;

	tu_pos(&s, "B B B 10|" WHY_BASE4 "|" WHY_BASE4 "|" WHY_BASE4,
	    "ANGEL|2|2|2", NULL);
	w = why_refuse(&s, "ANGEL 10>11", "the ANGEL must bring a marble of "
	    "seat 1 out of its base: ANGEL B>16");
	ck_assert_str_eq(w->fmt, "the %C must bring a marble of %P out of its "
	    "base: %A");
	ck_assert_int_eq(w->nargs, 3);
	ck_assert_int_eq(w->arg[0].kind, 'C');
	ck_assert_int_eq(w->arg[0].v, TAC_ANGEL);
	ck_assert_int_eq(w->arg[2].kind, 'A');
	ck_assert_str_eq(w->arg[2].s, "ANGEL B>16");
}
END_TEST

/* A seat is one %P: "seat %d has ..." became "%P has ...". */
START_TEST(test_why_seat)
{
	struct tac_state	 s;
	const struct tac_why	*w;

	tu_pos(&s, WHY_BASE4 "|" WHY_BASE4 "|20 21 22 23|" WHY_BASE4,
	    "2|2|1|2", "'turn':2");
	w = why_refuse(&s, "1 B>32", "seat 2 has no marble in its base");
	ck_assert_str_eq(w->fmt, "%P has no marble in its base");
	ck_assert_int_eq(w->nargs, 1);
	ck_assert_int_eq(w->arg[0].kind, 'P');
	ck_assert_int_eq(w->arg[0].v, 2);
}
END_TEST

/* A place is a %L: a field, a home field. */
START_TEST(test_why_place)
{
	struct tac_state	 s;
	const struct tac_why	*w;

	tu_pos(&s, "B B B H1|" WHY_BASE4 "|" WHY_BASE4 "|" WHY_BASE4,
	    "1|2|2|2", NULL);
	w = why_refuse(&s, "1 0H3>0H4", "no marble on 0H3");
	ck_assert_str_eq(w->fmt, "no marble on %L");
	ck_assert_int_eq(w->arg[0].kind, 'L');
	ck_assert_int_eq(w->arg[0].v, TAC_LOC_HOME(0, 3));

	tu_pos(&s, "B B B 10|" WHY_BASE4 "|" WHY_BASE4 "|" WHY_BASE4,
	    "5|2|2|2", NULL);
	w = why_refuse(&s, "5 10>14", "a 5 takes 10 to 15, not 14");
	ck_assert_str_eq(w->fmt, "a %d takes %L to %L, not %L");
	ck_assert_int_eq(w->nargs, 4);
	ck_assert_int_eq(w->arg[0].kind, 'd');
	ck_assert_int_eq(w->arg[0].v, 5);
	ck_assert_int_eq(w->arg[1].v, 10);
	ck_assert_int_eq(w->arg[2].v, 15);
	ck_assert_int_eq(w->arg[3].kind, 'L');
	ck_assert_int_eq(w->arg[3].v, 14);
}
END_TEST

/* Reasons random play seldom reaches, with their values. */
START_TEST(test_why_rare)
{
	static const struct {
		const char	*marbles, *hands, *action, *english;
	} t[] = {
		{ "B B B 10|" WHY_BASE4 "|" WHY_BASE4 "|" WHY_BASE4,
		    "WARRIOR|2|2|2", "WARRIOR 10>20", "the marble on 10 is "
		    "alone on the circle and kicks itself: WARRIOR 10>B" },
		{ "B B H3 10|" WHY_BASE4 "|" WHY_BASE4 "|" WHY_BASE4,
		    "7|2|2|2", "7 0H3>0H2 10>16", "the marble on 0H3 must "
		    "step forward before it steps back" },
		{ "H2 H3 H4 63|" WHY_BASE4 "|B B B 40|" WHY_BASE4,
		    "7|2|2|2", "7 63>0H1 0H1>0H2 40>44", "your last marble "
		    "is home: the rest of the 7 must move your partner's "
		    "marbles" },
	};
	struct tac_state	 s;
	size_t			 i;

	for (i = 0; i < sizeof t / sizeof t[0]; i++) {
		tu_pos(&s, t[i].marbles, t[i].hands, NULL);
		why_refuse(&s, t[i].action, t[i].english);
	}
}
END_TEST

/*
 * A place the notation cannot write is still a place: "B", where the
 * English used to print the byte ("not on 255").
 */
START_TEST(test_why_place_not_a_field)
{
	struct tac_state	 s;
	struct tac_action	 a;
	struct tac_why		 w;
	char			 buf[WHY_TEXT];

	tu_pos(&s, "B B B 10|" WHY_BASE4 "|" WHY_BASE4 "|" WHY_BASE4,
	    "1|2|2|2", NULL);
	memset(&a, 0, sizeof a);
	a.op = TAC_OP_MOVE;
	a.card = TAC_C1;
	a.nseg = 1;
	a.seg[0].from = TAC_LOC_BASE;
	a.seg[0].to = TAC_LOC_BASE;
	ck_assert_int_eq(tac_apply(&s, &a, tu_scratch(), buf, sizeof buf), -1);
	ck_assert_str_eq(buf, "a marble enters on a start field, not on B");
	ck_assert_int_eq(tac_apply_why(&s, &a, tu_scratch(), &w), -1);
	ck_assert_int_eq(w.arg[0].kind, 'L');
	ck_assert_int_eq(w.arg[0].v, TAC_LOC_BASE);
}
END_TEST

/*
 * A translation numbers its conversions; a renderer (here the test's)
 * says the seat and the card its own way.
 */
START_TEST(test_why_translated)
{
	struct tac_state	 s;
	const struct tac_why	*w;
	char			 buf[WHY_TEXT];

	tu_pos(&s, "B B B 10|" WHY_BASE4 "|B B B 20|" WHY_BASE4,
	    "DEVIL|2|2|2", NULL);
	w = why_refuse(&s, "DEVIL TR 10<>20", "seat 1 holds no TR");
	ck_assert_str_eq(w->fmt, "%P holds no %C");
	ck_assert_ptr_null(tu_why_valid(w, 0));
	tu_why_render(w, "%2$C \xd0\xbd\xd0\xb5\xd1\x82 %1$P", TAC_NAMES_TAKER,
	    buf, sizeof buf);
	ck_assert_str_eq(buf, "\xd0\x9c\xd0\xb5\xd0\xbd\xd0\xb0 "
	    "\xd0\xbd\xd0\xb5\xd1\x82 1");
	tu_why_render(w, w->fmt, TAC_NAMES_TAC, buf, sizeof buf);
	ck_assert_str_eq(buf, "seat 1 holds no TR");
}
END_TEST

/* Notation: the word typed is a %s, quoted as typed. */
START_TEST(test_why_notation)
{
	struct tac_action	a;
	struct tac_why		w;
	char			buf[WHY_TEXT];

	ck_assert_int_eq(tac_action_parse_why("11 1>2", &a, &w), -1);
	ck_assert_str_eq(w.fmt, "unknown card \"%s\"");
	ck_assert_int_eq(w.nargs, 1);
	ck_assert_int_eq(w.arg[0].kind, 's');
	ck_assert_str_eq(w.arg[0].s, "11");
	ck_assert_uint_eq(tac_why_format(&w, buf, sizeof buf), 17);
	ck_assert_str_eq(buf, "unknown card \"11\"");

	ck_assert_int_eq(tac_action_parse_why("TR 12>14", &a, &w), -1);
	ck_assert_str_eq(w.fmt, "expected \"<>\" after \"%s\"");
	ck_assert_str_eq(w.arg[0].s, "12");

	ck_assert_int_eq(tac_action_parse_why("5 20>25", &a, &w), 0);
	ck_assert_ptr_null(w.fmt);
	ck_assert_int_eq(w.nargs, 0);
}
END_TEST

/* A configuration's reason; no reason once it is sound. */
START_TEST(test_why_config)
{
	struct tac_config	c;
	struct tac_why		w;
	char			buf[WHY_TEXT];

	tu_cfg(&c, 5, 0, 1);
	ck_assert_int_eq(tac_config_check_why(&c, &w), -1);
	ck_assert_str_eq(w.fmt, "players: %d is not supported, only 4 or 6 "
	    "(B6)");
	ck_assert_int_eq(w.arg[0].kind, 'd');
	ck_assert_int_eq(w.arg[0].v, 5);
	tac_why_format(&w, buf, sizeof buf);
	ck_assert_str_eq(buf, "players: 5 is not supported, only 4 or 6 (B6)");
	tu_cfg(&c, 6, 1, 0);
	ck_assert_int_eq(tac_config_check_why(&c, &w), 0);
	ck_assert_ptr_null(w.fmt);
}
END_TEST

/* A game dealt from outside refuses every action until the deal. */
START_TEST(test_why_not_dealt)
{
	static struct tac_state	 s;
	struct tac_config	 c;
	struct tac_action	 a;
	struct tac_why		 w;

	tu_cfg(&c, 4, 0, 1);
	tac_init_dealt(&s, &c, 0);
	ck_assert_int_eq(tac_action_parse("5 20>25", &a, NULL, 0), 0);
	ck_assert_int_eq(tac_apply_why(&s, &a, tu_scratch(), &w), -1);
	ck_assert_str_eq(w.fmt, "the cards are not dealt yet");
	ck_assert_int_eq(w.nargs, 0);
}
END_TEST

/* tac_deal() speaks through the same values: a %C, a %P and a %d. */
START_TEST(test_why_deal)
{
	static struct tac_state	 s;
	struct tac_config	 c;
	uint8_t			 h[TAC_MAXSEATS][TAC_NCARDS];
	char			 buf[WHY_TEXT];
	int			 i;

	tu_cfg(&c, 4, 0, 1);
	tac_init_dealt(&s, &c, 0);
	memset(h, 0, sizeof h);
	for (i = 0; i < 4; i++)
		h[i][TAC_C7] = 3;		/* the deck has 8 */
	ck_assert_int_eq(tac_deal(&s, (const uint8_t (*)[TAC_NCARDS])h, buf,
	    sizeof buf), -1);
	ck_assert_str_eq(buf, "more 7 cards than the deck has");
	memset(h, 0, sizeof h);
	for (i = 0; i < 4; i++)
		h[i][TAC_C2 + i] = 5;
	h[1][TAC_TR] = 1;
	ck_assert_int_eq(tac_deal(&s, (const uint8_t (*)[TAC_NCARDS])h, buf,
	    sizeof buf), -1);
	ck_assert_str_eq(buf, "seat 1 is dealt 6 cards: every seat gets the "
	    "same number, 1 to 6");
	h[1][TAC_TR] = 0;
	ck_assert_int_eq(tac_deal(&s, (const uint8_t (*)[TAC_NCARDS])h, buf,
	    sizeof buf), 0);
	ck_assert_int_eq(tac_deal(&s, (const uint8_t (*)[TAC_NCARDS])h, buf,
	    sizeof buf), -1);
	ck_assert_str_eq(buf, "no deal is due");
}
END_TEST

/* tac_why_format(): numbered values, '%', snprintf's semantics. */
START_TEST(test_why_format)
{
	struct tac_why	w;
	char		buf[WHY_TEXT];

	memset(&w, 0, sizeof w);
	w.fmt = "%2$d %1$C";
	w.nargs = 2;
	w.arg[0].kind = 'C';
	w.arg[0].v = TAC_TR;
	w.arg[1].kind = 'd';
	w.arg[1].v = 7;
	ck_assert_uint_eq(tac_why_format(&w, buf, sizeof buf), 4);
	ck_assert_str_eq(buf, "7 TR");
	ck_assert_ptr_null(tu_why_valid(&w, 1));
	ck_assert_ptr_nonnull(tu_why_valid(&w, 0));	/* not the engine's */

	w.fmt = "100%% %2$d, %1$C%%";
	ck_assert_uint_eq(tac_why_format(&w, buf, sizeof buf), 11);
	ck_assert_str_eq(buf, "100% 7, TR%");
	w.arg[0].kind = 'P';
	w.arg[0].v = 3;
	w.arg[1].kind = 'L';
	w.arg[1].v = TAC_LOC_HOME(3, 2);
	w.fmt = "%P: %L";
	tac_why_format(&w, buf, sizeof buf);
	ck_assert_str_eq(buf, "seat 3: 3H2");

	/* What it cannot fill is '?', never a read out of bounds. */
	w.fmt = "%3$d|%q|%0$d|%2x|%$d|%";
	tac_why_format(&w, buf, sizeof buf);
	ck_assert_str_eq(buf, "?|?|?|?|?|?");
	w.fmt = "%d %d %d";
	tac_why_format(&w, buf, sizeof buf);
	ck_assert_str_eq(buf, "3 141 ?");
	ck_assert_ptr_nonnull(tu_why_valid(&w, 0));
	w.arg[0].kind = 's';
	memset(w.arg[0].s, 'x', sizeof w.arg[0].s);	/* no NUL */
	w.fmt = "%s";
	ck_assert_uint_eq(tac_why_format(&w, buf, sizeof buf),
	    sizeof w.arg[0].s);

	/* Cut like snprintf: the whole length, a terminated prefix. */
	w.fmt = "you hold no %C";
	w.nargs = 1;
	w.arg[0].kind = 'C';
	w.arg[0].v = TAC_WARRIOR;
	memset(buf, '#', sizeof buf);
	ck_assert_uint_eq(tac_why_format(&w, buf, 6), 19);
	ck_assert_str_eq(buf, "you h");
	ck_assert_int_eq(buf[6], '#');
	ck_assert_uint_eq(tac_why_format(&w, buf, 0), 19);
	ck_assert_int_eq(buf[0], 'y');
	ck_assert_uint_eq(tac_why_format(NULL, buf, sizeof buf), 0);
	ck_assert_str_eq(buf, "");
	w.fmt = NULL;
	buf[0] = 'x';
	ck_assert_uint_eq(tac_why_format(&w, buf, sizeof buf), 0);
	ck_assert_str_eq(buf, "");
}
END_TEST

/*
 * A text value is copied, and cut on a UTF-8 boundary when it is longer
 * than the engine ever quotes; a fifth value is not stored.
 */
START_TEST(test_why_copies)
{
	struct tac_why	w;
	char		text[80], buf[WHY_TEXT];
	size_t		i;

	for (i = 0; i + 2 < sizeof text; i += 2)
		memcpy(text + i, "\xd0\xb4", 2);	/* 39 letters */
	text[i] = '\0';
	ck_assert_int_eq(why_set(&w, "[%s] %d", text, 5), -1);
	memset(text, 'x', sizeof text - 1);		/* the copy stays */
	ck_assert_int_eq(w.nargs, 2);
	ck_assert_uint_eq(strlen(w.arg[0].s), 62);
	ck_assert_int_eq(w.arg[0].s[61], (char)0xb4);
	ck_assert_int_eq(w.arg[1].v, 5);
	tac_why_format(&w, buf, sizeof buf);
	ck_assert_uint_eq(strlen(buf), 62 + 4);

	ck_assert_int_eq(why_set(&w, "%d %d %d %d %d", 1, 2, 3, 4, 5), -1);
	ck_assert_int_eq(w.nargs, TAC_WHY_MAXARGS);
	ck_assert_ptr_nonnull(tu_why_valid(&w, 0));
	ck_assert_int_eq(why_set(&w, "%d %x %d", 1, 2, 3), -1);
	ck_assert_int_eq(w.nargs, 1);
	ck_assert_ptr_nonnull(tu_why_valid(&w, 0));
}
END_TEST

/* The validator itself: it catches what a wrong fmt would give. */
START_TEST(test_why_validator)
{
	struct tac_why	w;

	memset(&w, 0, sizeof w);
	w.fmt = "%P holds no %C";
	w.nargs = 2;
	w.arg[0].kind = 'P';
	w.arg[1].kind = 'C';
	ck_assert_ptr_null(tu_why_valid(&w, 0));
	w.arg[1].kind = 'd';
	ck_assert_ptr_nonnull(tu_why_valid(&w, 0));	/* kind mismatch */
	w.arg[1].kind = 'C';
	w.nargs = 3;
	ck_assert_ptr_nonnull(tu_why_valid(&w, 0));	/* a value unused */
	w.nargs = 1;
	ck_assert_ptr_nonnull(tu_why_valid(&w, 0));	/* a value missing */
	w.nargs = 2;
	w.arg[1].v = TAC_NCARDS;
	ck_assert_ptr_nonnull(tu_why_valid(&w, 0));	/* no such card */
	w.arg[1].v = 0;
	w.fmt = "%P holds no %x";
	ck_assert_ptr_nonnull(tu_why_valid(&w, 0));	/* unknown kind */
	w.fmt = "%2$C %1$P";
	ck_assert_ptr_nonnull(tu_why_valid(&w, 0));
	ck_assert_ptr_null(tu_why_valid(&w, 1));
	w.fmt = "%3$C %1$P";
	ck_assert_ptr_nonnull(tu_why_valid(&w, 1));	/* out of range */
}
END_TEST

/* Refusal reasons as message ids and values. */
Suite *
suite_why(void)
{
	Suite	*s = suite_create("why");
	TCase	*tc = tcase_create("why");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_why_card);
	tcase_add_test(tc, test_why_card_and_notation);
	tcase_add_test(tc, test_why_action);
	tcase_add_test(tc, test_why_seat);
	tcase_add_test(tc, test_why_place);
	tcase_add_test(tc, test_why_place_not_a_field);
	tcase_add_test(tc, test_why_rare);
	tcase_add_test(tc, test_why_translated);
	tcase_add_test(tc, test_why_notation);
	tcase_add_test(tc, test_why_config);
	tcase_add_test(tc, test_why_not_dealt);
	tcase_add_test(tc, test_why_deal);
	tcase_add_test(tc, test_why_format);
	tcase_add_test(tc, test_why_copies);
	tcase_add_test(tc, test_why_validator);
	suite_add_tcase(s, tc);
	return s;
}
