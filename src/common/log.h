/*
 * log.h: the daemon's logging, in the OpenBSD daemons' shape.
 *
 * Messages go to stderr with "<N>" priority prefixes when the journal
 * reads stderr (JOURNAL_STREAM is set), to plain stderr in the foreground,
 * and to syslog otherwise.  Never pass a secret (a bot token, a webhook
 * secret) to any of these.
 */
#ifndef LOG_H
#define LOG_H

#include <stdarg.h>

/* Where messages go; log_init() picks one. */
enum log_dest {
	LOG_TO_STDERR,		/* plain "tacd: message" lines */
	LOG_TO_JOURNAL,		/* "<N>message" lines the journal parses */
	LOG_TO_SYSLOG
};

/* log.c */
void	log_init(const char *, int, int);
void	log_setlevel(int);
int	log_getlevel(void);
void	log_reopen(void);
int	log_dest(void);
int	log_level_parse(const char *);
const char *log_level_name(int);
void	log_warn(const char *, ...)
	    __attribute__((__format__(__printf__, 1, 2)));
void	log_warnx(const char *, ...)
	    __attribute__((__format__(__printf__, 1, 2)));
void	log_info(const char *, ...)
	    __attribute__((__format__(__printf__, 1, 2)));
void	log_debug(const char *, ...)
	    __attribute__((__format__(__printf__, 1, 2)));
void	fatal(const char *, ...)
	    __attribute__((__format__(__printf__, 1, 2), __noreturn__));
void	fatalx(const char *, ...)
	    __attribute__((__format__(__printf__, 1, 2), __noreturn__));

#endif /* LOG_H */
