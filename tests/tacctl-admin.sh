#!/usr/bin/env bash
# tests/tacctl-admin.sh: tacctl's database commands (games, show, export,
# verify, backup) on a database that tests/bench_service fills with games
# played through the service.  Run by `make check`; prints one line per
# check and exits non-zero on a failure.
set -u

: "${top_builddir:=.}"
tacctl=${TACCTL:-$top_builddir/src/tacctl/tacctl}
bench=$top_builddir/tests/bench_service

tmp=$(mktemp -d "${TMPDIR:-/tmp}/tacctl-admin.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
nfail=0

# Report one check: its name, then the command that must succeed.
check() {
	local name=$1

	shift
	if "$@" >"$tmp/out" 2>"$tmp/err"; then
		echo "ok - $name"
	else
		nfail=$((nfail + 1))
		echo "FAIL - $name"
		sed -n '1,10s/^/    /p' "$tmp/out" "$tmp/err"
	fi
}

"$bench" -k -d "$tmp" -g 12 -n 1500 -r 1000000 >"$tmp/bench" ||
    { cat "$tmp/bench"; exit 1; }
db=$tmp/bench.db
printf 'state_dir = %s\n' "$tmp" >"$tmp/tacd.conf"
cp "$db" "$tmp/tacd.db"

check "games lists every game" \
    bash -c "[ \$('$tacctl' games -d '$db' | grep -c ' playing ') -eq 12 ]"
check "games finds the database through -f" \
    bash -c "'$tacctl' -f '$tmp/tacd.conf' games | grep -q '^12 '"
check "verify: every snapshot is its log's replay" \
    "$tacctl" verify -d "$db"
check "show prints the board and the log" \
    bash -c "'$tacctl' show -d '$db' 3 | grep -q '^log' &&
    '$tacctl' show -d '$db' 3 | grep -q '^circle:'"
check "export writes a record" \
    bash -c "'$tacctl' export -d '$db' 3 >'$tmp/g3.json'"
turn=$("$tacctl" show -d "$db" 3 | sed -n 's/.*, turn \([0-9]*\),.*/\1/p')
check "replay reproduces the exported game ($turn actions)" \
    bash -c "'$tacctl' replay '$tmp/g3.json' | grep -q '\"actions\": $turn}'"
check "backup copies a database that verifies" \
    bash -c "'$tacctl' backup -d '$db' '$tmp/copy.db' &&
    '$tacctl' verify -d '$tmp/copy.db'"
check "a missing game is an error" \
    bash -c "! '$tacctl' show -d '$db' 999"
check "a missing database is an error" \
    bash -c "! '$tacctl' games -d '$tmp/none.db'"
if command -v sqlite3 >/dev/null; then
	sqlite3 "$tmp/copy.db" "UPDATE games SET snapshot = replace(snapshot,
	    '\"round\":', '\"round\":1,\"x\":') WHERE id = 5"
	check "verify finds a snapshot that differs from its replay" \
	    bash -c "'$tacctl' verify -d '$tmp/copy.db' | grep -q '#5: the' &&
	    ! '$tacctl' verify -d '$tmp/copy.db'"
fi
[ "$nfail" -eq 0 ]
