// fake/updates.js: the updates side of the fake Bot API: a queue that
// getUpdates answers with real semantics (an offset confirms and forgets
// what is below it; an empty queue long-polls up to `timeout` seconds),
// the latency of each update from its queueing to its confirmation, and
// answers that misbehave when asked (raw bytes, reversed, past the limit).
'use strict';
const S = require('./state');
const { ok } = require('./reply');
const { takeFault, transportFault, halfDeliver } = require('./faults');
const { nextMessageId, sawMessageId } = require('./messages');

// The chat of an update (a message's or a button press's), or null.
function updateChat(u) {
	const m = u.message || (u.callback_query && u.callback_query.message);
	return m && m.chat ? String(m.chat.id) : null;
}

/*
 * A button press names its message; as Telegram does, give the press the
 * message as it stands: a photo's sizes and caption, or its text.
 */
function withMessage(u) {
	const q = u.callback_query;
	const m = q && q.message;
	if (!m || m.message_id === undefined || !m.chat)
		return;
	const have = S.messages.get(String(m.chat.id) + ':' +
	    Number(m.message_id));
	if (have === undefined || have.deleted)
		return;
	if (have.photo && m.photo === undefined) {
		m.photo = [{ file_id: 'png-' + have.photo.sha1,
		    file_unique_id: have.photo.sha1.slice(0, 16),
		    width: have.photo.width, height: have.photo.height,
		    file_size: have.photo.size }];
		if (have.caption !== null && m.caption === undefined)
			m.caption = have.caption;
	} else if (!have.photo && have.text !== null && m.text === undefined)
		m.text = have.text;
}

// A person's message takes its chat's next id unless it has one; a
// supergroup's is counted in the chat.  A chat without a type is the
// bulk filler of answers.sh's backlog, sized to just fit the answer cap:
// left as given.
function messageId(u) {
	const m = u.message;
	if (!m || !m.chat || m.chat.type === undefined)
		return;
	if (m.chat.type === 'supergroup')
		S.supergroups.add(String(m.chat.id));
	if (m.message_id === undefined)
		m.message_id = nextMessageId(m.chat.id);
	else
		sawMessageId(m.chat.id, Number(m.message_id));
}

// Queue updates (update_id kept, or given the next one); wake the polls.
function queue(list) {
	for (const u of list) {
		messageId(u);
		if (u.update_id === undefined)
			u.update_id = S.nextId;
		S.nextId = Math.max(S.nextId, u.update_id + 1);
		withMessage(u);
		S.updates.push(u);
		S.all.push(u);
		S.queuedAt.set(u.update_id, Date.now());	// not asserted: make bench-tg prints it
		S.queuedAll.set(u.update_id, Date.now());	// not asserted: make bench-tg prints it
		const chat = updateChat(u);
		if (chat !== null && !S.unreplied.has(chat))
			S.unreplied.set(chat, Date.now());	// not asserted: make bench-tg prints it
	}
	wake();
	return S.updates.length;
}

// Queue updates given as raw bytes, spliced into answers as they are.
function queueRaw(list) {
	for (const r of list) {
		const u = { update_id: r.update_id, raw: true };
		S.rawText.set(u, Buffer.from(r.base64, 'base64'));
		S.nextId = Math.max(S.nextId, u.update_id + 1);
		S.updates.push(u);
		S.all.push(u);
		S.queuedAt.set(u.update_id, Date.now());	// not asserted: make bench-tg prints it
	}
	wake();
	return S.updates.length;
}

// The updates at or after offset, forgetting the earlier ones.
function pending(offset, limit) {
	if (offset > 0) {
		const now = Date.now();	// not asserted: make bench-tg prints it
		for (const [id, t] of S.queuedAt) {
			if (id < offset) {
				S.latencies.push(now - t);
				S.queuedAt.delete(id);
			}
		}
		if (offset - 1 > S.confirmed)
			S.confirmed = offset - 1;
		S.updates = S.updates.filter(u => u.update_id >= offset);
	}
	return S.updates.slice(0, limit);
}

// An update's bytes in an answer: its raw bytes, or its JSON (once).
function updateBytes(u) {
	let b = S.rawText.get(u);
	if (b === undefined) {
		b = Buffer.from(JSON.stringify(u));
		S.rawText.set(u, b);
	}
	return b;
}

// Write an answer ourselves when it holds raw updates or is shaped;
// false: the ordinary answer will do.
function shapedDeliver(res, list) {
	if (!S.shape.reverse && !S.shape.nolimit && !list.some(u => u.raw))
		return false;
	if (S.shape.reverse)
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

// Hand updates to a getUpdates caller, counting redeliveries; with half,
// only the first half of the answer's bytes, the rest held back until the
// caller goes or /ctl/release (fake/faults.js).
function deliver(res, list, half) {
	for (const u of list) {
		if (u.update_id <= S.stats.maxDelivered)
			S.stats.duplicates++;
		else
			S.stats.maxDelivered = u.update_id;
		S.stats.delivered++;
		if (!S.deliveredAt.has(u.update_id))
			S.deliveredAt.set(u.update_id, Date.now());	// not asserted: make bench-tg prints it
	}
	if (half)
		halfDeliver(res, list);
	else if (!shapedDeliver(res, list))
		ok(res, list);
}

// Wake the long polls that can be answered now.
function wake() {
	const still = [];
	for (const w of S.waiting) {
		const list = pending(w.offset, w.limit);
		if (list.length > 0) {
			clearTimeout(w.timer);
			deliver(w.res, list);
		} else
			still.push(w);
	}
	S.waiting = still;
}

// getUpdates with offset, limit and long-poll timeout.
function getUpdates(p, req, res, late) {
	const offset = Number(p.offset || 0);
	const limit = S.shape.nolimit ? Infinity :
	    Math.min(Number(p.limit || 100), S.maxLimit);
	const timeout = Math.min(Number(p.timeout || 0), 50);
	const f = late ? null : takeFault('getUpdates');

	if (!late && p.allowed_updates !== undefined)
		S.allowed = p.allowed_updates;
	if (!late)
		S.polls.push({ at: Date.now(), seq: ++S.seq, offset: offset,	// not asserted: printed, and seq orders
		    fault: f });
	if (f === 'replay') {
		// Like the emulator: old updates again, offset or not.
		const list = S.all.slice(S.replayPos, S.replayPos + limit);
		S.replayPos = list.length === 0 ? 0 : S.replayPos + list.length;
		S.stats.replayed = (S.stats.replayed || 0) + list.length;
		ok(res, list);
		return;
	}
	if (transportFault(f, req, res, () => getUpdates(p, req, res, true)))
		return;
	const list = pending(offset, limit);
	if (f === 'half' && list.length > 0) {
		deliver(res, list, true);
		return;
	}
	if (list.length > 0 || timeout === 0) {
		deliver(res, list);
		return;
	}
	const w = { res: res, offset: offset, limit: limit };
	w.timer = setTimeout(() => {
		S.waiting = S.waiting.filter(x => x !== w);
		ok(res, []);
	}, timeout * 1000);
	res.on('close', () => {
		clearTimeout(w.timer);
		S.waiting = S.waiting.filter(x => x !== w);
	});
	S.waiting.push(w);
}

module.exports = { queue, queueRaw, getUpdates };
