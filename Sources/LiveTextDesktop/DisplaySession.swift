import Foundation
import LiveTextCore

/// Which display server a process (or one request to the daemon) works with, and where it is:
/// chosen once, from the environment or a request's options, and passed as a value (never by
/// changing the daemon's environment).
public enum DisplaySession: Sendable, Hashable, CustomStringConvertible {
    /// An X display (`$DISPLAY` when nil) and the Xauthority file that opens it (nil: as Xlib chooses).
    case x11(display: String?, xauthority: String?)
    /// A Wayland compositor's socket (a name in `runtimeDirectory`, or a path), with the X display
    /// of its Xwayland when there is one: its clipboard is the session's, and its windows show.
    case wayland(socket: String, runtimeDirectory: String?, xwayland: String?)

    /// The variable that overrides the choice: `x11` or `wayland`.
    public static let overrideVariable = "LIVETEXT_BACKEND"

    /// The session `environment` describes: `LIVETEXT_BACKEND` when set (`x11`, `wayland`),
    /// else Wayland when `WAYLAND_DISPLAY` is set, else X11 (`DISPLAY`, perhaps unset: the error
    /// comes when the display is first needed). Throws `invalidArgs` for an unknown override, and
    /// `unavailable` for `wayland` without `WAYLAND_DISPLAY`.
    public static func choose(environment: [String: String]) throws -> DisplaySession {
        let display = environment["DISPLAY"].flatMap { $0.isEmpty ? nil : $0 }
        let wayland = environment["WAYLAND_DISPLAY"].flatMap { $0.isEmpty ? nil : $0 }
        let runtime = environment["XDG_RUNTIME_DIR"].flatMap { $0.isEmpty ? nil : $0 }
        let x11 = DisplaySession.x11(display: display, xauthority: environment["XAUTHORITY"].flatMap { $0.isEmpty ? nil : $0 })
        switch environment[overrideVariable]?.lowercased() ?? "" {
        case "", "auto":
            guard let wayland else { return x11 }
            return .wayland(socket: wayland, runtimeDirectory: runtime, xwayland: display)
        case "x11":
            return x11
        case "wayland":
            guard let wayland else {
                throw LiveTextError(.unavailable, "\(overrideVariable)=wayland, but WAYLAND_DISPLAY is not set: "
                                    + "run livetext inside the Wayland session")
            }
            return .wayland(socket: wayland, runtimeDirectory: runtime, xwayland: display)
        case let other:
            throw LiveTextError(.invalidArgs, "\(overrideVariable)='\(other.prefix(40))' is neither x11 nor wayland "
                                + "(unset: Wayland when WAYLAND_DISPLAY is set, else X11)")
        }
    }

    /// The X display to use for what only X11 does yet (the live surface, hotkeys): the display
    /// itself, or a Wayland session's Xwayland.
    public var xDisplay: String? {
        switch self {
        case .x11(let display, _): display
        case .wayland(_, _, let xwayland): xwayland
        }
    }

    /// The Wayland socket's absolute path, as a request hands it on; nil for X11, or for a name
    /// without a runtime directory to find it in.
    public var waylandSocketPath: String? {
        guard case .wayland(let socket, let runtime, _) = self else { return nil }
        return Self.waylandSocketPath(socket, runtimeDirectory: runtime)
    }

    /// `socket` itself when it is a path, else the name in `runtimeDirectory`.
    public static func waylandSocketPath(_ socket: String, runtimeDirectory: String?) -> String? {
        if socket.hasPrefix("/") { return socket }
        guard let runtimeDirectory, !runtimeDirectory.isEmpty else { return nil }
        return runtimeDirectory + "/" + socket
    }

    /// The display as its variable says it: `DISPLAY` of an X11 session (nil: `$DISPLAY`), the
    /// Wayland socket of a Wayland one.
    public var displayName: String? {
        switch self {
        case .x11(let display, _): display ?? ProcessInfo.processInfo.environment["DISPLAY"].flatMap { $0.isEmpty ? nil : $0 }
        case .wayland(let socket, _, _): socket
        }
    }

    public var isWayland: Bool {
        if case .wayland = self { return true }
        return false
    }

    /// How a log line names it: `x11 :0`, `wayland wayland-1`.
    public var description: String {
        switch self {
        case .x11(let display, _): "x11 " + (display ?? "$DISPLAY")
        case .wayland(let socket, _, let xwayland): "wayland " + socket + (xwayland.map { " (Xwayland \($0))" } ?? "")
        }
    }
}
