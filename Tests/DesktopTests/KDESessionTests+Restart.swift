import DesktopPortals
import Foundation
import Testing
import TestSupport

/// KWin going away under a running daemon and coming back, as Plasma's kwin_wayland_wrapper
/// restarts a kwin that crashed: the Wayland socket is made again, ScreenShot2 and kglobalaccel
/// get new owners on the same bus.
extension KDESessionTests {
    @Test("KWin restarts twice under the daemon: the screen is read through the new KWin, the hotkeys are bound in it again and pressed, no fd leaks")
    func compositorRestarts() async throws {
        let pattern = try await ScreenPattern.make()
        try await KWinServer.with { kwin in
            let livetext = builtLivetext().resolvingSymlinksInPath()
            let config = kwin.userDirectory.appendingPathComponent("config")
            try Self.writeSettings(Self.hotkeysConfig, under: config)
            let template = try String(contentsOf: KWinScreenShotTests.repository.appendingPathComponent("dbus/org.livetext.desktop.in"),
                                      encoding: .utf8)
            try kwin.installDesktopFile(named: KWinDesktopFile.fileName, contents: template.replacingOccurrences(
                of: "@BINDIR@", with: livetext.deletingLastPathComponent().path))
            let environment = ["OMP_THREAD_LIMIT": "1", "XDG_CONFIG_HOME": config.path]
            // Said with the mechanism when first bound, without when bound again.
            let bound = "hotkeys: typed (Shift+P)"

            let daemon = try kwin.startAsSessionUser(livetext.path, ["daemon"], environment: environment)
            try await Self.stopping(daemon) {
                #expect(try await Self.wait(for: bound, in: daemon, count: 1), "\(daemon.errorsSoFar)")
                let program = try #require(daemon.programIdentifier)
                var fds: [Int] = []
                for restart in 0...2 {
                    if restart > 0 {
                        try await kwin.restart()
                        // kglobalaccel is back inside the new kwin: the daemon registers the hotkeys there again.
                        #expect(try await Self.wait(for: bound, in: daemon, count: restart + 1), "\(daemon.errorsSoFar)")
                    }
                    // A window on the (new) KWin, read through the daemon's kept ScreenShot2 grabber.
                    let window = try await PatternWindow.open(on: kwin, showing: pattern.image)
                    let read = await Self.readScreen(through: kwin, livetext: livetext, environment: environment)
                    await window.close()
                    #expect(read.text.contains(ScreenPattern.words), "after \(restart) restarts: \(read.said)\n\(daemon.errorsSoFar)")
                    #expect(read.failures.isEmpty, "after \(restart) restarts: \(read.failures)")
                    #expect(daemon.programIdentifier == program, "the daemon is the one started first: \(daemon.errorsSoFar)")
                    fds.append((try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(program)/fd").count) ?? -1)
                }
                // The connections lost with each KWin are closed: the second restart leaves no more
                // open than the first (the first capture opens what is kept warm).
                #expect(fds[2] <= fds[1] && fds[2] > 0, "open fds after each restart: \(fds)")

                // A key pressed through the new KWin's fake input reaches its kglobalaccel, and the daemon.
                try await Self.typeCapitalP(on: kwin, livetext: livetext)
                #expect(try await Self.wait(for: "hotkey typed (Shift+P): analyze", in: daemon, count: 1), "\(daemon.errorsSoFar)")
            }
        }
    }

    /// `livetext capture --screen` through the daemon on kwin's bus, until the pattern's words are
    /// read (90 s at most: the window maps and draws); what it read and said last.
    static func readScreen(through kwin: KWinServer, livetext: URL, environment: [String: String]) async
        -> (text: String, said: String, failures: [String]) {
        var (text, said) = ("", "")
        var failures: [String] = []
        let deadline = ContinuousClock.now + .seconds(90)
        while ContinuousClock.now < deadline, !text.contains(ScreenPattern.words) {
            do {
                let read = try await kwin.runAsSessionUser(livetext.path, ["capture", "--screen", "--types", "text"],
                                                           environment: environment, timeout: .seconds(120))
                (text, said) = (String(decoding: read.stdout, as: UTF8.self), String(decoding: read.stderr, as: UTF8.self))
                if read.status != 0 {
                    failures.append(said)
                    try await Task.sleep(for: .seconds(1))
                }
            } catch {
                said = "\(error)"
            }
        }
        return (text, said, failures)
    }
}
