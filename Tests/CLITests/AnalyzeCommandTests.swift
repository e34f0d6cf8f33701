import Foundation
import Testing

@Suite("livetext analyze, as a user runs it")
struct AnalyzeCommandTests {
    @Test("plain output is the text in reading order, then code payloads")
    func plain() async throws {
        let result = try await CLIProcess.run(["analyze", CLIProcess.fixture("text-light-15px.png")])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("Invoice 4471 is due on 2026-12-01\n"))
        #expect(result.stdout.contains("billing@example.com"))
        #expect(result.stderr.isEmpty)
        let qr = try await CLIProcess.run(["analyze", CLIProcess.fixture("qr-url.png")])
        #expect(qr.stdout == "https://example.org/livetext?q=1\n")
    }

    @Test("--json prints one complete document a file, in the order given")
    func jsonLines() async throws {
        let files = ["qr-url.png", "text-dark-13px.png", "sample.gif"].map(CLIProcess.fixture)
        let result = try await CLIProcess.run(["analyze", "--json"] + files)
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 3)
        let documents = try lines.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        for (document, file) in zip(documents, files) {
            let image = try #require(document["image"] as? [String: Any])
            #expect(image["source"] as? String == "file:" + file)
            for key in ["text", "blocks", "codes", "items", "actions", "timing"] {
                #expect(document[key] != nil, "missing \(key)")
            }
        }
        #expect((documents[0]["codes"] as? [[String: Any]])?.first?["symbology"] as? String == "QR-Code")
        #expect((documents[1]["text"] as? String)?.contains("Invoice 4471") == true)
    }

    @Test("stdin is read with -")
    func standardInput() async throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: CLIProcess.fixture("qr-url.png")))
        let result = try await CLIProcess.run(["analyze", "--json", "--types", "codes", "-"], stdin: data)
        #expect(result.status == 0)
        #expect(result.stdout.contains("\"source\":\"stdin\""))
        #expect(result.stdout.contains("https://example.org/livetext?q=1"))
    }

    @Test("bad input gets one line on stderr and the contract's exit code", arguments: [
        (["analyze", "/nonexistent/x.png"], Int32(3), "no such file"),
        (["analyze", CLIProcess.fixtures.path], 3, "is a directory"),
        (["analyze", #filePath], 3, "not an image"),
        (["analyze", "--lang", "xyz", CLIProcess.fixture("sample.png")], 4, "no Debian package has it"),
        (["analyze", "--lang", "ces", CLIProcess.fixture("sample.png")], 4, "install tesseract-ocr-ces"),
        (["analyze", "--max-pixels", "100", CLIProcess.fixture("sample.png")], 3,
         "over the limit of 100 pixels (set --max-pixels to raise it)"),
        (["analyze", "--lang", "+", CLIProcess.fixture("sample.png")], 2, "no language given (e.g. --lang eng"),
        (["analyze", "--types", "words", CLIProcess.fixture("sample.png")], 2, "unknown analysis type"),
        (["analyze", "--lang", "../../etc", CLIProcess.fixture("sample.png")], 2, "invalid language"),
        (["analyze"], 2, "Missing expected argument"),
        (["analyze", "-", "-"], 2, "only once"),
        (["frobnicate"], 2, "Unexpected argument"),
    ] as [([String], Int32, String)])
    func badInput(arguments: [String], status: Int32, message: String) async throws {
        let result = try await CLIProcess.run(arguments)
        #expect(result.status == status)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test("damaged files: a clear line each, no library chatter, no half JSON", arguments: [
        ("sample.png", 0.5), ("sample.jpg", 0.5), ("sample.jpg", 0.95), ("sample.gif", 0.5), ("sample.tif", 0.9),
    ])
    func damaged(name: String, fraction: Double) async throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: CLIProcess.fixture(name)))
        let result = try await CLIProcess.run(["analyze", "--json", "-"], stdin: data.prefix(Int(Double(data.count) * fraction)))
        #expect(result.status == 3)
        #expect(result.stdout.isEmpty)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(result.stderr)")
        #expect(lines.first?.hasPrefix("livetext: stdin: ") == true)
    }

    @Test("empty stdin is an input error")
    func emptyStandardInput() async throws {
        let result = try await CLIProcess.run(["analyze", "-"], stdin: Data())
        #expect(result.status == 3)
        #expect(result.stderr.contains("empty"))
    }

    @Test("one bad file among good ones: the good ones are still printed, the exit code says it failed")
    func partialFailure() async throws {
        let result = try await CLIProcess.run(["analyze", "--json", CLIProcess.fixture("qr-url.png"), "/nonexistent.png",
                                         CLIProcess.fixture("qr-url.png")])
        #expect(result.status == 3)
        #expect(result.stdout.split(separator: "\n").count == 2)
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test("help and version exit 0 on stdout")
    func help() async throws {
        let help = try await CLIProcess.run(["analyze", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("--types"))
        // --only's help names every kind (the list comes from the type): the twelve, wifi to geo.
        for kind in ["phone", "address", "link", "email", "flight", "tracking", "date", "money", "measurement",
                     "wifi", "contact", "geo"] {
            #expect(help.stdout.contains(kind), "\(kind)")
        }
        let version = try await CLIProcess.run(["--version"])
        #expect(version.status == 0)
        #expect(!version.stdout.isEmpty)
    }

    @Test("--only: the matched values one a line; items carry the bounds of their words")
    func only() async throws {
        let image = CLIProcess.fixture("text-light-15px.png")
        let plain = try await CLIProcess.run(["analyze", "--only", "emailAddress", image])
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(plain.stdout == "billing@example.com\n")
        let none = try await CLIProcess.run(["analyze", "--only", "flight", image])
        #expect(none.status == 1)
        #expect(none.stdout.isEmpty)

        let json = try await CLIProcess.run(["analyze", "--json", image])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let items = try #require(document["items"] as? [[String: Any]])
        let email = try #require(items.first { $0["type"] as? String == "email" })
        #expect(email["source"] as? String == "text")
        // The item sits where its word is.
        let blocks = try #require(document["blocks"] as? [[String: Any]])
        let words = blocks.flatMap { ($0["lines"] as? [[String: Any]]) ?? [] }.flatMap { ($0["words"] as? [[String: Any]]) ?? [] }
        let word = try #require(words.first { $0["text"] as? String == "billing@example.com" })
        #expect(email["bounds"] as? [Int] == word["bounds"] as? [Int])
        let phone = try #require(items.first { $0["type"] as? String == "phone" })
        let phoneBounds = try #require(phone["bounds"] as? [Int])
        let call = try #require(words.first { $0["text"] as? String == "Call" }?["bounds"] as? [Int])
        #expect(phoneBounds[0] > call[0] + call[2] && abs(phoneBounds[1] - call[1]) <= 2, "after 'Call', on its line")
        let actions = try #require(document["actions"] as? [[String: Any]])
        #expect(actions.contains { $0["id"] as? String == "mail-email-0" })
    }

    @Test("a QR code's payload becomes an item of the code, with the code's bounds")
    func codeItems() async throws {
        let result = try await CLIProcess.run(["analyze", "--json", CLIProcess.fixture("qr-url.png")])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let items = try #require(document["items"] as? [[String: Any]])
        let link = try #require(items.first)
        #expect(link["type"] as? String == "link" && link["source"] as? String == "code")
        #expect((link["value"] as? [String: Any])?["url"] as? String == "https://example.org/livetext?q=1")
        let codes = try #require(document["codes"] as? [[String: Any]])
        #expect(link["bounds"] as? [Int] == codes.first?["bounds"] as? [Int])
    }
}
