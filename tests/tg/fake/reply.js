// fake/reply.js: answers in Telegram's JSON envelope.
'use strict';

// Answer with a JSON body.
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

module.exports = { reply, ok, fail };
