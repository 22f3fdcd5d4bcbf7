// webapp-api.js: the Mini App's HTTP API against the real tacd, with
// init data signed here by node's crypto.  Missing, forged, expired
// and another bot's init data get 401; a person sees their own hand and
// not the others', and a game they do not play in not at all (its
// number tells them nothing: tests/tg/webapp-privacy.js has the rest); a stale
// turn and the wrong person are refused with a reason; a doubled POST
// applies once; the long poll wakes when the game moves, and holds an
// unchanged game for its time (the order of answers, and a lower bound,
// never an upper one: a slow machine only makes more polls); the page's
// files carry the security headers and stay small; oversized requests
// and floods are cut; the turn notice and the board carry the buttons
// that open the app.
//
// usage: node webapp-api.js BASE FAKE TOKEN RECORD MAXAGE [proxied]
// With "proxied", BASE is a reverse proxy's path to tacd: a path that
// climbs out of BASE is then the proxy's to answer, not tacd's, and is
// not asked.
'use strict';
const L = require('./webapp-lib.js');
const { until } = require('./guard');

const [base, fake, token, recfile, maxage, proxied] = process.argv.slice(2);
const rec = L.record(recfile);
const say = L.say;
const P = L.people;

// Other people in another group, with a game of their own.
const others = [2001, 2002, 2003, 2004].map((id, i) =>
    ({ id: id, name: 'Other ' + i }));

// Check every answer for the headers the page's safety rests on.
function headersOk(r) {
	const csp = r.headers['content-security-policy'] || '';
	return /default-src 'none'/.test(csp) && /script-src 'self'/.test(csp) &&
	    !/unsafe/.test(csp) && r.headers['x-content-type-options'] ===
	    'nosniff';
}

