import DBusKit
import LiveTextInteraction
import LiveTextCore
import LiveTextDesktop

extension AnalysisRequestOptions {
    /// The options of a request as the daemon receives them; `capturing`: a `CaptureScreen` call,
    /// whose target keys are read too (elsewhere they are unknown keys). Throws `invalidArgs`
    /// naming the key, what it takes and what was given, or the valid names.
    public init(decoding options: [String: DBusValue], capturing: Bool = false) throws {
        self.init()
        let reader = OptionReader(options: options)
        if let names = try reader.strings("types") {
            types = try reader.refining("types") { try AnalysisTypes(names: names) }
        }
        if let names = try reader.strings("languages") {
            guard names.contains(where: { !$0.allSatisfy(\.isWhitespace) }) else {
                throw LiveTextError(.invalidArgs, "option 'languages' names no language: give tesseract names "
                                    + "(e.g. [\"eng\", \"deu\"]), or leave it out for the settings' languages")
            }
            languages = try reader.refining("languages") { try LanguageSet(names.joined(separator: "+")) }
        }
        if let names = try reader.strings("only") {
            let kinds = try reader.refining("only") { try ItemKind.parseList(names) }
            only = kinds.isEmpty ? nil : kinds
        }
        copy = try reader.flag("copy") ?? false
        primary = try reader.flag("primary") ?? false
        notify = try reader.flag("notify") ?? false
        if let names = try reader.strings("interaction") {
            interaction = try reader.refining("interaction") { try InteractionType.parseList(names) }
        }
        replace = try reader.flag("replace") ?? false
        display = try reader.string("display")
        xauthority = try reader.string("xauthority")
        if let file = xauthority, !file.hasPrefix("/") {
            throw LiveTextError(.invalidArgs, "option 'xauthority' must be an absolute path, not '\(file.prefix(200))'")
        }
        waylandDisplay = try reader.string("wayland_display")
        if let socket = waylandDisplay, !Self.isWaylandSocketName(socket) {
            throw LiveTextError(.invalidArgs, "option 'wayland_display' must be a socket name such as 'wayland-1' or an "
                                + "absolute path without '..', not '\(socket.prefix(200))'")
        }
        activationToken = try reader.string("activation_token")
        if let token = activationToken, token.isEmpty || token.utf8.count > 512 || token.utf8.contains(where: { $0 < 0x21 || $0 > 0x7e }) {
            throw LiveTextError(.invalidArgs, "option 'activation_token' must be an xdg-activation token: 1 to 512 "
                                + "printable ASCII characters without spaces")
        }
        if capturing {
            capture = try Self.captureRequest(reader)
            live = try reader.flag("live") ?? false
            if live { try checkLive() }
            accessibility = try reader.flag("accessibility")
        }
    }

    /// `live` shows a fixed target to the user, who copies and acts on it there: a target the user
    /// picks, a copy or notification of the result, and the interaction type `none` are refused.
    private func checkLive() throws {
        if let capture, capture.isInteractive {
            let key = capture == .select ? "interactive" : "pick_window"
            throw LiveTextError(.invalidArgs, "options 'live' and '\(key)' exclude each other: live text freezes the "
                                + "whole screen (or a region, window or monitor given) and the user selects on it")
        }
        for (key, on) in [("copy", copy), ("notify", notify)] where on {
            throw LiveTextError(.invalidArgs, "options 'live' and '\(key)' exclude each other: on the live surface the "
                                + "user copies (Ctrl+C, Enter) and acts on what they choose")
        }
        if interaction?.contains(.none) == true {
            throw LiveTextError(.invalidArgs, "option 'interaction': live text with the interaction type none offers "
                                + "nothing: give automatic, textSelection or dataDetectors, or leave out 'live'")
        }
    }

    /// The keys of `options` that no request (`capturing`: no `CaptureScreen`) takes, sorted.
    public static func unknownKeys(in options: [String: DBusValue], capturing: Bool = false) -> [String] {
        let known = Set((requestKeys + (capturing ? captureKeys : [])).map(\.name))
        return options.keys.filter { !known.contains($0) }.sorted()
    }

