// webapp-privacy.js: who learns what of a game through the Mini App's
// API, against the real tacd.  Two groups each play a game.  A stranger
// with good init data, and a player of the other group, learn nothing of
// a game by its number: not its title, not a name, not the board, not
// that it exists (the answer is byte for byte the one for a game that is
// not there, for the game, its long poll, a move and a hint); a key one
// letter off is no better.  Whoever has the key the group's messages
// carry sees the game as a watcher (no hand, no move to make), follows
// it and replays it; its players see it by number and by key.  HEAD
// answers carry the headers alone, with the length, and a kept-alive
// connection stays in step.
//
// "Not held" is an order, not a time: the answer came while a player's
// poll of the game, sent before it, was still held (a hold is 8 s).
//
// usage: node webapp-privacy.js BASE FAKE TOKEN RECORD
'use strict';
const net = require('net');
const L = require('./webapp-lib.js');
const { HANG_GUARD_MS } = require('./guard');

const [base, fake, token, recfile] = process.argv.slice(2);
const rec = L.record(recfile);
const say = L.say;
const P = L.people;
const others = [2001, 2002, 2003, 2004].map((id, i) =>
    ({ id: id, name: 'Other ' + i }));
const stranger = { id: 9999, name: 'Mallory' };

// Does a body give away any of the game's words?
function leaks(body) {
	return /TAC table|Another table|Anna|Boris|Clara|Dmitri|Other \d|marbles|position/
	    .test(body);
}

// Two HTTP/1.1 requests on one connection, the second asking to close
// it: the raw bytes that came back until the server closed it.
function pair(first, second) {
	const u = new URL(base);
	return new Promise((ok, fail) => {
		const c = net.connect(Number(u.port), u.hostname, () => {
			c.write(first + second);
		});
		let got = '';
		c.setEncoding('latin1');
		c.on('data', (d) => { got += d; });
		c.on('error', fail);
		c.on('close', () => ok(got));
		c.setTimeout(HANG_GUARD_MS, () => c.destroy());	// hang guard
	});
}

