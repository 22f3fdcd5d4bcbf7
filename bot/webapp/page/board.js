/*
 * board.js: the Mini App's board, drawn as SVG from the layout tacd
 * serves (GET api/layout: the PNG's own geometry, colours and label
 * rules, picture-layout.c), turned so that the seat it is seen from sits
 * at the bottom.  It draws marbles where a view puts them, the marks of
 * what can be chosen (each one a button a keyboard reaches too), the
 * seats' labels, and the last move's marbles moving along their way.
 * Names and words go in as text, never as markup.
 */
'use strict';
(function (root) {
	const NS = 'http://www.w3.org/2000/svg';

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

	/*
	 * The turn that puts seat s's start field at the bottom, where the
	 * layout draws seat 0's: a function from a point to the point.
	 */
	function rotation(L, s) {
		const at = (f) => Math.atan2(L.field[f][1] - L.cy,
		    L.field[f][0] - L.cx);
		const a = s > 0 && s < L.players ? at(L.start[0]) -
		    at(L.start[s]) : 0;
		const c = Math.cos(a), n = Math.sin(a);
		return (p) => [L.cx + (p[0] - L.cx) * c - (p[1] - L.cy) * n,
		    L.cy + (p[0] - L.cx) * n + (p[1] - L.cy) * c];
	}

	/* The seat whose start field f is, or -1. */
	function startSeat(L, f) {
		return L.start.indexOf(Number(f));
	}

	/* The middle of seat s's base. */
	function baseMid(L, s) {
		const b = L.base[s];
		return [b.reduce((n, q) => n + q[0], 0) / b.length,
		    b.reduce((n, q) => n + q[1], 0) / b.length];
	}

	/* The point of a place: "12", "2H3", "B1" (a base: its middle). */
	function where(L, key) {
		if (key[0] === 'B')
			return baseMid(L, Number(key.slice(1)));
		const h = key.indexOf('H');
		if (h > 0)
			return L.home[Number(key.slice(0, h))][Number(key.slice(h + 1))];
		return L.field[Number(key)];
	}

	/* Draw the empty board, as picture.c draws it. */
	function drawBoard(g, L, R) {
		const C = L.colour;
		el(g, 'rect', { x: 0, y: 0, width: L.size, height: L.size,
		    fill: C.background });
		el(g, 'circle', { cx: L.cx, cy: L.cy, r: L.r, fill: 'none',
		    stroke: C.track, 'stroke-width': L.width.track });
		for (let s = 0; s < L.players; s++) {
			const a = R(L.home[s][0]), b = R(L.home[s][4]);
			el(g, 'line', { x1: a[0], y1: a[1], x2: b[0], y2: b[1],
			    stroke: L.seat[s].line, 'stroke-width': L.width.track });
		}
		L.field.forEach((q, f) => {
			const s = startSeat(L, f), p = R(q);
			el(g, 'circle', { cx: p[0], cy: p[1], r: L.fr,
			    fill: s >= 0 ? L.seat[s].place : C.field,
			    stroke: s >= 0 ? L.seat[s].rim : C.rim,
			    'stroke-width': s >= 0 ? L.width.start : L.width.field });
		});
		for (let s = 0; s < L.players; s++) {
			for (let k = 1; k <= 4; k++) {
				const p = R(L.home[s][k]);
				el(g, 'circle', { cx: p[0], cy: p[1], r: L.fr,
				    fill: L.seat[s].place, stroke: L.seat[s].rim,
				    'stroke-width': L.width.home });
			}
			L.base[s].forEach((q) => {
				const p = R(q);
				el(g, 'circle', { cx: p[0], cy: p[1], r: L.slot,
				    fill: L.seat[s].slot });
			});
		}
		L.number.forEach((q, f) => {
			const s = startSeat(L, f), p = R(q);
			el(g, 'text', { x: p[0], y: p[1], 'text-anchor': 'middle',
			    'dominant-baseline': 'central',
			    'font-size': s >= 0 ? L.font.start : L.font.number,
			    'font-weight': s >= 0 ? 'bold' : 'normal',
			    fill: s >= 0 ? C.start : C.number }, String(f));
		});
	}

	/* A marble of seat s at p, radius r, with its colour's letter. */
	function drawMarble(g, L, p, r, s, fresh, letter, place) {
		const m = el(g, 'g', { class: 'marble', 'data-seat': s,
		    'data-at': place });
		el(m, 'circle', { cx: p[0], cy: p[1], r: r, fill: L.seat[s].marble,
		    stroke: L.colour.marble_rim, 'stroke-width': r * 0.14 });
		if (fresh)
			el(m, 'circle', { cx: p[0], cy: p[1], r: r * 1.38,
			    fill: 'none', stroke: L.colour.marble_rim,
			    'stroke-width': r * 0.16, 'stroke-dasharray': r * 0.35 });
		el(m, 'text', { x: p[0], y: p[1] + r * 0.05, 'text-anchor': 'middle',
		    'dominant-baseline': 'central', 'font-size': r * 1.2,
		    'font-weight': 'bold', fill: L.seat[s].letter }, letter);
		return m;
	}

	/* Every marble; base marbles fill their seat's slots in order. */
	function drawMarbles(g, L, R, M, letters) {
		for (const key in M.at) {
			drawMarble(g, L, R(where(L, key)), L.mr, M.at[key].seat,
			    M.at[key].fresh, letters[M.at[key].seat], key);
		}
		M.bases.forEach((n, s) => {
			for (let i = 0; i < n && i < 4; i++)
				drawMarble(g, L, R(L.base[s][i]), L.slot, s, false,
				    letters[s], 'B' + s + ':' + i);
		});
	}

	/* Do boxes a and b ([x, y, w, h]) overlap? */
	function overlap(a, b) {
		return a[0] < b[0] + b[2] && b[0] < a[0] + a[2] &&
		    a[1] < b[1] + b[3] && b[1] < a[1] + a[3];
	}

	/*
	 * A place for seat s's label box (w by h), found by the layout's
	 * rules as picture.c finds it: near its base, turning away from the
	 * start field's direction step by step until it is off the circle
	 * and its numbers, off every base with its start field's number
	 * beside it and off the labels placed before.
	 */
	function placeLabel(L, R, s, w, h, placed) {
		const LR = L.labels, p = R(L.label[s]);
		const m = L.size * LR.margin, d = L.mr * LR.base;
		const a0 = Math.atan2(p[1] - L.cy, p[0] - L.cx);
		const rad = Math.hypot(p[0] - L.cx, p[1] - L.cy);
		const bases = L.base.map((b, t) => {
			const c = R(baseMid(L, t));
			return [c[0] - d, c[1] - d, 2 * d, 2 * d];
		}).concat(L.start.map((f) => {
			/* Turned with the board; the text itself is not. */
			const b = L.number_box[f];
			const c = R([b[0] + b[2] / 2, b[1] + b[3] / 2]);
			return [c[0] - b[2] / 2, c[1] - b[3] / 2, b[2], b[3]];
		}));
		let first = null;
		for (let k = 0; k < LR.tries; k++) {
			const a = a0 + Math.floor((k + 1) / 2) * (k % 2 ? -1 : 1) *
			    LR.step;
			const x = Math.min(Math.max(L.cx + rad * Math.cos(a) - w / 2,
			    m), L.size - m - w);
			const y = Math.min(Math.max(L.cy + rad * Math.sin(a) - h / 2,
			    m), L.size - m - h);
			const box = [x, y, w, h];
			if (first === null)
				first = box;
			/* The point of the box nearest the centre. */
			const nx = Math.min(Math.max(L.cx, x), x + w);
			const ny = Math.min(Math.max(L.cy, y), y + h);
			if (Math.hypot(nx - L.cx, ny - L.cy) > L.r + L.size *
			    LR.clear && !bases.some((b) => overlap(box, b)) &&
			    !placed.some((b) => overlap(box, b)))
				return box;
		}
		return first;
	}

	/* The seats' labels (view.label(s): the text), the one to act framed. */
	function drawLabels(g, L, R, view) {
		const placed = [], C = L.labels;
		for (let s = 0; s < L.players; s++) {
			const turn = view.turn === s;
			const lg = el(g, 'g', { 'data-seat': s, class: 'label' +
			    (turn ? ' turn' : '') + (view.mate(s) ? ' mate' : '') });
			const box = el(lg, 'rect', { rx: 8, fill: turn ? C.turn_bg :
			    C.bg, stroke: C.rim, 'stroke-width': L.size *
			    (turn ? C.turn_width : C.width) });
			if (view.mate(s))
				box.setAttribute('stroke-dasharray', L.font.label * 0.5);
			const t = el(lg, 'text', { 'text-anchor': 'middle',
			    'dominant-baseline': 'central', 'font-size': L.font.label,
			    'font-weight': turn ? 'bold' : 'normal', fill: C.text },
			    view.label(s));
			let w = 160;
			try { w = t.getComputedTextLength() || 160; } catch (e) {
				w = 160;
			}
			const h = L.font.label * 1.8;
			const b = placeLabel(L, R, s, w + 20, h, placed);
			placed.push(b);
			t.setAttribute('x', b[0] + b[2] / 2);
			t.setAttribute('y', b[1] + h / 2);
			box.setAttribute('x', b[0]);
			box.setAttribute('y', b[1]);
			box.setAttribute('width', b[2]);
			box.setAttribute('height', h);
		}
	}

	/*
	 * A round mark at a place: a ring for a choice, or (with act) a
	 * button: clicked, tapped or pressed with Enter or Space.
	 */
	function mark(g, L, R, key, cls, act) {
		const p = R(where(L, key));
		const r = key[0] === 'B' ? L.mr * 2.6 : L.fr * 1.45;
		const c = el(g, 'circle', { cx: p[0], cy: p[1], r: r, class: cls });
		if (act) {
			c.setAttribute('role', 'button');
			c.setAttribute('tabindex', '0');
			c.setAttribute('aria-label', act.label);
			c.setAttribute(act.attr, key);
			c.addEventListener('click', act.fn);
			c.addEventListener('keydown', (e) => {
				if (e.key === 'Enter' || e.key === ' ') {
					e.preventDefault();
					act.fn();
				}
			});
		}
		return c;
	}

	/*
	 * Draw the board for a view: {L, seat: the one at the bottom, M: the
	 * marbles, letters, turn, label(s), mate(s), marks: {rings: [place],
	 * froms: [{place, label, fn}], sel: place or null, targets: [{place,
	 * label, fn}]}}.  The layer of marbles comes back, for animate().
	 */
	function draw(svg, view) {
		const L = view.L, R = rotation(L, view.seat);
		while (svg.firstChild)
			svg.removeChild(svg.firstChild);
		drawBoard(el(svg, 'g', {}), L, R);
		const mg = el(svg, 'g', { class: 'marbles' });
		drawMarbles(mg, L, R, view.M, view.letters);
		drawLabels(el(svg, 'g', {}), L, R, view);
		const k = view.marks;
		if (!k)
			return mg;
		const g = el(svg, 'g', { class: 'marks' });
		k.rings.forEach((p) => mark(g, L, R, p, 'pick'));
		k.froms.forEach((f) => {
			mark(g, L, R, f.place, 'pick');
			mark(g, L, R, f.place, 'hit', { attr: 'data-place',
			    label: f.label, fn: f.fn });
		});
		if (k.sel !== null)
			mark(g, L, R, k.sel, 'sel');
		/* Targets on top: a marble to swap with is one as well. */
		k.targets.forEach((t) => mark(g, L, R, t.place, 'target',
		    { attr: 'data-target', label: t.label, fn: t.fn }));
		return mg;
	}

	/*
	 * Move the marbles of the last move from where they were to where
	 * the board drew them: each along its path (motions from
	 * TacMove.motion()), the kicked ones after the rest.  Nothing moves
	 * when the person asks for less motion.  Resolves when done.
	 */
	function animate(layer, L, seat, motions, reduce) {
		const R = rotation(L, seat), step = 110, jobs = [];
		if (reduce || motions.length === 0)
			return Promise.resolve(0);
		const used = {};
		let t = 0, movers = 0;
		motions.forEach((m) => {
			const end = m.path[m.path.length - 1];
			let sel = '[data-at="' + end + '"]';
			if (end[0] === 'B') {
				/* The last slots of the base filled, one each. */
				const n = layer.querySelectorAll('[data-seat="' + m.seat +
				    '"][data-at^="B"]').length;
				used[end] = (used[end] || 0) + 1;
				sel = '[data-at="B' + m.seat + ':' + (n - used[end]) + '"]';
			}
			const e = layer.querySelector(sel);
			if (e === null || typeof e.animate !== 'function')
				return;
			const q = R(where(L, end));
			const frames = m.path.map((p) => {
				const r = R(where(L, p));
				return { transform: 'translate(' + (r[0] - q[0]) + 'px, ' +
				    (r[1] - q[1]) + 'px)' };
			});
			const d = Math.min(1400, step * (m.path.length - 1) + 150);
			const delay = m.after >= 0 ? t : 0;
			if (m.after < 0) {
				movers++;
				t = Math.max(t, d);
			}
			const a = e.animate(frames, { duration: d, delay: delay,
			    easing: 'ease-in-out', fill: 'backwards' });
			jobs.push(a.finished.catch(() => null));
		});
		layer.setAttribute('data-moving', String(jobs.length));
		return Promise.all(jobs).then(() => {
			layer.setAttribute('data-moving', '0');
			return movers;
		});
	}

	root.TacBoard = { draw: draw, animate: animate, rotation: rotation,
	    where: where };
})(this);
