// drive.js: four people play a recorded game with tacd through
// telegram-test-api's user side, pressing the bot's buttons.
//
// usage: node drive.js URL TOKEN PLAN SEED [option ...]
//   PLAN: tests/tg/menupath's output for the record (one line per action:
//   seat, action, the leaf's menu path); SEED: the record's seed.
// options:
//   from=N      start at action N (0: open the lobby by buttons first)
//   to=N        stop before action N (default: the whole record)
//   partial=1   then press the first buttons of action N's menu (not its
//               leaf) and stop there: the walk goes on in the next run
//   typed=I,J   play actions I, J by typing "/play ACTION" (I in the
//               group, J in the person's private chat, alternating)
//   detour=I    in action I's menu, step into a wrong entry and press
//               "back" before going on
//   stale=I     before action I, its person presses the button they
//               pressed last in an earlier turn (its message has no
//               buttons now) and the next seat's person presses one of
//               I's menu: both must be refused (the log shows it)
//   group=ID    the group chat (default -77)
//
//   seen=FILE   write every text a group message had when looked at
//
// Seats: Anna (1000) opens the lobby with "/new ... seed=SEED" (seat 0);
// Join is a link into the private chat, followed as "/start PARAM" sent
// there: Boris (1001) follows it (seat 1), then presses the team button
// of the other team (seat 2); Clara (1002), who greeted the bot first,
// and Dmitri (1003) follow it (seats 1, 3); Anna opens the options, Boris
// may not change them, Anna presses Done and Start.  At each deal all
// four have their exchange buttons before anyone gives.  Every action then waits for the private message
// whose keyboard holds that turn's menu ("GAME:TURN:menu PATH", TURN the
// action's index) and walks it: press the entry whose path starts the
// leaf's path, wait until the bot has edited the keyboard, and so on to
// the leaf.  Prints "ok: ..." and "FAIL: ..." lines (counted by the
// script), progress on stderr; exits 1 at the first thing that cannot go
// on (a turn keyboard or an edit that does not come).
'use strict';
const fs = require('fs');
const { HANG_GUARD_MS } = require('./guard');

const [url, token, planFile, seed] = process.argv.slice(2, 6);
const opt = { from: 0, to: -1, partial: 0, typed: '', detour: -1,
    stale: -1, group: -77 };
for (const a of process.argv.slice(6)) {
	const [k, v] = a.split('=');
	opt[k] = isNaN(Number(v)) || v === '' ? v : Number(v);
}
const plan = fs.readFileSync(planFile, 'utf8').split('\n')
    .filter(l => l.trim() !== '').map(l => JSON.parse(l));
if (opt.to < 0 || opt.to > plan.length)
	opt.to = plan.length;
const typed = String(opt.typed).split(',').filter(x => x !== '')
    .map(Number);
const people = [
	{ id: 1000, first_name: 'Anna' }, { id: 1001, first_name: 'Boris' },
	{ id: 1002, first_name: 'Clara' }, { id: 1003, first_name: 'Dmitri' },
];
// Seat -> person, after the lobby below.
const seats = [people[0], people[2], people[1], people[3]];
const group = { id: opt.group, type: 'group', title: 'TAC table' };
const stats = { presses: 0, links: 0, backs: 0, typed: 0, edits: 0,
    notices: 0, named: 0, exchanges: 0 };
// Person id -> the last menu button they pressed and its message: once
// a move is made its message loses its buttons, a stale press needs it.
const pressed = {};
// Every text a group message had when looked at: the emulator keeps
// only an edited message's latest text, the live message's lines of
// moves come and go (written to the file of option seen= at the end).
const seen = new Set();

// Print a check's outcome.
function check(ok, what) {
	console.log((ok ? 'ok: ' : 'FAIL: ') + what);
	return ok;
}

// Give up: the game cannot go on.
function die(what) {
	check(false, what);
	process.exit(1);
}

// A user-side call of the emulator.
async function call(path, body) {
	const r = await fetch(url + path, { method: 'POST',
	    headers: { 'Content-Type': 'application/json' },
	    body: JSON.stringify(body) });
	if (!r.ok)
		die(path + ': HTTP ' + r.status);
	return (await r.json()).result;
}

// The bot's messages as they stand now (edits applied), oldest first.
async function botMessages() {
	const h = await call('/getUpdatesHistory', { token: token });
	const ms = h.filter(x => x.message && x.message.chat_id !== undefined)
	    .map(x => ({ id: x.messageId, chat: String(x.message.chat_id),
	    text: String(x.message.text || x.message.caption || ''),
	    keys: buttons(x.message.reply_markup) }));
	for (const m of ms)
		if (m.chat === String(group.id))
			seen.add(m.text);
	return ms;
}

