#!/usr/bin/env bash
# Proves that a language is one file: copies the tree (the files git tracks, and the debug build so that only what the
# new file changes is built again), adds Locales/zz.json (English with a mark in every sentence: "Zz" words) and
# nothing else, builds, and checks that the build embedded it and that --lang, the locale variables, --help, an error,
# a session (printed and rendered to WAV), the man page and the completions all use it. The copy is removed after.
#
# Where it may (with mount namespaces: as root, as in CI, or in a user namespace), the copy is built at the tree's own
# path, mounted over it in a namespace of its own (scripts/scratch-tree.sh): the build then keeps the module cache,
# which names the folder it was made in, and builds again only what the new file changes (about 7 s in CI, not 45).
# Elsewhere it is built where it is, without the cache. The tree itself is never written.
#
# Usage: scripts/check-new-language.sh   (after `swift build`; SWIFT names the swift driver; `make test` runs it)
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
fail() { echo "check-new-language: $*" >&2; exit 1; }
if [ "${1:-}" = --checks ]; then
  in_place=true
else
  in_place=false
  [ -d .build/debug ] || { echo "check-new-language: build first (swift build)" >&2; exit 66; }
fi
root=$PWD

# The build with Locales/zz.json and the checks, in the current folder (the copy).
checks() {
  "$SWIFT" build --product breathe-voice >build.log 2>&1 || { cat build.log; fail "the build failed with Locales/zz.json"; }
  rm build.log
  binary=.build/debug/breathe-voice

  # --lang and the locale variables.
  # (Sessions rendered to a file: the same lines, printed at once rather than in real time.)
  session=$("$binary" --lang zz --plain --pattern 1-1 --cycles 1 --output lang.wav)
  grep -q "Zz Breathe in" <<<"$session" || fail "--lang zz: the session does not say the new file's words: $session"
  session=$(LC_ALL=zz_ZZ.UTF-8 "$binary" --plain --pattern 1-1 --cycles 1 --output locale.wav)
  grep -q "Zz Breathe in" <<<"$session" || fail "LC_ALL=zz_ZZ.UTF-8: not the new language: $session"
  # Help lists the code and is in the language.
  help=$("$binary" --help --lang zz)
  grep -q "Zz Run a breathing session" <<<"$help" || fail "--help is not in the new language: $(head -1 <<<"$help")"
  grep -q "Zz Session language: .*, zz\." <<<"$("$binary" start --help --lang zz | tr -s ' \n' ' ')" || fail "--help does not list zz"
  # An error, one line, in the language.
  set +e
  error=$("$binary" --lang zz --pattern 4-7-8-9-1 --no-audio 2>&1 >/dev/null)
  status=$?
  set -e
  [ $status -eq 64 ] || fail "a bad pattern in zz exits $status, not 64"
  [ "$(wc -l <<<"$error")" -eq 1 ] || fail "the error is not one line: $error"
  grep -q "Zz " <<<"$error" || fail "the error is not in the new language: $error"
  # A rendered session: spoken in the new file's words, so not the English samples.
  "$binary" --lang zz --pattern 2-2 --cycles 1 --output zz.wav >/dev/null
  "$binary" --lang en --pattern 2-2 --cycles 1 --output en.wav >/dev/null
  [ -s zz.wav ] || fail "no WAV rendered in zz"
  ! cmp -s zz.wav en.wav || fail "the zz session renders English's samples"
  # make install installs its page and completions, made from the binary (no page of its own committed yet).
  destination=$(mktemp -d)
  make -s install DESTDIR="$destination" PREFIX=/usr INSTALL_BINARY="$PWD/$binary" >/dev/null \
    || { rm -rf "$destination"; fail "make install failed with Locales/zz.json"; }
  installed=$(cat "$destination/usr/share/man/zz/man1/breathe-voice.1" 2>/dev/null || true)
  completion=$(cat "$destination/usr/share/zsh/site-functions/_breathe-voice" 2>/dev/null || true)
  rm -rf "$destination"
  grep -q 'Zz Guided breathing' <<<"$installed" || fail "make install did not install the zz man page"
  grep -q "voice.zz" <<<"$completion" || fail "make install's zsh completion lacks the voice.zz preference"
  # The man page: listed, written, lint-clean, in the language.
  python3 scripts/generate-man.py --list | grep -qx "zz man/zz/breathe-voice.1" || fail "generate-man does not list zz"
  python3 scripts/generate-man.py "$binary" 2025-01-01
  grep -q 'Zz Guided breathing' man/zz/breathe-voice.1 || fail "the zz man page lacks the new file's sentences"
  lint=$(mandoc -T lint man/zz/breathe-voice.1 2>&1 || true)
  [ -z "$lint" ] || fail "mandoc -T lint on the zz page: $lint"
  # The completions offer it (the language's voice preference, the --lang help).
  for shell in bash zsh fish; do
    "$binary" --generate-completion-script "$shell" | python3 scripts/complete-at-root.py "$shell" >"completion.$shell"
  done
  grep -q "voice.zz" completion.zsh || fail "the zsh completion lacks the voice.zz preference"
  grep -q ", zz\." completion.fish || fail "the fish completion's --lang help lacks zz"
  echo "check-new-language: Locales/zz.json alone gave --lang, LC_ALL, help, an error, a session, a WAV, the man page, the completions and make install"
}

if $in_place; then
  checks
  exit 0
fi

. scripts/scratch-tree.sh
scratch_tree new-language
before=$(cd "$copy" && find . -path ./.build -prune -o -type f -print | sort | sha256sum)

# The scratch language: English's file with every sentence marked ("Zz " before it), so that whatever shows it can be
# told apart.
python3 - "$copy/Locales/en.json" "$copy/Locales/zz.json" <<'EOF'
import json, sys
source, target = sys.argv[1:3]
data = json.load(open(source, encoding="utf-8"))
def mark(text):
    return "Zz " + text
out = {}
for key, value in data.items():
    if key == "_name":
        out[key] = "Zz"
    elif key.startswith("_man.section."):
        out[key] = value
    elif key.startswith("_") and not key.startswith("_man."):
        out[key] = value
    elif isinstance(value, str):
        out[key] = mark(value)
    else:
        out[key] = {form: mark(text) for form, text in value.items()}
json.dump(out, open(target, "w", encoding="utf-8"), ensure_ascii=False, indent=2)
EOF
after=$(cd "$copy" && find . -path ./.build -prune -o -type f -print | grep -v '^./Locales/zz.json$' | sort | sha256sum)
[ "$before" = "$after" ] || fail "the copy changed beyond Locales/zz.json"

if $same_path; then
  # Mounted on the tree's path in a namespace of its own: the mount ends with it.
  "${at_tree_path[@]}" bash -c \
    'mount --bind "$1" "$2" && cd "$2" && exec bash scripts/check-new-language.sh --checks' _ "$copy" "$root"
else
  cd "$copy"
  checks
fi
