/*
 * now.h: the clocks that time things (benchmarks, search budgets, rate
 * limits).  Game time (deadlines, reminders) is unix seconds from the
 * service's own clock, which the tests wind; these are not for that.
 */
#ifndef NOW_H
#define NOW_H

/* now.c */
double	 now_mono(void);
double	 now_ms(void);
double	 now_cpu_ms(void);

#endif /* NOW_H */
