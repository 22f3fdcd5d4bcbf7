#!/bin/bash
# bench-stats.sh: tacctl stats over 10,000 stored games (make
# bench-stats).  tests/bench_stats stores the games as tacd would, with
# their statistics; then each tacctl stats command is run five times and
# its wall time printed (best and worst), next to a full --rebuild.
set -eu
top_builddir=${abs_top_builddir:-.}
TACCTL=$top_builddir/src/tacctl/tacctl
GAMES=${GAMES:-10000}
dir=$(mktemp -d "${TMPDIR:-/tmp}/bench-stats.XXXXXX")
trap 'rm -rf "$dir"' EXIT
db=$dir/tacd.db

"$top_builddir/tests/bench_stats" -g "$GAMES" -o "$db"
echo "database: $(du -m "$db" | cut -f1) MB"

# Time a command five times: run NAME COMMAND...
run() {
	local name=$1 i t0 t1 ms best= worst=

	shift
	for i in 1 2 3 4 5; do
		t0=$(date +%s%N)
		"$@" >"$dir/out"
		t1=$(date +%s%N)
		ms=$(((t1 - t0) / 1000000))
		if [ -z "$best" ] || [ "$ms" -lt "$best" ]; then best=$ms; fi
		if [ -z "$worst" ] || [ "$ms" -gt "$worst" ]; then worst=$ms; fi
	done
	printf '%-40s best %5d ms, worst %5d ms (%d lines)\n' "$name" \
	    "$best" "$worst" "$(wc -l <"$dir/out")"
}

run "tacctl stats" "$TACCTL" stats -d "$db"
run "tacctl stats --json" "$TACCTL" stats -d "$db" --json
run "tacctl stats --chat -1001" "$TACCTL" stats -d "$db" --chat -1001
run "tacctl stats --chat -1001 --json" "$TACCTL" stats -d "$db" \
    --chat -1001 --json
t0=$(date +%s%N)
"$TACCTL" stats -d "$db" --rebuild
echo "tacctl stats --rebuild: $((($(date +%s%N) - t0) / 1000000)) ms"
