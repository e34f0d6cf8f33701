#!/bin/bash

__livetext_cursor_index_in_current_word() {
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
__livetext_offer_flags_options() {
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

__livetext_add_completions() {
    local completion
    while IFS='' read -r completion; do
        COMPREPLY+=("${completion}")
    done < <(IFS=$'\n' compgen "${@}" -- "${cur}")
}

__livetext_custom_complete() {
    if [[ -n "${cur}" || -z ${COMP_WORDS[${COMP_CWORD}]} || "${COMP_LINE:${COMP_POINT}:1}" != ' ' ]]; then
        local -ar words=("${COMP_WORDS[@]}")
    else
        local -ar words=("${COMP_WORDS[@]::${COMP_CWORD}}" '' "${COMP_WORDS[@]:${COMP_CWORD}}")
    fi

    "${COMP_WORDS[0]}" "${@}" "${words[@]}"
}

_livetext() {
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
    __livetext_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    analyze|capture|clipboard|detect|live|view|hotkey|desktop|daemon|languages|preview|config|help)
        # Offer subcommand argument completions
        "_livetext_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'analyze capture clipboard detect live view hotkey desktop daemon languages preview config help' -- "${cur}"))
        ;;
    esac
}

_livetext_analyze() {
    repeating_flags=()
    non_repeating_flags=(--json --local --copy --primary --type --notify --version -h --help)
    repeating_options=(--only --interaction)
    non_repeating_options=(--tables --types --lang --max-pixels --layout --perform)
    __livetext_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--tables')
        __livetext_add_completions -W 'tsv'$'\n''csv'$'\n''html'$'\n''json'
        return
        ;;
    '--types')
        __livetext_add_completions -W "$(__livetext_custom_complete ---completion analyze -- --types "${COMP_CWORD}" "$(__livetext_cursor_index_in_current_word)")"
        return
        ;;
    '--only')
        __livetext_add_completions -W "$(__livetext_custom_complete ---completion analyze -- --only "${COMP_CWORD}" "$(__livetext_cursor_index_in_current_word)")"
        return
        ;;
    '--lang')
        __livetext_add_completions -W "$(__livetext_custom_complete ---completion analyze -- --lang "${COMP_CWORD}" "$(__livetext_cursor_index_in_current_word)")"
        return
        ;;
    '--max-pixels')
        return
        ;;
    '--layout')
        __livetext_add_completions -W 'auto'$'\n''sparse'$'\n''block'$'\n''column'
        return
        ;;
    '--interaction')
        __livetext_add_completions -W 'automatic'$'\n''textSelection'$'\n''dataDetectors'$'\n''none'
        return
        ;;
    '--perform')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    *)
        __livetext_add_completions -f
        return
        ;;
    esac
}

_livetext_capture() {
    repeating_flags=()
    non_repeating_flags=(--json --local --copy --primary --type --notify --select --pick-window --screen --version -h --help)
    repeating_options=(--only --interaction)
    non_repeating_options=(--tables --types --lang --max-pixels --layout --monitor --window --region --accessibility --perform)
    __livetext_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--tables')
        __livetext_add_completions -W 'tsv'$'\n''csv'$'\n''html'$'\n''json'
        return
        ;;
    '--types')
        __livetext_add_completions -W "$(__livetext_custom_complete ---completion capture -- --types "${COMP_CWORD}" "$(__livetext_cursor_index_in_current_word)")"
        return
        ;;
    '--only')
        __livetext_add_completions -W "$(__livetext_custom_complete ---completion capture -- --only "${COMP_CWORD}" "$(__livetext_cursor_index_in_current_word)")"
        return
        ;;
    '--lang')
        __livetext_add_completions -W "$(__livetext_custom_complete ---completion capture -- --lang "${COMP_CWORD}" "$(__livetext_cursor_index_in_current_word)")"
        return
        ;;
    '--max-pixels')
        return
        ;;
    '--layout')
        __livetext_add_completions -W 'auto'$'\n''sparse'$'\n''block'$'\n''column'
        return
        ;;
    '--interaction')
        __livetext_add_completions -W 'automatic'$'\n''textSelection'$'\n''dataDetectors'$'\n''none'
        return
        ;;
    '--monitor')
        return
        ;;
    '--window')
        return
        ;;
    '--region')
        return
        ;;
    '--accessibility')
        __livetext_add_completions -W 'on'$'\n''off'
        return
        ;;
    '--perform')
        return
        ;;
    esac
}

_livetext_clipboard() {
    repeating_flags=()
    non_repeating_flags=(--json --local --copy --primary --type --notify --version -h --help)
    repeating_options=(--only --interaction)
    non_repeating_options=(--tables --types --lang --max-pixels --layout --perform)
    __livetext_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--tables')
        __livetext_add_completions -W 'tsv'$'\n''csv'$'\n''html'$'\n''json'
        return
        ;;
    '--types')
        __livetext_add_completions -W "$(__livetext_custom_complete ---completion clipboard -- --types "${COMP_CWORD}" "$(__livetext_cursor_index_in_current_word)")"
        return
        ;;
    '--only')
        __livetext_add_completions -W "$(__livetext_custom_complete ---completion clipboard -- --only "${COMP_CWORD}" "$(__livetext_cursor_index_in_current_word)")"
        return
        ;;
    '--lang')
        __livetext_add_completions -W "$(__livetext_custom_complete ---completion clipboard -- --lang "${COMP_CWORD}" "$(__livetext_cursor_index_in_current_word)")"
        return
        ;;
    '--max-pixels')
        return
        ;;
    '--layout')
        __livetext_add_completions -W 'auto'$'\n''sparse'$'\n''block'$'\n''column'
        return
        ;;
    '--interaction')
        __livetext_add_completions -W 'automatic'$'\n''textSelection'$'\n''dataDetectors'$'\n''none'
        return
        ;;
    '--perform')
        return
        ;;
    esac
}

