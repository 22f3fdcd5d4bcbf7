/*
 * service-settings.c: /settings, a person's own time, privately: their
 * time zone and quiet hours (service-time.c reads them).  Its buttons
 * edit the settings message they are under.
 *
 *	/settings			what is set, with its buttons
 *	/settings zone NAME		a zone of the tz database
 *	/settings zone auto		back to the language's zone
 *	/settings quiet HH:MM-HH:MM	quiet hours
 *	/settings quiet off		none
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "service-cmds.h"

#define SVC_NEAR_ZONES	4	/* zones of the person's fellow players */

/*
 * Queue the "settings" row: what the person has set (or what holds until
 * they do), the zones their fellow players chose, and, after a press,
 * the message to edit.
 */
static int
svc_settings_row(struct svc_ctx *ctx, const char *done)
{
	struct svc_ptime	 pt;
	char			 near[SVC_NEAR_ZONES][ZONE_MAX];
	json_t			*p, *zones;
	int			 i, n;

	if (svc_user_time(ctx->svc, ctx->user, ctx->user_lang, &pt) != 0)
		return (-1);
	if ((n = store_user_zones(ctx->svc->store, ctx->user, near,
	    SVC_NEAR_ZONES)) < 0)
		return (svc_store_fail(ctx->svc));
	zones = json_array();
	for (i = 0; i < n; i++)
		json_array_append_new(zones, json_string(near[i]));
	p = json_pack("{s:s, s:b, s:i, s:i, s:o}", "zone", pt.zone, "chosen",
	    pt.chosen, "quiet_start", pt.quiet_start, "quiet_end",
	    pt.quiet_end, "zones", zones);
	if (p != NULL && done != NULL)
		json_object_set_new(p, "done", json_string(done));
	if (p != NULL && done != NULL && ctx->ev->message != NULL)
		json_object_set_new(p, "message",
		    json_string(ctx->ev->message));
	return (svc_reply(ctx, SVC_OUT_SETTINGS, p));
}

/* "23:00-08:00" into start and end (minutes of the day): 0, or -1. */
static int
svc_settings_span(const char *s, int *start, int *end)
{
	char	a[8], b[8];
	const char *dash;

	if ((dash = strchr(s, '-')) == NULL || dash - s >= (int)sizeof a ||
	    strlen(dash + 1) >= sizeof b)
		return (-1);
	memcpy(a, s, (size_t)(dash - s));
	a[dash - s] = '\0';
	snprintf(b, sizeof b, "%s", dash + 1);
	if ((*start = zone_hhmm(a)) < 0 || (*end = zone_hhmm(b)) < 0)
		return (-1);
	return (0);
}

/* /settings [zone NAME|auto | quiet HH:MM-HH:MM|off] (see above). */
static int
svc_cmd_settings(struct svc_ctx *ctx)
{
	struct store		*s = ctx->svc->store;
	struct store_utime	 u;
	const char		*arg = ctx->args, *val;
	int			 start, end;

	if (*arg == '\0')
		return (svc_settings_row(ctx, NULL));
	if (store_user_time(s, ctx->user, &u) < 0)
		return (svc_store_fail(ctx->svc));
	if (strncasecmp(arg, "zone ", 5) == 0) {
		val = arg + 5;
		while (*val == ' ')
			val++;
		if (strcasecmp(val, "auto") == 0)
			u.zone[0] = '\0';
		else if (!zone_valid(val))
			return (svc_refuse(ctx, "bad_zone", "{s:s}", "word",
			    val));
		else
			snprintf(u.zone, sizeof u.zone, "%s", val);
	} else if (strncasecmp(arg, "quiet ", 6) == 0) {
		val = arg + 6;
		while (*val == ' ')
			val++;
		if (strcasecmp(val, "off") == 0)
			start = end = 0;
		else if (svc_settings_span(val, &start, &end) != 0 ||
		    start == end)
			return (svc_refuse(ctx, "bad_quiet", "{s:s}", "word",
			    val));
		u.quiet_start = start;
		u.quiet_end = end;
	} else
		return (svc_refuse(ctx, "usage", "{s:s}", "command",
		    "settings"));
	if (store_user_time_put(s, ctx->user, &u) != 0)
		return (svc_store_fail(ctx->svc));
	return (svc_settings_row(ctx, strncasecmp(arg, "zone", 4) == 0 ?
	    "zone" : "quiet"));
}

/* /settings */
static const struct svc_command svc_settings_entry = {
	.name = "settings",
	.args = N_("[zone NAME | quiet HH:MM-HH:MM]"),
	.about = N_("Your time zone and quiet hours"),
	.where = SVC_IN_PRIVATE,
	.menu = SVC_IN_PRIVATE,
	.who = SVC_BY_ANYONE,
	.want = SVC_WANT_SEE,
	.fn = svc_cmd_settings,
};

/* /settings, on its own. */
const struct svc_command *const svc_settings_commands[] = {
	&svc_settings_entry,
	NULL
};
