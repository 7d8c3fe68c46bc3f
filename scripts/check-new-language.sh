#!/usr/bin/env bash
# Proves that a language is one file: copies the tree (the files git tracks, and the debug build so that only what the
# new file changes is built again), adds one locale file and nothing else, builds the program and the tests, and checks
# that the build embedded it and that --lang, the locale variables, --help, an error, a session (printed and rendered
# to WAV), the man page, the completions and `make install` all use it; then runs, in the copy, the suite's tests that
# read the languages (Locales/, the embedded catalog) or the generated man pages and completions, the new language
# among them. Any failure fails the check. The copy is removed after.
#
# The new file is a complete translation, as a contributor's must be to pass the locale tests (every system error
# translated, no example in another language, every line heard right and fitting the braille display): French's file,
# which passes them, under a code that eSpeak NG has voices for and no locale file has (an, Aragonese, which sorts
# before en, so that a test that takes English or Spanish for the first languages fails here; else eo or ia), its
# examples' `--lang fr` made `--lang <code>`, its name "Zz" and every help sentence marked "Zz " (help is neither
# spoken nor shown in braille), so that what shows them can be told from French.
#
# Where it may (with mount namespaces: as root, as in CI, or in a user namespace of the user's own), the copy is built
# at the tree's own path, mounted over it in a namespace of its own (scripts/scratch-tree.sh): the build then keeps the
# module cache, which names the folder it was made in, and builds again only what the new file changes. The program
# takes seconds; the tests take longer, since every test module imports the module whose embedded catalog changed and
# is compiled again (about 2 minutes on 2 busy cores), and run in about 40 s. Elsewhere the copy is built where it is,
# from the start. The tree itself is never written.
#
# Usage: scripts/check-new-language.sh   (after `swift build --build-tests`; SWIFT names the swift driver; `make test`
# runs it)
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
fail() { echo "check-new-language: $*" >&2; exit 1; }
if [ "${1:-}" = --checks ]; then
  in_place=true
  code=$2
else
  in_place=false
  [ -d .build/debug ] || { echo "check-new-language: build first (swift build --build-tests)" >&2; exit 66; }
  code=
  for candidate in an eo ia; do
    [ -e "Locales/$candidate.json" ] || { code=$candidate; break; }
  done
  [ -n "$code" ] || fail "an, eo and ia all have a locale file: name another scratch language here"
fi
root=$PWD

# The suites that run in the copy: every suite whose source names the list of languages (LocaleCatalog.codes or .all,
# LocaleFiles), Locales/ or the generated pages (GeneratedFilesTests), but for those that run sessions, render audio or
# many commands for each language, or need a sound server (each 20 s or more; make test runs them over the tree's own
# languages).
SLOW_SUITES='EchoedValueTests|StartTests|PatternShadowingTests|FaultInjectionTests|RenderTests|GuideRenderTests'
SLOW_SUITES+='|MediaPlayerTests'
locale_suites() {
  find Tests -name '*.swift' | sort | xargs awk '
    FNR == 1 { suite = "" }
    match($0, /^(@Suite.* )?(struct|extension|enum|final class|class) [A-Za-z0-9]+Tests/) {
      n = split(substr($0, RSTART, RLENGTH), words, " ")
      suite = words[n]
    }
    /LocaleCatalog\.(codes|all)|LocaleFiles\.|GeneratedFilesTests|Locales\// && suite != "" { print suite }' \
    | sort -u | grep -vxE "$SLOW_SUITES"
}

