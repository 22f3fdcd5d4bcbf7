/*
 * compose-hint.c: the hint in words ("hint" rows, the answer to a press
 * of the 💡 button, and the Mini App's answer), the 💡 button of a turn
 * message and the review button of a game's end, the hints a summary
 * counts, and what the service says about hints, lessons and reviews
 * (compose_say() asks here first).
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "compose-int.h"
#include "i18n.h"
#include "menu.h"
#include "utf8.h"

#define COMPOSE_BULB	"\xf0\x9f\x92\xa1"	/* 💡 */
#define COMPOSE_GLASS	"\xf0\x9f\x94\x8d"	/* 🔍 */

/*
 * Append the rules' reason of a payload value ({fmt, args}, svc_why())
 * in t's words; why is scratch.
 */
void
compose_reason(const struct render_game *t, json_t *o, struct tac_why *why,
    struct rbuf *b)
{
	json_t		*a;
	const char	*k, *s;
	size_t		 i;

	memset(why, 0, sizeof *why);
	if ((why->fmt = json_string_value(json_object_get(o, "fmt"))) == NULL)
		return;
	json_array_foreach(json_object_get(o, "args"), i, a) {
		if (why->nargs == TAC_WHY_MAXARGS)
			break;
		k = json_string_value(json_object_get(a, "k"));
		s = json_string_value(json_object_get(a, "s"));
		why->arg[why->nargs].kind = k != NULL ? k[0] : 'd';
		why->arg[why->nargs].v = (int)json_integer_value(
		    json_object_get(a, "v"));
		snprintf(why->arg[why->nargs++].s, sizeof why->arg[0].s, "%s",
		    s != NULL ? s : "");
	}
	render_why(t, why, b);
}

/*
 * Append a hint (a payload's values: action, devil, why, about) for
 * seat of game g, whose position is st: the move in the player's
 * words, then why.
 */
void
compose_hint_words(const struct render_game *t, const struct tac_state *st,
    int seat, json_t *p, struct rbuf *b)
{
	struct tac_action	 a;
	struct render_move	 mv;
	const char		*text = json_string_value(json_object_get(p,
				    "action"));
	char			 err[128];

	if (json_integer_value(json_object_get(p, "devil")) != 0)
		/* TRANSLATORS: a hint or a review's better move: play the
		   Devil; %s is its name in the game's edition. */
		rbuf_add(b, tr(t->lang, "Play the %s."), render_card(t->lang,
		    t->cfg.names, TAC_DEVIL));
	else if (text != NULL && tac_action_parse(text, &a, err,
	    sizeof err) == 0) {
		render_move_init(&mv, t, st, &a, seat, seat);
		render_move_words(t, &mv, 0, render_move_ntok(&a), b);
	} else
		rbuf_addstr(b, "?");
	rbuf_addstr(b, "\n");
	if (render_hint_why(t, json_string_value(json_object_get(p, "why")),
	    (int)json_integer_value(json_object_get(p, "about")), b) == 0)
		rbuf_addstr(b, "\n");
}

/*
 * Append the hint of payload p for seat of game g (its position st), in
 * g's language: "💡 Game #7: 13: bring a marble out" and why.  -1 when
 * it is out of date (the turn moved on).
 */
int
compose_hint_text(const struct svc_game *g, const struct tac_state *st,
    int seat, json_t *p, struct rbuf *b)
{
	struct render_game	 t;
	json_t			*turn = json_object_get(p, "turn");

	if (g->state != SVC_PLAYING || !g->started || (json_is_integer(turn) &&
	    json_integer_value(turn) != g->turn_no))
		return (-1);
	compose_game(g, &t);
	rbuf_add(b, "%s ", COMPOSE_BULB);
	/* TRANSLATORS: a hint's first line, the move after it; %lld a
	   game's number. */
	rbuf_add(b, tr(t.lang, "Hint for game #%lld:"), (long long)g->id);
	rbuf_addstr(b, " ");
	compose_hint_words(&t, st, seat, p, b);
	return (0);
}

