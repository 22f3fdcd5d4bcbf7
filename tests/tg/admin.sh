#!/bin/bash
# admin.sh: chat administrators as the bridge learns them from the fake
# Bot API's getChatAdministrators.  In a group whose admins are 1009 (and
# the creator of the lobby, 1000, is not one), a stranger's /abort is
# refused, the admin's /abort ends the lobby, and so does an anonymous
# admin's (a message sent as the group itself, sender_chat).  In a group
# where getChatAdministrators fails (HTTP 500, as in the emulator) nobody
# is an admin and tacd goes on.
. "${abs_top_srcdir:-${top_srcdir:-.}}/tests/tg/lib.sh"

fake_start
ctl /ctl/admins '{"chat": "-1005", "admins": [1009, 1011]}' >/dev/null
id=0
# send CHAT USER TEXT [SENDER-CHAT]: queue one update, wait until taken.
send() {
	id=$((id + 1))
	local sc=

	[ -n "${4:-}" ] && sc=", \"sender_chat\": {\"id\": $4,
	    \"type\": \"supergroup\", \"title\": \"T\"}"
	ctl /ctl/updates "[{\"update_id\": $id, \"message\":
	    {\"message_id\": $id, \"date\": 1700000000, \"from\": {\"id\": $2,
	    \"is_bot\": false, \"first_name\": \"P$2\"}, \"chat\": {\"id\": $1,
	    \"type\": \"supergroup\", \"title\": \"T$1\"}$sc,
	    \"text\": \"$3\"}}]" >/dev/null
	wait_until "[ \"\$(state_get s.confirmed)\" -ge $id ]"
}
state_of() {
	"$TACCTL" -f tacd.conf games | awk -v g="$1" '$1 == g { print $2 }'
}
tgconf tacd.conf "$scratch/db"
tacd_start tacd.conf tacd.log
check "tacd runs" wait_until "grep -q 'polling from' tacd.log"

send -1005 1000 /new
check "the bridge asked for -1005's admins" wait_until \
    "[ \"\$(state_get 's.calls.getChatAdministrators || 0')\" -ge 1 ]"
send -1005 1012 /rules	# one more round trip: the answer was read
send -1005 1010 "/abort yes"
check "a stranger's /abort is refused" [ "$(state_of 1)" = lobby ]
send -1005 1009 "/abort yes"
check "an admin's /abort ends the lobby" [ "$(state_of 1)" = aborted ]
send -1005 1000 /new
send -1005 1087654321 "/abort yes" -1005
check "an anonymous admin (sender_chat = the group) ends it" \
    [ "$(state_of 2)" = aborted ]
send -1005 1000 /new
send -1005 1087654321 "/abort yes" -1099
check "a message sent as another chat is no admin's" \
    [ "$(state_of 3)" = lobby ]

# A group whose admin list cannot be had.
ctl /ctl/fault '{"method": "getChatAdministrators", "fault": "500",
    "count": 10}' >/dev/null
ctl /ctl/admins '{"chat": "-1006", "admins": [1009]}' >/dev/null
calls=$(state_get 's.calls.getChatAdministrators')
send -1006 1000 /new
check "the bridge asked for -1006's admins" wait_until \
    "[ \"\$(state_get 's.calls.getChatAdministrators')\" -gt $calls ]"
send -1006 1012 /rules
send -1006 1009 "/abort yes"
check "with no admin list, nobody is an admin" [ "$(state_of 4)" = lobby ]
send -1006 1000 "/abort yes"
check "the creator may still /abort" [ "$(state_of 4)" = aborted ]
ctl /ctl/sent >sent.json
check "the three refusals were told" \
    [ "$(grep -o 'creator or a chat admin can abort' sent.json | wc -l)" -eq 3 ]
tacd_stop
check "tacd exits 0" [ $? -eq 0 ]
check "no crash" bash -c \
    "! grep -Eq 'AddressSanitizer|runtime error|fatal' tacd.log"
finish
