/*
 * move.js: what the Mini App's page knows of moves, apart from drawing
 * them, so that node can test it (tests/tg/webapp-move.js).  Pure: no
 * DOM, no network.
 *
 * The builder narrows the server's legal list as the player taps: the
 * card (and the words that are the only way on, taken at once), then for
 * each segment a marble and where it goes.  It never decides what is
 * legal.  The rest says where marbles end up when the chosen segments
 * are carried out (a half-built 7 draws its marbles where they go), and
 * which way each marble of the last move went, for its animation.
 *
 * A place is a key: a field "12", a home field "2H3", a base "B2" (the
 * notation's "B" made the base it is).  geo is {fields, start: [field of
 * each seat's start]}, from the server's layout.
 */
'use strict';
(function (root) {
	const seg = /^(B|\d+|\d+H\d)(>|<>)(B|\d+|\d+H\d)$/;

	/* Where each marble is: {at: {place: {seat, fresh}}, bases: [n]}. */
	function marbles(P) {
		const at = {}, bases = [];
		P.forEach((list, s) => {
			bases[s] = 0;
			list.forEach((m) => {
				if (m === 'B')
					bases[s]++;
				else if (m[0] === 'H')
					at[s + m] = { seat: s, fresh: false };
				else
					at[String(parseInt(m, 10))] = { seat: s,
					    fresh: m.slice(-1) === '*' };
			});
		});
		return { at: at, bases: bases };
	}

	/* A copy of a marbles map. */
	function copy(M) {
		const at = {};
		for (const k in M.at)
			at[k] = { seat: M.at[k].seat, fresh: M.at[k].fresh };
		return { at: at, bases: M.bases.slice() };
	}

	/*
	 * A base written "B" in an action, as the base it is: the one a
	 * marble leaves for the start field it enters, or the one the
	 * marble that goes there comes from.
	 */
	function baseKey(geo, place, other, M, from) {
		if (place !== 'B')
			return place;
		if (!from && M.at[other])
			return 'B' + M.at[other].seat;
		return 'B' + geo.start.indexOf(Number(other));
	}

	/* An action's text, parsed: its words, its card, its segments. */
	function parse(geo, text, M) {
		const a = { text: text, words: [], segs: [], card: null };
		text.split(' ').forEach((t) => {
			const m = seg.exec(t);
			if (m) {
				a.segs.push({ from: baseKey(geo, m[1], m[3], M, true),
				    to: baseKey(geo, m[3], m[1], M, false),
				    swap: m[2] === '<>', text: t });
			} else if (a.segs.length === 0)
				a.words.push(t);
		});
		a.card = card(a.words);
		/* A TAC that plays a card takes the last card play back first. */
		a.undoes = a.words[0] === 'TAC' && a.words.length > 1 &&
		    a.words[1] !== 'discard';
		return a;
	}

	/* The card whose move words are: after a TAC or a Devil, theirs. */
	function card(words) {
		const c = words.filter((w) => ['TAC', 'DEVIL', 'give', 'discard',
		    'skip'].indexOf(w) < 0);
		return c.length > 0 ? c[c.length - 1] : words.length > 0 ?
		    words[0] : null;
	}

	/* The home of a place ("2H3" -> [2, 3]), or null. */
	function home(key) {
		const h = key.indexOf('H');
		return h > 0 ? [Number(key.slice(0, h)), Number(key.slice(h + 1))] :
		    null;
	}

	/* The places a marble passes from one to the other, both included. */
	function path(geo, from, to, face) {
		const n = geo.fields, back = face === '4', out = [from];
		const hf = home(from), ht = home(to);
		if (from[0] === 'B' || to[0] === 'B' || face === 'TR') {
			out.push(to);
			return out;
		}
		if (hf && ht) {
			const d = ht[1] > hf[1] ? 1 : -1;
			for (let k = hf[1] + d; d > 0 ? k <= ht[1] : k >= ht[1]; k += d)
				out.push(ht[0] + 'H' + k);
			return out;
		}
		const end = ht ? geo.start[ht[0]] : Number(to);
		let f = Number(from);
		/* A lap at most: a malformed pair cannot loop for ever. */
		for (let i = 0; i < n && f !== end; i++) {
			f = (f + (back ? n - 1 : 1)) % n;
			out.push(String(f));
		}
		if (ht) {
			for (let k = 1; k <= ht[1]; k++)
				out.push(ht[0] + 'H' + k);
		}
		return out;
	}

	/* The steps a segment of a 7 goes. */
	function steps(geo, s) {
		return path(geo, s.from, s.to, '7').length - 1;
	}

	/* Send the marble on a circle field back to its base (a kick). */
	function kick(M, key, kicked) {
		const m = M.at[key];
		if (!m || home(key))
			return;
		delete M.at[key];
		M.bases[m.seat]++;
		if (kicked)
			kicked.push({ seat: m.seat, from: key });
	}

	/*
	 * The marbles after segments of a card are carried out, as the
	 * rules move them: a marble that ends on a circle field kicks the
	 * one there, a 7 kicks every marble it passes on the circle, a swap
	 * swaps.  kicked (optional) gets what was kicked, in order.
	 */
	function predict(geo, M0, face, segs, kicked) {
		const M = copy(M0);
		for (const s of segs) {
			if (s.swap) {
				const a = M.at[s.from], b = M.at[s.to];
				M.at[s.from] = b;
				M.at[s.to] = a;
				if (a)
					a.fresh = false;
				if (b)
					b.fresh = false;
				continue;
			}
			let m;
			if (s.from[0] === 'B') {
				const seat = Number(s.from.slice(1));
				if (M.bases[seat] > 0)
					M.bases[seat]--;
				m = { seat: seat, fresh: true };
			} else {
				m = M.at[s.from] || { seat: 0, fresh: false };
				delete M.at[s.from];
				m = { seat: m.seat, fresh: false };
			}
			if (s.to[0] === 'B') {
				M.bases[m.seat]++;
				continue;
			}
			const p = path(geo, s.from, s.to, face);
			if (face === '7') {
				for (let i = 1; i < p.length - 1; i++)
					kick(M, p[i], kicked);
			}
			kick(M, s.to, kicked);
			M.at[s.to] = m;
		}
		return M;
	}

	/* Are two marbles maps the same board? */
	function same(A, B) {
		const ka = Object.keys(A.at).sort(), kb = Object.keys(B.at).sort();
		return ka.join() === kb.join() && ka.every((k) =>
		    A.at[k].seat === B.at[k].seat) && A.bases.join() ===
		    B.bases.join();
	}

	/*
	 * How the marbles went from before to after by action text: a list
	 * of {seat, path: [places], after: index of the move it waits for}.
	 * The moving marbles go along their segments and the ones they kick
	 * go home after them; when the rules' way does not give the board
	 * after (a TAC takes a move back first), each marble that moved goes
	 * straight from where it was to where it is.
	 */
	function motion(geo, before, after, text) {
		const a = parse(geo, text, before), out = [], kicked = [];
		const M = predict(geo, before, a.card, a.segs, kicked);
		if (!a.undoes && same(M, after)) {
			a.segs.forEach((s) => {
				const seat = s.from[0] === 'B' ? Number(s.from.slice(1)) :
				    before.at[s.from] ? before.at[s.from].seat : null;
				if (seat === null)
					return;
				out.push({ seat: seat, path: s.swap ? [s.from, s.to] :
				    path(geo, s.from, s.to, a.card), after: -1 });
				if (s.swap && before.at[s.to])
					out.push({ seat: before.at[s.to].seat, path:
					    [s.to, s.from], after: -1 });
			});
			const movers = out.length;
			kicked.forEach((k) => out.push({ seat: k.seat, path: [k.from,
			    'B' + k.seat], after: movers - 1 }));
			return out;
		}
		return straight(before, after);
	}

	/* Each seat's marbles that moved, straight from where to where. */
	function straight(before, after) {
		const out = [];
		before.bases.forEach((n, s) => {
			const was = [], now = [];
			for (const k in before.at) {
				if (before.at[k].seat === s && !(after.at[k] &&
				    after.at[k].seat === s))
					was.push(k);
			}
			for (const k in after.at) {
				if (after.at[k].seat === s && !(before.at[k] &&
				    before.at[k].seat === s))
					now.push(k);
			}
			for (let i = after.bases[s]; i < before.bases[s]; i++)
				was.push('B' + s);
			for (let i = before.bases[s]; i < after.bases[s]; i++)
				now.push('B' + s);
			for (let i = 0; i < was.length && i < now.length; i++)
				out.push({ seat: s, path: [was[i], now[i]], after: -1 });
		});
		return out;
	}

	/* Are the chosen segments all among a's (each used once)? */
	function within(chosen, a) {
		const left = a.segs.map((s) => s.from + '>' + s.to);
		for (const c of chosen) {
			const i = left.indexOf(c.from + '>' + c.to);
			if (i < 0)
				return null;
			left.splice(i, 1);
		}
		return a.segs.filter((s) => {
			const i = left.indexOf(s.from + '>' + s.to);
			if (i < 0)
				return false;
			left.splice(i, 1);
			return true;
		});
	}

	/*
	 * A move being built out of the legal list (texts) on a board:
	 * choose() a word or a segment, select() a marble, back() a step,
	 * options() what is open now, key() the move so far as the
	 * notation's first tokens (the server words them).
	 */
	function builder(geo, legal, M) {
		const acts = legal.map((t) => parse(geo, t, M));
		let pick;

		/* What the chosen words and segments still leave open. */
		function options() {
			const o = { words: [], segs: [], done: null };
			for (const a of acts) {
				const w = pick.words;
				if (a.words.length < w.length ||
				    !w.every((x, i) => a.words[i] === x))
					continue;
				if (a.words.length > w.length) {
					if (pick.segs.length === 0 &&
					    o.words.indexOf(a.words[w.length]) < 0)
						o.words.push(a.words[w.length]);
					continue;
				}
				const rest = within(pick.segs, a);
				if (rest === null)
					continue;
				/* Rather the one in the order chosen. */
				if (rest.length === 0 && (o.done === null ||
				    a.segs.every((s, i) => pick.segs[i] &&
				    pick.segs[i].from === s.from &&
				    pick.segs[i].to === s.to)))
					o.done = a;
				rest.forEach((s) => o.segs.push(s));
			}
			return o;
		}

		/* Take the words that are the only way on, as one step. */
		function forced(step) {
			for (;;) {
				const o = options();
				if (o.words.length !== 1 || o.segs.length > 0 || o.done)
					return;
				pick.words.push(o.words[0]);
				step.n++;
			}
		}

		/* Start afresh. */
		function reset() {
			pick = { words: [], segs: [], from: null, history: [],
			    base: 0 };
			forced({ n: 0 });
			pick.base = pick.words.length;
		}

		/* One choice: a word, or a segment; it can be taken back. */
		function choose(kind, v) {
			const step = { n: 1, kind: kind };
			if (kind === 'word')
				pick.words.push(v);
			else
				pick.segs.push(v);
			pick.from = null;
			forced(step);
			pick.history.push(step);
		}

		/* Back: the marble chosen, or the last choice; false if none. */
		function back() {
			if (pick.from !== null) {
				pick.from = null;
				return true;
			}
			const step = pick.history.pop();
			if (!step)
				return false;
			if (step.kind === 'seg') {
				pick.segs.pop();
				step.n--;
			}
			while (step.n-- > 0)
				pick.words.pop();
			return true;
		}

		/* The move so far, as the first tokens of its notation. */
		function key() {
			const o = options();
			if (o.done && o.segs.length === 0 && o.words.length === 0)
				return o.done.text;
			return pick.words.concat(pick.segs.map((s) => s.text))
			    .join(' ');
		}

		/*
		 * The words the server gave for the move so far (moves:
		 * {NOTATION: words}): those of its tokens, or of a legal
		 * move that begins with the same segments in another order.
		 */
		function words(moves) {
			const k = key();
			if (moves[k] !== undefined)
				return moves[k];
			const head = pick.words.join(' ');
			const n = pick.segs.length;
			for (const a of acts) {
				if (a.words.join(' ') !== head || a.segs.length < n)
					continue;
				const first = a.segs.slice(0, n);
				if (within(pick.segs, { segs: first }) === null ||
				    within(first, { segs: pick.segs }) === null)
					continue;
				const t = a.words.concat(first.map((s) => s.text))
				    .join(' ');
				if (moves[t] !== undefined)
					return moves[t];
			}
			return moves[head] !== undefined ? moves[head] : '';
		}

		/* Has a choice been made (one that back() can take)? */
		function started() {
			return pick.history.length > 0 || pick.from !== null;
		}

		/* The steps of a 7 used so far. */
		function used() {
			return pick.segs.reduce((n, s) => n + steps(geo, s), 0);
		}

		reset();
		return {
			get pick() { return pick; },
			options: options, choose: choose, back: back, reset: reset,
			key: key, words: words, started: started, used: used,
			select: (place) => { pick.from = place; },			card: () => card(pick.words),
			undoes: () => pick.words[0] === 'TAC' &&
			    pick.words.length > 1 && pick.words[1] !== 'discard'

		};
	}

	const api = { marbles: marbles, parse: parse, path: path, steps: steps,
	    predict: predict, motion: motion, builder: builder, home: home };
	if (typeof module === 'object' && module.exports)
		module.exports = api;
	else
		root.TacMove = api;
})(this);
