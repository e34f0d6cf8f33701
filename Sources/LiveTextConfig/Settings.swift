import LiveTextCore
import LiveTextInteraction

/// Everything the user can configure, with a default for every value. A plain value: the
/// daemon hands copies to whoever needs them, and `SettingsStore` compares old and new copies
/// to decide what changed.
///
/// The file (`$XDG_CONFIG_HOME/livetext/config.toml`) maps onto it table by table; see
/// `ConfigFile.exampleText` for every key with its default:
///
/// | TOML key | property |
/// |---|---|
/// | `analysis.languages` | `analysis.languages` |
/// | `analysis.types` | `analysis.types` |
/// | `analysis.accessibility` | `analysis.accessibility` |
/// | `interaction.preferred_interaction_types` | `interaction.preferredInteractionTypes` |
/// | `interaction.allow_data_detectors_in_text_mode` | `interaction.allowDataDetectorsInTextMode` |
/// | `interaction.supplementary_interface_hidden` | `interaction.supplementaryInterfaceHidden` |
/// | `interaction.supplementary_interface_content_insets` | `interaction.supplementaryInterfaceContentInsets` |
/// | `interaction.supplementary_interface_font` | `interaction.supplementaryInterfaceFont` |
/// | `limits.max_pixels`, `.max_analyses_per_caller`, `.max_running`, `.max_bytes_in_flight`, `.max_text_bytes`, `.analysis_lifetime_seconds`, `.cached_images`, `.read_timeout_seconds` | `limits.…` |
/// | `hotkeys.NAME.keys`, `.action`, `.notify`, `.only` | `hotkeys[NAME]` |
/// | `actions.opener`, `.map_url`, `.flight_url`, `.lookup_url`, `.translate_url`, `.region` | `actions.…` |
/// | `clipboard.also_primary` | `clipboard.alsoPrimary` |
/// | `notifications.enabled`, `.timeout_ms` | `notifications.…` |
/// | `access.allowed`, `.denied` | `access.…` |
public struct Settings: Sendable, Hashable {
    /// `[analysis]`.
    public var analysis: AnalysisSettings
    /// `[interaction]`.
    public var interaction: InteractionSettings
    /// `[limits]`.
    public var limits: LimitSettings
    /// Global hotkeys by name. A file with a `[hotkeys]` table (or any `[hotkeys.NAME]`)
    /// replaces the defaults entirely, so a user can drop one; an empty `[hotkeys]` turns them off.
    public var hotkeys: [String: Hotkey]
    /// `[actions]`.
    public var actions: ActionSettings
    /// `[clipboard]`.
    public var clipboard: ClipboardSettings
    /// `[notifications]`.
    public var notifications: NotificationSettings
    /// `[access]`.
    public var access: AccessSettings

    public init(analysis: AnalysisSettings = .init(), interaction: InteractionSettings = .init(),
                limits: LimitSettings = .init(), hotkeys: [String: Hotkey] = Hotkey.defaults,
                actions: ActionSettings = .init(), clipboard: ClipboardSettings = .init(),
                notifications: NotificationSettings = .init(), access: AccessSettings = .init()) {
        self.analysis = analysis
        self.interaction = interaction
        self.limits = limits
        self.hotkeys = hotkeys
        self.actions = actions
        self.clipboard = clipboard
        self.notifications = notifications
        self.access = access
    }

    /// Every value at its default: what a missing file gives.
    public static let defaults = Settings()
}

/// `[analysis]`: what an analysis looks for when a caller does not say.
public struct AnalysisSettings: Sendable, Hashable {
    /// Tesseract language names, in order of preference (`eng`, `deu`, `chi_sim`); empty for
    /// automatic (English, the locale's languages, any other installed one a block is in).
    public var languages: [String]
    /// Text, codes and/or data detectors.
    public var types: AnalysisTypes
    /// A screen capture takes the exact text applications publish on the accessibility bus
    /// where it is drawn (X11), OCR reading the rest.
    public var accessibility: Bool

