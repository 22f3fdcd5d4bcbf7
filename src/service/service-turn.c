/*
 * service-turn.c: loading and saving a game's position, whose turn it is,
 * one action's log entry and notifications, and the commands of a running
 * game (/play, /hand, /board).
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "service-int.h"
#include "tacjson.h"

/*
 * Rebuild a game's position from the truth: its seed and its log.  Used
 * when the snapshot is missing or does not load.
 */
static int
svc_game_replay(struct svc *svc, struct svc_gm *gm)
{
	struct tac_record	rec;
	struct tac_action	a;
	char			why[256];
	size_t			i;
	int			rc;

	if ((rc = store_record(svc->store, gm->g.id, &rec)) <= 0) {
		svc->bad_game = rc == -2 ? gm->g.id : 0;
		return (rc < 0 ? svc_fail(svc, "game #%lld: %s",
		    (long long)gm->g.id, store_error(svc->store)) :
		    svc_fail(svc, "game #%lld vanished", (long long)gm->g.id));
	}
	if (tac_config_check(&rec.cfg, why, sizeof why) != 0) {
		svc_fail(svc, "game #%lld: %s", (long long)gm->g.id, why);
		goto fail;
	}
	tac_init(&gm->st, &rec.cfg, rec.seed);
	for (i = 0; i < rec.nactions; i++) {
		if (tac_action_parse(rec.actions[i], &a, why, sizeof why) != 0 ||
		    tac_apply(&gm->st, &a, svc->list, why, sizeof why) < 0) {
			svc_fail(svc, "game #%lld: action %zu \"%s\": %s",
			    (long long)gm->g.id, i, rec.actions[i], why);
			goto fail;
		}
	}
	tac_record_free(&rec);
	gm->started = 1;
	return (0);
fail:
	svc->bad_game = gm->g.id;
	tac_record_free(&rec);
	return (-1);
}

/*
 * Load a game: its row, seats and (once started) its position, from the
 * cache, the snapshot or, failing both, by replaying the log.  1 loaded,
 * 0 no such game, -1 failure.
 */
int
svc_game_load(struct svc *svc, int64_t id, struct svc_gm *gm)
{
	struct svc_cached	*c = &svc->cache[id % SVC_CACHE];
	json_t			*j;
	char			*snap = NULL, why[256];
	int			 rc;

	memset(gm, 0, sizeof *gm);
	svc->reads++;
	if ((rc = store_game_get(svc->store, id, &gm->g, NULL)) <= 0)
		return (rc < 0 ? svc_store_fail(svc) : 0);
	if (svc_gifts_load(svc, gm) != 0)
		return (-1);
	if (c->id == id && c->turn_no == gm->g.turn_no) {
		gm->st = c->st;
		gm->started = 1;
		return (svc_gifts_load(svc, gm) == 0 ? 1 : -1);
	}
	if (store_game_snapshot(svc->store, id, &snap) < 0)
		return (svc_store_fail(svc));
	if (snap == NULL && gm->g.state != STORE_PLAYING &&
	    gm->g.state != STORE_OVER)
		return (1);	/* a lobby, or one aborted before it began */
	if (snap != NULL) {
		j = json_loads(snap, 0, NULL);
		free(snap);
		if (j != NULL && tac_position_load(&gm->st, j, why,
		    sizeof why) == 0)
			gm->started = 1;
		json_decref(j);
	}
	if (!gm->started && svc_game_replay(svc, gm) != 0)
		return (-1);
	c->id = id;
	c->turn_no = gm->g.turn_no;
	c->st = gm->st;
	return (svc_gifts_load(svc, gm) == 0 ? 1 : -1);
}

/*
 * Find the game a command is about (see service.h): the one picked with
 * "#ID", the chat's game, or in a private chat the person's game that
 * waits for them.  1 loaded, 0 refused (the person was told), -1 failure.
 */
