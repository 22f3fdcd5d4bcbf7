/*
 * apply.c: carrying out an action.  tac_play() trusts its caller (the
 * action came from tac_legal()); tac_apply() checks a player's action,
 * says why it is refused, and changes nothing then.
 */
#include <string.h>

#include "internal.h"

/* The Warrior: the marble takes the field of the next one ahead (A3). */
static int
apply_warrior(const struct fn_ctx *ctx, struct tac_board *b,
    const struct tac_action *a, struct tac_why *why)
{
	const struct tac_state *s = ctx->s;
	int x = a->seg[0].from, y, o;

	if (x == TAC_LOC_BASE || TAC_LOC_ISHOME(x) || x >= s->nfields)
		/* TRANSLATORS: why a move is refused; %C a card's name, in
		   the game's naming (the Warrior). */
		return why_fail(why, "the %C moves a marble on the circle",
		    TAC_WARRIOR);
	o = b->field[x];
	if (o < 0)
		/* TRANSLATORS: why a move is refused; %L a place (a field,
		   the base, a home field). */
		return why_fail(why, "no marble on %L", x);
	if ((ctx->seats & (1U << o)) == 0)
		/* TRANSLATORS: why a move is refused; %L a place (a field,
		   the base, a home field). */
		return why_fail(why, "the marble on %L is not one you may move",
		    x);
	y = board_ahead(s, b, x);
	if (y < 0) {
		if (a->seg[0].to != TAC_LOC_BASE)
			/* TRANSLATORS: why a move is refused; %L a place (a
			   field, the base, a home field); then the move to
			   type: %C a card's name, in the game's naming (the
			   Warrior), the marble's field, ">", the base. */
			return why_fail(why, "the marble on %L is alone on the "
			    "circle and kicks itself: %C %L>%L", x, TAC_WARRIOR,
			    x, TAC_LOC_BASE);
		board_take(s, b, x);
		b->base[o]++;
		return 0;
	}
	if (a->seg[0].to != y)
		/* TRANSLATORS: why a move is refused; %L a place (a field,
		   the base, a home field): the Warrior's marble, then the
		   marble it must take the place of. */
		return why_fail(why, "the nearest marble ahead of %L is on %L",
		    x, y);
	board_take(s, b, x);
	board_put(s, b, y, o);
	return 0;
}

/* The Angel acts on the next player's marbles (A1). */
static int
apply_angel(const struct tac_state *s, struct tac_board *b, int player,
    const struct tac_action *a, struct tac_why *why)
{
	struct fn_ctx ctx;
	struct tac_board nb;
	struct tac_action entry;
	int t;

	t = gen_angel_target(s, b, player);
	if (t < 0)
		/* TRANSLATORS: why a move is refused; %C a card's name, in
		   the game's naming (the Angel). */
		return why_fail(why, "the %C has no marble to act on",
		    TAC_ANGEL);
	ctx.s = s;
	ctx.player = player;
	ctx.seats = 1U << t;
	if (b->base[t] > 0) {
		if (a->seg[0].from != TAC_LOC_BASE) {
			if (why != NULL) {
				entry = *a;
				entry.seg[0].from = TAC_LOC_BASE;
				entry.seg[0].to = board_start(s, t);
			}
			/* TRANSLATORS: why a move is refused; %C a card's
			   name, in the game's naming (the Angel), %P a
			   player's name, %A the move to type, in the
			   notation. */
			return why_fail(why, "the %C must bring a marble of %P "
			    "out of its base: %A", TAC_ANGEL, t, &entry);
		}
		return board_enter(&ctx, b, a->seg[0].to, why);
	}
	if (a->seg[0].from == TAC_LOC_BASE)
		/* TRANSLATORS: why a move is refused; %P a player's name. */
		return why_fail(why, "%P has no marble in its base", t);
	nb = *b;
	if (board_move(&ctx, &nb, a->seg[0].from, a->seg[0].to, 1, 1,
	    NULL) == 0) {
		*b = nb;
		return 0;
	}
	return board_move(&ctx, b, a->seg[0].from, a->seg[0].to, 13, 1, why);
}

/*
 * Carry out the board part of card function fn, played as player, on b:
 * the moves of the number cards, the 7, the 8, the Trickster, the Angel
 * and the Warrior.  Hands and turns are the caller's business.
 */
