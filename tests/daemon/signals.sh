#!/bin/bash
# signals.sh: tacd as systemd runs it: sd_notify (READY, STATUS, WATCHDOG,
# RELOADING, STOPPING) over a path and an abstract socket, "<N>" journal
# prefixes, SIGHUP reloading the configuration, and SIGTERM stopping
# gracefully in the middle of a stream (nothing lost: the rest resends).
. "${abs_top_srcdir:-${top_srcdir:-.}}/tests/daemon/lib.sh"

# 1. The daemon under a stand-in for systemd (listening until STOPPING=1,
# or the hang guard).
state=$scratch/s/deep/state
printf 'state_dir = %s\nlog_level = warning\n' "$state" >s.conf
"$NOTIFY_LISTEN" "$scratch/notify.sock" "$HANG_GUARD" >notify.out &
lpid=$!
wait_for notify.out LISTENING=1
: >s.err
JOURNAL_STREAM=$(stat -c '%d:%i' s.err) NOTIFY_SOCKET=$scratch/notify.sock \
    WATCHDOG_USEC=200000 "$TACD" -f s.conf </dev/null >/dev/null 2>>s.err &
pid=$!
check "READY=1 is sent" wait_for notify.out '^READY=1'
check "a STATUS line is sent" wait_for notify.out '^STATUS=running'
check "the watchdog is petted" wait_for notify.out '^WATCHDOG=1'
check "state_dir is made, with the database" [ -f "$state/tacd.db" ]

# SIGHUP: a lower log level takes effect; the journal gets "<6>" lines.
printf 'state_dir = %s\nlog_level = info\n' "$state" >s.conf
kill -HUP "$pid"
check "SIGHUP sends RELOADING=1" wait_for notify.out '^RELOADING=1'
check "SIGHUP reloads the configuration" \
    wait_for s.err '^<6>configuration reloaded$'
# A broken file is refused and tacd runs on with the old one: the next
# SIGHUP, with the file mended, reloads again.
printf 'log_level = info\nbogus line\n' >>s.conf
kill -HUP "$pid"
check "a bad file on SIGHUP is logged as a warning" \
    wait_for s.err '^<4>reload failed, configuration unchanged: s.conf:3:'
printf 'state_dir = %s\nlog_level = info\n' "$state" >s.conf
kill -HUP "$pid"
check "... and tacd runs on: the next SIGHUP reloads" \
    wait_until '[ "$(grep -c "^<6>configuration reloaded$" s.err)" -eq 2 ]'
check "... as the same process" kill -0 "$pid"
kill -TERM "$pid"
wait "$pid"
check "SIGTERM exits 0" [ $? -eq 0 ]
check "STOPPING=1 is sent" wait_for notify.out '^STOPPING=1'
check "the journal lines carry priorities" grep -q '^<6>stopped$' s.err
wait "$lpid"

# 2. An abstract notify socket; the end of --events input stops tacd.
name=@tacd-test-$$
"$NOTIFY_LISTEN" "$name" "$HANG_GUARD" >notify2.out &
lpid=$!
wait_for notify2.out LISTENING=1
conf a.conf "$scratch/a"
NOTIFY_SOCKET=$name "$TACD" -f a.conf --events </dev/null >/dev/null 2>a.err
check "--events at the end of its input exits 0" [ $? -eq 0 ]
check "READY=1 through an abstract socket" wait_for notify2.out '^READY=1'
check "STOPPING=1 through an abstract socket" \
    wait_for notify2.out '^STOPPING=1'
wait "$lpid"

# 3. SIGTERM in the middle of a stream, once what was sent is in the
# store (read from it, not guessed from a pause): it is kept, the rest is
# sent again by the next run and the game ends as recorded.
"$TACCTL" sim --games 1 --seed 3 --record rec >/dev/null
"$MKSTREAM" rec/game-000001.json >stream
conf t.conf "$scratch/t"
mkfifo in.fifo
"$TACD" -f t.conf --events <in.fifo >t.out 2>t.err &
pid=$!
exec 3>in.fifo
# 199: the 200th is a gift, logged only once all four have given.  Five
# open the game: 194 actions.
t_turn() { "$TACCTL" -f t.conf games | awk '$1 == 1 { print $7 }'; }
head -n 199 stream >&3
check "the first 199 events are played" wait_until '[ "$(t_turn)" = 194 ]'
kill -TERM "$pid"
wait "$pid"
check "SIGTERM mid-stream exits 0" [ $? -eq 0 ]
exec 3>&-
turn=$(t_turn)
check "the events read before SIGTERM are kept (turn $turn)" \
    [ "$turn" -eq 194 ]
"$TACD" -f t.conf --events <stream >/dev/null 2>>t.err
"$TACCTL" -f t.conf export 1 >t.json
check "resending the stream completes the game" \
    bash -c "'$TACCTL' replay t.json | grep -q '\"over\": true'"
check "no warnings" [ ! -s t.err ]
[ -s t.err ] && head -3 t.err

# 4. SIGINT during a console game: it stops, and the game resumes.
conf c.conf "$scratch/c"
mkfifo c.fifo
"$TACD" -f c.conf --console seed=4 <c.fifo >c.out 2>c.err &
pid=$!
exec 3>c.fifo
printf '1\n1\n1\n' >&3
check "the console plays" wait_for c.out 'Your turn'
check "its game is stored" \
    wait_until "'$TACCTL' -f c.conf games | grep -q '^ *1 '"
kill -INT "$pid"
wait "$pid"
check "SIGINT exits 0" [ $? -eq 0 ]
exec 3>&-
printf '/quit\n' | "$TACD" -f c.conf --console >c2.out 2>>c.err
check "the game resumes after SIGINT" grep -q '^Resuming game #1\.' c2.out
check "no warnings" [ ! -s c.err ]

finish
