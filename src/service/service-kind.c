/*
 * service-kind.c: the kinds of outbox rows, in one table: the name the
 * store keeps and what a bridge needs to know to deliver one.  What each
 * kind's payload holds is listed in doc/service.md; how it reads is
 * composed in src/compose/ by kind.
 */
#include <stdio.h>
#include <string.h>

#include <jansson.h>

#include "service.h"

static const struct {
	const char	*name;
	int		 flags;
} svc_kinds[SVC_OUT_NKINDS] = {
	[SVC_OUT_UNKNOWN] =	{ "?", 0 },
	[SVC_OUT_LOBBY] =	{ "lobby", SVC_OF_KEEP },
	[SVC_OUT_OPTIONS] =	{ "options", 0 },
	[SVC_OUT_BOARD] =	{ "board", SVC_OF_KEEP },
	[SVC_OUT_MOVED] =	{ "moved", SVC_OF_NOTICE | SVC_OF_MOVES },
	[SVC_OUT_HAND] =	{ "hand", SVC_OF_PRIVATE },
	[SVC_OUT_TURN] =	{ "turn", SVC_OF_PRIVATE | SVC_OF_TURN },
	[SVC_OUT_REMINDER] =	{ "reminder", SVC_OF_PRIVATE },
	[SVC_OUT_TAKEOVER] =	{ "takeover", SVC_OF_NOTICE | SVC_OF_MOVES },
	[SVC_OUT_OVER] =	{ "over", SVC_OF_NOTICE | SVC_OF_MOVES },
	[SVC_OUT_ABORTED] =	{ "aborted", SVC_OF_NOTICE },
	[SVC_OUT_SEAT] =	{ "seat", SVC_OF_NOTICE | SVC_OF_MOVES },
	[SVC_OUT_ERROR] =	{ "error", 0 },
	[SVC_OUT_INFO] =	{ "info", SVC_OF_NOTICE },
	[SVC_OUT_ANSWER] =	{ "answer", 0 },
	[SVC_OUT_MENU] =	{ "menu", SVC_OF_PRIVATE | SVC_OF_TURN },
	[SVC_OUT_PLAYED] =	{ "played", SVC_OF_PRIVATE },
	[SVC_OUT_RULES] =	{ "rules", 0 },
	[SVC_OUT_HELP] =	{ "help", 0 },
	[SVC_OUT_STATS] =	{ "stats", 0 },
	[SVC_OUT_TOP] =		{ "top", 0 },
	[SVC_OUT_HISTORY] =	{ "history", 0 },
	[SVC_OUT_SUMMARY] =	{ "summary", 0 },
	[SVC_OUT_RECORD] =	{ "record", 0 },
	[SVC_OUT_CHART] =	{ "chart", 0 },
	[SVC_OUT_DOCUMENT] =	{ "document", 0 },
	[SVC_OUT_EDIT_BOARD] =	{ "edit-board", SVC_OF_EDIT },
	[SVC_OUT_EDIT_LOBBY] =	{ "edit-lobby", SVC_OF_EDIT },
	[SVC_OUT_UNREACHABLE] =	{ "unreachable", 0 },
	[SVC_OUT_EXCHANGED] =	{ "exchanged", SVC_OF_NOTICE | SVC_OF_MOVES },
	[SVC_OUT_ENDED] =	{ "ended", SVC_OF_PRIVATE },
	[SVC_OUT_RETIRE] =	{ "retire", SVC_OF_PRIVATE },
	[SVC_OUT_HINT] =	{ "hint", SVC_OF_PRIVATE },
	[SVC_OUT_LESSON] =	{ "lesson", 0 },
	[SVC_OUT_REVIEW] =	{ "review", SVC_OF_PRIVATE },
	[SVC_OUT_PIN_BOARD] =	{ "pin-board", SVC_OF_TIDY },
	[SVC_OUT_CONFIRM] =	{ "confirm", 0 },
	[SVC_OUT_MEMBER] =	{ "member", 0 },
	[SVC_OUT_REMATCH] =	{ "rematch", 0 },
	[SVC_OUT_REMATCH_ASK] =	{ "rematch-ask", SVC_OF_PRIVATE },
	[SVC_OUT_SETTINGS] =	{ "settings", 0 },
	[SVC_OUT_FORCED] =	{ "forced", SVC_OF_PRIVATE },
	[SVC_OUT_PREMOVE] =	{ "premove", SVC_OF_PRIVATE },
	[SVC_OUT_AWAY] =	{ "away", 0 },
	[SVC_OUT_DIGEST] =	{ "digest", SVC_OF_PRIVATE },
};

/* The kind named name, SVC_OUT_UNKNOWN for a name no kind has. */
int
svc_kind_find(const char *name)
{
	int	k;

	for (k = SVC_OUT_UNKNOWN + 1; k < SVC_OUT_NKINDS; k++) {
		if (strcmp(svc_kinds[k].name, name) == 0)
			return (k);
	}
	return (SVC_OUT_UNKNOWN);
}

/* The name of kind k, as the store keeps it. */
const char *
svc_kind_name(int k)
{
	if (k <= SVC_OUT_UNKNOWN || k >= SVC_OUT_NKINDS)
		return (svc_kinds[SVC_OUT_UNKNOWN].name);
	return (svc_kinds[k].name);
}

/* Does kind k have all of flags (SVC_OF_*)? */
int
svc_kind_is(int k, int flags)
{
	if (k <= SVC_OUT_UNKNOWN || k >= SVC_OUT_NKINDS)
		return (0);
	return ((svc_kinds[k].flags & flags) == flags);
}

/*
 * A row that a bridge makes up itself, to compose a message that is not
 * in the outbox (the board the console shows again): kind k of game,
 * with data taken over (NULL: {}).  Free it with svc_out_free().
 */
void
svc_out_make(struct svc_out *out, int k, int64_t game, struct json_t *data)
{
	memset(out, 0, sizeof *out);
	out->type = k;
	snprintf(out->kind, sizeof out->kind, "%s", svc_kind_name(k));
	out->game = game;
	out->data = data != NULL ? data : json_object();
}
