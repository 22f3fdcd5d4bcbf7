// drain.js: watch the fake Bot API while tacd works through a backlog,
// for tests/tg/answers.sh.  Built-in modules only.
//
// usage: node drain.js CTL_URL LAST SECONDS CHAT:ID...
// Every 200 ms it reads /ctl/state and /ctl/sent, until the confirmed
// offset reaches LAST and every CHAT had a reply, or SECONDS pass; then,
// two seconds later, counts the replies once more.  One JSON line: {drained
// (ms from the start until LAST was confirmed, or null), chats: {CHAT:
// {confirmed (ms until update ID was confirmed), replied (ms until the
// first message to CHAT), replies}}}.
'use strict';
const http = require('http');

const base = process.argv[2];
const last = Number(process.argv[3]);
const seconds = Number(process.argv[4]);
const watched = process.argv.slice(5).map(a => a.split(':'));
const t0 = Date.now();
const out = { drained: null, chats: {} };

for (const [chat] of watched)
	out.chats[chat] = { confirmed: null, replied: null, replies: 0 };

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

// How many messages went to each watched chat.
function count(sent) {
	const n = {};
	for (const m of sent)
		if (m.method === 'sendMessage')
			n[m.chat] = (n[m.chat] || 0) + 1;
	return n;
}

// One look at the fake; true when there is nothing left to wait for.
async function look() {
	const now = Date.now() - t0;
	const state = await get('/ctl/state');
	const n = count(await get('/ctl/sent'));
	let all = true;

	for (const [chat, id] of watched) {
		const c = out.chats[chat];
		if (c.confirmed === null && state.confirmed >= Number(id))
			c.confirmed = now;
		if (c.replied === null && n[chat] > 0)
			c.replied = now;
		if (c.replied === null)
			all = false;
	}
	if (out.drained === null && state.confirmed >= last)
		out.drained = now;
	return out.drained !== null && all;
}

// Look until done or out of time, then count the replies for good.
async function main() {
	while (Date.now() - t0 < seconds * 1000 && !(await look()))
		await new Promise(r => setTimeout(r, 200));
	await new Promise(r => setTimeout(r, 2000));
	const n = count(await get('/ctl/sent'));
	for (const [chat] of watched)
		out.chats[chat].replies = n[chat] || 0;
	console.log(JSON.stringify(out));
}

main().catch((e) => {
	console.error(e.message);
	process.exit(1);
});
