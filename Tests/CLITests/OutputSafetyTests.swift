import Foundation
import Testing

/// What the CLI writes is safe for the terminal that shows it, and every write is checked: a closed,
/// full or abandoned stdout or stderr ends the CLI with an exit code, never with a signal.
@Suite("livetext's output: terminal-safe, every write checked")
struct OutputSafetyTests {
    /// A QR code whose payload sets the terminal's clipboard (OSC 52) and clears its screen (CSI 2 J).
    static let escapes = CLIProcess.fixture("qr-escapes.png")
    static let hostilePayload = "\u{1B}]52;c;b3duZWQ=\u{07}\u{1B}[2Jcleared"

    @Test("a payload with escape sequences is written out on a terminal, and --json and pipes stay exact")
    func payloadOnTerminal() async throws {
        let shown = try await CLIProcess.run(["analyze", "--types", "codes", Self.escapes], wrapper: CLIProcess.terminal)
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout == #"\x1b]52;c;b3duZWQ=\x07\x1b[2Jcleared"# + "\n")
        let json = try await CLIProcess.run(["analyze", "--json", "--types", "codes", Self.escapes], wrapper: CLIProcess.terminal)
        #expect(json.stdout.contains(#""payload":"\u001b]52;c;b3duZWQ=\u0007\u001b[2Jcleared""#), "\(json.stdout)")
        let piped = try await CLIProcess.run(["analyze", "--types", "codes", Self.escapes])
        #expect(piped.stdout == Self.hostilePayload + "\n")
    }

    @Test("file names are written out in headers on a terminal and in error messages everywhere")
    func fileNames() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("livetext-names-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let named = directory.appendingPathComponent("code\u{1B}]0;owned\u{07}\n.png")
        try FileManager.default.copyItem(atPath: CLIProcess.fixture("qr-url.png"), toPath: named.path)
        let missing = directory.appendingPathComponent("gone\u{1B}[2J\r.png").path
        let shown = try await CLIProcess.run(["analyze", "--types", "codes", named.path, missing], wrapper: CLIProcess.terminal)
        #expect(shown.status == 3)
        #expect(shown.stdout.hasPrefix("==> \(directory.path)/code\\x1b]0;owned\\x07\\x0a.png <==\nhttps://example.org"),
                "\(shown.stdout)")
        // stderr is a pipe here, and still gets no raw escape.
        let written = missing.replacingOccurrences(of: "\u{1B}", with: #"\x1b"#).replacingOccurrences(of: "\r", with: #"\x0d"#)
        #expect(shown.stderr == "livetext: \(written): no such file\n", "\(shown.stderr)")
    }

    @Test("a closed or full stdout ends the CLI with exit 4 and a message, not a signal", arguments: [
        (["analyze", "--types", "codes", CLIProcess.fixture("qr-url.png")], ">&-", "Bad file descriptor"),
        (["analyze", "--types", "codes", CLIProcess.fixture("qr-url.png")], ">/dev/full", "No space left on device"),
        (["detect"], ">&-", "Bad file descriptor"),
        (["detect"], ">/dev/full", "No space left on device"),
    ])
    func brokenStdout(arguments: [String], redirection: String, reason: String) async throws {
        let result = try await CLIProcess.run(arguments, stdin: Data("see https://example.org today".utf8),
                                        wrapper: CLIProcess.shell(redirection))
        #expect(!result.signalled)
        #expect(result.status == 4)
        #expect(result.stderr == "livetext: cannot write to stdout: \(reason)\n", "\(result.stderr)")
    }

    @Test("a reader of stdout that went away is a message and exit 4, not SIGPIPE")
    func readerGone() async throws {
        let result = try await CLIProcess.run(["analyze", "--types", "codes", CLIProcess.fixture("qr-url.png")],
                                        wrapper: ["/bin/bash", "-c", #""$0" "$@" | true; exit "${PIPESTATUS[0]}""#])
        #expect(result.status == 4)
        #expect(result.stderr == "livetext: cannot write to stdout: Broken pipe\n", "\(result.stderr)")
    }

    @Test("a closed stderr loses the messages, not the result or the exit code", arguments: [
        (CLIProcess.fixture("qr-url.png"), Int32(0), "https://example.org/livetext?q=1\n"),
        ("/nonexistent/x.png", 3, ""),
    ])
    func closedStderr(file: String, status: Int32, stdout: String) async throws {
        // No bus: the CLI works in-process and says so on the stderr that is not there.
        let result = try await CLIProcess.run(["analyze", "--types", "codes", file],
                                        environment: ["LIVETEXT_LOCAL": "", "DBUS_SESSION_BUS_ADDRESS": ""],
                                        wrapper: CLIProcess.shell("2>&-"))
        #expect(!result.signalled)
        #expect(result.status == status)
        #expect(result.stdout == stdout)
    }

    @Test("the opener starts with SIGPIPE at its default, though livetext ignores it")
    func openerSignals() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("livetext-opener-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let log = directory.appendingPathComponent("ignored"), script = directory.appendingPathComponent("opener.sh")
        try "grep SigIgn /proc/self/status > '\(log.path)'\n".write(to: script, atomically: true, encoding: .utf8)
        let result = try await CLIProcess.run(["detect", "--perform", "open-link-0"], stdin: Data("see https://example.org".utf8),
                                        environment: ["LIVETEXT_OPENER": "/bin/sh \(script.path)"])
        #expect(result.status == 0, "\(result.stderr)")
        // The mask of ignored signals, in hex; SIGPIPE (13) is bit 12.
        let line = try String(contentsOf: log, encoding: .utf8)
        let ignored = try #require(line.split(separator: "\t").last.flatMap { UInt64($0.trimmingCharacters(in: .whitespacesAndNewlines), radix: 16) })
        #expect(ignored & (1 << (SIGPIPE - 1)) == 0)
    }
}