// The inline buttons of a reply_markup: [{label, data, game, turn, cmd}].
function buttons(rm) {
	if (typeof rm === 'string')
		rm = JSON.parse(rm);
	if (!rm || !Array.isArray(rm.inline_keyboard))
		return [];
	const out = [];
	for (const row of rm.inline_keyboard) {
		for (const b of row) {
			const m = String(b.callback_data || '')
			    .match(/^(\d+):(\d*):\/?(.*)$/);
			// A link to the bot's private chat: what it starts.
			const u = String(b.url || '')
			    .match(/^https:\/\/t\.me\/\w+\?start=(\w+)$/);
			if (u)
				out.push({ label: b.text, url: b.url,
				    start: u[1], game: -1, turn: -1,
				    cmd: 'link', path: null });
			if (!m)
				continue;
			const e = { label: b.text, data: b.callback_data,
			    game: Number(m[1]), turn: m[2] === '' ? -1 :
			    Number(m[2]), cmd: m[3] };
			const p = e.cmd.match(/^menu(?:@\S+)?(?: (\S*))?$/);
			e.path = p ? p[1] || '' : null;
			out.push(e);
		}
	}
	return out;
}

// Wait until fn(messages) gives something; die with what at the hang
// guard.
async function until(fn, what) {
	const end = Date.now() + HANG_GUARD_MS;	// hang guard
	for (;;) {
		const r = fn(await botMessages());
		if (r)
			return r;
		if (Date.now() > end)	// hang guard
			die('no ' + what + ' before the hang guard');
		await new Promise(res => setTimeout(res, 40));
	}
}

// Type a command as person in chat.
async function say(person, chat, text) {
	await call('/sendCommand', { botToken: token, date: Date.now(),	// not asserted
	    text: text, from: Object.assign({ is_bot: false,
	    language_code: 'en', username: 'p' + person.id }, person),
	    chat: chat, entities: [{ offset: 0, type: 'bot_command',
	    length: text.split(' ')[0].length }] });
}

// Press a button of a bot message as person.
async function press(person, msg, button) {
	stats.presses++;
	if (button.path !== null && button.turn >= 0 &&
	    msg.chat === String(person.id))
		pressed[person.id] = { msg: msg, button: button };
	const chat = msg.chat === String(group.id) ? group :
	    { id: Number(msg.chat), type: 'private',
	    first_name: person.first_name };
	await call('/sendCallback', { botToken: token, date: Date.now(),	// not asserted
	    data: button.data, from: Object.assign({ is_bot: false,
	    language_code: 'en', username: 'p' + person.id }, person),
	    message: { message_id: msg.id, chat: chat } });
}

// The message msg as it stands now, once it differs from before.
async function edited(msg, what) {
	const before = JSON.stringify([msg.text, msg.keys]);
	const m = await until(ms => ms.find(x => x.id === msg.id &&
	    x.chat === msg.chat && JSON.stringify([x.text, x.keys]) !==
	    before), what);
	stats.edits++;
	return m;
}

// Follow a link button of msg as person: what Telegram does with a
// t.me/BOT?start=PARAM link, the person's private chat opened and
// "/start PARAM" sent in it.
async function follow(person, msg, button) {
	stats.links++;
	await say(person, { id: person.id, type: 'private',
	    first_name: person.first_name }, '/start ' + button.start);
}

