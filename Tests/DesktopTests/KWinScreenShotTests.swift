import DesktopPortals
import Foundation
import ImageCodecs
import LiveTextCore
import Testing
import TestSupport

/// KWin's ScreenShot2 on a headless kwin_wayland (5.27), with a Wayland-native window of known
/// colours and words on it. KWin grants the screenshot by the caller's binary, which it reads in
/// /proc/PID/exe: it cannot read that of another user's process, so the production path runs the
/// built `livetext grab` as kwin's user, with the desktop file `make install` installs.
@Suite("KWin's ScreenShot2 on a headless kwin", .serialized)
struct KWinScreenShotTests {
    @Test("the binary org.livetext.desktop names reads the screen: the window's colours and words, the output's size")
    func grantedByDesktopFile() async throws {
        let pattern = try await ScreenPattern.make()
        try await KWinServer.with { kwin in
            let window = try await PatternWindow.open(on: kwin, showing: pattern.image)
            do {
                let livetext = builtLivetext().resolvingSymlinksInPath()
                let template = try String(contentsOf: Self.repository.appendingPathComponent("dbus/org.livetext.desktop.in"),
                                          encoding: .utf8)
                try kwin.installDesktopFile(named: KWinDesktopFile.fileName,
                                            contents: template.replacingOccurrences(
                                                of: "@BINDIR@", with: livetext.deletingLastPathComponent().path))
                let file = kwin.userDirectory.appendingPathComponent("screen.png")
                let screen = try await Self.grabUntilShown(pattern, kwin: kwin, livetext: livetext, into: file)
                #expect(screen.width == kwin.width && screen.height == kwin.height)
                let read = try await ChildProcess.run(livetext.path, ["analyze", "--local", file.path],
                                                      environment: ["PATH": "/usr/bin:/bin", "OMP_THREAD_LIMIT": "1"],
                                                      timeout: .seconds(120))
                #expect(String(decoding: read.stdout, as: UTF8.self).contains(ScreenPattern.words),
                        "read: \(String(decoding: read.stdout + read.stderr, as: UTF8.self))")
            } catch {
                await window.close()
                throw error
            }
            await window.close()
        }
    }

    @Test("without the desktop file KWin refuses: the message names the file to install, or the user to run as")
    func refusedWithoutDesktopFile() async throws {
        try await KWinServer.with { kwin in
            let livetext = builtLivetext().resolvingSymlinksInPath()
            let file = kwin.userDirectory.appendingPathComponent("screen.png")
            let refused = try await kwin.runAsSessionUser(livetext.path, ["grab", "kwin", "-o", file.path, "--timeout", "30"],
                                                          environment: ["OMP_THREAD_LIMIT": "1"])
            let said = String(decoding: refused.stderr, as: UTF8.self)
            #expect(refused.status == 3, "\(said)")
            #expect(said.contains(KWinDesktopFile.fileName) && said.contains("X-KDE-DBUS-Restricted-Interfaces")
                    && said.contains("Exec=\(livetext.path)") && said.contains("make install"), "\(said)")
            #expect(!FileManager.default.fileExists(atPath: file.path))

            // This process, when root, is another user than kwin's: no desktop file could help it.
            guard getuid() == 0 else { return }
            let grabber = KWinScreenShot(busAddress: kwin.busAddress)
            let error = try await offPool { () -> LiveTextError? in
                do { _ = try grabber.grabScreen(within: .seconds(30)); return nil } catch let error as LiveTextError { return error }
            }
            #expect(error?.code == .accessDenied)
            #expect(error?.message.contains("runs as user \(KWinServer.user)") == true, "\(String(describing: error))")
        }
    }

    @Test("in this process with KWin's check off (KWIN_SCREENSHOT_NO_PERMISSION_CHECKS): the window's pixels, exactly")
    func pixelsInProcess() async throws {
        let pattern = try await ScreenPattern.make()
        try await KWinServer.with(kwinEnvironment: ["KWIN_SCREENSHOT_NO_PERMISSION_CHECKS": "1"]) { kwin in
            let window = try await PatternWindow.open(on: kwin, showing: pattern.image)
            let grabber = KWinScreenShot(busAddress: kwin.busAddress)
            let grabs = Task { try await offPool { () -> (reason: String?, screen: PixelImage?, found: Bool) in
                let reason = grabber.unavailableReason()
                var last: PixelImage?
                let deadline = ContinuousClock.now + .seconds(60)
                // The window fades in: grab until it is there whole.
                while ContinuousClock.now < deadline {
                    let screen = try grabber.grabScreen(within: .seconds(20))
                    last = screen
                    if pattern.place(in: screen) != nil { return (reason, screen, true) }
                    usleep(300_000)
                }
                return (reason, last, false)
            } }
            let result = await grabs.result
            await window.close()
            let outcome = try result.get()
            #expect(outcome.reason == nil)
            #expect(outcome.screen?.width == kwin.width && outcome.screen?.height == kwin.height)
            #expect(outcome.found, "the pattern window's pixels are not in the screenshot; kwin said: \(kwin.log.suffix(1500))")
        }
    }

    /// Runs `livetext grab kwin` as kwin's user until the pattern is on the screenshot it writes
    /// (KWin reads a new desktop file a moment after it appears, and the window fades in), at most
    /// 90 s. Returns the screenshot.
    private static func grabUntilShown(_ pattern: ScreenPattern, kwin: KWinServer, livetext: URL,
                                       into file: URL) async throws -> PixelImage {
        let deadline = ContinuousClock.now + .seconds(90)
        var said = ""
        while ContinuousClock.now < deadline {
            let grabbed = try await kwin.runAsSessionUser(livetext.path, ["grab", "kwin", "-o", file.path, "--timeout", "30"],
                                                          environment: ["OMP_THREAD_LIMIT": "1"])
            said = String(decoding: grabbed.stderr, as: UTF8.self)
            if grabbed.status == 0 {
                let screen = try LeptonicaImageDecoder().decode(try Data(contentsOf: file), limits: ImageLimits())
                if pattern.place(in: screen) != nil { return screen }
                said = "the pattern is not on the screenshot"
            } else if grabbed.status != 3 {
                throw TestFailure("livetext grab kwin: \(grabbed.status): \(said)")
            }
            try await Task.sleep(for: .milliseconds(500))
        }
        throw TestFailure("no screenshot with the pattern window within 90 s: \(said); kwin said: \(kwin.log.suffix(1500))")
    }

    /// The checkout these tests belong to.
    static let repository: URL = {
        var root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while root.path != "/", !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) {
            root.deleteLastPathComponent()
        }
        return root
    }()
}
