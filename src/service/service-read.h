/*
 * service-read.h: how the service reads what people type in words.
 *
 * The service words nothing and reads no words either (it does not know
 * the view), so the layer that words installs readers into it, once,
 * after svc_open() (src/compose/compose-read.c, compose_read_install()),
 * and the service asks them for text that is not its own notation.
 * Without them it reads the notation and "yes" and "no" only.  Both get
 * the languages the person reads: theirs and the game chat's, n of them.
 *
 * svc_set_reader (service-turn.c): how /play reads a move that is not in
 * the notation: written as the person's language shows moves (a button's
 * words, a move line, the notation in their card names and letters).  fn
 * gets its arg, the game (as svc_game_info() gives it), the languages,
 * the position and the text; it returns 0 and the action (checked by the
 * rules after), or -1 and the reason it is none (a struct tac_why,
 * worded like the rules' own).
 *
 * svc_set_answer (service-ask.c): how /abort and /leave read a typed
 * answer that is not "yes" or "no": the word for it in the person's
 * language, as the catalogs have it ("/abort да").  fn gets its arg, the
 * languages and the word; it returns 1 yes, 0 no, -1 neither.
 */
#ifndef SERVICE_READ_H
#define SERVICE_READ_H

struct svc;
struct svc_game;
struct tac_state;
struct tac_action;
struct tac_why;

typedef int (*svc_read_fn)(void *, const struct svc_game *,
    const char *const *, int, const struct tac_state *, const char *,
    struct tac_action *, struct tac_why *);
typedef int (*svc_answer_fn)(void *, const char *const *, int,
    const char *);

void	svc_set_reader(struct svc *, svc_read_fn, void *);
void	svc_set_answer(struct svc *, svc_answer_fn, void *);

#endif /* SERVICE_READ_H */
