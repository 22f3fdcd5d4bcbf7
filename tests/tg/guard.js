// guard.js: the hang guard of the node drivers, HANG_GUARD_MS: how long
// any one wait may last before the test calls it a hang and fails.  The
// shell's HANG_GUARD (tests/daemon/lib.sh) sets it; nothing a test waits
// for takes near so long, loaded or in the sanitizer build.  A driver
// waits for the state it needs, never for a time (tests/clock.sh).
'use strict';

const HANG_GUARD_MS = Number(process.env.HANG_GUARD || 300) * 1000;

// Poll look() every ms (default 50) until it gives something true; that,
// or null once the hang guard is reached.
async function until(look, ms) {
	const end = Date.now() + HANG_GUARD_MS;	// hang guard
	for (;;) {
		const v = await look();
		if (v)
			return v;
		if (Date.now() > end)	// hang guard
			return null;
		await new Promise((r) => setTimeout(r, ms || 50));
	}
}

// The same for long work: poll look() until it gives something true,
// the hang guard counted from the last change of what progress() gives
// (the confirmed offset, the actions stored), so that a slow machine
// only makes the wait longer; null once nothing moved for the guard.
async function untilMoving(look, progress, ms) {
	let last, end = Date.now() + HANG_GUARD_MS;	// hang guard
	for (;;) {
		const v = await look();
		if (v)
			return v;
		const now = await progress();
		if (now !== last) {
			last = now;
			end = Date.now() + HANG_GUARD_MS;	// hang guard
		}
		if (Date.now() > end)	// hang guard
			return null;
		await new Promise((r) => setTimeout(r, ms || 50));
	}
}

module.exports = { HANG_GUARD_MS, until, untilMoving };