int
exec_function(const struct tac_state *s, struct tac_board *b, int player,
    int fn, const struct tac_action *a, struct tac_why *why)
{
	struct fn_ctx ctx;
	int x, y, n;

	ctx.s = s;
	ctx.player = player;
	ctx.seats = game_ctrl(s, b, player);
	if (fn == TAC_C7)
		return seven_exec(&ctx, b, a, why);
	if (fn == TAC_TR) {
		if (a->op != TAC_OP_SWAP)
			/* TRANSLATORS: why a move is refused; %C a card's
			   name, in the game's naming (the Trickster),
			   twice; A<>B is the notation's pattern of a swap:
			   A and B stand for two fields. */
			return why_fail(why, "a %C swaps two marbles: %C A<>B",
			    TAC_TR, TAC_TR);
		x = a->seg[0].from;
		y = a->seg[0].to;
		if (TAC_LOC_ISHOME(x) || TAC_LOC_ISHOME(y) || x == TAC_LOC_BASE ||
		    y == TAC_LOC_BASE)
			/* TRANSLATORS: why a move is refused (a swap). */
			return why_fail(why, "only marbles on the circle can be "
			    "swapped");
		if (x >= s->nfields || y >= s->nfields || x == y)
			/* TRANSLATORS: why a move is refused (a swap). */
			return why_fail(why, "swap two different fields");
		if (b->field[x] < 0 || b->field[y] < 0)
			return why_fail(why, "no marble on %L",
			    b->field[x] < 0 ? x : y);
		if (!board_oncircle(s, b, ctx.seats))
			/* TRANSLATORS: why a move is refused; %C a card's
			   name, in the game's naming (the Trickster). */
			return why_fail(why, "a %C needs a marble of yours on "
			    "the circle", TAC_TR);
		board_swap(s, b, x, y);
		return 0;
	}
	if (fn == TAC_C8 && a->op == TAC_OP_SKIP) {
		if (!board_oncircle(s, b, ctx.seats))
			/* TRANSLATORS: why a move is refused. */
			return why_fail(why, "an 8 needs a marble of yours on "
			    "the circle");
		if (s->nhand[(player + 1) % s->cfg.nseats] == 0)
			/* TRANSLATORS: why a move is refused. */
			return why_fail(why, "the next player holds no card: "
			    "an 8 cannot skip them");
		return 0;
	}
	if (a->op != TAC_OP_MOVE || a->nseg != 1)
		/* TRANSLATORS: why a move is refused; %C a card's name, in
		   the game's naming, twice; FROM>TO is the notation's
		   pattern of a move: translate FROM and TO, keep ">". */
		return why_fail(why, "a %C moves one marble: %C FROM>TO",
		    fn, fn);
	if (fn == TAC_WARRIOR)
		return apply_warrior(&ctx, b, a, why);
	if (fn == TAC_ANGEL)
		return apply_angel(s, b, player, a, why);
	n = board_steps(fn);
	if (n == 0)
		/* TRANSLATORS: why a move is refused; %C a card's name, in
		   the game's naming. */
		return why_fail(why, "a %C does not move marbles", fn);
	if (a->seg[0].from == TAC_LOC_BASE) {
		if (fn != TAC_C1 && fn != TAC_C13)
			/* TRANSLATORS: why a move is refused. */
			return why_fail(why, "only a 1 or a 13 brings a marble "
			    "out of its base");
		return board_enter(&ctx, b, a->seg[0].to, why);
	}
	return board_move(&ctx, b, a->seg[0].from, a->seg[0].to, n,
	    fn == TAC_C4 ? -1 : 1, why);
}

/* A card leaves a hand face up; in Team-TAC it counts (K6). */
static void
apply_take(struct tac_state *s, int seat, int card)
{
	s->hand[seat][card]--;
	s->nhand[seat]--;
	s->discards[card]++;
	if (s->cfg.coop)
		s->cards++;
}

/* Remember the last card play for a TAC (T1). */
static void
apply_undo(struct tac_state *s, const struct tac_board *before, int card,
    int final)
{
	s->undo.before = *before;
	s->undo.card = card;
	s->undo.final = final;
}

/* A discard: a TAC uses its function; a discarded TAC, the one below (T5). */
static void
apply_discarded(struct tac_state *s, int card)
{
	if (card == TAC_TAC) {
		/* Nothing below it in this round: nothing to take, all zero. */
		if (s->undo.card == TAC_NONE)
			memset(&s->undo.before, 0, sizeof s->undo.before);
		else
			s->undo.before = s->b;
		s->undo.final = 0;
		return;
	}
	apply_undo(s, &s->b, card, 0);
}

