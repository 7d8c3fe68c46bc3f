#!/bin/bash

__breathe-voice_cursor_index_in_current_word() {
    local remaining="${COMP_LINE}"

    local word
    for word in "${COMP_WORDS[@]::COMP_CWORD}"; do
        remaining="${remaining##*([[:space:]])"${word}"*([[:space:]])}"
    done

    local -ir index="$((COMP_POINT - ${#COMP_LINE} + ${#remaining}))"
    if [[ "${index}" -le 0 ]]; then
        printf 0
    else
        printf %s "${index}"
    fi
}

# positional arguments:
#
# - 1: the current (sub)command's count of positional arguments
#
# required variables:
#
# - repeating_flags: the repeating flags that the current (sub)command can accept
# - non_repeating_flags: the non-repeating flags that the current (sub)command can accept
# - repeating_options: the repeating options that the current (sub)command can accept
# - non_repeating_options: the non-repeating options that the current (sub)command can accept
# - positional_number: value ignored
# - unparsed_words: unparsed words from the current command line
#
# modified variables:
#
# - non_repeating_flags: remove flags for this (sub)command that are already on the command line
# - non_repeating_options: remove options for this (sub)command that are already on the command line
# - positional_number: set to the current positional number
# - unparsed_words: remove all flags, options, and option values for this (sub)command
__breathe-voice_offer_flags_options() {
    local -ir positional_count="${1}"
    positional_number=0

    local was_flag_option_terminator_seen=false
    local is_parsing_option_value=false

    local -ar unparsed_word_indices=("${!unparsed_words[@]}")
    local -i word_index
    for word_index in "${unparsed_word_indices[@]}"; do
        if "${is_parsing_option_value}"; then
            # This word is an option value:
            # Reset marker for next word iff not currently the last word
            [[ "${word_index}" -ne "${unparsed_word_indices[${#unparsed_word_indices[@]} - 1]}" ]] && is_parsing_option_value=false
            unset "unparsed_words[${word_index}]"
            # Do not process this word as a flag or an option
            continue
        fi

        local word="${unparsed_words["${word_index}"]}"
        if ! "${was_flag_option_terminator_seen}"; then
            case "${word}" in
            --)
                unset "unparsed_words[${word_index}]"
                # by itself -- is a flag/option terminator, but if it is the last word, it is the start of a completion
                if [[ "${word_index}" -ne "${unparsed_word_indices[${#unparsed_word_indices[@]} - 1]}" ]]; then
                    was_flag_option_terminator_seen=true
                fi
                continue
                ;;
            -*)
                # ${word} is a flag or an option
                # If ${word} is an option, mark that the next word to be parsed is an option value
                local option
                for option in "${repeating_options[@]}" "${non_repeating_options[@]}"; do
                    [[ "${word}" = "${option}" ]] && is_parsing_option_value=true && break
                done

                # Remove ${word} from ${non_repeating_flags} or ${non_repeating_options} so it isn't offered again
                local not_found=true
                local -i index
                for index in "${!non_repeating_flags[@]}"; do
                    if [[ "${non_repeating_flags[${index}]}" = "${word}" ]]; then
                        unset "non_repeating_flags[${index}]"
                        non_repeating_flags=("${non_repeating_flags[@]}")
                        not_found=false
                        break
                    fi
                done
                if "${not_found}"; then
                    for index in "${!non_repeating_flags[@]}"; do
                        if [[ "${non_repeating_flags[${index}]}" = "${word}" ]]; then
                            unset "non_repeating_flags[${index}]"
                            non_repeating_flags=("${non_repeating_flags[@]}")
                            break
                        fi
                    done
                fi
                unset "unparsed_words[${word_index}]"
                continue
                ;;
            esac
        fi

        # ${word} is neither a flag, nor an option, nor an option value
        if [[ "${positional_number}" -lt "${positional_count}" || "${positional_count}" -lt 0 ]]; then
            # ${word} is a positional
            ((positional_number++))
            unset "unparsed_words[${word_index}]"
        else
            if [[ -z "${word}" ]]; then
                # Could be completing a flag, option, or subcommand
                positional_number=-1
            else
                # ${word} is a subcommand or invalid, so stop processing this (sub)command
                positional_number=-2
            fi
            break
        fi
    done

    unparsed_words=("${unparsed_words[@]}")

    if\
        ! "${was_flag_option_terminator_seen}"\
        && ! "${is_parsing_option_value}"\
        && [[ ("${cur}" = -* && "${positional_number}" -ge 0) || "${positional_number}" -eq -1 ]]
    then
        COMPREPLY+=($(compgen -W "${repeating_flags[*]} ${non_repeating_flags[*]} ${repeating_options[*]} ${non_repeating_options[*]}" -- "${cur}"))
    fi
}

