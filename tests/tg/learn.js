// learn.js: learning in Telegram, through tacd and a Bot API of the
// tests: the project's fake (tests/tg/fakeapi.js) or telegram-test-api.
// In each language tacd speaks, one person (Telegram language_code en,
// ru, de, ka) takes lesson 1 in their private chat (a wrong move, the
// rule's reason and a second try, then the right one), opens a game
// with AI players in a group of their own and presses the 💡 button of
// their turn message (the hint is the press's answer, the turn message
// marks the button toward it, and no message comes after the turn
// message), plays eight turns by buttons (the first entry of
// each menu, which is seldom the best), leaves the game to the AI
// (/leave asks first: they press Yes), and presses the review button
// of the game's end message: the review comes privately, its decisions
// as pictures where the API takes them.  Every text is checked for the
// person's language.
//
// usage: node learn.js fake CTL_URL | node learn.js emu URL TOKEN
// Prints "ok: ..." and "FAIL: ..." lines; exits 1 when it cannot go on.
'use strict';

const [mode, url, token] = process.argv.slice(2);
const { HANG_GUARD_MS } = require('./guard');
const wait = HANG_GUARD_MS;
const langs = ['en', 'ru', 'de', 'ka'];
// What each language says (a piece of each message the test waits for).
const words = {
	en: { lesson: 'Lesson 1 of 11', wrong: 'Not quite.', right: 'Right:',
	    hint: 'Hint for game #', review: 'Your review of game #',
	    left: ' left game #' },
	ru: { lesson: 'Урок 1 из 11', wrong: 'Не совсем.', right: 'Верно:',
	    hint: 'Подсказка в игре #', review: 'Разбор игры #',
	    left: ' выходит из игры #' },
	de: { lesson: 'Lektion 1 von 11', wrong: 'Nicht ganz.',
	    right: 'Richtig:', hint: 'Tipp für Spiel #',
	    review: 'Deine Auswertung von Spiel #', left: ' hat Spiel #' },
	ka: { lesson: 'გაკვეთილი 1 / 11', wrong: 'არა, ასე არა.',
	    right: 'სწორია:', hint: 'მინიშნება თამაშისთვის #',
	    review: 'თქვენი ანალიზი', left: ' გავიდა თამაშიდან #' },
};
let update = 700000;

function check(ok, what) {
	console.log((ok ? 'ok: ' : 'FAIL: ') + what);
	return ok;
}
function die(what) {
	check(false, what);
	process.exit(1);
}
const sleep = (ms) => new Promise(r => setTimeout(r, ms));

async function post(path, body) {
	const r = await fetch(url + path, { method: 'POST',
	    headers: { 'Content-Type': 'application/json' },
	    body: JSON.stringify(body) });
	if (!r.ok)
		die(path + ': HTTP ' + r.status);
	return (await r.json()).result;
}

// The inline buttons of a reply_markup: [{text, data}].
function keys(rm) {
	if (typeof rm === 'string')
		rm = rm === '' ? null : JSON.parse(rm);
	if (!rm || !Array.isArray(rm.inline_keyboard))
		return [];
	return rm.inline_keyboard.flat().filter(b => b.callback_data)
	    .map(b => ({ text: b.text, data: b.callback_data }));
}

// The bot's messages as they stand now: {chat, id, text, keys, photo}.
async function messages() {
	if (mode === 'fake') {
		const r = await fetch(url + '/ctl/messages');
		return (await r.json()).result.filter(m => !m.deleted)
		    .map(m => ({ chat: String(m.chat), id: m.message_id,
		    text: String(m.text || m.caption || ''),
		    keys: keys(m.reply_markup), photo: !!m.photo }));
	}
	const h = await post('/getUpdatesHistory', { token: token });
	const unhtml = (t) => t.replace(/&lt;/g, '<').replace(/&gt;/g, '>')
	    .replace(/&quot;/g, '"').replace(/&amp;/g, '&');
	return h.filter(x => x.message && x.message.chat_id !== undefined)
	    .map(x => ({ chat: String(x.message.chat_id), id: x.messageId,
	    text: unhtml(String(x.message.text || x.message.caption || '')),
	    keys: keys(x.message.reply_markup), photo: false }));
}

// The presses' answers so far, oldest first: [text] ('' for none).
async function answers() {
	const r = await fetch(url + (mode === 'fake' ? '/ctl/sent' :
	    '/calls'));
	return (await r.json()).result.filter(c => c.method ===
	    'answerCallbackQuery').map(c => String(c.text || ''));
}

// Wait for an answer that pred takes, among those after the first n.
async function answered(n, pred, what) {
	const end = Date.now() + wait;	// hang guard
	for (;;) {
		const a = (await answers()).slice(n).filter(pred);
		if (a.length > 0)
			return a[0];
		if (Date.now() > end)	// hang guard
			die('no ' + what + ' before the hang guard');
		await sleep(100);
	}
}

