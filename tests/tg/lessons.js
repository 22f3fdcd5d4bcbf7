// lessons.js: a whole run of the lessons in Telegram, through tacd and
// the fake Bot API (tests/tg/fakeapi.js, which answers an edit of a
// message that is gone as Telegram does).  A newcomer types /learn and
// solves every lesson by pressing the buttons they see, as a person who
// does not know the answer: the moves one after another (a 7's marbles
// step by step), each wrong one answered with the rule, until the right
// one; then "Next lesson"; at the end two lessons typed (/learn 3,
// /learn 5).  Measured per lesson: the new messages and
// the edits in the private chat.  Checked: one message per lesson, each
// a picture (the 7 lesson too), every step and every try's answer an
// edit of that message, a wrong try's answer the reason in the caption,
// and no older message left with live buttons (a lesson typed takes
// them from the one before).
//
// usage: node lessons.js CTL_URL LANG
// Prints "ok: ..." and "FAIL: ..." lines, and "lesson N: new M, edits
// E, tries T, wrong W" for each; exits 1 when it cannot go on.
'use strict';

const [url, lang] = process.argv.slice(2);
const { HANG_GUARD_MS } = require('./guard');
const words = {
	en: { wrong: 'Not quite.', lesson: 'Lesson ' },
	ru: { wrong: 'Не совсем.', lesson: 'Урок ' },
	de: { wrong: 'Nicht ganz.', lesson: 'Lektion ' },
	ka: { wrong: 'არა, ასე არა.', lesson: 'გაკვეთილი ' },
}[lang];
const me = { id: 6100 + ['en', 'ru', 'de', 'ka'].indexOf(lang), is_bot: false, first_name: 'Newcomer',
    language_code: lang };
const chat = { id: me.id, type: 'private', first_name: 'Newcomer' };
const MAXPRESS = 120;	// presses of one lesson, at most
let update = 900000 + 10000 * (me.id - 6100), failed = 0;

function check(ok, what) {
	console.log((ok ? 'ok: ' : 'FAIL: ') + what);
	if (!ok)
		failed++;
	return ok;
}
function die(what) {
	check(false, what);
	process.exit(1);
}
const sleep = (ms) => new Promise(r => setTimeout(r, ms));

async function get(path) {
	const r = await fetch(url + path);
	if (!r.ok)
		die(path + ': HTTP ' + r.status);
	return (await r.json()).result;
}
async function post(path, body) {
	const r = await fetch(url + path, { method: 'POST',
	    headers: { 'Content-Type': 'application/json' },
	    body: JSON.stringify(body) });
	if (!r.ok)
		die(path + ': HTTP ' + r.status);
	return (await r.json()).result;
}

// The buttons of a reply_markup: [{text, data}].
function keys(rm) {
	if (typeof rm === 'string')
		rm = rm === '' ? null : JSON.parse(rm);
	if (!rm || !Array.isArray(rm.inline_keyboard))
		return [];
	return rm.inline_keyboard.flat().filter(b => b.callback_data)
	    .map(b => ({ text: b.text, data: b.callback_data }));
}

// The bot's messages in the newcomer's chat, as they stand now.
async function messages() {
	return (await get('/ctl/messages')).filter(m => String(m.chat) ===
	    String(me.id) && !m.deleted).map(m => ({ id: m.message_id,
	    text: String(m.text || m.caption || ''), keys: keys(m.reply_markup),
	    photo: !!m.photo, edits: m.edits }));
}

// What the bot did in the chat: its new messages and its edits so far.
async function calls() {
	const l = (await get('/ctl/sent')).filter(s => String(s.chat) ===
	    String(me.id));
	return { sent: l.filter(s => /^send/.test(s.method)).length,
	    edits: l.filter(s => /^edit/.test(s.method)).length };
}

// The chat as a string, to see that something changed.
const look = (l) => JSON.stringify(l.map(m => [m.id, m.text, m.keys]));

// Wait until the chat differs from seen, and what pred takes is there.
async function change(seen, pred, what) {
	const end = Date.now() + HANG_GUARD_MS;	// hang guard
	for (;;) {
		const l = await messages();
		if (look(l) !== seen && (pred === undefined || pred(l)))
			return l;
		if (Date.now() > end)	// hang guard
			die('nothing changed after ' + what);
		await sleep(50);
	}
}

