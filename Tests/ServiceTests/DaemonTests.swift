import DBusKit
import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

@Suite("the org.livetext daemon, as a program on the bus uses it", .serialized)
struct DaemonTests {
    static func file(_ name: String) -> String { RunningDaemon.fixtures.appendingPathComponent(name).path }

    @Test("AnalyzeFile: an object at once, then text, items with bounds, actions and the JSON document")
    func analyzeFile() async throws {
        try await RunningDaemon.with { daemon in
            let reply = try await daemon.analyzer("AnalyzeFile", [.string(Self.file("text-light-15px.png")), .vardict([:])])
            let path = try #require(reply.first?.objectPath)
            _ = try await daemon.analysis(path, "Wait")
            #expect(try await daemon.property(path, "org.livetext.Analysis1", "State").string == "finished")
            let text = try await daemon.property(path, "org.livetext.Analysis1", "Text").string ?? ""
            #expect(text.contains("billing@example.com"))
            let items = try await daemon.property(path, "org.livetext.Analysis1", "Items").array ?? []
            let email = try #require(items.first { $0["type"]?.string == "email" })
            #expect(email["text"]?.string == "billing@example.com")
            #expect(email["bounds"]?.fields?.count == 4)
            let actions = try await daemon.property(path, "org.livetext.Analysis1", "QuickActions").array ?? []
            #expect(actions.contains { $0["id"]?.string == "mail-email-0" })
            let json = try await daemon.property(path, "org.livetext.Analysis1", "Json").string ?? ""
            let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            #expect((document["image"] as? [String: Any])?["source"] as? String == "file:" + Self.file("text-light-15px.png"))
            let size = try await daemon.property(path, "org.livetext.Analysis1", "ImageSize").fields
            #expect(size?.compactMap(\.uint32).count == 2)
            // The word under a point, and an item there.
            let inRect = try await daemon.analysis(path, "TextInRect", [.int32(0), .int32(30), .uint32(400), .uint32(22)])
            #expect(inRect.first?.string == "Questions: billing@example.com")
            let bounds = email["bounds"]?.fields?.compactMap(\.int32) ?? []
            let at = try await daemon.analysis(path, "ItemAt", [.int32(bounds[0] + 2), .int32(bounds[1] + 2)])
            #expect(at.first?["type"]?.string == "email")
            _ = try await daemon.analysis(path, "Release")
            let gone = await RunningDaemon.errorName { _ = try await daemon.analysis(path, "Wait") }
            #expect(gone == "org.freedesktop.DBus.Error.UnknownObject")
        }
    }

    @Test("bad requests get livetext's error names; the daemon keeps serving")
    func errors() async throws {
        try await RunningDaemon.with { daemon in
            let relative = await RunningDaemon.errorName {
                _ = try await daemon.analyzer("AnalyzeFile", [.string("x.png"), .vardict([:])])
            }
            #expect(relative == "org.livetext.Error.InvalidArgs")
            let wrongType = await RunningDaemon.errorName {
                _ = try await daemon.analyzer("AnalyzeFile", [.string(Self.file("qr-url.png")), .vardict(["types": .int32(3)])])
            }
            #expect(wrongType == "org.livetext.Error.InvalidArgs")
            let language = await RunningDaemon.errorName {
                _ = try await daemon.analyzer("AnalyzeFile", [.string(Self.file("qr-url.png")),
                                                              .vardict(["languages": .strings(["klingon"])])])
            }
            #expect(language == "org.livetext.Error.Unavailable")
            let badSignature = await RunningDaemon.errorName {
                _ = try await daemon.analyzer("AnalyzeFile", [.int32(1), .vardict([:])])
            }
            #expect(badSignature == "org.freedesktop.DBus.Error.InvalidArgs")
            // A missing file is known at once: the call's error, not a later Wait's.
            let missing = await RunningDaemon.errorName {
                _ = try await daemon.analyzer("AnalyzeFile", [.string("/nonexistent/x.png"), .vardict(["future": .bool(true)])])
            }
            #expect(missing == "org.livetext.Error.NotFound")
            // Bytes that do not decode: the object exists, and Wait reports why it failed.
            let garbage = try await daemon.analyzer("AnalyzeImage", [.bytes(Array("not an image".utf8)), .vardict([:])])
            let garbagePath = try #require(garbage.first?.objectPath)
            let decoded = await RunningDaemon.errorName { _ = try await daemon.analysis(garbagePath, "Wait") }
            #expect(decoded == "org.livetext.Error.InvalidImage")
            #expect(try await daemon.property(garbagePath, "org.livetext.Analysis1", "State").string == "failed")
            let capture = await RunningDaemon.errorName { _ = try await daemon.analyzer("CaptureScreen", [.vardict([:])]) }
            #expect(capture == "org.livetext.Error.Unavailable")
            // Still serving.
            let codes = try await daemon.analyzer("AnalyzeFile", [.string(Self.file("qr-url.png")),
                                                                  .vardict(["types": .strings(["codes", "detectors"])])])
            let codesPath = try #require(codes.first?.objectPath)
            _ = try await daemon.analysis(codesPath, "Wait")
            let found = try await daemon.property(codesPath, "org.livetext.Analysis1", "Codes").array ?? []
            #expect(found.first?["payload"]?.string == "https://example.org/livetext?q=1")
            #expect(try await daemon.property(codesPath, "org.livetext.Analysis1", "Tables").string == "[]")
            // A terminal's ps listing: its table, as the JSON array of the document's tables.
            let listing = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Fixtures/tables/ps-dejavu-mono-14px.png").path
            let tablePath = try #require(try await daemon.analyzer("AnalyzeFile", [.string(listing), .vardict([:])]).first?.objectPath)
            _ = try await daemon.analysis(tablePath, "Wait")
            let tables = try await daemon.property(tablePath, "org.livetext.Analysis1", "Tables").string ?? ""
            let parsed = try JSONSerialization.jsonObject(with: Data(tables.utf8)) as? [[String: Any]]
            #expect(parsed?.count == 1 && (parsed?.first?["rows"] as? [Any])?.count == 5, "\(tables)")
        }
    }

