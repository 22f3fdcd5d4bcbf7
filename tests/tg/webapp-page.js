// webapp-page.js: what the Mini App's browser test (webapp-browser.js)
// does to a page: open it for a person as Telegram opens it (init data
// signed for them in the URL's fragment, a theme, Telegram's script
// stubbed or refused), give it a size and a theme, take its picture, tap
// a move on it, read it, and check it with axe-core.
'use strict';
const fs = require('fs');
const L = require('./webapp-lib.js');
const stub = require('./webapp-tgstub.js');
const { HANG_GUARD_MS } = require('./guard');

// The sizes the page is looked at: a phone, a desktop.
const sizes = {
	phone: { width: 390, height: 844, deviceScaleFactor: 2 },
	desktop: { width: 1280, height: 800, deviceScaleFactor: 1 }
};

// Telegram's themes, as its clients pass them: a dark one, a light one.
const themes = {
	dark: { bg_color: '#17212b', text_color: '#f5f5f5',
	    hint_color: '#708499', link_color: '#6ab3f3', button_color: '#5288c1',
	    button_text_color: '#ffffff', secondary_bg_color: '#232e3c',
	    scheme: 'dark' },
	light: { bg_color: '#ffffff', text_color: '#000000',
	    hint_color: '#999999', link_color: '#2481cc', button_color: '#2481cc',
	    button_text_color: '#ffffff', secondary_bg_color: '#efeff3',
	    scheme: 'light' }
};

// Set up by the test: base URL, token, shots directory, problems found.
const ctx = { base: '', token: '', shots: '', problems: [], t0: Date.now() };	// not asserted: the timeline

// A line for browser.err, timed: what happened when, if it fails.
function note(what) {
	console.error(((Date.now() - ctx.t0) / 1000).toFixed(2) + ' ' + what);	// not asserted
}

// A check, as webapp-lib.js counts it, and in browser.err's timeline.
function say(ok, what) {
	note((ok ? 'ok: ' : 'FAIL: ') + what);
	return L.say(ok, what);
}

/*
 * A page opened for a person: o.start the start_param, o.query the
 * URL's query, o.tg (Telegram's script there or not), o.size, o.theme,
 * o.lang, o.authDate; o.wait a selector to wait for (default the board);
 * o.stall: its long polls held back until page.hold.release().
 */
async function open(browser, person, o) {
	const page = await browser.newPage();
	/* puppeteer's own waits (30 s) under the hang guard too. */
	page.setDefaultTimeout(HANG_GUARD_MS);	// hang guard
	page.setDefaultNavigationTimeout(HANG_GUARD_MS);	// hang guard
	const hold = stub.holder();
	page.hold = hold;
	/* Long polls held back from the start: the page hears of nothing. */
	if (o.stall)
		hold.re = /\/wait\?/;
	page.person = person;
	page.tg = o.tg !== false;
	page.look = { size: o.size || 'phone', theme: o.theme || 'dark' };
	await page.setViewport(sizes[page.look.size]);
	await stub.intercept(page, ctx.base, page.tg, hold);
	page.on('console', (m) => {
		note(person.name + ' console: ' + m.text());
		if (/Content Security Policy|Refused to/.test(m.text()) &&
		    !/telegram-web-app/.test(m.text()))
			ctx.problems.push(person.name + ': ' + m.text());
	});
	page.on('pageerror', (e) => ctx.problems.push(person.name + ': ' +
	    e.message));
	page.on('response', (r) => note(person.name + ' ' + r.status() + ' ' +
	    r.url().replace(ctx.base, '')));
	page.on('requestfailed', (r) => {
		if (!/\/wait\?|telegram-web-app/.test(r.url()))
			ctx.problems.push(person.name + ': ' + r.url() + ' failed');
	});
	const init = L.sign(ctx.token, person, { start: o.start, lang: o.lang,
	    authDate: o.authDate });
	const theme = Object.assign({}, themes[page.look.theme]);
	delete theme.scheme;
	await page.goto(ctx.base + '/' + (o.query || '') + '#tgWebAppData=' +
	    encodeURIComponent(init) + '&tgWebAppVersion=7.10' +
	    '&tgWebAppPlatform=android&tgWebAppThemeParams=' +
	    encodeURIComponent(JSON.stringify(theme)), { waitUntil: 'load' });
	await page.bringToFront();
	await seen(page, o.wait || '#board circle');
	return page;
}

