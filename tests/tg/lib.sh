# lib.sh: what the Telegram bridge's end-to-end scripts share, on top of
# tests/daemon/lib.sh.  Sourced, not run.
#
# fake_start [https]: start tests/tg/fakeapi.js on a free port of
# 127.0.0.1 (with a self-signed certificate made now by openssl for
# "https"); sets FAKE_PID, FAKE_URL (the API base URL), FAKE_CTL (its
# control base, reached with curl).
# emu_start: the same with telegram-test-api (npm, installed into the
# build tree on first use; no network means FAIL, not a skip).
# button_game: the game the button tests play (GAME_SEED, a record with
# every card, TAC plays and 7 splits) as rec/game-000001.json, and where
# each action sits in the menus as plan.txt (tests/tg/menupath).
# send CHAT USER TEXT [LANG]: a person's message, taken; sent_count ERE:
# the bot's new messages (not edits) that match; part FROM TO: a part of
# updates.json queued.
. "${abs_top_srcdir:-${top_srcdir:-.}}/tests/daemon/lib.sh"

TG_DIR=$top_srcdir/tests/tg
TOKEN='4242:AAE-test_TOKEN-do-not-log'
# The tests' build of tacd (Makefile.am), whose Telegram bridge takes
# this: a thousand times Telegram's rate limits, for the local fake.
# An older build measured (QUIET_BUILD, tests/tg/quiet.sh) from before
# that build existed has only src/tacd, which lifted the limits on
# TACD_TELEGRAM_FAST itself.
TACD=${QUIET_BUILD:-$top_builddir}/tests/tg/tacd
if [ -n "${QUIET_BUILD:-}" ] && [ ! -x "$TACD" ]; then
	TACD=$QUIET_BUILD/src/tacd
fi
export TACD_TELEGRAM_FAST=1
FAKE_PID=
TACD_PID=

for prog in node curl openssl; do
	if ! command -v "$prog" >/dev/null; then
		echo "$prog: not installed (.ci/run installs it)"
		exit 1
	fi
done
printf '%s\n' "$TOKEN" >token
chmod 600 token

# Stop what this script started, by pid.
tg_cleanup() {
	[ -n "$TACD_PID" ] && kill -9 "$TACD_PID" 2>/dev/null
	[ -n "$FAKE_PID" ] && kill "$FAKE_PID" 2>/dev/null
	[ -n "${KEEP:-}" ] || rm -rf "$scratch"; [ -n "${KEEP:-}" ] && echo "kept $scratch"
}
trap tg_cleanup EXIT

# Start the fake Bot API (see above).
fake_start() {
	local port

	: >fake.out
	if [ "${1:-}" = https ]; then
		openssl req -x509 -newkey rsa:2048 -nodes -days 1 \
		    -subj /CN=127.0.0.1 -addext subjectAltName=IP:127.0.0.1 \
		    -keyout key.pem -out cert.pem >/dev/null 2>&1 ||
		    { echo "openssl could not make a certificate"; exit 1; }
		node "$TG_DIR/fakeapi.js" 0 "$TOKEN" cert.pem key.pem \
		    >fake.out 2>fake.err &
		FAKE_PID=$!
		scheme=https
	else
		node "$TG_DIR/fakeapi.js" 0 "$TOKEN" >fake.out 2>fake.err &
		FAKE_PID=$!
		scheme=http
	fi
	wait_until "grep -q '^listening ' fake.out || ! kill -0 $FAKE_PID"
	port=$(sed -n 's/^listening //p' fake.out)
	[ -n "$port" ] || { echo "the fake API did not start"; cat fake.err;
	    exit 1; }
	FAKE_URL=$scheme://127.0.0.1:$port
	FAKE_CTL=$FAKE_URL
}

# A control request: ctl PATH [JSON-BODY]; prints the answer.
ctl() {
	local args=(-s --max-time "$HANG_GUARD")	# hang guard

	[ -f cert.pem ] && args+=(--cacert cert.pem)
	if [ $# -gt 1 ]; then
		curl "${args[@]}" -X POST -H 'Content-Type: application/json' \
		    --data-binary "$2" "$FAKE_CTL$1"
	else
		curl "${args[@]}" "$FAKE_CTL$1"
	fi
}

# One number out of the fake's state: state_get EXPR (a JS expression on s).
state_get() {
	ctl /ctl/state | node -e 'let t="";process.stdin.on("data",d=>t+=d);
	    process.stdin.on("end",()=>{const s=JSON.parse(t).result;
	    console.log(eval(process.argv[1]))})' "$1"
}

# Write a Telegram configuration: tgconf FILE DIR [extra lines].
tgconf() {
	local file=$1 dir=$2

	shift 2
	{
		printf 'state_dir = %s\nlog_level = info\n' "$dir"
		printf 'telegram_token_file = %s/token\n' "$scratch"
		printf 'telegram_api_url = %s\n' "$FAKE_URL"
		[ -f cert.pem ] &&
		    printf 'telegram_ca_file = %s/cert.pem\n' "$scratch"
		for l in "$@"; do printf '%s\n' "$l"; done
	} >"$file"
}

# A free port on 127.0.0.1.
free_port() {
	node -e 'const s=require("net").createServer().listen(0,
	    "127.0.0.1",()=>{console.log(s.address().port);s.close()})'
}

