import Foundation
import Testing

@Suite("livetext detect, as a user runs it")
struct DetectCommandTests {
    static let environment = ["LIVETEXT_REFERENCE_TIME": "2026-03-01T09:00:00-08:00", "LIVETEXT_REGION": "US"]

    static func detect(_ arguments: [String], _ text: String) async throws -> CLIProcess.Outcome {
        try await CLIProcess.run(["detect"] + arguments, stdin: Data(text.utf8), environment: environment)
    }

    @Test("--json: items with scalar offsets into the input, and their actions")
    func json() async throws {
        let text = "Grüße! Mail billing@example.com or see https://example.org/help."
        let result = try await Self.detect(["--json"], text)
        #expect(result.status == 0, "\(result.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let items = try #require(document["items"] as? [[String: Any]])
        let scalars = Array(text.unicodeScalars)
        for item in items {
            let start = try #require(item["start"] as? Int), end = try #require(item["end"] as? Int)
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars[start..<end])
            #expect(String(view) == item["text"] as? String)
        }
        let email = try #require(items.first { $0["type"] as? String == "email" })
        #expect(email["text"] as? String == "billing@example.com")
        #expect(email["start"] as? Int == 12)
        let link = try #require(items.first { $0["type"] as? String == "link" })
        #expect(link["text"] as? String == "https://example.org/help")
        let actions = try #require(document["actions"] as? [[String: Any]])
        #expect(actions.contains { $0["id"] as? String == "mail-email-0" && $0["target"] as? String == "mailto:billing@example.com" })
    }

    @Test("--only: the bare values one a line; exit 1 when there is none")
    func only() async throws {
        let text = "Call (415) 555-0123 or write to a@example.com"
        let result = try await Self.detect(["--only", "telephoneNumber"], text)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "(415) 555-0123\n")
        let none = try await Self.detect(["--only", "email"], "nothing to see here")
        #expect(none.status == 1)
        #expect(none.stdout.isEmpty)
    }

    @Test("bad input: empty is an empty list, invalid UTF-8 and unknown types are errors")
    func badInput() async throws {
        let empty = try await Self.detect(["--json"], "")
        #expect(empty.status == 0)
        #expect(empty.stdout == "{\"items\":[],\"actions\":[]}\n")
        let invalid = try await CLIProcess.run(["detect"], stdin: Data([0x61, 0x62, 0xC3, 0x28, 0x61]))
        #expect(invalid.status == 3)
        #expect(invalid.stderr.contains("not valid UTF-8") && invalid.stderr.contains("offset 2"))
        let unknown = try await Self.detect(["--only", "phone,telepathy"], "x")
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("telepathy"))
        let region = try await CLIProcess.run(["detect"], stdin: Data("x".utf8), environment: ["LIVETEXT_REGION": "Mars"])
        #expect(region.status == 2)
    }

    @Test("megabytes of hostile text finish and find what is in them")
    func hostile() async throws {
        var text = String(repeating: "1", count: 1 << 20) + "\n"
        text += String(repeating: "a.", count: 1 << 19) + "\n"
        text += String(repeating: "@", count: 100_000) + "\n"
        text += String(repeating: "-", count: 100_000) + " write to end@example.com\n"
        let result = try await CLIProcess.run(["detect", "--only", "email"], stdin: Data(text.utf8),
                                        environment: Self.environment, timeout: 120)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "end@example.com\n")
    }

    @Test("--perform runs the opener with the action's target")
    func perform() async throws {
        let (opener, log, directory) = try Self.recordingOpener()
        defer { try? FileManager.default.removeItem(at: directory) }
        var environment = Self.environment
        environment["LIVETEXT_OPENER"] = opener
        let result = try await CLIProcess.run(["detect", "--perform", "mail-email-0"],
                                        stdin: Data("to a@example.com".utf8), environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try String(contentsOf: log, encoding: .utf8) == "mailto:a@example.com\n")
        // The outcome only, not the items.
        #expect(result.stdout == "opened mailto:a@example.com\n", "\(result.stdout)")
        // An id the text does not have is the caller's mistake: usage, exit 2.
        let missing = try await CLIProcess.run(["detect", "--perform", "open-link-0"],
                                         stdin: Data("to a@example.com".utf8), environment: environment)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("no action 'open-link-0' (it has: mail-email-0, copy-email-0)"), "\(missing.stderr)")
        #expect(missing.stdout.isEmpty)
    }

    @Test("detect FILE reads the file; a missing one exits 3 naming it, - is stdin")
    func fileArgument() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("detect-\(UUID().uuidString).txt")
        try "call +1 415-555-0123\n".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let read = try await CLIProcess.run(["detect", file.path], environment: Self.environment)
        #expect(read.status == 0 && read.stdout == "phone\t+1 415-555-0123\n", "\(read.stdout) \(read.stderr)")
        let missing = try await CLIProcess.run(["detect", file.path + ".missing"], environment: Self.environment)
        #expect(missing.status == 3 && missing.stderr.contains(file.path + ".missing"), "\(missing.stderr)")
        let directory = try await CLIProcess.run(["detect", "/tmp"], environment: Self.environment)
        #expect(directory.status == 3 && directory.stderr.contains("/tmp: is a directory"), "\(directory.stderr)")
        let stdin = try await CLIProcess.run(["detect", "-"], stdin: Data("mail a@example.com".utf8), environment: Self.environment)
        #expect(stdin.stdout == "email\ta@example.com\n")
    }

    static func recordingOpener() throws -> (opener: String, log: URL, directory: URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("livetext-cli-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let script = directory.appendingPathComponent("opener.sh")
        let log = directory.appendingPathComponent("opened.log")
        try "#!/bin/sh\nprintf '%s\\n' \"$1\" >> '\(log.path)'\n".write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        // Through sh: executed itself, a fork elsewhere still holding it open fails with ETXTBSY.
        return ("/bin/sh " + script.path, log, directory)
    }
}
