// webapp-watch.js: the second half of the Mini App's browser test
// (webapp-browser.js runs it, on the same game): the board from each of
// the four seats, that seat at the bottom with its partner marked; a
// stranger with the group's link watching (a seat of their choice at the
// bottom, no card seen, each move moving along its way as it is played);
// a stranger without it, who learns nothing; the replay (first, one on,
// one back, play, the latest) and motion left out for those who ask for
// less; an aborted game replayed with every hand; a refused move (a
// haptic "error" and the reason), a refusal that is not JSON, a first
// request refused in the person's language; Telegram's viewport; a
// Georgian page with no Latin word but names; a poll let go for tacd's
// cap ("again"), after which the page waits; and axe-core on the pages.
'use strict';
const L = require('./webapp-lib.js');
const W = require('./webapp-page.js');

const P = L.people;
const say = W.say;
const others = [2001, 2002, 2003, 2004].map((id, i) =>
    ({ id: id, name: 'Other ' + i }));

// The board from each seat, at each size in each theme: the viewer's at
// the bottom, the partner marked.
async function seats(browser, o) {
	for (let s = 0; s < 4; s++) {
		const page = await W.open(browser, P[s], { start: 'g1' });
		for (const [size, theme] of [['phone', 'dark'], ['phone', 'light'],
		    ['desktop', 'dark'], ['desktop', 'light']]) {
			await W.look(page, size, theme);
			const low = await W.lowest(page);
			const info = await page.evaluate((st) => {
				const t = Array.from(document.querySelectorAll(
				    '#board text')).find((e) => e.textContent ===
				    String(st) && e.getAttribute('font-weight') ===
				    'bold');
				const mate = document.querySelector('#board g.label.mate');
				return { y: t ? Number(t.getAttribute('y')) : -1,
				    x: t ? Number(t.getAttribute('x')) : -1,
				    mate: mate ? Number(mate.getAttribute('data-seat')) :
				    -1, mateText: mate ? mate.textContent : '' };
			}, 16 * s);
			const name = P[s].name + ' (' + size + ', ' + theme + ')';
			say(low && low.seat === s && /· you$/.test(low.text) &&
			    info.y > 800 && Math.abs(info.x - 500) < 60, name +
			    ': their seat at the bottom, their start field ' +
			    16 * s + ' below the middle (' + (low && low.text) +
			    '; ' + info.x + ', ' + info.y + ')');
			say(info.mate === (s + 2) % 4 && /partner$/.test(info.mateText),
			    name + ': the partner marked (' + info.mateText + ')');
			await W.shot(page, 'seat' + s + '-' + size + '-' + theme);
		}
		await page.close();
	}
}

// A stranger with the group's link, watching; one without it.
async function watcher(browser, o) {
	const key = await L.keyOf(o.fake, -1001);
	const page = await W.open(browser, { id: 1999, name: 'Eve' },
	    { start: key, size: 'desktop', theme: 'light' });
	const names = await page.$$eval('#seats button', (b) =>
	    b.map((x) => x.textContent));
	say(names.length === 4 && names[1] === 'Boris <b>&amp;', 'a watcher ' +
	    'picks the seat to watch from (' + names.join(', ') + ')');
	say((await W.lowest(page)).seat === 0 && await page.$$eval('#hand button',
	    (b) => b.length) === 0 && /watching/.test(await W.text(page,
	    '#prompt')), 'a watcher sees from the first seat, and no card');
	await W.shot(page, 'watch-seat0');
	await page.click('#seats [data-view="2"]');
	say((await W.lowest(page)).seat === 2 && await W.calls(page,
	    'HapticFeedback.selectionChanged') === 1, 'a watcher who picks ' +
	    'Clara sees from her seat');
	await W.shot(page, 'watch-seat2');
	/* The next move, played in the chat: it moves on the page. */
	const g = await L.game(o.base, o.token, P[0], 1);
	const next = o.rec.actions.findIndex((a, i) => i >= g.turn &&
	    /^\d+ \d+>\d+$/.test(a));
	await L.playTo(o.base, o.fake, o.token, 1, o.rec, next);
	const before = await W.text(page, '#lastline');
	const moving = page.waitForFunction((b) => document.getElementById(
	    'lastline').textContent !== b && document.getAnimations().length > 0,
	    { polling: 'mutation', timeout: W.HANG_GUARD_MS }, before).then(	// hang guard
	    () => true,
	    () => false);
	await L.playTo(o.base, o.fake, o.token, 1, o.rec, next + 1);
	say(await moving, 'the watcher\'s page shows the move as it is ' +
	    'played, its marble moving (' + o.rec.actions[next] + ')');
	await page.evaluate(() => Promise.all(document.getAnimations().map((a) =>
	    a.finished)));
	await W.shot(page, 'watch-moved');
	const none = await W.open(browser, { id: 1998, name: 'Mallory' },
	    { start: 'g1', wait: '#status.bad' });
	const all = await none.evaluate(() => document.body.innerText);
	say(await W.text(none, '#status') === 'There is no such game.' &&
	    !/TAC table|Anna|Clara|Dmitri/.test(all) &&
	    await none.$$eval('#board *', (e) => e.length) === 0,
	    'a stranger without the link: no such game, no name, no board');
	await W.shot(none, 'stranger');
	await W.axe(none, o.axe, 'a refused page');
	await none.close();
	return page;
}

