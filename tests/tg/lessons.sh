#!/bin/bash
# lessons.sh: a whole run of the lessons in Telegram, the real tacd against
# the fake Bot API (tests/tg/lessons.js), in English and in Russian (its
# TAKER names): one message per lesson, each a picture (the 7 lesson
# too), edited in place by every step and every try's answer, a wrong
# try's reason in its caption, and no older message with live buttons.
. "${abs_top_srcdir:-${top_srcdir:-.}}/tests/tg/lib.sh"

fake_start
tgconf tacd.conf "$scratch/db"
tacd_start tacd.conf tacd.log
check "tacd knows the bot" wait_until "grep -q 'telegram: bot @' tacd.log"
for lang in en ru; do
	node "$TG_DIR/lessons.js" "$FAKE_CTL" $lang >$lang.out 2>$lang.err
	rc=$?
	sed "s/^/$lang: /" $lang.out
	count_checks $lang.out
	check "$lang: the run went to its end" [ $rc -eq 0 ]
	[ $rc -eq 0 ] || tail -n 5 $lang.err
done
tacd_stop
check "tacd exits 0" [ $? -eq 0 ]
check "no crash, no sanitizer report" bash -c \
    "! grep -Eq 'AddressSanitizer|runtime error|fatal' tacd.log"
check "no picture failed" bash -c "! grep -q 'picture failed' tacd.log"
finish
