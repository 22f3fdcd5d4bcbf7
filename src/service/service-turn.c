/*
 * service-turn.c: a game's turns: its start (the first deal), one action
 * logged with the rows it causes, the turn passed on, and the end of the
 * game.  The commands that play are service-play.c's.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <string.h>

#include "service-int.h"

/*
 * Start a lobby's game: deal from the seed, tell everyone.  Each person
 * gets their cards with the exchange's buttons (a person the AI plays
 * for, the cards alone).  A rematch's offer ends with its lobby,
 * however it was started.
 */
int
svc_game_begin(struct svc *svc, struct svc_gm *gm)
{
	json_t	*news[TAC_MAXSEATS];
	int	 s;

	if (store_rematch_del(svc->store, gm->g.id) != 0)
		return (svc_store_fail(svc));
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
 * base gained marbles (kicked into; for a TAC, by the card it takes, on
 * the board its undoing puts back), whose marble each segment of a move
 * or swap moved (tac_marbles()), and for a TAC whose card play it undid
 * (undid, the seat of the action before it; -1 if not known).
 */
json_t *
svc_turn_facts(const struct tac_state *before, const struct tac_state *after,
    const struct tac_action *act, int undid)
{
	const struct tac_board	*was = &before->b;
	json_t			*facts, *kicked, *marbles;
	int			 s, n, owners[TAC_MAXSEG];

	if (act->tac && !act->devil && before->undo.card != TAC_NONE)
		was = &before->undo.before;
	kicked = json_array();
	for (s = 0; s < after->cfg.nseats; s++) {
		if (after->b.base[s] > was->base[s])
			json_array_append_new(kicked, json_integer(s));
	}
	facts = json_pack("{s:o}", "kicked", kicked);
	if (act->tac && !act->devil && undid >= 0 &&
	    undid < after->cfg.nseats)
		json_object_set_new(facts, "undid", json_integer(undid));
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
 * save; then the next person's premove, if it is to be played.  who is
 * STORE_BY_*.
 */
int
svc_turn_done(struct svc *svc, struct svc_gm *gm, int seat,
    const struct tac_state *before, const struct tac_action *act, int who)
{
	static const char	*bys[] = { "person", "ai", "timeout" };
	struct store_game	*g = &gm->g;
	struct tac_action	 pre;
	char			 text[160], last[160];
	json_t			*j, *facts, *news[TAC_MAXSEATS];
	int			 s, told, undid = -1;

	/* The turn's time comes off its person's bank, if the game has one. */
	if (svc_bank_spend(svc, gm, seat, who == STORE_BY_TIMEOUT) != 0)
		return (-1);
	/* A TAC undoes the card play logged last: whose, for its words. */
	if (act->tac && !act->devil && store_last_action(svc->store, g->id,
	    &undid, last, sizeof last) < 0)
		return (svc_store_fail(svc));
	tac_action_format(act, text, sizeof text);
	if (store_action_add(svc->store, g->id, g->turn_no, seat, text, who,
	    svc->now) != 0)
		return (svc_store_fail(svc));
	g->turn_no++;
	/*
	 * The seat has played, so its premove is done with; a new deal (or
	 * the end) changes every hand, so every premove goes.
	 */
	if (svc_premove_drop(svc, gm, before->round != gm->st.round ||
	    gm->st.phase == TAC_PH_OVER ? -1 : seat) != 0)
		return (-1);
	facts = svc_turn_facts(before, &gm->st, act, undid);
	if (svc_turn_retire(svc, gm, seat, text, facts) != 0) {
		json_decref(facts);
		return (-1);
	}
	j = json_pack("{s:i, s:s, s:I, s:s}", "seat", seat, "action",
	    act->op == TAC_OP_GIVE ? "give" : text, "turn",
	    (json_int_t)g->turn_no, "by", bys[who]);
	json_object_update(j, facts);
	json_decref(facts);
	/*
	 * A group's live message tells it: no row of its own, only the
	 * message's edit after it; a private chat's game gets the row.
	 */
	if ((told = svc_live_told(svc, gm, j)) != 0)
		json_decref(j);
	if (told < 0 || (told > 0 && svc_edit_after(svc, gm,
	    SVC_OUT_EDIT_BOARD) != 0) || (told == 0 && svc_put_chat(svc, gm,
	    SVC_OUT_MOVED, j) != 0))
		return (-1);
	if (gm->st.phase == TAC_PH_OVER) {
		g->state = STORE_OVER;
		g->winner = gm->st.winner == TAC_NONE ? -1 : gm->st.winner;
		j = g->winner < 0 ? json_pack("{s:n}", "winner") :
		    json_pack("{s:i}", "winner", g->winner);
		/* Team-TAC's score, the cards played (rule K6). */
		if (g->cfg.coop)
			json_object_set_new(j, "cards", json_integer(
			    tac_cards_played(&gm->st)));
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
	/*
	 * The next person's premove, still legal, is played now, in this
	 * same transaction: it is applied with the move that passed the
	 * turn, or not at all.
	 */
	if (g->state == STORE_PLAYING && (s = svc_premove_due(svc, gm,
	    &pre)) != 0)
		return (s < 0 ? -1 : s == 1 ? svc_turn_premove(svc, gm, &pre) :
		    0);
	return (0);
}

/*
 * Play act, the premove of the seat to act (svc_premove_due()), as that
 * person's own move, the group seeing it like any other, and tell them
 * privately what was played ("forced" row, premove true).
 */
int
svc_turn_premove(struct svc *svc, struct svc_gm *gm,
    const struct tac_action *act)
{
	struct tac_state	 before;
	char			 text[160];
	int			 seat = gm->st.turn;

	before = gm->st;
	tac_action_format(act, text, sizeof text);
	if (svc_put_seat(svc, gm, seat, SVC_OUT_FORCED, json_pack("{s:s, "
	    "s:I, s:b}", "action", text, "turn", (json_int_t)gm->g.turn_no,
	    "premove", 1)) != 0)
		return (-1);
	tac_play(&gm->st, act);
	return (svc_turn_done(svc, gm, seat, &before, act, STORE_BY_PERSON));
}
