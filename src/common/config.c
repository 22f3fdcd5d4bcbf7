/*
 * config.c: the configuration table and the "key = value" parser.
 *
 * Adding a key is one line in config_keys (plus a member of struct config
 * and its paragraph in tacd.conf.5, which tests/check_config.c compares
 * with this table).
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"
#include "log.h"
#include "xmalloc.h"

#define CONFIG_MEMBER(m)	offsetof(struct config, m), \
				    sizeof(((struct config *)0)->m)

/* Every key tacd knows, in the order tacd.conf(5) documents them. */
const struct config_key config_keys[] = {
	{ "state_dir", CONFIG_PATH, CONFIG_MEMBER(state_dir), "./var",
	    "STATE_DIRECTORY", NULL,
	    "The directory holding the game database, tacd.db; created "
	    "when missing.  Under systemd the default is $STATE_DIRECTORY." },
	{ "database", CONFIG_OPTDB, CONFIG_MEMBER(database), "", NULL, NULL,
	    "The PostgreSQL database to keep the games in, a postgresql:// "
	    "URI; empty: SQLite, tacd.db in state_dir." },
	{ "database_password_file", CONFIG_OPTPATH,
	    CONFIG_MEMBER(database_password_file), "", NULL, NULL,
	    "The file holding the PostgreSQL password, its first line, "
	    "private to its owner (chmod 600); empty: the "
	    "credential database_password of systemd's LoadCredential=, if "
	    "any, else libpq's own ways." },
	{ "log_level", CONFIG_ENUM, CONFIG_MEMBER(log_level), "info",
	    NULL, "debug|info|warning|error",
	    "The least severe messages logged." },
	{ "telegram_token_file", CONFIG_OPTPATH,
	    CONFIG_MEMBER(telegram_token_file), "", NULL, NULL,
	    "The file holding the Telegram bot token; empty: no Telegram "
	    "bridge." },
	{ "telegram_api_url", CONFIG_URL, CONFIG_MEMBER(telegram_api_url),
	    "https://api.telegram.org", NULL, NULL,
	    "The base URL of the Telegram Bot API." },
	{ "telegram_ca_file", CONFIG_OPTPATH, CONFIG_MEMBER(telegram_ca_file),
	    "", NULL, NULL,
	    "A file of CA certificates to trust for the Bot API; empty: the "
	    "system's." },
	{ "telegram_mode", CONFIG_ENUM, CONFIG_MEMBER(telegram_mode),
	    "polling", NULL, "polling|webhook",
	    "How updates arrive: long polling, or a webhook server." },
	{ "webhook_listen", CONFIG_ADDR, CONFIG_MEMBER(webhook_listen),
	    "127.0.0.1:8443", NULL, NULL,
	    "The address and port the webhook server listens on." },
	{ "webhook_secret_file", CONFIG_OPTPATH,
	    CONFIG_MEMBER(webhook_secret_file), "", NULL, NULL,
	    "The file holding the webhook's secret token (required in "
	    "webhook mode)." },
	{ "webhook_max_connections", CONFIG_COUNT,
	    CONFIG_MEMBER(webhook_max_connections), "64", NULL, NULL,
	    "The most connections the webhook server keeps open; past it, "
	    "the one waiting longest is closed." },
	{ "idle_reminder", CONFIG_DURATION, CONFIG_MEMBER(idle_reminder),
	    "12h", NULL, NULL,
	    "How long a turn without a deadline waits before its player is "
	    "reminded (off: never)." },
	{ "lobbies_per_person", CONFIG_COUNT,
	    CONFIG_MEMBER(lobbies_per_person), "5", NULL, NULL,
	    "The most games waiting for players one person may have opened "
	    "at once, in all chats together." },
	{ "repost_messages", CONFIG_COUNT, CONFIG_MEMBER(repost_messages),
	    "10", NULL, NULL,
	    "How many messages must bury a group's live message not pinned "
	    "before it is posted anew at the bottom." },
	{ "repost_interval", CONFIG_DURATION, CONFIG_MEMBER(repost_interval),
	    "10m", NULL, NULL,
	    "How long a group's live message not pinned stays before it "
	    "may be posted anew (off: as soon as it is buried)." },
	{ "webapp_listen", CONFIG_OPTADDR, CONFIG_MEMBER(webapp_listen),
	    "", NULL, NULL,
	    "The address and port the Mini App's server listens on; empty: "
	    "no Mini App." },
	{ "webapp_url", CONFIG_OPTURL, CONFIG_MEMBER(webapp_url), "", NULL,
	    NULL,
	    "The public HTTPS URL a reverse proxy forwards to webapp_listen; "
	    "web_app buttons open it." },
	{ "webapp_short_name", CONFIG_NAME, CONFIG_MEMBER(webapp_short_name),
	    "", NULL, NULL,
	    "The Mini App's short name at @BotFather; set, group boards get "
	    "a t.me link to it." },
	{ "webapp_max_age", CONFIG_COUNT, CONFIG_MEMBER(webapp_max_age),
	    "21600", NULL, NULL,
	    "Seconds the Mini App's signed init data is accepted after its "
	    "auth_date." },
	{ "webapp_max_connections", CONFIG_COUNT,
	    CONFIG_MEMBER(webapp_max_connections), "256", NULL, NULL,
	    "The most connections the Mini App's server keeps open; past "
	    "it, the one waiting longest is closed." },
};
const size_t	config_nkeys = sizeof config_keys / sizeof config_keys[0];

