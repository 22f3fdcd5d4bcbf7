/*
 * notify.h: the sd_notify(3) protocol without libsystemd: a few lines
 * over the unix datagram socket named by $NOTIFY_SOCKET.
 */
#ifndef NOTIFY_H
#define NOTIFY_H

#include <stdint.h>

/* notify.c */
int		 notify_init(void);
int		 notify_enabled(void);
int		 notify_send(const char *, ...)
		     __attribute__((__format__(__printf__, 1, 2)));
int		 notify_ready(void);
int		 notify_stopping(void);
int		 notify_reloading(void);
int		 notify_status(const char *, ...)
		     __attribute__((__format__(__printf__, 1, 2)));
int		 notify_watchdog(void);
uint64_t	 notify_watchdog_usec(void);
void		 notify_close(void);

#endif /* NOTIFY_H */
