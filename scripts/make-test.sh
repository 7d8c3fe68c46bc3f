#!/usr/bin/env bash
# `make test` (and CI, .ci/run): every check, in stages that overlap where they can, each saying how long it took.
#
#   deps             the packages
#   release build    (CI as root only) the release binary, alone: a compiler beside the tests (even in the idle
#                    scheduling class) made live tests that measure what is heard fail. The tests then run it
#                    (BREATHE_VOICE_TEST_BINARY), not the debug build's
#   build            the debug build with the tests, then scripts/check-new-language.sh (a language is one file: the
#                    locale tests pass with it) and scripts/check-new-preference.sh (a preference is one row, its option
#                    and its use);
#                    beside the build, what needs no test build:
#     package test   scripts/system-test-deb.sh (CI as root only): the release binary packaged, installed, purged
#     cron test      scripts/system-test-cron.sh (CI as root only): the release binary under the real cron daemon
#                    (mostly waits for cron's next minute)
#     lint           swift format lint (make lint), in the idle scheduling class
#   swift tests      scripts/test-swift.sh: every test beside a private PulseAudio (and speech-dispatcher), the live
#                    suites once more beside a private PipeWire, in jobs with servers of their own; the sessions
#                    inside Fenrir last, once every other stage has ended
#   temporary files  the swift tests run with a temporary folder of their own (TMPDIR): what is left in it at the end
#                    fails make test, named (every test removes what it makes); the builds have one too, removed at
#                    the end; and anything new left in /tmp itself fails it, named
#
# The sessions inside Fenrir must be heard within a second of each boundary: beside a compiler, or two busy loops, even
# in the idle scheduling class, their speech came up to 2.5 s late. test-swift.sh waits on a FIFO (QUIET_FIFO) before
# them, and this script writes it once lint and the package and cron tests have ended (as a rule, before the tests
# start).
#
# The system tests change the machine (a throwaway user, cron, a package installed and purged): they run only in CI
# (CI=true) as root. A stage that fails fails `make test`, after every stage has ended; a stage run in the background
# has its output printed when it fails. Usage: scripts/make-test.sh  (SWIFT names the swift driver, as in the Makefile)
set -uo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
started=$(date +%s)
stage() { scripts/stage.sh "$@"; }
finish() {
  echo "make test: all took $(($(date +%s) - started)) s"
  if [ "$1" -eq 0 ]; then echo "make test: passed"; else echo "make test: FAILED: $2"; fi
  exit "$1"
}

system=false
if [ "${CI:-}" = true ] && [ "$(id -u)" = 0 ]; then system=true; fi

stage deps scripts/install-deps.sh || finish 1 deps
background=.build/test-stages
rm -rf "$background"
mkdir -p "$background"
# /tmp as make test found it (after the packages: apt's own files come and go before, and its sandboxed methods could
# not write to the folder below), to be found so again at its end.
ls -A /tmp | LC_ALL=C sort >"$background/tmp.before"
# The compilers (the release build's among them), the formatter and the checks' scratch trees keep their temporary
# files in a folder of this run's own (swift-driver leaves a TemporaryDirectory.* behind for every compile, SwiftPM
# its lock files): removed at the end, whatever it holds.
build_tmp=$(mktemp -d /tmp/bv-make-test-build.XXXXXX)
trap 'rm -rf "$build_tmp"' EXIT
export TMPDIR=$build_tmp
if $system; then
  stage "release build" make -s release || finish 1 "release build"
  # The tests run the binary that ships (BinaryRun.binary): what users run, and a tenth of the debug build's processor
  # time (the tests' 2 000 runs of it took 175 s of it, the release build's 16), which leaves the measured sessions the
  # processors.
  export BREATHE_VOICE_TEST_BINARY=$PWD/.build/release/breathe-voice
  # With the processors that leaves, 20 test jobs at once (12 with the debug build's runs): most jobs mostly wait on
  # sessions that play in real time.
  export TEST_JOBS=${TEST_JOBS:-20}
fi

# NAME COMMAND…: a stage in the background, its output in $background/NAME.log.
declare -A pids
start_in_background() {
  local name=$1
  shift
  stage "$name" "$@" >"$background/$name.log" 2>&1 &
  pids[$name]=$!
}
# NAME: waits for a background stage; prints its time, and its output if it failed. Returns its status.
wait_for() {
  local status=0
  wait "${pids[$1]}" || status=$?
  if [ $status -ne 0 ]; then cat "$background/$1.log"; else tail -n 1 "$background/$1.log"; fi
  return $status
}

# What only needs processor time takes what the build and the tests leave: the idle scheduling class.
idle=(nice -n 19)
if command -v chrt >/dev/null && chrt -i 0 true 2>/dev/null; then idle=(chrt -i 0 nice -n 19); fi
if $system; then
  start_in_background "package system test" scripts/system-test-deb.sh
  start_in_background "cron system test" scripts/system-test-cron.sh .build/release/breathe-voice
