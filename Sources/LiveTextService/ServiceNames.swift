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

    /// `/org/livetext/analysis/N`.
    static func analysisPath(_ id: Int) -> DBusObjectPath {
        // swiftlint-free: the path is built from a number, it is always valid.
        try! DBusObjectPath("/org/livetext/analysis/\(id)")
    }
}
