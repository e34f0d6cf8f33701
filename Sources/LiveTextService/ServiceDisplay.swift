import DBusKit
import Foundation
import LiveTextCore
import LiveTextDesktop
import Synchronization

extension LiveTextService {
    /// What a daemon without a display tells a caller that needs one.
    public static let withoutDisplayAdvice = "the daemon was started without one (bus activation "
        + "outside the graphical session); pass the request option display (s), e.g. "
        + "{'display': <':0'>}, as livetext does by itself, or run `dbus-update-activation-environment "
        + "--systemd DISPLAY XAUTHORITY` and restart the daemon (`systemctl --user restart livetext`)"

    /// The desktop a request works on: the daemon's own, or the session the request names
    /// (options `display`, `xauthority` and `wayland_display`, which the CLI sends from its
    /// environment, and which the access gate takes from programs outside a sandbox alone) for
    /// this request only: the daemon's own session, and its hotkeys, never change. Only local
    /// displays (a Unix socket) are taken, unless `[access] remote_displays` allows TCP: over TCP,
    /// Xlib would hand the user's cookie for that display to whoever listens there.
    func desktop(for options: RequestOptions) throws -> Desktop {
        try desktop(named: options.display, xauthority: options.xauthority, wayland: options.waylandDisplay)
    }

    /// The desktop of X display `name` or of Wayland socket `wayland` with `name` its Xwayland
    /// (both nil: the daemon's own).
    func desktop(named name: String?, xauthority: String? = nil, wayland: String? = nil) throws -> Desktop {
        let xwayland = try name.map(localDisplay)
        if let wayland {
            let socket = try WaylandSocket.resolve(wayland)
            if desktop.session?.waylandSocketPath == socket {
                return desktop
            }
            return requestedDesktops.desktop(.wayland(socket: socket, runtimeDirectory: nil, xwayland: xwayland))
        }
        guard let name, let xwayland, name != desktop.displayName ?? ProcessInfo.processInfo.environment["DISPLAY"] else {
            return desktop
        }
        return requestedDesktops.desktop(.x11(display: xwayland, xauthority: xauthority))
    }

    /// The name by which the daemon opens X display `name`: through its Unix socket, or as given
    /// over TCP when `[access] remote_displays` allows it.
    private func localDisplay(_ name: String) throws -> String {
        if let local = X11DisplayName.unixSocketForm(name) { return local }
        guard X11DisplayName.isValid(name), settings.settings.access.remoteDisplays else {
            throw LiveTextError(.invalidArgs, "display '\(name.prefix(80))' is not a local display (':N', 'unix:N' or a "
                                + "socket path): the daemon connects to displays over TCP only when [access] "
                                + "remote_displays allows it")
        }
        return name
    }
}

/// Where a request's Wayland socket is: a name in the daemon's runtime directory, or a path; it
/// must be a Unix socket (a compositor's), not any file.
enum WaylandSocket {
    static func resolve(_ socket: String) throws -> String {
        let runtime = ProcessInfo.processInfo.environment["XDG_RUNTIME_DIR"]
        guard let path = DisplaySession.waylandSocketPath(socket, runtimeDirectory: runtime) else {
            throw LiveTextError(.invalidArgs, "wayland_display '\(socket.prefix(80))' is a name, but the daemon has no "
                                + "XDG_RUNTIME_DIR to find it in: pass its absolute path")
        }
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFSOCK else {
            throw LiveTextError(.invalidArgs, "wayland_display '\(socket.prefix(80))' is not a Wayland socket (\(path.prefix(200)))")
        }
        return path
    }
}

/// The desktops of the displays requests named, apart from the daemon's own: kept while they
/// may serve a copy, the least recently used closed when there are more than a few.
final class RequestedDesktops: Sendable {
    private struct Entry {
        let desktop: Desktop
        var used: UInt64
    }

    static let kept = 4
    private let entries = Mutex<(map: [DisplaySession: Entry], clock: UInt64)>(([:], 0))

    func desktop(_ session: DisplaySession) -> Desktop {
        let key = session
        let (desktop, evicted) = entries.withLock { state -> (Desktop, Desktop?) in
            state.clock += 1
            if var entry = state.map[key] {
                entry.used = state.clock
                state.map[key] = entry
                return (entry.desktop, nil)
            }
            let fresh = Desktop(session: session)
            state.map[key] = Entry(desktop: fresh, used: state.clock)
            guard state.map.count > Self.kept, let oldest = state.map.min(by: { $0.value.used < $1.value.used }) else {
                return (fresh, nil)
            }
            state.map[oldest.key] = nil
            return (fresh, oldest.value.desktop)
        }
        evicted?.close()
        return desktop
    }

    func closeAll() {
        let all = entries.withLock { state in
            defer { state.map = [:] }
            return state.map.values.map(\.desktop)
        }
        all.forEach { $0.close() }
    }
}
