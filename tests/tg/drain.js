// drain.js: what tacd did with a backlog, for tests/tg/answers.sh, in
// the order the fake Bot API saw it.  Built-in modules only.
//
// usage: node drain.js CTL_URL LAST NOTIFY_LOG CHAT:ID...
// Waits until the confirmed offset reaches LAST and every CHAT had a
// reply, the hang guard counted from the offset's last move.  Then one JSON line: {drained (LAST was
// confirmed), chats: {CHAT: {command: ID, reply: the seq of the first
// message to CHAT, past: the seq of the first getUpdates that asked for
// updates more than 1,000 past ID (ten answers later), early: reply came
// before it}}, answers: getUpdates calls until LAST was confirmed,
// pings: WATCHDOG=1 lines meanwhile, quiet: stretches of STRETCH answers in a
// row without a ping between their first and their last}.
//
// The pings are lines of NOTIFY_LOG stamped by the reader of tacd's
// notify socket ("SECONDS LINE"), the answers stamped by the fake: the
// stamps only order the two, never measure a duration.
'use strict';
const http = require('http');
const fs = require('fs');
const { untilMoving } = require('./guard');

const base = process.argv[2];
const last = Number(process.argv[3]);
const notify = process.argv[4];
const watched = process.argv.slice(5).map(a => a.split(':'));
// A stretch is a third of the drain's 600 answers: a loop that took the
// backlog in one go leaves every stretch unpetted, while the reader of
// the notify socket, whose stamps order the pings, may fall a few
// seconds behind on a loaded machine (seen: a stretch of 100 answers).
const STRETCH = 200;

// GET a control path; its result.
function get(path) {
	return new Promise((resolve, reject) => {
		http.get(base + path, (res) => {
			let t = '';
			res.on('data', d => t += d);
			res.on('end', () => {
				try {
					resolve(JSON.parse(t).result);
				} catch (e) {
					reject(e);
				}
			});
		}).on('error', reject);
	});
}

// The first message to each chat.
function firsts(sent) {
	const f = {};
	for (const m of sent)
		if (m.method === 'sendMessage' && f[m.chat] === undefined)
			f[m.chat] = m;
	return f;
}

async function main() {
	const out = { drained: false, chats: {}, answers: 0, pings: 0,
	    quiet: 0 };
	out.drained = !!await untilMoving(async () => {
		const f = firsts(await get('/ctl/sent'));
		return (await get('/ctl/state')).confirmed >= last &&
		    watched.every(([chat]) => f[chat] !== undefined);
	}, async () => (await get('/ctl/state')).confirmed +
	    (await get('/ctl/sent')).length, 200);
	const f = firsts(await get('/ctl/sent'));
	const polls = await get('/ctl/polls');
	for (const [chat, id] of watched) {
		const past = polls.find((p) => p.offset > Number(id) + 1000);
		const c = { command: Number(id), reply: f[chat] ?
		    f[chat].seq : null, past: past ? past.seq : null };
		c.early = c.reply !== null && (c.past === null ||
		    c.reply < c.past);
		out.chats[chat] = c;
	}
	// The answers of the drain: up to the one that confirmed LAST.
	let n = polls.findIndex((p) => p.offset > last);
	if (n < 0)
		n = polls.length;
	const drain = polls.slice(0, n);
	out.answers = drain.length;
	const pings = fs.readFileSync(notify, 'utf8').split('\n')
	    .filter((l) => / WATCHDOG=1$/.test(l))
	    .map((l) => Number(l.split(' ')[0]) * 1000);	// not asserted: orders
	out.pings = pings.filter((t) => drain.length > 0 &&
	    t >= drain[0].at && t <= drain[drain.length - 1].at).length;
	for (let i = 0; i + STRETCH < drain.length; i++)
		if (!pings.some((t) => t >= drain[i].at &&
		    t <= drain[i + STRETCH].at))
			out.quiet++;
	console.log(JSON.stringify(out));
}

main().catch((e) => {
	console.error(e.message);
	process.exit(1);
});