int
svc_game_find(struct svc_ctx *ctx, struct svc_gm *gm)
{
	struct svc	*svc = ctx->svc;
	int64_t		 id, ids[8];
	int		 myturn[8], i, n, nwait = 0, rc;
	char		 list[128];
	size_t		 len = 0;

	if ((id = ctx->pick) == 0 &&
	    (id = store_chat_game(svc->store, ctx->chat)) < 0)
		return (svc_store_fail(svc));
	if (id == 0 && !ctx->ev->private_chat)
		return (svc_refuse(ctx, "no_game", "{s:s}", "where", "chat"));
	if (id == 0) {
		if ((n = svc_user_games(svc, ctx->user, ids, myturn, 8)) < 0)
			return (-1);
		if (n == 0)
			return (svc_refuse(ctx, "no_game", "{s:s}", "where",
			    "you"));
		list[0] = '\0';
		for (i = 0; i < n && i < 8; i++) {
			if (myturn[i] && nwait++ == 0)
				id = ids[i];
			len += snprintf(list + len, sizeof list - len, "%s#%lld",
			    i > 0 ? ", " : "", (long long)ids[i]);
			if (len >= sizeof list)
				len = sizeof list - 1;
		}
		if (nwait != 1 && n == 1)
			id = ids[0];
		else if (nwait != 1)
			return (svc_refuse(ctx, "which_game", "{s:s, s:s, s:I}",
			    "games", list, "command", ctx->cmd, "game",
			    (json_int_t)ids[0]));
	}
	if (ctx->row_only) {
		memset(gm, 0, sizeof *gm);
		if ((rc = store_game_get(svc->store, id, &gm->g, NULL)) < 0)
			return (svc_store_fail(svc));
	} else
		rc = svc_game_load(svc, id, gm);
	if (rc != 0)
		return (rc);
	return (svc_refuse(ctx, "no_game", "{s:I}", "game", (json_int_t)id));
}

/*
 * Start a lobby's game: deal from the seed, tell everyone.  Each person
 * gets their cards with the exchange's buttons (a person the AI plays
 * for, the cards alone).
 */
int
svc_game_begin(struct svc *svc, struct svc_gm *gm)
{
	json_t	*news[TAC_MAXSEATS];
	int	 s;

	tac_init(&gm->st, &gm->g.cfg, gm->g.seed);
	gm->started = 1;
	gm->g.state = STORE_PLAYING;
	gm->g.turn_no = 0;
	if (svc_gifts_load(svc, gm) != 0)
		return (-1);
	for (s = 0; s < TAC_MAXSEATS; s++)
		news[s] = s < gm->g.cfg.nseats ? json_pack("{s:s, s:i}",
		    "what", "deal", "round", gm->st.round) : NULL;
	if (svc_put_chat(svc, gm, SVC_OUT_BOARD, json_object()) != 0) {
		svc_news_free(news);
		return (-1);
	}
	return (svc_turn_next(svc, gm, news));
}

/* Write a game's row and, once started, its snapshot. */
int
svc_game_save(struct svc *svc, struct svc_gm *gm)
{
	struct svc_cached	*c;
	json_t			*j;
	char			*snap = NULL;
	int			 rc;

	gm->g.updated = svc->now;
	if (gm->started) {
		j = tac_position_save(&gm->st, -1);
		snap = json_dumps(j, JSON_COMPACT);
		json_decref(j);
	}
	rc = store_game_put(svc->store, &gm->g, snap);
	free(snap);
	if (rc != 0)
		return (svc_store_fail(svc));
	if (gm->started) {
		c = &svc->cache[gm->g.id % SVC_CACHE];
		c->id = gm->g.id;
		c->turn_no = gm->g.turn_no;
		c->st = gm->st;
	}
	return (0);
}

/*
 * Work out who acts next and when their time is up: an AI (or a person
 * who is away) acts at once, through svc_timers(); a person gets the
 * game's deadline and a reminder at three quarters of it, or without a
 * deadline a reminder once the turn has waited svc_set_remind()'s time
 * (so the game does not wait unseen for someone who cannot be written
 * to: the bridge tells their group).  With notify, a person whose turn
 * it is now is told (in an exchange, everyone who must give), their
 * "turn" row carrying news[seat] (what changed their cards; taken over,
 * and NULLed) when news is not NULL.  The caller saves the game.
 */
