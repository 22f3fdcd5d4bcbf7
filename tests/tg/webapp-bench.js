// webapp-bench.js: not a test.  Numbers of the Mini App against the real
// tacd on loopback, printed one a line:
//   - the page's bytes, as a first visit fetches them (and gzipped);
//   - the time from navigation to a drawn board, in headless Chromium
//     (with CHROMIUM and puppeteer-core: NODE_PATH), cold and warm;
//   - 200 watchers of one game (WATCHERS), each a person of their own on
//     a connection of their own: all asking for the game at once, round
//     after round (requests/s); then all following it live while moves
//     are played, each a long poll and a fetch of the game per move
//     (requests/s, and the time from a move to the last watcher's
//     board).  A move is played every PACE_MS (500) at most: a watcher
//     makes two requests a move, and a person may make 10 a second, which
//     two people whose ids share a rate bucket share.  A watcher refused
//     waits two seconds, as the page does, and so does one whose poll
//     was let go for tacd's cap on held polls (half of
//     webapp_max_connections: 128 by default), as the answer says.
//
// usage: node webapp-bench.js BASE FAKE TOKEN RECORD [CHROMIUM]
'use strict';
const http = require('http');
const zlib = require('zlib');
const L = require('./webapp-lib.js');
const stub = require('./webapp-tgstub.js');

const [base, fake, token, recfile, chromium] = process.argv.slice(2);
const rec = L.record(recfile);
const nwatch = Number(process.env.WATCHERS || 200);
const nmoves = Number(process.env.MOVES || 30);
const pace = Number(process.env.PACE_MS || 500);

// A figure: name value unit.
function fig(name, value, unit) {
	console.log(name + ' ' + value + (unit ? ' ' + unit : ''));
}

// The middle and the 90th percentile of some numbers.
function stats(xs) {
	const s = xs.slice().sort((a, b) => a - b);
	return [s[Math.floor(s.length / 2)], s[Math.floor(s.length * 0.9)]];
}

// How many gifts of an exchange under way are still to come (0 outside
// one).
function giftsDue(g) {
	return L.giver(g) ? g.position.gifts.filter((x) => x === null).length :
	    0;
}

// A GET of the API as one watcher, on its own kept-alive connection.
function get(w, path) {
	return L.request(base + '/api' + path, { headers: { Authorization:
	    'tma ' + w.init }, agent: w.agent });
}

// The page's bytes: every file a first visit fetches, plain and gzipped.
async function bytes() {
	let plain = 0, gz = 0;
	for (const f of L.pageFiles) {
		const r = await L.request(base + f);
		plain += Buffer.byteLength(r.body);
		gz += zlib.gzipSync(Buffer.from(r.body)).length;
	}
	fig('page_bytes', plain, 'B');
	fig('page_bytes_gzip', gz, 'B');
}

// Navigation to a drawn board, n times, with the cache off (cold) or on.
async function board(key, n) {
	const puppeteer = require('puppeteer-core');
	const browser = await puppeteer.launch({ executablePath: chromium,
	    headless: true, args: ['--no-sandbox', '--disable-gpu',
	    '--disable-dev-shm-usage', '--no-first-run'] });
	for (const cold of [true, false]) {
		const ms = [];
		const page = await browser.newPage();
		await page.setViewport({ width: 390, height: 844 });
		await page.setCacheEnabled(!cold);
		/* Its long polls held here: six loads' polls, held by tacd, would
		 * take the browser's six connections to a host. */
		const hold = stub.holder();
		hold.re = /\/wait\?/;
		await stub.intercept(page, base, true, hold);
		/* The moment the board's marbles are first drawn. */
		await page.evaluateOnNewDocument(() => {
			new MutationObserver((m, o) => {
				if (document.querySelector('#board .marbles g')) {
					window.__drawn = performance.now();
					o.disconnect();
				}
			}).observe(document, { childList: true, subtree: true });
		});
		for (let i = 0; i < n; i++) {
			const init = L.sign(token, { id: 7000 + i, name: 'B' + i },
			    { start: key });
			/* Another page first: a new hash alone is no load. */
			await page.goto('about:blank');
			await page.goto(base + '/#tgWebAppData=' +
			    encodeURIComponent(init) + '&tgWebAppVersion=7.10',
			    { waitUntil: 'load' });
			await page.waitForFunction(() => window.__drawn !== undefined,
			    { polling: 'mutation', timeout: 15000 });
			ms.push(await page.evaluate(() => window.__drawn));
		}
		const [mid, p90] = stats(ms);
		fig('board_drawn_' + (cold ? 'cold' : 'warm') + '_ms_median',
		    mid.toFixed(1), 'ms');
		fig('board_drawn_' + (cold ? 'cold' : 'warm') + '_ms_p90',
		    p90.toFixed(1), 'ms');
		await page.close();
	}
	await browser.close();
}

