/*
 * compose-settings.c: a person's /settings in words and buttons: their
 * time zone (a short list by language, with the zones their fellow
 * players chose) and their quiet hours; and its refusals.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <string.h>

#include "compose-int.h"
#include "i18n.h"

#define COMPOSE_ZONES	10	/* zone buttons, at most */

/* The zones offered first to the people of each language. */
static const struct {
	const char	*lang;
	const char	*zones[7];
} compose_lang_zones[] = {
	{ "en", { "Europe/London", "America/New_York", "America/Chicago",
	    "America/Los_Angeles", "Asia/Kolkata", "Australia/Sydney",
	    NULL } },
	{ "ru", { "Europe/Kaliningrad", "Europe/Moscow", "Europe/Samara",
	    "Asia/Yekaterinburg", "Asia/Novosibirsk", "Asia/Vladivostok",
	    NULL } },
	{ "de", { "Europe/Berlin", "Europe/Vienna", "Europe/Zurich",
	    "Europe/London", NULL } },
	{ "ka", { "Asia/Tbilisi", "Europe/Istanbul", "Europe/Moscow",
	    "Europe/Berlin", NULL } },
};

/* The cities of those zones, as people name them. */
static const struct {
	const char	*zone;
	const char	*city;
} compose_cities[] = {
	{ "Europe/London", NC_("city", "London") },
	{ "America/New_York", NC_("city", "New York") },
	{ "America/Chicago", NC_("city", "Chicago") },
	{ "America/Los_Angeles", NC_("city", "Los Angeles") },
	{ "Asia/Kolkata", NC_("city", "Kolkata") },
	{ "Australia/Sydney", NC_("city", "Sydney") },
	{ "Europe/Kaliningrad", NC_("city", "Kaliningrad") },
	{ "Europe/Moscow", NC_("city", "Moscow") },
	{ "Europe/Samara", NC_("city", "Samara") },
	{ "Asia/Yekaterinburg", NC_("city", "Yekaterinburg") },
	{ "Asia/Novosibirsk", NC_("city", "Novosibirsk") },
	{ "Asia/Vladivostok", NC_("city", "Vladivostok") },
	{ "Europe/Berlin", NC_("city", "Berlin") },
	{ "Europe/Vienna", NC_("city", "Vienna") },
	{ "Europe/Zurich", NC_("city", "Zurich") },
	{ "Asia/Tbilisi", NC_("city", "Tbilisi") },
	{ "Europe/Istanbul", NC_("city", "Istanbul") },
};

/* The quiet hours offered: start and end, minutes of the day. */
static const int compose_quiets[][2] = {
	{ 22 * 60, 7 * 60 }, { 23 * 60, 8 * 60 }, { 0, 9 * 60 }
};

/*
 * A zone's name for people: its city in lang, else the tz database's
 * last part with spaces ("Buenos_Aires": "Buenos Aires").
 */
static void
compose_city(const char *lang, const char *zone, char *buf, size_t len)
{
	const char	*p;
	size_t		 i;

	for (i = 0; i < sizeof compose_cities / sizeof compose_cities[0]; i++)
		if (strcmp(compose_cities[i].zone, zone) == 0) {
			snprintf(buf, len, "%s", trc(lang, "city",
			    compose_cities[i].city));
			return;
		}
	p = strrchr(zone, '/');
	snprintf(buf, len, "%s", p != NULL ? p + 1 : zone);
	for (i = 0; buf[i] != '\0'; i++)
		if (buf[i] == '_')
			buf[i] = ' ';
}

/* "now" on a zone's clock: "13:13". */
static void
compose_hm(const char *zone, int64_t now, char *buf, size_t len)
{
	struct tm	tm;

	if (zone_local(zone, now, &tm) != 0)
		snprintf(buf, len, "?");
	else
		snprintf(buf, len, "%02d:%02d", tm.tm_hour, tm.tm_min);
}

/* Minutes of the day as "23:00". */
static void
compose_hhmm(int m, char *buf, size_t len)
{
	snprintf(buf, len, "%02d:%02d", m / 60 % 24, m % 60);
}

