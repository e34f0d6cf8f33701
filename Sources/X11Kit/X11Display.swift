import CX11
import Foundation
import Glibc
import LiveTextCore
import Synchronization

/// One connection to an X server.
///
/// Xlib connections are not thread-safe: each user (capture, clipboard owner, hotkeys) opens its
/// own and keeps it on one thread or serial queue, hence `@unchecked Sendable`. Errors the server
/// reports are collected per connection (`trapErrors`), never printed; a connection whose server
/// goes away is marked broken instead of exiting the process (Xlib's default).
public final class X11Display: @unchecked Sendable {
    /// The `Display *`; valid until `close()`.
    public let handle: OpaquePointer
    /// The display name it was opened with, e.g. `:0`.
    public let name: String
    public let screen: Int32
    public let root: Window

    /// Opens `name`, or `$DISPLAY` when nil; with `authority`, the cookie that Xauthority file
    /// holds for it instead of `$XAUTHORITY`'s.
    ///
    /// Throws `LiveTextError.unavailable` when there is no display to open, with a message that
    /// says what to set.
    public init(name: String? = nil, authority: String? = nil) throws {
        X11Errors.installHandlers()
        let requested = name ?? ProcessInfo.processInfo.environment["DISPLAY"] ?? ""
        guard !requested.isEmpty else {
            let wayland = ProcessInfo.processInfo.environment["WAYLAND_DISPLAY", default: ""]
            throw LiveTextError(.unavailable, "no X display: DISPLAY is not set" + (wayland.isEmpty ? "" :
                "; this is a Wayland session (WAYLAND_DISPLAY=\(wayland)), whose screen livetext cannot read yet"))
        }
        guard let handle = XAuthority.open(requested, authority: authority) else {
            throw LiveTextError(.unavailable, "cannot open X display '\(requested)' (is the X server running, and XAUTHORITY right?)")
        }
        self.handle = handle
        self.name = requested
        self.screen = lt_DefaultScreen(handle)
        self.root = lt_RootWindow(handle, screen)
        // A connection closed earlier may have had this address and left a mark behind.
        X11Errors.forget(handle)
        XSetIOErrorExitHandler(handle, { display, _ in X11Errors.markBroken(display) }, nil)
    }

    deinit { close() }

    /// Whether the server is Xwayland, once asked (`isXwayland`).
    let xwayland = Mutex<Bool?>(nil)

    private let closed = Atomic<Bool>(false)

    /// True once `close()` was called: `handle` must not be used any more.
    public var isClosed: Bool { closed.load(ordering: .acquiring) }

    /// Closes the connection (once, whichever threads call it; later calls do nothing: a second
    /// `XCloseDisplay` would free the display's memory twice).
    public func close() {
        guard closed.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else { return }
        if isBroken {
            // No Xlib call after the server went away (Xlib expects the process to exit then, and
            // XCloseDisplay on a dead server can block): close the socket alone, which is all
            // the kernel holds. The `Display` itself (a few KiB) stays allocated.
            Glibc.close(connectionNumber)
        } else {
            XCloseDisplay(handle)
        }
        // After closing: closing may report the server gone once more.
        X11Errors.forget(handle)
    }

    /// True once the server went away: the connection can only be closed.
    public var isBroken: Bool { X11Errors.isBroken(handle) }

    /// Reads what the server sent without blocking, so a server that went away since the last
    /// request shows as `isBroken` now, before the connection is used, instead of failing the
    /// next request. Events read are queued as usual.
    public func noticeIfGone() {
        guard !isClosed, !isBroken else { return }
        var entry = pollfd(fd: connectionNumber, events: Int16(POLLIN), revents: 0)
        if poll(&entry, 1, 0) > 0 { _ = XEventsQueued(handle, QueuedAfterReading) }
    }

    /// Throws `LiveTextError.unavailable` when the server went away.
    public func checkAlive() throws {
        if isBroken { throw LiveTextError(.unavailable, "the X display '\(name)' went away") }
    }

    /// Size of the default screen (the root window), in pixels.
    public var screenSize: (width: Int, height: Int) {
        (Int(lt_DisplayWidth(handle, screen)), Int(lt_DisplayHeight(handle, screen)))
    }

