/*
 * compose-keys.c: keyboards.
 *
 * A keyboard is platform-neutral: labels people read and the service's
 * button data; a bridge lays it out in its own terms (Telegram: an inline
 * keyboard, the console: numbered lines).  Menu buttons (compose-menu.c)
 * carry the turn as well, so they go stale when the turn moves on; every
 * other button is valid at any turn.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compose.h"
#include "log.h"
#include "utf8.h"
#include "xmalloc.h"

/*
 * Add a button to the current row: label and command for game at turn
 * (turn < 0: valid at any turn).  Left out, with a log line, when the
 * data would not fit in 64 bytes: cut data would name another command.
 */
void
compose_keys_add(struct compose_keys *k, const char *label, int64_t game,
    int64_t turn, const char *cmd)
{
	struct compose_key	*key;
	char			 data[SVC_BUTTON_MAX + 1];

	if (svc_button_data(data, sizeof data, game, turn, cmd) < 0) {
		log_warnx("button \"%s\" of game %lld does not fit", cmd,
		    (long long)game);
		return;
	}
	if (k->n == k->size) {
		k->size = k->size == 0 ? 16 : k->size * 2;
		k->k = xreallocarray(k->k, k->size, sizeof *k->k);
	}
	key = &k->k[k->n++];
	memset(key, 0, sizeof *key);
	memcpy(key->label, label, utf8_cut(label, sizeof key->label - 1));
	memcpy(key->data, data, sizeof key->data);
	key->row = k->rows;
}

/* End the current row, unless it is empty. */
void
compose_keys_newrow(struct compose_keys *k)
{
	if (k->n > 0 && k->k[k->n - 1].row == k->rows)
		k->rows++;
}

/* Release a keyboard's buttons. */
void
compose_keys_free(struct compose_keys *k)
{
	free(k->k);
	memset(k, 0, sizeof *k);
}
