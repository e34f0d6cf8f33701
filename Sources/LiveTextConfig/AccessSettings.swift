/// `[access]`: the sandboxed applications (Flatpak, snap) the user answered for once and for all.
/// Any other sandboxed caller is asked about, each time, before the daemon reads a file, the
/// screen or the clipboard for it, or copies; programs outside a sandbox are never asked.
public struct AccessSettings: Sendable, Hashable {
    /// Application ids that need not ask ("Always Allow").
    public var allowed: [String]
    /// Application ids refused without asking ("Deny").
    public var denied: [String]
    /// Whether a request's `display` may name a display over TCP (`host:N`); local displays
    /// (a Unix socket) only otherwise.
    public var remoteDisplays: Bool

    public init(allowed: [String] = [], denied: [String] = [], remoteDisplays: Bool = false) {
        self.allowed = allowed
        self.denied = denied
        self.remoteDisplays = remoteDisplays
    }

    /// What the user said for `id`: `true` allowed, `false` denied, `nil` not yet (ask). A denial
    /// wins over an allowance in a file that names the application in both.
    public func decision(for id: String) -> Bool? {
        if denied.contains(id) { return false }
        return allowed.contains(id) ? true : nil
    }

    /// `id` recorded as allowed (`true`) or denied, and dropped from the other list.
    public mutating func record(_ id: String, allowed isAllowed: Bool) {
        allowed.removeAll { $0 == id }
        denied.removeAll { $0 == id }
        if isAllowed { allowed.append(id) } else { denied.append(id) }
    }

    /// A Flatpak application id (`org.example.App`: ASCII letters, digits, `_`, `-` and dots) or
    /// `snap.NAME`, up to 255 characters.
    public static func isApplicationID(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= 255 && !text.hasPrefix(".") && !text.hasSuffix(".")
            && text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)
                || $0 == "." || $0 == "_" || $0 == "-") }
    }
}
