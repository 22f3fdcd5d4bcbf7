/*
 * bridge-bucket.h: token buckets (bot/bridge-bucket.c), the rate limits
 * the bridges keep: Telegram's per chat and in all, the Mini App's per
 * person.  Pure: the caller gives the time (seconds, any monotonic
 * clock).  Nothing here fails.
 */
#ifndef BRIDGE_BUCKET_H
#define BRIDGE_BUCKET_H

/* A token bucket: rate tokens per second, up to burst. */
struct bridge_bucket {
	double		 tokens;
	double		 rate;		/* 0: no limit */
	double		 burst;
	double		 at;		/* when tokens was right */
};

void	 bridge_bucket_init(struct bridge_bucket *, double, double, double);
double	 bridge_bucket_wait(struct bridge_bucket *, double);
void	 bridge_bucket_take(struct bridge_bucket *);
void	 bridge_bucket_give(struct bridge_bucket *);
void	 bridge_bucket_hold(struct bridge_bucket *, double, double);

#endif /* BRIDGE_BUCKET_H */