async function main() {
	await L.openGame(fake, rec.seed);
	await L.openGame(fake, rec.seed + 1, others, -1002);
	const now = Math.floor(Date.now() / 1000);	// not asserted

	// 401s: none, forged, expired, another bot's token, garbage.
	let r = await L.api(base, null, '/games');
	say(r.status === 401 && headersOk(r), 'no init data: 401 (' +
	    r.status + ')');
	r = await L.api(base, L.sign(token, P[0], { forge: true }), '/games');
	say(r.status === 401, 'forged init data: 401 (' + r.status + ')');
	r = await L.api(base, L.sign(token, P[0], { authDate: now -
	    Number(maxage) - 5 }), '/games');
	say(r.status === 401, 'expired init data: 401 (' + r.status + ')');
	r = await L.api(base, L.sign(token.replace(/^4242/, '4243'), P[0]),
	    '/games');
	say(r.status === 401, 'init data of another bot: 401 (' + r.status +
	    ')');
	r = await L.request(base + '/api/games', { headers:
	    { Authorization: 'Bearer x' } });
	say(r.status === 401, 'another scheme: 401');
	// Half the max age old: fresh, however long the checks above took.
	r = await L.api(base, L.sign(token, P[0], { authDate:
	    Math.floor(Date.now() / 1000) - Math.floor(Number(maxage) / 2) }),	// not asserted
	    '/games');
	say(r.status === 200 && r.json.games.length === 1 &&
	    r.json.games[0].id === 1, 'fresh init data: 200, one game');

	// Seats, and each person's view: own hand only.
	const full = [];
	for (let s = 0; s < 4; s++) {
		const g = await L.game(base, token, P[s], 1);
		full[s] = g.position.hands[s];
		say(g.seat === s, P[s].name + ' sits in seat ' + s + ' (' +
		    g.seat + ')');
		const hidden = g.position.hands.every((h, t) => t === s ||
		    h.every((c) => c === '?'));
		say(hidden && g.position.hands[s].every((c) => c !== '?'),
		    'seat ' + s + ' sees its own hand only');
		say(g.position.deck === undefined && g.position.rng ===
		    undefined, 'seat ' + s + ' sees no deck and no seed');
		say(g.names[1] === 'Boris <b>&amp;', 'names come as text, ' +
		    'escaped by JSON only');
	}
	// Another group's game by its number: as if there were none.
	r = await L.api(base, L.sign(token, P[0]), '/games/2');
	const r99 = await L.api(base, L.sign(token, P[0]), '/games/99');
	say(r.status === 404 && r99.status === 404 && r.body === r99.body,
	    'another group\'s game and no game: the same 404 (' + r.body + ')');
	let g;

	// The exchange after the deal: everyone gives at once, face down
	// (D7), so every seat has legal actions, and they are gifts only.
	// The first giver in play order gives the record's first action.
	g = await L.game(base, token, P[0], 1);
	const actor = L.giver(g)[0];
	const act = rec.actions[0];
	for (let s = 0; s < 4; s++) {
		const v = await L.game(base, token, P[s], 1);
		say(v.legal.length > 0 && v.legal.every((a) => /^give /.test(a)),
		    'seat ' + s + ' may give, and only give (' + v.legal.length +
		    ' gifts)');
	}
	say((await L.game(base, token, P[actor], 1)).legal.indexOf(act) >= 0,
	    'the record\'s action is in the legal list');
	r = await L.api(base, L.sign(token, P[actor]), '/games/1/actions',
	    { action: act, turn: 5 });
	say(r.status === 409 && r.json.error === 'stale', 'a stale turn: 409 ' +
	    'stale ("' + (r.json && r.json.message) + '")');
	r = await L.api(base, L.sign(token, P[actor]), '/games/1/actions',
	    { action: '7 1>', turn: 0 });
	say(r.status === 409 && r.json.error === 'bad_action',
	    'bad notation: 409 bad_action');
	r = await L.request(base + '/api/games/1/actions', { method: 'POST',
	    headers: { Authorization: 'tma ' + L.sign(token, P[actor]) },
	    body: 'not json' });
	say(r.status === 400, 'a body that is not the action: 400');

	// The hint of the turn: the giver's own, from their view, in words.
	r = await L.api(base, L.sign(token, P[actor]), '/games/1/hint',
	    { turn: 0 });
	say(r.status === 200 && g.hints === true &&
	    (await L.game(base, token, P[actor], 1)).legal.indexOf(
	    r.json.action) >= 0 && /^\u{1f4a1} Hint for game #1: /u.test(
	    r.json.message), 'the actor\'s hint: 200, a legal move in words ("'
	    + (r.json && r.json.message || '').replace(/\n/g, ' / ') + '")');
	r = await L.api(base, L.sign(token, P[actor]), '/games/1/hint',
	    { turn: 3 });
	say(r.status === 409 && r.json.error === 'stale',
	    'a stale turn\'s hint: 409 stale');
	r = await L.api(base, L.sign(token, P[actor]), '/games/1/hint', {});
	say(r.status === 400, 'a hint without its turn: 400');

	// A long poll waits for the turn to move on (followed as the page
	// does: a poll whose hold is up before the change is asked again).
	const h0 = L.held();
	const f = L.follow(base, token, P[2], 1, 0);
	say(await L.untilHeld(h0 + 1), 'the long poll is held');
	// The same POST twice at once, and once more later: one gift.
	const init = L.sign(token, P[actor]);
	const both = await Promise.all([
	    L.api(base, init, '/games/1/actions', { action: act, turn: 0 }),
	    L.api(base, init, '/games/1/actions', { action: act, turn: 0 })]);
	const again = await L.api(base, init, '/games/1/actions',
	    { action: act, turn: 0 });
	say(both.every((x) => x.status === 200 && x.json.applied) &&
	    both.filter((x) => x.json.again).length === 1 &&
	    again.status === 200 && again.json.again === true,
	    'a doubled POST: both 200, the second and a third "again"');
	// The gift lies face down until all are in: nothing is logged yet
	// and the turn does not move, so the poll is still held.
	const o = (actor + 1) % 4;
	g = await L.game(base, token, P[o], 1);
	let mine = await L.game(base, token, P[actor], 1);
	say(g.turn === 0 && g.last === null && g.position.gifts[actor] === '?' &&
	    g.legal.length > 0 && mine.position.gifts[actor] === act.slice(5) &&
	    mine.legal.length === 0 && !f.moved, 'the gift is kept face down: ' +
	    'turn 0, only the giver sees its card, the others still give, ' +
	    'no poll woke (' + f.unchanged + ' held their time meanwhile)');
	// The others give; the last gift logs the four, and the poll wakes.
	await L.playTo(base, fake, token, 1, rec, 4);
	const w = await f.changed;
	say(w.status === 200 && w.changed === true && w.turn === 4,
	    'the long poll woke with the exchange done (turn ' + w.turn +
	    ', after ' + f.unchanged + ' polls held their time)');
	// Each gift logged once, in play order: the first one the actor's,
	// its card hidden from the others in the replay.
	g = await L.api(base, L.sign(token, P[o]), '/games/1?at=1');
	mine = await L.api(base, L.sign(token, P[actor]), '/games/1?at=1');
	say(g.json.turn === 4 && g.json.last.seat === actor &&
	    g.json.last.action === 'give' && mine.json.last.action === act,
	    'four gifts, each once, the first the actor\'s: its card hidden ' +
	    'from others ("' + g.json.last.line + '"), the giver sees it');
	// An unchanged game holds the poll for its time (8 s) and says so.
	const t1 = Date.now();	// lower bound
	const w2 = await L.api(base, L.sign(token, P[2]),
	    '/games/1/wait?turn=4');
	const held = Date.now() - t1;	// lower bound
	say(w2.status === 200 && w2.json.changed === false && held >= 7000,	// lower bound
	    'an unchanged game holds the poll, at least 7 s (' + held +
	    ' ms), and says so');

	// Play after the exchange is one at a time: legal only on the move,
	// and the wrong person is told so.
	g = await L.game(base, token, P[0], 1);
	const next = g.position.turn;
	for (let s = 0; s < 4; s++) {
		const v = await L.game(base, token, P[s], 1);
		say((v.legal.length > 0) === (s === next), 'after it, seat ' + s +
		    (s === next ? ' has' : ' has no') + ' legal actions');
	}
	r = await L.api(base, L.sign(token, P[(next + 1) % 4]),
	    '/games/1/actions', { action: rec.actions[4], turn: 4 });
	say(r.status === 409 && r.json.error === 'not_your_turn' &&
	    r.json.message.length > 0, 'the wrong person: 409 not_your_turn ("' +
	    (r.json && r.json.message) + '")');
	r = await L.api(base, L.sign(token, P[(next + 1) % 4]),
	    '/games/1/hint', { turn: 4 });
	say(r.status === 409 && r.json.error === 'not_your_turn',
	    'another person\'s hint: 409 not_your_turn');

	// Words, layout, language.
	r = await L.api(base, L.sign(token, P[0], { lang: 'ru' }), '/strings');
	say(r.status === 200 && r.json.lang === 'en' && r.json.text.play,
	    'strings in the language tacd speaks to the person (en)');
	r = await L.api(base, L.sign(token, { id: 3001, name: 'Greta' },
	    { lang: 'de' }), '/strings');
	say(r.status === 200 && r.json.text.back === 'Zurück',
	    'strings in German for a German person ("' + (r.json &&
	    r.json.text.back) + '")');
	r = await L.api(base, L.sign(token, P[0]), '/layout?players=4');
	say(r.status === 200 && r.json.field.length === 64 &&
	    r.json.seat[0].marble === '#d55e00', 'the layout of 4 seats');
	r = await L.api(base, L.sign(token, P[0]), '/layout?players=5');
	say(r.status === 400, 'no layout of 5 seats');

	// The page's files: headers, size, ETag.
	let total = 0;
	for (const f of L.pageFiles) {
		r = await L.request(base + f);
		total += Buffer.byteLength(r.body);
		say(r.status === 200 && headersOk(r), f + ': 200 with the CSP');
	}
	say(total <= 100 * 1024, 'the page is ' + total + ' bytes (<= 100 KB)');
	r = await L.request(base + '/app.js');
	const r304 = await L.request(base + '/app.js', { headers:
	    { 'If-None-Match': r.headers.etag } });
	say(r304.status === 304, 'an unchanged file: 304');
	if (proxied !== 'proxied') {
		r = await L.request(base + '/../../etc/passwd');
		say(r.status === 404 || r.status === 400,
		    'no file outside the page');
	}

	// Sizes and floods.
	r = await L.request(base + '/api/games/1/actions', { method: 'POST',
	    headers: { Authorization: 'tma ' + L.sign(token, P[1]),
	    'Content-Type': 'application/json' }, body: JSON.stringify(
	    { action: 'x'.repeat(8000), turn: 1 }) });
	// tacd answers 413 and closes at once; a proxy that streams the
	// body (Caddy) is still writing then, and answers 502 itself.
	say(r.status === 413 || (proxied === 'proxied' && r.status === 502),
	    'a body over 4 KB: 413 (' + r.status + ')');
	r = await L.request(base + '/api/games', { headers:
	    { Authorization: 'tma ' + 'a'.repeat(9000) } });
	say(r.status >= 400 && r.status < 500 && r.status !== 401,
	    'headers over 8 KB: refused before any check (' + r.status + ')');
	// 200 at once: past the burst of 40 unless tacd took 16 s over them
	// (a person gets 10 more a second).  The flooder has asked nothing
	// before, so their burst is whole: one of the players could have
	// spent a request of it a moment ago (once, 39 came through).
	const flooder = { id: 7777, name: 'Flood' };
	const many = [];
	const fast = L.sign(token, flooder);
	for (let i = 0; i < 200; i++)
		many.push(L.api(base, fast, '/games'));
	const codes = (await Promise.all(many)).map((x) => x.status);
	say(codes.filter((c) => c === 429).length > 0 &&
	    codes.filter((c) => c === 200).length >= 40 &&
	    codes.every((c) => c === 200 || c === 429), 'a flood of one ' +
	    'person: 429 past the burst (' + codes.filter((c) => c === 429)
	    .length + ' of 200)');
	const bad = [];
	for (let i = 0; i < 120; i++)
		bad.push(L.api(base, L.sign(token, P[0], { forge: true }),
		    '/games'));
	bad.push(L.api(base, L.sign(token, P[2]), '/games'));
	const bcodes = (await Promise.all(bad)).map((x) => x.status);
	say(bcodes.slice(0, 120).every((c) => c === 401) && bcodes[120] ===
	    200, 'a flood of forged init data: all 401, and a real person ' +
	    'still gets in');
	r = await until(async () => {
		const x = await L.api(base, L.sign(token, flooder), '/games');
		return x.status === 200 ? x : null;
	}, 500);
	say(r !== null, 'the limits pass: the flooder gets 200 again');

	// The buttons that open the app: by the game's key, never its number.
	const sent = (await L.request(fake + '/ctl/sent')).json.result;
	const keys = L.buttons;
	const key = await L.keyOf(fake, -1001);
	const apps = sent.filter((m) => keys(m).some((k) => k.web_app));
	say(key !== null && /^[A-Za-z0-9]{22}$/.test(key) && apps.length > 0 &&
	    apps.every((m) => Number(m.chat) > 0) &&
	    apps.some((m) => keys(m).some((k) => k.web_app && k.web_app.url ===
	    'https://example.test/tac/?g=' + key)), 'private messages have a ' +
	    'web_app button to the game by its key (' + apps.length + ')');
	const links = sent.filter((m) => String(m.chat) === '-1001' &&
	    keys(m).some((k) => k.url === 'https://t.me/TacTestBot/tacboard' +
	    '?startapp=' + key));
	say(links.length > 0, 'the group board links the app by the key (' +
	    links.length + ')');
	say(!sent.some((m) => keys(m).some((k) => /startapp=g?\d+$|[?&]g=\d+$/
	    .test(k.url || (k.web_app && k.web_app.url) || ''))),
	    'no link names a game by its number');
	say(!sent.some((m) => Number(m.chat) < 0 && keys(m).some((k) =>
	    k.web_app)), 'no web_app button in a group');
}

main().then(() => process.exit(L.out.every((x) => x) ? 0 : 1),
    (e) => { console.log('FAIL: ' + e.stack); process.exit(1); });
