/// What a sandboxed caller asks the daemon to do that it could not do itself: read what lies
/// outside its sandbox (a file by path, the screen, the clipboard) or write the clipboard.
enum AccessPurpose: Sendable, Hashable {
    case file(String)
    case screen
    case clipboard
    case copy

    /// "read the file /home/me/a.png", for the consent prompt.
    var phrase: String {
        switch self {
        case .file(let path): "read the file \(path.count <= 120 ? path : String(path.prefix(119)) + "…")"
        case .screen: "capture what is on the screen"
        case .clipboard: "read the clipboard"
        case .copy: "put text on the clipboard"
        }
    }

    /// "read the clipboard and put text on the clipboard".
    static func phrase(_ purposes: [AccessPurpose]) -> String {
        let phrases = purposes.map(\.phrase)
        guard let last = phrases.last else { return "" }
        return phrases.count == 1 ? last : phrases.dropLast().joined(separator: ", ") + " and " + last
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
