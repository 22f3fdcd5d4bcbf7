/*
 * tacd-lead.h: one active tacd on a store, the others standing by.
 */
#ifndef TACD_LEAD_H
#define TACD_LEAD_H

#include <event2/event.h>

struct store;
struct tacd_lead;

#define TACD_LEAD_SEC	1	/* a standby tries for the lead this often */

struct tacd_lead *tacd_lead_new(struct event_base *, struct store **,
		     int (*)(void), void (*)(void));
int		 tacd_lead_active(struct tacd_lead *);
void		 tacd_lead_stop(struct tacd_lead *);
void		 tacd_lead_free(struct tacd_lead *);

#endif
