#!/bin/bash
# restart.sh: the button game of emulator.sh against telegram-test-api,
# with tacd stopped twice in the middle: once with SIGTERM and once with
# kill -9, each time between two button presses of a menu walk (the turn's
# private message shows an inner node of the menu).  The restarted tacd
# takes the presses on the buttons it made before, the walk goes on from
# that node, and the game ends with a log equal to the record, whose
# snapshot tacctl verify replays.
. "${abs_top_srcdir:-${top_srcdir:-.}}/tests/tg/lib.sh"

[ -x "$top_builddir/tests/tg/menupath" ] ||
    { echo "tests/tg/menupath: not built"; exit 99; }
emu_start
button_game
n=$(wc -l <plan.txt)
# The first action at or after N whose menu is two presses or more deep.
deep_after() {
	sed 's/^{"i": \([0-9]*\),.*"path": "\([^"]*\)".*/\1 \2/' plan.txt |
	    awk -v n="$1" '$1 >= n && length($2) >= 2 { print $1; exit }'
}
k1=$(deep_after $((n / 3)))
k2=$(deep_after $((2 * n / 3)))
check "two deep menus to stop in ($k1, $k2 of $n actions)" \
    [ -n "$k1" -a -n "$k2" ]

tgconf tacd.conf "$scratch/db"
drive() {
	node "$TG_DIR/drive.js" "$FAKE_URL" "$TOKEN" plan.txt "$GAME_RSEED" \
	    "$@" >drive.out 2>>drive.err
	local rc=$?
	cat drive.out
	count_checks drive.out
	return $rc
}

tacd_start tacd.conf tacd.log
check "tacd knows the bot" wait_until "grep -q 'telegram: bot @' tacd.log"
drive to="$k1" partial=1 stale=$((k1 - 3))
check "actions 0 to $k1 played, $k1's menu opened" [ $? -eq 0 ]
tacd_stop
check "tacd exits 0 on SIGTERM" [ $? -eq 0 ]

tacd_start tacd.conf tacd.log
drive from="$k1" to="$k2" partial=1
check "after the restart, actions $k1 to $k2 played" [ $? -eq 0 ]
kill -9 "$TACD_PID"
wait "$TACD_PID" 2>/dev/null
TACD_PID=

tacd_start tacd.conf tacd.log
drive from="$k2"
check "after kill -9, actions $k2 to $n played" [ $? -eq 0 ]
check "the game is over" wait_until \
    "'$TACCTL' -f tacd.conf games | grep -q over"
"$TACCTL" -f tacd.conf export 1 >got.json
check "the log equals the record" \
    cmp -s <(record_actions got.json) <(record_actions rec/game-000001.json)
tacd_stop
check "tacd exits 0" [ $? -eq 0 ]
check "the log replays to the snapshot" \
    bash -c "'$TACCTL' -f tacd.conf verify >/dev/null"
check "tacd started three times" [ "$(grep -c 'polling from' tacd.log)" -eq 3 ]
check "the token is in no log" bash -c "! grep -q 'AAE-test' tacd.log"
check "no crash" bash -c \
    "! grep -Eq 'AddressSanitizer|runtime error|fatal' tacd.log"
finish