__breathe-voice_add_completions() {
    local completion
    while IFS='' read -r completion; do
        COMPREPLY+=("${completion}")
    done < <(IFS=$'\n' compgen "${@}" -- "${cur}")
}

__breathe-voice_custom_complete() {
    if [[ -n "${cur}" || -z ${COMP_WORDS[${COMP_CWORD}]} || "${COMP_LINE:${COMP_POINT}:1}" != ' ' ]]; then
        local -ar words=("${COMP_WORDS[@]}")
    else
        local -ar words=("${COMP_WORDS[@]::${COMP_CWORD}}" '' "${COMP_WORDS[@]:${COMP_CWORD}}")
    fi

    "${COMP_WORDS[0]}" "${@}" "${words[@]}"
}

_breathe-voice() {
    local state
    state="$(shopt -p;shopt -po)"
    trap "${state//$'\n'/;}" RETURN
    shopt -s extglob
    set +o history +o posix

    local -xr SAP_SHELL=bash
    local -x SAP_SHELL_VERSION
    SAP_SHELL_VERSION="$(IFS='.';printf %s "${BASH_VERSINFO[*]}")"
    local -r SAP_SHELL_VERSION

    local -r cur="${2}"
    local -r prev="${3}"

    local -i positional_number
    local -a unparsed_words=("${COMP_WORDS[@]:1:${COMP_CWORD}}")

    local -a repeating_flags=()
    local -a non_repeating_flags=(--version -h --help)
    local -a repeating_options=()
    local -a non_repeating_options=()
    __breathe-voice_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    start|demo|patterns|voices|prefs|history|stats|remind|schedule|doctor|pause|resume|skip|repeat|stop|help)
        # Offer subcommand argument completions
        "_breathe-voice_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'start demo patterns voices prefs history stats remind schedule doctor pause resume skip repeat stop help' -- "${cur}"))
        ;;
    esac
}

_breathe-voice_start() {
    repeating_flags=()
    non_repeating_flags=(--count --terse --require-audio --screen-reader --no-screen-reader --no-audio --plain --timing-report --force --version -h --help)
    repeating_options=(--ramp)
    non_repeating_options=(--pattern --inhale --hold --exhale --rest --minutes --cycles --lang --speech --tones --tone-volume --guide --voice --rate --pitch --volume --output --speech-via --speech-priority --screen-reader-way --display --color --events --braille --mood-before --mood-after)
    __breathe-voice_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--pattern')
        __breathe-voice_add_completions -W "$(__breathe-voice_custom_complete ---completion start -- --pattern "${COMP_CWORD}" "$(__breathe-voice_cursor_index_in_current_word)")"
        return
        ;;
    '--inhale')
        return
        ;;
    '--hold')
        return
        ;;
    '--exhale')
        return
        ;;
    '--rest')
        return
        ;;
    '--ramp')
        return
        ;;
    '--minutes')
        return
        ;;
    '--cycles')
        return
        ;;
    '--lang')
        return
        ;;
    '--speech')
        return
        ;;
    '--tones')
        return
        ;;
    '--tone-volume')
        return
        ;;
    '--guide')
        __breathe-voice_add_completions -W 'swell'$'\n''off'
        return
        ;;
    '--voice')
        __breathe-voice_add_completions -W "$(__breathe-voice_custom_complete ---completion start -- --voice "${COMP_CWORD}" "$(__breathe-voice_cursor_index_in_current_word)")"
        return
        ;;
    '--rate')
        return
        ;;
    '--pitch')
        return
        ;;
    '--volume')
        return
        ;;
    '--output')
        return
        ;;
    '--speech-via')
        __breathe-voice_add_completions -W 'espeak'$'\n''speechd'
        return
        ;;
    '--speech-priority')
        __breathe-voice_add_completions -W 'message'$'\n''text'$'\n''important'
        return
        ;;
    '--screen-reader-way')
        __breathe-voice_add_completions -W 'read'$'\n''speak'
        return
        ;;
    '--display')
        __breathe-voice_add_completions -W 'auto'$'\n''plain'$'\n''visual'$'\n''quiet'
        return
        ;;
    '--color')
        __breathe-voice_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--events')
        return
        ;;
    '--braille')
        __breathe-voice_add_completions -W 'auto'$'\n''on'$'\n''off'
        return
        ;;
    '--mood-before')
        return
        ;;
    '--mood-after')
        return
        ;;
    esac
}

