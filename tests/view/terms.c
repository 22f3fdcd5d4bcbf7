/*
 * terms.c: a catalog checked against its language's glossary
 * (src/view/po/LANG.terms, whose head says how it is written), and
 * optionally for its translators' comments.
 *
 * usage: terms [-s] [-c] GLOSSARY CATALOG
 *   -s  CATALOG is the template (tacd.pot): its English messages are the
 *       text checked (the English glossary), not translations
 *   -c  also: every message that takes values (a conversion such as %s,
 *       %lld, %C) and every lesson text (src/play/lessons.c) has a
 *       "TRANSLATORS:" comment
 *
 * Each fault is a line "CATALOG:LINE: MESSAGE: what is wrong"; the exit
 * status is 0 without faults, 1 with some, 2 when a file cannot be read
 * or a glossary line makes no sense.  A last line counts what was read.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TERMS_LINE	8192	/* bytes of a line of either file */
#define TERMS_TEXT	16384	/* bytes of a message */
#define TERMS_FORMS	4	/* plural forms of a translation */
#define TERMS_WORDS	48	/* words of one glossary line kind */

/* A word or phrase of the glossary, as matched (terms_find()). */
struct word {
	char		*w;		/* lower case, unless exact */
	int		 head;		/* "*w": any beginning */
	int		 tail;		/* "w*": any ending */
	int		 exact;		/* "=W": this case only */
};

/* The kinds of a glossary line that list words. */
enum { K_EN, K_USE, K_NEVER, K_NOWHERE, NKINDS };
static const char *const kind_names[NKINDS] = {
	"en", "use", "never", "nowhere"
};

/* A term: where it applies (en), what to say there and what not. */
struct term {
	char		 name[64];
	int		 line;
	struct word	 w[NKINDS][TERMS_WORDS];
	int		 n[NKINDS];
	char		*except[TERMS_WORDS];	/* msgids left alone */
	int		 nexcept;
};

/* A message of the catalog. */
struct msg {
	int		 line;		/* of its msgid */
	int		 translators;	/* has a TRANSLATORS: comment */
	int		 lesson;	/* a lesson's text */
	int		 obsolete;
	char		 ctx[256];
	char		 id[TERMS_TEXT];
	char		 plural[TERMS_TEXT];
	char		 str[TERMS_FORMS][TERMS_TEXT];
	int		 nstr;
};

static struct term	*terms;
static int		 nterms, nwords;
static const char	*catalog;
static int		 faults, checked;

/* Decode one UTF-8 character at s (its length into *n). */
static unsigned long
terms_decode(const unsigned char *s, size_t *n)
{
	unsigned long	c = s[0];
	size_t		len, i;

	if (c < 0x80 || (c & 0xc0) == 0x80 || c >= 0xf8) {
		*n = 1;
		return (c);
	}
	len = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : 2;
	c &= 0xff >> (len + 1);
	for (i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80) {
			*n = i;
			return (0xfffd);
		}
		c = (c << 6) | (s[i] & 0x3f);
	}
	*n = len;
	return (c);
}

/* Encode c at out (room for 4 bytes); its length. */
static size_t
terms_encode(unsigned long c, char *out)
{
	if (c < 0x80) {
		out[0] = (char)c;
		return (1);
	}
	if (c < 0x800) {
		out[0] = (char)(0xc0 | (c >> 6));
		out[1] = (char)(0x80 | (c & 0x3f));
		return (2);
	}
	if (c < 0x10000) {
		out[0] = (char)(0xe0 | (c >> 12));
		out[1] = (char)(0x80 | ((c >> 6) & 0x3f));
		out[2] = (char)(0x80 | (c & 0x3f));
		return (3);
	}
	out[0] = (char)(0xf0 | (c >> 18));
	out[1] = (char)(0x80 | ((c >> 12) & 0x3f));
	out[2] = (char)(0x80 | ((c >> 6) & 0x3f));
	out[3] = (char)(0x80 | (c & 0x3f));
	return (4);
}

/* Is c a letter or digit of the scripts the catalogs use? */
static int
terms_letter(unsigned long c)
{
	if (c < 0x80)
		return (isalnum((int)c));
	return ((c >= 0xc0 && c <= 0x24f && c != 0xd7 && c != 0xf7) ||
	    (c >= 0x370 && c <= 0x52f) || (c >= 0x10a0 && c <= 0x10ff) ||
	    (c >= 0x1c90 && c <= 0x1cbf) || (c >= 0x2d00 && c <= 0x2d2f));
}