// All watchers ask for the game at once, round after round.
async function burst(ws, key, rounds) {
	const t0 = process.hrtime.bigint();
	let bad = 0;
	for (let r = 0; r < rounds; r++) {
		const got = await Promise.all(ws.map((w) => get(w, '/games/' + key)));
		bad += got.filter((x) => x.status !== 200).length;
	}
	const s = Number(process.hrtime.bigint() - t0) / 1e9;
	fig('watchers', ws.length);
	fig('burst_requests_per_s', Math.round(ws.length * rounds / s), 'req/s');
	fig('burst_round_ms', (s * 1000 / rounds).toFixed(1), 'ms');
	fig('burst_not_200', bad);
}

// When each watcher first had a board at turn want or later (ns), or
// null for one that has not yet.
function reached(ws, want) {
	return ws.map((w) => {
		const h = w.seen.find((x) => x[0] >= want);
		return h ? h[1] : null;
	});
}

// All watchers follow the game live while moves are played.  A watcher
// that gets a board past the move (two moves in one poll) has it too; one
// that has not got it after 10 s is counted and the next move played.
async function follow(ws, key) {
	let requests = 0, stop = false, limited = 0, missed = 0, letgo = 0;
	const loop = async (w) => {
		let turn = (await get(w, '/games/' + key)).json.turn;
		requests++;
		while (!stop) {
			const r = await get(w, '/games/' + key + '/wait?turn=' + turn);
			requests++;
			if (r.status === 429)
				limited++;
			/* As the page does: two seconds after a refusal. */
			if (r.status !== 200) {
				await L.sleep(2000);
				continue;
			}
			/* As the page does: a poll let go for a cap asks
			   again that much later. */
			if (r.json.again > 0) {
				letgo++;
				await L.sleep(1000 * r.json.again);
			}
			if (!r.json.changed)
				continue;
			const g = await get(w, '/games/' + key);
			requests++;
			if (g.status === 429)
				limited++;
			if (g.status !== 200) {
				await L.sleep(2000);
				continue;
			}
			turn = g.json.turn;
			w.seen.push([turn, process.hrtime.bigint()]);
		}
	};
	ws.forEach((w) => { w.seen = []; });
	const loops = ws.map(loop);
	await L.sleep(1000);
	const lat = [];
	const t0 = process.hrtime.bigint();
	const r0 = requests;
	let g = await L.game(base, token, L.people[0], 1), next = Date.now();
	for (let m = 0; m < nmoves && g.turn < rec.actions.length; m++) {
		await L.sleep(Math.max(0, next - Date.now()));
		next = Date.now() + pace;
		/* An exchange's turn number moves with its last gift only:
		   the gifts before it go first, outside the figure. */
		while (giftsDue(g) > 1) {
			await L.feed(fake, [L.nextPlay(g, rec)]);
			g = await L.game(base, token, L.people[0], 1);
		}
		const want = g.turn + 1, t = process.hrtime.bigint();
		await L.feed(fake, [L.nextPlay(g, rec)]);
		const end = Date.now() + 10000;
		let at;
		while ((at = reached(ws, want)).includes(null) && Date.now() < end)
			await L.sleep(2);
		missed += at.filter((x) => x === null).length;
		const last = at.reduce((x, y) => y !== null && (x === null || y > x) ?
		    y : x, null);
		if (last !== null)
			lat.push(Number(last - t) / 1e6);
		g = await L.game(base, token, L.people[0], 1);
	}
	const s = Number(process.hrtime.bigint() - t0) / 1e9;
	stop = true;
	/* No move seen by any watcher is a broken bench, not a figure. */
	if (lat.length === 0)
		throw new Error('no move reached a watcher');
	const [mid, p90] = stats(lat);
	fig('live_moves', lat.length);
	fig('live_requests_per_s', Math.round((requests - r0) / s), 'req/s');
	fig('live_move_to_last_board_ms_median', mid.toFixed(1), 'ms');
	fig('live_move_to_last_board_ms_p90', p90.toFixed(1), 'ms');
	fig('live_limited_429', limited);
	fig('live_missed_boards', missed);
	fig('live_polls_let_go', letgo);
	/* The loops end with their held polls (at most 8 s). */
	await Promise.race([Promise.all(loops), L.sleep(9000)]);
}

async function main() {
	await L.openGame(fake, rec.seed);
	const key = await L.keyOf(fake, -1001);
	await bytes();
	if (chromium)
		await board(key, 15);
	const ws = [];
	for (let i = 0; i < nwatch; i++)
		ws.push({ init: L.sign(token, { id: 10000 + i, name: 'W' + i }),
		    agent: new http.Agent({ keepAlive: true, maxSockets: 1 }) });
	await burst(ws, key, 20);
	/* The watchers' rate buckets fill again. */
	await L.sleep(4000);
	await follow(ws, key);
	ws.forEach((w) => w.agent.destroy());
}

main().then(() => process.exit(0), (e) => { console.log('error ' + e.stack);
    process.exit(1); });
