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
    @Test("once screenshots are allowed, the portal returns the whole screen and its file is gone")
    func readsTheScreen() async throws {
        try await GnomeShellServer.with { gnome in
            try PermissionStore(busAddress: gnome.sessionBus).setScreenshots(.yes)
            #expect(try PermissionStore(busAddress: gnome.sessionBus).screenshots() == .yes)
            let portal = ScreenshotPortal(busAddress: gnome.sessionBus)
            #expect(portal.unavailableReason() == nil)
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
    }

    @Test("an unanswered consent dialog ends at the deadline for every caller, saying how to allow it")
    func unansweredConsent() async throws {
        try await GnomeShellServer.with { gnome in
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
    }

    @Test("screenshots refused in the permission store are refused at once, saying where to allow them")
    func refused() async throws {
        try await GnomeShellServer.with { gnome in
            try PermissionStore(busAddress: gnome.sessionBus).setScreenshots(.no)
            let portal = ScreenshotPortal(busAddress: gnome.sessionBus)
            let error = await #expect(throws: LiveTextError.self) {
                try await offPool { try portal.grabScreen(within: .seconds(20)) }
            }
            #expect(error?.code == .accessDenied, "\(String(describing: error))")
            #expect(error?.message.contains("--allow-screenshots") == true)
        }
    }

    @Test("without xdg-desktop-portal on the bus: unavailable, saying what to install")
    func noPortal() async throws {
        let bus = try await TestBus.start()
        let portal = ScreenshotPortal(busAddress: bus.address)
        let reason = try #require(portal.unavailableReason())
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
