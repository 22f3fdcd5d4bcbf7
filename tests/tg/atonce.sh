#!/bin/bash
# atonce.sh: every press answered at once, the exchange at once, through
# the real tacd and the fake Bot API (tests/tg/atonce.js).  In a quiet
# group a refused press (Start with seats free, then an out-of-date
# Start) gets its answer, with the refusal's words, before any of thirty
# replies queued ahead of it while the fake holds them (an order, not a
# time); at the deal all four people have their give buttons before
# anyone has given, and when all have given the gifts are logged and the
# group hears one line.
. "${abs_top_srcdir:-${top_srcdir:-.}}/tests/tg/lib.sh"

fake_start
tgconf tacd.conf "$scratch/db"
tacd_start tacd.conf tacd.log
check "tacd knows the bot" wait_until "grep -q 'telegram: bot @' tacd.log"
node "$TG_DIR/atonce.js" "$FAKE_CTL" "$SQLEXEC" db/tacd.db >atonce.out \
    2>atonce.err
rc=$?
cat atonce.out
count_checks atonce.out
check "the walk went to its end" [ $rc -eq 0 ]
[ $rc -eq 0 ] || tail -n 5 atonce.err
check "two refusals were answered first" \
    [ "$(grep -c '^answer .* [0-9][0-9]*$' atonce.out)" -eq 2 ]
tacd_stop
check "tacd exits 0" [ $? -eq 0 ]
check "the game verifies" "$TACCTL" -f tacd.conf verify
check "no crash" bash -c \
    "! grep -Eq 'AddressSanitizer|runtime error|fatal' tacd.log"
finish
