// live.js: a recorded game fed to tacd one move at a time through the
// fake Bot API (tests/tg/fakeapi.js), for tests/tg/live.sh.  Each update
// is queued once everything the one before made is delivered (tacd has
// confirmed it and its outbox holds nothing unsent), so that no two
// moves share an edit by coming close together.  After each move the
// group's live message as it stands must name the person to act next
// (the next update's sender; the winners' words at the end); the
// group's calls are counted from the fake's log.
//
// usage: node live.js CTL UPDATES.json LOBBY GROUP SQLEXEC DB HEAD OVER
//   ALL
//   LOBBY: how many updates open the lobby (the next, the start, and
//   all after it are counted; the moves are those after it); HEAD: a
//   regular expression the live message's words begin with (the game
//   and the round), which tells it from the group's other messages;
//   OVER: a regular expression the live message's last line matches
//   once the game is over; ALL: the one it matches at a deal, before
//   anyone has given ("everyone gives": that names the next giver too;
//   after a gift it must name those still to give).  Who is to act is
//   the last line's: the lines above are the game, the round and the
//   last moves, which name others.
// Prints "ok: " and "FAIL: " lines, the figures as "moves N", "sends N",
// "calls N", and each group text and caption to texts.txt.
'use strict';
const fs = require('fs');
const { control, settled, words } = require('./ctl');

const [ctl, file, lobbyArg, group, sqlexec, db, headArg, overArg,
    allArg] = process.argv.slice(2);
const updates = JSON.parse(fs.readFileSync(file));
const lobby = Number(lobbyArg);
const head = new RegExp(headArg);
const over = new RegExp(overArg);
const all = new RegExp(allArg);
const say = (ok, what) => console.log((ok ? 'ok: ' : 'FAIL: ') + what);

const get = (path, body) => control(ctl, path, body);

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
	const start = (await get('/ctl/sent')).length;
	const before = (await get('/ctl/state')).chatCalls[group] || {};
	let seen = start;
	for (let i = lobby; i < updates.length; i++) {
		const u = updates[i];
		await get('/ctl/updates', [u]);
		if (!await settle(u.update_id)) {
			say(false, 'update ' + (i + 1) + ' is taken and ' +
			    'delivered');
			return 1;
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
	const after = (await get('/ctl/state')).chatCalls[group] || {};
	let calls = 0;
	for (const k of Object.keys(after))
		calls += after[k] - (before[k] || 0);
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
	console.log('moves ' + moves);
	console.log('sends ' + sends.length);
	console.log('calls ' + calls);
	console.log('by method ' + JSON.stringify(Object.fromEntries(
	    Object.keys(after).map((k) => [k, after[k] - (before[k] || 0)]))));
	return bad;
}

main().then((rc) => process.exit(rc), (e) => {
	console.error(e);
	process.exit(2);
});
