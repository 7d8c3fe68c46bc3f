#!/usr/bin/env python3
"""Adds root-level completion to argument-parser's completion scripts: `breathe-voice --pattern <TAB>`.

With no subcommand, `start` runs, and the options users type at the root (README's form) are start's. argument-parser's
scripts complete only subcommands there. This filter reads a generated script on stdin and writes it with a wrapper
that completes a command line whose first argument is an option as if `start` had been typed before it.

Usage: breathe-voice --generate-completion-script SHELL | scripts/complete-at-root.py SHELL > FILE
"""
import sys

BASH = r'''
# Added by scripts/complete-at-root.py: with no subcommand `start` runs, so a line whose first argument is an option
# (breathe-voice --pattern <TAB>) completes as `breathe-voice start --pattern <TAB>` would.
_breathe-voice_at_root() {
    if [[ ${COMP_CWORD} -ge 1 && ${COMP_WORDS[1]} == -* && ${COMP_WORDS[1]} != @(-h|--help|--version) ]]; then
        local -r head="${COMP_WORDS[0]}"
        COMP_WORDS=("${head}" start "${COMP_WORDS[@]:1}")
        COMP_CWORD=$((COMP_CWORD + 1))
        COMP_LINE="${head} start${COMP_LINE#"${head}"}"
        COMP_POINT=$((COMP_POINT + 6))
    fi
    _breathe-voice "$@"
}

complete -o filenames -F _breathe-voice_at_root breathe-voice
'''

ZSH = r'''
# Added by scripts/complete-at-root.py: with no subcommand `start` runs, so a line whose first argument is an option
# (breathe-voice --pattern <TAB>) completes as `breathe-voice start --pattern <TAB>` would.
_breathe-voice_at_root() {
    if [[ ${words[2]} == -* && ${words[2]} != (-h|--help|--version) ]]; then
        words=("${words[1]}" start "${(@)words[2,-1]}")
        (( CURRENT++ ))
    fi
    _breathe-voice "${@}"
}

if [[ "${funcstack[1]}" = _breathe-voice ]]; then
    _breathe-voice_at_root "${@}"
else
    compdef _breathe-voice_at_root breathe-voice
fi
'''

FISH = r'''
# Added by scripts/complete-at-root.py: with no subcommand `start` runs, so a line whose first argument is an option
# (breathe-voice --pattern <TAB>) completes as `breathe-voice start --pattern <TAB>` would.
functions -c __breathe-voice_tokens __breathe-voice_tokens_as_typed
function __breathe-voice_tokens
    set -l tokens (__breathe-voice_tokens_as_typed $argv)
    if contains -- -t $argv; or contains -- -tC $argv
        printf '%s\n' $tokens
        return
    end
    set -l first $tokens[2]
    if test (count $tokens) -lt 2
        set first (__breathe-voice_tokens_as_typed -t)
    end
    if string match -q -- '-*' "$first"; and not contains -- "$first" -h --help --version
        set tokens $tokens[1] start $tokens[2..]
    end
    printf '%s\n' $tokens
end
'''


def main():
    shell = sys.argv[1]
    script = sys.stdin.read()
    if shell == "bash":
        ending = "\ncomplete -o filenames -F _breathe-voice breathe-voice\n"
        assert script.endswith(ending), "unexpected end of the bash script"
        script = script[: -len(ending)] + "\n" + BASH.lstrip("\n")
    elif shell == "zsh":
        ending = script.rindex('\nif [[ "${funcstack[1]}" = _breathe-voice ]]; then')
        script = script[:ending] + "\n" + ZSH.lstrip("\n")
    elif shell == "fish":
        script = script.rstrip("\n") + "\n" + FISH
    else:
        sys.exit("complete-at-root: unknown shell " + shell)
    sys.stdout.write(script)


if __name__ == "__main__":
    main()
