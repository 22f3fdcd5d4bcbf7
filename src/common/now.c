/*
 * now.c: monotonic and CPU clocks (now.h).
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <time.h>

#include "now.h"

/* Seconds on the monotonic clock, with a fraction. */
double
now_mono(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ((double)ts.tv_sec + (double)ts.tv_nsec / 1e9);
}

/* Milliseconds on the monotonic clock. */
double
now_ms(void)
{
	return (now_mono() * 1e3);
}

/*
 * Milliseconds of this process's CPU time: a computation's cost on one
 * core, whatever else the machine is doing.
 */
double
now_cpu_ms(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return ((double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6);
}
