import DBusKit
import Foundation
@testable import LiveTextService
import Testing
import TestSupport

/// The consent gate fails closed (issue 25, rows 1, 2, 4 and 5): a caller that leaves at once
/// gets nothing done, `PerformAction` asks as `Copy` does, the prompt names the file that would
/// really be read, and a sandboxed caller cannot choose the display.
@Suite("the consent gate fails closed", .serialized, .enabled(if: FlatpakSandbox.isAvailable, "needs root for unshare"))
struct SandboxGateTests {
    static let qr = RunningDaemon.fixtures.appendingPathComponent("qr-url.png").path
    static let payload = "https://example.org/livetext?q=1"

    /// A dbus-python script, run in the sandbox or outside it.
    private static func script(_ name: String, _ text: String) throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString).py")
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    /// Sends one request with `copy` and closes its connection without waiting for the reply.
    static let sendAndLeave = """
        import dbus, dbus.lowlevel, sys
        bus = dbus.bus.BusConnection(sys.argv[1])
        method, path = sys.argv[2], sys.argv[3]
        message = dbus.lowlevel.MethodCallMessage("org.livetext", "/org/livetext", "org.livetext.Analyzer1", method)
        options = dbus.Dictionary({"copy": True, "types": dbus.Array(["codes"], signature="s")}, signature="sv")
        if method == "CaptureScreen":
            message.append(options, signature="a{sv}")
        else:
            message.append(path, options, signature="sa{sv}")
        bus.send_message(message)
        bus.flush()
        bus.close()
        """

    @Test("a sandboxed caller that sends copy and leaves at once: nothing read, nothing copied, no prompt left",
          arguments: ["Analyze", "AnalyzeFile", "CaptureScreen"])
    func leavesAtOnce(method: String) async throws {
        let script = try Self.script("send-and-leave", Self.sendAndLeave)
        defer { try? FileManager.default.removeItem(at: script) }
        try await DunstServer.with { dunst in
            try await XPeers.paintRoot(Self.qr, on: dunst.display)
            let keep = try XPeers.xclipOwning(text: "the user's own clipboard", on: dunst.display)
            defer { keep.terminate() }
            try await XPeers.waitForClipboard(containing: "the user's own clipboard", on: dunst.display)
            try await RunningDaemon.with(environment: dunst.display.environment, bus: dunst.bus) { daemon in
                let app = FlatpakSandbox(appID: "org.example.Leaver")
                for _ in 0..<5 {
                    let sent = try await app.run(["/usr/bin/python3", script.path, daemon.bus.address, method, Self.qr])
                    #expect(sent.status == 0, "\(sent.stderr)")
                }
                // Five refusals (a prompt may have come up for a caller still there, and gone with it).
                for _ in 0..<400 where daemon.daemonLog.components(separatedBy: "access: org.livetext.Analyzer1.\(method) refused").count < 6 {
                    try await Task.sleep(for: .milliseconds(25))
                }
                #expect(daemon.daemonLog.components(separatedBy: "access: org.livetext.Analyzer1.\(method) refused").count == 6,
                        "\(daemon.daemonLog)")
                #expect(!daemon.daemonLog.contains("analysis 1 for"), "nothing started: \(daemon.daemonLog)")
                #expect(try await XPeers.clipboardText(on: dunst.display) == "the user's own clipboard")
                #expect(try await dunst.displayedCount() == 0)
            }
        }
    }

    @Test("a caller outside a sandbox whose copy outlives it: a script's gdbus call leaves once it has the reply")
    func unconfinedLeaves() async throws {
        try await DunstServer.with { dunst in
            try await RunningDaemon.with(environment: dunst.display.environment, bus: dunst.bus) { daemon in
                let sent = try await runCommand("/usr/bin/gdbus", [
                    "call", "--address", daemon.bus.address, "--dest", "org.livetext", "--object-path", "/org/livetext",
                    "--method", "org.livetext.Analyzer1.AnalyzeFile", Self.qr, "{'copy': <true>, 'types': <['codes']>}"])
                #expect(sent.status == 0, "\(sent.stderr)")
                try await XPeers.waitForClipboard(containing: Self.payload, on: dunst.display)
            }
        }
    }

    /// Analyzes its own QR code (bytes need no consent), then asks for its actions.
    static let performActions = """
        import dbus, sys
        bus = dbus.bus.BusConnection(sys.argv[1])
        analyzer = dbus.Interface(bus.get_object("org.livetext", "/org/livetext"), "org.livetext.Analyzer1")
        png = dbus.Array(bytearray(open(sys.argv[2], "rb").read()), signature="y")
        path = analyzer.AnalyzeImage(png, {"types": dbus.Array(["codes", "detectors"], signature="s")}, timeout=90)
        analysis = dbus.Interface(bus.get_object("org.livetext", path), "org.livetext.Analysis1")
        analysis.Wait(timeout=90)
        print("analyzed", flush=True)
        for action in sys.argv[3:]:
            try:
                analysis.PerformAction(action, timeout=90)
                print(action, "done", flush=True)
            except dbus.DBusException as error:
                print(action, error.get_dbus_name(), flush=True)
        """

    @Test("PerformAction asks as Copy does: the prompt names the link it would open; a denied copy leaves the clipboard")
    func performActionAsks() async throws {
        let script = try Self.script("perform", Self.performActions)
        let opened = FileManager.default.temporaryDirectory.appendingPathComponent("opened-\(UUID().uuidString)")
        // The sandbox sees /tmp and /usr only.
        let image = FileManager.default.temporaryDirectory.appendingPathComponent("qr-\(UUID().uuidString).png")
        try FileManager.default.copyItem(atPath: Self.qr, toPath: image.path)
        let opener = try Self.script("opener", "import sys\nopen('\(opened.path)', 'a').write(repr(sys.argv[1:]) + '\\n')\n")
        defer { [script, opened, opener, image].forEach { try? FileManager.default.removeItem(at: $0) } }
        try await DunstServer.with { dunst in
            let keep = try XPeers.xclipOwning(text: "the user's own clipboard", on: dunst.display)
            defer { keep.terminate() }
            try await XPeers.waitForClipboard(containing: "the user's own clipboard", on: dunst.display)
            let environment = dunst.display.environment.merging(["LIVETEXT_OPENER": "/usr/bin/python3 \(opener.path)"]) { $1 }
            try await RunningDaemon.with(environment: environment, bus: dunst.bus) { daemon in
                let monitor = try await dunst.monitorNotifyCalls()
                defer { Task { await monitor.stop() } }
                let app = FlatpakSandbox(appID: "org.example.Actor")
                async let run = app.run(["/usr/bin/python3", script.path, daemon.bus.address, image.path, "open-link-0", "copy-code-0"])
                guard try await daemon.waitForLog(containing: "may open the link") else {
                    let failed = try await run
                    Issue.record("no consent prompt: \(failed.stdout) \(failed.stderr) \(daemon.daemonLog)")
                    return
                }
                try await dunst.waitForDisplayed(1)
                let openPrompt = try await monitor.lastNotify()
                #expect(openPrompt.body.contains("open the link \(Self.payload)"), "\(openPrompt)")
                #expect(openPrompt.summary.hasPrefix("Allow org.example.Actor to open the link"), "\(openPrompt)")
                _ = try await dunst.chooseAction(labeled: "Allow Once")
                for _ in 0..<200 where monitor.calls().count < 2 { try await Task.sleep(for: .milliseconds(25)) }
                try await dunst.waitForDisplayed(1)
                let copyPrompt = try await monitor.lastNotify(afterCount: 2)
                #expect(copyPrompt.body.contains("put text on the clipboard"), "\(copyPrompt)")
                _ = try await dunst.chooseAction(labeled: "Deny")
                let result = try await run
                #expect(result.stdout == "analyzed\nopen-link-0 done\ncopy-code-0 org.livetext.Error.AccessDenied\n",
                        "\(result.stdout) \(result.stderr)")
                #expect((try? String(contentsOf: opened, encoding: .utf8)) == "['\(Self.payload)']\n")
                #expect(try await XPeers.clipboardText(on: dunst.display) == "the user's own clipboard")
            }
        }
    }

    @Test("the prompt names the file that would be read: symlinks followed, dots gone, both ends shown, markup escaped")
    func promptTellsTheTruth() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gate-\(UUID().uuidString)")
        let secrets = directory.appendingPathComponent("secrets")
        try FileManager.default.createDirectory(at: secrets, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let secret = secrets.appendingPathComponent("secret.png")
        try FileManager.default.copyItem(atPath: Self.qr, toPath: secret.path)
        try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent("holiday.png").path,
                                                   withDestinationPath: secret.path)
        let marked = directory.appendingPathComponent("<i>marked.png")
        try FileManager.default.copyItem(atPath: Self.qr, toPath: marked.path)
        let padded = directory.path + String(repeating: "/.", count: 80) + "/harmless/../secrets/secret.png"
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("harmless"), withIntermediateDirectories: true)
        try await DunstServer.with { dunst in
            try await RunningDaemon.with(environment: dunst.display.environment, bus: dunst.bus) { daemon in
                let monitor = try await dunst.monitorNotifyCalls()
                defer { Task { await monitor.stop() } }
                let app = FlatpakSandbox(appID: "org.example.Reader")
                for (n, (path, shown)) in [(directory.appendingPathComponent("holiday.png").path, secret.path),
                                           (padded, secret.path),
                                           (marked.path, directory.path + "/&lt;i&gt;marked.png")].enumerated() {
                    async let call = app.run(["/usr/bin/gdbus", "call", "--address", daemon.bus.address, "--timeout", "90",
                                              "--dest", "org.livetext", "--object-path", "/org/livetext", "--method",
                                              "org.livetext.Analyzer1.AnalyzeFile", path, "{}"])
                    try await dunst.waitForDisplayed(1)
                    let prompt = try await monitor.lastNotify(afterCount: n + 1)
                    #expect(prompt.body.contains("read the file \(shown)"), "\(prompt.body)")
                    #expect(!prompt.body.contains("<i>"), "\(prompt.body)")
                    try await dunst.closeAll()
                    let refused = try await call
                    #expect(refused.stderr.contains("org.livetext.Error.AccessDenied"), "\(refused.stderr)")
                }
            }
        }
    }

    @Test("display: refused from a sandbox, over TCP from anyone; a named display serves that request alone")
    func display() async throws {
        // A listener where display :7 would be over TCP: nothing may connect to it.
        let listener = try RunningCommand("/usr/bin/python3", ["-c", """
            import socket, sys
            s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            s.bind(("127.0.0.1", 6007)); s.listen(5); print("listening", flush=True)
            s.settimeout(8)
            try:
                c, _ = s.accept(); print("CONNECTED", c.recv(4096), flush=True)
            except socket.timeout:
                pass
            """])
        defer { if listener.process.isRunning { listener.process.terminate() } }
        try await Task.sleep(for: .milliseconds(500))
        try await TestDisplay.with(width: 320, height: 200) { server in
            try await RunningDaemon.with(environment: ["DISPLAY": ""]) { daemon in
                let sandboxed = try await FlatpakSandbox(appID: "org.example.Spy").run([
                    "/usr/bin/gdbus", "call", "--address", daemon.bus.address, "--dest", "org.livetext", "--object-path",
                    "/org/livetext", "--method", "org.livetext.Analyzer1.Analyze", Self.qr,
                    "{'display': <'\(server.name)'>}"])
                #expect(sandboxed.stderr.contains("org.livetext.Error.AccessDenied") && sandboxed.stderr.contains("display"),
                        "\(sandboxed.stderr)")
                for remote in ["localhost:7", "127.0.0.1:7", "tcp/localhost:7"] {
                    let refused = await RunningDaemon.errorName {
                        _ = try await daemon.analyzer("Analyze", [.string("screen"), .vardict(["display": .string(remote)])])
                    }
                    #expect(refused == "org.livetext.Error.InvalidArgs", "\(remote)")
                }
                // A local display, for this request.
                let options = DBusValue.vardict(["display": .string(server.name), "types": .strings(["codes"])])
                let reply = try await daemon.analyzer("Analyze", [.string("screen"), options])
                #expect(reply.last?.string?.contains("\"source\":\"screen:0,0,320,200\"") == true, "\(reply)")
                // Nothing sticks: the next request without one has none, and no hotkeys came up.
                let after = await RunningDaemon.errorName {
                    _ = try await daemon.analyzer("Analyze", [.string("screen"), .vardict([:])])
                }
                #expect(after == "org.livetext.Error.Unavailable")
                #expect(!daemon.daemonLog.contains("hotkeys: "), "\(daemon.daemonLog)")
            }
        }
        listener.process.terminate()
        let heard = try await listener.finish(limit: 10)
        #expect(!heard.stdout.contains("CONNECTED"), "\(heard.stdout)")
    }

    @Test("every method and writable property in the introspection XML has an entry in the access table")
    func tableCoversTheInterface() throws {
        let xml = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("dbus/org.livetext.xml"), encoding: .utf8)
        var members: [String] = []
        var interface = ""
        for line in xml.split(separator: "\n") {
            if let name = Self.attribute("name", of: line, in: "<interface ") { interface = name }
            if let name = Self.attribute("name", of: line, in: "<method ") { members.append("\(interface).\(name)") }
            if let name = Self.attribute("name", of: line, in: "<property "), line.contains("access=\"readwrite\"")
                || line.contains("access=\"write\"") {
                members.append("\(interface).\(name)")
            }
        }
        #expect(members.count >= 20, "\(members)")
        let org = members.filter { $0.hasPrefix("org.livetext.") }
        let missing = org.filter { LiveTextService.memberAccess[$0] == nil }
        #expect(missing.isEmpty, "members with no access rule: \(missing)")
    }

    private static func attribute(_ name: String, of line: Substring, in element: String) -> String? {
        guard line.contains(element), let start = line.range(of: "\(name)=\"") else { return nil }
        let rest = line[start.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }
}
