// webapp-move.js: the Mini App page's move.js in node, apart from any
// browser: places and paths, the board a move leaves (kicks on landing,
// a 7's kicks on the way, swaps, entering, a Warrior kicking itself),
// the builder narrowing a legal list by taps (forced words, back, a 7 in
// another order, the words of a move half built), and the motion of the
// last move.  Then against the engine itself: in recorded games, every
// action's board as move.js predicts it is the board tacctl's replay
// gives, and every legal action of sampled positions can be built by
// taps and comes out as its own text.
//
// usage: node webapp-move.js MOVE_JS [TACCTL RECORD ...]
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const cp = require('child_process');

const [movejs, tacctl, ...records] = process.argv.slice(2);
const M = require(path.resolve(movejs));
const out = [];

// Say how a check went (the shell counts the lines).
function say(ok, what) {
	console.log((ok ? 'ok: ' : 'FAIL: ') + what);
	out.push(ok);
	return ok;
}

// A board as a short text: "seat:place ..." sorted, then the bases.
function show(m) {
	return Object.keys(m.at).sort().map((k) => m.at[k].seat + ':' + k)
	    .join(' ') + ' | ' + m.bases.join(',');
}

const geo4 = { fields: 64, start: [0, 16, 32, 48] };
const geo6 = { fields: 66, start: [0, 11, 22, 33, 44, 55] };

// Places and paths.
say(M.path(geo4, '60', '2', '5').join() === '60,61,62,63,0,1,2',
    'a move runs over field 0');
say(M.path(geo4, '62', '0H2', '5').join() === '62,63,0,0H1,0H2',
    'into the home over its start field');
say(M.path(geo4, '16', '1H3', '3').join() === '16,1H1,1H2,1H3',
    'from its own start field into the home');
say(M.path(geo4, '2', '0H2', '4').join() === '2,1,0,0H1,0H2',
    'a 4 back over the start field into the home');
say(M.path(geo4, '17', '13', '4').join() === '17,16,15,14,13',
    'a 4 backwards');
say(M.path(geo4, '0H3', '0H2', '7').join() === '0H3,0H2' &&
    M.path(geo4, '0H1', '0H4', '7').join() === '0H1,0H2,0H3,0H4',
    'a 7 in a home, back and on');
say(M.path(geo4, 'B1', '16', '13').join() === 'B1,16', 'entering');
say(M.path(geo6, '64', '1', '3').join() === '64,65,0,1',
    'six seats: 66 fields');
say(M.steps(geo4, { from: '12', to: '14' }) === 2 &&
    M.steps(geo4, { from: '63', to: '0H1' }) === 2,
    "a 7's steps, into the home too");

// The board a move leaves.
const start = M.marbles([['12', 'B', 'B', 'H4'], ['14', '16*', 'B', 'B'],
    ['B', 'B', 'B', 'B'], ['13', 'B', 'B', 'B']]);
say(start.at['16'].fresh && !start.at['12'].fresh && start.at['0H4'] &&
    start.bases.join() === '2,2,4,3', 'marbles: places, a fresh one, bases');
let k = [];
let m = M.predict(geo4, start, '2', [{ from: '12', to: '14' }], k);
say(show(m) === '0:0H4 3:13 0:14 1:16 | 2,3,4,3' && k.length === 1 &&
    k[0].seat === 1, 'a move that ends on a marble kicks it');
k = [];
m = M.predict(geo4, start, '7', [{ from: '12', to: '15' },
    { from: '15', to: '19' }], k);
say(show(m) === '0:0H4 0:19 | 2,4,4,4' && k.length === 3,
    "a 7 kicks every marble it passes, its own too (" + show(m) + ')');
m = M.predict(geo4, start, 'TR', [{ from: '12', to: '14', swap: true }]);
say(show(m) === '0:0H4 1:12 3:13 0:14 1:16 | 2,2,4,3', 'a swap swaps');
m = M.predict(geo4, start, '13', [{ from: 'B0', to: '0' }]);
say(show(m) === '0:0 0:0H4 0:12 3:13 1:14 1:16 | 1,2,4,3' && m.at['0'].fresh,
    'entering puts a fresh marble on the start field');
m = M.predict(geo4, start, '1', [{ from: 'B1', to: '16' }]);
say(show(m) === '0:0H4 0:12 3:13 1:14 1:16 | 2,2,4,3' && m.at['16'].fresh,
    'entering onto a marble of its own kicks it back');
m = M.predict(geo4, start, 'WARRIOR', [{ from: '12', to: 'B0' }]);
say(show(m) === '0:0H4 3:13 1:14 1:16 | 3,2,4,3',
    'a Warrior alone on the circle kicks itself');

// The builder.
const legal = ['7 12>14 13>18', '7 13>18 12>14', '7 12>19', '2 12>14',
    'TR 12<>14', '9 discard'];
const b = M.builder(geo4, legal, start);
let o = b.options();
say(o.words.sort().join() === '2,7,9,TR' && !b.started(),
    'the cards of the legal list');
b.choose('word', '7');
o = b.options();
say(o.segs.length > 0 && o.words.length === 0 && b.card() === '7',
    'a 7 chosen: its marbles');
b.choose('seg', { from: '13', to: '18', text: '13>18' });
say(b.words({ '7 13>18': 'seven: 13 to 18' }) === 'seven: 13 to 18',
    'the words of a half-built 7');
say(b.words({ '7 12>14': 'seven: 12 to 14' }) === '',
    'no words of another move');