_livetext_detect() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=(--only)
    non_repeating_options=(--perform)
    __livetext_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--only')
        __livetext_add_completions -W "$(__livetext_custom_complete ---completion detect -- --only "${COMP_CWORD}" "$(__livetext_cursor_index_in_current_word)")"
        return
        ;;
    '--perform')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __livetext_add_completions -f
        return
        ;;
    esac
}

_livetext_live() {
    repeating_flags=()
    non_repeating_flags=(--json --local --version -h --help)
    repeating_options=(--only --interaction)
    non_repeating_options=(--tables --types --lang --max-pixels --layout --monitor --window --region --accessibility)
    __livetext_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--tables')
        __livetext_add_completions -W 'tsv'$'\n''csv'$'\n''html'$'\n''json'
        return
        ;;
    '--types')
        __livetext_add_completions -W "$(__livetext_custom_complete ---completion live -- --types "${COMP_CWORD}" "$(__livetext_cursor_index_in_current_word)")"
        return
        ;;
    '--only')
        __livetext_add_completions -W "$(__livetext_custom_complete ---completion live -- --only "${COMP_CWORD}" "$(__livetext_cursor_index_in_current_word)")"
        return
        ;;
    '--lang')
        __livetext_add_completions -W "$(__livetext_custom_complete ---completion live -- --lang "${COMP_CWORD}" "$(__livetext_cursor_index_in_current_word)")"
        return
        ;;
    '--max-pixels')
        return
        ;;
    '--layout')
        __livetext_add_completions -W 'auto'$'\n''sparse'$'\n''block'$'\n''column'
        return
        ;;
    '--interaction')
        return
        ;;
    '--monitor')
        return
        ;;
    '--window')
        return
        ;;
    '--region')
        return
        ;;
    '--accessibility')
        __livetext_add_completions -W 'on'$'\n''off'
        return
        ;;
    esac
}

_livetext_view() {
    repeating_flags=()
    non_repeating_flags=(--json --local --version -h --help)
    repeating_options=(--only --interaction)
    non_repeating_options=(--tables --types --lang --max-pixels --layout)
    __livetext_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--tables')
        __livetext_add_completions -W 'tsv'$'\n''csv'$'\n''html'$'\n''json'
        return
        ;;
    '--types')
        __livetext_add_completions -W "$(__livetext_custom_complete ---completion view -- --types "${COMP_CWORD}" "$(__livetext_cursor_index_in_current_word)")"
        return
        ;;
    '--only')
        __livetext_add_completions -W "$(__livetext_custom_complete ---completion view -- --only "${COMP_CWORD}" "$(__livetext_cursor_index_in_current_word)")"
        return
        ;;
    '--lang')
        __livetext_add_completions -W "$(__livetext_custom_complete ---completion view -- --lang "${COMP_CWORD}" "$(__livetext_cursor_index_in_current_word)")"
        return
        ;;
    '--max-pixels')
        return
        ;;
    '--layout')
        __livetext_add_completions -W 'auto'$'\n''sparse'$'\n''block'$'\n''column'
        return
        ;;
    '--interaction')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    *)
        __livetext_add_completions -f
        return
        ;;
    esac
}

_livetext_hotkey() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--bindings)
    __livetext_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--bindings')
        return
        ;;
    esac
}

_livetext_desktop() {
    repeating_flags=()
    non_repeating_flags=(--json --allow-screenshots --install-hotkeys --remove-hotkeys --enable-accessibility --disable-accessibility --version -h --help)
    repeating_options=()
    non_repeating_options=()
    __livetext_offer_flags_options 0
}

_livetext_daemon() {
    repeating_flags=()
    non_repeating_flags=(--verbose --version -h --help)
    repeating_options=()
    non_repeating_options=(--address)
    __livetext_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--address')
        return
        ;;
    esac
}

_livetext_languages() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=()
    __livetext_offer_flags_options 0
}

_livetext_preview() {
    repeating_flags=()
    non_repeating_flags=(--hidden --no-hidden --detectors-in-text-mode --no-detectors-in-text-mode --version -h --help)
    repeating_options=(--interaction)
    non_repeating_options=(-o --output --insets --font --lang)
    __livetext_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '-o'|'--output')
        __livetext_add_completions -o plusdirs -fX '!*.@(png)'
        return
        ;;
    '--interaction')
        __livetext_add_completions -W 'automatic'$'\n''textSelection'$'\n''dataDetectors'$'\n''none'
        return
        ;;
    '--insets')
        return
        ;;
    '--font')
        return
        ;;
    '--lang')
        __livetext_add_completions -W "$(__livetext_custom_complete ---completion preview -- --lang "${COMP_CWORD}" "$(__livetext_cursor_index_in_current_word)")"
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __livetext_add_completions -f
        return
        ;;
    esac
}

_livetext_config() {
    repeating_flags=()
    non_repeating_flags=(--path --example --check --version -h --help)
    repeating_options=()
    non_repeating_options=()
    __livetext_offer_flags_options 1
}

_livetext_help() {
    repeating_flags=()
    non_repeating_flags=(--version)
    repeating_options=()
    non_repeating_options=()
    __livetext_offer_flags_options -1
}

complete -o filenames -F _livetext livetext