_breathe-voice_demo() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--lang --wav)
    __breathe-voice_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--lang')
        return
        ;;
    '--wav')
        return
        ;;
    esac
}

_breathe-voice_patterns() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __breathe-voice_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    list|add|rename|remove)
        # Offer subcommand argument completions
        "_breathe-voice_patterns_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'list add rename remove' -- "${cur}"))
        ;;
    esac
}

_breathe-voice_patterns_list() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--lang)
    __breathe-voice_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--lang')
        return
        ;;
    esac
}

_breathe-voice_patterns_add() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--lang)
    __breathe-voice_offer_flags_options 2

    # Offer option value completions
    case "${prev}" in
    '--lang')
        return
        ;;
    esac
}

_breathe-voice_patterns_rename() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--lang)
    __breathe-voice_offer_flags_options 2

    # Offer option value completions
    case "${prev}" in
    '--lang')
        return
        ;;
    esac
}

_breathe-voice_patterns_remove() {
    repeating_flags=()
    non_repeating_flags=(--force --version -h --help)
    repeating_options=()
    non_repeating_options=(--lang)
    __breathe-voice_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--lang')
        return
        ;;
    esac
}

_breathe-voice_voices() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--lang)
    __breathe-voice_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--lang')
        return
        ;;
    esac
}

_breathe-voice_prefs() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __breathe-voice_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    show|get|set|unset|reset|path|edit)
        # Offer subcommand argument completions
        "_breathe-voice_prefs_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'show get set unset reset path edit' -- "${cur}"))
        ;;
    esac
}

_breathe-voice_prefs_show() {
    repeating_flags=()
    non_repeating_flags=(--json --origin --version -h --help)
    repeating_options=()
    non_repeating_options=(--lang)
    __breathe-voice_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--lang')
        return
        ;;
    esac
}

_breathe-voice_prefs_get() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--lang)
    __breathe-voice_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--lang')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __breathe-voice_add_completions -W 'language'$'\n''voice'$'\n''rate'$'\n''pitch'$'\n''volume'$'\n''speech'$'\n''speechVia'$'\n''speechPriority'$'\n''screenReader'$'\n''tones'$'\n''toneVolume'$'\n''guide'$'\n''count'$'\n''display'$'\n''terse'$'\n''braille'$'\n''pauseOthers'$'\n''defaultPattern'$'\n''defaultMinutes'$'\n''leadIn'$'\n''quietHours'$'\n''remind.pattern'$'\n''remind.minutes'$'\n''remind.defer'$'\n''scheduleVia'$'\n''voice.en'$'\n''voice.es'$'\n''voice.es-419'$'\n''voice.fr'$'\n''voice.pt-BR'
        return
        ;;
    esac
}

