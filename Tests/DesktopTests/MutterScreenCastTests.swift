@testable import DesktopPortals
import DBusKit
import Foundation
import LiveTextCore
import PipeWireKit
import TestSupport
import Testing

extension GnomeSessions {
/// GNOME's screen through mutter's screen cast and PipeWire, against a headless gnome-shell with
/// PipeWire and wireplumber: used only on the user's stored word, the same pixels as the
/// Screenshot portal's, and the portal taking over when PipeWire is gone.
@Suite("mutter's screen cast", .serialized)
struct MutterScreenCastTests {
    @Test("one GNOME session: refused without the stored yes, the portal's pixels with it, refused again once revoked, the portal after PipeWire stopped")
    func screenCast() async throws {
        try await GnomeShellServer.with { gnome in
            let cast = MutterScreenCast(busAddress: gnome.sessionBus, environment: gnome.environment)
            // Nothing stored: mutter would ask nobody, so it is not asked.
            let reason = try await offPool { cast.unavailableReason() }
            #expect(reason?.contains("--allow-screenshots") == true, "\(String(describing: reason))")
            let refused = await #expect(throws: LiveTextError.self) { try await offPool { try cast.grabScreen(within: .seconds(10)) } }
            #expect(refused?.code == .accessDenied && refused?.message.contains("--allow-screenshots") == true,
                    "\(String(describing: refused))")

            try await gnome.allowScreenshots()
            #expect(try await offPool { cast.unavailableReason() } == nil)
            let portal = ScreenshotPortal(busAddress: gnome.sessionBus)
            let cast1 = try await offPool { try cast.grabScreen(within: .seconds(20)) }
            let shot = try await offPool { try portal.grabScreen(within: .seconds(30)) }
            // The next capture's session is made ahead (not started: GNOME shows nothing for it),
            // and the next capture takes it.
            let ready = try #require(try await Self.prepared(cast))
            let cast2 = try await offPool { try cast.grabScreen(within: .seconds(20)) }
            let readyNext = try #require(try await Self.prepared(cast))
            #expect(readyNext != ready)
            #expect(cast1.width == gnome.width && cast1.height == gnome.height && cast1.format == .rgba8)
            // The same screen: the portal's PNG and the cast's frames agree below the top bar (its clock may turn).
            let differing = Self.differingShare(cast1, shot, below: 40)
            #expect(differing < 0.002, "\(differing * 100) % of the pixels differ from the portal's")
            #expect(Self.differingShare(cast1, cast2, below: 40) < 0.002, "two frames of a still screen differ")
            // A node nobody produces: the session manager says so (or no frame by the deadline).
            let socket = gnome.runtimeDirectory.appendingPathComponent("pipewire-0").path
            let nobody = try ScreenCastStream(node: 987_654, socket: socket)
            let silent = await #expect(throws: LiveTextError.self) { try await offPool { try nobody.frame(within: .seconds(1)) } }
            #expect(silent?.code == .unavailable && silent?.message.contains("PipeWire") == true,
                    "\(String(describing: silent))")
            let desktop = cast1.rgba(x: 640, y: 500)
            #expect(desktop.b > desktop.r + 60, "GNOME's blue desktop, not \(desktop): red and blue swapped?")
            // Each capture's session stopped, the one prepared taken: mutter keeps only the next one.
            try await Task.sleep(for: .milliseconds(500))
            let sessions = try await gnome.gdbus(["introspect", "--session", "-d", "org.gnome.Mutter.ScreenCast", "-o",
                                                  "/org/gnome/Mutter/ScreenCast/Session", "--only-properties"], timeout: .seconds(5))
            // (gdbus lists the path's own node, then a node for each child.)
            #expect(sessions.components(separatedBy: "node ").count == 3, "sessions left running: \(sessions)")
            #expect(sessions.contains("node " + readyNext.rawValue.split(separator: "/").last!), "\(sessions)")

            // Revoked: refused at once, the next grabber (the portal) then refuses too.
            try await gnome.allowScreenshots(false)
            let revoked = await #expect(throws: LiveTextError.self) { try await offPool { try cast.grabScreen(within: .seconds(10)) } }
            #expect(revoked?.code == .accessDenied)

