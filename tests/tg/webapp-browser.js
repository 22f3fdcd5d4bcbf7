// webapp-browser.js: the Mini App in a real browser (Debian's chromium,
// headless, driven by puppeteer-core) against the real tacd.  The group
// plays the recorded game by /play; six of its turns are played by
// taps on the page instead, each by the person whose turn it is, opened
// as Telegram opens it: the exchange's first gift, a Devil (a card of the
// next player's hand), the first 7 split in two (with the steps left
// shown, half of it drawn where its marbles go, and a step taken back),
// a Fool, the first TAC its player chose among other cards, and the
// Trickster after it.  Some pages have Telegram's script (a stub that
// records every call: ready, expand, the Main and Back Buttons, haptics,
// the closing confirmation, theme and viewport changes) and some do not,
// at phone and desktop sizes, in dark and light themes.  Another
// person's page, left open, must show each move without being reloaded.
// webapp-watch.js goes on: the board from each seat, a watcher with the
// group's link, the replay, refusals, languages and axe-core.
// Screenshots go to SHOTS.
//
// usage: node webapp-browser.js BASE FAKE TOKEN RECORD SHOTS CHROMIUM AXE
'use strict';
const puppeteer = require('puppeteer-core');
const L = require('./webapp-lib.js');
const W = require('./webapp-page.js');
const watch = require('./webapp-watch.js');

const [base, fake, token, recfile, shots, chromium, axejs] =
    process.argv.slice(2);
const rec = L.record(recfile);
const P = L.people;
const say = W.say;
Object.assign(W.ctx, { base: base, token: token, shots: shots });

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

// Take a step back, with Telegram's Back Button or the page's own.
async function back(page) {
	if (page.tg)
		await page.evaluate(() => window.__tg.press('BackButton'));
	else
		await page.click('#back');
}

// A 7's first segment taken: its marble drawn at its target, then back.
async function half(page, name, from, to) {
	const at = await page.evaluate(() => Array.from(document
	    .querySelectorAll('#board .marbles [data-at]')).map((e) =>
	    e.getAttribute('data-at')));
	say(at.indexOf(to) >= 0 && at.indexOf(from) < 0, name + ': half a 7 ' +
	    'drawn where it goes (' + from + ' now at ' + to + ')');
	await W.shot(page, name + '-half');
	say(await page.$eval('#send', (e) => e.disabled), name +
	    ': half a 7 cannot be sent');
	if (page.tg) {
		say(await W.calls(page, 'BackButton.show') > 0 &&
		    await page.evaluate(() => window.Telegram.WebApp.BackButton
		    .isVisible) && await page.evaluate(() => !window.Telegram
		    .WebApp.MainButton.isVisible), name + ': the Back Button is ' +
		    'there, the Main Button not yet');
		say(await page.evaluate(() => window.Telegram.WebApp
		    .isClosingConfirmationEnabled), name + ': closing asks first ' +
		    'while the move is half built');
	}
	await back(page);
	const p2 = await W.text(page, '#prompt');
	say(p2.indexOf('Steps left: 7') >= 0, name + ': back gives the steps ' +
	    'back ("' + p2 + '")');
}