// Open the lobby, seat everyone by its buttons (Join is a link into the
// private chat), look at the options, start the game.
async function lobby() {
	const g = String(group.id);
	await say(people[0], group, '/new 4 pairs master tac auto=off seed=' + seed);
	// The emulator takes no photos: the board as text.
	await say(people[0], group, '/board text');
	let lob = await until(ms => ms.find(m => m.chat === g &&
	    m.keys.some(b => b.cmd === 'start')), 'the lobby message');
	check(/Anna/.test(lob.text), 'the lobby shows its creator');
	const key = (m, cmd) => m.keys.find(b => b.cmd === cmd) ||
	    die('no "' + cmd + '" button on the lobby: ' + JSON.stringify(m.keys));
	const join = key(lob, 'link');
	// A link that leaves the group names the game by its key alone.
	check(/^j[A-Za-z0-9]{22}$/.test(join.start), 'the lobby\'s "' +
	    join.label + '" opens the private chat with a join link by the ' +
	    'game\'s key (' + join.url + ')');
	// Clara has opened the bot before; Boris and Dmitri have not: the
	// link is their first word to it.
	await say(people[2], { id: people[2].id, type: 'private',
	    first_name: people[2].first_name }, '/start');
	await until(ms => ms.find(m => m.chat === String(people[2].id)),
	    'the greeting in Clara\'s private chat');
	const steps = [[people[1], 'link', /Boris/],
	    [people[1], 'team 0', null], [people[2], 'link', /Clara/],
	    [people[3], 'link', /Dmitri/]];
	for (const [who, cmd, shows] of steps) {
		const b = key(lob, cmd);
		check(b.turn === -1 && b.label.length > 0,
		    'the lobby has a "' + b.label + '" button (' +
		    (b.data || b.url) + ')');
		if (cmd === 'link') {
			await follow(who, lob, b);
			const mine = await until(ms => ms.find(m =>
			    m.chat === String(who.id) &&
			    /^You have a seat in game #\d+ \(\w+\)\./.test(m.text)),
			    who.first_name + '\'s seat told privately');
			check(mine.keys.length === 0, who.first_name + ' is told ' +
			    'privately: "' + mine.text.split('\n')[0] + '"');
		} else
			await press(who, lob, b);
		const next = await edited(lob, 'the lobby edited after ' +
		    who.first_name + ' pressed ' + cmd);
		check(next.id === lob.id && (shows === null ||
		    shows.test(next.text)), 'the lobby message was edited ' +
		    'after ' + who.first_name + ' pressed "' + b.label + '"');
		lob = next;
	}
	// The seats as the lobby lists them: "0. ... Anna", "1. ... Clara".
	for (let s = 0; s < 4; s++)
		check(new RegExp('(^|\\n)\\s*' + s + '\\.[^\\n]*' +
		    seats[s].first_name).test(lob.text), 'seat ' + s + ' is ' +
		    seats[s].first_name + ' in the lobby');
	const ms = await botMessages();
	check(ms.filter(m => m.chat === g && m.keys.some(b =>
	    b.cmd === 'start')).length === 1,
	    'one lobby message in the group, edited, not re-sent');
	// The options: the lobby's message turns into them, with a Done;
	// only the creator may change them (were Boris's "6 players" taken,
	// the game could not be played).
	await press(people[0], lob, key(lob, 'options'));
	const opts = await edited(lob, 'the options in the lobby message');
	check(opts.keys.some(b => b.cmd === 'options 6') &&
	    opts.keys.some(b => b.cmd === 'options taker') &&
	    opts.keys.some(b => b.cmd === 'options done') &&
	    /\nPlayers: 4\n/.test(opts.text), 'the lobby message shows ' +
	    'the options with headings and Done (' + opts.keys.length +
	    ' buttons)');
	await press(people[1], opts, opts.keys.find(b => b.cmd === 'options 6'));
	await press(people[0], opts, key(opts, 'options done'));
	lob = await edited(opts, 'the lobby back after Done');
	check(/^New game #\d+\. 4 players,/.test(lob.text) &&
	    lob.keys.some(b => b.cmd === 'start'), 'Done brings the lobby ' +
	    'back, still 4 players (Boris may not change the options)');
	await press(people[0], lob, key(lob, 'start'));
	const started = await edited(lob, 'the lobby edited at the start');
	check(started.keys.length === 0, 'the started game\'s lobby message ' +
	    'has no buttons left');
	return lob.keys.find(b => b.game > 0).game;
}

// Count a "your turn" notice, and whether the group's title heads it,
// in bold, once (once the move is made, the bot edits it into what was
// played).
function notice(msg) {
	const head = '<b>' + group.title + '</b>\n';
	const headed = msg.text.startsWith(head);
	const body = headed ? msg.text.slice(head.length) : msg.text;
	if (!/^Your turn in game #\d+\./.test(body))
		return;
	stats.notices++;
	if (headed && !body.includes(group.title))
		stats.named++;
}

// The turn whose buttons action i's are: its own index, but a gift's
// is the exchange's, its first gift's index (everyone gives at once).
function turnOf(i) {
	while (i > 0 && /^give /.test(plan[i].action) &&
	    /^give /.test(plan[i - 1].action))
		i--;
	return i;
}

// Wait until everyone who gives in the exchange that starts at action i
// has the buttons of their gift: nobody waits for another (D7).
async function exchange(game, i) {
	const givers = [];
	for (let j = i; j < plan.length && /^give /.test(plan[j].action); j++)
		givers.push(seats[plan[j].seat]);
	await until(ms => givers.every(p => turnMessage(ms, game, p, i)),
	    'the exchange buttons of all ' + givers.length + ' at action ' + i);
	stats.exchanges++;
}

// The newest message of person's private chat holding turn's menu.
function turnMessage(ms, game, person, turn) {
	const mine = ms.filter(m => m.chat === String(person.id) &&
	    m.keys.some(b => b.game === game && b.turn === turn &&
	    b.path !== null));
	return mine.length > 0 ? mine[mine.length - 1] : null;
}

// Walk one action's menu from wherever its message stands; stop before
// the leaf when partial.  A node's entries have the node's path and one
// character more; "back" has one less.
async function walk(game, step, person, partial) {
	const turn = turnOf(step.i);
	let msg = await until(ms => turnMessage(ms, game, person, turn),
	    'the turn ' + step.i + ' keyboard of ' + person.first_name);
	notice(msg);
	const leaf = step.path;
	let detour = step.i === opt.detour && step.wrong !== '';
	const at = msg.keys.filter(b => b.turn === turn && b.path !== null);
	if (at.some(b => b.path.length > 1))
		check(true, 'turn ' + step.i + ': the walk goes on from the ' +
		    'node the message shows ("' + msg.text.split('\n')
		    .filter(l => /:/.test(l)).pop() + '")');
	if (step.i === opt.stale) {
		const old = pressed[person.id];
		if (old === undefined || old.button.turn >= step.i)
			die('no earlier menu of ' + person.first_name);
		await press(person, old.msg, old.button);
		const other = seats[(step.seat + 1) % 4];
		await press(other, msg, at[0]);
		check(true, 'pressed a stale button (turn ' + old.button.turn +
		    ') and ' + other.first_name + ' pressed ' +
		    person.first_name + '\'s menu');
	}
	for (;;) {
		const keys = msg.keys.filter(b => b.turn === turn &&
		    b.path !== null);
		if (keys.length === 0)
			die('turn ' + step.i + ': no menu buttons: ' + msg.text);
		const node = keys.reduce((a, b) => b.path.length > a.length ?
		    b.path : a, '').slice(0, -1);
		const back = keys.find(b => b.path.length < node.length + 1);
		if (node !== '' && back === undefined)
			die('turn ' + step.i + ': no back button at node ' + node);
		if (detour && node === step.wrong.slice(0, -1)) {
			const wrong = keys.find(b => b.path === step.wrong) ||
			    die('no entry ' + step.wrong + ' for the detour');
			await press(person, msg, wrong);
			const inner = await edited(msg, 'the detour\'s edit');
			const up = inner.keys.find(b => b.turn === turn &&
			    b.path === node);
			check(up !== undefined, 'a wrong turn in "' + step.action +
			    '" ("' + wrong.label + '") shows a back button (' +
			    (up ? up.label : 'none') + ')');
			if (up === undefined)
				die('no way back');
			stats.backs++;
			await press(person, inner, up);
			msg = await edited(inner, 'the edit after back');
			check(JSON.stringify(msg.keys) === JSON.stringify(keys),
			    'back shows the buttons from before the wrong turn');
			detour = false;
			continue;
		}
		const exact = keys.find(b => b.path === leaf);
		if (exact !== undefined) {
			if (!partial)
				await press(person, msg, exact);
			return;
		}
		const on = keys.find(b => b !== back && b.path !== '' &&
		    leaf.startsWith(b.path));
		if (on === undefined && back === undefined)
			die('turn ' + step.i + ' "' + step.action + '": no way to ' +
			    leaf + ' in ' + JSON.stringify(keys));
		if (on === undefined)
			stats.backs++;
		await press(person, msg, on || back);
		msg = await edited(msg, 'the menu edit in turn ' + step.i);
		if (partial)
			return;
	}
}

// Play the plan's actions from..to-1; the group then sees the end.
async function main() {
	let game = 1;
	if (opt.from === 0)
		game = await lobby();
	for (let i = opt.from; i < opt.to; i++) {
		const step = plan[i];
		const person = seats[step.seat];
		if (/^give /.test(step.action) && turnOf(i) === i)
			await exchange(game, i);
		const k = typed.indexOf(i);
		if (k >= 0) {
			// Typed: wait for the turn, then type it.
			notice(await until(ms => turnMessage(ms, game, person,
			    turnOf(i)), 'the turn ' + i + ' message'));
			await say(person, k % 2 === 0 ? group :
			    { id: person.id, type: 'private',
			    first_name: person.first_name },
			    '/play ' + step.action);
			stats.typed++;
		} else
			await walk(game, step, person, false);
		if (i % 20 === 0)
			process.stderr.write('action ' + i + ' ' + step.action + '\n');
	}
	if (opt.partial && opt.to < plan.length &&
	    plan[opt.to].path.length >= 2) {
		const step = plan[opt.to];
		await walk(game, step, seats[step.seat], true);
	}
	const deals = plan.filter((s, i) => i >= opt.from && i < opt.to &&
	    /^give /.test(s.action) && turnOf(i) === i).length;
	check(stats.exchanges === deals, 'at each of ' + deals + ' deals ' +
	    'everyone had the exchange buttons before anyone gave (' +
	    stats.exchanges + ')');
	// A restarted tacd knows the group's title only once it speaks.
	if (opt.from === 0)
		check(stats.named === stats.notices, 'every turn notice ' +
		    'is headed by the group\'s title (' + stats.named + ' of ' +
		    stats.notices + ')');
	console.log('stats: ' + JSON.stringify(stats));
	if (opt.seen)
		fs.writeFileSync(opt.seen, JSON.stringify([...seen]));
}

main().catch(e => die('driver: ' + e.stack));
