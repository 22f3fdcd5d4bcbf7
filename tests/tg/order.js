// order.js: did a group get its game's move lines in the order of the
// game's log?  The bot's messages to the group (from the fake API's
// /ctl/sent, edits left out) are split into lines; each "Name: ACTION"
// or "Name gave a card." line is one action, read back into notation and
// compared with the record's actions (gifts as a bare "give": they are
// secret).  The messages are HTML: the lines are unescaped first.  Prints "order CHAT: N actions in order" or the first
// difference, and exits 1 on one.
//
// usage: node order.js SENT.json RECORD.json CHAT
'use strict';
const fs = require('fs');

const sent = JSON.parse(fs.readFileSync(process.argv[2], "utf8")).result;
const rec = JSON.parse(fs.readFileSync(process.argv[3], 'utf8'));
const chat = String(process.argv[4]);
const names = { Trickster: 'TR', Angel: 'ANGEL', Devil: 'DEVIL',
    Warrior: 'WARRIOR', Fool: 'FOOL' };

// A move line's action in notation, or null if the line is none.
function lineAction(line) {
	if (/ gave a card\.$/.test(line))
		return 'give';
	const m = line.match(/^[^:]+: (.*)$/);
	if (!m)
		return null;
	const body = m[1].replace(/, kicks .*$/, '');
	const words = body.split(' ').filter((w) => w !== '-')
	    .map((w) => names[w] || w);
	return words.length ? words.join(' ') : null;
}

const want = (rec.actions || []).map((a) =>
    a.startsWith('give ') ? 'give' : a);
const got = [];
for (const s of sent) {
	if (String(s.chat) !== chat || s.method !== 'sendMessage' || !s.text)
		continue;
	const text = s.text.replace(/&lt;/g, '<').replace(/&gt;/g, '>')
	    .replace(/&amp;/g, '&');
	for (const line of text.split('\n')) {
		const a = lineAction(line);
		if (a !== null && (want.includes(a) || a === 'give'))
			got.push(a);
	}
}
for (let i = 0; i < Math.max(want.length, got.length); i++) {
	if (want[i] !== got[i]) {
		console.log(`order ${chat}: action ${i + 1} is ${got[i]}, ` +
		    `the log has ${want[i]} (${got.length} of ${want.length})`);
		process.exit(1);
	}
}
console.log(`order ${chat}: ${got.length} actions in order`);
