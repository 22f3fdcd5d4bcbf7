// webapp-lib.js: what the Mini App's tests share (built-in modules only):
// init data signed as Telegram signs it (node's crypto, apart from
// tacd's code), requests to tacd's Mini App server and to the fake Bot
// API, people who type commands, and a recorded game played up to an
// action by /play.
'use strict';
const crypto = require('crypto');
const http = require('http');
const fs = require('fs');
const { HANG_GUARD_MS, until } = require('./guard');

// The people: seats 0..3 in the order they sit down.
const people = [
	{ id: 1001, name: 'Anna' },
	{ id: 1002, name: 'Boris <b>&amp;' },
	{ id: 1003, name: 'Clara' },
	{ id: 1004, name: 'Dmitri' },
];
const GROUP = -1001;

let nextUpdate = Number(process.env.WEBAPP_FIRST_UPDATE || 1);
const out = [];

// Say how a check went (the shell counts the lines).
function say(ok, what) {
	console.log((ok ? 'ok: ' : 'FAIL: ') + what);
	out.push(ok);
	return ok;
}

// Sign init data for a person: the query string a Mini App gets.
function sign(token, person, opts) {
	const o = opts || {};
	const user = JSON.stringify({ id: person.id, first_name: person.name,
	    language_code: o.lang || 'en' });
	const fields = { auth_date: String(o.authDate ||
	    Math.floor(Date.now() / 1000)), query_id: 'AAH' + person.id,	// not asserted
	    user: user };
	if (o.start)
		fields.start_param = o.start;
	const dcs = Object.keys(fields).sort().map((k) => k + '=' + fields[k])
	    .join('\n');
	const secret = crypto.createHmac('sha256', 'WebAppData').update(token)
	    .digest();
	let hash = crypto.createHmac('sha256', secret).update(dcs)
	    .digest('hex');
	if (o.forge)
		hash = (hash[0] === '0' ? '1' : '0') + hash.slice(1);
	return Object.keys(fields).map((k) => k + '=' +
	    encodeURIComponent(fields[k])).join('&') + '&hash=' + hash;
}

// One HTTP request: {status, headers, body (text), json}.
function request(url, opts) {
	const o = opts || {};
	return new Promise((ok, fail) => {
		const r = http.request(url, { method: o.method || 'GET',
		    headers: o.headers || {}, agent: o.agent }, (res) => {
			let t = '';
			res.setEncoding('utf8');
			res.on('data', (d) => { t += d; });
			res.on('end', () => {
				let j = null;
				try { j = JSON.parse(t); } catch (e) { j = null; }
				ok({ status: res.statusCode, headers: res.headers,
				    body: t, json: j });
			});
		});
		r.on('error', fail);
		if (o.body !== undefined)
			r.write(o.body);
		r.end();
	});
}

// An API request as a person's page makes it.
function api(base, init, path, body) {
	const headers = {};
	if (init !== null)
		headers.Authorization = 'tma ' + init;
	if (body !== undefined)
		headers['Content-Type'] = 'application/json';
	return request(base + '/api' + path, { method: body !== undefined ?
	    'POST' : 'GET', headers: headers, body: body !== undefined ?
	    JSON.stringify(body) : undefined });
}

// Queue updates at the fake API and wait until tacd confirmed them.
async function feed(fake, updates) {
	await request(fake + '/ctl/updates', { method: 'POST', headers:
	    { 'Content-Type': 'application/json' }, body:
	    JSON.stringify(updates) });
	const last = updates[updates.length - 1].update_id;
	if (!await until(async () => (await request(fake + '/ctl/state'))
	    .json.result.confirmed >= last))
		throw new Error('tacd did not take update ' + last);
}

// A message from a person: in the group, or in their private chat.
function message(person, text, group) {
	const id = nextUpdate++;
	return { update_id: id, message: { message_id: id, date: 1700000000,
	    from: { id: person.id, is_bot: false, first_name: person.name,
	    language_code: 'en' }, chat: group ? { id: group, type: 'group',
	    title: 'TAC table' } : { id: person.id, type: 'private',
	    first_name: person.name }, text: text } };
}

// Wait a while.
function sleep(ms) {
	return new Promise((ok) => setTimeout(ok, ms));
}

/*
 * A long poll of person's for game (number or key) past turn, sent now:
 * {answer: a promise of {status, changed, turn, again, error}, done: whether it
 * is answered yet}.  done is what an order check reads: "the stranger was
 * answered while this poll was still held".
 */
function wait(base, token, person, game, turn) {
	const w = { done: false };
	w.answer = api(base, sign(token, person), '/games/' + game +
	    '/wait?turn=' + turn).then((r) => ({ status: r.status,
	    changed: r.json && r.json.changed, turn: r.json && r.json.turn,
	    again: r.json && r.json.again }),
	    (e) => ({ status: 0, error: e.message })).then((a) => {
		w.done = true;
		return a;
	    });
	return w;
}

