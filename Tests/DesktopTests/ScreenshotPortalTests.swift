import DesktopPortals
import Foundation
import LiveTextCore
import TestSupport
import Testing

extension GnomeSessions {
/// GNOME's screen read through xdg-desktop-portal, against a headless gnome-shell with its
/// portal stack; and what a user is told when the portal waits for consent, refuses, or is absent.
@Suite("the Screenshot portal", .serialized)
struct ScreenshotPortalTests {
    @Test("one GNOME session: a consent dialog left unanswered ends at the deadline for every caller, screenshots refused are refused at once, allowed they are the whole screen")
    func consent() async throws {
        // One session for the three (a GNOME session takes half a minute to start on these
        // machines): allowed, refused, then nothing stored, last, as GNOME 43 leaves its dialog
        // on the screen after the request was closed.
        try await GnomeShellServer.with { gnome in
            try await Self.readsTheScreen(gnome)
            try await Self.portalRestartedThenRevoked(gnome)
            try await Self.refused(gnome)
            try await gnome.gdbus(["call", "--session", "-d", "org.freedesktop.impl.portal.PermissionStore", "-o",
                                   "/org/freedesktop/impl/portal/PermissionStore", "-m",
                                   "org.freedesktop.impl.portal.PermissionStore.DeletePermission", "screenshot", "screenshot", ""])
            try await Self.unansweredConsent(gnome)
        }
    }

    /// Once screenshots are allowed, the portal returns the whole screen and its file is gone.
    static func readsTheScreen(_ gnome: GnomeShellServer) async throws {
        try PermissionStore(busAddress: gnome.sessionBus).setScreenshots(.yes)
        #expect(try PermissionStore(busAddress: gnome.sessionBus).screenshots() == .yes)
        let portal = ScreenshotPortal(busAddress: gnome.sessionBus)
        // Blocking calls (a semaphore waits for their task): off the cooperative pool, which they
        // would otherwise starve on a 2-core machine.
        #expect(try await offPool { portal.unavailableReason() } == nil)
        let grabbed = try await offPool { Result { try portal.grabScreen(within: .seconds(30)) } }
        guard case .success(let image) = grabbed else {
            print("PORTAL LOG", gnome.log("portal"), "BUS", gnome.log("session-bus"))
            _ = try grabbed.get()
            return
        }
        #expect(image.width == gnome.width && image.height == gnome.height)
        // The top bar is near black, the desktop below it GNOME's blue.
        let bar = image.rgba(x: 400, y: 4), desktop = image.rgba(x: 640, y: 500)
        #expect(bar.r < 40 && bar.g < 40 && bar.b < 40, "top bar \(bar)")
        #expect(desktop.b > desktop.r + 60, "desktop \(desktop)")
        let left = try FileManager.default.contentsOfDirectory(atPath: gnome.home.path).filter { $0.hasSuffix(".png") }
        #expect(left == [], "the portal's file was left behind")
    }

    /// One grabber, as the daemon keeps it: the portal killed and started again between two grabs
    /// is found again; the permission revoked afterwards, the next grab is refused at once.
    static func portalRestartedThenRevoked(_ gnome: GnomeShellServer) async throws {
        let portal = ScreenshotPortal(busAddress: gnome.sessionBus)
        #expect(try await offPool { try portal.grabScreen(within: .seconds(30)) }.width == gnome.width)
        try await gnome.restartPortal()
        #expect(try await offPool { try portal.grabScreen(within: .seconds(30)) }.width == gnome.width)
        try PermissionStore(busAddress: gnome.sessionBus).setScreenshots(.no)
        let error = await #expect(throws: LiveTextError.self) {
            try await offPool { try portal.grabScreen(within: .seconds(20)) }
        }
        #expect(error?.code == .accessDenied, "\(String(describing: error))")
        try PermissionStore(busAddress: gnome.sessionBus).setScreenshots(.yes)
    }

    /// An unanswered consent dialog ends at the deadline for every caller, saying how to allow it.
    static func unansweredConsent(_ gnome: GnomeShellServer) async throws {
        let portal = ScreenshotPortal(busAddress: gnome.sessionBus)
        async let first = offPool { Result { try portal.grabScreen(within: .seconds(4)) } }
        async let second = offPool { Result { try portal.grabScreen(within: .seconds(6)) } }
        for outcome in try await [first, second] {
            guard case .failure(let error as LiveTextError) = outcome else {
                Issue.record("expected the deadline, got \(outcome)")
                continue
            }
            #expect(error.code == .unavailable)
            #expect(error.message.contains("--allow-screenshots"), "\(error.message)")
        }
        // Allowed afterwards, the next grab answers: nothing was left waiting.
        try PermissionStore(busAddress: gnome.sessionBus).setScreenshots(.yes)
        let image = try await offPool { try portal.grabScreen(within: .seconds(30)) }
        #expect(image.width == gnome.width)
    }

    /// Screenshots refused in the permission store are refused at once, saying where to allow them.
    static func refused(_ gnome: GnomeShellServer) async throws {
        try PermissionStore(busAddress: gnome.sessionBus).setScreenshots(.no)
        let portal = ScreenshotPortal(busAddress: gnome.sessionBus)
        let error = await #expect(throws: LiveTextError.self) {
            try await offPool { try portal.grabScreen(within: .seconds(20)) }
        }
        #expect(error?.code == .accessDenied, "\(String(describing: error))")
        #expect(error?.message.contains("--allow-screenshots") == true)
    }

    @Test("without xdg-desktop-portal on the bus: unavailable, saying what to install")
    func noPortal() async throws {
        let bus = try await TestBus.start()
        let portal = ScreenshotPortal(busAddress: bus.address)
        let reason = try #require(try await offPool { portal.unavailableReason() })
        #expect(reason.contains("xdg-desktop-portal-gnome"))
        let error = await #expect(throws: LiveTextError.self) {
            try await offPool { try portal.grabScreen(within: .seconds(10)) }
        }
        #expect(error?.code == .unavailable)
        #expect(error?.message.contains("xdg-desktop-portal") == true, "\(String(describing: error))")
        await bus.stop()
    }
}
}