            // The desktop's order: mutter's cast first; with PipeWire stopped, the portal serves.
            try await gnome.allowScreenshots()
            let desktop1 = DesktopGrabber(environment: gnome.environment, busAddress: gnome.sessionBus)
            #expect(desktop1.spokenName.hasPrefix("mutter's ScreenCast"), "\(desktop1.spokenName)")
            #expect(try await offPool { try desktop1.grabScreen(within: .seconds(30)) }.width == gnome.width)
            try await gnome.stopPipeWire()
            let gone = try await offPool { cast.unavailableReason() }
            #expect(gone?.contains("PipeWire is not running") == true, "\(String(describing: gone))")
            let desktop2 = DesktopGrabber(environment: gnome.environment, busAddress: gnome.sessionBus)
            let served = try await offPool { try desktop2.grabScreen(within: .seconds(30)) }
            #expect(Self.differingShare(served, cast1, below: 40) < 0.002)
        }
    }

    @Test("a PipeWire socket that is not there: a clear error, no stream")
    func noPipeWire() throws {
        let error = #expect(throws: LiveTextError.self) { try ScreenCastStream(node: 42, socket: "/nonexistent/pipewire-0") }
        #expect(error?.code == .unavailable && error?.message.contains("PipeWire") == true, "\(String(describing: error))")
        let missing = MutterScreenCast.pipeWireSocket(["XDG_RUNTIME_DIR": "/nonexistent"])
        #expect(throws: LiveTextError.self) { try missing.get() }
        #expect(try MutterScreenCast.pipeWireSocket(["PIPEWIRE_REMOTE": "/dev/null"]).get() == "/dev/null")
    }

    @Test("GNOME's order: mutter's screen cast, then the portal; LIVETEXT_GNOME_CAPTURE=portal leaves the screen cast out")
    func order() {
        let gnome = ["XDG_CURRENT_DESKTOP": "GNOME"]
        #expect(DesktopGrabber(environment: gnome, busAddress: "unix:path=/nonexistent").spokenName
                    == "mutter's ScreenCast (through PipeWire), then the desktop's Screenshot portal (xdg-desktop-portal)")
        let portalOnly = DesktopGrabber(environment: gnome.merging(["LIVETEXT_GNOME_CAPTURE": "portal"]) { $1 },
                                        busAddress: "unix:path=/nonexistent")
        #expect(portalOnly.spokenName == "the desktop's Screenshot portal (xdg-desktop-portal)")
    }

    @Test("the layout of mutter's monitors: scaled logical monitors side by side, a rotated one, the physical layout mode")
    func layout() throws {
        func monitor(_ connector: String, _ width: Int32, _ height: Int32) -> DBusValue {
            let mode = DBusValue.structure([.string("m"), .int32(width), .int32(height), .double(60), .double(1),
                                            .array(.double, [.double(1)]), .vardict(["is-current": .variant(.bool(true))])])
            let other = DBusValue.structure([.string("o"), .int32(640), .int32(480), .double(60), .double(1),
                                             .array(.double, [.double(1)]), .vardict([:])])
            return .structure([.structure([.string(connector), .string("v"), .string("p"), .string("s")]),
                               .array(mode.type, [other, mode]), .vardict([:])])
        }
        func logical(_ x: Int32, _ y: Int32, _ scale: Double, _ transform: UInt32, _ connector: String) -> DBusValue {
            .structure([.int32(x), .int32(y), .double(scale), .uint32(transform), .bool(false),
                        .array(.structure([.string, .string, .string, .string]),
                               [.structure([.string(connector), .string("v"), .string("p"), .string("s")])]),
                        .vardict([:])])
        }
        let monitors = [monitor("eDP-1", 2560, 1600), monitor("DP-1", 1920, 1080)]
        let state: (UInt32?, [DBusValue]) -> [DBusValue] = { mode, logicals in
            [.uint32(1), .array(monitors[0].type, monitors), .array(logicals[0].type, logicals),
             .vardict(mode.map { ["layout-mode": .variant(.uint32($0))] } ?? [:])]
        }
        // A 2× laptop panel (1280×800 logical) and a 1080p monitor right of it, rotated a quarter.
        let sideBySide = try MutterDisplayLayout(state: state(1, [logical(0, 0, 2, 0, "eDP-1"), logical(1280, 0, 1, 1, "DP-1")]))
        #expect(sideBySide == MutterDisplayLayout(x: 0, y: 0, width: 1280 + 1080, height: 1920))
        let physical = try MutterDisplayLayout(state: state(2, [logical(0, 0, 1, 0, "eDP-1"), logical(2560, 200, 1, 0, "DP-1")]))
        #expect(physical == MutterDisplayLayout(x: 0, y: 0, width: 2560 + 1920, height: 1600))
        #expect(throws: LiveTextError.self) { try MutterDisplayLayout(state: state(1, [logical(0, 0, 1, 0, "HDMI-9")])) }
        #expect(throws: LiveTextError.self) { try MutterDisplayLayout(state: [.uint32(1)]) }
    }

    /// The session `cast` prepared for its next capture, once made (10 s at most).
    static func prepared(_ cast: MutterScreenCast) async throws -> DBusObjectPath? {
        for _ in 0..<200 {
            if let session = cast.preparedSession { return session }
            try await Task.sleep(for: .milliseconds(50))
        }
        return nil
    }

    /// The share of pixels below row `top` whose colours differ by more than 24 in a channel.
    static func differingShare(_ a: PixelImage, _ b: PixelImage, below top: Int) -> Double {
        guard a.width == b.width, a.height == b.height, a.format == b.format, a.format == .rgba8 else { return 1 }
        var differing = 0
        for index in stride(from: top * a.width * 4, to: a.pixels.count, by: 4) {
            for channel in 0..<3 where abs(Int(a.pixels[index + channel]) - Int(b.pixels[index + channel])) > 24 {
                differing += 1
                break
            }
        }
        return Double(differing) / Double(a.width * (a.height - top))
    }
}
}
