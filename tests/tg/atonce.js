// atonce.js: presses answered at once and the exchange at once, for
// tests/tg/atonce.sh, against the fake Bot API (tests/tg/fakeapi.js).
// "At once" is an order, not a time: a press is answered before any
// message queued ahead of it.  Before each refused press, thirty people
// ask for /help in their private chats and the fake holds every
// sendMessage unanswered (fault "hold"): every delivery slot tacd has is
// taken and rows wait behind them.  The press's answerCallbackQuery must
// go out while all of that still waits, before any of those replies.
// In a group where nothing else happens:
//  - Anna opens a game and presses Start with three seats free: refused
//    so, with the refusal's words;
//  - three more join by typing; Anna presses Start: at the deal every
//    one of the four gets their give buttons privately, while nobody
//    gives (the store keeps no gift); only once all four have them
//  - Boris presses the lobby's Start, out of date now: refused so too;
//  - each of the four presses a give button: the gifts are logged, four
//    actions, and the group's live message tells it (no message of its own).
//
// usage: node atonce.js CTL SQLEXEC DB
// Prints "ok: " and "FAIL: " lines, and "answer NAME SEQ" for each
// refusal timed.
'use strict';
const { execFileSync } = require('child_process');
const { control, settled, words, buttons } = require('./ctl');
const { until } = require('./guard');

const [ctl, sqlexec, db] = process.argv.slice(2);
const get = (path, body) => control(ctl, path, body);
const say = (ok, what) => console.log((ok ? 'ok: ' : 'FAIL: ') + what);
const group = { id: -1003, type: 'group', title: 'Quiet table' };
const people = ['Anna', 'Boris', 'Clara', 'Dmitri'].map((n, i) => ({
    id: 1000 + i, is_bot: false, first_name: n, language_code: 'en' }));
let update = 0;

// One number out of the database.
function sql(q) {
	return Number(execFileSync(sqlexec, [db, q]).toString().trim());
}

// Queue an update and wait until all it made is delivered (with held
// false: until it is confirmed).
async function put(u, held) {
	u.update_id = ++update;
	await get('/ctl/updates', [u]);
	if (held ? !await until(async () => (await get('/ctl/state'))
	    .confirmed >= u.update_id) : !await settled(ctl, sqlexec, db,
	    u.update_id))
		throw new Error('update ' + update + ' was not taken');
	return u.update_id;
}

// Person p types text in the group.
function type(p, text) {
	return put({ message: { message_id: update + 1, date: 1700000000,
	    from: p, chat: group, text: text } });
}

// Person p presses button data of message m (in the group, or in p's
// private chat); the press's id.  held: other calls are held (put()).
async function press(p, m, data, held) {
	const id = 'q' + (update + 1);
	await put({ callback_query: { id: id, from: p, chat_instance: 'ci',
	    data: data, message: { message_id: m.message_id,
	    chat: m.chat === String(group.id) ? group :
	    { id: p.id, type: 'private', first_name: p.first_name } } } },
	    held);
	return { id: id, update: update };
}

// Press q's answer as the fake logged it ({text, seq}), or null.
async function answered(q) {
	return (await get('/ctl/sent')).find((x) =>
	    x.method === 'answerCallbackQuery' && x.callback === q.id) || null;
}

// Thirty people ask for /help privately while the fake holds every
// sendMessage: once tacd's delivery slots are all taken by them (24:
// 32 calls at once, 8 kept for answers), the rest wait behind.  Their
// chats.
let helpers = 0;
async function backlog() {
	const chats = [];
	await get('/ctl/fault', { method: 'sendMessage', fault: 'hold',
	    count: 100 });
	const list = [];
	for (let i = 0; i < 30; i++) {
		const id = 5000 + helpers++;
		const p = { id: id, is_bot: false, first_name: 'H' + id,
		    language_code: 'en' };
		list.push({ update_id: ++update, message: { message_id: 1,
		    date: 1700000000, from: p, chat: { id: id, type: 'private',
		    first_name: p.first_name }, text: '/help' } });
		chats.push(String(id));
	}
	await get('/ctl/updates', list);
	const held = await until(async () =>
	    (await get('/ctl/state')).held >= 24);
	say(held, 'thirty /help replies: 24 held out, the rest waiting');
	return chats;
}

// Release what the fake holds; wait until everything is delivered.
async function release() {
	await get('/ctl/fault', { method: 'sendMessage', fault: 'clear' });
	await get('/ctl/release');
	if (!await settled(ctl, sqlexec, db, update))
		throw new Error('the backlog was not delivered');
}