    public init(languages: [String] = [], types: AnalysisTypes = .all, accessibility: Bool = true) {
        self.languages = languages
        self.types = types
        self.accessibility = accessibility
    }
}

/// `[interaction]`: the persisted `org.livetext.Interaction1` properties.
public struct InteractionSettings: Sendable, Hashable {
    /// `PreferredInteractionTypes`: never empty; `[.none]` means no notification.
    public var preferredInteractionTypes: [InteractionType]
    /// `AllowDataDetectorsInTextMode`.
    public var allowDataDetectorsInTextMode: Bool
    /// `SupplementaryInterfaceHidden`: draw no Live Text button or quick-action chips.
    public var supplementaryInterfaceHidden: Bool
    /// `SupplementaryInterfaceContentInsets`.
    public var supplementaryInterfaceContentInsets: EdgeInsets
    /// `SupplementaryInterfaceFont`: family and style ("Cantarell Bold"), never a size.
    public var supplementaryInterfaceFont: String

    public init(preferredInteractionTypes: [InteractionType] = [.automatic],
                allowDataDetectorsInTextMode: Bool = true,
                supplementaryInterfaceHidden: Bool = false,
                supplementaryInterfaceContentInsets: EdgeInsets = .zero,
                supplementaryInterfaceFont: String = "Sans Bold") {
        self.preferredInteractionTypes = preferredInteractionTypes
        self.allowDataDetectorsInTextMode = allowDataDetectorsInTextMode
        self.supplementaryInterfaceHidden = supplementaryInterfaceHidden
        self.supplementaryInterfaceContentInsets = supplementaryInterfaceContentInsets
        self.supplementaryInterfaceFont = supplementaryInterfaceFont
    }

    /// The supplementary interface these settings describe: hidden, content insets, font (a font
    /// with no family, which the settings refuse, stands as the standard one).
    public var supplementaryInterface: SupplementaryInterface {
        SupplementaryInterface(isHidden: supplementaryInterfaceHidden, contentInsets: supplementaryInterfaceContentInsets,
                               font: FontDescription(parsing: supplementaryInterfaceFont) ?? .standard)
    }

    /// The longest `supplementaryInterfaceFont` accepted, in characters: family names are short,
    /// and the value is kept in memory and in the file.
    public static let maxFontNameLength = 256
    /// What each of the content insets may be, in pixels (finite: NaN and infinity are outside).
    public static let insetRange: ClosedRange<Double> = 0...10_000
}

/// `[limits]`: what the daemon refuses, to protect itself and everyone else on the bus.
public struct LimitSettings: Sendable, Hashable {
    /// Images above this many pixels are refused before decoding (`TooLarge`).
    public var maxPixels: Int
    /// Analyses one client (a process, whatever its number of bus connections) may hold at once.
    public var maxAnalysesPerCaller: Int
    /// Requests (analyses and `Detect` calls) the daemon runs at once, for all clients together.
    public var maxRunning: Int
    /// Bytes of input (encoded images, pixels, text) the running requests may hold together.
    public var maxBytesInFlight: Int
    /// The longest text `Detect` takes, in bytes of UTF-8.
    public var maxTextBytes: Int
    /// Seconds an unreleased analysis object lives.
    public var analysisLifetimeSeconds: Int
    /// Recent images whose text and codes are kept, so the same pixels are not read twice
    /// (0: nothing is kept).
    public var cachedImages: Int
    /// Seconds a pipe or socket handed over may take to deliver its image (`AnalyzeImageFd`).
    public var readTimeoutSeconds: Int

