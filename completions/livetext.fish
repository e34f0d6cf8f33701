function __livetext_should_offer_completions_for_flags_or_options -a expected_commands
    set -l non_repeating_flags_or_options $argv[2..]
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __livetext_parse_tokens
    test "$commands" = "$expected_commands"; and return $non_repeating_flags_or_options_absent
end

function __livetext_should_offer_completions_for_positional -a expected_commands positional_index_comparison expected_positional_index
    set -l non_repeating_flags_or_options
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __livetext_parse_tokens
    test "$commands" = "$expected_commands" -a \( "$positional_index" "$positional_index_comparison" "$expected_positional_index" \)
end

function __livetext_parse_tokens -S
    set -l unparsed_tokens (__livetext_tokens -pc)
    switch $unparsed_tokens[1]
    case 'livetext'
        __livetext_parse_subcommand 0 'version' 'h/help'
        switch $unparsed_tokens[1]
        case 'analyze'
            __livetext_parse_subcommand -r 1 'json' 'tables=' 'types=' 'only=+' 'lang=' 'max-pixels=' 'layout=' 'local' 'copy' 'primary' 'type' 'notify' 'interaction=+' 'perform=' 'version' 'h/help'
        case 'capture'
            __livetext_parse_subcommand 0 'json' 'tables=' 'types=' 'only=+' 'lang=' 'max-pixels=' 'layout=' 'local' 'copy' 'primary' 'type' 'notify' 'interaction=+' 'select' 'pick-window' 'screen' 'monitor=' 'window=' 'region=' 'accessibility=' 'perform=' 'version' 'h/help'
        case 'clipboard'
            __livetext_parse_subcommand 0 'json' 'tables=' 'types=' 'only=+' 'lang=' 'max-pixels=' 'layout=' 'local' 'copy' 'primary' 'type' 'notify' 'interaction=+' 'perform=' 'version' 'h/help'
        case 'detect'
            __livetext_parse_subcommand 1 'json' 'only=+' 'perform=' 'version' 'h/help'
        case 'live'
            __livetext_parse_subcommand 0 'json' 'tables=' 'types=' 'only=+' 'lang=' 'max-pixels=' 'layout=' 'local' 'interaction=+' 'monitor=' 'window=' 'region=' 'accessibility=' 'version' 'h/help'
        case 'view'
            __livetext_parse_subcommand -r 1 'json' 'tables=' 'types=' 'only=+' 'lang=' 'max-pixels=' 'layout=' 'local' 'interaction=+' 'version' 'h/help'
        case 'hotkey'
            __livetext_parse_subcommand 1 'bindings=' 'version' 'h/help'
        case 'desktop'
            __livetext_parse_subcommand 0 'json' 'allow-screenshots' 'install-hotkeys' 'remove-hotkeys' 'enable-accessibility' 'disable-accessibility' 'version' 'h/help'
        case 'daemon'
            __livetext_parse_subcommand 0 'address=' 'verbose' 'version' 'h/help'
        case 'languages'
            __livetext_parse_subcommand 0 'json' 'version' 'h/help'
        case 'preview'
            __livetext_parse_subcommand 1 'o/output=' 'interaction=+' 'insets=' 'font=' 'hidden' 'no-hidden' 'detectors-in-text-mode' 'no-detectors-in-text-mode' 'lang=' 'version' 'h/help'
        case 'config'
            __livetext_parse_subcommand 1 'path' 'example' 'check' 'version' 'h/help'
        case 'help'
            __livetext_parse_subcommand -r 1 'version'
        end
    end
end

function __livetext_tokens
    if test (string split -m 1 -f 1 -- . "$FISH_VERSION") -gt 3
        commandline --tokens-raw $argv
    else
        commandline -o $argv
    end
end

function __livetext_parse_subcommand -S -a positional_count
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

function __livetext_complete_directories
    set -l token (commandline -t)
    string match -- '*/' $token
    set -l subdirs $token*/
    printf %s\n $subdirs
end