// Play action by taps: its card (or word), then marble and target for
// each segment; a 7's first segment is taken back and made again.
async function tap(page, action, name, words) {
	const toks = action.split(' ');
	let segs = 0, used = 0, n = 0;

	for (const t of toks) {
		const m = /^(B|\d+|\d+H\d)(>|<>)(B|\d+|\d+H\d)$/.exec(t);
		if (!m) {
			if (await W.clickIf(page, '[data-card="' + t + '"].can') ||
			    await W.clickIf(page, '[data-word="' + t + '"]'))
				n++;
			continue;
		}
		const from = m[1] === 'B' ? 'B' + startSeat(m[3]) : m[1];
		if (!say(await W.clickIf(page, '[data-place="' + from + '"]') === 1,
		    name + ': marble ' + from + ' can be chosen'))
			return false;
		n++;
		if (!say(await W.clickIf(page, '[data-target="' + m[3] + '"]') ===
		    1, name + ': ' + m[3] + ' lights up as its target'))
			return false;
		n++;
		segs++;
		if (toks[0] === '7') {
			used += steps(m[1], m[3]);
			const prompt = await W.text(page, '#prompt');
			say(prompt.indexOf('Steps left: ' + (7 - used)) >= 0,
			    name + ': "' + prompt + '"');
			if (segs === 1) {
				await half(page, name, from, m[3]);
				await W.clickIf(page, '[data-place="' + from + '"]');
				await W.clickIf(page, '[data-target="' + m[3] + '"]');
			}
		}
	}
	/* Chosen by a tap, or the only one there is and so taken. */
	const card = toks[0] === 'give' ? toks[1] : toks[0];
	say(await page.$('[data-card="' + card + '"].chosen') !== null,
	    name + ': ' + card + ' is shown chosen in the hand (' + n +
	    ' taps)');
	const move = await W.text(page, '#move');
	say(move === words && !/\d>|<>/.test(move), name + ': the page says the ' +
	    'move it will send in words ("' + move + '")');
	if (page.tg) {
		say(await W.calls(page, 'HapticFeedback.selectionChanged') >= n,
		    name + ': a haptic tick on each choice');
		say(await page.evaluate(() => {
			const b = window.Telegram.WebApp.MainButton;
			return b.isVisible && b.isActive && b.text === 'Send';
		}) && await page.$eval('#send', (e) => e.hidden), name +
		    ': the Main Button says "Send", the page\'s own is gone');
	} else {
		say(!(await page.$eval('#send', (e) => e.disabled || e.hidden)),
		    name + ': the move is complete and may be sent');
	}
	await W.shot(page, name + '-ready');
	/* The same, at every size and in every theme Telegram may give. */
	if (page.tg) {
		for (const size of ['phone', 'desktop']) {
			for (const theme of ['light', 'dark']) {
				await W.look(page, size, theme);
				await W.shot(page, name + '-ready-' + size + '-' + theme);
			}
		}
		const bg = await page.evaluate(() => getComputedStyle(document
		    .documentElement).getPropertyValue('--bg').trim());
		say(bg === W.themes.dark.bg_color, name + ': a theme change is ' +
		    'taken at once (' + bg + ')');
		await page.evaluate(() => window.__tg.press('MainButton'));
	} else
		await page.click('#send');
	return true;
}

// The turns played by taps: their names, actions, and how the page is.
const moves = [
	['gift', /^give /, false, { tg: true, size: 'phone', theme: 'dark' }],
	['devil', /^DEVIL \S+ \S+>\S+$/, false, { tg: false, size: 'desktop',
	    theme: 'light' }],
	['seven', /^7 \S+>\S+ \S+>\S+$/, false, { tg: true, size: 'phone',
	    theme: 'light' }],
	['fool', /^FOOL$/, false, { tg: false, size: 'phone', theme: 'dark' }],
	['tac', /^TAC \S+ \S+>\S+$/, true, { tg: true, size: 'desktop',
	    theme: 'dark' }],
	['trickster', /^TR \d+<>\d+$/, false, { tg: true, size: 'phone',
	    theme: 'dark' }]
];

// Someone who plays in no game asks, within his own rate.
const onlooker = { id: 1999, name: 'Eve' };

/*
 * Play on to the move of a kind: the first from action after on that
 * the re matches, and for TAC one where its player has other cards to
 * play too, so that the TAC is a choice that takes a tap.
 */
async function upTo(re, after, choice) {
	const first = (from) => rec.actions.findIndex((a, i) => i >= from &&
	    re.test(a));
	for (let at = first(after); at >= 0; at = first(at + 1)) {
		const g = await L.playTo(base, fake, token, 1, rec, at, P[0]);
		const seat = g.position.turn;
		if (!choice || (await L.game(base, token, P[seat], 1)).legal
		    .some((a) => !re.test(a)))
			return [at, g];
	}
	return [-1, null];
}

