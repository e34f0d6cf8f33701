import ArgumentParser
import DesktopPortals
import Foundation
import ImageCodecs
import LiveTextConfig
import LiveTextCore

/// `livetext grab` (hidden): the whole screen read through a desktop's own screenshot service and
/// written as PNG, in this process. KWin grants its ScreenShot2 by the caller's binary, so the
/// tests run this as the session's user against a headless kwin, and the benchmark times it (and
/// the portal, on a headless GNOME: bench/desktop_capture.py).
struct GrabCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "grab",
        abstract: "Write the whole screen as PNG, read through a desktop's own screenshot service.",
        shouldDisplay: false)

    enum Service: String, ExpressibleByArgument, CaseIterable {
        /// KWin's org.kde.KWin.ScreenShot2 (KDE Plasma).
        case kwin
        /// xdg-desktop-portal's org.freedesktop.portal.Screenshot (GNOME; KDE's fallback).
        case portal
        /// mutter's org.gnome.Mutter.ScreenCast through PipeWire (GNOME, where screenshots are allowed without asking).
        case mutter
    }

    @Argument(help: ArgumentHelp("The service: kwin (KWin's org.kde.KWin.ScreenShot2), portal (xdg-desktop-portal's Screenshot) or mutter (mutter's ScreenCast through PipeWire).",
                                   valueName: "service"))
    var service: Service

    @Option(help: ArgumentHelp("The session bus's address (default: $DBUS_SESSION_BUS_ADDRESS).", valueName: "address"))
    var bus: String?

    @Option(name: [.short, .long], help: ArgumentHelp("The PNG file to write; - for stdout.", valueName: "file"))
    var output: String

    @Option(help: ArgumentHelp("Seconds to wait for the screenshot.", valueName: "seconds"))
    var timeout: Double = 10

    @Flag(help: "Say on stderr how long the screenshot took (PNG encoding aside), for the benchmark.")
    var timing = false

    func validate() throws {
        guard timeout > 0, timeout <= 600 else { throw ValidationError("--timeout must be between 0 and 600 seconds") }
    }

    func run() throws {
        guard let address = bus ?? ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty else {
            throw LiveTextError(.unavailable, "no session bus: DBUS_SESSION_BUS_ADDRESS is not set (or name one with --bus)")
        }
        let grabber: any ScreenGrabber = switch service {
        case .kwin: KWinScreenShot(busAddress: address)
        case .portal: ScreenshotPortal(busAddress: address)
        case .mutter: MutterScreenCast(busAddress: address)
        }
        let started = ContinuousClock.now
        let image = try grabber.grabScreen(within: .milliseconds(Int(timeout * 1000)))
        if timing {
            let milliseconds = (ContinuousClock.now - started) / .milliseconds(1)
            Diagnostics.note("\(image.width)x\(image.height) in \(Int(milliseconds.rounded())) ms through \(grabber.spokenName)")
        }
        let png = try PNGEncoder.encode(image)
        if output == "-" { try StandardOutput.write(png) } else { try OutputFile.write(png, to: output) }
    }
}
