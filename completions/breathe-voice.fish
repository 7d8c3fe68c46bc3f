function __breathe-voice_should_offer_completions_for_flags_or_options -a expected_commands
    set -l non_repeating_flags_or_options $argv[2..]
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __breathe-voice_parse_tokens
    test "$commands" = "$expected_commands"; and return $non_repeating_flags_or_options_absent
end

function __breathe-voice_should_offer_completions_for_positional -a expected_commands positional_index_comparison expected_positional_index
    set -l non_repeating_flags_or_options
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __breathe-voice_parse_tokens
    test "$commands" = "$expected_commands" -a \( "$positional_index" "$positional_index_comparison" "$expected_positional_index" \)
end

function __breathe-voice_parse_tokens -S
    set -l unparsed_tokens (__breathe-voice_tokens -pc)
    switch $unparsed_tokens[1]
    case 'breathe-voice'
        __breathe-voice_parse_subcommand 0 'version' 'h/help'
        switch $unparsed_tokens[1]
        case 'start'
            __breathe-voice_parse_subcommand 0 'pattern=' 'inhale=' 'hold=' 'exhale=' 'rest=' 'ramp=+' 'minutes=' 'cycles=' 'lang=' 'display=' 'plain' 'color=' 'events=' 'timing-report' 'no-audio' 'version' 'h/help'
        case 'patterns'
            __breathe-voice_parse_subcommand 0 'lang=' 'version' 'h/help'
        case 'help'
            __breathe-voice_parse_subcommand -r 1 'version'
        end
    end
end

function __breathe-voice_tokens
    if test (string split -m 1 -f 1 -- . "$FISH_VERSION") -gt 3
        commandline --tokens-raw $argv
    else
        commandline -o $argv
    end
end

function __breathe-voice_parse_subcommand -S -a positional_count
    argparse -s r -- $argv
    set -l option_specs $argv[2..]
    set -l is_repeating_positional $_flag_r
    set -el _flag_r
    set -a commands $unparsed_tokens[1]
    set positional_index 0
    while true
        set -e unparsed_tokens[1]
        argparse -sn "$commands" $option_specs -- $unparsed_tokens 2> /dev/null
        set unparsed_tokens $argv
        set positional_index (math $positional_index + 1)
        for non_repeating_flag_or_option in $non_repeating_flags_or_options
            if set -ql "_flag_$(string replace -a - _ -- $non_repeating_flag_or_option)"
                set non_repeating_flags_or_options_absent 1
                break
            end
        end
        test (count $unparsed_tokens) -eq 0 -o \( -z "$is_repeating_positional" -a "$positional_index" -gt "$positional_count" \) && break
    end
end

function __breathe-voice_complete_directories
    set -l token (commandline -t)
    string match -- '*/' $token
    set -l subdirs $token*/
    printf %s\n $subdirs
end

function __breathe-voice_custom_completion
    set -x SAP_SHELL fish
    set -x SAP_SHELL_VERSION $FISH_VERSION
    set -l tokens (__breathe-voice_tokens -p)
    if test -z "$(__breathe-voice_tokens -t)"
        set -l index (count (__breathe-voice_tokens -pc))
        set tokens $tokens[..$index] \'\' $tokens[(math $index + 1)..]
    end
    command $tokens[1] $argv $tokens
end

complete -c 'breathe-voice' -f
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice" version' -l 'version' -d 'Show the version.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_positional "breathe-voice" -eq 1' -fa 'start' -d 'Run a breathing session (the default command).'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_positional "breathe-voice" -eq 1' -fa 'patterns' -d 'List the breathing patterns with their timings.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_positional "breathe-voice" -eq 1' -fa 'help' -d 'Show subcommand help information.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice start" pattern' -l 'pattern' -d 'A built-in or saved pattern name, or timings in-hold-out-rest such as 4-7-8-0 (2 to 4 fields).' -rfka '(__breathe-voice_custom_completion ---completion start -- --pattern (count (__breathe-voice_tokens -pc)) (__breathe-voice_tokens -tC))'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice start" inhale' -l 'inhale' -d 'Seconds to breathe in (1 to 60, one decimal allowed); overrides the pattern.' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice start" hold' -l 'hold' -d 'Seconds to hold after breathing in (0 to 60).' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice start" exhale' -l 'exhale' -d 'Seconds to breathe out (1 to 60).' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice start" rest' -l 'rest' -d 'Seconds to wait before the next breath (0 to 60).' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice start"' -l 'ramp' -d 'Lengthen a phase step by step, from its pattern value in the first cycle to SECONDS in the last (e.g. exhale=10). Repeatable, once per phase.' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice start" minutes' -l 'minutes' -d 'Breathe for at least this many minutes, in whole cycles (0.1 to 1440; default 5).' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice start" cycles' -l 'cycles' -d 'Breathe for this many cycles (1 to 100000).' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice start" lang' -l 'lang' -d 'Session language: en or es. Default: from LC_ALL, LC_MESSAGES or LANG, else English.' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice start" display' -l 'display' -d 'auto (visual at a terminal, plain elsewhere), plain (one sentence per event), visual (one status line), quiet (errors only).' -rfka 'auto plain visual quiet'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice start" plain' -l 'plain' -d 'Print one plain sentence per event: no colour, no redraws. Best with a screen reader. Same as --display plain.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice start" color' -l 'color' -d 'Colour in the visual display: auto (not with NO_COLOR or TERM=dumb), always or never.' -rfka 'auto always never'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice start" events' -l 'events' -d 'Write one JSON object per state change: json (standard output, display quiet), json=PATH (appended) or json=fd:N.' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice start" timing-report' -l 'timing-report' -d 'At the end, print how late each cue came out: planned against played, with the maximum and the median.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice start" no-audio' -l 'no-audio' -d 'Text only: no voice and no tones.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice start" version' -l 'version' -d 'Show the version.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice start" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice patterns" lang' -l 'lang' -d 'Session language: en or es. Default: from LC_ALL, LC_MESSAGES or LANG, else English.' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice patterns" version' -l 'version' -d 'Show the version.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice patterns" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice help" version' -l 'version' -d 'Show the version.'
