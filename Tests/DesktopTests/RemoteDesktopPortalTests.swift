import DesktopPortals
import Foundation
import LiveTextCore
import TestSupport
import Testing
import WaylandKit

extension GnomeSessions {
/// Typing on GNOME through xdg-desktop-portal's RemoteDesktop (portal 1.16, -gnome 43, mutter 43),
/// heard by a Wayland-native window: the consent dialog answered on the screen through mutter's
/// own remote-desktop keyboard (Tab to “Allow remote interaction”, Space, Alt+S for “Share”), left
/// unanswered, and refused (Alt+C for “Cancel”: the dialog's Escape shortcut does nothing in GTK 4.8); the session kept for the next typing; characters outside the
/// keyboard layout refused before any key; a session the Shell's stop button ends dropped and asked
/// for again.
@Suite("typing through the RemoteDesktop portal", .serialized)
struct RemoteDesktopPortalTests {
    @Test("one GNOME session: an unanswered dialog ends at the deadline and goes, Cancel refuses, Share grants a session that later typing reuses without a dialog, livetext desktop names the portal, livetext analyze --type types and says a refusal, a session the Shell stops is asked for again")
    func typing() async throws {
        try await GnomeShellServer.with { gnome in
            try await gnome.allowScreenshots()
            let window = try await PatternWindow.open(socket: gnome.waylandDisplay, runtimeDirectory: gnome.runtimeDirectory.path,
                                                      showing: PixelImage(width: 320, height: 200, gray: 255).colour())
            let remote = try await MutterRemoteDesktop.start(on: gnome)
            // The first keys of a new virtual keyboard can be lost to the client (Alt+C was): a Shift first.
            try await remote.press(MutterRemoteDesktop.shift)
            let outcome = await Task {
                let screen = ScreenshotPortal(busAddress: gnome.sessionBus)
                try await Self.unanswered(gnome, screen: screen)
                try await Self.refused(gnome, screen: screen, remote: remote)
                let (backend, portal) = try await Self.grantedAndKept(gnome, screen: screen, remote: remote, window: window)
                defer { backend.close() }
                try await Self.commandLine(gnome, screen: screen, remote: remote, window: window)
                try await Self.closedByTheDesktop(gnome, screen: screen, remote: remote, window: window, backend: backend,
                                                  portal: portal)
            }.result
            await remote.stop()
            await window.close()
            try outcome.get()
        }
    }

    static func portal(_ gnome: GnomeShellServer, deadline: Duration) -> RemoteDesktopPortal {
        RemoteDesktopPortal(busAddress: gnome.sessionBus, environment: ["XDG_STATE_HOME": gnome.home.path + "/.local/state"],
                            consentDeadline: deadline)
    }

    /// A dialog nobody answers: the typer gives up at its deadline, saying what to allow, and the
    /// request is closed: the dialog goes from the screen.
    static func unanswered(_ gnome: GnomeShellServer, screen: ScreenshotPortal) async throws {
        let portal = portal(gnome, deadline: .seconds(6))
        let started = ContinuousClock.now
        let asked = Task { try await offPool { try portal.prepare(cancel: CancellationFlag()) } }
        #expect(try await RemoteDesktopDialog.waitUntil(shown: true, on: screen), "the dialog never showed")
        let error = await #expect(throws: LiveTextError.self) { try await asked.value }
        let took = ContinuousClock.now - started
        #expect(error?.code == .unavailable, "\(String(describing: error))")
        #expect(error?.message.contains("Allow remote interaction") == true, "\(String(describing: error))")
        #expect(took < .seconds(9), "gave up after \(took)")
        #expect(try await RemoteDesktopDialog.waitUntil(shown: false, on: screen), "the dialog stayed after the deadline")
        #expect(!portal.hasSession)
    }

    /// Cancel in the dialog refuses: `accessDenied`, saying so and what to allow.
    static func refused(_ gnome: GnomeShellServer, screen: ScreenshotPortal, remote: MutterRemoteDesktop) async throws {
        let portal = portal(gnome, deadline: .seconds(60))
        let asked = Task { try await offPool { try portal.prepare(cancel: CancellationFlag()) } }
        try #require(try await RemoteDesktopDialog.waitUntil(shown: true, on: screen), "the dialog never showed")
        try await RemoteDesktopDialog.cancel(through: remote)
        let error = await #expect(throws: LiveTextError.self) { try await asked.value }
        #expect(error?.code == .accessDenied, "\(String(describing: error))")
        #expect(error?.message.contains("refused") == true && error?.message.contains("Share") == true,
                "\(String(describing: error))")
        #expect(!portal.hasSession)
    }

