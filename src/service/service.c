/*
 * service.c: the service's life, one event's transaction, command parsing
 * and dispatch, group commit, and the read-only queries renderers use.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "lang.h"
#include "service-int.h"
#include "xmalloc.h"

/* The commands, by name. */
static const struct svc_cmd {
	const char	*name;
	int		(*fn)(struct svc_ctx *);
} svc_cmds[] = {
	{ "new", svc_cmd_new },
	{ "options", svc_cmd_options },
	{ "join", svc_cmd_join },
	{ "leave", svc_cmd_leave },
	{ "team", svc_cmd_team },
	{ "ai", svc_cmd_ai },
	{ "start", svc_cmd_link },	/* a deep link, a greeting, or the
					   lobby's start (service-link.c) */
	{ "abort", svc_cmd_abort },
	{ "play", svc_cmd_play },
	{ "hand", svc_cmd_hand },
	{ "board", svc_cmd_board },
	{ "replace", svc_cmd_replace },
	{ "resume", svc_cmd_resume },
	{ "lang", svc_cmd_lang },
	{ "menu", svc_cmd_menu },
	{ "stats", svc_cmd_stats },
	{ "top", svc_cmd_top },
	{ "history", svc_cmd_history },
	{ "summary", svc_cmd_summary },
	{ "moves", svc_cmd_moves },
	{ "record", svc_cmd_record },
	{ "hint", svc_cmd_hint },
	{ "learn", svc_cmd_learn },
	{ "review", svc_cmd_review },
};

/* Keep a failure's message in the service and return -1. */
int
svc_fail(struct svc *svc, const char *fmt, ...)
{
	va_list	ap;

	va_start(ap, fmt);
	vsnprintf(svc->err, sizeof svc->err, fmt, ap);
	va_end(ap);
	return (-1);
}

/* Take the store's failure message as the service's; return -1. */
int
svc_store_fail(struct svc *svc)
{
	return (svc_fail(svc, "store: %s", store_error(svc->store)));
}

/* The last failure's message. */
const char *
svc_error(struct svc *svc)
{
	return (svc->err);
}

/* The real clock, when the caller gives none. */
static int64_t
svc_realtime(void *arg)
{
	(void)arg;
	return ((int64_t)time(NULL));
}

/* Start the service over an open store. */
struct svc *
svc_open(struct store *store, svc_clock_fn clock, void *arg)
{
	struct svc	*svc;
	struct timespec	 ts;

	svc = xcalloc(1, sizeof *svc);
	svc->list = xmalloc(sizeof *svc->list);
	svc->cache = xcalloc(SVC_CACHE, sizeof *svc->cache);
	svc->store = store;
	svc->clock = clock != NULL ? clock : svc_realtime;
	svc->clock_arg = arg;
	/* Seeds of new games only need to differ, not to be secret. */
	clock_gettime(CLOCK_REALTIME, &ts);
	svc->rng = (uint64_t)ts.tv_sec * 1000000007u ^ (uint64_t)ts.tv_nsec ^
	    ((uint64_t)getpid() << 32);
	svc->housekept = svc->clock(svc->clock_arg);
	return (svc);
}

/* Stop the service; the store stays open (the caller closes it). */
void
svc_close(struct svc *svc)
{
	if (svc == NULL)
		return;
	if (svc->batch)
		store_rollback(svc->store);
	json_decref(svc->refusal);
	json_decref(svc->hinted);
	svc_review_close(svc);
	free(svc->cache);
	free(svc->touched);
	free(svc->taken);
	free(svc->told);
	free(svc->list);
	free(svc);
}

/* How long a turn without a deadline waits before its reminder. */
void
svc_set_remind(struct svc *svc, int64_t seconds)
{
	svc->idle_remind = seconds > 0 ? seconds : 0;
}

/* Forget every cached position (their transaction was rolled back). */
void
svc_cache_clear(struct svc *svc)
{
	int	i;

	for (i = 0; i < SVC_CACHE; i++)
		svc->cache[i].id = 0;
	for (i = 0; i < SVC_FRAMES; i++)
		svc->frames[i].id = 0;
}

