// order.js: did a group get its game, in the order of the game's log,
// nothing lost and nothing twice?  A group has one live message per
// game and no message per move: what it gets of the game (from the fake
// API's /ctl/sent, in the order the fake took the calls) is
//   - its new messages: the start first, then the winning team's line
//     once (an exchange's end, "Round N: the cards are exchanged.", is
//     a line of the live message, in round order, never a message; the
//     edits of moves close together are one, and may pass over every
//     exchange's end of a group whose calls were held, so none need be
//     told here: check_game and check_chat see each one in the live
//     message);
//   - the live message, as sent and after each edit: the last moves of
//     the game as it stood then.  Edits of moves close together are one
//     edit, so a state need not follow the one before by one move; but
//     each state's move lines must be the log's moves just before some
//     point of it, with the round in its first line that of that point,
//     the points never going back, and the last state the game's end.
// A move line "Name: WORDS" is in words ("7: 12 → 13, then 60 → home 2,
// kicks Boris"), so each side is cut to what both say: the card, then
// in order each marble's target ("13", "h2", "base" for one a Warrior
// sends back; a chain of steps of one marble, its end, and where it
// turned if it went back), "enter" for a marble from the base, "swap", "discard",
// "skip"; a TAC's "on Anna's 9" (whose play it undoes) is cut to its
// card.  The messages are HTML: the lines are unescaped first.
// Prints "order CHAT: ..." with what it found, or the first difference,
// and exits 1 on one.
//
// usage: node order.js SENT.json RECORD.json CHAT
'use strict';
const fs = require('fs');

const sent = JSON.parse(fs.readFileSync(process.argv[2], "utf8")).result;
const rec = JSON.parse(fs.readFileSync(process.argv[3], 'utf8'));
const chat = String(process.argv[4]);
const names = { Trickster: 'TR', Angel: 'ANGEL', Devil: 'DEVIL',
    Warrior: 'WARRIOR', Fool: 'FOOL' };
const teams = ['Red+Green', 'Blue+Yellow'];

// Print why and fail.
function bad(why) {
	console.log(`order ${chat}: ${why}`);
	process.exit(1);
}

// A home field's depth ("3H2": 2), or null for a field of the ring.
function depth(f) {
	const m = /^\d+H(\d)$/.exec(f);
	return m ? +m[1] : null;
}

// How far a field lies from another, as the words measure it: home
// fields by depth, any other two by being different.
function dist(a, b) {
	if (depth(a) !== null && depth(b) !== null)
		return Math.abs(depth(a) - depth(b));
	return a === b ? 0 : 1;
}

/*
 * A marble's chain of steps (each from where the one before ended) as
 * the words tell it: its end, and before it the field farthest from its
 * start, where that is not its end (a 7 walked back and forth in a
 * home: "home 3 → home 4 → home 2").
 */
function chainEnds(chain) {
	const start = chain[0][1], end = chain[chain.length - 1][2];
	let far = start;

	for (const [, , to] of chain)
		if (dist(start, to) > dist(start, far))
			far = to;
	return far === end ? [end] : [far, end];
}

// An action of the log cut to its card and targets (see above).
function actionSig(a) {
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
		let mv = /^([^<>]+)>(.+)$/.exec(w);
		if (/<>/.test(w))
			head.push('swap');
		else if (w === 'discard' || w === 'skip')
			head.push(w);
		else if (mv && mv[1] === 'B')
			head.push('enter');
		else if (mv && mv[2] === 'B')
			head.push('base');	/* a Warrior sends one back */
		else if (mv) {
			const chain = [mv];
			while (i + 1 < words.length &&
			    (mv = /^([^<>]+)>([^<>B][^<>]*)$/.exec(words[i + 1]))
			    !== null && mv[1] === chain[chain.length - 1][2]) {
				chain.push(mv);
				i++;
			}
			for (const f of chainEnds(chain))
				head.push(f.replace(/^\d+H(\d)$/, 'h$1'));
		}
	}
	return head.join(' ');
}

