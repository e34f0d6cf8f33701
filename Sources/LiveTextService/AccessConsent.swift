/// What a caller asks the daemon to do that a sandbox could not do itself: read what lies
/// outside it (a file by path, the screen, the clipboard), write the clipboard, have the host
/// open something, change the user's settings, or choose the display the daemon talks to.
enum AccessPurpose: Sendable, Hashable {
    /// Read the file at this canonical path (symlinks resolved, `.` and `..` gone).
    case file(String)
    case screen
    case clipboard
    case copy
    /// Open this target with the desktop's opener (`kind` says what it is: a link, an email…).
    case open(kind: String, target: String)
    case settings
    /// Talk to the X display the request names (options `display`, `xauthority`): never granted
    /// to a sandboxed caller, whatever the user said about it.
    case display(String)

    /// The prompt's words for it, shortened to `width` characters around what matters: a path
    /// or target keeps both ends, cut in the middle.
    func phrase(width: Int = 120) -> String {
        switch self {
        case .file(let path): "read the file \(Self.middle(path, width))"
        case .screen: "capture what is on the screen"
        case .clipboard: "read the clipboard"
        case .copy: "put text on the clipboard"
        case .open(let kind, let target): "open \(kind) \(Self.middle(target, width))"
        case .settings: "change livetext's settings"
        case .display(let name): "use the X display \(Self.middle(name, width))"
        }
    }

    /// "read the clipboard and put text on the clipboard".
    static func phrase(_ purposes: [AccessPurpose], width: Int = 120) -> String {
        let phrases = purposes.map { $0.phrase(width: width) }
        guard let last = phrases.last else { return "" }
        return phrases.count == 1 ? last : phrases.dropLast().joined(separator: ", ") + " and " + last
    }

    /// `text` when it fits in `width` characters, else its start and end around an ellipsis, the
    /// end getting the larger half (a path's file name, a URL's last part).
    static func middle(_ text: String, _ width: Int) -> String {
        guard text.count > width, width > 8 else { return text }
        let head = (width - 1) * 2 / 5
        return String(text.prefix(head)) + "…" + String(text.suffix(width - 1 - head))
    }
}

/// The user's answer to a consent prompt.
enum ConsentAnswer: Sendable, Equatable {
    /// This request only.
    case once
    /// This request and, kept in the settings, every later one of the application.
    case always
    /// Refused, and kept in the settings.
    case deny
    /// No answer (the prompt closed, timed out, or could not be shown): refused this time.
    case unanswered(String)

    /// The notification's action keys and labels, in the order shown.
    static let actions: [(key: String, label: String, answer: ConsentAnswer)] = [
        ("consent-once", "Allow Once", .once),
        ("consent-always", "Always Allow", .always),
        ("consent-deny", "Deny", .deny),
    ]

    init?(key: String) {
        guard let match = Self.actions.first(where: { $0.key == key }) else { return nil }
        self = match.answer
    }
}

/// Consent prompts, one an application at a time: a call of an application that is being asked
/// about waits for that prompt to end, then looks at the settings again (an Always Allow or
/// Deny is there by then) and asks anew only if it must.
actor ConsentPrompts {
    private var asking: [String: Task<Void, Never>] = [:]

    /// Runs `ask` once no other prompt for `app` is open; returns its answer.
    func serialized(app: String, _ ask: @escaping @Sendable () async -> ConsentAnswer) async -> ConsentAnswer {
        while let current = asking[app] { await current.value }
        let answer = Task { await ask() }
        asking[app] = Task { _ = await answer.value }
        let result = await answer.value
        asking[app] = nil
        return result
    }
}
