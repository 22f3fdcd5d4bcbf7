/*
 * app.js: the Mini App's page.  It draws the board as SVG from the
 * layout tacd serves (the PNG's own geometry and colours), shows the
 * person's hand, and builds a move by taps out of the server's legal
 * list: it never decides what is legal, it only narrows that list.
 * Every text comes from the server (GET api/strings) in the person's
 * language; names and texts go in as text, never as markup.
 *
 * The init data is Telegram.WebApp.initData when Telegram's script is
 * there, else the #tgWebAppData=... that Telegram puts in the URL.
 */
'use strict';
(function () {
	const NS = 'http://www.w3.org/2000/svg';
	const $ = (id) => document.getElementById(id);
	const seg = /^(B|\d+|\d+H\d)(>|<>)(B|\d+|\d+H\d)$/;
	let init = '';
	let T = {};			/* the page's words */
	const layouts = {};
	let G = null;			/* the game as the server gave it */
	let gameId = 0;
	let acts = [];			/* the legal list, parsed */
	let pick = null;		/* the move being built */
	let sending = false;
	let polling = 0;

	/* Fill %s and %d in order. */
	function fmt(s) {
		const args = Array.prototype.slice.call(arguments, 1);
		let i = 0;
		return String(s).replace(/%[sd]/g, () => String(args[i++]));
	}

	/* Say something in the status line. */
	function status(text, bad) {
		$('status').textContent = text || '';
		$('status').className = bad ? 'bad' : '';
	}

	/* Read the init data and Telegram's theme. */
	function readInit() {
		const tg = window.Telegram && window.Telegram.WebApp;
		const h = new URLSearchParams(location.hash.slice(1));
		let theme = {};
		if (tg && tg.initData) {
			try { tg.ready(); tg.expand(); } catch (e) { /* old */ }
			init = tg.initData;
			theme = tg.themeParams || {};
		} else {
			init = h.get('tgWebAppData') || '';
			try {
				theme = JSON.parse(h.get('tgWebAppThemeParams') ||
				    '{}');
			} catch (e) { theme = {}; }
		}
		const vars = { bg_color: '--bg', text_color: '--text',
		    hint_color: '--hint', link_color: '--link',
		    button_color: '--button', button_text_color: '--button-text',
		    secondary_bg_color: '--secondary-bg' };
		for (const k in vars) {
			if (typeof theme[k] === 'string' &&
			    /^#[0-9a-fA-F]{3,8}$/.test(theme[k]))
				document.documentElement.style.setProperty(vars[k],
				    theme[k]);
		}
	}

	/* One API request; the answer's JSON, or an Error with .code. */
	async function api(path, body) {
		const opts = { headers: { Authorization: 'tma ' + init },
		    cache: 'no-store' };
		if (body !== undefined) {
			opts.method = 'POST';
			opts.headers['Content-Type'] = 'application/json';
			opts.body = JSON.stringify(body);
		}
		const r = await fetch('api' + path, opts);
		let j = null;
		try { j = await r.json(); } catch (e) { j = null; }
		if (!r.ok && r.status !== 409) {
			const e = new Error(j && j.message || r.statusText);
			e.code = r.status;
			throw e;
		}
		if (r.status === 409)
			j.refused = true;
		return j;
	}

	/* An SVG element with attributes, appended to parent. */
	function el(parent, name, attrs, text) {
		const e = document.createElementNS(NS, name);
		for (const k in attrs)
			e.setAttribute(k, attrs[k]);
		if (text !== undefined)
			e.textContent = text;
		parent.appendChild(e);
		return e;
	}

	/* A plain element with text. */
	function hel(parent, name, text, cls) {
		const e = document.createElement(name);
		if (text !== undefined)
			e.textContent = text;
		if (cls)
			e.className = cls;
		parent.appendChild(e);
		return e;
	}

	/* The seat whose start field f is, or -1. */
	function startSeat(L, f) {
		return L.start.indexOf(Number(f));
	}

	/* Where each marble is: a map from a place to its seat. */
	function marbles(L, P) {
		const at = {}, bases = [];
		P.marbles.forEach((list, s) => {
			bases[s] = 0;
			list.forEach((m) => {
				if (m === 'B')
					bases[s]++;
				else if (m[0] === 'H')
					at[s + m] = { seat: s };
				else
					at[String(parseInt(m, 10))] = { seat: s,
					    fresh: m.slice(-1) === '*' };
			});
		});
		return { at: at, bases: bases };
	}

	/* The point of a place: "12", "2H3", "B1" (a base). */
	function where(L, key) {
		if (key[0] === 'B')
			return L.base[Number(key.slice(1))][0];
		const h = key.indexOf('H');
		if (h > 0)
			return L.home[Number(key.slice(0, h))][Number(key.slice(h + 1))];
		return L.field[Number(key)];
	}

	/*
	 * A base written "B" in an action, as the base it is: the one a
	 * marble leaves for the start field it enters, or the one the
	 * marble that goes there comes from.
	 */
	function baseKey(place, other, M, from) {
		if (place !== 'B')
			return place;
		if (!from && M.at[other])
			return 'B' + M.at[other].seat;
		return 'B' + startSeat(layouts[G.players], other);
	}

	/* The legal list, parsed: words before the segments, then these. */
	function parseActs(legal, M) {
		return legal.map((text) => {
			const a = { text: text, words: [], segs: [] };
			text.split(' ').forEach((t) => {
				const m = seg.exec(t);
				if (m) {
					a.segs.push({ from: baseKey(m[1], m[3], M, true),
					    to: baseKey(m[3], m[1], M, false),
					    swap: m[2] === '<>', text: t });
				} else if (a.segs.length === 0)
					a.words.push(t);
			});
			return a;
		});
	}

	/* The steps a segment of a 7 goes (for "steps left" only). */
	function steps(L, s) {
		const n = L.fields, h = s.to.indexOf('H'), g = s.from.indexOf('H');
		if (g > 0 && h > 0)
			return Math.abs(Number(s.to.slice(h + 1)) -
			    Number(s.from.slice(g + 1)));
		if (h > 0) {
			const st = L.start[Number(s.to.slice(0, h))];
			return (st - Number(s.from) + n) % n +
			    Number(s.to.slice(h + 1));
		}
		return (Number(s.to) - Number(s.from) + n) % n;
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
			if (rest.length === 0) {
				/* Rather the one in the order chosen. */
				if (o.done === null || a.segs.every((s, i) =>
				    pick.segs[i] && pick.segs[i].from === s.from &&
				    pick.segs[i].to === s.to))
					o.done = a;
			}
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

	/* Start building a move afresh. */
	function resetPick() {
		pick = { words: [], segs: [], from: null, history: [] };
		const step = { n: 0, kind: 'words' };
		forced(step);
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
		render();
	}

	/* Back: the marble chosen, or the last choice. */
	function back() {
		if (pick.from !== null)
			pick.from = null;
		else if (pick.history.length > 0) {
			const step = pick.history.pop();
			if (step.kind === 'seg') {
				pick.segs.pop();
				step.n--;
			}
			while (step.n-- > 0)
				pick.words.pop();
		}
		render();
	}

	/* Draw the empty board, as picture.c draws it. */
	function drawBoard(svg, L, P) {
		const C = L.colour;
		el(svg, 'rect', { x: 0, y: 0, width: L.size, height: L.size,
		    fill: C.background });
		el(svg, 'circle', { cx: L.cx, cy: L.cy, r: L.r, fill: 'none',
		    stroke: C.track, 'stroke-width': L.width.track });
		for (let s = 0; s < L.players; s++) {
			const a = L.home[s][0], b = L.home[s][4];
			el(svg, 'line', { x1: a[0], y1: a[1], x2: b[0], y2: b[1],
			    stroke: L.seat[s].line, 'stroke-width': L.width.track });
		}
		L.field.forEach((p, f) => {
			const s = startSeat(L, f);
			el(svg, 'circle', { cx: p[0], cy: p[1], r: L.fr,
			    fill: s >= 0 ? L.seat[s].place : C.field,
			    stroke: s >= 0 ? L.seat[s].rim : C.rim,
			    'stroke-width': s >= 0 ? L.width.start : L.width.field });
		});
		for (let s = 0; s < L.players; s++) {
			for (let k = 1; k <= 4; k++) {
				const p = L.home[s][k];
				el(svg, 'circle', { cx: p[0], cy: p[1], r: L.fr,
				    fill: L.seat[s].place, stroke: L.seat[s].rim,
				    'stroke-width': L.width.home });
			}
			L.base[s].forEach((p) => el(svg, 'circle', { cx: p[0],
			    cy: p[1], r: L.slot, fill: L.seat[s].slot }));
		}
		L.number.forEach((p, f) => {
			const s = startSeat(L, f);
			el(svg, 'text', { x: p[0], y: p[1], 'text-anchor': 'middle',
			    'dominant-baseline': 'central',
			    'font-size': s >= 0 ? L.font.start : L.font.number,
			    'font-weight': s >= 0 ? 'bold' : 'normal',
			    fill: s >= 0 ? C.start : C.number }, String(f));
		});
	}

	/* A marble of seat s at p, radius r, with its colour's letter. */
	function drawMarble(svg, L, p, r, s, fresh) {
		el(svg, 'circle', { cx: p[0], cy: p[1], r: r, fill: L.seat[s].marble,
		    stroke: L.colour.marble_rim, 'stroke-width': r * 0.14 });
		if (fresh)
			el(svg, 'circle', { cx: p[0], cy: p[1], r: r * 1.38,
			    fill: 'none', stroke: L.colour.marble_rim,
			    'stroke-width': r * 0.16, 'stroke-dasharray': r * 0.35 });
		const name = G.words.colours[s] || '?';
		el(svg, 'text', { x: p[0], y: p[1] + r * 0.05, 'text-anchor': 'middle',
		    'dominant-baseline': 'central', 'font-size': r * 1.2,
		    'font-weight': 'bold', fill: L.seat[s].letter },
		    Array.from(name)[0]);
	}

	/* Every marble; base marbles fill their seat's slots in order. */
	function drawMarbles(svg, L, M) {
		for (const key in M.at) {
			drawMarble(svg, L, where(L, key), L.mr, M.at[key].seat,
			    M.at[key].fresh);
		}
		M.bases.forEach((n, s) => {
			for (let i = 0; i < n && i < 4; i++)
				drawMarble(svg, L, L.base[s][i], L.slot, s, false);
		});
	}

	/* Do boxes a and b ([x, y, w, h]) overlap? */
	function overlap(a, b) {
		return a[0] < b[0] + b[2] && b[0] < a[0] + a[2] &&
		    a[1] < b[1] + b[3] && b[1] < a[1] + a[3];
	}

	/*
	 * A place for seat s's label box (w by h), found as picture.c finds
	 * it: near its base, turning away from the start field's direction
	 * in 5 degree steps until it is off the circle and its numbers, off
	 * every base and off the labels placed before.
	 */
	function placeLabel(L, s, w, h, placed) {
		const p = L.label[s], m = L.size * 0.012, d = L.mr * 2.3;
		const a0 = Math.atan2(p[1] - L.cy, p[0] - L.cx);
		const R = Math.hypot(p[0] - L.cx, p[1] - L.cy);
		const bases = L.base.map((b) => {
			const x = b.reduce((n, q) => n + q[0], 0) / b.length;
			const y = b.reduce((n, q) => n + q[1], 0) / b.length;
			return [x - d, y - d, 2 * d, 2 * d];
		});
		let first = null;
		for (let k = 0; k < 37; k++) {
			const a = a0 + Math.floor((k + 1) / 2) * (k % 2 ? -1 : 1) *
			    Math.PI / 36;
			const x = Math.min(Math.max(L.cx + R * Math.cos(a) - w / 2,
			    m), L.size - m - w);
			const y = Math.min(Math.max(L.cy + R * Math.sin(a) - h / 2,
			    m), L.size - m - h);
			const box = [x, y, w, h];
			if (first === null)
				first = box;
			/* The point of the box nearest the centre. */
			const nx = Math.min(Math.max(L.cx, x), x + w);
			const ny = Math.min(Math.max(L.cy, y), y + h);
			if (Math.hypot(nx - L.cx, ny - L.cy) > L.r + L.size * 0.036 &&
			    !bases.some((b) => overlap(box, b)) &&
			    !placed.some((b) => overlap(box, b)))
				return box;
		}
		return first;
	}

	/* The seats' labels: name and cards left, the one to act framed. */
	function drawLabels(svg, L, P) {
		const placed = [];
		L.label.forEach((p, s) => {
			const turn = G.state === 'playing' && P.turn === s;
			const g = el(svg, 'g', {});
			const box = el(g, 'rect', { rx: 8, fill: turn ? '#fff7cc' :
			    '#fdfcfa', stroke: '#1a1a1a', 'stroke-width': turn ? 5 : 1.5 });
			const t = el(g, 'text', { x: p[0], y: p[1],
			    'text-anchor': 'middle', 'dominant-baseline': 'central',
			    'font-size': L.font.label,
			    'font-weight': turn ? 'bold' : 'normal', fill: '#0d0d0d' },
			    (G.names[s] || '?') + ' \u00b7 ' +
			    fmt(T.cards_left, P.hands[s].length));
			let w = 160;
			try { w = t.getComputedTextLength(); } catch (e) { w = 160; }
			const h = L.font.label * 1.8;
			const b = placeLabel(L, s, w + 20, h, placed);
			placed.push(b);
			t.setAttribute('x', b[0] + b[2] / 2);
			t.setAttribute('y', b[1] + h / 2);
			box.setAttribute('x', b[0]);
			box.setAttribute('y', b[1]);
			box.setAttribute('width', b[2]);
			box.setAttribute('height', h);
			box.setAttribute('class', 'label' + (turn ? ' turn' : ''));
			g.setAttribute('data-seat', s);
		});
	}

	/* A round mark at a place: a choice ring, or a target to tap. */
	function mark(svg, L, key, cls, attr) {
		const p = where(L, key);
		const r = key[0] === 'B' ? L.mr * 2.6 : L.fr * 1.45;
		const c = el(svg, 'circle', { cx: key[0] === 'B' ?
		    (L.base[Number(key.slice(1))][0][0] +
		    L.base[Number(key.slice(1))][3][0]) / 2 : p[0],
		    cy: key[0] === 'B' ? (L.base[Number(key.slice(1))][0][1] +
		    L.base[Number(key.slice(1))][3][1]) / 2 : p[1], r: r,
		    class: cls });
		if (attr)
			c.setAttribute(attr, key);
		return c;
	}

	/* The whole board, with what may be chosen now. */
	function draw(o) {
		const L = layouts[G.players], P = G.position, svg = $('board');
		const M = marbles(L, P);
		while (svg.firstChild)
			svg.removeChild(svg.firstChild);
		drawBoard(svg, L, P);
		drawMarbles(svg, L, M);
		drawLabels(svg, L, P);
		if (!o)
			return;
		pick.segs.forEach((s) => mark(svg, L, s.to, 'pick'));
		const froms = {};
		o.segs.forEach((s) => { froms[s.from] = 1; });
		for (const key in froms) {
			if (key === pick.from)
				continue;
			mark(svg, L, key, 'pick');
			const c = mark(svg, L, key, 'hit', 'data-place');
			c.addEventListener('click', () => {
				pick.from = key;
				render();
			});
		}
		/* Targets on top: a marble to swap with is one as well. */
		if (pick.from !== null) {
			mark(svg, L, pick.from, 'sel');
			const seen = {};
			o.segs.filter((s) => s.from === pick.from).forEach((s) => {
				if (seen[s.to])
					return;
				seen[s.to] = 1;
				const c = mark(svg, L, s.to, 'target', 'data-target');
				c.addEventListener('click', () => choose('seg', s));
			});
		}
	}

	/* Is this word a card of the hand shown? */
	function inHand(w, hand) {
		return hand.indexOf(w) >= 0;
	}

	/* The hand, the prompt, the word choices and the buttons. */
	function panel(o) {
		const P = G.position, me = G.seat;
		const devil = P.phase === 'devil' && P.turn === me;
		const hs = devil ? P.victim : me;
		const hand = hs !== null && hs >= 0 ? P.hands[hs] : [];
		const handEl = $('hand'), ch = $('choices');
		handEl.textContent = '';
		ch.textContent = '';
		$('handtitle').textContent = hs === me ? T.hand :
		    fmt(T.hand_of, G.names[hs] || '?');
		$('handtitle').hidden = me === null;
		const mine = o !== null;
		/* The hand is for the card itself; later words are buttons. */
		const atCard = mine && pick.words.length === pick.base;
		/* The cards of the move built, taken or forced, each once. */
		const picked = mine ? pick.words.slice() : [];
		hand.forEach((c) => {
			const b = hel(handEl, 'button', c === '?' ? '?' :
			    G.words.cards[c] || c, 'card');
			b.type = 'button';
			b.setAttribute('data-card', c);
			const can = atCard && o.words.indexOf(c) >= 0;
			if (picked.indexOf(c) >= 0) {
				picked.splice(picked.indexOf(c), 1);
				b.classList.add('chosen');
			}
			b.disabled = !can;
			if (can) {
				b.classList.add('can');
				b.addEventListener('click', () => choose('word', c));
			}
		});
		if (mine) {
			o.words.filter((w) => !atCard || !inHand(w, hand))
			    .forEach((w) => {
				const b = hel(ch, 'button', w === 'discard' ?
				    T.discard : w === 'skip' ? T.skip :
				    G.words.cards[w] || w);
				b.type = 'button';
				b.setAttribute('data-word', w);
				b.addEventListener('click', () => choose('word', w));
			});
		}
		$('buttons').hidden = !mine;
		$('hint').hidden = !mine || !G.hints;
		$('send').disabled = !mine || !o.done || sending;
		$('back').disabled = !mine || (pick.history.length === 0 &&
		    pick.from === null);
		let prompt = '';
		if (mine) {
			const w = pick.words;
			const card = w[w.length - 1];
			if (o.done && o.segs.length === 0 && o.words.length === 0)
				prompt = T.ready;
			else if (pick.from !== null)
				prompt = o.segs.some((s) => s.from === pick.from &&
				    s.swap) ? T.pick_swap : T.pick_target;
			else if (o.segs.length > 0)
				prompt = T.pick_marble;
			else if (atCard && o.words.some((x) => inHand(x, hand)))
				prompt = w[0] === 'give' ? T.pick_gift : T.pick_card;
			else
				prompt = T.pick_what;
			if (card === '7' && (o.segs.length > 0 || o.done)) {
				const L = layouts[G.players];
				const used = pick.segs.reduce((n, s) => n + steps(L, s), 0);
				prompt += ' ' + fmt(T.steps_left, 7 - used);
			}
		} else if (G.seat === null)
			prompt = T.watching;
		$('prompt').textContent = prompt;
		/*
		 * The move so far in the notation /play takes: the words taken
		 * for the person (a Devil's or a TAC's card) are seen too.
		 */
		$('move').textContent = !mine ? '' : o.done && o.segs.length ===
		    0 && o.words.length === 0 ? o.done.text :
		    pick.words.concat(pick.segs.map((x) => x.text)).join(' ');
	}

	/* The lines under the board: whose turn, the last move. */
	function lines() {
		const P = G.position;
		let t = '';
		if (G.state === 'lobby')
			t = T.lobby;
		else if (G.state === 'aborted')
			t = T.aborted;
		else if (G.state === 'over' || (P && P.phase === 'over'))
			t = T.over;
		else if (P && G.seat === P.turn)
			t = T.your_turn;
		else if (P)
			t = fmt(T.turn_of, G.names[P.turn] || '?');
		$('turnline').textContent = t;
		$('lastline').textContent = G.last ? fmt(T.last,
		    (G.names[G.last.seat] || '?') + ': ' + G.last.action) : '';
		$('title').textContent = fmt(T.game, G.id) +
		    (G.title ? ' \u00b7 ' + G.title : '');
	}

	/* Draw everything for the game and the move being built. */
	function render() {
		lines();
		if (!G.position) {
			$('board').textContent = '';
			$('panel').hidden = true;
			return;
		}
		$('panel').hidden = false;
		const o = acts.length > 0 ? options() : null;
		draw(o);
		panel(o);
	}

	/* Fetch the game again and start a fresh move if its turn moved. */
	async function load() {
		const g = await api('/games/' + gameId);
		if (!layouts[g.players])
			layouts[g.players] = await api('/layout?players=' +
			    g.players);
		const fresh = !G || G.turn !== g.turn;
		G = g;
		if (fresh || !pick) {
			const M = G.position ? marbles(layouts[G.players],
			    G.position) : null;
			acts = G.position ? parseActs(G.legal, M) : [];
			resetPick();
		}
		document.documentElement.lang = G.lang || 'en';
		render();
	}

	/* Send the move built. */
	async function send() {
		const o = options();
		if (!o.done || sending)
			return;
		sending = true;
		status(T.sending);
		render();
		try {
			const r = await api('/games/' + gameId + '/actions',
			    { action: o.done.text, turn: G.turn });
			status(r.refused ? r.message : fmt(T.played, o.done.text),
			    r.refused);
			/* A fresh move: the turn moved on, or this one was refused. */
			pick = null;
			await load();
		} catch (e) {
			failed(e);
		}
		sending = false;
		render();
	}

	/* The hint of the turn (POST .../hint), said in the status line. */
	async function hint() {
		try {
			const r = await api('/games/' + gameId + '/hint',
			    { turn: G.turn });
			status(r.message, r.refused);
		} catch (e) {
			failed(e);
		}
	}

	/* Say what went wrong in words the person knows. */
	function failed(e) {
		if (e.code === 401)
			status(T.expired || e.message, true);
		else if (e.code === 404)
			status(T.not_found || e.message, true);
		else
			status(T.offline || e.message, true);
	}

	/* Wait for the game to move on, then show it; again and again. */
	async function poll(my) {
		while (my === polling) {
			try {
				const r = await api('/games/' + gameId +
				    '/wait?turn=' + (G ? G.turn : -1));
				if (my !== polling)
					return;
				if ($('status').className === 'bad' && !sending)
					status('');
				if (r.changed && !sending)
					await load();
				if (G && (G.state === 'over' || G.state === 'aborted'))
					return;
			} catch (e) {
				failed(e);
				if (e.code === 401 || e.code === 404)
					return;
				await new Promise((ok) => setTimeout(ok, 2000));
			}
		}
	}

	/* Open a game: draw it and follow it live. */
	async function open(id) {
		gameId = id;
		$('list').hidden = true;
		$('play').hidden = false;
		G = null;
		await load();
		poll(++polling);
	}

	/* The person's games to choose from (none, or several). */
	async function list() {
		const r = await api('/games');
		const box = $('list');
		box.textContent = '';
		box.hidden = false;
		$('title').textContent = T.games;
		if (r.games.length === 1)
			return open(r.games[0].id);
		if (r.games.length === 0)
			hel(box, 'p', T.no_games);
		r.games.forEach((g) => {
			const b = hel(box, 'button', fmt(T.game, g.id) +
			    (g.title ? ' \u00b7 ' + g.title : '') +
			    (g.my_turn ? ' \u00b7 ' + T.your_turn : ''), 'game');
			b.type = 'button';
			b.setAttribute('data-game', g.id);
			b.addEventListener('click', () => open(g.id).catch(failed));
		});
	}

	/* Which game the page was opened for: ?g=ID or start_param gID. */
	function wanted() {
		const q = new URLSearchParams(location.search).get('g');
		const sp = new URLSearchParams(init).get('start_param') || '';
		const m = /^\d+$/.exec(q || '') || /^g(\d+)$/.exec(sp);
		return m ? Number(m[1] || m[0]) : 0;
	}

	/* Start: words first, then the game or the list. */
	async function main() {
		readInit();
		$('back').addEventListener('click', back);
		$('send').addEventListener('click', send);
		$('hint').addEventListener('click', hint);
		try {
			T = (await api('/strings')).text;
			$('back').textContent = T.back;
			$('send').textContent = T.play;
			$('hint').textContent = '\u{1f4a1} ' + T.hint;
			document.title = T.title;
			$('title').textContent = T.title;
			const id = wanted();
			if (id > 0)
				await open(id);
			else
				await list();
		} catch (e) {
			failed(e);
		}
	}

	main();
})();
