/*
 * tacctl-engine.c: the commands that read a position or a record and run
 * the engine on it: legal, apply, replay.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tacctl.h"

/* Refuse any option: the arguments after the command are all operands. */
static void
tacctl_no_options(int argc, char **argv)
{
	static const struct option	longopts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};

	/* "+" stops at the first operand so "-" (stdin) stays an operand. */
	if (getopt_long(argc, argv, "+h", longopts, NULL) != -1)
		tacctl_usage();
}

/* Load the position file at path into st; exit 2 naming the bad field. */
static void
tacctl_load_position(const char *path, struct tac_state *st)
{
	json_t	*root;
	char	 err[256];

	root = tacctl_read_json(path);
	if (tac_position_load(st, root, err, sizeof err) != 0)
		tacctl_die(TACCTL_BADINPUT, "%s: %s", path, err);
	json_decref(root);
}

/*
 * Parse and apply the command-line actions in order.  A malformed action is
 * bad input (exit 2), a well-formed one the rules refuse is exit 1; both
 * name the action by its 1-based position among the actions given.
 */
static void
tacctl_apply_args(struct tac_state *st, struct tac_list *l, int n,
    char **args)
{
	struct tac_action	a;
	char			err[256];
	int			i;

	for (i = 0; i < n; i++) {
		if (tac_action_parse(args[i], &a, err, sizeof err) != 0)
			tacctl_die(TACCTL_BADINPUT, "bad action %d \"%s\": %s",
			    i + 1, args[i], err);
		if (tac_apply(st, &a, l, err, sizeof err) < 0)
			tacctl_die(TACCTL_ILLEGAL, "illegal action %d "
			    "\"%s\": %s", i + 1, args[i], err);
	}
}

/* Print the full position (every hand, the deck, the rng) of st. */
static void
tacctl_print_position(const struct tac_state *st, json_t *extra)
{
	json_t	*pos;

	if ((pos = tac_position_save(st, -1)) == NULL)
		tacctl_die(TACCTL_BADINPUT, "cannot save the position");
	if (extra != NULL)
		json_object_set_new(pos, "result", extra);
	tacctl_print_json(stdout, pos);
	json_decref(pos);
}

/* tacctl legal POSITION [ACTION ...]: list the legal actions, one a line. */
int
cmd_legal(int argc, char **argv)
{
	struct tac_state	 st;
	struct tac_list		*l;
	char			 buf[128];
	int			 i, n;

	tacctl_no_options(argc, argv);
	argc -= optind;
	argv += optind;
	if (argc < 1)
		tacctl_usage();

	l = tacctl_alloc(sizeof *l);
	tacctl_load_position(argv[0], &st);
	tacctl_apply_args(&st, l, argc - 1, argv + 1);

	if ((n = tac_legal(&st, l)) < 0)
		tacctl_die(TACCTL_BADINPUT, "more than %d legal actions",
		    TAC_MAXACTIONS);
	for (i = 0; i < n; i++) {
		tac_action_format(&l->a[i], buf, sizeof buf);
		puts(buf);
	}
	free(l);
	return (0);
}

/* tacctl apply POSITION ACTION ...: print the position after the actions. */
int
cmd_apply(int argc, char **argv)
{
	struct tac_state	 st;
	struct tac_list		*l;

	tacctl_no_options(argc, argv);
	argc -= optind;
	argv += optind;
	if (argc < 2)
		tacctl_usage();

	l = tacctl_alloc(sizeof *l);
	tacctl_load_position(argv[0], &st);
	tacctl_apply_args(&st, l, argc - 1, argv + 1);
	tacctl_print_position(&st, NULL);
	free(l);
	return (0);
}

/*
 * Compare the replayed outcome with the record's optional "result" field
 * ({"winner": team or null, "actions": N, in Team-TAC "cards": N},
 * written by tacctl sim --record).
 */
