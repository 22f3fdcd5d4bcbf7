// fakeapi.js: a fake Telegram Bot API for tacd's tests, built-in modules
// only.  Unlike telegram-test-api it keeps real getUpdates semantics (an
// offset confirms and forgets earlier updates; an empty queue long-polls
// up to `timeout` seconds) and injects the faults Telegram shows: 429 with
// retry_after, 403, 400 migrate_to_chat_id, "message is not modified",
// 5xx, slow and dropped connections, malformed and oversized JSON.
//
// usage: node fakeapi.js PORT TOKEN [CERT KEY]   (HTTPS with CERT and KEY)
// It prints "listening PORT" when ready.  Control (same server):
//   POST /ctl/updates   [update, ...]  queue updates (update_id kept, or
//                       given the next one)
//   POST /ctl/fault     {method, fault, count}  the next count calls of
//                       method fail: "429:N", "500", "drop", "slow:MS",
//                       "garbage", "huge", "replay" (getUpdates ignores
//                       the offset once, like the emulator); "clear"
//                       forgets the method's faults
//   POST /ctl/chat      {chat, fault}  every message to chat fails:
//                       "403", "notfound" (400 chat not found, as for a
//                       person Telegram has not seen with the bot),
//                       "migrate:ID", "500" (every call), "photo"
//                       (a photo sent or edited in is refused: 400),
//                       "" (none)
//   POST /ctl/limit     {limit}  updates per getUpdates answer, at most
//   GET  /ctl/state     counters, the confirmed offset, pending updates,
//                       latencies from queued to confirmed (p50, p99 of
//                       the last ?last=N, or all)
//   GET  /ctl/sent      every message the bot sent or edited, in order
//                       ({method, chat, message_id, text, reply_markup,
//                       photo: {size, png, width, height}, caption})
//   GET  /ctl/commands  every setMyCommands call that was accepted
//                       ({scope, language_code, commands}); a call with
//                       a list Telegram would refuse (a bad command or
//                       description, an unknown scope, a language code
//                       that is not two letters) is answered 400
//   GET  /ctl/messages  every message as it stands now, after the edits
//                       ({chat, message_id, text, caption, reply_markup,
//                       photo, edits, deleted})
//   POST /ctl/admins    {chat, admins: [user id, ...]}  what
//                       getChatAdministrators answers for chat (else [])
//   POST /ctl/webhook   {url, secret|null, body}  POST body to tacd's
//                       webhook, answer {status}
//   GET  /ctl/replies   the time from an update's queueing to the bot's
//                       first message in that update's chat after it (ms:
//                       p50, p99, max, n), for chats with ids from ?from
//                       to ?to (default: all)
// FAKE_LATENCY_MS in the environment delays every answer of a bot call
// (uploads too) by that many milliseconds: a round trip to Telegram.
// Answers that misbehave (the functions after "Misbehaving answers"):
//   POST /ctl/raw       [{update_id, base64}, ...]  queue updates given as
//                       raw bytes, spliced into answers as they are (bad
//                       JSON, bad UTF-8); update_id only keeps the queue
//   POST /ctl/shape     {reverse, nolimit}  answers list their updates in
//                       descending id order; answers ignore the limit
//   GET  /ctl/polls     every getUpdates: {at (ms), offset, fault}
//   fault "retry:TEXT"  a 429 whose retry_after is TEXT, verbatim
// The bot's edits behave as Telegram's: editMessageText,
// editMessageCaption, editMessageReplyMarkup and editMessageMedia answer
// 400 "message to edit not found" for an unknown message and "message is
// not modified" when nothing would change; sendPhoto and editMessageMedia
// take multipart/form-data bodies and want a real PNG image.
'use strict';
const http = require('http');
const https = require('https');
const fs = require('fs');
const crypto = require('crypto');

