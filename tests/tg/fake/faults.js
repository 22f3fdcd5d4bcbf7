// fake/faults.js: the faults Telegram shows, injected on demand: those
// of the transport and the answer (per method, queued by /ctl/fault),
// and those of a chat (/ctl/chat).
'use strict';
const S = require('./state');
const { fail } = require('./reply');

// Take the next fault queued for a method, if any.
function takeFault(method) {
	const q = S.faults[method];
	if (!q || q.length === 0)
		return null;
	return q.shift();
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

/*
 * Hold a call: release() answers it as it would have been (then), or for
 * a half-sent answer writes the rest; a call whose caller goes is
 * forgotten.
 */
function hold(method, res, release) {
	const h = { method: method, release: release };
	S.held.push(h);
	res.on('close', () => {
		S.held = S.held.filter((x) => x !== h);
	});
}

// Release every call held (/ctl/release); how many there were.
function releaseAll() {
	const l = S.held;
	S.held = [];
	l.forEach((h) => h.release());
	return l.length;
}

/*
 * A getUpdates answer half sent ("half"): the updates are handed over
 * (counted as delivered), but the caller gets only the first half of the
 * bytes, and the rest when released: a kill meanwhile loses them.
 */
function halfDeliver(res, list) {
	const body = Buffer.from(JSON.stringify({ ok: true, result: list }));
	const cut = Math.floor(body.length / 2);
	res.writeHead(200, { 'Content-Type': 'application/json',
	    'Content-Length': body.length });
	res.write(body.subarray(0, cut));
	hold('getUpdates', res, () => res.end(body.subarray(cut)));
}

// Apply a transport-level fault; true if the request was consumed.
function transportFault(f, req, res, then) {
	if (f === null)
		return false;
	if (f === 'hold') {
		hold(req.url.replace(/^.*\//, ''), res, then);
		return true;
	}
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

// A chat's own fault for a message to it (photo: the message is a photo;
// doc: a document): true if the request was answered.
function chatFault(chat, res, photo, doc) {
	const cf = S.chatFaults[chat] || '';

	if (cf.startsWith('document:')) {
		if (!doc)
			return false;
		if (cf === 'document:403')
			fail(res, 403, 'Forbidden: not enough rights to send ' +
			    'documents to the chat');
		else
			fail(res, 400, 'Bad Request: not enough rights to send ' +
			    'documents to the chat');
		return true;
	}
	if (cf === '500') {
		fail(res, 500, 'Internal Server Error');
		return true;
	}
	/* "500:N": the next N calls, counted, not timed. */
	const n = /^500:(\d+)$/.exec(cf);
	if (n) {
		S.chatFaults[chat] = Number(n[1]) > 1 ?
		    '500:' + (Number(n[1]) - 1) : '';
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

module.exports = { takeFault, retryFault, transportFault, chatFault,
    halfDeliver, releaseAll };
