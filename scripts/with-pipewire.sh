#!/usr/bin/env bash
# Runs a command beside a private PipeWire sound server (pipewire, wireplumber and pipewire-pulse, on a private D-Bus)
# with one null sink named "test", then stops it all. The twin of scripts/with-pulse.sh: the command sees the same
# XDG_RUNTIME_DIR, PULSE_SERVER and BREATHE_VOICE_TEST_PULSE_DIR, so the same tests run
# against PipeWire's pulse server unchanged; BREATHE_VOICE_TEST_SERVER=pipewire tells them which server it is.
#
# Nothing touches a user's own sound server or settings: the runtime folder is temporary, and the daemons' config and
# state folders (wireplumber remembers volumes and defaults) live in it too. The graph keeps PipeWire's defaults
# (48 kHz, its own quantum), as on a desktop; the sink is 22 050 Hz mono like the PulseAudio one.
# BREATHE_VOICE_SERVER_CONFIG=desktop (make bench's measure 9 only) makes the sink 48 kHz stereo, as a desktop's.
# pipewire logs at info level ($XDG_RUNTIME_DIR/pipewire.log): a node the graph found late says "client too slow!",
# which the timing tests count (GraphLateness). BREATHE_VOICE_PIPEWIRE_LOGS=DIR keeps the daemons' logs there when they
# stop (pipewire.PID.log, and pipewire-pulse.PID.log at debug level for its protocol: each stream's underruns, with its
# read index): to see where a timing test on PipeWire lost its time (docs/contributing.md).
# Usage: scripts/with-pipewire.sh COMMAND [ARG…]
set -euo pipefail

# A private session bus first: wireplumber and pipewire expect one, and the user's must not be used.
if [ -z "${BREATHE_VOICE_PIPEWIRE_BUS:-}" ]; then
  export BREATHE_VOICE_PIPEWIRE_BUS=1
  exec dbus-run-session -- "$0" "$@"
fi
unset BREATHE_VOICE_PIPEWIRE_BUS

runtime=$(mktemp -d "${TMPDIR:-/tmp}/breathe-voice-pipewire.XXXXXX")
chmod 700 "$runtime"
mkdir -m 700 "$runtime/config" "$runtime/state"
export XDG_RUNTIME_DIR="$runtime"
export PULSE_SERVER="unix:$runtime/pulse/native"
export BREATHE_VOICE_TEST_PULSE_DIR="$runtime/pulse"
export BREATHE_VOICE_TEST_SERVER=pipewire
export HOME="${HOME:-$runtime}"
case "${BREATHE_VOICE_SERVER_CONFIG:-test}" in
  test) sink="rate=22050 channels=1" ;;
  desktop) sink="rate=48000 channels=2" ;;
  *) echo "with-pipewire: BREATHE_VOICE_SERVER_CONFIG is test or desktop, not $BREATHE_VOICE_SERVER_CONFIG" >&2; exit 64 ;;
esac

daemons=()
start() {
  local log="$runtime/$1.log"
  local debug=()
  [ "$1" != pipewire ] || debug=(PIPEWIRE_DEBUG=3)
  if [ -n "${BREATHE_VOICE_PIPEWIRE_LOGS:-}" ] && [ "$1" = pipewire-pulse ]; then
    debug=(PIPEWIRE_DEBUG=mod.protocol-pulse:4)
  fi
  env XDG_CONFIG_HOME="$runtime/config" XDG_STATE_HOME="$runtime/state" PIPEWIRE_LOG_SYSTEMD=false "${debug[@]}" \
    "$@" >"$log" 2>&1 &
  daemons+=($!)
}

cleanup() {
  local index
  # Stop them in the reverse order: the pulse server, the session manager, then the graph.
  for ((index = ${#daemons[@]} - 1; index >= 0; index--)); do
    kill "${daemons[$index]}" 2>/dev/null || true
    wait "${daemons[$index]}" 2>/dev/null || true
  done
  if [ -n "${BREATHE_VOICE_PIPEWIRE_LOGS:-}" ]; then
    for log in pipewire pipewire-pulse; do cp "$runtime/$log.log" "$BREATHE_VOICE_PIPEWIRE_LOGS/$log.$$.log" || true; done
  fi
  rm -rf "$runtime"
}
trap cleanup EXIT

fail() {
  echo "with-pipewire: $1" >&2
  for log in "$runtime"/*.log; do
    [ -s "$log" ] && { echo "--- ${log##*/}" >&2; tail -n 20 "$log" >&2; }
  done
  exit 69
}

# Waits (at most 10 s) until a command succeeds, while every daemon started so far is alive.
wait_for() {
  local what=$1
  shift
  for _ in $(seq 1 100); do
    if "$@" >/dev/null 2>&1; then return 0; fi
    for pid in "${daemons[@]}"; do kill -0 "$pid" 2>/dev/null || fail "$what: a daemon exited early"; done
    sleep 0.1
  done
  fail "$what: no answer in 10 s"
}

start pipewire
wait_for "pipewire did not start" test -S "$runtime/pipewire-0"
start wireplumber
start pipewire-pulse
wait_for "pipewire-pulse did not answer" pactl info
# The null sink lives as long as the pulse server; wireplumber must see it before it can be the default.
pactl load-module module-null-sink sink_name=test $sink \
  sink_properties=device.description=test >/dev/null || fail "could not load the null sink"
wait_for "the null sink did not appear" sh -c 'pactl list short sinks | grep -qw test'
# Asked again until it holds: until wireplumber keeps the defaults, pipewire-pulse answers "Not supported" (once in CI).
wait_for "the null sink did not become the default" \
  sh -c 'pactl set-default-sink test && [ "$(pactl get-default-sink)" = test ]'

set +e
# The private bus is the daemons' own: the command's sessions would join it as media players (and pause each other's
# reminders, run side by side in one job). A test that wants a bus starts its own (SessionBus); one that starts a
# PipeWire of its own gives it this one (BREATHE_VOICE_TEST_PIPEWIRE_BUS, PulseServer.Own).
BREATHE_VOICE_TEST_PIPEWIRE_BUS=$DBUS_SESSION_BUS_ADDRESS env -u DBUS_SESSION_BUS_ADDRESS "$@"
status=$?
set -e
exit $status
