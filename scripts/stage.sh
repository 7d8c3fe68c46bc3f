#!/usr/bin/env bash
# Runs one stage of `make test` and says how long it took: "make test: NAME took 74 s" (or "NAME failed (exit 1)
# after 74 s"). The exit status is the command's. Usage: scripts/stage.sh NAME COMMAND [ARG…]
set -uo pipefail

name=$1
shift
start=$(date +%s)
"$@"
status=$?
took=$(($(date +%s) - start))
if [ $status -eq 0 ]; then
  echo "make test: $name took $took s"
else
  echo "make test: $name FAILED (exit $status) after $took s"
fi
exit $status
