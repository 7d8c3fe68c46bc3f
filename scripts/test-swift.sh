#!/usr/bin/env bash
# The Swift tests of `make test`, side by side. Every test runs once beside a private PulseAudio server and a private
# speech-dispatcher (scripts/with-pulse.sh scripts/with-speechd.sh), and the live suites (LIVE_SUITES) once more beside
# a private PipeWire (scripts/with-pipewire.sh scripts/with-speechd.sh), as before; but in jobs, each with servers of
# its own, TEST_JOBS at a time (default 12; make test in CI, which runs the release binary, sets 20), the longest first:
#   - each test of LiveAudioTests is a job: they all record the one null sink "test" and read the one daemon's log, so
#     they never share a server (the suite stays .serialized for a plain `swift test`);
#   - the two tests that use /run/user/<uid>/pulse (cron's view) are one job per server, and those jobs hold a lock, so
#     the PulseAudio and PipeWire runs never lend that folder at the same time;
#   - the sessions inside Fenrir (alone, and in tmux or GNU screen: every test whose name holds InsideFenrir) run
#     last, at most FENRIR_JOBS at a time (default 7) in as few waves as that allows, evenly filled, with no other
#     job beside them; one that fails among them runs once more, alone, and its first failure is printed either way;
#   - every other suite is a job, but for the test modules that are quick (GROUPED_MODULES: the unit tests,
#     BreatheCoreTests and BreatheVoiceKitTests; the source rules, BreatheSourceRulesTests; and the integration tests,
#     BreatheIntegrationTests, but for their live suites), one job each; the end-to-end tests, BreatheEndToEndTests,
#     are a job a suite (docs/contributing.md, "Where a test goes").
# A test process runs at most as many tests at once as the machine has cores (Swift's cooperative threads, which a
# test waiting on a child process blocks); so the jobs, not the threads, give the parallelism.
# The test bundle must be built (swift build --build-tests); it runs directly, not through `swift test`, which holds
# the build folder's lock for the whole run (and so would wait for, or block, another build or test run).
# Each job's output goes to .build/test-logs/; a job that fails has its log printed. The number of tests run on each
# server is checked against the bundle's list: no test left out, none run twice. Exit 0 only when every job passed.
# Usage: scripts/test-swift.sh [--list]   (--list: only print the jobs; TEST_JOBS=N to change the width;
#        FENRIR_JOBS=N, at most how many Fenrir sessions at once; TEST_ONLY=REGEX to run only the jobs whose names match;
#        QUIET_FIFO=PATH, a FIFO to read a line from before the Fenrir sessions: make test writes it when nothing else
#        keeps the processors busy)
set -euo pipefail
cd "$(dirname "$0")/.."

bundle=.build/debug/breathe-voicePackageTests.xctest
logs=.build/test-logs
LIVE_SUITES=${LIVE_SUITES:-LiveAudioTests|PendingPulseSinkTests|LivePulseSinkTests|RemindDeferLiveTests}
export NO_COLOR=1
# No session of the tests shows itself on the machine's own braille display (a BRLTTY service at :0, which the brltty
# package may start): a local BrlAPI server number without a socket. BrailleDisplayTests run their own BRLTTY and set
# BRLAPI_HOST to it.
export BRLAPI_HOST=:65535

