#!/usr/bin/env bash
# Installs the Debian packages breathe-voice needs to build, run and test. Safe to run again: it installs only
# what is missing. Needs root, or sudo.
set -euo pipefail

packages=(
  pkg-config
  libstdc++-12-dev libgcc-12-dev  # the release link takes the C++ runtime's static archives (libstdc++.a, libgcc_eh.a)
  valgrind                        # the release link's order (scripts/link-order.py: callgrind); the benchmarks' counts
  libespeak-ng-dev espeak-ng      # speech: the library, its voice data and the CLI used by the peers in benchmarks
  libpulse-dev pulseaudio pulseaudio-utils  # sound: library, private server (tests, link order), parec/pactl/paplay
  pipewire pipewire-pulse wireplumber dbus  # the same tests on PipeWire's pulse server (scripts/with-pipewire.sh)
  pipewire-bin                    # benchmarks: pw-profiler, pw-dump, pw-metadata (a dependency of pipewire, named here)
  libspeechd-dev speech-dispatcher speech-dispatcher-espeak-ng  # --speech-via speechd: the client library, a private test daemon
  fenrir python3-speechd          # screen-reader tests: the real Fenrir (pty emulation) speaking through speech-dispatcher
  tmux                            # terminal tests; screen-reader sessions in a tmux pane inside Fenrir
  screen                          # screen-reader sessions in a GNU screen window inside Fenrir
  libbrlapi-dev brltty            # --braille: BrlAPI's header and library; the tests' private BRLTTY (Virtual driver)
  libsystemd-dev dbus-daemon playerctl libglib2.0-bin  # the session bus (MPRIS): sd-bus's header; the tests' private
                                  # bus, its client (playerctl) and gdbus (the guide's wait for a session's name)
  python3-dbus python3-gi         # scripts/logind-stand-in.py: logind's Inhibit() on a private bus (no systemd here)
  liblouis-dev liblouis-bin       # contracted braille: liblouis's header and tables; lou_translate, the tests' reference
  cron                            # schedule tests: crontab(1) and the cron daemon
  systemd                         # schedule --via systemd tests: systemd-analyze verify and calendar
  man-db                          # man -l check of the man page
  mandoc                          # mandoc -T lint check of the man page
  zsh fish                        # completion tests drive both shells in a pty
  dpkg-dev lintian file binutils  # make deb: dpkg-shlibdeps, lintian; strip and file for the stripped binary
  time                            # /usr/bin/time -v in benchmarks
  binutils file                   # make install strips the binary (install -s); the install test checks it with file(1)
  python3                         # terminal tests: scripts/pty-session.py drives the binary in a pseudo-terminal
)

missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -eq 0 ]; then
  as_root=()
elif command -v sudo >/dev/null 2>&1; then
  as_root=(sudo)
else
  echo "install-deps: these packages are missing and I am not root (and there is no sudo): ${missing[*]}" >&2
  exit 69
fi
echo "install-deps: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
