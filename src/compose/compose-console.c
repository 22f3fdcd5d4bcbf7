/*
 * compose-console.c: what the console bridge says of its own, beside the
 * messages of the rows: how to get help and leave, that there is no game
 * or no turn, a number out of range.  From the catalogs, as every text.
 */
#include <stdio.h>

#include "compose.h"
#include "i18n.h"

/* Append what the console says (enum compose_console), in lang. */
void
compose_console(const char *lang, int what, int64_t arg, struct rbuf *b)
{
	switch (what) {
	case COMPOSE_CON_WELCOME:
		rbuf_addstr(b, tr(lang, "Type /help for help, /quit or Ctrl-D "
		    "to leave (the game is saved)."));
		break;
	case COMPOSE_CON_HELP:
		/* TRANSLATORS: the examples are the notation; write B (the
		   base) with your language's letter for it, as moves show
		   it. */
		rbuf_addstr(b, tr(lang, "Type the number of a move from the "
		    "menu, or the move itself: its words as the menu says them, "
		    "or the notation (13 B>0, 7 3>5 10>15). Commands: /board, "
		    "/hand, /hint, /learn, /review, /rules, /lang en|ru|de|ka, "
		    "/new, /abort, /quit. An empty line shows the board "
		    "again."));
		break;
	case COMPOSE_CON_NO_GAME:
		rbuf_addstr(b, tr(lang, "No game here: /new starts one."));
		break;
	case COMPOSE_CON_NOT_YOURS:
		rbuf_addstr(b, tr(lang, "There is no game of yours to play "
		    "here."));
		break;
	case COMPOSE_CON_NOT_TURN:
		rbuf_addstr(b, tr(lang, "It is not your turn."));
		break;
	case COMPOSE_CON_PICK:
		/* TRANSLATORS: the console; %d the number of the last
		   choice. */
		rbuf_add(b, tr(lang, "Pick a number from 1 to %d."), (int)arg);
		break;
	case COMPOSE_CON_FAILED:
		rbuf_addstr(b, tr(lang, "Something went wrong; nothing was "
		    "changed. Try again."));
		break;
	case COMPOSE_CON_RESUMING:
		/* TRANSLATORS: the console; %lld a game's number. */
		rbuf_add(b, tr(lang, "Resuming game #%lld."), (long long)arg);
		break;
	case COMPOSE_CON_AGAIN:
		rbuf_addstr(b, tr(lang, "Type /new to play again, or /quit to "
		    "leave."));
		break;
	case COMPOSE_CON_CHOICES:
		rbuf_addstr(b, tr(lang, "Type a number, or the move itself "
		    "(for example: 7 12>14 40>45)."));
		break;
	case COMPOSE_CON_LESSON:
		rbuf_addstr(b, tr(lang, "Type the number of your choice."));
		break;
	case COMPOSE_CON_PLAYER:
		rbuf_addstr(b, tr(lang, "player"));
		break;
	}
}
