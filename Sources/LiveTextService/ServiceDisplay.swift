import DBusKit
import Foundation
import LiveTextDesktop

extension LiveTextService {
    /// What a daemon without a display tells a caller that needs one.
    public static let withoutDisplayAdvice = "the daemon was started without one (bus activation "
        + "outside the graphical session); pass the request option display (s), e.g. "
        + "{'display': <':0'>}, as livetext does by itself, or run `dbus-update-activation-environment "
        + "--systemd DISPLAY XAUTHORITY` and restart the daemon (`systemctl --user restart livetext`)"

    /// A daemon started without a display takes the one a request names (options `display` and
    /// `xauthority`, which the CLI sends from its environment), and grabs its hotkeys on it. A
    /// daemon with a display keeps it.
    func adoptDisplay(_ options: AnalysisRequestOptions) {
        // `adopt` refuses when the desktop has a display; the decoder refused a relative xauthority.
        guard let name = options.display, desktop.adopt(display: name) else { return }
        // Xlib reads the cookie file's path from the environment when it connects.
        if let file = options.xauthority,
           ProcessInfo.processInfo.environment["XAUTHORITY", default: ""].isEmpty {
            setenv("XAUTHORITY", file, 1)
        }
        log.info("display \(name) taken from a request (the daemon was started without DISPLAY)")
        Task { [weak self] in
            await self?.stopHotkeys()
            await self?.startHotkeys()
        }
    }
}