/* Format an error message into a new string for the caller to free. */
static char *
config_error(const char *fmt, ...)
{
	va_list	 ap;
	char	*s;

	va_start(ap, fmt);
	xvasprintf(&s, fmt, ap);
	va_end(ap);
	return (s);
}

/* The char array of struct config that a key sets. */
static char *
config_member(struct config *c, const struct config_key *k)
{
	return ((char *)c + k->off);
}

/* The current value of a key, as it would be written in the file. */
const char *
config_value(const struct config *c, const struct config_key *k)
{
	return ((const char *)c + k->off);
}

/* Look a key up by name; NULL if there is none. */
const struct config_key *
config_key_find(const char *name)
{
	size_t	i;

	for (i = 0; i < config_nkeys; i++) {
		if (strcmp(config_keys[i].name, name) == 0)
			return (&config_keys[i]);
	}
	return (NULL);
}

/* Is word one of the '|'-separated choices? */
static int
config_choice(const char *choices, const char *word)
{
	const char	*p = choices, *e;
	size_t		 len = strlen(word);

	for (;;) {
		if ((e = strchr(p, '|')) == NULL)
			e = p + strlen(p);
		if ((size_t)(e - p) == len && strncmp(p, word, len) == 0)
			return (1);
		if (*e == '\0')
			return (0);
		p = e + 1;
	}
}

/*
 * A duration's seconds: "off" is 0, else a whole number followed by s,
 * m, h or d, from 1 s to CONFIG_DURATION_MAX; -1 for anything else.
 */
int64_t
config_duration(const char *s)
{
	static const struct {
		char	unit;
		int64_t	seconds;
	} units[] = { { 's', 1 }, { 'm', 60 }, { 'h', 3600 }, { 'd', 86400 } };
	int64_t	n = 0;
	size_t	i, len = strlen(s);

	if (strcmp(s, "off") == 0)
		return (0);
	if (len < 2 || len > 9 || strspn(s, "0123456789") != len - 1)
		return (-1);
	for (i = 0; i < len - 1; i++)
		n = n * 10 + (s[i] - '0');
	for (i = 0; i < sizeof units / sizeof units[0]; i++) {
		if (s[len - 1] == units[i].unit) {
			n *= units[i].seconds;
			return (n >= 1 && n <= CONFIG_DURATION_MAX ? n : -1);
		}
	}
	return (-1);
}