async function say(text) {
	await post('/ctl/updates', [{ update_id: update++, message: {
	    message_id: update, date: 1700000000, from: me, chat: chat,
	    text: text } }]);
}
async function press(m, data) {
	await post('/ctl/updates', [{ update_id: update++, callback_query: {
	    id: 'cb' + update, from: me, message: { message_id: m.id,
	    chat: chat, photo: m.photo ? [{ file_id: 'x' }] : undefined },
	    data: data } }]);
}

// A lesson button's path ("" the root), or null: "learn N @PATH".
function pathOf(n, data) {
	const r = new RegExp('(?:^|:)learn ' + n + ' @(.*)$').exec(data);
	return r ? r[1] : null;
}
// The newest message with lesson n's move buttons.
function current(l, n) {
	const c = l.filter(m => m.keys.some(k => pathOf(n, k.data) !== null));
	return c.length > 0 ? c[c.length - 1] : undefined;
}
// The newest message that says lesson n is solved (its next buttons).
function solved(l) {
	const c = l.filter(m => m.keys.some(k => /learn list$/.test(k.data)) &&
	    !m.keys.some(k => / @/.test(k.data)) &&
	    !m.keys.some(k => /learn 1$/.test(k.data)));
	return c.length > 0 ? c[c.length - 1] : undefined;
}

// Solve lesson n, shown in message first (the calls at0 before it was
// asked for): every move tried in turn.
async function lesson(n, first, at0) {
	const tried = new Set();
	let m = first, presses = 0, wrong = 0, stepped = 0, lastWrong = null;
	const ids = new Set([first.id]);

	let cur = '';	/* the node shown: the path last stepped to */

	for (;;) {
		if (++presses > MAXPRESS)
			die('lesson ' + n + ': not solved in ' + MAXPRESS +
			    ' presses');
		// A page "P+K" shows node P's entries.
		const base = cur.replace(/\+\d+$/, '');
		const mine = m.keys.map(k => ({ k: k, p: pathOf(n, k.data) }))
		    .filter(x => x.p !== null);
		const fwd = mine.filter(x => x.p.startsWith(base) &&
		    x.p.length > base.length && x.p !== cur);
		let x = fwd.find(y => !tried.has(y.p));
		if (x === undefined) {
			// Every choice here was tried: back, to try others.
			tried.add(cur);
			x = mine.find(y => !fwd.includes(y));
			if (x === undefined)
				die('lesson ' + n + ': nothing left to press');
		}
		const seen = look(await messages());
		await press(m, x.k.data);
		const l = await change(seen, (l) => solved(l) !== undefined ||
		    current(l, n) !== undefined, 'pressing "' + x.k.text + '"');
		const done = solved(l);
		if (done !== undefined && (current(l, n) === undefined ||
		    done.id >= current(l, n).id)) {
			ids.add(done.id);
			const at1 = await calls();
			return { m: done, sent: at1.sent - at0.sent,
			    edits: at1.edits - at0.edits, presses, wrong,
			    stepped, ids, lastWrong };
		}
		m = current(l, n);
		ids.add(m.id);
		if (m.text.startsWith(words.wrong)) {
			tried.add(x.p);
			wrong++;
			lastWrong = m;
			cur = '';
		} else {
			if (fwd.includes(x))
				stepped++;
			cur = x.p;
		}
	}
}

