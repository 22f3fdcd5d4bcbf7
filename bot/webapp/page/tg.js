/*
 * tg.js: the page and Telegram.  Where Telegram's telegram-web-app.js
 * was loaded (index.html loads it first, as Telegram's documentation
 * asks), the page uses it: ready() and expand(), the Main Button to send
 * a move, the Back Button to step back, haptic feedback, theme and
 * viewport changes as they happen, a closing confirmation while a move
 * is half built.  Without it (an old client, a browser, the tests' second
 * run) the same calls do nothing and the page's own buttons stand in;
 * the init data and the theme then come from the URL's fragment, where
 * Telegram puts them too.
 */
'use strict';
(function (root) {
	const w = root.Telegram && root.Telegram.WebApp ? root.Telegram.WebApp :
	    null;
	const hash = new URLSearchParams(root.location.hash.slice(1));
	let mainFn = null, backFn = null, closing = false;

	/* Does the client take a feature of this version of the API? */
	function has(v) {
		try {
			return w !== null && typeof w.isVersionAtLeast === 'function' &&
			    w.isVersionAtLeast(v);
		} catch (e) {
			return false;
		}
	}

	/* Call a method if the client has it, and never throw. */
	function call(obj, name) {
		const args = Array.prototype.slice.call(arguments, 2);
		try {
			if (obj && typeof obj[name] === 'function')
				return obj[name].apply(obj, args);
		} catch (e) { /* an old client */ }
		return undefined;
	}

	/* The init data: Telegram's, or the fragment's. */
	function initData() {
		if (w && w.initData)
			return w.initData;
		return hash.get('tgWebAppData') || '';
	}

	/* The theme's colours, as Telegram names them. */
	function theme() {
		if (w && w.themeParams && Object.keys(w.themeParams).length > 0)
			return w.themeParams;
		try {
			return JSON.parse(hash.get('tgWebAppThemeParams') || '{}');
		} catch (e) {
			return {};
		}
	}

	/* Tell Telegram the page is ready, and take the whole height. */
	function start() {
		call(w, 'ready');
		call(w, 'expand');
	}

	/* Run fn when Telegram's theme changes, and when its viewport does. */
	function onChange(themeFn, viewFn) {
		call(w, 'onEvent', 'themeChanged', themeFn);
		call(w, 'onEvent', 'viewportChanged', (e) => viewFn(
		    w.viewportStableHeight || w.viewportHeight || 0, e));
	}

	/* The height Telegram gives the page, 0 if it says none. */
	function height() {
		return w ? w.viewportStableHeight || w.viewportHeight || 0 : 0;
	}

	/* Does the Main Button stand in for the page's Send? */
	function hasMain() {
		return w !== null && !!w.MainButton;
	}

	/* Does the Back Button stand in for the page's Back (6.1)? */
	function hasBack() {
		return has('6.1') && !!w.BackButton;
	}

	/*
	 * The Main Button: shown with text while there is something to
	 * send, active or not, with a spinner while it is sent; fn on a
	 * press.
	 */
	function main(text, show, active, busy, fn) {
		if (!hasMain())
			return;
		const b = w.MainButton;
		if (fn !== mainFn) {
			if (mainFn)
				call(b, 'offClick', mainFn);
			if (fn)
				call(b, 'onClick', fn);
			mainFn = fn;
		}
		if (!show) {
			if (b.isVisible !== false)
				call(b, 'hide');
			return;
		}
		if (b.text !== text)
			call(b, 'setText', text);
		call(b, active ? 'enable' : 'disable');
		call(b, busy ? 'showProgress' : 'hideProgress', false);
		if (b.isVisible !== true)
			call(b, 'show');
	}

	/* The Back Button: shown while a step can be taken back. */
	function back(show, fn) {
		if (!hasBack())
			return;
		const b = w.BackButton;
		if (fn !== backFn) {
			if (backFn)
				call(b, 'offClick', backFn);
			if (fn)
				call(b, 'onClick', fn);
			backFn = fn;
		}
		if (show && b.isVisible !== true)
			call(b, 'show');
		else if (!show && b.isVisible !== false)
			call(b, 'hide');
	}

	/* A tap's feel: "choice", "error", "success" (6.1). */
	function feel(kind) {
		if (!has('6.1') || !w.HapticFeedback)
			return;
		if (kind === 'choice')
			call(w.HapticFeedback, 'selectionChanged');
		else
			call(w.HapticFeedback, 'notificationOccurred', kind);
	}

	/* Ask before closing while a move is half built (6.2). */
	function confirmClose(on) {
		if (!has('6.2') || on === closing)
			return;
		closing = on;
		call(w, on ? 'enableClosingConfirmation' :
		    'disableClosingConfirmation');
	}

	root.TacTg = { present: w !== null, initData: initData, theme: theme,
	    start: start, onChange: onChange, height: height, hasMain: hasMain,
	    hasBack: hasBack, main: main, back: back, feel: feel,
	    confirmClose: confirmClose };
})(this);
