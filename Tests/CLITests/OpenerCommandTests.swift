import Foundation
import Testing
import TestSupport

/// What reaches the opener (LIVETEXT_OPENER, a script that logs its argv) from `livetext analyze
/// --perform` on a real QR code and `livetext detect --perform`: nothing for a hostile target,
/// the normalized target (after `--` for an opener that reads options) otherwise. Serialized:
/// each case holds its thread while the CLI runs, and parallel cases could hold every thread
/// Foundation needs to learn that a child exited.
@Suite("the opener seen from the CLI", .serialized)
struct OpenerCommandTests {
    /// A PNG of a QR code holding `payload`, drawn by qrencode.
    static func qrCode(_ payload: String, in directory: URL) throws -> String {
        let output = directory.appendingPathComponent("qr-\(UUID().uuidString).png")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/qrencode")
        process.arguments = ["-8", "-s", "6", "-m", "4", "-o", output.path, payload]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return output.path
    }

    @Test("analyze --perform on hostile QR codes: no open action offered, nothing reaches the opener",
          arguments: ["URLTO:file://localhost/etc/passwd", "URLTO:smb://evil.example/share", "URLTO:steam://run/1234",
                      "URLTO:-oproxycommand=calc://x", "URLTO:--help://x", "MEBKM:URL:file\\://localhost/etc/passwd;;"])
    func hostileCode(payload: String) async throws {
        let opener = try RecordingOpener(named: "gio")
        defer { opener.remove() }
        let image = try Self.qrCode(payload, in: opener.directory)
        let environment = ["LIVETEXT_OPENER": opener.path + " open"]
        let json = try await CLIProcess.run(["analyze", "--json", "--types", "codes,detectors", image], environment: environment)
        #expect(json.status == 0, "\(json.stderr)")
        #expect(json.stdout.contains("\"copy-code-0\"") && !json.stdout.contains("\"open-link-0\""), "\(json.stdout)")
        let performed = try await CLIProcess.run(["analyze", "--types", "codes,detectors", "--perform", "open-link-0", image],
                                           environment: environment)
        #expect(performed.status != 0, "\(performed.stdout)\(performed.stderr)")
        #expect(opener.logged.isEmpty)
    }

    @Test("analyze --perform on a mail QR code with attach=: the opener gets the address alone, after --")
    func mailCode() async throws {
        let opener = try RecordingOpener(named: "gio")
        defer { opener.remove() }
        let image = try Self.qrCode("MATMSG:TO:a@example.org?attach=/root/.ssh/id_rsa;SUB:hi;;", in: opener.directory)
        let result = try await CLIProcess.run(["analyze", "--types", "codes,detectors", "--perform", "mail-email-0", image],
                                        environment: ["LIVETEXT_OPENER": opener.path + " open"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(opener.logged == "open\n--\nmailto:a@example.org\n")
    }

    @Test("detect --perform: a gio-like opener gets -- before the link, an xdg-open gets the link alone")
    func optionsEnd() async throws {
        for (name, expected) in [("gio", "open\n--\nhttps://example.org/a\n"), ("xdg-open", "open\nhttps://example.org/a\n")] {
            let opener = try RecordingOpener(named: name)
            defer { opener.remove() }
            let result = try await CLIProcess.run(["detect", "--perform", "open-link-0"], stdin: Data("see HTTPS://example.org/a".utf8),
                                            environment: ["LIVETEXT_OPENER": opener.path + " open"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(opener.logged == expected, "\(name)")
        }
    }

    @Test("detect --perform on an ftp link: no open action, exit 2, nothing opened")
    func ftpLink() async throws {
        let opener = try RecordingOpener(named: "gio")
        defer { opener.remove() }
        let result = try await CLIProcess.run(["detect", "--perform", "open-link-0"], stdin: Data("get ftp://ftp.example.org/f".utf8),
                                        environment: ["LIVETEXT_OPENER": opener.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("no action 'open-link-0' (it has: copy-link-0)"), "\(result.stderr)")
        #expect(opener.logged.isEmpty)
    }
}
