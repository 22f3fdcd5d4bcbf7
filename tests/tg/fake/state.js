// fake/state.js: what the fake Bot API (fakeapi.js) holds, shared by its
// parts: the updates queued and confirmed, the messages as they stand,
// the faults asked for, the counts the tests read back.
'use strict';

module.exports = {
	updates: [],		// queued, not yet confirmed
	all: [],		// every update ever queued, for "replay"
	replayPos: 0,
	nextId: 1,
	confirmed: 0,		// the highest offset a getUpdates asked for
	allowed: null,		// the last getUpdates' allowed_updates
	waiting: [],		// long polls: {res, timer, offset, limit}
	faults: {},		// method -> [fault, ...]
	chatFaults: {},		// chat id -> fault
	sent: [],		// every message sent or edited, in order
	commands: [],		// setMyCommands calls accepted
	messages: new Map(),	// "chat:id" -> the message as it stands
	admins: {},		// chat id -> [user id, ...]
	members: {},		// chat id -> {user id: status} (getChatMember)
	messageId: 1000,	// the bot's private chats' and basic groups'
	supergroups: new Set(),	// chats whose updates said "supergroup"
	chatIds: {},		// a supergroup -> its last message id
	noPin: {},		// chat -> true: the bot may not pin there
	maxLimit: 100,		// updates per answer, at most
	queuedAt: new Map(),	// update id -> when queued (ms), until
				// confirmed
	queuedAll: new Map(),	// ... kept
	deliveredAt: new Map(),	// update id -> when first handed over (ms)
	latencies: [],		// queued to confirmed, ms
	calls: {},		// method -> how many calls
	chatCalls: {},		// chat id -> method -> how many calls
	stats: { delivered: 0, duplicates: 0, maxDelivered: 0 },
	unreplied: new Map(),	// chat -> when its oldest unanswered update
				// was queued (ms)
	replies: [],		// queued to first reply, ms
	// Misbehaving answers (fake/updates.js).
	shape: { reverse: false, nolimit: false },
	rawText: new WeakMap(),	// update -> its bytes in an answer
	polls: [],		// every getUpdates: {at, seq, offset, fault}
	seq: 0,			// the order of the calls logged (sent, polls)
	held: [],		// calls held by a "hold" or "half" fault:
				// {method, release}
};