// Wait for the newest message of chat that pred takes, after id after.
async function until(chat, pred, what, after) {
	const end = Date.now() + wait;	// hang guard
	for (;;) {
		const l = (await messages()).filter(m => m.chat === String(chat)
		    && m.id > (after || 0) && pred(m));
		if (l.length > 0)
			return l[l.length - 1];
		if (Date.now() > end)	// hang guard
			die('no ' + what + ' before the hang guard');
		await sleep(100);
	}
}

// The newest message id of a chat (0: none yet).
async function last(chat) {
	const l = (await messages()).filter(m => m.chat === String(chat));
	return l.length > 0 ? l[l.length - 1].id : 0;
}

// A person (Telegram's user object).
function person(i) {
	return { id: 5000 + i, is_bot: false, first_name: 'L' + langs[i],
	    language_code: langs[i] };
}
function chatOf(id) {
	return id > 0 ? { id: id, type: 'private', first_name: 'L' } :
	    { id: id, type: 'group', title: 'Learning ' + id };
}

// The words of a private message about the game of group g after the
// group's title that heads them, in bold ('' when not so headed).
function unhead(text, g) {
	const t = 'Learning ' + g;

	for (const h of ['<b>' + t + '</b>\n', t + '\n'])
		if (text.startsWith(h))
			return text.slice(h.length);
	return '';
}

// Person p writes text in chat.
async function say(p, chat, text) {
	if (mode === 'fake') {
		await post('/ctl/updates', [{ update_id: update++, message: {
		    message_id: update, date: 1700000000, from: p,
		    chat: chatOf(chat), text: text } }]);
		return;
	}
	const cmd = text.startsWith('/');
	await post(cmd ? '/sendCommand' : '/sendMessage', { botToken: token,
	    date: Date.now(), text: text, from: p, chat: chatOf(chat),	// not asserted
	    entities: cmd ? [{ offset: 0, type: 'bot_command',
	    length: text.split(' ')[0].length }] : undefined });
}

// Person p presses a button of message m.
async function press(p, m, data) {
	if (mode === 'fake') {
		await post('/ctl/updates', [{ update_id: update++,
		    callback_query: { id: 'cb' + update, from: p, message: {
		    message_id: m.id, chat: chatOf(Number(m.chat)) },
		    data: data } }]);
		return;
	}
	await post('/sendCallback', { botToken: token, date: Date.now(),	// not asserted
	    data: data, from: p, message: { message_id: m.id,
	    chat: chatOf(Number(m.chat)) } });
}

// Lesson 1: the task, a wrong move, the reason, the right one.
async function lesson(i, p) {
	const w = words[langs[i]];
	const before = await last(p.id);
	await say(p, p.id, '/learn 1');
	const task = await until(p.id, m => m.text.includes(w.lesson) &&
	    m.keys.some(k => / 1 @/.test(k.data)), langs[i] + ' lesson 1',
	    before);
	check(true, langs[i] + ': /learn sends lesson 1 with its moves as '
	    + 'buttons (' + task.keys.length + ')');
	if (mode === 'fake')
		check(task.photo, langs[i] + ': the lesson is a picture');
	// Its moves: 5 20>25, 13 B>0, 13 20>33: the first does not enter.
	const moves = task.keys.filter(k => / 1 @/.test(k.data));
	await press(p, task, moves[0].data);
	const wrong = await until(p.id, m => m.text.includes(w.wrong) &&
	    m.keys.length > 0, langs[i] + ' wrong', before);
	check(wrong.id === task.id, langs[i] + ': a wrong move gets the ' +
	    'rule and another try, in the lesson\'s message: ' +
	    wrong.text.split('\n')[0]);
	const again = wrong.keys.filter(k => / 1 @/.test(k.data));
	await press(p, wrong, again[1].data);
	const right = await until(p.id, m => m.text.includes(w.right),
	    langs[i] + ' right', before);
	check(right.keys.some(k => /learn 2$/.test(k.data)), langs[i] +
	    ': the right move solves it, with the next lesson\'s button');
}

// The first menu entry of a turn message (never the hint or "back").
function firstEntry(m) {
	return m.keys.find(k => /:\d+:menu \S/.test(k.data));
}

