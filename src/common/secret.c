/*
 * secret.c: a secret read from its file (secret.h): the bot token, the
 * webhook's secret, the database's password.  A file that others than
 * its owner may read or write is refused, as ssh refuses a private key;
 * the bytes read are wiped from the stack once copied.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE		/* explicit_bzero */
#endif

#include <sys/stat.h>
#include <sys/xattr.h>

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "secret.h"
#include "xmalloc.h"

/* The tags of a POSIX ACL's entries, as the kernel keeps them. */
#define SECRET_ACL_USER_OBJ	0x01
#define SECRET_ACL_USER		0x02
#define SECRET_ACL_GROUP_OBJ	0x04
#define SECRET_ACL_GROUP	0x08
#define SECRET_ACL_MASK		0x10
#define SECRET_ACL_OTHER	0x20
#define SECRET_ACL_MAXENTRIES	64

/*
 * A file whose mode shows group bits may have them from a POSIX ACL (the
 * bits are then its mask): systemd's LoadCredential= writes a credential
 * 0400 and, for a service of another user, lets that user alone read it
 * by an ACL entry.  Does the file's ACL let nobody but its owner and us
 * at it?  0 when it has none (the group bits are the group's), or when
 * anyone else may.
 */
static int
secret_acl(int fd)
{
	unsigned char	 buf[4 + 8 * SECRET_ACL_MAXENTRIES];
	uint16_t	 tag, perm, mask = 7;
	uint32_t	 id;
	ssize_t		 n, i;
	int		 pass;

	if ((n = fgetxattr(fd, "system.posix_acl_access", buf,
	    sizeof buf)) < 4 || (n - 4) % 8 != 0 || buf[0] != 2 ||
	    buf[1] != 0 || buf[2] != 0 || buf[3] != 0)
		return (0);
	/* The mask first: it bounds the named entries and the group's. */
	for (pass = 0; pass < 2; pass++) {
		for (i = 4; i < n; i += 8) {
			tag = (uint16_t)(buf[i] | buf[i + 1] << 8);
			perm = (uint16_t)(buf[i + 2] | buf[i + 3] << 8);
			id = (uint32_t)buf[i + 4] | (uint32_t)buf[i + 5] << 8 |
			    (uint32_t)buf[i + 6] << 16 |
			    (uint32_t)buf[i + 7] << 24;
			if (pass == 0) {
				if (tag == SECRET_ACL_MASK)
					mask = perm;
				continue;
			}
			switch (tag) {
			case SECRET_ACL_USER:
				if ((perm & mask) != 0 && id != geteuid())
					return (0);
				break;
			case SECRET_ACL_GROUP_OBJ:
			case SECRET_ACL_GROUP:
				if ((perm & mask) != 0)
					return (0);
				break;
			case SECRET_ACL_OTHER:
				if (perm != 0)
					return (0);
				break;
			default:	/* the owner's, and the mask */
				break;
			}
		}
	}
	return (1);
}

/*
 * Read a secret from a file into buf: its one word (SECRET_WORD: the
 * token, the webhook secret; white space around it cut), or its first
 * line whole (SECRET_LINE: a password, which may hold blanks; only the
 * line's end cut).  -1 with *cause set (malloc'd) if the file cannot be
 * read, is empty, holds more than that, or if anyone but its owner (and,
 * by an ACL, us) may read or write it: chmod 600 or 400 (systemd's
 * LoadCredential= makes its copy 0400, read by the service's user
 * through an ACL entry or as its owner); what names the setting in that
 * message.
 */
int
secret_read(const char *path, const char *what, enum secret_form form,
    char *buf, size_t len, char **cause)
{
	struct stat	 sb;
	char		 tmp[1024], *p, *e;
	ssize_t		 n;
	int		 fd, bad;

	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) == -1) {
		xasprintf(cause, "%s %s: %s", what, path,
		    strerror(errno));
		return (-1);
	}
	if (fstat(fd, &sb) == -1) {
		xasprintf(cause, "%s %s: %s", what, path, strerror(errno));
		close(fd);
		return (-1);
	}
	if ((sb.st_mode & S_IRWXO) != 0 || ((sb.st_mode & S_IRWXG) != 0 &&
	    !secret_acl(fd))) {
		xasprintf(cause, "%s %s: mode %04o lets others than its owner "
		    "read or change it; make it private: chmod 600 %s", what,
		    path, (unsigned)(sb.st_mode & 07777), path);
		close(fd);
		return (-1);
	}
	n = read(fd, tmp, sizeof tmp - 1);
	close(fd);
	if (n < 0)
		n = 0;
	tmp[n] = '\0';
	if (form == SECRET_LINE) {
		p = tmp;
		e = p + strcspn(p, "\r\n");
		/* Nothing but line ends may follow the line. */
		bad = e[strspn(e, "\r\n")] != '\0';
		*e = '\0';
	} else {
		for (p = tmp; isspace((unsigned char)*p); p++)
			;
		for (e = p + strlen(p); e > p && isspace((unsigned char)e[-1]);
		    e--)
			;
		*e = '\0';
		bad = strpbrk(p, " \t\r\n") != NULL;
	}
	if (*p == '\0' || bad || strlen(p) >= len ||
	    n == (ssize_t)sizeof tmp - 1) {
		xasprintf(cause, "%s %s: not %s of at most %zu characters",
		    what, path, form == SECRET_LINE ? "one line" : "one word",
		    len - 1);
		explicit_bzero(tmp, sizeof tmp);
		return (-1);
	}
	snprintf(buf, len, "%s", p);
	explicit_bzero(tmp, sizeof tmp);
	return (0);
}
