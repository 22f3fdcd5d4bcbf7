#!/bin/bash
# webapp-api.sh: the Mini App's server and JSON API, against the real
# tacd and the fake Bot API, each run on a fresh database: the API
# (tests/tg/webapp-api.js: init data signed by node's crypto, refusals, a
# doubled POST, the long poll, the page's headers and size, limits, the
# buttons that open the app), who learns what of a game
# (webapp-privacy.js: strangers nothing, key holders a watcher's view,
# HEAD), and the long polls under a small connection cap
# (webapp-hold.js).
. "${abs_top_srcdir:-${top_srcdir:-.}}/tests/tg/lib.sh"

button_game

# One run: a fresh fake API and tacd with the Mini App (and the lines
# given), then node SCRIPT with its arguments: run NAME SCRIPT ARGS --
# CONF...
run() {
	local name=$1 script=$2 args=() rc

	shift 2
	while [ $# -gt 0 ] && [ "$1" != -- ]; do
		args+=("$1")
		shift
	done
	[ $# -gt 0 ] && shift
	[ -n "${FAKE_PID:-}" ] && kill "$FAKE_PID" 2>/dev/null
	fake_start
	port=$(free_port)
	tgconf "$name.conf" "$scratch/db-$name" \
	    "webapp_listen = 127.0.0.1:$port" \
	    'webapp_url = https://example.test/tac/' \
	    'webapp_short_name = tacboard' "$@"
	check "$name: tacd -n takes the Mini App's keys" "$TACD" -n -f "$name.conf"
	tacd_start "$name.conf" "$name.log"
	check "$name: the Mini App listens" wait_until \
	    "grep -q 'telegram: webapp on 127.0.0.1:$port' $name.log"
	check "$name: tacd knows the bot" \
	    wait_until "grep -q 'telegram: bot @' $name.log"
	TACD_LOG=$name.log node "$TG_DIR/$script" "http://127.0.0.1:$port" \
	    "$FAKE_URL" "$TOKEN" \
	    rec/game-000001.json "${args[@]}" >"$name.out" 2>"$name.err"
	rc=$?
	sed "s/^/$name: /" "$name.out"
	[ $rc -eq 0 ] || { cat "$name.err"; tail -5 "$name.log"; }
	count_checks "$name.out"
	check "$name: the checks all ran" [ $rc -eq 0 ]
	check "$name: the token is in no log" \
	    sh -c "! grep -qF '$TOKEN' $name.log"
	check "$name: tacd stops cleanly" tacd_stop
}

run api webapp-api.js 600 -- 'webapp_max_age = 600'
check "refused init data is logged, counted" \
    grep -q 'webapp: requests refused without good init data' api.log
run privacy webapp-privacy.js
run hold webapp-hold.js 24 -- 'webapp_max_connections = 24'
finish