// A move line cut the same way, or null if the line is none.
function lineAction(line) {
	if (/^Game over\./.test(line))
		return null;
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
	/* A TAC names the play it undoes ("TAC on Anna's 9"): its card. */
	head = head.replace(/(^|\s)TAC on .+ (\S+)$/, '$1TAC $2');
	const out = head.split(' ').map((w) => names[w] || w);
	/* A line of the text board with a colon ("Dealt a 1 or 13: ..."). */
	if (!/^((TAC|DEVIL) )*(\d+|TR|ANGEL|WARRIOR|FOOL|TAC|DEVIL)$/
	    .test(out.join(' ')))
		return null;
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

// The lines of a sent message or edit, unescaped.
function lines(s) {
	return (s.text || s.caption || '').replace(/<\/?pre>/g, '')
	    .replace(/&lt;/g, '<').replace(/&gt;/g, '>')
	    .replace(/&amp;/g, '&').split('\n');
}

/*
 * The log: its moves (gifts left out: they are secret and the group
 * hears one line per exchange), for each move its index in the log, and
 * where each exchange starts (its round's deal is just before).
 */
const actions = rec.actions || [];
const moves = [], at = [], deals = [];
actions.forEach((a, i) => {
	if (!a.startsWith('give ')) {
		moves.push(actionSig(a));
		at.push(i);
	} else if (i === 0 || !actions[i - 1].startsWith('give '))
		deals.push(i);
});
// The round of the game once the first n actions of the log are played.
const roundAt = (n) => deals.filter((d) => d <= n).length;
if (deals.length === 0 || !rec.result)
	bad('the record has no exchange or no result');

// Is s the first send of the live message (its first line the board's)?
const isLive = (s) => /^send(Message|Photo)$/.test(s.method) &&
    /^Game #\d+, round \d+/.test(lines(s)[0]);

/* The new messages, but for the live message. */
const news = [];
for (const s of sent) {
	if (String(s.chat) !== chat || isLive(s) ||
	    !/^send(Message|Photo)$/.test(s.method))
		continue;
	for (const l of lines(s))
		news.push(l);
}
if (!/^Game #\d+ (has started|is over)\./.test(news[0] || ''))
	bad(`the first new message is not the start: ${news[0]}`);
let over = -1;
news.forEach((l, i) => {
	if (/^Round (\d+): the cards are exchanged\.$/.test(l))
		bad(`an exchange's end is a new message: ${l}`);
	if (/^Game over\./.test(l)) {
		if (over >= 0)
			bad('the end is told twice');
		over = i;
		const want = `Game over. Team ${teams[rec.result.winner]} won:`;
		if (!l.startsWith(want))
			bad(`the end says "${l}", not "${want} ..."`);
	}
});
if (over < 0)
	bad('the end is not told');

/*
 * The exchanges' ends, as the live message's states tell them (moves
 * close together are one edit, so one may be passed over): each of a
 * round of the log, in round order.
 */
const told = [];
for (const s of sent) {
	if (String(s.chat) !== chat || !/^(send|edit)/.test(s.method))
		continue;
	for (const l of lines(s)) {
		const r = /^Round (\d+): the cards are exchanged\.$/.exec(l);
		if (r && !told.includes(+r[1]))
			told.push(+r[1]);
	}
}
for (let i = 0; i < told.length; i++)
	if (told[i] < 1 || told[i] > deals.length ||
	    (i > 0 && told[i] <= told[i - 1]))
		bad(`the exchanges told are rounds ${told.join(', ')}, the ` +
		    `log has ${deals.length}`);

/* The live message: its first send, then its edits. */
let live = null, states = 0, from = 0, last = null;
for (const s of sent) {
	if (String(s.chat) !== chat)
		continue;
	const ls = lines(s);
	/* One posted anew at the bottom is the live message from then on. */
	if (isLive(s))
		live = s.message_id;
	else if (live === null || s.message_id !== live ||
	    !s.method.startsWith('edit'))
		continue;
	const got = ls.map(lineAction).filter((a) => a !== null);
	const round = +/^Game #\d+, round (\d+)/.exec(ls[0])[1];
	/* The first point at or after the one before that fits. */
	let p = Math.max(from, got.length);
	for (; p <= moves.length; p++) {
		const n = p === 0 ? 0 : at[p - 1] + 1;
		if (roundAt(n) === round && got.every((a, k) =>
		    a === moves[p - got.length + k]))
			break;
	}
	if (p > moves.length)
		bad(`live state ${states + 1} (round ${round}: ` +
		    `${got.join(', ')}) is no point of the log at or after ` +
		    `move ${from}`);
	from = p;
	last = ls;
	states++;
}
if (live === null)
	bad('no live message');
if (from !== moves.length || !last.some((l) => /^Game over\./.test(l)))
	bad(`the live message ends at move ${from} of ${moves.length}: ` +
	    last.join(' / '));
console.log(`order ${chat}: ${told.length} of ${deals.length} ` +
    `exchanges told in order, ` +
    `the end once; the live message in ${states} states, in order, ` +
    `at the end after ${moves.length} moves`);
