import LiveTextCore
import LiveTextInteraction

/// Turns a parsed document into `Settings`: absent keys keep their defaults, a wrong type or
/// value throws an error naming the full key, unknown keys become warnings.
struct SettingsDecoder {
    private(set) var warnings: [ConfigWarning] = []

    mutating func decode(_ document: ConfigTable) throws(ConfigError) -> Settings {
        let root = TableReader(document, path: [])
        var settings = Settings()
        if let table = try root.table("analysis") { settings.analysis = try analysis(table) }
        if let table = try root.table("interaction") { settings.interaction = try interaction(table) }
        if let table = try root.table("limits") { settings.limits = try limits(table) }
        if let table = try root.table("hotkeys") { settings.hotkeys = try hotkeys(table) }
        if let table = try root.table("actions") { settings.actions = try actions(table) }
        if let table = try root.table("clipboard") {
            settings.clipboard.alsoPrimary = try table.bool("also_primary", default: false)
            warnings += table.unknownKeys()
        }
        if let table = try root.table("notifications") {
            settings.notifications.enabled = try table.bool("enabled", default: true)
            settings.notifications.timeoutMs = try table.int("timeout_ms", default: -1,
                                                             in: NotificationSettings.timeoutRange)
            warnings += table.unknownKeys()
        }
        if let table = try root.table("access") { settings.access = try access(table) }
        warnings += root.unknownKeys(what: "table or key")
        return settings
    }

    private mutating func analysis(_ table: TableReader) throws(ConfigError) -> AnalysisSettings {
        var result = AnalysisSettings()
        if let languages = try table.strings("languages") {
            // "eng+deu" is how tesseract and `--lang` spell several; accept it inside the array too.
            let names = languages.flatMap { $0.split(separator: "+").map(String.init) }
            for name in names where name.isEmpty || !name.unicodeScalars.allSatisfy(Self.isLanguageScalar) {
                throw table.invalid("languages", "\"\(name)\" is not a tesseract language name (like eng or chi_sim)")
            }
            result.languages = Self.unique(names)
        }
        if let names = try table.strings("types") {
            do {
                result.types = try AnalysisTypes(names: names)
            } catch {
                throw table.invalid("types", (error as? LiveTextError)?.message ?? "\(error)")
            }
        }
        result.accessibility = try table.bool("accessibility", default: true)
        warnings += table.unknownKeys()
        return result
    }

    private mutating func interaction(_ table: TableReader) throws(ConfigError) -> InteractionSettings {
        var result = InteractionSettings()
        if let names = try table.strings("preferred_interaction_types") {
            let types: [InteractionType]
            do {
                types = try InteractionType.parseList(names)
            } catch {
                throw table.invalid("preferred_interaction_types", error.description)
            }
            result.preferredInteractionTypes = types
        }
        result.allowDataDetectorsInTextMode = try table.bool("allow_data_detectors_in_text_mode", default: true)
        result.supplementaryInterfaceHidden = try table.bool("supplementary_interface_hidden", default: false)
        let insetsKey = "supplementary_interface_content_insets"
        if let values = try table.numbers(insetsKey, count: 4) {
            let range = InteractionSettings.insetRange
            for value in values where !range.contains(value) {
                throw table.invalid(insetsKey, "each inset must be a number of pixels from \(Int(range.lowerBound)) "
                                    + "to \(Int(range.upperBound)), got \(value)")
            }
            result.supplementaryInterfaceContentInsets = EdgeInsets(top: values[0], left: values[1],
                                                                    bottom: values[2], right: values[3])
        }
        if let text = try table.string("supplementary_interface_font") {
            let longest = InteractionSettings.maxFontNameLength
            guard text.unicodeScalars.count <= longest else {
                throw table.invalid("supplementary_interface_font",
                                    "a font name has at most \(longest) characters, got \(text.unicodeScalars.count)")
            }
            guard let font = FontDescription(parsing: text) else {
                throw table.invalid("supplementary_interface_font",
                                    "expected a family and weight like \"Cantarell Bold\", got \"\(text)\"")
            }
            if let size = font.ignoredSize {
                warnings.append(ConfigWarning(key: table.fullKey("supplementary_interface_font"),
                                              message: "size \(size) ignored; the interface keeps one size (using \"\(font.name)\")"))
            }
            result.supplementaryInterfaceFont = font.name
        }
        warnings += table.unknownKeys()
        return result
    }

    private mutating func access(_ table: TableReader) throws(ConfigError) -> AccessSettings {
        var result = AccessSettings()
        for key in ["allowed", "denied"] {
            let ids = try table.strings(key) ?? []
            for id in ids where !AccessSettings.isApplicationID(id) {
                throw table.invalid(key, "\"\(id)\" is not an application id (like org.example.App or snap.name)")
            }
            if key == "allowed" { result.allowed = Self.unique(ids) } else { result.denied = Self.unique(ids) }
        }
        result.remoteDisplays = try table.bool("remote_displays", default: false)
        warnings += table.unknownKeys()
        return result
    }