const port = Number(process.argv[2] || 0);
const token = process.argv[3] || 'TOKEN';
const tls = process.argv[4] ? {
	cert: fs.readFileSync(process.argv[4]),
	key: fs.readFileSync(process.argv[5]),
} : null;

let updates = [];		// queued, not yet confirmed
let all = [];			// every update ever queued, for "replay"
let replayPos = 0;
let nextId = 1;
let confirmed = 0;		// the highest offset a getUpdates asked for
let waiting = [];		// long polls: {res, timer, offset, limit}
let faults = {};		// method -> [fault, ...]
let chatFaults = {};		// chat id -> fault
let sent = [];
const commands = [];		// setMyCommands calls accepted
const messages = new Map();	// "chat:id" -> the message as it stands
const admins = {};		// chat id -> [user id, ...]
let messageId = 1000;
let maxLimit = 100;
const queuedAt = new Map();	// update id -> when queued (ms)
const latencies = [];		// queued to confirmed, ms		// updates per answer, at most
const calls = {};
const stats = { delivered: 0, duplicates: 0, maxDelivered: 0 };
const latency = Number(process.env.FAKE_LATENCY_MS || 0);
const unreplied = new Map();	// chat -> when its oldest unanswered update
				// was queued (ms)
const replies = [];		// queued to first reply, ms

// Answer with Telegram's JSON envelope.
function reply(res, code, obj) {
	const body = JSON.stringify(obj);
	res.writeHead(code, { 'Content-Type': 'application/json',
	    'Content-Length': Buffer.byteLength(body) });
	res.end(body);
}

// Answer ok with a result.
function ok(res, result) {
	reply(res, 200, { ok: true, result: result });
}

// Answer an error the way Telegram does.
function fail(res, code, desc, params) {
	const o = { ok: false, error_code: code, description: desc };
	if (params)
		o.parameters = params;
	reply(res, code, o);
}

// Take the next fault queued for a method, if any.
function takeFault(method) {
	const q = faults[method];
	if (!q || q.length === 0)
		return null;
	return q.shift();
}

// Apply a transport-level fault; true if the request was consumed.
function transportFault(f, req, res, then) {
	if (f === null)
		return false;
	if (f.startsWith('retry:'))
		return retryFault(res, f.slice(6));
	if (f === 'drop') {
		req.socket.destroy();
		return true;
	}
	if (f.startsWith('slow:')) {
		setTimeout(then, Number(f.slice(5)));
		return true;
	}
	if (f.startsWith('429:')) {
		fail(res, 429, 'Too Many Requests: retry after ' + f.slice(4),
		    { retry_after: Number(f.slice(4)) });
		return true;
	}
	if (f === '500' || f === '502') {
		fail(res, Number(f), 'Internal Server Error');
		return true;
	}
	if (f === 'garbage') {
		res.writeHead(200, { 'Content-Type': 'application/json' });
		res.end('{"ok": true, "result": [ {"update_id": ');
		return true;
	}
	if (f === 'huge') {
		res.writeHead(200, { 'Content-Type': 'application/json' });
		const chunk = Buffer.alloc(1024 * 1024, 0x20);
		res.write('{"ok": true, "result": [');
		for (let i = 0; i < 6; i++)
			res.write(chunk);
		res.end(']}');
		return true;
	}
	return false;
}

// The updates at or after offset, forgetting the earlier ones.
function pending(offset, limit) {
	if (offset > 0) {
		const now = Date.now();
		for (const [id, t] of queuedAt) {
			if (id < offset) {
				latencies.push(now - t);
				queuedAt.delete(id);
			}
		}
		if (offset - 1 > confirmed)
			confirmed = offset - 1;
		updates = updates.filter(u => u.update_id >= offset);
	}
	return updates.slice(0, limit);
}

// Hand updates to a getUpdates caller, counting redeliveries.
function deliver(res, list) {
	for (const u of list) {
		if (u.update_id <= stats.maxDelivered)
			stats.duplicates++;
		else
			stats.maxDelivered = u.update_id;
		stats.delivered++;
	}
	if (!shapedDeliver(res, list))
		ok(res, list);
}

