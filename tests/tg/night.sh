#!/bin/bash
# night.sh: a person's night, the real tacd against the fake Bot API.  A
# German speaker chooses UTC's clock in /settings and quiet hours from an
# hour ago to two hours on; their group's game (one hour a turn, three
# AIs) reaches them: their turn message makes no sound, it tells the
# deadline on their clock, and the turn's hour begins when their quiet
# hours end (the game's due, in the store, is exactly that); the group
# reads the time left, never UTC.  After a restart the settings and the
# deadline are as they were.
. "${abs_top_srcdir:-${top_srcdir:-.}}/tests/tg/lib.sh"

fake_start
tgconf tacd.conf "$scratch/db"
tacd_start tacd.conf tacd.log
check "tacd knows the bot" wait_until "grep -q 'telegram: bot @' tacd.log"

# Quiet hours around now, on UTC's clock (the clock only places them;
# not asserted): they end on the minute of two hours from now.
now=$(date -u +%s)	# not asserted: places the quiet hours
from=$(date -u -d "@$((now - 3600))" +%H:%M)
to=$(date -u -d "@$((now + 7200))" +%H:%M)
end=$(((now + 7200) / 60 * 60))
send 1001 1001 "/start" de
send 1001 1001 "/settings zone Atlantic/Reykjavik" de
send 1001 1001 "/settings quiet $from-$to" de
send -1001 1001 "/new deadline=1h" de
send -1001 1001 "/ai all" de
send -1001 1001 "/start" de

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
turn_sent() {
	[ -n "$(sent_to 1001 'Du bist in Spiel #1 am Zug')" ]
}
check "the turn reaches the person" wait_until turn_sent
check "the outbox drains" wait_until "delivered db/tacd.db"
sent_to 1001 'Du bist in Spiel #1 am Zug' >turn.json
check "their turn message makes no sound" \
    bash -c "! grep -q '\"quiet\":false' turn.json"
due=$("$SQLEXEC" db/tacd.db 'SELECT due FROM games WHERE id = 1')
check "the turn's hour begins when the quiet hours end ($due = $end + 3600)" \
    [ "$due" = $((end + 3600)) ]
check "the deadline on their clock: $(date -u -d "@$due" +%H:%M)" \
    grep -q "Zieh bis [a-zA-Z ]*$(date -u -d "@$due" +%H:%M) (noch " turn.json
sent_to 1001 'Ruhezeit: ' | tail -n 1 >settings.json
check "the settings answer in the quiet hours is silent too" \
    grep -q '"quiet":true' settings.json
ctl /ctl/sent >all.json
grep -o '.\{0,40\}UTC.\{0,40\}' all.json
check "nobody reads UTC" [ "$(grep -c 'UTC' all.json)" -eq 0 ]
sent_to -1001 'danach spielt die KI' >group.json
head -c 600 group.json
check "the group reads the time left" \
    grep -q 'Noch [0-9]* Std\.\( [0-9]* Min\.\)\{0,1\}; danach spielt die KI' \
    group.json

# A restart: the same settings, the same deadline.
tacd_stop
check "tacd exits 0" [ $? -eq 0 ]
tacd_start tacd.conf tacd.log
check "tacd is back" wait_until \
    "[ \"\$(grep -c 'telegram: bot @' tacd.log)\" -ge 2 ]"
send 1001 1001 "/settings" de
check "the outbox drains" wait_until "delivered db/tacd.db"
sent_to 1001 'Zeitzone: Reykjavik, jetzt' >zone.json
check "the zone is kept" [ -s zone.json ]
sent_to 1001 "Ruhezeit: $from-$to\\." >quiet.json
check "the quiet hours are kept" [ -s quiet.json ]
check "the deadline is kept" [ "$("$SQLEXEC" db/tacd.db \
    'SELECT due FROM games WHERE id = 1')" = "$due" ]
tacd_stop
check "tacd exits 0" [ $? -eq 0 ]
check "no crash" bash -c \
    "! grep -Eq 'AddressSanitizer|runtime error|fatal' tacd.log"
finish
