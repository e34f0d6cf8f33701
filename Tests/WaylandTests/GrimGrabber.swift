import Foundation
import LiveTextCore
import Synchronization
import Testing
import TestSupport
import WaylandKit

/// A `ScreenGrabber` of the test's own: the whole screen as grim reads it (the layout from its
/// top-left corner, at the largest output scale), as GNOME's Screenshot portal and KWin's
/// ScreenShot2 give it. Or, with a reason, one that cannot read the screen (its service is gone).
final class GrimGrabber: ScreenGrabber {
    let spokenName = "the test's grim"
    private let environment: [String: String]
    private let reason: String?
    private let count = Mutex(0)

    init(_ sway: SwayServer, unavailable reason: String? = nil) {
        environment = sway.environment.merging(["PATH": "/usr/bin:/bin"]) { $1 }
        self.reason = reason
    }

    /// How many times the screen was grabbed.
    var grabs: Int { count.withLock { $0 } }

    func unavailableReason() -> String? { reason }

    func grabScreen(within deadline: Duration) throws -> PixelImage {
        if let reason { throw LiveTextError(.unavailable, reason) }
        count.withLock { $0 += 1 }
        let result = try ChildProcess.runBlocking("/usr/bin/grim", ["-t", "ppm", "-"], environment: environment, timeout: deadline)
        guard result.status == 0 else {
            throw LiveTextError(.failed, "grim: \(String(decoding: result.stderr, as: UTF8.self))")
        }
        return try GrimPeer.ppm(result.stdout)
    }
}

extension WaylandBackend {
    /// What GNOME's mutter lacks of what sway offers: the backend acts as if sway did not offer it.
    static let notOnGnome: Set<String> = ["zwlr_layer_shell_v1", "zwlr_screencopy_manager_v1", "zwlr_data_control_manager_v1"]

    /// A backend on `sway` as on GNOME: no layer shell, screencopy or data-control; the screen read
    /// by `grabber` (grim's, when nil).
    static func gnomeLike(_ sway: SwayServer, grabber: GrimGrabber? = nil, activationToken: String? = nil) -> WaylandBackend {
        WaylandBackend(socket: sway.waylandDisplay, runtimeDirectory: sway.runtimeDirectory.path,
                       grabber: grabber ?? GrimGrabber(sway), withoutProtocols: notOnGnome, activationToken: activationToken)
    }
}

/// How a test's frozen screen is read and shown on sway: as on wlroots, or as on GNOME.
enum LiveShell: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case layer = "layer surfaces, read by screencopy"
    case fullscreen = "full-screen toplevels, read by a grabber (as on GNOME)"

    var testDescription: String { rawValue }

    func backend(_ sway: SwayServer) -> WaylandBackend {
        switch self {
        case .layer: WaylandBackend(socket: sway.waylandDisplay, runtimeDirectory: sway.runtimeDirectory.path)
        case .fullscreen: .gnomeLike(sway)
        }
    }
}
