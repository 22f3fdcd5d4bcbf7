/*
 * bridge-bucket.c: token buckets (bridge-bucket.h).
 */
#include "bridge-bucket.h"

/* Set a bucket up, full: rate tokens a second, up to burst. */
void
bridge_bucket_init(struct bridge_bucket *b, double rate, double burst,
    double now)
{
	b->rate = rate;
	b->burst = burst;
	b->tokens = burst;
	b->at = now;
}

/* Refill a bucket to now; 0 if a token is there, else the seconds to one. */
double
bridge_bucket_wait(struct bridge_bucket *b, double now)
{
	if (b->rate <= 0)
		return (0.0);
	b->tokens += (now - b->at) * b->rate;
	if (b->tokens > b->burst)
		b->tokens = b->burst;
	b->at = now;
	if (b->tokens >= 1.0)
		return (0.0);
	return ((1.0 - b->tokens) / b->rate);
}

/* Take the token bridge_bucket_wait() found. */
void
bridge_bucket_take(struct bridge_bucket *b)
{
	if (b->rate > 0)
		b->tokens -= 1.0;
}

/* Give back a token taken for what was not done after all. */
void
bridge_bucket_give(struct bridge_bucket *b)
{
	if (b->rate > 0)
		b->tokens += 1.0;
}

/* Empty a bucket for secs seconds (the other side said wait). */
void
bridge_bucket_hold(struct bridge_bucket *b, double now, double secs)
{
	if (b->rate <= 0)
		return;
	b->tokens = -secs * b->rate;
	b->at = now;
}
