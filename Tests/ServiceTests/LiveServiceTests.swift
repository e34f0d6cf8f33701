import DBusKit
import Foundation
import Synchronization
import Testing
import TestSupport

/// `CaptureScreen` with `live`: the daemon shows the live surface on its display, the analysis
/// object fills in as the screen is read, and the user's copies and clicks are carried out by
/// the daemon. A private bus, Xvfb, and xdotool and xclip as the user.
@Suite("live text from the daemon")
struct LiveServiceTests {
    static let page = DesktopServiceTests.page  // 520×96: an invoice line, an email, a phone
    static let lines = ["Invoice 4471 is due on 2026-12-01", "Questions: billing@example.com", "Call +1 415 555 0123 today"]
    static let pageRegion = DBusValue.structure([.int32(0), .int32(0), .uint32(520), .uint32(96)])
    static let analysis = "org.livetext.Analysis1"

    @Test("CaptureScreen live: the object comes back pending while the surface is up, its Text fills in (sent to its caller alone); a second live is Unavailable and the first stays; Ctrl+A, Ctrl+C, Esc leave the text on the clipboard and the analysis finished")
    func liveCapture() async throws {
        try await TestDisplay.with(width: 800, height: 600) { server in
            try await XPeers.paintRoot(Self.page, on: server)
            try await RunningDaemon.with(environment: server.environment) { daemon in
                let stranger = try await DBusConnection.connect(address: daemon.bus.address)
                defer { stranger.close() }
                let mine = SignalLog(try await daemon.client.signals(matching: .propertiesChanged()))
                let theirs = SignalLog(try await stranger.signals(matching: .propertiesChanged()))
                let path = try #require(try await daemon.analyzer("CaptureScreen", [.vardict([
                    "live": .bool(true), "region": Self.pageRegion])]).first?.objectPath)
                #expect(try await daemon.property(path, Self.analysis, "State").string == "pending")
                try await Self.waitForSurface(shown: true, on: server)

                // The reading arrives as PropertiesChanged of the object, its Text the lines read.
                let read = try await mine.waitFor { signals in
                    signals.contains { $0.path == path && Self.lines.allSatisfy((Self.changed($0, "Text")?.string ?? "").contains) }
                }
                #expect(read.contains { $0.path == path && Self.changed($0, "Json")?.string?.contains("\"blocks\"") == true })
                #expect(try await daemon.property(path, Self.analysis, "State").string == "pending")

                let second = await RunningDaemon.errorName {
                    _ = try await daemon.analyzer("CaptureScreen", [.vardict(["live": .bool(true)])])
                }
                #expect(second == "org.livetext.Error.Unavailable")
                try await Self.waitForSurface(shown: true, on: server)

                // Esc before the whole is read cancels the analysis: the whole says how many engines read it.
                _ = try await mine.waitFor { signals in
                    signals.contains { $0.path == path && Self.changed($0, "Json")?.string?.contains("\"engines\"") == true }
                }
                let all = Self.lines.joined(separator: "\n")
                try await XPeers.copyAllOnceRead(all, on: server)
                // The first Escape lets go of the selection, the second closes.
                try await XPeers.xdotool(["key", "Escape", "sleep", "0.2", "key", "Escape"], on: server)
                _ = try await daemon.analysis(path, "Wait")
                #expect(try await daemon.property(path, Self.analysis, "State").string == "finished")
                let text = try await daemon.property(path, Self.analysis, "Text").string ?? ""
                #expect(Self.lines.allSatisfy(text.contains), "\(text)")
                try await Self.waitForSurface(shown: false, on: server)
                // Served by the daemon's clipboard owner, after the surface has gone.
                #expect(try await XPeers.clipboardText(on: server) == all)

                // Another connection hears the state, never the text (it may not read it).
                let seen = try await theirs.waitFor { signals in
                    signals.contains { $0.path == path && Self.changed($0, "State")?.string == "finished" }
                }
                #expect(!seen.contains { Self.changed($0, "Text") != nil })
                #expect(daemon.daemonLog.contains("live text: copied"))
            }
        }
    }

    @Test("live refuses the interaction type none (asked for, or the settings'), a target the user picks and copy, before any surface; without a display it is Unavailable")
    func refusals() async throws {
        try await TestDisplay.with(width: 320, height: 200) { server in
            let config = "[interaction]\npreferred_interaction_types = [\"none\"]\n"
            try await RunningDaemon.with(config: config, environment: server.environment) { daemon in
                for options: [String: DBusValue] in [
                    ["live": .bool(true), "interaction": .strings(["none"])],
                    ["live": .bool(true)],  // the settings' none
                    ["live": .bool(true), "interaction": .strings(["automatic"]), "interactive": .bool(true)],
                    ["live": .bool(true), "interaction": .strings(["automatic"]), "copy": .bool(true)],
                    ["live": .strings(["yes"])],
                ] {
                    let name = await RunningDaemon.errorName { _ = try await daemon.analyzer("CaptureScreen", [.vardict(options)]) }
                    #expect(name == "org.livetext.Error.InvalidArgs", "\(options)")
                }
                let none = await Self.errorMessage {
                    _ = try await daemon.analyzer("CaptureScreen", [.vardict(["live": .bool(true)])])
                }
                #expect(none.contains("none offers nothing"), "\(none)")
                let found = try await runCommand("/usr/bin/xdotool", ["search", "--classname", "livetext"],
                                                 environment: server.environment)
                #expect(found.stdout.isEmpty)
            }
        }
        try await RunningDaemon.with(environment: ["DISPLAY": ""]) { daemon in
            let name = await RunningDaemon.errorName {
                _ = try await daemon.analyzer("CaptureScreen", [.vardict(["live": .bool(true)])])
            }
            #expect(name == "org.livetext.Error.Unavailable")
        }
    }

    @Test("gdbus call CaptureScreen live: the surface outlives gdbus; the daemon copies, and runs the opener of the Call chosen in the clicked phone number's menu, which closes it")
    func fromShell() async throws {
        try await TestDisplay.with(width: 800, height: 600) { server in
            try await XPeers.paintRoot(Self.page, on: server)
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("live-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let opener = directory.appendingPathComponent("opener"), opened = directory.appendingPathComponent("opened")
            try "#!/bin/sh\necho \"$@\" > '\(opened.path)'\n".write(to: opener, atomically: true, encoding: .utf8)
            let environment = server.environment.merging(["LIVETEXT_OPENER": "/bin/sh " + opener.path]) { $1 }
            try await RunningDaemon.with(environment: environment) { daemon in
                let call = try await runCommand("/usr/bin/gdbus", [
                    "call", "--address", daemon.bus.address, "-d", "org.livetext", "-o", "/org/livetext",
                    "-m", "org.livetext.Analyzer1.CaptureScreen", "{'live': <true>, 'region': <(0, 0, uint32 520, uint32 96)>}"])
                #expect(call.status == 0, "\(call.stderr)")
                #expect(call.stdout.contains("/org/livetext/analysis/"), "\(call.stdout)")
                // gdbus has left the bus: the surface stays for the user.
                try await Self.waitForSurface(shown: true, on: server)
                let all = Self.lines.joined(separator: "\n")
                try await XPeers.copyAllOnceRead(all, on: server)
                #expect(try await XPeers.clipboardText(on: server) == all)
                // "+1 415 555 0123" on the third line: its menu after the double-click interval, then Call.
                try await XPeers.xdotool(["mousemove", "100", "65", "click", "1", "sleep", "1", "key", "Down", "Return"], on: server)
                try await Self.waitForSurface(shown: false, on: server)
                var target = ""
                for _ in 0..<200 where target.isEmpty {
                    target = (try? String(contentsOf: opened, encoding: .utf8)) ?? ""
                    if target.isEmpty { try await Task.sleep(for: .milliseconds(50)) }
                }
                #expect(target.hasPrefix("tel:"), "\(target) \(daemon.daemonLog)")
                #expect(target.filter(\.isNumber).hasSuffix("4155550123"), "\(target)")
            }
        }
    }

    @Test("a region off the screen fails the live analysis (InvalidArgs) and frees the surface's place; Cancel closes the live surface (cancelled, grabs gone); another can then be shown, and Release closes that one")
    func cancelAndRelease() async throws {
        try await TestDisplay.with(width: 400, height: 300) { server in
            try await RunningDaemon.with(environment: server.environment) { daemon in
                let outside = try #require(try await daemon.analyzer("CaptureScreen", [.vardict([
                    "live": .bool(true), "region": .structure([.int32(500), .int32(500), .uint32(5), .uint32(5)])])])
                    .first?.objectPath)
                let error = await RunningDaemon.errorName { _ = try await daemon.analysis(outside, "Wait") }
                #expect(error == "org.livetext.Error.InvalidArgs")
                #expect(try await daemon.property(outside, Self.analysis, "State").string == "failed")

                let first = try #require(try await daemon.analyzer("CaptureScreen", [.vardict(["live": .bool(true)])])
                    .first?.objectPath)
                try await Self.waitForSurface(shown: true, on: server)
                _ = try await daemon.analysis(first, "Cancel")
                try await Self.waitForSurface(shown: false, on: server)
                #expect(try await daemon.property(first, Self.analysis, "State").string == "cancelled")

                try await Self.showAnotherAndRelease(daemon, on: server)
            }
        }
    }

    @Test("Esc while the daemon's live surface is still reading closes it at once: the analysis ends cancelled, no whole reading published, and the next live surface opens")
    func escapeWhileReading() async throws {
        // A dense screen of terminal text: the whole takes seconds to read.
        try await TestDisplay.with(width: 1920, height: 1080) { server in
            try await XPeers.paintRoot(SickDaemonTests.dense, on: server)
            try await RunningDaemon.with(environment: server.environment) { daemon in
                let mine = SignalLog(try await daemon.client.signals(matching: .propertiesChanged()))
                let path = try #require(try await daemon.analyzer("CaptureScreen", [.vardict(["live": .bool(true)])])
                    .first?.objectPath)
                try await Self.waitForSurface(shown: true, on: server)
                // Pressed until the surface, grabbing the keyboard a moment after it appears, hears it.
                var closed = false
                for _ in 0..<50 where !closed {
                    try await XPeers.xdotool(["key", "Escape"], on: server)
                    let found = try await runCommand("/usr/bin/xdotool", ["search", "--classname", "livetext"],
                                                     environment: server.environment)
                    closed = found.stdout.isEmpty
                    if !closed { try await Task.sleep(for: .milliseconds(20)) }
                }
                #expect(closed)
                let error = await RunningDaemon.errorName { _ = try await daemon.analysis(path, "Wait") }
                #expect(error == "org.livetext.Error.Cancelled")
                #expect(try await daemon.property(path, Self.analysis, "State").string == "cancelled")
                // Nothing of the unfinished reading is published as the analysis' result.
                let ended = try await mine.waitFor { signals in
                    signals.contains { $0.path == path && Self.changed($0, "State")?.string == "cancelled" }
                }
                #expect(!ended.contains { $0.path == path && Self.changed($0, "Json")?.string?.contains("\"engines\"") == true })

                try await Self.showAnotherAndRelease(daemon, on: server)
            }
        }
    }

    @Test("the display going away while the daemon's live surface is up fails the analysis (Unavailable); the daemon stays, and shows live text again once the display is back")
    func displayGone() async throws {
        try await TestDisplay.with(width: 320, height: 200) { server in
            try await RunningDaemon.with(environment: server.environment) { daemon in
                let path = try #require(try await daemon.analyzer("CaptureScreen", [.vardict(["live": .bool(true)])])
                    .first?.objectPath)
                try await Self.waitForSurface(shown: true, on: server)
                try await server.restart()
                let error = await RunningDaemon.errorName { _ = try await daemon.analysis(path, "Wait") }
                #expect(error == "org.livetext.Error.Unavailable")
                #expect(daemon.daemon.isRunning)
                let again = try #require(try await daemon.analyzer("CaptureScreen", [.vardict(["live": .bool(true)])])
                    .first?.objectPath)
                try await Self.waitForSurface(shown: true, on: server)
                try await XPeers.xdotool(["key", "Escape"], on: server)
                _ = await RunningDaemon.errorName { _ = try await daemon.analysis(again, "Wait") }
                let state = try await daemon.property(again, Self.analysis, "State").string
                #expect(state == "finished" || state == "cancelled", "\(state ?? "")")
            }
        }
    }

    // MARK: Helpers

    /// Waits (up to 20 s) until a window of class `livetext` is there, or none is.
    /// Shows another live surface once the slot is free (the last surface has closed), then
    /// closes it with Release; the daemon is still running.
    static func showAnotherAndRelease(_ daemon: RunningDaemon, on server: TestDisplay) async throws {
        var shown: DBusObjectPath?
        for _ in 0..<100 where shown == nil {
            shown = try? await daemon.analyzer("CaptureScreen", [.vardict(["live": .bool(true)])]).first?.objectPath
            if shown == nil { try await Task.sleep(for: .milliseconds(50)) }
        }
        let path = try #require(shown)
        try await waitForSurface(shown: true, on: server)
        _ = try await daemon.analysis(path, "Release")
        try await waitForSurface(shown: false, on: server)
        #expect(daemon.daemon.isRunning)
    }

    static func waitForSurface(shown: Bool, on server: TestDisplay) async throws {
        for _ in 0..<400 {
            let found = try await runCommand("/usr/bin/xdotool", ["search", "--classname", "livetext"],
                                             environment: server.environment)
            if (found.status == 0 && !found.stdout.isEmpty) == shown { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw TestFailure(shown ? "the live surface never appeared" : "the live surface never went away")
    }

    /// A property's new value in a `PropertiesChanged` signal, nil when it is not in it.
    static func changed(_ signal: DBusIncomingSignal, _ name: String) -> DBusValue? {
        guard signal.arguments.count == 3, signal.arguments[0].string == analysis else { return nil }
        return signal.arguments[1].vardict?[name]?.unwrapped
    }

    static func errorMessage(_ body: () async throws -> Void) async -> String {
        do {
            try await body()
            return ""
        } catch {
            return "\(error)"
        }
    }
}

/// The signals a stream delivers, kept as they come, for a test to wait on.
final class SignalLog: Sendable {
    private let received = Mutex<[DBusIncomingSignal]>([])
    private let reader = Mutex<Task<Void, Never>?>(nil)

    init(_ stream: AsyncStream<DBusIncomingSignal>) {
        let task = Task { [weak self] in
            for await signal in stream { self?.received.withLock { $0.append(signal) } }
        }
        reader.withLock { $0 = task }
    }

    deinit { reader.withLock { $0 }?.cancel() }

    /// Waits (up to 60 s) until the signals so far satisfy `condition`, and returns them.
    func waitFor(_ condition: ([DBusIncomingSignal]) -> Bool) async throws -> [DBusIncomingSignal] {
        for _ in 0..<1200 {
            let signals = received.withLock { $0 }
            if condition(signals) { return signals }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw TestFailure("the signals never came: \(received.withLock { $0 }.map { "\($0.path) \($0.arguments)" })")
    }
}
