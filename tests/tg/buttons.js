// buttons.js: one person and three AI players play a whole game against
// tests/tg/fakeapi.js, the person only by pressing the bot's buttons.
//
// usage: node buttons.js CTL-URL SEED [OPTIONS]
//
// Anna (1000) opens a lobby in the group with "/new ... OPTIONS seed=SEED",
// presses "Add AI" three times and "Start".  Then, until the game is
// over, she takes her live menu keyboard (the message in her private
// chat whose buttons carry the highest turn, "GAME:TURN:menu PATH"),
// presses one of its buttons chosen by a generator seeded with SEED
// ("back" one time in four where there is one, "more" as any other),
// and waits until the bot has answered.  Once, after a move of hers,
// she presses a button of the turn she played: it must be refused.  At
// the end every keyboard the bot sent or edited is checked: at most 12
// buttons, labels of at most 40 characters.  Prints "ok: ..." and
// "FAIL: ..." lines (counted by buttons.sh), progress on stderr; exits 1
// when the game cannot go on.
'use strict';
const http = require('http');

const [ctl, seedText, options] = process.argv.slice(2, 5);
let seed = Number(seedText) >>> 0 || 1;
const anna = { id: 1000, first_name: 'Anna', is_bot: false,
    language_code: 'en', username: 'anna' };
const group = { id: -88, type: 'group', title: 'Friends' };
const me = String(anna.id);
const { HANG_GUARD_MS } = require('./guard');
// A game ends within this many presses (it takes about 200): more is a
// loop of menus that never moves.
const MAX_PRESSES = 5000;
let updateNo = 0, callbackNo = 0;
const say = (ok, what) => console.log((ok ? 'ok: ' : 'FAIL: ') + what);

// A small generator: the same seed, the same presses.
function rand(n) {
	seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
	return (seed >>> 8) % n;
}

// One control call of the fake API: its result.
function call(path, body) {
	return new Promise((resolve, reject) => {
		const data = body === undefined ? null : JSON.stringify(body);
		const req = http.request(ctl + path, { method: data ? 'POST' :
		    'GET', headers: data ? { 'Content-Type':
		    'application/json' } : {} }, res => {
			let t = '';
			res.on('data', d => t += d);
			res.on('end', () => {
				try {
					resolve(JSON.parse(t).result);
				} catch (e) {
					reject(new Error(path + ': ' + t));
				}
			});
		});
		req.on('error', reject);
		if (data)
			req.write(data);
		req.end();
	});
}

const sleep = ms => new Promise(r => setTimeout(r, ms));

// Anna writes text in chat.
async function write(chat, text) {
	updateNo++;
	await call('/ctl/updates', [{ message: { message_id: 5000 + updateNo,
	    from: anna, chat: chat, date: Math.floor(Date.now() / 1000),	// not asserted
	    text: text } }]);
}

// Anna presses button data on message msg.
async function press(msg, data) {
	callbackNo++;
	await call('/ctl/updates', [{ callback_query: { id: 'q' + callbackNo,
	    from: anna, chat_instance: 'ci', data: data, message: {
	    message_id: msg.message_id, chat: msg.chat === me ?
	    { id: anna.id, type: 'private', first_name: 'Anna' } : group } } }]);
	return 'q' + callbackNo;
}

// The buttons of a stored reply_markup, flat: [{text, data}].
function keys(markup) {
	if (!markup)
		return [];
	const m = typeof markup === 'string' ? JSON.parse(markup) : markup;
	const rows = m.inline_keyboard || [];
	return [].concat(...rows).map(b => ({ text: b.text,
	    data: b.callback_data || '' }));
}

// Wait until f(messages) gives something; null at the hang guard.
async function until(f) {
	const end = Date.now() + HANG_GUARD_MS;	// hang guard
	while (Date.now() < end) {	// hang guard
		const r = f(await call('/ctl/messages'));
		if (r)
			return r;
		await sleep(20);
	}
	return null;
}

// Has the bot said the game is over (in the group or to Anna)?
function over(ms) {
	return ms.some(m => (m.chat === String(group.id) || m.chat === me) &&
	    /Game over|without a winner/.test((m.text || '') +
	    (m.caption || '')));
}

// Anna's live menu: the message with menu buttons of the highest turn.
function live(ms) {
	let best = null, bestTurn = -1;

	for (const m of ms) {
		if (m.chat !== me || m.deleted)
			continue;
		for (const k of keys(m.reply_markup)) {
			const t = /^\d+:(\d+):menu /.exec(k.data);
			if (t && (Number(t[1]) > bestTurn || (Number(t[1]) ===
			    bestTurn && m.message_id > best.message_id))) {
				best = m;
				bestTurn = Number(t[1]);
			}
		}
	}
	return best ? { msg: best, turn: bestTurn } : null;
}

// How a message stands: what a press must change.
const state = m => JSON.stringify([m.text, m.caption, m.reply_markup,
    m.edits]);

async function lobby() {
	await write({ id: anna.id, type: 'private', first_name: 'Anna' },
	    '/start');
	await write(group, '/new 4 pairs master tac auto=off ' + (options ?
	    options + ' ' : '') + 'seed=' + seedText);
	const lob = await until(ms => ms.find(m => m.chat ===
	    String(group.id) && keys(m.reply_markup).some(k =>
	    /::ai$/.test(k.data))));
	if (!lob) {
		say(false, 'the lobby has an "Add AI" button');
		process.exit(1);
	}
	const ai = keys(lob.reply_markup).find(k => /::ai$/.test(k.data));
	for (let i = 0; i < 3; i++) {
		const before = state(lob);
		await press(lob, ai.data);
		const m = await until(ms => ms.find(x => x.chat === lob.chat &&
		    x.message_id === lob.message_id && state(x) !== before));
		if (!m) {
			say(false, 'the lobby changes after "Add AI" ' + (i + 1));
			process.exit(1);
		}
		Object.assign(lob, m);
	}
	const start = keys(lob.reply_markup).find(k => /::start$/.test(k.data));
	say(start !== undefined, 'the lobby has a Start button');
	if (!start)
		process.exit(1);
	await press(lob, start.data);
}