function __livetext_custom_completion
    set -x SAP_SHELL fish
    set -x SAP_SHELL_VERSION $FISH_VERSION
    set -l tokens (__livetext_tokens -p)
    if test -z "$(__livetext_tokens -t)"
        set -l index (count (__livetext_tokens -pc))
        set tokens $tokens[..$index] \'\' $tokens[(math $index + 1)..]
    end
    command $tokens[1] $argv $tokens
end

complete -c 'livetext' -f
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext" version' -l 'version' -d 'Show the version.'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_positional "livetext" -eq 1' -fa 'analyze' -d 'Analyze image files (PNG, JPEG, TIFF, BMP, PNM, GIF, WebP); - reads stdin.'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_positional "livetext" -eq 1' -fa 'capture' -d 'Capture the screen, a window or a region you drag, and analyze it.'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_positional "livetext" -eq 1' -fa 'clipboard' -d 'Analyze the image on the clipboard (CLIPBOARD selection).'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_positional "livetext" -eq 1' -fa 'detect' -d 'Find links, emails, phone numbers, addresses, dates and more in UTF-8 text (a file, or stdin).'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_positional "livetext" -eq 1' -fa 'live' -d 'Freeze the screen and make its text live: select it where it stands and copy it.'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_positional "livetext" -eq 1' -fa 'view' -d 'Show images in a window with their text live: select, copy, zoom and pan.'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_positional "livetext" -eq 1' -fa 'hotkey' -d 'Run a hotkey of the settings through the daemon, or print a Wayland compositor\'s bindings for them.'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_positional "livetext" -eq 1' -fa 'desktop' -d 'Show what livetext can do on this desktop and through what; allow screenshots or bind hotkeys once.'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_positional "livetext" -eq 1' -fa 'daemon' -d 'Run the org.livetext D-Bus service on the session bus (also installed as livetextd).'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_positional "livetext" -eq 1' -fa 'languages' -d 'List the installed OCR languages, and the missing ones with the command that adds one.'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_positional "livetext" -eq 1' -fa 'preview' -d 'Draw the preview a notification shows for an image, as PNG.'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_positional "livetext" -eq 1' -fa 'config' -d 'Show where the settings file is, print every setting commented, or check the file.'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_positional "livetext" -eq 1' -fa 'help' -d 'Show subcommand help information.'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext analyze" json' -l 'json' -d 'Print one JSON document per image (JSON Lines for several), as docs/API.md gives it.'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext analyze" tables' -l 'tables' -d 'Print only the tables found, as tsv, csv, html or json (exit 1 when there is none).' -rfka 'tsv csv html json'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext analyze" types' -l 'types' -d 'What to look for: text, codes, detectors (comma-separated; default: the settings\' analysis.types, else all three).' -rfka '(__livetext_custom_completion ---completion analyze -- --types (count (__livetext_tokens -pc)) (__livetext_tokens -tC))'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext analyze"' -l 'only' -d 'Only these detected types (comma-separated): link, email, phone, address, date, flight, tracking, money, measurement, wifi, contact, geo. Plain output is then the matched values, one a line.' -rfka '(__livetext_custom_completion ---completion analyze -- --only (count (__livetext_tokens -pc)) (__livetext_tokens -tC))'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext analyze" lang' -l 'lang' -d 'OCR languages, tesseract names joined by + (e.g. eng+deu). Default: the settings\' analysis.languages; when empty, English and the locale\'s languages, and any other installed language a block is in (`livetext languages`).' -rfka '(__livetext_custom_completion ---completion analyze -- --lang (count (__livetext_tokens -pc)) (__livetext_tokens -tC))'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext analyze" max-pixels' -l 'max-pixels' -d 'Refuse images with more pixels than this, before decoding them.' -rfka ''
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext analyze" layout' -l 'layout' -d 'Page layout for OCR: auto (screens and documents), sparse, block, column.' -rfka 'auto sparse block column'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext analyze" local' -l 'local' -d 'Analyze in this process even when a livetext daemon is running (also: LIVETEXT_LOCAL=1).'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext analyze" copy' -l 'copy' -d 'Put the result on the clipboard: the text and code payloads, or with --only the matched values. It stays there after livetext exits. Nothing found: the clipboard is left as it was.'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext analyze" primary' -l 'primary' -d 'With --copy, also put it on PRIMARY (middle-click paste).'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext analyze" type' -l 'type' -d 'Type the result into the focused window as key presses (e.g. --only phone --type fills a phone field).'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext analyze" notify' -l 'notify' -d 'Show a desktop notification of the result, with its quick actions as buttons (copy the text or a QR code\'s payload, open a link, call, ...) and a preview of the image.'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext analyze"' -l 'interaction' -d 'With --notify: what the notification offers (default: the settings\').' -rfka 'automatic textSelection dataDetectors none'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_positional "livetext analyze" -ge 1' -F
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext analyze" perform' -l 'perform' -d 'Carry out this quick action (an id from --json\'s actions, e.g. call-phone-0) with xdg-open or LIVETEXT_OPENER; one image only.' -rfka ''
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext analyze" version' -l 'version' -d 'Show the version.'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext analyze" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext capture" json' -l 'json' -d 'Print one JSON document per image (JSON Lines for several), as docs/API.md gives it.'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext capture" tables' -l 'tables' -d 'Print only the tables found, as tsv, csv, html or json (exit 1 when there is none).' -rfka 'tsv csv html json'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext capture" types' -l 'types' -d 'What to look for: text, codes, detectors (comma-separated; default: the settings\' analysis.types, else all three).' -rfka '(__livetext_custom_completion ---completion capture -- --types (count (__livetext_tokens -pc)) (__livetext_tokens -tC))'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext capture"' -l 'only' -d 'Only these detected types (comma-separated): link, email, phone, address, date, flight, tracking, money, measurement, wifi, contact, geo. Plain output is then the matched values, one a line.' -rfka '(__livetext_custom_completion ---completion capture -- --only (count (__livetext_tokens -pc)) (__livetext_tokens -tC))'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext capture" lang' -l 'lang' -d 'OCR languages, tesseract names joined by + (e.g. eng+deu). Default: the settings\' analysis.languages; when empty, English and the locale\'s languages, and any other installed language a block is in (`livetext languages`).' -rfka '(__livetext_custom_completion ---completion capture -- --lang (count (__livetext_tokens -pc)) (__livetext_tokens -tC))'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext capture" max-pixels' -l 'max-pixels' -d 'Refuse images with more pixels than this, before decoding them.' -rfka ''
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext capture" layout' -l 'layout' -d 'Page layout for OCR: auto (screens and documents), sparse, block, column.' -rfka 'auto sparse block column'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext capture" local' -l 'local' -d 'Analyze in this process even when a livetext daemon is running (also: LIVETEXT_LOCAL=1).'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext capture" copy' -l 'copy' -d 'Put the result on the clipboard: the text and code payloads, or with --only the matched values. It stays there after livetext exits. Nothing found: the clipboard is left as it was.'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext capture" primary' -l 'primary' -d 'With --copy, also put it on PRIMARY (middle-click paste).'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext capture" type' -l 'type' -d 'Type the result into the focused window as key presses (e.g. --only phone --type fills a phone field).'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext capture" notify' -l 'notify' -d 'Show a desktop notification of the result, with its quick actions as buttons (copy the text or a QR code\'s payload, open a link, call, ...) and a preview of the image.'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext capture"' -l 'interaction' -d 'With --notify: what the notification offers (default: the settings\').' -rfka 'automatic textSelection dataDetectors none'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext capture" select' -l 'select' -d 'Drag a rectangle over the frozen screen (the default).'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext capture" pick-window' -l 'pick-window' -d 'Click a window to capture it.'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext capture" screen' -l 'screen' -d 'The whole screen, every monitor.'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext capture" monitor' -l 'monitor' -d 'One monitor, by number (0 is the first the X server lists).' -rfka ''
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext capture" window' -l 'window' -d 'A window by id, as xwininfo and xdotool print it (0x1a00007).' -rfka ''
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext capture" region' -l 'region' -d 'A rectangle in screen pixels.' -rfka ''
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext capture" accessibility' -l 'accessibility' -d 'on: the exact text applications publish on the accessibility bus is taken where it is drawn (live at once in live), OCR reads the rest (X11; on Wayland placed by matching the OCR\'s lines; the default: the settings\' analysis.accessibility, on); off: OCR reads everything.' -rfka 'on off'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext capture" perform' -l 'perform' -d 'Carry out this quick action (an id from --json\'s actions).' -rfka ''
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext capture" version' -l 'version' -d 'Show the version.'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext capture" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext clipboard" json' -l 'json' -d 'Print one JSON document per image (JSON Lines for several), as docs/API.md gives it.'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext clipboard" tables' -l 'tables' -d 'Print only the tables found, as tsv, csv, html or json (exit 1 when there is none).' -rfka 'tsv csv html json'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext clipboard" types' -l 'types' -d 'What to look for: text, codes, detectors (comma-separated; default: the settings\' analysis.types, else all three).' -rfka '(__livetext_custom_completion ---completion clipboard -- --types (count (__livetext_tokens -pc)) (__livetext_tokens -tC))'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext clipboard"' -l 'only' -d 'Only these detected types (comma-separated): link, email, phone, address, date, flight, tracking, money, measurement, wifi, contact, geo. Plain output is then the matched values, one a line.' -rfka '(__livetext_custom_completion ---completion clipboard -- --only (count (__livetext_tokens -pc)) (__livetext_tokens -tC))'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext clipboard" lang' -l 'lang' -d 'OCR languages, tesseract names joined by + (e.g. eng+deu). Default: the settings\' analysis.languages; when empty, English and the locale\'s languages, and any other installed language a block is in (`livetext languages`).' -rfka '(__livetext_custom_completion ---completion clipboard -- --lang (count (__livetext_tokens -pc)) (__livetext_tokens -tC))'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext clipboard" max-pixels' -l 'max-pixels' -d 'Refuse images with more pixels than this, before decoding them.' -rfka ''
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext clipboard" layout' -l 'layout' -d 'Page layout for OCR: auto (screens and documents), sparse, block, column.' -rfka 'auto sparse block column'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext clipboard" local' -l 'local' -d 'Analyze in this process even when a livetext daemon is running (also: LIVETEXT_LOCAL=1).'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext clipboard" copy' -l 'copy' -d 'Put the result on the clipboard: the text and code payloads, or with --only the matched values. It stays there after livetext exits. Nothing found: the clipboard is left as it was.'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext clipboard" primary' -l 'primary' -d 'With --copy, also put it on PRIMARY (middle-click paste).'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext clipboard" type' -l 'type' -d 'Type the result into the focused window as key presses (e.g. --only phone --type fills a phone field).'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext clipboard" notify' -l 'notify' -d 'Show a desktop notification of the result, with its quick actions as buttons (copy the text or a QR code\'s payload, open a link, call, ...) and a preview of the image.'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext clipboard"' -l 'interaction' -d 'With --notify: what the notification offers (default: the settings\').' -rfka 'automatic textSelection dataDetectors none'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext clipboard" perform' -l 'perform' -d 'Carry out this quick action (an id from --json\'s actions).' -rfka ''
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext clipboard" version' -l 'version' -d 'Show the version.'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext clipboard" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_positional "livetext detect" -eq 1' -F
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext detect" json' -l 'json' -d 'Print {"items": [...], "actions": [...]} as docs/API.md gives it.'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext detect"' -l 'only' -d 'Only these types (comma-separated): link, email, phone, address, date, flight, tracking, money, measurement, wifi, contact, geo; the iOS content-type names work too.' -rfka '(__livetext_custom_completion ---completion detect -- --only (count (__livetext_tokens -pc)) (__livetext_tokens -tC))'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext detect" perform' -l 'perform' -d 'Carry out this quick action (an id from --json\'s actions, e.g. open-link-0) with xdg-open or LIVETEXT_OPENER, and print only what was done; an id the text does not have is a usage error (exit 2).' -rfka ''
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext detect" version' -l 'version' -d 'Show the version.'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext detect" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext live" json' -l 'json' -d 'Print one JSON document per image (JSON Lines for several), as docs/API.md gives it.'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext live" tables' -l 'tables' -d 'Print only the tables found, as tsv, csv, html or json (exit 1 when there is none).' -rfka 'tsv csv html json'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext live" types' -l 'types' -d 'What to look for: text, codes, detectors (comma-separated; default: the settings\' analysis.types, else all three).' -rfka '(__livetext_custom_completion ---completion live -- --types (count (__livetext_tokens -pc)) (__livetext_tokens -tC))'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext live"' -l 'only' -d 'Only these detected types (comma-separated): link, email, phone, address, date, flight, tracking, money, measurement, wifi, contact, geo. Plain output is then the matched values, one a line.' -rfka '(__livetext_custom_completion ---completion live -- --only (count (__livetext_tokens -pc)) (__livetext_tokens -tC))'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext live" lang' -l 'lang' -d 'OCR languages, tesseract names joined by + (e.g. eng+deu). Default: the settings\' analysis.languages; when empty, English and the locale\'s languages, and any other installed language a block is in (`livetext languages`).' -rfka '(__livetext_custom_completion ---completion live -- --lang (count (__livetext_tokens -pc)) (__livetext_tokens -tC))'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext live" max-pixels' -l 'max-pixels' -d 'Refuse images with more pixels than this, before decoding them.' -rfka ''
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext live" layout' -l 'layout' -d 'Page layout for OCR: auto (screens and documents), sparse, block, column.' -rfka 'auto sparse block column'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext live" local' -l 'local' -d 'Analyze in this process even when a livetext daemon is running (also: LIVETEXT_LOCAL=1).'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext live"' -l 'interaction' -d 'What the text offers (default: the settings\'); none is refused.' -rfka ''
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext live" monitor' -l 'monitor' -d 'One monitor, by number (0 is the first the X server lists).' -rfka ''
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext live" window' -l 'window' -d 'A window by id, as xwininfo and xdotool print it (0x1a00007).' -rfka ''
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext live" region' -l 'region' -d 'A rectangle in screen pixels.' -rfka ''
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext live" accessibility' -l 'accessibility' -d 'on: the exact text applications publish on the accessibility bus is taken where it is drawn (live at once in live), OCR reads the rest (X11; on Wayland placed by matching the OCR\'s lines; the default: the settings\' analysis.accessibility, on); off: OCR reads everything.' -rfka 'on off'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext live" version' -l 'version' -d 'Show the version.'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext live" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_positional "livetext view" -ge 1' -F
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext view" json' -l 'json' -d 'Print one JSON document per image (JSON Lines for several), as docs/API.md gives it.'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext view" tables' -l 'tables' -d 'Print only the tables found, as tsv, csv, html or json (exit 1 when there is none).' -rfka 'tsv csv html json'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext view" types' -l 'types' -d 'What to look for: text, codes, detectors (comma-separated; default: the settings\' analysis.types, else all three).' -rfka '(__livetext_custom_completion ---completion view -- --types (count (__livetext_tokens -pc)) (__livetext_tokens -tC))'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext view"' -l 'only' -d 'Only these detected types (comma-separated): link, email, phone, address, date, flight, tracking, money, measurement, wifi, contact, geo. Plain output is then the matched values, one a line.' -rfka '(__livetext_custom_completion ---completion view -- --only (count (__livetext_tokens -pc)) (__livetext_tokens -tC))'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext view" lang' -l 'lang' -d 'OCR languages, tesseract names joined by + (e.g. eng+deu). Default: the settings\' analysis.languages; when empty, English and the locale\'s languages, and any other installed language a block is in (`livetext languages`).' -rfka '(__livetext_custom_completion ---completion view -- --lang (count (__livetext_tokens -pc)) (__livetext_tokens -tC))'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext view" max-pixels' -l 'max-pixels' -d 'Refuse images with more pixels than this, before decoding them.' -rfka ''
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext view" layout' -l 'layout' -d 'Page layout for OCR: auto (screens and documents), sparse, block, column.' -rfka 'auto sparse block column'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext view" local' -l 'local' -d 'Analyze in this process even when a livetext daemon is running (also: LIVETEXT_LOCAL=1).'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext view"' -l 'interaction' -d 'What the text offers (default: the settings\'); none is refused.' -rfka ''
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext view" version' -l 'version' -d 'Show the version.'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext view" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext hotkey" bindings' -l 'bindings' -d 'Print the bindings of every hotkey for this compositor\'s configuration.' -rfka ''
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext hotkey" version' -l 'version' -d 'Show the version.'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext hotkey" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext desktop" json' -l 'json' -d 'Print {"session", "desktop", "display", "xwayland", "features": [{name, available, mechanism, note}]}.'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext desktop" allow-screenshots' -l 'allow-screenshots' -d 'Let livetext take screenshots without GNOME\'s dialog (the portal\'s permission store).'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext desktop" install-hotkeys' -l 'install-hotkeys' -d 'Bind the settings\' hotkeys as GNOME custom keybindings running `livetext hotkey NAME`.'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext desktop" remove-hotkeys' -l 'remove-hotkeys' -d 'Remove the GNOME keybindings --install-hotkeys made, and only them.'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext desktop" enable-accessibility' -l 'enable-accessibility' -d 'Ask every application to publish its text on the accessibility bus (org.a11y.Status IsEnabled).'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext desktop" disable-accessibility' -l 'disable-accessibility' -d 'Turn org.a11y.Status IsEnabled off again.'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext desktop" version' -l 'version' -d 'Show the version.'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext desktop" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext daemon" address' -l 'address' -d 'Connect to this bus address instead of the session bus.' -rfka ''
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext daemon" verbose' -l 'verbose' -d 'Log debug lines too.'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext daemon" version' -l 'version' -d 'Show the version.'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext daemon" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext languages" json' -l 'json' -d 'Print {"tessdata", "installed": [{code, name}], "missing": [{code, name, package, command}], "unknownLocales", "default", "automatic"}.'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext languages" version' -l 'version' -d 'Show the version.'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext languages" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_positional "livetext preview" -eq 1' -F
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext preview" o output' -s 'o' -l 'output' -d 'Where to write the PNG; - for standard output.' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'png\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext preview"' -l 'interaction' -d 'What is offered.' -rfka 'automatic textSelection dataDetectors none'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext preview" insets' -l 'insets' -d 'Content insets in preview pixels: top,left,bottom,right.' -rfka ''
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext preview" font' -l 'font' -d 'Interface font: family and style ("DejaVu Serif Bold"); a size is ignored.' -rfka ''
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext preview" hidden' -l 'hidden' -d 'Draw no Live Text button or chips (SupplementaryInterfaceHidden).'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext preview" no-hidden' -l 'no-hidden' -d 'Draw no Live Text button or chips (SupplementaryInterfaceHidden).'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext preview" detectors-in-text-mode' -l 'detectors-in-text-mode' -d 'Offer detector actions as secondary ones in textSelection mode.'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext preview" no-detectors-in-text-mode' -l 'no-detectors-in-text-mode' -d 'Offer detector actions as secondary ones in textSelection mode.'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext preview" lang' -l 'lang' -d 'OCR languages, tesseract names joined by + (e.g. eng+deu); default: automatic.' -rfka '(__livetext_custom_completion ---completion preview -- --lang (count (__livetext_tokens -pc)) (__livetext_tokens -tC))'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext preview" version' -l 'version' -d 'Show the version.'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext preview" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext config" path' -l 'path' -d 'Print the settings file\'s path ($XDG_CONFIG_HOME/livetext/config.toml, else ~/.config/...).'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext config" example' -l 'example' -d 'Print a complete settings file: every key at its default, commented.'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext config" check' -l 'check' -d 'Check the settings file (or FILE): every error and unknown key; exit 3 on errors.'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext config" version' -l 'version' -d 'Show the version.'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext config" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'livetext' -n '__livetext_should_offer_completions_for_flags_or_options "livetext help" version' -l 'version' -d 'Show the version.'
