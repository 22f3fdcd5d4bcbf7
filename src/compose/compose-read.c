/*
 * compose-read.c: the reader /play asks for a move written in words
 * (compose-read.h): the game's people as the view names them, and the
 * view's reading of the text (render_read()).
 */
#include <stdlib.h>

#include "compose.h"
#include "compose-read.h"
#include "xmalloc.h"

/* Read text as a move of st, for a person who reads langs (svc_read_fn). */
static int
compose_read(void *arg, const struct svc_game *g, const char *const *langs,
    int nlangs, const struct tac_state *st, const char *text,
    struct tac_action *a, struct tac_why *why)
{
	struct render_game	 t;
	struct tac_list		*l;
	int			 rc;

	(void)arg;
	compose_game(g, &t);
	l = xmalloc(sizeof *l);
	rc = render_read(&t, langs, nlangs, st, text, l, a, why);
	free(l);
	return (rc);
}

/* Let svc's /play read moves as people's languages show them. */
void
compose_read_install(struct svc *svc)
{
	svc_set_reader(svc, compose_read, NULL);
}