    /// Share grants the keyboard: the backend types through the portal; the next typing reuses the
    /// session (no dialog: nobody would answer one); a character the layout lacks is refused whole.
    static func grantedAndKept(_ gnome: GnomeShellServer, screen: ScreenshotPortal, remote: MutterRemoteDesktop,
                               window: PatternWindow) async throws -> (WaylandBackend, RemoteDesktopPortal) {
        let portal = portal(gnome, deadline: .seconds(60))
        let backend = WaylandBackend(socket: gnome.waylandDisplay, runtimeDirectory: gnome.runtimeDirectory.path, typer: portal)
        let said = try await offPool { (try backend.capabilities().contains(.type), backend.mechanism(of: .type)) }
        #expect(said.0)
        #expect(said.1?.contains("RemoteDesktop portal") == true, "\(String(describing: said.1))")
        let before = window.keysyms.count
        let typing = Task { try await backend.type("Hello GNOME 43\n", cancel: CancellationFlag()) }
        try #require(try await RemoteDesktopDialog.waitUntil(shown: true, on: screen), "the dialog never showed")
        try await RemoteDesktopDialog.share(through: remote)
        try await typing.value
        #expect(portal.hasSession)
        #expect(try await window.waitForTyped("Hello GNOME 43\n", within: .seconds(10)) == "Hello GNOME 43\n")

        let again = ContinuousClock.now
        try await backend.type("again", cancel: CancellationFlag())
        #expect(ContinuousClock.now - again < .seconds(10), "the second typing waited: a second dialog?")
        #expect(try await window.waitForTyped("Hello GNOME 43\nagain", within: .seconds(10)) == "Hello GNOME 43\nagain")

        // Measured on mutter 43: keysyms its layout lacks (é, ß, 中) are dropped without a word, so
        // they are refused before any key; the layout's own (€ is AltGr+5 in "us") type.
        let typed = window.keysyms.count
        let error = await #expect(throws: LiveTextError.self) { try await backend.type("café", cancel: CancellationFlag()) }
        #expect(error?.code == .unavailable && error?.message.contains("“é”") == true, "\(String(describing: error))")
        try await Task.sleep(for: .seconds(1))
        #expect(window.keysyms.count == typed, "keys were pressed before the refusal")
        #expect(window.keysyms.count > before)
        // A process without a session yet refuses such a text before asking: no dialog.
        let fresh = Self.portal(gnome, deadline: .seconds(30))
        let other = WaylandBackend(socket: gnome.waylandDisplay, runtimeDirectory: gnome.runtimeDirectory.path, typer: fresh)
        defer { other.close() }
        let asked = ContinuousClock.now
        await #expect(throws: LiveTextError.self) { try await other.type("Straße", cancel: CancellationFlag()) }
        #expect(ContinuousClock.now - asked < .seconds(5) && !fresh.hasSession, "a dialog was shown for it")
        #expect(window.keysyms.count == typed)
        return (backend, portal)
    }

    /// The Shell's stop button of its remote-access indicator ends the session: the portal says
    /// `Closed`, the typer drops it, and the next typing asks again.
    static func closedByTheDesktop(_ gnome: GnomeShellServer, screen: ScreenshotPortal, remote: MutterRemoteDesktop,
                                   window: PatternWindow, backend: WaylandBackend, portal: RemoteDesktopPortal) async throws {
        #expect(portal.hasSession)
        // The indicator is the orange pill at the top bar's right end, its “×” at (1204, 15).
        try await remote.click(x: 1204, y: 15, height: gnome.height)
        let end = ContinuousClock.now + .seconds(10)
        while portal.hasSession, ContinuousClock.now < end { try await Task.sleep(for: .milliseconds(200)) }
        #expect(!portal.hasSession, "the session was kept after the desktop closed it")
        // The stop button ended mutter's own session too: a new one answers the dialog.
        let again = try await MutterRemoteDesktop.start(on: gnome)
        let result = await Task {
            try await again.press(MutterRemoteDesktop.shift)
            let typedBefore = window.typed
            let typing = Task { try await backend.type("back", cancel: CancellationFlag()) }
            try #require(try await RemoteDesktopDialog.waitUntil(shown: true, on: screen), "no dialog asked again")
            // The click on the top bar left the focus there: a click on the dialog's body gives it back.
            try await again.click(x: 640, y: 480, height: gnome.height)
            try await RemoteDesktopDialog.share(through: again)
            try await typing.value
            #expect(try await window.waitForTyped(typedBefore + "back", within: .seconds(10)) == typedBefore + "back")
        }.result
        await again.stop()
        try result.get()
    }