b.choose('seg', { from: '12', to: '14', text: '12>14' });
o = b.options();
say(o.done !== null && o.done.text === '7 13>18 12>14' &&
    b.key() === '7 13>18 12>14' && b.used() === 7,
    'the 7 in the order chosen, and its steps');
say(b.back() && b.back() && b.pick.segs.length === 0 &&
    b.pick.words.join() === '7', 'back, step by step');
say(b.back() && b.pick.words.length === 0 && !b.back(),
    'back to nothing, then no more');
b.choose('word', '9');
o = b.options();
say(o.done !== null && o.done.text === '9 discard' && b.card() === '9' &&
    b.back() && b.pick.words.length === 0,
    'a card whose only way is a word: taken with it, and back with it');
const b2 = M.builder(geo4, ['give 5', 'give 9'], start);
say(b2.options().words.sort().join() === '5,9' &&
    b2.pick.words.join() === 'give', 'the exchange: "give" taken at once');
const b3 = M.builder(geo4, ['7 12>14 13>18'], start);
say(b3.pick.words.join() === '7' && !b3.started(),
    'the only card there is: taken at once');
b3.choose('seg', { from: '13', to: '18', text: '13>18' });
say(b3.words({ '7': 'seven', '7 12>14': 'seven: 12 to 14' }) === 'seven',
    'segments in an order no move begins with: the card words');

// The motion of a last move.
const mv = M.motion(geo4, start, M.predict(geo4, start, '2',
    [{ from: '12', to: '14' }]), '2 12>14');
say(mv.length === 2 && mv[0].path.join() === '12,13,14' && mv[1].seat === 1 &&
    mv[1].path.join() === '14,B1' && mv[1].after === 0,
    'a move along its way, the kicked marble home after it');
const tac = M.motion(geo4, start, M.marbles([['B', 'B', 'B', 'H4'],
    ['14', '16*', 'B', 'B'], ['B', 'B', 'B', 'B'], ['13', '20', 'B', 'B']]),
    'TAC 5 15>20');
say(tac.length === 2 && tac.every((x) => x.path.length === 2),
    'a TAC: each marble straight from where it was');

// Against the engine: boards and builds of recorded games.
function engine() {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'webapp-move.'));
	let boards = 0, bad = 0, built = 0, unbuilt = 0, first = '';
	for (const file of records) {
		const rec = JSON.parse(fs.readFileSync(file, 'utf8'));
		const n = rec.players === 6 ? 6 : 4;
		const g = n === 6 ? geo6 : geo4;
		let prev = null;
		for (let i = 0; i <= rec.actions.length; i++) {
			/* The start by replaying none of it, then action by action. */
			const f = path.join(dir, 'p.json');
			let pos;
			if (prev === null) {
				const part = Object.assign({}, rec, { actions: [] });
				delete part.result;
				fs.writeFileSync(path.join(dir, 'r.json'),
				    JSON.stringify(part));
				pos = JSON.parse(cp.execFileSync(tacctl, ['replay',
				    path.join(dir, 'r.json')]).toString());
				delete pos.result;
			} else
				pos = JSON.parse(cp.execFileSync(tacctl, ['apply', f,
				    rec.actions[i - 1]]).toString());
			fs.writeFileSync(f, JSON.stringify(pos));
			if (prev !== null) {
				const a = rec.actions[i - 1];
				const act = M.parse(g, a, M.marbles(prev.marbles));
				const before = M.marbles(act.undoes && prev.undo ?
				    prev.undo.marbles : prev.marbles);
				const got = M.predict(g, before, act.card, act.segs);
				boards++;
				if (show(got) !== show(M.marbles(pos.marbles))) {
					if (bad++ === 0)
						first = a + ': ' + show(got) + ' / ' +
						    show(M.marbles(pos.marbles));
				}
			}
			/* Every 7th position: build each legal action by taps. */
			if (i % 7 === 3 && i < rec.actions.length) {
				const legal = cp.execFileSync(tacctl, ['legal', f])
				    .toString().split('\n')
				    .filter((x) => x !== '');
				for (const a of legal.slice(0, 60)) {
					if (tap(g, legal, M.marbles(pos.marbles), a))
						built++;
					else if (unbuilt++ < 3)
						first += (first ? '; ' : '') + 'cannot build ' +
						    a;
				}
			}
			prev = pos;
		}
	}
	fs.rmSync(dir, { recursive: true, force: true });
	say(boards > 100 && bad === 0, 'the engine leaves every board move.js ' +
	    'predicts (' + boards + ' actions, ' + bad + ' apart' +
	    (first ? ': ' + first : '') + ')');
	say(built > 100 && unbuilt === 0, 'every legal action is built by ' +
	    'taps (' + built + ', ' + unbuilt + ' not)');
}

// Build action a out of legal by the taps a person makes: its text back?
function tap(g, legal, board, a) {
	const b = M.builder(g, legal, board), want = M.parse(g, a, board);
	/* Each word not taken already (the only way on is taken at once). */
	for (let i = b.pick.words.length; i < want.words.length;
	    i = b.pick.words.length) {
		if (b.pick.words.some((w, j) => w !== want.words[j]) ||
		    b.options().words.indexOf(want.words[i]) < 0)
			return false;
		b.choose('word', want.words[i]);
	}
	for (const s of want.segs) {
		const o = b.options();
		const seg = o.segs.find((x) => x.from === s.from && x.to === s.to);
		if (!seg)
			return false;
		b.select(seg.from);
		b.choose('seg', seg);
	}
	const o = b.options();
	return o.done !== null && o.done.text === a && b.key() === a;
}

if (tacctl && records.length > 0)
	engine();
process.exit(out.every((x) => x) ? 0 : 1);
