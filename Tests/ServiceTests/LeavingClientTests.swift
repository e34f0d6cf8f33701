import DBusKit
import Foundation
import Testing
import TestSupport

/// A process that leaves the bus takes its requests with it (issue 25, row 9): a request whose
/// caller left while it was admitted is cancelled, so reads of never-closing pipes do not hold
/// the daemon's slots until their timeout.
@Suite("callers that leave free their slots", .serialized)
struct LeavingClientTests {
    /// Opens `count` connections; each sends AnalyzeImageFd on a pipe it never closes and
    /// leaves the bus without waiting for the reply; then holds the pipes open.
    static let flood = """
        import dbus, dbus.lowlevel, os, sys, time
        pipes = []
        for _ in range(int(sys.argv[2])):
            bus = dbus.bus.BusConnection(sys.argv[1])
            read, write = os.pipe()
            pipes.append(write)
            message = dbus.lowlevel.MethodCallMessage("org.livetext", "/org/livetext", "org.livetext.Analyzer1", "AnalyzeImageFd")
            message.append(dbus.types.UnixFd(read), dbus.Dictionary({}, signature="sv"), signature="ha{sv}")
            os.close(read)
            bus.send_message(message)
            bus.flush()
            bus.close()
        print("left", flush=True)
        time.sleep(60)
        """

    @Test("eight requests on never-closing pipes whose callers left at once: another client is served at once")
    func leavingFreesSlots() async throws {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("flood-\(UUID().uuidString).py")
        try Self.flood.write(to: script, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: script) }
        let config = "[limits]\nmax_running = 4\nread_timeout_seconds = 60\n"
        try await RunningDaemon.with(config: config, environment: ["DISPLAY": ""]) { daemon in
            let flood = try RunningCommand("/usr/bin/python3", [script.path, daemon.bus.address, "8"])
            defer { if flood.process.isRunning { flood.process.terminate() } }
            // The flood has sent and left (python starts and sends in well under a second).
            try await Task.sleep(for: .seconds(2))
            // Within a few seconds, not the 60 s the reads would wait for their writers.
            let png = try Data(contentsOf: RunningDaemon.fixtures.appendingPathComponent("qr-url.png"))
            var served: [DBusValue]?
            var last: String?
            for _ in 0..<20 where served == nil {
                do {
                    served = try await daemon.analyzer("AnalyzeImage", [.bytes([UInt8](png)), .vardict([:])])
                } catch {
                    last = "\(error)"
                    try await Task.sleep(for: .milliseconds(250))
                }
            }
            #expect(served != nil, "still refused: \(last ?? "") \(daemon.daemonLog)")
        }
    }
}
