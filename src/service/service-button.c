/*
 * service-button.c: button data, "GAME:TURN:TEXT" (service.h).  Kept
 * apart from the rest of the service, needing nothing but libc, so the
 * fuzz target links it alone.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "service.h"

#define SVC_ID_DIGITS	18	/* fits an int64_t */

/*
 * Write button data for a command on a game at a turn (turn < 0: any
 * turn).  Returns its length, -1 if it does not fit in len or in the 64
 * bytes a button may carry.
 */
int
svc_button_data(char *buf, size_t len, int64_t game, int64_t turn,
    const char *text)
{
	char	tbuf[24] = "";
	int	n;

	if (*text == '/')
		text++;
	if (turn >= 0)
		snprintf(tbuf, sizeof tbuf, "%lld", (long long)turn);
	n = snprintf(buf, len, "%lld:%s:%s", (long long)game, tbuf, text);
	if (n < 0 || (size_t)n >= len || n > SVC_BUTTON_MAX)
		return (-1);
	return (n);
}

/*
 * Read a run of decimal digits at *p (at most SVC_ID_DIGITS, so it cannot
 * overflow) and move past it; -1 if there is none.
 */
static int64_t
svc_button_number(const char **p)
{
	int64_t	v = 0;
	int	n = 0;

	while (isdigit((unsigned char)**p)) {
		if (++n > SVC_ID_DIGITS)
			return (-1);
		v = v * 10 + (**p - '0');
		(*p)++;
	}
	return (n > 0 ? v : -1);
}

/*
 * Read button data: the game, the turn (-1 when empty) and the text after
 * the second colon.  -1 when it is not button data this service made:
 * another shape, longer than a button holds, or a text that does not fit.
 */
int
svc_button_parse(const char *data, int64_t *game, int64_t *turn, char *text,
    size_t len)
{
	const char	*p = data;
	size_t		 n;

	if (data == NULL || (n = strlen(data)) > SVC_BUTTON_MAX)
		return (-1);
	if ((*game = svc_button_number(&p)) < 0 || *p++ != ':')
		return (-1);
	*turn = -1;
	if (isdigit((unsigned char)*p) && (*turn = svc_button_number(&p)) < 0)
		return (-1);
	if (*p++ != ':')
		return (-1);
	if ((n = strlen(p)) >= len)
		return (-1);
	memcpy(text, p, n + 1);
	return (0);
}
