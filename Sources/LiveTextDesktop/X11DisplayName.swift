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
