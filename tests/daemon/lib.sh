# lib.sh: what the daemon's end-to-end scripts share.  Sourced, not run.
#
# Each script runs the real tacd (and tacctl) from the build tree in a
# scratch directory of its own, counts its checks with ok/bad, and ends
# with finish: a "N passed, M failed" line and a non-zero exit on failure.

top_builddir=${abs_top_builddir:-${top_builddir:-.}}
top_srcdir=${abs_top_srcdir:-${top_srcdir:-.}}
TACD=${TACD:-$top_builddir/src/tacd}
TACCTL=${TACCTL:-$top_builddir/src/tacctl/tacctl}
MKSTREAM=$top_builddir/tests/daemon/mkstream
NOTIFY_LISTEN=$top_builddir/tests/daemon/notify-listen
SQLEXEC=$top_builddir/tests/daemon/sqlexec
passed=0
failed=0

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

# Wait until FILE contains PATTERN, at most SECONDS (default 10).
wait_for() {
	local file=$1 pattern=$2 i limit=$((${3:-10} * 20))

	for ((i = 0; i < limit; i++)); do
		grep -q -- "$pattern" "$file" 2>/dev/null && return 0
		sleep 0.05
	done
	return 1
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