/* Check a value for a key and store it; the reason in why on failure. */
static int
config_set(struct config *c, const struct config_key *k, const char *value,
    char **why)
{
	size_t		 len = strlen(value);
	const char	*colon;

	switch (k->type) {
	case CONFIG_PATH:
		if (len == 0) {
			*why = config_error("%s: empty path", k->name);
			return (-1);
		}
		break;
	case CONFIG_OPTPATH:
		break;
	case CONFIG_NAME:
		if (strspn(value, "abcdefghijklmnopqrstuvwxyz"
		    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") != len) {
			*why = config_error("%s: '%s' is not a name of letters, "
			    "digits and '_'", k->name, value);
			return (-1);
		}
		break;
	case CONFIG_OPTDB:
		if (len > 0 && strncmp(value, "postgresql://", 13) != 0 &&
		    strncmp(value, "postgres://", 11) != 0) {
			*why = config_error("%s: '%s' is not a postgresql:// "
			    "URI", k->name, value);
			return (-1);
		}
		break;
	case CONFIG_OPTURL:
		if (len == 0)
			break;
		/* FALLTHROUGH */
	case CONFIG_URL:
		if (strncmp(value, "http://", 7) != 0 &&
		    strncmp(value, "https://", 8) != 0) {
			*why = config_error("%s: '%s' is not an http:// or "
			    "https:// URL", k->name, value);
			return (-1);
		}
		break;
	case CONFIG_OPTADDR:
		if (len == 0)
			break;
		/* FALLTHROUGH */
	case CONFIG_ADDR:
		colon = strrchr(value, ':');
		if (colon == NULL || colon == value || colon[1] == '\0' ||
		    strspn(colon + 1, "0123456789") != strlen(colon + 1) ||
		    atoi(colon + 1) < 1 || atoi(colon + 1) > 65535) {
			*why = config_error("%s: '%s' is not HOST:PORT",
			    k->name, value);
			return (-1);
		}
		break;
	case CONFIG_COUNT:
		if (len == 0 || len > 6 || strspn(value, "0123456789") != len ||
		    atoi(value) < 1 || atoi(value) > CONFIG_COUNT_MAX) {
			*why = config_error("%s: '%s' is not a number from 1 "
			    "to %d", k->name, value, CONFIG_COUNT_MAX);
			return (-1);
		}
		break;
	case CONFIG_DURATION:
		if (config_duration(value) < 0) {
			*why = config_error("%s: '%s' is not off or a duration "
			    "such as 90s, 30m, 12h or 2d (at most 30d)",
			    k->name, value);
			return (-1);
		}
		break;
	case CONFIG_ENUM:
		if (!config_choice(k->choices, value)) {
			*why = config_error("%s: '%s' is not one of %s",
			    k->name, value, k->choices);
			return (-1);
		}
		break;
	}
	if (len >= k->size) {
		*why = config_error("%s: value too long", k->name);
		return (-1);
	}
	memcpy(config_member(c, k), value, len + 1);
	if (strcmp(k->name, "log_level") == 0)
		c->log_prio = log_level_parse(value);
	return (0);
}

/*
 * Fill c with the built-in defaults, taking the environment's word where
 * a key names a variable (STATE_DIRECTORY may list several directories,
 * separated by ':'; the first is ours).
 */
void
config_defaults(struct config *c)
{
	const struct config_key	*k;
	const char		*env;
	char			 value[PATH_MAX], *why = NULL;
	size_t			 i;

	memset(c, 0, sizeof *c);
	for (i = 0; i < config_nkeys; i++) {
		k = &config_keys[i];
		snprintf(value, sizeof value, "%s", k->def);
		if (k->env != NULL && (env = getenv(k->env)) != NULL &&
		    *env != '\0') {
			snprintf(value, sizeof value, "%s", env);
			value[strcspn(value, ":")] = '\0';
		}
		if (config_set(c, k, value, &why) != 0) {
			/* A bad environment value: fall back to the table. */
			free(why);
			why = NULL;
			if (config_set(c, k, k->def, &why) != 0)
				fatalx("config: bad default for %s", k->name);
		}
	}
}

/* Cut white space off both ends of s, in place. */
static char *
config_trim(char *s)
{
	char	*e;

	while (*s == ' ' || *s == '\t')
		s++;
	e = s + strlen(s);
	while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\n' ||
	    e[-1] == '\r'))
		*--e = '\0';
	return (s);
}

/*
 * Split one line into key and value; a value may be double-quoted (to keep
 * a '#' or surrounding blanks).  Returns 0 for a blank or comment line, 1
 * for key = value, -1 with the reason in why.
 */
static int
config_line(char *line, char **key, char **value, char **why)
{
	char	*p, *eq, *q;

	/* A '#' outside quotes starts a comment. */
	for (p = line, q = NULL; *p != '\0'; p++) {
		if (*p == '"')
			q = q == NULL ? p : NULL;
		else if (*p == '#' && q == NULL) {
			*p = '\0';
			break;
		}
	}
	line = config_trim(line);
	if (*line == '\0')
		return (0);
	if ((eq = strchr(line, '=')) == NULL) {
		*why = config_error("expected 'key = value': %s", line);
		return (-1);
	}
	*eq = '\0';
	*key = config_trim(line);
	*value = config_trim(eq + 1);
	if (**key == '\0') {
		*why = config_error("missing key before '='");
		return (-1);
	}
	p = *value;
	if (*p == '"') {
		q = strrchr(p + 1, '"');
		if (q == NULL || q[1] != '\0') {
			*why = config_error("%s: unterminated quote", *key);
			return (-1);
		}
		*q = '\0';
		*value = p + 1;
	} else if (strchr(p, '"') != NULL) {
		*why = config_error("%s: stray quote in value", *key);
		return (-1);
	}
	return (1);
}

/*
 * Load path over the defaults into c; path NULL means no file.  c is only
 * changed on success.  On failure *cause is "FILE:LINE: reason" (or
 * "FILE: reason"), for the caller to free.
 */
