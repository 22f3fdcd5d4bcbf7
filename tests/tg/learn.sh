#!/bin/bash
# learn.sh: hints, lessons and reviews in Telegram, the real tacd against
# the fake Bot API (tests/tg/learn.js), in every language: a person takes
# lesson 1 with its buttons (a wrong move gets the rule's reason and a
# second try), presses the 💡 button of their turn, and gets the review
# of their game privately from the game-end message's button, its
# decisions as pictures.
. "${abs_top_srcdir:-${top_srcdir:-.}}/tests/tg/lib.sh"

fake_start
tgconf tacd.conf "$scratch/db"
tacd_start tacd.conf tacd.log
check "tacd knows the bot" wait_until "grep -q 'telegram: bot @' tacd.log"
node "$TG_DIR/learn.js" fake "$FAKE_CTL" >learn.out 2>learn.err
rc=$?
cat learn.out
count_checks learn.out
check "the walk went to its end" [ $rc -eq 0 ]
[ $rc -eq 0 ] || tail -n 5 learn.err
check "every language was walked" \
    [ "$(grep -c '^ok: .*: the review came privately' learn.out)" -eq 4 ]
"$TACCTL" -f tacd.conf games >games.txt
check "four games ended" [ "$(grep -c over games.txt)" -eq 4 ]
tacd_stop
check "tacd exits 0" [ $? -eq 0 ]
check "no crash, no sanitizer report" bash -c \
    "! grep -Eq 'AddressSanitizer|runtime error|fatal' tacd.log"
check "no review failed" bash -c "! grep -q 'reviews:' tacd.log"
finish