/* The lower case of c (Latin, German, Cyrillic, Georgian capitals). */
static unsigned long
terms_lower(unsigned long c)
{
	if (c >= 'A' && c <= 'Z')
		return (c + 0x20);
	if (c >= 0xc0 && c <= 0xde && c != 0xd7)
		return (c + 0x20);
	if (c >= 0x410 && c <= 0x42f)
		return (c + 0x20);
	if (c >= 0x400 && c <= 0x40f)
		return (c + 0x50);
	if (c == 0x451)				/* ё as е */
		return (0x435);
	if (c >= 0x1c90 && c <= 0x1cbf)
		return (c - 0x1c90 + 0x10d0);
	return (c);
}

/* Write s in lower case into out (len bytes). */
static void
terms_fold(const char *s, char *out, size_t len)
{
	const unsigned char	*p = (const unsigned char *)s;
	size_t			 n, off = 0, k;
	char			 enc[4];

	while (*p != '\0') {
		k = terms_encode(terms_lower(terms_decode(p, &n)), enc);
		p += n;
		if (off + k >= len)
			break;
		memcpy(out + off, enc, k);
		off += k;
	}
	out[off] = '\0';
}

/* Is the character that ends just before s (text starts at t) a letter? */
static int
terms_letter_before(const char *t, const char *s)
{
	const char	*p = s;
	size_t		 n;

	if (p == t)
		return (0);
	do
		p--;
	while (p > t && ((unsigned char)*p & 0xc0) == 0x80);
	return (terms_letter(terms_decode((const unsigned char *)p, &n)));
}

/* Is the character at s a letter? */
static int
terms_letter_at(const char *s)
{
	size_t	n;

	return (*s != '\0' &&
	    terms_letter(terms_decode((const unsigned char *)s, &n)));
}

/*
 * Does word w occur in text (lower: text in lower case; raw: as it is)?
 * A word starts and ends at a boundary between a letter and a non-letter,
 * unless it is open there ("*").
 */
static int
terms_find(const struct word *w, const char *lower, const char *raw)
{
	const char	*t = w->exact ? raw : lower, *p;
	size_t		 n = strlen(w->w);

	for (p = t; (p = strstr(p, w->w)) != NULL; p++) {
		if (!w->head && terms_letter_at(w->w) &&
		    terms_letter_before(t, p))
			continue;
		if (!w->tail && n > 0 && terms_letter_before(w->w, w->w + n) &&
		    terms_letter_at(p + n))
			continue;
		return (1);
	}
	return (0);
}

/* Complain about message m of the catalog. */
static void
terms_fault(const struct msg *m, const char *fmt, const char *a,
    const char *b)
{
	char	id[72];
	size_t	n = strlen(m->id);

	snprintf(id, sizeof id, "%.60s%s", m->id, n > 60 ? "..." : "");
	printf("%s:%d: \"%s\": ", catalog, m->line, id);
	printf(fmt, a, b);
	printf("\n");
	faults++;
}

/* Does the English of m have a value, as a conversion of printf's? */
static int
terms_values(const char *s)
{
	const char	*p;

	for (p = strchr(s, '%'); p != NULL; p = strchr(p, '%')) {
		p++;
		if (*p == '%') {
			p++;
			continue;
		}
		p += strspn(p, "0123456789$");
		p += strspn(p, "-+ #0'");
		p += strspn(p, "0123456789.*");
		p += strspn(p, "hlLqjzt");
		if (*p != '\0' && strchr("diouxXeEfFgGcspnaCPLA", *p) != NULL)
			return (1);
	}
	return (0);
}

/* Is term t left alone for message m (an "except" line)? */
static int
terms_excepted(const struct term *t, const struct msg *m)
{
	int	i;

	for (i = 0; i < t->nexcept; i++) {
		if (strstr(m->id, t->except[i]) != NULL)
			return (1);
	}
	return (0);
}

/* Check one text (a translation, or the English) of m against t. */
static void
terms_text(const struct term *t, const struct msg *m, const char *text,
    int applies)
{
	static char	lower[TERMS_TEXT];
	int		i, used = 0;

	terms_fold(text, lower, sizeof lower);
	for (i = 0; i < t->n[K_NOWHERE]; i++) {
		if (terms_find(&t->w[K_NOWHERE][i], lower, text))
			terms_fault(m, "says \"%s\" (term %s: never)",
			    t->w[K_NOWHERE][i].w, t->name);
	}
	if (!applies || terms_excepted(t, m))
		return;
	for (i = 0; i < t->n[K_NEVER]; i++) {
		if (terms_find(&t->w[K_NEVER][i], lower, text))
			terms_fault(m, "says \"%s\" where the term %s applies",
			    t->w[K_NEVER][i].w, t->name);
	}
	for (i = 0; i < t->n[K_USE]; i++)
		used |= terms_find(&t->w[K_USE][i], lower, text);
	if (t->n[K_USE] > 0 && !used)
		terms_fault(m, "says none of the words of the term %s (%s...)",
		    t->name, t->w[K_USE][0].w);
}

