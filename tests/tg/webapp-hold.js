// webapp-hold.js: the Mini App's long polls against a tacd whose
// connection cap is small (webapp_max_connections, set by the shell).
// A person holds at most four polls: a fifth answers the oldest at once.
// A held poll is not what the cap closes: idle connections that come in
// past the cap go first, and the poll is answered when its time is up.
//
// usage: node webapp-hold.js BASE FAKE TOKEN RECORD CAP
'use strict';
const net = require('net');
const L = require('./webapp-lib.js');

const [base, fake, token, recfile, cap] = process.argv.slice(2);
const rec = L.record(recfile);
const say = L.say;
const P = L.people;

// A poll of a person's: {status, changed, ms} once answered or cut.
function poll(p) {
	const t0 = Date.now();
	return L.api(base, L.sign(token, p), '/games/1/wait?turn=0').then(
	    (r) => ({ status: r.status, changed: r.json && r.json.changed,
	    ms: Date.now() - t0 }), (e) => ({ status: 0, error: e.message,
	    ms: Date.now() - t0 }));
}

async function main() {
	await L.openGame(fake, rec.seed);

	// Five polls of one person: the first is answered when the fifth comes.
	const five = [];
	for (let i = 0; i < 5; i++) {
		five.push(poll(P[3]));
		await L.sleep(150);
	}
	const first = await five[0];
	say(first.status === 200 && first.changed === false && first.ms < 2500,
	    'a fifth poll of one person answers the first at once (' +
	    first.ms + ' ms)');
	const rest = await Promise.all(five.slice(1));
	say(rest.every((r) => r.status === 200 && r.changed === false &&
	    r.ms > 6000), 'the other four are held their time (' +
	    rest.map((r) => r.ms).join(', ') + ' ms)');

	// A held poll, then idle connections far past the cap.
	const held = poll(P[1]);
	await L.sleep(300);
	const u = new URL(base), idle = [];
	for (let i = 0; i < 3 * Number(cap); i++) {
		const c = net.connect(Number(u.port), u.hostname);
		c.on('error', () => null);
		idle.push(c);
	}
	const r = await held;
	idle.forEach((c) => c.destroy());
	say(r.status === 200 && r.changed === false && r.ms > 6500,
	    'a held poll outlives ' + idle.length + ' idle connections past a ' +
	    'cap of ' + cap + ' (answered at ' + r.ms + ' ms' + (r.error ?
	    ', ' + r.error : '') + ')');
	const after = await L.api(base, L.sign(token, P[0]), '/games/1');
	say(after.status === 200, 'the game still answers after');
}

main().then(() => process.exit(L.out.every((x) => x) ? 0 : 1),
    (e) => { console.log('FAIL: ' + e.stack); process.exit(1); });
