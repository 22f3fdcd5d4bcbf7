/*
 * compose-read.h: /play reads a move as the person's language shows it,
 * and /abort and /leave read yes and no in it.
 *
 * The service may not word anything, nor read words (it does not know
 * the view); the daemon installs these readers into it once, after
 * svc_open(), and the service asks them for text that is not the
 * notation, or not "yes" or "no".  The reading of a move is the view's
 * (src/view/render-read.c).
 */
#ifndef COMPOSE_READ_H
#define COMPOSE_READ_H

#include "service.h"

void	compose_read_install(struct svc *);

#endif /* COMPOSE_READ_H */