/* Devil: the player plays the victim's card for the victim (A2). */
static void
apply_devil(struct tac_state *s, int player, int victim,
    const struct tac_action *a)
{
	struct tac_board before;
	int c = a->card, ns = s->cfg.nseats;

	apply_take(s, victim, c);
	if (a->op == TAC_OP_DISCARD) {
		apply_discarded(s, c);
		game_turn_end(s, victim, 0);
		return;
	}
	if (c == TAC_TAC) {
		/* A2.2: the victim undoes the Devil and plays it itself. */
		s->phase = TAC_PH_DEVIL;
		s->turn = victim;
		s->victim = (victim + 1) % ns;
		return;
	}
	if (c == TAC_FOOL) {
		/* A2.1: hands pass, then a card of the victim's new hand. */
		game_pass_hands(s);
		if (s->nhand[victim] > 0) {
			s->phase = TAC_PH_DEVIL;
			s->turn = player;
			s->victim = victim;
			return;
		}
		apply_undo(s, &s->b, TAC_FOOL, 0);
		game_turn_end(s, victim, 0);
		return;
	}
	before = s->b;
	if (c == TAC_C8 && a->op == TAC_OP_SKIP) {
		apply_undo(s, &before, c, 0);
		game_turn_end(s, victim, 1);
		return;
	}
	exec_function(s, &s->b, victim, c, a, NULL);
	apply_undo(s, &before, c, 0);
	game_turn_end(s, victim, 0);
}

/*
 * Carry out function fn as player's card play.  'before' is the board a
 * TAC on this play will restore; 'viatac' when a TAC took fn.
 */
static void
apply_function(struct tac_state *s, int player, int fn,
    const struct tac_action *a, const struct tac_board *before, int final,
    int viatac)
{
	switch (fn) {
	case TAC_FOOL:
		/* A5.1: the Fool itself is not what a TAC takes. */
		if (viatac)
			apply_undo(s, before, TAC_FOOL, final);
		game_pass_hands(s);
		if (s->nhand[player] > 0) {
			s->phase = TAC_PH_FOOL;
			s->turn = player;
			return;
		}
		apply_undo(s, before, TAC_FOOL, final);
		game_turn_end(s, player, 0);
		return;
	case TAC_DEVIL:
		if (viatac)
			apply_undo(s, before, TAC_DEVIL, final);
		apply_devil(s, player, (player + 1) % s->cfg.nseats, a);
		return;
	case TAC_C8:
		if (a->op == TAC_OP_SKIP) {
			apply_undo(s, before, fn, final);
			game_turn_end(s, player, 1);
			return;
		}
		break;
	}
	exec_function(s, &s->b, player, fn, a, NULL);
	apply_undo(s, before, fn, final);
	game_turn_end(s, player, 0);
}

/* Apply an action known to be legal (one tac_legal() listed). */
void
tac_play(struct tac_state *s, const struct tac_action *a)
{
	struct tac_board before;
	int p = s->turn, fn, final;

	if (s->phase == TAC_PH_EXCHANGE) {
		game_give(s, a->card);
		return;
	}
	s->played++;
	if (s->phase == TAC_PH_DEVIL) {
		apply_devil(s, p, s->victim, a);
		return;
	}
	before = s->b;
	if (a->tac) {
		/* T1: back to the board before the last play, then use it. */
		final = s->phase == TAC_PH_FORCED;
		fn = s->undo.card;
		apply_take(s, p, TAC_TAC);
		s->b = s->undo.before;
		apply_function(s, p, fn, a, &before, final, 1);
		return;
	}
	if (a->devil) {
		apply_take(s, p, TAC_DEVIL);
		apply_devil(s, p, (p + 1) % s->cfg.nseats, a);
		return;
	}
	apply_take(s, p, a->card);
	if (a->op == TAC_OP_DISCARD) {
		apply_discarded(s, a->card);
		game_turn_end(s, p, 0);
		return;
	}
	apply_function(s, p, a->card, a, &before, 0, 0);
}

/* Does any seat but 'seat' hold a card? */
static int
apply_others_hold(const struct tac_state *s, int seat, int minus)
{
	int i;

	for (i = 0; i < s->cfg.nseats; i++)
		if (i != seat && s->nhand[i] - (i == minus) > 0)
			return 1;
	return 0;
}

/*
 * Check an action against the phase, the hands and the board, and compute
 * the board it leads to.  Every refusal says why.
 */
