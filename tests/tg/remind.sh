#!/bin/bash
# remind.sh: a turn's reminder, the real tacd against the fake Bot API.
# A person plays their group's game with three AIs at the shortest
# deadline there is, a minute a turn; the exchange waits for their card.
# At four fifths of the minute they are told privately, in words, that
# their turn is waiting in the group and how long until the AI plays;
# the group is not; once the AI gave for them, they were told once.
# (The wait is real: the reminder comes 48 seconds in; a slow machine
# only lengthens it.)
. "${abs_top_srcdir:-${top_srcdir:-.}}/tests/tg/lib.sh"

fake_start
tgconf tacd.conf "$scratch/db" "idle_reminder = off"
tacd_start tacd.conf tacd.log
check "tacd knows the bot" wait_until "grep -q 'telegram: bot @' tacd.log"

send 1001 1001 "/start" en
send -1001 1001 "/new deadline=1m auto=off" en
send -1001 1001 "/ai all" en
send -1001 1001 "/start" en

# The bot's messages to CHAT that match an ERE, as JSON lines.
sent_to() {
	ctl /ctl/sent | node -e 'let t="";process.stdin.on("data",d=>t+=d);
	    process.stdin.on("end",()=>{const re=new RegExp(process.argv[2]);
	    for (const m of JSON.parse(t).result)
		if (String(m.chat) === process.argv[1] &&
		    re.test(m.text || m.caption || ""))
			console.log(JSON.stringify({text: m.text || m.caption,
			    quiet: !!m.disable_notification}));})' -- "$1" "$2"
}
words='your turn is waiting; [0-9]+ min left, then the AI plays'
check "the exchange waits for the person" wait_until \
    "[ \"\$(\"\$SQLEXEC\" db/tacd.db 'SELECT remind > 0 FROM games
    WHERE id = 1')\" = 1 ]"
check "the reminder reaches the person, headed by the group's title" \
    wait_until "[ -n \"\$(sent_to 1001 '^<b>T-1001</b>\\nGame #1: $words')\" ]"
# The AI gives for them once the minute is up (who 2: after the deadline).
check "the AI plays the turn once its time is up" wait_until \
    "[ \"\$(\"\$SQLEXEC\" db/tacd.db 'SELECT count(*) FROM actions
    WHERE game = 1 AND who = 2')\" -ge 1 ]"
check "the outbox drains" wait_until "delivered db/tacd.db"
tacd_stop
check "tacd exits 0" [ $? -eq 0 ]
sent_to 1001 "$words" >reminders.json
cat reminders.json
check "one reminder for the turn" [ "$(wc -l <reminders.json)" -eq 1 ]
check "... it makes a sound (no quiet hours known)" \
    grep -q '"quiet":false' reminders.json
check "the group is not reminded" \
    [ -z "$(sent_to -1001 "$words")" ]
check "the store says which turn was reminded" [ "$("$SQLEXEC" db/tacd.db \
    'SELECT count(*) FROM seat_remind WHERE game = 1 AND reminded = 0')" = 1 ]
check "no crash" bash -c \
    "! grep -Eq 'AddressSanitizer|runtime error|fatal' tacd.log"
finish
