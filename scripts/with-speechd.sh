#!/usr/bin/env bash
# Runs a command beside a private speech-dispatcher, then stops it. Meant to run inside scripts/with-pulse.sh:
#   scripts/with-pulse.sh scripts/with-speechd.sh swift test
#
# The daemon has its own runtime folder and a copy of /etc/speech-dispatcher with the espeak-ng module as its only and
# default module and PulseAudio as its audio output, so it speaks into the private server's null sink (PULSE_SERVER).
# It never touches the user's own speech-dispatcher. The command sees SPEECHD_ADDRESS=unix_socket:<socket> (which
# libspeechd reads) and BREATHE_VOICE_TEST_SPEECHD_LOG; a test that needs the daemon fails (never skips) without it
# (LiveServers, in Tests/BreatheTestSupport). Usage: scripts/with-speechd.sh COMMAND [ARG…]
set -euo pipefail

command -v speech-dispatcher >/dev/null || { echo "with-speechd: speech-dispatcher is not installed (scripts/install-deps.sh installs it)" >&2; exit 69; }
base=$(mktemp -d "${TMPDIR:-/tmp}/breathe-voice-speechd.XXXXXX")
chmod 700 "$base"
cp -r /etc/speech-dispatcher "$base/config"
mkdir -p "$base/runtime" "$base/log"
chmod 700 "$base/runtime"
socket="$base/runtime/speechd.sock"
cat >> "$base/config/speechd.conf" <<CONF

# breathe-voice tests: one module, espeak-ng, speaking through the private PulseAudio server.
AddModule "espeak-ng" "sd_espeak-ng" "espeak-ng.conf"
DefaultModule espeak-ng
AudioOutputMethod "pulse"
DefaultLanguage "en"
CONF
sed -i 's|^LogDir .*|LogDir "'"$base/log"'"|' "$base/config/speechd.conf"
# Level 5 names each message's client and logs when its speech begins and ends: the screen-reader tests tell whose
# voice is whose from it.
sed -i 's|^LogLevel .*|LogLevel 5|' "$base/config/speechd.conf"

# Its log's stamps take their seconds and microseconds from two clocks, so a line written just after a second begins
# says the second before; scripts/log-clock.c, preloaded, makes both one reading (the tests time messages by them).
# Built once for the checkout (.build/log-clock.so, again when the source is newer), not once per run: a run of the
# tests starts about 190 daemons. Written under another name and renamed, so jobs building it at once never load a
# half-written library.
source=$(dirname "$0")/log-clock.c
library=$(dirname "$0")/../.build/log-clock.so
if [ ! "$library" -nt "$source" ]; then
  compiler=${CC:-$(command -v cc || command -v clang ||
    echo "$(dirname "$(readlink -f "$(command -v swiftc)")")/clang")}
  mkdir -p "$(dirname "$library")"
  { "$compiler" -O2 -shared -fPIC -o "$library.$$" "$source" && mv -f "$library.$$" "$library"; } || {
    echo "with-speechd: could not build scripts/log-clock.c with $compiler" >&2
    rm -rf "$base" "$library.$$"
    exit 69
  }
fi
library=$(readlink -f "$library")

# -s: in the foreground; -t 0: never exits for lack of clients; -C: our configuration; -S: our socket.
LD_PRELOAD="$library${LD_PRELOAD:+:$LD_PRELOAD}" speech-dispatcher -s -t 0 -C "$base/config" -c unix_socket \
  -S "$socket" -L "$base/log" -P "$base/runtime/pid" >"$base/log/stdout.log" 2>&1 &
daemon=$!

cleanup() {
  kill "$daemon" 2>/dev/null || true
  wait "$daemon" 2>/dev/null || true
  rm -rf "$base"
}
trap cleanup EXIT

for _ in $(seq 1 100); do
  [ -S "$socket" ] && break
  if ! kill -0 "$daemon" 2>/dev/null; then
    echo "with-speechd: the private speech-dispatcher did not start:" >&2
    cat "$base/log/"* >&2 || true
    exit 69
  fi
  sleep 0.1
done
[ -S "$socket" ] || { echo "with-speechd: speech-dispatcher made no socket in 10 s" >&2; exit 69; }

export SPEECHD_ADDRESS="unix_socket:$socket"
export BREATHE_VOICE_TEST_SPEECHD_LOG="$base/log"
set +e
"$@"
status=$?
set -e
exit $status
