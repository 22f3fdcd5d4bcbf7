# lib.sh: what the Telegram bridge's end-to-end scripts share, on top of
# tests/daemon/lib.sh.  Sourced, not run.
#
# fake_start [https]: start tests/tg/fakeapi.js on a free port of
# 127.0.0.1 (with a self-signed certificate made now by openssl for
# "https"); sets FAKE_PID, FAKE_URL (the API base URL), FAKE_CTL (its
# control base, reached with curl).
. "${abs_top_srcdir:-${top_srcdir:-.}}/tests/daemon/lib.sh"

TG_DIR=$top_srcdir/tests/tg
TOKEN='4242:AAE-test_TOKEN-do-not-log'
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
	local i port=

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
	for ((i = 0; i < 100; i++)); do
		port=$(sed -n 's/^listening //p' fake.out)
		[ -n "$port" ] && break
		sleep 0.05
	done
	[ -n "$port" ] || { echo "the fake API did not start"; cat fake.err;
	    exit 1; }
	FAKE_URL=$scheme://127.0.0.1:$port
	FAKE_CTL=$FAKE_URL
}

# A control request: ctl PATH [JSON-BODY]; prints the answer.
ctl() {
	local args=(-s --max-time 20)

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

# Wait until the shell condition holds, at most SECONDS (default 60).
wait_until() {
	local cond=$1 i limit=$((${2:-60} * 10))

	for ((i = 0; i < limit; i++)); do
		eval "$cond" && return 0
		sleep 0.1
	done
	return 1
}

# The action texts of a record or export, one a line.
record_actions() {
	sed -n '/^  "actions": \[/,/^  \]/p' "$1" |
	    sed -n 's/^    "\(.*\)",\{0,1\}$/\1/p'
}
