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
            __breathe-voice_parse_subcommand 0 'pattern=' 'inhale=' 'hold=' 'exhale=' 'rest=' 'ramp=+' 'minutes=' 'cycles=' 'lang=' 'speech=' 'count' 'terse' 'tones=' 'tone-volume=' 'guide=' 'voice=' 'rate=' 'pitch=' 'volume=' 'output=' 'require-audio' 'speech-via=' 'speech-priority=' 'screen-reader' 'no-screen-reader' 'screen-reader-way=' 'no-audio' 'display=' 'plain' 'color=' 'events=' 'timing-report' 'braille=' 'mood-before=' 'mood-after=' 'force' 'version' 'h/help'
        case 'demo'
            __breathe-voice_parse_subcommand 0 'lang=' 'wav=' 'version' 'h/help'
        case 'patterns'
            __breathe-voice_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'list'
                __breathe-voice_parse_subcommand 0 'lang=' 'json' 'version' 'h/help'
            case 'add'
                __breathe-voice_parse_subcommand 2 'lang=' 'version' 'h/help'
            case 'rename'
                __breathe-voice_parse_subcommand 2 'lang=' 'version' 'h/help'
            case 'remove'
                __breathe-voice_parse_subcommand 1 'lang=' 'force' 'version' 'h/help'
            end
        case 'voices'
            __breathe-voice_parse_subcommand 0 'lang=' 'json' 'version' 'h/help'
        case 'prefs'
            __breathe-voice_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'show'
                __breathe-voice_parse_subcommand 0 'lang=' 'json' 'origin' 'version' 'h/help'
            case 'get'
                __breathe-voice_parse_subcommand 1 'lang=' 'version' 'h/help'
            case 'set'
                __breathe-voice_parse_subcommand 2 'lang=' 'version' 'h/help'
            case 'unset'
                __breathe-voice_parse_subcommand 1 'lang=' 'version' 'h/help'
            case 'reset'
                __breathe-voice_parse_subcommand 0 'lang=' 'version' 'h/help'
            case 'path'
                __breathe-voice_parse_subcommand 0 'version' 'h/help'
            case 'edit'
                __breathe-voice_parse_subcommand 0 'lang=' 'version' 'h/help'
            end
        case 'history'
            __breathe-voice_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'list'
                __breathe-voice_parse_subcommand 0 'lang=' 'last=' 'since=' 'json' 'version' 'h/help'
            case 'export'
                __breathe-voice_parse_subcommand 0 'lang=' 'format=' 'output=' 'version' 'h/help'
            case 'import'
                __breathe-voice_parse_subcommand -r 1 'lang=' 'dry-run' 'version' 'h/help'
            case 'clear'
                __breathe-voice_parse_subcommand 0 'lang=' 'yes' 'version' 'h/help'
            end
        case 'stats'
            __breathe-voice_parse_subcommand 0 'lang=' 'json' 'version' 'h/help'
        case 'remind'
            __breathe-voice_parse_subcommand 0 'pattern=' 'inhale=' 'hold=' 'exhale=' 'rest=' 'ramp=+' 'minutes=' 'cycles=' 'lang=' 'speech=' 'count' 'terse' 'tones=' 'tone-volume=' 'guide=' 'voice=' 'rate=' 'pitch=' 'volume=' 'output=' 'require-audio' 'speech-via=' 'speech-priority=' 'screen-reader' 'no-screen-reader' 'screen-reader-way=' 'display=' 'plain' 'color=' 'events=' 'timing-report' 'braille=' 'verbose' 'allow-silent' 'quiet-hours=' 'defer=' 'version' 'h/help'
        case 'schedule'
            __breathe-voice_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'add'
                __breathe-voice_parse_subcommand 0 'every=' 'at=+' 'from=' 'to=' 'days=' 'pattern=' 'minutes=' 'allow-silent' 'via=' 'dry-run' 'lang=' 'version' 'h/help'
            case 'list'
                __breathe-voice_parse_subcommand 0 'lang=' 'json' 'cron' 'version' 'h/help'
            case 'remove'
                __breathe-voice_parse_subcommand 1 'all' 'dry-run' 'lang=' 'version' 'h/help'
            end
        case 'doctor'
            __breathe-voice_parse_subcommand 0 'lang=' 'json' 'version' 'h/help'
        case 'pause'
            __breathe-voice_parse_subcommand 0 'lang=' 'version' 'h/help'
        case 'resume'
            __breathe-voice_parse_subcommand 0 'lang=' 'version' 'h/help'
        case 'skip'
            __breathe-voice_parse_subcommand 0 'lang=' 'version' 'h/help'
        case 'repeat'
            __breathe-voice_parse_subcommand 0 'lang=' 'version' 'h/help'
        case 'stop'
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
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_positional "breathe-voice" -eq 1' -fa 'demo' -d 'A one-minute box-breathing session that always runs: spoken when a sound server answers, else saved as a WAV file and shown as text.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_positional "breathe-voice" -eq 1' -fa 'patterns' -d 'List the breathing patterns with their timings; save, rename or remove your own.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_positional "breathe-voice" -eq 1' -fa 'voices' -d 'List the installed eSpeak NG voices for a language (for --voice).'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_positional "breathe-voice" -eq 1' -fa 'prefs' -d 'Show and change preferences (language, voice, rate, pitch, volume, speech, speechVia, speechPriority, screenReader, tones, toneVolume, guide, count, display, terse, braille, pauseOthers, defaultPattern, defaultMinutes, leadIn, quietHours, remind.pattern, remind.minutes, remind.defer, scheduleVia, customPatterns).'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_positional "breathe-voice" -eq 1' -fa 'history' -d 'List recorded sessions ($XDG_STATE_HOME/breathe-voice/history.jsonl); export, import or clear them.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_positional "breathe-voice" -eq 1' -fa 'stats' -d 'Show totals, streaks (local calendar days), the last 7 days, mood change, top patterns and badges.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_positional "breathe-voice" -eq 1' -fa 'remind' -d 'Run a short reminder session, as cron does (non-interactive).'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_positional "breathe-voice" -eq 1' -fa 'schedule' -d 'Schedule breathing reminders in your crontab.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_positional "breathe-voice" -eq 1' -fa 'doctor' -d 'Check speech, sound, the schedule and quiet hours; say how to fix what is wrong.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_positional "breathe-voice" -eq 1' -fa 'pause' -d 'Pause the running session, as its space key does, from any terminal.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_positional "breathe-voice" -eq 1' -fa 'resume' -d 'Resume the paused session, as its space key does, from any terminal.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_positional "breathe-voice" -eq 1' -fa 'skip' -d 'Skip to the next phase of the running session, as its s key does.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_positional "breathe-voice" -eq 1' -fa 'repeat' -d 'Say the running session\'s instruction again, as its r key does.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_positional "breathe-voice" -eq 1' -fa 'stop' -d 'Stop and save the running session, as its q key does; a reminder stopped before its second phase is recorded as declined.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_positional "breathe-voice" -eq 1' -fa 'help' -d 'Show subcommand help information.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice start" pattern' -l 'pattern' -d 'A built-in or saved pattern name, or timings in-hold-out-rest such as 4-7-8-0 (2 to 4 fields; default box, the defaultPattern preference).' -rfka '(__breathe-voice_custom_completion ---completion start -- --pattern (count (__breathe-voice_tokens -pc)) (__breathe-voice_tokens -tC))'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice start" inhale' -l 'inhale' -d 'Seconds to breathe in (1 to 60, one decimal allowed); overrides the pattern.' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice start" hold' -l 'hold' -d 'Seconds to hold after breathing in (0 to 60).' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice start" exhale' -l 'exhale' -d 'Seconds to breathe out (1 to 60).' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice start" rest' -l 'rest' -d 'Seconds to wait before the next breath (0 to 60).' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice start"' -l 'ramp' -d 'Lengthen a phase step by step, from its pattern value in the first cycle to SECONDS in the last (e.g. exhale=10). Repeatable, once per phase.' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice start" minutes' -l 'minutes' -d 'Breathe for at least this many minutes, in whole cycles (0.1 to 1440; default 5, the defaultMinutes preference).' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice start" cycles' -l 'cycles' -d 'Breathe for this many cycles (1 to 100000).' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice start" lang' -l 'lang' -d 'Session language: en, es, es-419, fr, pt-BR. Default: from LC_ALL, LC_MESSAGES or LANG, else English.' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice start" speech' -l 'speech' -d 'Speak the phrases (on) or only print them (off), e.g. when a screen reader does the talking (default on).' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice start" count' -l 'count' -d 'Speak the seconds inside each phase: "two, three, four".'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice start" terse' -l 'terse' -d 'Say each phase as briefly as possible: "Breathe in, 4.", without the cycle and the unit.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice start" tones' -l 'tones' -d 'Play a cue tone at each phase: rising for inhale, falling for exhale, soft for hold and rest (default on).' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice start" tone-volume' -l 'tone-volume' -d 'Tone level, 0 to 100 (default 70).' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice start" guide' -l 'guide' -d 'A soft sound to breathe along with: swell (a low chord that rises as you breathe in, stays through a hold, falls as you breathe out and is silent at rest, always quiet under the words) or off (default off). With --speech off it guides a session without words: only the introduction and the end are said.' -rfka 'swell off'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice start" voice' -l 'voice' -d 'An installed eSpeak NG voice, such as en-us, en (British), es or es-419, optionally with a variant: en-us+f3. See `breathe-voice voices`.' -rfka '(__breathe-voice_custom_completion ---completion start -- --voice (count (__breathe-voice_tokens -pc)) (__breathe-voice_tokens -tC))'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice start" rate' -l 'rate' -d 'Speech rate in words per minute, 80 to 450 (default 175).' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice start" pitch' -l 'pitch' -d 'Speech pitch, 0 to 100 (default 50).' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice start" volume' -l 'volume' -d 'Speech volume, 0 to 200 (default 100).' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice start" output' -l 'output' -d 'Render the session to a WAV file instead of playing it, faster than real time, then say where the file went (the session\'s last line; none with --display quiet); the name must end in .wav. `-` writes the WAV to stdout (lines then go to stderr).' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice start" require-audio' -l 'require-audio' -d 'Exit with 69 when no sound server answers, instead of going on as text only.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice start" speech-via' -l 'speech-via' -d 'Who says the phrases: espeak (eSpeak NG, on the sound stream with the tones) or speechd (your speech-dispatcher, beside a screen reader); a WAV file is always spoken by eSpeak NG (default espeak).' -rfka 'espeak speechd'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice start" speech-priority' -l 'speech-priority' -d 'With --speech-via speechd: message (waits for other speech, never dropped), text (may be cut off by newer speech) or important (interrupts) (default message).' -rfka 'message text important'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice start" screen-reader' -l 'screen-reader' -d 'Screen-reader mode: plain short lines, each phase said through one voice only. Without it, on when a screen reader is found running (Fenrir, Speakup, yasr, Orca, BRLTTY; inside tmux or GNU screen too; default auto).'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice start" no-screen-reader' -l 'no-screen-reader' -d 'Never screen-reader mode, even when a screen reader is found.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice start" screen-reader-way' -l 'screen-reader-way' -d 'In screen-reader mode: read (your screen reader says a short line printed as each tone ends; the default) or speak (spoken through speech-dispatcher, no phase lines printed).' -rfka 'read speak'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice start" no-audio' -l 'no-audio' -d 'Text only: no voice and no tones.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice start" display' -l 'display' -d 'auto (visual at a terminal, plain elsewhere), plain (one sentence per event), visual (one status line), quiet (errors only); default auto.' -rfka 'auto plain visual quiet'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice start" plain' -l 'plain' -d 'Print one plain sentence per event: no colour, no redraws. Best with a screen reader. Same as --display plain.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice start" color' -l 'color' -d 'Colour in the visual display: auto (not with NO_COLOR or TERM=dumb), always or never.' -rfka 'auto always never'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice start" events' -l 'events' -d 'Write one JSON object per state change: json (standard output, display quiet), json=PATH (appended) or json=fd:N.' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice start" timing-report' -l 'timing-report' -d 'At the end, print how late each cue came out: planned against played, with the maximum and the median.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice start" braille' -l 'braille' -d 'Show the session on a braille display through BrlAPI (BRLTTY): auto (when a display answers), on or off (default auto). Its keys: a routing key pauses or resumes, line down skips, line up shows the time left, top the instruction, bottom stops; the pan keys stay BRLTTY\'s.' -rfka 'auto on off'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice start" mood-before' -l 'mood-before' -d 'How you feel before: 1 very stressed … 5 very calm.' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice start" mood-after' -l 'mood-after' -d 'How you feel after: 1 to 5. Without it, an interactive session asks at the end (Enter skips).' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice start" force' -l 'force' -d 'Start even while another session holds the session lock (otherwise exit 75).'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice start" version' -l 'version' -d 'Show the version.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice start" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice demo" lang' -l 'lang' -d 'Session language: en, es, es-419, fr, pt-BR. Default: from LC_ALL, LC_MESSAGES or LANG, else English.' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice demo" wav' -l 'wav' -d 'Where the session is saved when no sound server answers.' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice demo" version' -l 'version' -d 'Show the version.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice demo" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice patterns" version' -l 'version' -d 'Show the version.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice patterns" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_positional "breathe-voice patterns" -eq 1' -fa 'list' -d 'List built-in and saved patterns.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_positional "breathe-voice patterns" -eq 1' -fa 'add' -d 'Save a pattern under a name: patterns add calm 4-2-6-0.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_positional "breathe-voice patterns" -eq 1' -fa 'rename' -d 'Rename a saved pattern, and the reminders that play it: patterns rename calm slow.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_positional "breathe-voice patterns" -eq 1' -fa 'remove' -d 'Remove a saved pattern.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice patterns list" lang' -l 'lang' -d 'Session language: en, es, es-419, fr, pt-BR. Default: from LC_ALL, LC_MESSAGES or LANG, else English.' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice patterns list" json' -l 'json' -d 'Print one JSON document (version 1) instead of sentences.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice patterns list" version' -l 'version' -d 'Show the version.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice patterns list" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice patterns add" lang' -l 'lang' -d 'Session language: en, es, es-419, fr, pt-BR. Default: from LC_ALL, LC_MESSAGES or LANG, else English.' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice patterns add" version' -l 'version' -d 'Show the version.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice patterns add" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice patterns rename" lang' -l 'lang' -d 'Session language: en, es, es-419, fr, pt-BR. Default: from LC_ALL, LC_MESSAGES or LANG, else English.' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice patterns rename" version' -l 'version' -d 'Show the version.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice patterns rename" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice patterns remove" lang' -l 'lang' -d 'Session language: en, es, es-419, fr, pt-BR. Default: from LC_ALL, LC_MESSAGES or LANG, else English.' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice patterns remove" force' -l 'force' -d 'Remove the pattern even when a scheduled reminder plays it: that reminder then fails each time, and the history and doctor say so.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice patterns remove" version' -l 'version' -d 'Show the version.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice patterns remove" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice voices" lang' -l 'lang' -d 'Session language: en, es, es-419, fr, pt-BR. Default: from LC_ALL, LC_MESSAGES or LANG, else English.' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice voices" json' -l 'json' -d 'Print one JSON document (version 1): the voices and the installed variants.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice voices" version' -l 'version' -d 'Show the version.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice voices" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice prefs" version' -l 'version' -d 'Show the version.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice prefs" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_positional "breathe-voice prefs" -eq 1' -fa 'show' -d 'Print every preference.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_positional "breathe-voice prefs" -eq 1' -fa 'get' -d 'Print one preference\'s value.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_positional "breathe-voice prefs" -eq 1' -fa 'set' -d 'Save a preference, checked first.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_positional "breathe-voice prefs" -eq 1' -fa 'unset' -d 'Remove a preference from the file, so its default applies.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_positional "breathe-voice prefs" -eq 1' -fa 'reset' -d 'Move the preferences file aside (preferences.json.bak-<time>) so every default applies; works on a broken file.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_positional "breathe-voice prefs" -eq 1' -fa 'path' -d 'Print the preferences file\'s path.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_positional "breathe-voice prefs" -eq 1' -fa 'edit' -d 'Edit the preferences in $VISUAL or $EDITOR; the change is kept only if the file is valid.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice prefs show" lang' -l 'lang' -d 'Session language: en, es, es-419, fr, pt-BR. Default: from LC_ALL, LC_MESSAGES or LANG, else English.' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice prefs show" json' -l 'json' -d 'Print JSON.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice prefs show" origin' -l 'origin' -d 'Say where each value came from: option, environment, file or default.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice prefs show" version' -l 'version' -d 'Show the version.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice prefs show" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice prefs get" lang' -l 'lang' -d 'Session language: en, es, es-419, fr, pt-BR. Default: from LC_ALL, LC_MESSAGES or LANG, else English.' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_positional "breathe-voice prefs get" -eq 1' -fka 'language voice rate pitch volume speech speechVia speechPriority screenReader tones toneVolume guide count display terse braille pauseOthers defaultPattern defaultMinutes leadIn quietHours remind.pattern remind.minutes remind.defer scheduleVia voice.en voice.es voice.es-419 voice.fr voice.pt-BR'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice prefs get" version' -l 'version' -d 'Show the version.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice prefs get" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice prefs set" lang' -l 'lang' -d 'Session language: en, es, es-419, fr, pt-BR. Default: from LC_ALL, LC_MESSAGES or LANG, else English.' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_positional "breathe-voice prefs set" -eq 1' -fka 'language voice rate pitch volume speech speechVia speechPriority screenReader tones toneVolume guide count display terse braille pauseOthers defaultPattern defaultMinutes leadIn quietHours remind.pattern remind.minutes remind.defer scheduleVia voice.en voice.es voice.es-419 voice.fr voice.pt-BR'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice prefs set" version' -l 'version' -d 'Show the version.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice prefs set" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice prefs unset" lang' -l 'lang' -d 'Session language: en, es, es-419, fr, pt-BR. Default: from LC_ALL, LC_MESSAGES or LANG, else English.' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_positional "breathe-voice prefs unset" -eq 1' -fka 'language voice rate pitch volume speech speechVia speechPriority screenReader tones toneVolume guide count display terse braille pauseOthers defaultPattern defaultMinutes leadIn quietHours remind.pattern remind.minutes remind.defer scheduleVia voice.en voice.es voice.es-419 voice.fr voice.pt-BR'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice prefs unset" version' -l 'version' -d 'Show the version.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice prefs unset" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice prefs reset" lang' -l 'lang' -d 'Session language: en, es, es-419, fr, pt-BR. Default: from LC_ALL, LC_MESSAGES or LANG, else English.' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice prefs reset" version' -l 'version' -d 'Show the version.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice prefs reset" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice prefs path" version' -l 'version' -d 'Show the version.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice prefs path" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice prefs edit" lang' -l 'lang' -d 'Session language: en, es, es-419, fr, pt-BR. Default: from LC_ALL, LC_MESSAGES or LANG, else English.' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice prefs edit" version' -l 'version' -d 'Show the version.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice prefs edit" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice history" version' -l 'version' -d 'Show the version.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice history" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_positional "breathe-voice history" -eq 1' -fa 'list' -d 'List sessions, oldest first.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_positional "breathe-voice history" -eq 1' -fa 'export' -d 'Write the whole history as CSV (RFC 4180) or a JSON array.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_positional "breathe-voice history" -eq 1' -fa 'import' -d 'Add the sessions of files breathe-voice wrote (a history.jsonl, or history export\'s CSV or JSON), each once, in time order.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_positional "breathe-voice history" -eq 1' -fa 'clear' -d 'Delete every recorded session (needs --yes).'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice history list" lang' -l 'lang' -d 'Session language: en, es, es-419, fr, pt-BR. Default: from LC_ALL, LC_MESSAGES or LANG, else English.' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice history list" last' -l 'last' -d 'Only the last N sessions (1 to 1000000).' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice history list" since' -l 'since' -d 'Only sessions on or after this local date.' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice history list" json' -l 'json' -d 'One JSON object per line, as stored.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice history list" version' -l 'version' -d 'Show the version.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice history list" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice history export" lang' -l 'lang' -d 'Session language: en, es, es-419, fr, pt-BR. Default: from LC_ALL, LC_MESSAGES or LANG, else English.' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice history export" format' -l 'format' -d 'csv or json.' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice history export" output' -l 'output' -d 'Write to FILE instead of standard output: a file is replaced whole (temporary file, then rename), a FIFO or device written in place; a symbolic link or a missing folder is refused.' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice history export" version' -l 'version' -d 'Show the version.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice history export" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice history import" lang' -l 'lang' -d 'Session language: en, es, es-419, fr, pt-BR. Default: from LC_ALL, LC_MESSAGES or LANG, else English.' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice history import" dry-run' -l 'dry-run' -d 'Say how many sessions would be imported, and write nothing.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice history import" version' -l 'version' -d 'Show the version.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice history import" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice history clear" lang' -l 'lang' -d 'Session language: en, es, es-419, fr, pt-BR. Default: from LC_ALL, LC_MESSAGES or LANG, else English.' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice history clear" yes' -l 'yes' -d 'Confirm.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice history clear" version' -l 'version' -d 'Show the version.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice history clear" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice stats" lang' -l 'lang' -d 'Session language: en, es, es-419, fr, pt-BR. Default: from LC_ALL, LC_MESSAGES or LANG, else English.' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice stats" json' -l 'json' -d 'Print JSON.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice stats" version' -l 'version' -d 'Show the version.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice stats" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice remind" pattern' -l 'pattern' -d 'A built-in or saved pattern name, or timings in-hold-out-rest such as 4-7-8-0 (2 to 4 fields; default box, the remind.pattern preference).' -rfka '(__breathe-voice_custom_completion ---completion remind -- --pattern (count (__breathe-voice_tokens -pc)) (__breathe-voice_tokens -tC))'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice remind" inhale' -l 'inhale' -d 'Seconds to breathe in (1 to 60, one decimal allowed); overrides the pattern.' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice remind" hold' -l 'hold' -d 'Seconds to hold after breathing in (0 to 60).' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice remind" exhale' -l 'exhale' -d 'Seconds to breathe out (1 to 60).' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice remind" rest' -l 'rest' -d 'Seconds to wait before the next breath (0 to 60).' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice remind"' -l 'ramp' -d 'Lengthen a phase step by step, from its pattern value in the first cycle to SECONDS in the last (e.g. exhale=10). Repeatable, once per phase.' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice remind" minutes' -l 'minutes' -d 'Breathe for at least this many minutes, in whole cycles (0.1 to 1440; default 2, the remind.minutes preference).' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice remind" cycles' -l 'cycles' -d 'Breathe for this many cycles (1 to 100000).' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice remind" lang' -l 'lang' -d 'Session language: en, es, es-419, fr, pt-BR. Default: from LC_ALL, LC_MESSAGES or LANG, else English.' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice remind" speech' -l 'speech' -d 'Speak the phrases (on) or only print them (off), e.g. when a screen reader does the talking (default on).' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice remind" count' -l 'count' -d 'Speak the seconds inside each phase: "two, three, four".'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice remind" terse' -l 'terse' -d 'Say each phase as briefly as possible: "Breathe in, 4.", without the cycle and the unit.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice remind" tones' -l 'tones' -d 'Play a cue tone at each phase: rising for inhale, falling for exhale, soft for hold and rest (default on).' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice remind" tone-volume' -l 'tone-volume' -d 'Tone level, 0 to 100 (default 70).' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice remind" guide' -l 'guide' -d 'A soft sound to breathe along with: swell (a low chord that rises as you breathe in, stays through a hold, falls as you breathe out and is silent at rest, always quiet under the words) or off (default off). With --speech off it guides a session without words: only the introduction and the end are said.' -rfka 'swell off'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice remind" voice' -l 'voice' -d 'An installed eSpeak NG voice, such as en-us, en (British), es or es-419, optionally with a variant: en-us+f3. See `breathe-voice voices`.' -rfka '(__breathe-voice_custom_completion ---completion remind -- --voice (count (__breathe-voice_tokens -pc)) (__breathe-voice_tokens -tC))'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice remind" rate' -l 'rate' -d 'Speech rate in words per minute, 80 to 450 (default 175).' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice remind" pitch' -l 'pitch' -d 'Speech pitch, 0 to 100 (default 50).' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice remind" volume' -l 'volume' -d 'Speech volume, 0 to 200 (default 100).' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice remind" output' -l 'output' -d 'Render the session to a WAV file instead of playing it, faster than real time, then say where the file went (the session\'s last line; none with --display quiet); the name must end in .wav. `-` writes the WAV to stdout (lines then go to stderr).' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice remind" require-audio' -l 'require-audio' -d 'Exit with 69 when no sound server answers, instead of going on as text only.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice remind" speech-via' -l 'speech-via' -d 'Who says the phrases: espeak (eSpeak NG, on the sound stream with the tones) or speechd (your speech-dispatcher, beside a screen reader); a WAV file is always spoken by eSpeak NG (default espeak).' -rfka 'espeak speechd'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice remind" speech-priority' -l 'speech-priority' -d 'With --speech-via speechd: message (waits for other speech, never dropped), text (may be cut off by newer speech) or important (interrupts) (default message).' -rfka 'message text important'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice remind" screen-reader' -l 'screen-reader' -d 'Screen-reader mode: plain short lines, each phase said through one voice only. Without it, on when a screen reader is found running (Fenrir, Speakup, yasr, Orca, BRLTTY; inside tmux or GNU screen too; default auto).'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice remind" no-screen-reader' -l 'no-screen-reader' -d 'Never screen-reader mode, even when a screen reader is found.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice remind" screen-reader-way' -l 'screen-reader-way' -d 'In screen-reader mode: read (your screen reader says a short line printed as each tone ends; the default) or speak (spoken through speech-dispatcher, no phase lines printed).' -rfka 'read speak'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice remind" display' -l 'display' -d 'auto (visual at a terminal, plain elsewhere), plain (one sentence per event), visual (one status line), quiet (errors only); default auto.' -rfka 'auto plain visual quiet'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice remind" plain' -l 'plain' -d 'Print one plain sentence per event: no colour, no redraws. Best with a screen reader. Same as --display plain.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice remind" color' -l 'color' -d 'Colour in the visual display: auto (not with NO_COLOR or TERM=dumb), always or never.' -rfka 'auto always never'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice remind" events' -l 'events' -d 'Write one JSON object per state change: json (standard output, display quiet), json=PATH (appended) or json=fd:N.' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice remind" timing-report' -l 'timing-report' -d 'At the end, print how late each cue came out: planned against played, with the maximum and the median.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice remind" braille' -l 'braille' -d 'Show the session on a braille display through BrlAPI (BRLTTY): auto (when a display answers), on or off (default auto). Its keys: a routing key pauses or resumes, line down skips, line up shows the time left, top the instruction, bottom stops; the pan keys stay BRLTTY\'s.' -rfka 'auto on off'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice remind" verbose' -l 'verbose' -d 'Say on stderr why a reminder was skipped.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice remind" allow-silent' -l 'allow-silent' -d 'Run as text when no sound or speech is available, instead of failing with exit 69: only the record is kept.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice remind" quiet-hours' -l 'quiet-hours' -d 'Do nothing in this daily window, such as 22:00-07:00 (may wrap past midnight). Default: the quietHours preference.' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice remind" defer' -l 'defer' -d 'While a call or a recording is in progress, wait for it to end, up to this long: 90s, 15m, 1h; 0 does not wait. Default: 15m, the remind.defer preference.' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice remind" version' -l 'version' -d 'Show the version.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice remind" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice schedule" version' -l 'version' -d 'Show the version.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice schedule" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_positional "breathe-voice schedule" -eq 1' -fa 'add' -d 'Add a reminder: every DURATION (within --from/--to) or daily --at HH:MM.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_positional "breathe-voice schedule" -eq 1' -fa 'list' -d 'List the scheduled reminders, their times said in words.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_positional "breathe-voice schedule" -eq 1' -fa 'remove' -d 'Remove a reminder by its number, or all with --all.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice schedule add" every' -l 'every' -d 'Repeat every DURATION: 45m, 2h, 1h30m.' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice schedule add"' -l 'at' -d 'Once a day at this time (repeatable).' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice schedule add" from' -l 'from' -d 'With --every: the first reminder of the day.' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice schedule add" to' -l 'to' -d 'With --every: no reminder after this time.' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice schedule add" days' -l 'days' -d 'The days: mon-fri, sat,sun, weekdays… (default: every day).' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice schedule add" pattern' -l 'pattern' -d 'The pattern each reminder breathes (passed to remind).' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice schedule add" minutes' -l 'minutes' -d 'How many minutes each reminder lasts (passed to remind; default 2, the remind.minutes preference).' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice schedule add" allow-silent' -l 'allow-silent' -d 'Let reminders run as text when no sound is available (passed to remind).'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice schedule add" via' -l 'via' -d 'cron (a line in your crontab) or systemd (a user timer in ~/.config/systemd/user); default cron, the scheduleVia preference.' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice schedule add" dry-run' -l 'dry-run' -d 'Show what would change (crontab lines or systemd unit files), and change nothing.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice schedule add" lang' -l 'lang' -d 'Session language: en, es, es-419, fr, pt-BR. Default: from LC_ALL, LC_MESSAGES or LANG, else English.' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice schedule add" version' -l 'version' -d 'Show the version.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice schedule add" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice schedule list" lang' -l 'lang' -d 'Session language: en, es, es-419, fr, pt-BR. Default: from LC_ALL, LC_MESSAGES or LANG, else English.' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice schedule list" json' -l 'json' -d 'Print one JSON document (version 1) instead of sentences.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice schedule list" cron' -l 'cron' -d 'Give each reminder\'s options as typed and its crontab time fields (or systemd OnCalendar) instead of words.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice schedule list" version' -l 'version' -d 'Show the version.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice schedule list" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice schedule remove" all' -l 'all' -d 'Remove every reminder, and the block, from the crontab.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice schedule remove" dry-run' -l 'dry-run' -d 'Show what would change (crontab lines or systemd unit files), and change nothing.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice schedule remove" lang' -l 'lang' -d 'Session language: en, es, es-419, fr, pt-BR. Default: from LC_ALL, LC_MESSAGES or LANG, else English.' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice schedule remove" version' -l 'version' -d 'Show the version.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice schedule remove" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice doctor" lang' -l 'lang' -d 'Session language: en, es, es-419, fr, pt-BR. Default: from LC_ALL, LC_MESSAGES or LANG, else English.' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice doctor" json' -l 'json' -d 'Print one JSON document (version 1) instead of lines; the exit status is the same.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice doctor" version' -l 'version' -d 'Show the version.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice doctor" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice pause" lang' -l 'lang' -d 'Session language: en, es, es-419, fr, pt-BR. Default: from LC_ALL, LC_MESSAGES or LANG, else English.' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice pause" version' -l 'version' -d 'Show the version.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice pause" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice resume" lang' -l 'lang' -d 'Session language: en, es, es-419, fr, pt-BR. Default: from LC_ALL, LC_MESSAGES or LANG, else English.' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice resume" version' -l 'version' -d 'Show the version.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice resume" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice skip" lang' -l 'lang' -d 'Session language: en, es, es-419, fr, pt-BR. Default: from LC_ALL, LC_MESSAGES or LANG, else English.' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice skip" version' -l 'version' -d 'Show the version.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice skip" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice repeat" lang' -l 'lang' -d 'Session language: en, es, es-419, fr, pt-BR. Default: from LC_ALL, LC_MESSAGES or LANG, else English.' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice repeat" version' -l 'version' -d 'Show the version.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice repeat" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice stop" lang' -l 'lang' -d 'Session language: en, es, es-419, fr, pt-BR. Default: from LC_ALL, LC_MESSAGES or LANG, else English.' -rfka ''
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice stop" version' -l 'version' -d 'Show the version.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice stop" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'breathe-voice' -n '__breathe-voice_should_offer_completions_for_flags_or_options "breathe-voice help" version' -l 'version' -d 'Show the version.'

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
