// flood.js: hold many connections open to tacd's webhook server, for
// tests/tg/hookflood.sh.  Built-in modules only.
//
// usage: node flood.js PORT COUNT MODE SECONDS [GRACE]
//   MODE idle: connect and send nothing;
//        slow: send a request (with the right headers but no secret)
//              one byte a second;
//        again: as idle, and open a new connection whenever one closes.
// Connections are opened at once; after SECONDS the ones still open are
// dropped, or with GRACE, each is sent a request's first line and given up
// to GRACE seconds more to be closed by the server.  Then one JSON line
// says what happened: {opened, refused, closed (by the server), lost (reset
// by the server's kernel), open (still, at the end), firstClose, lastClose
// (ms after its connect, of the connections the server closed)}.
//
// The client's clock starts at its connect, which is not when the server
// accepts it: when the listen queue is full, Linux drops the handshake's
// last ACK, the client believes it is connected, and the server sees the
// connection only if a later SYN-ACK (1, 3, 7, 15 or 31 s on) finds room,
// or forgets it.  An idle client never learns which; the request line
// tells it: a forgotten connection is reset, a late one is now the
// server's, due within its deadline.
'use strict';
const net = require('net');

const port = Number(process.argv[2]);
const count = Number(process.argv[3]);
const mode = process.argv[4] || 'idle';
const seconds = Number(process.argv[5] || 10);
const request = 'POST / HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
    'Content-Type: application/json\r\nContent-Length: 2\r\n\r\n{}';

const grace = Number(process.argv[6] || 0);

const stats = { opened: 0, refused: 0, closed: 0, lost: 0, open: 0,
    firstClose: null, lastClose: null };
const socks = new Set();
let done = false;

// Trickle the request out, a byte a second, until the server closes.
function trickle(s, i) {
	if (s.destroyed || i >= request.length)
		return;
	s.write(request[i]);
	s.timer = setTimeout(() => trickle(s, i + 1), 1000);
}

// Open one connection and keep count of what happens to it.
function open() {
	const s = net.connect(port, '127.0.0.1');
	let at = 0;
	s.on('connect', () => {
		at = s.at = Date.now();
		stats.opened++;
		if (mode === 'slow')
			trickle(s, 0);
	});
	s.on('error', () => {
		if (at === 0)
			stats.refused++;
		else if (!done)
			s.lost = true;
	});
	s.on('data', () => {});
	s.on('close', () => {
		clearTimeout(s.timer);
		socks.delete(s);
		if (done || at === 0)
			return;
		if (s.lost) {
			stats.lost++;
			return;
		}
		const ms = Date.now() - at;
		stats.closed++;
		if (stats.firstClose === null || ms < stats.firstClose)
			stats.firstClose = ms;
		if (stats.lastClose === null || ms > stats.lastClose)
			stats.lastClose = ms;
		if (mode === 'again')
			open();
	});
	socks.add(s);
}

for (let i = 0; i < count; i++)
	open();
// Drop what is left and say what happened.
function finish() {
	done = true;
	stats.open = [...socks].filter(s => s.at).length;
	for (const s of socks)
		s.destroy();
	console.log(JSON.stringify(stats));
}

// Past SECONDS, wait while the server still has connections to close.
function linger(left) {
	if (left <= 0 || [...socks].filter(s => s.at).length === 0)
		return finish();
	setTimeout(() => linger(left - 1), 1000);
}

// At SECONDS: done, or ask each connection still open whose it is.
function probe() {
	if (grace === 0)
		return finish();
	for (const s of socks)
		if (s.at && mode === 'idle')
			s.write('POST / HTTP/1.1\r\n');
	linger(grace);
}

setTimeout(probe, seconds * 1000);
