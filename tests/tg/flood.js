// flood.js: hold many connections open to tacd's webhook server, for
// tests/tg/hookflood.sh.  Built-in modules only.
//
// usage: node flood.js PORT COUNT MODE
//   MODE idle: connect and send nothing;
//        slow: send a request (with the right headers but no secret)
//              one byte a second;
//        again: as idle, to fill the descriptors past the limit.
// Connections are opened at once; "ready" is printed once each has
// connected or been refused.  Until SIGUSR2 the flood is held: a
// connection the server closes is opened again, so the flood presses
// however long the test takes.  SIGUSR1 prints the numbers so far as a
// JSON line.  At SIGUSR2 nothing is opened again: again drops what is
// open; idle sends each connection still open a request's first line and
// waits until the server has closed or reset every one; slow waits until
// the server has cut every one.  The hang guard (HANG_GUARD) ends any
// wait.
// The last line says what happened: {opened, refused, closed (by the
// server), lost (reset by the server's kernel), open (still, at the
// end), firstClose, lastClose (ms from its connect() call, of the
// connections the server closed), maxSent (bytes of a slow request sent
// before the cut, of request bytes)}.
//
// The client's clock starts when it calls connect(), before the server
// can accept it, so that a cut never seems earlier than it was: a late
// look at the connection only makes it seem later.  The server accepts
// it later still: when the listen queue is full, Linux drops the handshake's
// last ACK, the client believes it is connected, and the server sees the
// connection only if a later SYN-ACK (1, 3, 7, 15 or 31 s on) finds room,
// or forgets it.  An idle client never learns which; the request line
// tells it: a forgotten connection is reset, a late one is now the
// server's, due within its deadline.
'use strict';
const net = require('net');
const { HANG_GUARD_MS } = require('./guard');

const port = Number(process.argv[2]);
const count = Number(process.argv[3]);
const mode = process.argv[4] || 'idle';
const request = 'POST / HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
    'Content-Type: application/json\r\nContent-Length: 2\r\n\r\n{}';

const stats = { opened: 0, refused: 0, closed: 0, lost: 0, open: 0,
    firstClose: null, lastClose: null, maxSent: 0, request: request.length };
const socks = new Set();
let done = false, settled = 0, released = false;

// The connections still open (connected, not closed).
const live = () => [...socks].filter((s) => s.at).length;

// Print the numbers so far.
function numbers() {
	stats.open = live();
	console.log(JSON.stringify(stats));
}

// One more connection connected or refused: "ready" once all have.
function settle() {
	if (++settled === count)
		console.log('ready');
}

// Trickle the request out, a byte a second, until the server closes.
function trickle(s, i) {
	if (s.destroyed || i >= request.length)
		return;
	s.write(request[i]);
	s.sent = i + 1;
	s.timer = setTimeout(() => trickle(s, i + 1), 1000);
}

// Open one connection and keep count of what happens to it.
function open(first) {
	const t0 = Date.now();	// lower bound: firstClose
	const s = net.connect(port, '127.0.0.1');
	let at = 0;
	s.sent = 0;
	s.on('connect', () => {
		at = s.at = t0;
		stats.opened++;
		if (first)
			settle();
		if (mode === 'slow')
			trickle(s, 0);
		/* Opened again just before the release: probed as the rest. */
		if (released && mode === 'idle')
			s.write('POST / HTTP/1.1\r\n');
	});
	s.on('error', () => {
		if (at === 0) {
			stats.refused++;
			if (first)
				settle();
		} else if (!done)
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
		} else {
			const ms = Date.now() - at;	// lower bound: firstClose
			stats.closed++;
			if (stats.firstClose === null || ms < stats.firstClose)
				stats.firstClose = ms;
			if (stats.lastClose === null || ms > stats.lastClose)
				stats.lastClose = ms;
			if (s.sent > stats.maxSent)
				stats.maxSent = s.sent;
		}
		if (!released)
			open(false);
		else
			over();
	});
	socks.add(s);
}

// Done: drop what is left and say what happened.
function finish() {
	if (done)
		return;
	done = true;
	stats.open = live();
	for (const s of socks)
		s.destroy();
	console.log(JSON.stringify(stats));
	process.exit(0);
}

// Finish once the server has closed or reset every connection.
function over() {
	if (live() === 0 && settled >= count)
		finish();
}

// SIGUSR2: release the flood (see above).
function release() {
	released = true;
	if (mode === 'again')
		return finish();
	for (const s of socks)
		if (s.at && mode === 'idle')
			s.write('POST / HTTP/1.1\r\n');
	over();
}

process.on('SIGUSR1', numbers);
process.on('SIGUSR2', release);
setTimeout(finish, HANG_GUARD_MS);	// hang guard
for (let i = 0; i < count; i++)
	open(true);