int
svc_schedule_news(struct svc *svc, struct svc_gm *gm, int notify,
    json_t **news)
{
	struct store_game	*g = &gm->g;
	struct store_seat	*p;
	json_t			*j;

	g->due = g->remind = 0;
	if (g->state != STORE_PLAYING || !gm->started ||
	    gm->st.phase == TAC_PH_OVER) {
		g->actor = -1;
		return (0);
	}
	if (gm->st.phase == TAC_PH_EXCHANGE)
		return (svc_gift_schedule(svc, gm, notify, news));
	g->actor = gm->st.turn;
	p = &g->seats[g->actor];
	if (p->ai > 0 || p->away || p->user == 0) {
		g->due = svc->now;
		return (0);
	}
	if (g->deadline > 0) {
		g->due = svc->now + g->deadline;
		if (g->deadline >= SVC_REMIND_MIN)
			g->remind = g->due - g->deadline / 4;
	} else if (svc->idle_remind > 0)
		g->remind = svc->now + svc->idle_remind;
	if (!notify)
		return (0);
	j = json_pack("{s:I, s:I}", "turn", (json_int_t)g->turn_no, "due",
	    (json_int_t)g->due);
	if (j != NULL && news != NULL && news[g->actor] != NULL) {
		json_object_set_new(j, "news", news[g->actor]);
		news[g->actor] = NULL;
	}
	return (svc_put_seat(svc, gm, g->actor, SVC_OUT_TURN, j));
}

/* svc_schedule_news() without news. */
int
svc_schedule(struct svc *svc, struct svc_gm *gm, int notify)
{
	return (svc_schedule_news(svc, gm, notify, NULL));
}

/* Release what is left of news[] (svc_turn_next()'s). */
void
svc_news_free(json_t **news)
{
	int	s;

	for (s = 0; s < TAC_MAXSEATS; s++) {
		json_decref(news[s]);
		news[s] = NULL;
	}
}

/*
 * Pass the turn on and save: schedule it (a person told in their "turn"
 * row what changed their cards), tell everyone else whose cards changed
 * (news[seat] not NULL) in a "hand" row.  news is taken over.
 */
int
svc_turn_next(struct svc *svc, struct svc_gm *gm, json_t **news)
{
	int	s, rc = 0;

	if (svc_schedule_news(svc, gm, 1, news) != 0) {
		svc_news_free(news);
		return (-1);
	}
	for (s = 0; s < gm->g.cfg.nseats && rc == 0; s++) {
		if (news[s] == NULL)
			continue;
		rc = svc_put_seat(svc, gm, s, SVC_OUT_HAND, json_pack("{s:O}",
		    "news", news[s]));
	}
	svc_news_free(news);
	if (rc != 0)
		return (-1);
	return (svc_game_save(svc, gm));
}

/*
 * What changed seat's cards otherwise than its playing one card, as the
 * news of a "hand" or "turn" row ({what, ...}), or NULL when nothing
 * did: a new deal, a Fool (every hand passed on), a Devil that played
 * one of them (by: who played it).
 */
static json_t *
svc_hand_news(const struct tac_state *before, const struct tac_state *st,
    const struct tac_action *act, int seat, int actor)
{
	int	victim = -1;

	if (before->round != st->round)
		return (json_pack("{s:s, s:i}", "what", "deal", "round",
		    st->round));
	if (seat == actor ? st->nhand[seat] + 1 == before->nhand[seat] :
	    memcmp(before->hand[seat], st->hand[seat],
	    sizeof st->hand[seat]) == 0)
		return (NULL);
	if (act->op == TAC_OP_NONE && act->card == TAC_FOOL)
		return (json_pack("{s:s, s:i}", "what", "fool", "by", actor));
	if (before->phase == TAC_PH_DEVIL)
		victim = before->victim;
	else if (act->devil)
		victim = (actor + 1) % st->cfg.nseats;
	if (seat == victim && act->devil && act->op != TAC_OP_NONE)
		return (json_pack("{s:s, s:i, s:i}", "what", "devil", "by",
		    actor, "card", act->card));
	return (json_pack("{s:s}", "what", "cards"));
}

