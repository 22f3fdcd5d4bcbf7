#!/usr/bin/env bash
# tests/tacctl-admin.sh: tacctl's database commands (games, show, export,
# verify, backup) on a database that tests/bench_service fills with games
# played through the service, and export's result on a finished console
# game.  Run by `make check`; prints one line per
# check and exits non-zero on a failure.
set -u

: "${top_builddir:=.}"
tacctl=${TACCTL:-$top_builddir/src/tacctl/tacctl}
bench=$top_builddir/tests/bench_service
tacd=${TACD:-$top_builddir/src/tacd}
sqlexec=$top_builddir/tests/daemon/sqlexec

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
# The "result" line of a record as tacctl prints it: result OVER WINNER N.
result() {
	printf '  "result": {"over": %s, "winner": %s, "actions": %s}' "$@"
}
check "a running game's record says it is not over" \
    grep -qxF "$(result false null "$turn")" "$tmp/g3.json"

# A finished game: a console game played to its end, the person taking
# the first choice every time.
printf 'state_dir = %s/end\nlog_level = warning\n' "$tmp" >"$tmp/end.conf"
yes 1 | head -n 3000 | env -u STATE_DIRECTORY -u NOTIFY_SOCKET NO_COLOR=1 \
    LC_ALL=C "$tacd" -f "$tmp/end.conf" --console seed=5 >"$tmp/end.out" 2>&1
check "a console game is played to its end" \
    bash -c "'$tacctl' -f '$tmp/end.conf' games | grep -q '^ *1 .* over '"
"$tacctl" -f "$tmp/end.conf" export 1 >"$tmp/end.json"
won=$("$tacctl" -f "$tmp/end.conf" show 1 |
    sed -n 's/.*, winner \([0-9]*\)$/\1/p')
nact=$(sed -n '/^  "actions": \[/,/^  \]/p' "$tmp/end.json" | grep -c '^    "')
line=$(grep '^  "result": ' "$tmp/end.json")
echo "# the finished game: winner ${won:-?}, $nact actions; $line"
check "its record's result says over, the winner and the actions" \
    [ "$line" = "$(result true "${won:-x}" "$nact")" ]
check "replay of the export agrees with its result" \
    bash -c "'$tacctl' replay '$tmp/end.json' | grep -qxF '$line'"
sed "s/^$line\$/$(result true $((1 - ${won:-0})) "$nact")/" "$tmp/end.json" \
    >"$tmp/lie.json"
check "replay refuses a result that names the other team" \
    bash -c "'$tacctl' replay '$tmp/lie.json'; [ \$? -eq 1 ]"
sed "s/^$line\$/$(result true "${won:-0}" $((nact - 1)))/" "$tmp/end.json" \
    >"$tmp/lie.json"
check "replay refuses a result with another count of actions" \
    bash -c "'$tacctl' replay '$tmp/lie.json'; [ \$? -eq 1 ]"

check "backup copies a database that verifies" \
    bash -c "'$tacctl' backup -d '$db' '$tmp/copy.db' &&
    '$tacctl' verify -d '$tmp/copy.db'"
check "a missing game is an error" \
    bash -c "! '$tacctl' show -d '$db' 999"
check "a missing database is an error" \
    bash -c "! '$tacctl' games -d '$tmp/none.db'"
"$sqlexec" "$tmp/copy.db" "UPDATE games SET snapshot = replace(snapshot,
    '\"round\":', '\"round\":1,\"x\":') WHERE id = 5"
check "verify finds a snapshot that differs from its replay" \
    bash -c "'$tacctl' verify -d '$tmp/copy.db' | grep -q '#5: the' &&
    ! '$tacctl' verify -d '$tmp/copy.db'"
[ "$nfail" -eq 0 ]