/* Add a zone's button (ticked when it is the one in use) unless there. */
static void
compose_zone_key(const char *lang, const char *zone, const char *cur,
    int64_t now, char (*shown)[ZONE_MAX], int *n, struct compose_keys *k)
{
	char	city[64], hm[8], label[96], cmd[SVC_BUTTON_MAX];
	int	i;

	if (*n >= COMPOSE_ZONES || !zone_valid(zone))
		return;
	for (i = 0; i < *n; i++)
		if (strcmp(shown[i], zone) == 0)
			return;
	snprintf(shown[(*n)++], ZONE_MAX, "%s", zone);
	compose_city(lang, zone, city, sizeof city);
	compose_hm(zone, now, hm, sizeof hm);
	snprintf(label, sizeof label, "%s%s %s", strcmp(zone, cur) == 0 ?
	    "\xe2\x9c\x93 " : "", city, hm);
	snprintf(cmd, sizeof cmd, "settings zone %s", zone);
	compose_keys_add(k, label, 0, -1, cmd);
	if (*n % 2 == 0)
		compose_keys_newrow(k);
}

/* The buttons: zones, two a row; then the quiet hours. */
static void
compose_settings_keys(const char *lang, json_t *p, int64_t now,
    struct compose_keys *k)
{
	const char	*cur = compose_str(p, "zone"), *z;
	char		 shown[COMPOSE_ZONES][ZONE_MAX], a[8], b[8];
	char		 label[64], cmd[SVC_BUTTON_MAX];
	int		 qs = (int)compose_int(p, "quiet_start", -1);
	int		 qe = (int)compose_int(p, "quiet_end", -1);
	size_t		 i, j;
	json_t		*v;
	int		 n = 0;

	if (cur == NULL)
		cur = "";
	if (cur[0] != '\0')
		compose_zone_key(lang, cur, cur, now, shown, &n, k);
	for (i = 0; i < sizeof compose_lang_zones /
	    sizeof compose_lang_zones[0]; i++) {
		if (strcmp(compose_lang_zones[i].lang, lang) != 0)
			continue;
		for (j = 0; (z = compose_lang_zones[i].zones[j]) != NULL; j++)
			compose_zone_key(lang, z, cur, now, shown, &n, k);
	}
	json_array_foreach(json_object_get(p, "zones"), i, v)
		if (json_is_string(v))
			compose_zone_key(lang, json_string_value(v), cur, now,
			    shown, &n, k);
	compose_keys_newrow(k);
	if (json_is_true(json_object_get(p, "chosen")))
		compose_keys_add(k, tr(lang, "Zone by my language"), 0, -1,
		    "settings zone auto");
	compose_keys_newrow(k);
	for (i = 0; i < sizeof compose_quiets / sizeof compose_quiets[0];
	    i++) {
		compose_hhmm(compose_quiets[i][0], a, sizeof a);
		compose_hhmm(compose_quiets[i][1], b, sizeof b);
		snprintf(label, sizeof label, "%s%s-%s",
		    qs == compose_quiets[i][0] && qe == compose_quiets[i][1] ?
		    "\xe2\x9c\x93 " : "", a, b);
		snprintf(cmd, sizeof cmd, "settings quiet %s-%s", a, b);
		compose_keys_add(k, label, 0, -1, cmd);
	}
	snprintf(label, sizeof label, "%s%s", qs == qe ? "\xe2\x9c\x93 " : "",
	    /* TRANSLATORS: a button of /settings: no quiet hours. */
	    tr(lang, "No quiet hours"));
	compose_keys_add(k, label, 0, -1, "settings quiet off");
}

/*
 * A "settings" row: the person's zone and quiet hours, with their
 * buttons; after a press, the message it was under, edited.
 */
int
compose_settings_make(struct compose_ctx *c, const struct svc_out *out,
    struct compose_msg *m)
{
	json_t		*p = out->data;
	const char	*lang = m->lang, *zone = compose_str(p, "zone");
	int64_t		 now = svc_now(c->svc);
	int		 qs = (int)compose_int(p, "quiet_start", 0);
	int		 qe = (int)compose_int(p, "quiet_end", 0);
	char		 city[64], hm[8], a[8], b[8];