    /// `region`, `window`, `monitor`, `interactive`, `pick_window`: at most one; none is the screen.
    private static func captureRequest(_ reader: OptionReader) throws -> CaptureRequest {
        var chosen: [(String, CaptureRequest)] = []
        if let value = reader.options["region"] {
            guard let fields = value.fields, fields.count == 4, let x = fields[0].int32, let y = fields[1].int32,
                  let width = fields[2].uint32, let height = fields[3].uint32 else {
                throw reader.wrongType("region", value)
            }
            guard width > 0, height > 0 else {
                throw LiveTextError(.invalidArgs, "option 'region' is empty: width and height must be positive")
            }
            chosen.append(("region", .region(Bounds(x: Int(x), y: Int(y), width: Int(width), height: Int(height)))))
        }
        if let value = reader.options["window"] {
            guard let id = value.uint64.map(UInt.init) ?? value.uint32.map(UInt.init) else {
                throw reader.wrongType("window", value)
            }
            guard id != 0 else {
                throw LiveTextError(.invalidArgs, "option 'window' is 0, which is no window: give the id of a "
                                    + "window (xdotool selectwindow or xwininfo show one), or pick_window to click one")
            }
            chosen.append(("window", .window(id)))
        }
        if let value = reader.options["monitor"] {
            guard let index = value.uint32 else { throw reader.wrongType("monitor", value) }
            chosen.append(("monitor", .monitor(Int(index))))
        }
        for (key, request) in [("interactive", CaptureRequest.select), ("pick_window", .pickWindow)] {
            if try reader.flag(key) == true { chosen.append((key, request)) }
        }
        guard chosen.count <= 1 else {
            throw LiveTextError(.invalidArgs, "options \(chosen.map { "'\($0.0)'" }.joined(separator: " and ")) "
                                + "exclude each other: give one")
        }
        return chosen.first?.1 ?? .screen
    }
}

/// Reads an `a{sv}`'s values by their expected type, with errors that name the key.
private struct OptionReader {
    let options: [String: DBusValue]

    func strings(_ key: String) throws -> [String]? {
        guard let value = options[key] else { return nil }
        guard let list = value.stringArray else { throw wrongType(key, value) }
        return list
    }

    func string(_ key: String) throws -> String? {
        guard let value = options[key] else { return nil }
        guard let string = value.string else { throw wrongType(key, value) }
        return string
    }

    func flag(_ key: String) throws -> Bool? {
        guard let value = options[key] else { return nil }
        guard let flag = value.bool else { throw wrongType(key, value) }
        return flag
    }

    /// A value of the right type that names nothing: "option 'only': unknown type 'x' (expected one of: ...)".
    func refining<T>(_ key: String, _ parse: () throws -> T) throws -> T {
        do {
            return try parse()
        } catch let error as LiveTextError {
            throw LiveTextError(error.code, "option '\(key)': \(error.message)")
        } catch {
            throw LiveTextError(.invalidArgs, "option '\(key)': \(error)")
        }
    }

    func wrongType(_ key: String, _ value: DBusValue) -> LiveTextError {
        let expected = AnalysisRequestOptions.requestKeys.first { $0.name == key }?.expected
            ?? AnalysisRequestOptions.captureKeys.first { $0.name == key }?.expected ?? "something else"
        return LiveTextError(.invalidArgs, "option '\(key)' must be \(expected), not \(value.type.spokenName)")
    }
}

extension AnalysisRequestOptions {
    /// A Wayland socket as a caller may name it: `wayland-1` (letters, digits, `.`, `_`, `-`),
    /// or an absolute path with no `..` step.
    static func isWaylandSocketName(_ name: String) -> Bool {
        guard !name.isEmpty, name.utf8.count <= 255, !name.contains("\u{0}") else { return false }
        if name.hasPrefix("/") {
            return !name.split(separator: "/").contains("..")
        }
        return name != "." && name != ".." && name.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "._-".unicodeScalars.contains($0))
        }
    }
}
