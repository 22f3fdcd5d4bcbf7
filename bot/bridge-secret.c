/*
 * bridge-secret.c: a one-line secret from a file (bridge-secret.h).  The
 * bytes read are wiped from the stack once copied.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE		/* explicit_bzero */
#endif

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "bridge-secret.h"
#include "xmalloc.h"

/*
 * Read a one-line secret (the token, the webhook secret) from a file into
 * buf; white space around it is cut.  -1 with *cause set (malloc'd) if
 * the file cannot be read, is empty or holds more than one word; what
 * names the setting in that message.
 */
int
bridge_secret(const char *path, const char *what, char *buf, size_t len,
    char **cause)
{
	char	 tmp[512], *p, *e;
	ssize_t	 n;
	int	 fd;

	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) == -1) {
		xasprintf(cause, "%s %s: %s", what, path,
		    strerror(errno));
		return (-1);
	}
	n = read(fd, tmp, sizeof tmp - 1);
	close(fd);
	if (n < 0)
		n = 0;
	tmp[n] = '\0';
	for (p = tmp; isspace((unsigned char)*p); p++)
		;
	for (e = p + strlen(p); e > p && isspace((unsigned char)e[-1]); e--)
		;
	*e = '\0';
	if (*p == '\0' || strpbrk(p, " \t\r\n") != NULL ||
	    strlen(p) >= len || n == (ssize_t)sizeof tmp - 1) {
		xasprintf(cause, "%s %s: not one word of at most %zu "
		    "characters", what, path, len - 1);
		explicit_bzero(tmp, sizeof tmp);
		return (-1);
	}
	snprintf(buf, len, "%s", p);
	explicit_bzero(tmp, sizeof tmp);
	return (0);
}
