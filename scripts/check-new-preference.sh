#!/usr/bin/env bash
# Proves that a preference is one row plus the code that uses it, whatever its kind: copies the tree (the files git
# tracks, and the debug build), adds three preferences as docs/contributing.md says, an on/off `scratch` (a switch), a
# choice `scratchchoice` (alpha or beta) and a number `scratchnumber` (1 to 9), each only its case and its row in
# PreferenceKey.swift, one use in SessionFrontend+Start.swift (where `start` reads its preferences), its label and help
# in the locale files (no option line: each option comes from its row), and nothing else; builds, and checks that
# `prefs set/get/show`, its environment variable, its option, `--help`, the man page and the completions all know each,
# and that a value it does not allow gets one localized line and its exit status (64 from `prefs set` or the option, 78
# from the environment). The copy is removed after.
#
# Fast as scripts/check-new-language.sh is: with mount namespaces (as root, as in CI, or in a user namespace), the copy
# is built at the tree's own path, mounted over it in a namespace of its own (scripts/scratch-tree.sh), so the build
# keeps its module cache and builds again only what the new row changes; elsewhere it builds in the copy's folder,
# without the cache. Only the program is built, not the tests. The tree itself is never written.
#
# Usage: scripts/check-new-preference.sh   (after `swift build`; SWIFT names the swift driver; `make test` runs it)
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
fail() { echo "check-new-preference: $*" >&2; exit 1; }
if [ "${1:-}" = --checks ]; then
  in_place=true
else
  in_place=false
  [ -d .build/debug ] || { echo "check-new-preference: build first (swift build)" >&2; exit 66; }
fi
root=$PWD

# The build with the scratch preference and the checks, in the current folder (the copy).
checks() {
  "$SWIFT" build --product breathe-voice >build.log 2>&1 || { cat build.log; fail "the build failed with the scratch preference"; }
  rm build.log
  binary=$PWD/.build/debug/breathe-voice
  home=$(mktemp -d)
  unset BREATHE_VOICE_SCRATCH
  run() { run_in C.UTF-8 "$@"; }
  run_in() { env XDG_CONFIG_HOME="$home/config" XDG_STATE_HOME="$home/state" \
    XDG_CACHE_HOME="$home/cache" LC_ALL="$1" "$binary" "${@:2}"; }

  # prefs get/set/show: the built-in default, then the file.
  [ "$(run prefs get scratch)" = off ] || fail "prefs get scratch is not its default, off: $(run prefs get scratch)"
  run prefs set scratch on >/dev/null
  [ "$(run prefs get scratch)" = on ] || fail "prefs set scratch on did not save it"
  grep -q "^scratch: on" <<<"$(run prefs show)" || fail "prefs show lacks the scratch preference: $(run prefs show)"
  grep -q '"scratch"' <<<"$(run prefs show --json)" || fail "prefs show --json lacks the scratch preference"
  set +e
  error=$(run prefs set scratch maybe 2>&1 >/dev/null)
  status=$?
  set -e
  [ $status -ne 0 ] && [ "$(wc -l <<<"$error")" -eq 1 ] || fail "prefs set scratch maybe: exit $status, $error"
  grep -q "on or off" <<<"$error" || fail "prefs set scratch maybe does not say what it takes: $error"
  run prefs unset scratch >/dev/null
  # The environment variable, above the file; a bad value is a bad configuration (78).
  [ "$(BREATHE_VOICE_SCRATCH=on run prefs get scratch)" = on ] || fail "BREATHE_VOICE_SCRATCH=on is not read"
  grep -q "BREATHE_VOICE_SCRATCH" <<<"$(BREATHE_VOICE_SCRATCH=on run prefs show --origin)" \
    || fail "prefs show --origin does not name BREATHE_VOICE_SCRATCH"
  set +e
  BREATHE_VOICE_SCRATCH=maybe run start --no-audio --pattern 1-1 --cycles 1 >/dev/null 2>&1
  status=$?
  set -e
  [ $status -eq 78 ] || fail "BREATHE_VOICE_SCRATCH=maybe exits $status, not 78"
  # The switch, above everything, reaches its use; without it, the default.
  session=$(run start --scratch --plain --pattern 1-1 --cycles 1 --output on.wav)
  grep -q "^Scratch preference on$" <<<"$session" || fail "start --scratch does not reach its use: $session"
  session=$(run start --plain --pattern 1-1 --cycles 1 --output off.wav)
  ! grep -q "Scratch preference" <<<"$session" || fail "without --scratch, the scratch preference is on"
  # Help: the switch, without a value, with its sentence, in start's and remind's; the preferences' list.
  for command in start remind; do
    grep -q -- "--scratch Scratch: a preference added by a test" <<<"$(run $command --help | tr -s ' \n' ' ')" \
      || fail "$command --help lacks the switch --scratch and its help"
  done
  grep -q "terse, scratch, scratchchoice, scratchnumber, braille" <<<"$(run prefs --help | tr -s ' \n' ' ')" \
    || fail "prefs --help does not list scratch, scratchchoice and scratchnumber"
  # The man page and the completions, as make install makes them.
  scripts/generate-files.sh "$binary" generated
  grep -q '\\-\\-scratch' generated/man/en/breathe-voice.1 || fail "the man page lacks --scratch"
  for file in breathe-voice.bash _breathe-voice breathe-voice.fish; do
    # fish names an option without its dashes.
    grep -q -- "--scratch\|'scratch'" "generated/completions/$file" || fail "the completion $file lacks --scratch"
  done
  grep -q "_key=(.*'terse' 'scratch' 'scratchchoice' 'scratchnumber' 'braille'" generated/completions/_breathe-voice \
    || fail "the zsh completion of prefs get lacks scratch, scratchchoice and scratchnumber"

  # A choice and a number: one row each, their options with a value from the row.
  value_checks scratchchoice SCRATCHCHOICE alpha beta gamma "alpha|beta" "Scratch choice" "one of alpha, beta" "uno de alpha, beta"
  value_checks scratchnumber SCRATCHNUMBER 5 7 10 digit "Scratch number" "a whole number from 1 to 9" "un número entero entre 1 y 9"
  # Its kind's words complete its option.
  grep -A1 -- "'--scratchchoice')" generated/completions/breathe-voice.bash | grep -q "'alpha'.*'beta'" \
    || fail "the bash completion does not offer alpha and beta after --scratchchoice"
  rm -rf "$home"
  echo "check-new-preference: one row and one use gave prefs set/get/show, the environment, the option, help, the man page and the completions, for a switch, a choice and a number"
}