(async () => {
	const seen = look(await messages());
	let at0 = await calls();
	await say('/learn');
	let l = await change(seen, (l) => current(l, 1) !== undefined,
	    '/learn');
	let m = current(l, 1);
	const first1 = m.keys.find(k => pathOf(1, k.data) !== null).data;
	const news = [], lessons = 11;
	let wrongs = 0, wrongEdits = 0, steps = 0;

	for (let n = 1; n <= lessons; n++) {
		check(m.photo, 'lesson ' + n + ' is a picture: ' +
		    m.text.split('\n')[0]);
		const r = await lesson(n, m, at0);
		console.log('lesson ' + n + ': new ' + r.sent + ', edits ' +
		    r.edits + ', presses ' + r.presses + ', wrong ' + r.wrong +
		    ', steps ' + r.stepped);
		news.push(r.sent);
		wrongs += r.wrong;
		steps += r.stepped;
		check(r.ids.size === 1, 'lesson ' + n + ' stayed one message ' +
		    '(' + [...r.ids].join(', ') + ') through ' + r.presses +
		    ' presses');
		if (r.lastWrong !== null) {
			wrongEdits++;
			const lines = r.lastWrong.text.split('\n');
			check(r.lastWrong.id === m.id && r.lastWrong.photo &&
			    lines[0].length > words.wrong.length + 10,
			    'lesson ' + n + ': a wrong try edits the picture\'s ' +
			    'caption with the reason: ' + lines[0]);
		}
		const next = r.m.keys.find(k => new RegExp('learn ' + (n + 1) +
		    '$').test(k.data));
		const all = r.m.keys.find(k => /learn list$/.test(k.data));
		const before = look(await messages());
		at0 = await calls();
		if (n < lessons) {
			if (!check(next !== undefined, 'lesson ' + n +
			    ' solved, with the next lesson\'s button'))
				process.exit(1);
			await press(r.m, next.data);
			l = await change(before, (l) => current(l, n + 1) !==
			    undefined, 'Next lesson');
			m = current(l, n + 1);
			check(m.id > r.m.id, 'lesson ' + (n + 1) +
			    ' is a new message');
		} else {
			await press(r.m, all.data);
			l = await change(before, (l) => l.some(x =>
			    x.keys.some(k => /learn 1$/.test(k.data))),
			    'All lessons');
		}
		// The pressed message loses its buttons: only one has any.
		const end = Date.now() + HANG_GUARD_MS;	// hang guard
		for (;;) {
			l = await messages();
			const live = l.filter(x => x.keys.length > 0);
			if (live.length <= 1 || Date.now() > end) {	// hang guard
				check(live.length === 1, 'after lesson ' + n +
				    ', ' + live.length + ' message(s) with ' +
				    'buttons (' + live.map(x => x.id).join(', ') +
				    ')');
				break;
			}
			await sleep(50);
		}
	}
	// A lesson's message that is gone (the person deleted it): a press
	// on it brings the answer as a new picture, as Telegram answers
	// "message to edit not found".
	const gone = { id: 999999, photo: true };
	const seen2 = look(await messages());
	await press(gone, first1);
	l = await change(seen2, (l) => l.some(x => x.id > m.id &&
	    x.keys.some(k => pathOf(1, k.data) !== null)), 'a press on a ' +
	    'message that is gone');
	const anew = l.find(x => x.id > m.id && x.keys.some(k => pathOf(1,
	    k.data) !== null));
	check(anew.photo, 'a press on a lesson\'s message that is gone: ' +
	    'the answer comes as a new picture: ' + anew.text.split('\n')[0]);
	// A lesson typed opens anew, and the one before loses its buttons:
	// /learn 3 takes them from the answer just posted, /learn 5 from 3.
	let before = anew;
	for (const n of [3, 5]) {
		const seen3 = look(await messages());
		await say('/learn ' + n);
		l = await change(seen3, (l) => { const c = current(l, n);
		    return c !== undefined && c.id > before.id &&
		    !l.some(x => x.id === before.id && x.keys.length > 0); },
		    '/learn ' + n + ' typed');
		const now = current(l, n);
		check(l.every(x => x.id === now.id || x.id < before.id ||
		    x.keys.length === 0), '/learn ' + n + ' typed: a new ' +
		    'message, and the lesson before it (' + before.id + ') ' +
		    'without buttons');
		before = now;
	}
	console.log('new messages per lesson: ' + news.join(' '));
	check(news.every(x => x === 1), 'one new message per lesson');
	check(wrongs > 0 && wrongEdits > 0, wrongs + ' wrong tries, in ' +
	    wrongEdits + ' lessons');
	check(steps > 0, steps + ' steps of a menu (the 7 lesson\'s marbles)');
	process.exit(failed > 0 ? 1 : 0);
})().catch(e => die(String(e && e.stack || e)));
