// atonce.js: presses answered at once and the exchange at once, for
// tests/tg/atonce.sh, against the fake Bot API (tests/tg/fakeapi.js).
// In a group where nothing else happens:
//  - Anna opens a game and presses Start with three seats free; the
//    refusal's answerCallbackQuery goes out within a second of the
//    press's delivery to tacd (the fake's own clock: /ctl/delivered to
//    the answer's stamp);
//  - three more join by typing; Anna presses Start: at the deal every
//    one of the four gets their give buttons privately, while nobody
//    gives (the store keeps no gift); only once all four have them
//  - Boris presses the lobby's Start, out of date now: refused within a
//    second too;
//  - each of the four presses a give button: the gifts are logged, four
//    actions, and the group hears one line of it.
//
// usage: node atonce.js CTL SQLEXEC DB
// Prints "ok: " and "FAIL: " lines and the answers' times as
// "answer NAME MS".
'use strict';
const { execFileSync } = require('child_process');
const { control, sleep, settled, words, buttons } = require('./ctl');

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

// Queue an update and wait until all it made is delivered.
async function put(u) {
	u.update_id = ++update;
	await get('/ctl/updates', [u]);
	if (!await settled(ctl, sqlexec, db, u.update_id))
		throw new Error('update ' + update + ' was not taken');
	return u.update_id;
}

// Person p types text in the group.
function type(p, text) {
	return put({ message: { message_id: update + 1, date: 1700000000,
	    from: p, chat: group, text: text } });
}

// Person p presses button data of message m (in the group, or in p's
// private chat); the press's id.
async function press(p, m, data) {
	const id = 'q' + (update + 1);
	await put({ callback_query: { id: id, from: p, chat_instance: 'ci',
	    data: data, message: { message_id: m.message_id,
	    chat: m.chat === String(group.id) ? group :
	    { id: p.id, type: 'private', first_name: p.first_name } } } });
	return { id: id, update: update };
}

// How long after its delivery press q was answered (ms), and with what
// text; null when it was not.
async function answered(q) {
	const a = (await get('/ctl/sent')).find((x) =>
	    x.method === 'answerCallbackQuery' && x.callback === q.id);
	const at = (await get('/ctl/delivered'))[q.update];
	return a && at ? { ms: a.at - at, text: a.text } : null;
}

// Check that press q was refused in words, within a second.
async function refusedFast(q, what) {
	const a = await answered(q);
	console.log('answer ' + what.replace(/ /g, '-') + ' ' +
	    (a ? a.ms : 'none'));
	say(a && a.ms < 1000, what + ': answered ' + (a ? a.ms + ' ms' :
	    'never') + ' after its delivery');
	say(a && a.text, what + ': the answer says why: ' + (a && a.text));
}

// The messages in chat as they stand, with a button whose text matches.
async function withButton(chat, re) {
	return (await get('/ctl/messages')).filter((m) => m.chat === chat &&
	    !m.deleted && buttons(m.reply_markup).some((b) => b.data &&
	    re.test(b.text)));
}

async function main() {
	const [anna, boris] = people;

	await type(anna, '/new');
	const lobby = (await withButton(String(group.id), /^Start$/))[0];
	say(lobby, 'the lobby has its Start button');
	if (!lobby)
		return 1;
	const start = buttons(lobby.reply_markup).find((b) =>
	    b.text === 'Start').data;
	await refusedFast(await press(anna, lobby, start),
	    'Start with seats free');

	for (const p of people.slice(1))
		await type(p, '/join');
	const go = await press(anna, lobby, start);
	const a = await answered(go);
	say(a, 'Start with every seat taken is answered (' +
	    (a ? a.ms + ' ms' : 'never') + ')');
	say(sql('SELECT count(*) FROM games WHERE state = 1') === 1,
	    'the game has begun');

	// Nobody gives until all four have their buttons.
	let have = [];
	for (let i = 0; i < 200 && have.length < 4; i++) {
		have = [];
		for (const p of people) {
			const m = await withButton(String(p.id), /^Give /);
			if (m.length > 0)
				have.push({ p: p, m: m[m.length - 1] });
		}
		if (have.length < 4)
			await sleep(50);
	}
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

	await refusedFast(await press(boris, lobby, start),
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
	say(lines.length === 1, 'the group hears one line of the exchange: ' +
	    JSON.stringify(lines.map(words)));
	return 0;
}

main().then((rc) => process.exit(rc), (e) => {
	console.error(e);
	process.exit(2);
});