// Wait until the replay shows move n.
async function at(page, n) {
	await page.waitForFunction((k) => document.getElementById('at').value ===
	    String(k), { polling: 'mutation', timeout: W.HANG_GUARD_MS }, n);	// hang guard
	await page.evaluate(() => Promise.all(document.getAnimations().map((a) =>
	    a.finished)));
}

// The replay on the watcher's page.
async function replay(page, o) {
	const turn = (await L.game(o.base, o.token, P[0], 1)).turn;
	await page.click('#first');
	await at(page, 0);
	const bases = await page.$$eval('#board .marbles [data-at^="B"]',
	    (e) => e.length);
	say(await W.text(page, '#atsay') === 'Move 0 of ' + turn && bases === 16 &&
	    await W.text(page, '#turnline') === 'An earlier move: the game goes on.',
	    'the replay\'s first move: every marble in its base, "Move 0 of ' +
	    turn + '"');
	await W.shot(page, 'replay-first');
	const move = o.rec.actions.findIndex((a) => /^(1|13) B>\d+$/.test(a));
	await page.$eval('#at', (e, v) => { e.value = String(v);
	    e.dispatchEvent(new Event('change')); }, move);
	await at(page, move);
	/* Watched for before the click: a short animation is not missed. */
	const moving = page.waitForFunction(() => document.getAnimations()
	    .length > 0, { polling: 'mutation', timeout: W.HANG_GUARD_MS })	// hang guard
	    .then(() => true, () => false);
	await page.click('#next');
	const moved = await moving;
	await at(page, move + 1);
	say(moved && (await W.text(page, '#lastline')).indexOf('Enter a marble') >
	    0, 'one on: the marble entering moves ("' + await W.text(page,
	    '#lastline') + '")');
	await W.shot(page, 'replay-move');
	await page.click('#prev');
	await at(page, move);
	await page.emulateMediaFeatures([{ name: 'prefers-reduced-motion',
	    value: 'reduce' }]);
	await page.click('#next');
	await at(page, move + 1);
	say(await page.evaluate(() => document.getAnimations().length) === 0,
	    'with less motion asked for, the move is shown without moving');
	await page.emulateMediaFeatures([]);
	await page.click('#playm');
	await at(page, move + 3);
	say(await page.$eval('#playm', (e) => e.getAttribute('aria-pressed')) ===
	    'true', 'play: the moves follow each other');
	await W.shot(page, 'replay-play');
	await page.click('#playm');
	await page.click('#end');
	await at(page, turn);
	say(await W.text(page, '#atsay') === 'Move ' + turn + ' of ' + turn &&
	    await W.text(page, '#turnline') !== 'An earlier move: the game goes on.',
	    'the latest move: the game as it is now');
	await W.axe(page, o.axe, 'a watcher\'s page with the replay, light');
	await W.look(page, 'phone', 'dark');
	await W.axe(page, o.axe, 'a watcher\'s page with the replay, dark');
}

