#!/usr/bin/env bash
# Renders a fixed set of sessions with BINARY into DIR: WAVs with the lines printed beside them, and text-only
# transcripts. A change to the session loop must leave them byte for byte the same (the JSON event streams differ only in
# their wall-clock "clock"/"actual" times): run it with the old and the new binary and `cmp` the two folders.
# Usage: scripts/render-sessions.sh BINARY DIR
set -uo pipefail
binary=$1; dir=$2
mkdir -p "$dir"
export HOME=$(mktemp -d) XDG_CONFIG_HOME= XDG_DATA_HOME= XDG_STATE_HOME= XDG_CACHE_HOME= LANG=C.UTF-8
run() { # name, args...
  local name=$1; shift
  "$binary" "$@" >"$dir/$name.out" 2>"$dir/$name.err" </dev/null; echo "exit $?" >>"$dir/$name.err"
}
run box-wav start --pattern box --cycles 2 --output "$dir/box.wav" --plain
run count-wav start --pattern 4-2-4 --cycles 2 --count --output "$dir/count.wav" --plain
run es-wav start --lang es --pattern 4-7-8 --cycles 1 --count --output "$dir/es.wav" --plain
run ramp-wav start --pattern 2-0-3 --cycles 3 --ramp exhale=5 --output "$dir/ramp.wav" --plain --tone-volume 40
run notones-wav start --pattern 3-1-3-1 --cycles 2 --tones off --output "$dir/notones.wav" --plain
run nospeech-wav start --pattern 3-1-3-1 --cycles 2 --speech off --output "$dir/nospeech.wav" --plain
run fast-wav start --pattern 1-1-1-1 --cycles 2 --rate 80 --output "$dir/fast.wav" --plain --timing-report
run sr-wav start --pattern 2-1-2 --cycles 2 --screen-reader --output "$dir/sr.wav"
run json-wav start --pattern 2-1-2 --cycles 1 --count --output "$dir/json.wav" --events json=$dir/json-wav.events
run es419-wav start --lang es-419 --pattern 3-3 --cycles 2 --output "$dir/es419.wav" --plain --count
run text-plain start --pattern 1-1-1 --cycles 2 --no-audio --plain
run text-count start --pattern 2-1-2 --cycles 1 --no-audio --plain --count
run text-sr start --pattern 1-1-1 --cycles 1 --no-audio --screen-reader
run text-es start --lang es --pattern 1-1-1 --cycles 1 --no-audio --plain
run text-json start --pattern 1-1 --cycles 1 --no-audio --events json --count
run visual-wav start --pattern 2-2 --cycles 1 --output "$dir/visual.wav" --display visual --color always --terse