    public init(maxPixels: Int = ImageLimits.defaultMaxPixels, maxAnalysesPerCaller: Int = 16,
                maxRunning: Int = 64, maxBytesInFlight: Int = 1 << 30, maxTextBytes: Int = 256 << 10,
                analysisLifetimeSeconds: Int = 600, cachedImages: Int = 32,
                readTimeoutSeconds: Int = 30) {
        self.maxPixels = maxPixels
        self.maxAnalysesPerCaller = maxAnalysesPerCaller
        self.maxRunning = maxRunning
        self.maxBytesInFlight = maxBytesInFlight
        self.maxTextBytes = maxTextBytes
        self.analysisLifetimeSeconds = analysisLifetimeSeconds
        self.cachedImages = cachedImages
        self.readTimeoutSeconds = readTimeoutSeconds
    }

    /// What each value may be. The largest are far beyond any sensible setting, and small enough
    /// that nothing computed from them overflows (a lifetime becomes nanoseconds in an `Int64`).
    public static let maxPixelsRange = 1...1_000_000_000
    public static let maxAnalysesPerCallerRange = 1...1_024
    public static let maxRunningRange = 1...1_024
    public static let maxBytesInFlightRange = (1 << 20)...(64 << 30)
    public static let maxTextBytesRange = 1...(1 << 30)
    /// Up to a week.
    public static let analysisLifetimeRange = 1...604_800
    public static let cachedImagesRange = 0...1_024
    /// Up to an hour.
    public static let readTimeoutRange = 1...3_600
}

/// `[actions]`: how quick actions open things. The URL templates default to the same pages as
/// `LiveTextDetectors.ActionTemplates`; `%s` is replaced by the percent-encoded subject.
public struct ActionSettings: Sendable, Hashable {
    /// The opener's argv; the target is appended.
    public var opener: [String]
    /// `map_url`: where an address is shown.
    public var mapURL: String
    /// `flight_url`: where a flight's status is looked up.
    public var flightURL: String
    /// `lookup_url`: where a word or phrase is looked up.
    public var lookupURL: String
    /// `translate_url`: where text is translated.
    public var translateURL: String
    /// The default phone region (ISO 3166 alpha-2, upper case); `nil` = from the locale.
    public var region: String?

    public init(opener: [String] = ["xdg-open"],
                mapURL: String = "https://www.openstreetmap.org/search?query=%s",
                flightURL: String = "https://www.flightaware.com/live/flight/%s",
                lookupURL: String = "https://en.wikipedia.org/w/index.php?search=%s",
                translateURL: String = "https://translate.google.com/?sl=auto&op=translate&text=%s",
                region: String? = nil) {
        self.opener = opener
        self.mapURL = mapURL
        self.flightURL = flightURL
        self.lookupURL = lookupURL
        self.translateURL = translateURL
        self.region = region
    }
}

/// `[clipboard]`.
public struct ClipboardSettings: Sendable, Hashable {
    /// Also own PRIMARY (middle-click paste) when copying.
    public var alsoPrimary: Bool

    public init(alsoPrimary: Bool = false) { self.alsoPrimary = alsoPrimary }
}

/// `[notifications]`.
public struct NotificationSettings: Sendable, Hashable {
    /// Show notifications at all (a per-call `notify` is ignored when false).
    public var enabled: Bool
    /// `expire_timeout` of the Desktop Notifications spec: -1 = the server's default, 0 = never.
    public var timeoutMs: Int

    public init(enabled: Bool = true, timeoutMs: Int = -1) {
        self.enabled = enabled
        self.timeoutMs = timeoutMs
    }

    /// `timeoutMs`: -1, 0, or up to a day.
    public static let timeoutRange = -1...86_400_000
}

extension Settings {
    /// The hotkey `name`; `invalidArgs` naming the ones the settings define otherwise.
    public func hotkey(named name: String) throws -> Hotkey {
        guard let hotkey = hotkeys[name] else {
            let known = hotkeys.keys.sorted().joined(separator: ", ")
            throw LiveTextError(.invalidArgs, "no hotkey '\(name.prefix(80))' in the settings"
                                + (known.isEmpty ? " (they define none)" : "; they define: \(known)"))
        }
        return hotkey
    }
}