static int
apply_check(const struct tac_state *s, const struct tac_action *a,
    struct tac_board *out, struct tac_why *why)
{
	int p = s->turn, ns = s->cfg.nseats, player, victim = -1;

	*out = s->b;
	if (s->phase == TAC_PH_EXCHANGE) {
		if (a->op != TAC_OP_GIVE)
			/* TRANSLATORS: why a move is refused; "give CARD"
			   is what to type: write it as [give %s] reads,
			   with CARD translated. */
			return why_fail(why, "it is the exchange: give your "
			    "partner a card first (give CARD)");
		if (s->hand[p][a->card] == 0)
			/* TRANSLATORS: why a move is refused; %C a card's
			   name, in the game's naming. */
			return why_fail(why, "you hold no %C", a->card);
		return 0;
	}
	if (a->op == TAC_OP_GIVE)
		/* TRANSLATORS: why a move is refused. */
		return why_fail(why, "cards are given only in the exchange");
	if (s->phase == TAC_PH_DEVIL) {
		if (!a->devil || a->tac)
			/* TRANSLATORS: why a move is refused; %P a player's
			   name, %C a card's name, in the game's naming (the
			   Devil); "CARD ..." stands for the rest of the
			   move to type. */
			return why_fail(why, "play a card of %P's hand for "
			    "them: %C CARD ...", s->victim, TAC_DEVIL);
		victim = s->victim;
	} else if (s->phase == TAC_PH_FORCED && !a->tac && s->cfg.coop)
		/* TRANSLATORS: why a move is refused, in a cooperative game
		   (Team-TAC); %C a card's name, in the game's naming (the
		   TAC card). */
		return why_fail(why, "the last play brought the last marble "
		    "home: you must undo it with your %C", TAC_TAC);
	else if (s->phase == TAC_PH_FORCED && !a->tac)
		/* TRANSLATORS: why a move is refused; %C a card's name, in
		   the game's naming (the TAC card). */
		return why_fail(why, "the last play brought a team home: you "
		    "must undo it with your %C", TAC_TAC);
	else if (s->phase == TAC_PH_SKIP && !a->tac &&
	    a->op != TAC_OP_DISCARD)
		/* TRANSLATORS: why a move is refused; %C a card's name, in
		   the game's naming (the TAC card). */
		return why_fail(why, "an 8 skipped you: discard a card, or "
		    "play your %C on the 8", TAC_TAC);
	if (a->tac) {
		if (s->hand[p][TAC_TAC] == 0)
			return why_fail(why, "you hold no %C", TAC_TAC);
		if (s->played == 0)
			/* TRANSLATORS: why a move is refused; %C a card's
			   name, in the game's naming (the TAC card). */
			return why_fail(why, "a %C cannot be the first card "
			    "played after a deal", TAC_TAC);
		if (s->undo.card == TAC_NONE)
			/* TRANSLATORS: why a move is refused; %C a card's
			   name, in the game's naming (the TAC card). */
			return why_fail(why, "there is no card play for the %C "
			    "to take", TAC_TAC);
		if (s->undo.final)
			/* TRANSLATORS: why a move is refused; %C a card's
			   name, in the game's naming (the TAC card). */
			return why_fail(why, "this %C undid a winning move and "
			    "cannot itself be undone", TAC_TAC);
		if ((a->devil ? TAC_DEVIL : a->card) != s->undo.card)
			/* TRANSLATORS: why a move is refused; %C a card's
			   name, in the game's naming: the TAC card, the
			   card it takes back, then the same two as the
			   start of the move to type. */
			return why_fail(why, "the %C takes the %C: write %C %C "
			    "...", TAC_TAC, s->undo.card, TAC_TAC,
			    s->undo.card);
		*out = s->undo.before;
		if (a->devil)
			victim = (p + 1) % ns;
	} else if (a->devil && victim < 0) {
		if (s->hand[p][TAC_DEVIL] == 0)
			return why_fail(why, "you hold no %C", TAC_DEVIL);
		victim = (p + 1) % ns;
	} else if (victim < 0 && s->hand[p][a->card] == 0)
		return why_fail(why, "you hold no %C", a->card);
	if (victim >= 0) {
		if (s->nhand[victim] == 0)
			/* TRANSLATORS: why a move is refused; %P a player's
			   name, %C a card's name, in the game's naming (the
			   Devil). */
			return why_fail(why, "%P holds no card: the %C has no "
			    "effect", victim, TAC_DEVIL);
		if (s->hand[victim][a->card] == 0)
			/* TRANSLATORS: why a move is refused; %P a player's
			   name, %C a card's name, in the game's naming. */
			return why_fail(why, "%P holds no %C", victim, a->card);
		player = victim;
	} else
		player = p;
	if (a->op == TAC_OP_DISCARD)
		return 0;
	if (a->op == TAC_OP_NONE) {
		if (a->card == TAC_FOOL && !apply_others_hold(s, player,
		    s->phase == TAC_PH_DEVIL ? -1 : p))
			/* TRANSLATORS: why a move is refused; %C a card's
			   name, in the game's naming (the Fool). */
			return why_fail(why, "nobody else holds a card: the %C "
			    "has no effect", TAC_FOOL);
		if (a->card == TAC_TAC && (!a->devil ||
		    s->nhand[(player + 1) % ns] == 0))
			/* TRANSLATORS: why a move is refused; %C a card's
			   name, in the game's naming: the TAC card, then
			   the Devil; %P a player's name. */
			return why_fail(why, "a %C taken by the %C needs %P to "
			    "hold a card", TAC_TAC, TAC_DEVIL,
			    (player + 1) % ns);
		if (a->card != TAC_FOOL && a->card != TAC_TAC)
			/* TRANSLATORS: why a move is refused; %C a card's
			   name, in the game's naming. */
			return why_fail(why, "what does the %C do?", a->card);
		return 0;
	}
	if (a->card == TAC_FOOL || a->card == TAC_TAC || a->card == TAC_DEVIL)
		/* TRANSLATORS: why a move is refused; %C a card's name, in
		   the game's naming; FROM>TO: the notation's pattern of a
		   move, as elsewhere. */
		return why_fail(why, "the %C takes no FROM>TO", a->card);
	return exec_function(s, out, player, a->card, a, why);
}

