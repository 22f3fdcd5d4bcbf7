// tgstream.js: turn a tacd --events stream (tests/daemon/mkstream) into
// Telegram Update objects, a JSON array on stdout.  Users "uN" become ids
// 1000+N with private chats of the same id; the chat "c1" becomes the
// group GROUP (default -1001), chat "cK" group -(1000+K) with users
// "cKuN" as 1000*K+N.  Every other command is written "/cmd@TacTestBot",
// as Telegram clients do in groups (BOTNAME: TacTestBot).
//
// usage: node tgstream.js STREAM [GROUP [BOTNAME]]
'use strict';
const fs = require('fs');

const lines = fs.readFileSync(process.argv[2], 'utf8').split('\n');
const group = Number(process.argv[3] || -1001);
const bot = process.argv[4] || 'TacTestBot';
const out = [];
let n = 0;

for (const line of lines) {
	if (line.trim() === '')
		continue;
	const ev = JSON.parse(line);
	// "c3" and "c3u1": group -1003, person 3001.
	const cn = Number(String(ev.chat).replace(/^c/, '')) || 1;
	const uid = 1000 * cn + Number(String(ev.user).replace(/^.*u/, ''));
	const gid = cn === 1 ? group : -(1000 + cn);
	let text = ev.text;
	if (n++ % 2 === 1)
		text = text.replace(/^(\/[a-z]+)/, '$1@' + bot);
	out.push({ update_id: ev.update_id, message: {
	    message_id: ev.update_id, date: 1700000000,
	    from: { id: uid, is_bot: false, first_name: ev.name,
	    language_code: 'en' },
	    chat: { id: gid, type: 'group', title: 'TAC table' },
	    text: text } });
}
process.stdout.write(JSON.stringify(out));