    /// `livetext desktop` says typing goes through the portal and what to allow; `livetext analyze
    /// --type` in a process of its own: its own dialog, answered, types the words;
    /// refused, exits 3 saying so.
    static func commandLine(_ gnome: GnomeShellServer, screen: ScreenshotPortal, remote: MutterRemoteDesktop,
                            window: PatternWindow) async throws {
        let report = try await GnomeSessionTests.run(["desktop", "--json"], on: gnome)
        let type = try GnomeSessionTests.features(report.stdout)["type"]
        #expect(type?["available"] as? Bool == true, "\(report.stdout)")
        #expect((type?["mechanism"] as? String)?.contains("RemoteDesktop portal") == true, "\(report.stdout)")
        #expect((type?["note"] as? String)?.contains("Allow remote interaction") == true, "\(report.stdout)")
        let words = gnome.home.appendingPathComponent("words.png")
        try await ScreenPattern.drawWords(to: words)
        let environment = GnomeSessionTests.environment(gnome).merging(["OMP_THREAD_LIMIT": "1"]) { $1 }
        for answer in ["share", "refuse"] {
            let typedBefore = window.typed
            let command = try RunningCommand(builtLivetext().path, ["analyze", "--local", "--type", words.path],
                                             environment: environment)
            // The dialog shows once the words are read (a debug build takes a while).
            try #require(try await RemoteDesktopDialog.waitUntil(shown: true, on: screen, within: .seconds(150)),
                         "the dialog never showed")
            if answer == "share" {
                try await RemoteDesktopDialog.share(through: remote)
            } else {
                try await RemoteDesktopDialog.cancel(through: remote)
            }
            let result = try await command.finish(limit: 60)
            if answer == "share" {
                #expect(result.status == 0, "\(result.stderr)")
                let expected = typedBefore + ScreenPattern.words
                #expect(try await window.waitForTyped(expected, within: .seconds(10)) == expected)
            } else {
                #expect(result.status == 3, "\(result.status): \(result.stderr)")
                #expect(result.stderr.contains("refused") && result.stderr.contains("Allow remote interaction"), "\(result.stderr)")
            }
        }
    }
}
}

/// xdg-desktop-portal-gnome 43's “Remote desktop” dialog, as the screen shows it and as a person
/// answers it by keyboard.
enum RemoteDesktopDialog {
    /// Waits (up to `limit`) until the dialog is shown (or gone); whether it came to be so. The
    /// dialog is centred (500×300 on the 1280×800 screen): its body is GTK's #fafafa where the
    /// desktop is GNOME's blue and the test's window white.
    static func waitUntil(shown: Bool, on screen: ScreenshotPortal, within limit: Duration = .seconds(20)) async throws -> Bool {
        let end = ContinuousClock.now + limit
        repeat {
            let image = try await offPool { try screen.grabScreen(within: .seconds(30)) }
            let body = [(640, 500), (420, 540), (860, 540)].allSatisfy { point in
                let colour = image.rgba(x: point.0, y: point.1)
                return [colour.r, colour.g, colour.b].allSatisfy { (240...252).contains($0) }
            }
            if body == shown { return true }
            try await Task.sleep(for: .milliseconds(500))
        } while ContinuousClock.now < end
        return false
    }

    /// Tab to the “Allow remote interaction” row, Space to turn it on, Alt+S for “Share”.
    static func share(through remote: MutterRemoteDesktop) async throws {
        try await Task.sleep(for: .seconds(1))
        try await remote.press(MutterRemoteDesktop.tab)
        try await remote.press(MutterRemoteDesktop.space)
        try await remote.press(MutterRemoteDesktop.s, with: [MutterRemoteDesktop.alt])
    }

    /// Alt+C for “Cancel”.
    static func cancel(through remote: MutterRemoteDesktop) async throws {
        try await Task.sleep(for: .seconds(1))
        try await remote.press(MutterRemoteDesktop.c, with: [MutterRemoteDesktop.alt])
    }
}