/* Check message m: every term, and its comment if asked. */
static void
terms_msg(const struct msg *m, int source, int comments)
{
	static char	lower[2 * TERMS_TEXT + 2];
	const struct term *t;
	int		i, k, applies;

	if (m->obsolete || (m->id[0] == '\0' && m->ctx[0] == '\0'))
		return;
	checked++;
	if (comments && !m->translators && (terms_values(m->id) ||
	    m->lesson))
		terms_fault(m, "has no TRANSLATORS comment (%s%s)",
		    m->lesson ? "a lesson's text" : "it takes values", "");
	snprintf(lower, sizeof lower, "%s %s", m->id, m->plural);
	terms_fold(lower, lower, sizeof lower);
	for (t = terms; t < terms + nterms; t++) {
		for (i = applies = 0; i < t->n[K_EN] && !applies; i++)
			applies = terms_find(&t->w[K_EN][i], lower, lower);
		if (source) {
			terms_text(t, m, m->id, applies);
			if (m->plural[0] != '\0')
				terms_text(t, m, m->plural, applies);
			continue;
		}
		for (k = 0; k < m->nstr; k++)
			terms_text(t, m, m->str[k], applies);
	}
}

/* Strip a line of its end and leading blanks; the rest. */
static char *
terms_trim(char *s)
{
	size_t	n;

	s += strspn(s, " \t");
	n = strlen(s);
	while (n > 0 && strchr(" \t\r\n", s[n - 1]) != NULL)
		s[--n] = '\0';
	return (s);
}

/* Read the words of a glossary line (after its kind) into t. */
static int
terms_words(struct term *t, int kind, char *s, const char *file, int line)
{
	struct word	*w;
	char		*p, *e, buf[512];

	for (p = s; *p != '\0'; p = *e != '\0' ? e + 1 : e) {
		e = p + strcspn(p, ",");
		snprintf(buf, sizeof buf, "%.*s", (int)(e - p), p);
		p = terms_trim(buf);
		if (*p == '\0')
			continue;
		if (t->n[kind] == TERMS_WORDS) {
			fprintf(stderr, "%s:%d: too many words\n", file, line);
			return (-1);
		}
		w = &t->w[kind][t->n[kind]++];
		memset(w, 0, sizeof *w);
		if (*p == '=') {
			w->exact = 1;
			p++;
		}
		if (*p == '*') {
			w->head = 1;
			p++;
		}
		if (*p != '\0' && p[strlen(p) - 1] == '*') {
			w->tail = 1;
			p[strlen(p) - 1] = '\0';
		}
		if (*p == '\0') {
			fprintf(stderr, "%s:%d: an empty word\n", file, line);
			return (-1);
		}
		if ((w->w = strdup(p)) == NULL)
			return (-1);
		if (!w->exact)
			terms_fold(p, w->w, strlen(w->w) + 1);
		nwords++;
	}
	return (0);
}

/* Read the glossary. */
static int
terms_read(const char *file)
{
	FILE		*f;
	struct term	*t = NULL;
	char		 buf[TERMS_LINE], *s, *arg;
	int		 line = 0, k, rc = 0;

	if ((f = fopen(file, "r")) == NULL) {
		fprintf(stderr, "%s: %s\n", file, strerror(errno));
		return (-1);
	}
	while (rc == 0 && fgets(buf, sizeof buf, f) != NULL) {
		line++;
		s = terms_trim(buf);
		if (*s == '\0' || *s == '#')
			continue;
		arg = s + strcspn(s, " \t");
		if (*arg != '\0')
			*arg++ = '\0';
		arg = terms_trim(arg);
		if (strcmp(s, "term") == 0) {
			terms = realloc(terms, (nterms + 1) * sizeof *terms);
			if (terms == NULL)
				return (-1);
			t = &terms[nterms++];
			memset(t, 0, sizeof *t);
			snprintf(t->name, sizeof t->name, "%s", arg);
			t->line = line;
			continue;
		}
		for (k = 0; k < NKINDS && strcmp(s, kind_names[k]) != 0; k++)
			;
		if (t == NULL && strcmp(s, "note") != 0) {
			fprintf(stderr, "%s:%d: \"%s\" before any term\n", file,
			    line, s);
			rc = -1;
		} else if (k < NKINDS)
			rc = terms_words(t, k, arg, file, line);
		else if (strcmp(s, "except") == 0 && t->nexcept < TERMS_WORDS)
			t->except[t->nexcept++] = strdup(arg);
		else if (strcmp(s, "note") != 0) {
			fprintf(stderr, "%s:%d: what is \"%s\"?\n", file, line,
			    s);
			rc = -1;
		}
	}
	fclose(f);
	return (rc);
}

