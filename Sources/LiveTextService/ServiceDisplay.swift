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

    /// The desktop a request works on: the daemon's own, or the display the request names
    /// (options `display` and `xauthority`, which the CLI sends from its environment, and which
    /// the access gate takes from programs outside a sandbox alone) for this request only: the
    /// daemon's own display, and its hotkeys, never change. Only local displays (a Unix socket)
    /// are taken, unless `[access] remote_displays` allows TCP: over TCP, Xlib would hand the
    /// user's cookie for that display to whoever listens there.
    func desktop(for options: RequestOptions) throws -> Desktop {
        try desktop(named: options.display, xauthority: options.xauthority)
    }

    /// The desktop of display `name` (nil: the daemon's own).
    func desktop(named name: String?, xauthority: String? = nil) throws -> Desktop {
        guard let name, name != desktop.displayName ?? ProcessInfo.processInfo.environment["DISPLAY"] else {
            return desktop
        }
        guard let local = X11DisplayName.unixSocketForm(name) else {
            guard X11DisplayName.isValid(name), settings.settings.access.remoteDisplays else {
                throw LiveTextError(.invalidArgs, "display '\(name.prefix(80))' is not a local display (':N', 'unix:N' or a "
                                    + "socket path): the daemon connects to displays over TCP only when [access] "
                                    + "remote_displays allows it")
            }
            return requestedDesktops.desktop(name, xauthority: xauthority, withoutDisplay: nil)
        }
        return requestedDesktops.desktop(local, xauthority: xauthority, withoutDisplay: nil)
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
    private let entries = Mutex<(map: [String: Entry], clock: UInt64)>(([:], 0))

    func desktop(_ name: String, xauthority: String?, withoutDisplay: String?) -> Desktop {
        let key = name + "\u{0}" + (xauthority ?? "")
        let (desktop, evicted) = entries.withLock { state -> (Desktop, Desktop?) in
            state.clock += 1
            if var entry = state.map[key] {
                entry.used = state.clock
                state.map[key] = entry
                return (entry.desktop, nil)
            }
            let fresh = Desktop(displayName: name, xauthority: xauthority)
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