// Wake the long polls that can be answered now.
function wake() {
	const still = [];
	for (const w of waiting) {
		const list = pending(w.offset, w.limit);
		if (list.length > 0) {
			clearTimeout(w.timer);
			deliver(w.res, list);
		} else
			still.push(w);
	}
	waiting = still;
}

// getUpdates with offset, limit and long-poll timeout.
function getUpdates(p, req, res, late) {
	const offset = Number(p.offset || 0);
	const limit = shape.nolimit ? Infinity :
	    Math.min(Number(p.limit || 100), maxLimit);
	const timeout = Math.min(Number(p.timeout || 0), 50);
	const f = late ? null : takeFault('getUpdates');

	if (!late)
		notePoll(offset, f);

	if (f === 'replay') {
		// Like the emulator: old updates again, offset or not.
		const list = all.slice(replayPos, replayPos + limit);
		replayPos = list.length === 0 ? 0 : replayPos + list.length;
		stats.replayed = (stats.replayed || 0) + list.length;
		ok(res, list);
		return;
	}
	if (transportFault(f, req, res, () => getUpdates(p, req, res, true)))
		return;
	const list = pending(offset, limit);
	if (list.length > 0 || timeout === 0) {
		deliver(res, list);
		return;
	}
	const w = { res: res, offset: offset, limit: limit };
	w.timer = setTimeout(() => {
		waiting = waiting.filter(x => x !== w);
		ok(res, []);
	}, timeout * 1000);
	res.on('close', () => {
		clearTimeout(w.timer);
		waiting = waiting.filter(x => x !== w);
	});
	waiting.push(w);
}

// A chat's own fault for a message to it (photo: the message is a photo):
// true if the request was answered.
function chatFault(chat, res, photo) {
	const cf = chatFaults[chat] || '';

	if (cf === '500') {
		fail(res, 500, 'Internal Server Error');
		return true;
	}
	if (cf === 'photo' && photo) {
		fail(res, 400, 'Bad Request: IMAGE_PROCESS_FAILED');
		return true;
	}
	if (cf === '403') {
		fail(res, 403, 'Forbidden: bot can\'t initiate conversation ' +
		    'with a user');
		return true;
	}
	if (cf === 'notfound') {
		fail(res, 400, 'Bad Request: chat not found');
		return true;
	}
	if (cf.startsWith('migrate:')) {
		fail(res, 400, 'Bad Request: group chat was upgraded to a ' +
		    'supergroup chat', { migrate_to_chat_id: Number(cf.slice(8)) });
		return true;
	}
	return false;
}

// A reply_markup as it arrived (object or JSON text): its JSON text.
function markupText(m) {
	if (m === undefined || m === null || m === '')
		return '';
	return typeof m === 'string' ? JSON.stringify(JSON.parse(m)) :
	    JSON.stringify(m);
}

// What a file part holds: size, a PNG's signature and its IHDR size.
function imageInfo(buf) {
	const sig = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
	const png = buf.length >= 24 && buf.subarray(0, 8).equals(sig) &&
	    buf.toString('latin1', 12, 16) === 'IHDR';
	return { size: buf.length, png: png,
	    width: png ? buf.readUInt32BE(16) : 0,
	    height: png ? buf.readUInt32BE(20) : 0,
	    sha1: crypto.createHash('sha1').update(buf).digest('hex') };
}

// The chat of an update (a message's or a button press's), or null.
function updateChat(u) {
	const m = u.message || (u.callback_query && u.callback_query.message);
	return m && m.chat ? String(m.chat.id) : null;
}

// The bot wrote to chat: the first reply to its waiting update, if any.
function replied(chat) {
	const at = unreplied.get(String(chat));
	if (at === undefined)
		return;
	replies.push({ chat: Number(chat), ms: Date.now() - at });
	unreplied.delete(String(chat));
}

