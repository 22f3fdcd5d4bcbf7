#!/bin/bash
# webapp-api.sh: the Mini App's server and JSON API, against the real
# tacd and the fake Bot API (tests/tg/webapp-api.js says what is
# checked): init data signed by node's crypto, two games in two groups,
# refusals, a doubled POST, the long poll, the page's headers and size,
# limits, and the buttons that open the app.
. "${abs_top_srcdir:-${top_srcdir:-.}}/tests/tg/lib.sh"

fake_start
button_game
port=$(node -e 'const s=require("net").createServer().listen(0,
    "127.0.0.1",()=>{console.log(s.address().port);s.close()})')
tgconf tacd.conf "$scratch/db" "webapp_listen = 127.0.0.1:$port" \
    'webapp_url = https://example.test/tac/' 'webapp_short_name = tacboard' \
    'webapp_max_age = 600'
check "tacd -n takes the Mini App's keys" "$TACD" -n -f tacd.conf
tacd_start tacd.conf tacd.log
check "the Mini App listens" wait_until \
    "grep -q 'telegram: webapp on 127.0.0.1:$port' tacd.log" 20
check "tacd knows the bot" wait_until "grep -q 'telegram: bot @' tacd.log" 20
node "$TG_DIR/webapp-api.js" "http://127.0.0.1:$port" "$FAKE_URL" "$TOKEN" \
    rec/game-000001.json 600 >api.out 2>api.err
rc=$?
cat api.out
[ $rc -eq 0 ] || cat api.err
count_checks api.out
check "the API checks all ran" [ $rc -eq 0 ]
check "the token is in no log" sh -c "! grep -qF '$TOKEN' tacd.log"
check "refused init data is logged, counted" \
    grep -q 'webapp: requests refused without good init data' tacd.log
check "tacd stops cleanly" tacd_stop
finish
