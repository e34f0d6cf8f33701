import CDBus

/// A Swift layer over libdbus-1 (placeholder until the layer lands).
public enum DBusKit {
    /// The libdbus version this process runs with, e.g. `1.14.10`.
    public static var libraryVersion: String {
        var major: Int32 = 0, minor: Int32 = 0, micro: Int32 = 0
        dbus_get_version(&major, &minor, &micro)
        return "\(major).\(minor).\(micro)"
    }
}