    private mutating func limits(_ table: TableReader) throws(ConfigError) -> LimitSettings {
        var result = LimitSettings()
        typealias Ranges = LimitSettings
        result.maxPixels = try table.int("max_pixels", default: result.maxPixels, in: Ranges.maxPixelsRange)
        result.maxAnalysesPerCaller = try table.int("max_analyses_per_caller", default: result.maxAnalysesPerCaller,
                                                    in: Ranges.maxAnalysesPerCallerRange)
        result.maxRunning = try table.int("max_running", default: result.maxRunning, in: Ranges.maxRunningRange)
        result.maxBytesInFlight = try table.int("max_bytes_in_flight", default: result.maxBytesInFlight,
                                                in: Ranges.maxBytesInFlightRange)
        result.maxTextBytes = try table.int("max_text_bytes", default: result.maxTextBytes, in: Ranges.maxTextBytesRange)
        result.analysisLifetimeSeconds = try table.int("analysis_lifetime_seconds",
                                                       default: result.analysisLifetimeSeconds,
                                                       in: Ranges.analysisLifetimeRange)
        result.cachedImages = try table.int("cached_images", default: result.cachedImages, in: Ranges.cachedImagesRange)
        result.readTimeoutSeconds = try table.int("read_timeout_seconds", default: result.readTimeoutSeconds,
                                                  in: Ranges.readTimeoutRange)
        warnings += table.unknownKeys()
        return result
    }

    private mutating func hotkeys(_ table: TableReader) throws(ConfigError) -> [String: Hotkey] {
        var result: [String: Hotkey] = [:]
        var owners: [KeyCombo: String] = [:]
        // Sorted so that "already used by" always blames the same entry.
        for name in table.table.keys.sorted() {
            guard let entry = try table.table(name) else { continue }
            guard let text = try entry.string("keys") else {
                throw table.invalid(name, "missing keys = \"…\" (like \"Super+Shift+T\")")
            }
            let keys: KeyCombo
            do {
                keys = try KeyCombo(parsing: text)
            } catch {
                throw entry.invalid("keys", error.message)
            }
            let normalized = KeyCombo(modifiers: keys.modifiers, key: keys.key.count == 1 ? keys.key.uppercased() : keys.key)
            if let owner = owners[normalized] {
                throw entry.invalid("keys", "\(keys) is already used by \(table.fullKey(owner))")
            }
            owners[normalized] = name
            guard let actionName = try entry.string("action") else {
                throw table.invalid(name, "missing action = \"…\" (\(Self.actionList))")
            }
            guard let action = Hotkey.Action(rawValue: actionName) else {
                throw entry.invalid("action", "unknown action \"\(actionName)\" (known: \(Self.actionList))")
            }
            let notify = try entry.bool("notify", default: true)
            let names = try entry.strings("only") ?? []
            let only: Set<ItemKind>
            do {
                only = try ItemKind.parseList(names)
            } catch {
                throw entry.invalid("only", error.description)
            }
            result[name] = Hotkey(keys: keys, action: action, notify: notify, only: only)
            warnings += entry.unknownKeys()
        }
        return result
    }

    private mutating func actions(_ table: TableReader) throws(ConfigError) -> ActionSettings {
        var result = ActionSettings()
        if let opener = try table.strings("opener") {
            guard let first = opener.first, !first.isEmpty else {
                throw table.invalid("opener", "expected a command like [\"xdg-open\"]")
            }
            result.opener = opener
        }
        func template(_ key: String, _ path: WritableKeyPath<ActionSettings, String>) throws(ConfigError) {
            guard let value = try table.string(key) else { return }
            guard value.contains("%s") else {
                throw table.invalid(key, "expected a URL template with %s where the subject goes, got \"\(value)\"")
            }
            result[keyPath: path] = value
        }
        try template("map_url", \.mapURL)
        try template("flight_url", \.flightURL)
        try template("lookup_url", \.lookupURL)
        try template("translate_url", \.translateURL)
        if let region = try table.string("region") {
            guard region.count == 2, region.unicodeScalars.allSatisfy({ $0.isASCII && $0.properties.isAlphabetic }) else {
                throw table.invalid("region", "expected a two-letter country code (ISO 3166 alpha-2) like \"DE\", got \"\(region)\"")
            }
            result.region = region.uppercased()
        }
        warnings += table.unknownKeys()
        return result
    }

    private static let actionList = Hotkey.Action.allCases.map(\.rawValue).joined(separator: ", ")

    private static func isLanguageScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                           || scalar == "_" || scalar == "-" || scalar == "/")
    }

    /// Drops repeats, keeping the first occurrence (order is a preference).
    private static func unique<T: Hashable>(_ items: [T]) -> [T] {
        var seen: Set<T> = []
        return items.filter { seen.insert($0).inserted }
    }
}
