/*
 * config.h: tacd's configuration, shared by tacd and tacctl.
 *
 * One table (config_keys) lists every key with its type, default and
 * documentation; parsing, `tacd -n -v` and the check against tacd.conf(5)
 * all read it.  The file is "key = value" lines with '#' comments.
 */
#ifndef CONFIG_H
#define CONFIG_H

#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifndef PATH_MAX
#define PATH_MAX	4096
#endif

/* The file read when no -f is given, if it exists. */
#ifndef SYSCONFDIR
#define SYSCONFDIR	"/etc"
#endif
#define CONFIG_FILE	SYSCONFDIR "/tacd/tacd.conf"
#define CONFIG_DBNAME	"tacd.db"

struct config {
	char	file[PATH_MAX];		/* where it came from, "" if built in */
	char	state_dir[PATH_MAX];	/* holds tacd.db */
	char	database[1024];		/* postgresql://..., "": SQLite */
	char	database_password_file[PATH_MAX];
	char	log_level[16];		/* debug, info, warning, error */
	int	log_prio;		/* log_level as a syslog priority */
	char	telegram_api_url[256];	/* the Bot API's base URL */
	char	telegram_token_file[PATH_MAX];	/* "": no Telegram bridge */
	char	telegram_ca_file[PATH_MAX];	/* "": the system's CAs */
	char	telegram_mode[16];	/* polling, webhook */
	char	webhook_listen[128];	/* ADDR:PORT of the webhook server */
	char	webhook_secret_file[PATH_MAX];
	char	webhook_max_connections[16];	/* a CONFIG_COUNT */
	char	idle_reminder[16];	/* a CONFIG_DURATION */
	char	lobbies_per_person[16];	/* a CONFIG_COUNT */
	char	repost_messages[16];	/* a CONFIG_COUNT */
	char	repost_interval[16];	/* a CONFIG_DURATION */
	char	webapp_listen[128];	/* ADDR:PORT of the Mini App, "": off */
	char	webapp_url[256];	/* its public HTTPS URL */
	char	webapp_short_name[64];	/* its t.me/<bot>/<name>, "": none */
	char	webapp_max_age[16];	/* seconds init data is good for */
	char	webapp_max_connections[16];
};

enum config_type {
	CONFIG_PATH,		/* a non-empty path */
	CONFIG_ENUM,		/* one of the '|'-separated choices */
	CONFIG_OPTPATH,		/* a path, or empty: not set */
	CONFIG_URL,		/* an http:// or https:// URL */
	CONFIG_ADDR,		/* HOST:PORT */
	CONFIG_COUNT,		/* a whole number, 1 to CONFIG_COUNT_MAX */
	CONFIG_DURATION,	/* off, or a number and s, m, h or d, up to
				   CONFIG_DURATION_MAX seconds */
	CONFIG_OPTADDR,		/* HOST:PORT, or empty: off */
	CONFIG_OPTURL,		/* an http:// or https:// URL, or empty */
	CONFIG_NAME,		/* letters, digits and '_', or empty */
	CONFIG_OPTDB		/* a postgresql:// URI, or empty */
};

#define CONFIG_COUNT_MAX	100000
#define CONFIG_DURATION_MAX	(30 * 86400)

struct config_key {
	const char	*name;
	int		 type;		/* enum config_type */
	size_t		 off;		/* of the char array in struct config */
	size_t		 size;
	const char	*def;		/* the default, as a file writes it */
	const char	*env;		/* a variable overriding def, or NULL */
	const char	*choices;	/* CONFIG_ENUM: "a|b|c" */
	const char	*doc;		/* one sentence, for -nv and man */
};

extern const struct config_key	config_keys[];
extern const size_t		config_nkeys;

/* config.c */
void		 config_defaults(struct config *);
int		 config_load(struct config *, const char *, char **);
int		 config_db_path(const struct config *, char *, size_t);
const char	*config_find(const char *);
int64_t		 config_duration(const char *);
const char	*config_value(const struct config *,
		     const struct config_key *);
const struct config_key *config_key_find(const char *);
void		 config_print(FILE *, const struct config *);

#endif /* CONFIG_H */
