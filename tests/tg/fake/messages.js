// fake/messages.js: the messages side of the fake Bot API: what the bot
// sends, uploads, edits and pins, kept as it stands (for /ctl/messages)
// and logged in order (for /ctl/sent), with Telegram's refusals: an
// empty or long text, a photo that is no PNG, an edit of a message that
// is gone or would change nothing, a pin where the bot may not pin, a
// command list Telegram would not take.  Message ids count per chat in a
// supergroup, and across the bot's other chats, as Telegram counts them.
'use strict';
const crypto = require('crypto');
const S = require('./state');
const { ok, fail } = require('./reply');
const { takeFault, transportFault, chatFault } = require('./faults');

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

// The next message id in chat: a supergroup counts its own messages
// (the bot's, the people's, service messages alike); the bot's private
// chats and basic groups share one count, as Telegram's do.
function nextMessageId(chat) {
	chat = String(chat);
	if (S.supergroups.has(chat)) {
		S.chatIds[chat] = (S.chatIds[chat] || 0) + 1;
		return S.chatIds[chat];
	}
	return ++S.messageId;
}

// A message of a person with its own id came into a supergroup: the
// chat's count goes on from it.
function sawMessageId(chat, id) {
	chat = String(chat);
	if (S.supergroups.has(chat) && id > (S.chatIds[chat] || 0))
		S.chatIds[chat] = id;
}

// Does a call's disable_notification say so (JSON true, or a form's
// "true")?
function quiet(p) {
	return p.disable_notification === true ||
	    p.disable_notification === 'true';
}

// The bot wrote to chat: the first reply to its waiting update, if any.
function replied(chat) {
	const at = S.unreplied.get(String(chat));
	if (at === undefined)
		return;
	S.replies.push({ chat: Number(chat), ms: Date.now() - at });	// not asserted: make bench-tg prints it
	S.unreplied.delete(String(chat));
}

// A new message in chat: store it, log it, answer it as Telegram would
// (doc: a document's file, or none).
function newMessage(res, method, p, chat, photo, doc) {
	replied(chat);
	const m = { message_id: nextMessageId(chat), chat: { id: Number(chat) },
	    date: Math.floor(Date.now() / 1000) };	// not asserted: the date of a Bot API object
	const markup = markupText(p.reply_markup);
	const rec = { chat: chat, message_id: m.message_id,
	    text: photo || doc ? null : p.text, caption: photo || doc ?
	    p.caption || null : null, reply_markup: markup, photo: photo,
	    edits: 0, deleted: false };
	S.messages.set(chat + ':' + m.message_id, rec);
	S.sent.push({ method: method, chat: chat, text: rec.text,
	    message_id: m.message_id, parse_mode: p.parse_mode || null,
	    reply_markup: markup, photo: photo, caption: rec.caption,
	    disable_notification: quiet(p), at: Date.now(), seq: ++S.seq });	// not asserted
	if (doc) {
		rec.document = doc;
		S.sent[S.sent.length - 1].document = doc;
		m.document = { file_id: 'doc-' + doc.sha1,
		    file_unique_id: doc.sha1.slice(0, 16),
		    file_name: doc.file_name, mime_type: doc.mime_type,
		    file_size: doc.size };
	}
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

// sendDocument: a multipart upload of a file, kept whole for the tests.
function sendDocument(p, files, req, res, late) {
	const f = late ? null : takeFault('sendDocument');
	const chat = String(p.chat_id);

	if (transportFault(f, req, res, () =>
	    sendDocument(p, files, req, res, true)))
		return;
	if (chatFault(chat, res, false, true))
		return;
	if (p.caption !== undefined && p.caption.length > 1024) {
		fail(res, 400, 'Bad Request: message caption is too long');
		return;
	}
	const file = files.document;
	if (file === undefined || file.length === 0) {
		fail(res, 400, 'Bad Request: there is no document in the ' +
		    'request');
		return;
	}
	newMessage(res, 'sendDocument', p, chat, null, {
	    file_name: file.filename || null, mime_type: file.type || null,
	    size: file.length,
	    sha1: crypto.createHash('sha1').update(file).digest('hex'),
	    base64: file.toString('base64') });
}

// The message an edit names, or null after answering the error.
function editTarget(p, res, photo) {
	const chat = String(p.chat_id);
	const m = S.messages.get(chat + ':' + Number(p.message_id));

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
		S.stats.notModified = (S.stats.notModified || 0) + 1;
		fail(res, 400, 'Bad Request: message is not modified: ' +
		    'specified new message content and reply markup are ' +
		    'exactly the same as a current content and reply markup ' +
		    'of the message');
		return;
	}
	Object.assign(m, now);
	m.edits++;
	S.sent.push({ method: method, chat: m.chat, message_id: m.message_id,
	    text: m.text, caption: m.caption, photo: m.photo,
	    parse_mode: p.parse_mode || null, reply_markup: m.reply_markup,
	    at: Date.now(), seq: ++S.seq });	// not asserted
	const r = { message_id: m.message_id, chat: { id: Number(m.chat) },
	    date: Math.floor(Date.now() / 1000), edit_date:	// not asserted: the date of a Bot API object
	    Math.floor(Date.now() / 1000) };	// not asserted: the date of a Bot API object
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

// pinChatMessage and unpinChatMessage: refused where the bot may not
// pin (/ctl/pin); a pin in a supergroup is a service message there.
function pinCall(method, p, res) {
	const chat = String(p.chat_id);
	const m = S.messages.get(chat + ':' + Number(p.message_id));

	if (chatFault(chat, res))
		return;
	if (S.noPin[chat]) {
		fail(res, 400, 'Bad Request: not enough rights to manage ' +
		    'pinned messages in the chat');
		return;
	}
	if (m === undefined || m.deleted) {
		fail(res, 400, 'Bad Request: message to pin not found');
		return;
	}
	m.pinned = method === 'pinChatMessage';
	if (m.pinned && S.supergroups.has(chat))
		nextMessageId(chat);
	S.sent.push({ method: method, chat: chat, message_id: m.message_id,
	    disable_notification: quiet(p), at: Date.now(), seq: ++S.seq });	// not asserted
	ok(res, true);
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
	S.commands.push({ scope: scope, language_code: p.language_code || null,
	    commands: list });
	ok(res, true);
}

module.exports = { sendMessage, sendPhoto, sendDocument, editCall,
    setMyCommands, pinCall, nextMessageId, sawMessageId };
