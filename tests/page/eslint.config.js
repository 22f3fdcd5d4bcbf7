// eslint.config.js: how tests/page/lint.sh lints the Mini App's page
// (bot/webapp/page/*.js): eslint's recommended rules and a few of the
// house's (===, const where nothing reassigns, no shadowed names), for
// browser scripts loaded in order by index.html: board.js, move.js and
// tg.js define TacBoard, TacMove and TacTg for app.js.
'use strict';
const js = require('@eslint/js');
const globals = require('globals');

module.exports = [
	js.configs.recommended,
	{
		languageOptions: {
			ecmaVersion: 2020,
			sourceType: 'script',
			globals: Object.assign({}, globals.browser, {
				TacBoard: 'readonly', TacMove: 'readonly',
				TacTg: 'readonly', module: 'readonly'
			})
		},
		rules: {
			/* A catch that only swallows has nothing to name. */
			'no-unused-vars': ['error', { caughtErrors: 'none' }],
			eqeqeq: 'error',
			'no-var': 'error',
			'prefer-const': 'error',
			strict: ['error', 'global'],
			'no-implicit-globals': 'error',
			'no-shadow': 'error'
		}
	}
];
