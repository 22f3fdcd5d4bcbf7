/*
 * render-why.c: the rules' reason for a refusal (the engine's message id
 * and its values, struct tac_why) in the reader's language.
 *
 * The id is looked up in the catalogs, and its conversions filled from
 * the values: %d a number, %s a text, %C a card (in the game's naming),
 * %P a player (the name at the table), %L a place (the reader's letters
 * for base and home), %A an action (as render_action() writes it, which
 * /play reads back); a translation may number them ("%2$C") to put them
 * in its own order.  A conversion without a value is written as "?".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "render.h"

/* Append value k of the reason as conversion conv asks for. */
static void
render_why_arg(const struct render_game *g, const struct tac_why *w, int k,
    int conv, struct rbuf *b)
{
	const struct tac_why_arg	*a;
	struct render_opts		 o = { RENDER_PLAIN, NULL, NULL, 0 };

	if (k < 0 || k >= w->nargs) {
		rbuf_addstr(b, "?");
		return;
	}
	a = &w->arg[k];
	o.lang = render_lang(g, NULL);
	switch (conv) {
	case 'C':
		rbuf_addstr(b, render_card(render_lang(g, NULL), g->cfg.names,
		    a->v));
		break;
	case 'P':
		render_seat(&o, g, a->v, b);
		break;
	case 'L':
		render_place(render_lang(g, NULL), a->v, b);
		break;
	case 's':
		rbuf_addstr(b, a->s);
		break;
	case 'A':
		render_action_text(g, a->s, b);
		break;
	default:
		rbuf_add(b, "%d", a->v);
		break;
	}
}

/* Append the reason w says, in g's language (g: the people, the naming). */
void
render_why(const struct render_game *g, const struct tac_why *w,
    struct rbuf *b)
{
	const char	*p, *q;
	char		*end;
	long		 pos;
	int		 next = 0, k;

	if (w == NULL || w->fmt == NULL)
		return;
	for (p = tr(render_lang(g, NULL), w->fmt); *p != '\0'; p++) {
		if (*p != '%') {
			rbuf_add(b, "%c", *p);
			continue;
		}
		if (p[1] == '%') {
			rbuf_addstr(b, "%");
			p++;
			continue;
		}
		/* %[N$][flags and width][length]CONV */
		q = p + 1;
		k = next++;
		pos = strtol(q, &end, 10);
		if (end != q && *end == '$' && pos >= 1) {
			k = (int)pos - 1;
			q = end + 1;
		}
		q += strspn(q, "-+ #0123456789.lhjzt");
		if (*q == '\0') {
			rbuf_addstr(b, p);
			return;
		}
		render_why_arg(g, w, k, *q, b);
		p = q;
	}
}