// A new message in chat: store it, log it, answer it as Telegram would.
function newMessage(res, method, p, chat, photo) {
	replied(chat);
	const m = { message_id: ++messageId, chat: { id: Number(chat) },
	    date: Math.floor(Date.now() / 1000) };
	const markup = markupText(p.reply_markup);
	const rec = { chat: chat, message_id: m.message_id,
	    text: photo ? null : p.text, caption: photo ? p.caption || null :
	    null, reply_markup: markup, photo: photo, edits: 0,
	    deleted: false };
	messages.set(chat + ':' + m.message_id, rec);
	sent.push({ method: method, chat: chat, text: rec.text,
	    message_id: m.message_id, parse_mode: p.parse_mode || null,
	    reply_markup: markup, photo: photo, caption: rec.caption });
	if (photo)
		m.photo = [{ file_id: 'png-' + photo.sha1,
		    file_unique_id: photo.sha1.slice(0, 16),
		    width: photo.width, height: photo.height,
		    file_size: photo.size }];
	else
		m.text = p.text;
	if (markup !== '')
		m.reply_markup = JSON.parse(markup);
	ok(res, m);
}

// sendMessage, with the per-chat faults.
function sendMessage(p, req, res, late) {
	const f = late ? null : takeFault('sendMessage');
	const chat = String(p.chat_id);

	if (transportFault(f, req, res, () => sendMessage(p, req, res, true)))
		return;
	if (chatFault(chat, res))
		return;
	if (typeof p.text !== 'string' || p.text.length === 0) {
		fail(res, 400, 'Bad Request: message text is empty');
		return;
	}
	if (p.text.length > 4096) {
		fail(res, 400, 'Bad Request: message is too long');
		return;
	}
	newMessage(res, 'sendMessage', p, chat, null);
}

// The file a multipart photo field names ("attach://NAME" or the field
// itself); null after answering the error.
function photoFile(p, files, field, res) {
	let name = field;

	if (typeof p[field] === 'string' && p[field].startsWith('attach://'))
		name = p[field].slice(9);
	const f = files[name];
	if (f === undefined) {
		fail(res, 400, 'Bad Request: there is no photo in the request');
		return null;
	}
	const info = imageInfo(f);
	if (!info.png) {
		fail(res, 400, 'Bad Request: IMAGE_PROCESS_FAILED');
		return null;
	}
	return info;
}

// sendPhoto: a multipart upload of a PNG.
function sendPhoto(p, files, req, res, late) {
	const f = late ? null : takeFault('sendPhoto');
	const chat = String(p.chat_id);

	if (transportFault(f, req, res, () =>
	    sendPhoto(p, files, req, res, true)))
		return;
	if (chatFault(chat, res, true))
		return;
	if (p.caption !== undefined && p.caption.length > 1024) {
		fail(res, 400, 'Bad Request: message caption is too long');
		return;
	}
	const info = photoFile(p, files, 'photo', res);
	if (info !== null)
		newMessage(res, 'sendPhoto', p, chat, info);
}

// The message an edit names, or null after answering the error.
function editTarget(p, res, photo) {
	const chat = String(p.chat_id);
	const m = messages.get(chat + ':' + Number(p.message_id));

	if (chatFault(chat, res, photo))
		return null;
	if (m === undefined || m.deleted) {
		fail(res, 400, 'Bad Request: message to edit not found');
		return null;
	}
	return m;
}

