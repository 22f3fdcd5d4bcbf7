// ctl.js: what the node drivers of the fake Bot API (tests/tg/fakeapi.js)
// share: its control requests, a pause, and a message's words as a
// person reads them.
'use strict';
const http = require('http');
const { execFileSync } = require('child_process');
const { until } = require('./guard');

// A control request to the fake at base ctl (POST with a body); its
// result.
function control(ctl, path, body) {
	return new Promise((resolve, reject) => {
		const u = new URL(ctl + path);
		const data = body === undefined ? null : JSON.stringify(body);
		const r = http.request({ host: u.hostname, port: u.port,
		    path: u.pathname + u.search, method: data ? 'POST' : 'GET',
		    headers: data ? { 'Content-Type': 'application/json' } :
		    {} }, (res) => {
			let t = '';
			res.on('data', (d) => t += d);
			res.on('end', () => {
				try {
					resolve(JSON.parse(t).result);
				} catch (e) {
					reject(e);
				}
			});
		});
		r.on('error', reject);
		r.end(data);
	});
}

// Wait ms milliseconds.
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/*
 * Wait until tacd has confirmed update id and its outbox (the database
 * db, read with tests/daemon/sqlexec) holds nothing unsent: all the
 * update made is delivered.  False at the hang guard (guard.js).
 */
async function settled(ctl, sqlexec, db, id) {
	return !!await until(async () => (await control(ctl,
	    '/ctl/state')).confirmed >= id && Number(execFileSync(sqlexec,
	    [db, 'SELECT count(*) FROM outbox WHERE sent = 0']).toString()
	    .trim()) === 0, 10);
}

// What a message or call says in words (a text, a caption), as a person
// reads it: no text board, no markup.
function words(x) {
	return (x.caption || x.text || '').replace(/<pre>[^]*?<\/pre>/g, '')
	    .replace(/<[^>]*>/g, '').replace(/&lt;/g, '<')
	    .replace(/&gt;/g, '>').replace(/&quot;/g, '"')
	    .replace(/&amp;/g, '&');
}

// The buttons of a stored reply_markup, flat: [{text, data, url}].
function buttons(markup) {
	if (!markup)
		return [];
	const m = typeof markup === 'string' ? JSON.parse(markup) : markup;
	return [].concat(...(m.inline_keyboard || [])).map((b) => ({
	    text: b.text, data: b.callback_data, url: b.url }));
}

module.exports = { control, sleep, settled, words, buttons };
