#!/bin/bash
# photo.sh: pictures through the Bot API.  tg_http_upload() (the bridge's
# multipart/form-data call) posts a PNG with sendPhoto and replaces it with
# editMessageMedia; the fake Bot API parses the bodies and must find the
# PNG images (signature, size), the caption and the keyboard as sent.
. "${abs_top_srcdir:-${top_srcdir:-.}}/tests/tg/lib.sh"

UPLOAD=$top_builddir/tests/tg/upload
[ -x "$UPLOAD" ] || { echo "$UPLOAD: not built"; exit 99; }

# Two small PNG images (W x H, one colour), made with node's zlib.
mkpng() {
	node -e '
const zlib = require("zlib");
const [file, w, h, r] = process.argv.slice(1);
const crcTable = [];
for (let n = 0; n < 256; n++) {
	let c = n;
	for (let k = 0; k < 8; k++)
		c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
	crcTable[n] = c >>> 0;
}
const crc = (b) => { let c = 0xffffffff; for (const x of b)
	c = crcTable[(c ^ x) & 0xff] ^ (c >>> 8); return (c ^ 0xffffffff) >>> 0; };
const chunk = (t, d) => { const l = Buffer.alloc(4); l.writeUInt32BE(d.length);
	const td = Buffer.concat([Buffer.from(t), d]); const c = Buffer.alloc(4);
	c.writeUInt32BE(crc(td)); return Buffer.concat([l, td, c]); };
const ihdr = Buffer.alloc(13);
ihdr.writeUInt32BE(+w, 0); ihdr.writeUInt32BE(+h, 4); ihdr[8] = 8; ihdr[9] = 2;
const row = Buffer.concat([Buffer.from([0]),
    Buffer.alloc(3 * w, Buffer.from([+r, 40, 90]))]);
const raw = Buffer.concat(Array(+h).fill(row));
require("fs").writeFileSync(file, Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr), chunk("IDAT", zlib.deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0))]));' "$@"
}

fake_start
mkpng one.png 64 48 200
mkpng two.png 32 24 10
"$UPLOAD" "$FAKE_URL" token -1001 one.png two.png >upload.out 2>upload.err
rc=$?
cat upload.out upload.err
check "tg_http_upload: sendPhoto and editMessageMedia succeed" [ $rc -eq 0 ]
check "sendPhoto made a message" grep -q '^sendPhoto ok [0-9]' upload.out
check "editMessageMedia edited it" grep -q '^editMessageMedia ok [0-9]' \
    upload.out
ctl /ctl/messages >messages.json
ctl /ctl/sent >sent.json
# One photo message, edited once, now holding the second image.
node -e '
const m = JSON.parse(require("fs").readFileSync("messages.json")).result;
const s = JSON.parse(require("fs").readFileSync("sent.json")).result;
const say = (ok, what) => console.log((ok ? "ok: " : "FAIL: ") + what);
say(m.length === 1 && m[0].chat === "-1001", "one message, in the group");
const p = s.find(x => x.method === "sendPhoto");
say(p && p.photo.png && p.photo.width === 64 && p.photo.height === 48,
    "sendPhoto carried the 64x48 PNG");
say(p && p.caption === "Game #1", "the caption arrived as a field");
say(p && JSON.parse(p.reply_markup).inline_keyboard[0][0].callback_data ===
    "1::board", "the keyboard arrived JSON-encoded");
say(m[0].edits === 1 && m[0].photo.png && m[0].photo.width === 32 &&
    m[0].photo.height === 24, "editMessageMedia replaced it with the 32x24 PNG");
say(m[0].caption === "Game #1, turn 2", "the media caption arrived");
' >checks.out
cat checks.out
passed=$((passed + $(grep -c '^ok: ' checks.out)))
failed=$((failed + $(grep -c '^FAIL: ' checks.out)))
check "the checks ran" [ "$(wc -l <checks.out)" -eq 6 ]

# Not a PNG: the fake refuses it, and the call reports the failure.
"$UPLOAD" "$FAKE_URL" token -1001 token two.png >bad.out 2>&1
check "a non-PNG upload is refused ($(cat bad.out))" \
    grep -q '^sendPhoto fail 400 .*IMAGE_PROCESS_FAILED' bad.out
check "the token is in no output" bash -c \
    "! grep -q 'AAE-test' upload.out upload.err bad.out fake.err"
finish