/* A "hint" row: nothing once its turn is over. */
int
compose_hint_make(struct compose_ctx *c, const struct svc_out *out,
    struct compose_msg *m)
{
	if (!c->have || compose_hint_text(&c->g, &c->st, (int)compose_int(
	    out->data, "seat", 0), out->data, &m->text) != 0)
		return (compose_none(m));
	return (m->form);
}

/*
 * An "answer" row with a hint (a press of the 💡 button): the hint in
 * the answer's words; nothing once its turn is over (the press's
 * spinner just stops).  0 when the row has no hint.
 */
int
compose_hint_answer(struct compose_ctx *c, const struct svc_out *out,
    struct rbuf *b)
{
	json_t	*h = json_object_get(out->data, "hint");

	if (!json_is_object(h))
		return (0);
	if (c->have)
		(void)compose_hint_text(&c->g, &c->st, (int)compose_int(h,
		    "seat", 0), h, b);
	return (1);
}

/*
 * The 💡 button under a turn message, when the game gives hints and the
 * message has room for it (at most MENU_KEYS buttons in all).  Its
 * turn makes it stale once the turn is over.
 */
void
compose_hint_key(struct compose_ctx *c, struct compose_msg *m)
{
	char	label[128];

	if (!c->have || !c->g.hints || c->g.state != SVC_PLAYING ||
	    m->keys.n == 0 || m->keys.n >= MENU_KEYS)
		return;
	snprintf(label, sizeof label, "%s %s", COMPOSE_BULB, tr(m->lang,
	    "Hint"));
	compose_keys_newrow(&m->keys);
	compose_keys_add(&m->keys, label, m->game, c->g.turn_no, "hint");
	compose_keys_newrow(&m->keys);
}

/*
 * Does entry e of a menu lead to action a (its tokens t, n of them): a
 * leaf that plays it, or a choice whose steps so far are a's?
 */
static int
compose_hint_leads(const struct menu_entry *e, const int *t, int n)
{
	int	et[MENU_MAXTOK], ne, i;

	ne = menu_tokens(&e->a, et);
	if (e->to > n || e->to > ne || (e->leaf && ne != n))
		return (0);
	for (i = 0; i < (e->leaf ? n : e->to); i++)
		if (et[i] != t[i])
			return (0);
	return (1);
}

/*
 * Mark with 💡 the button among k that leads to the hinted action (text,
 * in notation) from node m of game's menu at turn, so that the turn
 * message shows the hint where the person presses.
 */
void
compose_hint_mark(const struct menu *m, int64_t game, int64_t turn,
    const char *text, struct compose_keys *k)
{
	struct tac_action	 a;
	char			 err[128], cmd[MENU_PATHMAX + 16];
	char			 data[SVC_BUTTON_MAX + 1], label[160];
	int			 t[MENU_MAXTOK], n, i;
	size_t			 j, cut;

	if (text == NULL || tac_action_parse(text, &a, err, sizeof err) != 0)
		return;
	n = menu_tokens(&a, t);
	for (i = 0; i < m->n; i++) {
		if (!compose_hint_leads(&m->e[i], t, n))
			continue;
		snprintf(cmd, sizeof cmd, "menu %s", m->e[i].path);
		if (svc_button_data(data, sizeof data, game, turn, cmd) < 0)
			return;
		for (j = 0; j < k->n; j++) {
			if (strcmp(k->k[j].data, data) != 0)
				continue;
			snprintf(label, sizeof label, "%s %s", COMPOSE_BULB,
			    k->k[j].label);
			cut = utf8_cut(label, sizeof k->k[j].label - 1);
			memcpy(k->k[j].label, label, cut);
			k->k[j].label[cut] = '\0';
		}
		return;
	}
}

/*
 * The review button of the message that tells a game's end (its summary
 * with end set): each player who presses it gets their own review.
 */
