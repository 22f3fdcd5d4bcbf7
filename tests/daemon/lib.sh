# lib.sh: what the daemon's end-to-end scripts share.  Sourced, not run.
#
# Each script runs the real tacd (and tacctl) from the build tree in a
# scratch directory of its own, counts its checks with ok/bad, and ends
# with finish: a "N passed, M failed" line and a non-zero exit on failure.
#
# No check compares a clock: a test waits for the state it needs (a line,
# a row, a count) and fails only if that never comes.  "Never" is the hang
# guard, HANG_GUARD seconds, the one bound on every wait (wait_for and
# wait_until here, HANG_GUARD_MS of tests/tg/guard.js for the node
# drivers): far beyond what anything takes on a loaded machine
# or in the sanitizer build, so only a hang reaches it.  A wait for long
# work (a game's updates, a backlog, a review: wait_moving) counts it
# from the last progress: a hang is no progress, not slowness.
# tests/clock.sh keeps any other clock out of the checks.

top_builddir=${abs_top_builddir:-${top_builddir:-.}}
top_srcdir=${abs_top_srcdir:-${top_srcdir:-.}}
TACD=${TACD:-$top_builddir/src/tacd}
TACCTL=${TACCTL:-$top_builddir/src/tacctl/tacctl}
MKSTREAM=$top_builddir/tests/daemon/mkstream
NOTIFY_LISTEN=$top_builddir/tests/daemon/notify-listen
SQLEXEC=$top_builddir/tests/daemon/sqlexec
passed=0
failed=0
HANG_GUARD=${HANG_GUARD:-300}	# hang guard, seconds
export HANG_GUARD

# tacd must not find a system configuration, nor think systemd runs it.
unset STATE_DIRECTORY NOTIFY_SOCKET WATCHDOG_USEC WATCHDOG_PID JOURNAL_STREAM
export NO_COLOR=1
export LC_ALL=C

scratch=$(mktemp -d "${TMPDIR:-/tmp}/tacd-test.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
cd "$scratch" || exit 1

# Record a passed check.
ok() {
	passed=$((passed + 1))
	echo "ok: $*"
}

# Record a failed check.
bad() {
	failed=$((failed + 1))
	echo "FAIL: $*"
}

# Run a check: check NAME COMMAND...
check() {
	local name=$1

	shift
	if "$@"; then ok "$name"; else bad "$name"; fi
}

# Write a configuration with the given state directory: conf FILE DIR.
conf() {
	printf 'state_dir = %s\nlog_level = warning\n' "$2" >"$1"
}

# Wait until FILE contains PATTERN: 1 when the hang guard is reached.
wait_for() {
	local file=$1 pattern=$2 end=$((SECONDS + HANG_GUARD))	# hang guard

	[ $# -eq 2 ] || { echo "wait_for FILE PATTERN: no bound of its own"; exit 99; }
	while [ "$SECONDS" -lt "$end" ]; do	# hang guard
		grep -q -- "$pattern" "$file" 2>/dev/null && return 0
		sleep 0.05
	done
	grep -q -- "$pattern" "$file" 2>/dev/null
}

# Wait until the shell condition holds: 1 when the hang guard is reached.
# The guard is counted in seconds, not tries, so a condition that takes
# its own time (a node script) does not stretch it.
wait_until() {
	local cond=$1 end=$((SECONDS + HANG_GUARD))	# hang guard

	[ $# -eq 1 ] || { echo "wait_until COND: no bound of its own"; exit 99; }
	while [ "$SECONDS" -lt "$end" ]; do	# hang guard
		eval "$cond" && return 0
		sleep 0.1
	done
	eval "$cond"
}

# Wait until the shell condition COND holds while the command PROGRESS
# (the confirmed offset, the actions stored) keeps changing what it
# prints: 1 once it printed the same for the hang guard.
wait_moving() {
	local cond=$1 progress=$2 last= now since=$SECONDS	# hang guard

	[ $# -eq 2 ] || { echo "wait_moving COND PROGRESS: no bound of its own"; exit 99; }
	while ! eval "$cond"; do
		now=$(eval "$progress" 2>/dev/null)
		[ "$now" != "$last" ] && { last=$now; since=$SECONDS; }	# hang guard
		[ $((SECONDS - since)) -ge "$HANG_GUARD" ] && return 1	# hang guard
		sleep 0.1
	done
	return 0
}

# The Latin words of a text file, one a line, but commands ("/lang"),
# units after a number (30m, 2h), and what a person typed back to them
# (quoted: «xyz», „xyz“): what a text in a language of another script
# may not hold, or, in German, where the English words would be.
latin_words() {
	sed -e 's#/[a-z]*##g' -e 's/[0-9][a-z]*//g' \
	    -e 's/«[^»]*»//g' -e 's/„[^“]*“//g' "$1" |
	    grep -o '[A-Za-z][A-Za-z]*' | sort -u
}

# Print the closing line and exit with the verdict.
finish() {
	echo "$passed passed, $failed failed"
	[ "$failed" -eq 0 ]
	exit
}

for prog in "$TACD" "$TACCTL"; do
	if [ ! -x "$prog" ]; then
		echo "$prog: not built"
		exit 99
	fi
done
