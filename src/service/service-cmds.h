/*
 * service-cmds.h: the upper floor of the service, the commands.  Each
 * command is one entry (struct svc_command, service.h) in the file of its
 * concern, and each such file a table of its entries, ended by NULL;
 * service-cmd.c lists the tables.  A command's function is static in its
 * file and calls only the core (service-int.h), never another command:
 * what two commands share is the core's.
 */
#ifndef SERVICE_CMDS_H
#define SERVICE_CMDS_H

#include "service-int.h"

/* Marks a message id for the catalogs; compose translates it. */
#ifndef N_
#define N_(s)	(s)
#endif

/* Each in its file: service-lobby.c has svc_lobby_commands, and so on. */
extern const struct svc_command *const svc_lobby_commands[];
extern const struct svc_command *const svc_play_commands[];
extern const struct svc_command *const svc_link_commands[];
extern const struct svc_command *const svc_away_commands[];
extern const struct svc_command *const svc_stats_commands[];
extern const struct svc_command *const svc_rematch_commands[];
extern const struct svc_command *const svc_learn_commands[];
extern const struct svc_command *const svc_lang_commands[];
extern const struct svc_command *const svc_settings_commands[];
extern const struct svc_command *const svc_rules_commands[];
extern const struct svc_command *const svc_help_commands[];

#endif /* SERVICE_CMDS_H */