    @Test("AnalyzePixels takes a memfd; sizes that do not fit it and other fds are refused")
    func pixels() async throws {
        try await RunningDaemon.with { daemon in
            let (width, height, stride) = (64, 32, 64 * 4)
            let memory = try DBusKit.makeMemoryFile(contents: [UInt8](repeating: 255, count: stride * height))
            let fd = try #require(memory.rawValue)
            let handle = try DBusFileDescriptor(duplicating: fd)
            let reply = try await daemon.analyzer("AnalyzePixels", [.unixFD(handle), .uint32(UInt32(width)), .uint32(UInt32(height)),
                                                                     .uint32(UInt32(stride)), .string("RGBA8"), .vardict([:])])
            let path = try #require(reply.first?.objectPath)
            _ = try await daemon.analysis(path, "Wait")
            let size = try await daemon.property(path, "org.livetext.Analysis1", "ImageSize").fields?.compactMap(\.uint32)
            #expect(size == [64, 32])
            let tooTall = await RunningDaemon.errorName {
                _ = try await daemon.analyzer("AnalyzePixels", [.unixFD(try DBusFileDescriptor(duplicating: fd)), .uint32(64),
                                                                .uint32(33), .uint32(256), .string("RGBA8"), .vardict([:])])
            }
            #expect(tooTall == "org.livetext.Error.InvalidArgs")
            let format = await RunningDaemon.errorName {
                _ = try await daemon.analyzer("AnalyzePixels", [.unixFD(try DBusFileDescriptor(duplicating: fd)), .uint32(64),
                                                                .uint32(32), .uint32(256), .string("YUV420"), .vardict([:])])
            }
            #expect(format == "org.livetext.Error.InvalidArgs")
            memory.close()
            let file = open(Self.file("qr-url.png"), O_RDONLY)
            let notMemfd = await RunningDaemon.errorName {
                _ = try await daemon.analyzer("AnalyzePixels", [.unixFD(try DBusFileDescriptor(duplicating: file)), .uint32(1),
                                                                .uint32(1), .uint32(4), .string("RGBA8"), .vardict([:])])
            }
            #expect(notMemfd == "org.livetext.Error.InvalidArgs")
            // The same file as an encoded image through AnalyzeImageFd is fine.
            let encoded = try await daemon.analyzer("AnalyzeImageFd", [.unixFD(try DBusFileDescriptor(duplicating: file)),
                                                                       .vardict(["types": .strings(["codes"])])])
            close(file)
            let encodedPath = try #require(encoded.first?.objectPath)
            _ = try await daemon.analysis(encodedPath, "Wait")
            #expect((try await daemon.property(encodedPath, "org.livetext.Analysis1", "Codes").array ?? []).count == 1)
        }
    }

