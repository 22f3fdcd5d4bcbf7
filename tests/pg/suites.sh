#!/bin/bash
# tests/pg/suites.sh: the store's and the service's check suites again,
# on PostgreSQL: tests/check_daemon on a throwaway cluster
# (tests/pg/cluster.sh), each suite in turn.  make check runs it after
# the same suites ran on SQLite (tests/check_daemon).
#
# Not run here: store_guard (what tacd does with an SQLite file that is
# damaged, foreign or deleted: no such file on PostgreSQL); lead
# (SQLite's lock file; check_store_pg.c tests the advisory lock);
# play_words (one test of the words, 64 s over a socket: 1.3 million
# queries).
# stats_log's migration from an SQLite file of schema 4 runs on SQLite
# only (the suite leaves it out on PostgreSQL).  A missing PostgreSQL
# fails (cluster.sh).
set -u

src=${abs_top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}
build=${abs_top_builddir:-$src}
suites="store service game game_timers menu chat outbox link access say
    say_names learn hints commands pace left premove away remind end coop
    web rematch stats stats_log"

# Run each suite; the exit status says whether all passed.
run() {
	local s failed=0 out
	for s in $suites; do
		out=$(CK_RUN_SUITE=$s "$build/tests/check_daemon" 2>&1)
		echo "pg $s: $(echo "$out" | grep 'Checks:')"
		if ! echo "$out" | grep -q '^100%: Checks: [1-9]'; then
			echo "$out" | grep -E ':[FE]:' | head -20
			failed=1
		fi
	done
	return $failed
}

export build suites
export -f run
exec bash "$src/tests/pg/cluster.sh" bash -c run