_breathe-voice_prefs_set() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--lang)
    __breathe-voice_offer_flags_options 2

    # Offer option value completions
    case "${prev}" in
    '--lang')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __breathe-voice_add_completions -W 'language'$'\n''voice'$'\n''rate'$'\n''pitch'$'\n''volume'$'\n''speech'$'\n''speechVia'$'\n''speechPriority'$'\n''screenReader'$'\n''tones'$'\n''toneVolume'$'\n''guide'$'\n''count'$'\n''display'$'\n''terse'$'\n''braille'$'\n''pauseOthers'$'\n''defaultPattern'$'\n''defaultMinutes'$'\n''leadIn'$'\n''quietHours'$'\n''remind.pattern'$'\n''remind.minutes'$'\n''remind.defer'$'\n''scheduleVia'$'\n''voice.en'$'\n''voice.es'$'\n''voice.es-419'$'\n''voice.fr'$'\n''voice.pt-BR'
        return
        ;;
    esac
}

_breathe-voice_prefs_unset() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--lang)
    __breathe-voice_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--lang')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __breathe-voice_add_completions -W 'language'$'\n''voice'$'\n''rate'$'\n''pitch'$'\n''volume'$'\n''speech'$'\n''speechVia'$'\n''speechPriority'$'\n''screenReader'$'\n''tones'$'\n''toneVolume'$'\n''guide'$'\n''count'$'\n''display'$'\n''terse'$'\n''braille'$'\n''pauseOthers'$'\n''defaultPattern'$'\n''defaultMinutes'$'\n''leadIn'$'\n''quietHours'$'\n''remind.pattern'$'\n''remind.minutes'$'\n''remind.defer'$'\n''scheduleVia'$'\n''voice.en'$'\n''voice.es'$'\n''voice.es-419'$'\n''voice.fr'$'\n''voice.pt-BR'
        return
        ;;
    esac
}

_breathe-voice_prefs_reset() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--lang)
    __breathe-voice_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--lang')
        return
        ;;
    esac
}

_breathe-voice_prefs_path() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __breathe-voice_offer_flags_options 0
}

_breathe-voice_prefs_edit() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--lang)
    __breathe-voice_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--lang')
        return
        ;;
    esac
}

_breathe-voice_history() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __breathe-voice_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    list|export|import|clear)
        # Offer subcommand argument completions
        "_breathe-voice_history_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'list export import clear' -- "${cur}"))
        ;;
    esac
}

_breathe-voice_history_list() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--lang --last --since)
    __breathe-voice_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--lang')
        return
        ;;
    '--last')
        return
        ;;
    '--since')
        return
        ;;
    esac
}

_breathe-voice_history_export() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--lang --format --output)
    __breathe-voice_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--lang')
        return
        ;;
    '--format')
        return
        ;;
    '--output')
        return
        ;;
    esac
}

_breathe-voice_history_import() {
    repeating_flags=()
    non_repeating_flags=(--dry-run --version -h --help)
    repeating_options=()
    non_repeating_options=(--lang)
    __breathe-voice_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--lang')
        return
        ;;
    esac
}

_breathe-voice_history_clear() {
    repeating_flags=()
    non_repeating_flags=(--yes --version -h --help)
    repeating_options=()
    non_repeating_options=(--lang)
    __breathe-voice_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--lang')
        return
        ;;
    esac
}

_breathe-voice_stats() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--lang)
    __breathe-voice_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--lang')
        return
        ;;
    esac
}