/* Compute the board an action leads to (hands are not considered). */
int
tac_result(const struct tac_state *s, const struct tac_action *a,
    struct tac_board *out)
{
	return apply_check(s, a, out, NULL);
}

/* Do two actions have the same card, prefixes and kind? */
static int
apply_same_kind(const struct tac_action *x, const struct tac_action *y)
{
	return x->op == y->op && x->tac == y->tac && x->devil == y->devil &&
	    x->card == y->card;
}

/*
 * Check and apply a player's action.  Returns the index of the matching
 * legal action in l (its canonical spelling), or -1 with the reason in
 * why (if not NULL) and the state unchanged.
 */
int
tac_apply_why(struct tac_state *s, const struct tac_action *a,
    struct tac_list *l, struct tac_why *why)
{
	struct tac_board want, got;
	int i, n;

	why_clear(why);
	if (s->phase == TAC_PH_OVER)
		/* TRANSLATORS: why a move is refused. */
		return why_fail(why, "the game is over");
	if (s->phase == TAC_PH_DEAL)
		/* TRANSLATORS: why a move is refused. */
		return why_fail(why, "the cards are not dealt yet");
	n = tac_legal(s, l);
	if (n < 0)
		/* TRANSLATORS: why a move is refused (an internal limit). */
		return why_fail(why, "too many legal actions");
	if (apply_check(s, a, &want, why) == -1)
		return -1;
	for (i = 0; i < n; i++) {
		if (!apply_same_kind(a, &l->a[i]))
			continue;
		if (apply_check(s, &l->a[i], &got, NULL) == -1)
			continue;
		if (memcmp(&want, &got, sizeof want) == 0) {
			tac_play(s, &l->a[i]);
			return i;
		}
	}
	if (a->op == TAC_OP_DISCARD && n > 0)
		/* TRANSLATORS: why a move is refused; %A a move that can be
		   played, in the notation. */
		return why_fail(why, "a card can be played (%A), so none may "
		    "be discarded", &l->a[0]);
	/* TRANSLATORS: why a move is refused. */
	return why_fail(why, "not a legal action here");
}

/* tac_apply_why() with the reason written in English into buf. */
int
tac_apply(struct tac_state *s, const struct tac_action *a,
    struct tac_list *l, char *buf, size_t len)
{
	struct tac_why why;
	int r;

	if (buf == NULL || len == 0)
		return tac_apply_why(s, a, l, NULL);
	r = tac_apply_why(s, a, l, &why);
	why_text(&why, buf, len);
	return r;
}
