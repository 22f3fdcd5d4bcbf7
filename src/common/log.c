/*
 * log.c: logging for tacd, in the shape of the OpenBSD daemons' log.c.
 *
 * Under systemd, stderr is connected to the journal and JOURNAL_STREAM
 * names it; a "<N>" prefix there sets the priority of each line, so no
 * syslog round trip is needed.  In the foreground (-d, the console) lines
 * go to stderr as they are; otherwise to syslog.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <sys/stat.h>

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <syslog.h>
#include <time.h>
#include <unistd.h>

#include "log.h"

static const char	*log_name = "tacd";
static int		 log_to = LOG_TO_STDERR;
static int		 log_prio = LOG_INFO;
static int		 log_opened;

/* The level names of the configuration, most severe first. */
static const struct {
	const char	*name;
	int		 prio;
} log_levels[] = {
	{ "error", LOG_ERR },
	{ "warning", LOG_WARNING },
	{ "info", LOG_INFO },
	{ "debug", LOG_DEBUG }
};

/* Does JOURNAL_STREAM name the file our stderr is?  (systemd.exec(5)) */
static int
log_journal(void)
{
	const char		*env;
	struct stat		 sb;
	unsigned long long	 dev, ino;

	if ((env = getenv("JOURNAL_STREAM")) == NULL)
		return (0);
	if (sscanf(env, "%llu:%llu", &dev, &ino) != 2)
		return (0);
	if (fstat(STDERR_FILENO, &sb) != 0)
		return (0);
	return ((unsigned long long)sb.st_dev == dev &&
	    (unsigned long long)sb.st_ino == ino);
}

/*
 * Choose where messages go and the lowest priority logged.  The journal
 * wins over both, since a foreground tacd under systemd still writes to it.
 */
void
log_init(const char *name, int foreground, int prio)
{
	if (name != NULL)
		log_name = name;
	log_prio = prio;
	if (log_journal())
		log_to = LOG_TO_JOURNAL;
	else if (foreground)
		log_to = LOG_TO_STDERR;
	else
		log_to = LOG_TO_SYSLOG;
	log_reopen();
}

/* Change the lowest priority logged (SIGHUP, -v). */
void
log_setlevel(int prio)
{
	log_prio = prio;
}

/* The lowest priority logged. */
int
log_getlevel(void)
{
	return (log_prio);
}

/* Where messages go now: enum log_dest. */
int
log_dest(void)
{
	return (log_to);
}

/* Reconnect to syslog (after SIGHUP); stderr needs nothing. */
void
log_reopen(void)
{
	if (log_opened) {
		closelog();
		log_opened = 0;
	}
	if (log_to == LOG_TO_SYSLOG) {
		openlog(log_name, LOG_PID | LOG_NDELAY, LOG_DAEMON);
		log_opened = 1;
	}
}

/* A level name ("debug") to its syslog priority, -1 if unknown. */
int
log_level_parse(const char *s)
{
	size_t	i;

	for (i = 0; i < sizeof log_levels / sizeof log_levels[0]; i++) {
		if (strcmp(s, log_levels[i].name) == 0)
			return (log_levels[i].prio);
	}
	return (-1);
}

/* A syslog priority to the nearest level name. */
const char *
log_level_name(int prio)
{
	size_t	i;

	for (i = 0; i < sizeof log_levels / sizeof log_levels[0]; i++) {
		if (prio <= log_levels[i].prio)
			return (log_levels[i].name);
	}
	return ("debug");
}

/* Write one message at a priority, with an optional errno text after it. */
static void
log_vlog(int prio, int errnum, const char *fmt, va_list ap)
{
	char		 msg[2048];
	const char	*tag;

	if (prio > log_prio)
		return;
	vsnprintf(msg, sizeof msg, fmt, ap);
	if (errnum != 0) {
		strncat(msg, ": ", sizeof msg - strlen(msg) - 1);
		strncat(msg, strerror(errnum), sizeof msg - strlen(msg) - 1);
	}

	switch (log_to) {
	case LOG_TO_SYSLOG:
		syslog(prio, "%s", msg);
		break;
	case LOG_TO_JOURNAL:
		fprintf(stderr, "<%d>%s\n", prio, msg);
		break;
	default:
		switch (prio) {
		case LOG_CRIT:
			tag = "fatal: ";
			break;
		case LOG_ERR:
			tag = "error: ";
			break;
		case LOG_WARNING:
			tag = "warning: ";
			break;
		case LOG_DEBUG:
			tag = "debug: ";
			break;
		default:
			tag = "";
			break;
		}
		fprintf(stderr, "%s: %s%s\n", log_name, tag, msg);
		break;
	}
}

/* A warning with the errno text appended. */
void
log_warn(const char *fmt, ...)
{
	va_list	ap;
	int	saved = errno;

	va_start(ap, fmt);
	log_vlog(LOG_WARNING, saved, fmt, ap);
	va_end(ap);
	errno = saved;
}

/* A warning without errno. */
void
log_warnx(const char *fmt, ...)
{
	va_list	ap;

	va_start(ap, fmt);
	log_vlog(LOG_WARNING, 0, fmt, ap);
	va_end(ap);
}

/* Something an admin may want to know in normal operation. */
void
log_info(const char *fmt, ...)
{
	va_list	ap;

	va_start(ap, fmt);
	log_vlog(LOG_INFO, 0, fmt, ap);
	va_end(ap);
}

/* Details for -d and log_level = debug. */
void
log_debug(const char *fmt, ...)
{
	va_list	ap;

	va_start(ap, fmt);
	log_vlog(LOG_DEBUG, 0, fmt, ap);
	va_end(ap);
}

/* A broken invariant with errno: log it and exit 1. */
void
fatal(const char *fmt, ...)
{
	va_list	ap;
	int	saved = errno;

	va_start(ap, fmt);
	log_vlog(LOG_CRIT, saved, fmt, ap);
	va_end(ap);
	exit(1);
}

/* A broken invariant without errno: log it and exit 1. */
void
fatalx(const char *fmt, ...)
{
	va_list	ap;

	va_start(ap, fmt);
	log_vlog(LOG_CRIT, 0, fmt, ap);
	va_end(ap);
	exit(1);
}
