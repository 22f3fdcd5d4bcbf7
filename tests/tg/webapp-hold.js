// webapp-hold.js: the Mini App's long polls against a tacd whose
// connection cap is small (webapp_max_connections, set by the shell).
// A person holds at most four polls: a fifth answers the oldest at once,
// and tells it when to ask again ("again"), which a poll answered when
// its time is up does not.
// A held poll is not what the cap closes: idle connections that come in
// past the cap go first, and the poll is answered when its time is up.
// Accounts whose four polls each fill the connection cap, each polling
// again whenever one is answered (as the page does), do not lock anyone
// out: another person's requests, each on a new connection, are answered.
//
// "At once" is an order: the oldest is answered while another person's
// poll, held before it, is still held (a hold is 8 s).  Each poll is
// seen held (tacd's debug line) before the next is sent.  "Its
// time" is a lower bound: a held poll answers unchanged, after at least
// 6 s.  A slow machine cannot make either fail.
//
// usage: node webapp-hold.js BASE FAKE TOKEN RECORD CAP
'use strict';
const http = require('http');
const net = require('net');
const L = require('./webapp-lib.js');
const { HANG_GUARD_MS, until } = require('./guard');

const [base, fake, token, recfile, cap] = process.argv.slice(2);
const rec = L.record(recfile);
const say = L.say;
const P = L.people;

// A poll of a person's: L.wait(), and how long it was held (ms).
function poll(p) {
	const t0 = Date.now();	// lower bound
	const w = L.wait(base, token, p, 1, 0);
	w.timed = w.answer.then((a) => Object.assign({ ms: Date.now() - t0 },	// lower bound
	    a));
	return w;
}

async function main() {
	await L.openGame(fake, rec.seed);

	// Another person's poll first: the yardstick of "at once".
	let n = L.held();
	const other = poll(P[0]);
	say(await L.untilHeld(++n), 'another person\'s poll is held');
	// Five polls of one person, each held before the next is sent: the
	// first is answered when the fifth comes.
	const five = [];
	for (let i = 0; i < 5; i++) {
		five.push(poll(P[3]));
		if (!await L.untilHeld(++n))
			break;
	}
	say(five.length === 5 && L.held() >= n, 'five polls of one person, ' +
	    'each held in turn');
	const first = await five[0].timed;
	const otherHeld = !other.done;
	const rest = five.slice(1);
	say(first.status === 200 && first.changed === false && otherHeld &&
	    rest.every((w) => !w.done), 'a fifth poll of one person answers ' +
	    'the first at once: while a poll from before it is still held, ' +
	    'and the other four are');
	say(first.again > 0, 'the poll let go says when to ask again (' +
	    first.again + ' s)');
	const times = await Promise.all(rest.map((w) => w.timed));
	say(times.every((r) => r.status === 200 && r.changed === false &&
	    r.ms > 6000), 'the other four are held their time (' +	// lower bound
	    times.map((r) => r.ms).join(', ') + ' ms)');
	say(times.every((r) => r.again === undefined), 'a poll whose time ' +
	    'is up does not say to wait');
	await other.answer;

	// A held poll, then idle connections far past the cap.
	n = L.held();
	const held = poll(P[1]);
	say(await L.untilHeld(n + 1), 'a poll is held before the idle ' +
	    'connections come');
	const u = new URL(base), idle = [];
	for (let i = 0; i < 3 * Number(cap); i++) {
		const c = net.connect(Number(u.port), u.hostname);
		c.on('error', () => null);
		idle.push(c);
	}
	const r = await held.timed;
	idle.forEach((c) => c.destroy());
	say(r.status === 200 && r.changed === false && r.ms > 6500,	// lower bound
	    'a held poll outlives ' + idle.length + ' idle connections past a ' +
	    'cap of ' + cap + ' (answered at ' + r.ms + ' ms' + (r.error ?
	    ', ' + r.error : '') + ')');
	const after = await L.api(base, L.sign(token, P[0]), '/games/1');
	say(after.status === 200, 'the game still answers after');
	await flood();
}

// A person's request on a connection of its own, or {status: -1} when no
// answer came before the hang guard: locked out, not slow.
function fresh(path) {
	const agent = new http.Agent({ keepAlive: false });
	return Promise.race([L.request(base + '/api' + path, { headers: {
	    Authorization: 'tma ' + L.sign(token, P[0]) }, agent: agent })
	    .catch((e) => ({ status: 0, error: e.message })),
	    L.sleep(HANG_GUARD_MS).then(() => ({ status: -1 }))]);	// hang guard
}

// Held polls of many accounts, and another person's requests meanwhile.
async function flood() {
	const key = await L.keyOf(fake, L.GROUP);
	const accounts = Number(cap) / 4, pages = [];
	let stop = false, answered = 0, refused = 0, again = 0;

	say(key !== null, 'the group has the game\'s key');
	// A page: poll, and poll again once answered (when a poll let go
	// says to, that much later); after a refusal (429, a connection cut)
	// a little later, as a page would.
	const page = async (p) => {
		while (!stop) {
			const r = await L.api(base, L.sign(token, p), '/games/' +
			    key + '/wait?turn=0').catch(() => null);
			if (r !== null && r.status === 200) {
				answered++;
				if (r.json && r.json.again > 0) {
					again++;
					await L.sleep(1000 * r.json.again);
				}
			} else {
				refused++;
				await L.sleep(200);
			}
		}
	};
	for (let a = 0; a < accounts; a++)
		for (let j = 0; j < 4; j++)
			pages.push(page({ id: 5000 + a, name: 'Page' + a }));
	// The cap is full once every page has polled: half the cap's polls
	// held, the others answered past the holds' limit (or, were the cap
	// to lock people out, cut). That state, not a pause.
	const full = await until(() => answered + refused >= Number(cap) / 2);
	say(full !== null, 'the pages fill the cap (' + answered +
	    ' answered past the holds\' limit, ' + refused + ' refused)');
	const results = [];
	for (let i = 0; i < 20; i++) {
		const r = await fresh(i % 2 ? '/games/1' : '/games');
		results.push(r);
		if (r.status === -1)
			break;	// one locked out is enough: no hang guard twenty times
	}
	stop = true;
	await Promise.all(pages);
	say(results.every((r) => r.status === 200), accounts + ' accounts ' +
	    'polling ' + 4 * accounts + ' times at once past a cap of ' + cap +
	    ': another person\'s 20 new connections all answered (' +
	    results.map((r) => r.status + (r.error ? ' ' + r.error : ''))
	    .join(', ') + ')');
	say(answered > 0, 'the held polls were answered too (' + answered +
	    ' answered, ' + refused + ' refused or cut)');
	say(again > 0, 'the polls let go past the holds\' limit said when ' +
	    'to ask again (' + again + ' of ' + answered + ')');
}

main().then(() => process.exit(L.out.every((x) => x) ? 0 : 1),
    (e) => { console.log('FAIL: ' + e.stack); process.exit(1); });
