import LiveTextInteraction
import LiveTextCore
import LiveTextDesktop

/// The `a{sv}` options of `org.livetext.Analyzer1`'s requests as one value: the contract between
/// the daemon, which decodes them (`init(decoding:capturing:)`), and its clients, the CLI first,
/// which encode them (`encode()`).
///
/// Every request takes `types` (as), `languages` (as), `only` (as), `copy` (b), `primary` (b),
/// `notify` (b), `interaction` (as), `replace` (b), and `display` (s) and `xauthority` (s) for a
/// daemon started without a display. `CaptureScreen` also takes what to capture:
/// `region` (iiuu), `window` (t, or u), `monitor` (u), `interactive` (b) or `pick_window` (b);
/// none of them is the whole screen; and `live` (b): that target frozen under the live surface. A known key with the wrong type, or a value that names
/// nothing, is `invalidArgs` naming the key and what it takes; unknown keys are ignored, as
/// PRODUCT.md promises (`unknownKeys(in:capturing:)` lists them for the log).
public struct AnalysisRequestOptions: Sendable, Hashable {
    /// What to look for; nil: the daemon's settings.
    public var types: AnalysisTypes?
    /// The OCR languages; nil or `automatic`: the daemon's settings.
    public var languages: LanguageSet?
    /// Only these item kinds (the detectors then run); nil or empty: every kind.
    public var only: Set<ItemKind>?
    /// Put the result on the clipboard when it is done; the daemon keeps serving it.
    public var copy = false
    /// With `copy`, PRIMARY too.
    public var primary = false
    /// Show a desktop notification with the quick actions and a preview.
    public var notify = false
    /// With `notify` or `live`, this call's interaction types instead of `PreferredInteractionTypes`.
    public var interaction: [InteractionType]?
    /// Cancel this caller's analyses still running.
    public var replace = false
    /// The X display this request alone works on (the CLI sends its `$DISPLAY`); from programs
    /// outside a sandbox only, local displays only. An extension; nil: the daemon's own.
    public var display: String?
    /// With `display`, the caller's `$XAUTHORITY` (an absolute path).
    public var xauthority: String?
    /// The Wayland session this request alone works on (the CLI sends its socket's path, from
    /// `$XDG_RUNTIME_DIR/$WAYLAND_DISPLAY`); `display` is then that session's Xwayland. The same
    /// rules as `display`. An extension; nil: the daemon's own session.
    public var waylandDisplay: String?
    /// The caller's xdg-activation token (the CLI sends its `$XDG_ACTIVATION_TOKEN`, which a
    /// desktop's hotkey binding may set): a live surface this request shows asks the compositor
    /// for the focus with it. An extension; nil: none.
    public var activationToken: String?
    /// `CaptureScreen` only: what to capture (`.screen` when no key names a target); nil elsewhere.
    public var capture: CaptureRequest?
    /// `CaptureScreen` only: show `capture` live (the frozen screen, its text selectable where it
    /// stands) instead of reading it once; the analysis fills in as it is read.
    public var live = false
    /// `CaptureScreen` only: take the text applications publish on the accessibility bus where it
    /// is drawn (X11; Wayland: placed by `WindowOffsetVote`; with `live`, live at once); nil: the
    /// daemon's setting (`analysis.accessibility`).
    public var accessibility: Bool?

    public init(types: AnalysisTypes? = nil, languages: LanguageSet? = nil, only: Set<ItemKind>? = nil,
                copy: Bool = false, primary: Bool = false, notify: Bool = false,
                interaction: [InteractionType]? = nil, replace: Bool = false, capture: CaptureRequest? = nil,
                live: Bool = false) {
        self.types = types
        self.languages = languages
        self.only = only
        self.copy = copy
        self.primary = primary
        self.notify = notify
        self.interaction = interaction
        self.replace = replace
        self.capture = capture
        self.live = live
    }

    /// The options that shape the analysis, from a client's configuration: `types`, and `languages`
    /// and `only` when it names them.
    public init(_ configuration: ImageAnalyzer.Configuration) {
        self.init(types: configuration.types, languages: configuration.languages.isAutomatic ? nil : configuration.languages,
                  only: configuration.only)
    }

    /// The analyzer configuration of this request: `defaults` (the daemon's settings) with what it names.
    public func configuration(over defaults: ImageAnalyzer.Configuration) -> ImageAnalyzer.Configuration {
        var configuration = defaults
        if let types { configuration.types = types }
        if let languages, !languages.isAutomatic { configuration.languages = languages }
        if let only, !only.isEmpty {
            configuration.types.insert(.detectors)
            configuration.only = only
        }
        return configuration
    }
}

extension AnalysisRequestOptions {
    /// A key and the D-Bus type it takes, as a person reads it.
    public struct Key: Sendable, Hashable {
        public let name: String
        /// "an array of strings (as)", "a boolean (b)", ...
        public let expected: String
    }

    /// The keys every request takes.
    public static let requestKeys: [Key] = [
        Key(name: "types", expected: "an array of strings (as)"),
        Key(name: "languages", expected: "an array of strings (as)"),
        Key(name: "only", expected: "an array of strings (as)"),
        Key(name: "copy", expected: "a boolean (b)"),
        Key(name: "primary", expected: "a boolean (b)"),
        Key(name: "notify", expected: "a boolean (b)"),
        Key(name: "interaction", expected: "an array of strings (as)"),
        Key(name: "replace", expected: "a boolean (b)"),
        Key(name: "display", expected: "an X display name (s)"),
        Key(name: "xauthority", expected: "an absolute path (s)"),
        Key(name: "wayland_display", expected: "a Wayland socket: a name in the daemon's XDG_RUNTIME_DIR or an absolute path (s)"),
        Key(name: "activation_token", expected: "an xdg-activation token: printable ASCII, at most 512 characters (s)"),
    ]

    /// The keys `CaptureScreen` takes besides: what to capture.
    public static let captureKeys: [Key] = [
        Key(name: "region", expected: "a rectangle (iiuu: x, y, width, height)"),
        Key(name: "window", expected: "an X window id (t, or u)"),
        Key(name: "monitor", expected: "a monitor index (u)"),
        Key(name: "interactive", expected: "a boolean (b)"),
        Key(name: "pick_window", expected: "a boolean (b)"),
        Key(name: "live", expected: "a boolean (b)"),
        Key(name: "accessibility", expected: "a boolean (b)"),
    ]

    /// The keys a request takes, with their types: "types (as), languages (as), ...".
    public static func keyList(capturing: Bool = false) -> String {
        (requestKeys + (capturing ? captureKeys : [])).map { key in
            key.expected.firstIndex(of: "(").map { "\(key.name) \(key.expected[$0...])" } ?? key.name
        }.joined(separator: ", ")
    }
}
