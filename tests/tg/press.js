// press.js: a move made as a person makes it by buttons, through the fake
// Bot API (tests/tg/fakeapi.js), for tests/tg/live.js: the person opens
// their private chat's turn message, whose keyboard holds the turn's
// menu ("GAME:TURN:menu PATH"), and presses the entry on the way to the
// action's leaf (tests/tg/menupath gives its path), each press taken
// and all it made delivered before the next, as drive.js walks the
// emulator's.
'use strict';
const { control, settled, buttons } = require('./ctl');
const { until } = require('./guard');

// A menu button of data: {game, turn, path}, or null for any other.
function menuKey(data) {
	const m = String(data || '')
	    .match(/^(\d+):(\d*):\/?menu(?:@\S+)?(?: (\S*))?$/);
	if (!m || m[2] === '')
		return null;
	return { data: data, game: Number(m[1]), turn: Number(m[2]),
	    path: m[3] || '' };
}

// The turn whose buttons action i's are: its own index, but a gift's
// is its exchange's first gift's (everyone gives at once).
function turnOf(plan, i) {
	while (i > 0 && /^give /.test(plan[i].action) &&
	    /^give /.test(plan[i - 1].action))
		i--;
	return i;
}

// The newest message of chat, as it stands, with turn's menu buttons of
// game: {id, keys}, or null.
async function turnMessage(ctl, chat, game, turn) {
	const ms = (await control(ctl, '/ctl/messages')).filter((m) =>
	    String(m.chat) === chat && !m.deleted);
	for (let i = ms.length - 1; i >= 0; i--) {
		const keys = buttons(ms[i].reply_markup).map((b) =>
		    menuKey(b.data)).filter((k) => k !== null &&
		    k.game === game && k.turn === turn);
		if (keys.length)
			return { id: ms[i].message_id, keys: keys };
	}
	return null;
}

/*
 * Play plan's action i as person (a Telegram user) in game by pressing;
 * ids.next is the next update id, counted on.  The number of presses,
 * or a string that says what could not be done.
 */
async function pressMove(ctl, sqlexec, db, game, plan, i, person, ids) {
	const chat = String(person.id);
	const turn = turnOf(plan, i);
	const leaf = plan[i].path;
	let presses = 0;

	for (;;) {
		const msg = await until(() => turnMessage(ctl, chat, game,
		    turn));
		if (msg === null)
			return 'no turn ' + turn + ' menu in ' + chat;
		const node = msg.keys.reduce((a, k) => k.path.length >
		    a.length ? k.path : a, '').slice(0, -1);
		const back = msg.keys.find((k) => k.path.length <
		    node.length + 1);
		const exact = msg.keys.find((k) => k.path === leaf);
		const on = exact || msg.keys.find((k) => k !== back &&
		    k.path !== '' && leaf.startsWith(k.path)) || back;
		if (on === undefined || presses > 20)
			return 'no way to ' + leaf + ' in turn ' + turn + ': ' +
			    JSON.stringify(msg.keys.map((k) => k.path));
		const id = ids.next++;
		await control(ctl, '/ctl/updates', [{ update_id: id,
		    callback_query: { id: 'q' + id, from: person,
		    chat_instance: 'ci' + chat, data: on.data,
		    message: { message_id: msg.id, chat: { id: person.id,
		    type: 'private', first_name: person.first_name } } } }]);
		presses++;
		if (!await settled(ctl, sqlexec, db, id))
			return 'press ' + id + ' was not taken and delivered';
		// The press is answered (the notice Telegram shows), and
		// its edit made.
		if (!await until(async () => (await control(ctl, '/ctl/sent'))
		    .some((x) => x.method === 'answerCallbackQuery' &&
		    x.callback === 'q' + id)))
			return 'press ' + id + ' was not answered';
		if (on === exact)
			return presses;
		// An entry or back: wait for its message's new keyboard.
		const was = JSON.stringify(msg.keys);
		if (!await until(async () => {
			const now = await turnMessage(ctl, chat, game, turn);
			return now === null || now.id !== msg.id ||
			    JSON.stringify(now.keys) !== was;
		}))
			return 'press ' + id + ' did not change the menu';
	}
}

module.exports = { pressMove, turnOf };
