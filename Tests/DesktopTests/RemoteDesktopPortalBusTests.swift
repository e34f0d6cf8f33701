@testable import DesktopPortals
import Foundation
import LiveTextCore
import TestSupport
import Testing

/// The RemoteDesktop typer where there is nothing to ask, and where it keeps a restore token.
@Suite("the RemoteDesktop typer without a desktop")
struct RemoteDesktopPortalBusTests {
    @Test("without xdg-desktop-portal on the bus: unavailable at once, saying what to install")
    func noPortal() async throws {
        let bus = try await TestBus.start()
        let portal = RemoteDesktopPortal(busAddress: bus.address, environment: [:], consentDeadline: .seconds(20))
        // Blocking (a semaphore waits for its task): off the cooperative pool, which it would starve.
        let reason = try #require(try await offPool { portal.unavailableReason() })
        #expect(reason.contains("xdg-desktop-portal-gnome"), "\(reason)")
        let started = ContinuousClock.now
        let error = await #expect(throws: LiveTextError.self) {
            try await offPool { try portal.press(keysyms: [0x61], cancel: CancellationFlag()) }
        }
        #expect(error?.code == .unavailable && error?.message.contains("xdg-desktop-portal") == true,
                "\(String(describing: error))")
        #expect(ContinuousClock.now - started < .seconds(5), "it waited for a portal that is not there")
        #expect(!portal.hasSession)
        await bus.stop()
    }

    @Test("on a desktop other than GNOME the desktop's typer is not the portal, and says so")
    func gnomeOnly() async throws {
        let typer = DesktopTyper(environment: [:], busAddress: "unix:path=/nonexistent", desktop: .kde)
        #expect(typer.unavailableReason()?.contains("GNOME only") == true)
        #expect(throws: LiveTextError.self) { try typer.prepare(cancel: CancellationFlag()) }
    }

    @Test("a restore token is kept under XDG_STATE_HOME/livetext (else ~/.local/state), readable by the user only")
    func restoreToken() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("livetext-state-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(RestoreTokenFile(name: "t", environment: ["HOME": "/home/u"]).path == "/home/u/.local/state/livetext/t")
        #expect(RestoreTokenFile(name: "t", environment: ["HOME": "/home/u", "XDG_STATE_HOME": "relative"]).path
            == "/home/u/.local/state/livetext/t")
        let file = RestoreTokenFile(name: "t", environment: ["XDG_STATE_HOME": folder.path])
        #expect(file.path == folder.path + "/livetext/t")
        #expect(file.read() == nil)
        try file.write("4d1f-token")
        try file.write("5e2a-token")
        #expect(file.read() == "5e2a-token")
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let folderMode = try FileManager.default.attributesOfItem(atPath: folder.path + "/livetext")[.posixPermissions] as? Int
        #expect(folderMode == 0o700)
        file.remove()
        #expect(file.read() == nil)
    }
}
