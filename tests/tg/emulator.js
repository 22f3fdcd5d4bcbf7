// emulator.js: run telegram-test-api (npm, 4.2.1) on 127.0.0.1:PORT.
// usage: NODE_PATH=DIR/node_modules node emulator.js PORT
'use strict';
const TelegramServer = require('telegram-test-api');

// A failed webhook (we use none) would otherwise kill it.  Messages are
// kept for ten hours: a slow (sanitizer) game must not lose its lobby.
process.on('unhandledRejection', () => {});
const server = new TelegramServer({ port: Number(process.argv[2]),
    host: '127.0.0.1', storeTimeout: 36000 });
server.start().then(() => console.log('listening ' + process.argv[2]));