# One job: scripts/test-swift.sh --job "NAME SERVER LOCK FILTER" (a line of the job list). Prints one line when it
# ends; its status file says how it went.
if [ "${1:-}" = --job ]; then
  read -r name server lock filter <<<"$2"
  log=$logs/$name.log
  start=$(date +%s)
  # A job that hangs fails after 15 minutes (every job takes under 3), killed with its servers (timeout signals its
  # whole process group): the run ends, with the log of the test that hung.
  command=(timeout -s KILL 900 scripts/with-"$server".sh scripts/with-speechd.sh
    "$bundle" --testing-library swift-testing --filter "$filter")
  # The live suites measure what is heard, and when: the other jobs yield the processors to them; and Fenrir, whose
  # speech must be heard within a second of each boundary, goes first (when we may raise a priority).
  if [ "${lock%:*}" = screen-reader ]; then
    [ "$(id -u)" != 0 ] || command=(nice -n -5 "${command[@]}")
  elif ! printf '%s\n' "${name%%-*}" | grep -Eqx "$LIVE_SUITES"; then
    command=(nice -n 10 "${command[@]}")
  fi
  set +e
  if [ "$lock" = - ]; then
    "${command[@]}" </dev/null >"$log" 2>&1
    status=$?
  else
    # LOCK is NAME:SLOTS: at most SLOTS jobs of that name run at once (a free slot is waited for).
    while :; do
      for slot in $(seq 1 "${lock#*:}"); do
        flock -n -E 200 "$logs/${lock%:*}.$slot.lock" "${command[@]}" </dev/null >"$log" 2>&1
        status=$?
        [ $status -eq 200 ] || break 2
      done
      sleep 1
    done
  fi
  set -e
  took=$(($(date +%s) - start))
  tests=$(sed -n 's/.*Test run with \([0-9]*\) tests\{0,1\} .*/\1/p' "$log" | tail -n 1)
  echo "$status ${tests:-0} $took" >"$log.status"
  if [ $status -eq 0 ]; then
    printf '  ok   %-70s %4s s, %s tests\n' "$name" "$took" "${tests:-0}"
  else
    printf '  FAIL %-70s %4s s (exit %s)\n' "$name" "$took" "$status"
  fi
  exit 0
fi

[ -x "$bundle" ] || { echo "test-swift: no test bundle at $bundle (swift build --build-tests first)" >&2; exit 66; }
if [ "${1:-}" = --list ]; then
  logs=$(mktemp -d)
  trap 'rm -rf "$logs"' EXIT
else
  rm -rf "$logs"
  mkdir -p "$logs"
fi

# The tests, as Swift Testing names them (Module.Suite/test()).
tests=$("$bundle" --testing-library swift-testing --list-tests 2>/dev/null | grep '/')
[ -n "$tests" ] || { echo "test-swift: the bundle lists no test" >&2; exit 1; }

