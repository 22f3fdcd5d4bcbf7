// order.js: did a group get its game's move lines in the order of the
// game's log?  The bot's messages to the group (from the fake API's
// /ctl/sent, edits left out) are split into lines; each "Name: WORDS"
// or "Name gave a card." line is one action.  Lines are in words ("7:
// 12 → 13, then 60 → home 2, kicks Boris"), so each side is cut to what
// both say: the card, then in order each marble's target ("13", "h2",
// "base" for one a Warrior sends back), "enter" for a marble from the
// base, "swap", "discard", "skip" (gifts are a bare "give": they are
// secret).  The messages are HTML: the lines
// are unescaped first.  Prints "order CHAT: N actions in order" or the
// first difference, and exits 1 on one.
//
// usage: node order.js SENT.json RECORD.json CHAT
'use strict';
const fs = require('fs');

const sent = JSON.parse(fs.readFileSync(process.argv[2], "utf8")).result;
const rec = JSON.parse(fs.readFileSync(process.argv[3], 'utf8'));
const chat = String(process.argv[4]);
const names = { Trickster: 'TR', Angel: 'ANGEL', Devil: 'DEVIL',
    Warrior: 'WARRIOR', Fool: 'FOOL' };

// An action of the log cut to its card and targets (see above).
function actionSig(a) {
	if (a.startsWith('give '))
		return 'give';
	const words = a.split(' ');
	const head = [];
	let i = 0;
	while (i < words.length && /^(TAC|DEVIL)$/.test(words[i]))
		head.push(words[i++]);
	/* "DEVIL TAC" alone (the TAC played as the Devil's card) has none. */
	if (i < words.length)
		head.push(words[i++]);
	for (; i < words.length; i++) {
		const w = words[i];
		const mv = /^([^<>]+)>(.+)$/.exec(w);
		if (/<>/.test(w))
			head.push('swap');
		else if (w === 'discard' || w === 'skip')
			head.push(w);
		else if (mv && mv[1] === 'B')
			head.push('enter');
		else if (mv && mv[2] === 'B')
			head.push('base');	/* a Warrior sends one back */
		else if (mv)
			head.push(mv[2].replace(/^\d+H(\d)$/, 'h$1'));
	}
	return head.join(' ');
}

// A move line cut the same way, or null if the line is none.
function lineAction(line) {
	if (/ gave a card\.$/.test(line))
		return 'give';
	const m = line.match(/^[^:]+?: (.*)$/);
	if (!m)
		return null;
	let body = m[1].replace(/, kicks .*$/, ''), head, rest;
	const d = /^Discard (.*)$/.exec(body);
	if (d) {
		head = d[1];
		rest = 'Discard';
	} else {
		const k = body.indexOf(': ');
		head = k < 0 ? body : body.slice(0, k);
		rest = k < 0 ? '' : body.slice(k + 2);
	}
	const out = head.split(' ').map((w) => names[w] || w);
	const re = /Enter a marble|Swap|Skip|Discard|\u2192 (home \d|base|\d+)/g;
	let t;
	while ((t = re.exec(rest)) !== null) {
		if (t[1] !== undefined)
			out.push(t[1].replace(/^home /, 'h'));
		else
			out.push({ 'Enter a marble': 'enter', Swap: 'swap',
			    Skip: 'skip', Discard: 'discard' }[t[0]]);
	}
	return out.join(' ');
}

const want = (rec.actions || []).map(actionSig);
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
