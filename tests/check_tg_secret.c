/*
 * check_tg_secret.c: the secret files tacd refuses to start with, as ssh
 * refuses a private key: a bot token file or a webhook secret file that
 * others than its owner may read, and a webhook secret outside the
 * alphabet Telegram takes (src/common/secret.c, bot/bridge-secret.c),
 * tried through the real tg_start() in the fixture of check_tg_result.c.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <sys/stat.h>
#include <sys/xattr.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <check.h>

#include "check_tg_send.h"
#include "check_tg_stub.h"
#include "config.h"

/*
 * A file in the scratch directory with text and a mode (and, with acl,
 * a POSIX ACL that also lets user acl_uid read it, as systemd's
 * LoadCredential= gives a service of another user its credential).
 */
static void
ts_file(const char *name, const char *text, mode_t mode, int acl,
    uint32_t acl_uid, uint16_t group_perm)
{
	unsigned char	 x[4 + 5 * 8];
	uint16_t	 tags[5] = { 0x01, 0x02, 0x04, 0x10, 0x20 };
	uint16_t	 perms[5] = { 4, 4, 0, 4, 0 };
	uint32_t	 id;
	char		 path[400];
	FILE		*f;
	int		 i;

	snprintf(path, sizeof path, "%s/%s", ts.dir, name);
	ck_assert_ptr_nonnull(f = fopen(path, "w"));
	fputs(text, f);
	fclose(f);
	ck_assert_int_eq(chmod(path, mode), 0);
	if (!acl)
		return;
	perms[2] = group_perm;
	memset(x, 0, sizeof x);
	x[0] = 2;			/* the ACL's version */
	for (i = 0; i < 5; i++) {
		id = tags[i] == 0x02 ? acl_uid : 0xffffffffu;
		x[4 + 8 * i] = (unsigned char)tags[i];
		x[4 + 8 * i + 2] = (unsigned char)perms[i];
		x[4 + 8 * i + 4] = (unsigned char)id;
		x[4 + 8 * i + 5] = (unsigned char)(id >> 8);
		x[4 + 8 * i + 6] = (unsigned char)(id >> 16);
		x[4 + 8 * i + 7] = (unsigned char)(id >> 24);
	}
	ck_assert_msg(setxattr(path, "system.posix_acl_access", x, sizeof x,
	    0) == 0, "%s: the file system takes no ACL (%s): tacd's check of "
	    "a credential's ACL cannot be tried here", path, strerror(errno));
}

/*
 * tg_start() with a token file and, set, a webhook secret file: NULL
 * with a cause that has want in it, or (want NULL) a bridge.
 */
static void
ts_try(const char *token, const char *secret, const char *want)
{
	struct config	 conf;
	struct tg	*tg;
	char		*cause = NULL;

	config_defaults(&conf);
	snprintf(conf.telegram_token_file, sizeof conf.telegram_token_file,
	    "%s/%s", ts.dir, token);
	if (secret != NULL) {
		snprintf(conf.telegram_mode, sizeof conf.telegram_mode,
		    "webhook");
		snprintf(conf.webhook_listen, sizeof conf.webhook_listen,
		    "127.0.0.1:0");
		snprintf(conf.webhook_secret_file,
		    sizeof conf.webhook_secret_file, "%s/%s", ts.dir, secret);
	}
	tg = tg_start(ts.base, ts.svc, &conf, &cause);
	if (want == NULL) {
		ck_assert_msg(tg != NULL, "%s: %s", token, cause);
		stub_drop(tg, "getMe");
		tg_free(tg);
		return;
	}
	ck_assert_msg(tg == NULL, "%s, %s: started", token, secret);
	ck_assert_msg(cause != NULL && strstr(cause, want) != NULL,
	    "%s: \"%s\" is not in \"%s\"", token, want, cause);
	free(cause);
}

/*
 * tacd does not start with a token file that others may read or write
 * (its group, anyone), as ssh refuses a private key; a credential that
 * an ACL lets us alone read (group bits that are the ACL's mask) is
 * fine, one whose ACL lets someone else read it is not.  A webhook
 * secret Telegram would refuse stops it too.
 */
START_TEST(test_secret_files)
{
	ts_file("t600", "4242:stub\n", 0600, 0, 0, 0);
	ts_file("t400", "4242:stub\n", 0400, 0, 0, 0);
	ts_file("t644", "4242:stub\n", 0644, 0, 0, 0);
	ts_file("t640", "4242:stub\n", 0640, 0, 0, 0);
	ts_file("t602", "4242:stub\n", 0602, 0, 0, 0);
	ts_try("t600", NULL, NULL);
	ts_try("t400", NULL, NULL);
	ts_try("t644", NULL, "mode 0644 lets others than its owner");
	ts_try("t640", NULL, "mode 0640 lets others");
	ts_try("t602", NULL, "mode 0602 lets others");
	/* systemd's credential: 0400, and read through an ACL entry. */
	ts_file("cred", "4242:stub\n", 0400, 1, (uint32_t)geteuid(), 0);
	ts_try("cred", NULL, NULL);
	ts_file("credx", "4242:stub\n", 0400, 1, (uint32_t)geteuid() + 1,
	    0);
	ts_try("credx", NULL, "lets others than its owner");
	ts_file("credg", "4242:stub\n", 0400, 1, (uint32_t)geteuid(), 4);
	ts_try("credg", NULL, "lets others than its owner");

	/* The webhook's secret: Telegram's alphabet, 1 to 256 of it. */
	ts_file("s-ok", "hook-secret_0123456789\n", 0600, 0, 0, 0);
	ts_file("s-odd", "sec\"ret<with>odd;chars\n", 0600, 0, 0, 0);
	ts_file("s-644", "hook-secret_0123456789\n", 0644, 0, 0, 0);
	ts_try("t600", "s-odd", "1 to 256 of A-Z a-z 0-9 _ -");
	ts_try("t600", "s-644", "webhook_secret_file");
	ts_try("t600", "s-644", "mode 0644 lets others");
	ts_try("t600", "s-ok", NULL);
}
END_TEST

/* The secret files' tests, in tc (whose fixture is ts_setup()'s). */
void
ts_add_secret(TCase *tc)
{
	tcase_add_test(tc, test_secret_files);
}