	if (zone == NULL)
		zone = "";
	if (compose_str(p, "done") != NULL) {
		rbuf_addstr(&m->text, tr(lang, "Saved."));
		rbuf_addstr(&m->text, "\n");
	}
	if (zone[0] == '\0')
		rbuf_addstr(&m->text, tr(lang, "Time zone: not chosen. Until "
		    "you choose one, I tell you how long is left instead of "
		    "the time, and your quiet hours wait for it."));
	else {
		compose_city(lang, zone, city, sizeof city);
		compose_hm(zone, now, hm, sizeof hm);
		if (json_is_true(json_object_get(p, "chosen")))
			/* TRANSLATORS: /settings; %s a city ("Berlin"),
			   %s the time there now ("13:13"). */
			rbuf_add(&m->text, tr(lang, "Time zone: %s, now %s."),
			    city, hm);
		else
			/* TRANSLATORS: /settings; %s a city ("Berlin"),
			   %s the time there now ("13:13"). */
			rbuf_add(&m->text, tr(lang, "Time zone: %s, now %s, "
			    "as your language suggests. If you live "
			    "elsewhere, choose your zone below."), city, hm);
	}
	rbuf_addstr(&m->text, "\n");
	if (qs == qe)
		rbuf_addstr(&m->text, tr(lang, "Quiet hours: none."));
	else {
		compose_hhmm(qs, a, sizeof a);
		compose_hhmm(qe, b, sizeof b);
		/* TRANSLATORS: /settings; %s-%s the hours ("23:00",
		   "08:00"). */
		rbuf_add(&m->text, tr(lang, "Quiet hours: %s-%s. Then your "
		    "messages make no sound and your turn clock stops: "
		    "nobody loses a turn while asleep."), a, b);
	}
	rbuf_addstr(&m->text, "\n");
	compose_settings_keys(lang, p, now, &m->keys);
	m->setkeys = 1;
	if (compose_str(p, "done") != NULL)
		compose_named(out, "message", m);
	return (m->form);
}

/*
 * The words of the refusals of a person's time and a game's pace
 * (/settings; /new's auto=) (code, its values args) into b: 1, or 0
 * when code is none of them.
 */
int
compose_settings_says(const char *lang, const char *code, json_t *args,
    struct rbuf *b)
{
	const char	*word = compose_str(args, "word"), *cmd, *what;

	if (word == NULL)
		word = "";
	cmd = compose_str(args, "command");
	if (strcmp(code, "bad_zone") == 0)
		/* TRANSLATORS: a refusal (200 characters at most); %s what
		   was typed. */
		rbuf_add(b, tr(lang, "\"%s\" is no time zone I know: say it "
		    "as in /settings zone Europe/Berlin, or press one of "
		    "/settings' buttons."), word);
	else if (strcmp(code, "bad_quiet") == 0)
		/* TRANSLATORS: a refusal (200 characters at most); %s what
		   was typed. */
		rbuf_add(b, tr(lang, "\"%s\" are no quiet hours: say them as "
		    "in /settings quiet 23:00-08:00, or /settings quiet "
		    "off."), word);
	else if (strcmp(code, "bad_option") == 0 &&
	    (what = compose_str(args, "what")) != NULL &&
	    strcmp(what, "auto") == 0)
		/* TRANSLATORS: a refusal of /new or /options; %s what the
		   person typed; auto=on and auto=off are options: keep
		   them. */
		rbuf_add(b, tr(lang, "\"%s\" is no setting for turns of one "
		    "move: say auto=on or auto=off."), word);
	else if (strcmp(code, "bad_option") == 0 && what != NULL &&
	    strcmp(what, "bank") == 0)
		/* TRANSLATORS: a refusal of /new or /options; %s what the
		   person typed; bank=2d, bank=2d+3h and bank=off are what
		   to type: keep them. */
		rbuf_add(b, tr(lang, "\"%s\" is no time bank: say bank=2d for "
		    "two days each, bank=2d+3h to give 3 h back per move, or "
		    "bank=off."), word);
	else if (strcmp(code, "usage") == 0 && cmd != NULL &&
	    strcmp(cmd, "settings") == 0)
		rbuf_addstr(b, tr(lang, "Say /settings, /settings zone "
		    "Europe/Berlin or /settings quiet 23:00-08:00."));
	else
		return (0);
	return (1);
}
