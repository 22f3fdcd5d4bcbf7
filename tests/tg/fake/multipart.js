// fake/multipart.js: a multipart/form-data body taken apart, as the
// Bot API takes the bot's uploads (a photo, a document).
'use strict';

// The body's text fields into p, its file parts (those with a filename)
// into files by name; false if it is malformed.
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
		const name = hdr.match(/[^e]name="([^"]*)"/i);
		if (!name)
			return false;
		const fname = hdr.match(/filename="([^"]*)"/i);
		const ftype = hdr.match(/content-type:\s*([^\r\n;]+)/i);
		if (fname) {
			files[name[1]] = Buffer.from(data);
			files[name[1]].filename = fname[1];
			files[name[1]].type = ftype ? ftype[1] : null;
		} else
			p[name[1]] = data.toString();
		at = next;
	}
}

module.exports = { multipart };