/*
 * Follow a game as the page does: long polls one after another from
 * turn, each answered unchanged when its hold is up, until one says the
 * game changed.  f.changed is a promise of that answer; f.unchanged
 * counts the polls answered unchanged meanwhile; f.moved is whether the
 * change came yet.  A slow machine only makes more polls; the hang guard
 * ends them (an answer with status 0).
 */
function follow(base, token, person, game, turn) {
	const f = { unchanged: 0, moved: false };
	const end = Date.now() + HANG_GUARD_MS;	// hang guard
	f.changed = (async () => {
		while (Date.now() < end) {	// hang guard
			const a = await wait(base, token, person, game,
			    turn).answer;
			if (a.status !== 200 || a.changed) {
				f.moved = true;
				return a;
			}
			f.unchanged++;
		}
		return { status: 0, error: 'no change before the hang guard' };
	})();
	return f;
}

// The group opens a game of the record's seed; everyone sits, it starts.
async function openGame(fake, seed, who, group) {
	const p = who || people;
	const g = group || GROUP;
	await feed(fake, [message(p[0], '/new 4 pairs master tac auto=off seed=' + seed,
	    g)]);
	for (let i = 1; i < p.length; i++)
		await feed(fake, [message(p[i], '/join', g)]);
	await feed(fake, [message(p[0], '/start', g)]);
}

// The record's actions and seed.
function record(file) {
	return JSON.parse(fs.readFileSync(file, 'utf8'));
}

// The game as a person's page sees it.
async function game(base, token, person, id) {
	const r = await api(base, sign(token, person), '/games/' + id);
	if (r.status !== 200)
		throw new Error('GET /api/games/' + id + ': ' + r.status + ' ' +
		    r.body);
	return r.json;
}

// The seat whose gift is still to come in an exchange under way, first
// in play order (from the dealer's left), and its gift's place among
// the exchange's actions in the log: [seat, k], or null when g is not
// in an exchange.  The turn number stays at the exchange's first action
// until every gift is in; then all are logged in play order.
function giver(g) {
	const p = g.position, n = g.players;
	if (g.state !== 'playing' || !p || p.phase !== 'exchange')
		return null;
	for (let k = 0; k < n; k++) {
		const s = (p.dealer + 1 + k) % n;
		if (p.gifts[s] === null)
			return [s, k];
	}
	return null;
}

// The update that plays the record's next action in g as its player, by
// /play in their private chat (who: the game's people, default people):
// in an exchange, the first gift still to come.
function nextPlay(g, rec, who) {
	const gv = giver(g);
	const seat = gv ? gv[0] : g.position.turn;

	return message((who || people)[seat], '/play ' +
	    rec.actions[g.turn + (gv ? gv[1] : 0)]);
}

// Play the record's actions by /play in private chats, up to action n,
// asking as asker (default: seat 0) whose turn it is; who: the game's
// people (default: people).  An exchange is played whole: its turn
// number moves only when its last gift is in.
async function playTo(base, fake, token, id, rec, n, asker, who) {
	const p = who || people;
	for (;;) {
		const g = await game(base, token, asker || p[0], id);
		if (g.turn >= n)
			return g;
		await feed(fake, [nextPlay(g, rec, p)]);
	}
}

// The buttons of a message the fake API was sent.
function buttons(m) {
	return ((typeof m.reply_markup === 'string' && m.reply_markup !== '' ?
	    JSON.parse(m.reply_markup) : m.reply_markup || {}).inline_keyboard ||
	    []).flat();
}

// The key a group's messages link the app with (startapp=KEY), once a
// message with it is delivered (null at the hang guard): what someone
// who sees the group has, and nobody else.
async function keyOf(fake, group) {
	return until(async () => {
		const sent = (await request(fake + '/ctl/sent')).json.result;
		let key = null;
		for (const m of sent) {
			if (String(m.chat) !== String(group))
				continue;
			for (const b of buttons(m)) {
				const x = /[?&]startapp=([A-Za-z0-9]+)$/.exec(
				    b.url || '');
				if (x)
					key = x[1];
			}
		}
		return key;
	});
}

// The files of the page, each fetched once: the bytes a first visit costs.
const pageFiles = ['/', '/words.js', '/move.js', '/board.js', '/tg.js',
    '/app.js', '/app.css'];

// How many long polls tacd has held so far: its debug lines in the log
// the shell names in TACD_LOG (tacd runs with -d).
function held() {
	const log = process.env.TACD_LOG;

	if (!log)
		throw new Error('TACD_LOG is not set: no way to see a poll held');
	return (fs.readFileSync(log, 'utf8').match(
	    /telegram: webapp: a poll held, /g) || []).length;
}

// Wait until tacd has held n polls in all: the state a check of order
// needs before its next request, not a pause.  True, or false at the
// hang guard.
async function untilHeld(n) {
	return (await until(() => held() >= n)) !== null;
}

module.exports = { people, GROUP, say, sign, request, api, feed, message,
    sleep, openGame, record, game, giver, nextPlay, playTo, out, buttons, keyOf,
    pageFiles, wait, follow, held, untilHeld };
