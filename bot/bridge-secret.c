/*
 * bridge-secret.c: a one-line secret from a file (bridge-secret.h).  The
 * bytes read are wiped from the stack once copied.
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

#include "bridge-secret.h"
#include "xmalloc.h"

/* The tags of a POSIX ACL's entries, as the kernel keeps them. */
#define BRIDGE_ACL_USER_OBJ	0x01
#define BRIDGE_ACL_USER		0x02
#define BRIDGE_ACL_GROUP_OBJ	0x04
#define BRIDGE_ACL_GROUP	0x08
#define BRIDGE_ACL_MASK		0x10
#define BRIDGE_ACL_OTHER	0x20
#define BRIDGE_ACL_MAXENTRIES	64

/*
 * A file whose mode shows group bits may have them from a POSIX ACL (the
 * bits are then its mask): systemd's LoadCredential= writes a credential
 * 0400 and, for a service of another user, lets that user alone read it
 * by an ACL entry.  Does the file's ACL let nobody but its owner and us
 * at it?  0 when it has none (the group bits are the group's), or when
 * anyone else may.
 */
static int
bridge_secret_acl(int fd)
{
	unsigned char	 buf[4 + 8 * BRIDGE_ACL_MAXENTRIES];
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
				if (tag == BRIDGE_ACL_MASK)
					mask = perm;
				continue;
			}
			switch (tag) {
			case BRIDGE_ACL_USER:
				if ((perm & mask) != 0 && id != geteuid())
					return (0);
				break;
			case BRIDGE_ACL_GROUP_OBJ:
			case BRIDGE_ACL_GROUP:
				if ((perm & mask) != 0)
					return (0);
				break;
			case BRIDGE_ACL_OTHER:
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
 * Read a one-line secret (the token, the webhook secret) from a file into
 * buf; white space around it is cut.  -1 with *cause set (malloc'd) if
 * the file cannot be read, is empty or holds more than one word, or if
 * anyone but its owner (and, by an ACL, us) may read or write it, as ssh
 * refuses a private key: chmod 600 or 400 (systemd's LoadCredential=
 * makes its copy 0400, read by the service's user through an ACL entry
 * or as its owner); what names the setting in that message.
 */
int
bridge_secret(const char *path, const char *what, char *buf, size_t len,
    char **cause)
{
	struct stat	 sb;
	char		 tmp[512], *p, *e;
	ssize_t		 n;
	int		 fd;

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
	    !bridge_secret_acl(fd))) {
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

/*
 * Is s a secret Telegram takes for a webhook's secret_token: 1 to 256 of
 * A-Z, a-z, 0-9, "_" and "-"?
 */
int
bridge_secret_token(const char *s)
{
	size_t	n = strlen(s);

	return (n >= 1 && n <= 256 && strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	    "abcdefghijklmnopqrstuvwxyz0123456789_-") == n);
}
