import DBusKit

/// The names of PRODUCT.md's D-Bus contract.
public enum ServiceNames {
    public static let busName = "org.livetext"
    public static let root: DBusObjectPath = "/org/livetext"
    public static let analyzer = "org.livetext.Analyzer1"
    public static let analysis = "org.livetext.Analysis1"
    public static let interaction = "org.livetext.Interaction1"
    /// `org.livetext.Analyzer1.Version`: the interface revision.
    public static let version: UInt32 = 1

    /// `/org/livetext/analysis/TOKEN`, TOKEN 32 random hex digits: another client can neither
    /// guess an analysis' path nor count the analyses made before its own.
    static func newAnalysisPath() -> DBusObjectPath {
        var generator = SystemRandomNumberGenerator()
        let token = (0..<2).map { _ in
            let hex = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
        // Built from hex digits only: always a valid path.
        return try! DBusObjectPath("/org/livetext/analysis/" + token)
    }
}