else
  echo "make test: the cron and package system tests run in CI as root (CI=true); run scripts/system-test-cron.sh and sudo scripts/system-test-deb.sh to try them"
fi
start_in_background lint "${idle[@]}" make -s lint

failed=()
if stage build "$SWIFT" build --build-tests; then
  # A copy of the tree with one locale file added builds and speaks it everywhere, installs its man page and the
  # completions, and passes the suite's locale tests. The debug build is copied and built at the tree's path (in a
  # mount namespace: as root, or in a user namespace), so only what the file changes is built again: the Kit, the
  # program and the test modules, which all import the Kit (about 3 minutes on 2 cores, most of it compiling the
  # tests; a full build where no namespace may be had). Before the tests, which nothing may slow down.
  # A copy with one on/off preference added (its row, its option, one use, its label and help) knows it everywhere
  # (about 15 s as root, the same way; the row changes the core, so the Kit and the program build again).
  # Each works in a copy of its own (scripts/scratch-tree.sh), so the two run side by side: the preference check's
  # short build takes its share of the two processors beside the language check's.
  start_in_background "new language check" scripts/check-new-language.sh
  start_in_background "new preference check" scripts/check-new-preference.sh
  wait_for "new language check" || failed+=("new language check")
  wait_for "new preference check" || failed+=("new preference check")
  quiet=$background/quiet
  mkfifo "$quiet"
  # The tests' temporary folder (TMPDIR, which Foundation's temporaryDirectory, mktemp and Python's tempfile follow):
  # a folder of this run's own, so that what is left in it at the end was made by the tests, or the servers and
  # scripts they start, and by nothing else on the machine (a compiler's TemporaryDirectory.* among them). Short: the
  # tests' Unix sockets live under it (108 bytes at most).
  test_tmp=$(mktemp -d /tmp/bv-make-test.XXXXXX)
  TMPDIR=$test_tmp QUIET_FIFO=$quiet stage "swift tests" scripts/test-swift.sh &
  swift_tests=$!
else
  failed+=(build)
fi
wait_for lint || failed+=(lint)
if $system; then
  wait_for "package system test" || failed+=("package system test")
  wait_for "cron system test" || failed+=("cron system test")
fi
if [ -n "${swift_tests:-}" ]; then
  # Nothing else runs now: the Fenrir sessions may start. The writer waits for the reader (test-swift.sh opens the FIFO
  # when it gets there); it is not needed if the tests ended before that.
  echo quiet >"$quiet" &
  writer=$!
  wait "$swift_tests" || failed+=("swift tests")
  kill "$writer" 2>/dev/null
fi

# Every test removes what it made: the tests' temporary folder is empty again (then removed, whatever it holds, so
# that make test leaves /tmp as it found it either way).
if [ -n "${test_tmp:-}" ]; then
  # BRLTTY 6.5 makes an empty folder named by the user's id in the temporary folder, whatever TMPDIR it is given
  # (seen with strace: /usr/sbin/brltty, mkdir("$TMPDIR/0", 0700)), and never removes it: passed over while empty.
  rmdir "$test_tmp/$(id -u)" 2>/dev/null || true
  left=$(ls -A "$test_tmp")
  if [ -n "$left" ]; then
    echo "make test: the tests left $(printf '%s\n' "$left" | wc -l) items in their temporary folder (TMPDIR), such as:"
    printf '%s\n' "$left" | head -n 20 | sed 's/^/  /'
    # What is in them, and when it was made: which test, or which process it started, wrote there.
    (cd "$test_tmp" && find . -maxdepth 5 -printf '  %TT %M %s %p\n' | head -n 60)
    # A test's processes still running (every one has the tests' TMPDIR in its environment).
    grep -lsz "^TMPDIR=$test_tmp\$" /proc/[0-9]*/environ | while read -r environ; do
      pid=${environ#/proc/}; pid=${pid%/environ}
      echo "  still running: $pid $(tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | cut -c1-200)"
    done
    failed+=("temporary files left")
  fi
  rm -rf "$test_tmp"
fi

rm -rf "$build_tmp"
# Nothing new is left in /tmp, by the tests (checked above, in their own folder), the servers and scripts they start,
# the system tests (their throwaway user's work folder) or the builds.
ls -A /tmp | LC_ALL=C sort >"$background/tmp.after"
new_in_tmp=$(LC_ALL=C comm -13 "$background/tmp.before" "$background/tmp.after")
if [ -n "$new_in_tmp" ]; then
  echo "make test: $(printf '%s\n' "$new_in_tmp" | wc -l) new items left in /tmp, such as:"
  printf '%s\n' "$new_in_tmp" | head -n 20 | while read -r name; do
    find "/tmp/$name" -maxdepth 2 -printf '  %TT %u %M %s %p\n' 2>/dev/null | head -n 5
  done
  failed+=("/tmp left changed")
fi

if [ ${#failed[@]} -eq 0 ]; then finish 0; else finish 1 "$(IFS=,; echo "${failed[*]}")"; fi