# One preference with a value: KEY VARIABLE-SUFFIX DEFAULT GOOD BAD VALUE-NAME USE-LINE ALLOWED-EN ALLOWED-ES.
value_checks() {
  local key=$1 variable=BREATHE_VOICE_$2 default=$3 good=$4 bad=$5 value_name=$6 use=$7 allowed=$8 allowed_es=$9
  local error status session command file
  unset "$variable"
  [ "$(run prefs get $key)" = "$default" ] || fail "prefs get $key is not its default, $default: $(run prefs get $key)"
  run prefs set $key $good >/dev/null
  [ "$(run prefs get $key)" = "$good" ] || fail "prefs set $key $good did not save it"
  grep -q "^$key: $good" <<<"$(run prefs show)" || fail "prefs show lacks $key: $(run prefs show)"
  grep -q "\"$key\"" <<<"$(run prefs show --json)" || fail "prefs show --json lacks $key"
  run prefs unset $key >/dev/null
  # A value it does not allow: one line, in the user's language, and its exit status.
  set +e
  error=$(run prefs set $key $bad 2>&1 >/dev/null); status=$?
  set -e
  [ $status -eq 64 ] && [ "$(wc -l <<<"$error")" -eq 1 ] || fail "prefs set $key $bad: exit $status, $error"
  grep -qF "Preference $key: \"$bad\" is not allowed; use $allowed." <<<"$error" \
    || fail "prefs set $key $bad does not say what it takes: $error"
  set +e
  error=$(run_in es_ES.UTF-8 prefs set $key $bad 2>&1 >/dev/null); status=$?
  set -e
  [ $status -eq 64 ] && [ "$(wc -l <<<"$error")" -eq 1 ] && grep -qF "$allowed_es" <<<"$error" \
    || fail "prefs set $key $bad in Spanish: exit $status, $error"
  # The environment variable, above the file; a bad value is a bad configuration (78).
  export "$variable=$good"
  [ "$(run prefs get $key)" = "$good" ] || fail "$variable=$good is not read"
  grep -q "$variable" <<<"$(run prefs show --origin)" || fail "prefs show --origin does not name $variable"
  export "$variable=$bad"
  set +e
  error=$(run start --no-audio --pattern 1-1 --cycles 1 2>&1 >/dev/null); status=$?
  set -e
  unset "$variable"
  [ $status -eq 78 ] && [ "$(wc -l <<<"$error")" -eq 1 ] \
    && grep -qF "Environment variable $variable: \"$bad\" is not allowed; use $allowed." <<<"$error" \
    || fail "$variable=$bad: exit $status, $error"
  # The option, above everything, reaches its use; a bad value is a usage error (64).
  session=$(run start --$key $good --plain --pattern 1-1 --cycles 1 --output $key.wav)
  grep -q "^$use $good$" <<<"$session" || fail "start --$key $good does not reach its use: $session"
  session=$(run start --plain --pattern 1-1 --cycles 1 --output $key.wav)
  grep -q "^$use $default$" <<<"$session" || fail "without --$key, $key is not its default: $session"
  set +e
  error=$(run start --$key $bad --no-audio --pattern 1-1 --cycles 1 2>&1 >/dev/null); status=$?
  set -e
  [ $status -eq 64 ] && [ "$(wc -l <<<"$error")" -eq 1 ] && grep -qF "Option --$key: \"$bad\" is not allowed; use $allowed." <<<"$error" \
    || fail "start --$key $bad: exit $status, $error"
  rm -f $key.wav
  # Help, the man page and the completions.
  for command in start remind; do
    grep -q -- "--$key <$value_name> $use: a preference added by a test" <<<"$(run $command --help | tr -s ' \n' ' ')" \
      || fail "$command --help lacks --$key <$value_name> and its help"
  done
  grep -q "\\\\-\\\\-$key" generated/man/en/breathe-voice.1 || fail "the man page lacks --$key"
  for file in breathe-voice.bash _breathe-voice breathe-voice.fish; do
    # fish names an option without its dashes.
    grep -q -- "--$key\|'$key='" "generated/completions/$file" || fail "the completion $file lacks --$key"
  done
}