/*
 * What a card play did, for the words that tell it: the seats whose
 * base gained marbles (kicked into, or a TAC undid) and whose marble
 * each segment of a move or swap moved (tac_marbles()).
 */
json_t *
svc_turn_facts(const struct tac_state *before, const struct tac_state *after,
    const struct tac_action *act)
{
	json_t	*facts, *kicked, *marbles;
	int	 s, n, owners[TAC_MAXSEG];

	kicked = json_array();
	for (s = 0; s < after->cfg.nseats; s++) {
		if (after->b.base[s] > before->b.base[s])
			json_array_append_new(kicked, json_integer(s));
	}
	facts = json_pack("{s:o}", "kicked", kicked);
	if (act->op != TAC_OP_MOVE && act->op != TAC_OP_SWAP)
		return (facts);
	tac_marbles(before, act, owners);
	n = act->op == TAC_OP_SWAP ? 2 : act->nseg;
	marbles = json_array();
	for (s = 0; s < n && s < TAC_MAXSEG; s++)
		json_array_append_new(marbles, json_integer(owners[s]));
	json_object_set_new(facts, "marbles", marbles);
	return (facts);
}

/*
 * A person's live turn message (svc_outbox_finish() remembered it) now
 * shows dead buttons: queue a "played" row that retires it, in their own
 * private chat (so a gift's card may show), and forget it, so it is
 * retired once.  facts: svc_turn_facts(), copied into the row.
 */
int
svc_turn_retire(struct svc *svc, struct svc_gm *gm, int seat,
    const char *text, json_t *facts)
{
	const struct store_seat	*p = &gm->g.seats[seat];
	char			 ref[SVC_REF_MAX];
	json_t			*j;
	int			 rc;

	if (p->user == 0 || p->pid[0] == '\0')
		return (0);
	if ((rc = store_message(svc->store, gm->g.id, p->pid, "turn", ref,
	    sizeof ref)) < 0)
		return (svc_store_fail(svc));
	if (rc == 0 || ref[0] == '\0')
		return (0);
	if (store_message_forget(svc->store, gm->g.id, p->pid, "turn") != 0)
		return (svc_store_fail(svc));
	j = json_pack("{s:s, s:s}", "action", text, "ref", ref);
	json_object_update(j, facts);
	return (svc_put_seat(svc, gm, seat, SVC_OUT_PLAYED, j));
}

/*
 * After seat's action act took the game from 'before' to gm->st: log it,
 * retire the person's turn message, tell the chat (a gift stays secret),
 * tell people whose cards changed, end the game or pass the turn, and
 * save.  who is STORE_BY_*.
 */
