/*
 * notify.c: tell systemd how tacd is doing (sd_notify(3)).
 *
 * The protocol is tiny: newline-separated "KEY=value" assignments in one
 * datagram to the AF_UNIX socket in $NOTIFY_SOCKET, which is a path or,
 * starting with '@', an abstract socket.  Without the variable every call
 * does nothing, so tacd behaves the same outside systemd.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <sys/types.h>
#include <sys/socket.h>
#include <sys/un.h>

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "log.h"
#include "notify.h"

static int			notify_fd = -1;
static struct sockaddr_un	notify_addr;
static socklen_t		notify_len;

/*
 * Read $NOTIFY_SOCKET and open a socket to it.  Returns 0 when notifying
 * (or when there is nobody to notify), -1 if the variable is unusable.
 */
int
notify_init(void)
{
	const char	*path;
	size_t		 len;

	notify_close();
	if ((path = getenv("NOTIFY_SOCKET")) == NULL || *path == '\0')
		return (0);
	len = strlen(path);
	if ((path[0] != '/' && path[0] != '@') ||
	    len >= sizeof notify_addr.sun_path) {
		log_warnx("NOTIFY_SOCKET: unusable address");
		return (-1);
	}

	memset(&notify_addr, 0, sizeof notify_addr);
	notify_addr.sun_family = AF_UNIX;
	memcpy(notify_addr.sun_path, path, len);
	/* An abstract address has no terminating NUL: its length counts. */
	if (path[0] == '@')
		notify_addr.sun_path[0] = '\0';
	notify_len = (socklen_t)(offsetof(struct sockaddr_un, sun_path) + len);

	if ((notify_fd = socket(AF_UNIX, SOCK_DGRAM, 0)) == -1) {
		log_warn("notify socket");
		return (-1);
	}
	if (fcntl(notify_fd, F_SETFD, FD_CLOEXEC) == -1)
		log_warn("notify socket: FD_CLOEXEC");
	return (0);
}

/* Is there anybody to notify? */
int
notify_enabled(void)
{
	return (notify_fd != -1);
}

/* Send one message of "KEY=value" lines; 0 when sent or not notifying. */
int
notify_send(const char *fmt, ...)
{
	char	msg[1024];
	va_list	ap;
	int	n;

	if (notify_fd == -1)
		return (0);
	va_start(ap, fmt);
	n = vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	if (n < 0)
		return (-1);
	if ((size_t)n >= sizeof msg)
		n = sizeof msg - 1;
	if (sendto(notify_fd, msg, (size_t)n, MSG_NOSIGNAL,
	    (struct sockaddr *)&notify_addr, notify_len) == -1) {
		log_debug("notify: %s", strerror(errno));
		return (-1);
	}
	return (0);
}

/* Startup is complete. */
int
notify_ready(void)
{
	return (notify_send("READY=1"));
}

/* Shutting down. */
int
notify_stopping(void)
{
	return (notify_send("STOPPING=1"));
}

/* Reloading the configuration (SIGHUP); READY=1 follows when done. */
int
notify_reloading(void)
{
	return (notify_send("RELOADING=1"));
}

/* A one-line status for systemctl status. */
int
notify_status(const char *fmt, ...)
{
	char	status[512];
	va_list	ap;

	va_start(ap, fmt);
	vsnprintf(status, sizeof status, fmt, ap);
	va_end(ap);
	/* A newline would end the assignment early. */
	status[strcspn(status, "\n")] = '\0';
	return (notify_send("STATUS=%s", status));
}

/* Still alive: reset the watchdog. */
int
notify_watchdog(void)
{
	return (notify_send("WATCHDOG=1"));
}

/*
 * The watchdog interval from $WATCHDOG_USEC, 0 when there is none or it is
 * meant for another process ($WATCHDOG_PID).  Pet it at half this.
 */
uint64_t
notify_watchdog_usec(void)
{
	const char		*s;
	char			*end;
	unsigned long long	 v;

	if ((s = getenv("WATCHDOG_PID")) != NULL && *s != '\0') {
		errno = 0;
		v = strtoull(s, &end, 10);
		if (errno != 0 || *end != '\0' ||
		    v != (unsigned long long)getpid())
			return (0);
	}
	if ((s = getenv("WATCHDOG_USEC")) == NULL || *s == '\0')
		return (0);
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno != 0 || *end != '\0' || *s == '-')
		return (0);
	return (v);
}

/* Forget the socket. */
void
notify_close(void)
{
	if (notify_fd != -1)
		close(notify_fd);
	notify_fd = -1;
}
