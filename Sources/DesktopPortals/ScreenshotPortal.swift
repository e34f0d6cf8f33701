import DBusKit
import Foundation
import ImageCodecs
import LiveTextCore

/// The whole screen through xdg-desktop-portal's `org.freedesktop.portal.Screenshot`, asked not
/// to be interactive: how a program reads GNOME's screen (mutter has no capture protocol), and
/// KDE's when KWin's own service refuses. The portal writes a PNG and answers with its URI; the
/// file is read and removed at once, so nothing is left in the user's folders.
///
/// GNOME answers only once the user allowed screenshots for programs without an app id (the
/// permission store's `screenshot` table); until then it shows a dialog and the call waits for the
/// user. Concurrent grabs share one portal request, so a second capture while the dialog is up
/// adds no second dialog and both callers get its answer.
public final class ScreenshotPortal: ScreenGrabber {
    public let spokenName = "the desktop's Screenshot portal (xdg-desktop-portal)"
    /// What the user is told to do when GNOME asks or refuses.
    static let howToAllow = "allow it once with `livetext desktop --allow-screenshots`, or in GNOME Settings → "
        + "Privacy → Screenshots (or answer the dialog on the screen)"

    private let bus: SessionBus
    private let desktop: DesktopKind
    /// The portal request under way, shared by the grabs that arrive while it runs.
    private let inFlight = SharedRequest<PixelImage>()

    /// `busAddress`: the session bus the portal is on (nil: the process's own).
    public init(busAddress: String? = nil, desktop: DesktopKind = .gnome) {
        bus = SessionBus(address: busAddress)
        self.desktop = desktop
    }

    public func unavailableReason() -> String? {
        let found = try? BlockingCall.run(within: .seconds(3), onDeadline: {
            LiveTextError(.unavailable, "the session bus did not answer within 3 s")
        }) { [bus] in try await bus.hasService(PortalRequest.portalName) }
        if found == true { return nil }
        return "xdg-desktop-portal is not on the session bus: install xdg-desktop-portal and "
            + (desktop == .kde ? "xdg-desktop-portal-kde" : "xdg-desktop-portal-gnome")
            + ", which the desktop starts with the session"
    }

    public func grabScreen(within deadline: Duration) throws -> PixelImage {
        try inFlight.value(within: deadline, late: unanswered(within: deadline)) { [bus, desktop] in
            try await Self.request(on: try await bus.connection(), desktop: desktop)
        }
    }

    /// The error of a grab nobody answered: a caller whose own deadline came first cancels the
    /// request that others share, and they are told the same.
    private func unanswered(within deadline: Duration) -> LiveTextError {
        LiveTextError(.unavailable, "the Screenshot portal did not answer within \(deadline.components.seconds) s"
                      + (desktop == .gnome ? ": GNOME is probably asking whether programs may take screenshots; "
                         + Self.howToAllow : ""))
    }

    /// One portal request: the PNG it wrote, read, removed and decoded.
    private static func request(on bus: DBusConnection, desktop: DesktopKind) async throws -> PixelImage {
        let answer: PortalRequest.Answer
        do {
            answer = try await PortalRequest(bus: bus).call(
                interface: "org.freedesktop.portal.Screenshot", member: "Screenshot", arguments: [.string("")],
                options: ["interactive": .bool(false), "modal": .bool(false)])
        } catch let error as DBusError {
            throw refusal(error)
        }
        switch answer.code {
        case 0: break
        case 1:
            throw LiveTextError(.accessDenied, "the screenshot was refused on the screen: " + howToAllow)
        default:
            throw LiveTextError(.accessDenied, "the desktop does not allow livetext to take screenshots"
                                + (desktop == .gnome ? ": " + howToAllow : ""))
        }
        guard let uri = answer.results["uri"]?.unwrapped.string, let url = URL(string: uri), url.isFileURL else {
            throw LiveTextError(.failed, "the Screenshot portal answered without a file")
        }
        return try takeImage(at: url.path)
    }

    /// An error reply of the portal itself, said in the user's words.
    private static func refusal(_ error: DBusError) -> LiveTextError {
        PortalRequest.refusal(error, notOnBus: "install xdg-desktop-portal and the desktop's backend (xdg-desktop-portal-gnome, -kde)",
                              noPortal: "xdg-desktop-portal has no Screenshot portal for this desktop: install the desktop's "
                                  + "backend (xdg-desktop-portal-gnome, -kde, -wlr)",
                              what: "the screenshot", portal: "Screenshot")
    }

    /// The PNG at `path`, read (within the pixel limit's bytes) and removed, then decoded.
    static func takeImage(at path: String) throws -> PixelImage {
        defer { unlink(path) }
        let limits = ImageLimits()
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw LiveTextError(.failed, "the Screenshot portal's file \(path) cannot be read")
        }
        defer { try? handle.close() }
        let data = try handle.read(upToCount: limits.maxEncodedBytes + 1) ?? Data()
        guard data.count <= limits.maxEncodedBytes else {
            throw LiveTextError(.tooLarge, "the Screenshot portal's file is larger than \(limits.maxEncodedBytes) bytes")
        }
        return try LeptonicaImageDecoder().decode(data, limits: limits)
    }
}