int
svc_turn_done(struct svc *svc, struct svc_gm *gm, int seat,
    const struct tac_state *before, const struct tac_action *act, int who)
{
	static const char	*bys[] = { "person", "ai", "timeout" };
	struct store_game	*g = &gm->g;
	char			 text[160];
	json_t			*j, *facts, *news[TAC_MAXSEATS];
	int			 s;

	tac_action_format(act, text, sizeof text);
	if (store_action_add(svc->store, g->id, g->turn_no, seat, text, who,
	    svc->now) != 0)
		return (svc_store_fail(svc));
	g->turn_no++;
	facts = svc_turn_facts(before, &gm->st, act);
	if (svc_turn_retire(svc, gm, seat, text, facts) != 0) {
		json_decref(facts);
		return (-1);
	}
	j = json_pack("{s:i, s:s, s:I, s:s}", "seat", seat, "action",
	    act->op == TAC_OP_GIVE ? "give" : text, "turn",
	    (json_int_t)g->turn_no, "by", bys[who]);
	json_object_update(j, facts);
	json_decref(facts);
	/* The group's live message tells it; the row, other chats. */
	if (svc_live_told(svc, gm, j) != 0) {
		json_decref(j);
		return (-1);
	}
	if (svc_put_chat(svc, gm, SVC_OUT_MOVED, j) != 0)
		return (-1);
	if (gm->st.phase == TAC_PH_OVER) {
		g->state = STORE_OVER;
		g->winner = gm->st.winner == TAC_NONE ? -1 : gm->st.winner;
		j = g->winner < 0 ? json_pack("{s:n}", "winner") :
		    json_pack("{s:i}", "winner", g->winner);
		if (svc_put_chat(svc, gm, SVC_OUT_OVER, j) != 0 ||
		    svc_live_end(svc, gm) != 0)
			return (-1);
	}
	for (s = 0; s < TAC_MAXSEATS; s++)
		news[s] = s < g->cfg.nseats && g->state == STORE_PLAYING ?
		    svc_hand_news(before, &gm->st, act, s, seat) : NULL;
	if (svc_turn_next(svc, gm, news) != 0)
		return (-1);
	if (g->state == STORE_OVER && svc_end_tell(svc, gm, NULL) != 0)
		return (-1);
	/* The statistics take the game in the same transaction. */
	if (g->state == STORE_OVER && store_stats_finish(svc->store, g->id) !=
	    0)
		return (svc_store_fail(svc));
	/* Then its chat is told how it went; its review is queued. */
	if (g->state == STORE_OVER && (svc_end_summary(svc, gm) != 0 ||
	    svc_review_queue(svc, gm) != 0))
		return (-1);
	return (0);
}

/* Refuse unless the game is running; 1 running, 0 refused, -1 failure. */
int
svc_running(struct svc_ctx *ctx, const struct svc_gm *gm)
{
	switch (gm->g.state) {
	case STORE_PLAYING:
		return (1);
	case STORE_LOBBY:
		return (svc_refuse(ctx, "not_started", "{s:I}", "game",
		    (json_int_t)gm->g.id) == 0 ? 0 : -1);
	default:
		return (svc_refuse(ctx, "game_over", "{s:I}", "game",
		    (json_int_t)gm->g.id) == 0 ? 0 : -1);
	}
}

/*
 * The running game a command names and the caller's seat in it, when the
 * caller is the one to act (in an exchange: one who has not given yet):
 * 1; else 0 (refused, the person was told why) or -1 on failure.
 */
int
svc_actor(struct svc_ctx *ctx, struct svc_gm *gm, int *seat)
{
	int	rc;

	if ((rc = svc_game_find(ctx, gm)) <= 0 ||
	    (rc = svc_running(ctx, gm)) <= 0)
		return (rc);
	if ((*seat = svc_seat_of(gm, ctx->user)) < 0)
		return (svc_refuse(ctx, "not_in_game", "{s:I}", "game",
		    (json_int_t)gm->g.id));
	if (gm->st.phase == TAC_PH_EXCHANGE) {
		if (svc_gift_due(gm, *seat))
			return (1);
		return (svc_refuse(ctx, "already_given", "{s:I}", "game",
		    (json_int_t)gm->g.id));
	}
	if (gm->st.turn != *seat)
		return (svc_refuse(ctx, "not_your_turn", "{s:i, s:I}", "seat",
		    gm->st.turn, "game", (json_int_t)gm->g.id));
	return (1);
}

/*
 * The position as seat acts in it: the game's, or in an exchange the
 * one in which seat gives (svc_gift_state()).
 */
void
svc_acting(const struct svc_gm *gm, int seat, struct tac_state *st)
{
	if (gm->started && gm->st.phase == TAC_PH_EXCHANGE)
		svc_gift_state(gm, seat, st);
	else
		*st = gm->st;
}

/* Install how /play reads a move written in words (service.h). */
void
svc_set_reader(struct svc *svc, svc_read_fn fn, void *arg)
{
	svc->reader = fn;
	svc->reader_arg = arg;
}

/*
 * Read what a person gave /play as an action in st, gm's position as
 * they act in it: the notation, else (with a reader installed) the move
 * as their language shows it.  0, 1 when it is no action (why says why),
 * -1 on failure.
 */
