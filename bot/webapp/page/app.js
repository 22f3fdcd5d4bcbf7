/*
 * app.js: the Mini App's page.  It shows a game from the viewer's seat
 * (a watcher picks the seat, or sees the first), builds a move by taps
 * out of the server's legal list (move.js), draws the board (board.js)
 * with the last move moving along its way, replays any move of the game
 * with a scrubber, and follows the game live with long polls.  It talks
 * to Telegram through tg.js.  Every text is the server's, in the
 * person's language: the page's words come with it (words.js, every
 * language, so that even a first request that fails is told in theirs),
 * the moves in words with each game.  Names and texts go in as text,
 * never as markup.
 */
'use strict';
(function () {
	const $ = (id) => document.getElementById(id);
	const reduce = window.matchMedia &&
	    window.matchMedia('(prefers-reduced-motion: reduce)');
	/* The page's state; S.G is the move shown, S.live the game now. */
	const S = { init: '', lang: 'en', T: {}, layouts: {}, handle: null,
	    fromList: false, G: null, live: null, b: null, sending: false,
	    polling: 0, view: 0, frames: {}, timer: null, shown: null };

	/* Fill %s and %d in order. */
	function fmt(s) {
		const args = Array.prototype.slice.call(arguments, 1);
		let i = 0;
		return String(s).replace(/%[sd]/g, () => String(args[i++]));
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

	/* Say something in the status line. */
	function status(text, bad) {
		$('status').textContent = text || '';
		$('status').className = bad ? 'bad' : '';
	}

	/* The person the init data names, as far as the page needs: {id, lang}. */
	function who() {
		try {
			const u = JSON.parse(new URLSearchParams(S.init).get('user'));
			return { id: u && u.id || 0, lang: u && u.language_code || '' };
		} catch (e) {
			return { id: 0, lang: '' };
		}
	}

	/* The page's words in a language tacd speaks (words.js), kept. */
	function speak(lang) {
		const all = window.TAC_WORDS || {};
		const l = String(lang || '').slice(0, 2).toLowerCase();
		S.lang = all[l] ? l : 'en';
		S.T = all[S.lang] || {};
		document.documentElement.lang = S.lang;
		try { localStorage.setItem('tac-lang:' + who().id, S.lang); } catch (e) {
			/* no storage */
		}
		bind();
	}

	/*
	 * The language before tacd has said: the one it spoke to this person
	 * last time here, else Telegram's.
	 */
	function firstLang() {
		let l = null;
		try { l = localStorage.getItem('tac-lang:' + who().id); } catch (e) {
			l = null;
		}
		return l || who().lang || 'en';
	}

	/* A colour's relative luminance (WCAG). */
	function lum(hex) {
		const h = hex.length === 4 ? hex.replace(/[0-9a-f]/gi, '$&$&') : hex;
		const c = [1, 3, 5].map((i) => parseInt(h.substr(i, 2), 16) / 255)
		    .map((v) => v <= 0.03928 ? v / 12.92 :
		    Math.pow((v + 0.055) / 1.055, 2.4));
		return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
	}

	/* The contrast of two colours. */
	function contrast(a, b) {
		const x = lum(a), y = lum(b);
		return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
	}

	/* A colour moved toward black (t < 0) or white by |t|. */
	function shade(hex, t) {
		const h = hex.length === 4 ? hex.replace(/[0-9a-f]/gi, '$&$&') : hex;
		return '#' + [1, 3, 5].map((i) => {
			const v = parseInt(h.substr(i, 2), 16);
			const r = Math.round(t < 0 ? v * (1 + t) : v + (255 - v) * t);
			return ('0' + r.toString(16)).slice(-2);
		}).join('');
	}

	/*
	 * Take Telegram's colours, made readable where they would not be:
	 * a hint too faint on the background is the text's colour, a button
	 * whose text would not stand out is darkened or lightened until it
	 * does.
	 */
	function paint(theme) {
		const ok = (c) => typeof c === 'string' && /^#[0-9a-f]{3}([0-9a-f]{3})?$/i
		    .test(c);
		const css = document.documentElement.style;
		const bg = ok(theme.bg_color) ? theme.bg_color : '#ffffff';
		const text = ok(theme.text_color) ? theme.text_color :
		    lum(bg) < 0.2 ? '#f5f5f5' : '#1b1b1b';
		let muted = ok(theme.hint_color) ? theme.hint_color : '#6f6f6f';
		if (contrast(muted, bg) < 4.5)
			muted = text;
		let btn = ok(theme.button_color) ? theme.button_color : '#2a8bd1';
		const btext = ok(theme.button_text_color) ? theme.button_text_color :
		    '#ffffff';
		for (let i = 0; i < 10 && contrast(btn, btext) < 4.5; i++)
			btn = shade(btn, lum(btext) > 0.5 ? -0.12 : 0.12);
		const second = ok(theme.secondary_bg_color) ?
		    theme.secondary_bg_color : lum(bg) < 0.2 ? '#232e3c' : '#f1f1f1';
		const bad = ['#c0392b', '#ff8a80'].sort((a, b) => contrast(b, bg) -
		    contrast(a, bg))[0];
		const vars = { '--bg': bg, '--text': text, '--hint': muted,
		    '--button': btn, '--button-text': btext, '--secondary-bg': second,
		    '--bad': bad, '--link': ok(theme.link_color) &&
		    contrast(theme.link_color, bg) >= 4.5 ? theme.link_color : text };
		for (const k in vars)
			css.setProperty(k, vars[k]);
		document.documentElement.setAttribute('data-theme',
		    lum(bg) < 0.2 ? 'dark' : 'light');
	}

	/* One API request: its JSON, refused ones marked; or an Error. */
	async function api(path, body) {
		const opts = { headers: { Authorization: 'tma ' + S.init },
		    cache: 'no-store' };
		if (body !== undefined) {
			opts.method = 'POST';
			opts.headers['Content-Type'] = 'application/json';
			opts.body = JSON.stringify(body);
		}
		const r = await fetch('api' + path, opts);
		let j = null;
		try { j = await r.json(); } catch (e) { j = null; }
		if (r.status === 409) {
			/* A refusal a proxy made up, or cut: said in our words. */
			if (j === null || typeof j !== 'object')
				j = { message: S.T.failed };
			j.refused = true;
			return j;
		}
		if (!r.ok || j === null) {
			const e = new Error(j && j.message || r.statusText);
			e.code = r.ok ? 500 : r.status;
			throw e;
		}
		return j;
	}

	/* Say what went wrong in words the person knows. */
	function failed(e) {
		const T = S.T, words = { 401: T.expired, 404: T.not_found,
		    429: T.busy, 500: T.failed, 503: T.failed };
		status(words[e.code] || T.offline, true);
		TacTg.feel('error');
	}

	/* The geometry move.js needs. */
	function geo(L) {
		return { fields: L.fields, start: L.start };
	}

	/* The seat the board is seen from: the viewer's, or the chosen one. */
	function bottom() {
		const G = S.G;
		return G.seat !== null ? G.seat : S.view < G.players ? S.view : 0;
	}

	/* Is seat s on the team of the seat seen from (and not it)? */
	function mate(s) {
		const G = S.G, me = bottom();
		return s !== me && G.seats[s] && G.seats[me] &&
		    G.seats[s].team === G.seats[me].team;
	}

	/* A seat's label: name, cards left, and who it is to the viewer. */
	function label(s) {
		const G = S.G, T = S.T, P = G.position;
		let t = (G.names[s] || '?') + ' \u00b7 ' + fmt(T.cards_left,
		    P.hands[s].length);
		if (s === G.seat)
			t += ' \u00b7 ' + T.you;
		else if (mate(s))
			t += ' \u00b7 ' + (G.together || G.players === 6 &&
			    P.teams === 'triples' ? T.teammate : T.partner);
		return t;
	}

	/* A place said for a screen reader: "12", "home 2", "base". */
	function placeWords(key) {
		const T = S.T;
		if (key[0] === 'B')
			return T.place_base;
		const h = TacMove.home(key);
		return h ? fmt(T.place_home, h[1]) : key;
	}

	/* Is the move shown the game as it is now, with a move to build? */
	function building() {
		return S.b !== null && S.G === S.live && S.G.legal.length > 0;
	}

	/* The marks of what may be chosen now. */
	function marks(o) {
		const p = S.b.pick, T = S.T, froms = {};
		const k = { rings: p.segs.map((s) => s.to), froms: [], sel: p.from,
		    targets: [] };
		o.segs.forEach((s) => { froms[s.from] = 1; });
		for (const key in froms) {
			if (key === p.from)
				continue;
			k.froms.push({ place: key, label: fmt(T.marble_at,
			    placeWords(key)), fn: () => {
				S.b.select(key);
				TacTg.feel('choice');
				render();
			} });
		}
		if (p.from !== null) {
			const seen = {};
			o.segs.filter((s) => s.from === p.from).forEach((s) => {
				if (seen[s.to])
					return;
				seen[s.to] = 1;
				k.targets.push({ place: s.to, label: fmt(T.goes_to,
				    placeWords(s.to)), fn: () => choose('seg', s) });
			});
		}
		return k;
	}

	/*
	 * Draw the board: the marbles as the move shown has them, or, while
	 * a move is built, where its chosen segments take them.  With
	 * motion, the move that led here moves along its way.
	 */
	function board(o, motion) {
		const G = S.G, L = S.layouts[G.players], svg = $('board');
		const M = TacMove.marbles(G.position.marbles);
		const view = { L: L, seat: bottom(), M: M, letters:
		    G.words.colours.map((c) => Array.from(c || '?')[0]),
		    turn: G.state === 'playing' ? G.position.turn : -1,
		    label: label, mate: mate, marks: null };
		if (o) {
			const p = S.b.pick;
			view.M = TacMove.predict(geo(L), M, S.b.card(), p.segs);
			view.marks = marks(o);
		}
		svg.setAttribute('aria-label', fmt(S.T.board_of,
		    G.names[view.seat] || '?'));
		const layer = TacBoard.draw(svg, view);
		if (!motion || !G.last || !G.last.before)
			return;
		const moved = TacMove.motion(geo(L), TacMove.marbles(G.last.before),
		    M, G.last.action);
		TacBoard.animate(layer, L, view.seat, moved, reduce && reduce.matches);
	}

	/* Is this word a card of the hand shown? */
	function inHand(w, hand) {
		return hand.indexOf(w) >= 0;
	}

	/* The hand shown: the viewer's, a Devil's victim's, or the seat seen. */
	function handSeat() {
		const G = S.G, P = G.position, me = G.seat;
		if (me !== null && P.phase === 'devil' && P.turn === me)
			return P.victim;
		if (me !== null)
			return me;
		return G.open ? bottom() : null;
	}

	/* The prompt for the move being built. */
	function prompt(o, hand, atCard) {
		const T = S.T, p = S.b.pick, w = p.words;
		let t;
		if (o.done && o.segs.length === 0 && o.words.length === 0)
			t = T.ready;
		else if (p.from !== null)
			t = o.segs.some((s) => s.from === p.from && s.swap) ?
			    T.pick_swap : T.pick_target;
		else if (o.segs.length > 0)
			t = T.pick_marble;
		else if (atCard && o.words.some((x) => inHand(x, hand)))
			t = w[0] === 'give' ? T.pick_gift : T.pick_card;
		else
			t = T.pick_what;
		if (S.b.card() === '7' && (o.segs.length > 0 || o.done))
			t += ' ' + fmt(T.steps_left, 7 - S.b.used());
		return t;
	}

	/* The hand, the prompt, the word choices and the buttons. */
	function panel(o) {
		const G = S.G, T = S.T, P = G.position, hs = handSeat();
		const hand = hs !== null && hs >= 0 ? P.hands[hs] : [];
		const mine = o !== null, p = mine ? S.b.pick : null;
		$('hand').textContent = '';
		$('choices').textContent = '';
		$('handtitle').textContent = hs === G.seat ? T.hand :
		    fmt(T.hand_of, G.names[hs] || '?');
		$('handtitle').hidden = hs === null;
		/* The hand is for the card itself; later words are buttons. */
		const atCard = mine && p.words.length === p.base;
		const picked = mine ? p.words.slice() : [];
		hand.forEach((c) => {
			const b = hel($('hand'), 'button', c === '?' ? '?' :
			    G.words.cards[c] || c, 'card');
			b.type = 'button';
			b.setAttribute('data-card', c);
			const can = atCard && o.words.indexOf(c) >= 0;
			if (picked.indexOf(c) >= 0) {
				picked.splice(picked.indexOf(c), 1);
				b.classList.add('chosen');
				b.setAttribute('aria-pressed', 'true');
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
				const b = hel($('choices'), 'button', w === 'discard' ?
				    T.discard : w === 'skip' ? T.skip :
				    G.words.cards[w] || w);
				b.type = 'button';
				b.setAttribute('data-word', w);
				b.addEventListener('click', () => choose('word', w));
			});
		}
		const done = mine && o.done && o.segs.length === 0 &&
		    o.words.length === 0;
		$('buttons').hidden = !mine;
		$('send').hidden = TacTg.hasMain();
		$('back').hidden = TacTg.hasBack();
		$('send').disabled = !done || S.sending;
		$('back').disabled = !mine || !S.b.started();
		$('hint').hidden = !mine || !G.hints;
		$('prompt').textContent = mine ? prompt(o, hand, atCard) :
		    G.seat === null && G.state === 'playing' ? T.watching : '';
		/* The move so far, as the chat's buttons word it. */
		$('move').textContent = mine ? S.b.words(G.moves) : '';
		TacTg.main(T.play, done, !S.sending, S.sending, send);
		TacTg.back(mine && S.b.started() || !mine && S.fromList, goBack);
		TacTg.confirmClose(mine && S.b.started());
	}

	/* The lines under the board: whose turn, the last move. */
	function lines() {
		const G = S.G, T = S.T, P = G.position;
		let t = '';
		if (G.state === 'lobby')
			t = T.lobby;
		else if (G.state === 'aborted')
			t = T.aborted;
		else if (G.state === 'over' && G.at === G.turn && G.together)
			/* Team-TAC: everyone won, with the cards played. */
			t = G.together;
		else if (G.state === 'over' && G.at === G.turn)
			t = G.winner !== null ? fmt(T.won, G.seats.map((x, s) => s)
			    .filter((s) => G.seats[s].team === G.winner)
			    .map((s) => G.names[s]).join(', ')) : T.over;
		else if (G.at !== G.turn)
			t = G.state === 'playing' ? T.earlier : '';
		else if (G.exchange !== null && G.seat !== null &&
		    P.gifts[G.seat] !== null)
			/* All give at once: theirs is in, face down. */
			t = T.gave_wait;
		else if (G.exchange !== null && G.seat === null)
			t = G.exchange;
		else if (G.exchange !== null)
			t = T.your_turn;
		else if (P && G.seat === P.turn)
			t = T.your_turn;
		else if (P)
			t = fmt(T.turn_of, G.names[P.turn] || '?');
		/* Team-TAC: the cards played so far, the score. */
		if (G.together && G.state === 'playing' && G.at === G.turn)
			t += (t ? ' \u00b7 ' : '') + G.together;
		$('turnline').textContent = t;
		$('lastline').textContent = G.last ? fmt(T.last, G.last.line) : '';
		$('title').textContent = fmt(T.game, G.id) +
		    (G.title ? ' \u00b7 ' + G.title : '');
	}

	/* A watcher's choice of the seat the board is seen from. */
	function seats() {
		const G = S.G, box = $('seats');
		box.textContent = '';
		box.hidden = G.seat !== null || !G.position;
		if (box.hidden)
			return;
		hel(box, 'span', S.T.view_from, 'seatsay');
		G.names.forEach((n, s) => {
			const b = hel(box, 'button', n, 'seat');
			b.type = 'button';
			b.setAttribute('data-view', s);
			b.setAttribute('aria-pressed', String(s === bottom()));
			b.addEventListener('click', () => {
				S.view = s;
				TacTg.feel('choice');
				render();
			});
		});
	}

	/* The scrubber: which move is shown of how many. */
	function scrubber() {
		const G = S.G, T = S.T, on = !!G.position && G.turn > 0;
		$('scrub').hidden = !on;
		if (!on)
			return;
		$('at').max = String(G.turn);
		$('at').value = String(G.at);
		$('atsay').textContent = fmt(T.move_of, G.at, G.turn);
		$('first').disabled = $('prev').disabled = G.at === 0;
		$('next').disabled = $('end').disabled = G.at === G.turn;
		$('playm').setAttribute('aria-label', S.timer ? T.pause :
		    T.play_moves);
		$('playm').setAttribute('aria-pressed', String(!!S.timer));
		$('playm').classList.toggle('on', !!S.timer);
	}

	/* Draw everything for the move shown and the move being built. */
	function render(motion) {
		const G = S.G;
		lines();
		seats();
		scrubber();
		if (!G.position) {
			$('board').textContent = '';
			$('panel').hidden = true;
			TacTg.main('', false, false, false, null);
			return;
		}
		$('panel').hidden = false;
		const o = building() ? S.b.options() : null;
		board(o, motion);
		panel(o);
	}

	/* One choice of the move being built: a word, or a segment. */
	function choose(kind, v) {
		S.b.choose(kind, v);
		TacTg.feel('choice');
		render();
	}

	/*
	 * Back: a step of the move being built, else the list the game was
	 * chosen from.
	 */
	function goBack() {
		if (building() && S.b.back()) {
			TacTg.feel('choice');
			render();
		} else if (S.fromList) {
			S.polling++;
			list().catch(failed);
		}
	}

	/* The layout of a board of n seats, asked once. */
	async function layout(n) {
		if (!S.layouts[n])
			S.layouts[n] = await api('/layout?players=' + n);
		return S.layouts[n];
	}

	/* Fetch move at of the game (-1: as it is now); frames are kept. */
	async function fetchAt(at) {
		if (at >= 0 && S.frames[at] && S.frames[at].turn === (S.live ?
		    S.live.turn : -1))
			return S.frames[at];
		const g = await api('/games/' + S.handle + (at >= 0 ? '?at=' + at :
		    ''));
		await layout(g.players);
		if (g.lang && g.lang !== S.lang)
			speak(g.lang);
		S.frames[g.at] = g;
		return g;
	}

	/* Take the game as it is now; a fresh move when its turn moved on. */
	function takeLive(g) {
		const fresh = !S.live || S.live.turn !== g.turn ||
		    S.live.legal.length !== g.legal.length;
		S.live = g;
		if (fresh || !S.b)
			S.b = g.position && g.legal.length > 0 ? TacMove.builder(
			    geo(S.layouts[g.players]), g.legal, TacMove.marbles(
			    g.position.marbles)) : null;
	}

	/* Show move at (-1: now); its move moves when it is the next one. */
	async function show(at) {
		const g = await fetchAt(at);
		if (at < 0 || g.at === g.turn)
			takeLive(g);
		const motion = S.G !== null && g.at === S.G.at + 1;
		S.G = g.at === g.turn && S.live && S.live.turn === g.turn ? S.live : g;
		render(motion);
	}

	/* Send the move built. */
	async function send() {
		if (!building() || S.sending)
			return;
		const o = S.b.options();
		if (!o.done || o.segs.length > 0 || o.words.length > 0)
			return;
		const words = S.b.words(S.G.moves);
		S.sending = true;
		status(S.T.sending);
		render();
		try {
			const r = await api('/games/' + S.handle + '/actions',
			    { action: o.done.text, turn: S.G.turn });
			status(r.refused ? r.message : fmt(S.T.played, words),
			    r.refused);
			TacTg.feel(r.refused ? 'error' : 'success');
			S.live = null;
			S.frames = {};
			S.sending = false;
			await show(-1);
		} catch (e) {
			S.sending = false;
			failed(e);
			render();
		}
	}

	/* The hint of the turn, said in the status line. */
	async function hint() {
		try {
			const r = await api('/games/' + S.handle + '/hint',
			    { turn: S.G.turn });
			status(r.message, r.refused);
			if (r.refused)
				TacTg.feel('error');
		} catch (e) {
			failed(e);
		}
	}

	/* Go to move n of the replay (stopping a play unless it plays). */
	async function go(n, playing) {
		if (!playing)
			stop();
		const top = S.live ? S.live.turn : S.G.turn;
		n = Math.max(0, Math.min(top, n));
		try {
			await show(n === top ? -1 : n);
		} catch (e) {
			stop();
			failed(e);
		}
	}

	/* Stop playing the moves. */
	function stop() {
		if (S.timer)
			clearInterval(S.timer);
		S.timer = null;
		if (S.G)
			scrubber();
	}

	/* Play the moves one after the other, to the latest. */
	function play() {
		if (S.timer) {
			stop();
			return;
		}
		if (S.G.at === S.G.turn)
			go(0, true);
		S.timer = setInterval(() => {
			if (S.G.at >= S.G.turn)
				stop();
			else
				go(S.G.at + 1, true);
		}, reduce && reduce.matches ? 900 : 1300);
		scrubber();
	}

	/* Wait for the game to move on, then show it; again and again. */
	async function poll(my) {
		while (my === S.polling) {
			try {
				const turn = S.live ? S.live.turn : -1;
				const r = await api('/games/' + S.handle + '/wait?turn=' +
				    turn);
				if (my !== S.polling)
					return;
				if ($('status').className === 'bad' && !S.sending)
					status('');
				if (r.changed && !S.sending) {
					const now = S.G === S.live;
					const g = await fetchAt(-1);
					takeLive(g);
					const motion = now && g.at === S.G.at + 1;
					if (now)
						S.G = S.live;
					render(motion && now);
				}
				if (S.live && (S.live.state === 'over' ||
				    S.live.state === 'aborted'))
					return;
				/* Let go early (tacd holds too many): not at once. */
				if (r.again > 0)
					await new Promise((ok) => setTimeout(ok,
					    1000 * r.again));
			} catch (e) {
				failed(e);
				if (e.code === 401 || e.code === 404)
					return;
				await new Promise((ok) => setTimeout(ok, 2000));
			}
		}
	}

	/* Open a game: show it as it is now, its last move moving; follow it. */
	async function open(handle) {
		S.handle = handle;
		S.G = S.live = S.b = null;
		S.frames = {};
		stop();
		$('list').hidden = true;
		$('play').hidden = false;
		const g = await fetchAt(-1);
		takeLive(g);
		S.G = S.live;
		render(true);
		poll(++S.polling);
	}

	/* The person's games to choose from (none, or several). */
	async function list() {
		const r = await api('/games');
		const box = $('list');
		if (r.lang && r.lang !== S.lang)
			speak(r.lang);
		box.textContent = '';
		box.hidden = false;
		$('play').hidden = true;
		$('title').textContent = S.T.games;
		TacTg.main('', false, false, false, null);
		TacTg.back(false, null);
		if (r.games.length === 1 && !S.fromList)
			return open(r.games[0].key || String(r.games[0].id));
		S.fromList = true;
		if (r.games.length === 0)
			hel(box, 'p', S.T.no_games);
		r.games.forEach((g) => {
			const b = hel(box, 'button', fmt(S.T.game, g.id) +
			    (g.title ? ' \u00b7 ' + g.title : '') +
			    (g.my_turn ? ' \u00b7 ' + S.T.your_turn : ''), 'game');
			b.type = 'button';
			b.setAttribute('data-game', g.key || g.id);
			b.addEventListener('click', () => open(g.key ||
			    String(g.id)).catch(failed));
		});
	}

	/*
	 * Which game the page was opened for: a link's start_param (the
	 * game's key, or an old link's "gID"), or ?g= of a button's URL.
	 */
	function wanted() {
		const q = new URLSearchParams(location.search).get('g') || '';
		const sp = new URLSearchParams(S.init).get('start_param') || '';
		const h = sp || q;
		const m = /^g?([0-9]{1,18})$/.exec(h) || /^([A-Za-z0-9]{22})$/.exec(h);
		return m ? m[1] : null;
	}

	/* The controls' words and what they do. */
	function bind() {
		const T = S.T;
		$('back').textContent = T.back;
		$('send').textContent = T.play;
		$('hint').textContent = '\u{1f4a1} ' + T.hint;
		document.title = T.title;
		if (!S.G)
			$('title').textContent = T.title;
		$('scrub').setAttribute('aria-label', T.moves);
		$('at').setAttribute('aria-label', T.moves);
		[['first', T.first], ['prev', T.prev], ['next', T.next],
		    ['end', T.end], ['playm', T.play_moves]].forEach((x) =>
		    $(x[0]).setAttribute('aria-label', x[1]));
	}

	/* Start: words first, then the game or the list. */
	async function main() {
		S.init = TacTg.initData();
		speak(firstLang());
		paint(TacTg.theme());
		TacTg.start();
		TacTg.onChange(() => paint(TacTg.theme()), (h) => {
			if (h > 0)
				document.documentElement.style.setProperty('--vh',
				    h + 'px');
		});
		if (TacTg.height() > 0)
			document.documentElement.style.setProperty('--vh',
			    TacTg.height() + 'px');
		$('back').addEventListener('click', goBack);
		$('send').addEventListener('click', send);
		$('hint').addEventListener('click', hint);
		$('first').addEventListener('click', () => go(0));
		$('prev').addEventListener('click', () => go(S.G.at - 1));
		$('next').addEventListener('click', () => go(S.G.at + 1));
		$('end').addEventListener('click', () => go(S.live ? S.live.turn :
		    S.G.turn));
		$('playm').addEventListener('click', play);
		$('at').addEventListener('change', () => go(Number($('at').value)));
		try {
			const h = wanted();
			if (h !== null)
				await open(h);
			else
				await list();
		} catch (e) {
			failed(e);
		}
	}

	main();
})();
