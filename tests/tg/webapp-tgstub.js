// webapp-tgstub.js: Telegram's telegram-web-app.js as the Mini App's
// browser test serves it (the test has no network): a Telegram.WebApp of
// the calls the page makes, each recorded in window.__tg.calls, with the
// init data, version and theme taken from the URL's fragment as
// Telegram's own script takes them.  window.__tg lets the test do what
// Telegram would: press the Main or Back Button, change the theme or the
// viewport.  Also here: the request interception that serves it (or,
// for a page "without Telegram", refuses it) and lets nothing else off
// the machine.
'use strict';

// The stub's source, served as https://telegram.org/js/telegram-web-app.js.
const source = `'use strict';
(function () {
	const calls = [], on = {};
	const hash = new URLSearchParams(location.hash.slice(1));
	const rec = (name, args) => calls.push({ name: name,
	    args: Array.prototype.slice.call(args || []) });
	let theme = {};
	try { theme = JSON.parse(hash.get('tgWebAppThemeParams') || '{}'); }
	catch (e) { theme = {}; }
	function button(name) {
		const b = { text: '', isVisible: false, isActive: true,
		    isProgressVisible: false, fns: [] };
		const m = (k, f) => { b[k] = function () { rec(name + '.' + k,
		    arguments); f.apply(null, arguments); return b; }; };
		m('setText', (t) => { b.text = t; });
		m('show', () => { b.isVisible = true; });
		m('hide', () => { b.isVisible = false; });
		m('enable', () => { b.isActive = true; });
		m('disable', () => { b.isActive = false; });
		m('showProgress', () => { b.isProgressVisible = true; });
		m('hideProgress', () => { b.isProgressVisible = false; });
		m('onClick', (f) => { b.fns.push(f); });
		m('offClick', (f) => { b.fns = b.fns.filter((g) => g !== f); });
		return b;
	}
	const version = hash.get('tgWebAppVersion') || '8.0';
	const W = {
		initData: hash.get('tgWebAppData') || '',
		initDataUnsafe: {},
		version: version,
		platform: hash.get('tgWebAppPlatform') || 'unknown',
		colorScheme: 'light',
		get themeParams() { return theme; },
		viewportHeight: innerHeight,
		viewportStableHeight: innerHeight,
		isExpanded: false,
		isClosingConfirmationEnabled: false,
		isVersionAtLeast: function (v) {
			const a = version.split('.').map(Number), b = v.split('.')
			    .map(Number);
			return a[0] > b[0] || a[0] === b[0] && (a[1] || 0) >= (b[1] || 0);
		},
		ready: function () { rec('ready', arguments); },
		expand: function () { rec('expand', arguments); W.isExpanded = true; },
		onEvent: function (t, f) {
			rec('onEvent', [t]);
			(on[t] = on[t] || []).push(f);
		},
		offEvent: function (t, f) {
			rec('offEvent', [t]);
			on[t] = (on[t] || []).filter((g) => g !== f);
		},
		enableClosingConfirmation: function () {
			rec('enableClosingConfirmation', arguments);
			W.isClosingConfirmationEnabled = true;
		},
		disableClosingConfirmation: function () {
			rec('disableClosingConfirmation', arguments);
			W.isClosingConfirmationEnabled = false;
		},
		MainButton: button('MainButton'),
		BackButton: button('BackButton'),
		HapticFeedback: {
			impactOccurred: function () {
				rec('HapticFeedback.impactOccurred', arguments);
			},
			notificationOccurred: function () {
				rec('HapticFeedback.notificationOccurred', arguments);
			},
			selectionChanged: function () {
				rec('HapticFeedback.selectionChanged', arguments);
			}
		}
	};
	const fire = (t, d) => (on[t] || []).forEach((f) => f.call(W, d));
	window.Telegram = { WebApp: W };
	window.__tg = {
		calls: calls,
		count: (name) => calls.filter((c) => c.name === name).length,
		last: (name) => calls.filter((c) => c.name === name).pop() || null,
		press: (b) => W[b].fns.slice().forEach((f) => f()),
		theme: (p) => { theme = p; W.colorScheme = p.scheme || 'light';
		    fire('themeChanged'); },
		viewport: (h) => { W.viewportHeight = W.viewportStableHeight = h;
		    fire('viewportChanged', { isStateStable: true }); }
	};
})();
`;

// Serve the stub (telegram: true) or refuse Telegram's script (false),
// let the base's requests through (those hold() stalls wait until
// released), and refuse everything else: the test has no network.
async function intercept(page, base, telegram, hold) {
	await page.setRequestInterception(true);
	page.on('request', (r) => {
		const url = r.url();
		if (url.startsWith('https://telegram.org/js/telegram-web-app.js')) {
			if (telegram)
				r.respond({ status: 200, contentType:
				    'text/javascript; charset=utf-8', body: source });
			else
				r.abort('internetdisconnected');
		} else if (url.startsWith(base)) {
			if (hold && hold.test(url)) {
				hold.held.push(r);
				return;
			}
			if (hold && hold.fake && hold.fake(r))
				return;
			r.continue();
		} else
			r.abort('blockedbyclient');
	});
}

// What a page stalls: its requests matching re, until release().
function holder() {
	const h = { re: null, held: [], fake: null };
	h.test = (url) => h.re !== null && h.re.test(url);
	h.release = () => {
		h.re = null;
		h.held.splice(0).forEach((r) => r.continue().catch(() => null));
	};
	return h;
}

module.exports = { source, intercept, holder };