    /// The atom named `name`, created when it does not exist yet.
    public func atom(_ name: String) -> Atom {
        XInternAtom(handle, name, 0)
    }

    /// The name of `atom`, or nil for None or an unknown atom.
    public func atomName(_ atom: Atom) -> String? {
        guard atom != 0 else { return nil }
        var name: UnsafeMutablePointer<CChar>?
        let error = trapErrors { name = XGetAtomName(handle, atom) }
        guard error == nil, let name else { return nil }
        defer { XFree(name) }
        return String(cString: name)
    }

    /// Sends everything queued and waits until the server has processed it.
    public func sync() { XSync(handle, 0) }

    public func flush() { XFlush(handle) }

    /// Runs `body` and returns the first protocol error the server reported for it (the
    /// requests are synced first), or nil when there was none.
    @discardableResult
    public func trapErrors(_ body: () throws -> Void) rethrows -> X11ProtocolError? {
        XSync(handle, 0)
        _ = X11Errors.take(handle)
        try body()
        XSync(handle, 0)
        return X11Errors.take(handle)
    }

    /// The socket of the connection, for waiting on events with poll/Dispatch.
    public var connectionNumber: Int32 { lt_ConnectionNumber(handle) }
}

/// An error the X server reported for a request (an `XErrorEvent`).
public struct X11ProtocolError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `BadWindow`, `BadMatch`, `BadAccess`, ... (the Xlib error code).
    public let code: UInt8
    public let request: UInt8
    public let resource: UInt

    public static let badAccess: UInt8 = 10
    public static let badWindow: UInt8 = 3
    public static let badMatch: UInt8 = 8
    public static let badDrawable: UInt8 = 9

    public var description: String {
        let names: [UInt8: String] = [1: "BadRequest", 2: "BadValue", 3: "BadWindow", 4: "BadPixmap", 5: "BadAtom",
                                      8: "BadMatch", 9: "BadDrawable", 10: "BadAccess", 11: "BadAlloc"]
        return "\(names[code] ?? "X error \(code)") (request \(request), resource 0x\(String(resource, radix: 16)))"
    }
}

/// Process-wide Xlib error handlers (Xlib has one per process), recording errors per connection.
enum X11Errors {
    private struct State {
        var errors: [UInt: X11ProtocolError] = [:]
        var broken: Set<UInt> = []
        var installed = false
    }

    private static let state = Mutex(State())

    private static func key(_ display: OpaquePointer?) -> UInt { UInt(bitPattern: display.map { Int(bitPattern: $0) } ?? 0) }

    static func installHandlers() {
        state.withLock { state in
            guard !state.installed else { return }
            state.installed = true
            // In the lock: no connection opens before the handlers are in place.
            XSetErrorHandler { display, event in
                guard let event else { return 0 }
                let error = X11ProtocolError(code: event.pointee.error_code, request: event.pointee.request_code,
                                             resource: UInt(event.pointee.resourceid))
                X11Errors.record(error, on: display)
                return 0
            }
            // Called before the exit handler; the exit handler (per connection) marks it broken.
            XSetIOErrorHandler { display in
                X11Errors.markBroken(display)
                return 0
            }
        }
    }

    static func record(_ error: X11ProtocolError, on display: OpaquePointer?) {
        let key = key(display)
        state.withLock { state in
            if state.errors[key] == nil { state.errors[key] = error }
        }
    }

    static func take(_ display: OpaquePointer) -> X11ProtocolError? {
        let key = key(display)
        return state.withLock { $0.errors.removeValue(forKey: key) }
    }

    static func markBroken(_ display: OpaquePointer?) {
        let key = key(display)
        _ = state.withLock { $0.broken.insert(key) }
    }

    static func isBroken(_ display: OpaquePointer) -> Bool {
        let key = key(display)
        return state.withLock { $0.broken.contains(key) }
    }

    static func forget(_ display: OpaquePointer) {
        let key = key(display)
        state.withLock { state in
            state.errors.removeValue(forKey: key)
            state.broken.remove(key)
        }
    }
}