_breathe-voice_remind() {
    repeating_flags=()
    non_repeating_flags=(--count --terse --require-audio --screen-reader --no-screen-reader --plain --timing-report --verbose --allow-silent --version -h --help)
    repeating_options=(--ramp)
    non_repeating_options=(--pattern --inhale --hold --exhale --rest --minutes --cycles --lang --speech --tones --tone-volume --guide --voice --rate --pitch --volume --output --speech-via --speech-priority --screen-reader-way --display --color --events --braille --quiet-hours --defer)
    __breathe-voice_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--pattern')
        __breathe-voice_add_completions -W "$(__breathe-voice_custom_complete ---completion remind -- --pattern "${COMP_CWORD}" "$(__breathe-voice_cursor_index_in_current_word)")"
        return
        ;;
    '--inhale')
        return
        ;;
    '--hold')
        return
        ;;
    '--exhale')
        return
        ;;
    '--rest')
        return
        ;;
    '--ramp')
        return
        ;;
    '--minutes')
        return
        ;;
    '--cycles')
        return
        ;;
    '--lang')
        return
        ;;
    '--speech')
        return
        ;;
    '--tones')
        return
        ;;
    '--tone-volume')
        return
        ;;
    '--guide')
        __breathe-voice_add_completions -W 'swell'$'\n''off'
        return
        ;;
    '--voice')
        __breathe-voice_add_completions -W "$(__breathe-voice_custom_complete ---completion remind -- --voice "${COMP_CWORD}" "$(__breathe-voice_cursor_index_in_current_word)")"
        return
        ;;
    '--rate')
        return
        ;;
    '--pitch')
        return
        ;;
    '--volume')
        return
        ;;
    '--output')
        return
        ;;
    '--speech-via')
        __breathe-voice_add_completions -W 'espeak'$'\n''speechd'
        return
        ;;
    '--speech-priority')
        __breathe-voice_add_completions -W 'message'$'\n''text'$'\n''important'
        return
        ;;
    '--screen-reader-way')
        __breathe-voice_add_completions -W 'read'$'\n''speak'
        return
        ;;
    '--display')
        __breathe-voice_add_completions -W 'auto'$'\n''plain'$'\n''visual'$'\n''quiet'
        return
        ;;
    '--color')
        __breathe-voice_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--events')
        return
        ;;
    '--braille')
        __breathe-voice_add_completions -W 'auto'$'\n''on'$'\n''off'
        return
        ;;
    '--quiet-hours')
        return
        ;;
    '--defer')
        return
        ;;
    esac
}

_breathe-voice_schedule() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __breathe-voice_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    add|list|remove)
        # Offer subcommand argument completions
        "_breathe-voice_schedule_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'add list remove' -- "${cur}"))
        ;;
    esac
}

_breathe-voice_schedule_add() {
    repeating_flags=()
    non_repeating_flags=(--allow-silent --dry-run --version -h --help)
    repeating_options=(--at)
    non_repeating_options=(--every --from --to --days --pattern --minutes --via --lang)
    __breathe-voice_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--every')
        return
        ;;
    '--at')
        return
        ;;
    '--from')
        return
        ;;
    '--to')
        return
        ;;
    '--days')
        return
        ;;
    '--pattern')
        return
        ;;
    '--minutes')
        return
        ;;
    '--via')
        return
        ;;
    '--lang')
        return
        ;;
    esac
}

_breathe-voice_schedule_list() {
    repeating_flags=()
    non_repeating_flags=(--json --cron --version -h --help)
    repeating_options=()
    non_repeating_options=(--lang)
    __breathe-voice_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--lang')
        return
        ;;
    esac
}

_breathe-voice_schedule_remove() {
    repeating_flags=()
    non_repeating_flags=(--all --dry-run --version -h --help)
    repeating_options=()
    non_repeating_options=(--lang)
    __breathe-voice_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--lang')
        return
        ;;
    esac
}

_breathe-voice_doctor() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--lang)
    __breathe-voice_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--lang')
        return
        ;;
    esac
}

_breathe-voice_pause() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--lang)
    __breathe-voice_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--lang')
        return
        ;;
    esac
}

_breathe-voice_resume() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--lang)
    __breathe-voice_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--lang')
        return
        ;;
    esac
}

_breathe-voice_skip() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--lang)
    __breathe-voice_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--lang')
        return
        ;;
    esac
}

_breathe-voice_repeat() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--lang)
    __breathe-voice_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--lang')
        return
        ;;
    esac
}

_breathe-voice_stop() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--lang)
    __breathe-voice_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--lang')
        return
        ;;
    esac
}

_breathe-voice_help() {
    repeating_flags=()
    non_repeating_flags=(--version)
    repeating_options=()
    non_repeating_options=()
    __breathe-voice_offer_flags_options -1
}

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
