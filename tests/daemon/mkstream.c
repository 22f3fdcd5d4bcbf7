/*
 * mkstream.c: turn a game record into the event stream of four people
 * playing it in one group chat through tacd --events, for the crash test.
 *
 * usage: mkstream RECORD.json [CHAT [FIRST [STEP]]] > STREAM
 *
 * The creator ("u0") opens the game with the record's seed, three more
 * join (seats 1 to 3 in order), the creator starts it, and every action
 * of the record is sent as "/play ACTION" by the person in the seat that
 * acts, found by replaying the record.  The chat is "c1" unless given
 * (users are then named after it: "c2u0"); update ids count from FIRST
 * (1) by STEP (1), so streams of several games can be interleaved.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "tac.h"
#include "tacjson.h"

static long long	 update_id, update_step = 1;
static const char	*chat = "c1";

/* Print one event line for seat's person. */
static void
emit(int seat, const char *text)
{
	static const char *const names[] = {
		"Anna", "Boris", "Clara", "Dmitri", "Eva", "Fyodor"
	};
	json_t	*ev;
	char	 user[32], *s;

	if (strcmp(chat, "c1") == 0)
		snprintf(user, sizeof user, "u%d", seat);
	else
		snprintf(user, sizeof user, "%.8su%d", chat, seat);
	ev = json_pack("{s:I, s:s, s:s, s:s, s:s}", "update_id",
	    (json_int_t)update_id, "chat", chat, "user", user, "name",
	    names[seat], "text", text);
	update_id += update_step;
	if (ev == NULL || (s = json_dumps(ev, JSON_COMPACT)) == NULL) {
		fprintf(stderr, "mkstream: out of memory\n");
		exit(2);
	}
	puts(s);
	free(s);
	json_decref(ev);
}

/* Read the record, replay it, print the stream. */
int
main(int argc, char **argv)
{
	struct tac_record	 rec;
	struct tac_state	 st;
	struct tac_action	 a;
	struct tac_list		*l;
	json_error_t		 jerr;
	json_t			*root;
	char			 why[256], text[512];
	size_t			 i;
	int			 s, turn;

	if (argc < 2 || argc > 5) {
		fprintf(stderr, "usage: mkstream RECORD.json [CHAT [FIRST "
		    "[STEP]]]\n");
		return (2);
	}
	if (argc > 2)
		chat = argv[2];
	update_id = argc > 3 ? atoll(argv[3]) : 1;
	if (argc > 4)
		update_step = atoll(argv[4]);
	if ((root = json_load_file(argv[1], 0, &jerr)) == NULL ||
	    tac_record_load(&rec, root, why, sizeof why) != 0 || !rec.seeded) {
		fprintf(stderr, "mkstream: %s: %s\n", argv[1], root == NULL ?
		    jerr.text : rec.seeded ? why : "not a seeded record");
		return (2);
	}
	json_decref(root);
	if ((l = malloc(sizeof *l)) == NULL)
		return (2);

	snprintf(text, sizeof text, "/new %d %s %s %s seed=%llu auto=off",
	    rec.cfg.nseats, rec.cfg.triples ? "triples" : "pairs",
	    rec.cfg.master ? "master" : "nomaster",
	    rec.cfg.names == TAC_NAMES_TAKER ? "taker" : "tac",
	    (unsigned long long)rec.seed);
	emit(0, text);
	for (s = 1; s < rec.cfg.nseats; s++)
		emit(s, "/join");
	emit(0, "/start");

	tac_init(&st, &rec.cfg, rec.seed);
	for (i = 0; i < rec.nactions; i++) {
		turn = st.turn;
		if (tac_action_parse(rec.actions[i], &a, why, sizeof why) !=
		    0 || tac_apply(&st, &a, l, why, sizeof why) < 0) {
			fprintf(stderr, "mkstream: action %zu \"%s\": %s\n", i,
			    rec.actions[i], why);
			return (1);
		}
		snprintf(text, sizeof text, "/play %s", rec.actions[i]);
		emit(turn, text);
	}
	tac_record_free(&rec);
	free(l);
	return (0);
}
