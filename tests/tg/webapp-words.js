// webapp-words.js: every text the Mini App shows goes through the
// catalogs.  The page's scripts hold no words of their own: each string
// literal is code (an id, a class, a selector, a path, a header, an
// event, a colour, the notation's words), none a sentence or a word
// for people, and each of the page's words it uses (T.name) is one that
// src/compose/compose-web.c takes from the catalogs.  The server's own
// errors (bot/webapp/*.c) are compose's refusals, catalog messages too.  The browser
// test checks the same on screen: a Georgian page has no Latin word but
// names.
//
// usage: node webapp-words.js SRCDIR
'use strict';
const fs = require('fs');
const path = require('path');

const src = process.argv[2];
const out = [];

// Say how a check went (the shell counts the lines).
function say(ok, what) {
	console.log((ok ? 'ok: ' : 'FAIL: ') + what);
	out.push(ok);
	return ok;
}

// The string literals of a script, its comments and regexps left out.
function literals(text) {
	const found = [];
	let i = 0;
	while (i < text.length) {
		const c = text[i], n = text[i + 1];
		if (c === '/' && n === '*') {
			i = text.indexOf('*/', i + 2) + 2;
			continue;
		}
		if (c === '/' && n === '/') {
			i = text.indexOf('\n', i);
			continue;
		}
		/* A regexp: a slash where a value begins. */
		if (c === '/' && /[(,=:[!&|?{};]\s*$/.test(text.slice(Math.max(0,
		    i - 20), i))) {
			let j = i + 1, cls = false;
			while (j < text.length && (text[j] !== '/' || cls)) {
				if (text[j] === '\\')
					j++;
				else if (text[j] === '[')
					cls = true;
				else if (text[j] === ']')
					cls = false;
				j++;
			}
			i = j + 1;
			continue;
		}
		if (c === '\'' || c === '"' || c === '`') {
			let j = i + 1, s = '';
			while (j < text.length && text[j] !== c) {
				if (text[j] === '\\') {
					s += text[j + 1];
					j += 2;
					continue;
				}
				s += text[j++];
			}
			found.push(s);
			i = j + 1;
			continue;
		}
		i++;
	}
	return found;
}

// Code that reads like a word: named here, each with what it is.
const code = {
	Authorization: 'an HTTP header', Enter: 'a key\'s name',
	'Content-Type': 'an HTTP header', 'use strict': 'a directive',
	'(prefers-reduced-motion: reduce)': 'a media query'
};

// Is a literal words for people?
function words(s) {
	if (code[s])
		return false;
	return /[A-Za-z]{2,}[,.!?;:]? +[A-Za-z]{2,}/.test(s.replace(
	    /[#.][\w-]+|\[[^\]]*\]|\w+\(|https?:\S+/g, '')) ||
	    /^[A-Z][a-z]{2,}[.!?]?$/.test(s);
}

const page = path.join(src, 'bot/webapp/page');
const table = fs.readFileSync(path.join(src, 'src/compose/compose-web.c'),
    'utf8');
const keys = new Set(Array.from(table.matchAll(/\{ "([a-z_]+)", N_\(/g),
    (m) => m[1]));
say(keys.size > 40, 'the page\'s words in compose-web.c (' + keys.size + ')');
for (const f of fs.readdirSync(page).filter((x) => /\.js$/.test(x))) {
	const text = fs.readFileSync(path.join(page, f), 'utf8');
	const bad = literals(text).filter(words);
	say(bad.length === 0, f + ': no words of its own (' +
	    literals(text).length + ' literals' + (bad.length ? ': ' +
	    bad.map((b) => JSON.stringify(b)).join(', ') : '') + ')');
	const used = Array.from(text.matchAll(/\bT\.([a-z_]+)/g), (m) => m[1]);
	const missing = used.filter((k) => !keys.has(k));
	say(missing.length === 0, f + ': every word it uses is a catalog\'s (' +
	    new Set(used).size + (missing.length ? '; not: ' + missing.join(', ') :
	    '') + ')');
}
const html = fs.readFileSync(path.join(page, 'index.html'), 'utf8');
const shown = html.replace(/<script[^>]*>|<svg[\s\S]*?<\/svg>|<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ').trim();
say(shown === 'TAC TAC', 'index.html shows no words but the name "TAC" ' +
    'until the scripts speak ("' + shown + '")');
// The server's refusals: each call names one of compose's refusals
// (COMPOSE_WEB_*), and each of those is a catalog message there.
const cw = fs.readFileSync(path.join(src, 'src/compose/compose-web.c'),
    'utf8');
const worded = new Set(Array.from(cw.matchAll(
    /\[(COMPOSE_WEB_[A-Z_]+)\] = \{ "[a-z_]+",\s*N_\("/g), (m) => m[1]));
say(worded.size > 5, 'compose-web.c words each refusal from the catalogs (' +
    worded.size + ')');
for (const f of ['webapp.c', 'webapp-api.c']) {
	const text = fs.readFileSync(path.join(src, 'bot/webapp', f), 'utf8');
	const calls = Array.from(text.matchAll(/webapp_error\(([^;]*)\);/g),
	    (m) => m[1]);
	const bad = calls.filter((c) => !/^struct/.test(c) &&
	    !worded.has((/(COMPOSE_WEB_[A-Z_]+)\)?$/.exec(c.trim()) || [])[1]));
	say(calls.length > 2 && bad.length === 0, f + ': every error says a ' +
	    'catalog message (' + calls.length + ' calls' + (bad.length ? ': ' +
	    bad.join(' | ') : '') + ')');
}
process.exit(out.every((x) => x) ? 0 : 1);