    @Test("a client over its limit is refused on every connection until it releases; another process is not; a caller leaving frees its analyses")
    func limitsAndDepartures() async throws {
        try await RunningDaemon.with(config: "[limits]\nmax_analyses_per_caller = 2\n") { daemon in
            let request: [DBusValue] = [.string(Self.file("qr-url.png")), .vardict(["types": .strings(["codes"])])]
            let first = try #require(try await daemon.analyzer("AnalyzeFile", request).first?.objectPath)
            _ = try await daemon.analyzer("AnalyzeFile", request)
            let third = await RunningDaemon.errorName { _ = try await daemon.analyzer("AnalyzeFile", request) }
            #expect(third == "org.freedesktop.DBus.Error.LimitsExceeded")

            // A second connection of the same process shares its quota: limits are per client.
            let other = try await DBusConnection.connect(address: daemon.bus.address)
            func otherCall() async throws -> [DBusValue] {
                try await other.call(destination: "org.livetext", path: "/org/livetext", interface: "org.livetext.Analyzer1",
                                     member: "AnalyzeFile", arguments: request)
            }
            let sameProcess = await RunningDaemon.errorName { _ = try await otherCall() }
            #expect(sameProcess == "org.freedesktop.DBus.Error.LimitsExceeded")
            // Another process has its own.
            let gdbus = try await runCommand("/usr/bin/gdbus", [
                "call", "--address", daemon.bus.address, "--dest", "org.livetext", "--object-path", "/org/livetext",
                "--method", "org.livetext.Analyzer1.AnalyzeFile", Self.file("qr-url.png"), "{}",
            ])
            #expect(gdbus.status == 0 && gdbus.stdout.contains("/org/livetext/analysis/"), "\(gdbus.stderr)")

            _ = try await daemon.analysis(first, "Release")
            let theirs = try #require(try await otherCall().first?.objectPath)
            let notMine = await RunningDaemon.errorName { _ = try await daemon.analysis(theirs, "Release") }
            #expect(notMine == "org.livetext.Error.AccessDenied")
            // Another client's analysis goes away when that client leaves the bus.
            other.close()
            var gone = false
            for _ in 0..<200 where !gone {
                gone = await RunningDaemon.errorName { _ = try await daemon.analysis(theirs, "Wait") }
                    == "org.freedesktop.DBus.Error.UnknownObject"
                if !gone { try await Task.sleep(for: .milliseconds(50)) }
            }
            #expect(gone)
        }
    }

    @Test("a second daemon leaves the first one serving and exits 0")
    func secondDaemon() async throws {
        try await RunningDaemon.with { daemon in
            let log = daemon.configHome.appendingPathComponent("second.log")
            let second = try RunningDaemon.startDaemon(address: daemon.bus.address, configHome: daemon.configHome, log: log)
            _ = try await offPool { second.waitUntilExit() }
            #expect(second.terminationStatus == 0)
            #expect(try String(contentsOf: log, encoding: .utf8).contains("another livetext daemon owns org.livetext"))
            #expect(daemon.daemon.isRunning)
            let items = try await daemon.analyzer("Detect", [.string("call +1 415 555 0123"), .vardict([:])])
            #expect(items.first?.array?.first?["type"]?.string == "phone")
        }
    }

    @Test("Interaction1: a Set is saved in the settings file, comments kept, PropertiesChanged sent")
    func interaction() async throws {
        let config = "# my settings\n[interaction]\nsupplementary_interface_hidden = false # shown for now\n"
        try await RunningDaemon.with(config: config) { daemon in
            let changes = try await daemon.client.signals(matching: .propertiesChanged(path: "/org/livetext"))
            _ = try await daemon.client.call(destination: "org.livetext", path: "/org/livetext",
                                             interface: "org.freedesktop.DBus.Properties", member: "Set",
                                             arguments: [.string("org.livetext.Interaction1"),
                                                         .string("SupplementaryInterfaceHidden"), .variant(.bool(true))])
            #expect(try await daemon.property("/org/livetext", "org.livetext.Interaction1", "SupplementaryInterfaceHidden").bool == true)
            let saved = try String(contentsOf: daemon.configHome.appendingPathComponent("livetext/config.toml"), encoding: .utf8)
            #expect(saved == "# my settings\n[interaction]\nsupplementary_interface_hidden = true # shown for now\n")
            var iterator = changes.makeAsyncIterator()
            let signal = await iterator.next()
            #expect(signal?.arguments.first?.string == "org.livetext.Interaction1")
            let bad = await RunningDaemon.errorName {
                _ = try await daemon.client.call(destination: "org.livetext", path: "/org/livetext",
                                                 interface: "org.freedesktop.DBus.Properties", member: "Set",
                                                 arguments: [.string("org.livetext.Interaction1"),
                                                             .string("PreferredInteractionTypes"), .variant(.strings(["telepathy"]))])
            }
            #expect(bad == "org.livetext.Error.InvalidArgs")
        }
    }

