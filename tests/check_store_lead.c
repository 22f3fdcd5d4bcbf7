/*
 * check_store_lead.c: the store's lead (store_lead(), store_leading()):
 * one holder among the stores open on a database, in this process or
 * another; given up by store_close() and by the holder's death (kill -9);
 * lost when its lock file is removed, and taken anew then.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <sys/types.h>
#include <sys/wait.h>

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check_daemon.h"

static struct td	td;

/* Open another store on the scratch database. */
static struct store *
lead_open(void)
{
	struct store	*s;
	char		*cause = NULL;

	s = store_open(td.path, STORE_NOSYNC, &cause);
	ck_assert_msg(s != NULL, "store_open: %s", cause);
	return (s);
}

/* The lock file's path. */
static const char *
lead_path(void)
{
	static char	p[400];

	snprintf(p, sizeof p, "%s-lead", td.path);
	return (p);
}

/* Remove the scratch database with its lock file. */
static void
lead_done(void)
{
	unlink(lead_path());
	td_done(&td);
}

/* One store leads; the other gets it once the first is closed. */
START_TEST(test_lead_one)
{
	struct store	*a, *b;

	td_init(&td, STORE_NOSYNC);
	a = lead_open();
	b = lead_open();
	ck_assert_int_eq(store_leading(a), 0);
	ck_assert_int_eq(store_lead(a), 1);
	ck_assert_int_eq(store_lead(a), 1);	/* asked again: still ours */
	ck_assert_int_eq(store_leading(a), 1);
	ck_assert_int_eq(store_lead(b), 0);
	ck_assert_int_eq(store_leading(b), 0);
	ck_assert_int_eq(access(lead_path(), F_OK), 0);
	store_close(a);
	ck_assert_int_eq(store_lead(b), 1);
	ck_assert_int_eq(store_leading(b), 1);
	store_close(b);
	lead_done();
}
END_TEST

/*
 * Another process holds the lead until it dies, however it dies: killed
 * with SIGKILL, its lock goes at once and this process takes it.
 */
START_TEST(test_lead_kill)
{
	struct store	*s, *c;
	pid_t		 pid;
	int		 p[2], status;
	char		 ch;

	td_init(&td, STORE_NOSYNC);
	store_close(lead_open());	/* made before the child opens it */
	ck_assert_int_eq(pipe(p), 0);
	if ((pid = fork()) == 0) {
		close(p[0]);
		alarm(60);	/* hang guard: never outlives a failed test */
		c = lead_open();
		ch = store_lead(c) == 1 ? 'y' : 'n';
		if (write(p[1], &ch, 1) != 1)
			_exit(1);
		for (;;)
			pause();
	}
	ck_assert_int_gt(pid, 0);
	close(p[1]);
	ck_assert_int_eq(read(p[0], &ch, 1), 1);
	close(p[0]);
	ck_assert_int_eq(ch, 'y');
	s = lead_open();
	ck_assert_int_eq(store_lead(s), 0);
	ck_assert_int_eq(kill(pid, SIGKILL), 0);
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert_int_eq(store_lead(s), 1);
	store_close(s);
	lead_done();
}
END_TEST

/*
 * The lock file removed under the holder: it no longer leads (another
 * may lock a new file), and it takes the new file when that is free.
 */
START_TEST(test_lead_file_gone)
{
	struct store	*a, *b;

	td_init(&td, STORE_NOSYNC);
	a = lead_open();
	b = lead_open();
	ck_assert_int_eq(store_lead(a), 1);
	ck_assert_int_eq(unlink(lead_path()), 0);
	ck_assert_int_eq(store_leading(a), 0);
	ck_assert_int_eq(store_lead(b), 1);
	ck_assert_int_eq(store_lead(a), 0);
	ck_assert_int_eq(store_leading(a), 0);
	store_close(b);
	ck_assert_int_eq(store_lead(a), 1);
	ck_assert_int_eq(store_leading(a), 1);
	store_close(a);
	lead_done();
}
END_TEST

/* The lead's suite. */
Suite *
suite_store_lead(void)
{
	Suite	*s;
	TCase	*tc;

	s = suite_create("lead");
	tc = tcase_create("lead");
	tcase_add_test(tc, test_lead_one);
	tcase_add_test(tc, test_lead_kill);
	tcase_add_test(tc, test_lead_file_gone);
	suite_add_tcase(s, tc);
	return (s);
}
