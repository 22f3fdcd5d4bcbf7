/*
 * tg-clock.c: the bridge's two clocks, in a file of their own.  Every
 * other file of the bridge reads the time through these, so a test of
 * the sender links them wrapped (-Wl,--wrap=tg_now,--wrap=tg_wall) and
 * winds a clock of its own instead of waiting; the product has no hook
 * for it.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdint.h>
#include <time.h>

#include "now.h"
#include "tg-int.h"

/* Monotonic seconds, for the buckets, holds and backoffs. */
double
tg_now(void)
{
	return (now_mono());
}

/*
 * Unix seconds, for the due times of the rows the bridge puts off, which
 * the service compares with its own clock.
 */
int64_t
tg_wall(void)
{
	return ((int64_t)time(NULL));
}