// An aborted game of another group, replayed with every hand.
async function aborted(browser, o) {
	await L.openGame(o.fake, o.rec.seed, others, -1002);
	await L.playTo(o.base, o.fake, o.token, 2, o.rec, 12, others[0], others);
	/* /abort asks first; "/abort yes" is the answer typed. */
	await L.feed(o.fake, [L.message(others[0], '/abort yes', -1002)]);
	const key = await L.keyOf(o.fake, -1002);
	const page = await W.open(browser, { id: 1997, name: 'Zoe' },
	    { start: key, theme: 'light' });
	const hand = await page.$$eval('#hand button', (b) => b.map((x) =>
	    x.textContent));
	say(await W.text(page, '#turnline') === 'The game was aborted.' &&
	    hand.length > 0 && hand.every((c) => c !== '?'), 'an aborted game, ' +
	    'watched with the link: every hand shown (' + hand.join(' ') + ')');
	await page.click('#prev');
	await at(page, 11);
	say(await W.text(page, '#atsay') === 'Move 11 of 12', 'and replayed');
	await W.shot(page, 'aborted-replay');
	await W.axe(page, o.axe, 'an aborted game\'s replay');
	await page.close();
}

// A move refused by the server, and a refusal that is not JSON.
async function refusals(browser, o) {
	let g = await L.game(o.base, o.token, P[0], 1), mine;
	/* On to a turn with more than one move (and one not a 7). */
	for (;;) {
		mine = await L.game(o.base, o.token, P[g.position.turn], 1);
		if (mine.legal.filter((a) => !/^7 /.test(a)).length > 1)
			break;
		g = await L.playTo(o.base, o.fake, o.token, 1, o.rec, g.turn + 1);
	}
	const seat = g.position.turn;
	/* The page builds a move the record does not play; the record's
	   move is played first (by the API, as another page of theirs
	   would), so that the game goes on as recorded. */
	const want = o.rec.actions[mine.turn];
	const act = mine.legal.find((a) => a !== want && !/^7 /.test(a)) ||
	    mine.legal.find((a) => a !== want);
	/* The page hears of nothing meanwhile: its long polls wait. */
	const page = await W.open(browser, P[seat], { start: 'g1', stall: true });
	await W.build(page, act);
	await W.axe(page, o.axe, 'a player\'s page, a move built');
	const r = await L.api(o.base, L.sign(o.token, P[seat]), '/games/1/actions',
	    { action: want, turn: mine.turn });
	say(r.status === 200, 'another move of the turn sent by the API first (' +
	    r.status + ' ' + want + ', the page built ' + act + ')');
	await page.evaluate(() => window.__tg.press('MainButton'));
	await W.seen(page, '#status.bad');
	const stale = await L.api(o.base, L.sign(o.token, P[seat]),
	    '/games/1/actions', { action: act, turn: mine.turn });
	say(stale.status === 409 && await W.text(page, '#status') ===
	    stale.json.message && await page.evaluate(() => window.__tg.calls.some((c) => c.name ===
	    'HapticFeedback.notificationOccurred' && c.args[0] === 'error')),
	    'the page\'s move refused: the reason ("' + await W.text(page,
	    '#status') + '") and a haptic "error"');
	page.hold.release();
	await W.shot(page, 'refused');
	await page.close();
	/* A refusal in a body that is not JSON (a proxy's page). */
	const now = await L.game(o.base, o.token, P[0], 1);
	const s2 = now.position.turn;
	const act2 = (await L.game(o.base, o.token, P[s2], 1)).legal.find((a) =>
	    !/^7 /.test(a));
	const p2 = await W.open(browser, P[s2], { start: 'g1', tg: false });
	p2.hold.fake = (q) => {
		if (q.method() !== 'POST' || !/\/actions$/.test(q.url()))
			return false;
		q.respond({ status: 409, contentType: 'text/html', body:
		    '<html><body>409 Conflict</body></html>' });
		return true;
	};
	await W.build(p2, act2);
	await p2.click('#send');
	await W.seen(p2, '#status.bad');
	say(await W.text(p2, '#status') === 'The server could not do it ' +
	    'now: try again in a moment.', 'a 409 that is not JSON: said in words ("' +
	    await W.text(p2, '#status') + '")');
	await p2.close();
}