static int
svc_play_read(struct svc_ctx *ctx, const struct svc_gm *gm,
    const struct tac_state *st, struct tac_action *a, struct tac_why *why)
{
	struct svc		*svc = ctx->svc;
	struct svc_game		 g;
	const char		*langs[2];

	if (tac_action_parse_why(ctx->args, a, why) == 0)
		return (0);
	if (svc->reader == NULL)
		return (1);
	if (svc_game_info(svc, gm->g.id, &g) != 0)
		return (-1);
	langs[0] = ctx->user_lang;
	langs[1] = gm->g.lang;
	return (svc->reader(svc->reader_arg, &g, langs, 2, st, ctx->args, a,
	    why) == 0 ? 0 : 1);
}

/* /play ACTION: the person's action, checked by the engine. */
int
svc_cmd_play(struct svc_ctx *ctx)
{
	struct svc		*svc = ctx->svc;
	struct svc_gm		 gm;
	struct tac_state	 before;
	struct tac_action	 a;
	struct tac_why		 why;
	int			 rc, seat, idx, gift;

	if ((rc = svc_actor(ctx, &gm, &seat)) <= 0)
		return (rc);
	if (ctx->args[0] == '\0')
		return (svc_refuse(ctx, "usage", "{s:s, s:i}", "command",
		    "play", "field", tac_start(&gm.st, seat)));
	/* The rules' reason goes as its message id and values. */
	svc_acting(&gm, seat, &before);
	if ((rc = svc_play_read(ctx, &gm, &before, &a, &why)) != 0)
		return (rc < 0 ? -1 : svc_refuse(ctx, "bad_action",
		    "{s:o, s:I}", "reason", svc_why(&why), "game",
		    (json_int_t)gm.g.id));
	if ((gift = gm.st.phase == TAC_PH_EXCHANGE))
		rc = svc_gift_check(svc, &gm, seat, &a, &why);
	else {
		before = gm.st;
		if ((idx = tac_apply_why(&gm.st, &a, svc->list, &why)) >= 0)
			a = svc->list->a[idx];	/* the canonical form */
		rc = idx >= 0 ? 0 : -1;
	}
	if (rc != 0)
		return (svc_refuse(ctx, "illegal", "{s:o, s:I}", "reason",
		    svc_why(&why), "game", (json_int_t)gm.g.id));

	/* Playing again takes the seat back from the AI. */
	if (gm.g.seats[seat].away) {
		gm.g.seats[seat].away = 0;
		if (store_seat_put(svc->store, gm.g.id, seat,
		    &gm.g.seats[seat]) != 0)
			return (svc_store_fail(svc));
	}
	if (gift)
		return (svc_gift_give(svc, &gm, seat, &a, STORE_BY_PERSON));
	return (svc_turn_done(svc, &gm, seat, &before, &a, STORE_BY_PERSON));
}

/*
 * /hand: the person's cards, in their private chat, with the buttons of
 * what waits for them (svc_pending()).
 */
int
svc_cmd_hand(struct svc_ctx *ctx)
{
	struct svc_gm	gm;
	int		rc, seat;

	if ((rc = svc_game_find(ctx, &gm)) <= 0 ||
	    (rc = svc_running(ctx, &gm)) <= 0)
		return (rc);
	if ((seat = svc_seat_of(&gm, ctx->user)) < 0)
		return (svc_refuse(ctx, "not_in_game", "{s:I}", "game",
		    (json_int_t)gm.g.id));
	return (svc_pending(ctx->svc, &gm, seat));
}

/*
 * /board: the board (or the lobby) at the bottom of the chat that asked
 * (the one shown before there is taken away); with a word, the chat's
 * board style.
 */
int
svc_cmd_board(struct svc_ctx *ctx)
{
	struct svc_gm	gm;
	int		rc;

	if (ctx->args[0] != '\0')
		return (svc_board_style(ctx));
	if ((rc = svc_game_find(ctx, &gm)) <= 0)
		return (rc);
	return (svc_reply(ctx, gm.started ? SVC_OUT_BOARD : SVC_OUT_LOBBY,
	    json_pack("{s:I, s:b}", "game", (json_int_t)gm.g.id, "bottom",
	    1)));
}
