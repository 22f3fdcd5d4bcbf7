#!/bin/bash
# tests/pg/failover.sh: tests/tg/failover.sh on PostgreSQL: two tacd on
# a throwaway cluster (tests/pg/cluster.sh), the active one killed with
# kill -9 KILLS times (4 here: the 10 of the SQLite run show nothing more
# on a lock that goes with its session, and each costs make check time),
# the standby taking over each time, every game equal to its record and
# every update applied once; then the active one's session is ended by
# the server instead: it stands by, the standby takes over, and it leads
# again on a new session once that one is killed.
src=${abs_top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}
export FAILOVER_DB=pg
export KILLS=${KILLS:-4}
exec bash "$src/tests/tg/failover.sh"
