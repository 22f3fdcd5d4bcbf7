#!/bin/bash
# webapp-bench.sh: not a test.  The Mini App's numbers on loopback
# (tests/tg/webapp-bench.js says which): the page's bytes, the time to a
# drawn board in headless Chromium (when chromium and the browser test's
# npm packages are there), and 200 watchers of one game asking at once
# and following it live.  make bench-webapp runs it; WEBAPP_CONNS sets
# webapp_max_connections (half of it is the most polls tacd holds).
. "${abs_top_srcdir:-${top_srcdir:-.}}/tests/tg/lib.sh"

chromium=${CHROMIUM:-$(command -v chromium || command -v chromium-browser)}
npmdir=$top_builddir/tests/tg/webapp-npm
[ -f "$npmdir/node_modules/puppeteer-core/package.json" ] || chromium=
[ -n "$chromium" ] || echo "bench: no chromium or puppeteer-core" \
    "(make check TESTS=tests/tg/webapp-browser.sh installs it): no board time"
fake_start
button_game
port=$(free_port)
tgconf tacd.conf "$scratch/db" "webapp_listen = 127.0.0.1:$port" \
    'webapp_url = https://example.test/tac/' 'webapp_short_name = tacboard' \
    ${WEBAPP_CONNS:+"webapp_max_connections = $WEBAPP_CONNS"}
"$TACD" -n -f tacd.conf || exit 1
tacd_start tacd.conf tacd.log
wait_until "grep -q 'telegram: webapp on 127.0.0.1:$port' tacd.log" &&
    wait_until "grep -q 'telegram: bot @' tacd.log" ||
    { echo "bench: tacd did not start"; tail -5 tacd.log; exit 1; }
NODE_PATH=$npmdir/node_modules node "$TG_DIR/webapp-bench.js" \
    "http://127.0.0.1:$port" "$FAKE_URL" "$TOKEN" rec/game-000001.json \
    $chromium
rc=$?
tacd_stop >/dev/null
exit $rc
