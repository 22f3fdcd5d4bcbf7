// webapp-browser.js: the Mini App in a real browser (Debian's chromium,
// headless, driven by puppeteer-core) against the real tacd.  The group
// plays the recorded game by /play; six of its turns are played by
// taps on the page instead, each by the person whose turn it is, opened
// with init data signed for them in the URL fragment as Telegram passes
// it: the exchange's first gift, a Devil (a card of the next player's
// hand), the first 7 split in two (with the steps left shown and a step
// taken back), a Fool, the first TAC its player chose among other
// cards, and the Trickster after it.  Another
// person's page, left open, must show each move without being reloaded.
// Screenshots at phone size go to SHOTS.
//
// usage: node webapp-browser.js BASE FAKE TOKEN RECORD SHOTS CHROMIUM
'use strict';
const puppeteer = require('puppeteer-core');
const L = require('./webapp-lib.js');

const [base, fake, token, recfile, shots, chromium] = process.argv.slice(2);
const rec = L.record(recfile);
const P = L.people;
const problems = [];

// Telegram's theme, as the fragment carries it (a dark one).
const theme = { bg_color: '#17212b', text_color: '#f5f5f5',
    hint_color: '#708499', button_color: '#5288c1',
    button_text_color: '#ffffff', secondary_bg_color: '#232e3c' };

// A line for browser.err, timed: what happened when, if it fails.
const t0 = Date.now();
function note(what) {
	console.error(((Date.now() - t0) / 1000).toFixed(2) + ' ' + what);
}

// A check, as webapp-lib.js counts it, and in browser.err's timeline.
function say(ok, what) {
	note((ok ? 'ok: ' : 'FAIL: ') + what);
	return L.say(ok, what);
}

// A page opened for a person, at phone size.
async function openPage(browser, person, game) {
	const page = await browser.newPage();
	await page.setViewport({ width: 390, height: 844,
	    deviceScaleFactor: 2 });
	page.on('console', (m) => {
		note(person.name + ' console: ' + m.text());
		if (/Content Security Policy|Refused to/.test(m.text()))
			problems.push(person.name + ': ' + m.text());
	});
	page.on('pageerror', (e) => problems.push(person.name + ': ' +
	    e.message));
	page.on('response', (r) => note(person.name + ' ' + r.status() + ' ' +
	    r.url().replace(base, '')));
	page.on('requestfailed', (r) => {
		if (!/\/wait\?/.test(r.url()))
			problems.push(person.name + ': ' + r.url() + ' failed');
	});
	const init = L.sign(token, person, { start: 'g' + game });
	await page.goto(base + '/#tgWebAppData=' + encodeURIComponent(init) +
	    '&tgWebAppVersion=7.10&tgWebAppPlatform=android' +
	    '&tgWebAppThemeParams=' + encodeURIComponent(JSON.stringify(theme)),
	    { waitUntil: 'load' });
	await page.waitForSelector('#board circle', { timeout: 15000 });
	return page;
}

// Save what the page shows.
async function shot(page, name) {
	note('shot ' + name);
	/* Headless Chromium draws only the tab in front. */
	await page.bringToFront();
	await page.screenshot({ path: shots + '/' + name + '.png' });
}

// The seat whose start field f is (4 seats).
function startSeat(f) {
	return Number(f) % 16 === 0 ? Number(f) / 16 : -1;
}

// The steps of a 7's segment on 4 seats, for the count the page shows.
function steps(from, to) {
	const h = to.indexOf('H');
	if (from.indexOf('H') > 0)
		return Number(to.slice(h + 1)) - Number(from.slice(from.indexOf('H') +
		    1));
	if (h > 0)
		return (16 * Number(to.slice(0, h)) - Number(from) + 64) % 64 +
		    Number(to.slice(h + 1));
	return (Number(to) - Number(from) + 64) % 64;
}

// Click what a selector finds, if it is there and enabled: 1, else 0.
async function clickIf(page, sel) {
	const e = await page.$(sel);
	if (e === null || await e.evaluate((x) => x.disabled === true))
		return 0;
	await e.click();
	return 1;
}

// Play action by taps: its card (or word), then marble and target for
// each segment; a 7's first segment is taken back and made again.
async function tap(page, action, name) {
	const toks = action.split(' ');
	let segs = 0, used = 0, n = 0;

	for (const t of toks) {
		const m = /^(B|\d+|\d+H\d)(>|<>)(B|\d+|\d+H\d)$/.exec(t);
		if (!m) {
			if (await clickIf(page, '[data-card="' + t + '"].can') ||
			    await clickIf(page, '[data-word="' + t + '"]'))
				n++;
			continue;
		}
		const from = m[1] === 'B' ? 'B' + startSeat(m[3]) : m[1];
		if (!say(await clickIf(page, '[data-place="' + from + '"]') === 1,
		    name + ': marble ' + from + ' can be chosen'))
			return false;
		if (!say(await clickIf(page, '[data-target="' + m[3] + '"]') ===
		    1, name + ': ' + m[3] + ' lights up as its target'))
			return false;
		segs++;
		if (toks[0] === '7') {
			used += steps(m[1], m[3]);
			const prompt = await page.$eval('#prompt', (e) => e.textContent);
			say(prompt.indexOf('Steps left: ' + (7 - used)) >= 0,
			    name + ': "' + prompt + '"');
			if (segs === 1) {
				await shot(page, name + '-half');
				say(await page.$eval('#send', (e) => e.disabled),
				    name + ': half a 7 cannot be sent');
				/* Take it back, and choose it again. */
				await page.click('#back');
				const p2 = await page.$eval('#prompt',
				    (e) => e.textContent);
				say(p2.indexOf('Steps left: 7') >= 0, name +
				    ': back gives the steps back ("' + p2 + '")');
				await clickIf(page, '[data-place="' + from + '"]');
				await clickIf(page, '[data-target="' + m[3] + '"]');
			}
		}
	}
	/* Chosen by a tap, or the only one there is and so taken. */
	const card = toks[0] === 'give' ? toks[1] : toks[0];
	say(await page.$('[data-card="' + card + '"].chosen') !== null,
	    name + ': ' + card + ' is shown chosen in the hand (' + n +
	    ' words tapped)');
	say(!(await page.$eval('#send', (e) => e.disabled)), name +
	    ': the move is complete and may be sent');
	const move = await page.$eval('#move', (e) => e.textContent);
	say(move === action, name + ': the page shows the move it will send ("' +
	    move + '")');
	await shot(page, name + '-ready');
	await page.click('#send');
	return true;
}

