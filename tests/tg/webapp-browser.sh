#!/bin/bash
# webapp-browser.sh: the Mini App's page in headless Chromium (Debian's
# chromium), driven by puppeteer-core and checked with axe-core, both
# from npm (installed into the build tree from
# tests/tg/webapp/package-lock.json on first use), against the real tacd
# and the fake Bot API (tests/tg/webapp-browser.js and webapp-watch.js say
# what is checked): turns played by taps, with Telegram's script (a stub
# that records the page's calls) and without, at phone and desktop
# sizes, in dark and light themes; each seat's board from that seat;
# watchers with the group's link and without; the replay; refusals and
# languages; and the game's log afterwards exactly the record's, as /play
# of the same actions makes it.  Screenshots are kept in
# tests/tg/webapp-shots/ of the build tree.  Without chromium or the npm
# packages the test fails and says what to install.
. "${abs_top_srcdir:-${top_srcdir:-.}}/tests/tg/lib.sh"

chromium=${CHROMIUM:-$(command -v chromium || command -v chromium-browser)}
if [ -z "$chromium" ] || [ ! -x "$chromium" ]; then
	bad "no chromium: install Debian's chromium (apt-get install chromium; bash .ci/deps does it)"
	finish
fi
npmdir=$top_builddir/tests/tg/webapp-npm
if [ ! -f "$npmdir/node_modules/puppeteer-core/package.json" ] ||
    [ ! -f "$npmdir/node_modules/axe-core/axe.min.js" ] ||
    ! cmp -s "$top_srcdir/tests/tg/webapp/package-lock.json" \
    "$npmdir/package-lock.json"; then
	mkdir -p "$npmdir"
	cp "$top_srcdir/tests/tg/webapp/package.json" \
	    "$top_srcdir/tests/tg/webapp/package-lock.json" "$npmdir/"
	if ! (cd "$npmdir" && npm ci --no-audit --no-fund --loglevel=error) \
	    >npm.log 2>&1; then
		cat npm.log
		bad "npm ci of puppeteer-core and axe-core (tests/tg/webapp/package-lock.json): the npm registry must be reachable"
		finish
	fi
fi
shots=$top_builddir/tests/tg/webapp-shots
rm -rf "$shots"
mkdir -p "$shots"
shots=$(cd "$shots" && pwd)

fake_start
button_game
port=$(free_port)
tgconf tacd.conf "$scratch/db" "webapp_listen = 127.0.0.1:$port" \
    'webapp_url = https://example.test/tac/' 'webapp_short_name = tacboard'
tacd_start tacd.conf tacd.log
check "the Mini App listens" wait_until \
    "grep -q 'telegram: webapp on 127.0.0.1:$port' tacd.log"
check "tacd knows the bot" wait_until "grep -q 'telegram: bot @' tacd.log"
NODE_PATH=$npmdir/node_modules node "$TG_DIR/webapp-browser.js" \
    "http://127.0.0.1:$port" "$FAKE_URL" "$TOKEN" rec/game-000001.json \
    "$shots" "$chromium" "$npmdir/node_modules/axe-core/axe.min.js" \
    >browser.out 2>browser.err
rc=$?
cat browser.out
# The timeline of requests and checks, kept with the screenshots.
cp browser.err "$shots/browser.err"
[ $rc -eq 0 ] || { tail -n 30 browser.err; tail -n 20 tacd.log; }
count_checks browser.out
check "the browser's checks all ran" [ $rc -eq 0 ]
n=$(sed -n 's/^moves //p' browser.out)
"$TACCTL" -f tacd.conf export 1 >got.json
check "the log is the record's first ${n:-?} actions, taps and /play alike" \
    cmp -s <(record_actions got.json) \
    <(record_actions rec/game-000001.json | head -n "${n:-0}")
check "screenshots were kept ($(ls "$shots" | wc -l) in $shots)" \
    [ "$(ls "$shots"/*.png 2>/dev/null | wc -l)" -ge 50 ]
check "tacd stops cleanly" tacd_stop
finish
