// emulator.js: run telegram-test-api (npm, 4.2.1) on 127.0.0.1:PORT,
// counting the bot's calls on the way in.
// usage: NODE_PATH=DIR/node_modules node emulator.js PORT
// GET /calls answers every bot call so far, oldest first: [{method,
// chat, text}] (chat the call's chat_id as a string, "" for none; text
// a press's answer, answerCallbackQuery's only): the emulator keeps only
// the latest text of an edited message, and no answer at all, so what a
// game cost in messages and edits, and what a press was answered, is
// seen here.
'use strict';
const express = require('express');
const TelegramServer = require('telegram-test-api');

// A failed webhook (we use none) would otherwise kill it.  Messages are
// kept for ten hours: a slow (sanitizer) game must not lose its lobby.
process.on('unhandledRejection', () => {});
const server = new TelegramServer({ port: Number(process.argv[2]),
    host: '127.0.0.1', storeTimeout: 36000 });
const calls = [];
const outer = express();
outer.use(express.json());
outer.use(express.urlencoded({ extended: true }));
outer.get('/calls', (_req, res) => res.json({ ok: true, result: calls }));
outer.use((req, _res, next) => {
	const m = req.path.match(/^\/bot[^/]+\/(\w+)$/);
	const body = Object.assign({}, req.query, req.body || {});
	if (m && m[1] !== 'getUpdates')
		calls.push({ method: m[1], chat: body.chat_id === undefined ?
		    '' : String(body.chat_id), text: m[1] ===
		    'answerCallbackQuery' ? String(body.text || '') :
		    undefined });
	next();
});
// Methods the emulator lacks (it answers them HTTP 500, no Bot API
// error) answered as Telegram does in a group whose only admin is Anna,
// its creator: the bot may pin nothing there, so the live message stays
// in sight by being posted anew once buried.
outer.all(/^\/bot[^/]+\/getChatAdministrators$/, (_req, res) =>
    res.json({ ok: true, result: [{ status: 'creator', user: { id: 1000,
    is_bot: false, first_name: 'Anna' } }] }));
// getChatMember: everyone the game's people are is in the group.
outer.all(/^\/bot[^/]+\/getChatMember$/, (req, res) => {
	const body = Object.assign({}, req.query, req.body || {});
	res.json({ ok: true, result: { status: 'member', user: {
	    id: Number(body.user_id), is_bot: false, first_name: 'P' +
	    body.user_id } } });
});
outer.all(/^\/bot[^/]+\/(un)?pinChatMessage$/, (_req, res) =>
    res.status(400).json({ ok: false, error_code: 400, description:
    'Bad Request: not enough rights to manage pinned messages in the chat' }));
// The emulator's own app behind the counter (its body parsers see the
// body parsed already and leave it).
outer.use(server.webServer);
server.webServer = outer;
server.start().then(() => console.log('listening ' + process.argv[2]));