/*
 * Press q was refused in words, before any of the replies queued ahead of
 * it to chats went out: while they were held, and first in the fake's
 * order once they were released.
 */
async function refusedFirst(q, chats, what) {
	const a = await until(() => answered(q));
	const st = await get('/ctl/state');
	const early = (await get('/ctl/sent')).filter((x) =>
	    chats.includes(String(x.chat)));
	say(a && st.held >= 24 && early.length === 0, what + ': answered ' +
	    'while the 30 replies queued before it waited (' + st.held +
	    ' held, ' + early.length + ' sent)');
	say(a && a.text, what + ': the answer says why: ' + (a && a.text));
	await release();
	const later = (await get('/ctl/sent')).filter((x) =>
	    chats.includes(String(x.chat)));
	console.log('answer ' + what.replace(/ /g, '-') + ' ' +
	    (a ? a.seq : 'none'));
	say(a && later.length === 30 && later.every((x) => x.seq > a.seq),
	    what + ': ... and went out before every one of them (' +
	    later.length + ' delivered after)');
}

// The messages in chat as they stand, with a button whose text matches.
async function withButton(chat, re) {
	return (await get('/ctl/messages')).filter((m) => m.chat === chat &&
	    !m.deleted && buttons(m.reply_markup).some((b) => b.data &&
	    re.test(b.text)));
}

async function main() {
	const [anna, boris] = people;

	await type(anna, '/new auto=off');
	const lobby = (await withButton(String(group.id), /^Start$/))[0];
	say(lobby, 'the lobby has its Start button');
	if (!lobby)
		return 1;
	const start = buttons(lobby.reply_markup).find((b) =>
	    b.text === 'Start').data;
	let chats = await backlog();
	await refusedFirst(await press(anna, lobby, start, true), chats,
	    'Start with seats free');

	for (const p of people.slice(1))
		await type(p, '/join');
	const go = await press(anna, lobby, start);
	const a = await answered(go);
	say(a, 'Start with every seat taken is answered');
	say(sql('SELECT count(*) FROM games WHERE state = 1') === 1,
	    'the game has begun');

	// Nobody gives until all four have their buttons.
	let have = [];
	await until(async () => {
		have = [];
		for (const p of people) {
			const m = await withButton(String(p.id), /^Give /);
			if (m.length > 0)
				have.push({ p: p, m: m[m.length - 1] });
		}
		return have.length === 4;
	});
	say(have.length === 4, 'all four have their give buttons (' +
	    have.map((h) => h.p.first_name).join(', ') + ')');
	say(sql('SELECT count(*) FROM kv WHERE key LIKE \'gift:%\'') === 0 &&
	    sql('SELECT count(*) FROM actions') === 0,
	    'and nobody has given yet');
	// Seats in joining order: the partner sits two seats on.
	for (const h of have) {
		const to = people[(people.indexOf(h.p) + 2) % 4].first_name;
		const line = words(h.m).split('\n').find((l) =>
		    /^Give a card to /.test(l)) || '';
		say(line.startsWith('Give a card to ' + to + '.'),
		    h.p.first_name + '\'s prompt says who receives: ' + line);
	}

	chats = await backlog();
	await refusedFirst(await press(boris, lobby, start, true), chats,
	    'an out-of-date Start');

	const before = (await get('/ctl/sent')).length;
	for (const h of have) {
		const give = buttons(h.m.reply_markup).find((b) => b.data &&
		    /^Give /.test(b.text));
		await press(h.p, h.m, give.data);
	}
	say(sql('SELECT count(*) FROM actions') === 4,
	    'the four gifts are logged (' + sql('SELECT count(*) FROM actions') +
	    ')');
	const lines = (await get('/ctl/sent')).slice(before).filter((x) =>
	    x.chat === String(group.id) && /^send/.test(x.method));
	/* The live message tells the exchange's end: no message of its own. */
	const told = (await get('/ctl/messages')).some((m) =>
	    m.chat === String(group.id) && !m.deleted &&
	    /cards are exchanged/.test(words(m)));
	say(lines.length === 0 && told, 'the group hears the exchange in ' +
	    'its live message, not as a message: ' +
	    JSON.stringify(lines.map(words)));
	return 0;
}

main().then((rc) => process.exit(rc), (e) => {
	console.error(e);
	process.exit(2);
});