// A game with AI players: the hint, three turns, the review.
async function game(i, p) {
	const w = words[langs[i]], g = -5000 - i;
	await say(p, g, '/new auto=off seed=' + (40 + i));
	if (mode !== 'fake')
		await say(p, g, '/board text');
	await say(p, g, '/ai all');
	await say(p, g, '/start');
	let turn = await until(p.id, m => m.keys.some(k =>
	    /:\d+:hint$/.test(k.data)), langs[i] + ' turn with a hint');
	check(true, langs[i] + ': the turn message has the hint button "' +
	    turn.keys.find(k => /:hint$/.test(k.data)).text + '"');
	const before = await last(p.id);
	const n = (await answers()).length;
	await press(p, turn, turn.keys.find(k => /:hint$/.test(k.data)).data);
	const hint = await answered(n, a => a.startsWith('\u{1f4a1}'),
	    langs[i] + ' hint');
	check(hint.includes(w.hint), langs[i] + ': the 💡 press is answered ' +
	    'with the hint: ' + hint.replace(/\n/g, ' / '));
	const marked = await until(p.id, m => m.id === turn.id && m.keys.some(
	    k => /:\d+:menu \S/.test(k.data) && k.text.startsWith('\u{1f4a1}')),
	    langs[i] + ' the turn message\'s marked button');
	check(marked.keys.filter(k => k.text.startsWith('\u{1f4a1}')).length
	    === 2, langs[i] + ': the turn message marks one button: ' +
	    marked.keys.find(k => /:menu /.test(k.data) &&
	    k.text.startsWith('\u{1f4a1}')).text);
	// Eight turns by buttons, then the AI plays on.
	for (let t = 0; t < 8; t++) {
		turn = await until(p.id, m => firstEntry(m) !== undefined,
		    langs[i] + ' turn ' + t);
		for (let k = 0; k < 10; k++) {
			const now = (await messages()).find(m => m.chat ===
			    String(p.id) && m.id === turn.id);
			const e = now ? firstEntry(now) : undefined;
			if (e === undefined)
				break;
			await press(p, now, e.data);
			const seen = JSON.stringify(now.keys);
			const end = Date.now() + wait;	// hang guard
			while (Date.now() < end) {	// hang guard
				const m = (await messages()).find(x => x.chat ===
				    String(p.id) && x.id === turn.id);
				if (!m || JSON.stringify(m.keys) !== seen)
					break;
				await sleep(100);
			}
		}
	}
	check(true, langs[i] + ': eight turns played by buttons');
	// The chat's messages come in order: the presses' edits came, so a
	// hint sent as a message would have come before them.
	const hinted = (await messages()).filter(m => m.chat ===
	    String(p.id) && m.id > before && m.text.startsWith('\u{1f4a1}'));
	check(hinted.length === 0, langs[i] + ': the hint is no message (' +
	    hinted.length + ')');
	// /leave asks first (Yes or No): the person presses Yes.
	const asked = await last(g);
	await say(p, g, '/leave');
	const q = await until(g, m => m.keys.some(k => /:leave yes /.test(k.data)),
	    langs[i] + ' the question before leaving', asked);
	await press(p, q, q.keys.find(k => /:leave yes /.test(k.data)).data);
	const left = await until(g, m => m.id === q.id && m.keys.length === 0,
	    langs[i] + ' the answer to the question', asked);
	check(left.text.includes(w.left), langs[i] + ': /leave asked, ' +
	    'Yes was pressed: ' + left.text.split('\n')[0]);
	const end = await until(g, m => m.keys.some(k =>
	    /:review$/.test(k.data)), langs[i] + ' the game\'s end');
	const mine = await last(p.id);
	await press(p, end, end.keys.find(k => /:review$/.test(k.data)).data);
	const head = await until(p.id, m => unhead(m.text, g)
	    .startsWith('\u{1f50d}'), langs[i] + ' review, headed by the ' +
	    'group\'s title', mine);
	check(head.text.includes(w.review), langs[i] + ': the review came ' +
	    'privately: ' + unhead(head.text, g).split('\n')[0]);
	await sleep(2000);
	/* A text board is sent monospaced: <pre> comes first. */
	const picks = (await messages()).filter(m => m.chat === String(p.id)
	    && m.id > head.id && /^(<pre>)?\d+ /.test(unhead(m.text, g)));
	check(mode !== 'fake' || picks.every(m => m.photo), langs[i] + ': ' +
	    picks.length + ' decisions, each ' + (mode === 'fake' ?
	    'a picture' : 'a text') + ' with the better move');
	return picks.length;
}

(async () => {
	let picks = 0;

	for (let i = 0; i < langs.length; i++) {
		const p = person(i);
		await say(p, p.id, '/lang ' + langs[i]);
		/* The emulator takes no pictures: boards as text. */
		if (mode !== 'fake')
			await say(p, p.id, '/board text');
		await lesson(i, p);
		picks += await game(i, p);
	}
	check(picks > 0, picks + ' decisions reviewed in all');
})().catch(e => die(String(e && e.stack || e)));
