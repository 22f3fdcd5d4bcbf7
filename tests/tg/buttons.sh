#!/bin/bash
# buttons.sh: a whole game of one person and three AI players against the
# fake Bot API, the person playing only by the bot's buttons
# (tests/tg/buttons.js): the game ends, no keyboard has more than 12
# buttons nor a label more than 40 characters, turn notices are board
# pictures with the choices numbered as drawn, and a press of a turn
# already played is refused.
. "${abs_top_srcdir:-${top_srcdir:-.}}/tests/tg/lib.sh"

seed=${SEED:-7}
fake_start
tgconf tacd.conf "$scratch/db"
tacd_start tacd.conf tacd.log
node "$TG_DIR/buttons.js" "$FAKE_CTL" "$seed" >checks.out 2>drive.err
rc=$?
cat checks.out
tail -n 3 drive.err
check "the driver played to the end" [ $rc -eq 0 ]
count_checks checks.out
check "the checks ran" [ "$(wc -l <checks.out)" -ge 7 ]
tacd_stop
check "tacd exits 0" [ $? -eq 0 ]
check "no crash" bash -c \
    "! grep -Eq 'AddressSanitizer|runtime error|fatal' tacd.log"
check "the token is in no log" bash -c "! grep -q 'AAE-test' tacd.log fake.err"
finish