int
config_load(struct config *c, const char *path, char **cause)
{
	struct config		 n;
	const struct config_key	*k;
	FILE			*f;
	char			*line = NULL, *key, *value, *why = NULL;
	size_t			 cap = 0;
	unsigned int		 seen[64], lineno = 0;
	size_t			 i;
	int			 rc = -1, r;

	config_defaults(&n);
	memset(seen, 0, sizeof seen);
	if (path == NULL) {
		*c = n;
		return (0);
	}
	if (strlen(path) >= sizeof n.file) {
		*cause = config_error("%s: path too long", path);
		return (-1);
	}
	snprintf(n.file, sizeof n.file, "%s", path);
	if ((f = fopen(path, "r")) == NULL) {
		*cause = config_error("%s: %s", path, strerror(errno));
		return (-1);
	}
	while (getline(&line, &cap, f) != -1) {
		lineno++;
		if ((r = config_line(line, &key, &value, &why)) == 0)
			continue;
		if (r < 0)
			goto fail;
		if ((k = config_key_find(key)) == NULL) {
			why = config_error("unknown key '%s'", key);
			goto fail;
		}
		i = (size_t)(k - config_keys);
		if (i < sizeof seen / sizeof seen[0] && seen[i] != 0) {
			why = config_error("%s is already set on line %u",
			    key, seen[i]);
			goto fail;
		}
		if (i < sizeof seen / sizeof seen[0])
			seen[i] = lineno;
		if (config_set(&n, k, value, &why) != 0)
			goto fail;
	}
	if (ferror(f)) {
		*cause = config_error("%s: %s", path, strerror(errno));
		goto out;
	}
	*c = n;
	rc = 0;
	goto out;

fail:
	*cause = config_error("%s:%u: %s", path, lineno, why);
	free(why);
out:
	free(line);
	fclose(f);
	return (rc);
}

/*
 * The file of the PostgreSQL password into buf ("" for none): the one
 * configured, else systemd's credential database_password.
 */
static void
config_db_password(const struct config *c, char *buf, size_t len)
{
	const char	*dir;

	buf[0] = '\0';
	if (c->database_password_file[0] != '\0')
		snprintf(buf, len, "%s", c->database_password_file);
	else if ((dir = getenv("CREDENTIALS_DIRECTORY")) != NULL &&
	    *dir != '\0') {
		snprintf(buf, len, "%s/database_password", dir);
		if (access(buf, F_OK) != 0)
			buf[0] = '\0';
	}
}

/*
 * Write the store's path into buf: the file tacd.db in state_dir, or the
 * database URI with its password's file as the parameter password_file
 * (the store reads it; the password itself is never in the path, which
 * tacd logs).  -1 if it does not fit.
 */
int
config_db_path(const struct config *c, char *buf, size_t len)
{
	char	pw[PATH_MAX];
	int	n;

	if (c->database[0] != '\0') {
		config_db_password(c, pw, sizeof pw);
		if (pw[0] == '\0')
			n = snprintf(buf, len, "%s", c->database);
		else
			n = snprintf(buf, len, "%s%cpassword_file=%s",
			    c->database, strchr(c->database, '?') != NULL ?
			    '&' : '?', pw);
		if (n < 0 || (size_t)n >= len)
			return (-1);
		return (0);
	}
	n = snprintf(buf, len, "%s/%s", c->state_dir, CONFIG_DBNAME);
	if (n < 0 || (size_t)n >= len)
		return (-1);
	return (0);
}

/*
 * The file to load: the one named with -f (arg), else the default file if
 * it exists, else NULL (built-in defaults; no file is needed at all).
 */
const char *
config_find(const char *arg)
{
	if (arg != NULL)
		return (arg);
	if (access(CONFIG_FILE, F_OK) == 0)
		return (CONFIG_FILE);
	return (NULL);
}

/* Print the configuration as a file that loads back to it, documented. */
void
config_print(FILE *f, const struct config *c)
{
	const struct config_key	*k;
	size_t			 i;

	fprintf(f, "# tacd configuration, from %s\n",
	    c->file[0] != '\0' ? c->file : "built-in defaults");
	for (i = 0; i < config_nkeys; i++) {
		k = &config_keys[i];
		fprintf(f, "\n# %s\n# Default: %s", k->doc, k->def);
		if (k->env != NULL)
			fprintf(f, " ($%s when set)", k->env);
		if (k->choices != NULL)
			fprintf(f, "; one of %s", k->choices);
		fprintf(f, ".\n%s = \"%s\"\n", k->name, config_value(c, k));
	}
}
