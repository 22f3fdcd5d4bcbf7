// fake/control.js: the control API of the fake Bot API (fakeapi.js
// lists it), by which a test queues updates, injects faults and reads
// back what the bot did.
'use strict';
const http = require('http');
const S = require('./state');
const { reply, ok, fail } = require('./reply');
const { queue, queueRaw } = require('./updates');
const { releaseAll } = require('./faults');

// The p50, p99 (and max) of a list of milliseconds.
function percentiles(list) {
	const l = list.slice().sort((a, b) => a - b);
	const pct = (q) => l.length ? l[Math.min(l.length - 1,
	    Math.floor(q * l.length))] : 0;
	return { p50: pct(0.5), p99: pct(0.99),
	    max: l.length ? l[l.length - 1] : 0, n: l.length };
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

// Queue a fault for a method's next calls, or forget its faults.
function fault(p) {
	if (p.fault === 'clear') {
		delete S.faults[p.method];
		return;
	}
	S.faults[p.method] = S.faults[p.method] || [];
	for (let i = 0; i < (p.count || 1); i++) {
		if (p.first)
			S.faults[p.method].unshift(p.fault);
		else
			S.faults[p.method].push(p.fault);
	}
}

// The counters, the confirmed offset and the latencies (/ctl/state).
function state(p) {
	const l = percentiles(S.latencies.slice(-Number(p.last || 0)));
	return { p50: l.p50, p99: l.p99, nlat: l.n, confirmed: S.confirmed,
	    queued: S.updates.length, waiting: S.waiting.length,
	    calls: S.calls, chatCalls: S.chatCalls, sent: S.sent.length,
	    probes: S.sent.filter((x) => Number(x.chat) >= 900000 &&
	    Number(x.chat) < 1000000).length,
	    stats: S.stats, faults: S.faults, held: S.held.length,
	    seq: S.seq, allowed: S.allowed };
}

// The time to the first reply, for chats from p.from to p.to.
function replies(p) {
	const from = p.from !== undefined ? Number(p.from) : -Infinity;
	const to = p.to !== undefined ? Number(p.to) : Infinity;
	const r = percentiles(S.replies.filter((x) => x.chat >= from &&
	    x.chat <= to).map((x) => x.ms));
	r.waiting = S.unreplied.size;
	return r;
}

// One control request of the test script.
function control(path, p, res) {
	switch (path) {
	case '/ctl/updates':
		ok(res, queue(p));
		return;
	case '/ctl/raw':
		ok(res, queueRaw(p));
		return;
	case '/ctl/fault':
		fault(p);
		ok(res, true);
		return;
	case '/ctl/release':
		ok(res, releaseAll());
		return;
	case '/ctl/limit':
		S.maxLimit = Number(p.limit) || 100;
		ok(res, true);
		return;
	case '/ctl/chat':
		S.chatFaults[String(p.chat)] = p.fault;
		ok(res, true);
		return;
	case '/ctl/shape':
		S.shape.reverse = !!p.reverse;
		S.shape.nolimit = !!p.nolimit;
		ok(res, S.shape);
		return;
	case '/ctl/state':
		ok(res, state(p));
		return;
	case '/ctl/sent':
		ok(res, S.sent);
		return;
	case '/ctl/messages':
		ok(res, Array.from(S.messages.values()));
		return;
	case '/ctl/commands':
		ok(res, S.commands);
		return;
	case '/ctl/polls':
		ok(res, S.polls);
		return;
	case '/ctl/pin':
		S.noPin[String(p.chat)] = p.allow === false;
		ok(res, true);
		return;
	case '/ctl/chatter':
		S.chatIds[String(p.chat)] = (S.chatIds[String(p.chat)] || 0) +
		    Number(p.n || 0);
		ok(res, S.chatIds[String(p.chat)]);
		return;
	case '/ctl/queued':
		ok(res, Object.fromEntries(S.queuedAll));
		return;
	case '/ctl/delivered':
		ok(res, Object.fromEntries(S.deliveredAt));
		return;
	case '/ctl/admins':
		S.admins[String(p.chat)] = p.admins || [];
		ok(res, true);
		return;
	case '/ctl/members':
		if (p.members === null || p.members === undefined)
			delete S.members[String(p.chat)];
		else
			S.members[String(p.chat)] = p.members;
		ok(res, true);
		return;
	case '/ctl/webhook':
		webhook(p, res);
		return;
	case '/ctl/replies':
		ok(res, replies(p));
		return;
	default:
		fail(res, 404, 'no such control');
	}
}

module.exports = { control };