// Apply an edit to m unless it changes nothing; log it; answer.
function editApply(res, method, m, now, p) {
	const same = Object.keys(now).every(k =>
	    JSON.stringify(m[k]) === JSON.stringify(now[k]));
	if (same) {
		fail(res, 400, 'Bad Request: message is not modified: ' +
		    'specified new message content and reply markup are ' +
		    'exactly the same as a current content and reply markup ' +
		    'of the message');
		return;
	}
	Object.assign(m, now);
	m.edits++;
	sent.push({ method: method, chat: m.chat, message_id: m.message_id,
	    text: m.text, caption: m.caption, photo: m.photo,
	    parse_mode: p.parse_mode || null, reply_markup: m.reply_markup });
	const r = { message_id: m.message_id, chat: { id: Number(m.chat) },
	    date: Math.floor(Date.now() / 1000), edit_date:
	    Math.floor(Date.now() / 1000) };
	if (m.text !== null)
		r.text = m.text;
	if (m.reply_markup !== '')
		r.reply_markup = JSON.parse(m.reply_markup);
	ok(res, r);
}

// The edit methods: text, caption, buttons and the photo itself.
function editCall(method, p, files, res) {
	const m = editTarget(p, res, method === 'editMessageMedia');
	if (m === null)
		return;
	const markup = markupText(p.reply_markup);
	if (method === 'editMessageText') {
		if (m.photo) {
			fail(res, 400, 'Bad Request: there is no text in the ' +
			    'message to edit');
			return;
		}
		if (typeof p.text !== 'string' || p.text.length === 0 ||
		    p.text.length > 4096) {
			fail(res, 400, 'Bad Request: message text is empty ' +
			    'or too long');
			return;
		}
		editApply(res, method, m, { text: p.text,
		    reply_markup: markup }, p);
	} else if (method === 'editMessageCaption') {
		editApply(res, method, m, { caption: p.caption || null,
		    reply_markup: markup }, p);
	} else if (method === 'editMessageReplyMarkup') {
		editApply(res, method, m, { reply_markup: markup }, p);
	} else {
		let media;
		try {
			media = typeof p.media === 'string' ?
			    JSON.parse(p.media) : p.media;
		} catch (e) {
			media = null;
		}
		if (!media || media.type !== 'photo') {
			fail(res, 400, 'Bad Request: can\'t parse InputMedia');
			return;
		}
		if (!m.photo) {
			fail(res, 400, 'Bad Request: there is no media in the ' +
			    'message to edit');
			return;
		}
		const info = photoFile(media, files, 'media', res);
		if (info === null)
			return;
		editApply(res, method, m, { photo: info,
		    caption: media.caption || null, reply_markup: markup }, p);
	}
}

// setMyCommands, checked as Telegram checks it, and recorded.
function setMyCommands(p, res) {
	const scopes = ['default', 'all_private_chats', 'all_group_chats',
	    'all_chat_administrators'];
	let list, scope;
	try {
		list = typeof p.commands === 'string' ? JSON.parse(p.commands) :
		    p.commands;
		scope = typeof p.scope === 'string' ? JSON.parse(p.scope) :
		    p.scope || { type: 'default' };
	} catch (e) {
		fail(res, 400, 'Bad Request: can\'t parse JSON');
		return;
	}
	const bad = !Array.isArray(list) || list.length > 100 ||
	    !scope || !scopes.includes(scope.type) ||
	    (p.language_code !== undefined &&
	    !/^[a-z]{2}$/.test(p.language_code)) ||
	    list.some(c => typeof c.command !== 'string' ||
	    !/^[a-z0-9_]{1,32}$/.test(c.command) ||
	    typeof c.description !== 'string' ||
	    [...c.description].length < 1 ||
	    [...c.description].length > 256);
	if (bad) {
		fail(res, 400, 'Bad Request: BOT_COMMAND_INVALID');
		return;
	}
	commands.push({ scope: scope, language_code: p.language_code || null,
	    commands: list });
	ok(res, true);
}

