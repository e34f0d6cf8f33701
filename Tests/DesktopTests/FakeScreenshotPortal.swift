import DBusKit
import Foundation
import TestSupport

/// A stand-in for xdg-desktop-portal's Screenshot on a private bus, for what the real portal does
/// not do headless here (xdg-desktop-portal-kde answers 1 without a screen to ask on): it owns
/// `org.freedesktop.portal.Desktop` and answers `Screenshot` with a copy of `png`, through the
/// request's `Response` signal, as the portal does.
final class FakeScreenshotPortal: Sendable {
    private let connection: DBusConnection
    /// The copies handed out, which the caller must remove.
    let handedOut: URL

    private init(connection: DBusConnection, handedOut: URL) {
        self.connection = connection
        self.handedOut = handedOut
    }

    static func serve(on bus: TestBus, png: URL) async throws -> FakeScreenshotPortal {
        let connection = try await DBusConnection.connect(address: bus.address)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fake-portal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let screenshot = DBusMethod("Screenshot", inputs: [DBusArgument("parent_window", "s"), DBusArgument("options", "a{sv}")],
                                    outputs: [DBusArgument("handle", "o")]) { call in
            guard let token = call[1].vardict?["handle_token"]?.unwrapped.string else {
                throw DBusError.invalidArgs("no handle_token")
            }
            let sender = call.sender.dropFirst().replacingOccurrences(of: ".", with: "_")
            let handle = try DBusObjectPath("/org/freedesktop/portal/desktop/request/\(sender)/\(token)")
            let copy = folder.appendingPathComponent("Screenshot-\(token).png")
            try FileManager.default.copyItem(at: png, to: copy)
            // After the reply, as the portal does once the user (or the policy) answered.
            Task {
                try await Task.sleep(for: .milliseconds(50))
                try connection.emitSignal(path: handle, interface: "org.freedesktop.portal.Request", member: "Response",
                                          arguments: [.uint32(0), .vardict(["uri": .string(copy.absoluteString)])],
                                          destination: call.sender)
            }
            return [.objectPath(handle)]
        }
        try connection.export("/org/freedesktop/portal/desktop",
                              interfaces: [DBusInterface("org.freedesktop.portal.Screenshot", methods: [screenshot])])
        guard try await connection.requestName("org.freedesktop.portal.Desktop", flags: .doNotQueue) == .primaryOwner else {
            throw TestFailure("the fake could not own org.freedesktop.portal.Desktop")
        }
        return FakeScreenshotPortal(connection: connection, handedOut: folder)
    }

    func close() {
        connection.close()
        try? FileManager.default.removeItem(at: handedOut)
    }
}