# Jobs: NAME SERVER LOCK FILTER, one a line. A regular expression's metacharacters in a name are escaped.
escape() { sed 's/[][\.*^$()+?{}|]/\\&/g'; }
# The suites whose tests are jobs of their own: LiveAudioTests (its tests share a sink), and the long ones (the
# sessions inside Fenrir in a multiplexer among them).
SPLIT_SUITES='LiveAudioTests|FaultInjectionTests|MultiplexerScreenReaderTests'
cron_tests='aReminderUnderCronsEnvironmentIsHeardRecordedAndSilent|aReminderWithNoServerUnderCronsEnvironmentIsExit69AndOneLine'
# Sessions inside the real Fenrir: its speech is heard within a second of each boundary, which a busy machine delays.
# They run after the other jobs, FENRIR_JOBS at once: alone, eight of them keep the two processors less than half busy
# and are heard 0.3-0.5 s after each boundary, as one is; the fourteen (eight alone, on both servers; six in tmux or
# screen, beside PulseAudio) at once were heard 0.26-0.64 s after, with two compilers running beside them; French and
# Brazilian Portuguese (on both servers) made eighteen, and eighteen at once read the opening up to 0.8 s into the
# first phase (and a word over 1 s late): waves of nine or ten keep every margin. A kept session
# (scripts/detach-session.py, beside PulseAudio) makes nineteen: twelve alone (six on each server), seven in tmux, GNU
# screen or a kept session. A wave takes as long as one session (about 45 s) whatever its width, so the sessions run in
# as few waves as FENRIR_JOBS (at most that many at once) allows, each as full as the others: nineteen are three waves
# of seven, six and six (about 140 s). Two waves of ten and nine took 90 s on a fast host, but on a slow one (the
# same kind of machine, another day) 6 and 11 of the nineteen failed among ten at once (the first tone 5.9-7.5 s
# after Enter, an instruction heard 1.4-2.6 s late), and their runs alone made the whole 5.8 and 9.4 minutes; in
# waves of seven, the same hour, none failed and the whole took 2.3 minutes.
screen_reader_tests='InsideFenrir'
fenrir_jobs=${FENRIR_JOBS:-7}
# SERVER SUITE (Module.Suite): the suite's jobs on that server.
jobs_for_suite() {
  local server=$1 suite=$2 short=${2#*.} name suffix=""
  [ "$server" = pulse ] || suffix=-$server
  if ! printf '%s\n' "$short" | grep -Eqx "$SPLIT_SUITES"; then
    echo "$short$suffix $server - ^$(printf '%s' "$suite" | escape)/"
    return
  fi
  if [ "$short" = LiveAudioTests ]; then
    echo "$short-cron$suffix $server run-user-pulse:1 ^$(printf '%s' "$suite" | escape)/($cron_tests)\\("
  fi
  for name in $(printf '%s\n' "$tests" | grep -F "$suite/" | sed 's|^[^/]*/\([^(]*\)(.*|\1|' | sort -u); do
    if [ "$short" = LiveAudioTests ] && printf '%s\n' "$name" | grep -Eqx "$cron_tests"; then continue; fi
    lock=-
    if printf '%s\n' "$name" | grep -Eq "$screen_reader_tests"; then
      lock=screen-reader:$fenrir_jobs
    fi
    echo "$short-$name$suffix $server $lock ^$(printf '%s' "$suite/$name" | escape)\\("
  done
}
suites=$(printf '%s\n' "$tests" | cut -d/ -f1 | sort -u)
# The quick modules are a job each (but for a live suite among them): the unit tests, the source rules and the
# integration tests (the Kit in-process; its live suites, LivePulseSinkTests and PendingPulseSinkTests, are jobs of
# their own on both servers).
GROUPED_MODULES='BreatheCoreTests|BreatheVoiceKitTests|BreatheSourceRulesTests|BreatheIntegrationTests'
{
  for module in ${GROUPED_MODULES//|/ }; do
    members=$(printf '%s\n' "$suites" | grep "^$module\." | grep -Ev "\.($LIVE_SUITES)\$" | cut -d. -f2- | escape | paste -sd'|')
    [ -z "$members" ] || echo "$module pulse - ^$module\\.($members)/"
  done
  for suite in $suites; do
    if printf '%s\n' "$suite" | grep -Eq "^($GROUPED_MODULES)\." && ! printf '%s\n' "${suite#*.}" | grep -Eqx "$LIVE_SUITES"; then
      continue
    fi
    jobs_for_suite pulse "$suite"
    if printf '%s\n' "${suite#*.}" | grep -Eqx "$LIVE_SUITES"; then jobs_for_suite pipewire "$suite"; fi
  done
} >"$logs/jobs.all"

# The longest first, so that no long job starts last: the jobs known to be long by the first pattern they match (the
# durations of a run on two cores); the rest keep their order, after them.
long_first=(
  'SpanishOutputTests|LiveAudioTests-spokenSession'
  'LiveAudioTests-(demoPlays|aFirstSession|atATerminal)|DemoTests|HistoryScaleTests|RemindDeferLiveTests|FaultInjectionTests-defect0[69]|SpanishInterfaceTests|TerminalTests'
  'LiveAudioTests-|SpanishListingTests|StartTests|EchoedValueTests|AudioOptionsTests|EventStreamTests'
)
awk -v patterns="$(IFS=$'\n'; echo "${long_first[*]}")" '
  BEGIN { count = split(patterns, pattern, "\n") }
  { rank = count + 1; for (i = count; i >= 1; i--) if ($1 ~ "^(" pattern[i] ")") rank = i; print rank, NR, $0 }
' "$logs/jobs.all" | sort -k1,1n -k2,2n | cut -d' ' -f3- >"$logs/jobs"

# TEST_ONLY=REGEX runs only the jobs whose names match (and checks no count).
if [ -n "${TEST_ONLY:-}" ]; then
  grep -E "^[^ ]*($TEST_ONLY)[^ ]* " "$logs/jobs" >"$logs/jobs.only" || true
  mv "$logs/jobs.only" "$logs/jobs"
fi
if [ "${1:-}" = --list ]; then cat "$logs/jobs"; exit 0; fi
width=${TEST_JOBS:-12}
echo "test-swift: $(wc -l <"$logs/jobs") jobs, $width at a time; logs in $logs"
# Then the Fenrir sessions, alone: side by side with the other jobs, whose tests keep both processors busy, their speech
# was heard up to 2 s late (the bound is 1 s); alone, they leave the processors mostly idle, and it is not. Anything
# else busy beside them (a compiler, even in the idle scheduling class) delays them as much: under make test they wait
# for QUIET_FIFO.
grep -v ' screen-reader:' "$logs/jobs" >"$logs/jobs.first" || true
grep ' screen-reader:' "$logs/jobs" >"$logs/jobs.alone" || true
set +e
xargs -r -d '\n' -n 1 -P "$width" "$0" --job <"$logs/jobs.first"
if [ -n "${QUIET_FIFO:-}" ] && [ -s "$logs/jobs.alone" ]; then
  # make test's other stages (the package and cron tests, lint) must end first: it writes a line here when they have.
  echo "test-swift: the Fenrir sessions wait for make test's other stages to end"
  waited=$(date +%s)
  read -r _ <"$QUIET_FIFO"
  echo "test-swift: waited $(($(date +%s) - waited)) s"
fi
# As few waves as at most fenrir_jobs at once allows, evenly filled.
sessions=$(wc -l <"$logs/jobs.alone")
waves=$(((sessions + fenrir_jobs - 1) / fenrir_jobs))
width=$((waves > 0 ? (sessions + waves - 1) / waves : 1))
echo "test-swift: the $sessions Fenrir sessions, $width at a time"
xargs -r -d '\n' -n 1 -P "$width" "$0" --job <"$logs/jobs.alone"
# A session that failed among the others runs once more, alone. What it measures is the real Fenrir's (Python's)
# reaction, and a machine of this kind may be up to three times slower than another: a wave there heard every instruction
# of two sessions 0.2-0.4 s later than the others of their wave and of every other run (median 0.69 s against 0.6,
# where 0.27-0.46 s is usual, alone or ten at once), and another read one message 1.5 s late. A failure that is ours
# fails alone too; the first run's log is kept (NAME.log.crowded) and its failures printed at the end.
while [ "$width" -gt 1 ] && read -r line; do
  name=${line%% *}
  read -r status _ <"$logs/$name.log.status"
  [ "$status" -ne 0 ] || continue
  mv "$logs/$name.log" "$logs/$name.log.crowded"
  echo "test-swift: $name failed among $width at once; once more, alone"
  "$0" --job "$line"
done <"$logs/jobs.alone"
# The same for a job of the live suites that failed among the other jobs, once the Fenrir sessions are over: what they
# measure is what a real server played, as heard, on two processors shared by 20 jobs. Under that crowd, PipeWire's
# recording of spokenSessionIsHeardOnSchedule held one cue of 40 a little late three times lately (17-20 ms after the
# previous one's planned distance, 15 allowed; CI's machine and this kind's), each time with nothing of the audio code
# changed, and the next run passed; nothing reproduced it beside eight busy loops.
# What fails that is ours fails alone too; the first run's failures are printed at the end either way.
while read -r line; do
  name=${line%% *}
  printf '%s\n' "$name" | grep -Eq "^($LIVE_SUITES)(-|\$)" || continue
  read -r status _ <"$logs/$name.log.status"
  [ "$status" -ne 0 ] || continue
  mv "$logs/$name.log" "$logs/$name.log.crowded"
  echo "test-swift: $name failed among the other jobs; once more, alone"
  "$0" --job "$line"
done <"$logs/jobs.first"
set -e

failed=0
for server in pulse pipewire; do
  expected=$(printf '%s\n' "$tests" | if [ $server = pulse ]; then cat; else grep -E "^[^/]*\.($LIVE_SUITES)/"; fi | wc -l)
  ran=0
  while read -r name job_server _; do
    [ "$job_server" = "$server" ] || continue
    read -r status count _ <"$logs/$name.log.status" 2>/dev/null || { status=1 count=0; }
    ran=$((ran + count))
    if [ -f "$logs/$name.log.crowded" ]; then
      echo "--- $name ($server) failed among the other jobs, then $([ "$status" -eq 0 ] && echo passed || echo failed) alone; what the first run found:"
      grep -E '✘|↳ \.|median|heard after|silence before' "$logs/$name.log.crowded" || true
    fi
    if [ "$status" -ne 0 ]; then
      failed=$((failed + 1))
      echo "--- $name ($server) failed; its log:"
      cat "$logs/$name.log"
    fi
  done <"$logs/jobs"
  if [ -z "${TEST_ONLY:-}" ] && [ $ran -ne "$expected" ]; then
    echo "test-swift: $ran tests ran beside $server, but the bundle lists $expected for it" >&2
    failed=$((failed + 1))
  fi
  echo "test-swift: $ran tests beside $server"
done
[ $failed -eq 0 ] || { echo "test-swift: $failed failures (see above)" >&2; exit 1; }
