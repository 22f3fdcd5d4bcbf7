#!/bin/bash
# learn-emu.sh: tests/tg/learn.js against telegram-test-api (npm 4.2.1,
# installed into the build tree on first use): the same lessons, hints
# and reviews in every language, where no picture can be sent and every
# message is text.
. "${abs_top_srcdir:-${top_srcdir:-.}}/tests/tg/lib.sh"

emu_start
ok "telegram-test-api runs"
tgconf tacd.conf "$scratch/db"
tacd_start tacd.conf tacd.log
check "tacd knows the bot" wait_until "grep -q 'telegram: bot @' tacd.log"
node "$TG_DIR/learn.js" emu "$FAKE_URL" "$TOKEN" >learn.out 2>learn.err
rc=$?
cat learn.out
count_checks learn.out
check "the walk went to its end" [ $rc -eq 0 ]
[ $rc -eq 0 ] || tail -n 5 learn.err
check "every language was walked" \
    [ "$(grep -c '^ok: .*: the review came privately' learn.out)" -eq 4 ]
tacd_stop
check "tacd exits 0" [ $? -eq 0 ]
check "no crash, no sanitizer report" bash -c \
    "! grep -Eq 'AddressSanitizer|runtime error|fatal' tacd.log"
finish
