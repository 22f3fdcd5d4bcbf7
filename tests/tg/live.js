// live.js: a recorded game fed to tacd one move at a time through the
// fake Bot API (tests/tg/fakeapi.js), for tests/tg/live.sh.  Each update
// is queued once everything the one before made is delivered (tacd has
// confirmed it and its outbox holds nothing unsent), so that no two
// moves share an edit by coming close together.  After each move the
// group's live message as it stands must name the person to act next
// (the next update's sender; the winners' words at the end); the
// group's calls are counted from the fake's log.  With PLAN, each move
// is pressed instead: its person walks their turn message's buttons to
// the move (tests/tg/press.js); the typed update is not sent.
//
// usage: node live.js CTL UPDATES.json LOBBY GROUP SQLEXEC DB HEAD OVER
//   ALL [PLAN GAME]
//   LOBBY: how many updates open the lobby (the next, the start, and
//   all after it are counted; the moves are those after it); HEAD: a
//   regular expression the live message's words begin with (the game
//   and the round), which tells it from the group's other messages;
//   OVER: a regular expression the live message's last line matches
//   once the game is over; ALL: the one it matches at a deal, before
//   anyone has given ("everyone gives": that names the next giver too;
//   after a gift it must name those still to give).  Who is to act is
//   the last line's: the lines above are the game, the round and the
//   last moves, which name others.  PLAN: tests/tg/menupath's output
//   for the game's record (its actions are the moves, in order); GAME:
//   the game's number, which its buttons carry.  The presses take the
//   update ids after the last of UPDATES.json's.
// Prints "ok: " and "FAIL: " lines, the figures as "moves N", "sends N"
// (the group's new messages), "edits N", "deletes N", "pins N" (pins and
// unpins), "calls N" (all the group's), "answers N" (presses answered),
// "presses N", "private N" (calls to the players' private chats), and
// each group text and caption to texts.txt.
'use strict';
const fs = require('fs');
const { control, settled, words } = require('./ctl');
const { pressMove } = require('./press');

const [ctl, file, lobbyArg, group, sqlexec, db, headArg, overArg,
    allArg, planFile, gameArg] = process.argv.slice(2);
const updates = JSON.parse(fs.readFileSync(file));
const plan = planFile ? fs.readFileSync(planFile, 'utf8').split('\n')
    .filter((l) => l.trim() !== '').map((l) => JSON.parse(l)) : null;
const ids = { next: updates[updates.length - 1].update_id + 1 };
const lobby = Number(lobbyArg);
const head = new RegExp(headArg);
const over = new RegExp(overArg);
const all = new RegExp(allArg);
const say = (ok, what) => console.log((ok ? 'ok: ' : 'FAIL: ') + what);

const get = (path, body) => control(ctl, path, body);

// The calls to the chats of people (ids), by method, summed.
function privateCalls(state, people) {
	const by = {};
	for (const p of people)
		for (const [k, n] of Object.entries(state.chatCalls[p] || {}))
			by[k] = (by[k] || 0) + n;
	return by;
}

// The calls of after that before had not made, by method.
function added(after, before) {
	return Object.fromEntries(Object.keys(after).map((k) =>
	    [k, after[k] - (before[k] || 0)]));
}

// The sum of the counts of the methods that match re.
function total(by, re) {
	return Object.keys(by).filter((k) => re.test(k))
	    .reduce((a, k) => a + by[k], 0);
}

// Wait until update id is confirmed and all it made is delivered.
const settle = (id) => settled(ctl, sqlexec, db, id);

// The group's live message as it stands: its newest message not
// deleted whose words begin as the live message's do (HEAD).
function live(messages) {
	const b = messages.filter((m) => m.chat === group && !m.deleted &&
	    head.test(words(m)));
	b.sort((x, y) => y.message_id - x.message_id);
	return b.length ? b[0] : null;
}

