// flood.js: hold many connections open to tacd's webhook server, for
// tests/tg/hookflood.sh.  Built-in modules only.
//
// usage: node flood.js PORT COUNT MODE SECONDS
//   MODE idle: connect and send nothing;
//        slow: send a request (with the right headers but no secret)
//              one byte a second;
//        again: as idle, and open a new connection whenever one closes.
// Connections are opened at once; after SECONDS, the ones still open are
// dropped and one JSON line says what happened: {opened, refused, closed
// (by the server), open (still, at the end), overdue (of those, open
// longer than OVERDUE_MS: a connection the client saw connect late, its
// SYN retried under load, is not yet due at the end), firstClose,
// lastClose (ms after its connect, of the connections the server
// closed)}.
'use strict';
const net = require('net');

const port = Number(process.argv[2]);
const count = Number(process.argv[3]);
const mode = process.argv[4] || 'idle';
const seconds = Number(process.argv[5] || 10);
const request = 'POST / HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
    'Content-Type: application/json\r\nContent-Length: 2\r\n\r\n{}';

// tacd's 10 s request deadline, and a second for a loaded machine.
const OVERDUE_MS = 11000;

const stats = { opened: 0, refused: 0, closed: 0, open: 0, overdue: 0,
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
	});
	s.on('data', () => {});
	s.on('close', () => {
		clearTimeout(s.timer);
		socks.delete(s);
		if (done || at === 0)
			return;
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
setTimeout(() => {
	done = true;
	const now = Date.now();
	stats.open = [...socks].filter(s => s.at).length;
	stats.overdue = [...socks].filter(s => s.at &&
	    now - s.at > OVERDUE_MS).length;
	for (const s of socks)
		s.destroy();
	console.log(JSON.stringify(stats));
}, seconds * 1000);