void
compose_review_key(const struct svc_out *out, struct compose_msg *m)
{
	char	label[128];
	int64_t	game;

	if (json_integer_value(json_object_get(out->data, "end")) != 1)
		return;
	game = json_integer_value(json_object_get(json_object_get(out->data,
	    "summary"), "game"));
	if (game <= 0)
		return;
	snprintf(label, sizeof label, "%s %s", COMPOSE_GLASS, tr(m->lang,
	    "Your review"));
	compose_keys_add(&m->keys, label, game, -1, "review");
	compose_keys_newrow(&m->keys);
	m->setkeys = 1;
}

/* Append ", hints: 3" to a summary's seat line, if the person took any. */
void
compose_hints_note(const char *lang, json_t *seat, struct rbuf *b)
{
	json_int_t	n = json_integer_value(json_object_get(seat, "hints"));

	if (n > 0)
		/* TRANSLATORS: after a player's line in a game's summary;
		   %lld how many hints they took. */
		rbuf_add(b, tr(lang, ", hints: %lld"), (long long)n);
}

/*
 * Does a private row of learning (payload p) show its board as a
 * picture: the bridge draws them, and the chat did not ask for text?
 */
int
compose_pictures(const struct compose_opts *o, json_t *p)
{
	const char	*board = json_string_value(json_object_get(p, "board"));

	return (o->pictures && (board == NULL || strcmp(board, "text") != 0));
}

/* A value of a message's args. */
static json_int_t
compose_arg(json_t *args, const char *key)
{
	return (json_integer_value(json_object_get(args, key)));
}

/*
 * Append what a refusal or confirmation about learning says (code, its
 * values args), in lang: 1 when code is one of them, 0 to leave it to
 * compose_say().
 */
int
compose_learn_says(const char *lang, const char *code, json_t *args,
    struct rbuf *b)
{
	const char	*word = json_string_value(json_object_get(args, "word"));
	const char	*what = json_string_value(json_object_get(args, "what"));

	if (word == NULL)
		word = "";
	if (strcmp(code, "hints_off") == 0)
		/* TRANSLATORS: a refusal of /hint; %lld a game's number. */
		rbuf_add(b, tr(lang, "Game #%lld gives no hints: its creator "
		    "turned them off."), (long long)compose_arg(args, "game"));
	else if (strcmp(code, "no_hint") == 0)
		/* TRANSLATORS: a refusal of /hint; %lld a game's number. */
		rbuf_add(b, tr(lang, "There is no hint to give in game #%lld "
		    "now."), (long long)compose_arg(args, "game"));
	else if (strcmp(code, "bad_lesson") == 0)
		/* TRANSLATORS: a refusal of /learn; %s what the person
		   typed, %lld the last lesson's number; /learn list is a
		   command: keep it. */
		rbuf_add(b, tr(lang, "There is no lesson \"%s\": say /learn and "
		    "a number from 1 to %lld, or /learn list."), word,
		    (long long)compose_arg(args, "last"));
	else if (strcmp(code, "no_review") == 0)
		rbuf_addstr(b, tr(lang, "You have no finished game to review "
		    "yet."));
	else if (strcmp(code, "review_pending") == 0)
		/* TRANSLATORS: the answer to /review; %lld a game's
		   number. */
		rbuf_add(b, tr(lang, "I am still going through game #%lld: your "
		    "review comes to our private chat as soon as it is ready."),
		    (long long)compose_arg(args, "game"));
	else if (strcmp(code, "review_sent") == 0)
		/* TRANSLATORS: the answer to /review in a group; %lld a
		   game's number. */
		rbuf_add(b, tr(lang, "Your review of game #%lld is in our "
		    "private chat."), (long long)compose_arg(args, "game"));
	else if (strcmp(code, "bad_option") == 0 && what != NULL &&
	    strcmp(what, "hints") == 0)
		/* TRANSLATORS: a refusal of /new; %s what the person typed;
		   hints=on and hints=off are options of /new: keep them. */
		rbuf_add(b, tr(lang, "\"%s\" is no hints setting: say hints=on "
		    "or hints=off."), word);
	else
		return (0);
	return (1);
}