// Wait until the page's last line shows text.
async function shows(page, text, ms) {
	try {
		/*
		 * Polled on changes: a tab behind the front one gets no
		 * animation frames, which is puppeteer's default.
		 */
		await page.waitForFunction((t) => document.getElementById(
		    'lastline').textContent.indexOf(t) >= 0, { timeout: ms,
		    polling: 'mutation' }, text);
		return true;
	} catch (e) {
		return false;
	}
}

async function main() {
	const first = (re, from) => rec.actions.findIndex((a, i) => i >= from &&
	    re.test(a));
	await L.openGame(fake, rec.seed);

	/*
	 * Play on to the move of a kind: the first from action after on
	 * that the re matches, and for TAC one where its player has other
	 * cards to play too, so the TAC is a choice that takes a tap.
	 */
	/* Someone who plays in no game asks, within his own rate. */
	const onlooker = { id: 1999, name: 'Eve' };
	async function upTo(re, after, choice) {
		for (let at = first(re, after); at >= 0; at = first(re, at + 1)) {
			const g = await L.playTo(base, fake, token, 1, rec, at,
			    onlooker);
			const seat = g.position.turn;
			if (!choice || (await L.game(base, token, P[seat], 1)).legal
			    .some((a) => !re.test(a)))
				return [at, g];
		}
		return [-1, null];
	}

	const browser = await puppeteer.launch({ executablePath: chromium,
	    headless: true, args: ['--no-sandbox', '--disable-gpu',
	    '--disable-dev-shm-usage', '--no-first-run'] });
	try {
		const moves = [['gift', /^give /, false],
		    ['devil', /^DEVIL \S+ \S+>\S+$/, false],
		    ['seven', /^7 \S+>\S+ \S+>\S+$/, false],
		    ['fool', /^FOOL$/, false],
		    ['tac', /^TAC \S+ \S+>\S+$/, true],
		    ['trickster', /^TR \d+<>\d+$/, false]];
		let watcher = null, after = 0;
		for (const [name, re, choice] of moves) {
			/*
			 * No page is open while /play plays on: each would ask
			 * twice a move, past a person's rate at the test's pace.
			 */
			if (watcher !== null)
				await watcher.close();
			watcher = null;
			note('play on to a ' + name);
			const [at, g] = await upTo(re, after, choice);
			if (!say(at >= 0, 'the record has a ' + name + (choice ?
			    ' with other cards to play' : '') + ' (' + at + ')'))
				break;
			after = at + 1;
			note('at ' + at + ': ' + P[g.position.turn].name);
			const seat = g.position.turn;
			const other = (seat + 1) % 4;
			watcher = await openPage(browser, P[other], 1);
			const page = await openPage(browser, P[seat], 1);
			await shot(page, name + '-start');
			const label = await page.$eval('#turnline',
			    (e) => e.textContent);
			say(label === 'Your turn.', name + ': the page says it is ' +
			    P[seat].name + "'s turn (\"" + label + '")');
			const action = rec.actions[at];
			if (!await tap(page, action, name))
				break;
			/*
			 * The page reloads the game once tacd answered the move;
			 * the name tells it from an earlier move of the same
			 * words by someone else.
			 */
			const by = P[seat].name + ': ';
			say(await shows(page, by + action, 20000), name + ': ' +
			    P[seat].name + "'s page shows it played");
			const turn = (await L.game(base, token, P[seat], 1)).turn;
			say(turn === at + 1, name + ': "' + action +
			    '" was applied, once (turn ' + turn + ')');
			const seen = name === 'gift' ? 'give' : action;
			say(await shows(watcher, by + seen, 20000), name + ': ' +
			    P[other].name + "'s page shows it without a reload");
			await shot(page, name + '-after');
			await shot(watcher, name + '-watcher');
			await page.close();
		}
		// Names are text: Boris's markup is shown, not made.
		if (watcher === null)
			throw new Error('no page was left open');
		const tags = await watcher.evaluate(() =>
		    document.querySelectorAll('b, img, script:not([src])').length);
		const text = await watcher.evaluate(() =>
		    document.getElementById('board').textContent);
		say(tags === 0 && text.indexOf('Boris <b>&amp;') >= 0,
		    'a name with markup is shown as text');
		const g = await L.game(base, token, P[0], 1);
		console.log('moves ' + g.turn);
	} finally {
		await browser.close();
	}
	say(problems.length === 0, 'no script error, no CSP refusal' +
	    (problems.length ? ': ' + problems.join('; ') : ''));
}

main().then(() => process.exit(L.out.every((x) => x) ? 0 : 1),
    (e) => { console.log('FAIL: ' + e.stack); process.exit(1); });
