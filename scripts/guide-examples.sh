#!/bin/sh
# Runs the examples of docs/user-guide.md and README.md (their ```console blocks: `$ COMMAND` lines, each followed by
# its output) against the debug build, as `make test` does (UserGuideExamplesTests), and prints every difference.
# No sound server is needed: each block runs in a private home without one.
#
# Usage: scripts/guide-examples.sh [--overwrite]
#   --overwrite  write what the program prints into the docs instead (lines that still match, wildcards `[..]` and
#                `...` included, are kept as written); then read `git diff` and put `[..]` where a line holds a date,
#                a time or a path that changes from run to run.
set -eu
cd "$(dirname "$0")/.."
if [ "${1:-}" = --overwrite ]; then
  BREATHE_VOICE_GUIDE_EXAMPLES=overwrite
  export BREATHE_VOICE_GUIDE_EXAMPLES
fi
${SWIFT:-swift} build --build-tests >/dev/null
exec .build/debug/breathe-voicePackageTests.xctest --testing-library swift-testing --filter UserGuideExamplesTests