# The build with Locales/$code.json and the checks, in the current folder (the copy).
checks() {
  "$SWIFT" build --build-tests >build.log 2>&1 || { cat build.log; fail "the build failed with Locales/$code.json"; }
  rm build.log
  binary=.build/debug/breathe-voice
  # The languages as --help lists them ("…: en, eo, es…."), with the new one.
  listed="[:,] $code[,.]"

  # --lang and the locale variables: the new file's sentences (French's), not English's.
  # (Sessions rendered to a file: the same lines, printed at once rather than in real time.)
  session() { "$binary" --plain --pattern 1-1 --cycles 1 --output session.wav "$@"; }
  french=$(session --lang fr)
  [ "$(session --lang "$code")" = "$french" ] || fail "--lang $code: the session does not say the new file's words"
  [ "$(env LC_ALL="${code}_ZZ.UTF-8" "$binary" --plain --pattern 1-1 --cycles 1 --output session.wav)" = "$french" ] \
    || fail "LC_ALL=${code}_ZZ.UTF-8: not the new language"
  [ "$(session --lang en)" != "$french" ] || fail "the session says the same in English and French"
  # Help lists the code and is in the language.
  help=$("$binary" --help --lang "$code")
  grep -q "Zz " <<<"$(head -n 1 <<<"$help")" || fail "--help is not in the new language: $(head -n 1 <<<"$help")"
  grep -Eq "Zz [^.]*$listed" <<<"$("$binary" start --help --lang "$code" | tr -s ' \n' ' ')" \
    || fail "--help does not list $code"
  # An error, one line, in the language.
  error() {
    set +e
    "$binary" --pattern 4-7-8-9-1 --no-audio "$@" 2>&1 >/dev/null
    echo "exit $?"
    set -e
  }
  refusal=$(error --lang "$code")
  [ "$refusal" = "$(error --lang fr)" ] || fail "a bad pattern in $code is not refused in the file's words: $refusal"
  [ "$(tail -n 1 <<<"$refusal")" = "exit 64" ] || fail "a bad pattern in $code does not exit 64: $refusal"
  [ "$(wc -l <<<"$refusal")" -eq 2 ] || fail "the error is not one line: $refusal"
  [ "$refusal" != "$(error --lang en)" ] || fail "a bad pattern is refused the same in English and French"
  # A rendered session: spoken in the new file's words, so not the English samples.
  "$binary" --lang "$code" --pattern 2-2 --cycles 1 --output new.wav >/dev/null
  "$binary" --lang en --pattern 2-2 --cycles 1 --output en.wav >/dev/null
  [ -s new.wav ] || fail "no WAV rendered in $code"
  ! cmp -s new.wav en.wav || fail "the $code session renders English's samples"
  # The man pages and completions, as make install, make deb and the tests make them: the new page, listed,
  # lint-clean, in the language; the completions offer its voice preference and list it in --lang's help.
  grep -qx "$code man/$code/breathe-voice.1" <<<"$(python3 scripts/generate-man.py --list)" \
    || fail "generate-man does not list $code"
  scripts/generate-files.sh "$binary" generated
  page=generated/man/$code/breathe-voice.1
  grep -q '^Zz ' "$page" || fail "the $code man page lacks the new file's sentences"
  lint=$(mandoc -T lint "$page" 2>&1 || true)
  [ -z "$lint" ] || fail "mandoc -T lint on the $code page: $lint"
  grep -q "voice\.$code\b" generated/completions/_breathe-voice || fail "the zsh completion lacks voice.$code"
  grep -Eq "$listed" generated/completions/breathe-voice.fish || fail "the fish completion's --lang help lacks $code"
  # make install installs its page and completions.
  destination=$(mktemp -d)
  make -s install DESTDIR="$destination" PREFIX=/usr INSTALL_BINARY="$PWD/$binary" >/dev/null \
    || { rm -rf "$destination"; fail "make install failed with Locales/$code.json"; }
  installed=$(cat "$destination/usr/share/man/$code/man1/breathe-voice.1" 2>/dev/null || true)
  completion=$(cat "$destination/usr/share/zsh/site-functions/_breathe-voice" 2>/dev/null || true)
  rm -rf "$destination"
  [ "$installed" = "$(cat "$page")" ] || fail "make install did not install the $code man page"
  grep -q "voice\.$code\b" <<<"$completion" || fail "make install's zsh completion lacks voice.$code"

  # The suite's tests that read the languages or the generated files, with the copy's own binary (not the release
  # build make test may name, which lacks the new language), as test-swift.sh runs them.
  suites=$(locale_suites | paste -sd'|')
  [ -n "$suites" ] || fail "no test suite reads the languages"
  set +e
  env -u BREATHE_VOICE_TEST_BINARY NO_COLOR=1 BRLAPI_HOST=:65535 .build/debug/breathe-voicePackageTests.xctest \
    --testing-library swift-testing --filter "^[^.]+\.($suites)/" >tests.log 2>&1
  status=$?
  set -e
  ran=$(sed -n 's/.*Test run with \([0-9]*\) tests\{0,1\} .*/\1/p' tests.log | tail -n 1)
  if [ $status -ne 0 ] || [ "${ran:-0}" -eq 0 ]; then
    grep "recorded an issue" tests.log | head -n 60 >&2 || tail -n 40 tests.log >&2
    fail "with Locales/$code.json, the locale tests failed (exit $status, ${ran:-no} tests run): ${suites//|/, }"
  fi
  echo "check-new-language: Locales/$code.json alone gave --lang, LC_ALL, help, an error, a session, a WAV, the man" \
    "page, the completions and make install, and passed $ran tests of $(locale_suites | wc -l) locale suites"
}

if $in_place; then
  checks
  exit 0
fi

. scripts/scratch-tree.sh
scratch_tree new-language
before=$(cd "$copy" && find . -path ./.build -prune -o -type f -print | sort | sha256sum)

# The new language: French's file under the new code (see above).
python3 - "$copy/Locales/fr.json" "$copy/Locales/$code.json" "$code" <<'EOF'
import json, re, sys
source, target, code = sys.argv[1:4]
data = json.load(open(source, encoding="utf-8"))
def retarget(text):
    # An example's language (in roff too: \-\-lang fr) is the new one.
    return re.sub(r"(--lang|\\-\\-lang) fr\b", lambda match: match.group(1) + " " + code, text)
out = {}
for key, value in data.items():
    if key == "_name":
        out[key] = "Zz"
    elif isinstance(value, str):
        value = retarget(value)
        out[key] = "Zz " + value if key.startswith("help.") and not key.startswith("help.value.") else value
    elif isinstance(value, dict):
        out[key] = {form: retarget(text) if isinstance(text, str) else text for form, text in value.items()}
    else:
        out[key] = value
json.dump(out, open(target, "w", encoding="utf-8"), ensure_ascii=False, indent=2)
EOF
after=$(cd "$copy" && find . -path ./.build -prune -o -type f -print | grep -vx "./Locales/$code.json" | sort | sha256sum)
[ "$before" = "$after" ] || fail "the copy changed beyond Locales/$code.json"

if $same_path; then
  # Mounted on the tree's path in a namespace of its own: the mount ends with it.
  "${at_tree_path[@]}" bash -c \
    'mount --bind "$1" "$2" && cd "$2" && exec bash scripts/check-new-language.sh --checks "$3"' \
    _ "$copy" "$root" "$code"
else
  cd "$copy"
  checks
fi
