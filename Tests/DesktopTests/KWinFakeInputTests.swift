import DesktopPortals
import Foundation
import LiveTextCore
import Testing
import TestSupport
import WaylandKit

/// Typing on KDE Plasma through KWin's fake input (`org_kde_kwin_fake_input`), which KWin offers
/// only to binaries a desktop file lists it for in `X-KDE-Wayland-Interfaces` and hides from the
/// others, as from every process of another user (KWIN_WAYLAND_NO_PERMISSION_CHECKS does not
/// show it to them in 5.27): the built `livetext` types as kwin's user, heard by a Wayland-native
/// window. Which key types which character is `LayoutKeysTests`'.
@Suite("typing through KWin's fake input on a headless kwin", .serialized)
struct KWinFakeInputTests {
    @Test("livetext analyze --type types what it read, once org.livetext.desktop grants fake input; without it, says to install it")
    func grantedByDesktopFile() async throws {
        try await KWinServer.with { kwin in
            let window = try await PatternWindow.open(on: kwin, showing: PixelImage(width: 320, height: 200, gray: 255).colour())
            // This process is not granted fake input (and, as root, could not be): typing is missing, and why.
            let backend = WaylandBackend(socket: kwin.waylandDisplay, runtimeDirectory: kwin.runtimeDirectory.path)
            let here = try await offPool { (try backend.capabilities().contains(.type), backend.unavailableReason(.type)) }
            backend.close()
            let result = await Task { try await Self.analyzeAndType(on: kwin, window: window) }.result
            await window.close()
            let (refused, typed) = try result.get()
            #expect(!here.0)
            #expect(here.1?.contains("org_kde_kwin_fake_input") == true && here.1?.contains("org.livetext.desktop") == true,
                    "\(String(describing: here.1))")
            #expect(refused.status != 0)
            #expect(String(decoding: refused.stderr, as: UTF8.self).contains("org.livetext.desktop"),
                    "\(String(decoding: refused.stderr, as: UTF8.self))")
            #expect(typed.trimmingCharacters(in: .newlines) == ScreenPattern.words)
        }
    }

    /// `livetext analyze --local --type` of the pattern's words, as kwin's user: once without the
    /// desktop file (its outcome), then with it until the window heard the words (what it heard).
    private static func analyzeAndType(on kwin: KWinServer, window: PatternWindow) async throws
        -> (refused: ChildProcess.Outcome, typed: String) {
        let livetext = builtLivetext().resolvingSymlinksInPath()
        let words = kwin.userDirectory.appendingPathComponent("words.png")
        try await ScreenPattern.drawWords(to: words)
        let arguments = ["analyze", "--local", "--type", words.path]
        let refused = try await kwin.runAsSessionUser(livetext.path, arguments, environment: ["OMP_THREAD_LIMIT": "1"],
                                                      timeout: .seconds(120))
        let template = try String(contentsOf: KWinScreenShotTests.repository.appendingPathComponent("dbus/org.livetext.desktop.in"),
                                  encoding: .utf8)
        try kwin.installDesktopFile(named: KWinDesktopFile.fileName,
                                    contents: template.replacingOccurrences(of: "@BINDIR@", with: livetext.deletingLastPathComponent().path))
        // KWin reads a new desktop file a moment after it appears, and decides when a client connects.
        let deadline = ContinuousClock.now + .seconds(90)
        var said = ""
        while ContinuousClock.now < deadline {
            let typed = try await kwin.runAsSessionUser(livetext.path, arguments, environment: ["OMP_THREAD_LIMIT": "1"],
                                                        timeout: .seconds(120))
            said = String(decoding: typed.stderr, as: UTF8.self)
            if typed.status == 0 { return (refused, try await window.waitForTyped(ScreenPattern.words)) }
            try await Task.sleep(for: .milliseconds(500))
        }
        throw TestFailure("livetext analyze --type never typed within 90 s: \(said)")
    }
}

extension PixelImage {
    /// The same image in rgba8, as a window shows it.
    func colour() -> PixelImage {
        PixelImage(width: width, height: height, format: .rgba8, pixels: pixels.flatMap { [$0, $0, $0, 255] })
    }
}