// One Bot API call.
function botCall(method, p, files, req, res) {
	calls[method] = (calls[method] || 0) + 1;
	switch (method) {
	case 'getMe':
		if (!p.late && transportFault(takeFault('getMe'), req, res,
		    () => botCall(method, Object.assign(p, { late: 1 }), files,
		    req, res)))
			return;
		ok(res, { id: 4242, is_bot: true, first_name: 'Tac',
		    username: 'TacTestBot' });
		return;
	case 'getUpdates':
		getUpdates(p, req, res);
		return;
	case 'sendMessage':
		sendMessage(p, req, res);
		return;
	case 'sendPhoto':
		sendPhoto(p, files, req, res);
		return;
	case 'editMessageText':
	case 'editMessageCaption':
	case 'editMessageReplyMarkup':
	case 'editMessageMedia': {
		const f = takeFault(method);
		if (f === 'notmodified') {
			fail(res, 400, 'Bad Request: message is not modified: ' +
			    'specified new message content and reply markup ' +
			    'are exactly the same');
			return;
		}
		if (transportFault(f, req, res, () =>
		    editCall(method, p, files, res)))
			return;
		editCall(method, p, files, res);
		return;
	}
	case 'deleteMessage': {
		const m = messages.get(String(p.chat_id) + ':' +
		    Number(p.message_id));
		if (m === undefined || m.deleted) {
			fail(res, 400, 'Bad Request: message to delete not found');
			return;
		}
		m.deleted = true;
		sent.push({ method: method, chat: m.chat,
		    message_id: m.message_id });
		ok(res, true);
		return;
	}
	case 'getChatAdministrators': {
		if (transportFault(takeFault(method), req, res, () =>
		    botCall(method, p, files, req, res)))
			return;
		if (Number(p.chat_id) > 0) {
			fail(res, 400, 'Bad Request: there are no administrators ' +
			    'in the private chat');
			return;
		}
		const list = (admins[String(p.chat_id)] || []).map((id, i) => ({
		    status: i === 0 ? 'creator' : 'administrator',
		    user: { id: Number(id), is_bot: false,
		    first_name: 'Admin' + id } }));
		ok(res, list);
		return;
	}
	case 'setMyCommands':
		setMyCommands(p, res);
		return;
	case 'sendChatAction':
	case 'deleteWebhook':
		ok(res, true);
		return;
	case 'answerCallbackQuery':
		if (!p.late && transportFault(takeFault('answerCallbackQuery'),
		    req, res, () => botCall(method, Object.assign(p,
		    { late: 1 }), files, req, res)))
			return;
		sent.push({ method: method, callback: String(p.callback_query_id),
		    text: p.text || null, show_alert: p.show_alert || false });
		ok(res, true);
		return;
	default:
		fail(res, 404, 'Not Found: method not found');
	}
}

// POST an update to tacd's webhook, with or without the secret.
function webhook(p, res) {
	const u = new URL(p.url);
	const body = typeof p.body === 'string' ? p.body :
	    JSON.stringify(p.body);
	const headers = { 'Content-Type': 'application/json',
	    'Content-Length': Buffer.byteLength(body) };
	if (p.secret !== null && p.secret !== undefined)
		headers['X-Telegram-Bot-Api-Secret-Token'] = p.secret;
	const r = http.request({ host: u.hostname, port: u.port,
	    path: u.pathname, method: 'POST', headers: headers }, (wr) => {
		wr.resume();
		wr.on('end', () => reply(res, 200, { status: wr.statusCode }));
	});
	r.on('error', (e) => reply(res, 200, { status: 0, error: e.message }));
	r.end(body);
}

