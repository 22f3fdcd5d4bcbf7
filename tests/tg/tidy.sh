#!/bin/bash
# tidy.sh: a pin only tidies, so it never holds a group's messages.  A
# recorded game is played to its end in three groups through the real
# tacd and the fake Bot API, the pin of each going wrong its own way:
#   -1001: the pin is held unanswered; the game's every group message
#          still arrives, to the end, with the pin still out;
#   -1002: every pin is answered 500; it is tried at most three times
#          and given up, and the game's end arrives all the same;
#   -1003: the group's admin list cannot be read (500): no pin is tried.
# Then the lobby: no edit that would change nothing is sent (Telegram
# answers such an edit "message is not modified").
. "${abs_top_srcdir:-${top_srcdir:-.}}/tests/tg/lib.sh"

fake_start
"$TACCTL" sim --games 1 --seed 26 --policy greedy --record rec >/dev/null
# How many calls the bot made match a JavaScript condition on x.
sent_count() {
	ctl /ctl/sent | node -e 'let t="";process.stdin.on("data",d=>t+=d);
	    process.stdin.on("end",()=>{const s=JSON.parse(t).result;
	    console.log(s.filter(x => eval(process.argv[1])).length)})' "$1"
}
# How many calls of a method named chat (the fake counts them all).
calls() {
	state_get "(s.chatCalls['$1'] || {})['$2'] || 0"
}

tgconf tacd.conf "$scratch/db"
tacd_start tacd.conf tacd.log

# play N: group -100N plays the record to its end; true once its last
# update is confirmed.
play() {
	"$MKSTREAM" rec/game-000001.json "c$1" $(($1 * 100000)) >"stream$1"
	node "$TG_DIR/tgstream.js" "stream$1" >"updates$1.json"
	last=$(sed -n '$p' "stream$1" | sed 's/.*"update_id": *\([0-9]*\).*/\1/')
	ctl /ctl/updates @"updates$1.json" >/dev/null
	wait_moving "[ \"\$(state_get s.confirmed)\" -ge $last ]" \
	    "state_get s.confirmed"
}
over() {
	wait_until "[ \"\$(sent_count 'x.chat === \"$1\" &&
	    /Game over/.test(x.text || x.caption || \"\")')\" -ge 1 ]"
}

# 1: the pin is held, unanswered, all game long.
ctl /ctl/fault '{"method": "pinChatMessage", "fault": "hold"}' >/dev/null
check "-1001: the game's updates are taken" play 1
check "-1001: the end arrives while the pin is still out" over -1001
check "-1001: ... the pin is still held" \
    [ "$(state_get s.held)" -eq 1 ]
ctl /ctl/release >/dev/null
check "-1001: the pin, let go, is answered" wait_until \
    "[ \"\$(state_get s.held)\" -eq 0 ]"

# 2: every pin answered 500.
ctl /ctl/fault '{"method": "pinChatMessage", "fault": "500", "count": 50}' \
    >/dev/null
check "-1002: the game's updates are taken" play 2
check "-1002: the end arrives" over -1002
pins=$(calls -1002 pinChatMessage)
check "-1002: the pin was tried, at most three times ($pins)" \
    [ "$pins" -ge 1 ] && [ "$pins" -le 3 ]
check "-1002: the pin was given up" wait_until \
    "grep -q 'pinChatMessage to -1002: .*given up' tacd.log"
ctl /ctl/fault '{"method": "pinChatMessage", "fault": "clear"}' >/dev/null

# 3: the admin list cannot be read.
ctl /ctl/fault '{"method": "getChatAdministrators", "fault": "500",
    "count": 1000}' >/dev/null
check "-1003: the game's updates are taken" play 3
check "-1003: the end arrives" over -1003
check "-1003: no pin was tried" [ "$(calls -1003 pinChatMessage)" -eq 0 ]
ctl /ctl/fault '{"method": "getChatAdministrators", "fault": "clear"}' \
    >/dev/null

# No edit that would change nothing was sent, in any group.
nm=$(state_get 's.stats.notModified || 0')
check "no edit was answered 'not modified' ($nm)" [ "$nm" -eq 0 ]

tacd_stop
check "tacd exits 0" [ $? -eq 0 ]
check "no crash" bash -c \
    "! grep -Eq 'AddressSanitizer|runtime error|fatal' tacd.log"
finish
