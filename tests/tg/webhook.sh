#!/bin/bash
# webhook.sh: telegram_mode = webhook.  tacd does not start, and says
# why in one line, with a token or a secret file that others may read
# (as ssh refuses such a private key) or a secret Telegram would refuse.
# The fake Bot API posts updates to tacd's webhook server: without the
# secret header (401), with a wrong one (403), with the right one (200,
# and the bot answers through the API); an oversized body and malformed
# JSON do no harm, and an update posted twice is applied once.  A second
# tacd on the same store and port stands by without listening, and takes
# the webhook over once the first is killed with kill -9.
. "${abs_top_srcdir:-${top_srcdir:-.}}/tests/tg/lib.sh"

fake_start
port=$(node -e 'const s=require("net").createServer().listen(0,
    "127.0.0.1",()=>{console.log(s.address().port);s.close()})')
printf 'hook-secret_0123456789\n' >secret
printf 'sec"ret<with>odd;chars\n' >oddsecret
chmod 600 secret oddsecret

# refused WHAT CONF-LINE... : tacd with those lines exits 1 at once, its
# log's line saying what.
refused() {
	local what=$1 rc

	shift
	{
		printf 'state_dir = %s/db\ntelegram_api_url = %s\n' \
		    "$scratch" "$FAKE_URL"
		printf 'telegram_mode = webhook\nwebhook_listen = 127.0.0.1:%s\n' \
		    "$port"
		for l in "$@"; do printf '%s\n' "$l"; done
	} >bad.conf
	: >bad.log
	timeout 20 "$TACD" -d -f bad.conf >bad.log 2>&1
	rc=$?
	check "tacd refuses to start: $what (exit $rc)" [ $rc -eq 1 ]
	check "... and says so: $(grep -m1 "$what" bad.log)" \
	    grep -q "$what" bad.log
	check "... listening nowhere" bash -c "! grep -q 'webhook on' bad.log"
}
cp token open-token
chmod 644 open-token
refused "telegram_token_file $scratch/open-token: mode 0644 lets others than its owner read or change it" \
    "telegram_token_file = $scratch/open-token" \
    "webhook_secret_file = $scratch/secret"
cp secret open-secret
chmod 640 open-secret
refused "webhook_secret_file $scratch/open-secret: mode 0640 lets others" \
    "telegram_token_file = $scratch/token" \
    "webhook_secret_file = $scratch/open-secret"
refused "the secret must be 1 to 256 of A-Z a-z 0-9 _ -" \
    "telegram_token_file = $scratch/token" \
    "webhook_secret_file = $scratch/oddsecret"

tgconf tacd.conf "$scratch/db" telegram_mode=webhook \
    "webhook_listen = 127.0.0.1:$port" \
    "webhook_secret_file = $scratch/secret"
tacd_start tacd.conf tacd.log
hook="http://127.0.0.1:$port/"
check "the webhook server listens" wait_until \
    "grep -q 'webhook on' tacd.log"

# post SECRET BODY: the HTTP status tacd answered.
post() {
	local s=null

	[ "$1" != - ] && s="\"$1\""
	ctl /ctl/webhook "{\"url\": \"$hook\", \"secret\": $s, \"body\": $2}" |
	    sed -n 's/.*"status":\([0-9]*\).*/\1/p'
}
upd() {
	printf '{"update_id": %d, "message": {"message_id": %d, "from": {"id": %d, "first_name": "P%d"}, "chat": {"id": -5, "type": "group", "title": "T"}, "text": "%s"}}' \
	    "$1" "$1" "$2" "$2" "$3"
}

check "no secret: 401" [ "$(post - "$(upd 1 11 /new)")" = 401 ]
check "a wrong secret: 403" [ "$(post wrong "$(upd 1 11 /new)")" = 403 ]
check "nothing was applied" bash -c \
    "! '$TACCTL' -f tacd.conf games | grep -q lobby"
check "the secret: 200" \
    [ "$(post hook-secret_0123456789 "$(upd 1 11 /new)")" = 200 ]
check "the lobby opened" bash -c "'$TACCTL' -f tacd.conf games | grep -q lobby"
check "the bot answered the group" wait_until \
    "ctl /ctl/sent | grep -q 'New game #1'"
check "a second /join of update 2 ..." \
    [ "$(post hook-secret_0123456789 "$(upd 2 12 /join)")" = 200 ]
post hook-secret_0123456789 "$(upd 2 12 /join)" >/dev/null
post hook-secret_0123456789 "$(upd 2 12 /join)" >/dev/null
check "... is delivered" wait_until "delivered db/tacd.db"
check "... is applied once" [ "$(ctl /ctl/sent | grep -o 'P12' | wc -l)" -eq 1 ]
check "malformed JSON is taken and dropped" \
    [ "$(post hook-secret_0123456789 '"{\"update_id\": 3, \"message\": {"')" = 200 ]
big=$(head -c 1500000 /dev/zero | tr '\0' 'x')
printf '{"url": "%s", "secret": "hook-secret_0123456789", "body": "%s"}' \
    "$hook" "$big" >big.json
st=$(ctl /ctl/webhook @big.json | sed -n 's/.*"status":\([0-9]*\).*/\1/p')
check "an oversized body is refused ($st)" [ "$st" != 200 ]
check "a GET without the secret: 401" [ "$(curl -s -o /dev/null \
    -w '%{http_code}' "$hook")" = 401 ]
check "still alive" \
    [ "$(post hook-secret_0123456789 "$(upd 4 13 /join)")" = 200 ]
check "both joins are in" wait_until "ctl /ctl/sent | grep -q 'P13'"

# A second tacd on the same store and port stands by: it does not listen
# (a bind would fail: it would exit), and takes over the port when the
# first is killed.
"$TACD" -d -f tacd.conf >standby.log 2>&1 &
second=$!
trap 'kill -9 $second 2>/dev/null; tg_cleanup' EXIT
check "a second tacd stands by" \
    wait_for standby.log 'standby: another tacd is active'
check "... without listening" bash -c "! grep -q 'webhook on' standby.log"
kill -9 "$TACD_PID"
wait "$TACD_PID" 2>/dev/null
TACD_PID=$second
check "the first killed, it takes over the webhook" \
    wait_for standby.log 'webhook on'
check "... and answers it" \
    [ "$(post hook-secret_0123456789 "$(upd 5 14 /join)")" = 200 ]
check "... applying the update" wait_until "ctl /ctl/sent | grep -q 'P14'"
tacd_stop
check "tacd exits 0" [ $? -eq 0 ]
check "the secret is in no log" \
    bash -c "! grep -q hook-secret tacd.log standby.log"
check "no crash" bash -c "! grep -Eq 'AddressSanitizer|runtime error|fatal' tacd.log standby.log"
finish
