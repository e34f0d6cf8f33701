/// What an X display name a client hands over may look like: `:0`, `:1.0`, `host:10.0`,
/// `unix:0`, `/tmp/.X11-unix/X0` (a socket path): nothing a shell or Xlib would read as more.
public enum X11DisplayName {
    public static func isValid(_ name: String) -> Bool {
        guard name.utf8.count <= 255, let colon = name.lastIndex(of: ":") ?? (name.hasPrefix("/") ? name.endIndex : nil)
        else { return false }
        let host = name[..<colon]
        let allowedHost = host.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "._-/[]".unicodeScalars.contains($0))
        }
        guard allowedHost else { return false }
        if colon == name.endIndex { return name.count > 1 }
        let number = name[name.index(after: colon)...].split(separator: ".", omittingEmptySubsequences: false)
        return (1...2).contains(number.count) && number.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
    }
}

extension X11DisplayName {
    /// The name that reaches a local display through its Unix socket only: `:1` and `:1.0` as
    /// `unix:1` and `unix:1.0` (given an empty host, Xlib falls back to TCP on localhost when the
    /// socket is missing, and would send the display's cookie to whoever listens there), `unix:N`
    /// and socket paths as they are; nil for a display over TCP (`host:N`, `localhost:N`).
    public static func unixSocketForm(_ name: String) -> String? {
        guard isValid(name) else { return nil }
        if name.hasPrefix("/") || name.hasPrefix("unix:") { return name }
        return name.hasPrefix(":") ? "unix" + name : nil
    }
}