async function main() {
	await L.openGame(fake, rec.seed);
	await L.openGame(fake, rec.seed + 1, others, -1002);
	const key1 = await L.keyOf(fake, -1001);
	const key2 = await L.keyOf(fake, -1002);
	say(key1 && key2 && key1 !== key2, 'each group\'s links carry its ' +
	    'game\'s key');

	// Nothing by number: the same answer as no game at all.
	const none = await L.api(base, L.sign(token, stranger), '/games/77');
	say(none.status === 404 && none.json.error === 'no_game' &&
	    !leaks(none.body), 'no such game: 404 no_game');
	const asks = [['a stranger', stranger, '/games/1'],
	    ['a player of the other group', others[0], '/games/1'],
	    ['a player of game 1', P[0], '/games/2']];
	for (const [who, p, path] of asks) {
		const r = await L.api(base, L.sign(token, p), path);
		say(r.status === none.status && r.body === none.body,
		    who + ' asks ' + path + ': the no-game answer');
		const h0 = L.held();
		const held = L.wait(base, token, path === '/games/1' ? P[0] :
		    others[0], path.slice(7), 0);
		if (!await L.untilHeld(h0 + 1))
			say(false, who + ': a player\'s poll is held first');
		const w = await L.api(base, L.sign(token, p), path + '/wait?turn=0');
		const wn = await L.api(base, L.sign(token, p),
		    '/games/77/wait?turn=0');
		say(w.status === 404 && w.body === wn.body && !held.done,
		    who + ': its long poll the same, not held (answered while ' +
		    'a player\'s poll sent before it was)');
		const a = await L.api(base, L.sign(token, p), path + '/actions',
		    { action: rec.actions[0], turn: 0 });
		const an = await L.api(base, L.sign(token, p), '/games/77/actions',
		    { action: rec.actions[0], turn: 0 });
		say(a.status === 404 && a.body === an.body, who + ': a move the same');
		const h = await L.api(base, L.sign(token, p), path + '/hint',
		    { turn: 0 });
		const hn = await L.api(base, L.sign(token, p), '/games/77/hint',
		    { turn: 0 });
		say(h.status === 404 && h.body === hn.body && !leaks(h.body),
		    who + ': a hint the same');
		const hd = await L.request(base + '/api' + path, { method: 'HEAD',
		    headers: { Authorization: 'tma ' + L.sign(token, p) } });
		const hdn = await L.request(base + '/api/games/77', { method:
		    'HEAD', headers: { Authorization: 'tma ' + L.sign(token, p) } });
		say(hd.status === 404 && hd.body === '' &&
		    hd.headers['content-length'] === hdn.headers['content-length'],
		    who + ': a HEAD the same');
		const f = await L.api(base, L.sign(token, p), path + '?at=0');
		say(f.status === 404 && f.body === none.body,
		    who + ': an old move the same');
	}
	const list = await L.api(base, L.sign(token, stranger), '/games');
	say(list.status === 200 && list.json.games.length === 0 &&
	    !leaks(list.body), 'a stranger\'s list of games is empty');
	const off = key1.slice(0, 5) + (key1[5] === 'a' ? 'b' : 'a') +
	    key1.slice(6);
	let r = await L.api(base, L.sign(token, stranger), '/games/' + off);
	say(r.status === 404 && r.body === none.body,
	    'a key one letter off: the no-game answer');

	// The key: a watcher's view, for whoever has it.
	r = await L.api(base, L.sign(token, stranger), '/games/' + key1);
	const g = r.json;
	say(r.status === 200 && g.title === 'TAC table' && g.names[0] ===
	    'Anna' && g.seat === null && g.key === key1, 'with the key: the ' +
	    'game, its title and names, as a watcher');
	say(g.legal.length === 0 && Object.keys(g.moves).length === 0 &&
	    g.position.hands.every((h) => h.every((c) => c === '?')) &&
	    g.position.deck === undefined, 'a watcher sees no card and has ' +
	    'no move');
	r = await L.api(base, L.sign(token, stranger), '/games/' + key1 +
	    '/actions', { action: rec.actions[0], turn: 0 });
	say(r.status === 409 && r.json.error === 'not_in_game',
	    'a watcher cannot play (' + r.json.error + ')');
	r = await L.api(base, L.sign(token, others[1]), '/games/' + key2);
	say(r.status === 200 && r.json.seat === 1, 'a player by the key is ' +
	    'the player');
	r = await L.api(base, L.sign(token, P[2]), '/games/1');
	say(r.status === 200 && r.json.seat === 2, 'a player by the number');

	// A watcher follows the game and replays it.
	const f = L.follow(base, token, stranger, key1, 0);
	await L.playTo(base, fake, token, 1, rec, 6);
	const w = await f.changed;
	say(w.status === 200 && w.changed === true && w.turn >= 4,
	    'the watcher\'s long poll wakes with the moves (turn ' + w.turn +
	    ')');
	r = await L.api(base, L.sign(token, stranger), '/games/' + key1 + '?at=0');
	const r1 = await L.api(base, L.sign(token, stranger), '/games/' + key1 +
	    '?at=1');
	const r6 = await L.api(base, L.sign(token, stranger), '/games/' + key1);
	say(r.status === 200 && r.json.at === 0 && r.json.turn === 6 &&
	    r.json.last === null && r1.json.at === 1 && r1.json.last.action ===
	    'give' && /gave a card/.test(r1.json.last.line) && r6.json.at === 6,
	    'the replay: move 0, move 1 (the gift face down), and now');
	say(r6.json.last && Array.isArray(r6.json.last.before) &&
	    r6.json.last.line.length > 0, 'the last move in words, with the ' +
	    'board before it ("' + (r6.json.last && r6.json.last.line) + '")');

	// HEAD: headers alone, the length told, the connection in step.
	const plain = await L.request(base + '/app.css');
	const raw = await pair('HEAD /app.css HTTP/1.1\r\nHost: x\r\n\r\n',
	    'GET /tg.js HTTP/1.1\r\nHost: x\r\n\r\n');
	const heads = raw.split('HTTP/1.1 ');
	const len = /content-length: *(\d+)/i.exec(heads[1] || '');
	say(heads.length === 3 && len !== null && Number(len[1]) ===
	    Buffer.byteLength(plain.body) && /\r\n\r\n$/.test(heads[1]),
	    'HEAD: the headers with the length (' + (len && len[1]) +
	    '), no body, and the next answer right after');
	const head = await L.request(base + '/api/games/1', { method: 'HEAD',
	    headers: { Authorization: 'tma ' + L.sign(token, P[0]) } });
	say(head.status === 200 && head.body === '' &&
	    Number(head.headers['content-length']) > 100,
	    'HEAD of the API: headers only');
	r = await L.request(base + '/api/games', { method: 'DELETE',
	    headers: { Authorization: 'tma ' + L.sign(token, P[0]) } });
	say(r.status === 405 && /GET/.test(r.headers.allow || '') &&
	    /default-src 'none'/.test(r.headers['content-security-policy'] || ''),
	    'another method: the app\'s 405 with its headers (' +
	    r.headers.allow + ')');
}

main().then(() => process.exit(L.out.every((x) => x) ? 0 : 1),
    (e) => { console.log('FAIL: ' + e.stack); process.exit(1); });
