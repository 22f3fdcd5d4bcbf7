/*
 * bridge-secret.c: what a webhook's secret may be (bridge-secret.h).  The
 * secret itself is read by secret_read() (src/common/secret.c).
 */
#include <string.h>

#include "bridge-secret.h"

/*
 * Is s a secret Telegram takes for a webhook's secret_token: 1 to 256 of
 * A-Z, a-z, 0-9, "_" and "-"?
 */
int
bridge_secret_token(const char *s)
{
	size_t	n = strlen(s);

	return (n >= 1 && n <= 256 && strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	    "abcdefghijklmnopqrstuvwxyz0123456789_-") == n);
}