/* Open the transaction of one piece of work (a savepoint in a batch). */
int
svc_txn_begin(struct svc *svc)
{
	if (svc->batch) {
		if (svc->broken)
			return (svc_fail(svc, "the batch's transaction was "
			    "lost: end the batch and feed its events again"));
		if (store_savepoint(svc->store) != 0)
			return (svc_store_fail(svc));
		return (0);
	}
	if (store_begin(svc->store) != 0)
		return (svc_store_fail(svc));
	return (0);
}

/*
 * Finish one piece of work: keep it when ok, else undo it.  -1 when it
 * was not kept.  If SQLite dropped a batch's whole transaction (it may on
 * a full disk), the batch is marked broken so that svc_batch_end fails.
 */
int
svc_txn_end(struct svc *svc, int ok)
{
	struct store	*s = svc->store;

	if (svc->batch) {
		if (ok && store_release(s) == 0)
			return (0);
		if (ok)
			svc_store_fail(svc);
		svc_cache_clear(svc);
		store_rollback_to(s);
		if (!store_in_txn(s))
			svc->broken = 1;
		return (-1);
	}
	if (ok && store_commit(s) == 0)
		return (0);
	if (ok)
		svc_store_fail(svc);
	svc_cache_clear(svc);
	store_rollback(s);
	return (-1);
}

/* Start a batch: the following events share one transaction. */
int
svc_batch_begin(struct svc *svc)
{
	if (svc->batch)
		return (svc_fail(svc, "a batch is already open"));
	if (store_begin(svc->store) != 0)
		return (svc_store_fail(svc));
	svc->batch = 1;
	svc->broken = 0;
	return (0);
}

/* Commit a batch; -1: none of its events were kept. */
int
svc_batch_end(struct svc *svc)
{
	int	broken = svc->broken;

	if (!svc->batch)
		return (svc_fail(svc, "no batch is open"));
	svc->batch = 0;
	svc->broken = 0;
	if (broken) {
		svc_cache_clear(svc);
		store_rollback(svc->store);
		return (svc_fail(svc, "the batch's transaction was lost"));
	}
	if (store_commit(svc->store) != 0) {
		svc_store_fail(svc);
		svc_cache_clear(svc);
		store_rollback(svc->store);
		return (-1);
	}
	svc_housekeep(svc);
	return (0);
}

/* Is the person the game's creator or an admin of the game's chat? */
int
svc_is_admin(struct svc_ctx *ctx, const struct svc_gm *gm)
{
	if (ctx->user != 0 && ctx->user == gm->g.creator)
		return (1);
	return (ctx->ev->admin && ctx->chat == gm->g.chat);
}

/* The seat a person holds in a game, -1 if none. */
int
svc_seat_of(const struct svc_gm *gm, int64_t user)
{
	int	i;

	for (i = 0; i < gm->g.cfg.nseats; i++) {
		if (user != 0 && gm->g.seats[i].user == user)
			return (i);
	}
	return (-1);
}

/* A platform language code as one we speak ("ru-RU" is ru), else en. */
static const char *
svc_lang(const char *code)
{
	const char	*lang = lang_find(code);

	return (lang != NULL ? lang : "en");
}

/* Does text begin with something that may be an action in the notation? */
static int
svc_looks_like_action(const char *p)
{
	size_t	n;

	n = strcspn(p, " \t\r\n");
	if (n == 4 && strncasecmp(p, "give", 4) == 0)
		return (1);
	return (n > 0 && tac_card_parse(p, n) >= 0);
}

/* Is the word at p (n bytes) the name of a command? */
static int
svc_is_command(const char *p, size_t n)
{
	size_t	i;

	if ((n == 5 && strncasecmp(p, "rules", 5) == 0) ||
	    (n == 4 && strncasecmp(p, "help", 4) == 0))
		return (1);
	for (i = 0; i < sizeof svc_cmds / sizeof svc_cmds[0]; i++) {
		if (strlen(svc_cmds[i].name) == n &&
		    strncasecmp(p, svc_cmds[i].name, n) == 0)
			return (1);
	}
	return (0);
}