// Control requests of the test script.
function control(path, p, res) {
	switch (path) {
	case '/ctl/updates':
		for (const u of p) {
			if (u.update_id === undefined)
				u.update_id = nextId;
			nextId = Math.max(nextId, u.update_id + 1);
			updates.push(u);
			all.push(u);
			queuedAt.set(u.update_id, Date.now());
			const chat = updateChat(u);
			if (chat !== null && !unreplied.has(chat))
				unreplied.set(chat, Date.now());
		}
		wake();
		ok(res, updates.length);
		return;
	case '/ctl/fault':
		if (p.fault === 'clear') {
			delete faults[p.method];
			ok(res, true);
			return;
		}
		faults[p.method] = faults[p.method] || [];
		for (let i = 0; i < (p.count || 1); i++)
			faults[p.method].push(p.fault);
		ok(res, true);
		return;
	case '/ctl/limit':
		maxLimit = Number(p.limit) || 100;
		ok(res, true);
		return;
	case '/ctl/chat':
		chatFaults[String(p.chat)] = p.fault;
		ok(res, true);
		return;
	case '/ctl/state':
		const l = latencies.slice(-Number(p.last || 0))
		    .sort((a, b) => a - b);
		const pct = (q) => l.length ? l[Math.min(l.length - 1,
		    Math.floor(q * l.length))] : 0;
		ok(res, { p50: pct(0.5), p99: pct(0.99), nlat: l.length,
		    confirmed: confirmed, queued: updates.length,
		    waiting: waiting.length, calls: calls, sent: sent.length,
		    probes: sent.filter((x) => Number(x.chat) >= 900000 &&
		    Number(x.chat) < 1000000).length,
		    stats: stats, faults: faults });
		return;
	case '/ctl/sent':
		ok(res, sent);
		return;
	case '/ctl/messages':
		ok(res, Array.from(messages.values()));
		return;
	case '/ctl/commands':
		ok(res, commands);
		return;
	case '/ctl/admins':
		admins[String(p.chat)] = p.admins || [];
		ok(res, true);
		return;
	case '/ctl/webhook':
		webhook(p, res);
		return;
	case '/ctl/replies': {
		const from = p.from !== undefined ? Number(p.from) : -Infinity;
		const to = p.to !== undefined ? Number(p.to) : Infinity;
		const l = replies.filter((r) => r.chat >= from && r.chat <= to)
		    .map((r) => r.ms).sort((a, b) => a - b);
		const pct = (q) => l.length ? l[Math.min(l.length - 1,
		    Math.floor(q * l.length))] : 0;
		ok(res, { p50: pct(0.5), p99: pct(0.99),
		    max: l.length ? l[l.length - 1] : 0, n: l.length,
		    waiting: unreplied.size });
		return;
	}
	default:
		if (!controlMisbehave(path, p, res))
			fail(res, 404, 'no such control');
	}
}

// A multipart/form-data body: its text fields into p, its file parts
// (those with a filename) into files by name; false if it is malformed.
function multipart(body, type, p, files) {
	const m = type.match(/boundary=(?:"([^"]+)"|([^;]+))/i);
	if (!m)
		return false;
	const delim = Buffer.from('--' + (m[1] || m[2]));
	let at = body.indexOf(delim);
	if (at < 0)
		return false;
	for (;;) {
		at += delim.length;
		if (body.subarray(at, at + 2).toString() === '--')
			return true;
		const head = body.indexOf('\r\n\r\n', at);
		const next = body.indexOf(delim, at);
		if (head < 0 || next < 0 || head > next)
			return false;
		const hdr = body.subarray(at, head).toString();
		const data = body.subarray(head + 4, next - 2);
		const name = hdr.match(/name="([^"]*)"/i);
		if (!name)
			return false;
		if (/filename="/i.test(hdr))
			files[name[1]] = Buffer.from(data);
		else
			p[name[1]] = data.toString();
		at = next;
	}
}

