#compdef livetext

__livetext_complete() {
    local -ar non_empty_completions=("${@:#(|:*)}")
    local -ar empty_completions=("${(M)@:#(|:*)}")
    _describe -V '' non_empty_completions -- empty_completions -P $'\'\''
}

__livetext_custom_complete() {
    local -a completions
    completions=("${(@f)"$("${command_name}" "${@}" "${command_line[@]}")"}")
    if [[ "${#completions[@]}" -gt 1 ]]; then
        __livetext_complete "${completions[@]:0:-1}"
    fi
}

__livetext_cursor_index_in_current_word() {
    if [[ -z "${QIPREFIX}${IPREFIX}${PREFIX}" ]]; then
        printf 0
    else
        printf %s "${#${(z)LBUFFER}[-1]}"
    fi
}

_livetext() {
    emulate -RL zsh -G
    setopt extendedglob nullglob numericglobsort
    unsetopt aliases banghist

    local -xr SAP_SHELL=zsh
    local -x SAP_SHELL_VERSION
    SAP_SHELL_VERSION="$(builtin emulate zsh -c 'printf %s "${ZSH_VERSION}"')"
    local -r SAP_SHELL_VERSION

    local context state state_descr line
    local -A opt_args

    local -r command_name="${words[1]}"
    local -ar command_line=("${words[@]}")
    local -ir current_word_index="$((CURRENT - 1))"

    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'analyze:Analyze image files (PNG, JPEG, TIFF, BMP, PNM, GIF, WebP); - reads stdin.'
            'capture:Capture the screen, a window or a region you drag, and analyze it.'
            'clipboard:Analyze the image on the clipboard (CLIPBOARD selection).'
            'detect:Find links, emails, phone numbers, addresses, dates and more in UTF-8 text (a file, or stdin).'
            'live:Freeze the screen and make its text live: select it where it stands and copy it.'
            'view:Show images in a window with their text live: select, copy, zoom and pan.'
            'hotkey:Run a hotkey of the settings through the daemon, or print a Wayland compositor'\''s bindings for them.'
            'desktop:Show what livetext can do on this desktop and through what; allow screenshots or bind hotkeys once.'
            'daemon:Run the org.livetext D-Bus service on the session bus (also installed as livetextd).'
            'languages:List the installed OCR languages, and the missing ones with the command that adds one.'
            'preview:Draw the preview a notification shows for an image, as PNG.'
            'config:Show where the settings file is, print every setting commented, or check the file.'
            'help:Show subcommand help information.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        analyze|capture|clipboard|detect|live|view|hotkey|desktop|daemon|languages|preview|config|help)
            "_livetext_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_livetext_analyze() {
    local -i ret=1
    local -ar ___tables=('tsv' 'csv' 'html' 'json')
    local -ar ___layout=('auto' 'sparse' 'block' 'column')
    local -ar ___interaction=('automatic' 'textSelection' 'dataDetectors' 'none')
    local -ar arg_specs=(
        '--json[Print one JSON document per image (JSON Lines for several), as docs/API.md gives it.]'
        '--tables[Print only the tables found, as tsv, csv, html or json (exit 1 when there is none).]:format:{__livetext_complete "${___tables[@]}"}'
        '--types[What to look for\: text, codes, detectors (comma-separated; default\: the settings'\'' analysis.types, else all three).]:types:{__livetext_custom_complete ---completion analyze -- --types "${current_word_index}" "$(__livetext_cursor_index_in_current_word)"}'
        '*--only[Only these detected types (comma-separated)\: link, email, phone, address, date, flight, tracking, money, measurement, wifi, contact, geo. Plain output is then the matched values, one a line.]:types:{__livetext_custom_complete ---completion analyze -- --only "${current_word_index}" "$(__livetext_cursor_index_in_current_word)"}'
        '--lang[OCR languages, tesseract names joined by + (e.g. eng+deu). Default\: the settings'\'' analysis.languages; when empty, English and the locale'\''s languages, and any other installed language a block is in (`livetext languages`).]:langs:{__livetext_custom_complete ---completion analyze -- --lang "${current_word_index}" "$(__livetext_cursor_index_in_current_word)"}'
        '--max-pixels[Refuse images with more pixels than this, before decoding them.]:n:'
        '--layout[Page layout for OCR\: auto (screens and documents), sparse, block, column.]:layout:{__livetext_complete "${___layout[@]}"}'
        '--local[Analyze in this process even when a livetext daemon is running (also\: LIVETEXT_LOCAL=1).]'
        '--copy[Put the result on the clipboard\: the text and code payloads, or with --only the matched values. It stays there after livetext exits. Nothing found\: the clipboard is left as it was.]'
        '--primary[With --copy, also put it on PRIMARY (middle-click paste).]'
        '--type[Type the result into the focused window as key presses (e.g. --only phone --type fills a phone field).]'
        '--notify[Show a desktop notification of the result, with its quick actions as buttons (copy the text or a QR code'\''s payload, open a link, call, ...) and a preview of the image.]'
        '*--interaction[With --notify\: what the notification offers (default\: the settings'\'').]:automatic|textSelection|dataDetectors|none:{__livetext_complete "${___interaction[@]}"}'
        '*:file:_files'
        '--perform[Carry out this quick action (an id from --json'\''s actions, e.g. call-phone-0) with xdg-open or LIVETEXT_OPENER; one image only.]:id:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_livetext_capture() {
    local -i ret=1
    local -ar ___tables=('tsv' 'csv' 'html' 'json')
    local -ar ___layout=('auto' 'sparse' 'block' 'column')
    local -ar ___interaction=('automatic' 'textSelection' 'dataDetectors' 'none')
    local -ar ___accessibility=('on' 'off')
    local -ar arg_specs=(
        '--json[Print one JSON document per image (JSON Lines for several), as docs/API.md gives it.]'
        '--tables[Print only the tables found, as tsv, csv, html or json (exit 1 when there is none).]:format:{__livetext_complete "${___tables[@]}"}'
        '--types[What to look for\: text, codes, detectors (comma-separated; default\: the settings'\'' analysis.types, else all three).]:types:{__livetext_custom_complete ---completion capture -- --types "${current_word_index}" "$(__livetext_cursor_index_in_current_word)"}'
        '*--only[Only these detected types (comma-separated)\: link, email, phone, address, date, flight, tracking, money, measurement, wifi, contact, geo. Plain output is then the matched values, one a line.]:types:{__livetext_custom_complete ---completion capture -- --only "${current_word_index}" "$(__livetext_cursor_index_in_current_word)"}'
        '--lang[OCR languages, tesseract names joined by + (e.g. eng+deu). Default\: the settings'\'' analysis.languages; when empty, English and the locale'\''s languages, and any other installed language a block is in (`livetext languages`).]:langs:{__livetext_custom_complete ---completion capture -- --lang "${current_word_index}" "$(__livetext_cursor_index_in_current_word)"}'
        '--max-pixels[Refuse images with more pixels than this, before decoding them.]:n:'
        '--layout[Page layout for OCR\: auto (screens and documents), sparse, block, column.]:layout:{__livetext_complete "${___layout[@]}"}'
        '--local[Analyze in this process even when a livetext daemon is running (also\: LIVETEXT_LOCAL=1).]'
        '--copy[Put the result on the clipboard\: the text and code payloads, or with --only the matched values. It stays there after livetext exits. Nothing found\: the clipboard is left as it was.]'
        '--primary[With --copy, also put it on PRIMARY (middle-click paste).]'
        '--type[Type the result into the focused window as key presses (e.g. --only phone --type fills a phone field).]'
        '--notify[Show a desktop notification of the result, with its quick actions as buttons (copy the text or a QR code'\''s payload, open a link, call, ...) and a preview of the image.]'
        '*--interaction[With --notify\: what the notification offers (default\: the settings'\'').]:automatic|textSelection|dataDetectors|none:{__livetext_complete "${___interaction[@]}"}'
        '--select[Drag a rectangle over the frozen screen (the default).]'
        '--pick-window[Click a window to capture it.]'
        '--screen[The whole screen, every monitor.]'
        '--monitor[One monitor, by number (0 is the first the X server lists).]:n:'
        '--window[A window by id, as xwininfo and xdotool print it (0x1a00007).]:id:'
        '--region[A rectangle in screen pixels.]:x,y,w,h:'
        '--accessibility[on\: the exact text applications publish on the accessibility bus is taken where it is drawn (live at once in live), OCR reads the rest (X11; on Wayland placed by matching the OCR'\''s lines; the default\: the settings'\'' analysis.accessibility, on); off\: OCR reads everything.]:on|off:{__livetext_complete "${___accessibility[@]}"}'
        '--perform[Carry out this quick action (an id from --json'\''s actions).]:id:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_livetext_clipboard() {
    local -i ret=1
    local -ar ___tables=('tsv' 'csv' 'html' 'json')
    local -ar ___layout=('auto' 'sparse' 'block' 'column')
    local -ar ___interaction=('automatic' 'textSelection' 'dataDetectors' 'none')
    local -ar arg_specs=(
        '--json[Print one JSON document per image (JSON Lines for several), as docs/API.md gives it.]'
        '--tables[Print only the tables found, as tsv, csv, html or json (exit 1 when there is none).]:format:{__livetext_complete "${___tables[@]}"}'
        '--types[What to look for\: text, codes, detectors (comma-separated; default\: the settings'\'' analysis.types, else all three).]:types:{__livetext_custom_complete ---completion clipboard -- --types "${current_word_index}" "$(__livetext_cursor_index_in_current_word)"}'
        '*--only[Only these detected types (comma-separated)\: link, email, phone, address, date, flight, tracking, money, measurement, wifi, contact, geo. Plain output is then the matched values, one a line.]:types:{__livetext_custom_complete ---completion clipboard -- --only "${current_word_index}" "$(__livetext_cursor_index_in_current_word)"}'
        '--lang[OCR languages, tesseract names joined by + (e.g. eng+deu). Default\: the settings'\'' analysis.languages; when empty, English and the locale'\''s languages, and any other installed language a block is in (`livetext languages`).]:langs:{__livetext_custom_complete ---completion clipboard -- --lang "${current_word_index}" "$(__livetext_cursor_index_in_current_word)"}'
        '--max-pixels[Refuse images with more pixels than this, before decoding them.]:n:'
        '--layout[Page layout for OCR\: auto (screens and documents), sparse, block, column.]:layout:{__livetext_complete "${___layout[@]}"}'
        '--local[Analyze in this process even when a livetext daemon is running (also\: LIVETEXT_LOCAL=1).]'
        '--copy[Put the result on the clipboard\: the text and code payloads, or with --only the matched values. It stays there after livetext exits. Nothing found\: the clipboard is left as it was.]'
        '--primary[With --copy, also put it on PRIMARY (middle-click paste).]'
        '--type[Type the result into the focused window as key presses (e.g. --only phone --type fills a phone field).]'
        '--notify[Show a desktop notification of the result, with its quick actions as buttons (copy the text or a QR code'\''s payload, open a link, call, ...) and a preview of the image.]'
        '*--interaction[With --notify\: what the notification offers (default\: the settings'\'').]:automatic|textSelection|dataDetectors|none:{__livetext_complete "${___interaction[@]}"}'
        '--perform[Carry out this quick action (an id from --json'\''s actions).]:id:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_livetext_detect() {
    local -i ret=1
    local -ar arg_specs=(
        ':file:_files'
        '--json[Print {"items"\: \[...\], "actions"\: \[...\]} as docs/API.md gives it.]'
        '*--only[Only these types (comma-separated)\: link, email, phone, address, date, flight, tracking, money, measurement, wifi, contact, geo; the iOS content-type names work too.]:types:{__livetext_custom_complete ---completion detect -- --only "${current_word_index}" "$(__livetext_cursor_index_in_current_word)"}'
        '--perform[Carry out this quick action (an id from --json'\''s actions, e.g. open-link-0) with xdg-open or LIVETEXT_OPENER, and print only what was done; an id the text does not have is a usage error (exit 2).]:id:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_livetext_live() {
    local -i ret=1
    local -ar ___tables=('tsv' 'csv' 'html' 'json')
    local -ar ___layout=('auto' 'sparse' 'block' 'column')
    local -ar ___accessibility=('on' 'off')
    local -ar arg_specs=(
        '--json[Print one JSON document per image (JSON Lines for several), as docs/API.md gives it.]'
        '--tables[Print only the tables found, as tsv, csv, html or json (exit 1 when there is none).]:format:{__livetext_complete "${___tables[@]}"}'
        '--types[What to look for\: text, codes, detectors (comma-separated; default\: the settings'\'' analysis.types, else all three).]:types:{__livetext_custom_complete ---completion live -- --types "${current_word_index}" "$(__livetext_cursor_index_in_current_word)"}'
        '*--only[Only these detected types (comma-separated)\: link, email, phone, address, date, flight, tracking, money, measurement, wifi, contact, geo. Plain output is then the matched values, one a line.]:types:{__livetext_custom_complete ---completion live -- --only "${current_word_index}" "$(__livetext_cursor_index_in_current_word)"}'
        '--lang[OCR languages, tesseract names joined by + (e.g. eng+deu). Default\: the settings'\'' analysis.languages; when empty, English and the locale'\''s languages, and any other installed language a block is in (`livetext languages`).]:langs:{__livetext_custom_complete ---completion live -- --lang "${current_word_index}" "$(__livetext_cursor_index_in_current_word)"}'
        '--max-pixels[Refuse images with more pixels than this, before decoding them.]:n:'
        '--layout[Page layout for OCR\: auto (screens and documents), sparse, block, column.]:layout:{__livetext_complete "${___layout[@]}"}'
        '--local[Analyze in this process even when a livetext daemon is running (also\: LIVETEXT_LOCAL=1).]'
        '*--interaction[What the text offers (default\: the settings'\''); none is refused.]:automatic|textSelection|dataDetectors|none:'
        '--monitor[One monitor, by number (0 is the first the X server lists).]:n:'
        '--window[A window by id, as xwininfo and xdotool print it (0x1a00007).]:id:'
        '--region[A rectangle in screen pixels.]:x,y,w,h:'
        '--accessibility[on\: the exact text applications publish on the accessibility bus is taken where it is drawn (live at once in live), OCR reads the rest (X11; on Wayland placed by matching the OCR'\''s lines; the default\: the settings'\'' analysis.accessibility, on); off\: OCR reads everything.]:on|off:{__livetext_complete "${___accessibility[@]}"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_livetext_view() {
    local -i ret=1
    local -ar ___tables=('tsv' 'csv' 'html' 'json')
    local -ar ___layout=('auto' 'sparse' 'block' 'column')
    local -ar arg_specs=(
        '*:file:_files'
        '--json[Print one JSON document per image (JSON Lines for several), as docs/API.md gives it.]'
        '--tables[Print only the tables found, as tsv, csv, html or json (exit 1 when there is none).]:format:{__livetext_complete "${___tables[@]}"}'
        '--types[What to look for\: text, codes, detectors (comma-separated; default\: the settings'\'' analysis.types, else all three).]:types:{__livetext_custom_complete ---completion view -- --types "${current_word_index}" "$(__livetext_cursor_index_in_current_word)"}'
        '*--only[Only these detected types (comma-separated)\: link, email, phone, address, date, flight, tracking, money, measurement, wifi, contact, geo. Plain output is then the matched values, one a line.]:types:{__livetext_custom_complete ---completion view -- --only "${current_word_index}" "$(__livetext_cursor_index_in_current_word)"}'
        '--lang[OCR languages, tesseract names joined by + (e.g. eng+deu). Default\: the settings'\'' analysis.languages; when empty, English and the locale'\''s languages, and any other installed language a block is in (`livetext languages`).]:langs:{__livetext_custom_complete ---completion view -- --lang "${current_word_index}" "$(__livetext_cursor_index_in_current_word)"}'
        '--max-pixels[Refuse images with more pixels than this, before decoding them.]:n:'
        '--layout[Page layout for OCR\: auto (screens and documents), sparse, block, column.]:layout:{__livetext_complete "${___layout[@]}"}'
        '--local[Analyze in this process even when a livetext daemon is running (also\: LIVETEXT_LOCAL=1).]'
        '*--interaction[What the text offers (default\: the settings'\''); none is refused.]:automatic|textSelection|dataDetectors|none:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_livetext_hotkey() {
    local -i ret=1
    local -ar arg_specs=(
        ':name:'
        '--bindings[Print the bindings of every hotkey for this compositor'\''s configuration.]:sway|hyprland|river:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_livetext_desktop() {
    local -i ret=1
    local -ar arg_specs=(
        '--json[Print {"session", "desktop", "display", "xwayland", "features"\: \[{name, available, mechanism, note}\]}.]'
        '--allow-screenshots[Let livetext take screenshots without GNOME'\''s dialog (the portal'\''s permission store).]'
        '--install-hotkeys[Bind the settings'\'' hotkeys as GNOME custom keybindings running `livetext hotkey NAME`.]'
        '--remove-hotkeys[Remove the GNOME keybindings --install-hotkeys made, and only them.]'
        '--enable-accessibility[Ask every application to publish its text on the accessibility bus (org.a11y.Status IsEnabled).]'
        '--disable-accessibility[Turn org.a11y.Status IsEnabled off again.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_livetext_daemon() {
    local -i ret=1
    local -ar arg_specs=(
        '--address[Connect to this bus address instead of the session bus.]:address:'
        '--verbose[Log debug lines too.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_livetext_languages() {
    local -i ret=1
    local -ar arg_specs=(
        '--json[Print {"tessdata", "installed"\: \[{code, name}\], "missing"\: \[{code, name, package, command}\], "unknownLocales", "default", "automatic"}.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_livetext_preview() {
    local -i ret=1
    local -ar ___interaction=('automatic' 'textSelection' 'dataDetectors' 'none')
    local -ar arg_specs=(
        ':file:_files'
        '(-o --output)'{-o,--output}'[Where to write the PNG; - for standard output.]:png:_files -g '\''*.png'\'''
        '*--interaction[What is offered.]:automatic|textSelection|dataDetectors|none:{__livetext_complete "${___interaction[@]}"}'
        '--insets[Content insets in preview pixels\: top,left,bottom,right.]:t,l,b,r:'
        '--font[Interface font\: family and style ("DejaVu Serif Bold"); a size is ignored.]:font:'
        '--hidden[Draw no Live Text button or chips (SupplementaryInterfaceHidden).]'
        '--no-hidden[Draw no Live Text button or chips (SupplementaryInterfaceHidden).]'
        '--detectors-in-text-mode[Offer detector actions as secondary ones in textSelection mode.]'
        '--no-detectors-in-text-mode[Offer detector actions as secondary ones in textSelection mode.]'
        '--lang[OCR languages, tesseract names joined by + (e.g. eng+deu); default\: automatic.]:langs:{__livetext_custom_complete ---completion preview -- --lang "${current_word_index}" "$(__livetext_cursor_index_in_current_word)"}'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_livetext_config() {
    local -i ret=1
    local -ar arg_specs=(
        '--path[Print the settings file'\''s path ($XDG_CONFIG_HOME/livetext/config.toml, else ~/.config/...).]'
        '--example[Print a complete settings file\: every key at its default, commented.]'
        '--check[Check the settings file (or FILE)\: every error and unknown key; exit 3 on errors.]'
        ':file:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_livetext_help() {
    local -i ret=1
    local -ar arg_specs=(
        '*:subcommands:'
        '--version[Show the version.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

if [[ "${funcstack[1]}" = _livetext ]]; then
    _livetext "${@}"
else
    compdef _livetext livetext
fi
