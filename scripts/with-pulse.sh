#!/usr/bin/env bash
# Runs a command beside a private PulseAudio server with one null sink named "test", then stops the server.
#
# The server lives in a temporary XDG_RUNTIME_DIR, so it never touches a user's own sound server. The command sees
# XDG_RUNTIME_DIR, PULSE_SERVER and BREATHE_VOICE_TEST_PULSE_DIR; a test that needs the server fails (never skips)
# without it (LiveServers, in Tests/BreatheTestSupport). Usage: scripts/with-pulse.sh COMMAND [ARG…]
#
# BREATHE_VOICE_SERVER_CONFIG=desktop (make bench's measure 9 only) starts the server as a desktop runs it instead:
# shared memory on (and with it the srbchannel, the daemon's default), the null sink at 48 kHz stereo.
set -euo pipefail

runtime=$(mktemp -d "${TMPDIR:-/tmp}/breathe-voice-pulse.XXXXXX")
chmod 700 "$runtime"
export XDG_RUNTIME_DIR="$runtime"
export PULSE_SERVER="unix:$runtime/pulse/native"
export BREATHE_VOICE_TEST_PULSE_DIR="$runtime/pulse"
# A cookie-less, D-Bus-less server: the same conditions as under cron. No shared memory: PulseAudio 16 can abort on
# "Assertion 'pa_atomic_load(&b->pool->stat.n_imported) > 0' failed" (memblock.c) when many short-lived clients come
# and go with SHM blocks in flight, as the benchmarks' first-sound runs do; copying through the socket avoids it.
export HOME="${HOME:-$runtime}"
case "${BREATHE_VOICE_SERVER_CONFIG:-test}" in
  test) shm=yes sink="rate=22050 channels=1" ;;
  desktop) shm=no sink="rate=48000 channels=2" ;;
  *) echo "with-pulse: BREATHE_VOICE_SERVER_CONFIG is test or desktop, not $BREATHE_VOICE_SERVER_CONFIG" >&2; exit 64 ;;
esac

pulseaudio -n --daemonize=no --exit-idle-time=-1 --disallow-exit=yes --use-pid-file=no --disable-shm=$shm \
  --log-target=file:"$runtime/pulseaudio.log" \
  -L "module-native-protocol-unix auth-anonymous=1" \
  -L "module-null-sink sink_name=test $sink" \
  -L "module-always-sink" &
server=$!

cleanup() {
  kill "$server" 2>/dev/null || true
  wait "$server" 2>/dev/null || true
  rm -rf "$runtime"
}
trap cleanup EXIT

for _ in $(seq 1 100); do
  if pactl info >/dev/null 2>&1; then break; fi
  if ! kill -0 "$server" 2>/dev/null; then
    echo "with-pulse: the private PulseAudio server did not start:" >&2
    cat "$runtime/pulseaudio.log" >&2 || true
    exit 69
  fi
  sleep 0.1
done
pactl info >/dev/null 2>&1 || { echo "with-pulse: PulseAudio did not answer in 10 s" >&2; exit 69; }
pactl set-default-sink test >/dev/null

set +e
"$@"
status=$?
set -e
exit $status
