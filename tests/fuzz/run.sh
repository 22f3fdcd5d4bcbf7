#!/bin/sh
# run.sh: replay the seed corpora through the fuzz targets, then, in a
# build configured to fuzz (FUZZING=yes: ./configure --enable-fuzzing with
# clang, as CI's fuzz stage does), fuzz each target for a short while.
# There a missing fuzzer is a failure; in a build without libFuzzer
# (FUZZING=no) the corpora are replayed and the last line says that
# nothing was fuzzed.
#
# Run by make check (which passes the build's FUZZING); by hand, from the
# build directory:
#	sh tests/fuzz/run.sh		(FUZZING=auto: fuzz if the fuzzers
#					 are built)
# FUZZ_TIME sets the seconds per libFuzzer target (default 20).

here=$(dirname "$0")
: "${top_srcdir:=$here/../..}"
: "${top_builddir:=.}"
: "${FUZZ_TIME:=20}"
: "${FUZZING:=auto}"
corpus=$top_srcdir/tests/fuzz/corpus
out=$top_builddir/tests/fuzz
targets="action position record update split button payload initdata accept"
failed=0

for t in $targets; do
	if [ ! -x "$out/replay_$t" ]; then
		echo "$out/replay_$t: not built (make check builds it)"
		exit 99
	fi
	if "$out/replay_$t" "$corpus/$t"; then
		echo "PASS: replay_$t"
	else
		echo "FAIL: replay_$t"
		failed=1
	fi
done

[ "$FUZZING" = auto ] && [ -x "$out/fuzz_action" ] && FUZZING=yes
if [ "$FUZZING" != yes ]; then
	echo "the corpora replayed; nothing fuzzed: this build has no" \
	    "libFuzzer (./configure --enable-fuzzing with clang fuzzes)"
	exit $failed
fi
for t in $targets; do
	if [ ! -x "$out/fuzz_$t" ]; then
		echo "FAIL: fuzz_$t: not built, in a build configured to fuzz"
		exit 1
	fi
done

# libFuzzer adds what it finds to the first folder: keep the seeds clean.
one=10	# hang guard: seconds libFuzzer gives one input
for t in $targets; do
	work=$out/work/$t
	log=$out/fuzz_$t.out
	rm -rf "$work"
	mkdir -p "$work"
	echo "fuzz_$t: ${FUZZ_TIME}s"
	if "$out/fuzz_$t" -max_total_time="$FUZZ_TIME" -timeout="$one" \
	    -artifact_prefix="$out/" -print_final_stats=1 \
	    "$work" "$corpus/$t" >"$log" 2>&1; then
		grep -E '^(Done|stat::number_of_executed_units)' "$log"
		echo "PASS: fuzz_$t"
	else
		tail -n 60 "$log"
		echo "FAIL: fuzz_$t (log: $log)"
		failed=1
	fi
done
exit $failed