/* Append the C string of a catalog's line ("...", escapes) to out. */
static void
terms_string(const char *s, char *out, size_t len)
{
	size_t	off = strlen(out);
	char	c;

	if ((s = strchr(s, '"')) == NULL)
		return;
	for (s++; *s != '\0' && *s != '"' && off + 1 < len; s++) {
		c = *s;
		if (c == '\\' && s[1] != '\0') {
			c = *++s;
			c = c == 'n' ? '\n' : c == 't' ? '\t' : c;
		}
		out[off++] = c;
	}
	out[off] = '\0';
}

/* Read the catalog, checking each message as it ends. */
static int
terms_catalog(const char *file, int source, int comments)
{
	FILE		*f;
	struct msg	*m;
	char		 buf[TERMS_LINE], *s, *field = NULL;
	size_t		 flen = 0;
	int		 line = 0, ended = 1;

	if ((f = fopen(file, "r")) == NULL) {
		fprintf(stderr, "%s: %s\n", file, strerror(errno));
		return (-1);
	}
	if ((m = calloc(1, sizeof *m)) == NULL)
		return (-1);
	while (fgets(buf, sizeof buf, f) != NULL) {
		line++;
		s = terms_trim(buf);
		/*
		 * A blank line ends a message; so does a comment or a new
		 * msgctxt or msgid after its msgstr.
		 */
		if (!ended && (*s == '\0' || (m->nstr > 0 && (*s == '#' ||
		    strncmp(s, "msgctxt", 7) == 0 ||
		    strncmp(s, "msgid ", 6) == 0)))) {
			if (m->nstr > 0)
				terms_msg(m, source, comments);
			memset(m, 0, sizeof *m);
			ended = 1;
			field = NULL;
		}
		if (*s == '\0')
			continue;
		ended = 0;
		if (strncmp(s, "#~", 2) == 0)
			m->obsolete = 1;
		else if (strncmp(s, "#.", 2) == 0) {
			if (strstr(s, "TRANSLATORS:") != NULL)
				m->translators = 1;
		} else if (strncmp(s, "#:", 2) == 0) {
			if (strstr(s, "src/play/lessons.c") != NULL)
				m->lesson = 1;
		} else if (*s == '#')
			;
		else if (strncmp(s, "msgctxt", 7) == 0) {
			field = m->ctx;
			flen = sizeof m->ctx;
		} else if (strncmp(s, "msgid_plural", 12) == 0) {
			field = m->plural;
			flen = sizeof m->plural;
		} else if (strncmp(s, "msgid", 5) == 0) {
			field = m->id;
			flen = sizeof m->id;
			m->line = line;
		} else if (strncmp(s, "msgstr", 6) == 0) {
			if (m->nstr == TERMS_FORMS) {
				field = NULL;
				continue;
			}
			field = m->str[m->nstr++];
			flen = sizeof m->str[0];
		} else if (*s != '"') {
			fprintf(stderr, "%s:%d: cannot read this line\n", file,
			    line);
			free(m);
			fclose(f);
			return (-1);
		}
		if (field != NULL && *s != '#')
			terms_string(s, field, flen);
	}
	if (!ended && m->nstr > 0)
		terms_msg(m, source, comments);
	free(m);
	fclose(f);
	return (0);
}

/* Check a catalog against a glossary (see the top of the file). */
int
main(int argc, char **argv)
{
	int	source = 0, comments = 0, i;

	for (i = 1; i < argc && argv[i][0] == '-'; i++) {
		if (strcmp(argv[i], "-s") == 0)
			source = 1;
		else if (strcmp(argv[i], "-c") == 0)
			comments = 1;
		else
			break;
	}
	if (argc - i != 2) {
		fprintf(stderr, "usage: terms [-s] [-c] GLOSSARY CATALOG\n");
		return (2);
	}
	catalog = argv[i + 1];
	if (terms_read(argv[i]) != 0 ||
	    terms_catalog(catalog, source, comments) != 0)
		return (2);
	printf("%s: %d terms, %d words; %s: %d messages, %d faults\n",
	    argv[i], nterms, nwords, catalog, checked, faults);
	return (faults > 0);
}