if $in_place; then
  checks
  exit 0
fi

. scripts/scratch-tree.sh
scratch_tree new-preference

# The scratch preference, added as docs/contributing.md says; each edit fails loudly if its anchor has moved.
python3 - "$copy" <<'EOF'
import sys
root = sys.argv[1]
def edit(path, anchor, added, after=True):
    path = root + "/" + path
    text = open(path, encoding="utf-8").read()
    if text.count(anchor) != 1:
        sys.exit("check-new-preference: %s: the anchor %r is not there once" % (path, anchor))
    text = text.replace(anchor, anchor + added if after else added + anchor)
    open(path, "w", encoding="utf-8").write(text)
# Its case and its row (its switch, --scratch, comes from the row: no options group names it).
edit("Sources/BreatheCore/Preferences/PreferenceKey.swift", "    case terse\n",
     "    case scratch\n    case scratchchoice\n    case scratchnumber\n")
edit("Sources/BreatheCore/Preferences/PreferenceKey.swift",
     '        case .terse: .onOff(false, switch: "--terse", environment: "BREATHE_VOICE_TERSE")\n',
     '        case .scratch: .onOff(false, switch: "--scratch", environment: "BREATHE_VOICE_SCRATCH")\n'
     '        case .scratchchoice:\n'
     '            .choice(["alpha", "beta"], "alpha", option: "--scratchchoice", environment: "BREATHE_VOICE_SCRATCHCHOICE")\n'
     '        case .scratchnumber:\n'
     '            .number(1...9, 5, option: "--scratchnumber", environment: "BREATHE_VOICE_SCRATCHNUMBER", valueName: "digit")\n')
# Its use.
edit("Sources/BreatheVoiceKit/Frontend/SessionFrontend+Start.swift",
     "        let plan = try SessionSetup.plan(asked.session, preferences)\n",
     '        var scratchOutput = FileDescriptorSink.standardOutput\n'
     '        if preferences.flag(.scratch) { scratchOutput.write("Scratch preference on\\n") }\n'
     '        scratchOutput.write("Scratch choice \\(preferences.text(.scratchchoice))\\n")\n'
     '        scratchOutput.write("Scratch number \\(preferences.integer(.scratchnumber))\\n")\n', after=False)
# Its label and help, in every locale file that has the neighbours'.
for code in ("en", "es", "fr", "pt-BR"):
    for key, use in (("scratch", "Scratch"), ("scratchchoice", "Scratch choice"), ("scratchnumber", "Scratch number")):
        edit("Locales/%s.json" % code, '  "pref.label.terse"', '  "pref.label.%s": "%s",\n' % (key, key), after=False)
        edit("Locales/%s.json" % code, '  "help.option.terse"',
             '  "help.option.%s": "%s: a preference added by a test.",\n' % (key, use), after=False)
EOF

# Each is named (as `.key`, `--key` or `case key`) in two Swift files, its row and its use, besides the locale files.
for key in scratch scratchchoice scratchnumber; do
  named=$(cd "$copy" && grep -rlE "(\.|--|case )$key\b" Sources | sort | tr '\n' ' ')
  [ "$named" = "Sources/BreatheCore/Preferences/PreferenceKey.swift Sources/BreatheVoiceKit/Frontend/SessionFrontend+Start.swift " ] \
    || fail "$key is named in $named"
done

if $same_path; then
  # Mounted on the tree's path in a namespace of its own: the mount ends with it.
  "${at_tree_path[@]}" bash -c \
    'mount --bind "$1" "$2" && cd "$2" && exec bash scripts/check-new-preference.sh --checks' _ "$copy" "$root"
else
  cd "$copy"
  checks
fi
