/*
 * compose-kind.c: every kind of outbox row, one entry each: the form its
 * message takes as a rule (a make may change it: a turn drawn as a
 * picture, a record that could not be made), the function that makes
 * it (in the file of its concern), and its ways (COMPOSE_K_*, compose.h):
 * whether it notifies, whether a group's live message tells it, which
 * button opens the app under it, what its buttons are.  The service's
 * table (service-kind.c) names the kinds and says how they are queued;
 * this one says how they read.  Adding a kind is a row in each.
 */
#include <stddef.h>

#include "compose-int.h"

/* A row of a kind this tacd does not know (a newer one's): its name. */
static int
compose_unknown_make(struct compose_ctx *c, const struct svc_out *out,
    struct compose_msg *m)
{
	(void)c;
	return (compose_unsaid(out, m));
}

#define W	COMPOSE_K_WORDS

static const struct compose_kind compose_kinds[SVC_OUT_NKINDS] = {
	[SVC_OUT_UNKNOWN] =	{ COMPOSE_TEXT, compose_unknown_make, W },
	[SVC_OUT_LOBBY] =	{ COMPOSE_TEXT, compose_lobby_make,
				  W | COMPOSE_K_NOTIFY_NEW | COMPOSE_K_STATE },
	[SVC_OUT_OPTIONS] =	{ COMPOSE_TEXT, compose_options_make, W },
	[SVC_OUT_BOARD] =	{ COMPOSE_BOARD, compose_board_make,
				  W | COMPOSE_K_NOTIFY_NEW | COMPOSE_K_STATE |
				  COMPOSE_K_APP_GROUP },
	[SVC_OUT_MOVED] =	{ COMPOSE_TEXT, compose_moved_make,
				  W | COMPOSE_K_MOVE },
	[SVC_OUT_HAND] =	{ COMPOSE_TEXT, compose_hand_make,
				  W | COMPOSE_K_APP | COMPOSE_K_TITLE },
	[SVC_OUT_TURN] =	{ COMPOSE_TEXT, compose_turn_make,
				  W | COMPOSE_K_APP | COMPOSE_K_CHOICES |
				  COMPOSE_K_YOURTURN | COMPOSE_K_TITLE },
	[SVC_OUT_REMINDER] =	{ COMPOSE_TEXT, compose_reminder_make,
				  W | COMPOSE_K_TITLE },
	[SVC_OUT_TAKEOVER] =	{ COMPOSE_TEXT, compose_takeover_make,
				  W | COMPOSE_K_NOTIFY },
	[SVC_OUT_OVER] =	{ COMPOSE_TEXT, compose_over_make,
				  W | COMPOSE_K_NOTIFY | COMPOSE_K_END },
	[SVC_OUT_ABORTED] =	{ COMPOSE_TEXT, compose_aborted_make,
				  W | COMPOSE_K_NOTIFY },
	[SVC_OUT_SEAT] =	{ COMPOSE_TEXT, compose_seat_make,
				  W | COMPOSE_K_NOTIFY },
	[SVC_OUT_ERROR] =	{ COMPOSE_TEXT, compose_say_make, W },
	[SVC_OUT_INFO] =	{ COMPOSE_TEXT, compose_say_make, W },
	[SVC_OUT_ANSWER] =	{ COMPOSE_ANSWER, compose_answer_make, 0 },
	[SVC_OUT_MENU] =	{ COMPOSE_TEXT, compose_menu_make,
				  COMPOSE_K_APP | COMPOSE_K_CHOICES |
				  COMPOSE_K_TITLE },
	[SVC_OUT_PLAYED] =	{ COMPOSE_TEXT, compose_played_make,
				  COMPOSE_K_TITLE },
	[SVC_OUT_RULES] =	{ COMPOSE_TEXT, compose_rules_make, W },
	[SVC_OUT_HELP] =	{ COMPOSE_TEXT, compose_help_make, W },
	[SVC_OUT_STATS] =	{ COMPOSE_TEXT, compose_stats_make, W },
	[SVC_OUT_TOP] =		{ COMPOSE_TEXT, compose_top_make, W },
	[SVC_OUT_HISTORY] =	{ COMPOSE_TEXT, compose_history_make, W },
	[SVC_OUT_SUMMARY] =	{ COMPOSE_TEXT, compose_summary_make,
				  W | COMPOSE_K_REPLAY },
	[SVC_OUT_RECORD] =	{ COMPOSE_TEXT, compose_record_make, W },
	[SVC_OUT_CHART] =	{ COMPOSE_CHART, compose_chart_make, W },
	[SVC_OUT_DOCUMENT] =	{ COMPOSE_DOCUMENT, compose_document_make, 0 },
	[SVC_OUT_EDIT_BOARD] =	{ COMPOSE_BOARD, compose_edit_board_make,
				  W | COMPOSE_K_APP_GROUP },
	[SVC_OUT_EDIT_LOBBY] =	{ COMPOSE_TEXT, compose_edit_lobby_make, W },
	[SVC_OUT_UNREACHABLE] =	{ COMPOSE_TEXT, compose_unreachable_make,
				  COMPOSE_K_NOTIFY },
	[SVC_OUT_EXCHANGED] =	{ COMPOSE_TEXT, compose_exchanged_make, W },
	[SVC_OUT_ENDED] =	{ COMPOSE_TEXT, compose_ended_make,
				  W | COMPOSE_K_TITLE },
	[SVC_OUT_RETIRE] =	{ COMPOSE_TEXT, compose_retire_make, 0 },
	[SVC_OUT_HINT] =	{ COMPOSE_TEXT, compose_hint_make,
				  W | COMPOSE_K_TITLE },
	[SVC_OUT_LESSON] =	{ COMPOSE_TEXT, compose_lesson_make,
				  W | COMPOSE_K_CHOICES | COMPOSE_K_LESSON },
	[SVC_OUT_REVIEW] =	{ COMPOSE_TEXT, compose_review_make,
				  W | COMPOSE_K_TITLE },
	[SVC_OUT_PIN_BOARD] =	{ COMPOSE_PIN, compose_pin_make, 0 },
	[SVC_OUT_CONFIRM] =	{ COMPOSE_TEXT, compose_confirm_make, W },
	[SVC_OUT_MEMBER] =	{ COMPOSE_MEMBER, compose_member_make,
				  COMPOSE_K_ASK },
	[SVC_OUT_REMATCH] =	{ COMPOSE_TEXT, compose_rematch_make,
				  W | COMPOSE_K_NOTIFY },
	[SVC_OUT_REMATCH_ASK] =	{ COMPOSE_TEXT, compose_rematch_ask_make,
				  W | COMPOSE_K_TITLE },
	[SVC_OUT_SETTINGS] =	{ COMPOSE_TEXT, compose_settings_make, W },
	[SVC_OUT_FORCED] =	{ COMPOSE_TEXT, compose_forced_make,
				  W | COMPOSE_K_TITLE },
	[SVC_OUT_PREMOVE] =	{ COMPOSE_TEXT, compose_premove_make,
				  W | COMPOSE_K_TITLE },
	[SVC_OUT_AWAY] =	{ COMPOSE_TEXT, compose_away_make,
				  W | COMPOSE_K_TITLE },
	[SVC_OUT_DIGEST] =	{ COMPOSE_TEXT, compose_digest_make, W },
};

#undef W

/* The entry of kind k (a kind out of range reads as an unknown one). */
const struct compose_kind *
compose_kind(int k)
{
	if (k <= SVC_OUT_UNKNOWN || k >= SVC_OUT_NKINDS ||
	    compose_kinds[k].make == NULL)
		return (&compose_kinds[SVC_OUT_UNKNOWN]);
	return (&compose_kinds[k]);
}

/* Does kind k have all of flags (COMPOSE_K_*)? */
int
compose_kind_is(int k, int flags)
{
	return ((compose_kind(k)->flags & flags) == flags);
}
