import LiveTextCore

extension ConfigFile {
    /// A complete, commented settings file with every key at its default: what
    /// `livetext config --example` prints, and the reference for the file's schema.
    /// A test checks that it reads back as `Settings.defaults`.
    public static let exampleText = #"""
    # livetext settings: $XDG_CONFIG_HOME/livetext/config.toml (else ~/.config/livetext/config.toml).
    # Every key is optional; the values below are the defaults. Unknown keys are reported and ignored.
    # Settings changed over D-Bus (org.livetext.Interaction1) are written back into this file,
    # keeping your comments and layout.

    [analysis]
    # Tesseract languages to recognize, in order of preference (see `livetext languages`). Empty:
    # English and the locale's languages, and any other installed language a block is plainly in.
    languages = []
    # What to look for: "text", "codes" (QR and barcodes), "detectors" (links, dates, phone numbers...).
    types = ["text", "codes", "detectors"]
    # Screen captures on X11 take the exact text applications publish on the accessibility bus
    # (GTK, VTE, Qt; Firefox when asked: `livetext desktop`) where it is drawn; OCR reads the rest.
    accessibility = true

    [interaction]
    # What a capture offers: "automatic" (text and detector actions), "textSelection" (text only),
    # "dataDetectors" (detector actions only), or "none" (no notification).
    preferred_interaction_types = ["automatic"]
    # In textSelection mode, still offer detector actions (open link, call...) as secondary actions.
    allow_data_detectors_in_text_mode = true
    # Draw no Live Text button and no quick-action chips on the notification's preview.
    supplementary_interface_hidden = false
    # Space kept clear inside the preview's edges, in pixels (0 to 10000): [top, left, bottom, right].
    supplementary_interface_content_insets = [0.0, 0.0, 0.0, 0.0]
    # Family and weight of the button and chips (up to 256 characters). A size is ignored so they
    # keep one size.
    supplementary_interface_font = "Sans Bold"

    [limits]
    # Images over this many pixels are refused before decoding (1 to 1000000000).
    max_pixels = 100000000
    # Analyses one client (a process, however many bus connections it opens) may hold at once
    # (1 to 1024).
    max_analyses_per_caller = 16
    # Requests (analyses and Detect calls) the daemon runs at once, for all clients together;
    # more are refused with LimitsExceeded at once rather than queued (1 to 1024).
    max_running = 64
    # Bytes of input (encoded images, pixels, text) the running requests may hold together
    # (1 MiB to 64 GiB).
    max_bytes_in_flight = 1073741824
    # The longest text Detect takes, in bytes of UTF-8 (1 to 1 GiB).
    max_text_bytes = 262144
    # Seconds an analysis object lives when its caller does not release it (1 to 604800, a week).
    analysis_lifetime_seconds = 600
    # Recent images whose text and codes are kept, so the same pixels are not read twice
    # (0: keep nothing; at most 1024).
    cached_images = 32
    # Seconds a pipe or socket handed to AnalyzeImageFd may take to deliver its image.
    read_timeout_seconds = 30

    [actions]
    # The command that opens links, maps and calendar files; the target is appended.
    opener = ["xdg-open"]
    # Pages for quick actions; %s is replaced by the percent-encoded subject.
    map_url = "https://www.openstreetmap.org/search?query=%s"
    flight_url = "https://www.flightaware.com/live/flight/%s"
    lookup_url = "https://en.wikipedia.org/w/index.php?search=%s"
    translate_url = "https://translate.google.com/?sl=auto&op=translate&text=%s"
    # Region for phone numbers without a country code (ISO 3166 alpha-2); default: from the locale.
    # region = "DE"

    [clipboard]
    # Also set PRIMARY (middle-click paste) when copying.
    also_primary = false

    [notifications]
    # Show notifications at all.
    enabled = true
    # How long a notification stays, in milliseconds: -1 = the server's default, 0 = until closed,
    # at most 86400000 (a day).
    timeout_ms = -1

    [access]
    # Sandboxed applications (Flatpak, snap) ask before they make the daemon read a file, the
    # screen or the clipboard, copy, open a link or change these settings: a notification offers
    # Allow Once, Always Allow and Deny. Always Allow and Deny are kept here, by application id
    # (a Flatpak's id, or snap.NAME). A caller that cannot be identified is asked each time.
    # Programs outside a sandbox never ask; images a sandboxed one sends itself need no consent.
    allowed = []
    denied = []
    # A request's display option names a local display only (a Unix socket), and only from a
    # program outside a sandbox; true also lets it name a display over TCP (host:N), to which
    # Xlib sends the user's cookie for that display.
    remote_displays = false

    # Global hotkeys: [hotkeys.NAME] with keys = modifiers (Super, Shift, Control or Ctrl, Alt,
    # Mod1-Mod5) and one key name (T, Print, F12...), and an action: "copy-text" (select a region,
    # copy its text), "codes" (read QR codes and barcodes only), "analyze" (offer every quick
    # action, copy nothing), "type-text" (type the result into the focused window) or "live"
    # (freeze the monitor under the pointer and make its text live, as `livetext live` does).
    # notify = show the result in a notification (not for live); only = keep only these detected
    # types (\#(ItemKind.nameList)).
    # Defining any hotkey here replaces these three; an empty [hotkeys] table turns them off.
    [hotkeys.text]
    keys = "Super+Shift+T"
    action = "copy-text"
    notify = true

    [hotkeys.codes]
    keys = "Super+Shift+Q"
    action = "codes"
    notify = true

    [hotkeys.live]
    keys = "Super+Shift+X"
    action = "live"
    notify = false

    """#
}
