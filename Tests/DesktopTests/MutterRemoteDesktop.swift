import DBusKit
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import TestSupport

/// Keys and the clipboard of a headless GNOME, driven through mutter's own
/// `org.gnome.Mutter.RemoteDesktop` D-Bus service (what gnome-remote-desktop uses): no consent
/// dialog, no screen-cast stream needed for keys; the clipboard read is a pipe mutter writes.
final class MutterRemoteDesktop: Sendable {
    static let name = "org.gnome.Mutter.RemoteDesktop"
    private let bus: DBusConnection
    private let session: DBusObjectPath

    private init(bus: DBusConnection, session: DBusObjectPath) {
        self.bus = bus
        self.session = session
    }

    /// A started session with the clipboard enabled, on `gnome`'s bus.
    static func start(on gnome: GnomeShellServer) async throws -> MutterRemoteDesktop {
        let bus = try await DBusConnection.connect(address: gnome.sessionBus)
        let reply = try await bus.call(destination: name, path: "/org/gnome/Mutter/RemoteDesktop",
                                       interface: name, member: "CreateSession")
        guard let session = reply.first?.objectPath else { throw TestFailure("CreateSession answered \(reply)") }
        let remote = MutterRemoteDesktop(bus: bus, session: session)
        try await remote.call("Start")
        try await remote.call("EnableClipboard", [.vardict([:])])
        return remote
    }

    @discardableResult
    private func call(_ member: String, _ arguments: [DBusValue] = []) async throws -> [DBusValue] {
        try await bus.call(destination: Self.name, path: session, interface: Self.name + ".Session", member: member,
                           arguments: arguments, timeout: .seconds(10))
    }

    /// Presses `modifiers` (keysyms), then taps `key`, then lets the modifiers go.
    func press(_ key: UInt32, with modifiers: [UInt32] = []) async throws {
        for modifier in modifiers { try await call("NotifyKeyboardKeysym", [.uint32(modifier), .bool(true)]) }
        try await call("NotifyKeyboardKeysym", [.uint32(key), .bool(true)])
        try await call("NotifyKeyboardKeysym", [.uint32(key), .bool(false)])
        for modifier in modifiers.reversed() { try await call("NotifyKeyboardKeysym", [.uint32(modifier), .bool(false)]) }
        try await Task.sleep(for: .milliseconds(150))
    }

    /// Moves the pointer to (`x`, `y`) of a screen `height` pixels high and clicks the left button
    /// there. Absolute motion needs a screen-cast stream (PipeWire), so the pointer is pushed into
    /// the bottom-left corner first (the top-left one is the Shell's hot corner: the overview) and
    /// moved from there (mutter does not accelerate a virtual pointer).
    func click(x: Double, y: Double, height: Int) async throws {
        try await call("NotifyPointerMotionRelative", [.double(-10_000), .double(10_000)])
        try await call("NotifyPointerMotionRelative", [.double(x), .double(y - Double(height - 1))])
        try await Task.sleep(for: .milliseconds(150))
        try await call("NotifyPointerButton", [.int32(0x110), .bool(true)])
        // A press on the Shell's stop button ends this very session: its release has nowhere to go.
        _ = try? await call("NotifyPointerButton", [.int32(0x110), .bool(false)])
        try await Task.sleep(for: .milliseconds(150))
    }

    /// Keysyms (X11's keysymdef.h).
    static let control: UInt32 = 0xffe3, escape: UInt32 = 0xff1b, a: UInt32 = 0x61, c: UInt32 = 0x63
    static let tab: UInt32 = 0xff09, space: UInt32 = 0x20, returnKey: UInt32 = 0xff0d, alt: UInt32 = 0xffe9, s: UInt32 = 0x73,
        shift: UInt32 = 0xffe1

    /// The clipboard's text as mutter serves it (nil: nothing, or no text).
    func clipboardText() async throws -> String? {
        let reply: [DBusValue]
        do { reply = try await call("SelectionRead", [.string("text/plain;charset=utf-8")]) } catch { return nil }
        guard let fd = reply.first?.fileDescriptor?.take() else { return nil }
        // mutter's end may come non-blocking: read it blocking, as FileHandle expects.
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        let data = try await offPool { handle.readDataToEndOfFile() }
        return String(decoding: data, as: UTF8.self)
    }

    func stop() async {
        _ = try? await call("Stop")
        bus.close()
    }
}
