import CDBus

/// A Swift layer over libdbus-1.
///
/// - Values: ``DBusValue`` (every D-Bus type; `ay` as ``DBusValue/bytes(_:)``, `h` as an owning
///   ``DBusFileDescriptor``), ``DBusType``, ``DBusSignature``, ``DBusObjectPath``, conversions through
///   ``DBusRepresentable`` (`[String: DBusValue]` is `a{sv}`).
/// - ``DBusConnection``: session bus or any address; one serial queue per connection, driven by
///   libdbus watches and timeouts (no blocking loop); `async` calls with timeouts, names, signals,
///   match-rule subscriptions.
/// - Exported objects: ``DBusInterface`` with ``DBusMethod``, ``DBusProperty``, ``DBusSignal``. Handlers
///   are `async` and run in their own tasks; `Introspectable`, `Properties` and `Peer` come built in.
/// - Errors: ``DBusError`` (a name and a message), both thrown by calls and thrown by handlers.
///
/// A service, in the order systemd `Type=dbus` needs (objects first, then the name):
///
/// ```swift
/// let bus = try await DBusConnection.session()
/// let analyzer = DBusInterface("org.livetext.Analyzer1", doc: "Analyzes images.",
///     methods: [
///         DBusMethod("Detect", inputs: [DBusArgument("text", "s"), DBusArgument("options", "a{sv}")],
///                    outputs: [DBusArgument("items", "aa{sv}")], doc: "Runs the data detectors.") { call in
///             let text = call[0].string!                       // types already checked: InvalidArgs otherwise
///             let only = call[1]["only"]?.stringArray ?? []     // a{sv} lookup, variant unwrapped
///             guard text.utf8.count < 1_000_000 else {
///                 throw DBusError(name: "org.livetext.Error.TooLarge", message: "text too long")
///             }
///             return [.vardicts(detect(text, only))]
///         },
///     ],
///     properties: [DBusProperty("Version", type: "u", emitsChanged: .const, get: { .uint32(1) })],
///     signals: [DBusSignal("AnalysisFinished", arguments: [DBusArgument("analysis", "o"), DBusArgument("state", "s")])])
/// try bus.export("/org/livetext", interfaces: [analyzer])
/// guard try await bus.requestName("org.livetext", flags: .doNotQueue) == .primaryOwner else {
///     exit(0)                                                   // another daemon owns it
/// }
/// try bus.emitSignal(path: "/org/livetext", interface: "org.livetext.Analyzer1",
///                    member: "AnalysisFinished", arguments: [.objectPath("/org/livetext/analysis/1"), "finished"])
///
/// // Callers leaving the bus:
/// Task {
///     for await signal in try await bus.signals(matching: .nameOwnerChanged()) {
///         if let change = NameOwnerChange(signal), change.isDisconnect { releaseAnalyses(of: change.name) }
///     }
/// }
/// ```
///
/// A client:
///
/// ```swift
/// let reply = try await bus.call(destination: "org.livetext", path: "/org/livetext",
///                                interface: "org.livetext.Analyzer1", member: "AnalyzeImageFd",
///                                arguments: [.unixFD(try DBusKit.makeMemoryFile(contents: png)), .vardict([:])],
///                                timeout: .seconds(60))
/// let analysis = reply[0].objectPath!
/// ```
public enum DBusKit {
    /// The libdbus version this process runs with, e.g. `1.14.10`.
    public static var libraryVersion: String {
        var major: Int32 = 0, minor: Int32 = 0, micro: Int32 = 0
        dbus_get_version(&major, &minor, &micro)
        return "\(major).\(minor).\(micro)"
    }

    /// Creates an anonymous memory file (`memfd_create`, close-on-exec) holding `bytes`, the way to
    /// hand large data such as pixels to another process as an `h` argument.
    public static func makeMemoryFile(name: String = "dbuskit", contents bytes: [UInt8]) throws -> DBusFileDescriptor {
        let closeOnExec: UInt32 = 1  // MFD_CLOEXEC
        let fd = cdbus_memfd_create(name, closeOnExec)
        guard fd >= 0 else { throw DBusError.failed("memfd_create failed") }
        let file = DBusFileDescriptor(owning: fd)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            guard written > 0 else { throw DBusError.failed("cannot write the memory file") }
            offset += written
        }
        return file
    }
}