// A first request refused, in the person's language; Telegram's viewport.
async function firsts(browser, o) {
	const page = await W.open(browser, { id: 3001, name: 'Ирина' },
	    { start: 'g1', lang: 'ru', authDate: Math.floor(Date.now() / 1000) -	// not asserted
	    90000, wait: '#status.bad' });
	const got = await W.text(page, '#status');
	const want = await page.evaluate(() => window.TAC_WORDS.ru.expired);
	say(got === want && /[а-я]/.test(got) && await page.evaluate(() =>
	    document.documentElement.lang) === 'ru', 'expired init data, the ' +
	    'first request refused: said in Russian ("' + got + '")');
	await page.close();
	const p = await W.open(browser, P[1], { start: 'g1' });
	const w0 = await p.$eval('#boardbox', (e) => e.getBoundingClientRect()
	    .width);
	await p.evaluate(() => window.__tg.viewport(420));
	const w1 = await p.$eval('#boardbox', (e) => e.getBoundingClientRect()
	    .width);
	say(w1 < w0 && w1 <= 0.62 * 420 + 1, 'a smaller viewport from Telegram: ' +
	    'the board fits it (' + Math.round(w0) + ' to ' + Math.round(w1) +
	    ' px)');
	await p.close();
}

// A Georgian watcher: no Latin word on the page but the names.
async function georgian(browser, o) {
	const key = await L.keyOf(o.fake, -1001);
	const page = await W.open(browser, { id: 4001, name: 'ნინო' },
	    { start: key, lang: 'ka' });
	const words = await page.evaluate(() => {
		const t = [document.body.innerText, document.title];
		document.querySelectorAll('[aria-label]').forEach((e) =>
		    t.push(e.getAttribute('aria-label')));
		return t.join(' ');
	});
	const rest = words.replace(/Boris <b>&amp;|Anna|Clara|Dmitri|TAC table/g,
	    '');
	const latin = rest.match(/[A-Za-z]{2,}/g) || [];
	say(await page.evaluate(() => document.documentElement.lang) === 'ka' &&
	    latin.length === 0, 'a Georgian page: no Latin word but names (' +
	    (latin.slice(0, 8).join(' ') || 'none') + ')');
	await W.shot(page, 'watch-ka');
	await page.close();
}

// The list of a person's games, none open.
async function list(browser, o) {
	const page = await W.open(browser, { id: 5001, name: 'Ola' },
	    { wait: '#list p', theme: 'light', tg: false });
	say(await W.text(page, '#list p') === 'You have no open game. Start one ' +
	    'in a group with /new.', 'someone with no game: the list says so');
	await W.axe(page, o.axe, 'an empty list, without Telegram\'s script');
	await page.close();
}

// A poll let go for tacd's cap on held polls says when to ask again
// (doc/webapp-api.md): the page waits that long.  Asking at once, pages
// past the cap would let one another go as fast as the network allows.
// The answer is the test's own, for the page alone; webapp-hold.js sees
// tacd give it.
async function letGo(browser, o) {
	const page = await W.open(browser, P[1], { start: 'g1', tg: false });
	const turn = (await L.game(o.base, o.token, P[1], 1)).turn;
	let faked = null, at = 0;
	const next = new Promise((ok) => page.on('request', (q) => {
		if (faked !== null && q !== faked && /\/wait\?/.test(q.url()))
			ok(Date.now() - at);	// lower bound
	}));
	page.hold.fake = (q) => {
		if (faked !== null || !/\/wait\?/.test(q.url()))
			return false;
		faked = q;
		at = Date.now();	// lower bound
		q.respond({ status: 200, contentType: 'application/json', body:
		    JSON.stringify({ turn: turn, changed: false, again: 2 }) });
		return true;
	};
	const gap = await Promise.race([next, L.sleep(W.HANG_GUARD_MS).then(	// hang guard
	    () => -1)]);
	say(gap >= 1500, 'a poll let go with "again": 2: the page asks ' +	// lower bound
	    'again ' + gap + ' ms later, not at once');
	await page.close();
}

// All of it, in order.
async function run(browser, o) {
	await seats(browser, o);
	const page = await watcher(browser, o);
	await replay(page, o);
	await page.close();
	await refusals(browser, o);
	await firsts(browser, o);
	await georgian(browser, o);
	await aborted(browser, o);
	await list(browser, o);
	await letGo(browser, o);
}

module.exports = { run };
