/*
 * tg-html.c: a message's words as Telegram's HTML (parse_mode "HTML"):
 * "<", ">" and "&" escaped, a text board in <pre>, a heading (the
 * game's title over a private message) in <b>, cut at a character
 * boundary to what a message or a caption holds, with an ellipsis when
 * something was cut.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdlib.h>
#include <string.h>

#include "tg-int.h"
#include "utf8.h"
#include "xmalloc.h"

/* Append s to b, HTML-escaped, at most max bytes of s. */
void
tg_html_escape(struct rbuf *b, const char *s, size_t max)
{
	size_t	i, n, from = 0;

	/* Cut at a character boundary, and say so. */
	n = utf8_cut(s, max);
	for (i = 0; i < n; i++) {
		if (s[i] != '<' && s[i] != '>' && s[i] != '&')
			continue;
		rbuf_addn(b, s + from, i - from);
		rbuf_addstr(b, s[i] == '<' ? "&lt;" : s[i] == '>' ? "&gt;" :
		    "&amp;");
		from = i + 1;
	}
	rbuf_addn(b, s + from, n - from);
	if (n < strlen(s))
		rbuf_addstr(b, "\xe2\x80\xa6");
}

/* Append the heading of s, its first head bytes, to b in bold. */
static void
tg_html_head(struct rbuf *b, const char *s, size_t head)
{
	char	*h = xstrndup(s, head);

	rbuf_addstr(b, "<b>");
	tg_html_escape(b, h, head);
	rbuf_addstr(b, "</b>");
	free(h);
}

/*
 * Append s to b as HTML, at most max bytes of it, its first head bytes
 * (a heading, a line of its own) in bold.
 */
static void
tg_html_words(struct rbuf *b, const char *s, size_t head, size_t max)
{
	if (head == 0 || head >= strlen(s) || head >= max) {
		tg_html_escape(b, s, max);
		return;
	}
	tg_html_head(b, s, head);
	tg_html_escape(b, s + head, max - head);
}

/*
 * The HTML of a message's text: escaped, its heading in bold, a text
 * board monospaced (under its heading, not in it).
 */
char *
tg_html_text(const struct compose_msg *m)
{
	struct rbuf	 html = { NULL, 0, 0 };
	const char	*s = m->text.s != NULL ? m->text.s : "";
	size_t		 head = m->headlen;

	if (m->mono && head > 0 && head < strlen(s) && s[head] == '\n') {
		tg_html_head(&html, s, head);
		rbuf_addstr(&html, "\n");
		s += head + 1;
	}
	if (m->mono)
		rbuf_addstr(&html, "<pre>");
	/* Escaping may grow it up to five times: keep within 4096. */
	tg_html_words(&html, s, m->mono ? 0 : head, TG_TEXTMAX / 5 * 4);
	if (m->mono)
		rbuf_addstr(&html, "</pre>");
	if (html.s == NULL)
		rbuf_addstr(&html, "");
	return (html.s);
}

/*
 * The HTML of a photo's caption: the text cut to what a caption holds,
 * its first head bytes a heading in bold (0: none).
 */
char *
tg_html_caption(const char *text, size_t head)
{
	struct rbuf	html = { NULL, 0, 0 };

	tg_html_words(&html, text != NULL ? text : "", head, TG_CAPTIONMAX);
	if (html.s == NULL)
		rbuf_addstr(&html, "");
	return (html.s);
}
