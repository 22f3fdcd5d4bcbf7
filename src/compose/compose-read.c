/*
 * compose-read.c: the readers the service asks for what people type in
 * words (compose-read.h): /play's move, as the view reads it
 * (render_read()) for the game's people, and the answer to /abort and
 * /leave, yes or no in the person's language, as the catalogs word it
 * (compose_answer_word()).
 */
#include <stdlib.h>
#include <string.h>

#include "compose-int.h"
#include "compose-read.h"
#include "i18n.h"
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

/*
 * The word a person of lang types to answer yes (yes: 1) or no to
 * /abort or /leave, as the questions tell it ("/abort да").
 */
const char *
compose_answer_word(const char *lang, int yes)
{
	if (yes)
		/* TRANSLATORS: the word that answers yes to /abort and
		   /leave, typed after the command ("/abort yes"): one word
		   of your language, which the bot reads as yes. */
		return (trc(lang, "answer", "yes"));
	/* TRANSLATORS: the word that answers no to /abort and /leave,
	   typed after the command: one word, which the bot reads as no. */
	return (trc(lang, "answer", "no"));
}

/* Read word as yes (1) or no (0) in langs, or neither (-1). */
static int
compose_answer(void *arg, const char *const *langs, int nlangs,
    const char *word)
{
	char	got[64], want[64];
	int	i, yes;

	(void)arg;
	render_fold(word, 1, got, sizeof got);
	for (i = 0; i < nlangs; i++) {
		if (langs[i] == NULL)
			continue;
		for (yes = 1; yes >= 0; yes--) {
			render_fold(compose_answer_word(langs[i], yes), 1,
			    want, sizeof want);
			if (strcmp(got, want) == 0)
				return (yes);
		}
	}
	return (-1);
}

/* Let svc read moves and answers as people's languages say them. */
void
compose_read_install(struct svc *svc)
{
	svc_set_reader(svc, compose_read, NULL);
	svc_set_answer(svc, compose_answer, NULL);
}