/*
 * Wait until a selector finds something, polled on the page's changes: a
 * tab behind the front one gets no animation frames, which puppeteer
 * would wait for.
 */
async function seen(page, sel) {
	await page.waitForFunction((s) => document.querySelector(s) !== null,
	    { polling: 'mutation', timeout: HANG_GUARD_MS }, sel);	// hang guard
}

// Give a page a size and (through Telegram's themeChanged) a theme.
async function look(page, size, theme) {
	await page.setViewport(sizes[size]);
	if (page.tg) {
		await page.evaluate((t, h) => {
			window.__tg.theme(t);
			window.__tg.viewport(h);
		}, themes[theme], sizes[size].height);
	}
	page.look = { size: size, theme: page.tg ? theme : page.look.theme };
	await page.evaluate(() => new Promise((ok) => requestAnimationFrame(ok)));
}

// Save what the page shows, named after it and how it looks.
async function shot(page, name) {
	note('shot ' + name);
	/* Headless Chromium draws only the tab in front. */
	await page.bringToFront();
	await page.screenshot({ path: ctx.shots + '/' + name + '.png' });
}

// Click what a selector finds, if it is there and enabled: 1, else 0.
async function clickIf(page, sel) {
	const e = await page.$(sel);
	if (e === null || await e.evaluate((x) => x.disabled === true))
		return 0;
	await e.click();
	return 1;
}

// Tap a move's words and segments on a page, sending nothing: the taps.
async function build(page, action) {
	let n = 0;
	for (const t of action.split(' ')) {
		const m = /^(B|\d+|\d+H\d)(>|<>)(B|\d+|\d+H\d)$/.exec(t);
		if (!m) {
			n += await clickIf(page, '[data-card="' + t + '"].can') ||
			    await clickIf(page, '[data-word="' + t + '"]');
			continue;
		}
		/* A base is the one of the start field entered (4 seats). */
		const from = m[1] === 'B' ? 'B' + Number(m[3]) / 16 : m[1];
		n += await clickIf(page, '[data-place="' + from + '"]');
		n += await clickIf(page, '[data-target="' + m[3] + '"]');
	}
	return n;
}

// The page's Telegram calls so far (of one name: their number).
async function calls(page, name) {
	return page.evaluate((n) => n ? window.__tg.count(n) :
	    window.__tg.calls.map((c) => c.name), name);
}

// An element's text.
async function text(page, sel) {
	return page.$eval(sel, (e) => e.textContent);
}

// The seat of the label drawn lowest on the board, and the viewer's label.
async function lowest(page) {
	return page.evaluate(() => {
		let best = null;
		document.querySelectorAll('#board g.label').forEach((g) => {
			const y = Number(g.querySelector('rect').getAttribute('y'));
			if (best === null || y > best.y)
				best = { y: y, seat: Number(g.getAttribute('data-seat')),
				    text: g.textContent };
		});
		return best;
	});
}

// Wait until the page's last line shows text: true, or false at the
// hang guard.
async function shows(page, what) {
	try {
		/*
		 * Polled on changes: a tab behind the front one gets no
		 * animation frames, which is puppeteer's default.
		 */
		await page.waitForFunction((t) => document.getElementById(
		    'lastline').textContent.indexOf(t) >= 0, { timeout:
		    HANG_GUARD_MS, polling: 'mutation' }, what);	// hang guard
		return true;
	} catch (e) {
		return false;
	}
}

// axe-core on the page: its serious and critical violations, as text.
async function axe(page, file, what) {
	if (!page.axeLoaded) {
		await page.evaluate(fs.readFileSync(file, 'utf8'));
		page.axeLoaded = true;
	}
	const r = await page.evaluate(() => window.axe.run(document,
	    { resultTypes: ['violations'] }));
	const bad = r.violations.filter((v) => v.impact === 'serious' ||
	    v.impact === 'critical');
	say(bad.length === 0, 'axe-core: ' + what + ': no serious or critical ' +
	    'violation (' + r.violations.length + ' of any kind' +
	    (bad.length ? ': ' + bad.map((v) => v.id + ' ' + v.nodes.map((n) =>
	    n.target.join(' ')).slice(0, 3).join(', ')).join('; ') : '') + ')');
}

module.exports = { HANG_GUARD_MS, sizes, themes, ctx, note, say, open, look,
    shot, clickIf,
    build, calls, text, lowest, shows, axe, seen };
