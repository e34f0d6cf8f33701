import DBusKit
import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Clients that try what they should not: read another's results, flood the daemon.
@Suite("the daemon against hostile clients", .serialized)
struct HostileClientTests {
    static let qr = RunningDaemon.fixtures.appendingPathComponent("qr-url.png").path

    @Test("another process reads nothing of an analysis: every member but State is AccessDenied, its path is random and unlisted")
    func resultsAreTheOwners() async throws {
        try await RunningDaemon.with { daemon in
            let path = try #require(try await daemon.analyzer("AnalyzeFile", [.string(Self.qr), .vardict([:])]).first?.objectPath)
            _ = try await daemon.analysis(path, "Wait")
            let token = String(path.rawValue.dropFirst("/org/livetext/analysis/".count))
            #expect(token.count == 32 && token.allSatisfy(\.isHexDigit), "\(path)")
            let next = try #require(try await daemon.analyzer("AnalyzeFile", [.string(Self.qr), .vardict([:])]).first?.objectPath)
            #expect(next != path)

            let address = daemon.bus.address
            func gdbus(_ method: String, _ arguments: [String] = []) async throws -> CommandResult {
                try await runCommand("/usr/bin/gdbus", ["call", "--address", address, "--dest", "org.livetext",
                                                        "--object-path", path.rawValue, "--method", method] + arguments)
            }
            for property in ["Text", "Json", "Items", "Codes", "QuickActions", "Tables", "Error", "ImageSize"] {
                let read = try await gdbus("org.freedesktop.DBus.Properties.Get", ["org.livetext.Analysis1", property])
                #expect(read.status != 0 && read.stderr.contains("org.livetext.Error.AccessDenied"), "\(property): \(read.stdout)")
            }
            let methods: [(String, [String])] = [
                ("Wait", []), ("Cancel", []), ("Release", []), ("TextInRect", ["0", "0", "1000", "1000"]),
                ("ItemAt", ["10", "10"]), ("Copy", ["text"]), ("PerformAction", ["open-link-0"]),
            ]
            for (method, arguments) in methods {
                let call = try await gdbus("org.livetext.Analysis1." + method, arguments)
                #expect(call.status != 0 && call.stderr.contains("org.livetext.Error.AccessDenied"), "\(method): \(call.stdout)")
            }
            let all = try await gdbus("org.freedesktop.DBus.Properties.GetAll", ["org.livetext.Analysis1"])
            #expect(all.status == 0 && all.stdout.contains("'State': <'finished'>") && !all.stdout.contains("example.org"),
                    "\(all.stdout)\(all.stderr)")
            let state = try await gdbus("org.freedesktop.DBus.Properties.Get", ["org.livetext.Analysis1", "State"])
            #expect(state.stdout == "(<'finished'>,)\n", "\(state.stderr)")
            let listing = try await runCommand("/usr/bin/gdbus", ["introspect", "--address", address, "--dest", "org.livetext",
                                                                  "--object-path", "/org/livetext/analysis"])
            #expect(!listing.stdout.contains(token), "\(listing.stdout)")

            // The owner still has all of it.
            let json = try await daemon.property(path, "org.livetext.Analysis1", "Json")
            #expect(json.string?.contains("https://example.org/livetext?q=1") == true)
            let ownListing = try await daemon.client.call(destination: "org.livetext", path: "/org/livetext/analysis",
                                                          interface: "org.freedesktop.DBus.Introspectable", member: "Introspect")
            #expect(ownListing.first?.string?.contains(token) == true)
        }
    }

    @Test("Detect refuses text over limits.max_text_bytes with TooLarge and reads text at the limit")
    func detectTextIsCapped() async throws {
        try await RunningDaemon.with(config: "[limits]\nmax_text_bytes = 64\n") { daemon in
            let fits = "Call +1 415-555-0123 " + String(repeating: "x", count: 64 - 21)
            let items = try await daemon.analyzer("Detect", [.string(fits), .vardict([:])])
            #expect(items.first?.array?.count == 1)
            let over = await RunningDaemon.errorName { _ = try await daemon.analyzer("Detect", [.string(fits + "x"), .vardict([:])]) }
            #expect(over == "org.livetext.Error.TooLarge")
        }
    }

    @Test("over limits.max_running a request is refused at once, and its place comes back when the running one ends")
    func runningRequestsAreCapped() async throws {
        try await RunningDaemon.with(config: "[limits]\nmax_running = 1\n") { daemon in
            var ends: [Int32] = [0, 0]
            #expect(pipe(&ends) == 0)
            defer { close(ends[0]) }
            // An encoded image still on its way: the request runs until the writer closes.
            let waiting = try #require(try await daemon.analyzer("AnalyzeImageFd", [
                .unixFD(try DBusFileDescriptor(duplicating: ends[0])), .vardict(["types": .strings(["codes"])]),
            ]).first?.objectPath)
            let refused = await RunningDaemon.errorName {
                _ = try await daemon.analyzer("AnalyzeFile", [.string(Self.qr), .vardict([:])])
            }
            #expect(refused == "org.freedesktop.DBus.Error.LimitsExceeded")
            let detect = await RunningDaemon.errorName { _ = try await daemon.analyzer("Detect", [.string("x"), .vardict([:])]) }
            #expect(detect == "org.freedesktop.DBus.Error.LimitsExceeded")

            let png = try Data(contentsOf: URL(fileURLWithPath: Self.qr))
            png.withUnsafeBytes { _ = write(ends[1], $0.baseAddress, $0.count) }
            close(ends[1])
            _ = try await daemon.analysis(waiting, "Wait")
            #expect(try await daemon.property(waiting, "org.livetext.Analysis1", "State").string == "finished")
            // The place is given back as the work ends, a moment after the reply to Wait.
            var admitted = false
            for _ in 0..<100 where !admitted {
                admitted = (try? await daemon.analyzer("AnalyzeFile", [.string(Self.qr), .vardict([:])])) != nil
                if !admitted { try await Task.sleep(for: .milliseconds(20)) }
            }
            #expect(admitted)
        }
    }

    @Test("what a stream delivers counts against limits.max_bytes_in_flight as it comes")
    func streamedBytesCount() async throws {
        try await RunningDaemon.with(config: "[limits]\nmax_bytes_in_flight = 1048576\n") { daemon in
            var ends: [Int32] = [0, 0]
            #expect(pipe(&ends) == 0)
            let path = try #require(try await daemon.analyzer("AnalyzeImageFd", [
                .unixFD(try DBusFileDescriptor(duplicating: ends[0])), .vardict(["types": .strings(["codes"])]),
            ]).first?.objectPath)
            close(ends[0])
            // A PNG signature, then 3 MiB of zeros: within the read's own cap, over what all may hold.
            // The daemon stops reading: EPIPE here, not a signal.
            signal(SIGPIPE, SIG_IGN)
            let writer = ends[1]
            let writing = Task.detached {
                var chunk = [UInt8](repeating: 0, count: 64 << 10)
                chunk.replaceSubrange(0..<8, with: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
                for index in 0..<48 {
                    if index == 1 { chunk.replaceSubrange(0..<8, with: [UInt8](repeating: 0, count: 8)) }
                    guard write(writer, chunk, chunk.count) == chunk.count else { break }  // EPIPE: the read gave up
                }
                close(writer)
            }
            _ = try? await daemon.analysis(path, "Wait")
            await writing.value
            let error = try await daemon.property(path, "org.livetext.Analysis1", "Error").string ?? ""
            #expect(error.contains("org.livetext.Error.TooLarge") && error.contains("max_bytes_in_flight"), "\(error)")
        }
    }
}