    @Test("dbus/org.livetext.xml is what the daemon serves, every member documented")
    func introspection() async throws {
        try await RunningDaemon.with { daemon in
            let path = try #require(try await daemon.analyzer("AnalyzeFile", [.string(Self.file("qr-url.png")),
                                                                              .vardict(["types": .strings(["codes"])])]).first?.objectPath)
            var served = ""
            for object in [DBusObjectPath("/org/livetext"), path] {
                let xml = try await daemon.client.call(destination: "org.livetext", path: object,
                                                       interface: "org.freedesktop.DBus.Introspectable", member: "Introspect")
                served += Self.livetextInterfaces(xml.first?.string ?? "")
            }
            let committed = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("dbus/org.livetext.xml"),
                encoding: .utf8)
            #expect(Self.livetextInterfaces(committed) == served, "regenerate dbus/org.livetext.xml (see dbus/README.md)")
            #expect(served.contains("org.livetext.Analyzer1") && served.contains("org.livetext.Analysis1")
                    && served.contains("org.livetext.Interaction1"))
            // Every method, property and signal carries a DocString.
            let members = served.components(separatedBy: "<method ").count + served.components(separatedBy: "<property ").count
                + served.components(separatedBy: "<signal ").count - 3
            let documented = served.components(separatedBy: "org.freedesktop.DBus.DocString").count - 1 - 3
            #expect(documented == members)
        }
    }

    /// The `<interface name="org.livetext.…">` elements of an introspection document, in order.
    static func livetextInterfaces(_ xml: String) -> String {
        var result = ""
        var rest = Substring(xml)
        while let start = rest.range(of: "<interface name=\"org.livetext.") {
            guard let end = rest[start.lowerBound...].range(of: "</interface>") else { break }
            result += rest[start.lowerBound..<end.upperBound] + "\n"
            rest = rest[end.upperBound...]
        }
        return result
    }

    @Test("livetext analyze uses a running daemon, with the same output as in-process; without one it says so")
    func cliClient() async throws {
        try await RunningDaemon.with { daemon in
            let image = Self.file("text-light-15px.png")
            let environment = ["DBUS_SESSION_BUS_ADDRESS": daemon.bus.address, "LIVETEXT_LOCAL": "0"]
            let remote = try await Self.cli(["analyze", "--only", "email,phone", image], environment)
            #expect(remote.status == 0, "\(remote.stderr)")
            #expect(remote.stderr.isEmpty)
            #expect(daemon.daemonLog.contains("analysis 1 for"))
            let local = try await Self.cli(["analyze", "--local", "--only", "email,phone", image], environment)
            #expect(local.stdout == remote.stdout)
            #expect(remote.stdout == "billing@example.com\n+1 415 555 0123\n")
            let missing = try await Self.cli(["analyze", "/nonexistent.png"], environment)
            #expect(missing.status == 3 && missing.stderr.contains("/nonexistent.png"))
        }
        // No daemon on the bus: in-process, and one line saying so.
        let bus = try await TestBus.start()
        let alone = try await Self.cli(["analyze", Self.file("qr-url.png")],
                                       ["DBUS_SESSION_BUS_ADDRESS": bus.address, "LIVETEXT_LOCAL": "0"])
        await bus.stop()
        #expect(alone.status == 0)
        #expect(alone.stdout == "https://example.org/livetext?q=1\n")
        #expect(alone.stderr == "livetext: no livetext daemon on the session bus; analyzing in this process\n")
    }

    static func cli(_ arguments: [String], _ environment: [String: String]) async throws -> CommandResult {
        try await runCommand(RunningDaemon.binary.path, arguments, environment: environment)
    }
}
