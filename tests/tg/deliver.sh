#!/bin/bash
# deliver.sh: the outbox delivered to many chats at once, through faults
# that last.  Three games are played at once in three groups against the
# fake Bot API with a round trip of 30 ms per call:
#   - group 1 refuses every photo (400): its board comes as text, edited
#     from then on, and its other messages are not held;
#   - group 2 answers its first four calls with 500 (counted, not timed):
#     it waits and tries again, while the other groups' messages keep
#     flowing (an order: they got messages before group 2's first went
#     through); once it works, its messages come, none given up, none
#     lost and none twice;
#   - each group gets its whole game in the order of its game's log
#     (tests/tg/order.js): the start, the exchanges' ends its live
#     message told, each once and in round order (perhaps none: the
#     edits of moves close together are one, and a group whose calls
#     were held may have all of its passed over), the end once, and its
#     live message's states
#     (as sent, then edited) each the last moves before some point of
#     the log, never going back, the last one the game's end.  The moves
#     are no longer messages of their own in a group (its one live
#     message tells the last ones, and moves close together make one
#     edit), so a group cannot be checked to see every move: what it
#     sees must be in order, and nothing of it lost or twice;
#   - a retry_after of 10^12 seconds is waited as an hour, 0 as a second.
# The games' logs replay (tacctl verify) and the log stays small.
. "${abs_top_srcdir:-${top_srcdir:-.}}/tests/tg/lib.sh"

export FAKE_LATENCY_MS=30
fake_start
"$TACCTL" sim --games 3 --seed 31 --record rec >/dev/null
for g in 1 2 3; do
	"$MKSTREAM" "rec/game-00000$g.json" "c$g" "$g" 3
done | sort -t: -k2 -n >stream
node "$TG_DIR/tgstream.js" stream >updates.json
last=$(sed -n '$s/.*"update_id":\([0-9]*\).*/\1/p' stream)
check "the stream has three games" [ "$(wc -l <stream)" -gt 300 ]

# Messages to a chat so far, as the fake saw them.
to_chat() {
	curl -s "$FAKE_URL/ctl/sent" | node -e 'let t="";
	    process.stdin.on("data",d=>t+=d);process.stdin.on("end",()=>{
	    console.log(JSON.parse(t).result.filter(x=>String(x.chat)===
	    process.argv[1]).length)})' -- "$1"
}
# Did group g get its whole game, in order?
in_order() {
	curl -s "$FAKE_URL/ctl/sent" >sent.json
	node "$TG_DIR/order.js" sent.json "rec/game-00000$1.json" "-100$1" \
	    >"order$1.out"
}

ctl /ctl/chat '{"chat": "-1001", "fault": "photo"}' >/dev/null
ctl /ctl/chat '{"chat": "-1002", "fault": "500:4"}' >/dev/null
tgconf tacd.conf "$scratch/db"
tacd_start tacd.conf tacd.log
wait_until "grep -q 'polling from' tacd.log 2>/dev/null"
ctl /ctl/updates @updates.json >/dev/null
check "every update is confirmed" \
    wait_moving "[ \"\$(state_get s.confirmed)\" -ge $last ]" \
    "state_get s.confirmed"

# Group 2 fails; the others go on meanwhile.
check "group 2's row is tried again, with a backoff" \
    wait_until "grep -q 'to -1002: Internal Server Error; again in [1-9]' tacd.log"
check "group 2's first message goes through" \
    wait_until '[ "$(to_chat -1002)" -gt 0 ]'
# Messages to each chat before the first to group 2, in the fake's order.
before2() {
	curl -s "$FAKE_URL/ctl/sent" | node -e 'let t="";
	    process.stdin.on("data",d=>t+=d);process.stdin.on("end",()=>{
	    const s=JSON.parse(t).result, f=s.find(x=>String(x.chat)==="-1002");
	    console.log(process.argv.slice(1).map(c=>s.filter(x=>String(x.chat)
	    ===c&&x.seq<f.seq).length).join(" "))})' -- -1001 -1003
}
read -r b1 b3 <<<"$(before2)"
check "groups 1 and 3 got messages while group 2 failed ($b1, $b3)" \
    [ "$b1" -gt 0 -a "$b3" -gt 0 ]

for g in 1 2 3; do
	check "group $g gets its whole game in order" \
	    wait_moving "in_order $g" "state_get s.sent"
	cat "order$g.out"
done
curl -s "$FAKE_URL/ctl/messages" >messages.json
photos() {
	node -e 'const m=JSON.parse(require("fs").readFileSync("messages.json"))
	    .result;console.log(m.filter(x=>String(x.chat)===process.argv[1]&&
	    x.photo).length+" "+m.filter(x=>String(x.chat)===process.argv[1]&&
	    (x.text||"").includes("<pre>")).length)' -- "$1"
}
read -r p1 t1 <<<"$(photos -1001)"
read -r p3 t3 <<<"$(photos -1003)"
check "group 1's refused photos became one text board ($t1)" \
    [ "$p1" -eq 0 -a "$t1" -eq 1 ]
check "group 3 has its board as a photo" [ "$p3" -ge 1 -a "$t3" -eq 0 ]
check "a refused photo is not tried again" \
    [ "$(grep -c 'IMAGE_PROCESS_FAILED; the text board instead' tacd.log)" \
    -eq "$(grep -c 'IMAGE_PROCESS_FAILED' tacd.log)" ]

# retry_after from the far future is an hour; 0 is a second.
probe() {
	ctl /ctl/updates "[{\"message\": {\"message_id\": 1, \"from\": {\"id\": $1,
	    \"first_name\": \"Probe\"}, \"chat\": {\"id\": $1, \"type\":
	    \"private\"}, \"text\": \"/help\"}}]" >/dev/null
}
ctl /ctl/fault '{"method": "sendMessage", "fault": "429:1000000000000"}' \
    >/dev/null
probe 555
check "a retry_after of 10^12 s is waited as an hour" \
    wait_until "grep -q 'too many requests, waiting 3600 s' tacd.log"
ctl /ctl/fault '{"method": "sendMessage", "fault": "429:0"}' >/dev/null
probe 556
check "a retry_after of 0 is waited as a second" \
    wait_until "[ \"\$(to_chat 556)\" -eq 1 ]"
check "... and said so" grep -q 'too many requests, waiting 1 s' tacd.log
# An order, not a pause: the later probe went while the first still waits.
check "... while the message of 10^12 s still waits" [ "$(to_chat 555)" -eq 0 ]

check "group 2's messages were tried until they went, none given up" \
    bash -c "! grep -q 'to -1002: .*given up' tacd.log"
check "tacd stops cleanly" tacd_stop
check "the games verify" "$TACCTL" -f tacd.conf verify
lines=$(wc -l <tacd.log)
check "the log stays small ($lines lines)" [ "$lines" -lt 200 ]
finish