async function play() {
	const stats = { presses: 0, backs: 0, mores: 0, moves: 0, stale: 0,
	    numbered: 0 };
	let lastTurn = -1, staleDone = false, played = null, stuck = 0;

	let end = Date.now() + HANG_GUARD_MS;	// hang guard, from the last press
	for (;;) {
		if (stats.presses > MAX_PRESSES || Date.now() > end) {	// hang guard
			say(false, 'the game ends within ' + MAX_PRESSES +
			    ' presses, and a press is due before the hang ' +
			    'guard (' + stats.presses + ' presses, ' +
			    stats.moves + ' moves of Anna)');
			return stats;
		}
		const ms = await call('/ctl/messages');
		if (over(ms))
			break;
		const l = live(ms);
		if (!l) {
			await sleep(20);
			continue;
		}
		if (l.turn !== lastTurn && played !== null) {
			stats.moves++;
			/* Her last turn's button, pressed again: refused. */
			if (!staleDone && stats.moves >= 3) {
				staleDone = true;
				const before = (await call('/ctl/sent')).length;
				const id = await press(played.msg,
				    played.data);
				const ans = await waitAnswer(id, before);
				stats.stale = ans && ans.text ? 1 : 0;
				say(ans !== null && !!ans.text, 'a press of ' +
				    'a turn already ' +
				    'played is answered with a refusal (' +
				    (ans ? ans.text : 'no answer') + ')');
			}
		}
		lastTurn = l.turn;
		const ks = keys(l.msg.reply_markup).filter(k =>
		    /:menu /.test(k.data));
		if (ks.length > 0 && /^\u2460/.test(ks[0].text))
			stats.numbered++;
		const backs = ks.filter(k => /back/.test(k.text));
		const others = ks.filter(k => !/back/.test(k.text));
		let k;
		if (backs.length > 0 && rand(4) === 0) {
			k = backs[0];
			stats.backs++;
		} else
			k = others[rand(others.length)];
		if (/more/.test(k.text))
			stats.mores++;
		const before = state(l.msg);
		await press(l.msg, k.data);
		stats.presses++;
		end = Date.now() + HANG_GUARD_MS;	// hang guard
		played = { msg: l.msg, data: k.data };
		// The bot answers: this message changes, or a turn moves on.
		const moved = await until(xs => {
			const m = xs.find(x => x.chat === me && x.message_id ===
			    l.msg.message_id);
			return (m && state(m) !== before) || over(xs) ||
			    (live(xs) && live(xs).turn !== l.turn);
		});
		if (!moved) {
			if (++stuck > 3) {
				say(false, 'the bot answers every press (stuck ' +
				    'at turn ' + l.turn + ', ' + k.data + ')');
				return stats;
			}
		}
		if (stats.presses % 50 === 0)
			process.stderr.write('presses ' + stats.presses +
			    ', moves ' + stats.moves + '\n');
	}
	return stats;
}

// The answer to callback query id among the calls after index from.
async function waitAnswer(id, from) {
	const end = Date.now() + HANG_GUARD_MS;	// hang guard
	while (Date.now() < end) {	// hang guard
		const s = await call('/ctl/sent');
		const a = s.slice(from).find(x => x.method ===
		    'answerCallbackQuery' && x.callback === id);
		if (a)
			return a;
		await sleep(20);
	}
	return null;
}

async function main() {
	await lobby();
	const stats = await play();
	const ms = await call('/ctl/messages');
	say(over(ms), 'the game ended (' + stats.moves + ' moves of Anna, ' +
	    stats.presses + ' presses, ' + stats.backs + ' back, ' +
	    stats.mores + ' more)');
	say(stats.moves >= 10, 'Anna played at least 10 moves by buttons');
	const sent = await call('/ctl/sent');
	let boards = 0, most = 0, widest = 0, bad = [];
	for (const s of sent) {
		if (!s.reply_markup)
			continue;
		const ks = keys(s.reply_markup);
		boards++;
		most = Math.max(most, ks.length);
		if (ks.length > 12)
			bad.push(s.method + ' ' + ks.length + ' buttons');
		for (const k of ks) {
			const w = [...k.text].length;
			widest = Math.max(widest, w);
			if (w > 40)
				bad.push('"' + k.text + '" ' + w);
		}
	}
	say(bad.length === 0, boards + ' keyboards of at most 12 buttons ' +
	    '(most ' + most + '), labels of at most 40 characters (widest ' +
	    widest + ')' + (bad.length ? ': ' + bad.slice(0, 5).join('; ') :
	    ''));
	const photos = sent.filter(s => s.method === 'sendPhoto' &&
	    s.chat === me && s.photo && s.photo.png);
	const drawn = photos.filter(s => keys(s.reply_markup).some(k =>
	    /^\u2460 /.test(k.text)));
	say(drawn.length > 0, photos.length + ' turn notices were pictures, ' +
	    drawn.length + ' with their choices numbered as drawn');
	say(stats.mores > 0 || stats.backs > 0, 'the walk used "more" or ' +
	    '"back"');
}

main().catch(e => {
	say(false, 'the driver: ' + e.message);
	process.exit(1);
});