static void
tacctl_replay_check(const json_t *root, const struct tac_state *st,
    size_t nactions)
{
	json_t	*result, *w, *n;
	int	 winner;

	if ((result = json_object_get(root, "result")) == NULL)
		return;
	if (!json_is_object(result))
		tacctl_die(TACCTL_BADINPUT, "result: not an object");

	winner = st->winner == TAC_NONE ? -1 : st->winner;
	if ((w = json_object_get(result, "winner")) != NULL) {
		if (!json_is_null(w) && !json_is_integer(w))
			tacctl_die(TACCTL_BADINPUT,
			    "result.winner: not a team or null");
		if (json_is_null(w) && winner != -1)
			tacctl_die(TACCTL_ILLEGAL, "result.winner: the record "
			    "says no winner, the replay gives team %d", winner);
		if (json_is_integer(w) && json_integer_value(w) != winner)
			tacctl_die(TACCTL_ILLEGAL, "result.winner: the record "
			    "says team %lld, the replay gives %s%d",
			    (long long)json_integer_value(w),
			    winner == -1 ? "no winner " : "team ", winner);
	}
	if ((n = json_object_get(result, "actions")) != NULL) {
		if (!json_is_integer(n))
			tacctl_die(TACCTL_BADINPUT,
			    "result.actions: not an integer");
		if (json_integer_value(n) != (json_int_t)nactions)
			tacctl_die(TACCTL_ILLEGAL, "result.actions: the record "
			    "says %lld, it has %zu",
			    (long long)json_integer_value(n), nactions);
	}
	if ((n = json_object_get(result, "cards")) != NULL) {
		if (!json_is_integer(n))
			tacctl_die(TACCTL_BADINPUT,
			    "result.cards: not an integer");
		if (json_integer_value(n) != (json_int_t)tac_cards_played(st))
			tacctl_die(TACCTL_ILLEGAL, "result.cards: the record "
			    "says %lld, the replay gives %lu",
			    (long long)json_integer_value(n),
			    (unsigned long)tac_cards_played(st));
	}
}

/*
 * Say why a replay stopped and exit: an action the rules refuse is exit 1,
 * anything malformed (an action's text, a deal) exit 2.  Both name the
 * 0-based index into the record's "actions".
 */
static void
tacctl_replay_fail(const struct tac_record *rec, const struct tac_state *st,
    size_t i, const char *why)
{
	struct tac_action	a;
	char			err[256];

	/* A failed deal leaves the game waiting for it. */
	if (st->phase == TAC_PH_DEAL || i >= rec->nactions)
		tacctl_die(TACCTL_BADINPUT, "before actions[%zu] (0-based): %s",
		    i, why);
	if (tac_action_parse(rec->actions[i], &a, err, sizeof err) != 0)
		tacctl_die(TACCTL_BADINPUT, "actions[%zu] (0-based) \"%s\": %s",
		    i, rec->actions[i], err);
	tacctl_die(TACCTL_ILLEGAL, "illegal action at actions[%zu] (0-based) "
	    "\"%s\": %s", i, rec->actions[i], why);
}

/*
 * tacctl replay RECORD: replay a game record and print the final position
 * with an added "result" member: {"over", "winner", "actions"}, and in
 * Team-TAC "cards", the score (rules K6).
 */
int
cmd_replay(int argc, char **argv)
{
	struct tac_record	 rec;
	struct tac_state	 st;
	struct tac_list		*l;
	json_t			*root, *result;
	char			 err[256];
	size_t			 failed;

	tacctl_no_options(argc, argv);
	argc -= optind;
	argv += optind;
	if (argc != 1)
		tacctl_usage();

	root = tacctl_read_json(argv[0]);
	if (tac_record_load(&rec, root, err, sizeof err) != 0)
		tacctl_die(TACCTL_BADINPUT, "%s: %s", argv[0], err);

	l = tacctl_alloc(sizeof *l);
	memset(&st, 0, sizeof st);	/* phase DEAL until the game starts */
	if (tac_record_replay(&rec, &st, l, &failed, err, sizeof err) != 0)
		tacctl_replay_fail(&rec, &st, failed, err);
	tacctl_replay_check(root, &st, rec.nactions);

	result = json_pack("{s:b, s:o, s:I}", "over", tac_over(&st) != 0,
	    "winner", st.winner == TAC_NONE ? json_null() :
	    json_integer(st.winner), "actions", (json_int_t)rec.nactions);
	if (st.cfg.coop)
		json_object_set_new(result, "cards",
		    json_integer(tac_cards_played(&st)));
	tacctl_print_position(&st, result);

	tac_record_free(&rec);
	json_decref(root);
	free(l);
	return (0);
}
