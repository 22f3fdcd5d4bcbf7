#!/bin/bash
# webapp-page.sh: the Mini App's page apart from a browser, in node
# (built-in modules only).  move.js (tests/tg/webapp-move.js says what is
# checked): its own cases, then two games tacctl sim plays (four players
# in pairs, six in teams of three), every board checked against the
# engine's and every legal action of some positions built by taps.  And
# the page's words (tests/tg/webapp-words.js): none of its own, every one
# it uses from the catalogs, the server's errors too.
. "${abs_top_srcdir:-${top_srcdir:-.}}/tests/daemon/lib.sh"

if ! command -v node >/dev/null; then
	bad "no node: install Debian's nodejs (bash .ci/deps does it)"
	finish
fi
"$TACCTL" sim --games 1 --seed 7 --record four >/dev/null
"$TACCTL" sim --games 1 --seed 9 --players 6 --teams triples \
    --record six >/dev/null
check "tacctl sim recorded two games" \
    test -s four/game-000001.json -a -s six/game-000001.json
# Their first 700 actions: every card comes up, and the test stays short.
for f in four/game-000001.json six/game-000001.json; do
	node -e 'const fs = require("fs"), r = JSON.parse(fs.readFileSync(
	    process.argv[1])); r.actions = r.actions.slice(0, 700);
	    delete r.result; fs.writeFileSync(process.argv[1], JSON.stringify(r));' "$f"
done
node "$top_srcdir/tests/tg/webapp-move.js" "$top_srcdir/bot/webapp/page/move.js" \
    "$TACCTL" four/game-000001.json six/game-000001.json >move.out 2>&1
rc=$?
cat move.out
passed=$((passed + $(grep -c '^ok: ' move.out)))
failed=$((failed + $(grep -c '^FAIL: ' move.out)))
check "the checks of move.js all ran" [ $rc -eq 0 ]
node "$top_srcdir/tests/tg/webapp-words.js" "$top_srcdir" >words.out 2>&1
rc=$?
cat words.out
passed=$((passed + $(grep -c '^ok: ' words.out)))
failed=$((failed + $(grep -c '^FAIL: ' words.out)))
check "the checks of the page's words all ran" [ $rc -eq 0 ]
finish
