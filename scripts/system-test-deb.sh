#!/usr/bin/env bash
# System test of the Debian package, for CI running as root on Debian. `make test` runs it there (CI=true, as root).
#
# Builds the package with `make deb` (the release binary, lintian with no errors), installs it with apt-get as a user
# would, checks that the installed program renders a session and names its version, that every language's man page and
# the three completions are where Debian looks for them and name every language of Locales/ (the package makes them from
# the binary and Locales/: nothing generated is committed), then purges it and checks nothing is left.
#
# Usage: sudo scripts/system-test-deb.sh [PACKAGE.deb]   (default: build one with make deb)
set -euo pipefail

[ "$(id -u)" -eq 0 ] || { echo "system-test-deb: run me as root (I install and purge a package)" >&2; exit 77; }
command -v apt-get >/dev/null || { echo "system-test-deb: needs Debian (apt-get)" >&2; exit 77; }
if dpkg-query -W -f='${Status}' breathe-voice 2>/dev/null | grep -q "install ok installed"; then
  echo "system-test-deb: breathe-voice is already installed as a package; I will not replace it" >&2
  exit 77
fi

root_dir=$(cd "$(dirname "$0")/.." && pwd)
if [ $# -ge 1 ]; then
  package=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
else
  package=$(make -s -C "$root_dir" deb | tail -n 1)
fi
[ -f "$package" ] || { echo "system-test-deb: no package at $package" >&2; exit 66; }

work=$(mktemp -d /tmp/breathe-voice-debtest.XXXXXX)
cleanup() {
  DEBIAN_FRONTEND=noninteractive apt-get purge -y -qq breathe-voice >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "system-test-deb: $*" >&2; exit 1; }

depends=$(dpkg-deb -f "$package" Depends)
for library in libespeak-ng1 libpulse0 libspeechd2 libc6; do
  case "$depends" in *"$library "*) ;; *) fail "Depends: lacks $library ($depends)" ;; esac
done

echo "system-test-deb: installing $package" >&2
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$package" >/dev/null

[ "$(command -v breathe-voice)" = /usr/bin/breathe-voice ] || fail "breathe-voice is not /usr/bin/breathe-voice"
file /usr/bin/breathe-voice | grep -q ", stripped" || fail "the installed binary is not stripped"
version=$(breathe-voice --version)
[ "$version" = "breathe-voice $(dpkg-query -W -f='${Version}' breathe-voice)" ] || fail "--version says \"$version\""

# A render, in a fresh home, with no sound server: the installed binary alone, its locales embedded.
export HOME="$work/home" XDG_CONFIG_HOME="$work/home/config" XDG_STATE_HOME="$work/home/state" XDG_CACHE_HOME="$work/home/cache"
mkdir -p "$HOME"
(cd "$work" && env -u PULSE_SERVER -u XDG_RUNTIME_DIR breathe-voice --pattern 1-0-1 --cycles 1 --lang es --output session.wav --display quiet) \
  || fail "the render failed"
[ "$(head -c 4 "$work/session.wav")" = RIFF ] || fail "the render is not a WAV file"
[ "$(stat -c %s "$work/session.wav")" -gt 22050 ] || fail "the render is too short"

man -w breathe-voice | grep -q '^/usr/share/man/man1/breathe-voice.1.gz$' || fail "man -w does not find the page"
# Every language's page, where man(1) looks for it (pt-BR's in pt_BR).
pages=()
while read -r code _; do
  folder=man1
  [ "$code" = en ] || folder=${code//-/_}/man1
  page=/usr/share/man/$folder/breathe-voice.1.gz
  pages+=("$page")
  grep -q '^\.TH BREATHE\\-VOICE 1 ' <<<"$(zcat "$page" 2>/dev/null)" || fail "$page is missing or not a man page"
done < <(python3 "$root_dir/scripts/generate-man.py" --list)
[ ${#pages[@]} -ge 2 ] || fail "generate-man.py --list names fewer than two pages"
for file in /usr/share/bash-completion/completions/breathe-voice /usr/share/zsh/vendor-completions/_breathe-voice \
            /usr/share/fish/vendor_completions.d/breathe-voice.fish /usr/share/doc/breathe-voice/copyright; do
  [ -f "$file" ] || fail "$file is missing"
done
# Each completion offers every language's voice preference (voice.<code>), as the binary knows them.
for code in $(cd "$root_dir/Locales" && ls -- *.json | sed 's/\.json$//'); do
  for file in /usr/share/bash-completion/completions/breathe-voice /usr/share/zsh/vendor-completions/_breathe-voice \
              /usr/share/fish/vendor_completions.d/breathe-voice.fish; do
    grep -q "voice\.$code\b" "$file" || fail "$file does not offer voice.$code"
  done
done
# The licence, machine-readable (DEP-5): GPL-3.0-or-later for our files.
grep -qx 'License: GPL-3+' /usr/share/doc/breathe-voice/copyright || fail "the copyright file names no GPL-3+ licence"
# bash finds the completion where bash-completion loads it on demand.
bash -c 'source /usr/share/bash-completion/completions/breathe-voice; complete -p breathe-voice' | grep -q _breathe-voice_at_root \
  || fail "the bash completion does not register"

DEBIAN_FRONTEND=noninteractive apt-get purge -y -qq breathe-voice >/dev/null
! dpkg-query -W -f='${Status}' breathe-voice 2>/dev/null | grep -q "installed" || fail "still installed after purge"
for file in /usr/bin/breathe-voice "${pages[@]}" /usr/share/doc/breathe-voice; do
  [ ! -e "$file" ] || fail "$file is left after purge"
done
echo "system-test-deb: ok ($(basename "$package") installed, rendered, named its version, purged)"
