// fakeapi.js: a fake Telegram Bot API for tacd's tests, built-in modules
// only.  Its parts are in fake/: what it holds (state.js), the updates
// and getUpdates (updates.js), the messages the bot sends and edits
// (messages.js), the faults (faults.js), the control API (control.js),
// uploads (multipart.js).  Unlike telegram-test-api it keeps real getUpdates semantics (an
// offset confirms and forgets earlier updates; an empty queue long-polls
// up to `timeout` seconds) and injects the faults Telegram shows: 429 with
// retry_after, 403, 400 migrate_to_chat_id, "message is not modified",
// 5xx, slow and dropped connections, malformed and oversized JSON.
//
// usage: node fakeapi.js PORT TOKEN [CERT KEY]   (HTTPS with CERT and KEY)
// It prints "listening PORT" when ready.  Control (same server):
//   POST /ctl/updates   [update, ...]  queue updates (update_id kept, or
//                       given the next one); a button press gets its
//                       message as it stands (a photo, a text), as
//                       Telegram gives it
//   POST /ctl/fault     {method, fault, count, first}  the next count
//                       calls of method fail (first: before the faults
//                       already queued): "429:N", "500", "drop", "slow:MS",
//                       "garbage", "huge", "replay" (getUpdates ignores
//                       the offset once, like the emulator), "hold"
//                       (the call waits, unanswered, for /ctl/release),
//                       "half" (getUpdates: the updates are handed over
//                       but only half the answer's bytes are sent, the
//                       rest at /ctl/release); "clear" forgets the
//                       method's faults
//   POST /ctl/release   answer every call held; how many there were
//   POST /ctl/chat      {chat, fault}  every message to chat fails:
//                       "403", "notfound" (400 chat not found, as for a
//                       person Telegram has not seen with the bot),
//                       "migrate:ID", "500" (every call), "500:N" (the
//                       next N calls, then none), "photo"
//                       (a photo sent or edited in is refused: 400),
//                       "document:400" or "document:403" (a document
//                       is refused so, other messages pass), "" (none)
//   POST /ctl/limit     {limit}  updates per getUpdates answer, at most
//   GET  /ctl/state     counters (calls by method, chatCalls by chat and
//                       method, stats.notModified: edits answered "not
//                       modified"), the confirmed offset, pending updates,
//                       the calls held, latencies from queued to
//                       confirmed (p50, p99 of the last ?last=N, or all),
//                       allowed: the last getUpdates' allowed_updates
//   GET  /ctl/sent      every message the bot sent, edited, pinned or
//                       deleted, and every press answered, in order
//                       ({method, chat, message_id, text, reply_markup,
//                       photo: {size, png, width, height}, caption,
//                       document: {file_name, mime_type, size, sha1,
//                       base64}, disable_notification, at (ms), seq}; an
//                       answer: {method, callback, text, show_alert,
//                       at, seq}); seq orders them among the polls
//   GET  /ctl/commands  every setMyCommands call that was accepted
//                       ({scope, language_code, commands}); a call with
//                       a list Telegram would refuse (a bad command or
//                       description, an unknown scope, a language code
//                       that is not two letters) is answered 400
//   GET  /ctl/messages  every message as it stands now, after the edits
//                       ({chat, message_id, text, caption, reply_markup,
//                       photo, edits, deleted})
//   POST /ctl/pin       {chat, allow}  whether the bot may pin in chat
//                       (it may, unless told not)
//   POST /ctl/chatter   {chat, n}  n messages in a supergroup that the
//                       bot never sees (privacy mode): its ids go on
//   GET  /ctl/queued    when each update was queued ({update_id: ms})
//   GET  /ctl/delivered when each update was first handed to a
//                       getUpdates ({update_id: ms})
//   POST /ctl/admins    {chat, admins: [user id, ...]}  what
//                       getChatAdministrators answers for chat (else [])
//   POST /ctl/members   {chat, members: {user id: status, ...} | null}
//                       what getChatMember answers for chat: creator,
//                       administrator, member, restricted (a member),
//                       restricted-out, left, kicked, notfound (400 user
//                       not found); an unlisted person is "left"; null
//                       (the default): everyone is a member
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
//   GET  /ctl/polls     every getUpdates: {at (ms), seq, offset, fault}
//   fault "retry:TEXT"  a 429 whose retry_after is TEXT, verbatim
// The bot's edits behave as Telegram's: editMessageText,
// editMessageCaption, editMessageReplyMarkup and editMessageMedia answer
// 400 "message to edit not found" for an unknown message and "message is
// not modified" when nothing would change; sendPhoto and editMessageMedia
// take multipart/form-data bodies and want a real PNG image; sendDocument
// takes one with a "document" file part, kept whole.
'use strict';
const http = require('http');
const https = require('https');
const fs = require('fs');
const S = require('./fake/state');
const { ok, fail } = require('./fake/reply');
const { takeFault, transportFault } = require('./fake/faults');
const { getUpdates } = require('./fake/updates');
const { sendMessage, sendPhoto, sendDocument, editCall, setMyCommands,
    pinCall } = require('./fake/messages');