/*
 * Split text into command, game pick and arguments.  Plain text that does
 * not look like an action leaves cmd empty: it is chatter, not for us.
 * A button's text may leave out the "/" of a command (bare: 1).  -1 when
 * the text is too long for a command.
 */
static int
svc_parse(struct svc_ctx *ctx, const char *text, int bare)
{
	const char	*p = text;
	size_t		 n, i;
	char		*end;

	while (isspace((unsigned char)*p))
		p++;
	if (*p == '/' || (bare && svc_is_command(p, strcspn(p, " \t\r\n")))) {
		if (*p == '/')
			p++;
		n = strspn(p, "abcdefghijklmnopqrstuvwxyz"
		    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");
		if (n == 0 || n >= sizeof ctx->cmd)
			snprintf(ctx->cmd, sizeof ctx->cmd, "?");
		else {
			for (i = 0; i < n; i++)
				ctx->cmd[i] = tolower((unsigned char)p[i]);
			ctx->cmd[n] = '\0';
		}
		p += n;
		if (*p == '@')		/* "/cmd@BotName" */
			p += strcspn(p, " \t\r\n");
	} else if (svc_looks_like_action(p))
		snprintf(ctx->cmd, sizeof ctx->cmd, "play");
	else
		return (0);

	while (isspace((unsigned char)*p))
		p++;
	if (*p == '#' && isdigit((unsigned char)p[1])) {
		ctx->pick = strtoll(p + 1, &end, 10);
		p = end;
		while (isspace((unsigned char)*p))
			p++;
	}
	if ((n = strlen(p)) >= sizeof ctx->args)
		return (-1);
	while (n > 0 && isspace((unsigned char)p[n - 1]))
		n--;
	memcpy(ctx->args, p, n);
	ctx->args[n] = '\0';
	return (0);
}

/*
 * Read button data "GAME:TURN:TEXT" (TURN may be empty); data of another
 * shape is taken as text.
 */
static int
svc_parse_button(struct svc_ctx *ctx, const char *data)
{
	char	text[SVC_BUTTON_MAX + 1];
	int64_t	game, turn;

	if (svc_button_parse(data, &game, &turn, text, sizeof text) != 0)
		return (svc_parse(ctx, data, 1));
	if (svc_parse(ctx, text, 1) != 0)
		return (-1);
	if (ctx->pick == 0)
		ctx->pick = game;
	ctx->turn = turn;
	if (ctx->cmd[0] == '\0')	/* bare notation from a button */
		snprintf(ctx->cmd, sizeof ctx->cmd, "play");
	return (0);
}

/* A button made at another turn of the game is refused: 1 stale, 0 fine. */
static int
svc_stale(struct svc_ctx *ctx)
{
	struct store_game	g;
	int			rc;

	if (ctx->turn < 0 || ctx->pick == 0)
		return (0);
	if ((rc = store_game_get(ctx->svc->store, ctx->pick, &g, NULL)) < 0)
		return (svc_store_fail(ctx->svc));
	if (rc == 1 && g.turn_no == ctx->turn && g.state < STORE_OVER)
		return (0);
	if (svc_refuse(ctx, "stale", NULL) != 0)
		return (-1);
	return (1);
}

/* {game} of the chat's open game, {} if none: rules in its naming. */
static json_t *
svc_chat_game_of(struct svc_ctx *ctx)
{
	int64_t	id;

	if ((id = store_chat_game(ctx->svc->store, ctx->chat)) <= 0)
		return (json_object());
	return (json_pack("{s:I}", "game", (json_int_t)id));
}

/* Run the command of an event. */
static int
svc_dispatch(struct svc_ctx *ctx)
{
	size_t	i;
	int	rc;

	if (strcmp(ctx->cmd, "rules") == 0 || strcmp(ctx->cmd, "help") == 0)
		return (svc_reply(ctx, strcmp(ctx->cmd, "rules") == 0 ?
		    SVC_OUT_RULES : SVC_OUT_HELP, svc_chat_game_of(ctx)));
	for (i = 0; i < sizeof svc_cmds / sizeof svc_cmds[0]; i++) {
		if (strcmp(ctx->cmd, svc_cmds[i].name) != 0)
			continue;
		if ((rc = svc_stale(ctx)) != 0)
			return (rc < 0 ? -1 : 0);
		/*
		 * Every command loads its game before it writes anything, so
		 * a game whose log does not replay can be refused cleanly
		 * instead of failing the event for ever.
		 */
		ctx->svc->bad_game = 0;
		if ((rc = svc_cmds[i].fn(ctx)) != 0 && ctx->svc->bad_game)
			return (svc_refuse(ctx, "damaged", "{s:I}", "game",
			    (json_int_t)ctx->svc->bad_game));
		return (rc);
	}
	return (svc_refuse(ctx, "unknown_command", "{s:s}", "command",
	    ctx->cmd));
}

/* The work of one event, inside its transaction. */
static int
svc_event_run(struct svc *svc, const struct svc_event *ev)
{
	struct svc_ctx	 ctx;
	const char	*lang, *text;
	int		 rc;

	if (ev->update_id >= 0) {
		rc = store_update_seen(svc->store, ev->platform, ev->update_id,
		    svc->now);
		if (rc <= 0)	/* a duplicate, or a failure */
			return (rc < 0 ? svc_store_fail(svc) : 0);
	}
	text = ev->kind == SVC_EV_BUTTON ? ev->data : ev->text;
	if (ev->chat == NULL || ev->user == NULL || text == NULL)
		return (0);

	memset(&ctx, 0, sizeof ctx);
	ctx.svc = svc;
	ctx.ev = ev;
	ctx.turn = -1;
	lang = svc_lang(ev->lang);
	if ((ctx.chat = store_chat(svc->store, ev->platform, ev->chat,
	    ev->chat_title, ev->private_chat, lang, ctx.chat_lang)) < 0 ||
	    (ctx.user = store_user(svc->store, ev->platform, ev->user,
	    ev->user_name, lang, ctx.user_lang)) < 0)
		return (svc_store_fail(svc));

	if (ev->kind == SVC_EV_BUTTON)
		rc = svc_parse_button(&ctx, text);
	else if (ev->kind == SVC_EV_APP)
		rc = svc_web_parse(&ctx);
	else
		rc = svc_parse(&ctx, text, 0);
	if (rc != 0)
		rc = svc_refuse(&ctx, "too_long", NULL);
	else if (ctx.cmd[0] != '\0')
		rc = svc_dispatch(&ctx);
	if (rc == 0)
		rc = svc_answer(&ctx);
	return (rc);
}

/* Process one event in one transaction (see service.h). */
int
svc_event(struct svc *svc, const struct svc_event *ev)
{
	int	rc;

	svc->now = svc->clock(svc->clock_arg);
	if (ev->platform == NULL || *ev->platform == '\0')
		rc = svc_fail(svc, "an event without a platform");
	else if ((rc = svc_txn_begin(svc)) == 0) {
		rc = svc_event_run(svc, ev);
		if (svc_txn_end(svc, rc == 0) != 0)
			rc = -1;
	}
	/* The event is kept: pruning's failure is not the event's. */
	if (rc == 0)
		svc_housekeep(svc);
	return (rc);
}

/* The open game of a chat (platform and platform chat id). */
int64_t
svc_chat_game(struct svc *svc, const char *platform, const char *chat)
{
	int64_t	id;

	if ((id = store_chat_game_pid(svc->store, platform, chat)) < 0)
		svc_store_fail(svc);
	return (id);
}

/* The highest update id processed on a platform, -1 if none. */
int64_t
svc_update_offset(struct svc *svc, const char *platform)
{
	char	key[64], buf[32];
	int	rc;

	snprintf(key, sizeof key, "offset:%s", platform);
	if ((rc = store_kv_get(svc->store, key, buf, sizeof buf)) <= 0) {
		if (rc < 0)
			svc_store_fail(svc);
		return (-1);
	}
	return (strtoll(buf, NULL, 10));
}

/* A game's facts for the renderers, from its store row. */
int
svc_game_facts(struct svc *svc, const struct store_game *sg,
    struct svc_game *out)
{
	struct svc_seat	*p;
	int		 i;

	memset(out, 0, sizeof *out);
	out->id = sg->id;
	out->state = sg->state;
	snprintf(out->platform, sizeof out->platform, "%s", sg->platform);
	snprintf(out->chat, sizeof out->chat, "%s", sg->chat_pid);
	snprintf(out->title, sizeof out->title, "%s", sg->title);
	out->private = sg->private;
	snprintf(out->lang, sizeof out->lang, "%s", sg->lang);
	out->cfg = sg->cfg;
	out->deadline = sg->deadline;
	out->turn_no = sg->turn_no;
	out->due = sg->due;
	snprintf(out->creator, sizeof out->creator, "%s", sg->creator_pid);
	for (i = 0; i < sg->cfg.nseats; i++) {
		p = &out->seats[i];
		p->ai = sg->seats[i].ai;
		p->away = sg->seats[i].away;
		snprintf(p->user, sizeof p->user, "%s", sg->seats[i].pid);
		snprintf(p->name, sizeof p->name, "%s", sg->seats[i].name);
	}
	out->actor = sg->actor;
	out->winner = sg->winner;
	out->remind = sg->remind;
	out->ai = sg->ai > 0 ? sg->ai : 1;
	out->hints = sg->hints;
	out->created = sg->created;
	out->updated = sg->updated;
	snprintf(out->board, sizeof out->board, "%s",
	    strcmp(sg->board, "text") == 0 ? "text" : "picture");
	if (store_last_action(svc->store, sg->id, &out->last_seat, out->last,
	    sizeof out->last) < 0)
		return (svc_store_fail(svc));
	/* A gift stays secret, as in the "moved" rows. */
	if (strncmp(out->last, "give ", 5) == 0)
		snprintf(out->last, sizeof out->last, "give");
	return (0);
}

/* A game read once: its facts, and its whole position (service.h). */
int
svc_game_view(struct svc *svc, int64_t id, struct svc_game *g,
    struct tac_state *st)
{
	struct svc_gm	gm;
	int		rc;

	if ((rc = svc_game_load(svc, id, &gm)) <= 0)
		return (rc);
	if (svc_game_facts(svc, &gm.g, g) != 0)
		return (-1);
	g->started = gm.started;
	/* An exchange shows the gifts given so far, face down. */
	if (gm.started && st != NULL)
		svc_gift_shown(&gm, st);
	return (1);
}

/* Describe a game for the renderers; -1 when there is none. */
int
svc_game_info(struct svc *svc, int64_t id, struct svc_game *out)
{
	struct store_game	g;
	int			rc;

	svc->reads++;
	if ((rc = store_game_get(svc->store, id, &g, NULL)) <= 0) {
		if (rc < 0)
			return (svc_store_fail(svc));
		return (svc_fail(svc, "there is no game #%lld", (long long)id));
	}
	return (svc_game_facts(svc, &g, out));
}

/* How many times games were read (service.h). */
uint64_t
svc_game_reads(struct svc *svc)
{
	return (svc->reads);
}

/* A game's position: all of it (seat -1) or as one seat sees it. */
int
svc_game_position(struct svc *svc, int64_t id, int seat,
    struct tac_state *st)
{
	struct svc_gm		gm;
	struct tac_state	shown;
	int			rc;

	if ((rc = svc_game_load(svc, id, &gm)) <= 0) {
		if (rc == 0)
			svc_fail(svc, "there is no game #%lld", (long long)id);
		return (-1);
	}
	if (!gm.started)
		return (svc_fail(svc, "game #%lld has not started",
		    (long long)id));
	svc_gift_shown(&gm, &shown);
	if (seat < 0)
		*st = shown;
	else
		tac_view(&shown, seat, st);
	return (0);
}
