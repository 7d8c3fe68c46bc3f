#!/usr/bin/env bash
# Writes the man pages and the completions of one build into FOLDER: FOLDER/man/<code>/breathe-voice.1 for every
# language whose locale file has the page's sections (scripts/generate-man.py --list; English's at man/en), and
# FOLDER/completions/breathe-voice.bash, _breathe-voice and breathe-voice.fish (argument-parser's scripts, with
# root-level options completed as start's: scripts/complete-at-root.py).
#
# They are made from the binary and Locales/, never committed: every page lists the languages, and each language has a
# page of its own, so a committed copy would go stale with every locale file added. `make install`, `make generated`,
# `make deb` (scripts/build-deb.sh) and the tests (GeneratedFilesTests) all make them here, from the binary they
# install, package or test.
#
# Usage: scripts/generate-files.sh BINARY FOLDER
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
[ $# -eq 2 ] || { echo "usage: scripts/generate-files.sh BINARY FOLDER" >&2; exit 64; }
binary=$1
folder=$2
[ -x "$binary" ] || { echo "generate-files: no binary at $binary" >&2; exit 66; }
# The pages' date: fixed, so that the same binary and locale files always give the same pages (the version is the
# binary's own).
date=2025-01-01

pages=$(python3 "$root/scripts/generate-man.py" --list)
[ -n "$pages" ] || { echo "generate-files: no locale file has the man page's sections" >&2; exit 65; }
while read -r code page; do
  python3 "$root/scripts/generate-man.py" "$binary" "$code" "$date" "$folder/$page"
done <<<"$pages"

mkdir -p "$folder/completions"
for shell in bash zsh fish; do
  case $shell in
    bash) file=breathe-voice.bash ;;
    zsh) file=_breathe-voice ;;
    fish) file=breathe-voice.fish ;;
  esac
  "$binary" --generate-completion-script "$shell" | python3 "$root/scripts/complete-at-root.py" "$shell" \
    >"$folder/completions/$file"
done