const { control } = require('./fake/control');
const { multipart } = require('./fake/multipart');

const port = Number(process.argv[2] || 0);
const token = process.argv[3] || 'TOKEN';
const tls = process.argv[4] ? {
	cert: fs.readFileSync(process.argv[4]),
	key: fs.readFileSync(process.argv[5]),
} : null;
const latency = Number(process.env.FAKE_LATENCY_MS || 0);

// One Bot API call, counted by method and by the chat it names.
function botCall(method, p, files, req, res) {
	S.calls[method] = (S.calls[method] || 0) + 1;
	if (p.chat_id !== undefined && !p.late) {
		const c = S.chatCalls[String(p.chat_id)] =
		    S.chatCalls[String(p.chat_id)] || {};
		c[method] = (c[method] || 0) + 1;
	}
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
	case 'sendDocument':
		sendDocument(p, files, req, res);
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
		const m = S.messages.get(String(p.chat_id) + ':' +
		    Number(p.message_id));
		if (m === undefined || m.deleted) {
			fail(res, 400, 'Bad Request: message to delete not found');
			return;
		}
		m.deleted = true;
		m.pinned = false;
		S.sent.push({ method: method, chat: m.chat,
		    message_id: m.message_id, at: Date.now(), seq: ++S.seq });	// not asserted
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
		const list = (S.admins[String(p.chat_id)] || []).map((id, i) => ({
		    status: i === 0 ? 'creator' : 'administrator',
		    user: { id: Number(id), is_bot: false,
		    first_name: 'Admin' + id } }));
		ok(res, list);
		return;
	}
	case 'getChatMember':
		if (transportFault(takeFault(method), req, res, () =>
		    botCall(method, Object.assign(p, { late: 1 }), files, req,
		    res)))
			return;
		getChatMember(p, res);
		return;
	case 'setMyCommands':
		setMyCommands(p, res);
		return;
	case 'pinChatMessage':
	case 'unpinChatMessage':
		if (transportFault(takeFault(method), req, res, () =>
		    pinCall(method, p, res)))
			return;
		pinCall(method, p, res);
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
		S.sent.push({ method: method, callback: String(p.callback_query_id),
		    text: p.text || null, show_alert: p.show_alert || false,
		    at: Date.now(), seq: ++S.seq });	// not asserted
		ok(res, true);
		return;
	default:
		fail(res, 404, 'Not Found: method not found');
	}
}

// getChatMember as Telegram answers it: a ChatMember whose status is
// what the test set for the chat (/ctl/members), "left" for someone it
// did not list (as for a person never in the group), "member" for
// everyone in a chat the test set nothing for; "restricted" carries
// is_member true, "restricted-out" is restricted and not a member;
// "notfound" is 400 user not found.  The bot's own chat faults apply:
// "403" the bot was removed from the group, "notfound" no such chat.
function getChatMember(p, res) {
	const chat = String(p.chat_id), user = Number(p.user_id);
	const cf = S.chatFaults[chat] || '';

	if (cf === '403') {
		fail(res, 403, 'Forbidden: bot was kicked from the supergroup ' +
		    'chat');
		return;
	}
	if (cf === 'notfound') {
		fail(res, 400, 'Bad Request: chat not found');
		return;
	}
	const set = S.members[chat];
	let status = set === undefined ? 'member' : set[String(user)] || 'left';
	if (status === 'notfound') {
		fail(res, 400, 'Bad Request: user not found');
		return;
	}
	const m = { user: { id: user, is_bot: false, first_name: 'P' + user } };
	if (status === 'restricted' || status === 'restricted-out') {
		m.is_member = status === 'restricted';
		status = 'restricted';
	}
	m.status = status;
	ok(res, m);
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

const server = tls ? https.createServer(tls, handle) :
    http.createServer(handle);
server.keepAliveTimeout = 60000;
server.listen(port, '127.0.0.1', () => {
	console.log('listening ' + server.address().port);
});