// Route one request.
function handle(req, res) {
	const chunks = [];
	req.on('data', (c) => chunks.push(c));
	req.on('end', () => {
		const url = new URL(req.url, 'http://x');
		const type = req.headers['content-type'] || '';
		const body = Buffer.concat(chunks);
		const files = {};
		let p = {};
		if (/^multipart\/form-data/i.test(type)) {
			if (!multipart(body, type, p, files)) {
				fail(res, 400, 'Bad Request: bad multipart body');
				return;
			}
		} else if (/^application\/x-www-form-urlencoded/i.test(type)) {
			for (const [k, v] of new URLSearchParams(body.toString()))
				p[k] = v;
		} else {
			const text = body.toString();
			try {
				if (text.length > 0)
					p = JSON.parse(text);
			} catch (e) {
				fail(res, 400, 'Bad Request: invalid JSON');
				return;
			}
		}
		for (const [k, v] of url.searchParams)
			p[k] = v;
		if (url.pathname.startsWith('/ctl/')) {
			control(url.pathname, p, res);
			return;
		}
		const m = url.pathname.match(/^\/bot([^/]+)\/([A-Za-z]+)$/);
		if (!m) {
			fail(res, 404, 'Not Found');
			return;
		}
		if (m[1] !== token) {
			fail(res, 401, 'Unauthorized');
			return;
		}
		if (latency > 0)
			setTimeout(() => botCall(m[2], p, files, req, res),
			    latency);
		else
			botCall(m[2], p, files, req, res);
	});
}

// Misbehaving answers: raw updates, answer order and size, 429 texts.
// Kept apart from the rest so it changes nothing unless asked for.
const shape = { reverse: false, nolimit: false };
const rawText = new WeakMap();	// update -> its bytes in an answer
const polls = [];

// Remember a getUpdates call.
function notePoll(offset, f) {
	polls.push({ at: Date.now(), offset: offset, fault: f });
}

// A 429 with retry_after as given, however big or odd.
function retryFault(res, text) {
	const body = '{"ok":false,"error_code":429,"description":' +
	    '"Too Many Requests: retry after ' + text.replace(/[^-0-9]/g, '') +
	    '","parameters":{"retry_after":' + text + '}}';
	res.writeHead(429, { 'Content-Type': 'application/json',
	    'Content-Length': Buffer.byteLength(body) });
	res.end(body);
	return true;
}

// An update's bytes in an answer: its raw bytes, or its JSON (once).
function updateBytes(u) {
	let b = rawText.get(u);
	if (b === undefined) {
		b = Buffer.from(JSON.stringify(u));
		rawText.set(u, b);
	}
	return b;
}

// Write an answer ourselves when it holds raw updates or is shaped;
// false: the ordinary answer will do.
function shapedDeliver(res, list) {
	if (!shape.reverse && !shape.nolimit && !list.some(u => u.raw))
		return false;
	if (shape.reverse)
		list = list.slice().sort((a, b) => b.update_id - a.update_id);
	const parts = [Buffer.from('{"ok":true,"result":[')];
	list.forEach((u, i) => {
		if (i > 0)
			parts.push(Buffer.from(','));
		parts.push(updateBytes(u));
	});
	parts.push(Buffer.from(']}'));
	const body = Buffer.concat(parts);
	res.writeHead(200, { 'Content-Type': 'application/json',
	    'Content-Length': body.length });
	res.end(body);
	return true;
}

// The controls of misbehaving answers; false if path is none of them.
function controlMisbehave(path, p, res) {
	switch (path) {
	case '/ctl/raw':
		for (const r of p) {
			const u = { update_id: r.update_id, raw: true };
			rawText.set(u, Buffer.from(r.base64, 'base64'));
			nextId = Math.max(nextId, u.update_id + 1);
			updates.push(u);
			all.push(u);
			queuedAt.set(u.update_id, Date.now());
		}
		wake();
		ok(res, updates.length);
		return true;
	case '/ctl/shape':
		shape.reverse = !!p.reverse;
		shape.nolimit = !!p.nolimit;
		ok(res, shape);
		return true;
	case '/ctl/polls':
		ok(res, polls);
		return true;
	default:
		return false;
	}
}

const server = tls ? https.createServer(tls, handle) :
    http.createServer(handle);
server.keepAliveTimeout = 60000;
server.listen(port, '127.0.0.1', () => {
	console.log('listening ' + server.address().port);
});
