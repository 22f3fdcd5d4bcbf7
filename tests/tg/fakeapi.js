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
//   POST /ctl/chat      {chat, fault}  every sendMessage to chat fails:
//                       "403", "migrate:ID", "" (none)
//   POST /ctl/limit     {limit}  updates per getUpdates answer, at most
//   GET  /ctl/state     counters, the confirmed offset, pending updates,
//                       latencies from queued to confirmed (p50, p99 of
//                       the last ?last=N, or all)
//   GET  /ctl/sent      every message the bot sent, in order
//   POST /ctl/webhook   {url, secret|null, body}  POST body to tacd's
//                       webhook, answer {status}
'use strict';
const http = require('http');
const https = require('https');
const fs = require('fs');

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
let messageId = 1000;
let maxLimit = 100;
const queuedAt = new Map();	// update id -> when queued (ms)
const latencies = [];		// queued to confirmed, ms		// updates per answer, at most
const calls = {};
const stats = { delivered: 0, duplicates: 0, maxDelivered: 0 };

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
	const limit = Math.min(Number(p.limit || 100), maxLimit);
	const timeout = Math.min(Number(p.timeout || 0), 50);
	const f = late ? null : takeFault('getUpdates');

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

// sendMessage, with the per-chat faults.
function sendMessage(p, req, res, late) {
	const f = late ? null : takeFault('sendMessage');
	const chat = String(p.chat_id);
	const cf = chatFaults[chat] || '';

	if (transportFault(f, req, res, () => sendMessage(p, req, res, true)))
		return;
	if (cf === '403') {
		fail(res, 403, 'Forbidden: bot can\'t initiate conversation ' +
		    'with a user');
		return;
	}
	if (cf.startsWith('migrate:')) {
		fail(res, 400, 'Bad Request: group chat was upgraded to a ' +
		    'supergroup chat', { migrate_to_chat_id: Number(cf.slice(8)) });
		return;
	}
	if (typeof p.text !== 'string' || p.text.length === 0) {
		fail(res, 400, 'Bad Request: message text is empty');
		return;
	}
	if (p.text.length > 4096) {
		fail(res, 400, 'Bad Request: message is too long');
		return;
	}
	const m = { message_id: ++messageId, chat: { id: Number(chat) },
	    date: Math.floor(Date.now() / 1000), text: p.text };
	sent.push({ chat: chat, text: p.text, message_id: m.message_id,
	    parse_mode: p.parse_mode || null });
	ok(res, m);
}

// One Bot API call.
function botCall(method, p, req, res) {
	calls[method] = (calls[method] || 0) + 1;
	switch (method) {
	case 'getMe':
		if (!p.late && transportFault(takeFault('getMe'), req, res,
		    () => botCall(method, Object.assign(p, { late: 1 }), req,
		    res)))
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
	case 'editMessageText': {
		const f = takeFault('editMessageText');
		if (f === 'notmodified') {
			fail(res, 400, 'Bad Request: message is not modified: ' +
			    'specified new message content and reply markup ' +
			    'are exactly the same');
			return;
		}
		ok(res, { message_id: Number(p.message_id) });
		return;
	}
	case 'answerCallbackQuery':
		if (!p.late && transportFault(takeFault('answerCallbackQuery'),
		    req, res, () => botCall(method, Object.assign(p,
		    { late: 1 }), req, res)))
			return;
		sent.push({ callback: String(p.callback_query_id),
		    text: p.text || null });
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
		    stats: stats, faults: faults });
		return;
	case '/ctl/sent':
		ok(res, sent);
		return;
	case '/ctl/webhook':
		webhook(p, res);
		return;
	default:
		fail(res, 404, 'no such control');
	}
}

// Route one request.
function handle(req, res) {
	const chunks = [];
	req.on('data', (c) => chunks.push(c));
	req.on('end', () => {
		const url = new URL(req.url, 'http://x');
		let p = {};
		const text = Buffer.concat(chunks).toString();
		try {
			if (text.length > 0)
				p = JSON.parse(text);
		} catch (e) {
			fail(res, 400, 'Bad Request: invalid JSON');
			return;
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
		botCall(m[2], p, req, res);
	});
}

const server = tls ? https.createServer(tls, handle) :
    http.createServer(handle);
server.keepAliveTimeout = 60000;
server.listen(port, '127.0.0.1', () => {
	console.log('listening ' + server.address().port);
});