async function main() {
	let bad = 0, unnamed = 0, unedited = 0;

	for (let i = 0; i < lobby; i++) {
		await get('/ctl/updates', [updates[i]]);
		if (!await settle(updates[i].update_id)) {
			say(false, 'the lobby\'s update ' + i + ' is taken');
			return 1;
		}
	}
	const people = [...new Set(updates.map((u) =>
	    String(u.message.from.id)))];
	const start = (await get('/ctl/sent')).length;
	const s0 = await get('/ctl/state');
	const before = s0.chatCalls[group] || {};
	const privBefore = privateCalls(s0, people);
	const answersBefore = s0.calls.answerCallbackQuery || 0;
	let seen = start, presses = 0;
	for (let i = lobby; i < updates.length; i++) {
		const u = updates[i];
		if (plan !== null && i > lobby) {
			const r = await pressMove(ctl, sqlexec, db,
			    Number(gameArg), plan, i - lobby - 1,
			    u.message.from, ids);
			if (typeof r === 'string') {
				say(false, 'move ' + (i - lobby) + ' (' +
				    u.message.text + ') pressed: ' + r);
				return 1;
			}
			presses += r;
		} else {
			await get('/ctl/updates', [u]);
			if (!await settle(u.update_id)) {
				say(false, 'update ' + (i + 1) + ' is taken ' +
				    'and delivered');
				return 1;
			}
		}
		const sent = await get('/ctl/sent');
		const mine = sent.slice(seen).filter((x) => x.chat === group);
		seen = sent.length;
		const m = live(await get('/ctl/messages'));
		const text = m ? words(m).trim().split('\n').pop() : '';
		const next = i + 1 < updates.length ?
		    updates[i + 1].message : null;
		if (!mine.some((x) => /^(edit|send)/.test(x.method)))
			unedited++;
		if (next !== null ? !(text.includes(next.from.first_name) ||
		    (/ give /.test(next.text) && !/ give /.test(u.message.text) &&
		    all.test(text))) :
		    !over.test(text)) {
			if (unnamed++ < 3)
				say(false, 'after update ' + (i + 1) + ' (' +
				    u.message.text + ') the live message names ' +
				    (next ? next.from.first_name : 'the winners') +
				    ': ' + text);
		}
	}
	const moves = updates.length - lobby - 1;
	const sent = (await get('/ctl/sent')).slice(start);
	const g = sent.filter((x) => x.chat === group);
	const sends = g.filter((x) => /^send/.test(x.method));
	const s1 = await get('/ctl/state');
	const by = added(s1.chatCalls[group] || {}, before);
	const calls = total(by, /./);
	const priv = added(privateCalls(s1, people), privBefore);
	fs.writeFileSync('group.json', JSON.stringify(g, null, 1));
	fs.writeFileSync('texts.txt', g.filter((x) => words(x) !== '')
	    .map(words).join('\n') + '\n');
	say(unedited === 0, 'every move edits or posts the live message (' +
	    unedited + ' did not)');
	say(unnamed === 0, 'after every move the live message names who ' +
	    'acts next (' + unnamed + ' did not)');
	// With a sound: the start (the first message the group gets once the
	// game begins) and the end (the one that says the game is over),
	// those two and nothing else.
	const loud = sends.filter((x) => !x.disable_notification);
	const first = sends[0];
	const end = sends.find((x) => over.test(words(x)));
	say(loud.length === 2 && loud[0] === first && end !== undefined &&
	    loud[1] === end, 'routine sends are silent; with a sound only ' +
	    'the start and the end: ' + JSON.stringify(loud.map(words)) +
	    ' (of ' + sends.length + ' sends, the first ' +
	    JSON.stringify(words(first)) + ')');
	const answers = (s1.calls.answerCallbackQuery || 0) - answersBefore;
	if (plan !== null)
		say(answers === presses, 'each of the ' + presses +
		    ' presses was answered once (' + answers + ' answers)');
	console.log('moves ' + moves);
	console.log('sends ' + sends.length);
	console.log('edits ' + total(by, /^edit/));
	console.log('deletes ' + total(by, /^delete/));
	console.log('pins ' + total(by, /^(un)?pin/));
	console.log('calls ' + calls);
	console.log('answers ' + answers);
	console.log('presses ' + presses);
	console.log('private ' + total(priv, /./));
	console.log('by method ' + JSON.stringify(by));
	console.log('private by method ' + JSON.stringify(priv));
	return bad;
}

main().then((rc) => process.exit(rc), (e) => {
	console.error(e);
	process.exit(2);
});
