#!/usr/bin/env bash
# The release binary (`make release`): built with RELEASE_FLAGS, then linked again in the order of the functions its
# own runs execute (scripts/link-order.py, under Valgrind; its live session plays to a private PulseAudio server that
# scripts/with-pulse.sh starts and stops, never the user's), which that link names with --symbol-ordering-file. The
# order is made here, from the binary just built, and kept under .build, never committed: it is never stale. It is made
# only when the binary or scripts/link-order.py changed since it was last made (a stamp holds their checksums), and the
# binary is linked again only when the order changed, so a build with nothing to do does nothing. The ordered binary is
# checked to define every function its order lists.
#
# The first link after a change of the code still names the previous order, whose functions may be gone: lld's
# warnings about them are turned off (RELEASE_FLAGS), and the check above is what says the final order is right.
#
# Usage: SWIFT=swift RELEASE_FLAGS='…' LINK_ORDER=.build/link-order.txt scripts/build-release.sh
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
read -r -a flags <<<"$RELEASE_FLAGS"
order=$LINK_ORDER
stamp=$order.linked

mkdir -p "$(dirname "$order")"
[ -f "$order" ] || : >"$order"
for tool in valgrind pulseaudio pactl; do
  if ! command -v "$tool" >/dev/null; then
    echo "build-release: $tool is missing (scripts/install-deps.sh installs it)" >&2
    exit 69
  fi
done

"$SWIFT" build "${flags[@]}" --product breathe-voice
binary=$("$SWIFT" build "${flags[@]}" --show-bin-path)/breathe-voice
if [ -f "$stamp" ] && sha256sum --status -c "$stamp" 2>/dev/null; then
  exit 0
fi
before=$(sha256sum <"$order")
scripts/with-pulse.sh python3 scripts/link-order.py "$binary" "$order"
if [ "$(sha256sum <"$order")" != "$before" ]; then
  echo "build-release: linking again in the order of $(wc -l <"$order") functions its runs execute"
  rm -f "$binary"
  "$SWIFT" build "${flags[@]}" --product breathe-voice
fi
python3 scripts/link-order.py --check "$binary" "$order"
sha256sum "$binary" scripts/link-order.py >"$stamp"