// One turn by taps, its player's page and another's watching it.
async function turn(browser, name, re, choice, how, after) {
	W.note('play on to a ' + name);
	const [at, g] = await upTo(re, after, choice);
	if (!say(at >= 0, 'the record has a ' + name + (choice ?
	    ' with other cards to play' : '') + ' (' + at + ')'))
		return -1;
	const seat = g.position.turn, other = (seat + 1) % 4;
	const watcher = await W.open(browser, P[other], { start: 'g1' });
	const page = await W.open(browser, P[seat], Object.assign({ start: 'g1' },
	    how));
	await W.shot(page, name + '-start');
	if (page.tg)
		say((await W.calls(page)).slice(0, 2).join() === 'ready,expand' &&
		    await W.calls(page, 'onEvent') === 2, name + ': the page ' +
		    'told Telegram it is ready, took the height, follows theme ' +
		    'and viewport');
	const label = await W.text(page, '#turnline');
	say(label === 'Your turn.', name + ': the page says it is ' +
	    P[seat].name + "'s turn (\"" + label + '")');
	const low = await W.lowest(page);
	say(low && low.seat === seat, name + ': ' + P[seat].name + "'s seat is " +
	    'at the bottom (' + (low && low.text) + ')');
	const action = rec.actions[at];
	const words = (await L.game(base, token, P[seat], 1)).moves[action];
	if (!await tap(page, action, name, words))
		return -1;
	/*
	 * The page reloads the game once tacd answered the move; the name
	 * tells it from an earlier move of the same words by someone else.
	 */
	const by = P[seat].name + ': ';
	let done = at + 1;
	if (/^give /.test(action)) {
		/*
		 * Everyone gives at once: a gift lies face down, unlogged and
		 * the turn unmoved, until the last is in; the page says so.
		 */
		const wait = (await L.api(base, L.sign(token, P[seat]),
		    '/strings')).json.text.gave_wait;
		say(await page.waitForFunction((t) => document.getElementById(
		    'turnline').textContent === t, { timeout: W.HANG_GUARD_MS,	// hang guard
		    polling: 'mutation' }, wait).then(() => true, () => false), name +
		    ': ' + P[seat].name + '\'s page says it is given, waiting ' +
		    'for the others ("' + wait + '")');
		const held = await L.game(base, token, P[seat], 1);
		const seen = await L.game(base, token, P[other], 1);
		say(held.turn === at && held.position.gifts[seat] ===
		    action.slice(5) && held.legal.length === 0 &&
		    seen.position.gifts[seat] === '?', name + ': "' + action +
		    '" lies face down, seen by its giver only (turn ' + held.turn +
		    ')');
		await W.shot(page, name + '-given');
		await L.playTo(base, fake, token, 1, rec, at + 4);
		done = at + 4;
	} else
		say(await W.shows(page, by), name + ': ' + P[seat].name +
		    "'s page shows it played");
	const now = await L.game(base, token, P[seat], 1);
	say(now.turn === done, name + ': "' + action + '" was applied, once ' +
	    '(turn ' + now.turn + ')');
	const line = (await L.game(base, token, P[other], 1)).last.line;
	say(await W.shows(watcher, line), name + ': ' + P[other].name +
	    "'s page shows it without a reload (\"" + line + '")');
	if (page.tg) {
		say(await page.evaluate(() => !window.Telegram.WebApp.MainButton
		    .isVisible && !window.Telegram.WebApp
		    .isClosingConfirmationEnabled) &&
		    await page.evaluate(() => window.__tg.calls.some((c) => c.name ===
		    'HapticFeedback.notificationOccurred' && c.args[0] ===
		    'success')), name + ': sent: the Main Button gone, closing free, ' +
		    'a haptic "success"');
	}
	await W.shot(page, name + '-after');
	await W.shot(watcher, name + '-watcher');
	await page.close();
	await watcher.close();
	return done;
}

async function main() {
	await L.openGame(fake, rec.seed);
	const browser = await puppeteer.launch({ executablePath: chromium,
	    headless: true, args: ['--no-sandbox', '--disable-gpu',
	    '--disable-dev-shm-usage', '--no-first-run'] });
	try {
		let after = 0;
		for (const [name, re, choice, how] of moves) {
			if ((after = await turn(browser, name, re, choice, how,
			    after)) < 0)
				break;
		}
		await watch.run(browser, { base: base, fake: fake, token: token,
		    rec: rec, axe: axejs });
		const g = await L.game(base, token, P[0], 1);
		console.log('moves ' + g.turn);
	} finally {
		await browser.close();
	}
	say(W.ctx.problems.length === 0, 'no script error, no CSP refusal' +
	    (W.ctx.problems.length ? ': ' + W.ctx.problems.join('; ') : ''));
}

main().then(() => process.exit(L.out.every((x) => x) ? 0 : 1),
    (e) => { console.log('FAIL: ' + e.stack); process.exit(1); });
