import DesktopPortals
import Foundation
import Testing
import TestSupport

/// livetext as a KDE Plasma user runs it (as kwin's user, with the installed org.livetext.desktop),
/// through the desktop the CLI builds: `livetext desktop` names KWin's services, and `capture
/// --screen` reads a Wayland-native window's words through ScreenShot2.
@Suite("livetext on KDE Plasma", .serialized)
struct KDESessionTests {
    @Test("livetext desktop names KWin's services, and capture --screen reads the window's words through them")
    func desktopAndCapture() async throws {
        let pattern = try await ScreenPattern.make()
        try await KWinServer.with { kwin in
            let window = try await PatternWindow.open(on: kwin, showing: pattern.image)
            do {
                let livetext = builtLivetext().resolvingSymlinksInPath()
                let template = try String(contentsOf: KWinScreenShotTests.repository
                    .appendingPathComponent("dbus/org.livetext.desktop.in"), encoding: .utf8)
                try kwin.installDesktopFile(named: KWinDesktopFile.fileName, contents: template.replacingOccurrences(
                    of: "@BINDIR@", with: livetext.deletingLastPathComponent().path))
                let environment = ["OMP_THREAD_LIMIT": "1", "XDG_CONFIG_HOME": kwin.userDirectory.appendingPathComponent("config").path]

                let report = try await kwin.runAsSessionUser(livetext.path, ["desktop", "--json"], environment: environment,
                                                             timeout: .seconds(180))
                let json = String(decoding: report.stdout, as: UTF8.self)
                #expect(report.status == 0, "\(String(decoding: report.stderr, as: UTF8.self))")
                let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
                #expect(document["session"] as? String == "wayland" && document["desktop"] as? String == "kde", "\(json)")
                let features = Dictionary(uniqueKeysWithValues: ((document["features"] as? [[String: Any]]) ?? []).map {
                    ($0["name"] as? String ?? "", $0)
                })
                #expect((features["capture"]?["mechanism"] as? String)?.hasPrefix("KWin's ScreenShot2") == true, "\(json)")
                #expect((features["live"]?["mechanism"] as? String)?.contains("layer-shell") == true, "\(json)")
                #expect((features["type"]?["mechanism"] as? String)?.contains("fake_input") == true, "\(json)")
                #expect(features["copy"]?["available"] as? Bool == true, "\(json)")

                // The window maps and draws: read until its words show (90 s at most).
                var text = ""
                let deadline = ContinuousClock.now + .seconds(90)
                var said = ""
                while ContinuousClock.now < deadline, !text.contains(ScreenPattern.words) {
                    let read = try await kwin.runAsSessionUser(livetext.path, ["capture", "--local", "--screen", "--types", "text"],
                                                               environment: environment, timeout: .seconds(120))
                    text = String(decoding: read.stdout, as: UTF8.self)
                    said = String(decoding: read.stderr, as: UTF8.self)
                    if read.status != 0 { try await Task.sleep(for: .seconds(1)) }
                }
                #expect(text.contains(ScreenPattern.words), "read: \(text); said: \(said)")

                // live: the frozen screen over KWin (layer-shell), still showing the window once it closed.
                let live = try kwin.startAsSessionUser(livetext.path, ["live"], environment: environment)
                // Up once a debug build has started and frozen the screen: generous on a loaded machine.
                try await Task.sleep(for: .seconds(15))
                await window.close()
                try await Task.sleep(for: .seconds(1))
                let file = kwin.userDirectory.appendingPathComponent("live.png")
                let grabbed = try await kwin.runAsSessionUser(livetext.path, ["grab", "kwin", "-o", file.path], environment: environment)
                #expect(grabbed.status == 0, "\(String(decoding: grabbed.stderr, as: UTF8.self))")
                let frozen = try await kwin.runAsSessionUser(livetext.path, ["analyze", "--local", file.path], environment: environment,
                                                             timeout: .seconds(120))
                #expect(String(decoding: frozen.stdout, as: UTF8.self).contains(ScreenPattern.words),
                        "the frozen screen is not shown: \(String(decoding: frozen.stdout, as: UTF8.self))")
                try ReadmeScreenshot.save(file: file, as: "kde-live.png")
                live.process.terminate()
                _ = try await live.finish(limit: 30)
            } catch {
                await window.close()
                throw error
            }
        }
    }
}
