// failover.js: the bot's messages across kills (tests/tg/failover.sh).
// An outbox row is marked sent once Telegram answered it, so a row sent
// by a process killed before it marked it is sent again by the one that
// takes over: a repeat.  A repeat may only come right after a kill: it is
// the first call to its chat after the kill and equal (method, text,
// caption, photo; an edit's message too) to the last call to that chat
// before it.  Prints SENT.json without those repeats (for order.js) to
// OUT, and "repeats R, elsewhere E" on stdout; exits 1 when E > 0 (a
// call equal to the one before it in its chat, not right after a kill).
//
// usage: node failover.js SENT.json BOUNDS OUT
// BOUNDS: the fake's call counter (seq) at each kill, one a line, taken
// while the process to take over was stopped (nothing of it yet).
// A game may give a chat the same message twice in a row by itself (two
// exchanges that leave a person the same card and hand: tacctl sim's
// random policy, seed 29, does): failover.sh plays games that do not.
'use strict';
const fs = require('fs');

const sent = JSON.parse(fs.readFileSync(process.argv[2], 'utf8')).result;
const bounds = fs.readFileSync(process.argv[3], 'utf8').split('\n')
    .filter((l) => l.trim() !== '').map(Number);
const last = new Map();		// chat -> its last call kept
const after = new Map();	// chat -> the last bound passed by its calls
const out = [];
let repeats = 0, elsewhere = 0;

// What makes two calls the same message, as a person sees it.
function key(s) {
	return JSON.stringify([s.method, s.text, s.caption, s.photo,
	    s.method.startsWith('edit') ? s.message_id : null]);
}

for (const s of sent) {
	const chat = String(s.chat);
	/* The kills before this call. */
	const k = bounds.filter((b) => b < s.seq).length;
	const first = (after.get(chat) || 0) < k;
	const prev = last.get(chat);
	after.set(chat, k);
	if (prev !== undefined && key(prev) === key(s)) {
		if (first) {
			repeats++;
			continue;
		}
		elsewhere++;
		console.error(`a repeat not after a kill in ${chat}: call ` +
		    `${s.seq} (the one before: ${prev.seq}; kills at ` +
		    `${bounds.join(' ')}): ${s.method} ` +
		    `${(s.text || s.caption || '').slice(0, 60)}`);
	}
	last.set(chat, s);
	out.push(s);
}
fs.writeFileSync(process.argv[4], JSON.stringify({ ok: true, result: out }));
console.log(`repeats ${repeats}, elsewhere ${elsewhere}`);
process.exit(elsewhere > 0 ? 1 : 0);
