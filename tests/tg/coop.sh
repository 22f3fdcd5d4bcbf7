#!/bin/bash
# coop.sh: a whole game of Team-TAC (/new coop) against the fake Bot API,
# Anna playing only by the bot's buttons beside three AI players
# (tests/tg/buttons.js): the group is told everyone won together with
# the cards played, the summary has them, and /top coop lists the game
# with that score.  Then Anna presses the summary's Rematch: the three AI
# seats are carried over, nobody else is asked, and game #2 starts at
# once, Team-TAC again.
. "${abs_top_srcdir:-${top_srcdir:-.}}/tests/tg/lib.sh"

seed=${SEED:-3}
fake_start
tgconf tacd.conf "$scratch/db"
tacd_start tacd.conf tacd.log
node "$TG_DIR/buttons.js" "$FAKE_CTL" "$seed" coop >checks.out 2>drive.err
rc=$?
cat checks.out
tail -n 3 drive.err
check "the driver played to the end" [ $rc -eq 0 ]
count_checks checks.out
db=$scratch/db/tacd.db
check "game #1 is one of Team-TAC, over" [ "$("$SQLEXEC" "$db" \
    'SELECT coop || state FROM games WHERE id = 1')" = 12 ]
cards=$("$SQLEXEC" "$db" 'SELECT cards FROM stats_games WHERE game = 1')
check "its score is kept ($cards cards)" [ "${cards:-0}" -gt 0 ]
check "no rating moved" [ "$("$SQLEXEC" "$db" \
    'SELECT count(*) FROM ratings')" = 0 ]

# Every message the bot sent so far is delivered before reading them.
wait_until "delivered '$db'"
ctl /ctl/sent >sent1.json
node - "$cards" >checks2.out <<'JS'
const fs = require('fs');
const cards = process.argv[2];
const sent = JSON.parse(fs.readFileSync('sent1.json')).result;
const say = (ok, what) => console.log((ok ? 'ok: ' : 'FAIL: ') + what);
const text = (s) => (s.text || '') + (s.caption || '');
const group = sent.filter(s => s.chat === '-88');
say(group.some(s => text(s).includes('Game over: everyone won together, ' +
    'with ' + cards + ' cards played.')),
    'the group is told everyone won together, with ' + cards + ' cards');
say(sent.some(s => s.chat === '1000' && text(s).includes('Game #1 is ' +
    'over: you all won together, with ' + cards + ' cards played.')),
    'Anna is told so in her private chat');
const sum = group.find(s => /^Game #1 ended /.test(s.text || ''));
say(sum && sum.text.includes('Everyone together: you all won, with ' +
    cards + ' cards played'), 'the summary has the cards: ' +
    (sum ? sum.text.split('\n')[1] : 'none'));
const keys = sum && sum.reply_markup ? [].concat(...JSON.parse(
    sum.reply_markup).inline_keyboard) : [];
const re = keys.find(k => k.callback_data === '1::rematch');
say(re && re.text === 'Rematch', 'the summary has the Rematch button');
say(sum && sum.text.includes('ratings do not change') &&
    !/^Won:/m.test(sum.text), 'the summary names no winning team, and ' +
    'says the ratings do not change');
fs.writeFileSync('summary.id', String(sum ? sum.message_id : 0));
JS
cat checks2.out
count_checks checks2.out

# Anna types /top coop in the group.
ctl /ctl/updates '[{"message": {"message_id": 9001, "date": 1700000000,
    "from": {"id": 1000, "is_bot": false, "first_name": "Anna",
    "language_code": "en"}, "chat": {"id": -88, "type": "group",
    "title": "Friends"}, "text": "/top coop"}}]' >/dev/null
check "/top coop lists the game with its score" wait_until "[ \"\$(sent_count \
    'Your best games of everyone together, the fewest cards first:.n1[.] $cards cards: Anna, AI')\" -ge 1 ]"

# Rematch: the AI seats come along; nobody to ask, so it starts.
mid=$(cat summary.id)
ctl /ctl/updates "[{\"callback_query\": {\"id\": \"rq1\", \"from\":
    {\"id\": 1000, \"is_bot\": false, \"first_name\": \"Anna\",
    \"language_code\": \"en\"}, \"chat_instance\": \"ci\", \"data\":
    \"1::rematch\", \"message\": {\"message_id\": $mid, \"chat\":
    {\"id\": -88, \"type\": \"group\", \"title\": \"Friends\"}}}}]" >/dev/null
check "the Rematch press is answered" wait_until "ctl /ctl/sent | grep -q \
    '\"callback\":\"rq1\"'"
check "game #2 runs, Team-TAC again" wait_until "[ \"\$(\"$SQLEXEC\" \
    '$db' 'SELECT coop || state FROM games WHERE id = 2')\" = 11 ]"
check "its three AI seats are carried over, Anna in hers" [ "$("$SQLEXEC" \
    "$db" 'SELECT count(*) FROM seats s, seats o WHERE s.game = 2 AND
    o.game = 1 AND s.seat = o.seat AND s.ai = o.ai AND
    coalesce(s.user, 0) = coalesce(o.user, 0)')" = 4 ]
check "nobody was asked privately" [ "$(sent_count 'Are you in\\?')" = 0 ]
tacd_stop
check "tacd exits 0" [ $? -eq 0 ]
check "no crash" bash -c \
    "! grep -Eq 'AddressSanitizer|runtime error|fatal' tacd.log"
check "the token is in no log" bash -c "! grep -q 'AAE-test' tacd.log fake.err"
finish