# Start tacd in the background: tacd_start CONF LOG.
tacd_start() {
	"$TACD" -d -f "$1" >>"$2" 2>&1 &
	TACD_PID=$!
}

# Stop tacd with SIGTERM; its exit status.
tacd_stop() {
	local rc

	kill -TERM "$TACD_PID" 2>/dev/null
	wait "$TACD_PID"
	rc=$?
	TACD_PID=
	return $rc
}

# The action texts of a record or export, one a line.
record_actions() {
	sed -n '/^  "actions": \[/,/^  \]/p' "$1" |
	    sed -n 's/^    "\(.*\)",\{0,1\}$/\1/p'
}

# Start telegram-test-api (see above).
emu_start() {
	local npmdir=$top_builddir/tests/tg/npm port

	if [ ! -f "$npmdir/node_modules/telegram-test-api/package.json" ]; then
		mkdir -p "$npmdir"
		if ! (cd "$npmdir" && npm install --no-audit --no-fund \
		    --loglevel=error telegram-test-api@4.2.1) >npm.log 2>&1
		then
			cat npm.log
			bad "npm install telegram-test-api@4.2.1"
			finish
		fi
	fi
	port=$(node -e 'const s=require("net").createServer().listen(0,
	    "127.0.0.1",()=>{console.log(s.address().port);s.close()})')
	NODE_PATH=$npmdir/node_modules node "$TG_DIR/emulator.js" "$port" \
	    >fake.out 2>fake.err &
	FAKE_PID=$!
	FAKE_URL=http://127.0.0.1:$port
	FAKE_CTL=$FAKE_URL
	wait_until "grep -q listening fake.out" ||
	    { echo "the emulator did not start"; cat fake.err; exit 1; }
}

# The button tests' game: seed 875 of the greedy policy has every card
# (ANGEL, DEVIL, FOOL, WARRIOR played), 4 TAC plays, 7 splits over two
# marbles and 154 actions (chosen by grepping tacctl sim's records).
GAME_SEED=875
button_game() {
	"$TACCTL" sim --games 1 --seed "$GAME_SEED" --policy greedy \
	    --record rec >/dev/null || { echo "tacctl sim failed"; exit 1; }
	"$top_builddir/tests/tg/menupath" rec/game-000001.json >plan.txt ||
	    { echo "tests/tg/menupath failed"; exit 1; }
	GAME_RSEED=$(sed -n 's/^  "seed": \([0-9]*\),$/\1/p' \
	    rec/game-000001.json)
}

# send CHAT USER TEXT [LANG]: a person's message queued with the next
# update id (counted in $id), waited for until tacd confirmed it.  A
# negative chat is a group (titled "T" and its id).
id=0
send() {
	local type=group lang=

	id=$((id + 1))
	[ "${1#-}" = "$1" ] && type=private
	[ -n "${4:-}" ] && lang=", \"language_code\": \"$4\""
	ctl /ctl/updates "[{\"update_id\": $id, \"message\":
	    {\"message_id\": $id, \"date\": 1700000000, \"from\": {\"id\": $2,
	    \"is_bot\": false, \"first_name\": \"P$2\"$lang}, \"chat\":
	    {\"id\": $1, \"type\": \"$type\", \"title\": \"T$1\"},
	    \"text\": \"$3\"}}]" >/dev/null
	wait_until "[ \"\$(state_get s.confirmed)\" -ge $id ]"
}

# Is every row of the outbox of tacd's database DB delivered (none left
# unsent, none put off)?  What a test waits for before it reads what the
# bot sent: a count that merely stopped growing may only be slow.
delivered() {
	[ "$("$SQLEXEC" "$1" 'SELECT count(*) FROM outbox WHERE sent = 0')" = 0 ]
}

# How many of the bot's sent messages (not edits) match an ERE.
sent_count() {
	ctl /ctl/sent | node -e 'let t="";process.stdin.on("data",d=>t+=d);
	    process.stdin.on("end",()=>{const re=new RegExp(process.argv[1]);
	    console.log(JSON.parse(t).result.filter(m => m.method ===
	    "sendMessage" && re.test(JSON.stringify(m))).length)})' "$1"
}

# part FROM TO: queue updates.json's updates FROM to TO (not included).
part() {
	node -e 'const a=JSON.parse(require("fs").readFileSync("updates.json"));
	    console.log(JSON.stringify(a.slice(+process.argv[1], +process.argv[2])))' \
	    "$1" "$2" >part.json
	ctl /ctl/updates @part.json >/dev/null
}

# Count the "ok:" and "FAIL:" lines of a file into the totals.
count_checks() {
	passed=$((passed + $(grep -c '^ok: ' "$1")))
	failed=$((failed + $(grep -c '^FAIL: ' "$1")))
}
